# The docstring (_DOC below) gets its table of demos from the course manifest, so help(ql.widgets) lists them all.

from .. import course as _course
from ._base import Demo, setup
from ._belt import belt_trick
from ._drift import drift
from ._gimbal import gimbal, order_matters
from ._hello import hello_cube
from ._mirrors import two_mirrors
from ._plane2d import complex_composition, rotation_2d
from ._projector import projector
from ._sandwich import sandwich
from ._slerp import slerp_vs_nlerp
from ._stores import euler_vs_quaternion
from ._turret import turret

_DOC = """Live demos for the course notebooks: one factory per demo, each returns a ready widget.

Every factory builds its own figure, artists and controls and returns a
:class:`Demo` (an ipywidgets box); display it as the last expression of a cell.
The first cell of every notebook is::

    import quatlib as ql; ql.widgets.setup()

{demo_table}

``ql.widgets.projector()`` (displayed) turns on projector mode for the page: large
type, every demo sized to fit the window; ``make present`` starts in it.

Each factory lives in a private module (``_hello``, ``_plane2d``, ``_gimbal``,
``_stores``, ``_mirrors``, ``_sandwich``, ``_drift``, ``_slerp``,
``_belt``, ``_turret``) on the machinery of ``_base`` (its docstring says how to
write a demo); the math of a migrated demo is its model in :mod:`quatlib.models`.
Read one with ``ql.widgets.gimbal??``.  The table comes from :mod:`quatlib.course`.
"""


def _demo_table() -> str:
    """The factory / notebook / what-it-shows table of the docstring, from the course manifest."""
    header = ("factory", "notebook", "what it shows")
    rows = [(d.name, nb.number, d.shows) for d, nb in _course.demos()]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(3)]
    rule = "  ".join("=" * w for w in widths)
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in [header, *rows]]
    return "\n".join([rule, lines[0], rule, *lines[1:], rule])


__doc__ = _DOC.format(demo_table=_demo_table())

__all__ = [  # tests/test_course.py checks that the factories here are exactly the manifest's demos
    "setup",
    "projector",
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
