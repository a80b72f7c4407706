"""The renderer of a figure: its scenes, its other moving parts and the cached static background."""

from __future__ import annotations

import io
import time
import weakref

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import Collection

from ._agg import Canvas
from ._png import PngEncoder

__all__ = ["Renderer", "render_rgb", "render_png", "invalidate"]

_RENDERERS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # figure -> its Renderer


class Renderer:
    """Draws one figure fast: the static part once into a cached background, the moving artists on top.

    There is one renderer per figure, created on first use by :meth:`of` and
    kept in a :class:`weakref.WeakKeyDictionary` (nothing is stored on the
    figure).  Scenes register with it when they are created
    (:meth:`add_scene`); other moving parts, such as a chart's lines, with
    :meth:`add_moving` (anything with an ``artists`` list).  Parts whose
    artists change now and then, such as a chart's curves, register with
    :meth:`add_chart` (anything with a ``chart_artists`` list).  All are held by
    weak reference: a part nobody holds any more can no longer move; it is
    left out of the picture until the background is drawn again (:meth:`invalidate`),
    and is then drawn into it.

    The background is kept in three layers, each drawn on top of the one below.
    :attr:`base` holds everything static that stays put when a view turns:
    titles, legends, notes in axes coordinates, charts with their frames and
    tick labels.  :attr:`charts` adds the artists of the chart parts (curves and
    bands, see :meth:`chart_artists`).  :attr:`background` adds the static items
    that follow the camera (a scene's world axes, the outlines of a static item), see
    :meth:`view_artists`.  Each :meth:`render_rgb` restores the background and
    draws only the moving artists: the non-static items of every scene, the
    scenes' titles, captions and notes, and the added moving parts.  A view
    turn redraws just the camera-following layer (:meth:`invalidate_view`), new
    curves just the chart layer and the one above (:meth:`invalidate_charts`),
    never the frames and tick labels; a change to any other static part calls
    :meth:`invalidate`.  While a layer keeps changing -- the view turning, a
    slider that moves a path or a curve being dragged: the layer changed for
    the last frame too -- it is drawn straight into each frame (with the layers
    above it) instead of being copied into a cache the next change would drop;
    the first frame after the changes caches it again.  Text,
    most of the cost of a draw, is rasterized once per line and reused
    (:func:`~quatlib.plot.figure` gives every course figure such a canvas, see
    ``quatlib/plot/_agg.py``).

    :attr:`timing` holds the seconds the last :meth:`render_png` spent drawing
    (``"draw"``) and encoding (``"png"``), measured with :attr:`clock`.

    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1)
    >>> r = ql.plot.Renderer.of(fig)
    >>> r is ql.plot.Renderer.of(fig) and r.scenes == [scene] and r.figure is fig
    True
    >>> r.render_rgb().shape
    (390, 360, 3)
    """

    #: The clock of :attr:`timing` (a benchmark may set ``time.process_time``).
    clock = staticmethod(time.perf_counter)

    def __init__(self, fig):
        self._figure = weakref.ref(fig)
        self._scenes: list[weakref.ref] = []
        self._moving: list[weakref.ref] = []
        self._charts: list[weakref.ref] = []
        self.base = None  # the static part that does not follow the camera, or None
        self.charts = None  # base + the chart parts' artists, or None
        self.background = None  # charts + the static items that follow the camera, or None
        self._size = None
        self.timing = {"draw": 0.0, "png": 0.0}
        self._png = PngEncoder()  # remembers the last frame: unchanged rows are not deflated again
        self._changes = {"charts": 0, "view": 0}  # invalidations of each layer so far
        self._drawn = dict(self._changes)  # ... when the last frame was drawn
        self._changed_last = set()  # the layers that had changed for the last frame

    @classmethod
    def of(cls, fig) -> Renderer:
        """The renderer of ``fig`` (created on first use)."""
        renderer = _RENDERERS.get(fig)
        if renderer is None:
            renderer = _RENDERERS[fig] = cls(fig)
        return renderer

    @property
    def figure(self):
        """The figure drawn (held weakly: the renderer does not keep it alive)."""
        return self._figure()

    @property
    def scenes(self) -> list:
        """The live scenes of the figure, in the order they were created."""
        return _alive(self._scenes)

    @property
    def moving(self) -> list:
        """The live moving parts added with :meth:`add_moving`."""
        return _alive(self._moving)

    def add_scene(self, scene) -> None:
        """Register a :class:`~quatlib.plot.Scene` of this figure (done by the scene itself)."""
        self._scenes.append(weakref.ref(scene))
        self.invalidate()

    @property
    def chart_parts(self) -> list:
        """The live parts added with :meth:`add_chart`."""
        return _alive(self._charts)

    def add_moving(self, part) -> None:
        """Register a part whose ``artists`` are redrawn on every update (e.g. a :class:`~quatlib.plot.History`)."""
        self._moving.append(weakref.ref(part))
        self.invalidate()

    def add_chart(self, part) -> None:
        """Register a part whose ``chart_artists`` change now and then (a :class:`~quatlib.plot.Curves`' curves).

        They are drawn into the chart layer of the cached background, on top of
        the base (so above the chart's frame, grid and legend); after changing
        them the part calls :meth:`invalidate_charts`.
        """
        self._charts.append(weakref.ref(part))
        self.invalidate()

    def invalidate(self) -> None:
        """Forget the cached background (after a change to a static part): the next render draws everything."""
        self.base = self.charts = self.background = None
        self._count("charts", "view")

    def invalidate_charts(self) -> None:
        """Redraw the chart layer and the camera-following layer on the next render (after new curves).

        The base -- frames, ticks, tick labels, titles -- stays cached.
        """
        self.charts = self.background = None
        self._count("charts", "view")

    def invalidate_view(self) -> None:
        """Redraw only the static items that follow the camera on the next render (after a view turn).

        The rest of the background -- titles, legends, charts with their tick
        labels, panels in axes coordinates -- stays cached in :attr:`base`.
        """
        self.background = None
        self._count("view")

    def _count(self, *layers) -> None:
        for layer in layers:
            self._changes[layer] += 1

    def view_artists(self) -> list:
        """The static artists that follow the camera (scenes' :meth:`~quatlib.plot.Scene.view_artists`), in draw
        order."""
        return self._in_draw_order([a for scene in self.scenes for a in scene.view_artists()])

    def chart_artists(self) -> list:
        """The artists of the chart layer (the parts' ``chart_artists``), in draw order."""
        return self._in_draw_order([a for part in self.chart_parts for a in part.chart_artists])

    def moving_artists(self) -> list:
        """The matplotlib artists drawn on every update, in draw order (axes, then zorder)."""
        out = []
        for scene in self.scenes:
            out.extend(scene.moving_artists())
        for part in self.moving:
            out.extend(part.artists)
        return self._in_draw_order(out)

    def _in_draw_order(self, artists: list) -> list:
        fig = self.figure
        order = {ax: i for i, ax in enumerate(fig.axes)} if fig is not None else {}
        return sorted(artists, key=lambda a: (order.get(a.axes, -1), a.get_zorder()))

    def render_rgb(self) -> np.ndarray:
        """Draw the figure and return its pixels as an ``(height, width, 3)`` uint8 array."""
        fig = self.figure
        canvas = fig.canvas
        if type(canvas) not in (FigureCanvasAgg, Canvas):  # e.g. an ipympl canvas: leave it in place, draw a copy
            buf = io.BytesIO()
            fig.savefig(buf, format="rgba", dpi=fig.dpi)
            w, h = canvas.get_width_height(physical=True)  # the size savefig renders at (matplotlib's own rounding)
            return np.frombuffer(buf.getvalue(), np.uint8).reshape(h, w, 4)[..., :3]
        moving = self.moving_artists()
        size = tuple(canvas.get_width_height())
        fresh = self.base is None or self._size != size
        if fresh:
            self._draw_base(canvas, moving)
        renderer = canvas.get_renderer()
        changed = {layer for layer, n in self._changes.items() if n != self._drawn[layer]}
        # a layer that changed for this frame and for the last one too (a view turning, a path slider dragged) is
        # drawn into this frame only, not copied into a cache the next change would drop
        direct = changed & self._changed_last
        if self.background is not None:
            canvas.restore_region(self.background)
        else:  # the base, then the chart layer, then the static items that follow the camera
            for scene in self.scenes:
                scene.settle_labels(renderer)
            if self.charts is not None:
                canvas.restore_region(self.charts)
            elif "charts" in direct:
                canvas.restore_region(self.base)
                _draw(self.chart_artists(), renderer)
            else:
                self.charts = self._layer(self.base, self.chart_artists())
            if "view" in direct or self.charts is None:  # (a cached camera layer needs the chart layer below it)
                _draw(self.view_artists(), renderer)
            else:
                self.background = self._layer(self.charts, self.view_artists(), restored=True)
        self._changed_last = set() if fresh else changed  # (a fresh base: a new start, not a change)
        self._drawn = dict(self._changes)
        _draw(moving, renderer)
        return np.asarray(canvas.buffer_rgba())[..., :3]

    def _layer(self, below, artists, restored: bool = False):
        """The cached layer ``below`` with ``artists`` drawn on top (``below`` itself when there are none).

        The canvas holds the new layer afterwards; ``restored`` says it holds ``below`` already.
        """
        canvas = self.figure.canvas
        if not restored:
            canvas.restore_region(below)
        if not artists:
            return below
        _draw(artists, canvas.get_renderer())
        return canvas.copy_from_bbox(self.figure.bbox)

    def _draw_base(self, canvas, moving) -> None:
        """A full draw of everything static that does not follow the camera, kept in :attr:`base`."""
        animated = [*moving, *self.chart_artists(), *self.view_artists()]
        for a in animated:
            a.set_animated(True)
        try:
            canvas.draw()  # everything except the animated artists
        finally:
            for a in animated:
                a.set_animated(False)
        self.base = canvas.copy_from_bbox(canvas.figure.bbox)
        self.charts = self.background = None
        self._size = tuple(canvas.get_width_height())

    def render_png(self, compress_level: int = 1) -> bytes:
        """Draw the figure (see :meth:`render_rgb`) and return it as PNG bytes (see :func:`encode_png`).

        The renderer's :class:`~quatlib.plot.PngEncoder` deflates only the bands of rows that changed since the
        last frame.
        """
        t0 = self.clock()
        rgb = self.render_rgb()
        t1 = self.clock()
        if self._png.compress_level != compress_level:
            self._png = PngEncoder(compress_level)
        png = self._png.encode(rgb)
        self.timing = {"draw": t1 - t0, "png": self.clock() - t1}
        return png


def _draw(artists, renderer) -> None:
    for a in artists:
        if a.get_visible() and not (isinstance(a, Collection) and not a.get_paths()):  # an empty collection: no ink
            a.draw(renderer)


def _alive(refs: list) -> list:
    """The objects of ``refs`` still alive; dead references are dropped from ``refs``."""
    objects = [r() for r in refs]
    if any(o is None for o in objects):
        refs[:] = [r for r, o in zip(refs, objects, strict=True) if o is not None]
    return [o for o in objects if o is not None]


def render_rgb(fig) -> np.ndarray:
    """Draw ``fig`` and return its pixels as an ``(height, width, 3)`` uint8 array.

    The static part of a course figure (titles, legends, the unit circle, the axes
    of history plots) is drawn once and cached; each call restores it and draws
    only the moving artists on top (see :class:`Renderer`).  After changing a
    static part by hand (a chart's title, say), call :func:`invalidate`; the
    course's items and texts do that themselves.

    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1, size=3.0)
    >>> rgb = ql.plot.render_rgb(fig)
    >>> rgb.shape, rgb.dtype, rgb[0, 0].tolist()   # 3 inches at 100 dpi, and the title band; white
    ((330, 300, 3), dtype('uint8'), [255, 255, 255])
    """
    return Renderer.of(fig).render_rgb()


def render_png(fig, *, compress_level: int = 1) -> bytes:
    """Draw ``fig`` (see :func:`render_rgb`) and return it as PNG bytes (see :func:`encode_png`).

    >>> import quatlib as ql
    >>> fig, _ = ql.plot.panels(1, size=3.0)
    >>> ql.plot.render_png(fig)[:8]
    b'\\x89PNG\\r\\n\\x1a\\n'
    """
    return Renderer.of(fig).render_png(compress_level)


def invalidate(fig) -> None:
    """Forget the cached static background of ``fig`` (after a change to a static part).

    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1, size=3.0)
    >>> _ = ql.plot.render_rgb(fig)
    >>> _ = scene.ax.set_title("changed by hand")   # a static part, not a course item: the cache does not know
    >>> ql.plot.invalidate(fig)
    >>> ql.plot.Renderer.of(fig).base is None   # the next render draws the background again
    True
    """
    Renderer.of(fig).invalidate()
