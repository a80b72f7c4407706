"""Rotating vectors with quaternions, and the distance between two rotations."""

from __future__ import annotations

import numpy as np

from ._algebra import _components, _in_range, _length, _unit, conjugate, multiply
from ._validate import all_finite, as_quaternion, as_vector, check_finite, check_overflow, result_dtype

__all__ = ["rotate_vector", "angle_between"]


@np.errstate(over="ignore", invalid="ignore")  # NaN, inf and overflow are reported as ValueError below
def rotate_vector(q, v) -> np.ndarray:
    """Rotate vectors by the sandwich ``v' = q v q⁻¹`` (``v`` as a pure quaternion).

    Written out with ``q = (w, u)`` and ``q⁻¹ = q* / |q|²``,
    ``q v q⁻¹ = ((w² - u·u) v + 2 (u·v) u + 2 w (u × v)) / |q|²``, which is
    computed as ``v + w t + u × t`` with ``t = 2 (u × v) / |q|²`` (fewer
    operations, and exact for ``v`` at the identity).  The result is a pure
    rotation of ``v`` even when ``q`` is not unit (the scale of ``q`` cancels);
    the one-sided product ``q v`` is not a rotation at all.

    Parameters
    ----------
    q : array_like, shape (..., 4)
        Non-zero quaternions ``(w, x, y, z)``.
    v : array_like, shape (..., 3)
        Vectors ``(x, y, z)``.  Leading axes of ``q`` and ``v`` broadcast: one
        quaternion can turn many vectors, or many quaternions one vector.

    Returns
    -------
    ndarray, shape broadcast(q.shape[:-1], v.shape[:-1]) + (3,)
        Computed in float64 (float32 if both inputs are float32, rounded once).

    Raises
    ------
    ValueError
        If a shape is wrong, an entry is NaN or inf, ``q`` is zero, or a rotated
        vector does not fit in the dtype (``|v|`` near the largest float).

    See Also
    --------
    matrix_from_quaternion : the same rotation as a 3x3 matrix.

    Examples
    --------
    ``(1, 0, 0)`` turned 90° about Y lands on ``(0, 0, -1)``:

    >>> import quatlib as ql
    >>> q = ql.quaternion_from_axis_angle([0, 1, 0], 90, degrees=True)
    >>> ql.rotate_vector(q, [1, 0, 0])
    array([ 0.,  0., -1.])
    """
    # NaN/inf in q shows as a NaN/inf |q|², one in v as a NaN/inf result: both
    # are reported, with the gate's messages, only when they occur.
    q = as_quaternion(q, finite=False)
    v = as_vector(v, finite=False)
    w, x, y, z = _components(q, planar=True)  # float64; each is read five times below
    vx, vy, vz = _components(v, planar=True)
    n2 = w * w + x * x + y * y + z * z
    if not _in_range(n2):  # NaN/inf, zero, or |q|² beyond float64's range
        check_finite(q, "quaternion")
        check_finite(v, "vector")  # a NaN in v is reported before a zero q
        w, x, y, z = _components(_unit(q.astype(np.float64), "quaternion"), planar=True)
        n2 = 1.0
    k = 2 / n2
    tx = k * (y * vz - z * vy)  # t = 2 (u × v) / |q|²
    ty = k * (z * vx - x * vz)
    tz = k * (x * vy - y * vx)
    out = np.empty(np.shape(tx) + (3,), dtype=result_dtype(q, v))
    out[..., 0] = vx + w * tx + (y * tz - z * ty)  # v' = v + w t + u × t
    out[..., 1] = vy + w * ty + (z * tx - x * tz)
    out[..., 2] = vz + w * tz + (x * ty - y * tx)
    ok = all_finite(out)  # NaN/inf anywhere makes the sum non-finite (see multiply)
    if ok:
        return out
    check_finite(v, "vector")
    # Finite inputs, non-finite result: an intermediate (up to 2|v|) overflowed, or
    # the result does not fit.  Rotate v/4 (exact) and scale back, and see.
    out = rotate_vector(q, v * 0.25) * 4
    return check_overflow(out, "rotated vector")


def angle_between(p, q, degrees: bool = False) -> np.ndarray:
    """Rotation angle that takes orientation ``p`` to orientation ``q``, in ``[0, π]``.

    Computed as the angle of ``r = p⁻¹ q``: ``2 arctan2(|r_xyz|, |r_w|)``, which
    is accurate for tiny and for near-180° angles (``arccos`` is not).  Inputs are
    normalized first, and the sign is ignored: ``q`` and ``-q`` are the same
    orientation, at distance 0.

    Parameters
    ----------
    p, q : array_like, shape (..., 4)
        Non-zero quaternions; leading axes broadcast.
    degrees : bool, optional
        Return degrees instead of radians.

    Returns
    -------
    ndarray, shape (...)

    Raises
    ------
    ValueError
        If a shape is wrong, an entry is NaN or inf, or a quaternion is zero.

    Examples
    --------
    From the identity to 90° about Y, and to its negative (the same rotation):

    >>> import quatlib as ql
    >>> q = ql.quaternion_from_axis_angle([0, 1, 0], 90, degrees=True)
    >>> print(f"{ql.angle_between(ql.IDENTITY, q, degrees=True):.1f}")
    90.0
    >>> print(f"{ql.angle_between(q, -q, degrees=True):.1f}")
    0.0
    """
    p = as_quaternion(p, "quaternion p")
    q = as_quaternion(q, "quaternion q")  # NaN/inf in either is reported before a zero
    p = _unit(p, "quaternion p")
    q = _unit(q, "quaternion q")
    r = multiply(conjugate(p), q)  # p⁻¹ q = p* q for unit p
    angle = (2 * np.arctan2(_length(r[..., 1:]), np.abs(r[..., 0]))).astype(r.dtype, copy=False)
    return np.degrees(angle) if degrees else angle
