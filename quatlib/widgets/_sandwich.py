"""Notebook 04: the sandwich ``q v q⁻¹`` turns a vector; the one-sided ``q v`` does not."""

from __future__ import annotations

import numpy as np

from .. import plot as qp
from ..models.geometry import arc_points
from ..models.sandwich import SandwichState, check_vector, sandwich_state
from ..plot import Bars, Label, Polyline, ScreenText, StaticText, legend, overlay, strip
from ._base import Demo, angle_slider, fmt, fmt_vector

__all__ = ["sandwich"]

_C = qp.COLORS
WRONG = _C["warn"]  # the one-sided product's result


def signed(x: float, digits: int = 4) -> str:
    """A number with its sign kept even when it rounds to zero: ``-0.0000`` stays ``-0.0000``.

    Unlike :func:`quatlib.widgets._base.fmt`, which prints ``0.0000`` for every
    zero, this shows what the float holds: a minus sign on a signed zero
    (``-0.0``) or on a negative rounding error such as ``-6e-17``.  Neither is a
    negative number; the readout says so next to it.

    >>> signed(-0.0), signed(-6e-17), signed(6e-17), signed(-0.70710678)
    ('-0.0000', '-0.0000', '0.0000', '-0.7071')
    """
    return f"{float(x):.{digits}f}"


def _code(text: str) -> str:
    """Monospace numbers that never break across lines."""
    return f"<code style='white-space:nowrap'>{text}</code>"


def _is_signed_zero_text(text: str) -> bool:
    return text.startswith("-") and float(text) == 0.0


def sandwich(azimuth: float = 20.0, elevation: float = 70.0, angle: float = 90.0, v=(1.0, 0.2, 0.0), *,
             transport: str = "image") -> Demo:
    """The sandwich ``q v q⁻¹`` turns ``v`` about the axis; the one-sided product ``q v`` does not.

    Left: the axis ``n`` (set by its azimuth and elevation), the vector ``v``
    (grey) and its turned copy ``v′ = q v q⁻¹`` (orange), with
    ``q = cos(θ/2) + sin(θ/2) n``.  As θ grows, ``v′`` sweeps a cone about the
    axis: its tip runs round the purple circle, and the purple arc is the part
    swept so far.  The bars below are the four numbers of ``q``: ``w`` shrinks
    from 1 to 0 at 180° and turns negative (a ``-0.0000`` is a signed zero, and
    the readout says so).

    Right: what the one-sided product ``q v`` gives.  Its result has a real part
    ``w`` (the red bar below) -- it is not a pure quaternion, so not a vector -- and
    its vector part (red arrow) has the wrong direction and the wrong length,
    beside the correct ``v′`` (orange).  The math is :func:`quatlib.models.sandwich.sandwich_state`.

    Parameters
    ----------
    azimuth, elevation : float
        Direction of the axis in degrees: ``n = (cos el cos az, sin el, −cos el sin az)``;
        at elevation ±90° the axis is ±y whatever the azimuth.
    angle : float
        Rotation angle θ in degrees, −360 to 360.
    v : (float, float, float)
        The vector being turned (fixed; any length).
    transport : {"image", "ipympl"}

    Returns
    -------
    Demo
        ``demo.state`` is the :class:`~quatlib.models.sandwich.SandwichState` drawn (``q``, ``axis``, ``v_rot``,
        ``sandwich``, ``qv``, ``qv_w``, ``qv_length``, ``qv_error_angle``...); ``demo.items`` the artist objects
        (``turned``, ``wrong``, ``q_bars``, ``w_bar``...).

    Examples
    --------
    90° about y (elevation 90) turns (1, 0, 0) to (0, 0, −1):

    >>> import quatlib as ql
    >>> demo = ql.widgets.sandwich(azimuth=0, elevation=90, angle=90, v=(1, 0, 0))
    >>> demo.state.q
    array([0.7071, 0.    , 0.7071, 0.    ])
    >>> demo.state.v_rot
    array([ 0.,  0., -1.])
    >>> demo.state.qv  # q v: w is -0. (zero, up to a rounding error), but v turned by only 45°
    array([-0.    ,  0.7071,  0.    , -0.7071])
    """
    v = check_vector(v)
    v_len = float(np.linalg.norm(v))
    size, footer = 3.7, 1.0
    fig, (main, side) = qp.panels(2, size=size, extent=1.45, footer=footer,
                                  titles=["the sandwich  q v q⁻¹  turns v", "q v alone does not"])
    band = footer / (size + 0.3 + footer)
    main_strip, side_strip = strip(fig, (0.0, 0.0, 0.5, band)), strip(fig, (0.5, 0.0, 0.5, band))
    items = {}
    for key, scene in (("", main), ("side_", side)):
        items[key + "axis"] = qp.Arrow(scene, color=_C["ink"], linewidth=1.3, head=0.09, linestyle=(0, (5, 3)))
        items[key + "axis_label"] = Label(scene, "n", offset=(0.07, 0.0), ha="left", color=_C["ink"], fontsize=11)
        items[key + "circle"] = Polyline(scene, color=_C["vector2"], linewidth=1.0, alpha=0.55, split=True,
                                         fill=_C["vector2"], fill_alpha=0.07, apex=(0, 0, 0))
        items[key + "v"] = qp.Arrow(scene, v, color=_C["faint"], linewidth=2.0, label="v" if scene is main else None)
    items.update(
        radii=Polyline(main, color=_C["vector2"], linewidth=0.9, alpha=0.6, linestyle=(0, (3, 2))),
        arc=qp.Arc(main, color=_C["vector2"], linewidth=2.4, label_radius=1.0, head=0.1),
        turned=qp.Arrow(main, color=_C["vector"], linewidth=2.8, label="q v q⁻¹"),
        angle_label=Label(main, "", offset=(0.0, 0.0), color=_C["vector2"], fontsize=10.5, card=True),
        q_bars=Bars(main_strip, ("w", "x", "y", "z"), (_C["ink"], *qp.AXIS_COLORS), rect=(0.08, 0.47, 0.5, 0.36),
                    value_format=signed, fontsize=8.5, title="q = cos(θ/2) + sin(θ/2) n"),
        correct=qp.Arrow(side, color=_C["vector"], linewidth=2.2, alpha=0.75, label="q v q⁻¹"),
        wrong=qp.Arrow(side, color=WRONG, linewidth=2.8, label="vec(q v)"),
    )
    StaticText(main_strip, (0.64, 0.86), f"v′ = q v q⁻¹ is pure:\nw = 0 for every θ,\n|v′| = |v| = {fmt(v_len, 3)}",
               color=_C["ink"], va="top", card=False)
    lim = float(np.ceil(v_len * 10) / 10)
    items["w_bar"] = Bars(side_strip, ("w of q v",), (WRONG,), rect=(0.1, 0.47, 0.1, 0.36), lim=(-lim, lim),
                          value_format=signed, fontsize=8.5)
    StaticText(side_strip, (0.3, 0.86), "q v = (w | vector part)", color=_C["ink"], va="top", card=False)
    items["side_text"] = ScreenText(side_strip, (0.3, 0.58), family="DejaVu Sans", fontsize=9.5, color=WRONG)
    StaticText(side_strip, (0.3, 0.3), f"|v| = |q v q⁻¹| = {fmt(v_len, 3)}", color=_C["ink"], va="top", card=False)
    side_flat = overlay(side)  # still texts: not redrawn when the view turns
    items["side_note"] = StaticText(side_flat, (0.02, 0.02), "", color=WRONG)
    legend(side_flat, [("v", _C["faint"]), ("q v q⁻¹: v turned", _C["vector"]), ("vector part of q v", WRONG)],
           corner=(0.01, 0.99))
    controls = {
        "azimuth": angle_slider("axis azimuth (°)", azimuth, -180, 180),
        "elevation": angle_slider("axis elevation (°)", elevation, -90, 90),
        "angle": angle_slider("angle θ (°)", angle, -360, 360),
    }
    return Demo("sandwich", fig, controls, model=lambda **c: sandwich_state(**c, v=v), draw=_draw, items=items,
                scenes=[main, side], transport=transport,
                description="an axis-angle quaternion turning a vector by q v q⁻¹, beside the one-sided q v")


def _draw(demo: Demo, s: SandwichState) -> str:
    """Turn ``v`` to ``v′`` on the left, show ``q v`` on the right; the readout prints both products."""
    it = demo.items
    for key in ("", "side_"):
        it[key + "axis"].set_data(1.3 * s.axis, -1.3 * s.axis)
        it[key + "axis_label"].set_data(1.3 * s.axis)
        it[key + "circle"].set_data(s.ring)
    it["radii"].set_data(np.array([s.v, s.centre, s.v_rot]))
    turn = np.radians(s.angle)
    it["arc"].set_data(arc_points(s.axis, s.v - s.centre, turn, center=s.centre, n=97), s.centre, turn)
    mid = it["arc"].points[len(it["arc"].points) // 2]
    out = mid - s.centre
    it["angle_label"].set_data(mid + 0.22 * out / max(np.linalg.norm(out), 1e-9), f"θ = {fmt(s.angle, 0)}°")
    it["angle_label"].set_visible(abs(s.angle) > 1e-9 and np.linalg.norm(s.v - s.centre) > 1e-9)
    it["turned"].set_data(s.v_rot)
    it["q_bars"].set_data(s.q)
    it["correct"].set_data(s.v_rot)
    it["wrong"].set_data(s.qv[1:])
    it["w_bar"].set_data([s.qv_w])
    it["side_text"].set_data(f"|vector part| = {fmt(s.qv_length, 3)}")
    verdict, note = _verdict(s)
    it["side_note"].set_data(note)
    demo.scenes[0].set_note("elevation ±90°: the axis is ±y,\nwhatever the azimuth" if s.pole else "", color=_C["ink"])
    return _readout(s, verdict)


def _verdict(s: SandwichState) -> tuple[str, str]:
    """What is wrong with ``q v``, in words for the readout and in short for the figure's note."""
    half, qv_len = fmt(s.angle / 2, 1), fmt(s.qv_length, 3)
    return {
        "identity": ("θ = 0: q = 1, so q v = v. Nothing to get wrong yet: move θ.", ""),
        "minus_one": ("θ = ±360°: q = −1, so q v = −v: a vector, but pointing the wrong way "
                      "(q v q⁻¹ = v: a full turn).", "q v = −v: wrong way round"),
        "perpendicular": (f"Here v ⊥ n, so q v happens to be pure, but it turned v by only θ/2 = {half}°: "
                          "the other half comes from q⁻¹.", "v ⊥ n: q v is pure here,\nbut turned v by θ/2 only"),
        "along": (f"Here v lies on the axis: q v q⁻¹ = v, but q v shrinks it to cos(θ/2)·v (length {qv_len}) "
                  f"and moves the rest into w = {fmt(s.qv_w)}.", "v on the axis: w ≠ 0,\nvector part shrunk"),
        "general": (f"✗ w = {fmt(s.qv_w)} ≠ 0: q v is not a pure quaternion, so not a vector. Its vector part "
                    f"has length {qv_len} (|v| = {fmt(s.v_length, 3)}) and points {fmt(s.qv_error_angle, 1)}° "
                    "away from q v q⁻¹.", "w ≠ 0: q v is not a vector,\nits vector part is off"),
    }[s.case]


def _readout(s: SandwichState, verdict: str) -> str:
    q_text = [signed(x) for x in s.q]
    sw_text = signed(s.sandwich[0])
    star = "<sup>*</sup>"
    cells = "".join(f"<td style='padding:0 8px;text-align:right;color:{col}'>{name}</td>"
                    for name, col in zip("wxyz", (_C["ink"], *qp.AXIS_COLORS), strict=True))
    values = "".join(f"<td style='padding:0 8px;text-align:right'><code>{t}</code>"
                     f"{star if _is_signed_zero_text(t) else ''}</td>" for t in q_text)
    footnote = (f"<br><span style='color:#777'>{star} −0.0000 is zero with a minus sign (a signed zero, "
                "or a rounding error below 0.00005): zero, not a negative number.</span>"
                if any(_is_signed_zero_text(t) for t in [*q_text, sw_text]) else "")
    sw_vec = ", ".join(fmt(x, 3) for x in s.sandwich[1:])
    sw_star = star if _is_signed_zero_text(sw_text) else ""
    qv_vec = ", ".join(fmt(x, 3) for x in s.qv[1:])
    return (
        "<div style='line-height:1.6'>"
        f"axis n = {_code(fmt_vector(s.axis, 3))}<br>"
        f"θ = <b>{fmt(s.angle, 0)}°</b>, θ/2 = {fmt(s.angle / 2, 1)}°<br>"
        "q = cos(θ/2) + sin(θ/2) n:<br>"
        f"<table style='font-family:monospace;margin-left:6px'><tr>{cells}</tr><tr>{values}</tr></table>"
        f"|q| = {fmt(s.norm_q)}<br>"
        f"v = {_code(fmt_vector(s.v, 3))}<br>"
        f"q v q⁻¹ = {_code(f'({sw_text}{sw_star} | {sw_vec})')}<br>"
        f"{'✓' if s.pure_and_same else '✗'} pure (w = 0) and |v′| = |v| = {fmt(s.v_length, 3)}; "
        "q v q* gives the same (q is a unit quaternion)<br>"
        f"<span style='color:{WRONG}'>q v = {_code(f'({fmt(s.qv_w)} | {qv_vec})')}<br>{verdict}</span>"
        f"{footnote}</div>"
    )
