"""Helpers shared by the tests that drive demos or check their pictures (test_widgets.py, test_legibility.py,
test_widgets_*.py, test_plot.py)."""

from __future__ import annotations

import ipywidgets as W
import matplotlib.collections
import numpy as np


def buttons(demo):
    """Every button under ``demo.buttons`` (rows of buttons included), in the order shown; Play widgets are not
    buttons and are left out."""
    for w in demo.buttons.values():
        stack = [w]
        while stack:
            w = stack.pop(0)
            if isinstance(w, W.Button):
                yield w
            stack[:0] = list(getattr(w, "children", ()))


def repaints_and_changes(demo, name: str, values) -> tuple[int, int]:
    """Set the control ``name`` to each of ``values`` in turn, then to the last one once more; return how many
    repaints the demo made and how many of those settings changed the value (the last one never does)."""
    control = demo.controls[name]
    values = [float(v) for v in values]
    changes = sum(v != w for v, w in zip([control.value, *values], values))
    demo.timings.clear()
    for v in [*values, values[-1]]:
        control.value = v
    return len(demo.timings), changes


def line_under(line, box) -> bool:
    """Whether the drawn ``Line2D`` ``line`` (or any segment of a ``LineCollection``, e.g. a cube's edges) passes
    through the pixel ``box``, widened by half the line's width (its segments walked in steps under a pixel; dashes
    count as solid)."""
    if isinstance(line, matplotlib.collections.LineCollection):
        widths = line.get_linewidths()
        return any(_polyline_under(line, segment, widths[k % len(widths)], box)
                   for k, segment in enumerate(line.get_segments()))
    return _polyline_under(line, line.get_xydata(), line.get_linewidth(), box)


def _polyline_under(artist, points, linewidth, box) -> bool:
    xy = artist.get_transform().transform(np.asarray(points, dtype=float).reshape(-1, 2))
    a, b = xy[:-1], xy[1:]
    ok = np.isfinite(a).all(axis=1) & np.isfinite(b).all(axis=1)
    a, b = a[ok], b[ok]
    steps = int(np.ceil(np.hypot(*(b - a).T).max(initial=0.0))) + 2
    x, y = (a + np.linspace(0, 1, steps)[:, None, None] * (b - a)).reshape(-1, 2).T
    half = linewidth * artist.figure.dpi / 72 / 2
    return bool(np.any((x > box.x0 - half) & (x < box.x1 + half) & (y > box.y0 - half) & (y < box.y1 + half)))


# Every side view on a 30° grid: from straight above or below, the y axis points at the viewer and its letter sits at
# the centre, where the rings cross (judged by the legibility sweep, not here).
SIDE_VIEWS = [(float(azim), float(elev)) for azim in range(-180, 180, 30) for elev in range(-60, 61, 30)]
