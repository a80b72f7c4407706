"""The model of notebook 08's turret: two key poses typed in as Euler angles, blended two ways (numpy only).

"Euler at the edges, quaternions inside": the keys are (yaw, pitch) with roll 0,
``R = Ry(yaw) · Rx(pitch)``; the blend is either SLERP of their quaternions or a
straight line in (yaw, pitch).  The widget :func:`quatlib.widgets.turret` draws what
:func:`turret_state` computes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._algebra import conjugate, multiply
from .._axis_angle import axis_angle_from_quaternion
from .._euler import quaternion_from_euler
from .._interpolate import slerp
from .._matrix import matrix_from_quaternion
from .._rotate import angle_between, rotate_vector
from .gimbal import quiet_euler

__all__ = ["AIM", "BARREL", "TS", "TICKS", "SAME", "TurretState", "turret_state", "turned"]

#: The barrel points along the head's -z axis (the way the course's camera looks at
#: azimuth = elevation = 0), so yaw 0 aims along -z and a positive pitch raises it:
#: aim = R @ (0, 0, -1) = (-sin(yaw) cos(pitch), sin(pitch), -cos(yaw) cos(pitch)).
AIM = np.array([0.0, 0.0, -1.0])
AIM.flags.writeable = False

#: Pivot to muzzle: the radius of the sphere the muzzle moves on.
BARREL = 1.25
#: Samples of t along each path (121: t = 0, 1/120, ..., 1).
TS = np.linspace(0.0, 1.0, 121)
TS.flags.writeable = False
#: Every 12th sample: t = 0, 0.1, ..., 1 (the dots along the paths).
TICKS = slice(None, None, 12)
#: Keys closer than this (degrees) are "the same orientation".
SAME = 0.05


def turned(qs) -> float:
    """Total angle (degrees) an orientation turns along a finely sampled path ``qs`` ``(n, 4)``: the sum of its steps.

    >>> import quatlib as ql
    >>> qs = ql.quaternion_from_axis_angle([0, 1, 0], np.linspace(0, 90, 31), degrees=True)
    >>> round(turned(qs), 6)
    90.0
    """
    return float(angle_between(qs[:-1], qs[1:], degrees=True).sum())


@dataclass(frozen=True)
class TurretState:
    """Two keys and both blends between them, at ``t`` and sampled along the whole path.

    Attributes
    ----------
    keys : ndarray, shape (2, 2)
        ``[[yaw_A, pitch_A], [yaw_B, pitch_B]]`` in degrees.
    t : float
        The blend, 0 (key A) to 1 (key B).
    q_a, q_b : ndarray, shape (4,)
        The keys as quaternions, ``quaternion_from_euler(yaw, pitch, 0)``.
    q_slerp, q_euler : ndarray, shape (4,)
        The pose at ``t``: ``slerp(q_A, q_B, t)``, and the quaternion of the lerped angles ``euler_t``.
    euler_t : ndarray, shape (2,)
        ``(1 - t) (yaw_A, pitch_A) + t (yaw_B, pitch_B)``.
    euler_slerp : ndarray, shape (3,)
        The SLERP pose as (yaw, pitch, roll): it may roll a little in between.
    q_path_slerp, q_path_euler : ndarray, shape (len(TS), 4)
        Both blends at the samples ``TS``.
    muzzle_slerp, muzzle_euler : ndarray, shape (len(TS), 3)
        Where the muzzle is along each path: ``rotate_vector(q, BARREL · AIM)``.
    angle_ab : float
        The angle of the one turn A → B, degrees.
    gap : float
        The angle between the two poses at ``t``, degrees.
    turned_slerp, turned_euler : float
        How far the head turns over the whole blend, degrees (SLERP: exactly ``angle_ab``).
    axis : ndarray, shape (3,), or None
        The fixed axis SLERP turns about (that of ``q(1) q_A⁻¹``, the short way); None when A = B.
    turn : float
        The angle of that turn, degrees (= ``angle_ab``).
    """

    keys: np.ndarray
    t: float
    q_a: np.ndarray
    q_b: np.ndarray
    q_slerp: np.ndarray
    q_euler: np.ndarray
    euler_t: np.ndarray
    euler_slerp: np.ndarray
    q_path_slerp: np.ndarray
    q_path_euler: np.ndarray
    muzzle_slerp: np.ndarray
    muzzle_euler: np.ndarray
    angle_ab: float
    gap: float
    turned_slerp: float
    turned_euler: float
    axis: np.ndarray | None
    turn: float

    @property
    def R_slerp(self) -> np.ndarray:
        """The SLERP head's matrix at ``t``."""
        return matrix_from_quaternion(self.q_slerp)

    @property
    def R_euler(self) -> np.ndarray:
        """The lerped-angles head's matrix at ``t``."""
        return matrix_from_quaternion(self.q_euler)

    @property
    def same(self) -> bool:
        """The keys are the same orientation (closer than :data:`SAME`): SLERP stays put."""
        return self.angle_ab < SAME

    @property
    def long_way(self) -> bool:
        """The lerp of the yaw runs more than half a turn: the long way round."""
        return abs(float(self.keys[1, 0] - self.keys[0, 0])) > 180

    @property
    def detour(self) -> bool:
        """The lerped head turns clearly further than SLERP's (by a quarter and 1° more)."""
        return self.turned_euler > 1.25 * self.turned_slerp + 1.0


def turret_state(yaw_a: float, pitch_a: float, yaw_b: float, pitch_b: float, t: float) -> TurretState:
    """Both blends from key A ``(yaw_a, pitch_a)`` to key B ``(yaw_b, pitch_b)`` (degrees), at ``t`` and all along.

    Examples
    --------
    >>> from quatlib.models.turret import turret_state
    >>> s = turret_state(yaw_a=170, pitch_a=0, yaw_b=-170, pitch_b=0, t=0.5)
    >>> print(f"{s.angle_ab:.1f} {s.turned_slerp:.1f} {s.turned_euler:.1f} {s.gap:.1f}")
    20.0 20.0 340.0 180.0
    >>> s.euler_slerp.round(4) + 0.0, s.euler_t   # halfway: behind (yaw 180) vs in front (yaw 0)
    (array([180.,   0.,   0.]), array([0., 0.]))
    >>> s.long_way, s.same
    (True, False)
    """
    keys = np.array([[yaw_a, pitch_a], [yaw_b, pitch_b]], dtype=float)
    t = float(t)
    q_a = quaternion_from_euler(yaw_a, pitch_a, 0.0, degrees=True)
    q_b = quaternion_from_euler(yaw_b, pitch_b, 0.0, degrees=True)
    # quaternions inside: one great arc on the 3-sphere, the short way
    q_path_s = slerp(q_a, q_b, TS)
    q_s = slerp(q_a, q_b, t)
    # the naive way: a straight line in (yaw, pitch)
    e_path = (1 - TS)[:, None] * keys[0] + TS[:, None] * keys[1]
    e_t = (1 - t) * keys[0] + t * keys[1]
    q_path_e = quaternion_from_euler(e_path[:, 0], e_path[:, 1], 0.0, degrees=True)
    q_e = quaternion_from_euler(e_t[0], e_t[1], 0.0, degrees=True)
    angle_ab = float(angle_between(q_a, q_b, degrees=True))
    # the fixed axis SLERP turns about: that of q(1) q_A⁻¹, with q(1) = ±q_B as slerp chose (the short way)
    axis, turn = axis_angle_from_quaternion(multiply(q_path_s[-1], conjugate(q_a)))
    return TurretState(
        keys=keys, t=t, q_a=q_a, q_b=q_b, q_slerp=q_s, q_euler=q_e, euler_t=e_t, euler_slerp=quiet_euler(q_s),
        q_path_slerp=q_path_s, q_path_euler=q_path_e,
        muzzle_slerp=rotate_vector(q_path_s, BARREL * AIM), muzzle_euler=rotate_vector(q_path_e, BARREL * AIM),
        angle_ab=angle_ab, gap=float(angle_between(q_s, q_e, degrees=True)),
        turned_slerp=turned(q_path_s), turned_euler=turned(q_path_e),
        axis=None if angle_ab < SAME else axis, turn=float(np.degrees(turn)),
    )
