"""Rotating vectors with quaternions, and the distance between two rotations."""

from __future__ import annotations

import math

import numpy as np

from ._algebra import _CONJS, _SAFE_SUMSQ, _SMALL_BATCH, _hypot_unit, _lead, _length, _product
from ._algebra import _rows, _sumsq, _to_array, _unit
from ._validate import _all_finite, as_quaternion, as_vector, check_finite, check_overflow
from ._validate import finite_values, require_nonzero, result_dtype

__all__ = ["rotate_vector", "angle_between"]

#: Vectors per block in the batch rotation (working set stays in L2 cache).
_BLOCK = 4096

_SAFE_SUMSQ_F64 = _SAFE_SUMSQ[np.dtype(np.float64)]  # Python floats are float64


def _matrix_values(q: list) -> list:
    """Rotation matrix rows of one quaternion (a list of 4 Python floats, non-zero)."""
    w, x, y, z = _hypot_unit(q, "quaternion")
    xx, yy, zz = x * x, y * y, z * z
    xy, xz, yz = x * y, x * z, y * z
    wx, wy, wz = w * x, w * y, w * z
    return [
        [1 - 2 * (yy + zz), 2 * (xy - wz), 2 * (xz + wy)],
        [2 * (xy + wz), 1 - 2 * (xx + zz), 2 * (yz - wx)],
        [2 * (xz - wy), 2 * (yz + wx), 1 - 2 * (xx + yy)],
    ]


def _rotate_single(q: list, v: list) -> list:
    """``v + w t + u × t`` with ``t = 2 (u × v) / |q|²``, for one non-zero quaternion
    and one vector given as lists of Python floats (the batch formula)."""
    w, x, y, z = q
    n2 = w * w + x * x + y * y + z * z
    if not _SAFE_SUMSQ_F64[0] <= n2 <= _SAFE_SUMSQ_F64[1]:  # tiny, huge or zero q
        w, x, y, z = _hypot_unit(q, "quaternion")
        n2 = 1.0
    k = 2.0 / n2
    vx, vy, vz = v
    tx = k * (y * vz - z * vy)
    ty = k * (z * vx - x * vz)
    tz = k * (x * vy - y * vx)
    return [
        vx + w * tx + (y * tz - z * ty),
        vy + w * ty + (z * tx - x * tz),
        vz + w * tz + (x * ty - y * tx),
    ]


def _rotate_blocks(q: np.ndarray, v: np.ndarray, dtype) -> np.ndarray:
    """Batch ``q v q⁻¹`` for shape-checked ``q`` (..., 4) and ``v`` (..., 3).

    Returns ``(out, all_finite)``.  Raises for NaN/inf in ``q`` (the gate's
    message) and zero ``q``; a NaN/inf in ``v`` or an overflow clears
    ``all_finite`` (the output sum is not finite) for the caller to report.

    With ``k = 2 / |q|²`` and ``t = k (u × v)``, ``q v q⁻¹ = v + w t + u × t``.
    Each block of ``_BLOCK`` rows is transposed into planar rows (x, y, z, x, y),
    so that both cross products are three contiguous operations on (3, B)
    slices ``[1:4] * [2:5] - [2:5] * [1:4]``.  The result is written planar, as
    a (3, N) array, and returned as its transpose (a view, no copy).
    """
    lead = _lead(q, v)
    m = math.prod(lead)
    q2 = _rows(q, lead, m, dtype)
    v2 = _rows(v, lead, m, dtype)
    if q2.ndim == 1:  # one quaternion, many vectors (rotate_vector uses a matrix instead)
        q2 = np.broadcast_to(q2, (m, 4))
    lo, hi = _SAFE_SUMSQ[dtype]
    out = np.empty((3, m), dtype=dtype)
    size = min(m, _BLOCK)
    U = np.empty((5, size), dtype=dtype)  # rows ux uy uz ux uy
    V = np.empty((5, size), dtype=dtype)
    T = np.empty((5, size), dtype=dtype)
    tmp = np.empty((3, size), dtype=dtype)
    W = np.empty(size, dtype=dtype)
    K = np.empty(size, dtype=dtype)
    if v2.ndim == 1:
        V[0:3] = v2[:, None]
        V[3:5] = V[0:2]
    total = 0.0
    with np.errstate(over="ignore", invalid="ignore"):  # overflow is checked below
        for s in range(0, m, _BLOCK):
            e = min(s + _BLOCK, m)
            n = e - s
            qb = q2[s:e]
            u, vv, t, tp, w, k = U[:, :n], V[:, :n], T[:, :n], tmp[:, :n], W[:n], K[:n]
            o = out[:, s:e]
            np.copyto(u[0:3], qb[:, 1:].T)
            np.copyto(w, qb[:, 0])
            np.multiply(u[0:3], u[0:3], out=tp)  # k = |q|², then 2 / |q|²
            np.add.reduce(tp, axis=0, out=k)
            np.add(k, np.multiply(w, w, out=tp[0]), out=k)
            if not (k.min() >= lo and k.max() <= hi):  # NaN/inf, zero, tiny or huge |q|
                if not _all_finite(qb):
                    check_finite(q, "quaternion")  # reports the NaN/inf and its index
                if not np.all(k > 0):
                    check_finite(v, "vector")  # non-finite is reported before zero
                    require_nonzero(_length(q), "quaternion")  # reports the index
                qb = _unit(qb, "quaternion")
                np.copyto(u[0:3], qb[:, 1:].T)
                np.copyto(w, qb[:, 0])
                k[...] = _sumsq(qb)
            np.divide(2, k, out=k)
            u[3:5] = u[0:2]
            if v2.ndim == 2:
                np.copyto(vv[0:3], v2[s:e].T)
                vv[3:5] = vv[0:2]
            t3 = t[0:3]
            np.multiply(u[1:4], vv[2:5], out=t3)  # t = k (u × v)
            np.subtract(t3, np.multiply(u[2:5], vv[1:4], out=tp), out=t3)
            np.multiply(t3, k, out=t3)
            t[3:5] = t[0:2]
            np.multiply(u[1:4], t[2:5], out=o)  # u × t
            np.subtract(o, np.multiply(u[2:5], t[1:4], out=tp), out=o)
            np.add(o, vv[0:3], out=o)
            np.add(o, np.multiply(t3, w, out=tp), out=o)  # + w t
            total += float(np.add.reduce(o, axis=None))
    # A NaN/inf in v (or an overflow) makes the output sum non-finite: the caller
    # then reports it.
    return out.T.reshape(lead + (3,)), math.isfinite(total)


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
        For more than a handful of vectors this is the transpose of a (3, N)
        array (each coordinate contiguous), not C-ordered; use
        ``np.ascontiguousarray`` where the memory order matters.

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
    q = as_quaternion(q, finite=False)  # finiteness: checked in _rotate
    v = as_vector(v, finite=False)
    dtype = result_dtype(q, v)
    out, ok = _rotate(q, v, dtype)
    if ok:
        return out
    check_finite(q, "quaternion")
    check_finite(v, "vector")
    # Finite inputs, non-finite result: an intermediate (up to 2|v|) overflowed.
    # Rotate v/4 (exact) and scale back; if that overflows, the result does not fit.
    with np.errstate(over="ignore", invalid="ignore"):
        out = _rotate(q, v * 0.25, dtype)[0] * 4
    return check_overflow(out, "rotated vector")


def _rotate(q: np.ndarray, v: np.ndarray, dtype):
    """``(q v q⁻¹, all_finite)`` for shape-checked ``q``, ``v``.

    Raises for NaN/inf in the inputs (the gate's messages) and for a zero ``q``;
    an overflow only clears ``all_finite``.
    """
    if q.ndim == 1 and v.ndim == 1:  # one quaternion, one vector: Python floats
        qv = finite_values(q, "quaternion")
        vv = finite_values(v, "vector")
        return _to_array(_rotate_single(qv, vv), dtype)
    lead = _lead(q, v)
    m = math.prod(lead)
    if q.ndim > 1 and m <= 2 * _SMALL_BATCH:  # a handful of rotations: Python floats
        q2 = _rows(check_finite(q, "quaternion"), lead, m, dtype, 2).tolist()
        v2 = _rows(check_finite(v, "vector"), lead, m, dtype, 2).tolist()
        if not all(map(any, q2)):
            require_nonzero(_length(q), "quaternion")  # reports the index
        rows = [_rotate_single(a, b) for a, b in zip(q2, v2)]
        out, ok = _to_array([c for r in rows for c in r], dtype)
        return out.reshape(lead + (3,)), ok
    if q.ndim == 1:
        # One rotation, many vectors: one BLAS product R (3x3) @ v.T (3xN); the
        # result is returned as the (N, 3) transpose of that, a view (no copy).
        # v's finiteness shows in the output sum: R is invertible, so every entry
        # of v reaches some output entry with a non-zero factor (whatever zeros
        # the BLAS kernel skips), and a NaN or inf there makes the sum non-finite.
        qv = finite_values(q, "quaternion")
        if not any(qv):
            check_finite(v, "vector")  # non-finite is reported before zero
        R = np.array(_matrix_values(qv), dtype=dtype)
        v2 = v.reshape(-1, 3).astype(dtype, copy=False)
        with np.errstate(over="ignore", invalid="ignore"):
            out = np.matmul(R, v2.T)
            total = float(np.add.reduce(out, axis=None)) if out.size else 0.0
        return out.T.reshape(v.shape), math.isfinite(total)
    return _rotate_blocks(q, v, dtype)


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
    q = as_quaternion(q, "quaternion q")
    p = _unit(p, "quaternion p")
    q = _unit(q, "quaternion q")
    r = _product(p * _CONJS[p.dtype], q)  # p⁻¹ q, a unit quaternion
    angle = 2 * np.arctan2(_length(r[..., 1:]), np.abs(r[..., 0]))
    return np.degrees(angle) if degrees else angle
