"""Texts drawn from a cached bitmap: a label that moves but rarely changes costs a copy, not a rasterization.

matplotlib's Agg backend lays out and rasterizes every glyph of a text on each
draw (about 0.1-0.2 ms per glyph on the course machine), so a figure whose ten
labels follow the 3D view spends most of an update drawing letters that have
not changed.  :class:`StampText` rasterizes its text once into a small RGBA
bitmap and then, on every draw, copies that bitmap to where the text is now; it
rasterizes again only when something that changes its look (the string, the
colour, the font, the alignment, the card behind it, the dpi) changed to a look
it has not shown among its last 64.
:func:`stamp_texts` turns the texts of scene items into stamps.
"""

from __future__ import annotations

import math

import numpy as np
from matplotlib.backends.backend_agg import RendererAgg
from matplotlib.colors import to_rgba
from matplotlib.text import Text
from matplotlib.transforms import Affine2D, Bbox

__all__ = ["StampText", "stamp_texts"]

_PAD = 2  # pixels of transparent margin around the bitmap (antialiased edges)
_KEEP = 64  # bitmaps kept per text: a slider dragged back finds its labels' numbers already drawn


class StampText(Text):
    """A matplotlib ``Text`` drawn from a cached bitmap of itself (Agg renderers; others draw it as usual).

    It behaves as a ``Text`` in every way (``set_text``, ``set_position``,
    ``get_window_extent``...); only :meth:`draw` differs.  The bitmap sits at a
    whole pixel, so a stamp may land up to half a pixel from where a plain
    ``Text`` would; the glyphs are the same.

    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1)
    >>> label = ql.plot.Label(scene, "mirror image", (0.5, 0.5, 0))
    >>> [t] = ql.plot.stamp_texts(label)
    >>> type(t).__name__, t.get_text()
    ('StampText', 'mirror image')
    >>> ql.plot.render_png(fig)[:4]
    b'\\x89PNG'
    """

    _stamp = None  # (key, RGBA bitmap, (dx, dy) from the text's anchor to the bitmap's lower left, in pixels)

    def _stamp_key(self, renderer) -> tuple:
        patch = self.get_bbox_patch()
        card = None if patch is None else (tuple(patch.get_facecolor()), tuple(patch.get_edgecolor()),
                                           id(patch.get_boxstyle()), patch.get_alpha())
        return (self.get_text(), to_rgba(self.get_color()), self.get_alpha(), hash(self.get_fontproperties()),
                self.get_horizontalalignment(), self.get_verticalalignment(), self.get_rotation(),
                self.get_linespacing(), self._multialignment, card, renderer.dpi)

    def _anchor(self) -> np.ndarray:
        """Where the text's position is on the canvas, in pixels."""
        return self.get_transform().transform(self.get_unitless_position())

    def _rasterize(self, renderer, anchor) -> tuple:
        """Draw the text alone into a transparent scratch canvas; return the bitmap and its offset from ``anchor``."""
        # measured in the scratch canvas (same dpi): matplotlib then finds the layout cached when drawing there
        canvas = _scratch(renderer.dpi)
        extents = [self.get_window_extent(canvas)]
        patch = self.get_bbox_patch()
        if patch is not None:
            self.update_bbox_position_size(canvas)
            extents.append(patch.get_window_extent(canvas))
        box = Bbox.union(extents)
        x0, y0 = math.floor(box.x0) - _PAD, math.floor(box.y0) - _PAD
        width, height = math.ceil(box.x1) + _PAD - x0, math.ceil(box.y1) + _PAD - y0
        canvas = _scratch(renderer.dpi, width, height)
        transform = self.get_transform()
        clip = self.get_clip_on()
        try:
            self.set_transform(transform + Affine2D().translate(-x0, -y0))
            self.set_clip_on(False)
            Text.draw(self, canvas)
        finally:
            self.set_transform(transform)
            self.set_clip_on(clip)
            self._renderer = renderer
        rows = np.asarray(canvas.buffer_rgba())[canvas.height - height:, :width]  # the text sits bottom left
        return rows[::-1].copy(), (x0 - anchor[0], y0 - anchor[1])  # draw_image wants rows bottom up

    def draw(self, renderer) -> None:
        if not isinstance(renderer, RendererAgg):
            return super().draw(renderer)
        self._renderer = renderer
        if not self.get_visible() or self.get_text() == "":
            return
        anchor = self._anchor()
        if not np.isfinite(anchor).all():
            return
        key = self._stamp_key(renderer)
        if self._stamp is None or self._stamp[0] != key:
            recent = self.__dict__.setdefault("_recent", {})  # key -> (bitmap, offset), oldest first
            bitmap = recent.pop(key, None) or self._rasterize(renderer, anchor)
            recent[key] = bitmap
            if len(recent) > _KEEP:
                del recent[next(iter(recent))]
            self._stamp = (key, *bitmap)
        _, bitmap, (dx, dy) = self._stamp
        gc = renderer.new_gc()
        self._set_gc_clip(gc)
        renderer.draw_image(gc, round(anchor[0] + dx), round(anchor[1] + dy), bitmap)
        gc.restore()
        self.stale = False


_SCRATCH: dict = {}  # dpi -> the canvas stamps are rasterized in (kept: matplotlib caches text layout per renderer)


def _scratch(dpi: float, width: int = 0, height: int = 0) -> RendererAgg:
    """The transparent Agg canvas stamps are drawn in, at least ``width`` x ``height`` pixels, cleared."""
    canvas = _SCRATCH.get(dpi)
    if canvas is None or canvas.width < width or canvas.height < height:
        size = (max(width, canvas.width if canvas else 0, 256), max(height, canvas.height if canvas else 0, 64))
        canvas = _SCRATCH[dpi] = RendererAgg(*size, dpi)
    canvas.clear()
    return canvas


def stamp_texts(*items) -> list:
    """Draw every plain matplotlib ``Text`` of ``items`` (scene items or artists) from a cached bitmap.

    Each such text becomes a :class:`StampText`: the same object with the same
    methods, so the items keep moving and relabelling it as before.  Use it for
    labels that move with every update but rarely change their string (a
    vector's name at its tip, "axis", "original").  Returns the texts turned, each once.
    """
    texts = {}
    for item in items:
        for artist in getattr(item, "artists", [item]):
            if type(artist) is Text:
                artist.__class__ = StampText
            if isinstance(artist, StampText):
                texts[id(artist)] = artist
    return list(texts.values())
