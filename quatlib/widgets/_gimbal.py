"""Notebook 02: order matters, the three-ring gimbal and gimbal lock, Euler angles vs a quaternion.

The math of all three is in :mod:`quatlib.models.gimbal`; here the figures, the controls and the drawing.
"""

from __future__ import annotations

import ipywidgets as W
import numpy as np

from .. import plot as qp
from ..models.gimbal import ARC_CENTER, GimbalState, OrderState, StoresState, TwoStores, gimbal_state, order_state
from ._base import _CONTROL_WIDTH, _DESCRIPTION_WIDTH, Demo, angle_slider, fmt, fmt_matrix, fmt_vector

__all__ = ["gimbal", "order_matters", "euler_vs_quaternion"]

_C = qp.COLORS


def _fraction_slider(description: str, value: float, step: float = 0.05, hi: float = 1.0) -> W.FloatSlider:
    return W.FloatSlider(value=value, min=0.0, max=hi, step=step, description=description, continuous_update=True,
                         readout_format=".2f", style={"description_width": _DESCRIPTION_WIDTH},
                         layout=W.Layout(width=_CONTROL_WIDTH))


def _notes(n: int, width: str = "360px"):
    """One HTML line under each panel: the browser draws text for free, text in the figure costs every repaint."""
    return [W.HTML(layout=W.Layout(width=width, padding="0 0 0 12px", min_height="2.6em")) for _ in range(n)]


def _still_world(scenes) -> None:
    """Draw the scenes' world axes into the cached background: they move only when the view turns.

    Their arrows are in the lowest band (``Z.WORLD``), under everything that moves,
    so the picture stays the same; only where a moving line crosses a letter x, y
    or z is the line now on top (a few pixels).  A control then draws three arrows
    and three letters fewer per panel; a view turn draws them once.
    """
    for scene in scenes:
        scene.world.static = True


def gimbal(yaw: float = 20.0, pitch: float = 0.0, roll: float = 30.0, *, style: str = "mechanical",
           transport: str = "image") -> Demo:
    """Yaw, pitch and roll sliders driving a cube inside a three-ring gimbal.

    ``R = Ry(yaw) · Rx(pitch) · Rz(roll)``.  The outer ring (green) turns about
    the world y axis by yaw and holds the pivots of the middle ring (red) on its
    x axis; the middle ring turns about that axis by pitch and holds the pivots
    of the inner ring (blue) on its z axis; the inner ring turns about it by
    roll and carries the cube.  So every slider turns its own ring and everything
    inside it.  At pitch ±90° the middle ring has folded into the outer ring's
    plane and the roll axle lies along the yaw axle (the orange line): yaw and
    roll turn about the same line, the rank of the map (yaw, pitch, roll) →
    orientation drops from 3 to 2, and a degree of freedom is lost.
    ``style="sweep"`` draws each ring in the plane its turn sweeps instead
    (:class:`quatlib.plot.Gimbal`).  The math is :func:`quatlib.models.gimbal.gimbal_state`.

    Examples
    --------
    >>> import quatlib as ql
    >>> demo = ql.widgets.gimbal(yaw=20, pitch=90, roll=10)
    >>> demo.state.rank
    2
    >>> demo.set(pitch=45).state.rank
    3
    """
    fig, (scene,) = qp.panels(1, size=4.6, extent=1.9, titles=["R = Ry(yaw) · Rx(pitch) · Rz(roll)"])
    _still_world([scene])
    items = {"rings": qp.Gimbal(scene, radii=(1.55, 1.32, 1.1), style=style),
             "cube": qp.Cube(scene, side=0.95), "frame": qp.Frame(scene, length=0.9, linewidth=2.0, head=0.09),
             "shared": qp.Polyline(scene, color=_C["warn"], linewidth=8.0, alpha=0.35)}
    controls = {
        "yaw": angle_slider("yaw (°)", yaw),
        "pitch": angle_slider("pitch (°)", pitch, -90, 90),
        "roll": angle_slider("roll (°)", roll),
    }

    def draw(demo: Demo, s: GimbalState) -> str:
        demo.items["rings"].set_data(s.R_outer, s.R_middle, s.R)
        demo.items["cube"].set_data(s.R)
        demo.items["frame"].set_data(s.R)
        demo.items["shared"].set_data(1.85 * s.shared_axle)
        scene.set_note(s.note)
        if s.locked:
            combo, value = s.what_matters
            text = (f"<div style='color:#b03a2e'><b>Gimbal lock.</b> Rank 2: one degree of freedom lost. "
                    f"Only {combo} = {fmt(value, 0)}° matters now; change yaw and roll together "
                    "keeping it fixed and the cube does not move.</div>")
        elif s.near_lock:
            text = ("<div style='color:#9a6700'>Rank 3, but the roll axis is close to the yaw axis: "
                    "yaw and roll do almost the same thing.</div>")
        else:
            text = "<div>Rank 3: yaw, pitch and roll turn about three independent axes.</div>"
        return (
            "<div style='line-height:1.5'>"
            f"rank of (yaw, pitch, roll) → R: <b>{s.rank}</b> &nbsp; (degrees of freedom lost: <b>{3 - s.rank}</b>)<br>"
            f"angle between the roll and yaw axes: {fmt(s.axes_angle, 1)}°<br>"
            f"{text}R = Ry(yaw)·Rx(pitch)·Rz(roll) =<br>{fmt_matrix(s.R)}</div>"
        )

    return Demo("gimbal", fig, controls, model=gimbal_state, draw=draw, items=items, scenes=[scene],
                transport=transport,
                description="yaw, pitch and roll sliders driving a three-ring gimbal; gimbal lock at pitch ±90°")


def order_matters(angle: float = 90.0, progress: float = 2.0, *, transport: str = "image") -> Demo:
    """A cube turned about X then Y, beside one turned about Y then X: the results differ.

    ``progress`` runs the two turns: 0 to 1 is the first turn, 1 to 2 the second.
    The turns are about the fixed world axes, so the left cube ends at
    ``Ry · Rx`` and the right one at ``Rx · Ry``.  The math is
    :func:`quatlib.models.gimbal.order_state`.

    Examples
    --------
    >>> import quatlib as ql
    >>> demo = ql.widgets.order_matters()
    >>> demo.state.same
    False
    >>> demo.set(angle=0).state.same
    True
    """
    fig, scenes = qp.panels(2, size=3.6, extent=1.6, titles=["about x, then about y", "about y, then about x"])
    _still_world(scenes)
    items = {
        "cubes": [qp.Cube(s, side=1.0) for s in scenes],
        "frames": [qp.Frame(s, length=1.05, linewidth=2.0, head=0.09) for s in scenes],
        "axles": [qp.Arrow(s, color=_C["ink"], linewidth=1.4, head=0.1, linestyle=(0, (4, 3))) for s in scenes],
        "arcs": [qp.Arc(s, color=_C["vector2"], label="", label_radius=1.25) for s in scenes],
        "notes": _notes(2),
    }
    controls = {"progress": _fraction_slider("turns done", progress, hi=2.0),
                "angle": angle_slider("each turn (°)", angle, 0, 180, 5)}

    def draw(demo: Demo, s: OrderState) -> str:
        it = demo.items
        for k in range(2):
            it["cubes"][k].set_data(s.R[k])
            it["frames"][k].set_data(s.R[k])
            it["axles"][k].set_data(1.35 * s.axes[k], -1.35 * s.axes[k])
            it["arcs"][k].set_data(s.arcs[k], ARC_CENTER * s.axes[k], np.radians(s.turned[k]))
            it["arcs"][k].set_label(f"{fmt(s.turned[k], 0)}°")
            it["notes"][k].value = f"{s.stage} turn: about <b>{s.axis_names[k]}</b>, {fmt(s.turned[k], 0)}° so far"
        return (
            "<div style='line-height:1.5'>"
            f"after both turns, about x then y (R<sub>y</sub>R<sub>x</sub>):<br>{fmt_matrix(s.finals[0])}<br>"
            f"about y then x (R<sub>x</sub>R<sub>y</sub>):<br>{fmt_matrix(s.finals[1])}<br>{s.verdict}</div>"
        )

    return Demo("order_matters", fig, controls, model=order_state, draw=draw, items=items, scenes=scenes,
                transport=transport, below=[W.HBox(items["notes"])],
                description="two cubes turned about x then y, and about y then x")


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
    The math is :class:`quatlib.models.gimbal.TwoStores`.

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
    >>> demo.buttons["own x"].children[0].click()   # the "+pitch (own x)" button
    >>> [round(float(a)) for a in demo.state.euler]
    [180, 85, 180]
    """
    fig = qp.figure((7.2, 5.6), dpi=100)
    bottom, height = 0.36, 0.58  # square panels of 3.6 x 3.25 in, titles above
    scenes = [qp.Scene(fig.add_axes((0.0, bottom, 0.5, height)), extent=1.45, title="stored as Euler angles"),
              qp.Scene(fig.add_axes((0.5, bottom, 0.5, height)), extent=1.45, title="stored as a quaternion")]
    _still_world(scenes)
    with qp.style():
        ax_e = fig.add_axes((0.1, 0.07, 0.36, 0.24))
        ax_q = fig.add_axes((0.58, 0.07, 0.38, 0.24))
    items = {
        "cubes": [qp.Cube(s, side=1.0) for s in scenes],
        "frames": [qp.Frame(s, length=1.05, linewidth=2.0, head=0.09) for s in scenes],
        "previews": [qp.Arc(s, color=_C["vector2"], linewidth=2.0, label="", label_radius=1.2) for s in scenes],
        "history_euler": qp.History(ax_e, ("yaw", "pitch", "roll"), [qp.AXIS_COLORS[1], qp.AXIS_COLORS[0],
                                    qp.AXIS_COLORS[2]], ylim=(-200, 230), window=30, ylabel="degrees",
                                    styles=["-", "-", "--"]),
        "history_q": qp.History(ax_q, ("w", "x", "y", "z"), [_C["ink"], *qp.AXIS_COLORS], ylim=(-1.1, 1.45),
                                window=30),
        "notes": _notes(2),
    }
    ax_e.set_yticks([-180, -90, 0, 90, 180])
    yaw_line = items["history_euler"].lines[0]  # wide and pale under the others: visible where roll hides it
    yaw_line.set_linewidth(5.0)
    yaw_line.set_alpha(0.45)
    controls = {"step": angle_slider("nudge (°)", step, 1, 45), "replay": _fraction_slider("replay last", 1.0)}
    store = TwoStores(start, first, step)
    play = W.Play(value=20, min=0, max=20, step=1, interval=60, description="replay the last nudge",
                  layout=W.Layout(width="120px"))
    play.observe(lambda ch: demo.set(replay=ch["new"] / 20), names="value")

    def after(change) -> None:
        """Show the stores after ``change()`` (a nudge or a reset), the replay at its end: one repaint."""
        change()
        with demo.hold():
            demo.set(replay=1.0)
            demo.refresh()

    buttons = {}
    for axis_name, label in (("x", "pitch"), ("y", "yaw"), ("z", "roll")):
        row = []
        for sign, mark in ((+1, "+"), (-1, "−")):
            b = W.Button(description=f"{mark}{label} (own {axis_name})", layout=W.Layout(width="160px"),
                         tooltip=f"turn both cubes {mark}step about their own {axis_name} axis")
            b.on_click(lambda _, a=axis_name, s=sign: after(lambda: store.nudge(a, s, demo.values.step)))
            row.append(b)
        buttons[f"own {axis_name}"] = W.HBox(row)
    reset = W.Button(description="reset", tooltip="back to the orientation the demo started with",
                     layout=W.Layout(width="80px"))
    reset.on_click(lambda _: after(store.reset))
    buttons["reset"] = W.HBox([reset, play])

    def draw(demo: Demo, s: StoresState) -> str:
        it = demo.items
        nudge = np.radians(s.last[1] * s.step)
        for k in range(2):
            it["cubes"][k].set_data(s.R[k])
            it["frames"][k].set_data(s.R[k])
            it["previews"][k].set_data(s.previews[k], angle=nudge)
            it["previews"][k].set_label(f"{fmt(s.step, 0)}°")
        it["history_euler"].set_data(s.history_euler)
        it["history_q"].set_data(s.history_q)
        it["notes"][0].value = (f"<b style='color:{'#9a6700' if s.wrapped else '#b03a2e'}'>{s.jump_note}</b>"
                                if s.jump_note else "")
        it["notes"][1].value = (f"<b style='color:#b03a2e'>mid-replay the cubes differ by {fmt(s.tween_gap, 0)}°</b>"
                                if s.tween_gap > 1 else "")
        e = s.euler
        return (
            "<div style='line-height:1.5'>"
            f"Euler (yaw, pitch, roll) = <code>({fmt(e[0], 1)}, {fmt(e[1], 1)}, {fmt(e[2], 1)})</code>°<br>"
            f"quaternion q = <code>{fmt_vector(s.q)}</code><br>"
            f"last nudge: stored numbers changed by up to <b>{fmt(s.jump, 1)}°</b>, "
            f"the angles on the circle by up to <b>{fmt(s.change, 1)}°</b>"
            f"{' (a flip near the lock!)' if s.flip else ' (a wrap at ±180°)' if s.wrapped else ''}</div>"
        )

    demo = Demo("euler_vs_quaternion", fig, controls, model=store, draw=draw, items=items, scenes=scenes,
                buttons=buttons, transport=transport, below=[W.HBox(items["notes"])],
                description="nudge buttons applied to an orientation stored as Euler angles and as a quaternion")
    return demo
