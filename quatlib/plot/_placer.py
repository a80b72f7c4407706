"""Where to write labels so that none covers another: one greedy placer for every demo (numpy only).

A label is a box of a given size whose centre may sit at a few *candidate* offsets from its *anchor* (the point it
names).  :func:`place_labels` takes the labels in order -- earlier ones get the better spots -- and gives each the
first candidate whose box stays inside ``bounds``, meets no fixed obstacle (boxes, discs) and no label placed
before it; when none is free, the candidate that trespasses least, or no place at all for an optional label.  All
coordinates are in one 2D system of the caller's choosing (display pixels, a panel's data units); nothing here
draws or measures text, so a demo can decide where its labels go before anything is drawn.  :func:`text_size`
gives a text's box from its glyph outlines, without a renderer.
"""

from __future__ import annotations

import functools

import numpy as np

__all__ = ["place_labels", "ring_offsets", "text_size"]

# how much worse than any overlap it is for a label to leave the panel (per unit it sticks out)
_OUTSIDE_COST = 1e6


def ring_offsets(size, *, gap: float = 4.0, rings=(1.0, 2.5, 4.0), toward=None, turns: int = 8) -> np.ndarray:
    """Candidate offsets around an anchor: ``turns`` directions on a few rings, the box ``gap × ring`` clear of it.

    An offset moves a box of ``size = (width, height)`` in direction ``u`` until its near edge is ``gap × ring``
    from the anchor (the centre goes ``gap × ring + |u_x| w/2 + |u_y| h/2`` along ``u``), so a wide label sits as
    close beside its point as a narrow one.  The nearest ring comes first; within a ring the directions closest to
    ``toward`` (a 2D direction, e.g. away from the picture's centre) come first, straight right when None.

    >>> ring_offsets((20, 10), gap=2, rings=(1,), turns=4)
    array([[ 12.,   0.],
           [  0.,   7.],
           [ -0.,  -7.],
           [-12.,   0.]])
    >>> ring_offsets((20, 10), gap=2, rings=(1,), turns=4, toward=(0, -1))[0]
    array([ 0., -7.])
    """
    w, h = np.asarray(size, dtype=float).reshape(2) / 2
    heading = 0.0 if toward is None or not np.any(toward) else float(np.arctan2(toward[1], toward[0]))
    step = 2 * np.pi / turns
    # directions ordered by how far they turn from the heading: 0, +step, -step, +2 step, ...
    order = np.array(sorted(range(turns), key=lambda k: (min(k, turns - k), k > turns / 2)))
    angles = heading + step * order
    u = np.round(np.stack([np.cos(angles), np.sin(angles)], axis=-1), 12)
    reach = np.abs(u) @ np.array([w, h])  # from the box's centre to its edge along u
    return np.concatenate([u * (gap * r + reach)[:, None] for r in rings])


def place_labels(anchors, sizes, *, bounds, candidates=None, obstacles=(), discs=(), optional=(),
                 gap: float = 4.0) -> np.ndarray:
    """The centres of labels placed in turn so that no two boxes overlap, none meets an obstacle, all stay inside.

    Parameters
    ----------
    anchors : array_like, shape (n, 2)
        The points the labels name.
    sizes : array_like, shape (n, 2)
        Each label's box, ``(width, height)`` (e.g. from :func:`text_size` or a drawn text's box).
    bounds : (x0, y0, x1, y1)
        Every box must lie inside this rectangle (the panel).
    candidates : sequence of array_like (k, 2), optional
        Per label, the offsets from its anchor to its box's centre, best first.  Default: :func:`ring_offsets`
        with ``gap``, the first direction pointing away from the centre of ``bounds``.
    obstacles : array_like, shape (m, 4)
        Boxes ``(x0, y0, x1, y1)`` no label may cover (other texts, a legend).
    discs : array_like, shape (d, 3)
        Circles ``(cx, cy, r)`` no label may reach into (e.g. where a cube turns).
    optional : collection of int
        Labels that are left out (NaN) rather than put where they trespass.
    gap : float
        The default candidates' distance from the anchor.

    Returns
    -------
    ndarray, shape (n, 2)
        Each label's centre: the first free candidate; if none is free, the least trespassing one (overlap area,
        reach into a disc; sticking out of ``bounds`` costs most), or NaN for an optional label.

    Raises
    ------
    ValueError
        If the shapes do not match.

    Examples
    --------
    Two labels of the same point: the second goes where the first is not.

    >>> place_labels([(50, 50), (50, 50)], [(20, 10), (20, 10)], bounds=(0, 0, 100, 100),
    ...              candidates=[[(0, 10), (0, -10)]] * 2)
    array([[50., 60.],
           [50., 40.]])

    A label whose right spot is taken by an obstacle goes round its point; an optional one with no room is left out.

    >>> place_labels([(50, 50)], [(20, 10)], bounds=(0, 0, 100, 100), obstacles=[(60, 40, 90, 60)], gap=2)
    array([[50., 57.]])
    >>> place_labels([(5, 5), (5, 5)], [(9, 9), (9, 9)], bounds=(0, 0, 10, 10), candidates=[[(0, 0)]] * 2,
    ...              optional=[1])
    array([[ 5.,  5.],
           [nan, nan]])
    """
    anchors = np.asarray(anchors, dtype=float).reshape(-1, 2)
    sizes = np.asarray(sizes, dtype=float).reshape(-1, 2)
    if len(sizes) != len(anchors):
        raise ValueError(f"Expected one size per anchor ({len(anchors)}), got {len(sizes)}")
    x0, y0, x1, y1 = np.asarray(bounds, dtype=float).reshape(4)
    if candidates is None:
        middle = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
        candidates = [ring_offsets(size, gap=gap, toward=a - middle) for a, size in zip(anchors, sizes, strict=True)]
    elif len(candidates) != len(anchors):
        raise ValueError(f"Expected one list of candidates per anchor ({len(anchors)}), got {len(candidates)}")
    taken = np.asarray(obstacles, dtype=float).reshape(-1, 4)
    discs = np.asarray(discs, dtype=float).reshape(-1, 3)
    out = np.full_like(anchors, np.nan)
    for k, (anchor, size, offsets) in enumerate(zip(anchors, sizes, candidates, strict=True)):
        centres = anchor + np.asarray(offsets, dtype=float).reshape(-1, 2)
        boxes = np.concatenate([centres - size / 2, centres + size / 2], axis=1)
        cost = _trespass(boxes, taken, discs, (x0, y0, x1, y1))
        best = int(np.argmax(cost == 0)) if (cost == 0).any() else int(np.argmin(cost))
        if cost[best] > 0 and k in optional:
            continue
        out[k] = centres[best]
        taken = np.vstack([taken, boxes[best]])
    return out


def _trespass(boxes, taken, discs, bounds) -> np.ndarray:
    """How badly each box ``(k, 4)`` trespasses: area shared with ``taken``, reach into ``discs``, out of bounds."""
    x0, y0, x1, y1 = bounds
    outside = (np.maximum(x0 - boxes[:, 0], 0) + np.maximum(boxes[:, 2] - x1, 0)
               + np.maximum(y0 - boxes[:, 1], 0) + np.maximum(boxes[:, 3] - y1, 0))
    cost = _OUTSIDE_COST * outside
    if len(taken):
        w = np.minimum(boxes[:, None, 2], taken[None, :, 2]) - np.maximum(boxes[:, None, 0], taken[None, :, 0])
        h = np.minimum(boxes[:, None, 3], taken[None, :, 3]) - np.maximum(boxes[:, None, 1], taken[None, :, 1])
        cost = cost + (np.maximum(w, 0) * np.maximum(h, 0)).sum(axis=1)
    if len(discs):  # the distance from each disc's centre to the nearest point of each box, against its radius
        nearest = np.clip(discs[None, :, :2], boxes[:, None, :2], boxes[:, None, 2:])
        reach = discs[None, :, 2] - np.hypot(*np.moveaxis(nearest - discs[None, :, :2], -1, 0))
        cost = cost + (np.maximum(reach, 0) ** 2).sum(axis=1)
    return cost


def text_size(text: str, fontsize: float = 9.5, *, dpi: float = 72.0, family: str = "DejaVu Sans") -> np.ndarray:
    """The ``(width, height)`` of one line of ``text`` in pixels at ``dpi``, from its glyph outlines (no renderer).

    The height is the font's line (ascent and descent), the same for every text of one size, so labels of one
    font line up.

    >>> w, h = text_size("in mirror 1", 9.5, dpi=100)
    >>> bool(60 < w < 75 and 11 < h < 15)
    True
    """
    width, line = _size_in_points(text, float(fontsize), family)
    return np.array([width, line]) * dpi / 72.0


@functools.lru_cache(maxsize=512)
def _size_in_points(text: str, fontsize: float, family: str) -> tuple[float, float]:
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import text_to_path

    prop = FontProperties(family=family, size=fontsize)
    width = text_to_path.get_text_width_height_descent(text, prop, ismath=False)[0] if text else 0.0
    height = text_to_path.get_text_width_height_descent("lp", prop, ismath=False)[1]  # descent included
    return float(width), float(height)
