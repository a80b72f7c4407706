"""Axis-angle: Euler's rotation theorem as a pair (unit axis n, angle θ)."""

from __future__ import annotations

import numpy as np

from ._algebra import _length, _unit
from ._matrix import _scale_by_largest
from ._validate import (
    as_quaternion,
    as_scalar,
    as_vector,
    is_python_number,
    require_nonzero,
    result_dtype,
    to_radians,
)

__all__ = ["quaternion_from_axis_angle", "axis_angle_from_quaternion"]

#: The axis reported for a zero rotation, where every axis is equally right.
ZERO_ANGLE_AXIS = (1.0, 0.0, 0.0)


def quaternion_from_axis_angle(axis, angle, degrees: bool = False) -> np.ndarray:
    """Unit quaternion ``q = cos(θ/2) + sin(θ/2) n`` turning by ``angle`` about ``axis``.

    Parameters
    ----------
    axis : array_like, shape (..., 3)
        Rotation axis ``(x, y, z)``; any non-zero length (it is normalized).  The
        turn is right-handed: thumb along the axis, fingers curl the way it turns.
    angle : array_like, shape (...)
        Rotation angle; broadcasts against the leading axes of ``axis``.
    degrees : bool, optional
        ``angle`` is in degrees instead of radians.

    Returns
    -------
    ndarray, shape broadcast(axis.shape[:-1], angle.shape) + (4,)
        ``(cos(θ/2), sin(θ/2) n_x, sin(θ/2) n_y, sin(θ/2) n_z)``.  Because of the
        half angle, ``θ = 360°`` gives ``-1``: it takes ``θ = 720°`` to come back to ``+1``.

    Raises
    ------
    ValueError
        If ``axis`` is zero (a zero axis has no direction), a shape is wrong, or an
        entry is NaN or inf.

    Notes
    -----
    float32 ``axis`` and ``angle`` (or a Python number) give float32; the axis is
    scaled to unit length without overflow or underflow (``[1e-200, 0, 0]`` is
    the x axis).

    Examples
    --------
    90° about Y, the course's first quaternion:

    >>> import quatlib as ql
    >>> ql.quaternion_from_axis_angle([0, 1, 0], 90, degrees=True)
    array([0.7071, 0.    , 0.7071, 0.    ])

    A 360° turn is ``-1``, not ``+1``:

    >>> ql.quaternion_from_axis_angle([0, 1, 0], 360, degrees=True)
    array([-1.,  0.,  0.,  0.])
    """
    axis = as_vector(axis, "rotation axis")
    angle_arr = as_scalar(angle, "rotation angle")
    # A Python number takes the axis's dtype (float32 axis, angle=0.5 -> float32).
    dtype = result_dtype(axis, None if is_python_number(angle) else angle_arr)
    n = _unit(axis, "rotation axis")
    half = to_radians(angle_arr, degrees) / 2
    vector_part = np.sin(half)[..., None] * n  # the angles broadcast against the axes here
    out = np.empty(vector_part.shape[:-1] + (4,), dtype=dtype)
    out[..., 0] = np.cos(half)
    out[..., 1:] = vector_part
    return out


def axis_angle_from_quaternion(q, degrees: bool = False):
    """Unit axis and angle ``θ ∈ [0, 2π]`` of the rotation(s) ``q``.

    ``θ = 2 arctan2(|v|, w)`` and ``n = v / |v|`` for ``q = (w, v)``; ``q`` need not
    be unit.  The sign of ``q`` is kept, not folded away: ``-q`` gives
    ``(-n, 2π - θ)``, the same rotation described the other way round, so a
    quaternion followed through a continuous turn reports angles up to 360°.  At
    ``θ = 0`` (``q = +|q|``) every axis is right and
    the axis ``(1, 0, 0)`` is returned; for ``q = -|q|`` (a 360° turn) likewise.

    Parameters
    ----------
    q : array_like, shape (..., 4)
        Non-zero quaternions ``(w, x, y, z)``.
    degrees : bool, optional
        Return the angle in degrees.

    Returns
    -------
    axis : ndarray, shape (..., 3)
        Unit axes ``(x, y, z)``.
    angle : ndarray, shape (...)
        Angles in ``[0, 2π]`` (or ``[0, 360]``).

    Raises
    ------
    ValueError
        If ``q`` is zero, the shape is not ``(..., 4)``, or an entry is NaN or inf.

    Examples
    --------
    >>> import quatlib as ql
    >>> axis, angle = ql.axis_angle_from_quaternion([0.7071, 0, 0.7071, 0], degrees=True)
    >>> axis, round(float(angle), 1)
    (array([0., 1., 0.]), 90.0)

    The identity has angle 0 and the documented axis x:

    >>> axis, angle = ql.axis_angle_from_quaternion(ql.IDENTITY)
    >>> axis, float(angle)
    (array([1., 0., 0.]), 0.0)
    """
    q = as_quaternion(q)
    # 2^k q (exact) has the same axis and angle: scaled so that its largest entry
    # is in [1/2, 1), |v| neither overflows nor loses digits as a subnormal.
    s = _scale_by_largest(q, -1)
    w = s[..., 0]
    v = s[..., 1:]
    r = _length(v)
    no_axis = r == 0
    if np.any(no_axis & (w == 0)):
        require_nonzero(np.where(no_axis, np.abs(w), 1), "quaternion")
    angle = (2 * np.arctan2(r, w)).astype(q.dtype, copy=False)
    axis = np.divide(v, r[..., None], out=np.empty_like(v), where=~no_axis[..., None])
    axis[no_axis] = np.asarray(ZERO_ANGLE_AXIS, dtype=q.dtype)
    return axis, (np.degrees(angle) if degrees else angle)
