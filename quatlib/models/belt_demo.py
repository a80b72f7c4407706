"""The model of notebook 07's belt trick: a turn and an untangling progress in, the tethered cube out (numpy only).

The widget :func:`quatlib.widgets.belt_trick` draws what :func:`belt_state` computes; the geometry itself (the
ribbons as a deformation of space, the path in the ball of rotations) is :mod:`quatlib.belt`, the picture of the
unit quaternions is :mod:`quatlib.models.s3`.

The untangling is done at 720° (:data:`UNTANGLED_AT`, the one double turn the slider reaches) and it is kept when
the turn slider moves on: ``belt_state(725, 1.0)`` is the untangled ribbons with a fresh 5° twist, not two full
twists again.  Every picture is continuous in both controls (:func:`quatlib.belt.field_quaternion`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import belt
from .._validate import as_count, as_flag, as_number
from .geometry import split_along
from .s3 import stereographic, stereographic_path

__all__ = ["UNTANGLED_AT", "BALL_SHIFT", "BallDrawing", "ball_drawing", "BeltState", "belt_state", "state_words",
           "untangle_works", "s3_landmarks"]

#: The turn (degrees) at which the untangle control works: the slider's one double turn.
UNTANGLED_AT = 720.0
#: How far (radians, along +x) the pieces of the ball path with w < 0 are drawn beside the others: at untangle 0 a
#: 720° path runs along the axis twice, and without the shift its second pass would hide the first.
BALL_SHIFT = 0.22
_SHIFT_DIRECTION = np.array([1.0, 0.0, 0.0])  # sideways on screen in the demo's view, a little toward the viewer


def s3_landmarks(n: int = 97) -> dict:
    """The fixed places of the S³ picture (:func:`~quatlib.models.s3.stereographic`), which no control moves.

    ``"turns"``: the turns about y from 0° to 720°, ``(n, 3)``: the unit circle of the (w, y) plane, through
    +1 at ``(1, 0, 0)`` and −1 at ``(−1, 0, 0)``.  ``"w0"``: a square of the plane ``w = 0`` (the ball's surface,
    where a path's ``w`` changes sign), ``(5, 3)`` with its first corner repeated: stereographic projection
    sends ``w`` to the first coordinate over ``1 + z``, so ``w = 0`` is the plane of the first coordinate 0.

    >>> marks = s3_landmarks(5)
    >>> marks["turns"].round(4) + 0.0   # 0°, 180°, 360°, 540°, 720°
    array([[ 1.,  0.,  0.],
           [ 0.,  1.,  0.],
           [-1.,  0.,  0.],
           [ 0., -1.,  0.],
           [ 1.,  0.,  0.]])
    >>> marks["w0"][:, 0]
    array([0., 0., 0., 0., 0.])
    """
    n = as_count(n, "n points", 2)
    turns = stereographic(belt.followed_quaternion(np.linspace(0.0, 720.0, n)))  # (cos θ/2, 0, sin θ/2, 0)
    w0 = 1.2 * np.array([[0.0, -1, -1], [0, 1, -1], [0, 1, 1], [0, -1, 1], [0, -1, -1]])
    return {"turns": turns, "w0": w0}


@dataclass(frozen=True)
class BallDrawing:
    """The path in the ball of rotations, ready to draw: its pieces by the sign of ``w``, and each crossing.

    Attributes
    ----------
    positive, negative : ndarray (m, 3)
        The pieces of the path where ``w ≥ 0`` and where ``w < 0`` (rows of NaN between
        pieces); the ``w < 0`` pieces are drawn shifted by :data:`BALL_SHIFT` along +x.
    exits, entries : ndarray (k, 3)
        Where the path leaves through the surface (crossing ``i``) and where it comes back in.
    links : ndarray (k, n, 3)
        A dotted arc outside the ball from each exit to its entry: the two are one rotation.
    numbers : ndarray (k, 3)
        Where crossing ``i + 1``'s number goes (the middle of its arc).
    end : ndarray (3,)
        The cube's rotation now (shifted like the piece it ends).

    Examples
    --------
    One full turn: the loop crosses the ball's surface once, so one exit, one arc and one re-entry to draw.

    >>> from quatlib import belt
    >>> drawing = ball_drawing(belt.ball_path(360))
    >>> drawing.n_crossings, drawing.exits.shape, drawing.links.shape
    (1, (1, 3), (1, 27, 3))
    """

    positive: np.ndarray
    negative: np.ndarray
    exits: np.ndarray
    entries: np.ndarray
    links: np.ndarray
    numbers: np.ndarray
    end: np.ndarray

    @property
    def n_crossings(self) -> int:
        """How many times the path goes through the ball's surface: one exit (and its entry) each."""
        return len(self.exits)


def ball_drawing(path: belt.BallPath, shift: float = BALL_SHIFT, n_arc: int = 25) -> BallDrawing:
    """Lay out ``path`` (:func:`quatlib.belt.ball_path`) for the picture: sign colours, shifts, crossing arcs.

    Piece ``i`` of the path (between crossings ``i`` and ``i + 1``) has ``w ≥ 0`` for even
    ``i`` and ``w < 0`` for odd ``i``: each crossing of the surface is a change of sign of
    ``w``.  Crossing ``i``'s arc runs outside the ball at radius 1.12π, on alternating sides
    so that two crossings at the same place (a 720° twist) show two arcs.

    Examples
    --------
    >>> from quatlib import belt
    >>> from quatlib.models.belt_demo import ball_drawing
    >>> d = ball_drawing(belt.ball_path(720))
    >>> d.n_crossings, d.links.shape
    (2, (2, 27, 3))
    """
    if not isinstance(path, belt.BallPath):
        raise TypeError(f"Expected path, a quatlib.belt.BallPath (from ball_path), got {type(path).__name__}")
    shift = as_number(shift, "shift")
    n_arc = as_count(n_arc, "n_arc points", 2)
    pieces = path.pieces
    offsets = [(i % 2) * shift * _SHIFT_DIRECTION for i in range(len(pieces))]
    nan = np.full((1, 3), np.nan)

    def joined(parity):
        chosen = [p + o for i, (p, o) in enumerate(zip(pieces, offsets)) if i % 2 == parity]
        return np.concatenate([x for p in chosen for x in (p, nan)][:-1]) if chosen else np.zeros((0, 3))

    exits = np.array([pieces[i][-1] + offsets[i] for i in range(len(pieces) - 1)]).reshape(-1, 3)
    entries = np.array([pieces[i + 1][0] + offsets[i + 1] for i in range(len(pieces) - 1)]).reshape(-1, 3)
    t = np.linspace(0.0, np.pi, n_arc)
    links, numbers = np.zeros((0, n_arc + 2, 3)), np.zeros((0, 3))
    for i, (out, back) in enumerate(zip(exits, entries)):
        d = out / np.linalg.norm(out)
        side = split_along(belt.SWING_AXIS, d)[1]  # the arc's plane: d and the swing axis
        side = side / np.linalg.norm(side) if np.linalg.norm(side) > 1e-6 else np.cross(d, belt.TURN_AXIS)
        side = side if i % 2 == 0 else -side
        arc = 1.12 * np.pi * (np.outer(np.cos(t), d) + np.outer(np.sin(t), side))
        links = np.concatenate([links, np.vstack([out, arc, back])[None]])
        numbers = np.concatenate([numbers, 1.22 * np.pi * side[None]])
    return BallDrawing(positive=joined(0), negative=joined(1), exits=exits, entries=entries, links=links,
                       numbers=numbers, end=pieces[-1][-1] + offsets[-1])


def untangle_works(turn: float) -> bool:
    """Whether the untangle control works at ``turn``: only at :data:`UNTANGLED_AT` (720°, within 1e-6°).

    >>> untangle_works(720), untangle_works(0), untangle_works(360)
    (True, False, False)
    """
    return abs(as_number(turn, "turn") - UNTANGLED_AT) <= 1e-6


def state_words(turn: float, untangle: float, allowed: bool) -> tuple[str, str]:
    """The title of the belt panel and a short note, for a turn (degrees) and an untangling progress.

    Both depend only on the *kind* of state (no turn yet, turning, one full turn, two full turns,
    untangling, untangled, turned on after an untangling), not on the numbers, so the words stay
    the same while a slider is dragged between two special values.

    Examples
    --------
    >>> from quatlib.models.belt_demo import state_words
    >>> state_words(360, 0.0, False)
    ('one turn: cube back, ribbons twisted', 'q = −1: cannot be untangled')
    >>> state_words(720, 1.0, True)
    ('untangled: straight ribbons again', 'The cube never moved.')
    >>> state_words(600, 1.0, False)
    ('turned after the untangling', 'Only the turn since 720° twists the ribbons.')
    """
    turn, untangle, allowed = as_number(turn, "turn"), as_number(untangle, "untangle"), as_flag(allowed, "allowed")
    k360 = turn / 360.0
    full_turns = abs(k360 - round(k360)) < 1e-9
    if allowed and untangle >= 1.0:
        return "untangled: straight ribbons again", "The cube never moved."
    if allowed and untangle > 0:
        return "untangling: the cube stays still", "The ribbons pass around the cube."
    if untangle > 0:
        return "turned after the untangling", "Only the turn since 720° twists the ribbons."
    if turn == 0:
        return "turn the cube about the vertical axis", ""
    if full_turns and round(k360) % 2 == 1:
        return "one turn: cube back, ribbons twisted", "q = −1: cannot be untangled"
    if allowed:
        return "two turns: twisted, yet undoable", "q = +1: press 'untangle'"
    return "turning: the ribbons twist", ""


@dataclass(frozen=True)
class BeltState:
    """The tethered cube for one turn and one untangling progress, ready to draw.

    Attributes
    ----------
    turn : float
        The cube's turn about :data:`quatlib.belt.TURN_AXIS` (the vertical y axis), degrees.
    untangle : float
        How far the ribbons were untangled at 720° (:data:`UNTANGLED_AT`), in [0, 1]; kept when
        the turn moves on.
    allowed : bool
        Whether the untangle control works now: the turn is 720°, where the followed quaternion
        is ``+1`` and there is a double twist to undo.
    reason : str
        One sentence for the learner saying why (or why not).
    scene : quatlib.belt.BeltScene
        The cube, the ribbons, the anchors and the walls (:func:`quatlib.belt.scene`).
    path : quatlib.belt.BallPath
        The rotations along a ribbon as a path in the ball of rotations (:func:`quatlib.belt.ball_path`).
    ball : BallDrawing
        That path laid out for the picture (:func:`ball_drawing`).
    s3 : ndarray (n, 3)
        The same rotations as unit quaternions, projected stereographically
        (:func:`quatlib.models.s3.stereographic`): from ``+1`` (the wall) to the cube's ``q``.
    title, note : str
        What the belt panel says about this kind of state (:func:`state_words`).

    Examples
    --------
    After 360° the followed quaternion is −1 and the ribbons cannot be untangled; after 720° it is +1 again
    and they can:

    >>> one, two = belt_state(360), belt_state(720)
    >>> one.q, one.allowed, one.n_crossings
    (array([-1.,  0.,  0.,  0.]), False, 1)
    >>> two.q, two.allowed, two.n_crossings
    (array([1., 0., 0., 0.]), True, 2)
    """

    turn: float
    untangle: float
    allowed: bool
    reason: str
    scene: belt.BeltScene
    path: belt.BallPath
    ball: BallDrawing
    s3: np.ndarray
    title: str
    note: str

    @property
    def q(self) -> np.ndarray:
        """The followed quaternion ``cos(T/2) + sin(T/2) ŷ``, ``(w, x, y, z)``: +1 at 0° and 720°, −1 at 360°."""
        return self.scene.q

    @property
    def R(self) -> np.ndarray:
        """The cube's rotation matrix (the identity at 0°, 360° and 720° alike)."""
        return self.scene.R

    @property
    def n_crossings(self) -> int:
        """How many times the path in the ball of rotations goes through the ball's surface (``w`` changes sign)."""
        return self.path.n_crossings

    @property
    def s3_pieces(self) -> tuple[np.ndarray, np.ndarray]:
        """The S³ path in two polylines, where ``w ≥ 0`` and where ``w < 0``: :attr:`s3` with NaN (a break) elsewhere.

        The pieces share their end points, so together they draw the whole path without a gap.  ``w`` below 0 by
        no more than :data:`quatlib.belt.SURFACE_TOL` counts as on the surface, as :attr:`n_crossings` counts it:
        halfway through the untangling the loop touches the surface without a speck of the other colour.

        >>> positive, negative = belt_state(turn=720, untangle=0.5).s3_pieces   # touches w = 0, crosses nowhere
        >>> int(np.isfinite(negative).all(axis=1).sum())
        0
        """
        negative = self.path.quaternions[:, 0] < -belt.SURFACE_TOL
        before, after = np.roll(negative, 1), np.roll(negative, -1)
        positive = np.where((negative & before & after)[:, None], np.nan, self.s3)
        return positive, np.where((negative | before | after)[:, None], self.s3, np.nan)

    @property
    def s3_now(self) -> np.ndarray:
        """Where the cube's ``q`` is drawn on S³: the path's end, or ``+1`` where the projection has no point."""
        end = self.s3[-1]
        return end if np.isfinite(end).all() else np.array([1.0, 0.0, 0.0])


def belt_state(turn: float, untangle: float = 0.0, *, n_along: int = 81, n_ball: int = 241) -> BeltState:
    """The belt-trick picture for a turn of ``turn`` degrees and an untangling progress ``untangle``.

    ``untangle`` is how far the double twist was undone at 720° (:data:`UNTANGLED_AT`); at any other
    turn the cube has turned on since, and only that turn twists the ribbons on top of the
    untangling (:func:`quatlib.belt.field_quaternion` with ``at=720``), so the picture is continuous
    in both controls.  The untangle control works only at 720° (:attr:`BeltState.allowed`), and
    :attr:`BeltState.reason` says why not elsewhere.

    Parameters
    ----------
    turn : float
        The turn in degrees (the demo's slider: 0 to 720).
    untangle : float
        The untangling progress, in [0, 1].
    n_along : int
        Samples along each ribbon (2 across: a ribbon is a strip of ``n_along - 1`` quads); 81 keeps a
        720° twist smooth in the picture (tests/test_belt.py checks the geometry on much finer ones).
    n_ball : int
        Samples of the path in the ball of rotations and on S³.

    Returns
    -------
    BeltState

    Examples
    --------
    >>> import numpy as np
    >>> from quatlib.models.belt_demo import belt_state
    >>> s = belt_state(turn=360)   # one turn: nothing can be undone
    >>> s.allowed, s.n_crossings, s.q
    (False, 1, array([-1.,  0.,  0.,  0.]))
    >>> s = belt_state(turn=720, untangle=0.75)  # two turns: the loop shrinks, the cube stays
    >>> s.allowed, s.n_crossings, bool(abs(s.R - np.eye(3)).max() < 1e-12)
    (True, 0, True)
    >>> belt_state(turn=725, untangle=1.0).n_crossings  # untangled, then 5° more: no twist comes back
    0
    """
    turn, u = as_number(turn, "turn"), as_number(untangle, "untangle")
    allowed = untangle_works(turn)
    if allowed:
        reason = belt.untangle_allowed(turn)[1]
    elif u > 0:
        reason = (f"The untangling done at 720° is kept: since then the cube has turned by "
                  f"{turn - UNTANGLED_AT:+.0f}°, and only that turn twists the ribbons. "
                  "The untangle control works at 720°.")
    else:
        reason = belt.untangle_allowed(turn)[1]
        if turn == 0:
            reason += " Turn to 720° to try the untangling."
    title, note = state_words(turn, u, allowed)
    at = UNTANGLED_AT if u > 0 else None
    path = belt.ball_path(turn, u, n_ball, at=at)
    return BeltState(turn=turn, untangle=u, allowed=allowed, reason=reason,
                     scene=belt.scene(turn, u, at=at, n_along=n_along, n_across=2), path=path,
                     ball=ball_drawing(path), s3=stereographic_path(path.quaternions), title=title, note=note)
