"""Where a moving label may go: the first free spot beside its anchor, estimated from its text (numpy only).

A demo whose labels move with its controls (``quatlib.widgets.sandwich``) places them in turn: each takes the first
spot among a few around its anchor whose box covers none of the boxes already taken and fits the panel.  Boxes
are estimated from the number of characters (fontsize 10 in a 3.7-inch panel of half-width 1.45), generous on
purpose, so no text has to be laid out to decide; ``tests/test_widgets_sandwich.py`` checks the result against
the real text extents of an Agg draw.
"""

from __future__ import annotations

import numpy as np

__all__ = ["box", "free_spot", "screen_gap"]


def box(center, text: str) -> np.ndarray:
    """The screen box ``(x0, y0, x1, y1)`` a label of fontsize 10 centred at ``center`` covers, in panel units."""
    half = np.array([0.032 * len(text) + 0.03, 0.075])
    return np.r_[np.asarray(center) - half, np.asarray(center) + half]


def free_spot(tip, direction, text: str, taken, extent: float) -> np.ndarray:
    """The first centre near ``tip`` whose label box meets none of ``taken`` and fits the panel (else the least
    covered one)."""
    u = direction / max(np.hypot(*direction), 1e-9) if np.hypot(*direction) > 1e-9 else np.array([1.0, 0.0])
    n = np.array([-u[1], u[0]])
    half = box((0, 0), text)[2:]
    reach = abs(u[0]) * half[0] + abs(u[1]) * half[1]  # from the box's centre to its edge along u
    spots = [tip + u * (0.1 + reach), tip + n * (0.1 + half[1]), tip - n * (0.1 + half[1]),
             tip + u * (0.35 + reach), tip + (u + n) * 0.1 + np.sign(u + n + 1e-9) * half,
             tip + (u - n) * 0.1 + np.sign(u - n + 1e-9) * half, tip + n * (0.3 + half[1]),
             tip - n * (0.3 + half[1]), tip - u * (0.25 + reach)]
    limit = extent - half - 0.02
    spots = [np.clip(p, -limit, limit) for p in spots]
    overlaps = [sum(_overlap(box(p, text), b) for b in taken) for p in spots]
    return spots[int(np.argmin(overlaps))]  # the first free one, or the least covered


def _overlap(a, b) -> float:
    """The area two boxes ``(x0, y0, x1, y1)`` share."""
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def screen_gap(scene, a, b) -> float:
    """How far apart the points ``a`` and ``b`` are drawn in ``scene`` (data units of the panel)."""
    (pa, pb), _ = scene.project(np.array([a, b]))
    return float(np.hypot(*(pa - pb)))
