"""Notebook 02: order matters, the three-ring gimbal and gimbal lock, Euler angles vs a quaternion."""

from __future__ import annotations

import warnings

import ipywidgets as W
import numpy as np

from .. import plot as qp
from .._algebra import multiply, normalize
from .._axis_angle import quaternion_from_axis_angle
from .._euler import (
    GimbalLockWarning,
    euler_from_quaternion,
    euler_jacobian_rank,
    matrix_from_euler,
    quaternion_from_euler,
)
from .._interpolate import slerp
from .._matrix import matrix_from_quaternion
from ..models.geometry import arc_points
from ._base import _CONTROL_WIDTH, _DESCRIPTION_WIDTH, Demo, angle_slider, fmt, fmt_matrix, fmt_vector

__all__ = ["gimbal", "order_matters", "euler_vs_quaternion"]

_C = qp.COLORS
_X, _Y, _Z = np.eye(3)


def gimbal(yaw: float = 20.0, pitch: float = 0.0, roll: float = 30.0, *, style: str = "sweep",
           transport: str = "image") -> Demo:
    """Yaw, pitch and roll sliders driving a cube inside a three-ring gimbal.

    The outer ring (green) turns about the world y axis by yaw, the middle ring
    (red) about the yawed x axis by pitch, the inner ring (blue) about the
    cube's z axis by roll: ``R = Ry(yaw) · Rx(pitch) · Rz(roll)``.  Each ring is
    drawn in the plane its turn sweeps (:class:`quatlib.plot.Gimbal`).  At pitch
    ±90° the roll axis has turned onto the yaw axis, so the inner ring lies in the
    outer ring's plane: yaw and roll turn about the same line, the rank of the
    map (yaw, pitch, roll) → orientation drops from 3 to 2, and a degree of
    freedom is lost.  ``gimbal(style="mechanical")`` draws a physical gimbal
    instead (each ring holds the next one's pivots).

    Examples
    --------
    >>> import quatlib as ql
    >>> demo = ql.widgets.gimbal(yaw=20, pitch=90, roll=10)
    >>> demo.state["rank"]
    2
    >>> demo.set(pitch=45).state["rank"]
    3
    """
    fig, (scene,) = qp.panels(1, size=4.6, extent=1.9)
    rings = qp.Gimbal(scene, radii=(1.55, 1.32, 1.1), style=style)
    cube = qp.Cube(scene, side=0.95)
    frame = qp.Frame(scene, length=0.9, linewidth=2.0, head=0.09)
    controls = {
        "yaw": angle_slider("yaw (°)", yaw),
        "pitch": angle_slider("pitch (°)", pitch, -90, 90),
        "roll": angle_slider("roll (°)", roll),
    }
    state = {}

    def update(v):
        R_outer = matrix_from_euler(v.yaw, 0.0, 0.0, degrees=True)
        R_middle = matrix_from_euler(v.yaw, v.pitch, 0.0, degrees=True)
        R = matrix_from_euler(v.yaw, v.pitch, v.roll, degrees=True)
        rank = int(euler_jacobian_rank(v.yaw, v.pitch, v.roll, degrees=True))
        rings.set_data(R_outer, R_middle, R)
        cube.set_data(R)
        frame.set_data(R)
        roll_axis = R_middle[:, 2]
        alignment = abs(float(roll_axis @ _Y))  # |cos| of the angle between roll and yaw axes
        state.update(rank=rank, R=R, alignment=alignment)
        if rank < 3:
            sign = "+" if v.pitch > 0 else "−"
            combo = "yaw − roll" if v.pitch > 0 else "yaw + roll"
            combo_value = v.yaw - v.roll if v.pitch > 0 else v.yaw + v.roll
            scene.set_title(f"pitch = {sign}90°: yaw and roll turn about the same axis")
            what = ("the blue roll ring lies in the green yaw\nring's plane" if style == "sweep" else
                    "the blue roll axle lies along the green\nyaw axle")
            scene.set_note(f"Gimbal lock: {what}. Three sliders, only two ways to turn.")
            lock = (f"<div style='color:#b03a2e'><b>Gimbal lock.</b> Rank 2: one degree of freedom lost. "
                    f"Only {combo} = {fmt(combo_value, 0)}° matters now; change yaw and roll together "
                    "keeping it fixed and the cube does not move.</div>")
        else:
            scene.set_title("R = Ry(yaw) · Rx(pitch) · Rz(roll)")
            near = abs(v.pitch) >= 75
            scene.set_note("Close to gimbal lock: the roll axis nears the yaw axis." if near else "")
            lock = ("<div>Rank 3: yaw, pitch and roll turn about three independent axes.</div>"
                    if not near else
                    "<div style='color:#9a6700'>Rank 3, but the roll axis is close to the yaw axis: "
                    "yaw and roll do almost the same thing.</div>")
        return (
            "<div style='line-height:1.5'>"
            f"rank of (yaw, pitch, roll) → R: <b>{rank}</b> &nbsp; "
            f"(degrees of freedom lost: <b>{3 - rank}</b>)<br>"
            f"angle between the roll and yaw axes: {fmt(np.degrees(np.arccos(min(alignment, 1.0))), 1)}°<br>"
            f"{lock}R = Ry(yaw)·Rx(pitch)·Rz(roll) =<br>{fmt_matrix(R)}</div>"
        )

    demo = Demo("gimbal", fig, controls, update, scenes=[scene], transport=transport,
                description="yaw, pitch and roll sliders driving a three-ring gimbal; gimbal lock at pitch ±90°")
    demo.state = state
    return demo


def order_matters(angle: float = 90.0, progress: float = 2.0, *, transport: str = "image") -> Demo:
    """A cube turned about X then Y, beside one turned about Y then X: the results differ.

    ``progress`` runs the two turns: 0 to 1 is the first turn, 1 to 2 the second.
    The turns are about the fixed world axes, so the left cube ends at
    ``Ry · Rx`` and the right one at ``Rx · Ry``.

    Examples
    --------
    >>> import quatlib as ql
    >>> demo = ql.widgets.order_matters()
    >>> demo.state["same"]
    False
    >>> demo.set(angle=0).state["same"]
    True
    """
    fig, scenes = qp.panels(2, size=3.6, extent=1.6,
                            titles=["about x, then about y", "about y, then about x"])
    cubes = [qp.Cube(s, side=1.0) for s in scenes]
    frames = [qp.Frame(s, length=1.05, linewidth=2.0, head=0.09) for s in scenes]
    axles = [qp.Arrow(s, color=_C["ink"], linewidth=1.4, head=0.1, linestyle=(0, (4, 3))) for s in scenes]
    arcs = [qp.Arc(s, color=_C["vector2"], label="", label_radius=1.25) for s in scenes]
    controls = {
        "progress": W.FloatSlider(value=progress, min=0.0, max=2.0, step=0.05, description="turns done",
                                  continuous_update=True, readout_format=".2f",
                                  style={"description_width": _DESCRIPTION_WIDTH},
                                  layout=W.Layout(width=_CONTROL_WIDTH)),
        "angle": angle_slider("each turn (°)", angle, 0, 180, 5),
    }
    orders = [((_X, "x"), (_Y, "y")), ((_Y, "y"), (_X, "x"))]
    state = {}

    def update(v):
        s1 = float(np.clip(v.progress, 0.0, 1.0))
        s2 = float(np.clip(v.progress - 1.0, 0.0, 1.0))
        finals = []
        for cube, frame, axle, arc, scene, ((a1, n1), (a2, n2)) in zip(cubes, frames, axles, arcs, scenes, orders):
            q1 = quaternion_from_axis_angle(a1, v.angle * s1, degrees=True)
            q2 = quaternion_from_axis_angle(a2, v.angle * s2, degrees=True)
            q = multiply(q2, q1)  # q1 first, then q2
            R = matrix_from_quaternion(q)
            cube.set_data(R)
            frame.set_data(R)
            finals.append(matrix_from_quaternion(multiply(
                quaternion_from_axis_angle(a2, v.angle, degrees=True),
                quaternion_from_axis_angle(a1, v.angle, degrees=True))))
            active, name, turned = (a1, n1, v.angle * s1) if v.progress <= 1.0 else (a2, n2, v.angle * s2)
            axle.set_data(1.35 * active, -1.35 * active)
            start = np.cross(active, (0.0, 0.0, 1.0) if name != "z" else (1.0, 0.0, 0.0))
            start = 0.7 * start / np.linalg.norm(start)
            arc.set_data(arc_points(active, start, np.radians(turned), center=0.55 * active), 0.55 * active,
                         np.radians(turned))
            arc.set_label(f"{fmt(turned, 0)}°")
            which = "first" if v.progress <= 1.0 else "second"
            scene.set_note(f"{which} turn: about {name}", color=_C["ink"])
        same = bool(np.allclose(finals[0], finals[1], atol=1e-9))
        state.update(same=same, finals=finals)
        verdict = ("✓ the same orientation (try a non-zero angle)" if same
                   else "✗ different orientations: in 3D the order of turns matters")
        return (
            "<div style='line-height:1.5'>"
            f"after both turns, about x then y (R<sub>y</sub>R<sub>x</sub>):<br>{fmt_matrix(finals[0])}<br>"
            f"about y then x (R<sub>x</sub>R<sub>y</sub>):<br>{fmt_matrix(finals[1])}<br>{verdict}</div>"
        )

    demo = Demo("order_matters", fig, controls, update, scenes=scenes, transport=transport,
                description="two cubes turned about x then y, and about y then x")
    demo.state = state
    return demo


def _quiet_euler(q) -> np.ndarray:
    """(yaw, pitch, roll) in degrees; at the lock quatlib warns, here the readout explains instead."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", GimbalLockWarning)
        return euler_from_quaternion(q, degrees=True)


def euler_vs_quaternion(start=(0.0, 45.0, 0.0), step: float = 15.0, first=(("x", +1),), *,
                        transport: str = "image") -> Demo:
    """The same nudges about the object's own axes, stored as Euler angles and as a quaternion.

    Each button turns both cubes by ``step`` about one of the object's own axes
    (the purple arc previews the next nudge).  The left cube keeps its
    orientation as (yaw, pitch, roll): after each nudge the angles are
    recomputed (``euler_from_quaternion``).  The right cube keeps a quaternion and
    multiplies by the nudge (``q ← q · Δq``).  Both show the same orientation, but
    near pitch ±90° the Euler angles jump (the history on the left below) while
    the quaternion's components move smoothly (right below).  The ``replay``
    slider re-runs the last nudge: the left cube by interpolating its angles (what
    an animation system keyed on Euler angles does), the right one by SLERP.

    Parameters
    ----------
    start : (yaw, pitch, roll)
        Orientation before the ``first`` nudges, in degrees.
    step : float
        Size of one nudge in degrees.
    first : sequence of (axis name, sign)
        Nudges applied when the demo is built (so there is a "last nudge" to
        replay from the start); the default ``+pitch`` takes pitch from 45° to 60°.

    Examples
    --------
    >>> import quatlib as ql
    >>> demo = ql.widgets.euler_vs_quaternion(start=(0, 80, 0), step=15, first=())
    >>> demo.nudge("x", +1)
    >>> [round(float(a)) for a in demo.state["euler"]]
    [180, 85, 180]
    """
    fig = qp.figure((7.2, 5.6), dpi=100)
    bottom, height = 0.36, 0.58  # square panels of 3.6 x 3.25 in, titles above
    scenes = [qp.Scene(fig.add_axes((0.0, bottom, 0.5, height)), extent=1.45, title="stored as Euler angles"),
              qp.Scene(fig.add_axes((0.5, bottom, 0.5, height)), extent=1.45, title="stored as a quaternion")]
    cubes = [qp.Cube(s, side=1.0) for s in scenes]
    frames = [qp.Frame(s, length=1.05, linewidth=2.0, head=0.09) for s in scenes]
    previews = [qp.Arc(s, color=_C["vector2"], linewidth=2.0, label="", label_radius=1.2) for s in scenes]
    with qp.style():
        ax_e = fig.add_axes((0.08, 0.07, 0.38, 0.24))
        ax_q = fig.add_axes((0.58, 0.07, 0.38, 0.24))
    hist_e = qp.History(ax_e, ("yaw", "pitch", "roll"), [qp.AXIS_COLORS[1], qp.AXIS_COLORS[0], qp.AXIS_COLORS[2]],
                        ylim=(-200, 230), window=30, ylabel="degrees", styles=["-", "-", "--"])
    hist_q = qp.History(ax_q, ("w", "x", "y", "z"), [_C["ink"], *qp.AXIS_COLORS], ylim=(-1.1, 1.45), window=30)
    ax_e.set_yticks([-180, -90, 0, 90, 180])

    controls = {
        "step": angle_slider("nudge (°)", step, 1, 45),
        "replay": W.FloatSlider(value=1.0, min=0.0, max=1.0, step=0.05, description="replay last",
                                continuous_update=True, readout_format=".2f",
                                style={"description_width": _DESCRIPTION_WIDTH}, layout=W.Layout(width=_CONTROL_WIDTH)),
    }
    play = W.Play(value=20, min=0, max=20, step=1, interval=60, description="replay the last nudge",
                  layout=W.Layout(width="120px"))
    play.observe(lambda ch: setattr(controls["replay"], "value", ch["new"] / 20), names="value")
    store = {}
    state = {}
    axes = {"x": _X, "y": _Y, "z": _Z}
    # the preview arc of a nudge about own axis k sweeps the tip of the next axis (x: y tip, y: z tip, z: x tip)
    swept = {"x": 1, "y": 2, "z": 0}

    def apply(axis_name: str, sign: int) -> None:
        dq = quaternion_from_axis_angle(axes[axis_name], sign * controls["step"].value, degrees=True)
        store["prev_q"], store["prev_euler"] = store["q"], store["euler"]
        # quaternion store: multiply on the right = turn about the object's own axis
        store["q"] = normalize(multiply(store["q"], dq))
        # Euler store: the same turn, then back to three angles
        store["euler"] = _quiet_euler(multiply(quaternion_from_euler(*store["euler"], degrees=True), dq))
        store["hist_e"].append(store["euler"])
        store["hist_q"].append(store["q"])
        store["last"] = (axis_name, sign)

    def restart() -> None:
        q0 = quaternion_from_euler(*start, degrees=True)
        e0 = np.asarray(start, dtype=float)
        store.update(q=q0, euler=e0, prev_q=q0, prev_euler=e0, hist_e=[e0], hist_q=[q0], last=("x", +1))
        for axis_name, sign in first:
            apply(axis_name, sign)

    def nudge(axis_name: str, sign: int) -> None:
        """Turn both cubes by one step about their own ``axis_name`` ('x', 'y' or 'z'), ``sign`` = ±1."""
        apply(axis_name, sign)
        with demo.hold():
            controls["replay"].value = 1.0
            demo._dirty = True

    def reset(_=None) -> None:
        """Back to the orientation the demo started with."""
        restart()
        with demo.hold():
            controls["replay"].value = 1.0
            demo._dirty = True

    restart()
    buttons = []
    rows = []
    for axis_name, label in (("x", "pitch"), ("y", "yaw"), ("z", "roll")):
        row = []
        for sign in (+1, -1):
            b = W.Button(description=f"{'+' if sign > 0 else '−'}{label} (own {axis_name})",
                         tooltip=f"turn both cubes {'+' if sign > 0 else '−'}step about their own {axis_name} axis",
                         layout=W.Layout(width="160px"))
            b.on_click(lambda _, a=axis_name, s=sign: nudge(a, s))
            row.append(b)
            buttons.append(b)
        rows.append(W.HBox(row))
    reset_button = W.Button(description="reset", layout=W.Layout(width="80px"))
    reset_button.on_click(reset)
    buttons.append(reset_button)

    def update(v):
        t = float(v.replay)
        euler_t = (1 - t) * store["prev_euler"] + t * store["euler"]
        R_e = matrix_from_euler(*euler_t, degrees=True)
        q_t = slerp(store["prev_q"], store["q"], t) if t < 1.0 else store["q"]
        R_q = matrix_from_quaternion(q_t)
        axis_name, sign = store["last"]
        k = "xyz".index(axis_name)
        for cube, frame, preview, R in zip(cubes, frames, previews, (R_e, R_q)):
            cube.set_data(R)
            frame.set_data(R)
            nudge = np.radians(sign * v.step)
            preview.set_data(arc_points(R[:, k], 1.22 * R[:, swept[axis_name]], nudge), angle=nudge)
            preview.set_label(f"{fmt(v.step, 0)}°")
        he, hq = np.array(store["hist_e"]), np.array(store["hist_q"])
        hist_e.set_data(he)
        hist_q.set_data(hq)
        jumps = np.abs(np.diff(he, axis=0)).max(axis=1) if len(he) > 1 else np.zeros(1)
        last_jump = float(jumps[-1])
        big = last_jump > 2 * v.step + 1e-9
        locked = abs(abs(float(store["euler"][1])) - 90.0) < 1e-6
        gap = float(np.degrees(np.arccos(np.clip((np.trace(R_e.T @ R_q) - 1) / 2, -1.0, 1.0))))
        state.update(euler=store["euler"], q=store["q"], jump=last_jump, tween_gap=gap)
        if locked:
            scenes[0].set_note("pitch = ±90°: yaw and roll are not unique here")
        elif big:
            scenes[0].set_note(f"the angles jumped by {fmt(last_jump, 0)}°\nfor a {fmt(v.step, 0)}° nudge")
        else:
            scenes[0].set_note("")
        scenes[1].set_note(f"mid-replay the cubes differ by {fmt(gap, 0)}°" if gap > 1 else "")
        e = store["euler"]
        return (
            "<div style='line-height:1.5'>"
            f"Euler (yaw, pitch, roll) = <code>({fmt(e[0], 1)}, {fmt(e[1], 1)}, {fmt(e[2], 1)})</code>°<br>"
            f"quaternion q = <code>{fmt_vector(store['q'])}</code><br>"
            f"largest change of an angle in the last nudge: <b>{fmt(last_jump, 1)}°</b>"
            f"{' (a jump!)' if big else ''}</div>"
        )

    demo = Demo("euler_vs_quaternion", fig, controls, update, scenes=scenes, transport=transport,
                buttons=[*rows, W.HBox([reset_button, play])],
                description="nudge buttons applied to an orientation stored as Euler angles and as a quaternion")
    demo.state = state
    demo.nudge = nudge
    demo.reset = reset
    demo.buttons = buttons
    return demo
