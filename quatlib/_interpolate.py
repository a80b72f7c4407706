"""Interpolating between two orientations: LERP, NLERP and SLERP.

All three take the same arguments ``(q0, q1, t, shortest=True)`` and agree at the
ends (``t = 0`` gives ``q0``, ``t = 1`` gives ``q1`` or ``-q1``; nlerp gives them
divided by their lengths, which for its unit inputs changes at most the last digits):

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

import numpy as np

from ._algebra import _length
from ._blocks import in_blocks
from ._validate import (
    as_quaternion,
    as_scalar,
    as_tolerance,
    check_overflow,
    result_dtype,
)

__all__ = ["lerp", "nlerp", "slerp"]

#: Default for ``rtol`` of :func:`nlerp` and :func:`slerp`: how far ``|q|`` may be
#: from 1.  Loose enough for quaternions typed to four decimals and for float32
#: drift, tight enough to catch a forgotten ``normalize``.
UNIT_RTOL = 1e-3

#: Largest ``|t|`` :func:`slerp` accepts.  ``t Ω`` and ``(1 - t) Ω`` are rounded
#: separately, each by about ``|t| ε``, so far outside [0, 1] the two weights stop
#: matching and the result leaves the unit sphere (``| |q| - 1 |`` about 5e-11 at
#: ``t = 1e6``, 3e-5 at ``1e12``, 0.02 at ``1e15``).
SLERP_MAX_T = 1e6


# The default small_angle: the square root of the machine epsilon of each dtype.
_SQRT_EPS = {np.dtype(t): float(np.sqrt(np.finfo(t).eps)) for t in (np.float32, np.float64)}


def _index(mask: np.ndarray) -> str:
    if mask.ndim == 0:
        return ""
    return f" at index {tuple(int(i) for i in np.argwhere(mask)[0])}"


def _prepare(q0, q1, t, shortest: bool):
    """Validate, check broadcasting, flip q1 for the short path.

    ``t`` comes back with its own shape, a 0-d ``t`` as a numpy scalar (``t[()]``),
    whose arithmetic costs a fraction of a 0-d array's.
    """
    q0 = as_quaternion(q0, "quaternion q0")
    q1 = as_quaternion(q1, "quaternion q1")
    t = as_scalar(t, "interpolation parameter t")
    try:
        np.broadcast(q0[..., 0], q1[..., 0], t)  # views: checks the leading shapes only
    except ValueError:
        raise ValueError(
            "Expected q0 (..., 4), q1 (..., 4) and t (...) with broadcastable leading "
            f"shapes, got {q0.shape}, {q1.shape} and {t.shape}"
        ) from None
    if shortest:
        q1 = _short_way(q0, q1)
    return q0, q1, t[()]


def _short_way(q0: np.ndarray, q1: np.ndarray) -> np.ndarray:
    """``q1``, with ``-q1`` wherever ``q0·q1 < 0`` (the same rotation, the nearer sign)."""
    sign = 1.0 - 2.0 * (np.einsum("...i,...i->...", q0, q1) < 0)  # -1 where q0·q1 < 0
    return (sign[..., None] * q1).astype(q1.dtype, copy=False)


def _require_unit(q: np.ndarray, rtol: float, what: str) -> np.ndarray:
    """Return |q| in float64; raise if it is further than rtol from 1.

    Call under ``np.errstate(over="ignore", under="ignore")``: the squares of a
    huge or tiny ``q`` may overflow or underflow, which fails the check, and the
    message then gives the true length (:func:`~quatlib._algebra._length`).
    (``np.count_nonzero`` tests "any" here and below: on one number it costs a
    fraction of ``.any()``.)
    """
    n = np.sqrt(np.vecdot(q, q, dtype=np.float64))
    bad = ~(np.abs(n - 1) <= rtol)  # NaN-safe: NaN <= rtol is False
    if np.count_nonzero(bad):
        n = _length(q)
        value = float(n[tuple(np.argwhere(bad)[0])] if n.ndim else n)
        raise ValueError(
            f"Expected unit {what} (| |{what}| - 1 | <= {rtol:g}; use normalize), "
            f"got |{what}| = {value:.6g}{_index(bad)}"
        )
    return n


def lerp(q0, q1, t, shortest: bool = True) -> np.ndarray:
    """Linear interpolation along the chord, ``(1 - t) q0 + t q1``; not unit in between.

    Parameters
    ----------
    q0, q1 : array_like, shape (..., 4)
        Quaternions ``(w, x, y, z)``; any length (nothing is normalized).
    t : array_like, shape (...)
        Interpolation parameter; ``t = 0`` gives ``q0``, ``t = 1`` gives ``q1``
        (``-q1`` where it was flipped, see ``shortest``) exactly.  Broadcasts
        against the leading axes of ``q0`` and ``q1`` (see the module docstring:
        ``q0 (4,)``, ``t (n,)`` → ``(n, 4)``).
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
    t = t[..., None]
    with np.errstate(over="ignore", invalid="ignore"):
        chord = (1 - t) * q0 + t * q1
        chord = chord.astype(result_dtype(q0, q1), copy=False)
    return check_overflow(chord, "interpolated quaternion")


@np.errstate(over="ignore", under="ignore", invalid="ignore")  # overflow is reported as ValueError
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
        ``rtol`` (or ``rtol`` is negative or not finite), the chord is exactly 0
        at some ``t`` (``q1 = -q0`` at ``t = 0.5`` with ``shortest=False``; or,
        far outside [0, 1], two nearly equal inputs of slightly different
        lengths), or the chord overflows (``t`` near the float64 limit).

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
    rtol = as_tolerance(rtol, "tolerance rtol")
    q0, q1, t = _prepare(q0, q1, t, shortest)
    _require_unit(q0, rtol, "q0")
    _require_unit(q1, rtol, "q1")
    t = t[..., None]
    chord = check_overflow((1 - t) * q0 + t * q1, "interpolated quaternion")  # t far outside [0, 1]
    n = _length(chord)
    through_origin = ~(n > 0)
    if np.count_nonzero(through_origin):
        raise ValueError(
            "Expected a chord that misses the origin, got (1 - t) q0 + t q1 = 0"
            f"{_index(through_origin)}: no direction to normalize (e.g. q1 = -q0, the same rotation, at t = 0.5 "
            "with shortest=False)"
        )
    return (chord / n[..., None]).astype(result_dtype(q0, q1), copy=False)


@np.errstate(over="ignore", under="ignore")  # for the unit checks: see _require_unit
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
    A long batch of pairs with one ``t`` each goes through the formula a few
    thousand rows at a time (:func:`quatlib._blocks.in_blocks`: the same numbers,
    with temporaries that stay in the CPU cache); with several ``t`` per pair (a
    trajectory) each pair's ``Ω`` is computed once.

    Parameters
    ----------
    q0, q1 : array_like, shape (..., 4)
        Unit quaternions ``(w, x, y, z)``.  They are not rescaled: ``t = 0``
        returns ``q0`` and ``t = 1`` returns ``q1`` (or ``-q1``) exactly as given
        (in the NLERP fallback, normalized); a length further than ``rtol`` from
        1 is an error (normalize them first).
    t : array_like, shape (...)
        Interpolation parameter; broadcasts against the leading axes of ``q0``
        and ``q1`` (``q0 (4,)``, ``t (n,)`` → ``(n, 4)``).  ``|t|`` at most
        :data:`SLERP_MAX_T` (``1e6``): the extrapolated arc stays unit to about
        ``1e-10`` there, and leaves the sphere further out.
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
        Allowed ``| |q| - 1 |`` of the inputs (default ``1e-3``).  Tolerances
        are finite numbers ``>= 0``.

    Returns
    -------
    ndarray, shape broadcast(q0.shape[:-1], q1.shape[:-1], t.shape) + (4,)
        In the dtype of ``q0`` and ``q1`` (``t`` does not count).

    Raises
    ------
    ValueError
        If a shape is wrong, an entry is NaN or inf, an input is not unit within
        ``rtol``, ``|t| > 1e6``, a tolerance is not a finite number ``>= 0``,
        ``q1 = -q0`` with ``shortest=False``, or, in the NLERP used for nearly equal
        inputs, the chord is exactly 0 (far outside [0, 1], as in :func:`nlerp`).
        Never returns NaN.

    See Also
    --------
    nlerp : the cheap approximation.
    power : ``slerp(q0, q1, t, shortest=False) = q0 (q0⁻¹ q1)^t`` (with the default ``shortest``, after
        ``q1`` is replaced by ``-q1`` where ``q0·q1 < 0``).

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
    rtol = as_tolerance(rtol, "tolerance rtol")
    small_angle = as_tolerance(small_angle, "small-angle threshold small_angle")
    q0, q1, t = _prepare(q0, q1, t, shortest=False)  # (the short way is taken in arc, below)
    far = ~(np.abs(t) <= SLERP_MAX_T)
    if np.count_nonzero(far):
        raise ValueError(
            f"Expected interpolation parameter t with |t| <= {SLERP_MAX_T:g} for slerp "
            "(further out, rounding in sin(t Ω) moves the result off the unit sphere), "
            f"got t = {float(np.ravel(t)[np.ravel(far)][0]):g}{_index(far)}"
        )
    dtype = result_dtype(q0, q1)
    if small_angle is None:
        small_angle = _SQRT_EPS[dtype]

    def arc(q0, q1, t):  # the pairs (..., 4) and t (..., 1) -> the points on their arcs (..., 4)
        t = t[..., 0][()]  # (a 0-d t as a numpy scalar: see _prepare)
        if shortest:
            q1 = _short_way(q0, q1)
        n0 = _require_unit(q0, rtol, "q0")
        n1 = _require_unit(q1, rtol, "q1")
        u0 = q0 / n0[..., None]
        u1 = q1 / n1[..., None]
        # Ω = 2 arctan2(|u1 - u0|, |u1 + u0|) of unit u0, u1 (an underflow in these
        # squares means Ω ≈ 0: NLERP below)
        minus, plus = u1 - u0, u1 + u0
        omega = 2 * np.arctan2(np.sqrt(np.vecdot(minus, minus)), np.sqrt(np.vecdot(plus, plus)))
        if not shortest:
            antipodal = np.pi - omega < small_angle
            if np.count_nonzero(antipodal):
                raise ValueError(
                    "Expected q1 != -q0 for slerp with shortest=False (they are the same "
                    "orientation, and no unique great arc joins them), got q1 = -q0 "
                    f"(Ω = {np.degrees(float(np.max(omega))):.6g}°){_index(antipodal)}"
                )
        small = omega < small_angle
        any_small = np.count_nonzero(small) > 0
        if any_small:  # no 0/0 in the branch that is not used
            omega = np.where(small, np.pi / 2, omega)
        # the weights of q0 and q1 on the arc, one number per result
        sin_omega = np.sin(omega)
        w0 = np.sin((1 - t) * omega) / sin_omega
        w1 = np.sin(t * omega) / sin_omega
        out = w0[..., None] * q0 + w1[..., None] * q1
        if any_small:  # nearly identical inputs: NLERP (they differ by O(Ω³)), q1 already flipped
            out = np.where(small[..., None], nlerp(q0, q1, t, shortest=False, rtol=rtol), out)
        return out.astype(dtype, copy=False)

    t = t[..., None]
    if q0.ndim > 1 or q1.ndim > 1:
        pairs = np.broadcast_shapes(q0.shape[:-1], q1.shape[:-1])
        if pairs == np.broadcast_shapes(pairs, t.shape[:-1]):  # one t per pair
            # a long batch goes a few thousand rows at a time (quatlib._blocks): the
            # same numbers, with temporaries small enough to stay in the CPU cache
            return in_blocks(arc, q0, q1, t)
    return arc(q0, q1, t)  # one pair, or several t per pair: each pair's arc once, not once per t
