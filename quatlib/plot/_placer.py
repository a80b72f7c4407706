"""Where to write labels so that none covers another: one greedy placer for every demo.

A label is a box of a given size whose centre may sit at a few *candidate* offsets from its *anchor* (the point it
names).  :func:`place_labels` takes the labels in order -- earlier ones get the better spots -- and gives each the
first candidate whose box stays inside ``bounds``, meets no fixed obstacle (boxes, discs, lines) and no label
placed before it; when none is free, the candidate that trespasses least, or no place at all for an optional label.  All
coordinates are in one 2D system of the caller's choosing (display pixels, a panel's data units); nothing here
draws or measures text, so a demo can decide where its labels go before anything is drawn.  :func:`text_size`
gives a text's box from its glyph outlines, without a renderer.  :class:`PlacedLabels` is the scene item built on
it: names at 3D points, placed anew whenever they move or the view turns; :func:`place_beside` places a demo's own
:class:`~quatlib.plot.Label` items, each beside its point and off every other text of the panel.  What a box
covers of a line -- the length of line under it (:func:`_segments`, :func:`_covers`; the drawn lines of some items:
:func:`_line_segments`) -- is how every label here keeps off lines: ``place_labels(lines=)``,
:class:`~quatlib.plot.RingNames`, :meth:`~quatlib.plot.Frame.keep_letters_off` (the world's x, y, z off a
gimbal's rings and pivots) and :meth:`~quatlib.plot.WorldAxes.keep_letters_off`.
"""

from __future__ import annotations

import functools
import weakref

import matplotlib.collections
import matplotlib.lines
import matplotlib.patches
import numpy as np

from ._items import Item, as_points
from ._outline import OutlineText
from ._style import COLORS

__all__ = ["place_labels", "ring_offsets", "text_size", "place_beside", "PlacedLabels"]

# how much worse than any overlap it is for a label to leave the panel (per unit it sticks out)
_OUTSIDE_COST = 1e6


def ring_offsets(size, *, gap: float = 4.0, rings=(1.0, 2.5, 4.0), toward=None, turns: int = 8,
                 directions=None) -> np.ndarray:
    """Candidate offsets around an anchor: ``turns`` directions on a few rings, the box ``gap × ring`` clear of it.

    An offset moves a box of ``size = (width, height)`` in direction ``u`` until its near edge is ``gap × ring``
    from the anchor (the centre goes ``gap × ring + |u_x| w/2 + |u_y| h/2`` along ``u``), so a wide label sits as
    close beside its point as a narrow one.  The nearest ring comes first; within a ring the directions closest to
    ``toward`` (a 2D direction, e.g. away from the picture's centre) come first, straight right when None.  Or
    ``directions`` gives them in order (2D vectors, scaled to unit length), e.g. above, below, then the sides.

    >>> ring_offsets((20, 10), gap=2, rings=(1,), turns=4)
    array([[ 12.,   0.],
           [  0.,   7.],
           [ -0.,  -7.],
           [-12.,   0.]])
    >>> ring_offsets((20, 10), gap=2, rings=(1,), turns=4, toward=(0, -1))[0]
    array([ 0., -7.])
    >>> ring_offsets((20, 10), gap=2, rings=(1, 2), directions=[(0, 1), (0, -1)])
    array([[ 0.,  7.],
           [ 0., -7.],
           [ 0.,  9.],
           [ 0., -9.]])
    """
    w, h = np.asarray(size, dtype=float).reshape(2) / 2
    if directions is None:
        heading = 0.0 if toward is None or not np.any(toward) else float(np.arctan2(toward[1], toward[0]))
        angles = heading + 2 * np.pi / turns * _turn_order(turns)
        u = np.round(np.stack([np.cos(angles), np.sin(angles)], axis=-1), 12)
    else:
        u = np.asarray(directions, dtype=float).reshape(-1, 2)
        length = np.hypot(*u.T)
        if not np.all((length > 0) & np.isfinite(length)):
            raise ValueError(f"Expected finite nonzero 2D directions, got {u.tolist()}")
        u = u / length[:, None]
    reach = np.abs(u) @ np.array([w, h])  # from the box's centre to its edge along u
    return np.concatenate([u * (gap * r + reach)[:, None] for r in rings])


#: The rings of places beside an arrow's tip a letter may take, in multiples of the gap (:func:`_beside_tip`).
BESIDE_RINGS = (1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 10.0)


def _beside_tip(tip, shape, *, gap: float, toward, panel):
    """The places beside an arrow's ``tip`` (pixels) for a letter whose box is ``shape`` around its centre (``(x0,
    y0, x1, y1)``): on :data:`BESIDE_RINGS` rings ``gap`` pixels apart, from ``toward`` round to the opposite side
    (:func:`ring_offsets`).  Returns ``(centres (k, 2), boxes (k, 4), out (k,))``, ``out`` how far each box leaves
    ``panel`` (pixels, summed over its sides; 0 inside).

    >>> centres, boxes, out = _beside_tip(np.array([50.0, 50.0]), np.array([-5.0, -3, 5, 3]), gap=4, toward=(1, 0),
    ...                                   panel=np.array([0.0, 0, 62, 100]))
    >>> centres[0].tolist(), boxes[0].tolist(), float(out[0])   # right of the tip, 2 px past the panel's edge
    ([59.0, 50.0], [54.0, 47.0, 64.0, 53.0], 2.0)
    """
    centres = tip + ring_offsets(shape[2:] - shape[:2], gap=gap, rings=BESIDE_RINGS, toward=toward)
    boxes = np.tile(centres, 2) + shape
    out = (np.maximum(panel[:2] - boxes[:, :2], 0) + np.maximum(boxes[:, 2:] - panel[2:], 0)).sum(axis=1)
    return centres, boxes, out


def _step_aside(text, here: float, *, tip, toward, avoid, lines, gap: float, panel) -> bool:
    """Move the outlined name ``text`` beside an arrow's ``tip`` (pixels), off the boxes ``avoid`` ``(m, 4)`` and the
    ``lines`` (:func:`_segments`), when ``here``, what it covers where it is (:func:`_covers`), is not 0.

    The places are :func:`_beside_tip`'s, tried from ``toward``: the first clear one inside ``panel``, or else the
    least covered, taken only if it covers less than ``here``.  The name's offset moves it there, so that it is
    projected there again until its place is worked out anew.  Returns whether it moved.  Used for the world's
    letters (:class:`~quatlib.plot.WorldAxes`) and a turn axis' name (:class:`~quatlib.plot.TurnAxis`).
    """
    if not here:
        return False
    box = text.pixel_box().ravel()
    centre = (box[:2] + box[2:]) / 2
    centres, places, out = _beside_tip(tip, box - np.tile(centre, 2), gap=gap, panel=panel, toward=toward)
    cost = _covers(places, avoid, lines) + 1e6 * out
    k = int(np.argmin(cost))
    if cost[k] >= here:
        return False
    to_pixels = text.ax.transData.transform
    per_pixel = 1.0 / float(np.diff(to_pixels([(0, 0), (1, 0)])[:, 0])[0])
    text.offset = text.offset + (centres[k] - centre) * per_pixel
    text.project()
    return True


def _pushed_apart(centres, gap: float) -> np.ndarray:
    """``centres`` (pixels, ``(n, 2)``) with every pair closer than ``gap`` pushed apart, half the missing gap each.

    Pairs are taken in order, each from where the pairs before it left its points; two points at the same place
    go one above the other.  The letters of two axes that point (nearly) the same way on screen would otherwise be
    written on top of each other (x and z seen from azimuth −45°, elevation 0).

    >>> _pushed_apart([[0.0, 0.0], [4.0, 0.0], [100.0, 0.0]], 14.0).tolist()
    [[-5.0, 0.0], [9.0, 0.0], [100.0, 0.0]]
    """
    out = np.array(centres, dtype=float)
    for i in range(len(out)):
        for j in range(i + 1, len(out)):
            d = out[j] - out[i]
            dist = float(np.hypot(*d))
            if dist < gap:
                u = d / dist if dist > 1e-6 else np.array([0.0, 1.0])
                shift = 0.5 * (gap - dist) * u
                out[i], out[j] = out[i] - shift, out[j] + shift
    return out


@functools.lru_cache(maxsize=8)
def _turn_order(turns: int) -> np.ndarray:
    """The directions of :func:`ring_offsets` ordered by how far they turn from the heading: 0, +1, −1, +2, ..."""
    return np.array(sorted(range(turns), key=lambda k: (min(k, turns - k), k > turns / 2)))


_NO_BOXES = np.zeros((0, 4))
_NO_DISCS = np.zeros((0, 3))


def place_labels(anchors, sizes, *, bounds, candidates=None, obstacles=(), discs=(), lines=(), optional=(),
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
    lines : sequence of (array_like (n, 2), float) or (array_like (n, 2), float, collection of int)
        Polylines no label may lie on, each with how far it reaches either side of its centre line (a NaN row
        breaks one), and optionally the labels that may lie on it after all: the names of what it draws (a cube's
        name may touch its own cube's edges, not another cube's).
    optional : collection of int
        Labels that are left out (NaN) rather than put where they trespass.
    gap : float
        The default candidates' distance from the anchor.

    Returns
    -------
    ndarray, shape (n, 2)
        Each label's centre: the first free candidate; if none is free, the least trespassing one (overlap area
        with boxes and with the bands the lines reach, reach into a disc; sticking out of ``bounds`` costs most), or
        NaN for an optional label.

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

    A label whose first spot lies on a line goes to the next one.

    >>> place_labels([(50, 50)], [(20, 10)], bounds=(0, 0, 100, 100), candidates=[[(0, 10), (0, -10)]],
    ...              lines=[([(0, 60), (100, 60)], 1.0)])
    array([[50., 40.]])

    Unless the line is its own: then its first spot will do.

    >>> place_labels([(50, 50)], [(20, 10)], bounds=(0, 0, 100, 100), candidates=[[(0, 10), (0, -10)]],
    ...              lines=[([(0, 60), (100, 60)], 1.0, [0])])
    array([[50., 60.]])
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
    pieces = [np.asarray(line[0], dtype=float).reshape(-1, 2) for line in lines]
    owners = [set(line[2]) if len(line) > 2 else set() for line in lines]
    every_line = _segments(pieces, [line[1] for line in lines])
    out = np.full_like(anchors, np.nan)
    for k, (anchor, size, offsets) in enumerate(zip(anchors, sizes, candidates, strict=True)):
        mine = [k in o for o in owners]  # the lines this label may lie on
        segments = every_line if not any(mine) else _segments(
            [p for p, m in zip(pieces, mine, strict=True) if not m],
            [line[1] for line, m in zip(lines, mine, strict=True) if not m])
        centres = anchor + np.asarray(offsets, dtype=float).reshape(-1, 2)
        best, cost = _first_free(centres, size, taken=taken, discs=discs, segments=segments, bounds=(x0, y0, x1, y1))
        if cost > 0 and k in optional:
            continue
        out[k] = centres[best]
        taken = np.vstack([taken, np.concatenate([centres[best] - size / 2, centres[best] + size / 2])])
    return out


def _first_free(centres, size, *, taken, discs, segments, bounds) -> tuple[int, float]:
    """``(k, cost)``: the first of the boxes of ``size`` centred at ``centres`` ``(n, 2)`` that is free (cost 0),
    else the one that trespasses least (:func:`place_labels`): on the boxes ``taken``, the ``discs``, the lines
    ``segments`` (of :func:`_segments`) or out of ``bounds``."""
    boxes = np.concatenate([centres - size / 2, centres + size / 2], axis=1)
    # a line counts by the area of its band under the box, as the overlap with another box does.  The
    # candidates are judged in batches of 9, 72, 648, ... in their order, up to the first batch with a free
    # one: the same choice as judging them all, without judging the many behind a free first few.
    costs, start = [], 0
    while start < len(boxes):
        part = boxes[start:start + max(9, 8 * start)]
        costs.append(_trespass(part, taken, discs, bounds) + _covers(part, _NO_BOXES, segments, area=True))
        start += len(part)
        if not costs[-1].all():
            break
    cost = np.concatenate(costs)
    best = int(np.argmax(cost == 0)) if (cost == 0).any() else int(np.argmin(cost))
    return best, float(cost[best])


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


def _meets(boxes, others) -> np.ndarray:
    """How many of the pixel boxes ``others`` ``(n, 4)`` each of ``boxes`` ``(k, 4)`` overlaps."""
    x0, y0, x1, y1 = boxes.T[:, :, None]
    return ((x0 < others[:, 2]) & (others[:, 0] < x1) & (y0 < others[:, 3]) & (others[:, 1] < y1)).sum(axis=1)


def _covers(boxes, fixed, lines, groups=None, area: bool = False) -> np.ndarray:
    """How much each pixel box of ``boxes`` ``(k, 4)`` covers: the boxes ``fixed`` (1e9 each) and ``lines`` (of
    :func:`_line_segments`: the length of line under the box, or with ``area`` the area of the band the line
    reaches, length × twice its reach); 0 when clear.  ``groups`` (row ranges ``(start, stop)``, default all rows)
    are boxes close together: each group is judged only against the segments near it.  (Leaving the panel costs
    1e6 a pixel, another letter 1e3: see :meth:`~quatlib.plot.Frame.keep_letters_clear`.)"""
    cost = 1e9 * _meets(boxes, fixed) if len(fixed) else np.zeros(len(boxes))
    a, b, reach, (x0, y0, x1, y1) = lines
    rows, segments = [], []
    for start, stop in groups or [(0, len(boxes))]:
        group = boxes[start:stop]
        (gx0, gy0), (gx1, gy1) = group[:, :2].min(axis=0), group[:, 2:].max(axis=0)
        near = np.flatnonzero((x0 < gx1) & (gx0 < x1) & (y0 < gy1) & (gy0 < y1))
        if len(near):  # each box against the segments whose reach meets it, pair by pair
            i, j = np.nonzero((x0[near] < group[:, 2:3]) & (group[:, 0:1] < x1[near])
                              & (y0[near] < group[:, 3:4]) & (group[:, 1:2] < y1[near]))
            rows.append(i + start)
            segments.append(near[j])
    if rows:
        i, j = np.concatenate(rows), np.concatenate(segments)
        ink = _ink_in_boxes(boxes[i], a[j], b[j], reach[j])
        cost += np.bincount(i, ink * 2 * reach[j] if area else ink, minlength=len(boxes))
    return cost


def _line_segments(items, pad: float):
    """``(a, b, reach, box)``: the segments ``a → b`` (pixels, ``(m, 2)`` each) of the lines that ``items`` draw
    (their ``Line2D`` artists, ``LineCollection`` segments, e.g. a cube's edges, the outlines of circles and
    polygons, e.g. a mirror's edges, and the edge of a filled polygon's ink when it has no outline, e.g. an
    arrowhead: a letter on an axis' head is as hard to read as on its shaft; hidden ones left out), how far each
    reaches either side of its centre line (half its width, plus ``pad``) and the box it reaches into
    (``(4, m)``: ``x0, y0, x1, y1``).

    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1, world_frame=False, view=(0, 0))
    >>> arrow = ql.plot.Arrow(scene, head=0.2)
    >>> arrow.set_data((1, 0, 0))
    >>> a, b, reach, box = _line_segments([arrow], 1.0)
    >>> len(a)   # the shaft (one segment) and the head's three edges
    4
    """
    return _segments(*_drawn_lines(items, pad))


def _drawn_lines(items, pad: float) -> tuple[list, list]:
    """The lines that ``items`` draw, as :func:`_line_segments` reads them: ``(pieces, reaches)``, each piece a
    pixel polyline ``(n, 2)`` (a NaN row breaks one) reaching half its width plus ``pad`` either side."""
    pieces, widths, transforms = [], [], {}

    def add(artist, xy, linewidth):
        transform = artist.get_transform()
        transforms.setdefault(id(transform), (transform, []))[1].append(len(pieces))
        pieces.append(np.asarray(xy, dtype=float).reshape(-1, 2))
        widths.append(linewidth * artist.figure.dpi / 72 / 2 + pad)

    for item in items:
        for artist in item.artists:
            if not artist.get_visible():
                continue
            if isinstance(artist, matplotlib.lines.Line2D):
                if artist.get_linestyle() not in ("None", "none", "", " "):
                    add(artist, artist.get_xydata(), artist.get_linewidth())
            elif isinstance(artist, matplotlib.patches.Circle):  # its outline, if drawn (e.g. a sphere's)
                if artist.get_linewidth() > 0 and artist.get_edgecolor()[3] > 0:
                    add(artist, artist.get_path().to_polygons(closed_only=False)[0], artist.get_linewidth())
            elif isinstance(artist, matplotlib.patches.Polygon):  # its outline, if drawn (e.g. a mirror's edges)
                if artist.get_linewidth() > 0 and artist.get_edgecolor()[3] > 0:
                    add(artist, artist.get_xy(), artist.get_linewidth())
                elif artist.get_fill() and artist.get_facecolor()[3] > 0.5:  # e.g. an arrowhead: its ink's edge
                    add(artist, artist.get_xy(), 0.0)
            elif isinstance(artist, matplotlib.collections.LineCollection) and artist.get_paths():
                paths, widths_ = artist.get_paths(), np.atleast_1d(artist.get_linewidths())
                # each segment a plain polyline (no codes): its vertices, as get_segments would give them
                segments = ([p.vertices for p in paths] if all(p.codes is None for p in paths)
                            else artist.get_segments())
                if np.all(widths_ == widths_[0]):  # one width: the segments as one line, a NaN row between two
                    gap = np.full((1, 2), np.nan)
                    add(artist, np.concatenate([part for seg in segments for part in (seg, gap)]), widths_[0])
                else:
                    for k, segment in enumerate(segments):
                        add(artist, segment, widths_[k % len(widths_)])
    for transform, which in transforms.values():  # one transform for the lines of a panel, not one for each
        drawn = transform.transform(np.concatenate([pieces[k] for k in which]))
        for k, part in zip(which, np.split(drawn, np.cumsum([len(pieces[k]) for k in which])[:-1])):
            pieces[k] = part
    return pieces, widths


def _segments(pieces, reaches):
    """``(a, b, reach, box)`` of the 2D polylines ``pieces`` (arrays ``(n, 2)``; a NaN row breaks one), the
    ``k``-th reaching ``reaches[k]`` either side of its centre line (see :func:`_line_segments`).

    >>> a, b, reach, box = _segments([np.array([[0.0, 0], [10, 0], [np.nan, np.nan], [20, 0], [30, 5]])], [1.0])
    >>> a.tolist(), b.tolist(), box[:, 1].tolist()   # two segments; the second reaches 19..31, -1..6
    ([[0.0, 0.0], [20.0, 0.0]], [[10.0, 0.0], [30.0, 5.0]], [19.0, -1.0, 31.0, 6.0])
    """
    if not len(pieces):
        return np.zeros((0, 2)), np.zeros((0, 2)), np.zeros(0), np.zeros((4, 0))
    gap = np.full((1, 2), np.nan)  # between two lines: no segment joins them
    xy = np.concatenate([part for piece in pieces for part in (piece, gap)])
    reach = np.repeat(np.asarray(reaches, dtype=float), [len(piece) + 1 for piece in pieces])[:-1]
    ok = np.isfinite(xy[:-1]).all(axis=1) & np.isfinite(xy[1:]).all(axis=1)  # a NaN row breaks a line
    a, b, reach = xy[:-1][ok], xy[1:][ok], reach[ok]
    return a, b, reach, np.vstack([np.minimum(a, b).T - reach, np.maximum(a, b).T + reach])


def _ink_in_boxes(boxes, a, b, reach) -> np.ndarray:
    """For each pixel box ``(x0, y0, x1, y1)`` of ``boxes`` ``(k, 4)``, the length of the segment ``a → b`` of the
    same row inside it, the box widened by the row's ``reach`` (a segment of no length: one pixel if inside).

    >>> _ink_in_boxes(np.array([[0.0, 0, 10, 10], [20, 0, 30, 10]]), np.array([[-5.0, 5], [-5, 5]]),
    ...               np.array([[15.0, 5], [15, 5]]), np.array([0.0, 0.0]))
    array([10.,  0.])
    """
    d = b - a
    flat = d == 0
    near = boxes[:, :2] - reach[:, None] - a  # the box's sides, from the segment's start
    far = boxes[:, 2:] + reach[:, None] - a
    step = np.where(flat, 1.0, d)
    t0, t1 = near / step, far / step  # where the segment crosses them, 0 to 1 along it
    inside = (near <= 0) & (far >= 0)  # a segment parallel to a side: all in or all out
    enter = np.where(flat, np.where(inside, 0.0, np.inf), np.minimum(t0, t1)).max(axis=1)
    leave = np.where(flat, np.where(inside, 1.0, -np.inf), np.maximum(t0, t1)).min(axis=1)
    return np.maximum(np.minimum(leave, 1.0) - np.maximum(enter, 0.0), 0.0) * np.maximum(np.hypot(*d.T), 1.0)


def text_size(text: str, fontsize: float = 9.5, *, dpi: float = 72.0, family: str = "DejaVu Sans",
              renderer=None) -> np.ndarray:
    """The ``(width, height)`` of one line of ``text`` in pixels at ``dpi``, from its glyph outlines.

    The height is the font's line (ascent and descent), the same for every text of one size, so labels of one
    font line up.  The width is the outline's (an :class:`~quatlib.plot.OutlineText`'s); with a ``renderer``
    (whose dpi then counts), the width that renderer draws a ``Text`` with: Agg puts each glyph on whole pixels,
    a few pixels wider over a label ("θ = -270°" at 10.5 points and 100 dpi: 70.8 from the outline, 75 drawn).

    >>> w, h = text_size("in mirror 1", 9.5, dpi=100)
    >>> bool(60 < w < 75 and 11 < h < 15)
    True
    >>> import quatlib as ql
    >>> renderer = ql.plot.figure((2, 1), dpi=100).canvas.get_renderer()
    >>> float(text_size("θ = -270°", 10.5, renderer=renderer)[0])
    75.0
    """
    width, line = _size_in_points(text, float(fontsize), family)
    if renderer is None:
        return np.array([width, line]) * dpi / 72.0
    return np.array([_drawn_width(text, float(fontsize), family, renderer), line * renderer.dpi / 72.0])


_DRAWN_WIDTHS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # renderer -> {(text, size, ...): width}


def _drawn_width(text: str, fontsize: float, family: str, renderer) -> float:
    """The width ``renderer`` draws ``text`` with (pixels), measured once per text, size and dpi."""
    from matplotlib.font_manager import FontProperties

    widths = _DRAWN_WIDTHS.setdefault(renderer, {})
    key = (text, fontsize, family, renderer.dpi)
    if key not in widths:
        if len(widths) >= 512:  # a readout's changing numbers would fill it: start again
            widths.clear()
        prop = FontProperties(family=family, size=fontsize)
        widths[key] = float(renderer.get_text_width_height_descent(text, prop, ismath=False)[0])
    return widths[key]


#: Rings :func:`place_beside` tries further out when the best spot on its own rings would write a label over a text.
FARTHER_RINGS = (4.0, 6.0)


def place_beside(scene, labels, *, gap: float = 0.1, rings=(1.0, 2.5), margin: float = 2.0, lines=(),
                 faint=()) -> None:
    """Write each :class:`~quatlib.plot.Label` of ``labels`` beside its 3D point, in turn, off every other text.

    ``labels`` is a sequence of ``(label, point, base, text)``: the label is set to ``text`` at ``point`` and
    moved (its ``offset``, screen units) to the first free spot that :func:`place_labels` finds around the point's
    projection: on ``rings`` at ``gap`` from it, the direction from ``base``'s projection to the point's first
    (``base`` = the origin: away from the centre of the picture).  Free means inside the panel and off the boxes
    of the panel's other shown texts (world letters, title, notes, legends, its overlays' texts: measured as
    drawn) and of the labels placed before, each box ``margin`` pixels larger on every side, and off ``lines``:
    3D polylines (arrays ``(n, 3)``, NaN rows between pieces) drawn in the panel, which a label should not sit
    on (each reaching ``margin`` pixels either side of its centre line).  With no free spot, a label lies on a
    line rather than on a text; when even the least bad spot on ``rings`` would write it over another text, the
    spots on :data:`FARTHER_RINGS` are tried, and a free one there is taken (sandwich's long "vec(q v) = q v q⁻¹"
    at θ = 0 lay on the world's "y"); with none free there either, the spot on the fewest lines among those on
    no text (it had lain on the legend).  ``faint`` lines (3D polylines too) are kept off as well, unless that
    puts a label on one of ``lines`` or on a text: then it goes where it would without them (sandwich's circle
    that θ's arc runs on: a name lies on it rather than on an arrow).  An empty ``text`` leaves the label empty
    (nothing drawn).  A ``static`` label that moved or changed says so
    (:meth:`~quatlib.plot.Item.changed`), so the cached camera layer is drawn again only then.

    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1)
    >>> a, b = ql.plot.Label(scene), ql.plot.Label(scene)
    >>> ql.plot.place_beside(scene, [(a, (0.5, 0, 0), (0, 0, 0), "first"), (b, (0.5, 0, 0), (0, 0, 0), "second")])
    >>> boxes = [t.get_window_extent(fig.canvas.get_renderer()) for t in (*a.artists, *b.artists)]
    >>> bool(boxes[0].overlaps(boxes[1]))
    False
    """
    ax, E = scene.ax, scene.extent
    renderer = ax.figure.canvas.get_renderer()
    per_unit = float(np.diff(ax.transData.transform([(0.0, 0.0), (1.0, 0.0)])[:, 0])[0])  # pixels per unit
    to_data = ax.transData.inverted()
    mine = {a for label, *_ in labels for a in label.artists}
    pad = margin / per_unit
    boxes = [_pixel_box(t, renderer) for t in ax.texts if t not in mine and t.get_visible() and t.get_text().strip()]
    taken = [to_data.transform(np.reshape(boxes, (-1, 2))).reshape(-1, 4) + [-pad, -pad, pad, pad]]
    lines = [scene.project(np.asarray(line, dtype=float))[0] for line in lines]  # on screen, pad either side
    faint = [scene.project(np.asarray(line, dtype=float))[0] for line in faint]
    hard = _segments(lines, [pad] * len(lines))
    every = _segments(lines + faint, [pad] * (len(lines) + len(faint))) if faint else hard
    for label, point, base, text in labels:
        before = (label.text, tuple(label.offset), tuple(label.p))
        if text:
            (x0, y0), tip = scene.project(np.array([base, point], dtype=float))[0]
            size = (text_size(text, label.artists[0].get_fontsize(), renderer=renderer) + 2 * margin) / per_unit
            obstacles = np.concatenate(taken)
            spot = functools.partial(_spot_beside, tip, size, tip - (x0, y0), obstacles=obstacles, gap=gap,
                                     rings=rings, bounds=(-E, -E, E, E), pad=pad)
            at = spot(segments=every)
            box = np.concatenate([at - size / 2, at + size / 2])[None]
            if faint and (_trespass(box, obstacles, _NO_DISCS, (-E, -E, E, E))[0] or _covers(box, _NO_BOXES, hard)[0]):
                at = spot(segments=hard)  # off the faint lines it would lie on a line or a text: where it goes without
            label.offset = at - tip
            taken.append(np.concatenate([at - size / 2, at + size / 2])[None])
        label.set_data(point, text)
        if label.static and before != (label.text, tuple(label.offset), tuple(label.p)):
            label.changed()


def _spot_beside(tip, size, toward, *, obstacles, segments, gap, rings, bounds, pad) -> np.ndarray:
    """Where :func:`place_beside` writes a label of ``size`` beside ``tip`` (its centre, the scene's units): the
    first free spot on ``rings``, else on :data:`FARTHER_RINGS`, else the one on the fewest lines (``segments``, of
    :func:`_segments`) among those on no text (``obstacles``), else the least bad on ``rings``."""
    def first_free(spots):  # (the spot, whether it is free)
        best, cost = _first_free(spots, size, taken=obstacles, discs=_NO_DISCS, segments=segments, bounds=bounds)
        return spots[best], cost == 0

    near = tip + ring_offsets(size, gap=gap, rings=rings, toward=toward)
    at, _ = first_free(near)
    inked = np.concatenate([at - size / 2 + pad, at + size / 2 - pad])[None]  # the texts without margins
    if _meets(inked, obstacles + [pad, pad, -pad, -pad])[0]:  # written on a text: look further out
        far = tip + ring_offsets(size, gap=gap, rings=FARTHER_RINGS, toward=toward)
        farther, free = first_free(far)
        if free:
            return farther
        spots = np.vstack([near, far])  # none free of both: the fewest lines among the spots on no text
        off_texts = _trespass(np.hstack([spots - size / 2, spots + size / 2]), obstacles, _NO_DISCS, bounds) == 0
        if off_texts.any():
            return first_free(spots[off_texts])[0]
    return at


_MEASURED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # text -> (what shapes its box, the box)


def _fixed_boxes(ax) -> list:
    """The pixel boxes ``(x0, y0, x1, y1)`` of the shown texts of panel ``ax`` placed in axes coordinates (its
    title, legend lines, note), as drawn (:func:`_pixel_box`: each measured again only when it changed)."""
    renderer = ax.figure.canvas.get_renderer()
    return [_pixel_box(t, renderer) for t in ax.texts
            if t.get_visible() and t.get_text().strip() and t.get_transform() is ax.transAxes]


def _name_boxes(items) -> list:
    """The pixel boxes ``(x0, y0, x1, y1)`` of the names ``items`` write: an outlined text's (its
    ``covered_box()``: with a card, the card's) or an arrow's or point's label (its ``label_box``; none when it has
    no label).  A hidden item takes no room."""
    boxes = []
    for item in items:
        if not any(a.get_visible() for a in item.artists):
            continue
        if hasattr(item, "covered_box"):
            boxes.append(item.covered_box().ravel())
        elif getattr(item, "label", None):
            boxes.append(item.label_box(item.ax.figure.canvas.get_renderer()).extents)
    return boxes


def _pixel_box(text, renderer) -> np.ndarray:
    """The pixel box ``(x0, y0, x1, y1)`` of a drawn ``Text``, measured again only when its string, place, font,
    alignment or panel changed (a text that stays put is measured once)."""
    key = (text.get_text(), text.get_position(), text.get_fontsize(), text.get_horizontalalignment(),
           text.get_verticalalignment(), text.get_transform() is text.axes.transAxes, tuple(text.axes.bbox.bounds),
           renderer.dpi)
    kept = _MEASURED.get(text)
    if kept is None or kept[0] != key:
        kept = _MEASURED[text] = (key, text.get_window_extent(renderer).extents)
    return kept[1]


@functools.lru_cache(maxsize=512)
def _size_in_points(text: str, fontsize: float, family: str) -> tuple[float, float]:
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import text_to_path

    prop = FontProperties(family=family, size=fontsize)
    width = text_to_path.get_text_width_height_descent(text, prop, ismath=False)[0] if text else 0.0
    height = text_to_path.get_text_width_height_descent("lp", prop, ismath=False)[1]  # descent included
    return float(width), float(height)


class PlacedLabels(Item):
    """Names at 3D points, each written where it covers no other name, no text to ``avoid`` and stays in the panel.

    ``PlacedLabels(scene, {"q0": "q0", "q1": "q1"})`` makes one :class:`~quatlib.plot.OutlineText` per entry
    (in :attr:`labels`, by key; ``colors`` by key, ``fontsize``, ``card`` as for OutlineText);
    ``set_data({key: point or None})`` moves them (None hides one) and ``set_data(texts={key: text})`` rewrites
    them.  On every :meth:`project` -- after ``set_data`` and whenever the view turns -- :func:`place_labels`
    places them in the order of the dict: around each point at ``candidates[key]`` (offsets in the scene's
    screen units, best first; default: :func:`ring_offsets` ``gap × rings`` from the point, in the screen
    ``directions`` given, best first, or else outward first, away from the panel's middle), off the boxes of
    ``avoid`` (items with a ``pixel_box()``, e.g. a :class:`~quatlib.plot.WorldAxes`' letters, or arrows with a
    label, e.g. a scene's ``world.arrows``), of the panel's fixed texts (title, legend, note: texts in axes
    coordinates) and of ``discs`` (``(x, y, r)`` in screen units), off the lines drawn by the items in ``keep_off``
    (e.g. the paths that start at the points) but those of the name's own items (``own[key]``, a list: what the
    name names, e.g. a cube whose name may touch its edges but not another cube's), inside the panel, with ``pad``
    pixels kept clear around each name (around its card, with ``card=True``: cards that touch read as one label).
    A name in ``optional`` with no free place is hidden.  The lines of the items in ``moving`` are kept off too,
    but they move on their own (a turret's barrel, while the points stay): :meth:`keep_off_moving` checks the names
    against them after they moved, and places them again only when they cover one, where they would go with
    everything kept off at once.  Create it after the items it must avoid, so that it projects after them.

    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1, world_frame=False)
    >>> names = ql.plot.PlacedLabels(scene, {"a": "start", "b": "end"})
    >>> names.set_data({"a": (0.5, 0, 0), "b": (0.5, 0, 0)})   # one point: the two names go apart
    >>> (a0, a1), (b0, b1) = (names.labels[k].pixel_box() for k in "ab")
    >>> bool(a1[0] <= b0[0] or b1[0] <= a0[0] or a1[1] <= b0[1] or b1[1] <= a0[1])
    True
    """

    def __init__(self, scene, texts: dict, *, colors=None, fontsize: float = 9.5, card: bool = False,
                 candidates=None, avoid=(), discs=(), optional=(), gap: float = 0.05, rings=(1.0, 2.5, 4.0),
                 directions=None, pad: float = 2.0, keep_off=(), own=None, moving=()):
        super().__init__(scene)
        colors = colors or {}
        self.labels = {k: self.adopt(OutlineText(scene, text, color=colors.get(k, COLORS["ink"]), fontsize=fontsize,
                                                 card=card)) for k, text in texts.items()}
        self.card = bool(card)
        self.candidates = dict(candidates or {})
        self.avoid, self.discs, self.optional = list(avoid), np.asarray(discs, dtype=float).reshape(-1, 3), optional
        self.keep_off, self.moving = list(keep_off), list(moving)
        self.own = {k: list(items) for k, items in (own or {}).items()}
        self.gap, self.rings, self.pad = float(gap), tuple(np.ravel(rings)), float(pad)
        self.directions = directions
        self.points = {k: None for k in texts}
        self._settled = None  # (names shown, anchors, sizes, centres): where they go off `keep_off` alone

    def set_data(self, points=None, texts=None) -> None:
        """Move the names to ``points`` (``{key: 3D point or None}``; keys left out stay) and/or rewrite them."""
        for k, text in (texts or {}).items():
            self.labels[k].set_data(text=text)
        for k, p in (points or {}).items():
            self.points[k] = None if p is None else as_points(p, f"point of {k!r}").reshape(3)
        self.project()

    def project(self) -> None:
        """Write each shown name at its point, then move them apart (see the class docstring)."""
        keys = [k for k, p in self.points.items() if p is not None and self.labels[k].text.strip()]
        for k, label in self.labels.items():
            label.set_visible(k in keys)
        self._settled = None
        if keys:
            self._settled = self._place(keys, self.keep_off)
            self.keep_off_moving()

    def keep_off_moving(self) -> None:
        """Keep the names off the lines of the items in :attr:`moving` as they are now: call it after they moved.

        The names go back to their places off :attr:`keep_off`; only if a moving line covers one of them are
        they placed again, off everything.  (Each name's place off ``keep_off`` is the first free one of its
        candidates there; if no moving line covers any, each is also the first free one of them all, so the
        names end where a new ``PlacedLabels`` in this picture would put them.)

        >>> import numpy as np
        >>> import quatlib as ql
        >>> fig, (scene,) = ql.plot.panels(1, world_frame=False, view=(0, 0))
        >>> bar = ql.plot.Polyline(scene, [(0, 0, 0), (0, 0, 0)], linewidth=5)   # made first: projected first
        >>> names = ql.plot.PlacedLabels(scene, {"a": "A"}, moving=[bar], pad=5.0)
        >>> names.set_data({"a": (0.5, 0.5, 0)})
        >>> alone = names.labels["a"].pixel_box()
        >>> bar.set_data([(0.5, 0.5, 0), (1.5, 1.5, 0)])   # the bar swings out over the name
        >>> names.keep_off_moving()
        >>> bool(np.any(names.labels["a"].pixel_box() != alone))   # it stepped aside
        True
        >>> bar.set_data([(0.5, 0.5, 0), (0.5, -0.5, 0)])   # and away again
        >>> names.keep_off_moving()
        >>> bool(np.all(names.labels["a"].pixel_box() == alone))   # back where it was
        True
        """
        if self._settled is None:
            return
        keys, anchors, sizes, centres = self._settled
        shown = ~np.isnan(centres[:, 0])
        if self.moving and shown.any():
            boxes = np.hstack([centres - sizes / 2, centres + sizes / 2])[shown]
            if _covers(boxes, _NO_BOXES, _line_segments(self.moving, 0.0)).any():
                keys, anchors, sizes, centres = self._place(keys, self.keep_off + self.moving)
        per_unit = float(np.diff(self.ax.transData.transform([(0.0, 0.0), (1.0, 0.0)])[:, 0])[0])
        for k, anchor, centre in zip(keys, anchors, centres, strict=True):
            label, room = self.labels[k], not np.isnan(centre[0])
            label.set_visible(room)  # an optional name with no room is hidden
            if room:
                label.offset = (centre - anchor) / per_unit
                label.set_data(self.points[k])

    def _place(self, keys, lines) -> tuple:
        """``(keys, anchors, sizes, centres)``, pixels: where :func:`place_labels` puts the names ``keys`` off
        the lines drawn by the items ``lines`` and everything else the class docstring lists."""
        ax = self.ax
        xy, _ = self.scene.project(np.array([self.points[k] for k in keys]))
        anchors = ax.transData.transform(xy)  # pixels; a centred name's box is centred on its anchor
        boxes = np.array([self.labels[k].pixel_box() for k in keys])
        # pad pixels around each name's ink, and around its card (which reaches beyond the ink) if it has one
        pad = self.pad + (OutlineText.CARD_PAD * self.ax.figure.dpi / 72 if self.card else 0.0)
        sizes = boxes[:, 1] - boxes[:, 0] + 2 * pad
        origin, unit = ax.transData.transform([(0.0, 0.0), (1.0, 0.0)])
        per_unit = float(unit[0] - origin[0])  # pixels per screen unit (a scene's aspect is equal)
        middle = ax.bbox.extents.reshape(2, 2).mean(axis=0)
        candidates = [per_unit * np.asarray(self.candidates[k]) if k in self.candidates
                      else ring_offsets(size, gap=self.gap * per_unit, rings=self.rings, toward=a - middle,
                                        directions=self.directions)
                      for k, size, a in zip(keys, sizes, anchors, strict=True)]
        discs = np.c_[ax.transData.transform(self.discs[:, :2]), per_unit * self.discs[:, 2]] if len(self.discs) \
            else ()
        # the lines of an item some names own are kept off by the other names only
        owners = [[i for i, k in enumerate(keys) if any(item is mine for mine in self.own.get(k, ()))]
                  for item in lines]
        kept_off = list(zip(*_drawn_lines([item for item, o in zip(lines, owners, strict=True) if not o], 0.0),
                            strict=True))
        for item, o in zip(lines, owners, strict=True):
            if o:
                kept_off += [(piece, reach, o) for piece, reach in zip(*_drawn_lines([item], 0.0), strict=True)]
        centres = place_labels(anchors, sizes, bounds=ax.bbox.extents, candidates=candidates, discs=discs,
                               obstacles=[*_fixed_boxes(self.ax), *_name_boxes(self.avoid)], lines=kept_off,
                               optional=[i for i, k in enumerate(keys) if k in self.optional])
        return keys, anchors, sizes, centres
