"""Notebook 02: the same nudges stored as Euler angles and as a quaternion, side by side.

The math is :class:`quatlib.models.gimbal.TwoStores`; here the figure, the buttons and the drawing.
"""

from __future__ import annotations

import ipywidgets as W
import numpy as np

from .. import plot as qp
from ..models.gimbal import StoresState, TwoStores
from ._base import Demo, angle_slider, fmt, fmt_vector, slider, still_world
from ._readouts import panel_boxes

__all__ = ["euler_vs_quaternion"]

_C = qp.COLORS


def euler_vs_quaternion(start=(0.0, 45.0, 0.0), step: float = 15.0, first=(("x", +1),), *,
                        transport: str = "image") -> Demo:
    """The same nudges about the object's own axes, stored as Euler angles and as a quaternion.

    Each button turns both cubes by ``step`` about one of the object's own axes
    (the purple arc previews the last nudge again, at the current step).  The left cube keeps its
    orientation as (yaw, pitch, roll): after each nudge the angles are
    recomputed (``euler_from_quaternion``).  The right cube keeps a quaternion and
    multiplies by the nudge (``q ← q · Δq``).  Both show the same orientation, but
    near pitch ±90° the Euler angles flip (yaw and roll by 180°, the history on
    the left below) while the quaternion's components move smoothly (right
    below).  The line under the left panel tells that flip from a wrap (a stored
    angle crossing ±180°, harmless) with the numbers of the last nudge.  The ``replay``
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
    bottom, height = 0.36, 0.58  # panels of 3.6 x 3.25 in, titles above
    scenes = [qp.Scene(fig.add_axes((0.0, bottom, 0.5, height)), extent=1.45, title="stored as Euler angles"),
              qp.Scene(fig.add_axes((0.5, bottom, 0.5, height)), extent=1.45, title="stored as a quaternion")]
    still_world(*scenes)
    with qp.style():
        ax_e = fig.add_axes((0.115, 0.095, 0.345, 0.215))  # room for "degrees" and "step" at projector sizes too
        ax_q = fig.add_axes((0.58, 0.095, 0.38, 0.215))
    items = {
        "cubes": [qp.Cube(s, side=1.0) for s in scenes],
        "frames": [qp.Frame(s, length=1.05, linewidth=2.0, head=0.09) for s in scenes],
        "previews": [qp.Arc(s, color=_C["vector2"], linewidth=2.0, label="", label_radius=1.2) for s in scenes],
        "history_euler": qp.History(ax_e, ("yaw", "pitch", "roll"), [qp.AXIS_COLORS[1], qp.AXIS_COLORS[0],
                                    qp.AXIS_COLORS[2]], ylim=(-200, 230), window=30, ylabel="degrees",
                                    styles=["-", "-", "--"]),
        "history_q": qp.History(ax_q, ("w", "x", "y", "z"), [_C["ink"], *qp.AXIS_COLORS], ylim=(-1.1, 1.45),
                                window=30),
        "notes": panel_boxes([360, 360], min_height="2.6em"),
    }
    ax_e.set_yticks([-180, -90, 0, 90, 180])
    yaw_line = items["history_euler"].lines[0]  # wide and pale under the others: visible where roll hides it
    yaw_line.set_linewidth(5.0)
    yaw_line.set_alpha(qp.line_alpha(yaw_line.get_color(), 0.45))
    controls = {"step": angle_slider("nudge (°)", step, 1, 45, parameter="step"),
                "replay": slider("replay last", 1.0, 0.0, 1.0, 0.05)}
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
            # the world's x, y, z off the cube, its own axes and the preview arc, which swing past them (the
            # preview sat on "y" after thirteen "+yaw" nudges, the prose's own steps); a view turn alone has
            # placed them already
            if demo.changed(s):
                demo.scenes[k].world.keep_letters_off(it["cubes"][k], it["frames"][k], it["previews"][k])
        it["history_euler"].set_data(s.history_euler)
        it["history_q"].set_data(s.history_q)
        it["notes"][0].value = (f"<b style='color:{_C['caution'] if s.wrapped else _C['warn']}'>{s.jump_note}</b>"
                                if s.jump_note else "")
        it["notes"][1].value = (f"<b style='color:{_C['warn']}'>mid-replay the cubes differ by "
                                f"{fmt(s.tween_gap, 0)}°</b>"
                                if s.tween_gap > 1 else "")
        e = s.euler
        kind = f" (yaw and roll {s.flip_words} near the lock!)" if s.flip else " (a wrap at ±180°)" if s.wrapped else ""
        return (
            "<div style='line-height:1.5'>"
            f"Euler (yaw, pitch, roll) = <code>({fmt(e[0], 1)}, {fmt(e[1], 1)}, {fmt(e[2], 1)})</code>°<br>"
            f"quaternion q = <code>{fmt_vector(s.q)}</code><br>"
            f"last nudge: stored numbers changed by up to <b>{fmt(s.jump, 1)}°</b>, "
            f"the angles on the circle by up to <b>{fmt(s.change, 1)}°</b>"
            f"{kind}</div>"
        )

    demo = Demo("euler_vs_quaternion", fig, controls, model=store, draw=draw, items=items, scenes=scenes,
                buttons=buttons, transport=transport, below=[W.HBox(items["notes"])],
                description="nudge buttons applied to an orientation stored as Euler angles and as a quaternion")
    return demo
