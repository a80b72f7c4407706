"""Rotation in the plane: one angle, two languages (a 2x2 matrix, a unit complex number).

A 2D rotation by ``θ`` is counter-clockwise for ``θ > 0`` (x toward y).  As a
matrix it is ``[[cos θ, -sin θ], [sin θ, cos θ]]`` acting on column vectors
``(x, y)``; as a complex number it is ``e^{iθ} = cos θ + i sin θ`` multiplying
``z = x + iy``.  Both say the same thing, and both compose by adding angles:
``e^{iα} e^{iβ} = e^{i(α+β)}``.  The 2D matrix is the upper-left corner of the 3D
rotation about z.

A reflection in the line through 0 at angle ``φ`` is ``z ↦ e^{2iφ} z̄``; two of
them, first at ``φ₁`` then at ``φ₂``, turn the plane by ``2(φ₂ − φ₁)``.
"""

from __future__ import annotations

import numpy as np

from ._validate import (
    _as_float_array,
    _check_last_axis,
    as_scalar,
    check_finite,
    check_overflow,
    is_python_number,
    result_dtype,
    to_radians,
)

__all__ = ["rotation_matrix_2d", "rotate_2d", "complex_from_angle", "rotate_complex", "reflect_complex"]


def rotation_matrix_2d(angle, degrees: bool = False) -> np.ndarray:
    """The 2x2 matrix ``R(θ) = [[cos θ, -sin θ], [sin θ, cos θ]]``.

    ``R(θ) @ (x, y)`` turns the point counter-clockwise by ``θ``.  Its columns are
    the images of ``(1, 0)`` and ``(0, 1)``; ``R(α) @ R(β) = R(α + β)``.

    Parameters
    ----------
    angle : array_like, shape (...)
        Rotation angle(s), radians unless ``degrees=True``.
    degrees : bool, optional
        ``angle`` is in degrees.

    Returns
    -------
    ndarray, shape angle.shape + (2, 2)
        float32 for a float32 ``angle``, else float64.

    Raises
    ------
    ValueError
        If ``angle`` holds NaN or inf, or is not a real number.

    See Also
    --------
    rotate_2d : apply it to points.
    complex_from_angle : the same rotation as the unit complex number ``e^{iθ}``.

    Examples
    --------
    30°: ``cos 30° = 0.8660``, ``sin 30° = 0.5``.

    >>> import quatlib as ql
    >>> ql.rotation_matrix_2d(30, degrees=True)
    array([[ 0.866, -0.5  ],
           [ 0.5  ,  0.866]])
    """
    angle = as_scalar(angle, "rotation angle")
    theta = to_radians(angle, degrees)
    c, s = np.cos(theta), np.sin(theta)
    out = np.empty(angle.shape + (2, 2), dtype=result_dtype(angle))
    out[..., 0, 0] = c
    out[..., 0, 1] = -s
    out[..., 1, 0] = s
    out[..., 1, 1] = c
    return out


def rotate_2d(points, angle, degrees: bool = False) -> np.ndarray:
    """Turn 2D points counter-clockwise by ``angle`` with the matrix: ``R(θ) @ p``.

    Parameters
    ----------
    points : array_like, shape (..., 2)
        Points ``(x, y)``.
    angle : array_like, shape (...)
        Rotation angle(s); broadcasts against the leading axes of ``points`` (one
        angle for many points, or many angles for one point).
    degrees : bool, optional
        ``angle`` is in degrees.

    Returns
    -------
    ndarray, shape broadcast(points.shape[:-1], angle.shape) + (2,)
        ``(x cos θ - y sin θ, x sin θ + y cos θ)``; float32 only if ``points`` is
        float32 and ``angle`` is float32 or a Python number.

    Raises
    ------
    ValueError
        If ``points`` does not have shape ``(..., 2)``, an entry is NaN or inf, the
        leading shapes do not broadcast, or the result overflows.

    See Also
    --------
    rotation_matrix_2d : the matrix used here.
    rotate_complex : the same turn as a complex multiplication.

    Examples
    --------
    ``(1, 0)`` turned by 30° and then by 60° lands where a 90° turn puts it:

    >>> import quatlib as ql
    >>> ql.rotate_2d(ql.rotate_2d([1, 0], 30, degrees=True), 60, degrees=True)
    array([0., 1.])
    >>> ql.rotate_2d([1, 0], 90, degrees=True)
    array([0., 1.])
    """
    p = _as_float_array(points, "2D points")
    _check_last_axis(p, 2, "2D points")
    check_finite(p, "2D points")
    weak_angle = is_python_number(angle)
    angle = as_scalar(angle, "rotation angle")
    try:
        np.broadcast_shapes(p.shape[:-1], angle.shape)
    except ValueError:
        raise ValueError(
            "Expected 2D points (..., 2) and angles (...) with broadcastable leading shapes, "
            f"got {p.shape} and {angle.shape}"
        ) from None
    R = rotation_matrix_2d(angle, degrees=degrees)
    with np.errstate(over="ignore", invalid="ignore"):
        out = np.einsum("...ij,...j->...i", R, p).astype(
            result_dtype(p, None if weak_angle else angle), copy=False
        )
    return check_overflow(out, "rotated points")


def complex_from_angle(angle, degrees: bool = False) -> np.ndarray:
    """The unit complex number ``e^{iθ} = cos θ + i sin θ``: a 2D rotation as one number.

    Parameters
    ----------
    angle : array_like, shape (...)
        Rotation angle(s), radians unless ``degrees=True``.
    degrees : bool, optional
        ``angle`` is in degrees.

    Returns
    -------
    ndarray of complex, shape angle.shape
        complex64 for a float32 ``angle``, else complex128.  ``|e^{iθ}| = 1``.

    Raises
    ------
    ValueError
        If ``angle`` holds NaN or inf, or is not a real number.

    See Also
    --------
    rotate_complex : multiply by it.
    rotation_matrix_2d : the same rotation as a matrix.

    Examples
    --------
    The complex number that rotates by 90° is ``i``:

    >>> import quatlib as ql
    >>> ql.complex_from_angle(90, degrees=True)
    array(0.+1.j)
    >>> ql.complex_from_angle(30, degrees=True)
    array(0.866+0.5j)
    """
    angle = as_scalar(angle, "rotation angle")
    theta = to_radians(angle, degrees)
    ctype = np.complex64 if result_dtype(angle) == np.float32 else np.complex128
    out = np.empty(angle.shape, dtype=ctype)
    out.real = np.cos(theta)
    out.imag = np.sin(theta)
    return out


def _as_complex(z, what: str) -> np.ndarray:
    """Validate complex (or real) numbers; keep complex64/complex128."""
    a = np.asarray(z)
    if a.dtype.kind in "biuf":
        a = a.astype(np.complex64 if a.dtype == np.float32 else np.complex128)
    elif a.dtype.kind != "c":
        raise ValueError(f"Expected {what} (complex or real), got dtype {a.dtype}")
    elif a.dtype not in (np.complex64, np.complex128):
        a = a.astype(np.complex128)
    check_finite(a.real, f"real parts of {what}")
    check_finite(a.imag, f"imaginary parts of {what}")
    return a


def _check_broadcast(z, factor, what: str) -> None:
    """Raise the course's message when the numbers ``z`` and the ``factor`` made from ``what`` cannot broadcast."""
    try:
        np.broadcast_shapes(z.shape, factor.shape)
    except ValueError:
        raise ValueError(
            f"Expected complex numbers z and {what} with broadcastable shapes, got {z.shape} and {factor.shape}"
        ) from None


def _fitting(out: np.ndarray, what: str) -> np.ndarray:
    """``out``, complex numbers computed from finite ones; raise if a real or imaginary part overflowed."""
    check_overflow(out.real, f"{what} (real parts)")
    check_overflow(out.imag, f"{what} (imaginary parts)")
    return out


def rotate_complex(z, angle, degrees: bool = False) -> np.ndarray:
    """Turn the points ``z = x + iy`` counter-clockwise by ``angle``: ``z e^{iθ}``.

    Complex in, complex out.  To rotate ``(..., 2)`` point arrays use
    :func:`rotate_2d`, or convert with ``z = x + 1j * y`` and back with
    ``z.real, z.imag``.

    Parameters
    ----------
    z : array_like of complex, shape (...)
        Points as complex numbers (real numbers are points on the x axis).
    angle : array_like, shape (...)
        Rotation angle(s); broadcasts against ``z``.
    degrees : bool, optional
        ``angle`` is in degrees.

    Returns
    -------
    ndarray of complex, shape broadcast(z.shape, angle.shape)
        ``z · e^{iθ}``: real part ``x cos θ - y sin θ``, imaginary part
        ``x sin θ + y cos θ`` (the formula of ``rotate_2d``; equal to rounding).  complex64 only
        if ``z`` is complex64 (or float32) and ``angle`` is float32 or a Python
        number.

    Raises
    ------
    ValueError
        If ``z`` is not numeric, an entry of ``z`` or ``angle`` is NaN or inf, the
        shapes do not broadcast, or the result overflows.

    See Also
    --------
    complex_from_angle : the factor ``e^{iθ}``.
    rotate_2d : the same turn with the matrix.

    Examples
    --------
    ``1`` turned by 30° and then 60° is ``i``, and the order does not matter:

    >>> import quatlib as ql
    >>> ql.rotate_complex(ql.rotate_complex(1, 30, degrees=True), 60, degrees=True)
    array(0.+1.j)
    >>> ql.rotate_complex(1, 90, degrees=True)
    array(0.+1.j)
    """
    z = _as_complex(z, "complex numbers z")
    weak_angle = is_python_number(angle)
    rot = complex_from_angle(angle, degrees=degrees)
    if weak_angle:
        rot = rot.astype(z.dtype)  # a Python number takes z's precision
    _check_broadcast(z, rot, "angles")
    with np.errstate(over="ignore", invalid="ignore"):
        return _fitting(np.asarray(z * rot), "rotated complex numbers")


def reflect_complex(z, mirror_angle, degrees: bool = False) -> np.ndarray:
    """Reflect the points ``z = x + iy`` in the line through 0 at ``mirror_angle``: ``e^{2iφ} z̄``.

    Why this formula: conjugating (``z ↦ z̄``) is the reflection in the x axis,
    the mirror at ``φ = 0``.  For the mirror at ``φ``, turn the plane by ``−φ``
    (the mirror lands on the x axis), conjugate, and turn back by ``φ``:
    ``e^{iφ} · conj(e^{−iφ} z) = e^{iφ} e^{iφ} z̄ = e^{2iφ} z̄``.  A point at angle
    ``α`` goes to angle ``2φ − α``: as far past the mirror as it was before it.

    Two reflections make a turn: first at ``φ₁``, then at ``φ₂``, a point at
    ``α`` goes to ``2φ₁ − α`` and then to ``2φ₂ − (2φ₁ − α) = α + 2(φ₂ − φ₁)``:
    a rotation by **twice** the angle between the mirrors, from mirror 1 toward
    mirror 2.

    Parameters
    ----------
    z : array_like of complex, shape (...)
        Points as complex numbers (real numbers are points on the x axis).
    mirror_angle : array_like, shape (...)
        The mirror line's angle ``φ`` from the x axis (counter-clockwise);
        broadcasts against ``z``.  ``φ`` and ``φ + 180°`` are the same line.
    degrees : bool, optional
        ``mirror_angle`` is in degrees.

    Returns
    -------
    ndarray of complex, shape broadcast(z.shape, mirror_angle.shape)
        ``e^{2iφ} z̄``; ``|e^{2iφ} z̄| = |z|``.  complex64 only if ``z`` is
        complex64 (or float32) and ``mirror_angle`` is float32 or a Python number.

    Raises
    ------
    ValueError
        If ``z`` is not numeric, an entry of ``z`` or ``mirror_angle`` is NaN or
        inf, the shapes do not broadcast, or the result overflows.

    See Also
    --------
    rotate_complex : a turn, ``z e^{iθ}``.
    reflect : the reflection in a plane of 3D space, ``v ↦ n v n``.

    Examples
    --------
    The mirror at 45° swaps x and y: ``1`` goes to ``i``.  Reflecting at 0° and
    then at 45° turns ``1 + 0.5i`` by 90°, the same as ``rotate_complex``:

    >>> import quatlib as ql
    >>> ql.reflect_complex(1, 45, degrees=True)
    array(0.+1.j)
    >>> ql.reflect_complex(ql.reflect_complex(1 + 0.5j, 0), 45, degrees=True)
    array(-0.5+1.j)
    >>> ql.rotate_complex(1 + 0.5j, 90, degrees=True)
    array(-0.5+1.j)
    """
    z = _as_complex(z, "complex numbers z")
    weak_angle = is_python_number(mirror_angle)
    mirror_angle = as_scalar(mirror_angle, "mirror angle")
    twice = complex_from_angle(2 * mirror_angle, degrees=degrees)  # e^{2iφ}
    if weak_angle:
        twice = twice.astype(z.dtype)  # a Python number takes z's precision
    _check_broadcast(z, twice, "mirror angles")
    with np.errstate(over="ignore", invalid="ignore"):
        return _fitting(np.asarray(twice * np.conj(z)), "reflected complex numbers")
