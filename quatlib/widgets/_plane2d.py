"""Notebook 01: rotation in 2D, one angle in two languages (a 2x2 matrix, a unit complex number)."""

from __future__ import annotations

import ipywidgets as W
import numpy as np

from .. import plot as qp
from .._plane import complex_from_angle, rotate_2d, rotate_complex, rotation_matrix_2d
from ..models.geometry import arc_points
from ._base import Demo, angle_slider, fmt

__all__ = ["rotation_2d", "complex_composition"]

_C = qp.COLORS


def _xyz(p) -> np.ndarray:
    """A 2D point ``(x, y)`` or a complex number as the 3D point ``(x, y, 0)``."""
    if np.iscomplexobj(p):
        return np.array([np.real(p), np.imag(p), 0.0])
    return np.array([p[0], p[1], 0.0])


def _cplx(z, digits: int = 3) -> str:
    """``0.866 + 0.500i``."""
    re, im = float(np.real(z)), float(np.imag(z))
    sign = "−" if float(fmt(im, digits)) < 0 else "+"
    return f"{fmt(re, digits)} {sign} {fmt(abs(im), digits)}i"


_PANEL_IN = 3.5  # inches (= 350 px at 100 dpi)


def _plane_panels(titles):
    return qp.panels(len(titles), size=_PANEL_IN, extent=1.5, view=(0, 0), world_frame=False, titles=titles)


def _number_boxes(n: int):
    """One HTML box of live numbers under each panel (the browser draws text for free)."""
    width = f"{int(_PANEL_IN * 100)}px"
    return [W.HTML(layout=W.Layout(width=width, padding="0 0 0 12px")) for _ in range(n)]


def _mono(text: str) -> str:
    return f"<div style='font-family:monospace;white-space:pre;line-height:1.45'>{text}</div>"


def rotation_2d(theta: float = 30.0, point=(1.0, 0.5), *, transport: str = "image") -> Demo:
    """One angle θ, two languages: the matrix ``R(θ) p`` beside the complex product ``z · e^{iθ}``.

    Left, the point ``p`` turned by the 2x2 matrix, whose columns (thin red and
    green arrows) are ``(cos θ, sin θ)`` and ``(−sin θ, cos θ)``.  Right, the same
    point as ``z = x + iy`` multiplied by the unit complex number
    ``e^{iθ} = cos θ + i sin θ`` (purple).  Both land on the same spot, and the
    same two numbers ``cos θ`` and ``sin θ`` appear in both.

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
    >>> demo.state["matrix"], demo.state["complex"]
    (array([0., 1.]), array([0., 1.]))
    """
    p = np.asarray(point, dtype=float)
    z = complex(p[0], p[1])
    fig, (left, right) = _plane_panels(["matrix:  p′ = R(θ) p", "complex:  z′ = z · e$^{iθ}$"])
    qp.UnitCircle(left, labels=("x", "y"), ticks=("1", "1", "−1", "−1"))
    qp.UnitCircle(right, labels=("Re", "Im"), ticks=("1", "i", "−1", "−i"))
    col_x = qp.Arrow(left, color=qp.AXIS_COLORS[0], linewidth=1.4, head=0.08, alpha=0.8)
    col_y = qp.Arrow(left, color=qp.AXIS_COLORS[1], linewidth=1.4, head=0.08, alpha=0.8)
    qp.Arrow(left, _xyz(p), color=_C["faint"], linewidth=1.6, label="p", static=True)
    qp.Arrow(right, _xyz(p), color=_C["faint"], linewidth=1.6, label="z", static=True)
    rotor = qp.Arrow(right, color=_C["vector2"], linewidth=2.0, label="e$^{iθ}$")
    out_l = qp.Arrow(left, color=_C["vector"], linewidth=2.6, label="p′")
    out_r = qp.Arrow(right, color=_C["vector"], linewidth=2.6, label="z′")
    r0 = 0.42 / max(np.hypot(*p), 1e-9)
    arc_l = qp.Arc(left, arc_points((0, 0, 1), _xyz(p) * r0, 0.0), angle=0.0, label="θ", label_radius=1.35)
    arc_r = qp.Arc(right, arc_points((0, 0, 1), (0.32, 0, 0), 0.0), angle=0.0, label="θ", label_radius=1.45)
    controls = {"theta": angle_slider("θ (°)", theta, -180, 180)}
    numbers = _number_boxes(2)
    state = {}

    def update(v):
        R = rotation_matrix_2d(v.theta, degrees=True)
        p2 = rotate_2d(p, v.theta, degrees=True)
        rot = complex_from_angle(v.theta, degrees=True)
        z2 = rotate_complex(z, v.theta, degrees=True)
        c, s = float(np.real(rot)), float(np.imag(rot))
        col_x.set_data(_xyz(R[:, 0]))
        col_y.set_data(_xyz(R[:, 1]))
        out_l.set_data(_xyz(p2))
        out_r.set_data(_xyz(z2))
        rotor.set_data(_xyz(rot))
        rad = np.radians(v.theta)
        arc_l.set_data(arc_points((0, 0, 1), _xyz(p) * r0, rad), angle=rad)
        arc_r.set_data(arc_points((0, 0, 1), (0.32, 0, 0), rad), angle=rad)
        numbers[0].value = _mono(f"R(θ) = [[{fmt(c, 3):>6}, {fmt(-s, 3):>6}],\n        [{fmt(s, 3):>6}, {fmt(c, 3):>6}]]\n"
                                 f"p′ = R(θ) p = ({fmt(p2[0], 3)}, {fmt(p2[1], 3)})")
        numbers[1].value = _mono(f"e<sup>iθ</sup> = cos θ + i sin θ = {_cplx(rot)}\n\n"
                                 f"z′ = z e<sup>iθ</sup> = {_cplx(z2)}")
        state.update(matrix=p2, complex=np.array([z2.real, z2.imag]), cos=c, sin=s)
        same = np.allclose(p2, state["complex"])
        return (
            f"<div style='line-height:1.6'>θ = {fmt(v.theta, 0)}°<br>"
            f"cos θ = <b>{fmt(c)}</b><br>sin θ = <b>{fmt(s)}</b><br>"
            f"{'✓ the same point' if same else '✗ different points'}: "
            "the matrix and the complex number turn p alike</div>"
        )

    demo = Demo("rotation_2d", fig, controls, update, transport=transport, below=[W.HBox(numbers)],
                description="one angle θ turning a point with the 2x2 matrix and with e^{iθ}")
    demo.state = state
    return demo


def complex_composition(alpha: float = 30.0, beta: float = 60.0, *, transport: str = "image") -> Demo:
    """Turning by α then β is turning by α + β: ``e^{iα} e^{iβ} = e^{i(α+β)}``, in either order.

    Left: start at 1, multiply by ``e^{iα}`` (orange arc), then by ``e^{iβ}``
    (purple arc).  Right: the other order.  Both end at ``e^{i(α+β)}`` (black
    arrow): 2D rotations commute.

    Examples
    --------
    >>> import quatlib as ql
    >>> demo = ql.widgets.complex_composition(alpha=30, beta=60)
    >>> demo.state["alpha_then_beta"], demo.state["beta_then_alpha"]
    (array([0., 1.]), array([0., 1.]))
    """
    fig, (left, right) = _plane_panels(["first e$^{iα}$, then e$^{iβ}$", "first e$^{iβ}$, then e$^{iα}$"])
    ca, cb = _C["vector"], _C["vector2"]
    parts = []
    for scene, first_color, second_color, names in ((left, ca, cb, ("α", "β")), (right, cb, ca, ("β", "α"))):
        qp.UnitCircle(scene, labels=("Re", "Im"), ticks=("1", "i", "−1", "−i"))
        first_arrow = qp.Arrow(scene, color=first_color, linewidth=1.6, alpha=0.8,
                               label=f"e$^{{i{names[0]}}}$")
        arc1 = qp.Arc(scene, arc_points((0, 0, 1), (0.45, 0, 0), 0.0), angle=0.0, color=first_color, label=names[0],
                      linewidth=2.2, label_radius=1.3)
        arc2 = qp.Arc(scene, arc_points((0, 0, 1), (0.62, 0, 0), 0.0), angle=0.0, color=second_color,
                      label=names[1], linewidth=2.2, label_radius=1.28)
        result = qp.Arrow(scene, color=_C["ink"], linewidth=2.6, label="e$^{i(α+β)}$")
        parts.append((first_arrow, arc1, arc2, result))
    boxes = _number_boxes(2)
    controls = {"alpha": angle_slider("α (°)", alpha), "beta": angle_slider("β (°)", beta)}
    state = {}

    def update(v):
        ea = complex_from_angle(v.alpha, degrees=True)
        eb = complex_from_angle(v.beta, degrees=True)
        ab = rotate_complex(rotate_complex(1.0, v.alpha, degrees=True), v.beta, degrees=True)
        ba = rotate_complex(rotate_complex(1.0, v.beta, degrees=True), v.alpha, degrees=True)
        total = complex_from_angle(v.alpha + v.beta, degrees=True)
        a, b = np.radians(v.alpha), np.radians(v.beta)
        for (first_arrow, arc1, arc2, result), first, second, end, box, (n1, n2) in (
            (parts[0], a, b, ab, boxes[0], ("α", "β")),
            (parts[1], b, a, ba, boxes[1], ("β", "α")),
        ):
            first_arrow.set_data(_xyz(complex_from_angle(first)))
            arc1.set_data(arc_points((0, 0, 1), (0.45, 0, 0), first), angle=first)
            arc2.set_data(arc_points((0, 0, 1), _xyz(0.62 * complex_from_angle(first)), second), angle=second)
            result.set_data(_xyz(end))
            box.value = _mono(f"e<sup>i{n1}</sup> · e<sup>i{n2}</sup> = {_cplx(end)}")
        state.update(alpha_then_beta=np.array([ab.real, ab.imag]), beta_then_alpha=np.array([ba.real, ba.imag]))
        same = np.isclose(ab, ba) and np.isclose(ab, total)
        return (
            f"<div style='line-height:1.6'>e<sup>iα</sup> = {_cplx(ea, 4)}<br>"
            f"e<sup>iβ</sup> = {_cplx(eb, 4)}<br>"
            f"e<sup>iα</sup>·e<sup>iβ</sup> = {_cplx(ab, 4)}<br>"
            f"e<sup>iβ</sup>·e<sup>iα</sup> = {_cplx(ba, 4)}<br>"
            f"e<sup>i(α+β)</sup> = {_cplx(total, 4)} &nbsp; (α + β = {fmt(v.alpha + v.beta, 0)}°)<br>"
            f"{'✓ all three agree: the order does not matter' if same else '✗ they differ'}</div>"
        )

    demo = Demo("complex_composition", fig, controls, update, transport=transport, below=[W.HBox(boxes)],
                description="α and β sliders: e^{iα} e^{iβ} = e^{i(α+β)} in either order")
    demo.state = state
    return demo
