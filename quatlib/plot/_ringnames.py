"""Names written beside the rings of a :class:`~quatlib.plot.Gimbal`, so that no ring is told apart by colour alone."""

from __future__ import annotations

import numpy as np

from ._items import Item
from ._outline import OutlineText
from ._placer import _fixed_boxes
from ._style import darken

__all__ = ["RingNames"]


class RingNames(Item):
    """"yaw", "pitch" and "roll" (or ``names``) beside the rings of ``gimbal``, placed again whenever they move.

    Each name goes beside a point of its ring, :attr:`GAP` out from the centre,
    on the side facing the viewer if it can: the first point (from the viewer's
    upper right round the ring, every :attr:`EVERY`-th) whose box meets none of
    the boxes already taken and no ring's line; if there is none, the first such
    spot across the ring from a point, on either side that does not face the
    centre, the box's near edge :attr:`GAP` from the ring (a ring seen edge-on
    is a line through the centre, on which every spot out from the centre lies).  Taken are: the letters of the
    arrows in ``avoid`` (e.g. the world axes' x, y, z), the ``corners`` of the
    panel (boxes in axes fractions ``((x0, y0), (x1, y1))``, e.g. where a legend
    and a note are), the boxes of the panel's shown fixed texts (title, legend
    lines, note: as drawn) and the names placed before.  When no point is free, the
    least covered one.

    ``set_data()`` places the names again (call it after ``gimbal.set_data``);
    the scene calls :meth:`project` when the view turns.

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
    INK = 3.0  # pixels: half a ring's line width, kept clear around a name
    DENSIFY = 4  # points per segment of a ring when looking for its ink under a name

    def __init__(self, scene, gimbal, *, names=("yaw", "pitch", "roll"), avoid=(),
                 corners=(((0.0, 0.82), (0.40, 1.0)), ((0.0, 0.0), (0.45, 0.12))), fontsize=9):
        if len(names) != len(gimbal.rings):
            raise ValueError(f"Expected one name per ring ({len(gimbal.rings)}), got {len(names)}: {names!r}")
        super().__init__(scene)
        self.gimbal = gimbal
        self.avoid = list(avoid)
        self.corners = np.asarray(corners, dtype=float).reshape(-1, 2, 2)
        self.labels = [self.adopt(OutlineText(scene, name, color=darken(c, 0.2), fontsize=fontsize, inside=True))
                       for name, c in zip(names, gimbal.colors, strict=True)]
        # each name's box relative to its anchor, in pixels, measured once at the centre (where nothing slides it):
        # the box at any spot is the spot plus this, so a name is moved once per placement, not once per spot tried
        centre = scene.ax.transData.transform(scene.project(np.zeros(3))[0])
        self.boxes = [label.pixel_box() - centre for label in self.labels]

    def set_data(self) -> None:
        """Place the names again (after the rings moved)."""
        self.project()

    def project(self) -> None:
        camera = self.scene.camera.matrix
        to_pixels = self.scene.ax.transData.transform
        panel = self.scene.ax.bbox
        letters = to_pixels([a.label_position for a in self.avoid]).reshape(-1, 1, 2)
        corners = np.array([panel.x0, panel.y0]) + self.corners * np.array([panel.width, panel.height])
        taken = [*(letters + self.LETTER * np.array([[-1, -1], [1, 1]])), *corners,
                 # the panel's fixed texts (title, legend lines, note), PAD pixels larger on every side
                 *(box.reshape(2, 2) + self.PAD * np.array([[-1, -1], [1, 1]]) for box in _fixed_boxes(self.ax))]
        # the rings and their pivot stubs, a point every quarter segment, so a line between two vertices counts
        lines = [*self.gimbal.rings, *self.gimbal.axles]
        ink = to_pixels(np.concatenate([self.scene.project(_densify(p, self.DENSIFY))[0] for p in lines]))
        ink = ink[np.isfinite(ink).all(axis=1)]
        per_unit = float(np.diff(to_pixels([(0.0, 0.0), (1.0, 0.0)])[:, 0])[0])  # pixels per scene unit
        x, y = ink.T

        def covered(spots, box) -> np.ndarray:
            """How much each spot's box covers: the texts it meets first, then the ink under it (0: free)."""
            boxes = to_pixels(spots)[:, None, :] + box[None]
            t = np.array(taken)
            meets = np.all(np.minimum(boxes[:, None, 1], t[None, :, 1]) > np.maximum(boxes[:, None, 0], t[None, :, 0]),
                           axis=-1).sum(axis=1)
            near = boxes + self.INK * np.array([-1, 1])[:, None]  # a ring is drawn INK pixels either side
            (x0, y0), (x1, y1) = near[:, 0].T[:, :, None], near[:, 1].T[:, :, None]  # (candidates, 1) each
            return meets * (len(ink) + 1) + ((x0 < x) & (x < x1) & (y0 < y) & (y < y1)).sum(axis=1)

        for label, box, ring, r in zip(self.labels, self.boxes, self.gimbal.rings, self.gimbal.radii, strict=True):
            ring_xy, ring_depth = self.scene.project(ring[:-1])  # the closed ring, its last point (the first) left out
            every = np.arange(0, len(ring_xy), self.EVERY)
            pts, xy, depth = ring[every], ring_xy[every], ring_depth[every]
            # front first, then from the viewer's upper right round the ring
            order = np.argsort(-((depth >= 0) * 10.0 + pts @ (camera[0] + camera[1]) / r), kind="stable")
            pts, xy = pts[order], xy[order]
            out = xy / np.maximum(np.hypot(*xy.T), 1e-9)[:, None]  # away from the centre
            spots = xy + self.GAP * out
            cost = covered(spots, box)
            if cost.min() > 0:
                # none free: across the ring on either side (not towards the centre), the box's near edge GAP from
                # it (a ring seen edge-on is a line through the centre, and every spot out from the centre is on it)
                along = (ring_xy[(every + 1) % len(ring_xy)] - ring_xy[every - 1])[order]  # the ring on screen
                across = np.stack([-along[:, 1], along[:, 0]], axis=1) / np.maximum(np.hypot(*along.T), 1e-12)[:, None]
                across = np.concatenate([across, -across])
                k = np.tile(np.arange(len(xy)), 2)  # the point of each spot across
                ok = np.einsum("ij,ij->i", across, out[k]) > -0.25
                across, k = across[ok], k[ok]
                reach = self.GAP + (np.abs(across) @ (box[1] - box[0]) / 2) / per_unit  # ring to the box's centre
                beside = xy[k] + reach[:, None] * across
                pts, xy = np.concatenate([pts, pts[k]]), np.concatenate([xy, xy[k]])
                spots = np.concatenate([spots, beside])
                cost = np.concatenate([cost, covered(beside, box)])
            # the first free spot, or the one covering the fewest texts and, among those, the least ink
            best = int(np.argmin(cost))
            label.offset = spots[best] - xy[best]
            label.set_data(pts[best])
            taken.append(label.pixel_box())


def _densify(points, k: int) -> np.ndarray:
    """``k`` evenly spaced points on each segment of the polyline ``points`` ``(n, 3)`` (NaN gaps stay gaps).

    >>> _densify(np.array([[0.0, 0, 0], [1.0, 0, 0]]), 2)[:, 0]
    array([0. , 0.5, 1. ])
    """
    t = np.arange(k)[:, None, None] / k
    between = (points[:-1] + t * (points[1:] - points[:-1])).transpose(1, 0, 2).reshape(-1, 3)
    return np.concatenate([between, points[-1:]])
