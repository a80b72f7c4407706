"""Interpolating between two orientations: LERP, NLERP and SLERP.

All three take the same arguments ``(q0, q1, t, shortest=True)`` and agree at the
ends (``t = 0`` gives ``q0``, ``t = 1`` gives ``q1`` or ``-q1``):

* ``lerp``  -- the chord ``(1 - t) q0 + t q1``: a straight line through the inside
  of the 3-sphere, shorter than 1 in the middle (not a rotation until normalized).
* ``nlerp`` -- the chord pushed back onto the sphere, ``lerp / |lerp|``: cheap,
  unit, but its angular speed is uneven (fastest in the middle).
* ``slerp`` -- the great arc,
  ``sin((1 - t) Ω) / sin Ω · q0 + sin(t Ω) / sin Ω · q1`` with ``cos Ω = q0·q1``:
  constant angular speed, at the price of trigonometry.

**The parameter t.**  ``t`` is a scalar or an array; it broadcasts against the
leading axes of ``q0`` and ``q1`` the way numpy broadcasts, so the result has shape
``broadcast(q0.shape[:-1], q1.shape[:-1], t.shape) + (4,)``.  A trajectory between
two single quaternions is ``q0 (4,)``, ``q1 (4,)``, ``t (n,)`` → ``(n, 4)``; for
``m`` pairs at ``n`` times use ``q0 (m, 4)`` and ``t[:, None]`` → ``(n, m, 4)``.
``t`` outside ``[0, 1]`` extrapolates along the same line or arc.

**The short path.**  ``q`` and ``-q`` are the same rotation.  With
``shortest=True`` (the default) ``q1`` is replaced by ``-q1`` wherever
``q0·q1 < 0``, so the motion turns by at most 180°; with ``shortest=False`` the
given signs are kept and the motion may go the long way round (up to 360°).
"""

from __future__ import annotations

import math

import numpy as np

from ._algebra import _length
from ._validate import _as_float_array, as_quaternion, as_scalar, check_overflow, result_dtype

__all__ = ["lerp", "nlerp", "slerp"]

#: Default for ``rtol`` of :func:`nlerp` and :func:`slerp`: how far ``|q|`` may be
#: from 1.  Loose enough for quaternions typed to four decimals and for float32
#: drift, tight enough to catch a forgotten ``normalize``.
UNIT_RTOL = 1e-3


def _index(mask: np.ndarray) -> str:
    if mask.ndim == 0:
        return ""
    return f" at index {tuple(int(i) for i in np.argwhere(mask)[0])}"


def _prepare(q0, q1, t, shortest: bool):
    """Validate, check broadcasting, flip q1 for the short path; t gets a trailing axis."""
    q0 = as_quaternion(q0, "quaternion q0")
    q1 = as_quaternion(q1, "quaternion q1")
    t = as_scalar(t, "interpolation parameter t")
    try:
        np.broadcast_shapes(q0.shape[:-1], q1.shape[:-1], t.shape)
    except ValueError:
        raise ValueError(
            "Expected q0 (..., 4), q1 (..., 4) and t (...) with broadcastable leading "
            f"shapes, got {q0.shape}, {q1.shape} and {t.shape}"
        ) from None
    if shortest:
        d = np.einsum("...i,...i->...", q0, q1)
        q1 = np.where((d < 0)[..., None], -q1, q1)
    return q0, q1, t[..., None]


def _require_unit(q: np.ndarray, rtol: float, what: str) -> np.ndarray:
    """Return |q|; raise if it is further than rtol from 1."""
    n = _length(q)
    bad = ~(np.abs(n - 1) <= rtol)
    if bad.any():
        value = float(n[tuple(np.argwhere(bad)[0])] if n.ndim else n)
        raise ValueError(
            f"Expected unit {what} (| |{what}| - 1 | <= {rtol:g}; use normalize), "
            f"got |{what}| = {value:.6g}{_index(bad)}"
        )
    return n


def _chord(q0: np.ndarray, q1: np.ndarray, t: np.ndarray, dtype) -> np.ndarray:
    with np.errstate(over="ignore", invalid="ignore"):
        c = ((1 - t) * q0 + t * q1).astype(dtype, copy=False)
    return check_overflow(c, "interpolated quaternion")


def _normalize_chord(c: np.ndarray) -> np.ndarray:
    n = _length(c)
    zero = n == 0
    if zero.any():
        raise ValueError(
            "Expected a chord that misses the origin, got (1 - t) q0 + t q1 = 0"
            f"{_index(zero)} (q1 = -q0 at t = 0.5 with shortest=False: the same rotation, "
            "and no direction to normalize)"
        )
    return c / n[..., None]


def lerp(q0, q1, t, shortest: bool = True) -> np.ndarray:
    """Linear interpolation along the chord, ``(1 - t) q0 + t q1``; not unit in between.

    Parameters
    ----------
    q0, q1 : array_like, shape (..., 4)
        Quaternions ``(w, x, y, z)``; any length (nothing is normalized).
    t : array_like, shape (...)
        Interpolation parameter; ``t = 0`` gives ``q0``, ``t = 1`` gives ``q1``
        exactly.  Broadcasts against the leading axes of ``q0`` and ``q1`` (see
        the module docstring: ``q0 (4,)``, ``t (n,)`` → ``(n, 4)``).
    shortest : bool, optional
        Use ``-q1`` where ``q0·q1 < 0`` (the default, as in :func:`nlerp` and
        :func:`slerp`, so that ``nlerp == normalize(lerp)``).

    Returns
    -------
    ndarray, shape broadcast(q0.shape[:-1], q1.shape[:-1], t.shape) + (4,)
        The dtype of ``q0`` and ``q1`` (float32 if both are; ``t`` does not count).

    Raises
    ------
    ValueError
        If a shape is wrong or the shapes do not broadcast, an entry is NaN or
        inf, or the result overflows (huge inputs, or ``t`` far outside [0, 1]).

    See Also
    --------
    nlerp : the chord normalized.
    slerp : the great arc.

    Examples
    --------
    Halfway from the identity to 150° about Y the chord is shorter than 1:

    >>> import quatlib as ql
    >>> q1 = ql.quaternion_from_axis_angle([0, 1, 0], 150, degrees=True)
    >>> q = ql.lerp(ql.IDENTITY, q1, 0.5)
    >>> q
    array([0.6294, 0.    , 0.483 , 0.    ])
    >>> print(f"{ql.norm(q):.4f}")
    0.7934
    """
    q0, q1, t = _prepare(q0, q1, t, shortest)
    return _chord(q0, q1, t, result_dtype(q0, q1))


def nlerp(q0, q1, t, shortest: bool = True, rtol: float = UNIT_RTOL) -> np.ndarray:
    """Normalized linear interpolation, ``lerp / |lerp|``: the chord put back on the sphere.

    Cheap (no trigonometry) and always unit, but the angular speed is uneven:
    slow at the ends, fastest in the middle.  The midpoint is the same as
    SLERP's; in between NLERP lags behind in the first half and runs ahead in the
    second.  For small separations the difference is invisible, which is why game
    engines use it.

    Parameters
    ----------
    q0, q1 : array_like, shape (..., 4)
        Unit quaternions ``(w, x, y, z)``.  They are not rescaled; a length further
        than ``rtol`` from 1 is an error (normalize them first).
    t : array_like, shape (...)
        Interpolation parameter; broadcasts against the leading axes of ``q0``
        and ``q1`` (``q0 (4,)``, ``t (n,)`` → ``(n, 4)``).
    shortest : bool, optional
        Use ``-q1`` where ``q0·q1 < 0`` so the turn is at most 180° (default).
        With ``False`` the given signs are kept.
    rtol : float, optional
        Allowed ``| |q| - 1 |`` of the inputs (default ``1e-3``).

    Returns
    -------
    ndarray, shape broadcast(q0.shape[:-1], q1.shape[:-1], t.shape) + (4,)
        Unit quaternions, in the dtype of ``q0`` and ``q1``.

    Raises
    ------
    ValueError
        If a shape is wrong, an entry is NaN or inf, an input is not unit within
        ``rtol``, or the chord passes through 0 (only for ``q1 = -q0`` exactly, at
        ``t = 0.5``, with ``shortest=False``).

    See Also
    --------
    slerp : constant angular speed.
    lerp : the chord before normalizing.

    Examples
    --------
    From the identity to 150° about Y, a quarter of the way: SLERP would be at
    37.5°, NLERP is at 33.02°.

    >>> import quatlib as ql
    >>> q1 = ql.quaternion_from_axis_angle([0, 1, 0], 150, degrees=True)
    >>> q = ql.nlerp(ql.IDENTITY, q1, 0.25)
    >>> print(f"{ql.angle_between(ql.IDENTITY, q, degrees=True):.2f}")
    33.02
    """
    q0, q1, t = _prepare(q0, q1, t, shortest)
    _require_unit(q0, rtol, "q0")
    _require_unit(q1, rtol, "q1")
    return _normalize_chord(_chord(q0, q1, t, result_dtype(q0, q1)))


def slerp(
    q0, q1, t, shortest: bool = True, small_angle: float | None = None, rtol: float = UNIT_RTOL
) -> np.ndarray:
    """Spherical linear interpolation along the great arc: constant angular speed.

        slerp(q0, q1, t) = sin((1 - t) Ω) / sin Ω · q0 + sin(t Ω) / sin Ω · q1,

    where ``Ω`` is the angle between ``q0`` and ``q1`` on the 3-sphere (half the
    rotation angle between the two orientations).  The orientation turns by
    ``t · 2Ω`` about one fixed axis, so equal steps in ``t`` are equal angles.
    ``Ω`` is computed as ``2 arctan2(|q̂1 - q̂0|, |q̂1 + q̂0|)`` on the normalized
    inputs, which is accurate near 0 and near 180° (``arccos(q0·q1)`` is not).

    Parameters
    ----------
    q0, q1 : array_like, shape (..., 4)
        Unit quaternions ``(w, x, y, z)``.  They are not rescaled: ``t = 0``
        returns ``q0`` and ``t = 1`` returns ``q1`` (or ``-q1``) exactly as given
        (in the NLERP fallback, normalized); a length further than ``rtol`` from
        1 is an error (normalize them first).
    t : array_like, shape (...)
        Interpolation parameter; broadcasts against the leading axes of ``q0``
        and ``q1`` (``q0 (4,)``, ``t (n,)`` → ``(n, 4)``).
    shortest : bool, optional
        Use ``-q1`` where ``q0·q1 < 0`` so the turn is at most 180° (default).
        With ``False`` the given signs are kept and the motion may go the long way
        (up to 360°); then ``q1 = -q0`` (the same orientation: a full turn about
        an undetermined axis) is an error.
    small_angle : float, optional
        Where ``Ω < small_angle`` (radians) the inputs are nearly identical,
        ``sin Ω`` is nearly 0, and NLERP is returned instead (the two differ by
        ``O(Ω³)``).  With ``shortest=False``, ``π - Ω < small_angle`` counts as
        ``q1 = -q0``.  Default: the square root of the machine epsilon of the
        inputs' dtype (1.5e-8 for float64, 3.5e-4 for float32).
    rtol : float, optional
        Allowed ``| |q| - 1 |`` of the inputs (default ``1e-3``).

    Returns
    -------
    ndarray, shape broadcast(q0.shape[:-1], q1.shape[:-1], t.shape) + (4,)
        In the dtype of ``q0`` and ``q1`` (``t`` does not count).

    Raises
    ------
    ValueError
        If a shape is wrong, an entry is NaN or inf, an input is not unit within
        ``rtol``, or ``q1 = -q0`` with ``shortest=False``.  Never returns NaN.

    See Also
    --------
    nlerp : the cheap approximation.
    power : ``slerp(q0, q1, t) = q0 (q0⁻¹ q1)^t``.

    Examples
    --------
    From the identity to 150° about Y at t = 0, 0.25, 0.5, 0.75, 1: the angle
    grows by 37.5° per step.

    >>> import numpy as np, quatlib as ql
    >>> q1 = ql.quaternion_from_axis_angle([0, 1, 0], 150, degrees=True)
    >>> qs = ql.slerp(ql.IDENTITY, q1, [0, 0.25, 0.5, 0.75, 1])
    >>> qs.shape
    (5, 4)
    >>> ql.angle_between(ql.IDENTITY, qs, degrees=True)
    array([  0. ,  37.5,  75. , 112.5, 150. ])
    """
    return _slerp_fast(q0, q1, t, shortest, small_angle, rtol)


# ---------------------------------------------------------------------------
# Fast SLERP.  Each path returns None when anything is unusual (a NaN or inf, a
# non-unit input, q1 = -q0 with shortest=False, a zero chord, float32 batches,
# array-valued keywords); _slerp_reference then runs and raises or computes.
# So the messages, and the order in which the checks are made, are exactly the
# reference's.  A NaN or inf in q0 or q1 makes its length NaN or inf, which fails
# the unit check: the finiteness check of the inputs is folded into it.
# ---------------------------------------------------------------------------

_F64 = np.dtype(np.float64)
_F32 = np.dtype(np.float32)
_SQRT_EPS = {_F64: float(np.sqrt(np.finfo(np.float64).eps)), _F32: float(np.sqrt(np.finfo(np.float32).eps))}
_HALF_PI = math.pi / 2

#: Pairs of quaternions up to this many are interpolated with Python floats.
_SMALL_BATCH = 8

#: Rows per block in the batch kernel: its working set (about a dozen arrays of
#: _BLOCK x 4 floats at most) stays in the L2 cache.
_BLOCK = 2048

_isfinite = math.isfinite
_sin = math.sin
_hypot = math.hypot


def _flip(a: list, b: list) -> bool:
    """Whether q0·q1 < 0, decided as the reference decides it (numpy's einsum) near 0."""
    d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]
    if abs(d) > 1e-12:
        return d < 0
    return bool(np.einsum("i,i->", np.array(a), np.array(b)) < 0)


def _slerp_values(a: list, b: list, t: float, shortest: bool, small_angle: float, rtol: float):
    """SLERP of one pair given as Python floats; None if the reference must decide."""
    a0, a1, a2, a3 = a
    b0, b1, b2, b3 = b
    if shortest and _flip(a, b):
        b0, b1, b2, b3 = -b0, -b1, -b2, -b3
    omega = _pair_omega(a, [b0, b1, b2, b3], rtol)
    if omega is None or (not shortest and math.pi - omega < small_angle):
        return None
    if omega < small_angle:  # NLERP, in float64 like the reference
        s = 1 - t
        c = [s * a0 + t * b0, s * a1 + t * b1, s * a2 + t * b2, s * a3 + t * b3]
        n = _hypot(*c)
        if not (n > 0 and n < math.inf):
            return None
        return [x / n for x in c]
    s = _sin(omega)
    wa = _sin((1 - t) * omega) / s
    wb = _sin(t * omega) / s
    return [wa * a0 + wb * b0, wa * a1 + wb * b1, wa * a2 + wb * b2, wa * a3 + wb * b3]


def _scalar_t(t):
    """``t`` as a Python float if it is one finite number, else None."""
    if type(t) is float or type(t) is int:
        t = float(t)
        return t if _isfinite(t) else None
    return None


def _slerp_fast(q0, q1, t, shortest, small_angle, rtol):
    try:
        out = _slerp_dispatch(q0, q1, t, shortest, small_angle, rtol)
    except ValueError:
        out = None  # a bad shape or type: let the reference report it, in its order
    if out is None:
        return _slerp_reference(q0, q1, t, shortest, small_angle, rtol)
    return out


def _slerp_dispatch(q0, q1, t, shortest, small_angle, rtol):
    a = as_quaternion(q0, "quaternion q0", finite=False)
    b = as_quaternion(q1, "quaternion q1", finite=False)
    dtype = result_dtype(a, b)
    if small_angle is None:
        small_angle = _SQRT_EPS[dtype]
    elif type(small_angle) is not float and type(small_angle) is not int:
        if np.ndim(small_angle) != 0:
            return None
        small_angle = float(small_angle)
    if type(rtol) is not float and type(rtol) is not int:
        if np.ndim(rtol) != 0:
            return None
        rtol = float(rtol)
    shortest = bool(shortest)
    tv = _scalar_t(t)
    if tv is None:
        t = _as_float_array(t, "interpolation parameter t")
        if t.ndim == 0:
            tv = float(t)
            if not _isfinite(tv):
                return None
    if a.ndim == 1 and b.ndim == 1:
        if tv is not None:  # one pair, one time: Python floats (a widget, per frame)
            vals = _slerp_values(a.tolist(), b.tolist(), tv, shortest, small_angle, rtol)
            return None if vals is None else np.array(vals, dtype=dtype)
        if dtype is not _F64:
            return None
        return _trajectory(a, b, t, shortest, small_angle, rtol)
    if tv is not None:
        t = None
    try:
        lead = np.broadcast_shapes(a.shape[:-1], b.shape[:-1], () if t is None else t.shape)
    except ValueError:
        return None
    m = math.prod(lead)
    if m <= _SMALL_BATCH:
        rows_a = np.broadcast_to(a, lead + (4,)).reshape(m, 4).tolist()
        rows_b = np.broadcast_to(b, lead + (4,)).reshape(m, 4).tolist()
        ts = [tv] * m if t is None else np.broadcast_to(t, lead).reshape(m).tolist()
        if t is not None and not _isfinite(sum(ts)):
            return None
        out = []
        for ra, rb, ti in zip(rows_a, rows_b, ts):
            vals = _slerp_values(ra, rb, ti, shortest, small_angle, rtol)
            if vals is None:
                return None
            out.extend(vals)
        return np.array(out, dtype=dtype).reshape(lead + (4,))
    if dtype is not _F64 or a.dtype is not _F64 or b.dtype is not _F64:
        return None
    if t is not None and not np.isfinite(t).all():
        return None
    return _slerp_blocks(a, b, t, tv, lead, m, shortest, small_angle, rtol)


def _trajectory(a, b, t, shortest, small_angle, rtol):
    """One pair (float64, shape (4,)) at many times: Ω once, then two outer products."""
    av, bv = a.tolist(), b.tolist()
    if shortest and _flip(av, bv):
        bv = [-x for x in bv]
    omega = _pair_omega(av, bv, rtol)
    if omega is None or omega < small_angle or (not shortest and math.pi - omega < small_angle):
        return None
    shape = t.shape
    t = np.ascontiguousarray(t).reshape(-1)
    if not np.isfinite(t).all():
        return None
    n = t.size
    qa = np.array(av)
    qb = np.array(bv)
    out = np.empty((n, 4))
    blk = min(n, _BLOCK)
    # sin Ω through the same ufunc loop as sin((1 - t) Ω): exactly q0 at t = 0.
    sin_omega = float(np.sin(np.full(blk, omega))[0])
    wa = np.empty(blk)
    wb = np.empty(blk)
    tmp = np.empty((blk, 4))
    for s in range(0, n, _BLOCK):
        e = min(s + _BLOCK, n)
        k = e - s
        tb = t[s:e]
        x, y, z = wa[:k], wb[:k], tmp[:k]
        np.subtract(1.0, tb, out=x)
        np.multiply(x, omega, out=x)
        np.sin(x, out=x)
        np.divide(x, sin_omega, out=x)
        np.multiply(tb, omega, out=y)
        np.sin(y, out=y)
        np.divide(y, sin_omega, out=y)
        ob = out[s:e]
        np.multiply(x[:, None], qa, out=ob)
        np.multiply(y[:, None], qb, out=z)
        np.add(ob, z, out=ob)
    return out.reshape(shape + (4,))


def _pair_omega(av: list, bv: list, rtol: float):
    """Ω of one pair (q1 already flipped) from Python floats; None if not unit."""
    a0, a1, a2, a3 = av
    b0, b1, b2, b3 = bv
    n0 = _hypot(a0, a1, a2, a3)
    n1 = _hypot(b0, b1, b2, b3)
    # NaN/inf entries give a NaN/inf length: not unit, the reference reports them.
    if not (abs(n0 - 1) <= rtol and abs(n1 - 1) <= rtol):
        return None
    u0, u1, u2, u3 = a0 / n0, a1 / n0, a2 / n0, a3 / n0
    v0, v1, v2, v3 = b0 / n1, b1 / n1, b2 / n1, b3 / n1
    return 2 * math.atan2(_hypot(v0 - u0, v1 - u1, v2 - u2, v3 - u3), _hypot(v0 + u0, v1 + u1, v2 + u2, v3 + u3))


def _sumsq_planar(p: np.ndarray, tmp: np.ndarray, out: np.ndarray) -> np.ndarray:
    """Sum of squares of planar rows ``p`` (4, k) into ``out`` (k,)."""
    np.multiply(p, p, out=tmp)
    np.add(tmp[0], tmp[1], out=out)
    np.add(out, tmp[2], out=out)
    np.add(out, tmp[3], out=out)
    return out


def _slerp_blocks(a, b, t, tv, lead, m, shortest, small_angle, rtol):
    """Batch SLERP in float64, in blocks of _BLOCK rows that stay in cache.

    Each block is transposed to planar rows ``w x y z`` (4, k), so that every step
    is a contiguous ufunc call; the result is transposed back into the output.
    """
    A = np.broadcast_to(a, lead + (4,)).reshape(m, 4)
    B = np.broadcast_to(b, lead + (4,)).reshape(m, 4)
    if t is not None:
        t = np.broadcast_to(t, lead).reshape(m)
    out = np.empty((m, 4))
    blk = min(m, _BLOCK)
    f1 = [np.empty(blk) for _ in range(8)]
    f4 = [np.empty((4, blk)) for _ in range(5)]
    neg_full = np.empty(blk, dtype=bool)
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        for s in range(0, m, _BLOCK):
            e = min(s + _BLOCK, m)
            k = e - s
            n0, n1, d, om, wa, wb, w, sg = (x[:k] for x in f1)
            p0, p1, u0, u1, z = (x[:, :k] for x in f4)
            neg = neg_full[:k]
            np.copyto(p0, A[s:e].T)
            np.copyto(p1, B[s:e].T)
            np.sqrt(_sumsq_planar(p0, z, n0), out=n0)
            np.sqrt(_sumsq_planar(p1, z, n1), out=n1)
            # | |q| - 1 | <= rtol, NaN failing (as it does for NaN/inf entries)
            np.subtract(n0, 1.0, out=w)
            np.abs(w, out=w)
            if not w.max() <= rtol:
                return None
            np.subtract(n1, 1.0, out=w)
            np.abs(w, out=w)
            if not w.max() <= rtol:
                return None
            np.divide(p0, n0, out=u0)
            if shortest:
                np.multiply(p0, p1, out=z)
                np.add(z[0], z[1], out=d)
                np.add(d, z[2], out=d)
                np.add(d, z[3], out=d)
                np.less(d, 0.0, out=neg)
                np.multiply(neg, -2.0, out=sg)
                np.add(sg, 1.0, out=sg)  # -1 where q0·q1 < 0, else 1
                np.multiply(p1, sg, out=p1)  # the short path: -q1 on those rows
            np.divide(p1, n1, out=u1)
            np.subtract(u1, u0, out=z)
            _sumsq_planar(z, z, d)
            np.add(u1, u0, out=u0)
            _sumsq_planar(u0, u0, wa)
            np.sqrt(d, out=d)
            np.sqrt(wa, out=wa)
            np.arctan2(d, wa, out=om)
            np.multiply(om, 2.0, out=om)
            if not shortest:
                np.subtract(math.pi, om, out=w)
                if w.min() < small_angle:
                    return None
            small = None
            if om.min() < small_angle:
                small = np.flatnonzero(om < small_angle)
                om[small] = _HALF_PI  # no 0/0 in the unused branch
            np.sin(om, out=w)  # sin Ω
            if t is None:
                np.multiply(om, 1.0 - tv, out=wa)
                np.multiply(om, tv, out=wb)
            else:
                tb = t[s:e]
                np.subtract(1.0, tb, out=wa)
                np.multiply(wa, om, out=wa)
                np.multiply(tb, om, out=wb)
            np.sin(wa, out=wa)
            np.sin(wb, out=wb)
            np.divide(wa, w, out=wa)
            np.divide(wb, w, out=wb)
            np.multiply(p0, wa, out=u0)
            np.multiply(p1, wb, out=z)
            np.add(u0, z, out=u0)
            if small is not None:  # NLERP on the few nearly identical pairs
                ts = tv if t is None else t[s:e][small]
                c = (1 - ts) * p0[:, small] + ts * p1[:, small]
                nc = np.sqrt(_sumsq_planar(c, np.empty_like(c), np.empty(c.shape[1])))
                if not (np.isfinite(nc).all() and (nc > 0).all()):
                    return None
                u0[:, small] = c / nc
            np.copyto(out[s:e], u0.T)
    return out.reshape(lead + (4,))


def _slerp_reference(q0, q1, t, shortest, small_angle, rtol) -> np.ndarray:
    """The plain whole-array SLERP: the definition of every result and every message.

    The fast paths below return ``None`` whenever anything is unusual (an error
    to report, float32 batches, shapes they do not handle), and this runs instead.
    """
    q0, q1, t = _prepare(q0, q1, t, shortest)
    dtype = result_dtype(q0, q1)
    n0 = _require_unit(q0, rtol, "q0")
    n1 = _require_unit(q1, rtol, "q1")
    if small_angle is None:
        small_angle = float(np.sqrt(np.finfo(dtype).eps))
    u0 = q0 / n0[..., None]
    u1 = q1 / n1[..., None]
    omega = 2 * np.arctan2(_length(u1 - u0), _length(u1 + u0))
    if not shortest:
        antipodal = np.pi - omega < small_angle
        if antipodal.any():
            raise ValueError(
                "Expected q1 != -q0 for slerp with shortest=False (they are the same "
                "orientation, and no unique great arc joins them), got q1 = -q0 "
                f"(Ω = {np.degrees(float(np.max(omega))):.6g}°){_index(antipodal)}"
            )
    small = omega < small_angle
    safe = np.where(small, np.pi / 2, omega)[..., None]  # no 0/0 in the unused branch
    sin_omega = np.sin(safe)
    out = (np.sin((1 - t) * safe) / sin_omega) * q0 + (np.sin(t * safe) / sin_omega) * q1
    if small.any():
        fallback = _normalize_chord(_chord(q0, q1, t, np.float64))
        out = np.where(small[..., None], fallback, out)
    return out.astype(dtype, copy=False)
