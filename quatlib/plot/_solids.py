"""Solids and surfaces: box and cube, the gimbal, ribbons and the tethered cube's ribbons, the ball of rotations."""

from __future__ import annotations

import matplotlib
import numpy as np
from matplotlib.patches import Rectangle
from matplotlib.transforms import Bbox, IdentityTransform

from ._artists import Polyline, Sphere
from ._collections import Line2D, LineCollection, PolyCollection
from ._items import Item, as_matrix, as_points
from ._style import AXIS_COLORS, COLORS, Z, lighten, line_alpha
from ._texts import Label

__all__ = ["Box", "Cube", "LetteredCube", "Gimbal", "Ribbon", "Tethers", "BallOfRotations"]

_UNIT_VERTICES = np.array([[x, y, z] for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)], dtype=float)
# faces as vertex indices, counter-clockwise seen from outside; order +x, -x, +y, -y, +z, -z
_FACES = np.array([[4, 6, 7, 5], [0, 1, 3, 2], [2, 3, 7, 6], [0, 4, 5, 1], [1, 5, 7, 3], [0, 2, 6, 4]])
_FACE_NORMALS = np.array([[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]], float)
_EDGES = np.array([(a, b) for a in range(8) for b in range(a + 1, 8)
                   if np.sum(_UNIT_VERTICES[a] != _UNIT_VERTICES[b]) == 1])
# for every edge, the two faces that share it
_EDGE_FACES = np.array([[f for f in range(6) if a in _FACES[f] and b in _FACES[f]] for a, b in _EDGES])
# a letter F on the +z face (chiral: its mirror image reads backwards), in face units
_F_STROKES = [np.array([[-0.3, -0.45], [-0.3, 0.45], [0.3, 0.45]]), np.array([[-0.3, 0.02], [0.15, 0.02]])]
_SEEN_THROUGH = line_alpha(COLORS["ink"], 0.3)  # the opacity of a box's mark seen through it: faint, yet 3:1


class Box(Item):
    """A box with dark edges and lightly tinted faces, one face pair per axis colour.

    The +x, +y and +z faces are tinted red, green and blue; the opposite faces
    grey; the +z face carries a letter F.  Together they make orientation and
    handedness readable at a glance (a mirror image shows a backwards F and the
    colours in the other cyclic order).  Hidden edges are dashed.

    ``Box(scene, size=(2, 1, 0.5)).set_data(R, center)`` places the box rotated by
    ``R`` (``R @ v``; from quatlib) around ``center``.

    Examples
    --------
    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1)
    >>> box = ql.plot.Box(scene, size=(1.0, 0.5, 0.25))
    >>> R = ql.matrix_from_quaternion(ql.quaternion_from_axis_angle([0, 0, 1], 90, degrees=True))
    >>> box.set_data(R, center=(0.5, 0, 0))                   # a quarter turn about z, then moved to x = 0.5
    >>> box.vertices.min(axis=0), box.vertices.max(axis=0)   # the long side now runs along y
    (array([ 0.25 , -0.5  , -0.125]), array([0.75 , 0.5  , 0.125]))
    """

    def __init__(self, scene, size=(1.0, 1.0, 1.0), R=None, center=(0, 0, 0), *, alpha=0.35,
                 edgecolor=COLORS["ink"], colored_faces=True, mark="F", linewidth=1.6):
        super().__init__(scene)
        self.size = np.broadcast_to(np.asarray(size, dtype=float), (3,)).copy()
        self._local = _UNIT_VERTICES * (self.size / 2)
        tints = [lighten(COLORS["face"], 0.0)] * 6
        if colored_faces:
            tints = [
                lighten(AXIS_COLORS[0], 0.45), lighten(COLORS["face"], 0.0),
                lighten(AXIS_COLORS[1], 0.45), lighten(COLORS["face"], 0.0),
                lighten(AXIS_COLORS[2], 0.45), lighten(COLORS["face"], 0.0),
            ]
        self.face_colors = np.array([(*c, alpha) for c in tints])
        self._back_faces = PolyCollection([], edgecolors="none", zorder=Z.BACK)
        self._front_faces = PolyCollection([], edgecolors="none", zorder=Z.FRONT)
        self._back_edges = LineCollection([], colors=COLORS["faint"], linewidths=1.0, linestyles=(0, (3, 3)),
                                          zorder=Z.BACK)
        self._front_edges = LineCollection([], colors=edgecolor, linewidths=linewidth, zorder=Z.FRONT,
                                           capstyle="round")
        self._mark = LineCollection([], colors=COLORS["ink"], linewidths=2.0, zorder=Z.FRONT,
                                    capstyle="round", joinstyle="round")
        self._mark_local = []
        if mark == "F":
            half = self.size / 2
            scale = 0.55 * min(half[0], half[1])
            self._mark_local = [np.column_stack([s[:, 0] * scale, s[:, 1] * scale, np.full(len(s), half[2])])
                                for s in _F_STROKES]
        # fully transparent faces (an outline cube) are not drawn at all
        faces = (self._back_faces, self._front_faces) if alpha > 0 else ()
        for c in (*faces, self._back_edges, self._front_edges, self._mark):
            self.ax.add_collection(c)
        self.own(*faces, self._back_edges, self._front_edges, self._mark)
        self.set_data(R, center)

    def set_data(self, R=None, center=(0, 0, 0)) -> None:
        """Turn the box by ``R`` about its centre and put the centre at ``center``."""
        self.R = as_matrix(R)
        self.center = as_points(center, "center", finite=True).reshape(3)
        self.vertices = self._local @ self.R.T + self.center
        self.project_changes(R, center)

    @property
    def shell(self) -> float:
        """Distance from the scene origin to the farthest vertex."""
        return float(np.sqrt((self.vertices ** 2).sum(-1)).max())

    def project(self) -> None:
        xy, _ = self.scene.project(self.vertices)
        normals = _FACE_NORMALS @ self.R.T
        front = normals @ self.scene.camera.toward > 1e-9
        self.front = front
        polys = xy[_FACES]
        self._back_faces.set_verts(polys[~front])  # an (n, 4, 2) array: matplotlib's fast path
        self._back_faces.set_facecolor(self.face_colors[~front])
        self._front_faces.set_verts(polys[front])
        self._front_faces.set_facecolor(self.face_colors[front])
        edge_front = front[_EDGE_FACES].any(axis=1)
        segs = xy[_EDGES]
        self._back_edges.set_segments(segs[~edge_front])  # (n, 2, 2) arrays: the lean fast path
        self._front_edges.set_segments(segs[edge_front])
        shell = self.shell
        extent = self.scene.extent
        self._back_faces.set_zorder(Z.shell(False, shell, extent) + 0.01)
        self._back_edges.set_zorder(Z.shell(False, shell, extent) + 0.02)
        self._front_faces.set_zorder(Z.shell(True, shell, extent))
        self._front_edges.set_zorder(Z.shell(True, shell, extent) + 0.01)
        if self._mark_local:
            strokes = [self.scene.project(s @ self.R.T + self.center)[0] for s in self._mark_local]
            self._mark.set_segments(strokes)
            mark_front = bool(front[4])
            self._mark.set_zorder(Z.shell(mark_front, shell, extent) + 0.02)
            self._mark.set_alpha(1.0 if mark_front else _SEEN_THROUGH)


class Cube(Box):
    """A :class:`Box` with equal sides (default side 1); :meth:`outline` makes one drawn by its edges alone.

    Examples
    --------
    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1)
    >>> cube = ql.plot.Cube(scene)
    >>> cube.front   # faces +x, -x, +y, -y, +z, -z: which of them face the viewer (drawn in front)
    array([ True, False,  True, False,  True, False])
    >>> cube.set_data(ql.matrix_from_quaternion(ql.quaternion_from_axis_angle([0, 1, 0], 180, degrees=True)))
    >>> cube.front   # half a turn about y: now the -x and -z faces face the viewer
    array([False,  True,  True, False, False,  True])
    """

    def __init__(self, scene, side: float = 1.0, R=None, center=(0, 0, 0), **kwargs):
        super().__init__(scene, (side, side, side), R, center, **kwargs)

    @classmethod
    def outline(cls, scene, side: float = 1.0, color=COLORS["faint"], *, linewidth: float = 1.0,
                alpha: float = 0.0) -> Cube:
        """A cube drawn by its edges in one colour: no face colours, no letter, clear faces (``alpha``: a tint).

        A pose to compare with (the two ends of a turn, the true-size cube behind
        a magnified one), or a ghost beside the solid cube (another method at the
        same ``t``: a faint tint, ``alpha=0.06``).

        >>> import quatlib as ql
        >>> fig, (scene,) = ql.plot.panels(1)
        >>> ghost = ql.plot.Cube.outline(scene, 1.0, "C1", linewidth=1.3, alpha=0.06)
        >>> ghost.size, ghost.static
        (array([1., 1., 1.]), False)
        """
        return cls(scene, side, alpha=alpha, edgecolor=color, colored_faces=False, mark=None, linewidth=linewidth)


_GHOST_EDGE = COLORS["faint"]  # edges of the mirror image

# Every face carries an F, written so that it reads correctly seen from outside the
# face: (u, v) are the letter's right and up directions, u × v = the outward normal.
_FACE_UV = {
    0: ((0, 0, -1), (0, 1, 0)),  # +x
    1: ((0, 0, 1), (0, 1, 0)),  # -x
    2: ((1, 0, 0), (0, 0, -1)),  # +y
    3: ((1, 0, 0), (0, 0, 1)),  # -y
    4: ((1, 0, 0), (0, 1, 0)),  # +z
    5: ((-1, 0, 0), (0, 1, 0)),  # -z
}


class LetteredCube(Box):
    """A cube (a :class:`Box`) with a letter F on every face: chiral from every side.

    Seen from any direction, the faces in view show an F; in a mirror image every
    one of them reads backwards.  ``ghost=True`` draws it pale with dashed grey
    edges (the mirror image).  ``set_data(M, center)`` accepts any orthogonal
    ``M`` -- a rotation, or a reflection (det −1) for the mirror image.

    Examples
    --------
    >>> import numpy as np
    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1)
    >>> cube = ql.plot.LetteredCube(scene, 1.0)
    >>> int(cube.front.sum()), len(cube.artists[-1].get_segments())   # three faces in view, an F (two strokes) on each
    (3, 6)
    >>> cube.set_data(np.diag([-1.0, 1.0, 1.0]))                      # the mirror image in the plane x = 0
    >>> round(float(np.linalg.det(cube.R))), len(cube.artists[-1].get_segments())
    (-1, 6)
    """

    def __init__(self, scene, side: float, *, ghost: bool = False, center=(0, 0, 0)):
        half = side / 2
        scale = 0.55 * half
        self._letters = []
        normals = [np.asarray(n, float) for n in ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1),
                                                   (0, 0, -1))]
        for k, nrm in enumerate(normals):
            u, v = (np.asarray(a, float) for a in _FACE_UV[k])
            self._letters.append([half * nrm + scale * (s[:, :1] * u + s[:, 1:] * v) for s in _F_STROKES])
        if ghost:
            super().__init__(scene, (side,) * 3, center=center, alpha=0.16, edgecolor=_GHOST_EDGE,
                             linewidth=1.3, mark=None)
            self._front_edges.set_linestyle((0, (4, 2.5)))
            self._mark.set_color(COLORS["note"])
        else:
            super().__init__(scene, (side,) * 3, center=center, mark=None)

    def project(self) -> None:
        super().project()
        strokes = [self.scene.project(s @ self.R.T + self.center)[0]
                   for k in np.flatnonzero(self.front) for s in self._letters[k]]
        self._mark.set_segments(strokes)
        self._mark.set_alpha(1.0)
        self._mark.set_zorder(self._front_edges.get_zorder() + 0.01)


def _circle(n: int, plane: str) -> np.ndarray:
    t = np.linspace(0.0, 2 * np.pi, n)
    c, s = np.cos(t), np.sin(t)
    z = np.zeros_like(t)
    return {"xy": np.column_stack([c, s, z]), "xz": np.column_stack([c, z, s]),
            "yz": np.column_stack([z, c, s])}[plane]


class _Card(Rectangle):
    """A card behind ``texts``, sized to them as they are drawn (a font raised later, by projector mode, fits)."""

    def __init__(self, texts, pad: float = 2.0, **style):
        super().__init__((0, 0), 1, 1, transform=IdentityTransform(), **style)
        self._texts, self._pad, self._sized_for = list(texts), float(pad), None

    def draw(self, renderer) -> None:
        key = (renderer.dpi, tuple(self.axes.bbox.bounds), tuple((t.get_text(), t.get_fontsize()) for t in self._texts))
        if key != self._sized_for:  # measured again only when the texts, their size or the panel changed
            box = Bbox.union([t.get_window_extent(renderer) for t in self._texts])
            self.set_bounds(box.x0 - self._pad, box.y0 - self._pad, box.width + 2 * self._pad,
                            box.height + 2 * self._pad)
            self._sized_for = key
        super().draw(renderer)


class Gimbal(Item):
    """Three nested rings: outer = yaw (about y), middle = pitch (x), inner = roll (z).

    Each ring is coloured by the axis it turns about (yaw green, pitch red, roll
    blue) and carries that axis as a dashed line.  ``set_data(R_outer, R_middle,
    R_inner)`` takes the three ring orientations, which for
    ``R = Ry(yaw) Rx(pitch) Rz(roll)`` are ``Ry(yaw)``, ``Ry(yaw) Rx(pitch)`` and
    ``R`` (compute them with quatlib).

    Two ways to draw the rings (``style``):

    ``"sweep"`` (default)
        Each ring lies in the plane its turn sweeps, perpendicular to its axis,
        like the rotate handles of a 3D editor.  At rest the three are mutually
        perpendicular; at pitch ±90° the roll axis has turned onto the yaw axis,
        so the inner (roll) ring lies in the outer (yaw) ring's plane: the two
        rings visibly line up, and yaw and roll turn about the same line.
    ``"mechanical"``
        A physical gimbal: each ring contains its own axis (its pivots, drawn as
        stubs) and holds the next ring's pivots.  At pitch ±90° the middle ring
        folds into the outer ring's plane and the roll axle lines up with the yaw
        axle.

    Examples
    --------
    At pitch 90° the roll axis has turned onto the yaw axis (gimbal lock):

    >>> import numpy as np
    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1)
    >>> sorted(ql.plot.Gimbal.STYLES)
    ['mechanical', 'sweep']
    >>> gimbal = ql.plot.Gimbal(scene, style="mechanical")
    >>> yaw, pitch, roll = 0, 90, 0
    >>> R_outer = ql.matrix_from_euler(yaw, 0, 0, degrees=True)         # Ry(yaw)
    >>> R_middle = ql.matrix_from_euler(yaw, pitch, 0, degrees=True)    # Ry(yaw) Rx(pitch)
    >>> R = ql.matrix_from_euler(yaw, pitch, roll, degrees=True)        # Ry(yaw) Rx(pitch) Rz(roll)
    >>> gimbal.set_data(R_outer, R_middle, R)
    >>> np.round(gimbal.axes, 3) + 0.0   # the axes of the outer (yaw), middle (pitch) and inner (roll) rings
    array([[ 0.,  1.,  0.],
           [ 1.,  0.,  0.],
           [ 0., -1.,  0.]])
    """

    RING_AXES = (1, 0, 2)  # outer turns about y, middle about x, inner about z
    STYLES = {"sweep": ("xz", "yz", "xy"), "mechanical": ("xy", "xz", "yz")}

    def __init__(self, scene, radii=(1.5, 1.3, 1.1), *, style="sweep", linewidth=5.0, n=97, labels=None,
                 legend=("yaw ring, about y", "pitch ring, about x", "roll ring, about z")):
        super().__init__(scene)
        if not isinstance(style, str) or style not in self.STYLES:
            raise ValueError(f"Expected style in {sorted(self.STYLES)}, got {style!r}")
        self.style = style
        self.radii = tuple(float(r) for r in radii)
        self._local = [r * _circle(n, p) for r, p in zip(self.radii, self.STYLES[style])]
        colors = [AXIS_COLORS[a] for a in self.RING_AXES]
        self.colors = colors
        self._rings = []
        for c in colors:
            back = Line2D([], [], color=lighten(c, 0.25), lw=linewidth * 0.8, solid_capstyle="round",
                          zorder=Z.BACK)
            front = Line2D([], [], color=c, lw=linewidth, solid_capstyle="round", zorder=Z.FRONT)
            self.ax.add_line(back)
            self.ax.add_line(front)
            self._rings.append((back, front))
        # axles: pivot stubs (solid, mechanical style only) and the full rotation axis (dashed)
        r_out = self.radii[0]
        stub_outer = r_out + 0.18 * self.scene.extent / 1.6
        self._axle_local = [
            np.array([[0, -stub_outer, 0], [0, -r_out, 0], [np.nan] * 3, [0, r_out, 0], [0, stub_outer, 0]]),
            np.array([[-r_out, 0, 0], [-self.radii[1], 0, 0], [np.nan] * 3, [self.radii[1], 0, 0], [r_out, 0, 0]]),
            np.array([[0, 0, -self.radii[1]], [0, 0, -self.radii[2]], [np.nan] * 3,
                      [0, 0, self.radii[2]], [0, 0, self.radii[1]]]),
        ]
        if style == "sweep":  # no pivots: the rings are the paths of the turns
            self._axle_local = [np.full((2, 3), np.nan)] * 3
        self._axis_local = [np.outer([-1, 1], np.eye(3)[a]) * (stub_outer + 0.05) for a in self.RING_AXES]
        self._axles = []
        self._axis_lines = []
        for c in colors:
            stub = Line2D([], [], color=c, lw=3.0, solid_capstyle="round", zorder=Z.FRONT)
            axis = Line2D([], [], color=c, lw=1.0, ls=(0, (5, 4)), alpha=0.8, zorder=Z.MID - 2)
            self.ax.add_line(stub)
            self.ax.add_line(axis)
            self._axles.append(stub)
            self._axis_lines.append(axis)
        labels = labels or (None, None, None)
        self._labels = [self.ax.text(0, 0, lab or "", color=c, fontsize=9.5, ha="center", va="center",
                                     zorder=Z.TEXT - 1) for lab, c in zip(labels, colors)]
        self._legend = []
        if legend:  # on a white card over the rings: the outer ring passes the panel's corner in most views
            self._legend = [self.ax.text(0.01, 0.99 - 0.05 * k, f"━ {text}", transform=self.ax.transAxes,
                                         color=c, fontsize=9, ha="left", va="top", zorder=Z.TEXT)
                            for k, (text, c) in enumerate(zip(legend, colors))]
            self._legend.insert(0, _Card(self._legend, facecolor="white", edgecolor="none", alpha=0.85,
                                         antialiased=False, zorder=Z.TEXT - 0.5))
            self.ax.add_patch(self._legend[0])
        # the legend never moves, yet it is drawn with the rings, on top of them (a card and three cached lines)
        self.own(*(a for pair in self._rings for a in pair), *self._axles, *self._axis_lines, *self._labels,
                 *self._legend)
        self.set_data(None, None, None)

    def set_data(self, R_outer=None, R_middle=None, R_inner=None) -> None:
        """Orient the outer (yaw), middle (pitch) and inner (roll) rings."""
        self.R = [as_matrix(R_outer), as_matrix(R_middle), as_matrix(R_inner)]
        self.rings = [loc @ R.T for loc, R in zip(self._local, self.R)]
        self.axles = [loc @ R.T for loc, R in zip(self._axle_local, self.R)]
        self.axes = [R[:, a] for R, a in zip(self.R, self.RING_AXES)]
        self.project_changes(R_outer, R_middle, R_inner)

    def project(self) -> None:
        extent = self.scene.extent
        toward = self.scene.camera.toward
        for k, ((back, front), pts) in enumerate(zip(self._rings, self.rings)):
            xy, depth = self.scene.project(pts)
            is_front = depth >= 0
            # widen each half by one point so the halves meet without a gap
            f = is_front | np.roll(is_front, 1) | np.roll(is_front, -1)
            b = ~is_front | np.roll(~is_front, 1) | np.roll(~is_front, -1)
            fx, fy = xy[:, 0].copy(), xy[:, 1].copy()
            fx[~f] = np.nan
            fy[~f] = np.nan
            bx, by = xy[:, 0].copy(), xy[:, 1].copy()
            bx[~b] = np.nan
            by[~b] = np.nan
            front.set_data(fx, fy)
            back.set_data(bx, by)
            r = self.radii[k]
            front.set_zorder(Z.shell(True, r, extent))
            back.set_zorder(Z.shell(False, r, extent))
            axy, adepth = self.scene.project(self.axles[k])
            self._axles[k].set_data(axy[:, 0], axy[:, 1])
            far_end_front = bool(np.isfinite(adepth).any()) and np.nanmean(adepth) >= 0
            self._axles[k].set_zorder(Z.shell(bool(far_end_front), r + 0.01, extent))
            lxy, _ = self.scene.project(self._axis_local[k] @ self.R[k].T)
            self._axis_lines[k].set_data(lxy[:, 0], lxy[:, 1])
            # label next to the ring, at the point of the ring nearest the viewer's upper right
            score = pts @ (self.scene.camera.matrix[0] + self.scene.camera.matrix[1] + 0.5 * toward)
            i = int(np.argmax(score))
            self._labels[k].set_position(xy[i] * (1 + 0.1 / max(r, 1e-9)))


class Ribbon(Item):
    """A strip surface whose twist is visible: its two sides have different colours.

    ``Ribbon(scene).set_data(vertices)`` with ``vertices`` of shape
    ``(n_along, n_across, 3)``.  The quads are depth-sorted on every update and
    shaded by how squarely they face the viewer; the side facing the viewer picks
    the colour (``color`` for the front side, ``back_color`` for the other), so
    each half-turn of twist shows as a change of colour.

    Examples
    --------
    A strip along x with half a turn of twist shows both of its sides:

    >>> import numpy as np
    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1, view=(0, 0))
    >>> along = np.column_stack([np.linspace(-1, 1, 9), np.zeros(9), np.zeros(9)])
    >>> across = ql.rotate_vector(ql.quaternion_from_axis_angle([1, 0, 0], np.linspace(0, np.pi, 9)), [0, 0.2, 0])
    >>> ribbon = ql.plot.Ribbon(scene)
    >>> ribbon.set_data(np.stack([along - across, along + across], axis=1))   # (9 along, 2 across, 3)
    >>> len(ribbon.quads), np.round(ribbon.facing, 2)   # 8 quads: the first 4 show the front, the last 4 the back
    (8, array([ 0.98,  0.83,  0.56,  0.2 , -0.2 , -0.56, -0.83, -0.98]))
    """

    def __init__(self, scene, vertices=None, *, color=COLORS["vector"], back_color=COLORS["vector2"],
                 alpha=0.95, edgecolor="none", zorder=Z.MID):
        super().__init__(scene)
        self._colors = np.array([matplotlib.colors.to_rgb(color), matplotlib.colors.to_rgb(back_color)])
        self.alpha = alpha
        self._poly = PolyCollection([], edgecolors=edgecolor, linewidths=0.3, zorder=zorder)
        self.ax.add_collection(self._poly)
        self.own(self._poly)
        if vertices is None:
            s = np.linspace(-1, 1, 12)
            vertices = np.stack([np.stack([s, np.full_like(s, w), np.zeros_like(s)], -1) for w in (-0.1, 0.1)], 1)
        self.set_data(vertices)

    def set_data(self, vertices) -> None:
        """Show the strip through ``vertices`` ``(n_along, n_across, 3)``."""
        v = as_points(vertices, "ribbon vertices")
        if v.ndim != 3 or v.shape[0] < 2 or v.shape[1] < 2:
            raise ValueError(f"Expected ribbon vertices with shape (n_along, n_across, 3), n >= 2, got {v.shape}")
        self.vertices = v
        self.quads = np.stack([v[:-1, :-1], v[1:, :-1], v[1:, 1:], v[:-1, 1:]], axis=2).reshape(-1, 4, 3)
        self.project()

    def project(self) -> None:
        q = self.quads
        normals = np.cross(q[:, 2] - q[:, 0], q[:, 3] - q[:, 1])
        lengths = np.linalg.norm(normals, axis=1)
        normals = normals / np.where(lengths > 0, lengths, 1.0)[:, None]
        facing = normals @ self.scene.camera.toward
        side = (facing < 0).astype(int)
        shade = 0.55 + 0.45 * np.abs(facing)
        rgb = self._colors[side] * shade[:, None] + (1 - shade[:, None]) * 0.15
        xy, depth = self.scene.project(q)
        order = np.argsort(depth.mean(axis=1))
        self.facing = facing
        self._poly.set_verts(xy[order])  # an (n, 4, 2) array: matplotlib's fast path
        rgba = np.column_stack([rgb[order], np.full(len(order), self.alpha)])
        self._poly.set_facecolor(rgba)


# draw order: ribbon pieces behind the cube go below its back faces, pieces in front above its front faces
_Z_RIBBON_BACK = Z.BACK - 5.0
_Z_RIBBON_FRONT = Z.FRONT + 6.0


class Tethers(Item):
    """Ribbons from the walls to a cube, and the wall plates they are anchored to, depth-ordered around the cube.

    ``Tethers(scene, circumradius=r).set_data(ribbons, R, anchors, walls)`` with
    ``ribbons`` of shape ``(n_ribbons, n_along, n_across, 3)`` (e.g.
    ``quatlib.belt.scene(...)``) and ``r`` the radius of the cube's circumscribed
    sphere (``side * sqrt(3) / 2``).
    Each quad is coloured by the side of the ribbon facing the viewer (orange /
    purple) and shaded by how squarely it faces; a ribbon's twist reads as bands
    of alternating colour.  Every piece outside the cube's circumscribed sphere
    and nearer the viewer than the centre is drawn over the cube, the rest under
    it: exact for a convex cube at the centre, since such a point can only be
    hidden by the cube if it is behind the centre.  The pieces attached to a face
    (inside the sphere) follow that face: over the cube if it faces the viewer.

    With ``ribbon_colors`` (one colour per ribbon) each ribbon has its own colour:
    its front side in that colour, its back side in a lighter tint of it, so the
    ribbons can be told apart and each one's twist still reads as bands.

    Examples
    --------
    >>> import numpy as np
    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1, world_frame=False)
    >>> belt = ql.belt.scene(360, n_along=9)   # the cube turned once: 3 ribbons of 9 x 3 points
    >>> tethers = ql.plot.Tethers(scene, circumradius=ql.belt.CUBE_SIDE * np.sqrt(3) / 2)
    >>> tethers.set_data(belt.ribbons, belt.R, belt.anchors, belt.walls)
    >>> tethers.quads.shape, tethers.plates.shape   # 3 x 8 x 2 quads, and a wall plate for each ribbon
    ((48, 4, 3), (3, 4, 3))
    >>> int(tethers.front.sum()), len(tethers.front)   # the quads drawn over the cube from this view, of all
    (28, 48)
    """

    def __init__(self, scene, *, circumradius: float, front=COLORS["vector"], back=COLORS["vector2"],
                 ribbon_colors=None, wall_size=0.75, wall_color=COLORS["face"]):
        super().__init__(scene)
        pairs = ([(front, back)] if ribbon_colors is None else
                 [(c, lighten(c, 0.55)) for c in ribbon_colors])
        #: (n_colours, 2 sides, rgb): front and back of ribbon i are ribbon_colors[i mod n_colours]
        self.ribbon_colors = np.array([[matplotlib.colors.to_rgb(a), matplotlib.colors.to_rgb(b)] for a, b in pairs])
        self._wall_rgba = np.array([*matplotlib.colors.to_rgb(wall_color), 0.55])
        self._wall_edge = np.array([*matplotlib.colors.to_rgb(COLORS["faint"]), line_alpha(COLORS["faint"], 0.9)])
        self.wall_size = float(wall_size)
        self.circumradius = float(circumradius)
        self.quads = None  # nothing to draw (or to turn with the view) before the first set_data
        self._polys = [PolyCollection([], linewidths=0.6, zorder=z, antialiased=True)
                       for z in (_Z_RIBBON_BACK, _Z_RIBBON_FRONT)]
        self._bolts = [Line2D([], [], ls="none", marker="o", ms=5, color=COLORS["ink"], mec="white", mew=0.8,
                              zorder=z)
                       for z in (_Z_RIBBON_BACK + 0.1, _Z_RIBBON_FRONT + 0.1)]
        for p in self._polys:
            self.ax.add_collection(p)
        for b in self._bolts:
            self.ax.add_line(b)
        self.own(*self._polys, *self._bolts)

    def set_data(self, ribbons, R, anchors, walls) -> None:
        v = as_points(ribbons, "ribbon vertices")
        if v.ndim != 4 or v.shape[1] < 2 or v.shape[2] < 2:
            raise ValueError(f"Expected ribbons with shape (n_ribbons, n_along, n_across, 3), got {v.shape}")
        m, na, nc, _ = v.shape
        quads = np.stack([v[:, :-1, :-1], v[:, 1:, :-1], v[:, 1:, 1:], v[:, :-1, 1:]], axis=3)
        self.quads = quads.reshape(-1, 4, 3)
        self.ribbon_of_quad = np.repeat(np.arange(m), (na - 1) * (nc - 1))
        self.R = as_matrix(R)
        self.anchors = as_points(anchors, "anchors").reshape(-1, 3)
        normals = as_points(walls, "wall normals").reshape(-1, 3)
        # the attached face's outward normal is minus the wall normal, turned with the cube
        self.face_normals = -normals @ self.R.T
        plates = []
        h = self.wall_size / 2
        for c, n in zip(self.anchors, normals):
            helper = np.array([0.0, 1.0, 0.0]) if abs(n[1]) < 0.9 else np.array([1.0, 0.0, 0.0])
            e1 = np.cross(n, helper)
            e1 /= np.linalg.norm(e1)
            e2 = np.cross(n, e1)
            plates.append(c + h * np.array([e1 + e2, -e1 + e2, -e1 - e2, e1 - e2]))
        self.plates = np.array(plates).reshape(-1, 4, 3)
        self.project_changes(ribbons, R, anchors, walls)

    def project(self) -> None:
        if self.quads is None:
            return
        toward = self.scene.camera.toward
        q = self.quads
        normals = np.cross(q[:, 2] - q[:, 0], q[:, 3] - q[:, 1])
        lengths = np.linalg.norm(normals, axis=1)
        facing = (normals @ toward) / np.where(lengths > 0, lengths, 1.0)
        shade = 0.6 + 0.4 * np.abs(facing)
        sides = self.ribbon_colors[self.ribbon_of_quad % len(self.ribbon_colors)]  # (n_quads, 2, rgb)
        rgb = sides[np.arange(len(q)), (facing < 0).astype(int)] * shade[:, None] + (1 - shade[:, None]) * 0.12
        rgba = np.column_stack([rgb, np.ones(len(q))])
        centers = q.mean(axis=1)
        depth = centers @ toward
        attached = np.linalg.norm(centers, axis=1) <= self.circumradius
        face_front = (self.face_normals @ toward) > 0
        front = np.where(attached, face_front[self.ribbon_of_quad], depth > 0)
        self.front = front
        p_depth = self.plates.mean(axis=1) @ toward
        p_front = p_depth > 0
        xy_q, _ = self.scene.project(q)
        xy_p, _ = self.scene.project(self.plates)
        for k, poly in enumerate(self._polys):
            want = front if k == 1 else ~front
            pwant = p_front if k == 1 else ~p_front
            verts = np.concatenate([xy_q[want], xy_p[pwant]])
            d = np.concatenate([depth[want], p_depth[pwant]])
            face = np.concatenate([rgba[want], np.repeat(self._wall_rgba[None], int(pwant.sum()), axis=0)])
            edge = np.concatenate([rgba[want], np.repeat(self._wall_edge[None], int(pwant.sum()), axis=0)])
            order = np.argsort(d, kind="stable")
            poly.set_verts(verts[order])
            poly.set_facecolor(face[order])
            poly.set_edgecolor(edge[order])
        a_xy, a_depth = self.scene.project(self.anchors)
        for k, bolt in enumerate(self._bolts):
            want = (a_depth > 0) if k == 1 else (a_depth <= 0)
            bolt.set_data(a_xy[want, 0], a_xy[want, 1])


class BallOfRotations(Item):
    """The ball of rotations (radius π) with a path in it, its surface crossings and its end point.

    ``BallOfRotations(scene, axis).set_data(path)`` with ``path`` a
    :class:`quatlib.belt.BallPath`.  The outline of the ball, its equator
    (perpendicular to ``axis``) and the axis are drawn faintly; the path is solid
    in front of the centre and dashed behind; where it leaves through the surface
    a filled dot, where it comes back in (the opposite point: the same rotation)
    an open one, joined by a dotted chord.

    ``set_data`` also takes a drawing laid out by the caller (anything with
    ``positive``, ``negative``, ``exits``, ``entries``, ``links``, ``numbers`` and
    ``end``, e.g. a ``quatlib.models.belt_demo.BallDrawing``): the pieces where
    ``w ≥ 0`` in ``color``, those where ``w < 0`` in ``negative_color``, each
    crossing joined by its own dotted arc (``links``) and numbered at ``numbers``
    (the first ``max_numbers`` crossings).

    Examples
    --------
    After one full turn the path leaves the ball at the top and comes back in at the bottom
    (the same rotation), and ends at the centre (the identity):

    >>> import numpy as np
    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1, extent=1.3 * np.pi, world_frame=False)
    >>> ball = ql.plot.BallOfRotations(scene, ql.belt.TURN_AXIS)
    >>> ball.set_data(ql.belt.ball_path(360))
    >>> np.round(ball.crossings / np.pi, 3) + 0.0   # (where it leaves, where it comes back) / π
    array([[[ 0.,  1.,  0.],
            [ 0., -1.,  0.]]])
    >>> bool(np.allclose(ball.end, 0))
    True
    """

    def __init__(self, scene, axis=(0, 1, 0), *, color=COLORS["vector2"], negative_color=COLORS["vector"],
                 end_color=COLORS["vector"], max_numbers=2):
        super().__init__(scene)
        axis = as_points(axis, "turn axis", finite=True).reshape(3)
        if not np.linalg.norm(axis) > 0:
            raise ValueError("Expected a non-zero turn axis, got (0, 0, 0)")
        self.axis = axis / np.linalg.norm(axis)  # the ball's radius is π along it, whatever its length
        r = np.pi
        # the ball's outline is the same circle from every direction: a static sphere in the cached background
        self.outline = Sphere(scene, r, facecolor=(0.5, 0.5, 0.5, 0.05), linewidth=1.0, zorder=Z.WORLD)
        t = np.linspace(0, 2 * np.pi, 97)
        e1 = np.cross(self.axis, [0.0, 0.0, 1.0] if abs(self.axis[2]) < 0.9 else [1.0, 0.0, 0.0])
        e1 /= np.linalg.norm(e1)
        e2 = np.cross(self.axis, e1)
        self.equator = Polyline(scene, r * (np.outer(np.cos(t), e1) + np.outer(np.sin(t), e2)),
                                color=COLORS["faint"], linewidth=0.9, split=True, zorder=Z.WORLD + 1)
        self.axis_line = Polyline(scene, np.array([-1.08 * r * self.axis, 1.08 * r * self.axis]),
                                  color=COLORS["faint"], linewidth=0.9, linestyle=(0, (4, 3)), zorder=Z.WORLD + 1)
        self.axis_label = Label(scene, "turn axis", 1.1 * r * self.axis, color=COLORS["note"], offset=(-0.45, 0.2),
                                fontsize=8.5, ha="right", card=True)
        # both names on a card, readable where a path or a dotted link crosses them; "identity" clear of the axis
        self.center = Label(scene, "identity", (0, 0, 0), color=COLORS["note"], offset=(0.55, -0.3), fontsize=8.5,
                            ha="left", card=True)
        self.path = Polyline(scene, color=color, linewidth=2.4, split=True, zorder=Z.MID)
        self.path_negative = Polyline(scene, color=negative_color, linewidth=2.4, split=True, zorder=Z.MID + 0.5)
        self.numbers = [Label(scene, str(i + 1), (0, 0, 0), color=COLORS["warn"], fontsize=9, alpha=0.0)
                        for i in range(int(max_numbers))]
        self._chords = LineCollection([], colors=COLORS["warn"], linewidths=1.0, linestyles=(0, (1.5, 2.5)),
                                      zorder=Z.MID + 1)
        self._exits = Line2D([], [], ls="none", marker="o", ms=7, color=COLORS["warn"], mec="white", mew=0.8,
                             zorder=Z.MID + 3)
        self._entries = Line2D([], [], ls="none", marker="o", ms=7, mfc="white", mec=COLORS["warn"], mew=1.6,
                               zorder=Z.MID + 3)
        self._start = Line2D([], [], ls="none", marker="o", ms=5, color=COLORS["ink"], zorder=Z.MID + 2)
        self._end = Line2D([], [], ls="none", marker="o", ms=8, color=end_color, mec="white", mew=0.8,
                           zorder=Z.MID + 4)
        for a in (self._chords,):
            self.ax.add_collection(a)
        for a in (self._exits, self._entries, self._start, self._end):
            self.ax.add_line(a)
        self.own(self._chords, self._exits, self._entries, self._start, self._end)
        for item in (self.equator, self.axis_line, self.axis_label, self.center, self.path, self.path_negative,
                     *self.numbers):
            self.adopt(item)
        self.backdrop(*self.equator.artists, *self.axis_line.artists)  # they move only with the view
        self.crossings = np.zeros((0, 2, 3))
        self.links = np.zeros((0, 2, 3))
        self.end = np.zeros(3)
        self._numbered = 0  # how many numbers are shown (set_data)

    def set_visible(self, visible: bool) -> None:
        """Show or hide the ball, its outline included."""
        super().set_visible(visible)
        if self.outline.artists[0].get_visible() != visible:
            self.outline.set_visible(visible)
            self.outline.changed()  # it lives in the cached background

    def set_data(self, path) -> None:
        """Show ``path``: a ``quatlib.belt.BallPath`` (``points``, ``crossings``, ``end``) or a laid-out drawing."""
        if hasattr(path, "positive"):
            self.path.points = as_points(path.positive, "path points").reshape(-1, 3)
            self.path_negative.points = as_points(path.negative, "path points").reshape(-1, 3)
            self.crossings = np.stack([np.asarray(path.exits, float).reshape(-1, 3),
                                       np.asarray(path.entries, float).reshape(-1, 3)], axis=1)
            links = np.asarray(path.links, dtype=float)
            self.links = links.reshape(len(self.crossings), -1, 3) if links.size else np.zeros((0, 2, 3))
            spots = np.asarray(path.numbers, dtype=float).reshape(-1, 3)
        else:
            self.path.points = as_points(path.points, "path points").reshape(-1, 3)
            self.path_negative.points = np.zeros((0, 3))
            self.crossings = np.asarray(path.crossings, dtype=float).reshape(-1, 2, 3)
            self.links = self.crossings
            spots = np.zeros((0, 3))
        for i, label in enumerate(self.numbers):
            label._text.set_alpha(1.0 if i < len(spots) else 0.0)
            label.p = spots[i] if i < len(spots) else np.zeros(3)
        self._numbered = min(len(spots), len(self.numbers))
        self.end = np.asarray(path.end, dtype=float).reshape(3)
        self.project()

    def project(self) -> None:
        super().project()  # the adopted outline pieces, labels and path
        if len(self.crossings):
            xy, _ = self.scene.project(self.crossings)
            self._chords.set_segments(list(self.scene.project(self.links)[0]))
            self._exits.set_data(xy[:, 0, 0], xy[:, 0, 1])
            self._entries.set_data(xy[:, 1, 0], xy[:, 1, 1])
        else:
            self._chords.set_segments([])
            self._exits.set_data([], [])
            self._entries.set_data([], [])
        (sx, sy), _ = self.scene.project(np.zeros(3))
        self._start.set_data([sx], [sy])
        (ex, ey), _ = self.scene.project(self.end)
        self._end.set_data([ex], [ey])
        self._place_numbers()

    def _place_numbers(self) -> None:
        """Each crossing's number beside its spot, outward from the centre, off the other names ("1" sat inside
        "identity" and across "turn axis" seen along its arc) and off the turn axis."""
        from ._placer import place_beside  # _placer builds on the items

        shown = [(label, label.p, np.zeros(3), label.text) for label in self.numbers[:self._numbered]]
        if shown:
            r = np.pi
            place_beside(self.scene, shown, gap=0.05, rings=(0.0, 1.0, 2.5, 4.0),
                         lines=[np.array([-1.08 * r * self.axis, 1.08 * r * self.axis])])
