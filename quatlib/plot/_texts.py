"""Texts and gauges: a label at a 3D point, texts fixed in a panel, still legends, a bar gauge."""

from __future__ import annotations

import math
from numbers import Real

import matplotlib
import numpy as np
from matplotlib.artist import allow_rasterization
from matplotlib.backends.backend_agg import RendererAgg
from matplotlib.colors import to_rgba
from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle
from matplotlib.text import Text
from matplotlib.transforms import Bbox

from ._agg import _font_key
from ._items import Item, as_points
from ._style import COLORS, Z

__all__ = ["Label", "ScreenText", "StaticText", "StaticArtists", "legend", "Bars", "add_text"]


class _LaidOutText(Text):
    """matplotlib's :class:`~matplotlib.text.Text` that keeps its layout while nothing that shapes it changes.

    matplotlib lays a text out -- line sizes, their offsets from the anchor,
    the box -- on every draw and every ``get_window_extent``, though a label
    that moves keeps its string, font and alignment: the layout is relative to
    the anchor, so it is kept, keyed by all it depends on (string, font,
    rotation, alignments, line spacing, dpi, renderer type).  A wrapped or TeX
    text is laid out as matplotlib does, every time.
    """

    _kept_layout = (None, None)  # (key, layout)

    def _get_layout(self, renderer):
        if self.get_wrap() or self.get_usetex():
            return super()._get_layout(renderer)
        key = (self.get_text(), _font_key(self._fontproperties), self.get_rotation(), self._rotation_mode,
               self._horizontalalignment, self._verticalalignment, self._multialignment, self._linespacing,
               self._parse_math, self.get_figure(root=True).dpi, type(renderer), renderer.dpi)
        if self._kept_layout[0] != key:
            self._kept_layout = (key, super()._get_layout(renderer))
        return self._kept_layout[1]

    @allow_rasterization
    def draw(self, renderer):
        """matplotlib's ``Text.draw`` with the steps a plain text on an Agg canvas does not need left out.

        A label is drawn on every update, and matplotlib's ``draw`` spends more
        time in Python than the blend of its cached image takes (masked-value and
        unit checks of the position, path-effect and TeX branches).  This one
        does what matplotlib's does for a text without path effects, TeX,
        wrapping or units, on an Agg renderer -- open the text's group, lay out
        (kept, see above), anchor in pixels, draw the box, set up the graphics
        context, draw each line -- with the same arguments, so the pixels are
        matplotlib's; any other text is drawn by matplotlib's ``draw``.
        """
        if (not isinstance(renderer, RendererAgg) or self.get_path_effects() or self.get_usetex()
                or self.get_wrap() or not isinstance(self._x, Real) or not isinstance(self._y, Real)):
            return super().draw(renderer)
        self._renderer = renderer
        if not self.get_visible() or self._text == "":
            return
        posx, posy = self.get_transform().transform((float(self._x), float(self._y)))
        if not (math.isfinite(posx) and math.isfinite(posy)):
            return super().draw(renderer)  # matplotlib's own skip (and warning)
        renderer.open_group("text", self.get_gid())
        _, info, _ = self._get_layout(renderer)
        if self._bbox_patch:
            self.update_bbox_position_size(renderer)
            self._bbox_patch.draw(renderer)
        gc = renderer.new_gc()
        gc.set_foreground(to_rgba(self._color), isRGBA=True)
        gc.set_alpha(self._alpha)
        gc.set_url(self._url)
        gc.set_antialiased(self._antialiased)
        gc.set_snap(self.get_snap())
        self._set_gc_clip(gc)
        angle = self.get_rotation()
        height = renderer.height  # Agg counts rows from the top (renderer.flipy())
        mtext = self if len(info) == 1 else None
        for line, _, *anchor in info:  # matplotlib >= 3.11: (line, metrics, (x, y)); 3.10: (line, (w, h), x, y)
            x, y = anchor[0] if len(anchor) == 1 else anchor
            clean_line, ismath = self._preprocess_math(line)
            renderer.draw_text(gc, x + posx, height - (y + posy), clean_line, self._fontproperties,
                               angle, ismath=ismath, mtext=mtext)
        gc.restore()
        renderer.close_group("text")
        self.stale = False


def add_text(ax, x, y, s, **kwargs) -> Text:
    """``ax.text(x, y, s, **kwargs)`` for a text redrawn on every update: its layout is kept between draws.

    The same defaults and the same pixels as ``ax.text`` (data coordinates,
    left, baseline, not clipped); measuring it or drawing it again costs no new
    layout while its string, font, rotation and alignment stay.

    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1)
    >>> t = ql.plot.add_text(scene.ax, 0.1, 0.2, "q0", ha="center")
    >>> t in scene.ax.texts, t.get_position()
    (True, (0.1, 0.2))
    """
    text = _LaidOutText(x, y, text=s, **{"verticalalignment": "baseline", "horizontalalignment": "left",
                                         "transform": ax.transData, "clip_on": False, **kwargs})
    if text.get_clip_path() is None:
        text.set_clip_path(ax.patch)
    ax._add_text(text)
    return text


#: The card under a text that must stay readable over lines (a :class:`Label` with ``card=True``, a world letter
#: left on a line): a translucent white rounded box, as matplotlib's ``bbox`` of a ``Text``.
CARD = dict(boxstyle="round,pad=0.15", facecolor="white", edgecolor="none", alpha=0.75)


class Label(Item):
    """A text at a 3D point: ``Label(scene, "mirror image").set_data(p)``.

    ``offset`` is added in screen units (the scene's data units) after projection,
    so a label sits beside what it names whatever the view.

    Examples
    --------
    >>> import numpy as np
    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1, view=(0, 0))
    >>> label = ql.plot.Label(scene, "p", offset=(0.1, 0.0))
    >>> label.set_data((1, 0.5, 0), text="p′")
    >>> label.text, np.round(label.artists[0].get_position(), 3)   # 0.1 to the right of the point, on screen
    ('p′', array([1.1, 0.5]))
    >>> scene.set_view(90, 0)                                       # the point now projects to (0, 0.5) ...
    >>> np.round(label.artists[0].get_position(), 3) + 0.0          # ... and the label is still 0.1 to its right
    array([0.1, 0.5])
    """

    def __init__(self, scene, text="", p=(0, 0, 0), *, color=COLORS["ink"], offset=(0.0, 0.0), fontsize=9.5,
                 ha="center", va="center", alpha=1.0, card=False):
        super().__init__(scene)
        self.offset = np.asarray(offset, dtype=float)
        self._text = add_text(self.ax, 0, 0, text, color=color, fontsize=fontsize, ha=ha, va=va, alpha=alpha,
                              zorder=Z.TEXT - 2, bbox=CARD if card else None)
        self.own(self._text)
        self.set_data(p)

    def set_data(self, p, text=None) -> None:
        """Put the label at ``p``; optionally change its text."""
        self.p = as_points(p, "label position").reshape(3)
        if text is not None:
            self._text.set_text(text)
        self.project()

    @property
    def text(self) -> str:
        return self._text.get_text()

    def project(self) -> None:
        xy, _ = self.scene.project(self.p)
        self._text.set_position(xy + self.offset)


class StaticArtists(Item):
    """Still matplotlib artists (legends, names, frames) drawn once into the figure's cached background.

    ``StaticArtists(scene, [text, line, ...])``: the artists must already be in
    ``scene.ax``; they are not re-projected when the view turns (use axes
    coordinates).  Change one later? Call :meth:`~quatlib.plot.Item.changed`.

    Examples
    --------
    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1)
    >>> text = scene.ax.text(0.98, 0.02, "Y up", transform=scene.ax.transAxes, ha="right")
    >>> still = ql.plot.StaticArtists(scene, [text])
    >>> still.static, text in ql.plot.Renderer.of(fig).moving_artists()   # in the cached background, not redrawn
    (True, False)
    """

    static = True
    follows_view = False

    def __init__(self, scene, artists):
        super().__init__(scene)
        self.own(*artists)

    def project(self) -> None:  # lives in axes coordinates: the view does not move it
        pass


class ScreenText(Item):
    """A text fixed in a panel (axes coordinates), updated with ``set_data(text)``; the view does not move it.

    Examples
    --------
    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1)
    >>> readout = ql.plot.ScreenText(scene, (0.02, 0.98))
    >>> readout.set_data("|q| = 1.0000")
    >>> scene.set_view(10, 40)   # the view turns; the text stays in the panel's top-left corner
    >>> readout.text, readout.artists[0].get_position()
    ('|q| = 1.0000', (0.02, 0.98))
    """

    follows_view = False

    def __init__(self, scene, xy=(0.0, 1.0), text="", *, color=COLORS["ink"], fontsize=9.5, ha="left",
                 va="top", family="DejaVu Sans Mono", linespacing=1.3):
        super().__init__(scene)
        self._text = add_text(self.ax, *xy, text, transform=self.ax.transAxes, color=color, fontsize=fontsize,
                              ha=ha, va=va, family=family, linespacing=linespacing, zorder=Z.TEXT)
        self.own(self._text)

    def set_data(self, text: str) -> None:
        self._text.set_text(text)

    @property
    def text(self) -> str:
        return self._text.get_text()

    def project(self) -> None:
        pass


class StaticText(Item):
    """A text fixed in a panel (axes coordinates) that rarely changes: drawn into the cached background.

    Costs nothing per update while its text stays the same; ``set_data(text)``
    with a new text redraws the figure's background once.  Use it
    for notes that change only when the state crosses a special case.

    Examples
    --------
    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1)
    >>> note = ql.plot.StaticText(scene, text="")
    >>> renderer = ql.plot.Renderer.of(fig)
    >>> _ = renderer.render_rgb()             # draws and caches the background
    >>> note.set_data("")                     # the same text: the cached background stays
    >>> renderer.base is not None
    True
    >>> note.set_data("gimbal lock")          # a new text: the background is drawn again on the next render
    >>> renderer.base is None, note.text
    (True, 'gimbal lock')
    """

    static = True
    follows_view = False

    def __init__(self, scene, xy=(0.02, 0.02), text="", *, color=COLORS["warn"], fontsize=9.5, ha="left",
                 va="bottom", family="DejaVu Sans", card=True, linespacing=1.3):
        super().__init__(scene)
        bbox = (dict(boxstyle="round,pad=0.25", facecolor="white", edgecolor="none", alpha=0.85)
                if card else None)
        self._text = self.ax.text(*xy, text, transform=self.ax.transAxes, color=color, fontsize=fontsize, ha=ha,
                                  va=va, family=family, linespacing=linespacing, zorder=Z.TEXT, bbox=bbox)
        self.own(self._text)

    def set_data(self, text: str, color=None) -> None:
        changed = text != self._text.get_text()
        if color is not None and matplotlib.colors.to_hex(color) != matplotlib.colors.to_hex(self._text.get_color()):
            self._text.set_color(color)
            changed = True
        if changed:
            self._text.set_text(text)
            self.changed()

    @property
    def text(self) -> str:
        return self._text.get_text()

    def project(self) -> None:
        pass


def legend(scene, entries, *, corner=(0.01, 0.99), step=0.05, fontsize=9, ha="left") -> StaticArtists:
    """A still legend in a panel's corner: ``entries`` are ``(text, color)`` pairs, one line each.

    ``corner`` is the top of the first line, its left end (``ha="left"``) or its right end (``ha="right"``).

    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1)
    >>> key = ql.plot.legend(scene, [("SLERP", ql.plot.COLORS["vector2"]), ("NLERP", ql.plot.COLORS["vector"])])
    >>> [text.get_text() for text in key.artists]
    ['━ SLERP', '━ NLERP']
    """
    x, y = corner
    texts = [scene.ax.text(x, y - step * k, f"━ {text}", transform=scene.ax.transAxes, color=c,
                           fontsize=fontsize, ha=ha, va="top", zorder=Z.TEXT)
             for k, (text, c) in enumerate(entries)]
    return StaticArtists(scene, texts)


class Bars(Item):
    """A small bar gauge in axes coordinates: one bar per value, from the zero line up or down.

    ``Bars(scene, ("w", "x", "y", "z"), colors, rect=(x0, y0, width, height),
    lim=(-1, 1)).set_data(values)``.  The names, the zero line and the limits are
    static; the bars and the printed values (``value_format``, a function of one
    number returning text; ``None`` prints nothing) move.  Values outside ``lim``
    are clipped for drawing only.  ``on_top=True``: for a gauge inside a 3D panel, whose moving parts would
    pass over it (the cached background, where the names and lines are drawn, lies under everything that moves):
    the whole gauge is drawn with the moving parts, on a white card over them.

    Examples
    --------
    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1)
    >>> colors = [ql.plot.COLORS["ink"], *ql.plot.AXIS_COLORS]
    >>> gauge = ql.plot.Bars(scene, ("w", "x", "y", "z"), colors, value_format="{:+.2f}".format)
    >>> gauge.set_data(ql.quaternion_from_axis_angle([0, 1, 0], 90, degrees=True))   # a quarter turn about y
    >>> gauge.texts
    ['+0.71', '+0.00', '+0.71', '+0.00']
    >>> ql.plot.render_png(fig)[:4]
    b'\\x89PNG'
    """

    follows_view = False

    def __init__(self, scene, names, colors, *, rect=(0.1, 0.3, 0.8, 0.6), lim=(-1.0, 1.0), title=None,
                 value_format=None, fontsize=9, on_top=False):
        super().__init__(scene)
        self.names = tuple(names)
        self.lim = (float(lim[0]), float(lim[1]))
        self.value_format = value_format
        x0, y0, w, h = rect
        self.rect = rect
        tr = self.ax.transAxes
        n = len(self.names)
        slot = w / n
        self._zero_y = y0 + h * (0.0 - self.lim[0]) / (self.lim[1] - self.lim[0])
        still = []
        zero = Line2D([x0, x0 + w], [self._zero_y] * 2, transform=tr, color=COLORS["faint"], lw=0.9,
                      zorder=Z.TEXT - 4)
        self.ax.add_line(zero)
        still.append(zero)
        for lim_value, yy in ((self.lim[1], y0 + h), (self.lim[0], y0)):
            line = Line2D([x0, x0 + w], [yy, yy], transform=tr, color=COLORS["grid"], lw=0.7, zorder=Z.TEXT - 4.5)
            self.ax.add_line(line)
            still.append(line)
            still.append(self.ax.text(x0 - 0.01, yy, f"{lim_value:+g}".replace("-", "−"), transform=tr,
                                      ha="right", va="center", fontsize=7.5, color=COLORS["note"], zorder=Z.TEXT))
        self._bars = []
        self._values = []
        for k, (name, c) in enumerate(zip(self.names, colors)):
            cx = x0 + slot * (k + 0.5)
            still.append(self.ax.text(cx, y0 - 0.03, name, transform=tr, ha="center", va="top", fontsize=fontsize,
                                      color=c, zorder=Z.TEXT))
            bar = Rectangle((cx - 0.3 * slot, self._zero_y), 0.6 * slot, 0.0, transform=tr, facecolor=c,
                            edgecolor="none", zorder=Z.TEXT - 3)
            self.ax.add_patch(bar)
            self._bars.append(bar)
            if value_format is not None:
                self._values.append(add_text(self.ax, cx, y0 - 0.2, "", transform=tr, ha="center", va="top",
                                             fontsize=fontsize - 1, family="DejaVu Sans Mono",
                                             color=COLORS["ink"], zorder=Z.TEXT))
        if title:
            still.append(self.ax.text(x0 + w / 2, y0 + h + 0.04, title, transform=tr, ha="center", va="bottom",
                                      fontsize=fontsize, color=COLORS["ink"], zorder=Z.TEXT))
        self._card, self._card_fits = None, None  # with on_top: a white card under it all (see _fit_card)
        if on_top:
            self._card = Rectangle((0, 0), 0, 0, transform=tr, facecolor="white", edgecolor="none", alpha=0.9,
                                   zorder=Z.TEXT - 5)
            self.ax.add_patch(self._card)
            still.insert(0, self._card)
        self.frame = StaticArtists(scene, still)
        if on_top:  # drawn with the moving parts, over them: the cached background lies under everything that moves
            self.frame.static = False
        self.own(*self._bars, *self._values)
        self.set_data(np.zeros(n))

    def _fit_card(self) -> None:
        """Make the card as large as the gauge's texts and lines as drawn, and 3 px more; again only when a text
        changed size (projector mode enlarges them after the demo is built)."""
        from ._placer import _pixel_box  # _placer builds on the items of this module

        parts = [a for a in self.frame.artists if a is not self._card]
        sizes = tuple(a.get_fontsize() for a in parts if isinstance(a, Text))
        if sizes == self._card_fits:
            return
        renderer = self.ax.figure.canvas.get_renderer()
        drawn = Bbox.union([Bbox.from_extents(*_pixel_box(a, renderer)) if isinstance(a, Text)
                            else a.get_window_extent(renderer) for a in parts])
        box = drawn.padded(3).transformed(self.ax.transAxes.inverted())
        self._card.set_bounds(box.x0, box.y0, box.width, box.height)
        self._card_fits = sizes

    def set_data(self, values) -> None:
        """Set the bar heights to ``values`` (one per name)."""
        v = np.asarray(values, dtype=float).reshape(len(self.names))
        self.values = v
        x0, y0, w, h = self.rect
        lo, hi = self.lim
        for bar, value in zip(self._bars, v):
            top = y0 + h * (np.clip(value, lo, hi) - lo) / (hi - lo)
            bar.set_y(min(top, self._zero_y))
            bar.set_height(abs(top - self._zero_y))
        for text, value in zip(self._values, v):
            text.set_text(self.value_format(value))
        if self._card is not None:
            self._fit_card()

    @property
    def texts(self) -> list:
        """The printed values, as shown."""
        return [t.get_text() for t in self._values]

    def project(self) -> None:  # axes coordinates: nothing to re-project
        pass
