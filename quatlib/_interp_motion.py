"""How an interpolation moves: the angle it has turned, its angular speed, NLERP's error.

:func:`~quatlib.slerp`, :func:`~quatlib.nlerp` and :func:`~quatlib.lerp` all travel
in the plane of ``q0`` and ``q1`` in 4D, so each turns the object about one
fixed axis (the axis of ``q1 q0⁻¹``): the three paths are the *same* arc of
orientations.  They differ in how fast they run along it, and LERP also in
length.  This module measures that:

* :func:`interpolate` -- one entry point for the three methods, by name;
* :func:`swept_angle` -- the angle turned from ``q0`` to ``q`` along the arc, up
  to 360° (``angle_between`` stops at 180°, the short way);
* :func:`angular_speed` -- how fast the orientation turns, per unit of ``t``;
* :func:`nlerp_max_error` -- NLERP's largest lag behind SLERP for a separation;
* :func:`path_angle` -- the total angle turned along a sampled path (a long path
  shows up as 340° instead of 20°).

With ``Ω`` the angle between ``q0`` and ``q1`` on the 3-sphere (half the
separation angle ``θ = 2Ω`` of the two orientations)::

    SLERP  turned angle 2 t Ω                        speed 2Ω  (constant)
    NLERP  turned angle 2 atan2(t sin Ω, 1 - t + t cos Ω)
           speed 2 sin Ω / |(1 - t) q0 + t q1|²      slowest at the ends (2 sin Ω),
                                                      fastest at t = ½ (4 tan(Ω/2))
    LERP   the same orientations as NLERP, but |q| < 1 in between: as a rotation
           (q v q⁻¹) it is NLERP; the sandwich q v q* also shrinks by |q|².
"""

from __future__ import annotations

import numpy as np

from ._algebra import IDENTITY, norm, normalize
from ._axis_angle import quaternion_from_axis_angle
from ._interpolate import lerp, nlerp, slerp
from ._rotate import angle_between
from ._validate import as_quaternion, as_scalar, require_nonzero

__all__ = [
    "INTERPOLATION_METHODS",
    "interpolate",
    "swept_angle",
    "angular_speed",
    "nlerp_max_error",
    "path_angle",
]

#: The names :func:`interpolate` accepts.
INTERPOLATION_METHODS = ("slerp", "nlerp", "lerp")

_FUNCTIONS = {"slerp": slerp, "nlerp": nlerp, "lerp": lerp}

#: Step in t of the central difference in :func:`angular_speed`.
_H = 1e-5


def _method(method: str):
    try:
        return _FUNCTIONS[str(method).lower()]
    except KeyError:
        raise ValueError(f"Expected method in {INTERPOLATION_METHODS}, got {method!r}") from None


def interpolate(q0, q1, t, method: str = "slerp", shortest: bool = True) -> np.ndarray:
    """``slerp``, ``nlerp`` or ``lerp`` of ``q0`` and ``q1`` at ``t``, chosen by name.

    Parameters
    ----------
    q0, q1 : array_like, shape (..., 4)
        Quaternions (unit for SLERP and NLERP).
    t : array_like, shape (...)
        Interpolation parameter; broadcasts as in :func:`~quatlib.slerp`.
    method : {"slerp", "nlerp", "lerp"}
        Which interpolation (case does not matter).
    shortest : bool, optional
        Use ``-q1`` where ``q0·q1 < 0`` (the default).

    Returns
    -------
    ndarray, shape broadcast(q0.shape[:-1], q1.shape[:-1], t.shape) + (4,)

    Raises
    ------
    ValueError
        If ``method`` is unknown, or as the chosen function raises.

    Examples
    --------
    >>> import quatlib as ql
    >>> q1 = ql.quaternion_from_axis_angle([0, 1, 0], 150, degrees=True)
    >>> ql.interpolate(ql.IDENTITY, q1, 0.5, "lerp")
    array([0.6294, 0.    , 0.483 , 0.    ])
    """
    return _method(method)(q0, q1, t, shortest=shortest)


def swept_angle(q0, q, degrees: bool = False) -> np.ndarray:
    """The angle turned from ``q0`` to ``q`` along the great arc joining them, in ``[0, 2π]``.

    Twice the angle between ``q0 / |q0|`` and ``q / |q|`` as vectors in 4D,
    computed as ``4 arctan2(|q̂ - q̂0|, |q̂ + q̂0|)`` (accurate near 0 and near
    the ends).  Unlike :func:`~quatlib.angle_between`, the sign counts: ``-q``
    is 360° minus the angle of ``q``, and ``-q0`` is a full turn from ``q0``.
    Along an interpolation from ``q0`` this is the angle turned so far, which
    passes 180° on a long path.

    Parameters
    ----------
    q0, q : array_like, shape (..., 4)
        Non-zero quaternions; leading axes broadcast.
    degrees : bool, optional
        Return degrees instead of radians.

    Returns
    -------
    ndarray, shape (...)

    Raises
    ------
    ValueError
        If a shape is wrong, an entry is NaN or inf, or a quaternion is zero
        (LERP between ``q0`` and ``-q0`` passes through 0 at ``t = ½``).

    See Also
    --------
    angle_between : the short way, in ``[0, π]``, sign ignored.

    Examples
    --------
    >>> import quatlib as ql
    >>> q = ql.quaternion_from_axis_angle([0, 1, 0], 150, degrees=True)
    >>> print(f"{ql.swept_angle(ql.IDENTITY, q, degrees=True):.1f}")
    150.0
    >>> print(f"{ql.swept_angle(ql.IDENTITY, -q, degrees=True):.1f}")
    210.0
    """
    u0 = normalize(q0)
    u = normalize(q)
    angle = 4 * np.arctan2(norm(u - u0), norm(u + u0))
    return np.degrees(angle) if degrees else angle


def angular_speed(q0, q1, t, method: str = "slerp", shortest: bool = True, degrees: bool = False) -> np.ndarray:
    """How fast the interpolated orientation turns at ``t``: angle per unit of ``t``.

    Measured on the interpolation itself: the angle between the orientations at
    ``t - h`` and ``t + h`` (:func:`~quatlib.angle_between`) divided by ``2h``,
    with ``h = 1e-5``.  SLERP's speed is the separation angle at every ``t``;
    NLERP's is ``2 sin Ω / |(1 - t) q0 + t q1|²`` (``cos Ω = q0·q1``): slower
    at the ends, faster in the middle.  LERP turns exactly like NLERP (it only
    differs in length).

    Parameters
    ----------
    q0, q1 : array_like, shape (..., 4)
        Unit quaternions.
    t : array_like, shape (...)
        Where to measure; broadcasts as in :func:`~quatlib.slerp`.
    method : {"slerp", "nlerp", "lerp"}
        Which interpolation.
    shortest : bool, optional
        Use ``-q1`` where ``q0·q1 < 0`` (the default).
    degrees : bool, optional
        Degrees per unit ``t`` instead of radians.

    Returns
    -------
    ndarray, shape broadcast(q0.shape[:-1], q1.shape[:-1], t.shape)

    Raises
    ------
    ValueError
        If ``method`` is unknown, an input is invalid, or SLERP's path has no
        direction (``q1 = -q0`` with ``shortest=False``; NLERP and LERP do not
        turn there, speed 0).

    Examples
    --------
    From the identity to 150° about Y: SLERP turns 150° per unit t everywhere;
    NLERP starts at 2 sin 75° = 110.7° per unit t and peaks at 4 tan 37.5° = 175.9°.

    >>> import quatlib as ql
    >>> q1 = ql.quaternion_from_axis_angle([0, 1, 0], 150, degrees=True)
    >>> ql.angular_speed(ql.IDENTITY, q1, [0, 0.5, 1], "slerp", degrees=True).round(1)
    array([150., 150., 150.])
    >>> ql.angular_speed(ql.IDENTITY, q1, [0, 0.5, 1], "nlerp", degrees=True).round(1)
    array([110.7, 175.9, 110.7])
    """
    f = _method(method)
    t = as_scalar(t, "interpolation parameter t")
    before = f(q0, q1, t - _H, shortest=shortest)
    after = f(q0, q1, t + _H, shortest=shortest)
    speed = angle_between(before, after) / (2 * _H)
    return np.degrees(speed) if degrees else speed


def nlerp_max_error(separation, degrees: bool = False) -> np.ndarray:
    """NLERP's largest angle error against SLERP, for two orientations ``separation`` apart.

    Along the same arc NLERP lags behind SLERP in the first half and runs ahead
    in the second; the error is 0 at ``t = 0, ½, 1`` and largest where NLERP's
    speed equals SLERP's, at ``t* = (1 - sqrt(1 - 4k)) / 2`` and ``1 - t*`` with
    ``k = (1 - sin Ω / Ω) / (2 (1 - cos Ω))`` and ``Ω = separation / 2``
    (``t*`` runs from 0.211 for tiny separations to 0.239 at 180°).  The error
    is then measured on :func:`~quatlib.slerp` and :func:`~quatlib.nlerp`
    themselves at ``t*``; it grows like the cube of the separation, which is why
    NLERP is invisible for small steps.

    Parameters
    ----------
    separation : array_like
        Angle between the two orientations, in ``[0, π]`` (``[0, 180]`` with
        ``degrees=True``); beyond that the short path is the other way round.
    degrees : bool, optional
        ``separation`` and the result in degrees.

    Returns
    -------
    ndarray, shape of ``separation``
        The largest ``|angle_SLERP(t) - angle_NLERP(t)|`` over ``t`` in [0, 1].

    Raises
    ------
    ValueError
        If ``separation`` is outside ``[0, 180°]`` or not finite.

    Examples
    --------
    >>> import quatlib as ql
    >>> ql.nlerp_max_error([30, 90, 150, 180], degrees=True).round(3)
    array([0.033, 0.919, 4.514, 8.149])
    """
    sep = as_scalar(separation, "separation angle").astype(np.float64)
    top = 180.0 if degrees else np.pi
    if not np.all((sep >= 0) & (sep <= top)):
        bad = sep[~((sep >= 0) & (sep <= top))].ravel()[0] if sep.ndim else sep
        unit = "°" if degrees else " rad"
        raise ValueError(f"Expected a separation angle in [0, {top:g}{unit}] (the short path), got {float(bad):g}")
    theta = np.radians(sep) if degrees else sep
    omega = theta / 2
    small = omega < 1e-2
    safe = np.where(small, 1.0, omega)
    k = np.where(small, 1 / 6 + omega**2 / 180, (1 - np.sin(safe) / safe) / (2 * (1 - np.cos(safe))))
    t_star = (1 - np.sqrt(1 - 4 * k)) / 2
    q1 = quaternion_from_axis_angle([0.0, 1.0, 0.0], theta)
    exact = swept_angle(IDENTITY, slerp(IDENTITY, q1, t_star))
    cheap = swept_angle(IDENTITY, nlerp(IDENTITY, q1, t_star))
    error = np.abs(exact - cheap)
    return np.degrees(error) if degrees else error


def path_angle(qs, degrees: bool = False) -> np.ndarray:
    """The total angle turned along a sampled path of orientations: the sum of the steps' angles.

    ``sum_k angle_between(qs[k], qs[k + 1])``: each step is measured the short
    way, so sample finely enough that every step is well under 180°.  The
    interpolation from 170° to -170° about Y turns 20° on the short path and
    340° on the long one; this tells them apart (their ends are the same).

    Parameters
    ----------
    qs : array_like, shape (n, ..., 4)
        Orientations in order along the first axis; non-zero.
    degrees : bool, optional
        Return degrees instead of radians.

    Returns
    -------
    ndarray, shape (...)

    Raises
    ------
    ValueError
        If the shape is not ``(n, ..., 4)``, an entry is NaN or inf, or a
        quaternion is zero.

    Examples
    --------
    >>> import numpy as np, quatlib as ql
    >>> q0 = ql.quaternion_from_axis_angle([0, 1, 0], 170, degrees=True)
    >>> q1 = ql.quaternion_from_axis_angle([0, 1, 0], -170, degrees=True)
    >>> t = np.linspace(0, 1, 101)
    >>> print(f"{ql.path_angle(ql.slerp(q0, q1, t), degrees=True):.1f}")
    20.0
    >>> print(f"{ql.path_angle(ql.slerp(q0, q1, t, shortest=False), degrees=True):.1f}")
    340.0
    """
    qs = as_quaternion(qs, "path of quaternions qs")
    if qs.ndim < 2:
        raise ValueError(f"Expected a path of quaternions with shape (n, ..., 4), got {qs.shape}")
    if len(qs) < 2:  # no step to sum; a zero quaternion is still no orientation
        require_nonzero(norm(qs), "quaternion")
        return np.zeros(qs.shape[1:-1])
    total = angle_between(qs[:-1], qs[1:]).sum(axis=0)
    return np.degrees(total) if degrees else total
