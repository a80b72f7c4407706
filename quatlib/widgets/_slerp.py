"""Notebook 06: SLERP, NLERP and LERP between two orientations."""

from __future__ import annotations

import ipywidgets as W
import numpy as np

from .. import plot as qp
from ..models.slerp import (
    AXLE,
    CUBE_RADIUS,
    CUBE_SIDE,
    METHODS,
    NAMES,
    RADIUS,
    T_GRID,
    SlerpState,
    check_choices,
    slerp_state,
)
from ._base import Demo, angle_slider, control_style, fmt, fmt_vector, labelled, player, slider
from ._readouts import lines, note

__all__ = ["slerp_vs_nlerp"]

_C = qp.COLORS
COLORS = {"slerp": _C["vector2"], "nlerp": _C["vector"], "lerp": _C["note"]}
STYLES = {"slerp": "-", "nlerp": (0, (6, 2, 1.5, 2)), "lerp": (0, (4, 2.5))}  # never colour alone
LAG_RANGE = 9.0  # ± degrees on the lag chart: NLERP's largest lag on a short path is 8.15° (at 180°)


def slerp_vs_nlerp(angle: float = 150.0, t: float = 0.25, method: str = "slerp", shortest: bool = True, *,
                   azimuth: float = 0.0, elevation: float = 90.0, start_yaw: float = 0.0, start_pitch: float = 0.0,
                   transport: str = "image") -> Demo:
    """Interpolate a cube from one orientation to another with SLERP, NLERP or LERP, and compare them.

    The end is the start turned by ``angle`` about an axis (its azimuth and
    elevation; default Y), and all three methods turn the cube along that one
    arc.  Dots on the body point's path mark equal steps of ``t``: evenly spaced
    for SLERP, bunched at the ends for NLERP.  A translucent ghost shows NLERP
    at the same ``t`` beside SLERP and LERP, SLERP beside NLERP.  Beside the
    scene: the plane of S³ through 0, ``q0`` and ``q1`` (SLERP's arc, LERP's
    chord, each method's points, ``Ω`` = half the turn), NLERP's angle minus
    SLERP's and the angular speeds.  LERP is drawn with the sandwich
    ``q v q*``: its ``q`` is shorter than 1 between the ends, so the cube
    shrinks by ``|q|²`` while it turns as NLERP does.  The math is
    :func:`quatlib.models.slerp.slerp_state`.

    Parameters
    ----------
    angle : float
        Turn from start to end, 0 to 360 degrees (360: ``q1 = -q0``, the same
        orientation reached by a full turn).
    t : float
        Interpolation parameter, 0 to 1.
    method : {"slerp", "nlerp", "lerp"}
        Which method moves the cube.
    shortest : bool
        Flip ``q1`` when ``q0·q1 < 0`` (the turn is then at most 180°).
    azimuth, elevation : float
        The turn axis, degrees (elevation 90: the Y axis).
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
    check_choices(method, shortest)  # (before the buttons, which would only say "Invalid selection")
    W_IN, H_IN, PANEL = 7.4, 4.5, 4.0
    fig = qp.figure((W_IN, H_IN), dpi=100)
    # every text that moves with the view or the method is drawn as an outline (OutlineText): a Text costs
    # milliseconds per update, a static one a redraw of the whole figure when the view turns
    scene = qp.Scene(fig.add_axes((0.0, 0.0, PANEL / W_IN, PANEL / H_IN)), extent=1.5, world_frame=False)
    items = {
        "ends": [qp.Cube.outline(scene, CUBE_SIDE, c) for c in (_C["faint"], _C["note"])],
        # the other method at the same t, a translucent cube in its colour (one shown: GHOSTS)
        "ghosts": {m: qp.Cube.outline(scene, CUBE_SIDE, COLORS[m], linewidth=1.3, alpha=0.06)
                   for m in ("slerp", "nlerp")},
        "cube": qp.Cube(scene, side=CUBE_SIDE, alpha=0.3),
        # the turn's axis, its name, and how it is set: its azimuth on the floor (xz-plane) and the arc up to it
        # (its elevation); at elevation ±90° the axis is ±y whatever the azimuth, and the arc is what it still turns
        "axle": qp.TurnAxis(scene, AXLE, card=True),
        "sphere": qp.Sphere(scene, RADIUS),  # the sphere the body point moves on
        # one path of the body point per method (only the chosen one is shown): the whole path faint, the part so
        # far bold, dots at t = 0, 0.1, ..., 1 (evenly spaced for SLERP, bunched at the ends for NLERP), a needle
        "paths": {m: qp.SpherePath(scene, radius=RADIUS, color=COLORS[m]) for m in METHODS},
        "title": qp.OutlineText(scene, xy=(0.5, 1.02), fontsize=11, va="bottom"),  # changes with the method
    }
    # the world's x, y, z, kept off the lines that do not move with t (see _draw: an axis along a world axis has its
    # head where that axis' letter is written); made after those, so that a view turn places the letters after them.
    # On cards: an axis seen end-on has its tip over the cube (drawn under them), and no place beside it is clear
    items["world"] = world = qp.WorldAxes(scene, card=True)
    items["axle"].keep_off_lines = world.lines  # its name off them (on the x axis in a top view), and off the notes
    # "q0" and "q1" beside the path's ends, off each other, the world letters, the axis label and the disc the
    # cube turns in (radius CUBE_RADIUS whatever its orientation), and off the world's axes, the turn axis and the
    # path shown (seen edge-on, at view (90, 0), all of them lie along one line, and the names sat on it)
    items["end_labels"] = qp.PlacedLabels(scene, {"q0": "q0", "q1": "q1"}, colors={"q0": _C["note"], "q1": _C["note"]},
                                          fontsize=9, avoid=[*world.letters, items["axle"].label],
                                          discs=[(0, 0, CUBE_RADIUS)], rings=np.arange(1, 21),
                                          keep_off=[world, items["axle"],
                                                    *(path.whole for path in items["paths"].values())])
    for item in (*items["ends"], items["end_labels"]):
        item.static = True  # they change with the two orientations only: drawn into the cached camera layer
    # so do the turn axis and its meridian; its name is drawn over the moving cube, on a card: seen end-on, the axis
    # ends over the cube, and the cube's edges crossed the name
    items["axle"].backdrop(*items["axle"].arrow.artists, *items["axle"].meridian.artists)
    x0, width = (PANEL + 0.55) / W_IN, (W_IN - PANEL - 0.7) / W_IN
    # the q0–q1 plane of the sphere of quaternions (its y range, -0.67 to 1.2, at 0.826 in per unit)
    items["plane"] = qp.ArcAndChord(fig.add_axes((x0 - 0.1 / W_IN, 2.696 / H_IN, width + 0.2 / W_IN, 1.544 / H_IN)),
                                    COLORS)
    # LERP turns exactly as NLERP (it differs in length only: the chord in the picture above), so these two
    # charts show SLERP and NLERP, and their titles say so
    shown = ("slerp", "nlerp")
    charts = {"lag": {"rect": (x0, 1.84 / H_IN, width, 0.64 / H_IN), "ylim": (-LAG_RANGE, LAG_RANGE),
                      "yticks": [-8, -4, 0, 4, 8], "title": "NLERP's angle − SLERP's (°)"},
              "speed": {"rect": (x0, 0.66 / H_IN, width, 0.64 / H_IN), "ylim": (0, 2.05),
                        "yticks": [0, 0.5, 1, 1.5, 2], "title": "angular speed ÷ average"}}
    items["plots"] = qp.ChartStack(fig, charts, {m: COLORS[m] for m in shown}, xlim=(0, 1), legend=False,
                                   styles={m: STYLES[m] for m in shown}, xlabel="t  (LERP turns as NLERP)")
    controls = {
        "t": slider("t", t, 0.0, 1.0, 0.01),
        "method": W.ToggleButtons(options=[(NAMES[m], m) for m in METHODS], value=method, description="method",
                                  style=control_style(button_width="70px")["style"],
                                  tooltips=["great arc, constant speed", "chord, normalized", "chord, not unit"]),
        "shortest": W.Checkbox(value=shortest, description="short path (flip q1 if q0·q1 < 0)",
                               indent=False, layout=control_style()["layout"]),
        "angle": angle_slider("turn (°)", angle, 0, 360, 1, parameter="angle",
                              tooltip="from the start to the end orientation"),
        "azimuth": angle_slider("axis azimuth (°)", azimuth, -180, 180, 5),
        "elevation": angle_slider("axis elevation (°)", elevation, -90, 90, 5),
        "start_yaw": angle_slider("start yaw (°)", start_yaw, -180, 180, 5, parameter="start_yaw"),
        "start_pitch": angle_slider("start pitch (°)", start_pitch, -90, 90, 5, parameter="start_pitch"),
    }
    items["play"] = player(controls["t"], 100, description="play t", show_repeat=True,
                           layout=W.Layout(width="150px"))
    return Demo("slerp_vs_nlerp", fig, controls, model=slerp_state, draw=_draw, items=items, scenes=[scene],
                buttons={"play": labelled("play", items["play"])}, transport=transport, view=(35.0, 22.0),
                description="a cube interpolated between two orientations with SLERP, NLERP or LERP")


def _draw_path(it: dict, path) -> None:
    """The parts that change only with the two orientations: outlines, axis, meridian, the plane, the charts."""
    for end, M in zip(it["ends"], path.ends, strict=True):
        end.set_data(M)
    it["axle"].set_data(path.axis, path.meridian)
    # SLERP's points evenly spaced on the arc, NLERP's bunched (LERP's on the chord, pushed out to the circle)
    it["plane"].set_path(path.plane["arc"], path.plane["ticks"], path.omega_label)
    it["plots"].set_curves(T_GRID, path.charts)
    it["plots"]["lag"].set_note(path.off_chart_note(LAG_RANGE))
    it["plots"]["speed"].set_note(path.speed_note)  # (its curves are capped at SPEED_CAP)


def _draw(demo: Demo, s: SlerpState) -> str:
    it, m = demo.items, s.method
    if demo.changed(s, "path"):
        _draw_path(it, s.path)
    if demo.changed(s, "path", "method"):  # the method's whole path and its t-steps
        it["paths"][m].set_path(s.whole, s.path.ticks[m])
    if demo.changed(s, "method"):
        it["plots"].highlight("nlerp" if m == "lerp" else m)
        for name, path in it["paths"].items():
            path.set_visible(name == m)
        it["title"].set_data(text=s.title)  # the numbers are in the readout
    if demo.changed(s, "path", "method"):
        # the world's letters off the lines that do not move with t (axis, meridian, end outlines, the whole path
        # shown), then "q0" and "q1" off them and the axis label: placed by the state alone, not by its history
        it["world"].keep_letters_off(it["axle"], *it["ends"], it["paths"][m].whole)
        it["end_labels"].set_data(dict(zip(("q0", "q1"), s.path.labels, strict=True)))
        it["axle"].changed()  # the static items and the axis above: the camera layer is drawn again, once
    it["cube"].show(s.cube)  # hidden where the method has no answer
    for key, ghost in it["ghosts"].items():  # the other method at the same t, if it has an answer
        ghost.show(s.ghost if key == s.ghost_method else None)
    it["paths"][m].set_data(s.trail, s.needle)
    it["plots"].set_cursor(s.t, s.cursors)
    it["plane"].set_now(s.plane_now)
    demo.scenes[0].set_note(s.note, color=_C["warn"])
    return _readout(s)


def _readout(s: SlerpState) -> str:
    """The numbers at ``t``: the angle turned, the flip, ``q(t)``, every method's angle and speed, and why not."""
    lag = "" if s.lag_now is None else f" (NLERP − SLERP = {fmt(s.lag_now, 2)}°)"
    return lines(
        s.problem is None and f"<b>{NAMES[s.method]}</b>, t = {s.t:.2f}: turned <b>{fmt(s.angle, 2)}°</b> of "
                              f"{fmt(s.total, 1)}°",
        s.flipped and f"q0·q1 = {fmt(s.dot, 3)} &lt; 0: q1 flipped to −q1, so the cube turns {fmt(s.total, 0)}° "
                      f"the short way instead of {fmt(s.turn, 0)}°.",
        s.long_way and f"q0·q1 = {fmt(s.dot, 3)} &lt; 0 and no flip: the long way round, {fmt(s.total, 0)}°.",
        s.q is not None and f"q(t) = <code>{fmt_vector(s.q)}</code>, |q| = {fmt(s.length, 4)}",
        s.lerp_note and note(s.lerp_note, color=_C["caution"]),
        s.turned_now and (f"at t = {s.t:.2f}: "
                          + ", ".join(f"{NAMES[n]} {fmt(a, 2)}°" for n, a in s.turned_now.items()) + lag),
        s.ghost_note and note(s.ghost_note),
        s.speeds_shown and "speed (° per unit t): " + ", ".join(f"{NAMES[n]} {fmt(v, 0)}"
                                                                for n, v in s.speeds_shown.items()),
        s.why and f"<span style='color:{_C['warn']}'>{s.why}</span>",
        s.pole_note and note(s.pole_note),
        height=1.5)
