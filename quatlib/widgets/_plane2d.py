"""Notebook 01: rotation in 2D, one angle in two languages (a 2x2 matrix, a unit complex number)."""

from __future__ import annotations

import ipywidgets as W
import numpy as np

from .. import plot as qp
from .._plane import complex_from_angle
from .._validate import as_numbers
from ..models.plane2d import CompositionState, Rotation2DState, composition_state, in_plane, rotation_2d_state
from ._base import Demo, angle_slider, fmt
from ._readouts import check, fmt_complex, lines, mono, panel_boxes

__all__ = ["rotation_2d", "complex_composition"]

_C = qp.COLORS
_PANEL_IN = 3.5  # inches (= 350 px at 100 dpi)
# e^{iθ} and friends in Unicode superscripts, not mathtext: a plain line of text is rasterized once and reused,
# mathtext is laid out again on every draw (3-5 ms a move for the moving names and the titles)
_E = {"θ": "eⁱᶿ", "α": "eⁱᵅ", "β": "eⁱᵝ", "α+β": "eⁱ⁽ᵅ⁺ᵝ⁾"}


def _plane_panels(titles):
    """Side-by-side flat panels, and one HTML box of live numbers under each (the browser draws text for free)."""
    fig, scenes = qp.panels(len(titles), size=_PANEL_IN, extent=1.5, view=(0, 0), world_frame=False, titles=titles)
    return fig, scenes, panel_boxes([_PANEL_IN * 100] * len(titles))


def rotation_2d(theta: float = 30.0, point=(1.0, 0.5), *, transport: str = "image") -> Demo:
    """One angle θ, two languages: the matrix ``R(θ) p`` beside the complex product ``z · e^{iθ}``.

    Left, the point ``p`` turned by the 2x2 matrix, whose columns (thin red and
    green arrows) are ``(cos θ, sin θ)`` and ``(−sin θ, cos θ)``.  Right, the same
    point as ``z = x + iy`` multiplied by the unit complex number
    ``e^{iθ} = cos θ + i sin θ`` (purple).  Both land on the same spot, and the
    same two numbers ``cos θ`` and ``sin θ`` appear in both.  The math is
    :func:`quatlib.models.plane2d.rotation_2d_state`.

    Parameters
    ----------
    theta : float
        Initial angle in degrees.
    point : (float, float)
        The point ``p`` (and ``z = p[0] + i p[1]``).
    transport : {"image", "ipympl"}

    Examples
    --------
    >>> import quatlib as ql
    >>> demo = ql.widgets.rotation_2d(theta=90, point=(1, 0))
    >>> demo.state.matrix, demo.state.complex
    (array([0., 1.]), array([0., 1.]))
    """
    p = as_numbers(point, 2, "point")
    fig, (left, right), numbers = _plane_panels(["matrix:  p′ = R(θ) p", f"complex:  z′ = z · {_E['θ']}"])
    planes = (qp.UnitCircle(left, labels=("x", "y"), ticks=("1", "1", "−1", "−1")),
              qp.UnitCircle(right, labels=("Re", "Im"), ticks=("1", "i", "−1", "−i")))
    items = {
        "col_x": qp.Arrow(left, color=qp.AXIS_COLORS[0], linewidth=1.4, head=0.08, alpha=0.8),
        "col_y": qp.Arrow(left, color=qp.AXIS_COLORS[1], linewidth=1.4, head=0.08, alpha=0.8),
        "p": qp.Arrow(left, in_plane(p), color=_C["faint"], linewidth=1.6, static=True),
        "z": qp.Arrow(right, in_plane(p), color=_C["faint"], linewidth=1.6, static=True),
        "rotor": qp.Arrow(right, color=_C["vector2"], linewidth=2.0),
        "out_l": qp.Arrow(left, color=_C["vector"], linewidth=2.6),
        "out_r": qp.Arrow(right, color=_C["vector"], linewidth=2.6),
        # the names of the turning arrows, on a ring at their directions (the state's name_spots)
        "names_l": qp.LabelSet(left, {"p": "p", "out": "p′"}, colors={"p": _C["note"], "out": _C["vector"]},
                               fontsize=10),
        "names_r": qp.LabelSet(right, {"z": "z", "out": "z′", "rotor": _E["θ"]}, fontsize=10,
                               colors={"z": _C["note"], "out": _C["vector"], "rotor": _C["vector2"]}),
        "arc_l": qp.Arc(left, label="θ", label_radius=1.35),
        "arc_r": qp.Arc(right, label="θ", label_radius=1.45),
        "numbers": numbers,
    }
    # each θ off the axes and the arrows (at θ = ±1° the arc is a dot, and its name sat on p′ and on e^{iθ}); the
    # arrows are drawn before the arcs (see _draw_rotation_2d)
    items["arc_l"].keep_off = [planes[0], items["col_x"], items["col_y"], items["p"], items["out_l"]]
    items["arc_r"].keep_off = [planes[1], items["z"], items["rotor"], items["out_r"]]
    return Demo("rotation_2d", fig, {"theta": angle_slider("θ (°)", theta, -180, 180, parameter="theta")},
                model=lambda theta: rotation_2d_state(theta, p), draw=_draw_rotation_2d, items=items,
                transport=transport, below=[W.HBox(numbers)],
                description="one angle θ turning a point with the 2x2 matrix and with e^{iθ}")


def _draw_rotation_2d(demo: Demo, s: Rotation2DState) -> str:
    it = demo.items
    c, sn, rad = s.cos, s.sin, np.radians(s.theta)
    for key, p in (("col_x", s.R[:, 0]), ("col_y", s.R[:, 1]), ("out_l", s.matrix), ("out_r", s.complex),
                   ("rotor", s.rotor)):
        it[key].set_data(in_plane(p))
    arcs = s.arcs
    for arc, points in ((it["arc_l"], arcs["left"]), (it["arc_r"], arcs["right"])):
        arc.set_data(points, angle=rad)
        arc.set_label("θ" if rad else "")  # a turn by 0° has no arc to name
    it["names_l"].set_data(s.name_spots["left"])
    it["names_r"].set_data(s.name_spots["right"])
    it["numbers"][0].value = mono(
        f"R(θ) = [[{fmt(c, 3):>6}, {fmt(-sn, 3):>6}],\n        [{fmt(sn, 3):>6}, {fmt(c, 3):>6}]]\n"
        f"p′ = R(θ) p = ({fmt(s.matrix[0], 3)}, {fmt(s.matrix[1], 3)})")
    it["numbers"][1].value = mono(f"e<sup>iθ</sup> = cos θ + i sin θ = {fmt_complex(s.rotor)}\n\n"
                                  f"z′ = z e<sup>iθ</sup> = {fmt_complex(complex(*s.complex))}")
    return lines(f"θ = {fmt(s.theta, 0)}°", f"cos θ = <b>{fmt(c)}</b>", f"sin θ = <b>{fmt(sn)}</b>",
                 check(s.same, "the same point" if s.same else "different points")
                 + ": the matrix and the complex number turn p alike")


def complex_composition(alpha: float = 30.0, beta: float = 60.0, *, transport: str = "image") -> Demo:
    """Turning by α then β is turning by α + β: ``e^{iα} e^{iβ} = e^{i(α+β)}``, in either order.

    Left: start at 1, multiply by ``e^{iα}`` (orange arc), then by ``e^{iβ}``
    (purple arc).  Right: the other order.  Both end at ``e^{i(α+β)}`` (black
    arrow): 2D rotations commute.  The math is
    :func:`quatlib.models.plane2d.composition_state`.

    Examples
    --------
    >>> import quatlib as ql
    >>> demo = ql.widgets.complex_composition(alpha=30, beta=60)
    >>> print(f"{demo.state.alpha_then_beta:.4f}  {demo.state.beta_then_alpha:.4f}")
    0.0000+1.0000j  0.0000+1.0000j
    """
    fig, (left, right), numbers = _plane_panels([f"first {_E['α']}, then {_E['β']}",
                                                 f"first {_E['β']}, then {_E['α']}"])
    ca, cb = _C["vector"], _C["vector2"]
    items = {"numbers": numbers}
    for side, scene, first_color, second_color, (n1, n2) in (("left", left, ca, cb, ("α", "β")),
                                                             ("right", right, cb, ca, ("β", "α"))):
        plane = qp.UnitCircle(scene, labels=("Re", "Im"), ticks=("1", "i", "−1", "−i"))
        items[f"{side}_first"] = qp.Arrow(scene, color=first_color, linewidth=1.6, alpha=0.8)
        items[f"{side}_result"] = qp.Arrow(scene, color=_C["ink"], linewidth=2.6)
        # each arc's name off the axes, the arrows and the other arc (at α = 180°, β = −180° the arcs nest, and
        # the first one's name sat on the second arc)
        arc1 = qp.Arc(scene, color=first_color, label=n1, linewidth=2.2, label_radius=1.3)
        arc2 = qp.Arc(scene, color=second_color, label=n2, linewidth=2.2, label_radius=1.28)
        for arc, other in ((arc1, arc2), (arc2, arc1)):
            arc.keep_off = [plane, items[f"{side}_first"], items[f"{side}_result"], other]
        arc2.avoid = [arc1]  # and the second name off the first (placed after it: see _draw_composition)
        items[f"{side}_arc1"], items[f"{side}_arc2"] = arc1, arc2
        items[f"{side}_names"] = qp.LabelSet(scene, {"first": _E[n1], "result": _E["α+β"]}, fontsize=10,
                                             colors={"first": first_color, "result": _C["ink"]})
    controls = {"alpha": angle_slider("α (°)", alpha, parameter="alpha"),
                "beta": angle_slider("β (°)", beta, parameter="beta")}
    return Demo("complex_composition", fig, controls, model=composition_state, draw=_draw_composition, items=items,
                transport=transport, below=[W.HBox(numbers)],
                description="α and β sliders: e^{iα} e^{iβ} = e^{i(α+β)} in either order")


def _draw_composition(demo: Demo, s: CompositionState) -> str:
    it = demo.items
    a, b = np.radians(s.alpha), np.radians(s.beta)
    arcs = s.arcs
    for side, first, second, end, box, (n1, n2) in (("left", a, b, s.alpha_then_beta, it["numbers"][0], ("α", "β")),
                                                     ("right", b, a, s.beta_then_alpha, it["numbers"][1], ("β", "α"))):
        it[f"{side}_first"].set_data(in_plane(complex_from_angle(first)))
        it[f"{side}_result"].set_data(in_plane(end))
        # both arcs drawn before either name is placed (each keeps off the other: the second arc is drawn first
        # without its name, which is placed last); a turn by 0° has no arc to name
        it[f"{side}_arc2"].set_data(arcs[side][1], angle=second, label="")
        it[f"{side}_arc1"].set_data(arcs[side][0], angle=first, label=n1 if first else "")
        it[f"{side}_arc2"].set_label(n2 if second else "")
        # the first arrow drawn on the result's (the second turn a whole turn): one name for both
        one = s.first_is_result[side]
        it[f"{side}_names"].set_data(s.name_spots[side], texts={"first": "" if one else _E[n1],
                                                                "result": f"{_E[n1]} =\n{_E['α+β']}" if one
                                                                else _E["α+β"]})
        box.value = mono(f"e<sup>i{n1}</sup> · e<sup>i{n2}</sup> = {fmt_complex(end)}")
    ea, eb = complex_from_angle(s.alpha, degrees=True), complex_from_angle(s.beta, degrees=True)
    return lines(f"e<sup>iα</sup> = {fmt_complex(ea, 4)}", f"e<sup>iβ</sup> = {fmt_complex(eb, 4)}",
                 f"e<sup>iα</sup>·e<sup>iβ</sup> = {fmt_complex(s.alpha_then_beta, 4)}",
                 f"e<sup>iβ</sup>·e<sup>iα</sup> = {fmt_complex(s.beta_then_alpha, 4)}",
                 f"e<sup>i(α+β)</sup> = {fmt_complex(s.total, 4)} &nbsp; (α + β = {fmt(s.alpha + s.beta, 0)}°)",
                 check(s.same, "all three agree: the order does not matter" if s.same else "they differ"))
