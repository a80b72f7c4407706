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
    card : bool
        Write the name on a small white card (:class:`OutlineText`'s), for a name that may lie over a moving
        body: seen end-on, the axis ends in the middle of the picture.

    Examples
    --------
    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1)
    >>> axis = TurnAxis(scene, 1.5)
    >>> axis.set_data([0, 1, 0], [[0, 0, 0], [1.5, 0, 0], [0, 1.5, 0]])
    >>> axis.arrow.tip, axis.label.text, len(axis.meridian.points)   # the tail at -1.5 n
    (array([0. , 1.5, 0. ]), 'axis', 3)
    """

    #: Pixels kept clear around the name: of the lines it keeps off and the panel's fixed texts.
    PAD = 1.0

    def __init__(self, scene, length: float, *, label: str = "axis", color=COLORS["ink"], fontsize: float = 9,
                 linewidth: float = 1.1, card: bool = False):
        super().__init__(scene)
        self.length = float(length)
        #: 3D polylines ``(n, 3)`` (a NaN row breaks one) that the name keeps off, besides the axis itself and the
        #: panel's fixed texts (a note on its card): e.g. the world's axes, :attr:`WorldAxes.lines
        #: <quatlib.plot.WorldAxes.lines>` (the name sat on the x axis in a top view).  Lines, not items: they are
        #: projected here, whatever the order the scene projects its items in.
        self.keep_off_lines: list = []
        self.n = None  # the axis' direction (set_data)
        # beside the tip, not on it: at elevation ±90° the axis tip is where the world's "y" is written
        self.label = self.adopt(OutlineText(scene, label, color=color, fontsize=fontsize, ha="left",
                                            offset=(0.07, 0.0), inside=True, card=card))
        self.arrow = self.adopt(Arrow(scene, color=color, linewidth=linewidth, head=0.08, linestyle=(0, (4, 3))))
        self.meridian = self.adopt(Polyline(scene, color=COLORS["faint"], linewidth=0.9, linestyle=(0, (1.2, 2.4)),
                                            split=True))

    def set_data(self, axis, meridian=None) -> None:
        """The axis' direction ``n`` (unit, ``(3,)``) and the meridian's points ``(k, 3)`` (None: none drawn)."""
        n = as_points(axis, "axis").reshape(3)
        self.n = n
        self.arrow.set_data(self.length * n, -self.length * n)
        self.label.set_data((self.length + 0.085) * n)  # just beyond the tip, where an arrow writes its label
        self.meridian.set_data(np.zeros((0, 3)) if meridian is None else meridian)
        self._keep_name_clear()

    def project(self) -> None:
        super().project()
        self._keep_name_clear()

    def _keep_name_clear(self) -> None:
        """Move the name beside the tip when a line it keeps off or a fixed text of the panel is under it."""
        from ._placer import _covers, _fixed_boxes, _segments, _step_aside  # _placer builds on the items

        if self.n is None or not self.label.text.strip():
            return
        ax, pad = self.ax, self.PAD
        self.label.offset = np.array([0.07, 0.0])  # where the geometry puts it, first
        self.label.project()
        to_pixels = ax.transData.transform
        reach = 1.0 * ax.figure.dpi / 72 + pad  # the world's axes are about a point wide
        pieces = [to_pixels(self.scene.project(np.asarray(line, dtype=float))[0]) for line in self.keep_off_lines]
        axis = to_pixels(self.scene.project(np.array([-self.length * self.n, self.length * self.n]))[0])
        lines = _segments([*pieces, axis], [reach] * (len(pieces) + 1))
        fixed = np.reshape([np.asarray(box) + [-pad, -pad, pad, pad] for box in _fixed_boxes(ax)], (-1, 4))
        here = _covers(self.label.pixel_box().ravel()[None], fixed, lines)[0]
        if not here:
            return
        tip = to_pixels(self.scene.project(self.length * self.n)[0])
        _step_aside(self.label, here, tip=tip, toward=tip - to_pixels(self.scene.project(np.zeros(3))[0]),
                    avoid=fixed, lines=lines, gap=4.0, panel=np.asarray(ax.bbox.extents) + [pad, pad, -pad, -pad])
