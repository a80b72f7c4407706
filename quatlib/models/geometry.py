"""Geometry the demos draw, computed with quatlib: frames around an axis, the arc a turn sweeps.

numpy and quatlib's math only (no plotting): ``quatlib.plot`` draws these
points, it never computes them.
"""

from __future__ import annotations

import numpy as np

from .._algebra import multiply
from .._axis_angle import quaternion_from_axis_angle
from .._matrix import matrix_from_quaternion
from .._rotate import rotate_vector
from .._validate import as_number, as_numbers

__all__ = ["axis_frame", "arc_points", "split_along"]

_Y = np.array([0.0, 1.0, 0.0])
_Z = np.array([0.0, 0.0, 1.0])


def axis_frame(azimuth: float, elevation: float) -> np.ndarray:
    """The rotation ``Ry(azimuth) · Rz(elevation)`` (degrees) as a matrix; its first column is the axis.

    Column 0 is the direction with that azimuth (about y, from x toward −z) and
    elevation (above the xz-plane)::

        axis = (cos el cos az,  sin el,  −cos el sin az)

    and columns 1 and 2 are two unit directions perpendicular to it.  At
    elevation ±90° the axis is ±y whatever the azimuth (the azimuth then only
    turns columns 1 and 2 about y); nothing is singular.  Computed with quatlib.

    Examples
    --------
    >>> axis_frame(0, 0)[:, 0]
    array([1., 0., 0.])
    >>> axis_frame(90, 0)[:, 0]
    array([ 0.,  0., -1.])
    >>> axis_frame(123, 90)[:, 0]
    array([0., 1., 0.])
    """
    q = multiply(quaternion_from_axis_angle(_Y, azimuth, degrees=True),
                 quaternion_from_axis_angle(_Z, elevation, degrees=True))
    return matrix_from_quaternion(q)


def split_along(v, axis) -> tuple[np.ndarray, np.ndarray]:
    """``v = v∥ + v⊥``: the part of ``v`` along the unit ``axis``, ``(v · axis) axis``, and the part across it.

    A turn about ``axis`` leaves ``v∥`` where it is and turns ``v⊥`` in the plane across the axis (notebook 04).

    >>> v_par, v_perp = split_along([1.0, 2.0, 3.0], [0.0, 1.0, 0.0])
    >>> v_par, v_perp
    (array([0., 2., 0.]), array([1., 0., 3.]))
    """
    v, axis = as_numbers(v, 3, "v"), as_numbers(axis, 3, "axis")
    v_par = float(v @ axis) * axis
    return v_par, v - v_par


def arc_points(axis, start, angle: float, center=(0, 0, 0), *, n: int = 48, degrees: bool = False) -> np.ndarray:
    """The path ``(n, 3)`` of the point ``center + start`` turned about ``axis`` (through ``center``) by ``angle``.

    Point ``k`` is ``center + rotate_vector(quaternion_from_axis_angle(axis, t_k), start)``
    with ``t_k = k · angle / (n − 1)``: positive angles turn counter-clockwise
    seen from the tip of ``axis`` (the course's convention), the first point is
    ``center + start`` and the last is ``start`` turned by the whole ``angle``.
    A zero ``axis`` gives ``n`` copies of ``center + start`` (no turn to show).

    Parameters
    ----------
    axis : array_like, shape (3,)
        The turn's axis (any length; zero for none).
    start : array_like, shape (3,)
        Where the point starts, relative to ``center``.
    angle : float
        The turn, in radians (degrees with ``degrees=True``).
    center : array_like, shape (3,)
        The point the axis goes through.
    n : int
        Number of points along the arc.

    Examples
    --------
    >>> pts = arc_points([0, 0, 1], [1, 0, 0], 90, degrees=True, n=3)
    >>> np.round(pts, 4) + 0.0
    array([[1.    , 0.    , 0.    ],
           [0.7071, 0.7071, 0.    ],
           [0.    , 1.    , 0.    ]])
    >>> arc_points([0, 0, 0], [1, 0, 0], 1.0, center=[0, 1, 0], n=2)
    array([[1., 1., 0.],
           [1., 1., 0.]])
    """
    axis, start = as_numbers(axis, 3, "axis"), as_numbers(start, 3, "start")
    center, angle = as_numbers(center, 3, "center"), as_number(angle, "angle")
    ts = np.linspace(0.0, angle, int(n))
    if np.allclose(axis, 0):
        return np.repeat(start[None], int(n), axis=0) + center
    return rotate_vector(quaternion_from_axis_angle(axis, ts, degrees=degrees), start) + center
