"""Rotation matrices: the 3x3 language, and the way back to quaternions.

A rotation matrix is a float array of shape ``(..., 3, 3)`` acting on column
vectors, ``v' = R @ v``; its columns are the images of the x, y and z axes.  A
matrix is a rotation when it is orthonormal (``Rᵀ R = I``) and ``det R = +1``;
``det R = -1`` is a reflection (a mirror image), not a rotation.
"""

from __future__ import annotations

import numpy as np

from ._algebra import _components, _in_range
from ._blocks import in_blocks
from ._validate import as_matrix, as_quaternion, as_tolerance, require_nonzero

__all__ = [
    "matrix_from_quaternion",
    "quaternion_from_matrix",
    "is_rotation_matrix",
    "orthonormalize",
]


_F64 = np.dtype(np.float64)
_DEFAULT_RTOL = {np.dtype(t): float(np.sqrt(np.finfo(t).eps)) for t in (np.float32, np.float64)}


def _default_rtol(dtype) -> float:
    """The package's default tolerance: sqrt(machine epsilon) of ``dtype``."""
    return _DEFAULT_RTOL[np.dtype(dtype)]


#: Range of a float64 ``|q|²`` in which the matrix formula neither overflows nor
#: underflows (``sqrt(tiny)`` to ``sqrt(max)``); outside it ``q`` is first scaled
#: by a power of two, which is exact.
_SAFE_N2 = (float(np.sqrt(np.finfo(np.float64).tiny)), float(np.sqrt(np.finfo(np.float64).max)))


def _scale_by_largest(a: np.ndarray, axes) -> np.ndarray:
    """Divide each item by the power of two nearest above its largest ``|entry|`` (exact).

    Used where only the direction matters (a quaternion's rotation, a matrix's
    nearest rotation) so that huge or tiny inputs do not overflow or underflow.
    An all-zero item stays zero.
    """
    largest = np.abs(a).max(axis=axes, keepdims=True)
    _, exponent = np.frexp(largest)
    return np.ldexp(a, -exponent)


def _where(index) -> str:
    """' at index (i, j)' for a batch position, '' for a single item."""
    if len(index) == 0:
        return ""
    return f" at index {tuple(int(i) for i in index)}"


# ----------------------------------------------------------------------------
# quaternion -> matrix


@np.errstate(over="ignore", under="ignore")  # in |q|² of a huge or tiny q, which is then scaled
def matrix_from_quaternion(q) -> np.ndarray:
    """Rotation matrix ``R`` with ``R @ v = rotate_vector(q, v)`` (up to rounding).

    With ``q = (w, x, y, z)`` and ``s = 2 / |q|²``::

        R = [[1 - s(y² + z²),   s(xy - wz),       s(xz + wy)    ],
             [s(xy + wz),       1 - s(x² + z²),   s(yz - wx)    ],
             [s(xz - wy),       s(yz + wx),       1 - s(x² + y²)]]

    Dividing by ``|q|²`` (instead of assuming ``|q| = 1``) makes ``R`` the
    rotation of ``q / |q|`` for any non-zero ``q``, exactly like the sandwich
    ``q v q⁻¹``; a drifted quaternion therefore still gives an orthonormal ``R``.
    ``q`` and ``-q`` give the same matrix.  Column ``j`` of ``R`` is where the
    ``j``-th axis goes.

    Parameters
    ----------
    q : array_like, shape (..., 4)
        Non-zero quaternions ``(w, x, y, z)``.

    Returns
    -------
    R : ndarray, shape (..., 3, 3)
        Rotation matrices (orthonormal, ``det R = +1``), acting on column vectors.
        float32 input gives float32 output.

    Raises
    ------
    ValueError
        If the shape is not ``(..., 4)``, an entry is NaN or inf, or ``q`` is zero.

    See Also
    --------
    quaternion_from_matrix : the way back.
    rotate_vector : the same rotation applied with the sandwich.

    Examples
    --------
    90° about Y: x goes to ``-z``, y stays, z goes to ``x`` (read the columns):

    >>> import quatlib as ql
    >>> q = ql.quaternion_from_axis_angle([0, 1, 0], 90, degrees=True)
    >>> q
    array([0.7071, 0.    , 0.7071, 0.    ])
    >>> ql.matrix_from_quaternion(q)
    array([[ 0.,  0.,  1.],
           [ 0.,  1.,  0.],
           [-1.,  0.,  0.]])

    A quaternion twice as long is the same rotation (the ``|q|²`` cancels):

    >>> ql.matrix_from_quaternion(2 * q)
    array([[ 0.,  0.,  1.],
           [ 0.,  1.,  0.],
           [-1.,  0.,  0.]])
    """
    q = as_quaternion(q)

    def matrices(q):  # rows of quaternions -> rows of matrices
        # in float64; each entry is read several times, so it is copied into a
        # contiguous array first (one pass; see _components)
        w, x, y, z = _components(q, planar=True)
        n2 = w * w + x * x + y * y + z * z
        if not _in_range(n2, _SAFE_N2):  # huge, tiny or zero: scale by a power of two (exact)
            w, x, y, z = _components(_scale_by_largest(q.astype(np.float64), -1))
            n2 = w * w + x * x + y * y + z * z
            require_nonzero(n2, "quaternion")
        s = 2.0 / n2
        sw, sx, sy, sz = s * w, s * x, s * y, s * z
        # R[i, j] over the leading axes: each entry is written as one contiguous plane
        # (written into (..., 3, 3) directly, every entry would touch the whole array)
        R = np.empty((3, 3) + np.shape(s), dtype=q.dtype)
        R[0, 0] = 1.0 - (sy * y + sz * z)
        R[0, 1] = sx * y - sw * z
        R[0, 2] = sx * z + sw * y
        R[1, 0] = sx * y + sw * z
        R[1, 1] = 1.0 - (sx * x + sz * z)
        R[1, 2] = sy * z - sw * x
        R[2, 0] = sx * z - sw * y
        R[2, 1] = sy * z + sw * x
        R[2, 2] = 1.0 - (sx * x + sy * y)
        return np.ascontiguousarray(R.transpose(*range(2, R.ndim), 0, 1))  # shape (..., 3, 3)

    # A long batch goes a few thousand rows at a time (quatlib._blocks): the same
    # numbers, with temporaries small enough to stay in the CPU cache.
    return in_blocks(matrices, q)


# ----------------------------------------------------------------------------
# checking a matrix


def _entries(R: np.ndarray):
    """The nine entries ``R00, R01, ..., R22`` of validated matrices, each contiguous."""
    flat = R.reshape(R.shape[:-2] + (9,))
    return tuple(np.ascontiguousarray(flat.transpose(-1, *range(flat.ndim - 1))))


@np.errstate(over="ignore", invalid="ignore")  # huge entries: an error of inf, reported as not orthonormal
def _rotation_errors(R: np.ndarray):
    """Orthonormality error ``max |Rᵀ R - I|`` and ``det R`` of validated matrices."""
    a, b, c, d, e, f, g, h, i = _entries(R)
    err = np.abs(a * a + d * d + g * g - 1.0)
    for x in (
        b * b + e * e + h * h - 1.0,
        c * c + f * f + i * i - 1.0,
        a * b + d * e + g * h,
        a * c + d * f + g * i,
        b * c + e * f + h * i,
    ):
        # fmax: a NaN (inf - inf, entries over 1e154) leaves the inf of the squared lengths beside it
        err = np.fmax(err, np.abs(x))
    det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    return err, det


def _not_rotation_message(err: float, det: float, rtol: float, where: str) -> str:
    head = "Expected a rotation matrix (orthonormal, det +1), got "
    if err > rtol:
        return (
            f"{head}columns not orthonormal, error {err:.3g} "
            f"(max |Rᵀ R - I| > rtol {rtol:.3g}){where}"
        )
    return f"{head}det {det:.4g} (a reflection){where}"


def _check_rotation(R: np.ndarray, rtol: float) -> None:
    """Raise ValueError unless every validated matrix in ``R`` is a rotation."""
    err, det = _rotation_errors(R)
    bad = (err > rtol) | ~(det > 0)
    if bad.any():
        index = tuple(np.argwhere(bad)[0]) if bad.ndim else ()
        raise ValueError(
            _not_rotation_message(float(err[index]), float(det[index]), rtol, _where(index))
        )


def is_rotation_matrix(R, rtol=None) -> np.ndarray:
    """Whether each ``R`` is a rotation: orthonormal and ``det R = +1``, within ``rtol``.

    The test is ``max |Rᵀ R - I| <= rtol`` (every column unit length and the
    columns mutually perpendicular, to ``rtol``) and ``det R > 0``.  For a matrix
    that passes the first test ``det R`` is within about ``1.5 rtol`` of ``±1``,
    so the second separates rotations (``+1``) from reflections (``-1``).

    Parameters
    ----------
    R : array_like, shape (..., 3, 3)
        Matrices.
    rtol : float, optional
        Allowed ``max |Rᵀ R - I|``; relative, since a rotation's columns have
        length 1.  Default: the square root of the machine epsilon of ``R``'s
        dtype (about 1.5e-8 for float64, 3.5e-4 for float32), as in :func:`is_unit`.

    Returns
    -------
    ndarray of bool, shape (...)

    Raises
    ------
    ValueError
        If the shape is not ``(..., 3, 3)``, an entry is NaN or inf, or ``rtol``
        is negative or not finite.

    See Also
    --------
    orthonormalize : the nearest rotation to a drifted matrix.

    Examples
    --------
    90° about Z is a rotation; the mirror in the x = 0 plane (det -1) and a
    matrix scaled by 2 are not:

    >>> import numpy as np, quatlib as ql
    >>> Rz90 = [[0, -1, 0], [1, 0, 0], [0, 0, 1]]
    >>> bool(ql.is_rotation_matrix(Rz90))
    True
    >>> ql.is_rotation_matrix([np.diag([-1, 1, 1]), 2 * np.eye(3)])
    array([False, False])
    """
    R = as_matrix(R, "matrix")
    rtol = as_tolerance(rtol, "tolerance rtol", _default_rtol(R.dtype))
    err, det = _rotation_errors(R)
    return (err <= rtol) & (det > 0)


# ----------------------------------------------------------------------------
# matrix -> quaternion


def _quaternion(R: np.ndarray) -> np.ndarray:
    """Shepperd's method for validated rotation matrices (no checks)."""
    m00, m01, m02, m10, m11, m12, m20, m21, m22 = _entries(R)
    trace = m00 + m11 + m22
    # the symmetric matrix K[i, j] = 4 q_i q_j over (w, x, y, z), one row a component
    K = np.array([
        [1.0 + trace, m21 - m12, m02 - m20, m10 - m01],
        [m21 - m12, 1.0 + m00 - m11 - m22, m01 + m10, m02 + m20],
        [m02 - m20, m01 + m10, 1.0 - m00 + m11 - m22, m12 + m21],
        [m10 - m01, m02 + m20, m12 + m21, 1.0 - m00 - m11 + m22],
    ])
    k = np.argmax([trace, m00, m11, m22], axis=0)  # the largest |q_k| (its 4 q_k² is largest), the first on a tie
    q = np.choose(k, K)  # row k: 4 q_k q, never short
    q = q / np.sqrt(np.sum(q * q, axis=0))
    # q and -q are the same rotation: the one whose first non-zero component is positive
    lead = np.choose(np.argmax(q != 0, axis=0), q)
    q = np.where(lead < 0, -q, q) + 0.0  # (+ 0.0 turns -0.0 into 0.0)
    return np.ascontiguousarray(q.transpose(*range(1, q.ndim), 0))  # (4, ...) -> (..., 4)


def quaternion_from_matrix(R, rtol=None) -> np.ndarray:
    """Unit quaternion of the rotation matrix ``R`` (the inverse of :func:`matrix_from_quaternion`).

    Shepperd's method, exact for every rotation including 180° turns: the
    matrix gives each product ``4 q_i q_j`` of components directly, e.g.
    ``1 + trace R = 4w²``, ``1 + R00 - R11 - R22 = 4x²``, ``R21 - R12 = 4wx``,
    ``R01 + R10 = 4xy``.  The row ``4 q_k q`` belonging to the largest ``|q_k|``
    (the largest of ``trace R, R00, R11, R22``) is never small, so dividing by its
    length loses no precision; the ``arccos``/``trace``-only formula fails near
    180°.

    Sign convention: ``q`` and ``-q`` are the same rotation; the one returned has
    its first non-zero component positive, so ``w >= 0``, and for a half turn
    (``w = 0``) the first non-zero of ``x, y, z`` is positive.  (Within rounding
    of a half turn, ``|w| ≈ 1e-16``, the sign of ``w`` is rounding noise.)

    Parameters
    ----------
    R : array_like, shape (..., 3, 3)
        Rotation matrices acting on column vectors.
    rtol : float, optional
        Tolerance of the rotation check, as in :func:`is_rotation_matrix`
        (default: sqrt of the machine epsilon of ``R``'s dtype).

    Returns
    -------
    q : ndarray, shape (..., 4)
        Unit quaternions ``(w, x, y, z)``.  float32 input gives float32 output.

    Raises
    ------
    ValueError
        If the shape is not ``(..., 3, 3)``, an entry is NaN or inf, ``rtol`` is
        negative or not finite, or a matrix is not a rotation: columns not
        orthonormal (scaled, sheared) or ``det R = -1`` (a reflection).  Use
        :func:`orthonormalize` first for a matrix that has drifted.

    See Also
    --------
    matrix_from_quaternion : the way there.
    is_rotation_matrix : the check, as a boolean.

    Examples
    --------
    The matrix of 90° about Y (columns: x went to ``-z``, z went to ``x``):

    >>> import quatlib as ql
    >>> ql.quaternion_from_matrix([[0, 0, 1], [0, 1, 0], [-1, 0, 0]])
    array([0.7071, 0.    , 0.7071, 0.    ])

    180° about Z, where ``w = 0``:

    >>> ql.quaternion_from_matrix([[-1, 0, 0], [0, -1, 0], [0, 0, 1]])
    array([0., 0., 0., 1.])

    A mirror is not a rotation:

    >>> ql.quaternion_from_matrix([[-1, 0, 0], [0, 1, 0], [0, 0, 1]])
    Traceback (most recent call last):
    ...
    ValueError: Expected a rotation matrix (orthonormal, det +1), got det -1 (a reflection)
    """
    R = as_matrix(R)
    rtol = as_tolerance(rtol, "tolerance rtol", _default_rtol(R.dtype))
    _check_rotation(R, rtol)
    return _quaternion(R)


# ----------------------------------------------------------------------------
# drift


def orthonormalize(R) -> np.ndarray:
    """The rotation nearest to a drifted matrix: ``U Vᵀ`` from the SVD ``R = U S Vᵀ``.

    After many products in floating point a rotation matrix drifts: its columns
    stop being unit length and perpendicular, and it shears and scales what it
    turns.  The nearest rotation (in the Frobenius norm) is the orthogonal factor
    of the polar decomposition ``R = Q P``, ``Q = U Vᵀ``: the singular values
    ``S``, which measure the stretching, are all set to 1.  This needs an SVD,
    costlier than renormalizing a quaternion's four numbers.

    Unlike :func:`quaternion_from_matrix` this does not require ``R`` to be a
    rotation already (that is its purpose); it requires ``det R > 0``, a matrix
    that is still on the rotation side of the mirror.

    Parameters
    ----------
    R : array_like, shape (..., 3, 3)
        Matrices with ``det R > 0``.

    Returns
    -------
    ndarray, shape (..., 3, 3)
        Rotation matrices; a rotation is returned unchanged (to rounding).
        float32 input gives float32 output.

    Raises
    ------
    ValueError
        If the shape is not ``(..., 3, 3)``, an entry is NaN or inf, or
        ``det R <= 0`` (a reflection or a flattened matrix has no nearest rotation
        that deserves the name: the answer would not be unique, or not close).

    See Also
    --------
    is_rotation_matrix : whether a matrix needs this.
    normalize : the quaternion's four-number fix for drift.

    Examples
    --------
    90° about Z, drifted: the first column grew by 1% and leans away from the second (90.6° apart).

    >>> import numpy as np, quatlib as ql
    >>> drifted = np.array([[0.01, -1, 0], [1.01, 0, 0], [0, 0, 1]])
    >>> bool(ql.is_rotation_matrix(drifted))
    False
    >>> R = ql.orthonormalize(drifted)
    >>> R
    array([[ 0.005, -1.    ,  0.   ],
           [ 1.    ,  0.005,  0.   ],
           [ 0.    ,  0.    ,  1.   ]])
    >>> bool(ql.is_rotation_matrix(R))
    True
    """
    given = as_matrix(R, "matrix")
    R = _scale_by_largest(given, (-2, -1))  # exact, and the answer does not depend on scale
    _, det = _rotation_errors(R)
    if not np.all(det > 0):
        bad = ~(det > 0)
        index = tuple(np.argwhere(bad)[0]) if bad.ndim else ()
        with np.errstate(all="ignore"):  # the determinant of a huge matrix may overflow
            given_det = float(np.linalg.det(given[index]))
        raise ValueError(
            f"Expected a matrix with det > 0 (a drifted rotation), "
            f"got det {given_det:.4g}{_where(index)}"
        )
    U, _, Vt = np.linalg.svd(R)
    return U @ Vt
