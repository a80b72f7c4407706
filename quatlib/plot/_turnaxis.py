"""The axis of a turn, drawn through the centre with its name, and the meridian that shows how it is set."""

from __future__ import annotations

import numpy as np

from ._artists import Arrow, Polyline
from ._items import Item, as_points
from ._outline import OutlineText
from ._style import COLORS

__all__ = ["TurnAxis"]


class TurnAxis(Item):
    """A turn's axis ``n`` through the centre, dashed, with its name beyond the tip and a meridian up to it.

    Three adopted children, each readable by name: ``label`` (an
    :class:`OutlineText`, cheap to redraw, beside the tip: give it to a
    :class:`PlacedLabels`' ``avoid`` to keep other names off it), ``arrow`` (an
    :class:`Arrow` from ``-length·n`` to ``length·n``) and ``meridian`` (a
    :class:`Polyline`, dotted and faint: the points given to :meth:`set_data`,
    e.g. from the floor at the axis' azimuth up the arc of its elevation,
    :func:`quatlib.models.slerp.meridian`; at elevation ±90° the axis is ±y
    whatever the azimuth, and the meridian still shows the azimuth).

    Parameters
    ----------
    scene : Scene
    length : float
        Half the length of the drawn axis.
    label : str
        Its name, written just beyond the tip (where an :class:`Arrow` writes its label), to the right.
    color : colour
        The axis' and its name's colour (the meridian is ``COLORS["faint"]``).
    fontsize, linewidth : float
        The name's size and the axis' width.

    Examples
    --------
    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1)
    >>> axis = TurnAxis(scene, 1.5)
    >>> axis.set_data([0, 1, 0], [[0, 0, 0], [1.5, 0, 0], [0, 1.5, 0]])
    >>> axis.arrow.tip, axis.label.text, len(axis.meridian.points)   # the tail at -1.5 n
    (array([0. , 1.5, 0. ]), 'axis', 3)
    """

    def __init__(self, scene, length: float, *, label: str = "axis", color=COLORS["ink"], fontsize: float = 9,
                 linewidth: float = 1.1):
        super().__init__(scene)
        self.length = float(length)
        # beside the tip, not on it: at elevation ±90° the axis tip is where the world's "y" is written
        self.label = self.adopt(OutlineText(scene, label, color=color, fontsize=fontsize, ha="left",
                                            offset=(0.07, 0.0), inside=True))
        self.arrow = self.adopt(Arrow(scene, color=color, linewidth=linewidth, head=0.08, linestyle=(0, (4, 3))))
        self.meridian = self.adopt(Polyline(scene, color=COLORS["faint"], linewidth=0.9, linestyle=(0, (1.2, 2.4)),
                                            split=True))

    def set_data(self, axis, meridian=None) -> None:
        """The axis' direction ``n`` (unit, ``(3,)``) and the meridian's points ``(k, 3)`` (None: none drawn)."""
        n = as_points(axis, "axis").reshape(3)
        self.arrow.set_data(self.length * n, -self.length * n)
        self.label.set_data((self.length + 0.085) * n)  # just beyond the tip, where an arrow writes its label
        self.meridian.set_data(np.zeros((0, 3)) if meridian is None else meridian)
