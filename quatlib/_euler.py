"""Euler angles: yaw, pitch and roll, the course's one three-angle convention.

``(yaw, pitch, roll)`` are turns about Y, X and Z composed as
``R = Ry(yaw) · Rx(pitch) · Rz(roll)``: roll is applied first, then pitch, then
yaw (scipy's intrinsic ``'YXZ'``, Unity's order).  With ``c = cos``, ``s = sin``
and the subscripts ``y, p, r`` for yaw, pitch, roll::

    R = [[cy cr + sy sp sr,   -cy sr + sy sp cr,   sy cp],
         [cp sr,               cp cr,              -sp   ],
         [-sy cr + cy sp sr,   sy sr + cy sp cr,    cy cp]]

Angles come back in the ranges ``yaw ∈ (-180°, 180°]``, ``pitch ∈ [-90°, 90°]``,
``roll ∈ (-180°, 180°]``.  At ``pitch = ±90°`` (gimbal lock) the yaw and roll
axes coincide and only ``yaw - roll`` (at ``+90°``) or ``yaw + roll`` (at
``-90°``) is determined; the functions here then return ``roll = 0`` and warn
with :class:`GimbalLockWarning`.
"""

from __future__ import annotations

import warnings

import numpy as np

from ._algebra import _components
from ._matrix import (
    _check_rotation,
    _default_rtol,
    _quaternion,
    _scale_by_largest,
)
from ._validate import (
    as_matrix,
    as_quaternion,
    as_scalar,
    as_tolerance,
    is_python_number,
    require_nonzero,
    result_dtype,
    to_radians,
)

__all__ = [
    "GimbalLockWarning",
    "quaternion_from_euler",
    "euler_from_quaternion",
    "matrix_from_euler",
    "euler_from_matrix",
    "euler_jacobian",
    "euler_jacobian_rank",
]


class GimbalLockWarning(UserWarning):
    """Angles were extracted at gimbal lock, where yaw and roll are not separately determined.

    At ``pitch = +90°`` the roll axis has been turned onto the yaw axis, so only
    ``yaw - roll`` is determined (``yaw + roll`` at ``-90°``).
    :func:`euler_from_quaternion` and :func:`euler_from_matrix` then return
    ``roll = 0`` with the whole turn in yaw, and issue this warning once per
    call.  Silence it with ``warnings.simplefilter("ignore", GimbalLockWarning)``
    where the choice is what you want.

    >>> import warnings
    >>> import quatlib as ql
    >>> q = ql.quaternion_from_euler(20, 90, 10, degrees=True)   # pitch 90°: locked
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     angles = ql.euler_from_quaternion(q, degrees=True)
    >>> caught[0].category.__name__, angles   # only yaw - roll = 10° is known: it all goes to yaw
    ('GimbalLockWarning', array([10., 90.,  0.]))
    """


def _angles(yaw, pitch, roll, degrees: bool, in_float64: bool = False):
    """Validate the three angles; return radians and the result dtype.

    One broadcast array of shape ``(..., 3)`` (``(3,)`` for three numbers),
    converted to radians in the result dtype, or in float64 with ``in_float64``.
    """
    given = (yaw, pitch, roll)
    yaw = as_scalar(yaw, "yaw")
    pitch = as_scalar(pitch, "pitch")
    roll = as_scalar(roll, "roll")
    # Python numbers are "weak" (NEP 50): they take the dtype of the arrays they meet
    dtype = result_dtype(
        *(None if is_python_number(g) else a for g, a in zip(given, (yaw, pitch, roll)))
    )
    try:
        shape = np.broadcast(yaw, pitch, roll).shape
    except ValueError:
        raise ValueError(
            "Expected yaw, pitch and roll with shapes that broadcast together, "
            f"got {yaw.shape}, {pitch.shape} and {roll.shape}"
        ) from None
    angles = np.empty(shape + (3,), dtype=np.result_type(yaw, pitch, roll))
    angles[..., 0], angles[..., 1], angles[..., 2] = yaw, pitch, roll
    return to_radians(angles.astype(np.float64) if in_float64 else angles, degrees), dtype


def quaternion_from_euler(yaw, pitch, roll, degrees: bool = False) -> np.ndarray:
    """Unit quaternion of ``R = Ry(yaw) · Rx(pitch) · Rz(roll)``.

    The product ``q = q_y(yaw) q_x(pitch) q_z(roll)`` of the three single-axis
    quaternions ``cos(θ/2) + sin(θ/2) n``, written out with half angles
    ``Y = yaw/2, P = pitch/2, R = roll/2``::

        w = cY cP cR + sY sP sR        y = sY cP cR - cY sP sR
        x = cY sP cR + sY cP sR        z = cY cP sR - sY sP cR

    The sign is that of the product (not folded to ``w >= 0``), so ``yaw = 360°``
    gives ``-1``, like :func:`quaternion_from_axis_angle`.

    Parameters
    ----------
    yaw, pitch, roll : array_like
        Turns about Y, X and Z; any real values, broadcast against each other.
    degrees : bool, optional
        The angles are in degrees instead of radians.

    Returns
    -------
    q : ndarray, shape broadcast(yaw, pitch, roll).shape + (4,)
        Unit quaternions ``(w, x, y, z)``; float32 if every array input is float32
        (Python numbers take the arrays' dtype), else float64.

    Raises
    ------
    ValueError
        If an angle is NaN or inf, or the shapes do not broadcast.

    See Also
    --------
    euler_from_quaternion : the way back.
    matrix_from_euler : the same rotation as a matrix.

    Examples
    --------
    Yaw 90° alone is 90° about Y:

    >>> import quatlib as ql
    >>> ql.quaternion_from_euler(90, 0, 0, degrees=True)
    array([0.7071, 0.    , 0.7071, 0.    ])

    Yaw 90° after pitch 90° is ``q_y q_x`` (pitch first):

    >>> ql.quaternion_from_euler(90, 90, 0, degrees=True)
    array([ 0.5,  0.5,  0.5, -0.5])
    """
    angles, dtype = _angles(yaw, pitch, roll, degrees)
    half = angles * 0.5
    c, s = np.cos(half), np.sin(half)
    cY, cP, cR = _components(c)
    sY, sP, sR = _components(s)
    out = np.empty(angles.shape[:-1] + (4,), dtype=dtype)
    out[..., 0] = cY * cP * cR + sY * sP * sR
    out[..., 1] = cY * sP * cR + sY * cP * sR
    out[..., 2] = sY * cP * cR - cY * sP * sR
    out[..., 3] = cY * cP * sR - sY * sP * cR
    return out


def matrix_from_euler(yaw, pitch, roll, degrees: bool = False) -> np.ndarray:
    """Rotation matrix ``R = Ry(yaw) · Rx(pitch) · Rz(roll)``.

    With ``c = cos``, ``s = sin`` and subscripts ``y, p, r``::

        R = [[cy cr + sy sp sr,   -cy sr + sy sp cr,   sy cp],
             [cp sr,               cp cr,              -sp   ],
             [-sy cr + cy sp sr,   sy sr + cy sp cr,    cy cp]]

    Parameters
    ----------
    yaw, pitch, roll : array_like
        Turns about Y, X and Z; any real values, broadcast against each other.
    degrees : bool, optional
        The angles are in degrees instead of radians.

    Returns
    -------
    R : ndarray, shape broadcast(yaw, pitch, roll).shape + (3, 3)
        Rotation matrices; float32 if every array input is float32 (Python
        numbers take the arrays' dtype), else float64.

    Raises
    ------
    ValueError
        If an angle is NaN or inf, or the shapes do not broadcast.

    See Also
    --------
    euler_from_matrix : the way back.
    quaternion_from_euler : the same rotation as a quaternion.

    Examples
    --------
    Pitch 90° turns y up onto z and z onto -y (the columns):

    >>> import quatlib as ql
    >>> ql.matrix_from_euler(0, 90, 0, degrees=True)
    array([[ 1.,  0.,  0.],
           [ 0.,  0., -1.],
           [ 0.,  1.,  0.]])

    At pitch 90° only ``yaw - roll`` matters: (20, 90, 10) and (10, 90, 0) are
    the same matrix.

    >>> import numpy as np
    >>> np.allclose(ql.matrix_from_euler(20, 90, 10, degrees=True),
    ...             ql.matrix_from_euler(10, 90, 0, degrees=True))
    True
    """
    angles, dtype = _angles(yaw, pitch, roll, degrees)
    c, s = np.cos(angles), np.sin(angles)
    cy, cp, cr = _components(c)
    sy, sp, sr = _components(s)
    out = np.empty(angles.shape[:-1] + (3, 3), dtype=dtype)
    out[..., 0, 0] = cy * cr + sy * sp * sr
    out[..., 0, 1] = sy * sp * cr - cy * sr
    out[..., 0, 2] = sy * cp
    out[..., 1, 0] = cp * sr
    out[..., 1, 1] = cp * cr
    out[..., 1, 2] = -sp
    out[..., 2, 0] = cy * sp * sr - sy * cr
    out[..., 2, 1] = sy * sr + cy * sp * cr
    out[..., 2, 2] = cy * cp
    return out


# ----------------------------------------------------------------------------
# back to angles


def _lock_message(count: int, total: int, lock_tol: float) -> str:
    where = "" if total == 1 else f" ({count} of {total} orientations)"
    return (
        f"Gimbal lock{where}: pitch is within {lock_tol:.3g} (cos pitch <= lock_tol) "
        "of ±90°, where yaw and roll turn about the same axis. Only yaw - roll "
        "(pitch +90°) or yaw + roll (pitch -90°) is determined; returned roll = 0 "
        "with the whole turn in yaw."
    )


#: The band next to -π that is reported as +π is ``_WRAP_ULPS · eps · π`` wide (eps of the dtype): about 12.6
#: ulps of π, since an ulp of π is 2 eps.
_WRAP_ULPS = 8
_WRAP_BAND = {
    np.dtype(t): _WRAP_ULPS * float(np.finfo(t).eps) * np.pi for t in (np.float32, np.float64)
}


def _wrap(a, dtype):
    """Wrap radians into (-π, π]; ``+ 0.0`` turns a -0.0 into 0.0.

    A value within ``_WRAP_ULPS · eps · π`` of -π (a half turn that rounding pushed
    just past π, e.g. yaw = -540°) is reported as +π: the range is half-open and
    a half turn reads 180°, not -180°.
    """
    out = np.pi - np.mod(np.pi - a, 2 * np.pi)
    return np.where(out <= _WRAP_BAND[np.dtype(dtype)] - np.pi, np.pi, out) + 0.0


def _euler(q: np.ndarray, lock_tol, degrees: bool, stacklevel: int) -> np.ndarray:
    """(yaw, pitch, roll) of validated quaternions; see :func:`euler_from_quaternion`."""
    dtype = q.dtype
    lock_tol = as_tolerance(lock_tol, "gimbal-lock tolerance lock_tol", _default_rtol(dtype))
    # scaled by the power of two nearest above the largest entry (exact, and the angles of 2^k q are those of q):
    # w + x, ... cannot overflow, nor lose digits to underflow
    q = _scale_by_largest(q, -1)
    w, x, y, z = _components(q)
    a, b, c, d = w + x, y - z, w - x, y + z
    ab, cd = np.hypot(a, b), np.hypot(c, d)
    r = np.hypot(ab, cd)  # √2 |q|, without overflow or underflow
    require_nonzero(r, "quaternion")
    out = np.empty(q.shape[:-1] + (3,), dtype=dtype)
    pitch = np.pi / 2 - 2.0 * np.arctan2(cd, ab)
    minus = np.arctan2(b, a)  # (yaw - roll) / 2
    plus = np.arctan2(d, c)  # (yaw + roll) / 2
    yaw, roll = minus + plus, plus - minus
    lock = 2.0 * (ab / r) * (cd / r) <= lock_tol  # cos(pitch)
    if lock.any():
        warnings.warn(
            _lock_message(int(lock.sum()), lock.size, lock_tol),
            GimbalLockWarning,
            stacklevel=stacklevel,
        )
        yaw = np.where(lock, np.where(pitch > 0, 2.0 * minus, 2.0 * plus), yaw)
        roll = np.where(lock, 0.0, roll)
    out[..., 0] = _wrap(yaw, dtype)
    out[..., 1] = pitch
    out[..., 2] = _wrap(roll, dtype)
    if degrees:
        np.degrees(out, out=out)
        out += 0.0
    return out


def euler_from_quaternion(q, degrees: bool = False, lock_tol=None) -> np.ndarray:
    """(yaw, pitch, roll) of the rotation ``q``, with ``R(q) = Ry(yaw) · Rx(pitch) · Rz(roll)``.

    The half-angle method (Bernardes and Viollet, 2022), exact everywhere
    including at and near gimbal lock.  With ``Y, P, R`` half the yaw, pitch
    and roll, the formulas of :func:`quaternion_from_euler` combine to::

        w + x = (cP + sP) cos(Y - R)        w - x = (cP - sP) cos(Y + R)
        y - z = (cP + sP) sin(Y - R)        y + z = (cP - sP) sin(Y + R)

    so ``Y - R`` and ``Y + R`` are two ``arctan2`` calls, and
    ``pitch = 90° - 2 arctan2(|(w - x, y + z)|, |(w + x, y - z)|)``.  Nothing is
    divided by ``cos(pitch)``, and there is no ``arcsin`` argument to clip.

    Gimbal lock is declared where ``cos(pitch) <= lock_tol``, i.e. pitch within
    about ``lock_tol`` radians of ±90°.  There ``cP - sP`` (pitch +90°) or
    ``cP + sP`` (pitch -90°) vanishes and only ``yaw - roll`` or ``yaw + roll``
    is determined; the documented choice is ``roll = 0``, all of the turn in
    yaw, and one :class:`GimbalLockWarning` is issued for the call.  The angles
    returned there reproduce the rotation to within about ``2 lock_tol``; away
    from the lock, to rounding.

    Parameters
    ----------
    q : array_like, shape (..., 4)
        Non-zero quaternions ``(w, x, y, z)``; ``q``, ``-q`` and ``2q`` give the
        same angles.
    degrees : bool, optional
        Return degrees instead of radians.
    lock_tol : float, optional
        Gimbal-lock tolerance on ``cos(pitch)``.  Default: the square root of
        the machine epsilon of ``q``'s dtype (about 1.5e-8 for float64, 3.5e-4
        for float32).

    Returns
    -------
    ndarray, shape (..., 3)
        ``(yaw, pitch, roll)`` with yaw and roll in ``(-180°, 180°]`` (a value
        within 8 eps · 180° of -180°, about 13 ulps: a half turn pushed past 180° by rounding, is
        reported as +180°) and pitch in ``[-90°, 90°]``.  float32 input gives
        float32 output.

    Raises
    ------
    ValueError
        If the shape is not ``(..., 4)``, an entry is NaN or inf, ``q`` is zero,
        or ``lock_tol`` is negative or not finite.

    Warns
    -----
    GimbalLockWarning
        Once per call if any orientation is at gimbal lock.

    See Also
    --------
    quaternion_from_euler : the way there.
    euler_from_matrix : the same from a matrix.

    Examples
    --------
    90° about Y is yaw 90°:

    >>> import quatlib as ql
    >>> ql.euler_from_quaternion([0.7071, 0, 0.7071, 0], degrees=True)
    array([90.,  0.,  0.])

    At pitch 90°, (yaw, roll) = (20°, 10°) comes back as (10°, 0°), the same
    orientation (only yaw - roll = 10° is determined), with a warning:

    >>> import warnings
    >>> q = ql.quaternion_from_euler(20, 90, 10, degrees=True)
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore", ql.GimbalLockWarning)
    ...     ql.euler_from_quaternion(q, degrees=True)
    array([10., 90.,  0.])
    """
    return _euler(as_quaternion(q), lock_tol, degrees, stacklevel=3)


def euler_from_matrix(R, degrees: bool = False, lock_tol=None, rtol=None) -> np.ndarray:
    """(yaw, pitch, roll) of the rotation matrix ``R = Ry(yaw) · Rx(pitch) · Rz(roll)``.

    The matrix goes to its quaternion first (:func:`quaternion_from_matrix`,
    exact for every rotation), then to angles with the half-angle formulas of
    :func:`euler_from_quaternion`, which are exact at and near gimbal lock.
    At gimbal lock (``cos(pitch) <= lock_tol``) only ``yaw - roll`` (pitch +90°)
    or ``yaw + roll`` (pitch -90°) is determined: ``roll = 0`` is returned, all
    of the turn in yaw, with one :class:`GimbalLockWarning` for the call.

    Parameters
    ----------
    R : array_like, shape (..., 3, 3)
        Rotation matrices acting on column vectors.
    degrees : bool, optional
        Return degrees instead of radians.
    lock_tol : float, optional
        Gimbal-lock tolerance on ``cos(pitch)`` (default: sqrt of the machine
        epsilon of ``R``'s dtype, about 1.5e-8 for float64).
    rtol : float, optional
        Tolerance of the rotation check, as in :func:`is_rotation_matrix`.

    Returns
    -------
    ndarray, shape (..., 3)
        ``(yaw, pitch, roll)`` with yaw and roll in ``(-180°, 180°]`` and pitch in
        ``[-90°, 90°]``.  float32 input gives float32 output.

    Raises
    ------
    ValueError
        If the shape is not ``(..., 3, 3)``, an entry is NaN or inf, a matrix
        is not a rotation (columns not orthonormal, or ``det R = -1``), or a
        tolerance (``rtol``, ``lock_tol``) is negative or not finite.

    Warns
    -----
    GimbalLockWarning
        Once per call if any orientation is at gimbal lock.

    See Also
    --------
    matrix_from_euler : the way there.
    euler_from_quaternion : the same from a quaternion.

    Examples
    --------
    The matrix of pitch 90° (y went to z, z went to -y) is at gimbal lock:

    >>> import warnings
    >>> import quatlib as ql
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     angles = ql.euler_from_matrix([[1, 0, 0], [0, 0, -1], [0, 1, 0]], degrees=True)
    >>> angles
    array([ 0., 90.,  0.])
    >>> caught[0].category.__name__
    'GimbalLockWarning'
    """
    R = as_matrix(R)
    rtol = as_tolerance(rtol, "tolerance rtol", _default_rtol(R.dtype))
    lock_tol = as_tolerance(lock_tol, "gimbal-lock tolerance lock_tol", _default_rtol(R.dtype))
    _check_rotation(R, rtol)
    return _euler(_quaternion(R), lock_tol, degrees, stacklevel=3)


# ----------------------------------------------------------------------------
# the lost degree of freedom


def euler_jacobian(yaw, pitch, roll, degrees: bool = False) -> np.ndarray:
    """How fast ``R = Ry(yaw) · Rx(pitch) · Rz(roll)`` changes with each angle: the 9x3 Jacobian.

    Column ``k`` holds the derivatives of the nine entries of ``R`` (row by
    row) with respect to angle ``k`` in radians.  Turning one angle a little
    turns ``R`` about one axis ``ω``: yaw about ``y``; pitch about the yawed
    ``x``, ``Ry x``; roll about the yawed and pitched ``z``, ``Ry Rx z = R z``
    (the later turns carry the earlier axes).  So each column is
    ``dR/dangle = [ω]× R``, every column of ``R`` crossed with ``ω``.

    Its singular values say how many independent ways the three angles can
    move ``R``: three non-zero ones away from the lock, and the smallest is 0
    at ``pitch = ±90°``, where the roll axis ``R z`` lies along ``y`` and yaw
    and roll move ``R`` the same way (:func:`euler_jacobian_rank` counts them).

    Parameters
    ----------
    yaw, pitch, roll : array_like
        The angles; broadcast against each other.
    degrees : bool, optional
        The angles are in degrees instead of radians (the derivatives are
        still per radian).

    Returns
    -------
    J : ndarray, shape broadcast(yaw, pitch, roll).shape + (9, 3)
        float64, whatever the input dtype.

    Raises
    ------
    ValueError
        If an angle is NaN or inf, or the shapes do not broadcast.

    See Also
    --------
    euler_jacobian_rank : the rank of this matrix, 3 or 2.

    Examples
    --------
    >>> import numpy as np
    >>> import quatlib as ql
    >>> J = ql.euler_jacobian(20, 0, 30, degrees=True)
    >>> J.shape
    (9, 3)
    >>> np.linalg.svd(J, compute_uv=False)            # √2 each: three ways to move
    array([1.4142, 1.4142, 1.4142])
    >>> np.linalg.svd(ql.euler_jacobian(20, 90, 30, degrees=True), compute_uv=False).round(12)
    array([2.    , 1.4142, 0.    ])

    At the lock yaw and roll move ``R`` in opposite ways (only ``yaw − roll``
    counts), so their two columns add up to zero:

    >>> J = ql.euler_jacobian(20, 90, 30, degrees=True)
    >>> bool(np.allclose(J[:, 0] + J[:, 2], 0))
    True
    """
    angles, _ = _angles(yaw, pitch, roll, degrees, in_float64=True)
    yaw, pitch, roll = np.moveaxis(angles, -1, 0)
    R = matrix_from_euler(yaw, pitch, roll)
    zero, one = np.zeros_like(yaw), np.ones_like(yaw)
    axes = np.stack([np.stack([zero, one, zero], axis=-1),                  # yaw: about y
                     np.stack([np.cos(yaw), zero, -np.sin(yaw)], axis=-1),  # pitch: about Ry x
                     R[..., :, 2]], axis=-2)                                # roll: about Ry Rx z = R z
    columns = np.swapaxes(R, -1, -2)  # the columns of R, as rows
    turned = np.cross(axes[..., :, None, :], columns[..., None, :, :])  # [k, j] = ω_k × (column j of R)
    dR = np.swapaxes(turned, -1, -2)  # [k] = [ω_k]× R
    return np.swapaxes(dR.reshape(dR.shape[:-2] + (9,)), -1, -2)


def euler_jacobian_rank(yaw, pitch, roll, degrees: bool = False, rtol: float = 1e-12) -> np.ndarray:
    """Rank of the map ``(yaw, pitch, roll) → R`` at the given angles: 3, or 2 at gimbal lock.

    The Jacobian is the 9x3 matrix of derivatives of the nine entries of
    ``R = Ry(yaw) · Rx(pitch) · Rz(roll)`` with respect to the three angles (in
    radians).  Turning one angle a little turns ``R`` about one axis ``ω``
    (yaw about ``y``; pitch about the yawed ``x``, ``Ry x``; roll about the yawed
    and pitched ``z``, ``Ry Rx z``), so that column is ``[ω]× R`` (``[ω]×`` the
    cross-product matrix).  Two such columns have the inner product ``2 ω₁·ω₂``,
    and of the three axes only yaw's and roll's are not perpendicular:
    ``y · (Ry Rx z) = −sin pitch``.  The singular values are therefore exactly

        ``√(2 (1 − |sin pitch|))``,  ``√2``,  ``√(2 (1 + |sin pitch|))``,

    independent of yaw and roll.  At ``pitch = ±90°`` the roll axis lies along
    ``y``, the smallest one is 0 and the rank drops to 2: a degree of freedom
    is lost.  The rank counts the singular values above ``rtol`` times the
    largest; their ratio, computed without cancellation as
    ``|cos pitch| / (1 + |sin pitch|)``, is about 1.7e-6 / 2 at 89.9999° and
    3e-17 at 90° (``cos`` of the float nearest π/2 is 6e-17), so with the default
    ``rtol = 1e-12`` the rank is 2 only within about 1.1e-10° of ±90° (where the
    ratio falls below ``rtol``), and 3 everywhere else.

    Parameters
    ----------
    yaw, pitch, roll : array_like
        The angles; broadcast against each other.
    degrees : bool, optional
        The angles are in degrees instead of radians.
    rtol : float, optional
        Singular values at or below ``rtol`` times the largest count as zero
        (a larger ``rtol`` also counts angles near the lock as locked).

    Returns
    -------
    ndarray of int, shape broadcast(yaw, pitch, roll).shape
        The rank, computed in float64 whatever the input dtype.

    Raises
    ------
    ValueError
        If an angle is NaN or inf, the shapes do not broadcast, or ``rtol`` is
        negative or not finite.

    See Also
    --------
    euler_jacobian : the Jacobian itself.
    GimbalLockWarning : what the lost degree of freedom does to angle extraction.

    Examples
    --------
    >>> import quatlib as ql
    >>> int(ql.euler_jacobian_rank(20, 0, 30, degrees=True))
    3
    >>> ql.euler_jacobian_rank(20, [89.9999, 90, -90], 10, degrees=True)
    array([3, 2, 2])
    """
    rtol = as_tolerance(rtol, "tolerance rtol")
    angles, _ = _angles(yaw, pitch, roll, degrees, in_float64=True)  # float32 degrees: 90 is still the lock
    pitch = np.asarray(angles, dtype=np.float64)[..., 1]
    smallest_over_largest = np.abs(np.cos(pitch)) / (1.0 + np.abs(np.sin(pitch)))
    return np.where(smallest_over_largest > rtol, 3, 2)
