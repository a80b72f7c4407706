"""Notebook 03: a rotation is two reflections, and the quaternion is the pair of mirrors."""

from __future__ import annotations

import numpy as np
from matplotlib.font_manager import FontProperties
from matplotlib.text import Text

from .. import plot as qp
from ..models.geometry import arc_points
from ..models.mirrors import MirrorsState, mirrors_state, place_labels
from ..plot import Label, LetteredCube, Polyline, darken, legend, overlay
from ._base import Demo, angle_slider, fmt, fmt_vector

__all__ = ["two_mirrors"]

_C = qp.COLORS
MIRROR_COLORS = (_C["mirror"], _C["mirror2"])  # mirror 1 light blue, mirror 2 sand
_SIDE = 0.5  # the cube's side
_FONT = 9.5  # the names in the scene
# Where a name may go, as offsets from what it names in units of the cube's side: a cube's name above, below or
# beside it; a point's name on two rings around the point.  _Names takes the first free one.
_AROUND_CUBE = [(0, 0.9), (0, -0.9), (1.3, 0), (-1.3, 0), (1.1, 0.8), (-1.1, 0.8), (1.1, -0.8), (-1.1, -0.8),
                (0, 1.4), (0, -1.4)]
_AROUND_POINT = [(r * np.cos(a), r * np.sin(a)) for r in (0.3, 0.55) for a in np.radians(np.arange(0, 360, 45))]


def _code(text: str) -> str:
    """Monospace numbers that never break across lines."""
    return f"<code style='white-space:nowrap'>{text}</code>"


def two_mirrors(mirror_angle: float = 45.0, turn: float = 0.0, azimuth: float = 0.0, elevation: float = 90.0,
                *, position=(-0.27, 0.3, 1.0), view=(35.0, 30.0), transport: str = "image") -> Demo:
    """Two mirrors through the origin: reflecting in one, then the other, is a rotation.

    A small cube carrying a letter F (and red, green, blue faces for +x, +y, +z)
    is reflected in mirror 1 (light blue): its ghost, drawn pale and dashed, is
    the mirror image -- the F reads backwards and the face colours go round the
    other way.  Reflecting the ghost in mirror 2 (sand) gives a solid copy again:
    the original *turned* about the line where the mirrors meet, by twice the
    angle ``φ`` between them.  The quaternion of that turn is the product of the
    mirrors' unit normals, ``q = n₂ n₁``; the readout sets it beside
    ``quaternion_from_axis_angle(axis, 2φ)``: equal up to sign (``q`` and ``−q``
    are the same rotation).  The math is :func:`quatlib.models.mirrors.mirrors_state`.

    Parameters
    ----------
    mirror_angle : float
        Angle ``φ`` between the mirrors in degrees, 0 to 180.  0 and 180: the
        mirrors coincide (no turn, no axis); 45: a 90° turn; 90: a 180° turn.
    turn : float
        Turns both mirrors together about their common line, in degrees: the
        rotation does not change (only the angle between the mirrors matters).
    azimuth, elevation : float
        Direction of the line where the mirrors meet, in degrees:
        ``(cos el cos az, sin el, −cos el sin az)``.  The default is the y axis.
    position : (float, float, float)
        Centre of the original cube (it stays put; the mirrors move).
    view : (float, float)
        Initial camera (azimuth, elevation) in degrees; a little higher than the
        course default so the angle between the mirrors reads well.
    transport : {"image", "ipympl"}

    Returns
    -------
    Demo
        ``demo.state`` is the :class:`~quatlib.models.mirrors.MirrorsState` drawn (``q``, ``q_axis_angle``,
        ``rotation_angle``, ``n1``, ``n2``, ``axis``, ``degenerate``...); ``demo.items`` the scene's artist
        objects (``original``, ``ghost``, ``final``, ``planes``...).

    Examples
    --------
    >>> import quatlib as ql
    >>> demo = ql.widgets.two_mirrors(mirror_angle=45)
    >>> demo.state.rotation_angle
    90.0
    >>> demo.state.q, demo.state.q_axis_angle
    (array([-0.7071,  0.    , -0.7071,  0.    ]), array([0.7071, 0.    , 0.7071, 0.    ]))
    >>> demo.set(mirror_angle=0).state.degenerate
    True
    """
    c0 = np.asarray(position, dtype=float).reshape(3)
    fig, (scene,) = qp.panels(1, size=4.8, extent=2.0, footer=0.3,
                              titles=["reflect in mirror 1, then in mirror 2"])
    ink = [darken(col, 0.3) for col in MIRROR_COLORS]
    legend(overlay(scene), [("mirror 1, normal n₁", ink[0]), ("mirror 2, normal n₂", ink[1])])  # still: drawn once
    names = {  # every name in the scene, placed by _Names so that none covers another
        "original": ("original", _C["ink"]), "ghost": ("in mirror 1", _C["note"]), "final": ("in both", _C["vector2"]),
        "phi": ("φ", _C["ink"]), "turn": ("2φ", _C["vector2"]), "axis": ("axis", _C["ink"]),
        "n1": ("n₁", ink[0]), "n2": ("n₂", ink[1]),
    }
    items = {
        "planes": [qp.Plane(scene, size=2.7, color=col, alpha=0.2, show_normal=False) for col in MIRROR_COLORS],
        "normals": [qp.Arrow(scene, color=col, linewidth=2.2, head=0.1) for col in ink],
        "rays": [Polyline(scene, color=col, linewidth=2.4) for col in ink],  # the mirrors' edges at φ
        "axis": qp.Arrow(scene, color=_C["ink"], linewidth=1.3, head=0.1, linestyle=(0, (5, 3))),
        "phi_arc": qp.Arc(scene, color=_C["ink"], linewidth=1.4, head=0.07),
        "turn_arc": qp.Arc(scene, color=_C["vector2"], linewidth=2.0),
        "original": LetteredCube(scene, _SIDE, center=c0),
        "ghost": LetteredCube(scene, _SIDE, ghost=True, center=c0),
        "final": LetteredCube(scene, _SIDE, center=c0),
        "names": {key: Label(scene, text, c0, color=col, fontsize=_FONT, card=True)
                  for key, (text, col) in names.items()},
    }
    items["placer"] = _Names(scene, fig, items["names"])  # made last: it moves the names after everything else
    controls = {
        "mirror_angle": angle_slider("mirror angle φ (°)", mirror_angle, 0, 180),
        "turn": angle_slider("turn both (°)", turn, -180, 180),
        "azimuth": angle_slider("axis azimuth (°)", azimuth, -180, 180),
        "elevation": angle_slider("axis elevation (°)", elevation, -90, 90),
    }
    return Demo("two_mirrors", fig, controls, model=lambda **v: mirrors_state(**v, position=c0), draw=_draw,
                items=items, scenes=[scene], transport=transport, view=view,
                description="two mirrors whose reflections make a rotation by twice the angle between them")


def _draw(demo: Demo, s: MirrorsState) -> str:
    """Move the mirrors, the two copies and the angles to ``s``; the readout compares ``n₂ n₁`` with axis-angle."""
    it, scene = demo.items, demo.scenes[0]
    line, shown = s.line, not s.degenerate
    it["original"].set_data(np.eye(3), s.position)
    it["ghost"].set_data(s.ghost_matrix, s.ghost_center)
    it["final"].set_data(s.final_matrix, s.final_center)
    along = float(s.position @ line)
    base = (-0.95 if along >= 0 else 0.95) * line  # φ is drawn on the line, at the end away from the cube
    for plane, arrow, ray, n, edge in zip(it["planes"], it["normals"], it["rays"], (s.n1, s.n2), s.edges, strict=True):
        plane.set_data(n, in_plane=line)
        arrow.set_data(base + 0.7 * n, base)
        ray.set_data(np.array([base, base + 1.3 * edge]))
    phi, turn = np.radians(s.mirror_angle), np.radians(s.rotation_angle)
    phi_points = arc_points(line, 0.7 * s.edges[0], phi, center=base)
    it["phi_arc"].set_data(phi_points, base, phi)
    floor = (along - 0.6 * _SIDE) * line  # the arc runs under the cubes, from the original to the turned copy
    turn_points = arc_points(line, s.position - along * line, turn, center=floor, n=96)
    it["turn_arc"].set_data(turn_points, floor, turn)
    it["axis"].set_data(1.75 * line, -1.75 * line)
    for item in ("axis", "phi_arc", "turn_arc"):
        it[item].set_visible(shown)
    # a copy (nearly) on the original gets one name instead of two on top of each other
    near = bool(np.linalg.norm(s.final_center - s.position) < 1.2 * _SIDE)
    final = "in both = original" if s.no_turn else "in both ≈ original" if near else "in both"
    spots = {"original": None if near else s.position, "ghost": s.ghost_center, "final": s.final_center,
             "phi": phi_points[len(phi_points) // 2] if shown else None,
             "turn": turn_points[len(turn_points) // 2] if shown else None,
             "axis": 1.5 * line if shown else None, "n1": base + 0.7 * s.n1, "n2": base + 0.7 * s.n2}
    it["names"]["final"].set_data(s.final_center, final)
    it["names"]["phi"].set_data(s.position, f"φ = {fmt(s.mirror_angle, 0)}°")
    it["names"]["turn"].set_data(s.position, f"2φ = {fmt(s.rotation_angle, 0)}°")
    it["placer"].set_data(spots)
    if s.degenerate:
        why = "φ = 0°: the mirrors coincide" if s.mirror_angle < 90 else "φ = 180°: n₂ = −n₁, the same mirror again"
        scene.set_note(f"{why}.\nReflecting twice in one mirror undoes it:\nno turn, and no axis (every line in\n"
                       "the mirror would do).", color=_C["warn"])
    else:
        scene.set_note("")
    scene.set_caption(f"q = n₂n₁ = {fmt_vector(s.q)}")
    return _readout(s)


class _Names(qp.Item):
    """Writes each name of the scene beside its 3D point, on no other text; again whenever the view turns.

    ``set_data(spots)`` takes ``{name: point or None}`` (None hides the name).  The names are placed in order (the
    cubes' first) by :func:`quatlib.models.mirrors.place_labels`, around their points' screen positions, away from
    every other text of the figure (legend, axis letters, title) and inside the panel; a point's name that finds
    no free spot is left out (the legend and the readout say it).  Being the scene's last item, its
    :meth:`project` runs after every other item has followed a turn of the view.
    """

    def __init__(self, scene, fig, names):
        super().__init__(scene)
        self.fig, self.names, self.spots = fig, names, {}

    def set_data(self, spots: dict) -> None:
        self.spots = dict(spots)
        self.project()

    def project(self) -> None:
        scene, names, spots = self.scene, self.names, self.spots
        ax, renderer = scene.ax, self.fig.canvas.get_renderer()
        keys = [k for k, p in spots.items() if p is not None]
        mine = {names[k].text for k in names}
        others = [t.get_window_extent(renderer).extents for t in self.fig.findobj(Text)
                  if t.get_visible() and t.get_text().strip() and t.get_text() not in mine]
        font, height = FontProperties(size=_FONT), renderer.points_to_pixels(_FONT) * 1.05  # one line of text
        sizes = [(renderer.get_text_width_height_descent(names[k].text, font, ismath=False)[0] + 4, height + 4)
                 for k in keys]
        unit = float(np.diff(ax.transData.transform([(0, 0), (_SIDE, 0)])[:, 0])[0])  # the cube's side in pixels
        anchors = ax.transData.transform(np.array([scene.project(spots[k])[0] for k in keys]).reshape(-1, 2))
        cubes = ("original", "ghost", "final")
        candidates = [unit * np.array(_AROUND_CUBE if k in cubes else _AROUND_POINT) for k in keys]
        optional = [i for i, k in enumerate(keys) if k not in cubes]
        offsets = place_labels(anchors, sizes, candidates, others, ax.get_window_extent(renderer).extents, optional)
        for k in names:
            names[k].set_visible(False)
        for k, offset in zip(keys, offsets, strict=True):
            if offset is not None:
                names[k].offset = np.asarray(offset) / unit * _SIDE  # pixels to the scene's screen units
                names[k].set_data(spots[k])
                names[k].set_visible(True)


def _readout(s: MirrorsState) -> str:
    if s.opposite_sign and not s.same_sign:
        sign_text = "✓ <b>equal up to sign</b>: n₂n₁ = −q<sub>aa</sub>, and q, −q are the same rotation"
    elif s.same_sign and not s.opposite_sign:
        sign_text = "✓ <b>equal</b> (here even the signs agree): the same rotation"
    else:  # pragma: no cover - would be a bug in quatlib
        sign_text = f"<span style='color:{_C['warn']}'>✗ not the same rotation</span>"
    if s.degenerate:
        axis_text = (f"<span style='color:{_C['warn']}'><b>axis undefined</b>: the mirrors are one plane "
                     f"(n₁ × n₂ = 0). A turn by {fmt(s.rotation_angle, 0)}° is no turn: "
                     f"q = n₂n₁ = {fmt(s.q[0], 0)}, the identity up to sign.</span>")
    else:
        axis_text = f"axis = n₁×n₂ / |n₁×n₂| = {_code(fmt_vector(s.axis, 3))}"
    return (
        "<div style='line-height:1.6'>"
        f"mirror angle φ = <b>{fmt(s.mirror_angle, 0)}°</b> → turn by 2φ = <b>{fmt(s.rotation_angle, 0)}°</b><br>"
        f"{axis_text}<br>"
        f"n₁ = {_code(fmt_vector(s.n1, 3))}<br>n₂ = {_code(fmt_vector(s.n2, 3))}<br>"
        f"q = n₂ n₁ =<br>&nbsp;&nbsp;{_code(fmt_vector(s.q))}<br>"
        "q<sub>aa</sub> = quaternion_from_axis_angle(axis, 2φ) =<br>"
        f"&nbsp;&nbsp;{_code(fmt_vector(s.q_axis_angle))}<br>"
        f"{sign_text}<br>"
        f"{'✓' if s.reflections_agree else '✗'} mirror 1, then mirror 2 moves every point as q v q* does. "
        f"One mirror: det {fmt(s.ghost_det, 0)} (handedness flipped); "
        f"two: det +{fmt(s.final_det, 0)} (a rotation)</div>"
    )
