"""The model of notebook 07's belt trick: a turn and an untangling progress in, the tethered cube out (numpy only).

The widget :func:`quatlib.widgets.belt_trick` draws what :func:`belt_state` computes; the geometry itself (the
ribbons as a deformation of space, the path in the ball of rotations) is :mod:`quatlib.belt`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import belt

__all__ = ["BeltState", "belt_state", "state_words"]


def state_words(turn: float, untangle: float, allowed: bool) -> tuple[str, str]:
    """The title of the belt panel and a short note, for a turn (degrees) and an untangling progress.

    Both depend only on the *kind* of state (no turn yet, turning, one full turn,
    two full turns, untangling, untangled), not on the numbers, so the words stay
    the same while a slider is dragged between two special values.

    Examples
    --------
    >>> from quatlib.models.belt_demo import state_words
    >>> state_words(360, 0.0, False)
    ('one turn: the cube is back, the ribbons are not', 'q = −1: cannot be untangled')
    >>> state_words(720, 1.0, True)
    ('untangled: the ribbons are straight again', 'The cube never moved.')
    """
    k360 = turn / 360.0
    full_turns = abs(k360 - round(k360)) < 1e-9
    if untangle >= 1.0 and allowed and turn != 0:
        return "untangled: the ribbons are straight again", "The cube never moved."
    if untangle > 0 and allowed and turn != 0:
        return "untangling: the cube stays still", "The ribbons pass around the cube."
    if turn == 0:
        return "turn the cube about the vertical axis", ("Nothing to untangle: no turn yet." if untangle > 0 else "")
    if full_turns and round(k360) % 2 == 1:
        return "one turn: the cube is back, the ribbons are not", "q = −1: cannot be untangled"
    if allowed:
        return "two turns: twisted twice, yet it can be undone", "q = +1: press 'untangle'"
    return "turning: the ribbons twist", ""


@dataclass(frozen=True)
class BeltState:
    """The tethered cube for one turn and one untangling progress, ready to draw.

    Attributes
    ----------
    turn : float
        The cube's turn about :data:`quatlib.belt.TURN_AXIS` (the vertical y axis), degrees.
    untangle : float
        The untangling progress shown, in [0, 1]: the one asked for where untangling
        exists (the followed quaternion is ``+1``), else 0 (the ribbons stay twisted).
    allowed : bool
        Whether the ribbons can be straightened with the cube held still (see
        :func:`quatlib.belt.untangle_allowed`).
    reason : str
        One sentence for the learner saying why (or why not).
    scene : quatlib.belt.BeltScene
        The cube, the ribbons, the anchors and the walls (:func:`quatlib.belt.scene`).
    path : quatlib.belt.BallPath
        The rotations along a ribbon as a path in the ball of rotations (:func:`quatlib.belt.ball_path`).
    title, note : str
        What the belt panel says about this kind of state (:func:`state_words`).
    """

    turn: float
    untangle: float
    allowed: bool
    reason: str
    scene: belt.BeltScene
    path: belt.BallPath
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
        """How many times the path in the ball of rotations goes through the ball's surface."""
        return self.path.n_crossings


def belt_state(turn: float, untangle: float = 0.0, *, n_along: int = 81, n_ball: int = 241) -> BeltState:
    """The belt-trick picture for a turn of ``turn`` degrees and an untangling progress ``untangle``.

    Unlike :func:`quatlib.belt.scene`, which refuses to untangle where no
    untangling exists, this takes any control values a learner can set: where
    the followed quaternion is not ``+1`` (e.g. at 360°) the progress is shown
    as 0, and :attr:`BeltState.reason` says why.

    Parameters
    ----------
    turn : float
        The turn in degrees (the demo's slider: 0 to 720).
    untangle : float
        The untangling progress asked for, in [0, 1].
    n_along : int
        Samples along each ribbon (2 across: a ribbon is a strip of ``n_along - 1`` quads); 81 keeps a
        720° twist smooth in the picture (tests/test_belt.py checks the geometry on much finer ones).
    n_ball : int
        Samples of the path in the ball of rotations.

    Returns
    -------
    BeltState

    Examples
    --------
    >>> import numpy as np
    >>> from quatlib.models.belt_demo import belt_state
    >>> s = belt_state(turn=360, untangle=0.5)   # one turn: nothing can be undone
    >>> s.allowed, s.untangle, s.n_crossings, s.q
    (False, 0.0, 1, array([-1.,  0.,  0.,  0.]))
    >>> s = belt_state(turn=720, untangle=0.75)  # two turns: the loop shrinks, the cube stays
    >>> s.allowed, s.n_crossings, bool(abs(s.R - np.eye(3)).max() < 1e-12)
    (True, 0, True)
    """
    turn = float(turn)
    allowed, reason = belt.untangle_allowed(turn)
    u = float(untangle) if allowed else 0.0
    title, note = state_words(turn, u, allowed)
    return BeltState(turn=turn, untangle=u, allowed=allowed, reason=reason,
                     scene=belt.scene(turn, u, n_along=n_along, n_across=2), path=belt.ball_path(turn, u, n_ball),
                     title=title, note=note)
