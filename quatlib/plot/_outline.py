"""Text drawn as glyph outlines: for labels and titles that are redrawn on every update."""

from __future__ import annotations

import numpy as np
from matplotlib.font_manager import FontProperties
from matplotlib.patches import FancyBboxPatch, PathPatch
from matplotlib.textpath import TextPath
from matplotlib.transforms import Affine2D, ScaledTranslation

from ._artists import Frame
from ._items import Item, as_points
from ._style import AXIS_COLORS, COLORS, Z, line_alpha

__all__ = ["OutlineText", "WorldAxes"]


class OutlineText(Item):
    """A text drawn as the filled outline of its glyphs: a moving label that costs about a polygon to redraw.

    Agg lays out and rasterizes a matplotlib ``Text`` anew on every draw (a
    title of 30 letters: about 3 ms); the outline of the same glyphs
    (``matplotlib.textpath.TextPath``) is made once per text and then drawn like
    any small polygon (about 0.1 ms).  Use it for a text that must be redrawn
    with the moving artists, e.g. a label that follows a 3D point, or a title
    that changes with a control, where a static text would force a redraw of
    the whole figure.

    ``OutlineText(scene, "q0", p)`` writes at the 3D point ``p`` (plus
    ``offset`` in screen units after projection, like :class:`Label`);
    ``OutlineText(scene, "title", xy=(0.5, 1.0))`` at a fixed place in axes
    coordinates (the view does not move it).  ``set_data(p, text=None)`` (or
    ``set_data(text=...)``) moves it or changes the text.  ``ha`` and ``va``
    align the outline's box (``"left"``/``"center"``/``"right"``,
    ``"bottom"``/``"baseline"``/``"center"``/``"top"``).  With ``inside=True``
    a label at a 3D point is kept within its panel: near an edge it slides in
    (by just as much as needed) instead of being cut off.  With ``card=True`` it
    is written on a translucent white card (like :class:`Label`'s), so it stays
    readable over lines and planes.

    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1)
    >>> title = ql.plot.OutlineText(scene, "first", xy=(0.5, 1.0), va="bottom")
    >>> title.set_data(text="second")
    >>> title.text, ql.plot.render_png(fig)[:4]
    ('second', b'\\x89PNG')
    """

    #: How far a card reaches beyond the glyphs' box on every side, in points.
    CARD_PAD = 1.5

    def __init__(self, scene, text: str = "", p=(0, 0, 0), *, xy=None, color=COLORS["ink"], fontsize=9.5,
                 ha="center", va="center", offset=(0.0, 0.0), alpha=1.0, family="DejaVu Sans", zorder=Z.TEXT - 2,
                 inside=False, card=False):
        super().__init__(scene)
        self.inside = bool(inside)
        self.offset = np.asarray(offset, dtype=float)
        self.fontsize = float(fontsize)
        self.ha, self.va = ha, va
        self.xy = None if xy is None else (float(xy[0]), float(xy[1]))
        self._prop = FontProperties(family=family)
        self._patch = PathPatch(TextPath((0, 0), "."), facecolor=color, edgecolor="none", alpha=alpha,
                                zorder=zorder)
        self._patch.set_clip_on(False)  # a title sits above its panel
        self.ax.add_artist(self._patch)
        self.own(self._patch)
        self._card = None
        if card:  # a rounded white box under the glyphs, in points like them (resized with the text)
            self._card = FancyBboxPatch((0, 0), 1, 1, boxstyle=f"round,pad={self.CARD_PAD}", facecolor="white",
                                        edgecolor="none", alpha=0.75, zorder=zorder - 0.01)
            self._card.set_clip_on(False)
            self.ax.add_artist(self._card)
            self.own(self._card)
        self._text = None
        self._align = (0.0, 0.0)
        self._box = np.zeros((2, 2))  # the aligned outline's box in points, relative to its anchor
        self._outlines: dict = {}  # text -> (outline, alignment shift, aligned box)
        self.p = np.zeros(3)
        self.set_data(p, text)

    @property
    def text(self) -> str:
        return self._text

    def set_data(self, p=None, text=None) -> None:
        """Move the text to the 3D point ``p`` (ignored with ``xy``) and/or replace it with ``text``."""
        if p is not None:
            self.p = as_points(p, "text position").reshape(3)
        if text is not None and text != self._text:
            self._text = text
            if text.strip():  # (matplotlib cannot make the outline of nothing but spaces)
                if text not in self._outlines:  # a text seen before (a title per method) is not laid out again
                    path = TextPath((0, 0), text, size=self.fontsize, prop=self._prop)
                    # the box of the outline's points (Path.get_extents solves every curve: 50 ms for a title)
                    (x0, y0), (x1, y1) = path.vertices.min(axis=0), path.vertices.max(axis=0)
                    dx = {"left": -x0, "center": -(x0 + x1) / 2, "right": -x1}[self.ha]
                    dy = {"bottom": -y0, "baseline": 0.0, "center": -(y0 + y1) / 2, "top": -y1}[self.va]
                    self._outlines[text] = (path, (dx, dy), np.array([[x0 + dx, y0 + dy], [x1 + dx, y1 + dy]]))
                path, self._align, self._box = self._outlines[text]
                self._patch.set_path(path)
                if self._card is not None:
                    self._card.set_bounds(*self._box[0], *(self._box[1] - self._box[0]))
            for a in self.artists:
                a.set_visible(bool(text.strip()))
        self.project()

    def set_fontsize(self, fontsize: float) -> None:
        """Write the text at ``fontsize`` points from now on (its outline is made anew; see
        :func:`quatlib.plot.set_min_fontsize`)."""
        if float(fontsize) != self.fontsize:
            self.fontsize, self._outlines, text, self._text = float(fontsize), {}, self._text, None
            self.set_data(text=text)

    def project(self) -> None:
        if self.xy is not None:
            x, y, where = *self.xy, self.ax.transAxes
        else:
            xy, _ = self.scene.project(self.p)
            x, y, where = *(xy + self.offset), self.ax.transData
            if self.inside:
                x, y = self._slid_inside(x, y)
        # the outline is in points: shift it to its alignment, scale to inches, then to pixels, then to (x, y)
        fig = self.ax.figure
        to_pixels = fig.dpi_scale_trans + ScaledTranslation(x, y, where)
        self._patch.set_transform(Affine2D().translate(*self._align).scale(1 / 72) + to_pixels)
        if self._card is not None:  # its box is already aligned
            self._card.set_transform(Affine2D().scale(1 / 72) + to_pixels)
        self._anchor = (x, y, where)

    def pixel_box(self) -> np.ndarray:
        """Where the outline is drawn now: ``[[x0, y0], [x1, y1]]`` in display pixels (for placing labels apart).

        The box of the outline's points (its curves' control points included: at most a pixel wider than the ink).

        >>> import quatlib as ql
        >>> fig, (scene,) = ql.plot.panels(1, world_frame=False)
        >>> label = ql.plot.OutlineText(scene, "q0", (0, 0, 0))
        >>> (x0, y0), (x1, y1) = label.pixel_box()
        >>> centre = scene.ax.transData.transform((0, 0))
        >>> bool(x0 < centre[0] < x1 and y0 < centre[1] < y1 and 10 < x1 - x0 < 25)
        True
        """
        x, y, where = self._anchor
        return where.transform((x, y)) + self._box * self.ax.figure.dpi / 72

    def covered_box(self) -> np.ndarray:
        """What the text covers on screen: :meth:`pixel_box` and, with a card, the card's margin around it.

        Other names keep off this box (two cards that touch read as one label).

        >>> import quatlib as ql
        >>> fig, (scene,) = ql.plot.panels(1, world_frame=False)
        >>> plain, carded = (ql.plot.OutlineText(scene, "q0", card=card) for card in (False, True))
        >>> bool((plain.covered_box() == plain.pixel_box()).all())
        True
        >>> (carded.covered_box() - carded.pixel_box()).round(2).tolist()   # 1.5 points at 100 dpi
        [[-2.08, -2.08], [2.08, 2.08]]
        """
        reach = self.CARD_PAD * self.ax.figure.dpi / 72 if self._card is not None else 0.0
        return self.pixel_box() + [[-reach, -reach], [reach, reach]]

    def _slid_inside(self, x, y):
        """The anchor ``(x, y)`` (data units) moved just enough that the outline's box lies within the panel."""
        to_pixels = self.ax.transData
        anchor = to_pixels.transform((x, y))
        box = self._box * self.ax.figure.dpi / 72  # pixels, relative to the anchor
        panel = self.ax.bbox
        margin = 2.0  # pixels
        lo = np.array([panel.x0, panel.y0]) + margin - box[0]
        hi = np.array([panel.x1, panel.y1]) - margin - box[1]
        return to_pixels.inverted().transform(np.minimum(np.maximum(anchor, lo), hi))


class WorldAxes(Item):
    """The fixed world axes x, y, z as ``Scene(..., world_frame=True)`` draws them, their letters as outlines.

    For a scene made with ``world_frame=False`` whose view turns often: the
    scene's own world frame is either static (then every view turn redraws the
    camera layer of the cached background) or redrawn with three ``Text`` letters
    on every update; this one is redrawn on every update for the cost of a few
    polygons.

    :meth:`keep_letters_off` keeps the letters off the lines of other items (a
    turn's axis lying along a world axis).  With ``card=True`` the letters are
    written on small white cards (:class:`OutlineText`'s): for a scene whose
    moving body covers the middle, where an axis seen end-on has its letter
    over the body's edges, and no place beside its tip is clear of them.

    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1, world_frame=False)
    >>> world = ql.plot.WorldAxes(scene)
    >>> [letter.text for letter in world.letters], world.static
    (['x', 'y', 'z'], False)
    """

    #: Pixels from an arrow's tip to a letter written beside it, as :class:`Frame` writes its own (the first ring of
    #: places tried, then further rings: :meth:`keep_letters_off`).
    BESIDE_GAP = Frame.BESIDE_GAP
    #: Pixels kept clear around a letter: of lines, other letters and the panel's edge.
    PAD = 1.0

    def __init__(self, scene, *, length=None, card: bool = False):
        super().__init__(scene)
        #: The items whose lines the letters keep off (see :meth:`keep_letters_off`).
        self.keep_off: list = []
        length = 0.86 * scene.extent if length is None else float(length)
        self.frame = self.adopt(Frame(scene, length=length, linewidth=1.0, head=0.07, zorder=Z.WORLD,
                                      alpha=max(line_alpha(c, 0.45) for c in AXIS_COLORS)))  # light, yet 3:1
        tip = length + 0.09 * scene.extent / 1.6  # where an arrow writes its label: just beyond the tip
        self.letters = [self.adopt(OutlineText(scene, name, tip * np.eye(3)[k], color=AXIS_COLORS[k], fontsize=10,
                                               zorder=Z.TEXT - 1, card=card))  # letters are read: never faint
                        for k, name in enumerate("xyz")]

    #: Two letters closer than this many times their font size (centre to centre: 14 pixels for 10-point letters
    #: at 100 dpi, 25 for the projector's larger type) are moved apart, as :class:`Frame` moves its own.
    LETTER_GAP = 1.0

    @property
    def lines(self) -> list:
        """The three axes as 3D polylines, from the origin to each arrow's tip (for names kept off them,
        :attr:`TurnAxis.keep_off_lines <quatlib.plot.TurnAxis.keep_off_lines>`).

        >>> import quatlib as ql
        >>> fig, (scene,) = ql.plot.panels(1, world_frame=False, extent=1.0)
        >>> ql.plot.WorldAxes(scene).lines[0].tolist()   # x: 0.86 of the extent
        [[0.0, 0.0, 0.0], [0.86, 0.0, 0.0]]
        """
        return [np.array([np.zeros(3), self.frame.length * e]) for e in np.eye(3)]

    def project(self) -> None:
        """Project the frame and place the letters (see :meth:`_place_letters`)."""
        self.frame.project()
        self._place_letters()

    def _place_letters(self) -> None:
        """Write the letters beyond the tips; two letters that would meet (x and z seen from azimuth −45°,
        elevation 0) are pushed apart, half the missing gap each; then, with :attr:`keep_off`, a letter on a line
        or a name, or on one of the panel's fixed texts (a note, the title), steps aside (:meth:`keep_letters_off`)."""
        from ._placer import _pushed_apart  # _placer builds on this module

        for letter in self.letters:
            letter.offset = np.zeros(2)
            letter.project()
        per_pixel = 1.0 / float(np.diff(self.ax.transData.transform([(0, 0), (1, 0)])[:, 0])[0])
        centres = np.array([letter.pixel_box().mean(axis=0) for letter in self.letters])
        gap = self.LETTER_GAP * max(letter.fontsize for letter in self.letters) * self.ax.figure.dpi / 72
        for letter, shift in zip(self.letters, _pushed_apart(centres, gap) - centres, strict=True):
            if shift.any():
                letter.offset = shift * per_pixel
                letter.project()
        self._step_aside()

    def keep_letters_off(self, *items) -> None:
        """Keep the letters off the lines and names that ``items`` draw, and place them again now.

        The lines are the items' ``Line2D`` and ``LineCollection`` artists as
        drawn (each as wide as its line, dashes counted as solid, hidden ones
        left out); their names (:class:`OutlineText` children, e.g. a turn
        axis' "axis") are kept clear too.  A letter stays where the geometry
        puts it unless a line or a name is under it; then it goes to the first
        clear place beside its arrow's tip, on rings :attr:`BESIDE_GAP` pixels
        apart (the direction the arrow points in first): off the lines, the
        names and the other letters, inside the panel; if none is clear, the
        least covered, when that covers less.  The letters are placed again
        whenever this item projects: call this after moving the items; from
        then on a view turn projects this item after them (:meth:`Scene.project_after
        <quatlib.plot.Scene.project_after>`), wherever it was made.

        >>> import quatlib as ql
        >>> fig, (scene,) = ql.plot.panels(1, world_frame=False, view=(0, 0))
        >>> axle = ql.plot.Polyline(scene, [(0, -1.5, 0), (0, 1.5, 0)], linewidth=3)  # along the y axis
        >>> world = ql.plot.WorldAxes(scene)                                         # made after the axle
        >>> world.keep_letters_off(axle)
        >>> (x0, y0), (x1, y1) = world.letters[1].pixel_box()   # "y" beside the axle, not on it
        >>> centre = scene.ax.transData.transform((0, 0))[0]
        >>> bool(x1 < centre or x0 > centre)
        True
        """
        self.keep_off = list(items)
        self.scene.project_after(self, self.keep_off)
        self._place_letters()  # (the arrows do not move with other items: only the letters are placed again)

    def _step_aside(self) -> None:
        """Move each letter with a line, a name or a fixed text of the panel (a note on its card: "z" hid under
        one) under it beside its arrow's tip (see :meth:`keep_letters_off`)."""
        from ._placer import _covers, _fixed_boxes, _line_segments, _step_aside  # _placer builds on this module

        pad = np.array([-self.PAD, -self.PAD, self.PAD, self.PAD])
        lines = _line_segments(self.keep_off, self.PAD)  # (the lines reach PAD further)
        names = np.reshape([*(t.pixel_box().ravel() + 2 * pad for t in _outline_texts(self.keep_off)),
                            *(np.asarray(box) + 2 * pad for box in _fixed_boxes(self.ax))], (-1, 4))
        to_pixels = self.ax.transData.transform
        panel = np.asarray(self.ax.bbox.extents) + [self.PAD, self.PAD, -self.PAD, -self.PAD]
        boxes = np.array([letter.pixel_box().ravel() for letter in self.letters])
        here = _covers(boxes, names, lines)
        for i in np.flatnonzero(here):
            letter = self.letters[i]
            tip = to_pixels(self.scene.project(self.frame.arrows[i].tip)[0])
            origin = to_pixels(self.scene.project(np.zeros(3))[0])
            toward = (boxes[i, :2] + boxes[i, 2:]) / 2 - origin  # away from the origin, through the letter
            avoid = np.vstack([np.delete(boxes, i, axis=0) + 2 * pad, names])  # the other letters, the names
            if _step_aside(letter, here[i], tip=tip, toward=toward, avoid=avoid, lines=lines, gap=self.BESIDE_GAP,
                           panel=panel):
                boxes[i] = letter.pixel_box().ravel()


def _outline_texts(items) -> list:
    """The shown :class:`OutlineText` items among ``items`` and their children, at any depth (e.g. a turn axis'
    name)."""
    out, stack = [], list(items)
    while stack:
        item = stack.pop()
        if isinstance(item, OutlineText):
            if item.text.strip() and item.artists[0].get_visible():
                out.append(item)
        stack.extend(item.children)
    return out
