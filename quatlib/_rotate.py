"""Rotating vectors with quaternions, and the distance between two rotations."""

from __future__ import annotations

import numpy as np

from ._algebra import _product
from ._validate import as_quaternion, as_vector, require_nonzero, result_dtype

__all__ = ["rotate_vector", "angle_between"]


def rotate_vector(q, v) -> np.ndarray:
    """Rotate vectors by the sandwich ``v' = q v q⁻¹`` (``v`` as a pure quaternion).

    Written out with ``q = (w, u)``, ``q v q* = (w² - u·u) v + 2 (u·v) u + 2 w (u × v)``,
    and ``q⁻¹ = q* / |q|²``, so ``q v q⁻¹`` is that divided by ``|q|²``.  The
    result is a pure rotation of ``v`` even when ``q`` is not unit (the scale of
    ``q`` cancels); the one-sided product ``q v`` is not a rotation at all.

    Parameters
    ----------
    q : array_like, shape (..., 4)
        Non-zero quaternions ``(w, x, y, z)``.
    v : array_like, shape (..., 3)
        Vectors ``(x, y, z)``.  Leading axes of ``q`` and ``v`` broadcast: one
        quaternion can turn many vectors, or many quaternions one vector.

    Returns
    -------
    ndarray, shape broadcast(q.shape[:-1], v.shape[:-1]) + (3,)

    Raises
    ------
    ValueError
        If a shape is wrong, an entry is NaN or inf, or ``q`` is zero.

    See Also
    --------
    matrix_from_quaternion : the same rotation as a 3x3 matrix.

    Examples
    --------
    ``(1, 0, 0)`` turned 90° about Y lands on ``(0, 0, -1)``:

    >>> import quatlib as ql
    >>> q = ql.quaternion_from_axis_angle([0, 1, 0], 90, degrees=True)
    >>> ql.rotate_vector(q, [1, 0, 0])
    array([ 0.,  0., -1.])
    """
    q = as_quaternion(q)
    v = as_vector(v)
    dtype = result_dtype(q, v)
    w = q[..., 0, None]
    u = q[..., 1:]
    n2 = np.einsum("...i,...i->...", q, q)
    require_nonzero(n2, "quaternion")
    uv = np.einsum("...i,...i->...", u, v)[..., None]
    uu = np.einsum("...i,...i->...", u, u)[..., None]
    ux, uy, uz = u[..., 0], u[..., 1], u[..., 2]
    vx, vy, vz = v[..., 0], v[..., 1], v[..., 2]
    cross = np.stack([uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx], axis=-1)
    out = (w * w - uu) * v + 2 * uv * u + 2 * w * cross
    out /= n2[..., None]
    return out.astype(dtype, copy=False)


def angle_between(p, q, degrees: bool = False) -> np.ndarray:
    """Rotation angle that takes orientation ``p`` to orientation ``q``, in ``[0, π]``.

    Computed as the angle of ``r = p⁻¹ q``: ``2 arctan2(|r_xyz|, |r_w|)``, which
    is accurate for tiny and for near-180° angles (``arccos`` is not).  Inputs are
    normalized first, and the sign is ignored: ``q`` and ``-q`` are the same
    orientation, at distance 0.

    Parameters
    ----------
    p, q : array_like, shape (..., 4)
        Non-zero quaternions; leading axes broadcast.
    degrees : bool, optional
        Return degrees instead of radians.

    Returns
    -------
    ndarray, shape (...)

    Raises
    ------
    ValueError
        If a shape is wrong, an entry is NaN or inf, or a quaternion is zero.

    Examples
    --------
    From the identity to 90° about Y, and to its negative (the same rotation):

    >>> import quatlib as ql
    >>> q = ql.quaternion_from_axis_angle([0, 1, 0], 90, degrees=True)
    >>> print(f"{ql.angle_between(ql.IDENTITY, q, degrees=True):.1f}")
    90.0
    >>> print(f"{ql.angle_between(q, -q, degrees=True):.1f}")
    0.0
    """
    p = as_quaternion(p, "quaternion p")
    q = as_quaternion(q, "quaternion q")
    np2 = np.einsum("...i,...i->...", p, p)
    nq2 = np.einsum("...i,...i->...", q, q)
    require_nonzero(np2, "quaternion p")
    require_nonzero(nq2, "quaternion q")
    r = _product(p * np.array([1, -1, -1, -1], dtype=p.dtype), q)  # |p|² p⁻¹ q
    vec = np.sqrt(np.einsum("...i,...i->...", r[..., 1:], r[..., 1:]))
    angle = 2 * np.arctan2(vec, np.abs(r[..., 0]))
    return np.degrees(angle) if degrees else angle
