"""Drift: what rounding does to an orientation that is updated frame after frame.

A game turns an object a little every frame: ``q_n = step · q_{n-1}``.  Every
product is rounded to the working precision, and the rounding errors pile up:
the length ``|q_n|`` wanders away from 1, and a non-unit ``q`` no longer only
turns (the sandwich ``q v q*`` also scales by ``|q|²``; the shortcut engines use
stretches across the turn's axis).  A rotation matrix
updated the same way, ``R_n = S · R_{n-1}``, drifts too: its columns stop being
unit length (and, in general, perpendicular), so it stretches what it turns.  The fixes are
:func:`~quatlib.normalize` (four numbers and one square root) and
:func:`~quatlib.orthonormalize` (an SVD), applied every so often.

This module runs that experiment exactly as a float32 (or float64) program
would, and measures the result:

* :func:`accumulate_rotation` and :func:`accumulate_matrix` -- the running
  products, frame by frame, in the working dtype, optionally renormalized every
  ``N`` frames;
* :func:`length_error` and :func:`orthonormality_error` -- how far the stored
  numbers are from a rotation (``|q| - 1`` and ``max |Rᵀ R - I|``);
* :func:`max_drift` -- the largest ``| |q| - 1 |`` of the course's experiment
  (a 0.001 rad turn about Y per frame), for the exercise "how often must you
  normalize?";
* :func:`normalize_in_dtype` -- the normalization of a float32 C program
  (sum of squares, ``sqrtf``, divide, each rounded in the dtype), beside
  quatlib's :func:`~quatlib.normalize` (float64 inside, one rounding);
* :func:`sandwich_matrix` -- what ``v ↦ q v q*`` does for a non-unit ``q``
  (turns and scales by ``|q|²``), and :func:`rotate_assuming_unit` -- what the
  shortcut engines use instead does (turns and stretches across the axis).

**Why the length drifts.**  The length of a product is the product of the
lengths, ``|p q| = |p| |q|``, so any error in the step's length compounds: the
float32 quaternion of a 0.001 rad turn has length ``1 + 5.8e-9`` (its four
numbers are rounded), and exact arithmetic would grow ``(1 + 5.8e-9)^200000 =
1.00116`` after 200,000 frames.  On top of that every product is rounded again,
and those errors come in biased stretches that depend on the orientation.

**Exact digits -- and the size -- depend on the arithmetic.**  Each product
below is computed with the dtype's own arithmetic, one rounding per multiply and
per add, summed left to right in the order of the Hamilton product formula
(``multiply``'s docstring; the C code ``r.w = a.w*b.w - a.x*b.x - a.y*b.y -
a.z*b.z``).  IEEE arithmetic makes the result the same on every machine that runs
this code: 1.00041377 after 200,000 float32 frames, the per-product roundings
pulling against the step's growth.  A program that rounds elsewhere drifts
differently: a loop of :func:`~quatlib.multiply` (float64 intermediates, one
rounding per component, like a compiled program that keeps its intermediates in
wider registers) ends at 1.0011533, close to the exact-arithmetic 1.00116.  A
program whose compiler fuses multiplies with adds (FMA) can land near either
number, depending on which products it fuses and in what order.  So the digits
*and* the size of float32 drift depend on how the program rounds; what does not
depend on it is the cure: one normalization brings the length back to 1, and
normalizing often keeps it there.

**Why the loops are plain Python.**  The running product cannot be vectorized
(each frame needs the previous one), and a float32 program's digits depend on
every single rounding.  So the loops below spell the product out in scalars of
the dtype (numpy float32 scalars round every multiply and add to float32), in
the fixed order of the formula.  Changing that order (a ``np.dot``, an
``einsum``, a complex product, terms regrouped or skipped) changes the last
digits that notebook 05 prints.  200,000 float32 frames take about a third of
a second.

**The drift met in practice** is not rounding but integration: a physics step
``q ← q + ½ ω q dt`` (:func:`integrate_angular_velocity`) lengthens ``q`` by
the factor ``sqrt(1 + (|ω| dt / 2)²)`` every frame, in exact arithmetic.  The
fixes: :func:`~quatlib.normalize`, or the cheap :func:`renormalize_cheap`
``q (3 - |q|²) / 2`` (no square root; enough when ``q`` is already close to unit).
"""

from __future__ import annotations

import contextlib

import numpy as np

from ._algebra import IDENTITY, _length, conjugate, multiply, normalize
from ._axis_angle import quaternion_from_axis_angle
from ._matrix import _rotation_errors, orthonormalize
from ._validate import (
    ResultOverflow,
    as_count,
    as_matrix,
    as_number,
    as_numbers,
    as_quaternion,
    as_vector,
    check_overflow,
    result_dtype,
)

__all__ = [
    "sandwich_matrix",
    "rotate_assuming_unit",
    "accumulate_rotation",
    "accumulate_matrix",
    "length_error",
    "orthonormality_error",
    "max_drift",
    "normalize_in_dtype",
    "renormalize_cheap",
    "integrate_angular_velocity",
    "DRIFT_STEP_ANGLE",
]

#: The course's per-frame turn: 0.001 rad about Y (``step`` of :func:`max_drift`).
DRIFT_STEP_ANGLE = 0.001

_DTYPES = (np.dtype(np.float32), np.dtype(np.float64))


# --------------------------------------------------------------------------------------
# what a non-unit quaternion does
# --------------------------------------------------------------------------------------

_PURE_BASIS = np.array([[0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]])
_PURE_BASIS.flags.writeable = False


@contextlib.contextmanager
def _overflow_named(what: str):
    """An overflow inside the products computed here, reported as one of ``what`` (the result the caller asked
    for), not as "product p q", a step the caller never named."""
    try:
        yield
    except ResultOverflow as exc:
        raise exc.named(what) from None


def sandwich_matrix(q) -> np.ndarray:
    """The matrix of the map ``v ↦ q v q*`` (the conjugate, not the inverse): ``|q|²`` times a rotation.

    Column ``k`` is ``q e_k q*`` for the pure quaternion ``e_k`` of the k-th
    axis, computed with two Hamilton products.  For a unit ``q`` this is
    :func:`~quatlib.matrix_from_quaternion` (``q* = q⁻¹``).  For any other ``q``
    it is ``|q|² · matrix_from_quaternion(q)``: the sandwich with the conjugate
    turns *and scales* by ``|q|²``, which is what a drifted quaternion does to a
    mesh when a program computes the sandwich with ``q*`` for ``q⁻¹`` (to save
    a division).  Engines mostly use a shortcut worked out for unit ``q``
    instead, which does something else to a drifted ``q``
    (:func:`rotate_assuming_unit`).  :func:`~quatlib.rotate_vector` divides by
    ``|q|²`` and so hides the drift.

    Parameters
    ----------
    q : array_like, shape (..., 4)
        Quaternions ``(w, x, y, z)``, any length.

    Returns
    -------
    ndarray, shape (..., 3, 3)
        ``M`` with ``M @ v = (q v q*)_xyz``.

    Raises
    ------
    ValueError
        If the shape is not ``(..., 4)``, an entry is NaN or inf, or the result
        overflows (``|q|`` near the square root of the float64 limit).

    Examples
    --------
    A quaternion 10% too long scales by 1.21:

    >>> import quatlib as ql
    >>> ql.sandwich_matrix([1.1, 0, 0, 0])
    array([[1.21, 0.  , 0.  ],
           [0.  , 1.21, 0.  ],
           [0.  , 0.  , 1.21]])
    """
    q = as_quaternion(q)
    qe = q[..., None, :]  # (..., 1, 4) against the three basis vectors
    with _overflow_named("sandwich q v q*"):
        images = multiply(multiply(qe, _PURE_BASIS.astype(q.dtype)), conjugate(qe))  # (..., 3, 4): q e_k q*
    return np.swapaxes(images[..., 1:], -1, -2)


def rotate_assuming_unit(q, v) -> np.ndarray:
    """Turn vectors the way engines do: the sandwich worked out for a unit ``q``, ``v + 2w (u × v) + 2 u × (u × v)``.

    With ``q = (w, u)`` and ``|q| = 1``, ``q v q*`` simplifies to
    ``v + w t + u × t`` with ``t = 2 (u × v)``: two cross products, no
    division.  glm's ``quat * vec3``, Eigen's ``Quaternion::_transformVector``
    and Unreal's ``FQuat::RotateVector`` compute exactly this; Unity's
    ``Quaternion * Vector3`` computes the matrix with the same assumption
    (``1 - 2(y² + z²)``, ...), the same map.  :func:`~quatlib.rotate_vector`
    is the same formula with ``t = 2 (u × v) / |q|²``: the division that makes
    it a rotation for any length.

    For a drifted ``q = s q̂`` (``q̂`` unit, ``R`` its rotation) the shortcut
    gives ``(1 - s²) v + s² R v``: not ``R v`` scaled (that is the literal
    sandwich, :func:`sandwich_matrix`), but a vector along the turn's axis
    kept as it is and, across the axis, a turn by a slightly different angle
    and a stretch that grows with the angle turned: none at 0°,
    ``2s² - 1`` at 180°.  A model turned by a drifted ``q`` is flattened or
    bulged across its axis, and a spinning one pulses.

    Parameters
    ----------
    q : array_like, shape (..., 4)
        Quaternions ``(w, x, y, z)`` of any length (nothing divides by it; a
        zero ``q`` leaves every vector as it is).
    v : array_like, shape (..., 3)
        Vectors; leading axes broadcast against ``q``'s.

    Returns
    -------
    ndarray, shape broadcast(q.shape[:-1], v.shape[:-1]) + (3,)
        float32 if both inputs are float32, else float64.

    Raises
    ------
    ValueError
        If a shape is wrong, an entry is NaN or inf, or the result overflows.

    See Also
    --------
    rotate_vector : the rotation for any length of ``q``.
    sandwich_matrix : the literal ``q v q*``, which scales by ``|q|²``.

    Examples
    --------
    A quaternion 2 % too long, 30° about y: the axis keeps its length, x
    (across the axis) grows by 0.56 %; at 180° it would grow by 8 %.

    >>> import numpy as np, quatlib as ql
    >>> q = 1.02 * ql.quaternion_from_axis_angle([0, 1, 0], [30, 180], degrees=True)
    >>> np.linalg.norm(ql.rotate_assuming_unit(q[0], [[1, 0, 0], [0, 1, 0]]), axis=-1).round(4)
    array([1.0056, 1.    ])
    >>> float(np.linalg.norm(ql.rotate_assuming_unit(q[1], [1, 0, 0])).round(4))
    1.0808
    """
    q = as_quaternion(q)
    v = as_vector(v)
    w, u = q[..., :1], q[..., 1:]
    with np.errstate(over="ignore", invalid="ignore"):  # an overflow is reported as ValueError below
        t = 2 * np.cross(u, v)  # rotate_vector divides this by |q|²
        out = v + w * t + np.cross(u, t)
    return check_overflow(out.astype(result_dtype(q, v), copy=False), "rotated vector")


# --------------------------------------------------------------------------------------
# validation of the experiment's settings
# --------------------------------------------------------------------------------------


#: Most frames :func:`accumulate_rotation`, :func:`accumulate_matrix` and
#: :func:`max_drift` run: every frame is kept (about 220 bytes per quaternion
#: frame, 420 per matrix frame, while the loop runs), so this bounds the memory
#: to under 1 GB.  Ten times the course's 200,000 frames.
MAX_FRAMES = 2_000_000


def _as_dtype(dtype) -> np.dtype:
    """float32 or float64, given as a numpy type, a dtype or its name (not None)."""
    dt = None
    if dtype is not None:  # np.dtype(None) would silently be float64
        try:
            dt = np.dtype(dtype)
        except TypeError:
            pass
    if dt is None or dt not in _DTYPES:  # (``None in _DTYPES`` is True: dtype == None is float64)
        raise ValueError(f"Expected dtype float32 or float64, got {dtype!r}")
    return dt


def _as_frames(frames) -> int:
    """``frames`` as a whole number from 0 to :data:`MAX_FRAMES` (every frame of an experiment is kept)."""
    return as_count(frames, "frames", 0, MAX_FRAMES, why="every frame is kept in memory")


def _as_every(value, what: str):
    if value is None:
        return None
    return as_count(value, what, 1)


# --------------------------------------------------------------------------------------
# the running products, one rounding per operation
# --------------------------------------------------------------------------------------


def _scalars(values, dtype: np.dtype) -> list:
    """``values`` as scalars whose arithmetic rounds to ``dtype``.

    float64: Python floats (IEEE double: exactly numpy's float64 arithmetic, and
    faster); float32: numpy float32 scalars (every ``*``, ``+`` and ``-`` rounded
    to float32, as in a C program with ``float`` variables and no FMA).
    """
    scalar = float if dtype == np.float64 else dtype.type
    return [scalar(v) for v in values]


def _as_array(states: list, dtype: np.dtype) -> np.ndarray:
    """A list of equal-length tuples of scalars (one per frame) as a 2-D array of ``dtype``."""
    if dtype == np.float64:
        return np.array(states, dtype=dtype)
    flat = np.fromiter((v for state in states for v in state), dtype=dtype, count=len(states) * len(states[0]))
    return flat.reshape(len(states), len(states[0]))


def _rounded(a: np.ndarray, dtype: np.dtype, what: str) -> np.ndarray:
    """``a`` rounded to ``dtype`` (what the program stores); ValueError if it does not fit."""
    with np.errstate(over="ignore"):
        return check_overflow(a.astype(dtype), what)


def _is_frame_to_fix(n: int, every) -> bool:
    """Whether frame ``n`` (1, 2, ...) ends with a normalization (every ``every``-th frame)."""
    return every is not None and n % every == 0


# --------------------------------------------------------------------------------------
# quaternions
# --------------------------------------------------------------------------------------


def accumulate_rotation(step_q, frames: int, dtype=np.float32, normalize_every=None, *,
                        normalizer=None) -> np.ndarray:
    """The orientation after each frame of ``q_n = step · q_{n-1}``, from the identity, rounded as ``dtype``.

    Frame ``n`` applies ``step`` once more (``multiply(step, q)``: the step is
    applied after everything so far, about the world axes).  Every multiply and
    add is rounded to ``dtype``, as a program storing the orientation in that
    dtype would; nothing is normalized unless asked.

    Parameters
    ----------
    step_q : array_like, shape (4,)
        The per-frame turn ``(w, x, y, z)``, first rounded to ``dtype`` (it is
        what the program would store).  Normally a unit quaternion.
    frames : int
        Number of frames, from 0 to :data:`MAX_FRAMES` (2,000,000: every
        frame is kept in memory).
    dtype : {numpy.float32, numpy.float64}, optional
        The working precision (default float32, a game engine's).
    normalize_every : int, optional
        Replace ``q_n`` by ``normalize(q_n)`` after every ``normalize_every``-th
        frame (``n = N, 2N, ...``); ``None`` (default) never normalizes.
    normalizer : callable, optional
        The normalization to use, ``normalizer(q) -> unit q`` for one
        quaternion of ``dtype`` (its result is rounded to ``dtype``).  Default
        :func:`~quatlib.normalize` (float64 inside, one rounding); a float32
        program's own is :func:`normalize_in_dtype`.

    Returns
    -------
    ndarray, shape (frames + 1, 4), dtype ``dtype``
        ``q_0 = (1, 0, 0, 0)``, ``q_1``, ..., ``q_frames``: row ``n`` is the
        orientation after frame ``n`` (after its normalization, if any).  Measure
        the drift with :func:`length_error`.

    Raises
    ------
    ValueError
        If ``step_q`` is not shape (4,) or not finite (or does not fit in
        ``dtype``), ``frames`` is not a whole number in ``0 .. MAX_FRAMES``,
        ``normalize_every`` is not ``None`` or a whole number ``>= 1``,
        ``dtype`` is not float32 or float64, or the orientation overflows
        (a step far from unit length): never an inf or NaN row.

    Notes
    -----
    The exact last digits depend on the order of operations and on the hardware
    arithmetic (see the module docstring); this computes every product in the
    order of the Hamilton product formula with one IEEE rounding per operation,
    so it gives the same digits on every machine.  That order is why the loop
    is written out term by term below and must stay so: any other order (numpy's
    ``multiply``, a matrix product, terms skipped or regrouped) rounds
    differently and changes the digits notebook 05 prints.  The C program of the course's
    source printed ``1.00041544`` after 200,000 float32 frames; this gives
    ``1.00041377`` (the length of the stored numbers; measured in float32 it
    rounds to 1.00041378); a loop of :func:`~quatlib.multiply` gives 1.0011533.

    The step itself is rounded too: the float32 quaternion of a 0.001 rad turn
    has length ``1 + 5.8e-9``, and since ``|p q| = |p| |q|`` 200,000 such steps
    in exact arithmetic give 1.00116; the rounding of each product, one
    operation at a time, pulls the other way.  The drift is not steady
    either: averaged over the run it is 2e-9 per frame, but over a few hundred
    frames it runs up to about twenty times that, and over tens of frames up to
    thirty times, up and down (see :func:`max_drift`).

    200,000 frames take a few tenths of a second in float32 (a Python loop over
    numpy scalars) and less in float64.

    See Also
    --------
    accumulate_matrix : the same experiment with a rotation matrix.
    max_drift : the largest ``| |q| - 1 |`` of the course's experiment.

    Examples
    --------
    The course's experiment: a 0.001 rad turn about Y (computed in float32, as a
    float32 program does), 200,000 times.

    >>> import numpy as np, quatlib as ql
    >>> step = ql.quaternion_from_axis_angle(np.float32([0, 1, 0]), np.float32(0.001))
    >>> qs = ql.accumulate_rotation(step, 200_000, np.float32)
    >>> qs.shape, qs.dtype
    ((200001, 4), dtype('float32'))
    >>> print(f"{ql.norm(qs[-1].astype(np.float64)):.8f}")   # the stored numbers' length, measured exactly
    1.00041377

    One normalize brings it back to 1 (to the printed precision):

    >>> print(f"{ql.norm(ql.normalize(qs[-1])):.8f}")
    1.00000000

    The same program in float64 stays within 1e-10 of 1:

    >>> step64 = ql.quaternion_from_axis_angle([0, 1, 0], 0.001)
    >>> qs64 = ql.accumulate_rotation(step64, 200_000, np.float64)
    >>> print(f"{ql.length_error(qs64[-1]):.1e}")
    8.6e-12
    """
    dtype = _as_dtype(dtype)
    step = as_quaternion(step_q, "step quaternion step_q")
    if step.shape != (4,):
        raise ValueError(f"Expected one step quaternion step_q with shape (4,), got {step.shape}")
    frames = _as_frames(frames)
    every = _as_every(normalize_every, "normalize_every")
    normalizer = normalize if normalizer is None else normalizer
    pw, px, py, pz = _scalars(_rounded(step, dtype, "step quaternion step_q").tolist(), dtype)
    w, x, y, z = _scalars(IDENTITY.tolist(), dtype)
    states = [(w, x, y, z)]
    # An overflow (a step far from unit length) is reported once, at the end (or
    # before a normalization), instead of warning in every frame.
    with np.errstate(over="ignore", invalid="ignore"):
        for n in range(1, frames + 1):
            # q = step · q, the Hamilton product; each sum left to right (see the module docstring)
            w, x, y, z = (
                pw * w - px * x - py * y - pz * z,
                pw * x + px * w + py * z - pz * y,
                pw * y - px * z + py * w + pz * x,
                pw * z + px * y - py * x + pz * w,
            )
            if _is_frame_to_fix(n, every):
                q = check_overflow(np.array([w, x, y, z], dtype), f"orientation q_{n}")
                w, x, y, z = _scalars(np.asarray(normalizer(q), dtype=dtype).tolist(), dtype)
            states.append((w, x, y, z))
        # once NaN or inf, always: every entry of a product involves every entry
        return check_overflow(_as_array(states, dtype), "orientations q_n")


def length_error(q) -> np.ndarray:
    """``|q| - 1`` of each quaternion, measured in float64: how far it drifted from unit length.

    The stored numbers (float32 or float64) are converted to float64 exactly and
    their length computed there, so what is measured is the drift of the numbers
    themselves, not the rounding of the measurement.

    Parameters
    ----------
    q : array_like, shape (..., 4)
        Quaternions ``(w, x, y, z)``.

    Returns
    -------
    ndarray of float64, shape (...)
        Positive when ``q`` grew, negative when it shrank.

    Raises
    ------
    ValueError
        If the shape is not ``(..., 4)``, an entry is NaN or inf, or ``|q|``
        exceeds the float64 range (no squares overflow: ``[1e200, 0, 0, 0]``
        gives ``1e200``).

    Examples
    --------
    >>> import quatlib as ql
    >>> print(f"{ql.length_error([1.0004, 0, 0, 0]):.4f}")
    0.0004
    """
    q = as_quaternion(q).astype(np.float64)
    # |q| without overflow in the squares (length_error([1e200, 0, 0, 0]) is 1e200)
    return check_overflow(_length(q), "length |q|") - 1.0


def max_drift(frames: int = 200_000, normalize_every=None, dtype=np.float32, step_q=None, *,
              normalizer=None) -> float:
    """The largest ``| |q_n| - 1 |`` over frames ``0 .. frames`` of the course's drift experiment.

    Runs :func:`accumulate_rotation` with ``step_q`` (default: the course's
    0.001 rad turn about Y, :data:`DRIFT_STEP_ANGLE`, computed in ``dtype``) and
    returns the worst length error, measured after each frame's normalization
    (if any).  This is the number the exercise "how often must you normalize to
    stay within 1e-6 in float32?" asks about.

    The answer is not what the average drift suggests.  Without normalizing,
    float32 ends 4.1e-4 long after 200,000 frames: 2e-9 per frame on average,
    so every 480 frames would seem to do.  But rounding errors come in biased
    stretches: near some orientations the length grows by about 6e-8 per frame
    for tens of frames in a row (up to 8e-8 in a single frame), near others it
    shrinks.  With quatlib's :func:`~quatlib.normalize`, normalizing every
    17 frames keeps the error below 1e-6 and every 18 frames does not; with a
    float32 program's own normalization (:func:`normalize_in_dtype`) the
    boundary is 16: the last bit a normalization leaves matters at this scale.

    Parameters
    ----------
    frames : int, optional
        Number of frames (default 200,000).
    normalize_every : int, optional
        Normalize after every ``normalize_every``-th frame; ``None`` never.
    dtype : {numpy.float32, numpy.float64}, optional
        Working precision (default float32).
    step_q : array_like, shape (4,), optional
        The per-frame turn.
    normalizer : callable, optional
        The normalization (default :func:`~quatlib.normalize`); see
        :func:`accumulate_rotation`.

    Returns
    -------
    float

    Raises
    ------
    ValueError
        As :func:`accumulate_rotation`.

    Examples
    --------
    Without normalizing, the worst frame is near the end (the last is 4.14e-4):

    >>> import numpy as np, quatlib as ql
    >>> print(f"{ql.max_drift(200_000):.2e}")
    4.16e-04
    >>> print(f"{ql.max_drift(200_000, normalize_every=17):.2e}")
    9.84e-07
    >>> print(f"{ql.max_drift(200_000, normalize_every=18):.2e}")
    1.06e-06
    >>> print(f"{ql.max_drift(200_000, normalize_every=17, normalizer=ql.normalize_in_dtype):.2e}")
    1.02e-06
    """
    if step_q is None:
        dt = _as_dtype(dtype)
        step_q = quaternion_from_axis_angle(np.array([0.0, 1.0, 0.0], dt), dt.type(DRIFT_STEP_ANGLE))
    qs = accumulate_rotation(step_q, frames, dtype, normalize_every, normalizer=normalizer)
    return float(np.abs(length_error(qs)).max())


def normalize_in_dtype(q) -> np.ndarray:
    """``q / |q|`` computed the way a program storing ``q`` in its dtype does: every operation rounded to that dtype.

    For float32 this is the C code ``n = sqrtf(w*w + x*x + y*y + z*z); w /= n; ...``:
    the squares and their sum (left to right), the square root and the four
    divisions are each rounded to float32.  :func:`~quatlib.normalize` instead
    computes in float64 and rounds the result once; both are sensible, and
    they can differ in the last bit -- which is enough to move the answer of
    "how often must I normalize?" (see :func:`max_drift`).

    Parameters
    ----------
    q : array_like, shape (..., 4)
        Non-zero quaternions, float32 or float64 (anything else is taken as float64).

    Returns
    -------
    ndarray, shape (..., 4), same dtype

    Raises
    ------
    ValueError
        If the shape is not ``(..., 4)``, an entry is NaN or inf, or a
        quaternion is zero or its squares leave the dtype's range.

    Examples
    --------
    >>> import numpy as np, quatlib as ql
    >>> u = ql.normalize_in_dtype(np.float32([3, 0, 4, 0]))
    >>> u, u.dtype
    (array([0.6, 0. , 0.8, 0. ], dtype=float32), dtype('float32'))
    """
    q = as_quaternion(q)
    if q.dtype not in _DTYPES:
        q = q.astype(np.float64)
    with np.errstate(over="ignore", under="ignore"):
        n2 = q[..., 0] * q[..., 0] + q[..., 1] * q[..., 1] + q[..., 2] * q[..., 2] + q[..., 3] * q[..., 3]
    n2 = check_overflow(np.asarray(n2), "sum of squares |q|²")
    if not (n2 > 0).all():
        raise ValueError("Expected non-zero quaternions (their squares must not underflow to 0)")
    return q / np.sqrt(n2)[..., None]


def renormalize_cheap(q) -> np.ndarray:
    """``q · (3 − |q|²) / 2``: nearly unit again, with no square root -- for a ``q`` that is already close to unit.

    One Newton step towards ``1 / |q|`` from the guess 1.  For ``|q| = 1 + e``
    the result has length ``1 − 3e²/2 − e³/2``: a length error ``e`` becomes
    about ``1.5 e²`` (4e-4 becomes 2.4e-7, 1e-6 becomes 1.5e-12, below float32's
    resolution).  Engines use it every frame, where ``e`` stays tiny; far from
    unit it fails (``|q| = 1.5`` gives length 0.5625), so it is no substitute for
    :func:`~quatlib.normalize` on arbitrary input.  Computed in ``q``'s dtype
    (float32 stays float32).

    Parameters
    ----------
    q : array_like, shape (..., 4)
        Quaternions, normally within a few percent of unit length.

    Returns
    -------
    ndarray, shape (..., 4)

    Raises
    ------
    ValueError
        If the shape is not ``(..., 4)``, an entry is NaN or inf, or the result
        overflows: it grows like ``|q|³/2``, beyond the float64 range from
        about ``|q| = 7e102`` (float32: ``9e12``).

    Examples
    --------
    >>> import quatlib as ql
    >>> q = ql.renormalize_cheap([1.0004, 0, 0, 0])
    >>> print(f"{ql.length_error(q):.2e}")
    -2.40e-07
    >>> print(f"{ql.length_error(ql.renormalize_cheap(q)):.0e}")   # once more: the error squares again
    -9e-14
    """
    q = as_quaternion(q)
    if q.dtype not in _DTYPES:
        q = q.astype(np.float64)
    with np.errstate(over="ignore", invalid="ignore"):  # an overflow is reported as ValueError
        n2 = np.sum(q * q, axis=-1, keepdims=True)
        out = q * ((3 - n2) / 2)
    return check_overflow(out, "renormalized quaternion")


def integrate_angular_velocity(omega, dt: float, frames: int, dtype=np.float64, renormalize=None,
                               q0=None) -> np.ndarray:
    """The orientation after each physics step ``q ← q + ½ ω q dt`` (explicit Euler), from ``q0``.

    ``ω`` is the angular velocity in world axes, as the pure quaternion
    ``(0, ωx, ωy, ωz)``; ``dq/dt = ½ ω q`` is the exact rate of change of the
    orientation, and one Euler step adds ``dt`` times it.  In exact arithmetic
    ``q + ½ ω q dt = (1 + ½ ω dt) q``, and ``|1 + ½ ω dt| = sqrt(1 + (|ω| dt /
    2)²)`` (:math:`|pq| = |p||q|`): the step itself lengthens ``q`` by that
    factor every frame, with no rounding involved -- this is the drift a game's
    physics meets, far larger than float32 rounding.  ``renormalize`` (e.g.
    :func:`~quatlib.normalize` or :func:`renormalize_cheap`), applied after
    every step, removes it.

    Parameters
    ----------
    omega : array_like, shape (3,)
        Angular velocity (rad per unit time), world axes.
    dt : float
        Time step, ``> 0``.
    frames : int
        Number of steps, ``0 .. MAX_FRAMES``.
    dtype : {numpy.float32, numpy.float64}, optional
        The stored precision (default float64): the state is rounded to it
        after every step.
    renormalize : callable, optional
        ``renormalize(q) -> q`` applied after every step; ``None`` (default): never.
    q0 : array_like, shape (4,), optional
        The start orientation (default the identity).

    Returns
    -------
    ndarray, shape (frames + 1, 4), dtype ``dtype``
        ``q_0 = q0``, then the orientation after each step.

    Raises
    ------
    ValueError
        If ``omega`` is not shape (3,) or not finite, ``dt`` is not a positive
        finite number, ``frames`` is not a whole number in ``0 .. MAX_FRAMES``,
        ``dtype`` is not float32 or float64, or the orientation overflows.

    Examples
    --------
    One turn per second about y, 60 steps per second, for 10 seconds: the
    length grows by ``sqrt(1 + (2π/120)²)`` (0.14 %) per frame, to 2.27.

    >>> import numpy as np, quatlib as ql
    >>> qs = ql.integrate_angular_velocity([0, 2 * np.pi, 0], 1 / 60, 600)
    >>> print(f"{ql.norm(qs[-1]):.4f}  {np.sqrt(1 + (np.pi / 60) ** 2) ** 600:.4f}")
    2.2735  2.2735
    >>> fixed = ql.integrate_angular_velocity([0, 2 * np.pi, 0], 1 / 60, 600, renormalize=ql.renormalize_cheap)
    >>> print(f"{abs(ql.length_error(fixed)).max():.0e}")
    3e-06
    """
    dtype = _as_dtype(dtype)
    w = as_numbers(omega, 3, "angular velocity omega").astype(np.float64)
    if not as_number(dt, "time step dt") > 0:
        raise ValueError(f"Expected time step dt > 0, got {dt!r}")
    dt = float(dt)
    frames = _as_frames(frames)
    half_w_dt = _rounded(np.concatenate([[0.0], w]) * (0.5 * dt), dtype, "½ ω dt")
    q = _rounded(as_quaternion(IDENTITY if q0 is None else q0, "start orientation q0").astype(np.float64), dtype,
                 "start orientation q0")
    if q.shape != (4,):
        raise ValueError(f"Expected one start orientation q0 with shape (4,), got {q.shape}")
    out = np.empty((frames + 1, 4), dtype)
    out[0] = q
    with np.errstate(over="ignore", invalid="ignore"), _overflow_named("orientations q_n"):  # an overflow: named
        for n in range(1, frames + 1):
            q = (q + multiply(half_w_dt, q)).astype(dtype)  # q + ½ ω q dt, stored in dtype
            if renormalize is not None:
                q = np.asarray(renormalize(q), dtype=dtype)
            out[n] = q
    return check_overflow(out, "orientations q_n")


# --------------------------------------------------------------------------------------
# matrices
# --------------------------------------------------------------------------------------


def accumulate_matrix(step_R, frames: int, dtype=np.float32, reorthonormalize_every=None) -> np.ndarray:
    """The matrix after each frame of ``R_n = S · R_{n-1}``, from the identity, rounded as ``dtype``.

    The matrix version of :func:`accumulate_rotation`: every multiply and add of
    the 3x3 product is rounded to ``dtype``.  The columns slowly stop being unit
    length and perpendicular (measure with :func:`orthonormality_error`); the fix
    is :func:`~quatlib.orthonormalize`, an SVD, much costlier than normalizing a
    quaternion's four numbers.

    Parameters
    ----------
    step_R : array_like, shape (3, 3)
        The per-frame turn ``S``, first rounded to ``dtype``.  Normally a
        rotation matrix (``matrix_from_quaternion(step_q)``).
    frames : int
        Number of frames, from 0 to :data:`MAX_FRAMES` (2,000,000: every
        frame is kept in memory).
    dtype : {numpy.float32, numpy.float64}, optional
        The working precision (default float32).
    reorthonormalize_every : int, optional
        Replace ``R_n`` by ``orthonormalize(R_n)`` after every
        ``reorthonormalize_every``-th frame; ``None`` (default) never.  Each
        call is an SVD (tens of microseconds), so every frame for 200,000
        frames takes seconds.

    Returns
    -------
    ndarray, shape (frames + 1, 3, 3), dtype ``dtype``
        ``R_0 = I``, ``R_1``, ..., ``R_frames``.

    Raises
    ------
    ValueError
        If ``step_R`` is not shape (3, 3) or not finite (or does not fit in
        ``dtype``), ``frames`` is not a whole number in ``0 .. MAX_FRAMES``, the
        matrix overflows, ``reorthonormalize_every`` is not ``None`` or a
        whole number ``>= 1``, or ``dtype`` is not float32 or float64.

    Notes
    -----
    Exact digits depend on the order of operations and the hardware (see
    :func:`accumulate_rotation`); here each entry is ``S_i0 R_0k + S_i1 R_1k +
    S_i2 R_2k`` summed left to right, one IEEE rounding per operation.  The
    loop spells that order out (a ``@`` would sum in another order and change
    the digits notebook 05 prints).

    See Also
    --------
    accumulate_rotation : the quaternion version.
    orthonormality_error : ``max |Rᵀ R - I|`` per matrix.

    Examples
    --------
    The course's 0.001 rad turn about Y, 200,000 times, as a float32 matrix:
    its x and z columns grew by 0.4% (``1.00425² - 1 = 0.0085``).

    >>> import numpy as np, quatlib as ql
    >>> step = ql.quaternion_from_axis_angle(np.float32([0, 1, 0]), np.float32(0.001))
    >>> Rs = ql.accumulate_matrix(ql.matrix_from_quaternion(step), 200_000, np.float32)
    >>> print(f"{ql.orthonormality_error(Rs[-1]):.1e}")
    8.5e-03
    >>> print(f"{ql.orthonormality_error(ql.orthonormalize(Rs[-1])):.0e}")
    4e-08
    """
    dtype = _as_dtype(dtype)
    S = as_matrix(step_R, "step matrix step_R")
    if S.shape != (3, 3):
        raise ValueError(f"Expected one step matrix step_R with shape (3, 3), got {S.shape}")
    frames = _as_frames(frames)
    every = _as_every(reorthonormalize_every, "reorthonormalize_every")
    S = _rounded(S, dtype, "step matrix step_R")
    s00, s01, s02, s10, s11, s12, s20, s21, s22 = _scalars(S.ravel().tolist(), dtype)
    R = tuple(_scalars(np.eye(3).ravel().tolist(), dtype))
    states = [R]
    with np.errstate(over="ignore", invalid="ignore"):  # an overflow is reported below
        for n in range(1, frames + 1):
            # R = S R: entry (i, k) is S_i0 R_0k + S_i1 R_1k + S_i2 R_2k, summed left to right
            r00, r01, r02, r10, r11, r12, r20, r21, r22 = R
            R = (
                s00 * r00 + s01 * r10 + s02 * r20, s00 * r01 + s01 * r11 + s02 * r21, s00 * r02 + s01 * r12 + s02 * r22,
                s10 * r00 + s11 * r10 + s12 * r20, s10 * r01 + s11 * r11 + s12 * r21, s10 * r02 + s11 * r12 + s12 * r22,
                s20 * r00 + s21 * r10 + s22 * r20, s20 * r01 + s21 * r11 + s22 * r21, s20 * r02 + s21 * r12 + s22 * r22,
            )  # fmt: skip
            if _is_frame_to_fix(n, every):
                M = check_overflow(np.array(R, dtype=dtype).reshape(3, 3), f"matrix R_{n}")
                R = tuple(_scalars(orthonormalize(M).ravel().tolist(), dtype))
            states.append(R)
        return check_overflow(_as_array(states, dtype).reshape(-1, 3, 3), "matrices R_n")


def orthonormality_error(R) -> np.ndarray:
    """``max |Rᵀ R - I|`` of each matrix, measured in float64: how far its columns are from orthonormal.

    0 for a rotation (or a reflection); ``|Rᵀ R - I|`` holds the squared column
    lengths minus 1 on its diagonal and the dot products of pairs of columns off
    it, so this is the worst of "a column is not unit length" and "two columns
    are not perpendicular".  The numbers are converted to float64 exactly
    before measuring (as in :func:`length_error`).

    Parameters
    ----------
    R : array_like, shape (..., 3, 3)
        Matrices.

    Returns
    -------
    ndarray of float64, shape (...)

    Raises
    ------
    ValueError
        If the shape is not ``(..., 3, 3)``, an entry is NaN or inf, or the
        error exceeds the float64 range (entries beyond about 1e154).

    See Also
    --------
    is_rotation_matrix : the same measure, against a tolerance.
    orthonormalize : the nearest rotation.

    Examples
    --------
    The first column 1% too long: ``1.01² - 1 = 0.0201``.

    >>> import numpy as np, quatlib as ql
    >>> print(f"{ql.orthonormality_error(np.diag([1.01, 1, 1])):.4f}")
    0.0201
    """
    R = as_matrix(R, "matrix").astype(np.float64)
    with np.errstate(over="ignore", invalid="ignore"):  # reported just below
        err, _ = _rotation_errors(R.reshape(-1, 3, 3))
    return check_overflow(err, "orthonormality error max |Rᵀ R - I|").reshape(R.shape[:-2])

