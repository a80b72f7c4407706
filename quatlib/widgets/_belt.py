"""Notebook 07: the belt trick -- a tethered cube, a turn slider, and an untangling computed by quatlib.belt."""

from __future__ import annotations

import html

import ipywidgets as W
import numpy as np

from .. import belt
from .. import plot as qp
from ..models.belt_demo import BeltState, belt_state
from ._base import Demo, angle_slider, control_style, fmt, fmt_vector, slider

__all__ = ["belt_trick"]

_C = qp.COLORS
_VIEW = (25.0, 28.0)  # (azimuth, elevation): the vertical axis up, the back wall visible
_PLAY_STEPS = 50  # frames of the untangling animation (the slider's step is 1/50)
_PANEL_IN = 4.3  # inches per panel (= 430 px at 100 dpi)


def belt_trick(turn: float = 0.0, untangle: float = 0.0, *, transport: str = "image") -> Demo:
    """A cube tethered to the walls by three ribbons: turn it, then try to untangle the ribbons.

    The turn slider spins the cube about the vertical (y) axis, from 0° to 720°;
    the ribbons twist with it (:func:`quatlib.belt.scene`).  The "untangle" button
    and slider are enabled only when the followed quaternion
    ``q = cos(T/2) + sin(T/2) ŷ`` is ``+1`` (at 0° and 720°); at 360° it is ``−1``
    and the panel says why nothing can be done.  Untangling moves the ribbons
    around the cube (the deformation ``H(s, u)`` of :mod:`quatlib.belt`); the cube
    never moves, and no ribbon passes through another or through the cube.

    Right: the rotations along a ribbon, from the wall (the identity, at the
    centre) to the cube (the orange dot), as a path in the ball of rotations
    (rotation vector θn, radius π, opposite surface points the same rotation).
    Red dots: where the path goes out through the surface and comes back in at
    the opposite point.  One crossing (360°) cannot be removed; two (720°) can:
    as the untangling runs they meet and vanish, and the loop shrinks to the centre.
    The math is :func:`quatlib.models.belt_demo.belt_state`.

    Parameters
    ----------
    turn : float
        Initial turn in degrees, 0 to 720.
    untangle : float
        Initial untangling progress, 0 to 1 (ignored unless ``turn`` is 0 or 720).
    transport : {"image", "ipympl"}

    Returns
    -------
    Demo
        With ``demo.buttons["untangle"]`` and ``demo.buttons["play"]`` (the
        animation, started by the button), ``demo.items["reason"]`` (the visible
        explanation) and ``demo.state`` (a :class:`~quatlib.models.belt_demo.BeltState`:
        the scene, the ball path, whether untangling is allowed and why).

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
    """
    band = 0.3
    height = _PANEL_IN + band
    fig = qp.figure((2 * _PANEL_IN, height))
    rect = (0.0, 0.0, 0.5, _PANEL_IN / height)
    scene = qp.Scene(fig.add_axes(rect), extent=2.25, view=_VIEW, world_frame=False)
    ball = qp.Scene(fig.add_axes((0.5, *rect[1:])), extent=1.25 * np.pi, view=_VIEW, world_frame=False,
                    title="the ball of rotations")
    # still texts on flat overlays: they stay in the cached background while the view turns
    gauge = qp.Bars(qp.overlay(ball), ("w", "x", "y", "z"), [_C["ink"], *qp.AXIS_COLORS],
                    rect=(0.05, 0.8, 0.17, 0.12), title="followed q", fontsize=8)
    items = {
        "cube": qp.Cube(scene, side=belt.CUBE_SIDE),
        "tethers": qp.Tethers(scene, circumradius=belt.CUBE_SIDE * np.sqrt(3) / 2, front=_C["vector"],
                              back=_C["vector2"]),  # each half-turn of twist shows as a change of colour
        "ball": qp.BallOfRotations(ball, belt.TURN_AXIS, color=_C["vector2"]),
        "gauge": gauge,
        "note": qp.StaticText(qp.overlay(scene), (0.02, 0.02), ""),
        # live numbers under each panel: HTML costs the figure nothing to redraw
        "numbers": [W.HTML(layout=W.Layout(width=f"{int(_PANEL_IN * 100)}px", padding="0 0 0 12px")) for _ in range(2)],
        "reason": W.HTML(layout=control_style()["layout"]),
    }
    untangle0 = float(untangle) if belt.untangle_allowed(turn)[0] else 0.0
    controls = {
        "turn": angle_slider("turn (°)", turn, 0.0, 720.0, 5.0, tooltip="turn the cube about the vertical axis"),
        "untangle": slider("untangled", untangle0, 0.0, 1.0, 1.0 / _PLAY_STEPS, readout_format=".2f",
                           tooltip="0: twisted, 1: straight; the cube does not move"),
    }
    buttons = {
        "untangle": W.Button(description="untangle ▶", tooltip="untangle the ribbons without moving the cube",
                             layout=W.Layout(width="120px")),
        "play": W.Play(value=int(round(untangle0 * _PLAY_STEPS)), min=0, max=_PLAY_STEPS, step=1, interval=60,
                       description="run the untangling", layout=W.Layout(width="120px")),
    }
    # the play control and the untangle slider move together: the animation resumes from where the slider is.
    # The slider → play link is observed before the demo's own update, so a slider move the draw puts back
    # (untangling refused) has already reached the play control: one repaint, not two.
    play, untangler = buttons["play"], controls["untangle"]
    untangler.observe(lambda change: setattr(play, "value", int(round(change["new"] * _PLAY_STEPS))), names="value")
    demo = Demo("belt_trick", fig, controls, model=belt_state, draw=_draw_belt, items=items, scenes=[scene, ball],
                buttons=buttons, transport=transport, extra=[items["reason"]], below=[W.HBox(items["numbers"])],
                description="a cube tethered by three ribbons: turn it 360° or 720°, then try to untangle")
    play.observe(lambda change: demo.set(untangle=change["new"] / _PLAY_STEPS), names="value")

    def start_untangling(_=None):
        """Run the animation (the browser plays it), from the twisted state if it has already finished."""
        if belt.untangle_allowed(demo.values.turn)[0]:
            if untangler.value >= 1.0:
                demo.set(untangle=0.0)
            play.playing = True

    buttons["untangle"].on_click(start_untangling)
    return demo


def _draw_belt(demo: Demo, s: BeltState) -> str:
    """Move the cube, the ribbons and the ball's path to ``s``; enable the untangle controls where it exists."""
    it = demo.items
    if not s.allowed and demo.controls["untangle"].value != 0.0:  # the turn left 720°: twisted again
        demo.set(untangle=0.0, quiet=True)
    for w in (demo.controls["untangle"], *demo.buttons.values()):
        w.disabled = not s.allowed
    sc = s.scene
    it["cube"].set_data(sc.R)
    it["tethers"].set_data(sc.ribbons, sc.R, sc.anchors, sc.walls)
    it["ball"].set_data(s.path)
    it["gauge"].set_data(sc.q)
    # the title and the note change with the kind of state only (not while a slider moves within one kind):
    # still texts, drawn into the cached background, redrawn only when the kind changes
    demo.scenes[0].set_title(s.title)
    it["note"].set_data(s.note, color=_C["ink"] if s.allowed else _C["warn"])
    mono = "<div style='font-family:monospace;white-space:pre'>{}</div>"
    it["numbers"][0].value = mono.format(f"q({fmt(s.turn, 0)}°) = {fmt_vector(s.q)}")
    it["numbers"][1].value = mono.format(f"crossings of the surface: {s.n_crossings}")
    colour = "#2e7d32" if s.allowed else _C["warn"]
    it["reason"].value = (f"<div style='color:{colour};line-height:1.4'>{'✓' if s.allowed else '✗'} "
                          f"{html.escape(s.reason)}</div>")
    return (
        "<div style='line-height:1.5'>"
        f"followed quaternion q = (w, x, y, z) =<br><code>{fmt_vector(s.q)}</code><br>"
        f"cube turned by {fmt(s.turn % 360, 0)}° (mod 360°); untangled {fmt(s.untangle, 2)}<br>"
        f"path crossings of the ball's surface: <b>{s.n_crossings}</b></div>"
    )
