"""Lines, arrows and points in a scene: each item keeps its 3D data and projects it through the scene's camera."""

from __future__ import annotations

import matplotlib
import numpy as np
from matplotlib.patches import Circle, Polygon

from ._collections import Line2D
from ._items import Item, as_matrix, as_points
from ._style import AXIS_COLORS, COLORS, Z, line_alpha
from ._texts import CARD, add_text

__all__ = ["Arrow", "Point", "Frame", "Arc", "Plane", "Polyline", "Dots", "Trail", "Sphere", "UnitCircle"]


class Arrow(Item):
    """A vector drawn as a shaft with a head: ``Arrow(scene).set_data(tip, tail=(0, 0, 0))``.

    The head is drawn in screen space and shrinks when the arrow points at the
    viewer, so it never flips.  ``label`` is written just beyond the tip.

    Examples
    --------
    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1, view=(0, 0))
    >>> arrow = ql.plot.Arrow(scene, label="v")
    >>> arrow.set_data((1, 1, 0))          # from the origin (the default tail) to (1, 1, 0)
    >>> arrow.tip, arrow.tail
    (array([1., 1., 0.]), array([0., 0., 0.]))
    >>> arrow.label, arrow.label_position  # the label, on screen just beyond the tip
    ('v', array([1.0636, 1.0636]))
    >>> ql.plot.render_png(fig)[:4]
    b'\\x89PNG'
    """

    def __init__(self, scene, tip=(1, 0, 0), tail=(0, 0, 0), *, color=COLORS["vector"], linewidth=2.2,
                 head=0.11, label=None, alpha=1.0, zorder=Z.MID, linestyle="-", fontsize=10, static=False):
        super().__init__(scene, static=static)
        self.head = float(head)
        self.zorder = zorder
        self._line = Line2D([], [], color=color, lw=linewidth, alpha=alpha, ls=linestyle,
                            solid_capstyle="butt", zorder=zorder)
        self._head = Polygon(np.zeros((3, 2)), closed=True, facecolor=color, edgecolor="none",
                             alpha=alpha, zorder=zorder)
        self._label = add_text(self.ax, 0, 0, label or "", color=color, fontsize=fontsize, ha="center",
                               va="center", zorder=Z.TEXT - 1)  # a label is read: never faint
        self.ax.add_line(self._line)
        self.ax.add_patch(self._head)
        self.own(self._line, self._head, self._label)
        self.set_data(tip, tail)

    def set_data(self, tip, tail=(0, 0, 0)) -> None:
        """Move the arrow: from ``tail`` to ``tip`` (course coordinates)."""
        self.tip = as_points(tip, "tip", finite=True).reshape(3)
        self.tail = as_points(tail, "tail", finite=True).reshape(3)
        self.project_changes(tip, tail)

    def set_label(self, text: str) -> None:
        """Write ``text`` beyond the tip."""
        self._label.set_text(text)
        self.changed()

    @property
    def label(self) -> str:
        """The text written beyond the tip."""
        return self._label.get_text()

    def set_color(self, color) -> None:
        for a in (self._line, self._head, self._label):
            a.set_color(color)
        self.changed()

    @property
    def label_position(self) -> np.ndarray:
        """Where the label is written, in the scene's 2D (data) coordinates; set it to move just the label."""
        return np.asarray(self._label.get_position(), dtype=float)

    @label_position.setter
    def label_position(self, xy) -> None:
        self._label.set_position(xy)
        self._shown = None  # the label is no longer where a projection puts it: the next set_data projects
        self.changed()

    def label_box(self, renderer):
        """The label's box in display pixels (a matplotlib ``Bbox``), as ``renderer`` lays it out."""
        return self._label.get_window_extent(renderer)

    def project(self) -> None:
        (t0, t1), depth = self.scene.project(np.array([self.tail, self.tip]))
        d = t1 - t0
        length = float(np.hypot(*d))
        if length < 1e-9:
            u = np.array([1.0, 0.0])
            h = 0.0
        else:
            u = d / length
            h = min(self.head, 0.45 * length)
        n = np.array([-u[1], u[0]])
        base = t1 - h * u
        self._line.set_data([t0[0], base[0] + 0.2 * h * u[0]], [t0[1], base[1] + 0.2 * h * u[1]])
        self._head.set_xy(np.array([t1, base + 0.45 * h * n, base - 0.45 * h * n]))
        offset = 0.09 * self.scene.extent / 1.6
        self._label.set_position(t1 + u * offset if length > 1e-9 else t1 + offset)
        self.changed()
        if self.zorder == Z.MID:
            z = Z.MID + 2.0 * np.tanh(float(depth.mean()) / self.scene.extent)
            for a in (self._line, self._head):
                a.set_zorder(z)


class Point(Item):
    """A dot with an optional label: ``Point(scene, label="p").set_data(p)``.

    The label sits ``label_offset`` (screen units) from the dot; when it would
    cover a letter of the arrows in ``avoid`` (e.g. the scene's
    ``world.arrows``) it goes round the dot to the nearest free place
    (:func:`quatlib.plot.place_labels`), placed again on every view turn.

    Examples
    --------
    >>> import numpy as np
    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1, view=(0, 0))
    >>> p = ql.plot.Point(scene, label="p")
    >>> p.set_data((0.5, -0.5, 0))
    >>> dot, text = p.artists
    >>> p.p, np.asarray(text.get_position())   # the label sits label_offset = (0.08, 0.08) from the dot, on screen
    (array([ 0.5, -0.5,  0. ]), array([ 0.58, -0.42]))
    """

    #: Pixels kept between the label and a letter it avoids: more than a space, so that "B" beside the axis letter
    #: "z" is not read as one word "B z".
    LETTER_CLEARANCE = 5.0

    def __init__(self, scene, p=(0, 0, 0), *, color=COLORS["vector"], size=7, label=None,
                 label_offset=(0.08, 0.08), zorder=Z.MID + 3, fontsize=10, avoid=()):
        super().__init__(scene)
        self.label_offset = np.asarray(label_offset, dtype=float)
        self.avoid = list(avoid)
        self._dot = Line2D([], [], ls="none", marker="o", ms=size, color=color, mec="white", mew=0.8,
                           zorder=zorder)
        self._label = add_text(self.ax, 0, 0, label or "", color=color, fontsize=fontsize, zorder=Z.TEXT - 1)
        self.ax.add_line(self._dot)
        self.own(self._dot, self._label)
        self.set_data(p)

    def set_data(self, p) -> None:
        """Put the dot at ``p`` (course coordinates)."""
        self.p = as_points(p, "point", finite=True).reshape(3)
        self.project()

    def set_label(self, text: str) -> None:
        if text == self._label.get_text():
            return
        self._label.set_text(text)
        if self.avoid:  # a longer text may cover a letter the old one cleared
            self.project()

    @property
    def label(self) -> str:
        return self._label.get_text()

    def project(self) -> None:
        xy, _ = self.scene.project(self.p)
        self._dot.set_data([xy[0]], [xy[1]])
        self._label.set_position(xy + self.label_offset)
        if self.avoid and self._label.get_text().strip():
            self._keep_label_clear(xy)

    def _keep_label_clear(self, xy) -> None:
        """Move the label round the dot at ``xy`` (scene 2D) when its place covers a letter of :attr:`avoid`."""
        from ._placer import _name_boxes, place_labels, ring_offsets  # _placer builds on the items of this module

        ax = self.ax
        renderer = ax.figure.canvas.get_renderer()
        letters = _name_boxes(self.avoid)
        clear = self.LETTER_CLEARANCE
        box = self._label.get_window_extent(renderer).extents + [-clear, -clear, clear, clear]
        dot, centre = ax.transData.transform(xy), (box[:2] + box[2:]) / 2
        size = box[2:] - box[:2]
        candidates = np.vstack([centre - dot, ring_offsets(size, gap=4.0, rings=(1.0, 2.5), toward=centre - dot)])
        at = place_labels(dot, [size], bounds=ax.bbox.extents, obstacles=letters, candidates=[candidates])[0]
        shift = ax.transData.inverted().transform(at) - ax.transData.inverted().transform(centre)
        self._label.set_position(xy + self.label_offset + shift)


class Frame(Item):
    """A coordinate frame (triad): three arrows x red, y green, z blue.

    ``Frame(scene).set_data(R, origin)`` draws the columns of ``R`` (where the
    axes went) from ``origin``.  Its letters (``labels``) are written beyond the
    tips; :meth:`keep_letters_off` keeps them off the lines of other items (a
    gimbal's pivots), :meth:`keep_letters_clear` off the panel's fixed texts.
    With ``card=True`` a letter left on a line (no place beside its tip was
    clear: an axis seen end-on ends in the middle of the picture, over the
    body there) is written on a small white card, as :class:`Label`'s; the
    others need none and draw none.

    Examples
    --------
    A quarter turn about z: the frame draws the columns of ``R``, so x' now points along y.

    >>> import numpy as np
    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1, view=(0, 0))
    >>> frame = ql.plot.Frame(scene, labels=("x'", "y'", "z'"))
    >>> R = ql.matrix_from_quaternion(ql.quaternion_from_axis_angle([0, 0, 1], 90, degrees=True))
    >>> frame.set_data(R)
    >>> np.array([arrow.tip for arrow in frame.arrows]).T / frame.length   # the arrows' tips, as columns: R
    array([[ 0., -1.,  0.],
           [ 1.,  0.,  0.],
           [ 0.,  0.,  1.]])
    >>> [arrow.label for arrow in frame.arrows]
    ["x'", "y'", "z'"]
    """

    def __init__(self, scene, R=None, origin=(0, 0, 0), *, length=1.25, labels=None, linewidth=2.4,
                 alpha=1.0, head=0.11, zorder=Z.MID, colors=AXIS_COLORS, static=False, card=False):
        super().__init__(scene, static=static)
        self.length = float(length)
        labels = labels or (None, None, None)
        #: The items whose lines the letters keep off, and 3D polylines they keep off (see :meth:`keep_letters_off`).
        self.keep_off: list = []
        self.keep_off_lines: list = []
        self._places = None  # (view and fonts, where each letter may go), see _letter_homes
        self._chosen = None  # (those places, the one each letter is at); None: the geometry's, as project leaves them
        self._placed, self._away = None, False  # what the letters were last placed for, and whether one is away
        # the arrows are projected by this frame, not on their own
        self.arrows = [
            self.adopt(Arrow(scene, color=c, linewidth=linewidth, head=head, label=lab, alpha=alpha, zorder=zorder))
            for c, lab in zip(colors, labels)
        ]
        self.card = bool(card)
        self.set_data(R, origin)

    def set_data(self, R=None, origin=(0, 0, 0)) -> None:
        """Axes ``R[:, 0], R[:, 1], R[:, 2]`` drawn from ``origin`` (identity if ``R`` is None)."""
        self.R = as_matrix(R)
        self.origin = as_points(origin, "origin", finite=True).reshape(3)
        self.project()

    #: Two axis letters closer than this many times their font size (centre to centre: 14 pixels for 10-point
    #: letters at 100 dpi, more for the projector's larger type) are moved apart.
    LETTER_GAP = 1.0
    #: Pixels from an arrow's tip to a letter written beside it: the first ring of places tried, then further
    #: rings (:data:`quatlib.plot._placer.BESIDE_RINGS`: two, three, four and six times as far).
    BESIDE_GAP = 4.0

    def project(self) -> None:
        for k, arrow in enumerate(self.arrows):
            arrow.set_data(self.origin + self.length * self.R[:, k], self.origin)
        self._keep_letters_apart()
        self._homes = [arrow.label_position for arrow in self.arrows]  # where the geometry puts the letters
        self._places = self._placed = self._chosen = None  # every letter at the geometry's place
        if self.keep_off or self.keep_off_lines:  # (a view turn projects the items of keep_off first: keep_letters_off)
            from ._placer import _fixed_boxes  # _placer builds on the items of this module

            self._place_letters(_fixed_boxes(self.ax), self.ax.figure.canvas.get_renderer())

    def _keep_letters_apart(self) -> None:
        """Two letters closer than :attr:`LETTER_GAP` times their font size are pushed apart
        (:func:`~quatlib.plot._placer._pushed_apart`)."""
        from ._placer import _pushed_apart  # _placer builds on the items of this module

        lettered = [a for a in self.arrows if a.label]
        to_pixels = self.ax.transData
        centres = to_pixels.transform(np.array([a.label_position for a in lettered]).reshape(-1, 2))
        gap = self.LETTER_GAP * max((a._label.get_fontsize() for a in lettered), default=0) * self.ax.figure.dpi / 72
        at = _pushed_apart(centres, gap)
        for arrow, xy, moved in zip(lettered, to_pixels.inverted().transform(at), (at != centres).any(axis=1),
                                    strict=True):
            if moved:
                arrow.label_position = xy

    def keep_letters_off(self, *items, lines=()) -> bool:
        """Keep the axis letters off the lines that ``items`` draw, and off ``lines``, and place them again now;
        returns whether a letter moved.

        The lines are the items' ``Line2D`` artists as drawn (each as wide as its
        line, dashes counted as solid, hidden ones left out): a gimbal's rings,
        pivots and axles, say.  Call it after moving the items (in a demo's
        draw, before anything placed off the letters, e.g. a
        :class:`~quatlib.plot.RingNames`).  When the view turns, the scene
        projects this frame after those items (:meth:`Scene.project_after
        <quatlib.plot.Scene.project_after>`: a scene's world axes are made
        first) and the frame places its letters off them again, so items made
        after the last of them (the names placed off the letters) follow.  The
        letters of a static frame (a scene's world axes) then move with those
        lines: from the first call they are drawn with the moving artists (three
        texts), and the arrows, which still move only with the view, stay in the
        cached background as the frame's backdrop (:meth:`Item.backdrop`).

        ``lines`` are 3D polylines (arrays ``(n, 3)``, a NaN row between two
        pieces), each kept off as a line :attr:`LINE_WIDTH` points wide, which
        this frame projects itself, whatever the order the scene projects its
        items in: the path of an arc whose label is placed off the letters
        (an item in ``items`` would be projected before the letters, and its
        label with them where they were).

        >>> import quatlib as ql
        >>> fig, (scene,) = ql.plot.panels(1, view=(0, 0))
        >>> axle = ql.plot.Polyline(scene, [(0, -1.5, 0), (0, 1.5, 0)], linewidth=3)  # the world y axis, longer
        >>> scene.world.keep_letters_off(axle)
        True
        >>> scene.world.keep_letters_off(lines=[[(0, 1.2, 0), (0, 1.6, 0)]])   # the axle's end alone, as a 3D line:
        False
        >>> y = scene.world.arrows[1].label_box(fig.canvas.get_renderer())
        >>> bool(y.x1 < scene.ax.transData.transform((0, 0))[0])   # "y" stays beside it, on its left
        True
        """
        from ._placer import _fixed_boxes  # _placer builds on the items of this module

        if self.static:  # the letters move with the lines from now on; the arrows still only with the view
            self.changed()  # the cached camera layer holds the letters: drawn again without them
            self.static = False
            self.backdrop(*(a for arrow in self.arrows for a in arrow.artists if a is not arrow._label))
        self.keep_off = list(items)
        self.keep_off_lines = [as_points(line, "line to keep off").reshape(-1, 3) for line in lines]
        self.scene.project_after(self, self.keep_off)
        before = [arrow.label_position for arrow in self.arrows]
        self._place_letters(_fixed_boxes(self.ax), self.ax.figure.canvas.get_renderer())
        return any(not np.array_equal(a, arrow.label_position) for a, arrow in zip(before, self.arrows))

    def keep_letters_clear(self, boxes, renderer, pad: float = 2.0) -> bool:
        """Write each axis letter where the geometry puts it (just beyond its arrow's tip) or, when that place is
        not clear, at the first clear place beside the tip: on rings :attr:`BESIDE_GAP` pixels apart, each tried
        from the direction the arrow points in round to the opposite one.

        Clear means off ``boxes`` (pixel boxes ``(x0, y0, x1, y1)`` of fixed
        texts: legends, notes, titles) and off the lines of :attr:`keep_off`
        (see :meth:`keep_letters_off`), ``pad`` pixels away from both; a place
        beside the tip must also lie inside the panel and off the other
        letters and the frame's arrows.  Nowhere clear: the place that covers
        least (fixed texts first, then the panel's edge, the other letters, the
        length of line under the letter), if it covers less than the
        geometry's.  Returns whether a letter is away from the geometry's
        place.  Called by the scene before the camera layer is drawn
        (:meth:`quatlib.plot.Scene.settle_labels`); letters just placed by
        :meth:`keep_letters_off` for the same view and texts stay as they are.
        """
        if self._placed == (self.scene.view, pad, np.asarray(boxes, dtype=float).tobytes()):
            return self._away
        return self._place_letters(boxes, renderer, pad)

    def _place_letters(self, boxes, renderer, pad: float = 2.0) -> bool:
        """Place the letters (see :meth:`keep_letters_clear`); returns whether one is away from its place.

        The places beside a tip are worked out only for a letter whose own place is not clear (most are)."""
        from ._placer import _covers, _meets  # _placer builds on the items of this module

        if not any(arrow.label for arrow in self.arrows):
            return False
        key, arrows, homes, home_boxes, home_cost = self._letter_homes(renderer, pad)
        fixed = np.reshape(np.asarray(boxes, dtype=float), (-1, 4)) + [-pad, -pad, pad, pad]
        lines = self._lines_kept_off(pad)
        # each letter's place: the geometry's (judged by the fixed texts, the lines and the frame's other arrows) ...
        at, placed = homes.copy(), home_boxes.copy()
        chosen = [-1] * len(arrows)  # -1: the geometry's place; k: the k-th place beside the tip
        covered = _covers(home_boxes, fixed, lines) + home_cost
        for i in np.flatnonzero(covered):  # ... unless it is not clear: the first clear place beside the tip, or
            centres, places, beside = self._letter_beside(i, renderer, pad)  # the least bad if better
            others = np.delete(placed, i, axis=0) + [-pad, -pad, pad, pad]  # the other letters as placed so far
            on_lines = _covers(places, fixed, lines)
            c = on_lines + beside + 1e3 * _meets(places, others)
            k = int(np.argmin(c))
            if c[k] < covered[i]:
                at[i], placed[i], chosen[i], covered[i] = centres[k], places[k], k, on_lines[k]
        now = (key, tuple(chosen))
        away = any(k >= 0 for k in chosen)
        if now != self._chosen and (self._chosen is not None or away):  # a letter moves
            to_data = self.ax.transData.inverted()
            for arrow, xy in zip(arrows, at, strict=True):
                arrow.label_position = to_data.transform(xy)
        self._chosen = now
        self._placed = (self.scene.view, pad, np.asarray(boxes, dtype=float).tobytes())
        self._away = away
        for arrow, on_line in zip(arrows, covered > 0, strict=True):  # left on a line: on a card
            self._card(arrow, self.card and on_line)
        return self._away

    #: Points: how wide a line of :attr:`keep_off_lines` is kept off (an arc's path, 1.8 points wide, say).
    LINE_WIDTH = 2.0

    def _lines_kept_off(self, pad: float):
        """The segments (pixels, :func:`~quatlib.plot._placer._segments`) of the lines the letters keep off: those
        the items of :attr:`keep_off` draw and :attr:`keep_off_lines` projected now, each reaching ``pad`` pixels
        beyond its ink."""
        from ._placer import _drawn_lines, _segments  # _placer builds on the items of this module

        pieces, reaches = _drawn_lines(self.keep_off, pad)
        to_pixels = self.ax.transData.transform
        mine = [to_pixels(self.scene.project(line)[0]) for line in self.keep_off_lines]
        reach = self.LINE_WIDTH * self.ax.figure.dpi / 72 / 2 + pad
        return _segments(pieces + mine, reaches + [reach] * len(mine))

    def _card(self, arrow, on: bool) -> None:
        """Put ``arrow``'s letter on a card, or take it off one (a static frame's cached layer is drawn again)."""
        if (arrow._label.get_bbox_patch() is not None) != on:
            arrow._label.set_bbox(CARD if on else None)  # Label's card
            if self.static:
                self.changed()

    def _letter_homes(self, renderer, pad: float):
        """The letters' own places (see :meth:`keep_letters_clear`), worked out once per view and font size:
        ``(key, arrows, centres (n, 2), boxes (n, 4), cost (n,))`` in pixels, where the geometry puts each letter
        and what that place costs whatever the other items do: the length of the frame's other arrows under it
        (seen end-on, an axis is short and its letter may lie on another axis' shaft: "x" on "y", order_matters)."""
        from ._placer import _covers  # _placer builds on the items of this module

        lettered = [(arrow, home) for arrow, home in zip(self.arrows, self._homes) if arrow.label]
        key = (self.scene.view, pad, self.ax.figure.dpi, tuple(self.ax.bbox.extents),
               tuple((arrow.label, arrow._label.get_fontsize()) for arrow, _ in lettered))
        if self._places is not None and self._places[0] == key:
            return self._places[1]
        to_pixels = self.ax.transData
        arrows = [arrow for arrow, _ in lettered]
        centres = to_pixels.transform(np.array([home for _, home in lettered]).reshape(-1, 2))
        # each letter's box around its centre (a centred text: the same wherever it is written)
        shapes = np.array([arrow.label_box(renderer).extents - np.tile(to_pixels.transform(arrow.label_position), 2)
                           for arrow in arrows])
        # the frame's arrows, each as a line as wide as its head, ends included
        ends = to_pixels.transform(self.scene.project(np.array([[a.tail, a.tip] for a in self.arrows]))[0]
                                   .reshape(-1, 2)).reshape(-1, 2, 2)
        per_unit = (to_pixels.transform((1.0, 0.0)) - to_pixels.transform((0.0, 0.0)))[0]  # pixels (equal aspect)
        reach = np.array([0.45 * a.head for a in self.arrows]) * per_unit + pad  # half a head's width
        span = np.vstack([ends.min(axis=1).T - reach, ends.max(axis=1).T + reach])

        def shafts(which):  # the segments of these arrows, as _covers reads lines
            return ends[which, 0], ends[which, 1], reach[which], span[:, which]

        boxes = np.tile(centres, 2) + shapes
        cost = np.array([_covers(boxes[i:i + 1], np.zeros((0, 4)), shafts([a is not arrow for a in self.arrows]))[0]
                         for i, arrow in enumerate(arrows)])  # the geometry's place: the frame's *other* arrows
        homes = (key, arrows, centres, boxes, cost)
        self._places = (key, homes, {}, (shapes, shafts(slice(None))))  # (the places beside a tip: _letter_beside)
        return homes

    def _letter_beside(self, i: int, renderer, pad: float):
        """The places beside the tip of letter ``i`` of :meth:`_letter_homes` (worked out when first asked for, once
        per view and font size): ``(centres (k, 2), boxes (k, 4), cost (k,))`` in pixels, on rings
        :attr:`BESIDE_GAP` apart tried from the direction the arrow points round to the opposite one, each costing
        what it costs whatever the other items do: 1e6 a pixel out of the panel and the length of the frame's
        arrows under it."""
        from ._placer import _beside_tip, _covers  # _placer builds on the items of this module

        _, (_, arrows, homes, _, _), beside, (shapes, shafts) = self._places
        if i not in beside:
            to_pixels = self.ax.transData
            panel = np.asarray(self.ax.bbox.extents) + [pad, pad, -pad, -pad]
            tip = to_pixels.transform(self.scene.project(arrows[i].tip)[0])
            centres, places, out = _beside_tip(tip, shapes[i], gap=self.BESIDE_GAP, toward=homes[i] - tip,
                                               panel=panel)
            beside[i] = (centres, places, 1e6 * out + _covers(places, np.zeros((0, 4)), shafts))
        return beside[i]


class Arc(Item):
    """The angle swept by a turn, drawn as an arc with an arrowhead at its end.

    ``Arc(scene).set_data(points, center, angle)`` draws the path ``points``
    (shape ``(n, 3)``, course coordinates) of a point turned about an axis
    through ``center``; the head sits on the last point, the label beside the
    middle one.  The points come from the math, e.g.
    :func:`quatlib.models.geometry.arc_points` (``rotate_vector`` of the start
    point), so the arc turns exactly the way the math does; ``angle`` (radians,
    the turn the points sweep) hides the head of a zero turn and keeps the head
    of a turn near 360° (whose ends nearly meet) at full size.

    The label keeps off the letters of the arrows (or labels of arcs) in
    ``avoid`` (e.g. the scene's ``world.arrows``) and the lines drawn by the
    items in ``keep_off`` (another arc, the axes): when its place beside the
    middle point would cover one, it slides along the arc to the nearest point
    where it covers none, or goes round the middle point
    (:func:`quatlib.plot.place_labels`), placed again on every view turn.
    Items in ``keep_off`` that move with this arc are set first (or the arc
    projected again after them, :meth:`project`).

    Examples
    --------
    >>> import numpy as np
    >>> import quatlib as ql
    >>> from quatlib.models.geometry import arc_points
    >>> fig, (scene,) = ql.plot.panels(1, view=(0, 0))
    >>> points = arc_points([0, 0, 1], [1, 0, 0], np.pi / 2, n=5)   # (1, 0, 0) turned a quarter turn about z
    >>> arc = ql.plot.Arc(scene, label="90°")
    >>> arc.set_data(points, angle=np.pi / 2)
    >>> line, head, label = arc.artists
    >>> np.round(head.get_xy()[0], 3) + 0.0                          # the head's tip: on the last point, (0, 1)
    array([0., 1.])
    >>> arc.set_data(arc_points([0, 0, 1], [1, 0, 0], 0.0), angle=0.0)   # a turn through 0: no head
    >>> head.get_visible()
    False
    """

    def __init__(self, scene, points=None, center=(0, 0, 0), angle=None, *, color=COLORS["vector2"],
                 linewidth=1.8, label=None, head=0.09, alpha=1.0, fontsize=11, label_radius=1.18,
                 zorder=Z.MID + 1, avoid=(), keep_off=()):
        super().__init__(scene)
        self.head = head
        self.label_radius = label_radius
        self.avoid, self.keep_off = list(avoid), list(keep_off)
        self._line = Line2D([], [], color=color, lw=linewidth, alpha=alpha, zorder=zorder)
        self._head = Polygon(np.zeros((3, 2)), closed=True, facecolor=color, edgecolor="none",
                             alpha=alpha, zorder=zorder)
        self._label = add_text(self.ax, 0, 0, label or "", color=color, fontsize=fontsize, ha="center",
                               va="center", zorder=Z.TEXT - 1)
        self.ax.add_line(self._line)
        self.ax.add_patch(self._head)
        self.own(self._line, self._head, self._label)
        if points is None:  # a turn through 0 of the point (1, 0, 0)
            points, angle = np.tile([1.0, 0.0, 0.0], (2, 1)), 0.0
        self.set_data(points, center, angle)

    def set_data(self, points, center=(0, 0, 0), angle=None, label=None) -> None:
        """Draw the arc through ``points`` ``(n, 3)`` about ``center``; ``angle`` (radians) is the turn they sweep.

        Without ``angle`` the head is judged from the points alone: hidden when
        the last step is too short to show a direction, at most 0.6 times the
        chord from the first to the last point.  ``label`` rewrites the label as
        :meth:`set_label` does, placed once with the new arc.
        """
        self.points = as_points(points, "arc points").reshape(-1, 3)
        self.center = as_points(center, "center", finite=True).reshape(3)
        self.angle = None if angle is None else float(angle)
        if label is not None:
            self._label.set_text(label)
        self.project()

    def set_visible(self, visible: bool) -> None:
        """Show or hide the arc; its head shows only where the arc has a direction (see the class docstring)."""
        super().set_visible(visible)
        self._head.set_visible(self.visible and self._has_head)

    def set_label(self, text: str) -> None:
        """Write ``text`` beside the middle of the arc (or the nearest point clear of :attr:`avoid`)."""
        if text == self._label.get_text():
            return
        self._label.set_text(text)
        if self.avoid or self.keep_off:  # a longer text may cover what the old one cleared: placed again
            self._label.set_position(self._free_spot(self._spots))

    @property
    def label(self) -> str:
        """The text beside the middle of the arc."""
        return self._label.get_text()

    def label_box(self, renderer):
        """The label's box in display pixels (a matplotlib ``Bbox``), as ``renderer`` lays it out (so that
        another arc can keep its label off this one's: ``avoid=[arc]``)."""
        return self._label.get_window_extent(renderer)

    def project(self) -> None:
        xy, _ = self.scene.project(self.points)
        self._line.set_data(xy[:, 0], xy[:, 1])
        d = xy[-1] - xy[-2] if len(xy) > 1 else np.zeros(2)
        length = float(np.hypot(*d))
        span = float(np.hypot(*(xy[-1] - xy[0])))
        swept = None if self.angle is None else abs(self.angle)
        self._has_head = not (length < 1e-12 or (swept is not None and swept < 1e-9))  # a direction to show
        self._head.set_visible(self.visible and self._has_head)
        if self._has_head:
            u = d / length
            nrm = np.array([-u[1], u[0]])
            h = min(self.head, 0.6 * (span if swept is None else max(span, swept * 0.3)))
            tip = xy[-1]
            base = tip - h * u
            self._head.set_xy(np.array([tip, base + 0.5 * h * nrm, base - 0.5 * h * nrm]))
        c, _ = self.scene.project(self.center)
        self._spots = c + (xy - c) * self.label_radius  # beside every point of the arc
        self._label.set_position(self._free_spot(self._spots))

    def _free_spot(self, spots) -> np.ndarray:
        """Of ``spots`` (the label's places beside the arc's points, scene 2D), the one nearest the middle whose
        label box covers no letter of :attr:`avoid`, no line of :attr:`keep_off` and not the arc itself (seen
        edge-on, the arc is a line through its spots; then a place beside the middle one); the middle one when
        nothing is avoided or nothing is free."""
        middle = len(spots) // 2
        text = self._label.get_text()
        if not ((self.avoid or self.keep_off) and text.strip()):
            return spots[middle]
        from ._placer import _drawn_lines, _name_boxes, place_labels, ring_offsets, text_size  # built on these items

        ax = self.ax
        # with the label's own 2 px, the letters are kept a point's LETTER_CLEARANCE off: more than a space, so that
        # "α" beside "β" is not "αβ"
        grow = Point.LETTER_CLEARANCE - 2.0
        letters = np.reshape(_name_boxes(self.avoid), (-1, 4)) + [-grow, -grow, grow, grow]
        pixels = ax.transData.transform(spots)
        order = np.argsort(np.abs(np.arange(len(spots)) - middle), kind="stable")  # the middle, then outward
        size = text_size(text, self._label.get_fontsize(), dpi=ax.figure.dpi) + 4.0  # 2 px clear on every side
        reach = self._line.get_linewidth() * ax.figure.dpi / 72 / 2 + 1.0  # the arc and its head, on screen
        drawn = [ax.transData.transform(np.c_[self._line.get_data()])]
        if self._head.get_visible():
            drawn.append(ax.transData.transform(self._head.get_xy()))
        beside = ring_offsets(size, gap=4.0, rings=(1.0, 2.5, 4.0, 6.0))  # round the middle spot, if none is free
        others = list(zip(*_drawn_lines(self.keep_off, 1.0), strict=True))  # 1 px beyond each line, as for the arc
        at = place_labels(pixels[middle], [size], bounds=ax.bbox.extents, obstacles=letters,
                          lines=[(line, reach) for line in drawn] + others,
                          candidates=[np.vstack([pixels[order] - pixels[middle], beside])])[0]
        return ax.transData.inverted().transform(at)


class Plane(Item):
    """A translucent square mirror through ``center`` with unit normal ``normal``, and the normal arrow.

    The square's in-plane edges follow ``in_plane`` (projected into the plane), or
    a fixed rule (the world y axis, or x when the normal is along y) if not given.

    Examples
    --------
    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1, view=(0, 0))
    >>> mirror = ql.plot.Plane(scene, label="n")
    >>> mirror.set_data(normal=(0, 0, 2))      # the plane z = 0 (any length of normal)
    >>> mirror.normal, mirror.normal_arrow.tip  # the unit normal; its arrow is half the square's size long
    (array([0., 0., 1.]), array([0., 0., 1.]))
    >>> mirror.corners                          # the 2 x 2 square (size=2.0)
    array([[ 1.,  1.,  0.],
           [-1.,  1.,  0.],
           [-1., -1.,  0.],
           [ 1., -1.,  0.]])
    """

    def __init__(self, scene, normal=(1, 0, 0), center=(0, 0, 0), *, size=2.0, in_plane=None,
                 color=COLORS["mirror"], alpha=0.25, show_normal=True, label=None):
        super().__init__(scene)
        self.size = float(size)
        self._poly = Polygon(np.zeros((4, 2)), closed=True, facecolor=(*matplotlib.colors.to_rgb(color), alpha),
                             edgecolor=color, lw=1.2, zorder=Z.MID - 1)
        self.ax.add_patch(self._poly)
        self.own(self._poly)
        self.normal_arrow = self.adopt(Arrow(scene, color=color, linewidth=2.0, label=label)) if show_normal else None
        self.set_data(normal, center, in_plane)

    def set_data(self, normal, center=(0, 0, 0), in_plane=None) -> None:
        n = as_points(normal, "normal", finite=True).reshape(3)
        norm = np.linalg.norm(n)
        if norm == 0:
            raise ValueError("Expected a non-zero plane normal, got (0, 0, 0)")
        self.normal = n / norm
        self.center = as_points(center, "center", finite=True).reshape(3)
        helper = np.array([0.0, 1.0, 0.0]) if in_plane is None else as_points(in_plane).reshape(3)
        v = helper - (helper @ self.normal) * self.normal
        if np.linalg.norm(v) < 1e-6:
            helper = np.array([1.0, 0.0, 0.0])
            v = helper - (helper @ self.normal) * self.normal
        v /= np.linalg.norm(v)
        u = np.cross(v, self.normal)
        h = self.size / 2
        self.corners = self.center + h * np.array([u + v, -u + v, -u - v, u - v])
        self.project()

    def project(self) -> None:
        xy, _ = self.scene.project(self.corners)
        self._poly.set_xy(xy)
        if self.normal_arrow is not None:
            self.normal_arrow.set_data(self.center + 0.5 * self.size * self.normal, self.center)


class Trail(Item):
    """Points traced on a sphere (e.g. where a body-fixed point has been).

    ``Trail(scene, radius=1).set_data(points)``; the sphere's outline is drawn
    faintly, the part of the trail on the far side is drawn faint and dashed.

    Examples
    --------
    The tip of z turned half a turn about y, from the front of the sphere round to the back:

    >>> import numpy as np
    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1, view=(0, 0))
    >>> trail = ql.plot.Trail(scene, radius=1.0)
    >>> q = ql.quaternion_from_axis_angle([0, 1, 0], np.radians([0, 45, 90, 135, 180]))
    >>> trail.set_data(ql.rotate_vector(q, [0, 0, 1]))
    >>> sphere, back, front, last = trail.artists
    >>> front.get_xdata()   # solid: the near half (and the step that goes behind)
    array([0.    , 0.7071, 1.    , 0.7071,    nan])
    >>> back.get_xdata()    # dashed and faint: the far half
    array([   nan,    nan,    nan, 0.7071, 0.    ])
    """

    def __init__(self, scene, points=None, *, radius=1.0, center=(0, 0, 0), color=COLORS["vector2"],
                 linewidth=2.0, sphere=True, marker_last=True):
        super().__init__(scene)
        self.radius = float(radius)
        self.center = as_points(center, "center", finite=True).reshape(3)
        self._sphere = Circle((0, 0), self.radius, facecolor=(0.5, 0.5, 0.5, 0.04),
                              edgecolor=COLORS["faint"], lw=0.8, zorder=Z.BACK - 5)
        self._back = Line2D([], [], color=color, lw=linewidth * 0.7, alpha=line_alpha(color, 0.45), ls=(0, (2, 2)),
                            zorder=Z.shell(False, self.radius, scene.extent))
        self._front = Line2D([], [], color=color, lw=linewidth, zorder=Z.shell(True, self.radius, scene.extent))
        self._last = Line2D([], [], ls="none", marker="o", ms=6, color=color, mec="white",
                            zorder=Z.FRONT + 5)
        # only the parts shown are added and owned: a sphere or a marker left out costs no draw and no
        # background redraw when the trail is shown or hidden
        if sphere:
            self.ax.add_patch(self._sphere)
            self.own(self._sphere)
            self.backdrop(self._sphere)  # the outline moves only with the view
        for a in (self._back, self._front, *((self._last,) if marker_last else ())):
            self.ax.add_line(a)
            self.own(a)
        self.set_data(np.zeros((0, 3)) if points is None else points)

    def set_data(self, points) -> None:
        """Trace the trail through ``points`` ``(n, 3)``; the last one is marked."""
        self.points = as_points(points, "trail points").reshape(-1, 3)
        self.project_changes(points)

    def project(self) -> None:
        c, _ = self.scene.project(self.center)
        self._sphere.center = tuple(c)
        if len(self.points) == 0:
            for a in (self._back, self._front, self._last):
                a.set_data([], [])
            return
        xy, depth = self.scene.project(self.points - self.center)
        xy = xy + c
        front = depth >= 0
        fr = front | np.concatenate([[False], front[:-1]])
        bk = ~front | np.concatenate([[False], ~front[:-1]])
        fx = np.where(fr, xy[:, 0], np.nan)
        fy = np.where(fr, xy[:, 1], np.nan)
        bx = np.where(bk, xy[:, 0], np.nan)
        by = np.where(bk, xy[:, 1], np.nan)
        self._front.set_data(fx, fy)
        self._back.set_data(bx, by)
        self._last.set_data([xy[-1, 0]], [xy[-1, 1]])


class Polyline(Item):
    """A 3D polyline: ``Polyline(scene, color=...).set_data(points)``.

    ``points`` has shape ``(n, 3)``; a row of NaN breaks the line.  With
    ``fill`` (a colour) the closed outline is also filled; with ``apex`` as well,
    the filled shape is the outline of the cone from ``apex`` to the line (the
    convex hull of both on screen).  With ``split=True`` the
    part nearer the viewer than the origin is solid and the far part faint and
    dashed (like :class:`quatlib.plot.Trail`, for circles around the origin).

    Examples
    --------
    >>> import numpy as np
    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1, view=(0, 0))
    >>> line = ql.plot.Polyline(scene)
    >>> line.set_data([[0, 0, 0], [1, 0, 0], [np.nan] * 3, [0, 1, 0], [1, 1, 0]])   # two segments: NaN breaks
    >>> fill, back, drawn = line.artists
    >>> drawn.get_ydata()                        # the screen y of every point, the break kept
    array([ 0.,  0., nan,  1.,  1.])
    """

    def __init__(self, scene, points=None, *, color=COLORS["ink"], linewidth=1.5, linestyle="-", alpha=1.0,
                 fill=None, fill_alpha=0.12, split=False, apex=None, zorder=Z.MID - 1):
        super().__init__(scene)
        self.split = bool(split)
        self.apex = None if apex is None else as_points(apex, "apex").reshape(1, 3)
        self._line = Line2D([], [], color=color, lw=linewidth, ls=linestyle, alpha=alpha, zorder=zorder,
                            solid_capstyle="round")
        self._back = Line2D([], [], color=color, lw=linewidth * 0.8, ls=(0, (2, 2)),
                            alpha=line_alpha(color, alpha * 0.5),
                            zorder=zorder - 0.5)
        self._fill = Polygon(np.zeros((3, 2)), closed=True, edgecolor="none", zorder=zorder - 1,
                             facecolor=(*matplotlib.colors.to_rgb(fill or color), fill_alpha))
        self._fill.set_visible(fill is not None)
        self._has_fill = fill is not None
        self._fill_shown = fill is not None  # a fill, round at least three points on screen
        self.ax.add_patch(self._fill)
        self.ax.add_line(self._back)
        self.ax.add_line(self._line)
        self.own(self._fill, self._back, self._line)
        self.set_data(np.zeros((0, 3)) if points is None else points)

    def set_data(self, points) -> None:
        """Move the line to ``points`` (course coordinates, shape ``(n, 3)``)."""
        self.points = as_points(points, "polyline points").reshape(-1, 3)
        self.project_changes(points)

    def project(self) -> None:
        if len(self.points) == 0:
            self._line.set_data([], [])
            self._back.set_data([], [])
            self._fill_shown = False
            self._fill.set_visible(False)
            return
        xy, depth = self.scene.project(self.points)
        x, y = xy[:, 0], xy[:, 1]
        if self.split:
            front = depth >= 0
            fr = front | np.concatenate([[False], front[:-1]])
            bk = ~front | np.concatenate([[False], ~front[:-1]])
            self._line.set_data(np.where(fr, x, np.nan), np.where(fr, y, np.nan))
            self._back.set_data(np.where(bk, x, np.nan), np.where(bk, y, np.nan))
        else:
            self._line.set_data(x, y)
            self._back.set_data([], [])
        if self._has_fill:
            outline = xy[np.isfinite(xy).all(axis=1)]
            if self.apex is not None:
                outline = _convex_hull(np.vstack([outline, self.scene.project(self.apex)[0]]))
            self._fill_shown = len(outline) >= 3
            self._fill.set_visible(self.visible and self._fill_shown)
            if self._fill_shown:
                self._fill.set_xy(outline)

    def set_visible(self, visible: bool) -> None:
        """Show or hide the line; its fill shows only round at least three points on screen."""
        super().set_visible(visible)
        self._fill.set_visible(self.visible and self._fill_shown)


def _convex_hull(xy: np.ndarray) -> np.ndarray:
    """Corners of the convex hull of 2D points, counter-clockwise (Andrew's monotone chain)."""
    pts = np.unique(np.round(xy, 12), axis=0)
    if len(pts) < 3:
        return pts
    pts = pts.tolist()  # the chain below does scalar arithmetic: on Python floats (the same numbers), 10x faster

    def half(points):
        chain = []
        for p in points:
            while len(chain) >= 2 and ((chain[-1][0] - chain[-2][0]) * (p[1] - chain[-2][1])
                                       - (chain[-1][1] - chain[-2][1]) * (p[0] - chain[-2][0])) <= 0:
                chain.pop()
            chain.append(p)
        return chain

    lower = half(pts)
    upper = half(pts[::-1])
    return np.array(lower[:-1] + upper[:-1])


class Dots(Item):
    """Marks at 3D points: ``Dots(scene, color=...).set_data(points)``, e.g. ticks at equal steps of ``t``.

    Marks on the far side of the origin (seen from the viewer) are drawn faded
    and behind what sits at the centre, like the far half of a :class:`~quatlib.plot.Trail`.

    Examples
    --------
    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1, view=(0, 0))
    >>> dots = ql.plot.Dots(scene)
    >>> dots.set_data([[0, 0, 1], [1, 0, 0], [0, 0, -1]])
    >>> back, front = dots.artists
    >>> front.get_xdata(), back.get_xdata()     # (0, 0, -1) is behind the origin: drawn faded, behind the centre
    (array([0., 1.]), array([0.]))
    """

    def __init__(self, scene, points=None, *, color=COLORS["ink"], size=4.5, marker="o", alpha=1.0):
        super().__init__(scene)
        self._front = Line2D([], [], ls="none", marker=marker, ms=size, color=color, mec="white", mew=0.7,
                             alpha=alpha, zorder=Z.FRONT + 4)
        self._back = Line2D([], [], ls="none", marker=marker, ms=size * 0.85, color=color, mec="white", mew=0.5,
                            alpha=line_alpha(color, alpha * 0.45), zorder=Z.BACK - 4)
        self.ax.add_line(self._back)
        self.ax.add_line(self._front)
        self.own(self._back, self._front)
        self.set_data(np.zeros((0, 3)) if points is None else points)

    def set_data(self, points) -> None:
        """Put the marks at ``points`` ``(n, 3)``."""
        self.points = as_points(points, "points").reshape(-1, 3)
        self.project_changes(points)

    def project(self) -> None:
        if len(self.points) == 0:
            self._front.set_data([], [])
            self._back.set_data([], [])
            return
        xy, depth = self.scene.project(self.points)
        front = depth >= 0
        self._front.set_data(xy[front, 0], xy[front, 1])
        self._back.set_data(xy[~front, 0], xy[~front, 1])


class Sphere(Item):
    """The faint outline of a sphere about the scene's origin (where a trail or a muzzle moves).

    An orthographic camera sees a sphere about the origin as the same circle
    from every direction, so the sphere is static and does not follow the view:
    it is drawn once into the cached background.  (A :class:`Trail` can draw its
    own sphere, about any centre, redrawn when the view turns.)

    Examples
    --------
    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1)
    >>> sphere = ql.plot.Sphere(scene, radius=1.5)
    >>> sphere.static, sphere.follows_view   # drawn once into the cached background
    (True, False)
    >>> scene.set_view(40, 30)               # any view: the same circle about the origin
    >>> sphere.artists[0].center, sphere.artists[0].get_radius()
    ((0, 0), 1.5)
    """

    static = True
    follows_view = False

    def __init__(self, scene, radius: float = 1.0, *, facecolor=(0.5, 0.5, 0.5, 0.04), edgecolor=COLORS["faint"],
                 linewidth=0.8, zorder=Z.BACK - 5):
        super().__init__(scene)
        self.radius = float(radius)
        self._circle = Circle((0, 0), self.radius, facecolor=facecolor, edgecolor=edgecolor, lw=linewidth,
                              zorder=zorder)
        self.ax.add_patch(self._circle)
        self.own(self._circle)


class UnitCircle(Item):
    """The plane's axes and the unit circle, for the 2D panels (use a scene with ``view=(0, 0)``).

    ``labels`` names the horizontal and vertical axes (``("x", "y")`` or
    ``("Re", "Im")``); ``ticks`` labels the points ``1, i, -1, -i`` of the circle
    (``("1", "i", "−1", "−i")`` for the complex plane, ``None`` for none).

    Examples
    --------
    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1, view=(0, 0), world_frame=False)
    >>> plane = ql.plot.UnitCircle(scene, labels=("Re", "Im"), ticks=("1", "i", "−1", "−i"))   # the complex plane
    >>> plane.static, plane.radius, (plane.x_axis.label, plane.y_axis.label)
    (True, 1.0, ('Re', 'Im'))
    >>> ql.plot.render_png(fig)[:4]
    b'\\x89PNG'
    """

    static = True
    follows_view = False

    def __init__(self, scene, *, labels=("x", "y"), ticks=("1", "1", "−1", "−1"), radius=1.0):
        super().__init__(scene)
        e = 0.93 * scene.extent
        self.radius = float(radius)
        ink, faint = COLORS["ink"], COLORS["faint"]
        self._circle = Circle((0, 0), self.radius, facecolor="none", edgecolor=faint, lw=1.2, zorder=Z.WORLD)
        self.ax.add_patch(self._circle)
        self.own(self._circle)
        self.x_axis = self.adopt(Arrow(scene, (e, 0, 0), (-e, 0, 0), color=AXIS_COLORS[0], linewidth=1.0,
                                       head=0.07, alpha=line_alpha(AXIS_COLORS[0], 0.55), zorder=Z.WORLD))
        self.y_axis = self.adopt(Arrow(scene, (0, e, 0), (0, -e, 0), color=AXIS_COLORS[1], linewidth=1.0,
                                       head=0.07, alpha=line_alpha(AXIS_COLORS[1], 0.55), zorder=Z.WORLD))
        # the axis names sit below the x tip and beside the y tip (not beyond the tips like an arrow's label)
        for arrow, text, pos in ((self.x_axis, labels[0], (e, -0.1 * scene.extent)),
                                 (self.y_axis, labels[1], (0.1 * scene.extent, e))):
            arrow._label.set_text(text)
            arrow._label.set_position(pos)
            arrow._label.set_fontsize(10)
        self._ticks = []
        if ticks:
            d = 0.07 * scene.extent
            spots = [((self.radius + d, -d), "left", "top"), ((d, self.radius + d), "left", "bottom"),
                     ((-self.radius - d, -d), "right", "top"), ((d, -self.radius - d), "left", "top")]
            for (pos, ha, va), text in zip(spots, ticks):
                self._ticks.append(self.ax.text(*pos, text, color=ink, fontsize=9, ha=ha, va=va, alpha=0.75,
                                                zorder=Z.WORLD))
        self.own(*self._ticks)

    def project(self) -> None:  # the 2D furniture does not follow the camera
        pass
