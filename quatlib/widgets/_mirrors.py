"""Notebook 03: a rotation is two reflections, and the quaternion is the pair of mirrors."""

from __future__ import annotations

import numpy as np

from .. import plot as qp
from .._validate import as_numbers
from ..models.mirrors import CUBE_SIDE, MirrorsState, mirrors_state
from ._base import Demo, angle_slider, fmt, fmt_vector
from ._readouts import code, lines

__all__ = ["two_mirrors"]

_C = qp.COLORS
MIRROR_COLORS = (_C["mirror"], _C["mirror2"])  # mirror 1 light blue, mirror 2 sand
INK = [qp.darken(col, 0.3) for col in MIRROR_COLORS]
# Where a name may go, best first (qp.PlacedLabels takes the first free place), on rings of places whose near edge
# is a given distance from what it names (qp.ring_offsets: a wide name keeps as clear as a narrow one).  A cube's
# name: above its cube, below, to either side, then diagonally, 0.8, 1.2 and 1.76 cube sides from the cube's centre.
# A point's name: beside the point, outward first (away from the picture's middle), from 0.05 cube sides out to 1.15
# for when the cubes' edges and letters and the mirrors' edges take the near places (as they do round "2φ" at small
# φ).
BESIDE_CUBE = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)]
POINT_RINGS = (1, 2.5, 5, 8, 12, 17, 23)
CUBES = ("original", "ghost", "final")


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
    are the same rotation).  The math is :func:`quatlib.models.mirrors.mirrors_state`.

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
        Where the original cube should sit (it stays put when the mirrors turn).  It is
        moved to at least 1 from the mirrors' line and within 0.5 along it
        (:func:`quatlib.models.mirrors.clear_of_line`), so its copies turn clear of each other.
    view : (float, float)
        Initial camera (azimuth, elevation) in degrees; a little higher than the
        course default so the angle between the mirrors reads well.
    transport : {"image", "ipympl"}

    Returns
    -------
    Demo
        ``demo.state`` is the :class:`~quatlib.models.mirrors.MirrorsState` drawn (``q``, ``q_axis_angle``,
        ``rotation_angle``, ``n1``, ``n2``, ``axis``, ``degenerate``...); ``demo.items`` the scene's artist
        objects (``original``, ``ghost``, ``final``, ``planes``...).

    Examples
    --------
    >>> import quatlib as ql
    >>> demo = ql.widgets.two_mirrors(mirror_angle=45)
    >>> demo.state.rotation_angle
    90.0
    >>> demo.state.q, demo.state.q_axis_angle
    (array([-0.7071,  0.    , -0.7071,  0.    ]), array([0.7071, 0.    , 0.7071, 0.    ]))
    >>> demo.set(mirror_angle=0).state.degenerate
    True
    """
    c0 = as_numbers(position, 3, "position")
    fig, (scene,) = qp.panels(1, size=4.8, extent=2.0, world_frame=False,
                              titles=["reflect in mirror 1, then in mirror 2"])
    qp.legend(qp.overlay(scene), [("mirror 1, normal n₁", INK[0]), ("mirror 2, normal n₂", INK[1])])
    names = {"original": ("original", _C["ink"]), "ghost": ("in mirror 1", _C["note"]),
             "final": ("in both", _C["vector2"]), "turn": ("2φ", _C["vector2"]), "phi": ("φ", _C["ink"]),
             "axis": ("axis", _C["ink"]), "n1": ("n₁", INK[0]), "n2": ("n₂", INK[1])}
    items = {
        "planes": [qp.Plane(scene, size=2.7, color=col, alpha=0.2, show_normal=False) for col in MIRROR_COLORS],
        "normals": [qp.Arrow(scene, color=col, linewidth=2.2, head=0.1) for col in INK],
        "rays": [qp.Polyline(scene, color=col, linewidth=2.4) for col in INK],  # the mirrors' edges at φ
        "axis": qp.Arrow(scene, color=_C["ink"], linewidth=1.3, head=0.1, linestyle=(0, (5, 3))),
        "phi_arc": qp.Arc(scene, color=_C["ink"], linewidth=1.4, head=0.07),
        "turn_arc": qp.Arc(scene, color=_C["vector2"], linewidth=2.0),
        **{k: qp.LetteredCube(scene, CUBE_SIDE, ghost=k == "ghost", center=c0) for k in CUBES},
    }
    # the world's x, y, z (outlines: a view turn redraws no background), kept off the lines of everything above;
    # made after those, so that a view turn places the letters after the lines moved
    items["world"] = world = qp.WorldAxes(scene, card=True)
    # the cubes' names first, each beside its cube, off the world letters and the legend, and off the lines of
    # everything but its own cube (a name on another cube, the axis or an arc would read as that one's name); then
    # the other names, off those too, off the cubes' edges and letters (a name inside a face would read as that
    # face's name), off the dashed axis (which "axis" would otherwise sit across), off the mirrors' edges ("φ"
    # sat on one in the default picture) and off the normals, each but its own name ("φ = 120°" hid n₂'s head);
    # n₁ and n₂ also off the mirrors' outlines (n₁ sat on mirror 2's edge in the default picture; the angles' and
    # the axis' names keep their places: kept off the outlines too, "φ = 45°" went 80 pixels from its arc).
    # "2φ" is placed before "φ" (the other way round, "2φ = 60°" went up to 115 pixels from its arc at φ = 30° in
    # projector mode).  Made last, they project last.
    style = {"card": True, "colors": {k: col for k, (_, col) in names.items()}}
    points = [k for k in names if k not in CUBES]
    items["cube_names"] = qp.PlacedLabels(scene, {k: names[k][0] for k in CUBES}, **style, avoid=world.letters,
                                          directions=BESIDE_CUBE, gap=0.8 * CUBE_SIDE, rings=(1.0, 1.5, 2.2),
                                          keep_off=[*(items[k] for k in CUBES), *items["normals"], *items["rays"],
                                                    items["axis"], items["phi_arc"], items["turn_arc"]],
                                          own={k: [items[k]] for k in CUBES})
    items["names"] = qp.PlacedLabels(scene, {k: names[k][0] for k in points}, **style, optional=points,
                                     avoid=[*world.letters, *items["cube_names"].labels.values()],
                                     gap=0.05 * CUBE_SIDE, rings=POINT_RINGS,
                                     keep_off=[*(items[k] for k in CUBES), items["axis"], *items["rays"],
                                               *items["normals"], *items["planes"]],
                                     own={"n1": [items["normals"][0]], "n2": [items["normals"][1]],
                                          **{k: items["planes"] for k in ("phi", "turn", "axis")}})
    controls = {
        "mirror_angle": angle_slider("mirror angle φ (°)", mirror_angle, 0, 180, parameter="mirror_angle"),
        "turn": angle_slider("turn both (°)", turn, -180, 180),
        "azimuth": angle_slider("axis azimuth (°)", azimuth, -180, 180),
        "elevation": angle_slider("axis elevation (°)", elevation, -90, 90),
    }
    return Demo("two_mirrors", fig, controls, model=lambda **v: mirrors_state(**v, position=c0), draw=_draw,
                items=items, scenes=[scene], transport=transport, view=view,
                description="two mirrors whose reflections make a rotation by twice the angle between them")


def _draw(demo: Demo, s: MirrorsState) -> str | None:
    """Move the mirrors, the two copies and the angles to ``s``; the readout compares ``n₂ n₁`` with axis-angle."""
    if not demo.changed(s):  # only the view turned: the scene has projected everything and placed the names and
        return None          # letters again (all of them items), from these very data
    it, scene, shown = demo.items, demo.scenes[0], not s.degenerate
    it["original"].set_data(np.eye(3), s.position)  # kept clear of the mirrors' line (the model moves it)
    it["ghost"].set_data(s.ghost_matrix, s.ghost_center)
    it["final"].set_data(s.final_matrix, s.final_center)
    for plane, arrow, ray, n, edge in zip(it["planes"], it["normals"], it["rays"], (s.n1, s.n2), s.edges, strict=True):
        plane.set_data(n, in_plane=s.line)
        arrow.set_data(s.hinge + 0.7 * n, s.hinge)
        ray.set_data(np.array([s.hinge, s.hinge + 1.3 * edge]))
    it["phi_arc"].set_data(s.phi_arc, s.hinge, np.radians(s.mirror_angle))
    it["turn_arc"].set_data(s.turn_arc, s.turn_centre, np.radians(s.rotation_angle))
    it["axis"].set_data(1.75 * s.line, -1.75 * s.line)
    for item in ("axis", "phi_arc", "turn_arc"):
        it[item].set_visible(shown)
    it["world"].keep_letters_off(*it["planes"], *it["normals"], *it["rays"], it["axis"], it["phi_arc"],
                                 it["turn_arc"], *(it[k] for k in CUBES))
    # a copy (nearly) on the original gets one name instead of two on top of each other (s.final_name), beside both
    it["cube_names"].set_data({"original": None if s.copies_close else s.position, "ghost": s.ghost_center,
                               "final": s.final_center}, texts={"final": s.final_name})
    it["names"].set_data({"phi": s.phi_arc[len(s.phi_arc) // 2] if shown else None,
                          "turn": s.turn_arc[len(s.turn_arc) // 2] if shown else None,
                          "axis": 1.5 * s.line if shown else None, "n1": s.hinge + 0.7 * s.n1,
                          "n2": s.hinge + 0.7 * s.n2},
                         texts={"phi": f"φ = {fmt(s.mirror_angle, 0)}°", "turn": f"2φ = {fmt(s.rotation_angle, 0)}°"})
    scene.set_note(f"{s.coincide_reason}.\nReflecting twice in one mirror undoes it:\nno turn, and no axis (every "
                   "line in\nthe mirror would do)." if s.degenerate else "", color=_C["warn"])
    return _readout(s)


def _readout(s: MirrorsState) -> str:
    sign = ("✓ <b>equal</b> (here even the signs agree): the same rotation" if s.same_sign else
            "✓ <b>equal up to sign</b>: n₂n₁ = −q<sub>aa</sub>, and q, −q are the same rotation")
    axis = (f"<span style='color:{_C['warn']}'><b>axis undefined</b>: the mirrors are one plane (n₁ × n₂ = 0). A turn "
            f"by {fmt(s.rotation_angle, 0)}° is no turn: q = n₂n₁ = {fmt(s.q[0], 0)}, the identity up to sign.</span>"
            if s.degenerate else f"axis = n₁×n₂ / |n₁×n₂| = {code(fmt_vector(s.axis, 3))}")
    return lines(f"mirror angle φ = <b>{fmt(s.mirror_angle, 0)}°</b> → turn by 2φ = <b>{fmt(s.rotation_angle, 0)}°</b>",
                 axis, f"n₁ = {code(fmt_vector(s.n1, 3))}", f"n₂ = {code(fmt_vector(s.n2, 3))}",
                 f"q = n₂ n₁ =<br>&nbsp;&nbsp;{code(fmt_vector(s.q))}",
                 "q<sub>aa</sub> = quaternion_from_axis_angle(axis, 2φ) =<br>&nbsp;&nbsp;"
                 + code(fmt_vector(s.q_axis_angle)),
                 sign if s.same_rotation else f"<span style='color:{_C['warn']}'>✗ not the same rotation</span>",
                 f"{'✓' if s.reflections_agree else '✗'} mirror 1, then mirror 2 moves every point as q v q* does. "
                 f"One mirror: det {fmt(s.ghost_det, 0)} (handedness flipped); two: det +{fmt(s.final_det, 0)} "
                 "(a rotation)")
