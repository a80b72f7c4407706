"""Notebook 07: the belt trick -- a tethered cube, a turn slider, an untangling computed by quatlib.belt, and the
same rotations in the ball of rotations and on the 3-sphere of unit quaternions."""

from __future__ import annotations

import html

import ipywidgets as W
import numpy as np

from .. import belt
from .. import plot as qp
from ..models.belt_demo import BeltState, belt_state, s3_landmarks, untangle_works
from ._base import Demo, angle_slider, control_style, fmt, fmt_vector, player, slider
from ._readouts import check, code, lines, mono, panel_boxes

__all__ = ["belt_trick"]

_C = qp.COLORS
_VIEW = (25.0, 28.0)  # (azimuth, elevation): the vertical axis up, the back wall visible
_PLAY_STEPS = 50  # frames of the untangling animation (the slider's step is 1/50)
_PANELS_IN = (3.5, 2.55, 2.55)  # widths of the belt, ball and S³ panels, inches (100 px each): 860 px in all
_RIBBONS = (_C["vector"], _C["vector2"], _C["ribbon"])  # one colour per ribbon (never an axis colour)


def belt_trick(turn: float = 0.0, untangle: float = 0.0, *, transport: str = "image") -> Demo:
    """A cube tethered to the walls by three ribbons: turn it, then try to untangle the ribbons.

    The turn slider spins the cube about the vertical (y) axis, from 0° to 720°; the ribbons
    twist with it (:func:`quatlib.belt.scene`).  The "untangle" button and slider work at 720°,
    where the followed quaternion ``q = cos(T/2) + sin(T/2) ŷ`` is ``+1``; at 360° it is ``−1``
    and the panel says why nothing can be done.  Untangling moves the ribbons around the cube
    (the deformation ``H(s, u)`` of :mod:`quatlib.belt`); the cube never moves, and no ribbon
    passes through another or through the cube.  The untangling is kept when the turn slider
    moves on: only the turn since 720° twists the ribbons again.

    Middle: the rotations along a ribbon, from the wall (the identity, at the centre) to the
    cube (the black dot), in the ball of rotations (rotation vector θn, radius π, opposite
    surface points the same rotation).  Purple where ``w ≥ 0``, orange where ``w < 0`` (drawn a
    little beside, so a second pass along the axis stays visible); each numbered dotted arc
    joins a point where the path leaves the ball to the opposite point where it comes back:
    a crossing, where ``w`` changes sign.  Right: the same rotations as unit quaternions on
    the 3-sphere, by stereographic projection (:mod:`quatlib.models.s3`): +1 and −1 are two
    marked places, a turn about y is the unit circle through them, and ``w = 0`` (the ball's
    surface) is the shaded plane.  The math is :func:`quatlib.models.belt_demo.belt_state`.

    Parameters
    ----------
    turn : float
        Initial turn in degrees, 0 to 720.
    untangle : float
        Initial untangling progress, 0 to 1 (done at 720°: kept at other turns).
    transport : {"image", "ipympl"}

    Returns
    -------
    Demo
        With ``demo.buttons["untangle"]`` and ``demo.buttons["play"]`` (the animation, started
        by the button), ``demo.items["reason"]`` (the visible explanation) and ``demo.state`` (a
        :class:`~quatlib.models.belt_demo.BeltState`).

    Examples
    --------
    >>> import quatlib as ql
    >>> demo = ql.widgets.belt_trick(turn=360)
    >>> demo.buttons["untangle"].disabled, demo.state.n_crossings
    (True, 1)
    >>> demo.set(turn=720).buttons["untangle"].disabled
    False
    >>> demo.set(untangle=1.0).state.n_crossings
    0
    >>> demo.set(turn=715).state.n_crossings  # turning on keeps the untangling: no twist comes back
    0
    """
    fig, (scene, ball, s3) = qp.panel_row(_PANELS_IN, [{"extent": 2.25},
                                                       {"extent": 1.3 * np.pi, "title": "the ball of rotations"},
                                                       {"extent": 1.55, "title": "S³, stereographic"}],
                                          view=_VIEW, world_frame=False)
    marks = s3_landmarks()  # the circle of turns about y and the plane w = 0, as S³ shows them
    items = {
        "cube": qp.Cube(scene, side=belt.CUBE_SIDE),
        "tethers": qp.Tethers(scene, circumradius=belt.CUBE_SIDE * np.sqrt(3) / 2, ribbon_colors=_RIBBONS),
        "ball": qp.BallOfRotations(ball, belt.TURN_AXIS, color=_C["vector2"], negative_color=_C["vector"],
                                   end_color=_C["ink"]),
        "gauge": qp.Bars(qp.overlay(scene), ("w", "x", "y", "z"), [_C["ink"], *qp.AXIS_COLORS],
                         rect=(0.76, 0.8, 0.2, 0.1), title="followed q", fontsize=8, on_top=True),
        "note": qp.StaticText(qp.overlay(scene), (0.02, 0.02), ""),
        "s3_surface": qp.Polyline(s3, marks["w0"], color=_C["faint"], linewidth=0.8, fill=_C["mirror"],
                                  fill_alpha=0.18),
        "s3_circle": qp.Polyline(s3, marks["turns"], color=_C["faint"], linewidth=0.9, linestyle=(0, (4, 3))),
        "s3_path": qp.Polyline(s3, color=_C["vector2"], linewidth=2.4, zorder=qp.Z.MID),
        "s3_negative": qp.Polyline(s3, color=_C["vector"], linewidth=2.4, zorder=qp.Z.MID + 0.5),
        "s3_plus": qp.Point(s3, (1, 0, 0), color=_C["ink"], size=6),
        "s3_minus": qp.Point(s3, (-1, 0, 0), color=_C["ink"], size=6),
        "s3_names": [qp.Label(s3, fontsize=10) for _ in "+-"],  # "+1" and "−1", placed beside them (see _draw_belt)
        "s3_note": qp.Label(s3, "w = 0", (0, -1.2, 1.2), color=_C["note"], fontsize=8.5, offset=(0.05, -0.12)),
        "s3_now": qp.Point(s3, (1, 0, 0), color=_C["ink"], size=8),
        # live numbers under each panel: HTML costs the figure nothing to redraw
        "numbers": panel_boxes([w * 100 for w in _PANELS_IN]),
        "reason": W.HTML(layout=control_style()["layout"]),
    }
    controls = {
        "turn": angle_slider("turn (°)", turn, 0.0, 720.0, 5.0, tooltip="turn the cube about the vertical axis"),
        "untangle": slider("untangled", untangle, 0.0, 1.0, 1.0 / _PLAY_STEPS, readout_format=".2f",
                           parameter="untangle",
                           tooltip="0: twisted, 1: straight; the cube does not move (works at 720°)"),
    }
    buttons = {
        "untangle": W.Button(description="untangle ▶", tooltip="untangle the ribbons without moving the cube",
                             layout=W.Layout(width="120px")),
        # the animation, which the browser plays: it moves the slider, and the slider moves it
        "play": player(controls["untangle"], _PLAY_STEPS, interval=60, description="run the untangling",
                       layout=W.Layout(width="120px")),
    }
    for item in (*(items[k] for k in ("s3_surface", "s3_circle", "s3_plus", "s3_minus", "s3_note")),
                 *items["s3_names"]):
        item.static = True  # fixed places of S³ and their names: in the cached background (drawn again on a view turn)
    demo = Demo("belt_trick", fig, controls, model=belt_state, draw=_draw_belt, items=items, scenes=[scene, ball, s3],
                buttons=buttons, transport=transport, extra=[items["reason"]], below=[W.HBox(items["numbers"])],
                description="a cube tethered by three ribbons: turn it 360° or 720°, then try to untangle")
    demo.guard("untangle", lambda values: untangle_works(values.turn))  # a script's move elsewhere is put back

    def start_untangling(_=None):
        """Run the animation (the browser plays it), from the twisted state if it has already finished."""
        if demo.state.allowed:
            if controls["untangle"].value >= 1.0:
                demo.set(untangle=0.0)
            buttons["play"].playing = True

    buttons["untangle"].on_click(start_untangling)
    return demo


def _draw_belt(demo: Demo, s: BeltState) -> str:
    """Move the cube, the ribbons, the ball's path and the S³ path to ``s``; enable the untangle controls at 720°."""
    it = demo.items
    for w in (demo.controls["untangle"], *demo.buttons.values()):
        w.disabled = not s.allowed
    sc = s.scene
    it["cube"].set_data(sc.R)
    it["tethers"].set_data(sc.ribbons, sc.R, sc.anchors, sc.walls)
    it["ball"].set_data(s.ball)
    it["gauge"].set_data(sc.q)
    for line, piece in zip((it["s3_path"], it["s3_negative"]), s.s3_pieces, strict=True):
        line.set_data(piece)
    it["s3_now"].set_data(s.s3_now)
    # "+1" and "−1" beside their points, away from the middle, then "w = 0" beside the corner of its square: off the
    # other texts, the square's edges and the circle of turns (where a twist's path runs; seen from above or below
    # it is a flat ellipse, and a name at a fixed offset lay on it), inside the panel at this view
    plus, minus = it["s3_names"]
    qp.place_beside(demo.scenes[2], [(plus, (1, 0, 0), (0, 0, 0), "+1"), (minus, (-1, 0, 0), (0, 0, 0), "−1"),
                                     (it["s3_note"], it["s3_note"].p, (0, 0, 0), "w = 0")],
                    lines=[it["s3_surface"].points, it["s3_circle"].points])
    # the title and the note change with the kind of state only: still texts in the cached background
    demo.scenes[0].set_title(s.title)
    it["note"].set_data(s.note, color=_C["ink"] if s.allowed or s.untangle > 0 else _C["warn"])
    for box, text in zip(it["numbers"], (f"q({fmt(s.turn, 0)}°) = {fmt_vector(s.q)}",
                                         f"crossings (w changes sign): {s.n_crossings}",
                                         f"lowest w on the path: {fmt(s.path.lowest_w, 3)}"), strict=True):
        box.value = mono(text)
    it["reason"].value = (f"<div style='color:{_C['good'] if s.allowed else _C['warn']};line-height:1.4'>"
                          f"{check(s.allowed, html.escape(s.reason))}</div>")
    return lines(f"followed quaternion q = (w, x, y, z) =<br>{code(fmt_vector(s.q))}",
                 f"cube turned by {fmt(s.turn % 360, 0)}° (mod 360°); untangled {fmt(s.untangle, 2)}",
                 f"path crossings of the ball's surface: <b>{s.n_crossings}</b>", height=1.5)
