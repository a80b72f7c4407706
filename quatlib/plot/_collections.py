"""matplotlib's polygon and segment collections, drawn without its per-draw overhead.

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
"""

from __future__ import annotations

from matplotlib import collections

__all__ = ["PolyCollection", "LineCollection"]


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
    """matplotlib's :class:`~matplotlib.collections.LineCollection` with the lean ``draw`` of this module."""
