"""Notebook 06: SLERP, NLERP and LERP between two orientations."""

from __future__ import annotations

import ipywidgets as W
import numpy as np

from .. import plot as qp
from ..models.slerp import AXLE, METHODS, NAMES, RADIUS, T_GRID, SlerpState, slerp_state
from ._base import Demo, angle_slider, control_style, fmt, fmt_vector, labelled, player, slider

__all__ = ["slerp_vs_nlerp"]

_C = qp.COLORS
COLORS = {"slerp": _C["vector2"], "nlerp": _C["vector"], "lerp": "#6f6f6f"}
STYLES = {"slerp": "-", "nlerp": "-", "lerp": (0, (4, 2.5))}
TITLES = {"slerp": "SLERP: the great arc, even steps", "nlerp": "NLERP: the chord, normalized",
          "lerp": "LERP: the chord, drawn with q v q*"}
_SIDE = 1.0  # cube side: the corner is at 0.87, the body point at 1.25


def slerp_vs_nlerp(angle: float = 150.0, t: float = 0.25, method: str = "slerp", shortest: bool = True, *,
                   azimuth: float = 0.0, elevation: float = 90.0, start_yaw: float = 0.0, start_pitch: float = 0.0,
                   transport: str = "image") -> Demo:
    """Interpolate a cube from one orientation to another with SLERP, NLERP or LERP, and compare them.

    The end orientation is the start turned by ``angle`` about an axis (set by
    its azimuth and elevation; default Y).  All three methods move the cube
    along the same arc of orientations, about that axis; the dots on the path
    of the body-fixed point are equal steps of ``t``: evenly spaced for SLERP,
    bunched at the ends for NLERP (it is slow there and fast in the middle).
    The plots show, for all three at once, the angle turned, the angular speed
    relative to the average (SLERP's, constant), and the length ``|q(t)|``.

    LERP is drawn honestly with the sandwich ``q v q*``: its ``q`` is shorter
    than 1 between the ends, so the cube shrinks by ``|q|²`` (as a rotation,
    ``q v q⁻¹``, it would turn exactly like NLERP).  With "short path" on, an
    end more than 180° away (``q0·q1 < 0``) is reached the other way round.
    The math is :func:`quatlib.models.slerp.slerp_state`.

    Parameters
    ----------
    angle : float
        Turn from start to end, degrees, 0 to 360 (360 is the same orientation
        reached by a full turn: ``q1 = -q0``).
    t : float
        Interpolation parameter, 0 to 1.
    method : {"slerp", "nlerp", "lerp"}
        Which method moves the cube.
    shortest : bool
        Flip ``q1`` when ``q0·q1 < 0``.
    azimuth, elevation : float
        Direction of the turn axis, degrees (elevation 90 = the Y axis).
    start_yaw, start_pitch : float
        The start orientation, degrees (``R = Ry(yaw) · Rx(pitch)``).
    transport : {"image", "ipympl"}
        How the figure is shown.

    Examples
    --------
    >>> import quatlib as ql
    >>> demo = ql.widgets.slerp_vs_nlerp(angle=150, t=0.25, method="nlerp")
    >>> print(f"{demo.state.angle:.2f}")
    33.02
    >>> print(f"{demo.set(method='slerp').state.angle:.2f}")
    37.50
    """
    if method not in METHODS:
        raise ValueError(f"Expected method in {METHODS}, got {method!r}")
    W_IN, H_IN, PANEL = 7.4, 4.3, 4.0
    fig = qp.figure((W_IN, H_IN), dpi=100)
    # every text that moves with the view or the method is drawn as an outline (OutlineText): a Text costs
    # milliseconds per update, a static one a redraw of the whole figure when the view turns
    scene = qp.Scene(fig.add_axes((0.0, 0.0, PANEL / W_IN, PANEL / H_IN)), extent=1.5, world_frame=False)
    world = qp.WorldAxes(scene)
    # beside the tip, not on it: at elevation ±90° the axis tip is where the world's "y" is written
    axle_label = qp.OutlineText(scene, "axis", fontsize=9, ha="left", offset=(0.07, 0.0), inside=True)
    items = {
        "ghosts": [qp.Cube(scene, side=_SIDE, alpha=0.0, edgecolor=c, colored_faces=False, mark=None, linewidth=1.0)
                   for c in ("#9a9a9a", "#5f5f5f")],
        "cube": qp.Cube(scene, side=_SIDE, alpha=0.3),
        "axle": qp.Arrow(scene, color=_C["ink"], linewidth=1.1, head=0.08, linestyle=(0, (4, 3))),
        "axle_label": axle_label,
        # how the axis is set: its azimuth on the floor (xz-plane) and the arc up to it (its elevation); at
        # elevation ±90° the axis is ±y whatever the azimuth, and this is what the azimuth slider still turns
        "meridian": qp.Polyline(scene, color="#8a8a8a", linewidth=0.9, linestyle=(0, (1.2, 2.4)), split=True),
        # one path per method (only the chosen one is shown): the whole path faint, the part so far bold, and
        # dots at t = 0, 0.1, ..., 1
        "wholes": {m: qp.Polyline(scene, color=COLORS[m], linewidth=1.0, alpha=0.5, split=True) for m in METHODS},
        "sphere": qp.Sphere(scene, RADIUS),  # the sphere the body point moves on
        "trails": {m: qp.Trail(scene, radius=RADIUS, color=COLORS[m], linewidth=2.4, sphere=False) for m in METHODS},
        "ticks": {m: qp.Dots(scene, color=COLORS[m], size=5.5) for m in METHODS},
        "needles": {m: qp.Arrow(scene, color=COLORS[m], linewidth=1.6, head=0.08) for m in METHODS},
        "end_labels": _EndLabels(scene, avoid=[*world.letters, axle_label]),
        "title": qp.OutlineText(scene, xy=(0.5, 1.02), fontsize=11, va="bottom"),  # changes with the method
    }
    x0, width = (PANEL + 0.55) / W_IN, (W_IN - PANEL - 0.7) / W_IN
    with qp.style():
        axes = [fig.add_axes((x0, y, width, 0.215)) for y in (0.705, 0.395, 0.085)]
    colors = {NAMES[m]: COLORS[m] for m in METHODS}
    common = {"xlim": (0, 1), "styles": {NAMES[m]: STYLES[m] for m in METHODS}}
    above = {"legend": False, "xticklabels": False, **common}  # the two charts above the one with the t axis
    items["plots"] = {
        "angle": qp.Curves(axes[0], colors, ylim=(0, 365), yticks=[0, 90, 180, 270, 360], title="angle turned (°)",
                           **above),
        "speed": qp.Curves(axes[1], colors, ylim=(0, 2.05), yticks=[0, 0.5, 1, 1.5, 2],
                           title="angular speed ÷ average", **above),
        "length": qp.Curves(axes[2], colors, ylim=(0, 1.12), yticks=[0, 0.5, 1], title="length |q(t)|", xlabel="t",
                            legend_loc="lower left", legend_cols=3, **common),
    }

    controls = {
        "t": slider("t", t, 0.0, 1.0, 0.01),
        "method": W.ToggleButtons(options=[(NAMES[m], m) for m in METHODS], value=method, description="method",
                                  style=control_style(button_width="70px")["style"],
                                  tooltips=["great arc, constant speed", "chord, normalized", "chord, not unit"]),
        "shortest": W.Checkbox(value=bool(shortest), description="short path (flip q1 if q0·q1 < 0)",
                               indent=False, layout=control_style()["layout"]),
        "angle": angle_slider("turn (°)", angle, 0, 360, 1, tooltip="from the start to the end orientation"),
        "azimuth": angle_slider("axis azimuth (°)", azimuth, -180, 180, 5),
        "elevation": angle_slider("axis elevation (°)", elevation, -90, 90, 5),
        "start_yaw": angle_slider("start yaw (°)", start_yaw, -180, 180, 5),
        "start_pitch": angle_slider("start pitch (°)", start_pitch, -90, 90, 5),
    }
    items["play"] = player(controls["t"], 100, description="play t", show_repeat=True,
                           layout=W.Layout(width="150px"))
    return Demo("slerp_vs_nlerp", fig, controls, model=slerp_state, draw=_draw, items=items, scenes=[scene],
                buttons={"play": labelled("play", items["play"])}, transport=transport, view=(35.0, 22.0),
                description="a cube interpolated between two orientations with SLERP, NLERP or LERP")


class _EndLabels(qp.Item):
    """"q0" and "q1" beside the two ends of the path, placed clear of each other and of the labels in ``avoid``.

    Each label is tried at :attr:`GAP` from its end in eight directions, first those both away from the other
    end and out from the centre (off the cube); it takes the first place where its box meets none of the boxes
    already placed (the other label's, the world letters', the axis label's): never on top of another text,
    however close the ends or however the view lines them up.
    """

    GAP = 0.14  # scene units from its end to a label's centre
    TURNS = np.radians(np.arange(0, 360, 45))

    def __init__(self, scene, avoid=()):
        super().__init__(scene)
        self.labels = [self.adopt(qp.OutlineText(scene, text, color="#5f5f5f", fontsize=9, inside=True))
                       for text in ("q0", "q1")]
        self.avoid = list(avoid)
        self.ends = np.array([[-1.0, 0, 0], [1.0, 0, 0]])

    def set_data(self, p0, p1) -> None:
        self.ends = qp.as_points([p0, p1], "path ends")
        for label, p in zip(self.labels, self.ends, strict=True):
            label.set_data(p)
        self.project()

    def project(self) -> None:
        xy, _ = self.scene.project(self.ends)
        apart = xy[0] - xy[1]
        length = np.hypot(*apart)
        away = np.arctan2(apart[1], apart[0]) if length > 1e-9 else np.pi  # q0 to the left of q1
        taken = [a.pixel_box() for a in self.avoid]
        for label, p, heading in zip(self.labels, xy, (away, away + np.pi), strict=True):
            headings = heading + self.TURNS
            out = np.arctan2(p[1], p[0])
            for h in headings[np.argsort(-(np.cos(self.TURNS) + np.cos(headings - out)), kind="stable")]:
                label.offset = self.GAP * np.array([np.cos(h), np.sin(h)])
                label.project()
                box = label.pixel_box()
                if not any(_meet(box, other) for other in taken):
                    break
            taken.append(label.pixel_box())


def _meet(a, b) -> bool:
    """Do two boxes ``[[x0, y0], [x1, y1]]`` share an area?"""
    return bool(np.all(np.minimum(a[1], b[1]) > np.maximum(a[0], b[0])))


def _draw_path(it: dict, path) -> None:
    """The parts that change only with the two orientations: outlines, axis, meridian, the three curves."""
    for ghost, M in zip(it["ghosts"], path.ends, strict=True):
        ghost.set_data(M)
    it["axle"].set_data(AXLE * path.axis, -AXLE * path.axis)
    it["axle_label"].set_data((AXLE + 0.085) * path.axis)  # just beyond the tip, where an arrow writes its label
    it["end_labels"].set_data(*path.labels)  # after the axis label: they keep clear of it
    it["meridian"].set_data(path.meridian)
    for key, plot in it["plots"].items():
        for m, y in path.charts[key].items():
            plot.set_curve(NAMES[m], T_GRID, y)


def _draw(demo: Demo, s: SlerpState) -> str:
    it, m, old = demo.items, s.method, demo.state  # demo.state: the state drawn last (None the first time)
    if old is None or old.path is not s.path:
        _draw_path(it, s.path)
    if old is None or old.method != m:
        for plot in it["plots"].values():
            plot.highlight(NAMES[m])
        for name in METHODS:
            for kind in ("wholes", "trails", "ticks", "needles"):
                it[kind][name].set_visible(name == m)
        it["title"].set_data(text=TITLES[m])  # the numbers are in the readout
    it["cube"].set_visible(s.cube is not None)
    if s.cube is not None:
        it["cube"].set_data(s.cube)
    it["ticks"][m].set_data(s.path.ticks[m])
    it["wholes"][m].set_data(s.whole)
    it["trails"][m].set_data(s.trail)
    it["needles"][m].set_visible(s.needle is not None)
    if s.needle is not None:
        it["needles"][m].set_data(s.needle)
    for key, plot in it["plots"].items():
        plot.set_cursor(s.t, {NAMES[n]: y for n, y in s.cursors[key].items()})
    demo.scenes[0].set_note(s.note, color=_C["warn"])
    return _readout(s)


def _readout(s: SlerpState) -> str:
    name, total = NAMES[s.method], s.total
    rows = []
    if s.problem is None:
        rows.append(f"<b>{name}</b>, t = {s.t:.2f}: turned <b>{fmt(s.angle, 2)}°</b> of {fmt(total, 1)}°")
    if s.flipped:
        rows.append(f"q0·q1 = {fmt(s.dot, 3)} &lt; 0: q1 flipped to −q1, so the cube turns "
                    f"{fmt(total, 0)}° the short way instead of {fmt(s.turn, 0)}°.")
    elif s.dot < 0:
        rows.append(f"q0·q1 = {fmt(s.dot, 3)} &lt; 0 and no flip: the long way round, {fmt(total, 0)}°.")
    if s.q is not None:
        rows.append(f"q(t) = <code>{fmt_vector(s.q)}</code>, |q| = {fmt(s.length, 4)}")
        if s.method == "lerp" and abs(s.length - 1) > 1e-6:
            rows.append(f"<span style='color:#9a6700'>LERP is not unit: drawn with q v q*, the cube is "
                        f"scaled by |q|² = {fmt(s.length ** 2, 3)}. As a rotation (q v q⁻¹) it is NLERP.</span>")
    finite = [n for n in ("slerp", "nlerp") if np.isfinite(s.values[n]["angle"])]
    if finite:
        rows.append(f"at t = {s.t:.2f}: " + ", ".join(f"{NAMES[n]} {fmt(s.values[n]['angle'], 2)}°" for n in finite))
    speeds = ", ".join(f"{NAMES[n]} {fmt(s.values[n]['speed'], 0)}" for n in ("slerp", "nlerp")
                       if np.isfinite(s.values[n]["speed"]))
    if speeds and not s.same:
        rows.append(f"speed (° per unit t): {speeds}")
    if s.why:
        rows.append(f"<span style='color:#b03a2e'>{s.why}</span>")
    if abs(s.elevation) >= 90:
        rows.append(f"<span style='color:#777'>Axis elevation {fmt(s.elevation, 0)}°: the axis is "
                    f"{'+' if s.elevation > 0 else '−'}y whatever the azimuth (the dotted arc shows the "
                    "azimuth, where the axis tips to as the elevation goes down).</span>")
    return "<div style='line-height:1.5'>" + "<br>".join(rows) + "</div>"
