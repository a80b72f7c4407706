"""Notebook 07: the belt trick -- a tethered cube, a turn slider, and an untangling computed by quatlib.belt."""

from __future__ import annotations

import html

import ipywidgets as W
import matplotlib
import numpy as np
from matplotlib.collections import LineCollection, PolyCollection
from matplotlib.lines import Line2D
from matplotlib.patches import Circle

from .. import belt
from .. import plot as qp
from ._base import _CONTROL_WIDTH, _DESCRIPTION_WIDTH, Demo, angle_slider, fmt, fmt_vector
from ._scene import Bars, Label, Polyline, StaticText

__all__ = ["belt_trick"]

_C = qp.COLORS
_RIBBON_FRONT = _C["vector"]  # one side of every ribbon orange ...
_RIBBON_BACK = _C["vector2"]  # ... the other purple: each half-turn of twist shows as a change of colour
_PATH = _C["vector2"]
_CIRCUMRADIUS = belt.CUBE_SIDE * np.sqrt(3) / 2
_VIEW = (25.0, 28.0)  # (azimuth, elevation): the vertical axis up, the back wall visible
_N_ALONG = 81  # samples along each ribbon in the picture (the tests use finer ones)
_PLAY_STEPS = 50  # frames of the untangling animation (the slider's step is 1/50)

# draw order: ribbon pieces behind the cube go below its back faces, pieces in front above its front faces
_Z_RIBBON_BACK = qp._Z_BACK - 5.0
_Z_RIBBON_FRONT = qp._Z_FRONT + 6.0


class Tethers(qp._Item):
    """Ribbons from the walls to a cube, and the wall plates they are anchored to, depth-ordered around the cube.

    ``Tethers(scene).set_data(ribbons, R, anchors, walls)`` with ``ribbons`` of
    shape ``(n_ribbons, n_along, n_across, 3)`` (e.g. ``quatlib.belt.scene(...)``).
    Each quad is coloured by the side of the ribbon facing the viewer (orange /
    purple) and shaded by how squarely it faces; a ribbon's twist reads as bands
    of alternating colour.  Every piece outside the cube's circumscribed sphere
    and nearer the viewer than the centre is drawn over the cube, the rest under
    it: exact for a convex cube at the centre, since such a point can only be
    hidden by the cube if it is behind the centre.  The pieces attached to a face
    (inside the sphere) follow that face: over the cube if it faces the viewer.
    """

    def __init__(self, scene, *, front=_RIBBON_FRONT, back=_RIBBON_BACK, wall_size=0.75,
                 wall_color=_C["face"], circumradius=_CIRCUMRADIUS):
        super().__init__(scene)
        self._colors = np.array([matplotlib.colors.to_rgb(front), matplotlib.colors.to_rgb(back)])
        self._wall_rgba = np.array([*matplotlib.colors.to_rgb(wall_color), 0.55])
        self._wall_edge = np.array([*matplotlib.colors.to_rgb(_C["faint"]), 0.9])
        self.wall_size = float(wall_size)
        self.circumradius = float(circumradius)
        self._polys = [PolyCollection([], linewidths=0.6, zorder=z, antialiased=True)
                       for z in (_Z_RIBBON_BACK, _Z_RIBBON_FRONT)]
        self._bolts = [Line2D([], [], ls="none", marker="o", ms=5, color=_C["ink"], mec="white", mew=0.8, zorder=z)
                       for z in (_Z_RIBBON_BACK + 0.1, _Z_RIBBON_FRONT + 0.1)]
        for p in self._polys:
            self.ax.add_collection(p)
        for b in self._bolts:
            self.ax.add_line(b)
        self._artists = [*self._polys, *self._bolts]

    def set_data(self, ribbons, R, anchors, walls) -> None:
        v = qp._as_points(ribbons, "ribbon vertices")
        if v.ndim != 4 or v.shape[1] < 2 or v.shape[2] < 2:
            raise ValueError(f"Expected ribbons with shape (n_ribbons, n_along, n_across, 3), got {v.shape}")
        m, na, nc, _ = v.shape
        quads = np.stack([v[:, :-1, :-1], v[:, 1:, :-1], v[:, 1:, 1:], v[:, :-1, 1:]], axis=3)
        self.quads = quads.reshape(-1, 4, 3)
        self.ribbon_of_quad = np.repeat(np.arange(m), (na - 1) * (nc - 1))
        self.R = qp._as_matrix(R)
        self.anchors = qp._as_points(anchors, "anchors").reshape(-1, 3)
        normals = qp._as_points(walls, "wall normals").reshape(-1, 3)
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
        self._project()

    def _project(self) -> None:
        toward = self.scene.camera.toward
        q = self.quads
        normals = np.cross(q[:, 2] - q[:, 0], q[:, 3] - q[:, 1])
        lengths = np.linalg.norm(normals, axis=1)
        facing = (normals @ toward) / np.where(lengths > 0, lengths, 1.0)
        shade = 0.6 + 0.4 * np.abs(facing)
        rgb = self._colors[(facing < 0).astype(int)] * shade[:, None] + (1 - shade[:, None]) * 0.12
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


class BallOfRotations(qp._Item):
    """The ball of rotations (radius π) with a path in it, its surface crossings and its end point.

    ``BallOfRotations(scene, axis).set_data(path)`` with ``path`` a
    :class:`quatlib.belt.BallPath`.  The outline of the ball, its equator
    (perpendicular to ``axis``) and the axis are drawn faintly; the path is solid
    in front of the centre and dashed behind; where it leaves through the surface
    a filled dot, where it comes back in (the opposite point: the same rotation)
    an open one, joined by a dotted chord.
    """

    def __init__(self, scene, axis=(0, 1, 0), *, color=_PATH):
        super().__init__(scene)
        self.axis = np.asarray(axis, dtype=float)
        r = np.pi
        self._outline = Circle((0, 0), r, facecolor=(0.5, 0.5, 0.5, 0.05), edgecolor=_C["faint"], lw=1.0,
                               zorder=qp._Z_WORLD)
        self.ax.add_patch(self._outline)
        t = np.linspace(0, 2 * np.pi, 97)
        e1 = np.cross(self.axis, [0.0, 0.0, 1.0] if abs(self.axis[2]) < 0.9 else [1.0, 0.0, 0.0])
        e1 /= np.linalg.norm(e1)
        e2 = np.cross(self.axis, e1)
        self.equator = Polyline(scene, r * (np.outer(np.cos(t), e1) + np.outer(np.sin(t), e2)),
                                color=_C["faint"], linewidth=0.9, split=True, zorder=qp._Z_WORLD + 1)
        self.axis_line = Polyline(scene, np.array([-1.08 * r * self.axis, 1.08 * r * self.axis]),
                                  color=_C["faint"], linewidth=0.9, linestyle=(0, (4, 3)), zorder=qp._Z_WORLD + 1)
        self.axis_label = Label(scene, "turn axis", 1.1 * r * self.axis, color="#888888", offset=(-0.15, 0.05),
                                fontsize=8.5, ha="right")
        self.center = Label(scene, "identity", (0, 0, 0), color="#888888", offset=(0.05, -0.25), fontsize=8.5,
                            ha="left")
        self.path = Polyline(scene, color=color, linewidth=2.4, split=True, zorder=qp._Z_MID)
        self._chords = LineCollection([], colors=_C["warn"], linewidths=1.0, linestyles=(0, (1.5, 2.5)),
                                      zorder=qp._Z_MID + 1)
        self._exits = Line2D([], [], ls="none", marker="o", ms=7, color=_C["warn"], mec="white", mew=0.8,
                             zorder=qp._Z_MID + 3)
        self._entries = Line2D([], [], ls="none", marker="o", ms=7, mfc="white", mec=_C["warn"], mew=1.6,
                               zorder=qp._Z_MID + 3)
        self._start = Line2D([], [], ls="none", marker="o", ms=5, color=_C["ink"], zorder=qp._Z_MID + 2)
        self._end = Line2D([], [], ls="none", marker="o", ms=8, color=_C["vector"], mec=_C["ink"], mew=0.8,
                           zorder=qp._Z_MID + 4)
        for a in (self._chords,):
            self.ax.add_collection(a)
        for a in (self._exits, self._entries, self._start, self._end):
            self.ax.add_line(a)
        for item in (self.equator, self.axis_line, self.axis_label, self.center, self.path):
            scene.items.remove(item)
        self._artists = [self._outline, *self.equator._artists, *self.axis_line._artists, *self.axis_label._artists,
                         *self.center._artists, *self.path._artists, self._chords, self._exits, self._entries,
                         self._start, self._end]
        self.crossings = np.zeros((0, 2, 3))
        self.end = np.zeros(3)

    def set_data(self, path) -> None:
        self.path.points = np.asarray(path.points, dtype=float).reshape(-1, 3)
        self.crossings = np.asarray(path.crossings, dtype=float).reshape(-1, 2, 3)
        self.end = np.asarray(path.end, dtype=float).reshape(3)
        self._project()

    def _project(self) -> None:
        for item in (self.equator, self.axis_line, self.axis_label, self.center, self.path):
            item._project()
        if len(self.crossings):
            xy, _ = self.scene.project(self.crossings)
            self._chords.set_segments(list(xy))
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


def _state_words(turn: float, u: float, allowed: bool) -> tuple[str, str]:
    """(title of the belt panel, short note) for the current state.

    Both change only when the state changes kind (the numbers are in the caption), so
    dragging a slider does not redraw the figure's still background every frame.
    """
    k360 = turn / 360.0
    full_turns = abs(k360 - round(k360)) < 1e-9
    if u >= 1.0 and allowed and turn != 0:
        return "untangled: the ribbons are straight again", "The cube never moved."
    if u > 0 and allowed and turn != 0:
        return "untangling: the cube stays still", "The ribbons pass around the cube."
    if turn == 0:
        return "turn the cube about the vertical axis", ("Nothing to untangle: no turn yet." if u > 0 else "")
    if full_turns and round(k360) % 2 == 1:
        return "one turn: the cube is back, the ribbons are not", "q = −1: cannot be untangled"
    if allowed:
        return "two turns: twisted twice, yet it can be undone", "q = +1: press 'untangle'"
    return "turning: the ribbons twist", ""


def belt_trick(turn: float = 0.0, untangle: float = 0.0, *, transport: str = "image") -> Demo:
    """A cube tethered to the walls by three ribbons: turn it, then try to untangle the ribbons.

    The turn slider spins the cube about the vertical (y) axis, from 0° to 720°;
    the ribbons twist with it (:func:`quatlib.belt.scene`).  The "untangle" button
    and slider are enabled only when the followed quaternion
    ``q = cos(T/2) + sin(T/2) ŷ`` is ``+1`` (at 0° and 720°); at 360° it is ``−1``
    and the panel says why nothing can be done.  Untangling moves the ribbons
    around the cube (the deformation ``H(s, u)`` of :mod:`quatlib.belt`); the cube
    never moves, and no ribbon passes through another or through the cube.

    Right: the rotations along a ribbon, from the wall (the identity, at the
    centre) to the cube (the orange dot), as a path in the ball of rotations
    (rotation vector θn, radius π, opposite surface points the same rotation).
    Red dots: where the path goes out through the surface and comes back in at
    the opposite point.  One crossing (360°) cannot be removed; two (720°) can:
    as the untangling runs they meet and vanish, and the loop shrinks to the centre.

    Parameters
    ----------
    turn : float
        Initial turn in degrees, 0 to 720.
    untangle : float
        Initial untangling progress, 0 to 1 (ignored unless ``turn`` is 0 or 720).
    transport : {"image", "ipympl"}

    Returns
    -------
    Demo
        With ``demo.untangle_button``, ``demo.play`` (the animation, started by the
        button or ``demo.start_untangling()``), ``demo.reason`` (the visible
        explanation) and ``demo.state`` (the scene, the ball path, whether
        untangling is allowed and why).

    Examples
    --------
    >>> import quatlib as ql
    >>> demo = ql.widgets.belt_trick(turn=360)
    >>> demo.untangle_button.disabled, demo.state["n_crossings"]
    (True, 1)
    >>> demo.set(turn=720).untangle_button.disabled
    False
    >>> demo.set(untangle=1.0).state["n_crossings"]
    0
    """
    size, band, footer = 4.3, 0.3, 0.3
    height = size + band + footer
    fig = qp.figure((2 * size, height))
    scene = qp.Scene(fig.add_axes((0.0, footer / height, 0.5, size / height)), extent=2.25, view=_VIEW,
                     world_frame=False)
    ball = qp.Scene(fig.add_axes((0.5, footer / height, 0.5, size / height)), extent=1.25 * np.pi, view=_VIEW,
                    world_frame=False, title="the ball of rotations")
    cube = qp.Cube(scene, side=belt.CUBE_SIDE)
    tethers = Tethers(scene)
    ballart = BallOfRotations(ball, belt.TURN_AXIS)
    gauge = Bars(ball, ("w", "x", "y", "z"), [_C["ink"], *qp.AXIS_COLORS], rect=(0.05, 0.8, 0.17, 0.12),
                 title="followed q", fontsize=8)
    note = StaticText(scene, (0.02, 0.02), "")

    untangle0 = float(untangle) if belt.untangle_allowed(turn)[0] else 0.0
    controls = {
        "turn": angle_slider("turn (°)", turn, 0.0, 720.0, 5.0, tooltip="turn the cube about the vertical axis"),
        "untangle": W.FloatSlider(value=untangle0, min=0.0, max=1.0, step=1.0 / _PLAY_STEPS,
                                  description="untangled", continuous_update=True, readout_format=".2f",
                                  tooltip="0: twisted, 1: straight; the cube does not move",
                                  style={"description_width": _DESCRIPTION_WIDTH},
                                  layout=W.Layout(width=_CONTROL_WIDTH)),
    }
    button = W.Button(description="untangle ▶", tooltip="untangle the ribbons without moving the cube",
                      layout=W.Layout(width="120px"))
    play = W.Play(value=int(round(untangle0 * _PLAY_STEPS)), min=0, max=_PLAY_STEPS, step=1, interval=60,
                  description="run the untangling", layout=W.Layout(width="120px"))
    reason = W.HTML(layout=W.Layout(width=_CONTROL_WIDTH))
    state = {}
    ref = {}

    def play_to_slider(change):
        controls["untangle"].value = change["new"] / _PLAY_STEPS

    def slider_to_play(change):
        play.value = int(round(change["new"] * _PLAY_STEPS))

    play.observe(play_to_slider, names="value")
    controls["untangle"].observe(slider_to_play, names="value")

    def click(_=None):
        if not belt.untangle_allowed(controls["turn"].value)[0]:
            return
        if controls["untangle"].value >= 1.0:
            play.value = 0
        play.playing = True

    button.on_click(click)

    def set_quietly(widget, value):
        """Move a control without triggering another repaint (we are inside one)."""
        demo = ref.get("demo")
        if demo is not None:
            widget.unobserve(demo._on_control, names="value")
        try:
            widget.value = value
        finally:
            if demo is not None:
                widget.observe(demo._on_control, names="value")

    def update(v):
        turn_deg = float(v.turn)
        allowed, why = belt.untangle_allowed(turn_deg)
        u = float(v.untangle) if allowed else 0.0
        if not allowed and v.untangle != 0.0:  # the turn moved away from 720°: twisted again
            set_quietly(controls["untangle"], 0.0)
        sc = belt.scene(turn_deg, u, n_along=_N_ALONG, n_across=2)
        path = belt.ball_path(turn_deg, u)
        cube.set_data(sc.R)
        tethers.set_data(sc.ribbons, sc.R, sc.anchors, sc.walls)
        ballart.set_data(path)
        gauge.set_data(sc.q)
        for w in (controls["untangle"], button, play):
            w.disabled = not allowed
        title, short = _state_words(turn_deg, u, allowed)
        scene.set_title(title)
        note.set_data(short, color=_C["ink"] if allowed else _C["warn"])
        scene.set_caption(f"q({fmt(turn_deg, 0)}°) = {fmt_vector(sc.q)}")
        k = path.n_crossings
        ball.set_caption(f"crossings of the surface: {k}")
        state.update(allowed=allowed, reason=why, scene=sc, path=path, n_crossings=k, q=sc.q, R=sc.R, untangle=u)
        colour = "#2e7d32" if allowed else _C["warn"]
        reason.value = (f"<div style='color:{colour};line-height:1.4'>{'✓' if allowed else '✗'} "
                        f"{html.escape(why)}</div>")
        return (
            "<div style='line-height:1.5'>"
            f"followed quaternion q = (w, x, y, z) =<br><code>{fmt_vector(sc.q)}</code><br>"
            f"cube turned by {fmt(turn_deg % 360, 0)}° (mod 360°); untangled {fmt(u, 2)}<br>"
            f"path crossings of the ball's surface: <b>{k}</b></div>"
        )

    demo = Demo("belt_trick", fig, controls, update, scenes=[scene, ball], transport=transport,
                buttons=[W.HBox([button, play])], extra=[reason],
                description="a cube tethered by three ribbons: turn it 360° or 720°, then try to untangle")
    ref["demo"] = demo
    demo.state = state
    demo.untangle_button = button
    demo.play = play
    demo.reason = reason
    demo.start_untangling = click
    return demo
