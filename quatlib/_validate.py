"""The one validation gate every public quatlib function goes through.

Each helper turns user input into a floating-point numpy array of the expected
shape, or raises :class:`ValueError` with a message of the form
``"Expected <what>, got <what was given>"``.  The order of the checks is fixed:

1. shape (the last axis must be 4, 3 or (3, 3));
2. finiteness (NaN and inf are reported as NaN and inf, never as "zero");
3. non-zero length, only where a zero would make the result undefined.

Floating dtypes are kept (float32 stays float32), anything else numeric becomes
float64.  Nothing here rescales, clips or replaces a value.
"""

from __future__ import annotations

import numpy as np

__all__: list[str] = []  # private module: nothing re-exported

_FLOATS = (np.float32, np.float64)


def _as_float_array(x, what: str) -> np.ndarray:
    """Return ``x`` as a float32/float64 array; reject complex, object, strings."""
    a = np.asarray(x)
    if a.dtype.type in _FLOATS:
        return a
    if a.dtype.kind in "biuf":  # bool, int, uint, other floats (float16, longdouble)
        return a.astype(np.float64)
    raise ValueError(f"Expected {what} of real numbers, got dtype {a.dtype}")


def _describe_bad(a: np.ndarray) -> str:
    """Describe the first non-finite entry of ``a`` ('NaN at index (0, 2)')."""
    bad = np.argwhere(~np.isfinite(a))[0]
    index = tuple(int(i) for i in bad)
    value = a[index]
    kind = "NaN" if np.isnan(value) else ("+inf" if value > 0 else "-inf")
    return f"{kind} at index {index if a.ndim > 1 else index[0]}"


def check_finite(a: np.ndarray, what: str) -> np.ndarray:
    """Raise if ``a`` holds NaN or inf; return ``a`` unchanged otherwise."""
    if not np.isfinite(a).all():
        raise ValueError(f"Expected finite {what}, got {_describe_bad(a)}")
    return a


def _check_last_axis(a: np.ndarray, n: int, what: str) -> None:
    if a.ndim == 0 or a.shape[-1] != n:
        raise ValueError(f"Expected {what} with shape (..., {n}), got {a.shape}")


def as_quaternion(q, what: str = "quaternion") -> np.ndarray:
    """Validate an array of quaternions, shape ``(..., 4)``, order ``(w, x, y, z)``."""
    a = _as_float_array(q, what)
    _check_last_axis(a, 4, what)
    return check_finite(a, what)


def as_vector(v, what: str = "vector") -> np.ndarray:
    """Validate an array of 3D vectors, shape ``(..., 3)``, order ``(x, y, z)``."""
    a = _as_float_array(v, what)
    _check_last_axis(a, 3, what)
    return check_finite(a, what)


def as_matrix(R, what: str = "rotation matrix") -> np.ndarray:
    """Validate an array of 3x3 matrices, shape ``(..., 3, 3)`` (values not checked)."""
    a = _as_float_array(R, what)
    if a.ndim < 2 or a.shape[-2:] != (3, 3):
        raise ValueError(f"Expected {what} with shape (..., 3, 3), got {a.shape}")
    return check_finite(a, what)


def as_scalar(x, what: str) -> np.ndarray:
    """Validate an array of real scalars (any shape), e.g. angles or ``t``."""
    return check_finite(_as_float_array(x, what), what)


def require_nonzero(length: np.ndarray, what: str) -> None:
    """Raise if any entry of ``length`` (a norm) is exactly zero."""
    if not np.all(length > 0):
        if np.ndim(length) == 0:
            where = ""
        else:
            where = f" at index {tuple(int(i) for i in np.argwhere(~(length > 0))[0])}"
        raise ValueError(f"Expected non-zero {what}, got zero length{where}")


def result_dtype(*arrays: np.ndarray):
    """The floating dtype of a result: float32 only if every input is float32."""
    return np.result_type(*arrays, np.float32)
