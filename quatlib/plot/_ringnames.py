"""Names written beside the rings of a :class:`~quatlib.plot.Gimbal`, so that no ring is told apart by colour alone."""

from __future__ import annotations

import numpy as np

from ._items import Item
from ._outline import OutlineText
from ._placer import _covers, _fixed_boxes, _line_segments
from ._style import darken

__all__ = ["RingNames"]


class RingNames(Item):
    """"yaw", "pitch" and "roll" (or ``names``) beside the rings of ``gimbal``, placed again whenever they move.

    Each name goes beside a point of its ring, on the side facing the viewer
    if it can, at the first spot whose box meets none of the boxes already
    taken and no line.  The spots are tried in turn: :attr:`GAP` out from the
    centre beside each point (every :attr:`EVERY`-th, from the viewer's upper
    right round the ring); then across the ring from each point, on either side
    that does not face the centre, the box's near edge :attr:`GAP` from the
    ring (a ring seen edge-on is a line through the centre, on which every spot
    out from the centre lies); then two and three times :attr:`GAP` out (past a
    ring lying just outside, as the outer ring does round the middle one at
    gimbal lock).  When no spot is free, the one that meets the fewest boxes
    and, among those, has the least length of line under it.

    Taken are: the letters of the arrows in ``avoid`` (e.g. the world axes' x,
    y, z), the ``corners`` of the panel (boxes in axes fractions ``((x0, y0),
    (x1, y1))``, e.g. where a legend and a note are), the boxes of the panel's
    shown fixed texts (title, legend lines, note: as drawn), the names placed
    before, and everything outside the panel.  The lines are those the gimbal
    draws (rings, pivots, the dashed axes) and those of the items in
    ``keep_off`` (e.g. the cube and its arrows), as drawn (segment by segment,
    :func:`~quatlib.plot._placer._covers`), :attr:`INK` pixels wider on each
    side.

    ``set_data()`` places the names again: call it after moving the gimbal and
    the items of ``keep_off``.  The scene calls :meth:`project` when the view
    turns, in the order the items were made: make the names after the items
    they keep off.

    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1, extent=1.9)
    >>> rings = ql.plot.Gimbal(scene, radii=(1.55, 1.32, 1.1))
    >>> names = ql.plot.RingNames(scene, rings, avoid=scene.world.arrows)
    >>> names.set_data()
    >>> [label.text for label in names.labels]
    ['yaw', 'pitch', 'roll']
    >>> ql.plot.overlapping_labels(fig)
    []
    """

    GAP = 0.16  # scene units from the ring to the name's centre
    EVERY = 3  # try every third point of a ring
    LETTER = 9.0  # pixels: half the size of an avoided arrow letter's box
    PAD = 2.0  # pixels kept clear around the panel's fixed texts
    INK = 1.0  # pixels kept clear on either side of a line, beyond its width

    def __init__(self, scene, gimbal, *, names=("yaw", "pitch", "roll"), avoid=(), keep_off=(),
                 corners=(((0.0, 0.82), (0.40, 1.0)), ((0.0, 0.0), (0.45, 0.12))), fontsize=9):
        if len(names) != len(gimbal.rings):
            raise ValueError(f"Expected one name per ring ({len(gimbal.rings)}), got {len(names)}: {names!r}")
        super().__init__(scene)
        self.gimbal = gimbal
        self.avoid = list(avoid)
        self.keep_off = list(keep_off)
        self.corners = np.asarray(corners, dtype=float).reshape(-1, 4)
        self.labels = [self.adopt(OutlineText(scene, name, color=darken(c, 0.2), fontsize=fontsize, inside=True))
                       for name, c in zip(names, gimbal.colors, strict=True)]
        self._measured = None  # what the boxes were measured for (see boxes)

    @property
    def boxes(self) -> list:
        """Each name's box relative to its anchor, in pixels ``((x0, y0), (x1, y1))``: the box at any spot is the
        spot plus this, so a name is moved once per placement, not once per spot tried.  Measured at the centre
        (where nothing slides a name inside the panel) again whenever the font sizes, the dpi or the panel
        changed (projector mode raises the font sizes after the names are made)."""
        key = (tuple(label.fontsize for label in self.labels), self.ax.figure.dpi, tuple(self.ax.bbox.bounds))
        if self._measured != key:
            centre = self.ax.transData.transform(self.scene.project(np.zeros(3))[0])
            for label in self.labels:
                label.offset = (0.0, 0.0)
                label.set_data(np.zeros(3))
            self._boxes = [label.pixel_box() - centre for label in self.labels]
            self._measured = key
        return self._boxes

    def set_data(self) -> None:
        """Place the names again (after the rings and the items of ``keep_off`` moved)."""
        self.project()

    def project(self) -> None:
        camera = self.scene.camera.matrix
        to_pixels = self.scene.ax.transData.transform
        x0, y0, x1, y1 = self.scene.ax.bbox.extents
        w, h = x1 - x0, y1 - y0
        letters = to_pixels([a.label_position for a in self.avoid]).reshape(-1, 2)
        # boxes (x0, y0, x1, y1) in pixels: the letters, the corners, the fixed texts PAD pixels larger on every
        # side, and all round the panel (a name there would leave it)
        taken = [np.hstack([letters - self.LETTER, letters + self.LETTER]),
                 [x0, y0, x0, y0] + self.corners * [w, h, w, h],
                 *(box + [-self.PAD, -self.PAD, self.PAD, self.PAD] for box in _fixed_boxes(self.ax)),
                 [x0 - w, y0 - h, x0, y1 + h], [x1, y0 - h, x1 + w, y1 + h],  # left, right
                 [x0 - w, y0 - h, x1 + w, y0], [x0 - w, y1, x1 + w, y1 + h]]  # below, above
        taken = np.vstack([np.reshape(box, (-1, 4)) for box in taken])
        lines = _line_segments([self.gimbal, *self.keep_off], pad=self.INK)
        per_unit = float(np.diff(to_pixels([(0.0, 0.0), (1.0, 0.0)])[:, 0])[0])  # pixels per scene unit

        boxes = list(self.boxes)  # (measured again first if the sizes changed: that moves the names)
        for label, box, ring, r in zip(self.labels, boxes, self.gimbal.rings, self.gimbal.radii, strict=True):
            ring_xy, ring_depth = self.scene.project(ring[:-1])  # the closed ring, its last point (the first) left out
            every = np.arange(0, len(ring_xy), self.EVERY)
            pts, xy, depth = ring[every], ring_xy[every], ring_depth[every]
            # front first, then from the viewer's upper right round the ring
            order = np.argsort(-((depth >= 0) * 10.0 + pts @ (camera[0] + camera[1]) / r), kind="stable")
            pts, xy = pts[order], xy[order]
            out = xy / np.maximum(np.hypot(*xy.T), 1e-9)[:, None]  # away from the centre
            # across the ring on either side (not towards the centre), the box's near edge GAP from it: a ring seen
            # edge-on is a line through the centre, and every spot out from the centre is on that line
            along = (ring_xy[(every + 1) % len(ring_xy)] - ring_xy[every - 1])[order]  # the ring on screen
            across = np.stack([-along[:, 1], along[:, 0]], axis=1) / np.maximum(np.hypot(*along.T), 1e-12)[:, None]
            across = np.concatenate([across, -across])
            k = np.tile(np.arange(len(xy)), 2)  # the point of each spot across
            ok = np.einsum("ij,ij->i", across, out[k]) > -0.25
            across, k = across[ok], k[ok]
            reach = self.GAP + (np.abs(across) @ (box[1] - box[0]) / 2) / per_unit  # ring to the box's centre
            # where to look, in turn, until a spot is free: GAP out from the centre, across the ring, then two and
            # three times as far out (past a ring lying just outside this one, as at gimbal lock)
            tiers = [(np.arange(len(xy)), xy + self.GAP * out), (k, xy[k] + reach[:, None] * across),
                     *((np.arange(len(xy)), xy + f * self.GAP * out) for f in (2, 3))]
            which, spots, cost = [], [], []
            for point, spot in tiers:
                which.append(point)
                spots.append(spot)
                pixels = to_pixels(spot)
                cost.append(_covers(np.hstack([pixels + box[0], pixels + box[1]]), taken, lines))
                if cost[-1].min() == 0:
                    break
            # the first free spot, or the one meeting the fewest boxes and, among those, with the least line under it
            best = int(np.argmin(np.concatenate(cost)))
            point, spot = np.concatenate(which)[best], np.concatenate(spots)[best]
            label.offset = spot - xy[point]
            label.set_data(pts[point])
            taken = np.vstack([taken, label.pixel_box().ravel()])
