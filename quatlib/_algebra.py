"""Quaternion algebra: the Hamilton product and everything built from it.

A quaternion is a float array of shape ``(..., 4)`` in the order ``(w, x, y, z)``,
meaning ``q = w + x i + y j + z k`` with ``i² = j² = k² = ijk = -1``.  Every
function broadcasts over the leading axes.  No function here normalizes its
input: a non-unit quaternion stays non-unit, so drift can be seen and measured.
"""

from __future__ import annotations

import math

import numpy as np

from ._validate import (
    as_quaternion,
    as_scalar,
    check_deferred,
    check_finite,
    check_overflow,
    finite_values,
    is_python_number,
    require_nonzero,
    result_dtype,
)

__all__ = [
    "IDENTITY",
    "I",
    "J",
    "K",
    "multiply",
    "conjugate",
    "inverse",
    "norm",
    "normalize",
    "is_unit",
    "dot",
    "exp",
    "log",
    "power",
]


def _constant(values) -> np.ndarray:
    a = np.array(values, dtype=np.float64)
    a.flags.writeable = False
    return a


#: The identity rotation ``1 = (1, 0, 0, 0)`` (read-only).
IDENTITY = _constant([1.0, 0.0, 0.0, 0.0])
#: The unit ``i = (0, 1, 0, 0)``: 180° about x (read-only).
I = _constant([0.0, 1.0, 0.0, 0.0])  # noqa: E741 - Hamilton's name
#: The unit ``j = (0, 0, 1, 0)``: 180° about y (read-only).
J = _constant([0.0, 0.0, 1.0, 0.0])
#: The unit ``k = (0, 0, 0, 1)``: 180° about z (read-only).
K = _constant([0.0, 0.0, 0.0, 1.0])

_F32 = np.dtype(np.float32)
_F64 = np.dtype(np.float64)
_CONJ = _constant([1.0, -1.0, -1.0, -1.0])
_CONJS = {_F64: _CONJ, _F32: _CONJ.astype(np.float32)}
_COMPLEX = {_F64: np.dtype(np.complex128), _F32: np.dtype(np.complex64)}
_F32_MAX = float(np.finfo(np.float32).max)

# A sum of squares n2 in [lo, hi] is safe to use directly: no square overflowed,
# and squares that underflowed are negligible next to n2 (lo = tiny / eps).
# Outside that range (or for a zero) the slow path rescales by the largest entry.
_SAFE_SUMSQ = {
    dt: (float(np.finfo(dt).tiny / np.finfo(dt).eps), float(np.finfo(dt).max))
    for dt in (_F32, _F64)
}

# Below this, math.hypot's result may be subnormal (fewer significant digits).
_HYPOT_SAFE = float(np.finfo(np.float64).tiny) * 2.0**53

#: Batches up to this many rows are computed with Python floats (less overhead).
_SMALL_BATCH = 8

#: Quaternions per block in the batch Hamilton product: the working set of a
#: block (inputs, output, one scratch row) stays in the L2 cache.
_BLOCK = 4096

_isfinite = math.isfinite


# ---------------------------------------------------------------------------
# Private helpers shared by the quatlib modules (inputs already validated).
# ---------------------------------------------------------------------------


def _sumsq(a: np.ndarray) -> np.ndarray:
    """Sum of squares over the last axis."""
    return np.einsum("...i,...i->...", a, a)


def _in_range(n2, dtype) -> bool:
    """Whether every sum of squares in ``n2`` is safe to use unscaled (see _SAFE_SUMSQ)."""
    lo, hi = _SAFE_SUMSQ[dtype]
    if np.ndim(n2) == 0:
        return lo <= float(n2) <= hi
    if n2.size == 0:
        return True
    return bool(n2.min() >= lo) and bool(n2.max() <= hi)


def _scaled(a: np.ndarray):
    """``(a / s, s)`` with ``s`` the largest absolute entry (1 where ``a`` is zero)."""
    s = np.abs(a).max(axis=-1)
    return a / np.where(s > 0, s, 1)[..., None], s


def _length(a: np.ndarray) -> np.ndarray:
    """Euclidean length over the last axis, free of overflow and underflow.

    ``sqrt(sum a²)`` directly when that is safe, else ``s · |a / s|`` with ``s``
    the largest entry.  Is inf only where the true length exceeds the dtype.
    """
    n2 = _sumsq(a)
    if _in_range(n2, a.dtype):
        return np.sqrt(n2)
    b, s = _scaled(a)
    with np.errstate(over="ignore"):
        return s * np.sqrt(_sumsq(b))


def _unit(a: np.ndarray, what: str) -> np.ndarray:
    """``a / |a|`` over the last axis, for any finite non-zero ``a`` (else ValueError)."""
    n2 = _sumsq(a)
    if _in_range(n2, a.dtype):
        return a / np.sqrt(n2)[..., None]
    b, s = _scaled(a)
    require_nonzero(s, what)
    return b / np.sqrt(_sumsq(b))[..., None]


def _hypot_unit(vals: list, what: str) -> list:
    """Python-float version of :func:`_unit` for one small vector (a list)."""
    n = math.hypot(*vals)
    if n == 0:
        require_nonzero(0.0, what)
    if not _HYPOT_SAFE <= n < math.inf:  # overflow, or a subnormal length that
        m = max(map(abs, vals))  # lost digits: scale by the largest entry first
        vals = [c / m for c in vals]
        n = math.hypot(*vals)
    return [c / n for c in vals]


def _to_array(vals: list, dtype):
    """Python floats -> (array of ``dtype``, whether every value fits)."""
    ok = _isfinite(sum(vals)) or all(map(_isfinite, vals))
    if ok and dtype.type is np.float32 and vals and max(map(abs, vals)) > _F32_MAX:
        ok = False
    if ok:
        return np.array(vals, dtype=dtype), True
    with np.errstate(over="ignore"):
        return np.array(vals, dtype=dtype), False


def _pack(vals: list, dtype, what: str, inputs=()) -> np.ndarray:
    """Python floats -> array of ``dtype``; a non-finite value raises (see check_deferred)."""
    out, ok = _to_array(vals, dtype)
    return out if ok else check_deferred(False, out, *inputs, what=what)


def _product_values(p: list, q: list) -> list:
    """Hamilton product of two quaternions given as lists of 4 Python floats."""
    pw, px, py, pz = p
    qw, qx, qy, qz = q
    return [
        pw * qw - px * qx - py * qy - pz * qz,
        pw * qx + px * qw + py * qz - pz * qy,
        pw * qy - px * qz + py * qw + pz * qx,
        pw * qz + px * qy - py * qx + pz * qw,
    ]


def _product_single(p: np.ndarray, q: np.ndarray, dtype) -> np.ndarray:
    """Hamilton product of two shape-(4,) arrays with Python floats (fast for widgets)."""
    return np.array(_product_values(p.tolist(), q.tolist()), dtype=dtype)


def _rows(a: np.ndarray, lead: tuple, m: int, dtype, ndim: int = 1) -> np.ndarray:
    """``a`` (..., n) as an (m, n) array over the broadcast ``lead`` shape, or as (n,)
    if it is a single row and ``ndim`` is 1; last axis contiguous so that it can be
    viewed as complex."""
    if a.dtype != dtype:
        a = a.astype(dtype)
    n = a.shape[-1]
    if a.size == n and ndim == 1:
        a = a.reshape(n)
    elif a.shape[:-1] == lead or a.size == m * n:
        a = a.reshape(m, n)
    else:
        a = np.broadcast_to(a, lead + (n,)).reshape(m, n)
    if a.strides[-1] != a.itemsize:
        a = np.ascontiguousarray(a)
    return a


def _lead(a: np.ndarray, b: np.ndarray) -> tuple:
    """Broadcast shape of the leading axes of ``a`` and ``b`` (fast for the usual cases)."""
    sa, sb = a.shape[:-1], b.shape[:-1]
    if sa == sb or not sb:
        return sa
    if not sa:
        return sb
    return np.broadcast_shapes(sa, sb)


def _product_blocks(p: np.ndarray, q: np.ndarray, out=None, check: bool = False):
    """Batch Hamilton product; returns ``(out, all_finite)`` (``all_finite`` only if check).

    Read a quaternion as a pair of complex numbers (Cayley-Dickson):
    ``q = a + b j`` with ``a = w + x i`` and ``b = y + z i`` (both in span{1, i}).
    Since ``j c = conj(c) j`` for such ``c``, the Hamilton product is
    ``(a + b j)(c + d j) = (a c - b conj(d)) + (a d + b conj(c)) j``.
    A (..., 4) float array whose last axis is contiguous *is* a (..., 2) complex
    array in memory, so this is four complex multiplies on views, written into
    the output buffer.  Working in blocks of ``_BLOCK`` quaternions keeps the
    strided views in cache (about 1.7x faster than whole-array passes at 10⁶).
    """
    dtype = result_dtype(p, q)
    ctype = _COMPLEX[dtype]
    lead = _lead(p, q)
    m = math.prod(lead)
    if m <= _SMALL_BATCH and out is None:
        # A handful of quaternions: Python floats beat ten ufunc calls.
        rows = [
            _product_values(a, b)
            for a, b in zip(_rows(p, lead, m, dtype, 2).tolist(), _rows(q, lead, m, dtype, 2).tolist())
        ]
        flat, ok = _to_array([c for r in rows for c in r], dtype)
        return flat.reshape(lead + (4,)), ok
    if out is None:
        out = np.empty(lead + (4,), dtype=dtype)
    pc = _rows(p, lead, m, dtype).view(ctype)
    qc = _rows(q, lead, m, dtype).view(ctype)
    oc = out.reshape(m, 4).view(ctype)
    p_rows, q_rows = pc.ndim == 2, qc.ndim == 2
    tmp_full = np.empty(min(m, _BLOCK), dtype=ctype)
    total = 0.0
    with np.errstate(over="ignore", invalid="ignore"):  # overflow is reported by the caller
        for s in range(0, m, _BLOCK):
            _product_block(pc, qc, oc, tmp_full, s, min(s + _BLOCK, m), p_rows, q_rows)
            if check:
                # NaN/inf anywhere in the block makes this sum non-finite; a finite
                # sum that overflows is sorted out by the exact check afterwards.
                total += float(np.add.reduce(oc[s : s + _BLOCK].view(dtype), axis=None))
    return out, _isfinite(total)


def _product_block(pc, qc, oc, tmp_full, s, e, p_rows, q_rows) -> None:
    """One block [s, e) of the complex-pair Hamilton product (see _product_blocks)."""
    pb = pc[s:e] if p_rows else pc
    qb = qc[s:e] if q_rows else qc
    ob = oc[s:e]
    tmp = tmp_full[: e - s]
    a, b = pb[..., 0], pb[..., 1]
    c, d = qb[..., 0], qb[..., 1]
    first, second = ob[:, 0], ob[:, 1]
    np.multiply(a, c, out=first)
    np.conjugate(d, out=tmp)
    np.multiply(b, tmp, out=tmp)
    np.subtract(first, tmp, out=first)
    np.multiply(a, d, out=second)
    np.conjugate(c, out=tmp)
    np.multiply(b, tmp, out=tmp)
    np.add(second, tmp, out=second)


def _product(p: np.ndarray, q: np.ndarray, out=None) -> np.ndarray:
    """Hamilton product of validated arrays (no checks), optionally into ``out``.

    ``out`` must be a C-contiguous array of the broadcast shape and result dtype.
    """
    if p.ndim == 1 and q.ndim == 1 and out is None:
        return _product_single(p, q, result_dtype(p, q))
    return _product_blocks(p, q, out)[0]


def multiply(p, q) -> np.ndarray:
    """Hamilton product ``p q``: the rotation "apply q, then p".

    Parameters
    ----------
    p, q : array_like, shape (..., 4)
        Quaternions ``(w, x, y, z)``; leading axes broadcast against each other.

    Returns
    -------
    ndarray, shape (..., 4)
        ``p q = (pw qw - pv·qv,  pw qv + qw pv + pv × qv)``.  Not commutative:
        ``multiply(p, q)`` and ``multiply(q, p)`` differ unless the axes agree.

    Raises
    ------
    ValueError
        If a shape is not ``(..., 4)``, an entry is NaN or inf, or the product
        does not fit in the dtype (``|p||q|`` beyond about 1.8e308 in float64).

    See Also
    --------
    rotate_vector : the sandwich ``q v q⁻¹`` built from two products.

    Examples
    --------
    Hamilton's rule ``i j = k``, and the reverse order ``j i = -k``:

    >>> import quatlib as ql
    >>> ql.multiply(ql.I, ql.J)
    array([0., 0., 0., 1.])
    >>> ql.multiply(ql.J, ql.I)
    array([ 0.,  0.,  0., -1.])
    """
    # Finiteness is checked on the result (same messages): a NaN or inf in p or q
    # reaches every entry of p q, so one pass over the output replaces two over
    # the inputs.  An overflow (finite inputs, inf result) raises too.
    p = as_quaternion(p, "quaternion p", finite=False)
    q = as_quaternion(q, "quaternion q", finite=False)
    if p.ndim == 1 and q.ndim == 1:
        out, ok = _to_array(_product_values(p.tolist(), q.tolist()), result_dtype(p, q))
    else:
        out, ok = _product_blocks(p, q, check=True)
    if ok:
        return out
    check_finite(p, "quaternion p")
    check_finite(q, "quaternion q")
    # Finite inputs, non-finite result: the product does not fit, or rounding at
    # the very edge of the range pushed a partial sum over (by Cauchy-Schwarz the
    # partial sums are at most |p||q|).  (p/4) q is exact: scale it back and see.
    with np.errstate(over="ignore", invalid="ignore"):
        out = _product(p * 0.25, q) * 4
    return check_overflow(out, "product p q")


def conjugate(q) -> np.ndarray:
    """Conjugate ``q* = (w, -x, -y, -z)``: the reverse rotation of a unit quaternion.

    Parameters
    ----------
    q : array_like, shape (..., 4)
        Quaternions ``(w, x, y, z)``.

    Returns
    -------
    ndarray, shape (..., 4)
        ``(w, -x, -y, -z)``; ``(p q)* = q* p*``.

    Raises
    ------
    ValueError
        If the shape is not ``(..., 4)`` or an entry is NaN or inf.

    Examples
    --------
    90° about Y and its conjugate, 90° back:

    >>> import quatlib as ql
    >>> ql.conjugate([0.7071, 0, 0.7071, 0])
    array([ 0.7071, -0.    , -0.7071, -0.    ])
    """
    q = as_quaternion(q)
    return q * _CONJS[q.dtype]


def norm(q) -> np.ndarray:
    """Euclidean length ``|q| = sqrt(w² + x² + y² + z²)``.

    Parameters
    ----------
    q : array_like, shape (..., 4)
        Quaternions ``(w, x, y, z)``.

    Returns
    -------
    ndarray, shape (...)
        The length of each quaternion (a NumPy scalar for a single one).
        ``norm(multiply(p, q)) == norm(p) * norm(q)``.  Computed without
        overflow or underflow in the squares (``norm([1e200, 0, 0, 0])`` is
        ``1e200``).

    Raises
    ------
    ValueError
        If the shape is not ``(..., 4)``, an entry is NaN or inf, or the length
        itself exceeds the dtype's range.

    Examples
    --------
    90° about Y has length 1:

    >>> import quatlib as ql
    >>> q = ql.quaternion_from_axis_angle([0, 1, 0], 90, degrees=True)
    >>> print(f"{ql.norm(q):.4f}")
    1.0000
    """
    q = as_quaternion(q)
    if q.ndim == 1:
        n = q.dtype.type(math.hypot(*q.tolist()))
    else:
        n = _length(q)
    return check_overflow(n, "norm |q|")


def normalize(q) -> np.ndarray:
    """Scale ``q`` to unit length, ``q / |q|``: the one fix for drift.

    Parameters
    ----------
    q : array_like, shape (..., 4)
        Non-zero quaternions ``(w, x, y, z)``.

    Returns
    -------
    ndarray, shape (..., 4)
        Unit quaternions with the same direction in 4D (the same rotation).

    Raises
    ------
    ValueError
        If the shape is not ``(..., 4)``, an entry is NaN or inf, or ``q`` is zero
        (a zero quaternion has no direction, so there is no rotation to return).

    Examples
    --------
    >>> import quatlib as ql
    >>> ql.normalize([2, 0, 2, 0])
    array([0.7071, 0.    , 0.7071, 0.    ])
    """
    q = as_quaternion(q, finite=False)
    if q.ndim == 1:
        return np.array(_hypot_unit(finite_values(q, "quaternion"), "quaternion"), dtype=q.dtype)
    return _unit(check_finite(q, "quaternion"), "quaternion")


def is_unit(q, rtol=None) -> np.ndarray:
    """Whether ``|q|`` equals 1 within a relative tolerance.

    Parameters
    ----------
    q : array_like, shape (..., 4)
        Quaternions ``(w, x, y, z)``.
    rtol : float, optional
        Allowed ``| |q| - 1 |`` (relative to the unit length 1), ``>= 0``.
        Default: the square root of the machine epsilon of ``q``'s dtype (about
        1.5e-8 for float64, 3.5e-4 for float32).

    Returns
    -------
    ndarray of bool, shape (...)

    Raises
    ------
    ValueError
        If the shape is not ``(..., 4)``, an entry is NaN or inf, or ``rtol`` is
        negative or not finite.

    Examples
    --------
    >>> import quatlib as ql
    >>> bool(ql.is_unit([0.7071067811865476, 0, 0.7071067811865476, 0]))
    True
    >>> bool(ql.is_unit([1.0004, 0, 0, 0]))
    False
    """
    q = as_quaternion(q)
    if rtol is None:
        rtol = float(np.sqrt(np.finfo(q.dtype).eps))
    else:
        rtol = as_scalar(rtol, "tolerance rtol")
        if not np.all(rtol >= 0):
            raise ValueError(f"Expected a tolerance rtol >= 0, got {rtol}")
    if q.ndim == 1 and np.ndim(rtol) == 0:
        return np.bool_(abs(math.hypot(*q.tolist()) - 1) <= rtol)
    return np.abs(_length(q) - 1) <= rtol


def inverse(q) -> np.ndarray:
    """Multiplicative inverse ``q⁻¹ = q* / |q|²`` (divides by the *squared* norm).

    Parameters
    ----------
    q : array_like, shape (..., 4)
        Non-zero quaternions ``(w, x, y, z)``; need not be unit.

    Returns
    -------
    ndarray, shape (..., 4)
        ``q⁻¹`` with ``q q⁻¹ = q⁻¹ q = 1``.  Equals ``conjugate(q)`` for unit ``q``.

    Raises
    ------
    ValueError
        If the shape is not ``(..., 4)``, an entry is NaN or inf, or ``q`` is zero.

    Examples
    --------
    ``[1, 2, 3, 4]`` has ``|q|² = 30``:

    >>> import quatlib as ql
    >>> q = [1, 2, 3, 4]
    >>> ql.inverse(q) * 30
    array([ 1., -2., -3., -4.])
    >>> ql.multiply(ql.inverse(q), q)
    array([1., 0., 0., 0.])
    """
    q = as_quaternion(q)
    if q.ndim == 1:
        w, x, y, z = q.tolist()
        n2 = w * w + x * x + y * y + z * z
        lo, hi = _SAFE_SUMSQ[_F64]
        if not lo <= n2 <= hi:  # rescale: q⁻¹ = b* / (s |b|²) with b = q / s
            s = max(abs(w), abs(x), abs(y), abs(z))
            require_nonzero(s, "quaternion")
            w, x, y, z = w / s, x / s, y / s, z / s
            n2 = (w * w + x * x + y * y + z * z) * s
        return _pack([w / n2, -x / n2, -y / n2, -z / n2], q.dtype, "inverse q⁻¹")
    n2 = _sumsq(q)
    if _in_range(n2, q.dtype):
        out = q * _CONJS[q.dtype]
        out /= n2[..., None]
        return out
    b, s = _scaled(q)
    require_nonzero(s, "quaternion")
    with np.errstate(over="ignore", under="ignore"):
        out = b * _CONJS[q.dtype] / (s * _sumsq(b))[..., None]
    return check_overflow(out, "inverse q⁻¹")


def dot(p, q) -> np.ndarray:
    """4D dot product ``p·q = pw qw + px qx + py qy + pz qz``.

    For unit quaternions ``p·q = cos(Ω)`` where ``Ω`` is the angle between them on
    the 3-sphere (half the rotation angle between the orientations); a negative
    dot product means ``-q`` is the nearer copy of the same rotation.

    Parameters
    ----------
    p, q : array_like, shape (..., 4)

    Returns
    -------
    ndarray, shape (...)

    Raises
    ------
    ValueError
        If a shape is not ``(..., 4)`` or an entry is NaN or inf.

    Examples
    --------
    Identity against 90° about Y: ``cos 45°``.

    >>> import quatlib as ql
    >>> print(f"{ql.dot(ql.IDENTITY, [0.7071, 0, 0.7071, 0]):.4f}")
    0.7071
    """
    p = as_quaternion(p, "quaternion p")
    q = as_quaternion(q, "quaternion q")
    return check_overflow(np.einsum("...i,...i->...", p, q), "dot product p·q")


def _split(q: np.ndarray):
    """Scalar part, vector part and vector length of validated quaternions."""
    w = q[..., 0]
    v = q[..., 1:]
    return w, v, _length(v)


def _exp(q: np.ndarray, what: str) -> np.ndarray:
    """exp of validated quaternions; raises if the result overflows."""
    w, v, r = _split(q)
    with np.errstate(over="ignore", invalid="ignore"):
        scale = np.exp(w)
        # sin|v| / |v|, exactly 1 at |v| = 0 (and accurate for tiny |v|).
        sinc = np.divide(np.sin(r), r, out=np.ones_like(r), where=r > 0)
        out = np.empty_like(q)
        out[..., 0] = scale * np.cos(r)
        out[..., 1:] = (scale * sinc)[..., None] * v
    return check_overflow(out, what)


def _log(q: np.ndarray) -> np.ndarray:
    """log of validated quaternions; raises for a zero quaternion."""
    w, v, r = _split(q)
    n = _length(q)
    require_nonzero(n, "quaternion")
    if not (np.isfinite(n).all() and np.isfinite(r).all()):
        # |q| or |v| beyond the dtype's range: work with q/4 (exact) and add ln 4.
        w, v, r = _split(q * 0.25)
        n = _length(q * 0.25)
        ln = np.log(n) + np.log(4.0).astype(q.dtype)
    else:
        ln = np.log(n)
    theta = np.arctan2(r, w)  # in [0, π]; exactly π for a negative real q
    out = np.empty_like(q)
    out[..., 0] = ln
    # θ n = θ (v / |v|): accurate for every θ, including θ near π (unlike
    # θ / sin θ), and 0 where v = 0.
    axis = np.divide(v, r[..., None], out=np.zeros_like(v), where=r[..., None] > 0)
    out[..., 1:] = theta[..., None] * axis
    pole = (r == 0) & (w < 0)  # negative real: no axis, the documented one is x
    out[..., 1] = np.where(pole, theta, out[..., 1])
    return out


def exp(q) -> np.ndarray:
    """Quaternion exponential ``exp(w + v) = e^w (cos|v| + sin|v| v/|v|)``.

    For a pure quaternion ``v = (θ/2) n`` this is the rotation by ``θ`` about the
    unit axis ``n``: ``exp((θ/2) n) = cos(θ/2) + sin(θ/2) n``.

    Parameters
    ----------
    q : array_like, shape (..., 4)

    Returns
    -------
    ndarray, shape (..., 4)
        Computed with ``sin|v|/|v|`` taken as exactly 1 at ``|v| = 0``.

    Raises
    ------
    ValueError
        If the shape is not ``(..., 4)``, an entry is NaN or inf, or the result
        overflows (``e^w`` beyond the dtype's range, e.g. ``w > 709.78`` in
        float64).

    Examples
    --------
    ``exp`` of a real number is the ordinary exponential, and ``exp(π/4 j)`` is
    90° about Y:

    >>> import numpy as np, quatlib as ql
    >>> ql.exp([1, 0, 0, 0])
    array([2.7183, 0.    , 0.    , 0.    ])
    >>> ql.exp([0, 0, np.pi / 4, 0])
    array([0.7071, 0.    , 0.7071, 0.    ])
    """
    return _exp(as_quaternion(q), "exp(q)")


def log(q) -> np.ndarray:
    """Quaternion logarithm ``log q = ln|q| + φ n`` with ``q = |q|(cos φ + sin φ n)``.

    ``φ = arctan2(|v|, w)`` lies in ``[0, π]`` and ``n = v / |v|``.  For the unit
    quaternion ``cos(θ/2) + sin(θ/2) n`` of a turn by ``θ`` the result is the pure
    quaternion ``(θ/2) n``, so ``exp(log q) = q``, and ``log(exp(v)) = v`` for
    pure ``v`` with ``|v| < π``.  A positive real ``q`` has ``log q = ln q``; a
    negative real ``q`` (``φ = π``, no axis) gets the axis ``x``:
    ``log(-1) = π i``.

    Parameters
    ----------
    q : array_like, shape (..., 4)
        Non-zero quaternions.

    Returns
    -------
    ndarray, shape (..., 4)

    Raises
    ------
    ValueError
        If the shape is not ``(..., 4)``, an entry is NaN or inf, or ``q`` is zero
        (``ln 0`` does not exist).

    Examples
    --------
    >>> import quatlib as ql
    >>> ql.log([1, 0, 0, 0])
    array([0., 0., 0., 0.])
    >>> ql.log([0.7071067811865476, 0, 0.7071067811865476, 0])  # π/4 j
    array([0.    , 0.    , 0.7854, 0.    ])
    >>> ql.log([-1, 0, 0, 0])  # π i
    array([0.    , 3.1416, 0.    , 0.    ])
    """
    return _log(as_quaternion(q))


def power(q, t) -> np.ndarray:
    """Quaternion power ``q^t = exp(t log q)``: a fraction ``t`` of the rotation.

    For a unit ``q`` turning by ``θ`` about ``n``, ``q^t`` turns by ``tθ`` about
    ``n``.  ``t`` broadcasts against the leading axes of ``q``.

    Parameters
    ----------
    q : array_like, shape (..., 4)
        Non-zero quaternions.
    t : array_like, shape (...)
        Real exponents.

    Returns
    -------
    ndarray, shape broadcast(q.shape[:-1], t.shape) + (4,)
        float32 if ``q`` is float32 and ``t`` is a Python number or float32.

    Raises
    ------
    ValueError
        If ``q`` is zero, a shape is wrong, an entry is NaN or inf, or the result
        overflows.

    Examples
    --------
    Half of 90° about Y is 45° about Y:

    >>> import quatlib as ql
    >>> ql.power([0.7071067811865476, 0, 0.7071067811865476, 0], 0.5)
    array([0.9239, 0.    , 0.3827, 0.    ])
    """
    q = as_quaternion(q)
    t_arr = as_scalar(t, "exponent t")
    dtype = result_dtype(q, None if is_python_number(t) else t_arr)
    with np.errstate(over="ignore", invalid="ignore"):
        x = (_log(q) * t_arr[..., None]).astype(dtype, copy=False)
    return _exp(check_overflow(x, "power q^t"), "power q^t")
