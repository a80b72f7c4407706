"""Quaternion algebra: the Hamilton product and everything built from it.

A quaternion is a float array of shape ``(..., 4)`` in the order ``(w, x, y, z)``,
meaning ``q = w + x i + y j + z k`` with ``i² = j² = k² = ijk = -1``.  Every
function broadcasts over the leading axes.  No function here normalizes its
input: a non-unit quaternion stays non-unit, so drift can be seen and measured.
"""

from __future__ import annotations

import numpy as np

from ._validate import as_quaternion, as_scalar, require_nonzero, result_dtype

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

_CONJ = np.array([1.0, -1.0, -1.0, -1.0])


def _product_single(p: np.ndarray, q: np.ndarray, dtype) -> np.ndarray:
    """Hamilton product of two shape-(4,) arrays with Python floats (fast for widgets)."""
    pw, px, py, pz = p.tolist()
    qw, qx, qy, qz = q.tolist()
    return np.array(
        [
            pw * qw - px * qx - py * qy - pz * qz,
            pw * qx + px * qw + py * qz - pz * qy,
            pw * qy - px * qz + py * qw + pz * qx,
            pw * qz + px * qy - py * qx + pz * qw,
        ],
        dtype=dtype,
    )


def _product(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """Hamilton product of validated arrays (no checks)."""
    dtype = result_dtype(p, q)
    if p.ndim == 1 and q.ndim == 1:
        return _product_single(p, q, dtype)
    # Batch path.  Read a quaternion as a pair of complex numbers (Cayley-Dickson):
    #   q = a + b j  with  a = w + x i,  b = y + z i  (both in span{1, i}).
    # Since j c = conj(c) j for such c, the Hamilton product is
    #   (a + b j)(c + d j) = (a c - b conj(d)) + (a d + b conj(c)) j.
    # A contiguous (..., 4) float array *is* a (..., 2) complex array in memory,
    # so this is four complex multiplies on views, written into one output buffer.
    ctype = np.complex64 if dtype == np.float32 else np.complex128
    shape = np.broadcast_shapes(p.shape, q.shape)
    pc = np.ascontiguousarray(p, dtype=dtype).view(ctype)
    qc = np.ascontiguousarray(q, dtype=dtype).view(ctype)
    a, b = pc[..., 0], pc[..., 1]
    c, d = qc[..., 0], qc[..., 1]
    out = np.empty(shape, dtype=dtype)
    oc = out.view(ctype)
    first, second = oc[..., 0], oc[..., 1]
    tmp = np.empty(shape[:-1], dtype=ctype)
    np.multiply(a, c, out=first)
    np.conjugate(d, out=tmp)
    np.multiply(b, tmp, out=tmp)
    np.subtract(first, tmp, out=first)
    np.multiply(a, d, out=second)
    np.conjugate(c, out=tmp)
    np.multiply(b, tmp, out=tmp)
    np.add(second, tmp, out=second)
    return out


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
        If a shape is not ``(..., 4)`` or an entry is NaN or inf.

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
    return _product(as_quaternion(p, "quaternion p"), as_quaternion(q, "quaternion q"))


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
        The length of each quaternion (a 0-d array for a single one).
        ``norm(multiply(p, q)) == norm(p) * norm(q)``.

    Raises
    ------
    ValueError
        If the shape is not ``(..., 4)`` or an entry is NaN or inf.

    Examples
    --------
    90° about Y has length 1:

    >>> import quatlib as ql
    >>> q = ql.quaternion_from_axis_angle([0, 1, 0], 90, degrees=True)
    >>> print(f"{ql.norm(q):.4f}")
    1.0000
    """
    q = as_quaternion(q)
    return np.sqrt(np.einsum("...i,...i->...", q, q))


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
    q = as_quaternion(q)
    n = np.sqrt(np.einsum("...i,...i->...", q, q))
    require_nonzero(n, "quaternion")
    return q / n[..., None]


def is_unit(q, rtol=None) -> np.ndarray:
    """Whether ``|q|`` equals 1 within a relative tolerance.

    Parameters
    ----------
    q : array_like, shape (..., 4)
        Quaternions ``(w, x, y, z)``.
    rtol : float, optional
        Allowed ``| |q| - 1 |``.  Default: the square root of the machine epsilon
        of ``q``'s dtype (about 1.5e-8 for float64, 3.5e-4 for float32).

    Returns
    -------
    ndarray of bool, shape (...)

    Raises
    ------
    ValueError
        If the shape is not ``(..., 4)`` or an entry is NaN or inf.

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
    n = np.sqrt(np.einsum("...i,...i->...", q, q))
    return np.abs(n - 1) <= rtol


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
    n2 = np.einsum("...i,...i->...", q, q)
    require_nonzero(n2, "quaternion")
    return q * _CONJ.astype(q.dtype) / n2[..., None]


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
    return np.einsum("...i,...i->...", p, q)


def _split(q: np.ndarray):
    """Scalar part, vector part and vector length of validated quaternions."""
    w = q[..., 0]
    v = q[..., 1:]
    return w, v, np.sqrt(np.einsum("...i,...i->...", v, v))


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
        Computed with ``sin|v|/|v|`` written as ``sinc``, so ``|v| = 0`` is exact.

    Raises
    ------
    ValueError
        If the shape is not ``(..., 4)`` or an entry is NaN or inf.

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
    q = as_quaternion(q)
    w, v, r = _split(q)
    scale = np.exp(w)
    out = np.empty_like(q)
    out[..., 0] = scale * np.cos(r)
    out[..., 1:] = (scale * np.sinc(r / np.pi))[..., None] * v
    return out


def log(q) -> np.ndarray:
    """Quaternion logarithm ``log q = ln|q| + θ n`` with ``q = |q|(cos θ + sin θ n)``.

    ``θ = arctan2(|v|, w)`` lies in ``[0, π]``.  For a unit quaternion
    ``cos(θ/2) + sin(θ/2) n`` the result is the pure quaternion ``(θ/2) n``.  A
    negative real ``q`` (``θ = π``, no axis) gets the axis ``x``: ``log(-1) = π i``.

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
    """
    q = as_quaternion(q)
    w, v, r = _split(q)
    n = np.sqrt(w * w + r * r)
    require_nonzero(n, "quaternion")
    theta = np.arctan2(r, w)
    out = np.empty_like(q)
    out[..., 0] = np.log(n)
    # θ / |v| = θ / (|q| sin θ) = 1 / (|q| sinc(θ/π)), finite for every θ < π.
    sinc = np.sinc(theta / np.pi)
    pole = sinc == 0  # θ = π exactly: a negative real number
    coef = 1.0 / (n * np.where(pole, 1.0, sinc))
    out[..., 1:] = np.where(pole[..., None], 0.0, coef[..., None] * v)
    out[..., 1] = np.where(pole, theta, out[..., 1])
    return out


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

    Raises
    ------
    ValueError
        If ``q`` is zero, a shape is wrong, or an entry is NaN or inf.

    Examples
    --------
    Half of 90° about Y is 45° about Y:

    >>> import quatlib as ql
    >>> ql.power([0.7071067811865476, 0, 0.7071067811865476, 0], 0.5)
    array([0.9239, 0.    , 0.3827, 0.    ])
    """
    q = as_quaternion(q)
    t = as_scalar(t, "exponent t")
    return exp(log(q) * t[..., None])
