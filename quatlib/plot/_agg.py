"""The course's Agg canvas: matplotlib's, with each line of text rasterized once and then reused.

Drawing a text is most of the cost of a course figure's update: for every line
matplotlib lays out the string (font lookup, shaping) and rasterizes every glyph
anew, although a readout, a label that stayed where it was or an axis letter
looks exactly as it did in the previous frame.  :class:`TextCachingRenderer`
keeps the rasterized line -- one alpha image -- keyed by everything that shapes
its pixels::

    (string, font properties, dpi, rotation, antialiasing, hinting,
     position within the pixel, in 1/SUBPIXEL steps)

and on the next draw of the same line blends that image in with one call.  A
line it has not seen (a readout whose numbers changed) is laid out by
matplotlib and assembled from rasterized glyphs, kept by font, glyph, size,
rotation and position within the pixel: the digits of a monospace readout are
rasterized once.  The layout of a string (its glyphs and their places, ~1 ms)
is kept too, so a label that moves is laid out once, not at every position
within the pixel.  Math text (``$...$``) is laid out by matplotlib's mathtext
parser and then cached the same way; its bars (fractions, roots) are drawn as
matplotlib draws them.  The text's colour and alpha come from the graphics
context at blend time, so they are not part of either key.  A text's metrics
(width, height, descent: another layout) are kept per string and font as well.

The only difference to matplotlib's pixels: glyphs are placed to 1/:data:`SUBPIXEL`
of a pixel (matplotlib: 1/64), at most an eighth of a pixel away, and the
glyphs of a line are merged into one image before blending (``1 - (1 - a)(1 - b)``
where two glyphs' edges overlap), a few levels out of 255 in a pixel or two.

>>> import numpy as np
>>> from matplotlib.figure import Figure
>>> fig = Figure(figsize=(2, 1), dpi=100)
>>> canvas = Canvas(fig)
>>> _ = fig.text(0.5, 0.5, "q = (0.7071, 0, 0.7071, 0)", ha="center")
>>> canvas.draw()
>>> type(canvas.get_renderer()).__name__
'TextCachingRenderer'
>>> first = np.asarray(canvas.buffer_rgba()).copy()
>>> canvas.draw()  # the line comes from the cache this time
>>> np.array_equal(first, np.asarray(canvas.buffer_rgba()))
True
"""

from __future__ import annotations

import math

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg, RendererAgg, get_hinting_flag
from matplotlib.font_manager import fontManager, get_font

try:  # matplotlib >= 3.11 lays a line out glyph by glyph (FT2Font._layout), which the glyph cache below uses
    from matplotlib.ft2font import RenderMode
except ImportError:  # matplotlib 3.10 (Pyodide's): whole lines are cached, rasterized as matplotlib 3.10 does
    RenderMode = None

#: Whether lines are assembled from cached glyphs (matplotlib >= 3.11); on 3.10 each line is cached whole.
GLYPH_CACHE = RenderMode is not None

__all__ = ["Canvas", "TextCachingRenderer", "SUBPIXEL", "clear_text_cache"]

#: A line's position is rounded to 1/SUBPIXEL of a pixel before its image is looked up (or made).
SUBPIXEL = 4

_MAX_LINES = 4000  # rasterized lines kept (a few MB at most); the cache is emptied when it is full
_LINES: dict = {}  # key -> (alpha image (h, w) uint8, column of its left edge, row of its top edge), or None
_MAX_GLYPHS = 20000  # rasterized glyphs kept, each at one of SUBPIXEL² positions within a pixel
_GLYPHS: dict = {}  # (font, glyph, size, dpi, angle, antialiased, hinting, qx, qy) -> (alpha image, left, top)
_HEIGHTS: dict = {}  # (font properties, dpi) -> (ascent, descent, line gap) in pixels
_LAYOUTS: dict = {}  # (string, font properties, dpi, math?, ...) -> (glyphs, bars of math text), see _layout
_METRICS: dict = {}  # (string, font properties, math?, dpi, hinting) -> (width, height, descent) in pixels


def clear_text_cache() -> None:
    """Forget every rasterized line and glyph (e.g. after changing fonts)."""
    for cache in (_LINES, _GLYPHS, _HEIGHTS, _LAYOUTS, _METRICS):
        cache.clear()


def _font_key(prop) -> tuple:
    return (tuple(prop.get_family()), prop.get_style(), prop.get_variant(), prop.get_weight(), prop.get_stretch(),
            prop.get_size_in_points(), prop.get_file(), prop.get_math_fontfamily())


def _font_height_metrics(prop, dpi):
    """matplotlib's ``Text._get_layout``: line gap, ascent and descent from the font's OS/2 or hhea table."""
    font = get_font(fontManager._find_fonts_by_props(prop))
    for table_name, gap, ascent, descent in (("OS/2", "sTypoLineGap", "sTypoAscender", "sTypoDescender"),
                                             ("hhea", "lineGap", "ascent", "descent")):
        table = font.get_sfnt_table(table_name)
        if table is not None:
            scale = 1 / font.get_sfnt_table("head")["unitsPerEm"] * prop.get_size_in_points() * dpi / 72
            return table[ascent] * scale, -table[descent] * scale, table[gap] * scale
    return None, None, None  # matplotlib then measures "lp"


class TextCachingRenderer(RendererAgg):
    """matplotlib's :class:`~matplotlib.backends.backend_agg.RendererAgg`; ``draw_text`` reuses rasterized lines.

    Paths and images are matplotlib's; math text is laid out by matplotlib and
    then cached like any line, text metrics are kept per string and font (see the
    module docstring), and a font's line height, which matplotlib reads from the
    font's tables for every text it lays out, is read once per font and size.
    """

    def _get_font_height_metrics(self, prop):
        """``(ascent, descent, line gap)`` of the font of ``prop`` in pixels, as ``Text._get_layout`` computes them
        (matplotlib asks a renderer for them first, when it has this method)."""
        key = (_font_key(prop), self.dpi)
        if key not in _HEIGHTS:
            _HEIGHTS[key] = _font_height_metrics(prop, self.dpi)
        return _HEIGHTS[key]

    def get_text_width_height_descent(self, s, prop, ismath):
        """matplotlib's text metrics, kept per string, font, dpi and hinting (laying out a line costs ~0.5 ms).

        matplotlib keeps them too, for the texts it lays out itself; code that
        measures a text directly (to place labels apart) asks here.
        """
        if ismath == "TeX":
            return super().get_text_width_height_descent(s, prop, ismath)
        key = (s, _font_key(prop), ismath, self.dpi, get_hinting_flag())
        metrics = _METRICS.get(key)
        if metrics is None:
            if len(_METRICS) >= _MAX_LINES:
                _METRICS.clear()
            metrics = _METRICS[key] = super().get_text_width_height_descent(s, prop, ismath)
        return metrics

    def draw_text(self, gc, x, y, s, prop, angle, ismath=False, mtext=None):
        if ismath == "TeX" or (ismath and not GLYPH_CACHE):
            return super().draw_text(gc, x, y, s, prop, angle, ismath, mtext)
        if not GLYPH_CACHE:
            return self._draw_text_whole_line(gc, x, y, s, prop, angle)
        antialiased = bool(gc.get_antialiased())
        layout, glyphs, rects = self._layout(s, prop, bool(ismath), antialiased, mtext)
        up = self.height - y  # FreeType's y is upwards
        x0, y0 = math.floor(x), math.floor(up)
        fx, fy = round((x - x0) * SUBPIXEL), round((up - y0) * SUBPIXEL)  # position within the pixel
        key = (layout, angle, antialiased, fx, fy)
        line = _LINES.get(key)
        if line is None and key not in _LINES:
            if len(_LINES) >= _MAX_LINES:
                _LINES.clear()
            line = _LINES[key] = self._rasterize(glyphs, angle, antialiased, fx / SUBPIXEL, fy / SUBPIXEL)
        if line is not None:
            image, left, top = line
            # draw_text_image's y is downwards and names the image's bottom row
            self._renderer.draw_text_image(image, x0 + left, int(self.height) - (y0 + top) + image.shape[0], 0, gc)
        if rects:  # the bars of math text (fractions, roots): drawn as matplotlib draws them
            self._draw_text_glyphs_and_boxes(gc, x, y, angle, (), rects)

    def _layout(self, s, prop, ismath, antialiased, mtext):
        """``(key, glyphs, bars)`` of the line ``s``, laid out by matplotlib once per string and font (~1 ms).

        ``glyphs`` are ``(font, size, glyph index, x, y)`` from the line's
        origin, in pixels, y up; ``bars`` the rectangles of math text (fraction
        bars, roots); ``key`` names the layout (everything it depends on).
        """
        features = mtext.get_fontfeatures() if mtext is not None else None
        language = mtext.get_language() if mtext is not None else None
        key = (s, _font_key(prop), self.dpi, ismath, ismath and antialiased, get_hinting_flag(),
               None if features is None else tuple(features), language)
        layout = _LAYOUTS.get(key)
        if layout is None:
            if len(_LAYOUTS) >= _MAX_LINES:
                _LAYOUTS.clear()
            if ismath:  # matplotlib's draw_mathtext
                parse = self.mathtext_parser.parse(s, self.dpi, prop, antialiased=antialiased)
                glyphs = tuple((font, size, index, dx, dy) for font, size, _, index, dx, dy in parse.glyphs)
                layout = glyphs, tuple(tuple(r) for r in parse.rects)
            else:
                font = self._prepare_font(prop)
                items = font._layout(s, flags=get_hinting_flag(), features=features, language=language)
                size = prop.get_size_in_points()
                layout = tuple((item.ft_object, size, item.glyph_index, item.x, item.y) for item in items), ()
            _LAYOUTS[key] = layout
        return (key, *layout)

    def _draw_text_whole_line(self, gc, x, y, s, prop, angle):
        """matplotlib 3.10's ``RendererAgg.draw_text`` with the rasterized line kept: the same pixels.

        matplotlib 3.10 rasterizes a line unrotated at a whole-pixel position and
        rotates the image when blending, so the key needs neither the angle nor
        a position within the pixel.
        """
        antialiased = bool(gc.get_antialiased())
        key = (s, _font_key(prop), self.dpi, antialiased, get_hinting_flag())
        line = _LINES.get(key)
        if line is None:
            if len(_LINES) >= _MAX_LINES:
                _LINES.clear()
            font = self._prepare_font(prop)
            font.set_text(s, 0, flags=get_hinting_flag())
            font.draw_glyphs_to_bitmap(antialiased=antialiased)
            xo, yo = font.get_bitmap_offset()
            line = _LINES[key] = (np.array(font.get_image()), xo / 64.0, yo / 64.0, font.get_descent() / 64.0)
        image, xo, yo, descent = line
        xd, yd = descent * math.sin(math.radians(angle)), descent * math.cos(math.radians(angle))
        self._renderer.draw_text_image(image, round(x + xo + xd), round(y + yo + yd) + 1, angle, gc)

    def _rasterize(self, glyphs, angle, antialiased, fx, fy):
        """One alpha image of the laid-out line ``glyphs`` (see :meth:`_layout`) whose origin is at ``(fx, fy)``
        within pixel (0, 0), y up.

        Returns ``(image, left, top)``: the image's left column and top row
        (y up) relative to that pixel, or ``None`` for a line without ink.  The
        glyphs are rendered as matplotlib's ``_draw_text_glyphs_and_boxes`` does.
        """
        cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        load_flags = get_hinting_flag()
        mode = RenderMode.NORMAL if antialiased else RenderMode.MONO
        matrix = (0x10000 * np.array([[cos, -sin], [sin, cos]])).round().astype(int)
        placed = []
        for font, size, index, gx, gy in glyphs:
            # the glyph's origin, rounded to 1/SUBPIXEL of a pixel: a whole pixel (ix, iy) and a step within it
            ix, qx = divmod(round(SUBPIXEL * (fx + gx * cos - gy * sin)), SUBPIXEL)
            iy, qy = divmod(round(SUBPIXEL * (fy + gx * sin + gy * cos)), SUBPIXEL)
            key = (font, index, size, self.dpi, angle, antialiased, load_flags, qx, qy)
            glyph = _GLYPHS.get(key)
            if glyph is None:
                if len(_GLYPHS) >= _MAX_GLYPHS:
                    _GLYPHS.clear()
                glyph = _GLYPHS[key] = self._render_glyph(font, index, size, matrix, load_flags, mode, qx, qy)
            buffer, left, top = glyph
            if buffer.size:
                placed.append((buffer, left + ix, top + iy))
        if not placed:
            return None
        left = min(g[1] for g in placed)
        top = max(g[2] for g in placed)
        width = max(g[1] + g[0].shape[1] for g in placed) - left
        height = max(top - g[2] + g[0].shape[0] for g in placed)
        clear = np.ones((height, width))  # 1 - coverage, multiplied glyph by glyph ("over" of one colour)
        for buffer, gl, gt in placed:
            r, c = top - gt, gl - left
            clear[r:r + buffer.shape[0], c:c + buffer.shape[1]] *= 1.0 - buffer / 255.0
        return np.round(255.0 * (1.0 - clear)).astype(np.uint8), left, top

    def _render_glyph(self, font, index, size, matrix, load_flags, mode, qx, qy):
        """The alpha bitmap of glyph ``index`` of ``font`` whose origin is at ``(qx, qy) / SUBPIXEL`` in pixel
        (0, 0), with its left column and top row (y up), rendered as matplotlib's ``_draw_text_glyphs_and_boxes``
        does."""
        font.set_size(size, self.dpi)
        font._set_transform(matrix, [0x40 * qx // SUBPIXEL, 0x40 * qy // SUBPIXEL])
        bitmap = font._render_glyph(index, load_flags, mode)
        buffer = np.array(bitmap.buffer, dtype=np.uint8)  # a copy: FreeType reuses its bitmap
        if mode == RenderMode.MONO:
            buffer *= 0xFF
        return buffer, bitmap.left, bitmap.top


class Canvas(FigureCanvasAgg):
    """matplotlib's Agg canvas drawing with a :class:`TextCachingRenderer` (see the module docstring)."""

    def get_renderer(self):
        w, h = self.get_width_height(physical=True)
        key = w, h, self.figure.dpi
        if self._lastKey != key:
            self.renderer = TextCachingRenderer(w, h, self.figure.dpi)
            self._lastKey = key
        return self.renderer
