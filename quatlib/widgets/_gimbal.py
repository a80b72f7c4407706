"""Notebook 02: order matters, and the three-ring gimbal with its lock (Euler angles vs a quaternion: ``_stores``).

The math is in :mod:`quatlib.models.gimbal`; here the figures, the controls and the drawing.
"""

from __future__ import annotations

import ipywidgets as W
import numpy as np

from .. import plot as qp
from ..models.gimbal import ARC_CENTER, GimbalState, OrderState, gimbal_state, order_state
from ._base import Demo, angle_slider, fmt, fmt_matrix, slider, still_world
from ._readouts import panel_boxes

__all__ = ["gimbal", "order_matters"]

_C = qp.COLORS


def gimbal(yaw: float = 20.0, pitch: float = 0.0, roll: float = 30.0, *, style: str = "mechanical",
           transport: str = "image") -> Demo:
    """Yaw, pitch and roll sliders driving a cube inside a three-ring gimbal.

    ``R = Ry(yaw) · Rx(pitch) · Rz(roll)``.  The outer ring (green) turns about
    the world y axis by yaw and holds the pivots of the middle ring (red) on its
    x axis; the middle ring turns about that axis by pitch and holds the pivots
    of the inner ring (blue) on its z axis; the inner ring turns about it by
    roll and carries the cube.  So every slider turns its own ring and everything
    inside it.  At pitch ±90° the middle ring has folded into the outer ring's
    plane and the roll axle lies along the yaw axle (the pale red band): yaw and
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
    still_world(scene)  # the world's arrows move only with the view: drawn into the cached background (see draw)
    # never colour alone: the legend says which ring by its place, and each ring carries its name
    rings = qp.Gimbal(scene, radii=(1.55, 1.32, 1.1), style=style,
                      legend=("outer ring: yaw, about y", "middle ring: pitch, about x", "inner ring: roll, about z"))
    items = {"rings": rings, "cube": qp.Cube(scene, side=0.95),
             "frame": qp.Frame(scene, length=0.9, linewidth=2.0, head=0.09),
             "shared": qp.Polyline(scene, color=_C["warn"], linewidth=8.0, alpha=qp.line_alpha(_C["warn"], 0.35))}
    # each ring's name beside it, clear of the legend, the note and the world's letters, and off every line: the
    # rings, pivots and axles, the cube's edges and arrows, the world's axes, the lock's band (the names are made
    # after those items, so that on a view turn they are placed after those moved)
    items["ring_names"] = qp.RingNames(scene, rings, avoid=scene.world.arrows,
                                       keep_off=[items["cube"], items["frame"], scene.world, items["shared"]])
    controls = {
        "yaw": angle_slider("yaw (°)", yaw),
        "pitch": angle_slider("pitch (°)", pitch, -90, 90),
        "roll": angle_slider("roll (°)", roll),
    }

    def draw(demo: Demo, s: GimbalState) -> str | None:
        if not demo.changed(s):  # only the view turned: the scene has projected everything, the world's letters
            return None          # after the items they keep off, then the names (see below), from these very data
        demo.items["rings"].set_data(s.R_outer, s.R_middle, s.R)
        demo.items["shared"].set_data(1.85 * s.shared_axle)
        demo.items["cube"].set_data(s.R)
        demo.items["frame"].set_data(s.R)
        scene.set_note(s.note)
        # the world's x, y, z off the rings, pivots, axles, the lock's band (the yaw axle lies on the y axis), the
        # cube's edges and its arrows
        scene.world.keep_letters_off(demo.items["rings"], demo.items["shared"], demo.items["cube"],
                                     demo.items["frame"])
        demo.items["ring_names"].set_data()  # then the names, clear of the letters
        if s.locked:
            combo, value = s.what_matters
            text = (f"<div style='color:{_C['warn']}'><b>Gimbal lock.</b> Rank 2: one degree of freedom lost. "
                    f"Only {combo} = {fmt(value, 0)}° matters now; change yaw and roll together "
                    "keeping it fixed and the cube does not move.</div>")
        elif s.near_lock:
            text = (f"<div style='color:{_C['caution']}'>Rank 3, but the roll axis is close to the yaw axis: "
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
    still_world(*scenes)
    items = {
        "cubes": [qp.Cube(s, side=1.0) for s in scenes],
        "frames": [qp.Frame(s, length=1.05, linewidth=2.0, head=0.09) for s in scenes],
        "axles": [qp.Arrow(s, color=_C["ink"], linewidth=1.4, head=0.1, linestyle=(0, (4, 3))) for s in scenes],
        "arcs": [qp.Arc(s, color=_C["vector2"], label="", label_radius=1.25, avoid=s.world.arrows) for s in scenes],
        "notes": panel_boxes([360, 360], min_height="2.6em"),
    }
    for k, scene in enumerate(scenes):  # each angle off its cube's edges and arrows, the turn axis and the world's
        # axes ("0°" sat across a cube edge at the start, "90°" on a corner with the view turned); they are drawn
        # before the arcs, and made before them, so that a view turn places the labels after they moved
        items["arcs"][k].keep_off = [items["cubes"][k], items["frames"][k], items["axles"][k], scene.world]
    controls = {"progress": slider("turns done", progress, 0.0, 2.0, 0.05, parameter="progress"),
                "angle": angle_slider("each turn (°)", angle, 0, 180, 5, parameter="angle")}

    def draw(demo: Demo, s: OrderState) -> str | None:
        if not demo.changed(s):  # only the view turned: the scene has projected everything (the arcs' labels
            return None          # placed again), from these very data
        it = demo.items
        for k in range(2):
            it["cubes"][k].set_data(s.R[k])
            it["frames"][k].set_data(s.R[k])
            it["axles"][k].set_data(1.35 * s.axes[k], -1.35 * s.axes[k])
            # the world's letters off them and the arc's path (a letter seen end-on sits at the middle: "z" on the
            # cube's arrows at view (0, 10); "x" on the arc, seen from below), then the angle off those
            demo.scenes[k].world.keep_letters_off(it["cubes"][k], it["frames"][k], it["axles"][k], lines=[s.arcs[k]])
            it["arcs"][k].set_data(s.arcs[k], ARC_CENTER * s.axes[k], np.radians(s.turned[k]),
                                   label=f"{fmt(s.turned[k], 0)}°")
            it["notes"][k].value = f"{s.stage} turn: about <b>{s.axis_names[k]}</b>, {fmt(s.turned[k], 0)}° so far"
        return (
            "<div style='line-height:1.5'>"
            f"after both turns, about x then y (R<sub>y</sub>R<sub>x</sub>):<br>{fmt_matrix(s.finals[0])}<br>"
            f"about y then x (R<sub>x</sub>R<sub>y</sub>):<br>{fmt_matrix(s.finals[1])}<br>{s.verdict}</div>"
        )

    return Demo("order_matters", fig, controls, model=order_state, draw=draw, items=items, scenes=scenes,
                transport=transport, below=[W.HBox(items["notes"])],
                description="two cubes turned about x then y, and about y then x")
