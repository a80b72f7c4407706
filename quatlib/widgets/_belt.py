"""Notebook 07: the belt trick -- a tethered cube, a turn slider, and an untangling computed by quatlib.belt."""

from __future__ import annotations

import html

import ipywidgets as W
import numpy as np

from .. import belt
from .. import plot as qp
from ..plot import BallOfRotations, Bars, StaticText, Tethers
from ._base import _CONTROL_WIDTH, _DESCRIPTION_WIDTH, Demo, angle_slider, fmt, fmt_vector

__all__ = ["belt_trick"]

_C = qp.COLORS
_RIBBON_FRONT = _C["vector"]  # one side of every ribbon orange ...
_RIBBON_BACK = _C["vector2"]  # ... the other purple: each half-turn of twist shows as a change of colour
_PATH = _C["vector2"]
_CIRCUMRADIUS = belt.CUBE_SIDE * np.sqrt(3) / 2
_VIEW = (25.0, 28.0)  # (azimuth, elevation): the vertical axis up, the back wall visible
_N_ALONG = 81  # samples along each ribbon in the picture (the tests use finer ones)
_PLAY_STEPS = 50  # frames of the untangling animation (the slider's step is 1/50)

def _state_words(turn: float, u: float, allowed: bool) -> tuple[str, str]:
    """(title of the belt panel, short note) for the current state.

    Both change only when the state changes kind (the numbers are in the caption), so
    dragging a slider does not redraw the figure's still background every frame.
    """
    k360 = turn / 360.0
    full_turns = abs(k360 - round(k360)) < 1e-9
    if u >= 1.0 and allowed and turn != 0:
        return "untangled: the ribbons are straight again", "The cube never moved."
    if u > 0 and allowed and turn != 0:
        return "untangling: the cube stays still", "The ribbons pass around the cube."
    if turn == 0:
        return "turn the cube about the vertical axis", ("Nothing to untangle: no turn yet." if u > 0 else "")
    if full_turns and round(k360) % 2 == 1:
        return "one turn: the cube is back, the ribbons are not", "q = −1: cannot be untangled"
    if allowed:
        return "two turns: twisted twice, yet it can be undone", "q = +1: press 'untangle'"
    return "turning: the ribbons twist", ""


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
        With ``demo.untangle_button``, ``demo.play`` (the animation, started by the
        button or ``demo.start_untangling()``), ``demo.reason`` (the visible
        explanation) and ``demo.state`` (the scene, the ball path, whether
        untangling is allowed and why).

    Examples
    --------
    >>> import quatlib as ql
    >>> demo = ql.widgets.belt_trick(turn=360)
    >>> demo.untangle_button.disabled, demo.state["n_crossings"]
    (True, 1)
    >>> demo.set(turn=720).untangle_button.disabled
    False
    >>> demo.set(untangle=1.0).state["n_crossings"]
    0
    """
    size, band, footer = 4.3, 0.3, 0.3
    height = size + band + footer
    fig = qp.figure((2 * size, height))
    scene = qp.Scene(fig.add_axes((0.0, footer / height, 0.5, size / height)), extent=2.25, view=_VIEW,
                     world_frame=False)
    ball = qp.Scene(fig.add_axes((0.5, footer / height, 0.5, size / height)), extent=1.25 * np.pi, view=_VIEW,
                    world_frame=False, title="the ball of rotations")
    cube = qp.Cube(scene, side=belt.CUBE_SIDE)
    tethers = Tethers(scene, circumradius=_CIRCUMRADIUS, front=_RIBBON_FRONT, back=_RIBBON_BACK)
    ballart = BallOfRotations(ball, belt.TURN_AXIS, color=_PATH)
    gauge = Bars(ball, ("w", "x", "y", "z"), [_C["ink"], *qp.AXIS_COLORS], rect=(0.05, 0.8, 0.17, 0.12),
                 title="followed q", fontsize=8)
    note = StaticText(scene, (0.02, 0.02), "")

    untangle0 = float(untangle) if belt.untangle_allowed(turn)[0] else 0.0
    controls = {
        "turn": angle_slider("turn (°)", turn, 0.0, 720.0, 5.0, tooltip="turn the cube about the vertical axis"),
        "untangle": W.FloatSlider(value=untangle0, min=0.0, max=1.0, step=1.0 / _PLAY_STEPS,
                                  description="untangled", continuous_update=True, readout_format=".2f",
                                  tooltip="0: twisted, 1: straight; the cube does not move",
                                  style={"description_width": _DESCRIPTION_WIDTH},
                                  layout=W.Layout(width=_CONTROL_WIDTH)),
    }
    button = W.Button(description="untangle ▶", tooltip="untangle the ribbons without moving the cube",
                      layout=W.Layout(width="120px"))
    play = W.Play(value=int(round(untangle0 * _PLAY_STEPS)), min=0, max=_PLAY_STEPS, step=1, interval=60,
                  description="run the untangling", layout=W.Layout(width="120px"))
    reason = W.HTML(layout=W.Layout(width=_CONTROL_WIDTH))
    state = {}
    ref = {}

    def play_to_slider(change):
        controls["untangle"].value = change["new"] / _PLAY_STEPS

    def slider_to_play(change):
        play.value = int(round(change["new"] * _PLAY_STEPS))

    play.observe(play_to_slider, names="value")
    controls["untangle"].observe(slider_to_play, names="value")

    def click(_=None):
        if not belt.untangle_allowed(controls["turn"].value)[0]:
            return
        if controls["untangle"].value >= 1.0:
            play.value = 0
        play.playing = True

    button.on_click(click)

    def set_quietly(widget, value):
        """Move a control without triggering another repaint (we are inside one)."""
        demo = ref.get("demo")
        if demo is not None:
            widget.unobserve(demo._on_control, names="value")
        try:
            widget.value = value
        finally:
            if demo is not None:
                widget.observe(demo._on_control, names="value")

    def update(v):
        turn_deg = float(v.turn)
        allowed, why = belt.untangle_allowed(turn_deg)
        u = float(v.untangle) if allowed else 0.0
        if not allowed and v.untangle != 0.0:  # the turn moved away from 720°: twisted again
            set_quietly(controls["untangle"], 0.0)
        sc = belt.scene(turn_deg, u, n_along=_N_ALONG, n_across=2)
        path = belt.ball_path(turn_deg, u)
        cube.set_data(sc.R)
        tethers.set_data(sc.ribbons, sc.R, sc.anchors, sc.walls)
        ballart.set_data(path)
        gauge.set_data(sc.q)
        for w in (controls["untangle"], button, play):
            w.disabled = not allowed
        title, short = _state_words(turn_deg, u, allowed)
        scene.set_title(title)
        note.set_data(short, color=_C["ink"] if allowed else _C["warn"])
        scene.set_caption(f"q({fmt(turn_deg, 0)}°) = {fmt_vector(sc.q)}")
        k = path.n_crossings
        ball.set_caption(f"crossings of the surface: {k}")
        state.update(allowed=allowed, reason=why, scene=sc, path=path, n_crossings=k, q=sc.q, R=sc.R, untangle=u)
        colour = "#2e7d32" if allowed else _C["warn"]
        reason.value = (f"<div style='color:{colour};line-height:1.4'>{'✓' if allowed else '✗'} "
                        f"{html.escape(why)}</div>")
        return (
            "<div style='line-height:1.5'>"
            f"followed quaternion q = (w, x, y, z) =<br><code>{fmt_vector(sc.q)}</code><br>"
            f"cube turned by {fmt(turn_deg % 360, 0)}° (mod 360°); untangled {fmt(u, 2)}<br>"
            f"path crossings of the ball's surface: <b>{k}</b></div>"
        )

    demo = Demo("belt_trick", fig, controls, update, scenes=[scene, ball], transport=transport,
                buttons=[W.HBox([button, play])], extra=[reason],
                description="a cube tethered by three ribbons: turn it 360° or 720°, then try to untangle")
    ref["demo"] = demo
    demo.state = state
    demo.untangle_button = button
    demo.play = play
    demo.reason = reason
    demo.start_untangling = click
    return demo
