"""The unit quaternions (the 3-sphere S³) drawn in 3D by stereographic projection (numpy only).

A unit quaternion ``q = (w, x, y, z)`` has four numbers, so S³ does not fit in a
picture.  Stereographic projection from a point ``P`` of S³ maps every other
point to 3D space, one to one and without tearing: ``q`` goes to where the
line from ``P`` through ``q`` meets the 3D space through the centre that is
perpendicular to ``P``.  Circles through ``P`` become straight lines and ``P``
itself goes to infinity, so the choice of ``P`` decides what can be seen.

The popular pictures project from ``-1``; here ``-1`` must stay visible (a 360°
turn ends there), so we project from ``P = -k = (0, 0, 0, -1)``, which neither a plain
twist nor the untangling at 720° reaches (their ``z`` is never -1).  A path turned back
after a partial untangling can pass through it: its picture then runs off to infinity
and comes back from the other side::

    stereographic(q) = (w, y, x) / (1 + z)

drawn with ``w`` to the right, ``y`` (the turn axis) up and ``x`` toward you.  Then
``+1`` lands at ``(1, 0, 0)`` and ``-1`` at ``(-1, 0, 0)``, a turn about ``y`` by
``T`` is the unit circle ``(cos T/2, sin T/2, 0)`` (half of it for 360°, all of
it for 720°), and the quaternions with ``w = 0`` (the surface of the ball of
rotations) fill the plane through the centre facing right: crossing that plane
is crossing the ball's surface.

Examples
--------
>>> import numpy as np
>>> from quatlib.models.s3 import stereographic
>>> stereographic([[1, 0, 0, 0], [-1, 0, 0, 0], [0, 0, 1, 0]])
array([[ 1.,  0.,  0.],
       [-1.,  0.,  0.],
       [ 0.,  1.,  0.]])
"""

from __future__ import annotations

import numpy as np

from .._validate import as_number, as_quaternion

__all__ = ["POLE", "POLE_TOL", "stereographic", "stereographic_path"]

#: The projection's pole: -k = (0, 0, 0, -1), sent to infinity.
POLE = np.array([0.0, 0.0, 0.0, -1.0])
POLE.flags.writeable = False
#: How close to the pole ``1 + z`` may come (``z`` the last entry) before a point counts as the pole itself.
POLE_TOL = 1e-12


def stereographic(q) -> np.ndarray:
    """Project unit quaternions ``(..., 4)`` (``(w, x, y, z)``) to 3D points ``(..., 3)``: ``(w, y, x) / (1 + z)``.

    The projection from the pole ``-k``: a quaternion at distance ``d`` (in 4D) from
    the pole lands at distance ``sqrt(4 / d² - 1)`` from the centre; the pole itself
    has no image.  Points are ordered for a scene with ``y`` up: ``w`` to the right,
    ``y`` up, ``x`` toward the viewer.

    Raises
    ------
    ValueError
        If an input is the pole ``-k`` itself (within :data:`POLE_TOL`), which goes to infinity.

    Examples
    --------
    >>> import numpy as np
    >>> from quatlib.models.s3 import stereographic
    >>> t = np.radians([0, 90, 180])  # half-angles of turns by 0°, 180°, 360° about y
    >>> stereographic(np.stack([np.cos(t), 0 * t, np.sin(t), 0 * t], axis=-1)).round(4)
    array([[ 1.,  0.,  0.],
           [ 0.,  1.,  0.],
           [-1.,  0.,  0.]])
    """
    q = as_quaternion(q, "quaternions", finite=False).astype(float)  # (a NaN row gives a NaN point: a break)
    d = 1.0 + q[..., 3:]
    if np.any(d < POLE_TOL):
        raise ValueError("Expected quaternions away from the pole -k = (0, 0, 0, -1), got the pole itself")
    return q[..., [0, 2, 1]] / d


def stereographic_path(q, far: float = 4.0) -> np.ndarray:
    """:func:`stereographic` for a path ``(n, 4)`` to draw: points farther than ``far`` from the centre become NaN.

    Near the pole the projection runs off to infinity; a path that passes close to
    ``-k`` leaves the picture there and comes back from the other side (a gap in
    the line), instead of a spike across the figure.

    Examples
    --------
    >>> import numpy as np
    >>> from quatlib.models.s3 import stereographic_path
    >>> stereographic_path([[1, 0, 0, 0], [0, 0, 0, -1], [0, 1, 0, 0]])
    array([[ 1.,  0.,  0.],
           [nan, nan, nan],
           [ 0.,  0.,  1.]])
    """
    q = as_quaternion(q, "quaternions", finite=False).astype(float)
    if not as_number(far, "far") > 0:
        raise ValueError(f"Expected far > 0, got {far!r}")
    at_pole = 1.0 + q[..., 3] < POLE_TOL  # no image at all: a break in the line, like a NaN row
    p = stereographic(np.where(at_pole[..., None], np.nan, q))
    out_of_picture = ~(np.linalg.norm(p, axis=-1) <= far)  # (NaN counts as out)
    return np.where(out_of_picture[..., None], np.nan, p)
