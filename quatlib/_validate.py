"""The one validation gate every public quatlib function goes through.

Each helper turns user input into a floating-point numpy array of the expected
shape, or raises :class:`ValueError` with a message of the form
``"Expected <what>, got <what was given>"``.  The order of the checks is fixed:

1. type and shape (real numbers; the last axis must be 4, 3 or (3, 3));
2. finiteness (NaN and inf are reported as NaN and inf, never as "zero");
3. non-zero length, only where a zero would make the result undefined.

Floating dtypes are kept (float32 stays float32; byte order becomes native),
anything else numeric becomes float64.  Nothing here rescales, clips or replaces
a value.  A result that does not fit in its dtype (an overflow to inf or NaN) is
an error too (:func:`check_overflow`), so no function returns NaN silently.

Speed: finiteness is decided by one sum (:func:`all_finite`): of Python floats
from ``tolist()`` for a single quaternion or vector, a fraction of a
microsecond; one ``np.add.reduce`` for a batch.  Only a sum that is not finite
is followed by an entry-by-entry look.  A function may also defer the
finiteness check to its result (``finite=False``, as :func:`quatlib.multiply`
and :func:`quatlib.rotate_vector` do) when every non-finite input is guaranteed
to make the result non-finite: only a result that is not finite sends the
inputs through :func:`check_finite`, so the messages are the same either way.
"""

from __future__ import annotations

import math
import numbers
import operator

import numpy as np

__all__: list[str] = []  # private module: nothing re-exported

_FLOATS = (np.float32, np.float64)
_F32 = np.dtype(np.float32)
_F64 = np.dtype(np.float64)
_SMALL = 16  # arrays up to this size are checked with Python floats
_isfinite = math.isfinite
_F64_MAX_INT = int(np.finfo(np.float64).max)  # the largest int a float64 holds


def _as_float_array(x, what: str) -> np.ndarray:
    """Return ``x`` as a native float32/float64 array; reject complex, object, strings."""
    if type(x) is np.ndarray:
        a = x
    else:
        try:
            a = np.asarray(x)
        except (ValueError, TypeError) as exc:  # ragged nested lists
            raise ValueError(
                f"Expected {what} as a regular array of real numbers, "
                f"got a ragged sequence ({exc})"
            ) from None
    dt = a.dtype
    if dt.kind == "O" and a.size and all(type(v) is int for v in a.flat):
        # Python ints beyond int64: numpy keeps them as objects; they are real
        # numbers, usable if they fit in a float64 (up to about 1.8e308).
        if not all(abs(v) <= _F64_MAX_INT for v in a.flat):
            raise ValueError(
                f"Expected {what} within the float64 range (|x| <= 1.8e308), "
                "got a Python int too large for a float"
            )
        return a.astype(np.float64)
    if dt.type in _FLOATS:
        return a if dt.isnative else a.astype(dt.newbyteorder("="))
    if dt.kind in "biuf":  # bool, int, uint, other floats (float16, longdouble)
        return a.astype(np.float64)
    raise ValueError(f"Expected {what} of real numbers, got dtype {dt}")


def _describe_bad(a: np.ndarray) -> str:
    """Describe the first non-finite entry of ``a`` ('NaN at index (0, 2)', 'NaN')."""
    if a.ndim == 0:
        value = a[()]
        index = None
    else:
        index = tuple(int(i) for i in np.argwhere(~np.isfinite(a))[0])
        value = a[index]
    kind = "NaN" if np.isnan(value) else ("+inf" if value > 0 else "-inf")
    if index is None:
        return kind
    return f"{kind} at index {index if a.ndim > 1 else index[0]}"


def all_finite(a: np.ndarray) -> bool:
    """Whether every entry of the float array ``a`` is finite, in one cheap pass.

    A NaN or inf makes the sum of all entries NaN or inf, so a finite sum proves
    every entry finite; only a sum that is not finite (a NaN/inf entry, or finite
    entries whose sum overflows) is checked entry by entry.  A handful of numbers
    is summed as Python floats (a fraction of a microsecond), a batch with one
    ``np.add.reduce`` (no boolean temporary, unlike ``np.isfinite(a).all()``).
    """
    if a.size <= _SMALL:
        vals = a.ravel().tolist()
        return _isfinite(sum(vals)) or all(map(_isfinite, vals))
    with np.errstate(over="ignore", invalid="ignore"):
        total = np.add.reduce(a, axis=None)
    return _isfinite(total) or bool(np.isfinite(a).all())


def check_finite(a: np.ndarray, what: str) -> np.ndarray:
    """Raise if ``a`` holds NaN or inf; return ``a`` unchanged otherwise."""
    if not all_finite(a):
        raise ValueError(f"Expected finite {what}, got {_describe_bad(a)}")
    return a


def _check_last_axis(a: np.ndarray, n: int, what: str) -> None:
    if a.ndim == 0 or a.shape[-1] != n:
        raise ValueError(f"Expected {what} with shape (..., {n}), got {a.shape}")


def as_quaternion(q, what: str = "quaternion", *, finite: bool = True) -> np.ndarray:
    """Validate an array of quaternions, shape ``(..., 4)``, order ``(w, x, y, z)``.

    ``finite=False`` skips the finiteness check; the caller must then check its
    result with :func:`all_finite` and, where that fails, the inputs with
    :func:`check_finite` (see the module docstring).
    """
    a = _as_float_array(q, what)
    _check_last_axis(a, 4, what)
    return check_finite(a, what) if finite else a


def as_vector(v, what: str = "vector", *, finite: bool = True) -> np.ndarray:
    """Validate an array of 3D vectors, shape ``(..., 3)``, order ``(x, y, z)``.

    ``finite=False`` skips the finiteness check (see :func:`as_quaternion`).
    """
    a = _as_float_array(v, what)
    _check_last_axis(a, 3, what)
    return check_finite(a, what) if finite else a


def as_matrix(R, what: str = "rotation matrix") -> np.ndarray:
    """Validate an array of 3x3 matrices, shape ``(..., 3, 3)`` (values not checked)."""
    a = _as_float_array(R, what)
    if a.ndim < 2 or a.shape[-2:] != (3, 3):
        raise ValueError(f"Expected {what} with shape (..., 3, 3), got {a.shape}")
    return check_finite(a, what)


def as_number(x, what: str) -> float:
    """Validate one finite real number (a demo model's angle, turn or ``t``); return it as a Python float.

    >>> as_number(np.float32(0.5), "t")
    0.5
    >>> as_number("30", "angle")
    Traceback (most recent call last):
    ...
    ValueError: Expected angle, a finite real number, got '30'
    """
    if isinstance(x, numbers.Real) or (isinstance(x, np.ndarray) and x.shape == () and x.dtype.kind in "biuf"):
        value = float(x)
        if _isfinite(value):
            return value
    raise ValueError(f"Expected {what}, a finite real number, got {x!r}")


def as_numbers(x, n: int, what: str) -> np.ndarray:
    """Validate exactly ``n`` real numbers, shape ``(n,)``: one point, vector or set of angles a demo starts from.

    >>> as_numbers((1, 0.5), 2, "point")
    array([1. , 0.5])
    >>> as_numbers("x", 3, "position")
    Traceback (most recent call last):
    ...
    ValueError: Expected position of real numbers, got dtype <U1
    >>> as_numbers((1, 2), 3, "position")
    Traceback (most recent call last):
    ...
    ValueError: Expected position with shape (3,), got (2,)
    """
    a = _as_float_array(x, what)
    if a.shape != (n,):
        raise ValueError(f"Expected {what} with shape ({n},), got {a.shape}")
    return check_finite(a, what)


def as_count(x, what: str, minimum: int | None = 0, maximum: int | None = None, why: str = "") -> int:
    """Validate one whole number from ``minimum`` to ``maximum`` (a count of frames, samples, turns, digits).

    A Python or numpy integer is taken (``operator.index``); ``2.0``, ``True``, a string or None is not.
    ``minimum=None``: any whole number, negative too.
    ``why`` says, for a number over ``maximum``, why the range ends there.

    >>> as_count(np.int64(3), "frames")
    3
    >>> as_count(2.5, "samples n", 2)
    Traceback (most recent call last):
    ...
    ValueError: Expected samples n as a whole number >= 2, got 2.5
    >>> as_count(10**9, "samples n", 2, 100_000, why="n=1e9 would need gigabytes")
    Traceback (most recent call last):
    ...
    ValueError: Expected samples n from 2 to 100,000 (n=1e9 would need gigabytes), got 1,000,000,000
    """
    bounds = "" if minimum is None else f" >= {minimum:,}" if maximum is None else f" from {minimum:,} to {maximum:,}"
    try:
        if isinstance(x, (bool, np.bool_)):
            raise TypeError
        n = operator.index(x)
    except TypeError:
        raise ValueError(f"Expected {what} as a whole number{bounds}, got {x!r}") from None
    if minimum is not None and n < minimum:
        raise ValueError(f"Expected {what}{bounds}, got {n:,}")
    if maximum is not None and n > maximum:
        raise ValueError(f"Expected {what}{bounds}{f' ({why})' if why else ''}, got {n:,}")
    return int(n)


def as_flag(x, what: str) -> bool:
    """Validate a flag: ``True`` or ``False`` (numpy's too).  ``"False"`` is a true string: taken as a flag, it
    would turn an option on in silence.

    >>> as_flag(np.True_, "shortest")
    True
    >>> as_flag("no", "shortest")
    Traceback (most recent call last):
    ...
    ValueError: Expected shortest, True or False, got 'no'
    """
    if not isinstance(x, (bool, np.bool_)):
        raise ValueError(f"Expected {what}, True or False, got {x!r}")
    return bool(x)


def as_scalar(x, what: str) -> np.ndarray:
    """Validate an array of real scalars (any shape), e.g. angles or ``t``."""
    return check_finite(_as_float_array(x, what), what)


def as_tolerance(value, what: str, default=None):
    """The one rule for every tolerance argument (``rtol``, ``atol``, ``lock_tol``, ``small_angle``).

    ``None`` gives ``default``.  Otherwise ``value`` must be a real number (or an
    array of them), finite and ``>= 0``, checked in the gate's order: a string or
    complex number is "Expected <what> of real numbers, got ...", NaN or inf is
    "Expected finite <what>, got NaN", a negative number "Expected a <what> >= 0,
    got -1.0".  Returns a Python float for a single number, else the array.
    """
    if value is None:
        return default
    if type(value) is float and 0 <= value < math.inf:  # the usual case, already valid
        return value
    if isinstance(value, (str, bytes)):  # the gate raises ValueError for every bad input
        raise ValueError(f"Expected {what} of real numbers, got the string {value!r}")  # noqa: TRY004
    a = check_finite(_as_float_array(value, what), what)
    if not (a >= 0).all():
        bad = float(a) if a.ndim == 0 else float(a[a < 0].ravel()[0])
        raise ValueError(f"Expected a {what} >= 0, got {bad!r}")
    return float(a) if a.ndim == 0 else a


def to_radians(angle, degrees: bool):
    """``angle`` in radians: converted from degrees when ``degrees`` is true.

    Degrees are first reduced exactly modulo 720° (``fmod`` is exact), which
    changes no rotation (a quaternion's period is 720°, a matrix's 360°), so a
    huge angle such as ``720 * 2**50`` degrees is still exactly the identity;
    ``radians(angle)`` of the unreduced number would be off by many turns.
    Angles below 720° in size are converted unchanged.  ``angle`` is a
    validated array.
    """
    if not degrees:
        return angle
    return np.radians(np.fmod(angle, 720.0))


def is_python_number(x) -> bool:
    """Whether ``x`` is a plain Python ``int``/``float`` (a "weak" scalar, as in NEP 50).

    A Python number takes the dtype of the arrays it meets: ``angle=0.5`` with a
    float32 axis gives float32, as ``float32_array * 0.5`` does in numpy.
    """
    return type(x) in (int, float)


class ResultOverflow(ValueError):
    """A result that left its dtype's range (inf or NaN from finite inputs), named by ``what`` in the message.

    A ``ValueError`` like every other bad-input error.  A function whose result
    is made by another (a sandwich by two Hamilton products) names the overflow
    as its own result with :meth:`named`: the caller never asked for the step.
    """

    def __init__(self, what: str, dtype, found: str):
        self.what, self.dtype, self.found = what, dtype, found
        super().__init__(f"Expected {what} within the {dtype} range, got an overflow ({found}); the inputs are "
                         "too large (or, where the result divides by them, too small)")

    def named(self, what: str) -> ResultOverflow:
        """The same overflow, reported as one of ``what``."""
        return ResultOverflow(what, self.dtype, self.found)


def check_overflow(result: np.ndarray, what: str) -> np.ndarray:
    """Raise :class:`ResultOverflow` if ``result`` (computed from finite inputs) holds inf or NaN."""
    if not all_finite(np.asarray(result)):
        raise ResultOverflow(what, np.asarray(result).dtype, _describe_bad(np.asarray(result)))
    return result


def require_nonzero(length: np.ndarray, what: str) -> None:
    """Raise if any entry of ``length`` (a norm) is exactly zero."""
    if np.ndim(length) == 0:
        if not length > 0:
            raise ValueError(f"Expected non-zero {what}, got zero length")
        return
    if not np.all(length > 0):
        where = f" at index {tuple(int(i) for i in np.argwhere(~(length > 0))[0])}"
        raise ValueError(f"Expected non-zero {what}, got zero length{where}")


def result_dtype(*arrays) -> np.dtype:
    """The floating dtype of a result: float32 only if every input is float32.

    ``None`` entries are skipped (pass ``None`` for a Python number, which takes
    the dtype of the arrays it meets); with no arrays left the result is float64.
    """
    seen = False
    for a in arrays:
        if a is None:
            continue
        t = type(a)
        if t is np.ndarray:
            dtype = a.dtype
        elif t is int or t is float:  # a Python number: weak
            continue
        else:
            dtype = a.dtype if hasattr(a, "dtype") else np.asarray(a).dtype
        seen = True
        if dtype.type is not np.float32:
            return _F64
    return _F32 if seen else _F64
