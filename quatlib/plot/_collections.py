"""matplotlib's polygon and segment collections, and its lines, drawn without its per-draw overhead.

A box in a course scene is five small collections (faces and edges, in front of
and behind the centre), and a scene holds several boxes: matplotlib's
``Collection.draw`` spends about 0.3 ms of Python on each one (it probes
whether the renderer takes a hatch colour by drawing an empty collection
first, considers path effects, hatches, sketches, gap colours and units) before
one call to the renderer draws the paths.  The two classes here are
matplotlib's :class:`~matplotlib.collections.PolyCollection` and
:class:`~matplotlib.collections.LineCollection` whose ``draw`` makes that one
call directly, with the same arguments, so the pixels are matplotlib's.  What
they leave out, they do not allow: a collection with a hatch, path effects, a
sketch, a gap colour, a colour map or units is drawn by matplotlib's own
``draw``, and so is a single path of a single colour (matplotlib stamps it as a
marker).

A scene's arrows, rings and trails are lines (:class:`Line2D`), 20-25 of them
moved on every view turn: matplotlib's ``Line2D.draw`` wraps the one
``draw_path`` call of a plain line in a new transformed path and a dozen checks
(about 90 µs a line); the lean one here makes the same call (about 55 µs).
"""

from __future__ import annotations

import matplotlib.axes  # noqa: F401 - before the subclasses below: see the note
import numpy as np
from matplotlib import collections, lines
from matplotlib.artist import allow_rasterization
from matplotlib.colors import to_rgba
from matplotlib.path import Path

__all__ = ["PolyCollection", "LineCollection", "Line2D"]

# Note: while matplotlib.axes is first imported, matplotlib fills its docstrings by looking up artist classes by
# name among all subclasses of Artist; a subclass of the same name defined before that makes the name ambiguous
# (KeyError 'PolyCollection:kwdoc'), so matplotlib.axes is imported above, before these classes exist.


class _Lean:
    """The lean ``draw`` of the collections below (see the module docstring)."""

    def _plain(self) -> bool:
        """True when matplotlib's ``draw`` would make exactly one ``draw_path_collection`` call of the paths."""
        return (len(self._paths) > 1 and self._hatch is None and not self.get_path_effects()
                and self.get_sketch_params() is None and self._gapcolor is None and self.get_array() is None
                and not self.have_units() and self.get_transform().is_affine
                and self.get_offset_transform().is_affine and not self.get_rasterized()
                and self.get_agg_filter() is None)

    def draw(self, renderer):
        if not self.get_visible() or not self._paths:
            return
        if not self._plain():
            return super().draw(renderer)
        self.update_scalarmappable()
        gc = renderer.new_gc()
        self._set_gc_clip(gc)
        gc.set_snap(self.get_snap())
        if self._joinstyle:
            gc.set_joinstyle(self._joinstyle)
        if self._capstyle:
            gc.set_capstyle(self._capstyle)
        # No hatchcolors argument: there is no hatch (_plain), and matplotlib 3.10 (the floor) does not take one.
        renderer.draw_path_collection(
            gc, self.get_transform().frozen(), self._paths, self.get_transforms(), self.get_offsets(),
            self.get_offset_transform(), self.get_facecolor(), self.get_edgecolor(), self._linewidths,
            self._linestyles, self._antialiaseds, self._urls, "screen")
        gc.restore()
        self.stale = False


class PolyCollection(_Lean, collections.PolyCollection):
    """matplotlib's :class:`~matplotlib.collections.PolyCollection` with the lean ``draw`` of this module."""


class LineCollection(_Lean, collections.LineCollection):
    """matplotlib's :class:`~matplotlib.collections.LineCollection` with the lean ``draw`` of this module.

    ``set_segments`` of an ``(n, m, 2)`` float array (n segments of m points,
    e.g. a box's twelve edges) makes the paths the way matplotlib's
    ``PolyCollection.set_verts`` does for an array: one template path whose
    flags every segment's path shares (the same paths as matplotlib's
    ``set_segments`` makes one by one, in a third of the time).
    """

    def set_segments(self, segments):
        if not (type(segments) is np.ndarray and segments.ndim == 3 and segments.size):
            return super().set_segments(segments)
        segments = segments.astype(float, copy=False)
        template = Path(segments[0])
        self._paths = [Path._fast_from_codes_and_verts(seg, None, internals_from=template) for seg in segments]
        self.stale = True


class Line2D(lines.Line2D):
    """matplotlib's :class:`~matplotlib.lines.Line2D` whose ``draw`` hands a plain line to the renderer directly.

    Plain: no markers, an affine transform, no path effects, sketch, gap colour
    or sub-slicing (matplotlib's own for sorted lines over 1,000 points).  Such a
    line is drawn as matplotlib's ``draw`` draws it -- the same path, affine
    transform and graphics context, so the same pixels; any other line (a dot
    is a line with a marker) is drawn by matplotlib's ``draw``.
    """

    @allow_rasterization
    def draw(self, renderer):
        if not self.get_visible():
            return
        if self._invalidy or self._invalidx:
            self.recache()  # units, masked values, the path (matplotlib's own)
        if (self._marker and self._markersize > 0) or self._subslice or self.get_path_effects() \
                or self.get_sketch_params() is not None or self._gapcolor is not None \
                or not self.get_transform().is_affine:
            return super().draw(renderer)
        self.ind_offset = 0
        if self._lineStyles[self._linestyle] != "_draw_nothing" and len(self._path.vertices):
            gc = renderer.new_gc()
            self._set_gc_clip(gc)
            gc.set_url(self.get_url())
            gc.set_antialiased(self._antialiased)
            gc.set_linewidth(self._linewidth)
            dashed = self.is_dashed()
            gc.set_joinstyle(self._dashjoinstyle if dashed else self._solidjoinstyle)
            gc.set_capstyle(self._dashcapstyle if dashed else self._solidcapstyle)
            gc.set_snap(self.get_snap())
            gc.set_foreground(to_rgba(self._color, self._alpha), isRGBA=True)
            gc.set_dashes(*(self._dash_pattern if self._linewidth > 0 else (0, None)))
            renderer.draw_path(gc, self._path, self.get_transform().get_affine().frozen())
            gc.restore()
        self.stale = False
