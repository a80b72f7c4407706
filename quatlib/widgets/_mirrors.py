"""Notebook 03: a rotation is two reflections, and the quaternion is the pair of mirrors."""

from __future__ import annotations

import numpy as np

from .. import plot as qp
from .._axis_angle import quaternion_from_axis_angle
from .._matrix import matrix_from_quaternion
from .._reflect import mirror_normals, quaternion_from_mirrors, reflect
from .._rotate import rotate_vector
from ..models.geometry import arc_points, axis_frame
from ..plot import Label, LetteredCube, Polyline, darken, legend, overlay
from ._base import Demo, angle_slider, fmt, fmt_vector

__all__ = ["two_mirrors"]

_C = qp.COLORS
MIRROR_COLORS = (_C["mirror"], "#e0a458")  # mirror 1 light blue, mirror 2 sand


def _code(text: str) -> str:
    """Monospace numbers that never break across lines."""
    return f"<code style='white-space:nowrap'>{text}</code>"


def _reflection_matrix(n) -> np.ndarray:
    """The matrix of ``reflect(·, n)``: its columns are the reflected x, y, z axes (det −1)."""
    return reflect(np.eye(3), n).T


def two_mirrors(mirror_angle: float = 45.0, turn: float = 0.0, azimuth: float = 0.0, elevation: float = 90.0,
                *, position=(-0.27, 0.3, 1.0), view=(35.0, 30.0), transport: str = "image") -> Demo:
    """Two mirrors through the origin: reflecting in one, then the other, is a rotation.

    A small cube carrying a letter F (and red, green, blue faces for +x, +y, +z)
    is reflected in mirror 1 (light blue): its ghost, drawn pale and dashed, is
    the mirror image -- the F reads backwards and the face colours go round the
    other way.  Reflecting the ghost in mirror 2 (sand) gives a solid copy again:
    the original *turned* about the line where the mirrors meet, by twice the
    angle ``φ`` between them.  The quaternion of that turn is the product of the
    mirrors' unit normals, ``q = n₂ n₁``; the readout sets it beside
    ``quaternion_from_axis_angle(axis, 2φ)``: equal up to sign (``q`` and ``−q``
    are the same rotation).

    Parameters
    ----------
    mirror_angle : float
        Angle ``φ`` between the mirrors in degrees, 0 to 180.  0 and 180: the
        mirrors coincide (no turn, no axis); 45: a 90° turn; 90: a 180° turn.
    turn : float
        Turns both mirrors together about their common line, in degrees: the
        rotation does not change (only the angle between the mirrors matters).
    azimuth, elevation : float
        Direction of the line where the mirrors meet, in degrees:
        ``(cos el cos az, sin el, −cos el sin az)``.  The default is the y axis.
    position : (float, float, float)
        Centre of the original cube (it stays put; the mirrors move).
    view : (float, float)
        Initial camera (azimuth, elevation) in degrees; a little higher than the
        course default so the angle between the mirrors reads well.
    transport : {"image", "ipympl"}

    Returns
    -------
    Demo
        ``demo.state`` holds the numbers shown (``q``, ``q_axis_angle``,
        ``rotation_angle``, ``n1``, ``n2``, ``axis``, ``degenerate``); ``demo.items``
        the scene's artist objects (``original``, ``ghost``, ``final``, ``planes``...).

    Examples
    --------
    >>> import quatlib as ql
    >>> demo = ql.widgets.two_mirrors(mirror_angle=45)
    >>> demo.state["rotation_angle"]
    90.0
    >>> demo.state["q"], demo.state["q_axis_angle"]
    (array([-0.7071,  0.    , -0.7071,  0.    ]), array([0.7071, 0.    , 0.7071, 0.    ]))
    >>> demo.set(mirror_angle=0).state["degenerate"]
    True
    """
    c0 = np.asarray(position, dtype=float).reshape(3)
    fig, (scene,) = qp.panels(1, size=4.8, extent=2.0, footer=0.3,
                              titles=["reflect in mirror 1, then in mirror 2"])
    side = 0.5
    flat = overlay(scene)  # still texts: not redrawn when the view turns
    planes = [qp.Plane(scene, size=2.7, color=col, alpha=0.2, show_normal=False) for col in MIRROR_COLORS]
    ink_colors = [darken(col, 0.3) for col in MIRROR_COLORS]
    normals = [qp.Arrow(scene, color=col, linewidth=2.2, head=0.1, label=lab)
               for col, lab in zip(ink_colors, ("n₁", "n₂"))]
    rays = [Polyline(scene, color=col, linewidth=2.4) for col in ink_colors]  # the mirrors' edges at φ
    legend(flat, [("mirror 1, normal n₁", ink_colors[0]), ("mirror 2, normal n₂", ink_colors[1])])
    axis_line = qp.Arrow(scene, color=_C["ink"], linewidth=1.3, head=0.1, linestyle=(0, (5, 3)))
    axis_label = Label(scene, "axis", offset=(-0.08, 0.0), ha="right", color=_C["ink"])
    phi_arc = qp.Arc(scene, color=_C["ink"], linewidth=1.4, label="φ", label_radius=1.45, head=0.07,
                     fontsize=10)
    turn_arc = qp.Arc(scene, color=_C["vector2"], linewidth=2.0, label="", label_radius=1.25)
    original = LetteredCube(scene, side, center=c0)
    ghost = LetteredCube(scene, side, ghost=True, center=c0)
    final = LetteredCube(scene, side, center=c0)
    lift = (0.0, 0.45)
    labels = [Label(scene, "original", c0, offset=lift, color=_C["ink"]),
              Label(scene, "in mirror 1", c0, offset=lift, color="#555555"),
              Label(scene, "in both", c0, offset=lift, color=_C["vector2"])]
    controls = {
        "mirror_angle": angle_slider("mirror angle φ (°)", mirror_angle, 0, 180),
        "turn": angle_slider("turn both (°)", turn, -180, 180),
        "azimuth": angle_slider("axis azimuth (°)", azimuth, -180, 180),
        "elevation": angle_slider("axis elevation (°)", elevation, -90, 90),
    }
    state = {}

    def update(v):
        frame = axis_frame(v.azimuth, v.elevation)
        axis = frame[:, 0]
        first = rotate_vector(quaternion_from_axis_angle(axis, v.turn, degrees=True), frame[:, 2])
        rotation_angle = 2.0 * float(v.mirror_angle)
        n1, n2 = mirror_normals(axis, rotation_angle, first=first, degrees=True)
        q = quaternion_from_mirrors(n1, n2)  # n₂ n₁
        q_aa = quaternion_from_axis_angle(axis, rotation_angle, degrees=True)
        same_sign = bool(np.allclose(q, q_aa, atol=1e-12))
        opposite = bool(np.allclose(q, -q_aa, atol=1e-12))
        # The copies, computed by reflecting (not by rotating): mirror 1, then mirror 2.
        M1 = _reflection_matrix(n1)
        M21 = reflect(reflect(np.eye(3), n1), n2).T
        c1 = reflect(c0, n1)
        c2 = reflect(c1, n2)
        ghost.set_data(M1, c1)
        final.set_data(M21, c2)
        agrees = bool(np.allclose(M21, matrix_from_quaternion(q), atol=1e-12))
        # The mirrors, their normals, the line where they meet, the angles.
        planes[0].set_data(n1, in_plane=axis)
        planes[1].set_data(n2, in_plane=axis)
        along = float(c0 @ axis)
        # the angle φ is drawn on the axis, at the end away from the cube: edges, normals, arc
        base = (-0.95 if along >= 0 else 0.95) * axis
        normals[0].set_data(base + 0.7 * n1, base)
        normals[1].set_data(base + 0.7 * n2, base)
        cross = np.cross(n1, n2)  # sin φ · axis: zero when the mirrors coincide
        degenerate = bool(np.linalg.norm(cross) < 1e-9)
        axis_line.set_data(1.75 * axis, -1.75 * axis)
        axis_label.set_data(1.5 * axis)
        axis_line.set_visible(not degenerate)
        axis_label.set_visible(not degenerate)
        edge = np.cross(axis, n1)  # lies in mirror 1, perpendicular to the axis
        phi = np.radians(v.mirror_angle)
        phi_arc.set_data(arc_points(axis, 0.7 * edge, phi, center=base), base, phi)
        phi_arc.set_visible(not degenerate)
        for ray, n in zip(rays, (n1, n2)):
            ray.set_data(np.array([base, base + 1.3 * np.cross(axis, n)]))
        floor = along - 0.6 * side  # the arc runs under the cubes, from the original to the turned copy
        turn = np.radians(rotation_angle)
        turn_arc.set_data(arc_points(axis, c0 - along * axis, turn, center=floor * axis, n=96), floor * axis, turn)
        turn_arc.set_label(f"2φ = {fmt(rotation_angle, 0)}°")
        turn_arc.set_visible(not degenerate)
        for lab, p in zip(labels, (c0, c1, c2)):
            lab.set_data(p)
        no_turn = bool(np.allclose(M21, np.eye(3), atol=1e-9))  # the copy lands on the original
        labels[2].set_data(c2, "in both = original" if no_turn else "in both")
        labels[0].set_visible(not no_turn)
        state.update(q=q, q_axis_angle=q_aa, rotation_angle=rotation_angle, mirror_angle=float(v.mirror_angle),
                     n1=n1, n2=n2, axis=None if degenerate else cross / np.linalg.norm(cross),
                     degenerate=degenerate, same_rotation=same_sign or opposite, reflections_agree=agrees,
                     ghost_det=float(np.linalg.det(M1)), final_det=float(np.linalg.det(M21)))
        if degenerate:
            why = ("φ = 0°: the mirrors coincide" if v.mirror_angle < 90 else
                   "φ = 180°: n₂ = −n₁, the same mirror again")
            scene.set_note(f"{why}.\nReflecting twice in one mirror undoes it:\nno turn, and no axis (every line in\n"
                           "the mirror would do).", color=_C["warn"])
        else:
            scene.set_note("")
        phi_arc.set_label(f"φ = {fmt(v.mirror_angle, 0)}°")
        scene.set_caption(f"q = n₂n₁ = {fmt_vector(q)}")
        if opposite and not same_sign:
            sign_text = ("✓ <b>equal up to sign</b>: n₂n₁ = −q<sub>aa</sub>, and q, −q are the same "
                         "rotation")
        elif same_sign and not opposite:
            sign_text = "✓ <b>equal</b> (here even the signs agree): the same rotation"
        else:  # pragma: no cover - would be a bug in quatlib
            sign_text = "<span style='color:#b03a2e'>✗ not the same rotation</span>"
        if degenerate:
            axis_text = ("<span style='color:#b03a2e'><b>axis undefined</b>: the mirrors are one plane "
                         f"(n₁ × n₂ = 0). A turn by {fmt(rotation_angle, 0)}° is no turn: "
                         f"q = n₂n₁ = {fmt(q[0], 0)}, the identity up to sign.</span>")
        else:
            axis_text = f"axis = n₁×n₂ / |n₁×n₂| = {_code(fmt_vector(state['axis'], 3))}"
        return (
            "<div style='line-height:1.6'>"
            f"mirror angle φ = <b>{fmt(v.mirror_angle, 0)}°</b> → "
            f"turn by 2φ = <b>{fmt(rotation_angle, 0)}°</b><br>"
            f"{axis_text}<br>"
            f"n₁ = {_code(fmt_vector(n1, 3))}<br>n₂ = {_code(fmt_vector(n2, 3))}<br>"
            f"q = n₂ n₁ =<br>&nbsp;&nbsp;{_code(fmt_vector(q))}<br>"
            "q<sub>aa</sub> = quaternion_from_axis_angle(axis, 2φ) =<br>"
            f"&nbsp;&nbsp;{_code(fmt_vector(q_aa))}<br>"
            f"{sign_text}<br>"
            f"{'✓' if agrees else '✗'} mirror 1, then mirror 2 moves every point as q v q* does. "
            f"One mirror: det {fmt(state['ghost_det'], 0)} (handedness flipped); "
            f"two: det +{fmt(state['final_det'], 0)} (a rotation)</div>"
        )

    demo = Demo("two_mirrors", fig, controls, update, scenes=[scene], transport=transport, view=view,
                description="two mirrors whose reflections make a rotation by twice the angle between them")
    demo.state = state
    demo.items = dict(original=original, ghost=ghost, final=final, planes=planes, normals=normals, rays=rays,
                      axis=axis_line, phi_arc=phi_arc, turn_arc=turn_arc, labels=labels)
    return demo
