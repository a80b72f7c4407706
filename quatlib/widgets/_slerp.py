"""Notebook 06: SLERP, NLERP and LERP between two orientations."""

from __future__ import annotations

import html

import ipywidgets as W
import numpy as np

from .. import plot as qp
from .._algebra import conjugate, dot, multiply, norm
from .._axis_angle import quaternion_from_axis_angle
from .._drift import sandwich_matrix
from .._euler import quaternion_from_euler
from .._interp_motion import angular_speed, interpolate, swept_angle
from .._interpolate import lerp
from .._rotate import rotate_vector
from ..models.geometry import axis_frame
from ..plot import Curves, Dots, Label, Polyline
from ._base import _CONTROL_WIDTH, _DESCRIPTION_WIDTH, Demo, angle_slider, fmt, fmt_vector

__all__ = ["slerp_vs_nlerp", "profile", "body_point"]

_C = qp.COLORS
METHODS = ("slerp", "nlerp", "lerp")
NAMES = {"slerp": "SLERP", "nlerp": "NLERP", "lerp": "LERP"}
COLORS = {"slerp": _C["vector2"], "nlerp": _C["vector"], "lerp": "#6f6f6f"}
STYLES = {"slerp": "-", "nlerp": "-", "lerp": (0, (4, 2.5))}
TITLES = {"slerp": "SLERP: the great arc, even steps", "nlerp": "NLERP: the chord, normalized",
          "lerp": "LERP: the chord, drawn with q v q*"}
T_GRID = np.linspace(0.0, 1.0, 201)
T_TICKS = np.linspace(0.0, 1.0, 11)  # the dots along the path: equal steps of t
RADIUS = 1.25  # of the sphere the body point moves on (the cube's corner is at 0.87)
_PREFERRED = np.array([0.9, 0.3, 0.3]) / np.linalg.norm([0.9, 0.3, 0.3])  # body direction tried first
_SIDE = 1.0  # cube side: the corner is at 0.87, the body point at 1.2


def profile(q0, q1, t, method: str, shortest: bool = True) -> dict:
    """Everything the plots show about one interpolation, with NaN where it is undefined.

    Returns a dict with ``q`` (n, 4), ``angle`` (degrees turned along the arc,
    :func:`quatlib.swept_angle`), ``speed`` (degrees per unit t,
    :func:`quatlib.angular_speed`), ``length`` (``|q|``) and ``error`` (None, or
    the reason the method has no answer, e.g. SLERP between ``q0`` and ``-q0``
    with ``shortest=False``).  Where the chord passes through 0 (LERP and NLERP
    between ``q0`` and ``-q0`` at ``t = ½``) the entries are NaN.
    """
    t = np.asarray(t, dtype=float)
    n = len(t)
    nan4 = np.full((n, 4), np.nan)
    out = {"q": nan4, "angle": np.full(n, np.nan), "speed": np.full(n, np.nan), "length": np.full(n, np.nan),
           "error": None}
    chord = lerp(q0, q1, t, shortest=shortest)  # never raises: tells where the chord is 0
    ok = norm(chord) > 1e-12
    if method == "lerp":
        q = chord
    else:
        try:
            q = np.full((n, 4), np.nan)
            q[ok] = interpolate(q0, q1, t[ok], method, shortest)
        except ValueError as exc:
            out["error"] = str(exc)
            return out
    out["q"] = q
    out["length"][ok] = norm(q[ok])
    if method == "lerp":
        out["length"] = norm(chord)
    out["angle"][ok] = swept_angle(q0, q[ok], degrees=True)
    # the turning rate of the orientation; LERP turns like NLERP (it differs in length only)
    turning = "nlerp" if method == "lerp" else method
    try:
        out["speed"][ok] = angular_speed(q0, q1, t[ok], turning, shortest, degrees=True)
    except ValueError:  # t ± h straddles the chord's zero
        pass
    return out


def body_point(q0, axis) -> np.ndarray:
    """A point fixed to the cube, chosen so that it travels on a great circle of the sphere.

    The point turns about ``axis``; it traces the biggest circle when it is
    perpendicular to the axis.  Start from the body direction (0.9, 0.3, 0.3)
    (where it is at the start orientation ``q0``), remove its component along
    the axis, and scale to :data:`RADIUS`; returned in body coordinates (as the
    cube at the identity holds it).
    """
    axis = np.asarray(axis, dtype=float)
    for body in (_PREFERRED, np.array([0.0, 0.3, 0.95]), np.array([0.3, 0.95, 0.0])):
        p = rotate_vector(q0, body)
        p = p - (p @ axis) * axis
        if np.linalg.norm(p) > 0.4:
            return rotate_vector(conjugate(q0), RADIUS * p / np.linalg.norm(p))
    raise AssertionError("unreachable: three independent directions cannot all lie along one axis")


def _body_points(qs, body) -> np.ndarray:
    """Where the body point is for each orientation, by the sandwich q v q* (NaN rows stay NaN)."""
    finite = np.isfinite(qs).all(axis=1)
    pts = np.full((len(qs), 3), np.nan)
    pts[finite] = sandwich_matrix(qs[finite]) @ body
    return pts


def _orientations(v):
    """q0 from the start yaw/pitch, q1 = (turn by ``angle`` about the axis) · q0."""
    q0 = quaternion_from_euler(v.start_yaw, v.start_pitch, 0.0, degrees=True)
    axis = axis_frame(v.azimuth, v.elevation)[:, 0]
    turn = quaternion_from_axis_angle(axis, v.angle, degrees=True)
    return q0, multiply(turn, q0), axis


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
    >>> print(f"{demo.state['angle']:.2f}")
    33.02
    >>> print(f"{demo.set(method='slerp').state['angle']:.2f}")
    37.50
    """
    if method not in METHODS:
        raise ValueError(f"Expected method in {METHODS}, got {method!r}")
    W_IN, H_IN, PANEL = 7.4, 4.3, 4.0
    fig = qp.figure((W_IN, H_IN), dpi=100)
    scene = qp.Scene(fig.add_axes((0.0, 0.0, PANEL / W_IN, PANEL / H_IN)), extent=1.5, title="")
    scene.world.static = True  # moves only with the view
    ghosts = [qp.Cube(scene, side=_SIDE, alpha=0.0, edgecolor=c, colored_faces=False, mark=None, linewidth=1.0)
              for c in ("#9a9a9a", "#5f5f5f")]
    cube = qp.Cube(scene, side=_SIDE, alpha=0.3)
    axle = qp.Arrow(scene, color=_C["ink"], linewidth=1.1, head=0.08, linestyle=(0, (4, 3)), label="axis",
                    fontsize=9)
    # how the axis is set: its azimuth on the floor (xz-plane) and the arc up to it (its elevation); at elevation
    # ±90° the axis is ±y whatever the azimuth, and this is what the azimuth slider still visibly turns
    meridian = Polyline(scene, color="#8a8a8a", linewidth=0.9, linestyle=(0, (1.2, 2.4)), split=True)
    radius = RADIUS
    # one path per method (only the chosen one is shown): the whole path faint, the part so far bold,
    # and dots at t = 0, 0.1, ..., 1
    wholes = {m: Polyline(scene, color=COLORS[m], linewidth=1.0, alpha=0.5, split=True) for m in METHODS}
    sphere = qp.Trail(scene, radius=radius, marker_last=False)  # just the sphere the body point moves on
    sphere.static = True  # it moves only with the view
    trails = {m: qp.Trail(scene, radius=radius, color=COLORS[m], linewidth=2.4, sphere=False) for m in METHODS}
    ticks = {m: Dots(scene, color=COLORS[m], size=5.5) for m in METHODS}
    needles = {m: qp.Arrow(scene, color=COLORS[m], linewidth=1.6, head=0.08) for m in METHODS}
    end_labels = [Label(scene, text, color="#5f5f5f", fontsize=9, offset=(dx, 0.12))
                  for text, dx in (("q0", -0.1), ("q1", 0.1))]

    x0 = (PANEL + 0.55) / W_IN
    width = (W_IN - PANEL - 0.7) / W_IN
    heights = 0.215
    with qp.style():
        axes = [fig.add_axes((x0, y, width, heights)) for y in (0.705, 0.395, 0.085)]
    colors = {NAMES[m]: COLORS[m] for m in METHODS}
    styles = {NAMES[m]: STYLES[m] for m in METHODS}
    plot_angle = Curves(axes[0], colors, xlim=(0, 1), ylim=(0, 365), styles=styles, live=True, legend=False,
                        title="angle turned (°)")
    plot_speed = Curves(axes[1], colors, xlim=(0, 1), ylim=(0, 2.05), styles=styles, live=True, legend=False,
                        title="angular speed ÷ average")
    plot_length = Curves(axes[2], colors, xlim=(0, 1), ylim=(0, 1.12), styles=styles, live=True, legend=True,
                         title="length |q(t)|", xlabel="t", legend_loc="lower left", legend_cols=3)
    axes[0].set_yticks([0, 90, 180, 270, 360])
    axes[1].set_yticks([0, 0.5, 1, 1.5, 2])
    axes[2].set_yticks([0, 0.5, 1])
    for ax in axes[:2]:
        ax.tick_params(labelbottom=False)
    plots = (plot_angle, plot_speed, plot_length)

    controls = {
        "t": W.FloatSlider(value=t, min=0.0, max=1.0, step=0.01, description="t", continuous_update=True,
                           readout_format=".2f", style={"description_width": _DESCRIPTION_WIDTH},
                                                 layout=W.Layout(width=_CONTROL_WIDTH)),
        "method": W.ToggleButtons(options=[(NAMES[m], m) for m in METHODS], value=method, description="method",
                                  style={"description_width": _DESCRIPTION_WIDTH, "button_width": "70px"},
                                  tooltips=["great arc, constant speed", "chord, normalized", "chord, not unit"]),
        "shortest": W.Checkbox(value=bool(shortest), description="short path (flip q1 if q0·q1 < 0)",
                               indent=False, layout=W.Layout(width=_CONTROL_WIDTH)),
        "angle": angle_slider("turn (°)", angle, 0, 360, 1, tooltip="from the start to the end orientation"),
        "azimuth": angle_slider("axis azimuth (°)", azimuth, -180, 180, 5),
        "elevation": angle_slider("axis elevation (°)", elevation, -90, 90, 5),
        "start_yaw": angle_slider("start yaw (°)", start_yaw, -180, 180, 5),
        "start_pitch": angle_slider("start pitch (°)", start_pitch, -90, 90, 5),
    }
    play = W.Play(value=int(round(t * 100)), min=0, max=100, step=1, interval=40, description="play t",
                  show_repeat=True, layout=W.Layout(width="150px"))
    play.observe(lambda ch: setattr(controls["t"], "value", ch["new"] / 100), names="value")
    controls["t"].observe(lambda ch: setattr(play, "value", int(round(ch["new"] * 100))), names="value")
    play_row = W.HBox([W.HTML(f"<span style='display:inline-block;width:{_DESCRIPTION_WIDTH};text-align:right;"
                              "padding-right:8px'>play</span>"), play])
    cache: dict = {"key": None}
    state: dict = {}

    def curves(v):
        """The three profiles and the fixed scene parts; recomputed only when the orientations change."""
        key = (v.angle, v.azimuth, v.elevation, v.start_yaw, v.start_pitch, v.shortest)
        if cache["key"] == key:
            return cache
        q0, q1, axis = _orientations(v)
        d = float(dot(q0, q1))
        flipped = bool(v.shortest and d < 0)
        q1_used = -q1 if flipped else q1
        total = float(swept_angle(q0, q1_used, degrees=True))  # the angle the arc turns through
        profiles = {m: profile(q0, q1, T_GRID, m, v.shortest) for m in METHODS}
        body = body_point(q0, axis)
        cache.update(key=key, q0=q0, q1=q1, axis=axis, dot=d, flipped=flipped, total=total, profiles=profiles,
                     body=body)
        ghosts[0].set_data(sandwich_matrix(q0))
        ghosts[1].set_data(sandwich_matrix(q1))
        for label, q in zip(end_labels, (q0, q1)):
            label.set_data(rotate_vector(q, body))
        axle.set_data(1.45 * axis, -1.45 * axis)
        meridian.set_data(_meridian(v.azimuth, v.elevation, 1.45))
        same = total < 1e-9 or abs(total - 360.0) < 1e-9
        for m in METHODS:
            p = profiles[m]
            speed = p["speed"] / total if total > 1e-9 else np.full_like(p["speed"], np.nan)
            plot_angle.set_curve(NAMES[m], T_GRID, p["angle"])
            plot_speed.set_curve(NAMES[m], T_GRID, np.where(np.isfinite(speed), np.minimum(speed, 2.04), np.nan)
                                 if not same else np.full_like(speed, np.nan))
            plot_length.set_curve(NAMES[m], T_GRID, p["length"])
        return cache

    def update(v):
        c = curves(v)
        m = v.method
        for name in METHODS:
            for plot in plots:
                plot.set_style(NAMES[name], linewidth=2.6 if name == m else 1.3, alpha=1.0 if name == m else 0.75)
        for name in METHODS:
            for item in (wholes[name], trails[name], ticks[name], needles[name]):
                item.set_visible(name == m)
        p = c["profiles"][m]
        q0, q1, total = c["q0"], c["q1"], c["total"]
        t_now = float(v.t)

        # the cube now (the sandwich q v q*: LERP's short q shrinks it)
        problem = p["error"]
        q_now = None
        chord = float(norm(lerp(q0, q1, t_now, shortest=v.shortest)))
        if problem is None and m != "slerp" and chord < 1e-9:
            # q1 = -q0 up to rounding (a 360° turn): the chord is 0 at t = ½, or a rounding error whose
            # direction would be normalized into a meaningless half turn
            problem = "the chord passes through 0 here: q(t) = 0, no direction to normalize"
        if problem is None:
            try:
                q_now = interpolate(q0, q1, t_now, m, v.shortest)
            except ValueError as exc:
                problem = str(exc)
        length = float(norm(q_now)) if q_now is not None else chord
        if problem is None:
            cube.set_visible(True)
            cube.set_data(sandwich_matrix(q_now))
            angle_now = float(swept_angle(q0, q_now, degrees=True))
        else:
            cube.set_visible(False)
            angle_now = float("nan")

        # the path of the body point: whole (faint), so far (trail), and equal steps of t (dots)
        pts = _body_points(p["q"], c["body"])
        tick_idx = np.searchsorted(T_GRID, T_TICKS - 1e-12)
        ticks[m].set_data(pts[tick_idx][np.isfinite(pts[tick_idx]).all(axis=1)])
        arc = c["profiles"]["slerp"]
        if m == "nlerp" and arc["error"] is None:
            # NLERP runs along SLERP's arc, unevenly: draw the path from SLERP's even samples (smooth even
            # where NLERP races), up to the angle NLERP has reached
            arc_pts = _body_points(arc["q"], c["body"])
            wholes[m].set_data(arc_pts)
            reached = arc["angle"] <= angle_now + 1e-9 if problem is None else np.zeros(len(T_GRID), bool)
            trails[m].set_data(np.vstack([arc_pts[reached], pts[T_GRID <= t_now + 1e-12][-1:]]))
        else:
            wholes[m].set_data(pts)
            trails[m].set_data(pts[T_GRID <= t_now + 1e-12])
        if problem is None:
            needles[m].set_data(sandwich_matrix(q_now) @ c["body"])
        else:
            needles[m].set_visible(False)

        # cursors: every method's value at t
        i = int(np.argmin(np.abs(T_GRID - t_now)))
        exact = abs(T_GRID[i] - t_now) < 1e-9
        values = {}
        for name in METHODS:
            pm = c["profiles"][name]
            values[name] = {k: float(pm[k][i]) if exact else float(np.interp(t_now, T_GRID, pm[k]))
                            for k in ("angle", "speed", "length")}
        plot_angle.set_cursor(t_now, {NAMES[n]: values[n]["angle"] for n in METHODS})
        plot_speed.set_cursor(t_now, {NAMES[n]: min(values[n]["speed"] / total, 2.04) if total > 1e-9 else None
                                      for n in METHODS})
        plot_length.set_cursor(t_now, {NAMES[n]: values[n]["length"] for n in METHODS})

        # what to read
        same = total < 1e-9
        if total < 1e-9:
            why = ("360° is a full turn: the same orientation. The short path flips q1 = −q0 to q0, and nothing "
                   "moves; untick “short path” to see the full turn." if v.angle >= 180 else
                   "Start and end are the same orientation: nothing to interpolate (SLERP falls back to NLERP, "
                   "which returns q0).")
            scene.set_note("start = end: nothing moves", color=_C["warn"])
        elif problem is not None:
            why = _explain(m, problem)
            scene.set_note(_short(m, problem), color=_C["warn"])
        elif abs(total - 360.0) < 1e-6:
            why = ("q1 = −q0: the same orientation, a full turn away. The chord from q0 to −q0 runs straight "
                   "through 0, so NLERP never turns: it stays at q0, and at t = ½ its sign flips to −q0 "
                   "(0° turned, then 360°: the same thing). LERP shrinks the cube to a point and back.")
            scene.set_note(f"{NAMES[m]}: q1 = −q0, no turn", color=_C["warn"])
        else:
            why = ""
            scene.set_note("")
        nlerp_speed = c["profiles"]["nlerp"]["speed"]
        peak = np.nanmax(nlerp_speed) / total if total > 1e-9 and np.isfinite(nlerp_speed).any() else 0.0
        if why == "" and peak > 2.0:
            why = (f"NLERP's speed peaks at {fmt(peak, 0)}× the average at t = ½ (off the chart): near "
                   "q1 = −q0 the chord passes close to 0, and normalizing it swings the orientation round "
                   "in a flash.")
        scene.set_title(TITLES[m])  # changes with the method only: the numbers are in the readout
        state.update(dot=c["dot"], q0=q0, q1=q1, q=q_now, angle=angle_now, total=total, length=length, problem=problem,
                     flipped=c["flipped"], values=values, same=same)

        rows = []
        if problem is None:
            rows.append(f"<b>{NAMES[m]}</b>, t = {t_now:.2f}: turned <b>{fmt(angle_now, 2)}°</b> of {fmt(total, 1)}°")
        if c["flipped"]:
            rows.append(f"q0·q1 = {fmt(c['dot'], 3)} &lt; 0: q1 flipped to −q1, so the cube turns "
                        f"{fmt(total, 0)}° the short way instead of {fmt(v.angle, 0)}°.")
        elif c["dot"] < 0:
            rows.append(f"q0·q1 = {fmt(c['dot'], 3)} &lt; 0 and no flip: the long way round, {fmt(total, 0)}°.")
        if problem is None and q_now is not None:
            rows.append(f"q(t) = <code>{fmt_vector(q_now)}</code>, |q| = {fmt(length, 4)}")
            if m == "lerp" and abs(length - 1) > 1e-6:
                rows.append(f"<span style='color:#9a6700'>LERP is not unit: drawn with q v q*, the cube is "
                            f"scaled by |q|² = {fmt(length ** 2, 3)}. As a rotation (q v q⁻¹) it is NLERP.</span>")
        speeds = ", ".join(f"{NAMES[n]} {fmt(values[n]['speed'], 0)}" for n in ("slerp", "nlerp")
                           if np.isfinite(values[n]["speed"]))
        angles = ", ".join(f"{NAMES[n]} {fmt(values[n]['angle'], 2)}°" for n in ("slerp", "nlerp")
                           if np.isfinite(values[n]["angle"]))
        if angles:
            rows.append(f"at t = {t_now:.2f}: {angles}")
        if speeds and not same:
            rows.append(f"speed (° per unit t): {speeds}")
        if why:
            rows.append(f"<span style='color:#b03a2e'>{why}</span>")
        if abs(v.elevation) >= 90:
            rows.append(f"<span style='color:#777'>Axis elevation {fmt(v.elevation, 0)}°: the axis is "
                        f"{'+' if v.elevation > 0 else '−'}y whatever the azimuth (the dotted arc shows the "
                        "azimuth, where the axis tips to as the elevation goes down).</span>")
        return "<div style='line-height:1.5'>" + "<br>".join(rows) + "</div>"

    demo = Demo("slerp_vs_nlerp", fig, controls, update, scenes=[scene], transport=transport,
                buttons=[play_row], view=(35.0, 22.0),
                description="a cube interpolated between two orientations with SLERP, NLERP or LERP")
    demo.state = state
    demo.play = play
    demo.plots = {"angle": plot_angle, "speed": plot_speed, "length": plot_length}
    demo.items = {"cube": cube, "ghosts": ghosts, "ticks": ticks, "trails": trails, "wholes": wholes,
                  "needles": needles, "meridian": meridian}
    return demo


def _meridian(azimuth: float, elevation: float, radius: float, n: int = 25) -> np.ndarray:
    """Points from the origin out along the floor at ``azimuth``, then up the arc of radius ``radius`` to the axis.

    The floor direction is the axis at elevation 0 (:func:`axis_frame`), the arc turns it about the frame's
    second column up to ``elevation``; its end is ``radius`` times the axis.
    """
    frame = axis_frame(azimuth, 0.0)
    floor, up = frame[:, 0], frame[:, 1]  # up is +y: the elevation turns floor toward it
    s = np.radians(np.linspace(0.0, elevation, n))
    arc = radius * (np.outer(np.cos(s), floor) + np.outer(np.sin(s), up))
    return np.vstack([np.zeros(3), arc])


def _short(method: str, problem: str) -> str:
    if method == "slerp":
        return "SLERP: q1 = −q0, no unique arc"
    if "through 0" in problem or "misses the origin" in problem:
        return f"{NAMES[method]}: q(t) = 0 here"
    return f"{NAMES[method]}: undefined here"


def _explain(method: str, problem: str) -> str:
    if method == "slerp":
        return ("SLERP refuses: q1 = −q0 is the start orientation again, reached by a full 360° turn, and every "
                "great circle through q0 reaches −q0, so there is no one arc to follow. Tick “short path” or "
                "choose another turn.")
    if "through 0" in problem or "misses the origin" in problem:
        what = ("q(t) = 0, and q v q* squashes the cube to a point" if method == "lerp"
                else "0 has no direction to normalize")
        return (f"{NAMES[method]} at t = ½ between q0 and −q0: the chord (1 − t) q0 + t q1 is 0: {what}. "
                "Move t, or tick “short path”.")
    return html.escape(problem)
