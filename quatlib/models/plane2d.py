"""The models of notebook 01: a 2D rotation as a 2x2 matrix and as a unit complex number (numpy only).

The widgets :func:`quatlib.widgets.rotation_2d` and :func:`quatlib.widgets.complex_composition` draw what
:func:`rotation_2d_state` and :func:`composition_state` compute.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .. import complex_from_angle, rotate_2d, rotate_complex, rotation_matrix_2d
from .._validate import as_count, as_number, as_numbers, as_scalar, as_tolerance
from .geometry import arc_points

__all__ = ["Rotation2DState", "rotation_2d_state", "CompositionState", "composition_state", "spread_angles",
           "ring_spots", "in_plane", "RING", "TICKS"]

#: The names of the turning arrows sit on a ring just outside the unit circle (radius ``RING``), each in its
#: arrow's direction, kept apart from each other and from the circle's tick labels 1, i, −1, −i, written just
#: below 1 and −1 and just right of i and −i, at the directions ``TICKS`` (degrees).
RING = 1.27
TICKS = (-8.0, 84.0, -172.0, -83.0)
_Z = (0.0, 0.0, 1.0)  # the plane's normal: every 2D turn is about z


@dataclass(frozen=True)
class Rotation2DState:
    """One angle θ turning a point ``p`` in two languages.

    Attributes
    ----------
    theta : float
        The angle in degrees.
    point : ndarray, shape (2,)
        The point ``p`` before the turn.
    R : ndarray, shape (2, 2)
        ``R(θ) = [[cos θ, −sin θ], [sin θ, cos θ]]``.
    rotor : complex
        ``e^{iθ} = cos θ + i sin θ``.
    matrix : ndarray, shape (2,)
        ``p′ = R(θ) p``.
    complex : ndarray, shape (2,)
        ``z′ = z e^{iθ}`` as ``(Re, Im)``, with ``z = p[0] + i p[1]``.

    Examples
    --------
    >>> s = rotation_2d_state(90, point=(1, 0))
    >>> s.matrix, s.complex, s.same
    (array([0., 1.]), array([0., 1.]), True)
    """

    theta: float
    point: np.ndarray
    R: np.ndarray
    rotor: complex
    matrix: np.ndarray
    complex: np.ndarray

    @property
    def cos(self) -> float:
        """``cos θ``: the real part of ``e^{iθ}`` and the matrix's top-left entry."""
        return float(self.rotor.real)

    @property
    def sin(self) -> float:
        """``sin θ``: the imaginary part of ``e^{iθ}`` and the matrix's bottom-left entry."""
        return float(self.rotor.imag)

    @property
    def same(self) -> bool:
        """Whether the matrix and the complex number sent ``p`` to the same point (they always do)."""
        return bool(np.allclose(self.matrix, self.complex))

    @cached_property  # placing the names takes up to about 2 ms: once per state, however often it is read
    def name_spots(self) -> dict:
        """Where each arrow's name is written (:func:`ring_spots`, 16° apart): ``{"left": {"p", "out"}, "right":
        {"z", "out", "rotor"}}``, each a point ``(x, y, 0)``; ``p`` and ``z`` point the same way, the turned
        ``p′`` and ``z′`` θ further, ``e^{iθ}`` at θ.

        >>> np.round(rotation_2d_state(45, point=(1, 0)).name_spots["left"]["out"], 2)   # p′ at 45°, on the ring
        array([0.9, 0.9, 0. ])
        """
        start = float(np.degrees(np.arctan2(self.point[1], self.point[0])))
        sides = {"left": {"p": start, "out": start + self.theta},
                 "right": {"z": start, "out": start + self.theta, "rotor": self.theta}}
        return {side: dict(zip(d, ring_spots(list(d.values()), 16), strict=True)) for side, d in sides.items()}

    @property
    def arcs(self) -> dict:
        """The arc of θ in each panel (:func:`~quatlib.models.geometry.arc_points` about z), ``{"left", "right"}``,
        each ``(n, 3)``: left from radius 0.42 on the ray to ``p``, right from ``(0.32, 0, 0)``.

        >>> arcs = rotation_2d_state(90, point=(2, 0)).arcs
        >>> np.round(arcs["left"][[0, -1]], 2) + 0.0   # a quarter turn, starting on the ray to p
        array([[0.42, 0.  , 0.  ],
               [0.  , 0.42, 0.  ]])
        """
        rad = np.radians(self.theta)
        start = in_plane(self.point) * 0.42 / max(np.hypot(*self.point), 1e-9)  # (p = 0: the arc shrinks to 0)
        return {"left": arc_points(_Z, start, rad), "right": arc_points(_Z, (0.32, 0, 0), rad)}


def rotation_2d_state(theta: float, point=(1.0, 0.5)) -> Rotation2DState:
    """Turn ``point`` by ``theta`` degrees with the 2x2 matrix and with ``e^{iθ}``.

    Parameters
    ----------
    theta : float
        Angle in degrees, counter-clockwise.
    point : (float, float)
        The point ``p``; as a complex number ``z = p[0] + i p[1]``.

    Returns
    -------
    Rotation2DState

    Examples
    --------
    >>> from quatlib.models.plane2d import rotation_2d_state
    >>> s = rotation_2d_state(90, point=(1, 0))
    >>> s.matrix, s.complex
    (array([0., 1.]), array([0., 1.]))
    >>> round(s.cos, 4), round(s.sin, 4), s.same
    (0.0, 1.0, True)
    """
    p = as_numbers(point, 2, "point")
    z2 = complex(rotate_complex(complex(p[0], p[1]), theta, degrees=True))
    return Rotation2DState(theta=float(theta), point=p, R=rotation_matrix_2d(theta, degrees=True),
                           rotor=complex(complex_from_angle(theta, degrees=True)),
                           matrix=rotate_2d(p, theta, degrees=True), complex=np.array([z2.real, z2.imag]))


@dataclass(frozen=True)
class CompositionState:
    """Turning 1 by α then β, and by β then α, beside one turn by α + β.

    Attributes
    ----------
    alpha, beta : float
        The two angles in degrees.
    alpha_then_beta, beta_then_alpha : complex
        ``(1 · e^{iα}) · e^{iβ}`` and ``(1 · e^{iβ}) · e^{iα}``.
    total : complex
        ``e^{i(α+β)}``.

    Examples
    --------
    >>> composition_state(alpha=30, beta=60).same   # in the plane, the order of two turns never matters
    True
    """

    alpha: float
    beta: float
    alpha_then_beta: complex
    beta_then_alpha: complex
    total: complex

    @property
    def same(self) -> bool:
        """Whether both orders and the single turn by α + β agree (2D rotations commute: always)."""
        return bool(np.isclose(self.alpha_then_beta, self.beta_then_alpha)
                    and np.isclose(self.alpha_then_beta, self.total))

    @property
    def first_is_result(self) -> dict:
        """Per side, whether the first turn's arrow is the result's, drawn on top of it (the second turn is a
        whole number of full turns: β on the left, α on the right): ``{"left": bool, "right": bool}``.

        >>> composition_state(alpha=-180, beta=0).first_is_result
        {'left': True, 'right': False}
        """
        return {"left": self.beta % 360 == 0, "right": self.alpha % 360 == 0}

    @cached_property  # placing the names takes up to about 2 ms: once per state, however often it is read
    def name_spots(self) -> dict:
        """Where the names of each side's arrows are written (:func:`ring_spots`, 24° apart): ``{"left": {"first",
        "result"}, "right": {...}}``, points ``(x, y, 0)``; left the first turn is α, right β, both end at α + β.
        Where the first arrow is the result's (:attr:`first_is_result`) both names share the result's spot (the
        demo writes them as one).

        >>> np.round(composition_state(alpha=90, beta=60).name_spots["right"]["first"], 2)   # e^{iβ} at 60°
        array([0.64, 1.1 , 0.  ])
        """
        out = {}
        for side, first in (("left", self.alpha), ("right", self.beta)):
            if self.first_is_result[side]:
                spot = ring_spots([self.alpha + self.beta], 24)[0]
                out[side] = {"first": spot, "result": spot}
            else:
                out[side] = dict(zip(("first", "result"), ring_spots([first, self.alpha + self.beta], 24),
                                     strict=True))
        return out

    @property
    def arcs(self) -> dict:
        """Each side's two arcs (:func:`~quatlib.models.geometry.arc_points` about z), ``{"left": (first, second),
        "right": (first, second)}``, each ``(n, 3)``: the first turn from ``(0.45, 0, 0)``, the second from radius
        0.62 on the ray where the first ended; left the first turn is α, right β.

        >>> first, second = composition_state(alpha=90, beta=90).arcs["left"]
        >>> np.round([first[-1], second[0], second[-1]], 2) + 0.0
        array([[ 0.  ,  0.45,  0.  ],
               [ 0.  ,  0.62,  0.  ],
               [-0.62,  0.  ,  0.  ]])
        """
        a, b = np.radians(self.alpha), np.radians(self.beta)
        return {side: (arc_points(_Z, (0.45, 0, 0), first),
                       arc_points(_Z, in_plane(0.62 * complex_from_angle(first)), second))
                for side, first, second in (("left", a, b), ("right", b, a))}


def composition_state(alpha: float, beta: float) -> CompositionState:
    """Compose two 2D turns (degrees) as unit complex numbers, in both orders.

    Examples
    --------
    >>> from quatlib.models.plane2d import composition_state
    >>> s = composition_state(alpha=30, beta=60)
    >>> print(f"{s.alpha_then_beta:.4f}  {s.beta_then_alpha:.4f}  {s.total:.4f}")
    0.0000+1.0000j  0.0000+1.0000j  0.0000+1.0000j
    >>> s.same
    True
    """
    alpha, beta = as_number(alpha, "alpha"), as_number(beta, "beta")

    def turn(z, angle):
        return complex(rotate_complex(z, angle, degrees=True))

    return CompositionState(alpha=float(alpha), beta=float(beta),
                            alpha_then_beta=turn(turn(1.0, alpha), beta),
                            beta_then_alpha=turn(turn(1.0, beta), alpha),
                            total=complex(complex_from_angle(alpha + beta, degrees=True)))


def spread_angles(wanted, fixed=(), gap: float = 15.0, iterations: int = 100, tol: float = 1e-3) -> np.ndarray:
    """Directions (degrees) as close to ``wanted`` as they can be while at least ``gap`` apart.

    Where the widgets write the names of arrows that turn: each name sits on a
    ring around the origin in the direction of its arrow, unless another name
    (or a ``fixed`` direction, such as a tick label of the unit circle) is
    closer than ``gap``; then the two push each other apart along the ring (a
    fixed one does not move).  Angles are compared round the circle
    (359° is 2° from 1°).

    Parameters
    ----------
    wanted : array_like, shape (n,)
        The arrows' directions in degrees.
    fixed : array_like, shape (m,)
        Directions already taken, in degrees.
    gap : float
        The smallest separation wanted, in degrees.
    iterations : int
        Rounds of pushing, at most.
    tol : float
        Stop once no name moved further than this (degrees) in a round.  Names
        that crowd each other settle geometrically, so the last rounds move them
        by far less than a pixel: with ``1e-3`` two crowded names stop after
        about 27 rounds, three (``rotation_2d``'s near θ = 0) after about 60,
        instead of all 100, within 0.003° of where they would settle.

    Returns
    -------
    ndarray, shape (n,)
        The directions to write the names at, in degrees.

    Examples
    --------
    >>> from quatlib.models.plane2d import spread_angles
    >>> spread_angles([10, 12])           # too close: pushed 15° apart, about their middle
    array([ 3.5, 18.5])
    >>> spread_angles([5], fixed=[0])     # a fixed direction does not move
    array([15.])
    >>> spread_angles([0, 90])            # far enough apart: left alone
    array([ 0., 90.])
    """
    a = as_scalar(wanted, "wanted directions").astype(float).reshape(-1)  # (a copy: it moves)
    f = as_scalar(fixed, "fixed directions").astype(float).reshape(-1)
    gap, iterations = as_number(gap, "gap"), as_count(iterations, "iterations")
    tol = as_tolerance(tol, "tolerance tol", default=1e-3)
    n = a.size
    order = np.arange(n)
    tie = np.where(order[:, None] > np.arange(n + f.size)[None, :], 1.0, -1.0)  # who goes which way at d = 0
    share = np.concatenate([np.full(n, 0.5), np.ones(f.size)])  # two names split the push; a fixed one won't
    for _ in range(iterations):
        d = (a[:, None] - np.concatenate([a, f])[None, :] + 180.0) % 360.0 - 180.0  # (n, n + m), signed
        side = np.where(d == 0, tie, np.sign(d))
        short = np.clip(gap - np.abs(d), 0.0, None)
        short[order, order] = 0.0  # a name does not push itself
        push = (side * short * share[None, :]).sum(axis=1)
        a = a + push
        if not np.any(np.abs(push) > tol):
            break
    return (a + 180.0) % 360.0 - 180.0


def in_plane(p) -> np.ndarray:
    """A 2D point ``(x, y)`` or a complex number ``x + iy`` as the 3D point ``(x, y, 0)`` of the drawing's plane.

    >>> in_plane((1.0, 0.5)), in_plane(1j)
    (array([1. , 0.5, 0. ]), array([0., 1., 0.]))
    """
    x, y = as_numbers((np.real(p), np.imag(p)) if np.iscomplexobj(p) else p, 2, "point")
    return np.array([x, y, 0.0])


def ring_spots(directions, gap: float) -> np.ndarray:
    """Where to write the names of arrows pointing in ``directions`` (degrees): on the ring of radius :data:`RING`,
    at least ``gap`` degrees from each other and from the tick labels (:data:`TICKS`), see :func:`spread_angles`.

    Returns
    -------
    ndarray, shape (n, 3)
        Points ``(x, y, 0)`` of the plane, one per direction.

    Examples
    --------
    >>> from quatlib.models.plane2d import ring_spots
    >>> ring_spots([45.0, 180.0], gap=16) / 1.27    # 180° is pushed 16° off the tick label −1 (at −172°)
    array([[ 0.7071,  0.7071,  0.    ],
           [-0.9903,  0.1392,  0.    ]])
    """
    directions = as_scalar(directions, "directions")  # (spread_angles checks gap)
    a = np.radians(spread_angles(directions, fixed=TICKS, gap=gap))
    return RING * np.stack([np.cos(a), np.sin(a), np.zeros_like(a)], axis=-1)
