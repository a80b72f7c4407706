"""Quaternion algebra: the Hamilton product and everything built from it.

A quaternion is a float array of shape ``(..., 4)`` in the order ``(w, x, y, z)``,
meaning ``q = w + x i + y j + z k`` with ``i² = j² = k² = ijk = -1``.  Every
function broadcasts over the leading axes.  No function here quietly normalizes
its input (:func:`normalize` does, when asked): a length that is not 1 is carried
through, so drift can be seen and measured.

**Precision.**  The product, the length, :func:`normalize` and :func:`inverse`
are computed in float64 whatever the input; float32 input gives float32 output,
rounded once at the end (so such a float32 result is the float64 result rounded,
never a float32 program's op-by-op rounding: for that, see
:func:`~quatlib.accumulate_rotation`).  :func:`dot`, :func:`exp`, :func:`log`
and :func:`power` work in the input's dtype.
"""

from __future__ import annotations

import numpy as np

from ._blocks import in_blocks
from ._validate import (
    all_finite,
    as_quaternion,
    as_scalar,
    as_tolerance,
    check_finite,
    check_overflow,
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

_F64 = np.dtype(np.float64)
_CONJ = _constant([1.0, -1.0, -1.0, -1.0])

# A float64 sum of squares n2 in [lo, hi] is safe to use directly: no square
# overflowed, and squares that underflowed are negligible next to n2
# (lo = tiny / eps).  Outside that range (or for a zero) the length is computed
# from q / s, with s the largest entry.
_SAFE_SUMSQ = (float(np.finfo(_F64).tiny / np.finfo(_F64).eps), float(np.finfo(_F64).max))

# ---------------------------------------------------------------------------
# Lengths without overflow (used by norm, normalize, inverse, log and the other
# quatlib modules; inputs already validated).
# ---------------------------------------------------------------------------


@np.errstate(over="ignore", under="ignore")  # see _in_range
def _sumsq(a: np.ndarray) -> np.ndarray:
    """Sum of squares over the last axis, in float64."""
    a = np.asarray(a, dtype=_F64)
    return np.vecdot(a, a)


def _in_range(n2, bounds=_SAFE_SUMSQ) -> bool:
    """Whether every float64 sum of squares in ``n2`` is within ``bounds`` (False for NaN)."""
    lo, hi = bounds
    if np.ndim(n2) == 0:
        return lo <= float(n2) <= hi
    return n2.size == 0 or bool(lo <= n2.min() and n2.max() <= hi)


def _scaled(a: np.ndarray):
    """``(a / s, s)`` in float64, ``s`` the largest absolute entry (1 where ``a`` is zero)."""
    a = np.asarray(a, dtype=_F64)
    s = np.abs(a).max(axis=-1)
    return a / np.where(s > 0, s, 1)[..., None], s


def _length(a: np.ndarray) -> np.ndarray:
    """Euclidean length over the last axis in float64, free of overflow and underflow.

    ``sqrt(sum a²)`` when that is safe, else ``s · |a / s|`` with ``s`` the
    largest entry.  Is inf only where the true length exceeds float64.
    """
    n2 = _sumsq(a)
    if _in_range(n2):
        return np.sqrt(n2)
    b, s = _scaled(a)
    with np.errstate(over="ignore"):
        return s * np.sqrt(_sumsq(b))


def _unit(a: np.ndarray, what: str) -> np.ndarray:
    """``a / |a|`` over the last axis in ``a``'s dtype, for finite non-zero ``a`` (else ValueError)."""
    n2 = _sumsq(a)
    if _in_range(n2):
        u = a / np.sqrt(n2)[..., None]
    else:
        b, s = _scaled(a)
        require_nonzero(s, what)
        u = b / np.sqrt(_sumsq(b))[..., None]
    return u.astype(a.dtype, copy=False)


def _components(a: np.ndarray, planar: bool = False) -> tuple:
    """The entries along the last axis as separate arrays: ``w, x, y, z = _components(q)``.

    Views, no copies; ``planar=True`` copies them instead into contiguous float64
    arrays, one pass over ``a`` that pays off when a formula reads each entry many
    times (a view reads every fourth number, and pulls the others through the
    cache with it).  For a single row (shape ``(n,)``) they are numpy scalars, so
    that one quaternion costs scalar arithmetic rather than array calls.
    """
    if a.ndim == 1:  # by indexing: iterating an array costs several times more
        row = a.astype(_F64, copy=False) if planar else a
        return tuple(map(row.__getitem__, range(row.shape[0])))
    rows = a.transpose(-1, *range(a.ndim - 1))
    return tuple(np.ascontiguousarray(rows, dtype=_F64) if planar else rows)


def _complex_pair(q: np.ndarray):
    """``(a, b)`` with ``q = a + b j``, ``a = w + x i``, ``b = y + z i`` (complex128 views).

    A float64 array whose last axis is contiguous *is* a ``(..., 2)`` complex array
    in memory: ``(w, x, y, z)`` reads as ``(w + x i, y + z i)``.
    """
    return _components(np.ascontiguousarray(q, dtype=_F64).view(np.complex128))


@np.errstate(over="ignore", invalid="ignore")  # overflow and NaN are reported as ValueError below
def multiply(p, q) -> np.ndarray:
    """Hamilton product ``p q``: the rotation "apply q, then p".

    In components, ``p q = (pw qw - pv·qv,  pw qv + qw pv + pv × qv)``.  It is
    computed with complex numbers (the Cayley-Dickson form): a quaternion is a
    pair of complex numbers, ``q = a + b j`` with ``a = w + x i`` and
    ``b = y + z i``.  Since ``j c = c̄ j`` for such a complex ``c``,

        (a + b j)(c + d j) = (a c - b d̄) + (a d + b c̄) j,

    four complex products instead of sixteen real ones, and numpy multiplies
    complex arrays fast.  A long batch goes through the formula a few thousand
    rows at a time (:func:`quatlib._blocks.in_blocks`): the same numbers, with
    temporaries small enough to stay in the CPU cache.

    Parameters
    ----------
    p, q : array_like, shape (..., 4)
        Quaternions ``(w, x, y, z)``; leading axes broadcast against each other.

    Returns
    -------
    ndarray, shape (..., 4)
        ``p q``, computed in float64 (float32 if both inputs are float32,
        rounded once).  Not commutative: ``multiply(p, q)`` and
        ``multiply(q, p)`` differ unless the axes agree.

    Raises
    ------
    ValueError
        If a shape is not ``(..., 4)``, an entry is NaN or inf, or an entry of the
        product does not fit in the dtype (in float64 from ``|p||q|`` of about
        1.8e308 on, at the latest from 3.6e308).

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
    # the inputs.
    p = as_quaternion(p, "quaternion p", finite=False)
    q = as_quaternion(q, "quaternion q", finite=False)

    def product(p, q):  # (a + b j)(c + d j) = (a c - b d̄) + (a d + b c̄) j
        a, b = _complex_pair(p)
        c, d = _complex_pair(q)
        first = a * c - b * d.conj()
        second = a * d + b * c.conj()
        pq = np.empty(np.shape(first) + (2,), dtype=np.complex128)
        pq[..., 0], pq[..., 1] = first, second
        return pq.view(_F64)

    out = in_blocks(product, p, q).astype(result_dtype(p, q), copy=False)
    ok = all_finite(out)  # NaN/inf in p or q reaches every entry of p q
    if ok:
        return out
    check_finite(p, "quaternion p")
    check_finite(q, "quaternion q")
    # Finite inputs, non-finite result: the product does not fit, or rounding at
    # the very edge of the range pushed a partial sum over.  Write p = 2^e p' and
    # q = 2^f q' with entries of p', q' below 1: p' q' cannot overflow, and
    # p q = 2^(e+f) p' q' (scaling by powers of two is exact).  Does that fit?
    _, e = np.frexp(np.abs(p).max(axis=-1, keepdims=True))
    _, f = np.frexp(np.abs(q).max(axis=-1, keepdims=True))
    out = np.ldexp(multiply(np.ldexp(p, -e), np.ldexp(q, -f)), e + f)
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
    return q * _CONJ.astype(q.dtype)


def norm(q) -> np.ndarray:
    """Euclidean length ``|q| = sqrt(w² + x² + y² + z²)``.

    Parameters
    ----------
    q : array_like, shape (..., 4)
        Quaternions ``(w, x, y, z)``.

    Returns
    -------
    ndarray, shape (...)
        The length of each quaternion (a NumPy scalar for a single one), in
        ``q``'s dtype.  ``norm(multiply(p, q)) = norm(p) * norm(q)`` (up to rounding).  Computed
        in float64, without overflow or underflow in the squares
        (``norm([1e200, 0, 0, 0])`` is ``1e200``): where ``sum q²`` would
        overflow or underflow, it is ``s |q / s|`` with ``s`` the largest entry.

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
    with np.errstate(over="ignore"):
        n = q.dtype.type(_length(q)) if q.ndim == 1 else _length(q).astype(q.dtype, copy=False)
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
        Computed in float64 (``|q|`` without overflow, as in :func:`norm`) and
        rounded once to ``q``'s dtype.

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
    return _unit(as_quaternion(q), "quaternion")


def is_unit(q, rtol=None) -> np.ndarray:
    """Whether ``|q|`` equals 1 within a relative tolerance: ``| |q| - 1 | <= rtol``.

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
    rtol = as_tolerance(rtol, "tolerance rtol", float(np.sqrt(np.finfo(q.dtype).eps)))
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
        Where ``|q|²`` would overflow or underflow it is computed as
        ``(b* / |b|²) / s`` with ``b = q / s``, ``s`` the largest entry.

    Raises
    ------
    ValueError
        If the shape is not ``(..., 4)``, an entry is NaN or inf, ``q`` is zero,
        or ``q⁻¹`` does not fit in the dtype (a tiny ``q``).

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
    n2 = _sumsq(q)
    if _in_range(n2):
        inv = q * _CONJ / n2[..., None]
    else:
        b, s = _scaled(q)
        require_nonzero(s, "quaternion")
        with np.errstate(over="ignore", under="ignore"):
            # two divisions, not one by s |b|²: that product overflows for a
            # huge q (|q| near 1e308) whose inverse is small but representable
            inv = b * _CONJ / _sumsq(b)[..., None] / s[..., None]
    with np.errstate(over="ignore"):
        inv = inv.astype(q.dtype, copy=False)
    return check_overflow(inv, "inverse q⁻¹")


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
        If a shape is not ``(..., 4)``, an entry is NaN or inf, or the product
        overflows (entries near the square root of the float64 limit).

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

    For a unit ``q`` turning by ``θ`` about ``n`` (``0 <= θ <= 360°``, the angle
    :func:`log` reads off ``q``; a 540° turn is the same quaternion as 180° about
    ``-n``), ``q^t`` turns by ``tθ`` about ``n``.  ``t`` broadcasts against the leading axes of ``q``.

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
