"""The model of notebook 03's two mirrors: two reflections make a rotation, and ``q = n₂ n₁`` (numpy only).

The widget :func:`quatlib.widgets.two_mirrors` draws what :func:`mirrors_state` computes: the mirrors' normals,
the cube reflected in mirror 1 (the ghost) and then in mirror 2 (the turned copy), and the quaternion of the turn.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._axis_angle import quaternion_from_axis_angle
from .._matrix import matrix_from_quaternion
from .._reflect import mirror_normals, quaternion_from_mirrors, reflect
from .._rotate import rotate_vector
from .._validate import as_number, as_numbers
from .geometry import arc_points, axis_frame, split_along

__all__ = ["CUBE_SIDE", "MirrorsState", "mirrors_state", "reflection_matrix", "clear_of_line"]

CUBE_SIDE = 0.5  # the side of the cube that is reflected


def reflection_matrix(n) -> np.ndarray:
    """The matrix of ``reflect(·, n)``: ``I − 2 n nᵀ`` for a unit ``n``; its columns are the reflected x, y, z axes.

    Computed by reflecting the axes with :func:`quatlib.reflect` (so it is the
    reflection the course defines, not a second formula); its determinant is −1.

    >>> reflection_matrix([1, 0, 0])
    array([[-1.,  0.,  0.],
           [ 0.,  1.,  0.],
           [ 0.,  0.,  1.]])
    """
    return reflect(np.eye(3), n).T


@dataclass(frozen=True)
class MirrorsState:
    """Two mirrors through the origin, a cube reflected in one and then the other, and the turn this makes.

    Attributes
    ----------
    mirror_angle, rotation_angle : float
        The angle ``φ`` between the mirrors and the turn ``2φ``, in degrees.
    line : ndarray, shape (3,)
        The unit direction of the line where the mirrors meet, as the sliders set it (defined even when the
        mirrors coincide).
    n1, n2 : ndarray, shape (3,)
        The mirrors' unit normals, ``φ`` apart, both perpendicular to ``line``.
    edges : ndarray, shape (2, 3)
        ``line × n₁`` and ``line × n₂``: in each mirror, the unit direction perpendicular to the line (the
        mirrors' edges, ``φ`` apart as well).
    q : ndarray, shape (4,)
        ``q = n₂ n₁`` (:func:`quatlib.quaternion_from_mirrors`).
    q_axis_angle : ndarray, shape (4,)
        ``quaternion_from_axis_angle(line, 2φ)``: the same rotation as ``q``, up to sign.
    axis : ndarray, shape (3,) or None
        ``n₁ × n₂ / |n₁ × n₂|``; None when the mirrors coincide (``degenerate``).
    degenerate : bool
        The mirrors are one plane (``φ = 0°`` or ``180°``): no turn, no axis.
    position, ghost_center, final_center : ndarray, shape (3,)
        The cube's centre, reflected in mirror 1, then in mirror 2.
    ghost_matrix, final_matrix : ndarray, shape (3, 3)
        The reflection in mirror 1 (det −1) and mirror 1 then mirror 2 (det +1, a rotation), computed by
        reflecting, not by rotating.
    same_sign, opposite_sign : bool
        ``q == q_axis_angle`` and ``q == −q_axis_angle``.
    reflections_agree : bool
        ``final_matrix`` equals ``matrix_from_quaternion(q)``: the two reflections move every point as ``q v q*``.
    no_turn : bool
        The turned copy lands on the original (``final_matrix`` is the identity).
    copies_close : bool
        The turned copy is within ``1.2`` cube sides of the original (one name serves both).
    hinge : ndarray, shape (3,)
        Where the angle ``φ`` is drawn: on the line, ``0.95`` from the origin, on the side away from the cube.
    phi_arc : ndarray, shape (n, 3)
        The arc of ``φ`` from mirror 1's edge to mirror 2's, radius ``0.7`` about ``hinge``.
    turn_centre, turn_arc : ndarray, shape (3,) and (96, 3)
        The arc of the turn ``2φ`` from the cube to its turned copy, about the line, a little below the cubes.

    Examples
    --------
    Two mirrors 45° apart: the cube's image in both is the cube turned by 90°, and the quaternion of the two
    reflections is that turn's (up to sign).

    >>> s = mirrors_state(mirror_angle=45, turn=0, azimuth=0, elevation=90)
    >>> s.rotation_angle, s.same_rotation, round(s.ghost_det), round(s.final_det)
    (90.0, True, -1, 1)
    """

    mirror_angle: float
    rotation_angle: float
    line: np.ndarray
    n1: np.ndarray
    n2: np.ndarray
    edges: np.ndarray
    q: np.ndarray
    q_axis_angle: np.ndarray
    axis: np.ndarray | None
    degenerate: bool
    position: np.ndarray
    ghost_center: np.ndarray
    final_center: np.ndarray
    ghost_matrix: np.ndarray
    final_matrix: np.ndarray
    same_sign: bool
    opposite_sign: bool
    reflections_agree: bool
    no_turn: bool
    copies_close: bool
    hinge: np.ndarray
    phi_arc: np.ndarray
    turn_centre: np.ndarray
    turn_arc: np.ndarray

    @property
    def same_rotation(self) -> bool:
        """``q`` and ``q_axis_angle`` are the same rotation (equal up to sign): always."""
        return self.same_sign or self.opposite_sign

    @property
    def final_name(self) -> str:
        """The turned copy's name: ``"in both"``, or ``"in both ≈ original"`` / ``"= original"`` when it lands (nearly)
        on the original, which then gets no name of its own (one name instead of two on top of each other)."""
        return "in both = original" if self.no_turn else "in both ≈ original" if self.copies_close else "in both"

    @property
    def coincide_reason(self) -> str:
        """Why the mirrors are one plane (``""`` unless :attr:`degenerate`): ``φ = 0°`` or ``φ = 180°``."""
        if not self.degenerate:
            return ""
        return "φ = 0°: the mirrors coincide" if self.mirror_angle < 90 else "φ = 180°: n₂ = −n₁, the same mirror again"

    @property
    def ghost_det(self) -> float:
        """``det`` of the reflection in one mirror: −1 (handedness flipped)."""
        return float(np.linalg.det(self.ghost_matrix))

    @property
    def final_det(self) -> float:
        """``det`` of the two reflections: +1 (a rotation)."""
        return float(np.linalg.det(self.final_matrix))


def mirrors_state(mirror_angle: float, turn: float, azimuth: float, elevation: float,
                  position=(-0.27, 0.3, 1.0)) -> MirrorsState:
    """Two mirrors ``mirror_angle`` degrees apart meeting along the line (``azimuth``, ``elevation``).

    Mirror 1's normal ``n₁`` is the third column of the line's frame
    (:func:`quatlib.models.geometry.axis_frame`) turned by ``turn`` degrees about
    the line, so mirror 1 contains the line and ``line × n₁``; mirror 2 is
    mirror 1 turned by ``φ`` about the line (:func:`quatlib.mirror_normals`).
    The cube at ``position`` is reflected in mirror 1, then in mirror 2.

    Parameters
    ----------
    mirror_angle : float
        ``φ`` in degrees, 0 to 180.
    turn : float
        Turns both mirrors together about their line, in degrees (the rotation does not change).
    azimuth, elevation : float
        The line's direction in degrees: ``(cos el cos az, sin el, −cos el sin az)``.
    position : (float, float, float)
        Where the cube should sit; moved by :func:`clear_of_line` so that it is at
        least ``1.0`` from the line (its turned copies then stay apart) and at most
        ``0.5`` along it.

    Returns
    -------
    MirrorsState

    Examples
    --------
    >>> from quatlib.models.mirrors import mirrors_state
    >>> s = mirrors_state(mirror_angle=45, turn=0, azimuth=0, elevation=90)
    >>> s.rotation_angle, s.axis + 0.0   # + 0.0 prints a signed zero -0. as 0.
    (90.0, array([0., 1., 0.]))
    >>> s.q, s.q_axis_angle   # n₂ n₁ = −q_aa: the same rotation
    (array([-0.7071,  0.    , -0.7071,  0.    ]), array([0.7071, 0.    , 0.7071, 0.    ]))
    >>> round(s.ghost_det), round(s.final_det), s.reflections_agree
    (-1, 1, True)
    >>> mirrors_state(0, 0, 0, 90).degenerate
    True
    """
    position = as_numbers(position, 3, "position")
    frame = axis_frame(azimuth, elevation)
    line = frame[:, 0]
    first = rotate_vector(quaternion_from_axis_angle(line, turn, degrees=True), frame[:, 2])
    rotation_angle = 2.0 * as_number(mirror_angle, "mirror_angle")
    n1, n2 = mirror_normals(line, rotation_angle, first=first, degrees=True)
    q = quaternion_from_mirrors(n1, n2)  # n₂ n₁
    q_aa = quaternion_from_axis_angle(line, rotation_angle, degrees=True)
    cross = np.cross(n1, n2)  # sin φ · axis: zero when the mirrors coincide
    degenerate = bool(np.linalg.norm(cross) < 1e-9)
    c0 = clear_of_line(position, line, first)
    ghost_center = reflect(c0, n1)
    M1 = reflection_matrix(n1)
    M21 = reflect(reflect(np.eye(3), n1), n2).T  # mirror 1, then mirror 2
    final_center = reflect(ghost_center, n2)
    along = float(c0 @ line)
    hinge = (-0.95 if along >= 0 else 0.95) * line  # φ is drawn on the line, at the end away from the cube
    edges = np.cross(line, [n1, n2])
    turn_centre = (along - 0.6 * CUBE_SIDE) * line  # the arc of 2φ runs under the cubes
    return MirrorsState(
        mirror_angle=float(mirror_angle), rotation_angle=rotation_angle, line=line, n1=n1, n2=n2,
        edges=edges, q=q,
        q_axis_angle=q_aa, axis=None if degenerate else cross / np.linalg.norm(cross), degenerate=degenerate,
        position=c0, ghost_center=ghost_center, final_center=final_center, ghost_matrix=M1,
        final_matrix=M21, same_sign=bool(np.allclose(q, q_aa, atol=1e-12)),
        opposite_sign=bool(np.allclose(q, -q_aa, atol=1e-12)),
        reflections_agree=bool(np.allclose(M21, matrix_from_quaternion(q), atol=1e-12)),
        no_turn=bool(np.allclose(M21, np.eye(3), atol=1e-9)),
        copies_close=bool(np.linalg.norm(final_center - c0) < 1.2 * CUBE_SIDE), hinge=hinge,
        phi_arc=arc_points(line, 0.7 * edges[0], np.radians(mirror_angle), center=hinge),
        turn_centre=turn_centre,
        turn_arc=arc_points(line, c0 - along * line, np.radians(rotation_angle), center=turn_centre, n=96))


def clear_of_line(position, line, fallback, distance: float = 1.0, along: float = 0.5) -> np.ndarray:
    """``position`` moved to be at least ``distance`` from the line through 0 along the unit ``line``.

    The part of ``position`` along the line is clipped to ``±along``; the part
    across it keeps its direction and grows to ``distance`` if shorter (a cube
    near the axis would turn in a tiny circle and pile onto its own copies).  If
    ``position`` lies on the line, ``fallback`` (perpendicular to it) gives the
    direction.

    >>> clear_of_line([-0.27, 0.3, 0.2], [0, 1, 0], [1, 0, 0])
    array([-0.8036,  0.3   ,  0.5952])
    """
    p, a = as_numbers(position, 3, "position"), as_numbers(line, 3, "line")
    fallback = as_numbers(fallback, 3, "fallback")
    t = float(p @ a)
    perp = split_along(p, a)[1]
    r = float(np.linalg.norm(perp))
    u = perp / r if r > 1e-9 else np.asarray(fallback, dtype=float) / np.linalg.norm(fallback)
    return float(np.clip(t, -along, along)) * a + max(r, distance) * u
