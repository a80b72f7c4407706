"""Notebook 04: the sandwich ``q v q⁻¹`` turns a vector; the one-sided ``q v`` does not."""

from __future__ import annotations

import ipywidgets as W
import numpy as np

from .. import plot as qp
from ..models.sandwich import (
    AXIS_REACH,
    SandwichState,
    check_choices,
    check_vector,
    sandwich_state,
    signed,
    vector_choices,
    zero_note,
)
from ..plot import Bars, Label, Polyline, StaticText, legend, screen_gap, strips_below
from . import _projector
from ._base import Demo, angle_slider, control_style, fmt, fmt_vector
from ._readouts import check, code, lines, note, number_row

__all__ = ["sandwich", "signed", "zero_note"]

_C = qp.COLORS
WRONG = _C["warn"]  # the one-sided product's result


def sandwich(azimuth: float = 20.0, elevation: float = 70.0, angle: float = 90.0, v=(1.0, 0.2, 0.0),
             vector: str = "given", *, transport: str = "image") -> Demo:
    """The sandwich ``q v q⁻¹`` turns ``v`` about the axis; the one-sided product ``q v`` does not.

    Left: the axis ``n`` (set by its azimuth and elevation), the vector ``v``
    (grey) and its turned copy ``v′ = q v q⁻¹`` (orange), with
    ``q = cos(θ/2) + sin(θ/2) n``.  ``v = v∥ + v⊥``: the part along the axis
    (purple, from the origin) stays, the part across it (dashed, from the
    circle's centre) turns by θ, ``q v⊥ q* = q² v⊥``.  The bars below are the four
    numbers of ``q``.  The ``vector`` control turns ``v`` itself, or ``v`` moved
    across the axis (then ``q v`` alone is pure and turns ``v`` by θ/2) or onto it.

    Right: the one-sided product ``q v``.  Unless ``v ⊥ n`` (or ``q = ±1``) its
    result has a real part ``w`` (the red bar below), so it is not a vector; its
    4D length stays ``|v|`` (part of it leaks into ``w``), and its vector part
    (red arrow) is not the correct ``v′`` (orange) beside it: it points elsewhere,
    or, for ``v`` on the axis, is ``cos(θ/2) v``: shorter, and reversed past
    ±180°.  The math is
    :func:`quatlib.models.sandwich.sandwich_state`.

    Parameters
    ----------
    azimuth, elevation : float
        Direction of the axis in degrees: ``n = (cos el cos az, sin el, −cos el sin az)``;
        at elevation ±90° the axis is ±y whatever the azimuth.
    angle : float
        Rotation angle θ in degrees, −360 to 360.
    v : (float, float, float)
        The vector being turned (any length).
    vector : {"given", "perpendicular", "along"}
        The first choice of the ``vector`` control (:func:`quatlib.models.sandwich.choose_vector`).
    transport : {"image", "ipympl"}

    Examples
    --------
    >>> import quatlib as ql
    >>> demo = ql.widgets.sandwich(azimuth=0, elevation=90, angle=90, v=(1, 0, 0))
    >>> demo.state.q, demo.state.v_rot
    (array([0.7071, 0.    , 0.7071, 0.    ]), array([ 0.,  0., -1.]))
    >>> demo.set(vector="perpendicular", elevation=70).state.case   # v moved across the axis: q v is pure
    'perpendicular'
    """
    v = check_vector(v)
    check_choices(vector)  # (before the dropdown, which would only say "Invalid selection")
    v_len = float(np.linalg.norm(v))
    fig, (main, side) = qp.panels(2, size=3.7, extent=1.45, footer=1.0,
                                  titles=["the sandwich  q v q⁻¹  turns v", "q v alone does not"])
    main_strip, side_strip = strips_below([main, side])
    items = {}
    for key, scene in (("", main), ("side_", side)):
        scene.world.static = True  # the world axes move only with the view: drawn into the cached background
        items[key + "axis"] = qp.Arrow(scene, color=_C["ink"], linewidth=1.3, head=0.09, linestyle=(0, (5, 3)))
        items[key + "axis_label"] = Label(scene, "n", color=_C["ink"], fontsize=11)
        items[key + "circle"] = Polyline(scene, color=_C["vector2"], linewidth=1.0, split=True,
                                         alpha=qp.line_alpha(_C["vector2"], 0.55),
                                         fill=_C["vector2"], fill_alpha=0.07, apex=(0, 0, 0))
        items[key + "v"] = qp.Arrow(scene, v, color=_C["faint"], linewidth=2.0)
        for name in ("axis", "axis_label", "circle", "v"):  # these change with the axis and v only, not with θ:
            items[key + name].static = True  # drawn into the cached camera layer, redrawn when they change
    ink, lim, length = _C["ink"], float(np.ceil(v_len * 10) / 10), fmt(v_len, 3)
    # In projector mode the readout under the figure (20 px) gives q's numbers and says "pure": the strip keeps
    # q's bars alone, wide enough for their title at the larger size (quatlib/widgets/_projector.py).
    big = _projector.is_on()
    items.update(
        radii=Polyline(main, color=_C["vector2"], linewidth=0.9, alpha=qp.line_alpha(_C["vector2"], 0.6),
                       linestyle=(0, (3, 2))),
        v_par=qp.Arrow(main, color=_C["vector2"], linewidth=1.6, head=0.07),
        arc=qp.Arc(main, color=_C["vector2"], linewidth=2.4, label_radius=1.0, head=0.1),
        turned=qp.Arrow(main, color=_C["vector"], linewidth=2.8),
        v_label=Label(main, "v", color=_C["note"], fontsize=10),
        turned_label=Label(main, "q v q⁻¹", color=_C["vector"], fontsize=10),
        angle_label=Label(main, "", offset=(0.0, 0.0), color=_C["vector2"], fontsize=10.5, card=True),
        q_bars=Bars(main_strip, ("w", "x", "y", "z"), (ink, *qp.AXIS_COLORS),
                    rect=(0.14, 0.47, 0.64, 0.36) if big else (0.08, 0.47, 0.5, 0.36),
                    fontsize=8.5, title="q = cos(θ/2) + sin(θ/2) n"),  # the numbers are in the readout
        side_turned=qp.Arrow(side, color=_C["vector"], linewidth=2.2, alpha=0.75),
        side_turned_label=Label(side, "q v q⁻¹", color=_C["vector"], fontsize=10),
        side_qv=qp.Arrow(side, color=WRONG, linewidth=2.8),
        side_qv_label=Label(side, "vec(q v)", color=WRONG, fontsize=10),
        w_bar=Bars(side_strip, ("w",), (WRONG,), rect=(0.1, 0.47, 0.1, 0.36), lim=(-lim, lim), fontsize=8.5),
    )
    pure = f"v′ = q v q⁻¹ is pure:\nw = 0 for every θ,\n|v′| = |v| = {length}"
    for panel, xy, text in ((main_strip, (0.64, 0.86), "" if big else pure),
                            (side_strip, (0.3, 0.86), "q v = (w | vector part)"),
                            (side_strip, (0.3, 0.5), f"|v| = |q v q⁻¹| = {length}")):
        StaticText(panel, xy, text, color=ink, va="top", card=False)
    legend(side, [("v", _C["note"]), ("q v q⁻¹: v turned", _C["vector"]), ("vector part of q v", WRONG)],
           corner=(0.01, 0.99))
    controls = {
        "azimuth": angle_slider("axis azimuth (°)", azimuth, -180, 180),
        "elevation": angle_slider("axis elevation (°)", elevation, -90, 90),
        "angle": angle_slider("angle θ (°)", angle, -360, 360),
        "vector": W.Dropdown(options=vector_choices(v), value=vector, description="vector", **control_style()),
    }
    return Demo("sandwich", fig, controls, model=lambda **c: sandwich_state(**c, v=v), draw=_draw, items=items,
                scenes=[main, side], transport=transport,
                description="an axis-angle quaternion turning a vector by q v q⁻¹, beside the one-sided q v")


def _draw(demo: Demo, s: SandwichState) -> str:
    """Turn ``v`` to ``v′`` on the left, show ``q v`` on the right; the readout prints both products."""
    it, (main, side) = demo.items, demo.scenes
    if demo.changed(s, "axis", "v"):
        for key in ("", "side_"):  # the axis, v and the circle v runs on change with the axis and v only, not θ
            it[key + "axis"].set_data(AXIS_REACH * s.axis, -AXIS_REACH * s.axis)
            it[key + "circle"].set_data(s.ring)
            it[key + "v"].set_data(s.v)
        it["circle"].changed()  # static items: the figure's camera layer is drawn again, once
    it["radii"].set_data(np.array([s.v, s.centre, s.v_rot]))
    it["v_par"].set_data(s.v_par)
    it["arc"].set_data(s.arc, s.centre, np.radians(s.angle))
    for key, tip in (("turned", s.v_rot), ("side_turned", s.v_rot), ("side_qv", s.qv[1:])):
        it[key].set_data(tip)
    it["q_bars"].set_data(s.q)
    it["w_bar"].set_data([s.qv_w])
    verdict, note = s.verdict
    side.set_note(note, color=WRONG)
    main.set_note("elevation ±90°:\naxis ±y, any azimuth" if s.pole else "", color=_C["ink"])
    # the world's x, y, z off the arrows and the circle first: an axis seen end-on has its letter at the middle,
    # where every arrow starts ("y" sat on them at a top view).  (A view turn alone has placed them already: the
    # scene projects the letters after those items.)
    if demo.changed(s):
        main.world.keep_letters_off(*(it[k] for k in ("axis", "circle", "v", "radii", "v_par", "arc", "turned")))
        side.world.keep_letters_off(*(it[k] for k in ("side_axis", "side_circle", "side_v", "side_turned",
                                                      "side_qv")))
    # each arrow named once, beside its tip, off the other texts and inside its panel; two arrows drawn on top of
    # each other get one name (which text each gets, from how far apart they are drawn: SandwichState.labels)
    left, right = s.labels(v_gap=screen_gap(main, s.v, s.v_rot), qv_gap=screen_gap(side, s.qv[1:], s.v_rot),
                           angle_gap=screen_gap(main, s.arc_middle, s.v))
    # ... and off the axis, the arrows' shafts (along the axis, v's name would sit on the axis's dashes) and the
    # world's axes ("θ = 270°" sat on the y axis' head)
    zero, axis = np.zeros(3), np.array([-AXIS_REACH * s.axis, AXIS_REACH * s.axis])
    shafts = [axis, np.array([zero, s.v]), np.array([zero, s.v_rot])]
    for scene, prefix, names, drawn in ((main, "", left, shafts), (side, "side_", right, [*shafts, [zero, s.qv[1:]]])):
        world = [np.array([arrow.tail, arrow.tip]) for arrow in scene.world.arrows]
        qp.place_beside(scene, [(it[f"{prefix}{name}_label"], point, base, text) for name, point, base, text in names],
                        lines=[*drawn, *world], faint=[s.ring])  # off the circle (θ's arc runs on it) if they can
    return _readout(s, verdict)


def _readout(s: SandwichState, verdict: str) -> str:
    """Both products, number by number: ``q``, ``v = v∥ + v⊥`` and what the sandwich does to each, then ``q v``."""
    def vec(a, w=None):
        parts = ", ".join(fmt(x, 3) for x in a)
        return code(f"({parts})" if w is None else f"({w} | {parts})")

    return lines(
        f"axis n = {code(fmt_vector(s.axis, 3))}, θ = <b>{fmt(s.angle, 0)}°</b>, θ/2 = {fmt(s.angle / 2, 1)}°",
        "q = cos(θ/2) + sin(θ/2) n:" + number_row("wxyz", [signed(x) for x in s.q], (_C["ink"], *qp.AXIS_COLORS))
        + f"|q| = {fmt(s.norm_q)}",
        f"v = v∥ + v⊥, along and across n:<br>v∥ = {vec(s.v_par)}, v⊥ = {vec(s.v_perp)}",
        f"q v∥ q* = {vec(s.sandwich_par[1:])} = v∥ (stays)",
        f"q v⊥ q* = q² v⊥ = {vec(s.q2_v_perp[1:])} (turned by θ)",
        f"q v q⁻¹ = {vec(s.sandwich[1:], signed(s.sandwich[0]))}",
        check(s.pure_and_same, f"pure (w = 0) and |v′| = |v| = {fmt(s.v_length, 3)}; q v q* gives the same (q is a "
                               "unit quaternion)"),
        note(f"q v = {vec(s.qv[1:], fmt(s.qv_w))}<br>|vector part| = {fmt(s.qv_length, 3)}, its 4D length "
             f"{fmt(s.qv_norm4, 3)} = |v|<br>{verdict}", WRONG),
        *(note(z) for z in s.zero_notes))
