"""Reflections in planes through the origin, and a rotation as two of them.

With ``n`` a unit normal and ``v`` a vector, both read as pure quaternions
``(0, n)`` and ``(0, v)``, the reflection in the plane normal to ``n`` is the
product ``n v n`` -- no minus sign:

    n v = -(n·v) + n×v,    (n v) n = v - 2 (v·n) n.

(Since ``n⁻¹ = -n`` for a pure unit ``n``, this is ``-n v n⁻¹``: a "sandwich" with
a minus sign, which is why a reflection is not a rotation.)  Reflecting in
mirror 1 and then in mirror 2 gives ``n₂ (n₁ v n₁) n₂ = (n₂ n₁) v (n₂ n₁)*``,
because ``(n₂ n₁)* = n₁* n₂* = n₁ n₂``.  So ``q = n₂ n₁`` is the rotation.  With
``φ`` the angle from ``n₁`` to ``n₂``:

    n₂ n₁ = -(n₁·n₂) + n₂×n₁ = -(cos φ + sin φ m),   m = (n₁×n₂)/|n₁×n₂|,

which is ``-quaternion_from_axis_angle(n₁ × n₂, 2φ)``: a turn by **twice** the
mirror angle about the mirrors' intersection line.  The half angle in
``cos(θ/2) + sin(θ/2) n`` is the angle between the two mirrors.
"""

from __future__ import annotations

import numpy as np

from ._algebra import IDENTITY, I, J, K, _length, _unit, multiply
from ._validate import (
    as_scalar,
    as_tolerance,
    as_vector,
    check_overflow,
    is_python_number,
    require_nonzero,
    result_dtype,
    to_radians,
)

__all__ = ["reflect", "quaternion_from_mirrors", "mirror_normals", "hamilton_table"]


def _pure(v: np.ndarray) -> np.ndarray:
    out = np.zeros(v.shape[:-1] + (4,), dtype=v.dtype)
    out[..., 1:] = v
    return out


def reflect(v, n) -> np.ndarray:
    """Reflect vectors in the plane through the origin with normal ``n``.

    ``v' = v - 2 (v·n̂) n̂`` with ``n̂ = n / |n|``.  As quaternions (``v`` and ``n̂``
    pure) this is ``v' = n̂ v n̂`` exactly.  A reflection reverses handedness: its
    matrix has determinant -1, and reflecting twice in the same plane gives ``v``
    back.

    Parameters
    ----------
    v : array_like, shape (..., 3)
        Vectors ``(x, y, z)``.
    n : array_like, shape (..., 3)
        Normal of the mirror plane; any non-zero length (it is normalized).
        Leading axes of ``v`` and ``n`` broadcast.

    Returns
    -------
    ndarray, shape broadcast(v.shape[:-1], n.shape[:-1]) + (3,)
        float32 only if ``v`` and ``n`` are both float32.

    Raises
    ------
    ValueError
        If a shape is not ``(..., 3)``, an entry is NaN or inf, ``n`` is zero (a
        zero normal names no plane), or the result overflows.

    See Also
    --------
    quaternion_from_mirrors : two reflections make a rotation.

    Examples
    --------
    The mirror ``x = 0`` (normal x) flips the x component only:

    >>> import quatlib as ql
    >>> ql.reflect([1, 2, 3], [1, 0, 0])
    array([-1.,  2.,  3.])

    A normal of any length names the same mirror:

    >>> ql.reflect([1, 0, 0], [1, 1, 0])
    array([ 0., -1.,  0.])
    """
    v = as_vector(v)
    n = as_vector(n, "mirror normal")
    dtype = result_dtype(v, n)
    u = _unit(n, "mirror normal")
    with np.errstate(over="ignore", invalid="ignore"):
        along = np.einsum("...i,...i->...", v, u)[..., None] * u  # (v·n̂) n̂
        out = ((v - along) - along).astype(dtype, copy=False)  # 2·(v·n̂) n̂ could overflow
    return check_overflow(out, "reflected vector")


def quaternion_from_mirrors(n1, n2) -> np.ndarray:
    """The rotation "reflect in mirror 1, then in mirror 2" as the quaternion ``q = n₂ n₁``.

    The normals are normalized and read as pure quaternions; the result is their
    Hamilton product, sign included:

        n₂ n₁ = -(n₁·n₂) + n₂ × n₁ = -quaternion_from_axis_angle(n₁ × n₂, 2φ),

    where ``φ`` is the angle between the normals.  It turns by ``2φ`` about the
    line where the mirrors meet (the direction ``n₁ × n₂``), and
    ``rotate_vector(q, v) = reflect(reflect(v, n1), n2)`` (up to rounding).  The overall sign is
    the product's, not folded away: two copies of the same mirror give ``-1``
    (no turn, written as the 360° quaternion), and mirrors 45° apart give
    ``-cos 45° - sin 45° m``, i.e. 90° about ``m``.

    Parameters
    ----------
    n1, n2 : array_like, shape (..., 3)
        Normals of mirror 1 (applied first) and mirror 2; any non-zero length.
        Leading axes broadcast.

    Returns
    -------
    ndarray, shape broadcast(n1.shape[:-1], n2.shape[:-1]) + (4,)
        Unit quaternions ``(w, x, y, z)``.

    Raises
    ------
    ValueError
        If a shape is not ``(..., 3)``, an entry is NaN or inf, or a normal is zero.

    See Also
    --------
    reflect : one reflection.
    mirror_normals : two mirrors for a given axis and angle.
    quaternion_from_axis_angle : the same rotation from axis and angle.

    Examples
    --------
    Mirrors normal to y and to x: first y, then x gives ``x y = i j = k``, the
    180° turn about z where the two mirrors meet.

    >>> import quatlib as ql
    >>> ql.quaternion_from_mirrors([0, 1, 0], [1, 0, 0])
    array([0., 0., 0., 1.])

    Mirrors 45° apart, meeting along y (normals of any length): minus the
    quaternion of 90° about y, which is the same rotation.

    >>> q = ql.quaternion_from_mirrors([1, 0, 0], [1, 0, -1])
    >>> q
    array([-0.7071,  0.    , -0.7071,  0.    ])
    >>> q90 = ql.quaternion_from_axis_angle([0, 1, 0], 90, degrees=True)
    >>> print(f"{ql.angle_between(q, q90):.4f}")
    0.0000
    """
    n1 = as_vector(n1, "mirror normal n1")
    n2 = as_vector(n2, "mirror normal n2")
    u1 = _unit(n1, "mirror normal n1")
    u2 = _unit(n2, "mirror normal n2")
    return multiply(_pure(u2), _pure(u1)).astype(result_dtype(n1, n2), copy=False)


def mirror_normals(axis, angle, first=None, degrees: bool = False, rtol=None):
    """Two mirror normals whose reflections make the turn by ``angle`` about ``axis``.

    Both mirror planes contain ``axis``; the normals are ``φ = angle / 2`` apart:
    ``n1`` is ``first`` made perpendicular to the axis and unit, and ``n2`` is
    ``n1`` turned by ``φ`` about the axis (``n2 = cos φ n1 + sin φ (a × n1)``
    with ``a`` the unit axis).  Then ``n1 × n2 = sin φ a`` and

        quaternion_from_mirrors(n1, n2) == -quaternion_from_axis_angle(axis, angle).

    Any ``first`` perpendicular to the axis works: turning the pair of mirrors
    together about their line does not change the rotation.

    Parameters
    ----------
    axis : array_like, shape (..., 3)
        Rotation axis, the line where the mirrors meet; any non-zero length.
    angle : array_like, shape (...)
        Rotation angle (twice the angle between the mirrors).
    first : array_like, shape (..., 3), optional
        A direction for the first normal; only its part perpendicular to the axis
        is used.  Default: the coordinate axis (x, then y, then z on ties) least
        aligned with ``axis``.
    degrees : bool, optional
        ``angle`` is in degrees.
    rtol : float, optional
        ``first`` is rejected when its part perpendicular to the axis is shorter
        than ``rtol · |first|`` (it is then along the axis and names no mirror).
        Default: the square root of the machine epsilon (1.5e-8 for float64,
        3.5e-4 for float32).

    Returns
    -------
    n1, n2 : ndarray, shape broadcast(axis, angle, first) + (3,)
        Unit normals of mirror 1 (applied first) and mirror 2.

    Raises
    ------
    ValueError
        If ``axis`` is zero, ``first`` is along the axis, a shape is wrong, an
        entry is NaN or inf, or ``rtol`` is negative or not finite.

    See Also
    --------
    quaternion_from_mirrors : the rotation from the two normals.

    Examples
    --------
    Which pair of mirrors gives 90° about y?  Two planes through the y axis, 45°
    apart:

    >>> import quatlib as ql
    >>> n1, n2 = ql.mirror_normals([0, 1, 0], 90, degrees=True)
    >>> n1, n2
    (array([1., 0., 0.]), array([ 0.7071,  0.    , -0.7071]))
    >>> ql.quaternion_from_mirrors(n1, n2)  # -(90° about y): the same rotation
    array([-0.7071,  0.    , -0.7071,  0.    ])
    """
    axis = as_vector(axis, "rotation axis")
    weak_angle = is_python_number(angle)
    angle = as_scalar(angle, "rotation angle")
    a = _unit(axis, "rotation axis")
    if first is None:
        choice = np.argmin(np.abs(a), axis=-1)
        f = np.eye(3, dtype=a.dtype)[choice]
    else:
        f = as_vector(first, "first mirror normal")
    dtype = result_dtype(axis, None if weak_angle else angle, f)
    perp = f - np.einsum("...i,...i->...", f, a)[..., None] * a
    rtol = as_tolerance(rtol, "tolerance rtol", float(np.sqrt(np.finfo(dtype).eps)))
    plen = _length(perp)
    flen = _length(f)
    require_nonzero(flen, "first mirror normal")
    ratio = plen / flen
    if not np.all(ratio > rtol):
        raise ValueError(
            "Expected a first mirror normal not along the rotation axis, got one whose "
            f"part perpendicular to the axis is {float(np.min(ratio)):.3g} of its length"
        )
    n1 = perp / plen[..., None]
    phi = to_radians(angle, degrees)[..., None] / 2
    n2 = np.cos(phi) * n1 + np.sin(phi) * np.cross(a, n1)
    shape = np.broadcast_shapes(n1.shape, n2.shape)
    return (
        np.broadcast_to(n1, shape).astype(dtype),
        n2.astype(dtype, copy=False),
    )


_BASIS = np.stack([IDENTITY, I, J, K])
_NAMES = np.array(["1", "i", "j", "k"])


def hamilton_table(names: bool = False) -> np.ndarray:
    """Hamilton's multiplication table of ``1, i, j, k``, computed with the product.

    Entry ``[a, b]`` is ``e_a e_b`` (row times column) for ``e = (1, i, j, k)``.
    The pure units ``i, j, k`` are the reflections in the planes normal to x, y and
    z, so each product of two of them is a product of two mirrors:
    ``e_a e_b = quaternion_from_mirrors(e_b, e_a)``.  The table shows
    ``i² = j² = k² = -1``, ``ij = k = -ji``, ``jk = i = -kj``, ``ki = j = -ik``.

    Parameters
    ----------
    names : bool, optional
        Return the entries as names (``'1'``, ``'-k'``, ...) instead of quaternions.

    Returns
    -------
    ndarray, shape (4, 4, 4) of float, or (4, 4) of str if ``names``

    See Also
    --------
    quaternion_from_mirrors, multiply

    Examples
    --------
    >>> import quatlib as ql
    >>> print(ql.hamilton_table(names=True))
    [['1' 'i' 'j' 'k']
     ['i' '-1' 'k' '-j']
     ['j' '-k' '-1' 'i']
     ['k' 'j' '-i' '-1']]
    >>> ql.hamilton_table()[1, 2]  # i j
    array([0., 0., 0., 1.])
    """
    table = multiply(_BASIS[:, None, :], _BASIS[None, :, :])
    if not names:
        return table
    which = np.argmax(np.abs(table), axis=-1)
    value = np.take_along_axis(table, which[..., None], axis=-1)[..., 0]
    return np.char.add(np.where(value < 0, "-", ""), _NAMES[which])
