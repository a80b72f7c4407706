"""Live demos for the course notebooks: one factory per demo, each returns a ready widget.

Every factory builds its own figure, artists and controls and returns a
:class:`Demo` (an ipywidgets box); display it as the last expression of a cell.
The first cell of every notebook is::

    import quatlib as ql; ql.widgets.setup()

=========================  ==========  ================================================
factory                    notebook    what it shows
=========================  ==========  ================================================
hello_cube                 00          yaw/pitch/roll sliders turning a cube
rotation_2d                01          one angle, two languages: matrix and e^{iθ}
complex_composition        01          e^{iα} e^{iβ} = e^{i(α+β)}, in either order
order_matters              02          90° about X then Y beside Y then X
gimbal                     02          three-ring gimbal; gimbal lock at pitch ±90°
euler_vs_quaternion        02          the same nudges stored as Euler angles / quaternion
two_mirrors                03          a rotation is two reflections: q = n₂ n₁
sandwich                   04          q v q⁻¹ sweeping its cone; what q v alone does wrong
drift                      05          a small turn 200,000 times: |q| and R drift; normalize every N
slerp_vs_nlerp             06          SLERP / NLERP / LERP between two orientations: angle, speed, path
belt_trick                 07          the belt trick: 360° is not 0°, 720° is
turret                     08          Euler-keyed turret: SLERP vs lerping the angles
=========================  ==========  ================================================

Each factory lives in a private module (``_hello``, ``_plane2d``, ``_gimbal``,
``_mirrors``, ``_sandwich``, ``_drift``, ``_slerp``,
``_belt``, ``_turret``) on the machinery of ``_base``; read one
with ``ql.widgets.gimbal??``.
"""

from ._base import Demo, setup
from ._belt import belt_trick
from ._drift import drift
from ._gimbal import euler_vs_quaternion, gimbal, order_matters
from ._hello import hello_cube
from ._mirrors import two_mirrors
from ._plane2d import complex_composition, rotation_2d
from ._sandwich import sandwich
from ._slerp import slerp_vs_nlerp
from ._turret import turret

__all__ = [
    "setup",
    "Demo",
    "hello_cube",
    "rotation_2d",
    "complex_composition",
    "order_matters",
    "gimbal",
    "euler_vs_quaternion",
    "two_mirrors",
    "sandwich",
    "drift",
    "slerp_vs_nlerp",
    "belt_trick",
    "turret",
]
