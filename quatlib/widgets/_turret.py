"""Notebook 08 capstone: a two-axis turret keyed in (yaw, pitch), blended by SLERP and per axis.

What it shows is the docstring of :func:`turret`; the math is :mod:`quatlib.models.turret`; here the figure, the
controls and the drawing.
"""

from __future__ import annotations

import ipywidgets as W

from .. import plot as qp
from ..models.turret import AIM, BARREL, LERP_TITLES, TICKS, TurretState, check_choices, turret_state
from ._base import Demo, angle_slider, colored, control_style, fmt, fmt_vector, player, slider, still_world
from ._readouts import lines, note, panel_boxes

__all__ = ["turret"]

_C = qp.COLORS
_SLERP = _C["vector"]  # orange: the quaternion way
_EULER = _C["vector2"]  # purple: the naive way
_PLAY_STEPS = 100


def turret(yaw_a: float = 150.0, pitch_a: float = 10.0, yaw_b: float = -150.0, pitch_b: float = 40.0,
           t: float = 0.5, lerp: str = "naive", *, transport: str = "image") -> Demo:
    """Two key poses typed in as Euler angles: SLERP beside a per-axis lerp of the angles (naive or yaw wrapped).

    The keys are authored the way an editor shows them, as (yaw, pitch) with
    roll 0 (``R = Ry(yaw) · Rx(pitch)``); the barrel points along the head's
    ``-z`` axis, so it aims at ``(-sin yaw cos pitch, sin pitch, -cos yaw cos pitch)``
    and a positive pitch raises it.  The blend slider ``t`` (and the play
    button) moves both turrets from key A (``t = 0``) to key B (``t = 1``):

    * left, *SLERP*: ``q(t) = slerp(q_A, q_B, t)`` with
      ``q = quaternion_from_euler(yaw, pitch, 0)``.  The head makes one turn, about
      one fixed axis (dashed: the axis of ``q_B q_A⁻¹``, the short way), at
      constant angular speed: the muzzle runs along a circle about that axis and
      the dots at ``t = 0, 0.1, …, 1`` are evenly spaced.  (The circle is a great
      circle only when the axis is square to the barrel; what SLERP makes a great
      arc is the path of ``q`` on the 3-sphere.)  In between, the head may roll
      (by up to 28.2° from (0°, 60°) to (120°, -30°)): when both angles change, the
      shortest turn is not a yaw-and-pitch pose, and a two-axis turret cannot make it.
    * right, *the naive way*: ``(yaw, pitch)(t) = (1 - t)(yaw_A, pitch_A) + t (yaw_B, pitch_B)``.
      From yaw 150° to -150° it runs 300° the long way round, through 0°; the dots
      bunch up and spread out.  With ``lerp="wrapped"`` (the "right head" buttons)
      the yaw difference is first wrapped into (−180°, 180°]: the short way round,
      and like the naive lerp it never rolls the head, which SLERP may (the readout
      gives SLERP's largest roll along the path): the right tool for a turret whose
      base yaws and whose barrel pitches.

    Each panel also shows the other method's path, faint and dotted.  The readout
    gives both keys as angles and as quaternions, the angle of the turn A → B,
    both poses at ``t``, the angle between them, and how far each head turns over
    the whole blend.  The math is :func:`quatlib.models.turret.turret_state`.

    Parameters
    ----------
    yaw_a, pitch_a, yaw_b, pitch_b : float
        The key poses in degrees (yaw in [-180, 180], pitch in [-90, 90]).
    t : float
        The blend, 0 (key A) to 1 (key B).
    lerp : {"naive", "wrapped"}
        The right head's blend: the angles as typed, or the yaw difference wrapped.
    transport : {"image", "ipympl"}
        How the figure is shown (see :mod:`quatlib.widgets`).

    Examples
    --------
    >>> import quatlib as ql
    >>> demo = ql.widgets.turret(yaw_a=170, pitch_a=0, yaw_b=-170, pitch_b=0)
    >>> print(f"{demo.state.angle_ab:.1f} {demo.state.turned_slerp:.1f} {demo.state.turned_euler:.1f}")
    20.0 20.0 340.0
    >>> print(f"{demo.set(t=0.5).state.gap:.1f}")
    180.0
    """
    check_choices(lerp)  # (before the buttons, which would only say "Invalid selection")
    fig, scenes = qp.panels(2, size=3.6, extent=1.6,
                            titles=["SLERP: the shortest turn, one axis", LERP_TITLES[lerp]])
    still_world(*scenes)  # the world axes move only with the view: drawn into the cached background
    colors = (_SLERP, _EULER)
    items = {"turrets": [], "paths": [], "ghosts": [], "spheres": [], "ticks": [], "keys": [], "key_names": [],
             "others": []}
    for scene, color, other in zip(scenes, colors, colors[::-1], strict=True):
        items["ghosts"].append(qp.Polyline(scene, color=other, linewidth=1.3, linestyle=(0, (1, 2)), alpha=0.75,
                                           split=True))
        items["paths"].append(qp.Trail(scene, radius=BARREL, color=color, linewidth=2.4, marker_last=False,
                                       sphere=False))
        items["spheres"].append(qp.Sphere(scene, BARREL))  # the sphere the muzzle moves on
        items["ticks"].append(qp.Dots(scene, color=color, size=4.5))
        items["turrets"].append(qp.Turret(scene, aim=AIM, barrel=BARREL, color=color))
        items["others"].append(qp.Point(scene, color=other, size=6))
        # one line of legend above the sphere, the same in both panels (static, in the cached background)
        qp.legend(scene, [("SLERP", _SLERP)], corner=(0.03, 0.99))
        qp.legend(scene, [("lerp of (yaw, pitch)", _EULER)], corner=(0.97, 0.99), ha="right")
    items["axis"] = qp.Arrow(scenes[0], color=_C["ink"], linewidth=1.2, head=0.08, linestyle=(0, (4, 3)), alpha=0.8)
    for k, scene in enumerate(scenes):  # made last, so a view turn places the names after what they keep off
        items["keys"].append([qp.Point(scene, color=_C["ink"], size=5) for _ in "AB"])
        # the keys' names, off each other, the world letters and axes, both paths, the sphere's outline and the turn
        # axis, and off the barrel, which moves with t while the keys stay (see _draw_turret; the head and base are
        # left out: keeping off their edges doubled the cost of a view turn; a name over them stays legible on its card)
        lines = [*scene.world.arrows, items["paths"][k], items["ghosts"][k], items["spheres"][k]]
        lines += [items["axis"]] if k == 0 else []
        items["key_names"].append(qp.PlacedLabels(
            scene, {"A": "A", "B": "B"}, fontsize=10.5, card=True, avoid=scene.world.arrows, keep_off=lines,
            moving=[items["turrets"][k].barrel], pad=qp.Point.LETTER_CLEARANCE,  # "B z" or "|B" would read as one
            rings=(1.0, 2.5, 4.0, 6.0, 9.0)))
    items["notes"] = panel_boxes([360, 360], min_height="2.6em")

    controls = {
        "yaw_a": angle_slider("key A yaw (°)", yaw_a, parameter="yaw_a",
                              tooltip="key A, as the editor shows it: turn about up (y)"),
        "pitch_a": angle_slider("key A pitch (°)", pitch_a, -90, 90, parameter="pitch_a",
                                tooltip="key A: raise the barrel"),
        "yaw_b": angle_slider("key B yaw (°)", yaw_b, parameter="yaw_b", tooltip="key B: turn about up (y)"),
        "pitch_b": angle_slider("key B pitch (°)", pitch_b, -90, 90, parameter="pitch_b",
                                tooltip="key B: raise the barrel"),
        "t": slider("blend t", t, 0.0, 1.0, 0.01, parameter="t", tooltip="0: key A, 1: key B"),
        "lerp": W.ToggleButtons(options=[("as typed", "naive"), ("yaw wrapped", "wrapped")], value=lerp,
                                description="right head", **control_style(button_width="116px"),
                                tooltips=["lerp yaw and pitch as typed", "lerp the yaw the short way round"]),
    }
    play = player(controls["t"], _PLAY_STEPS, description="play the blend", layout=W.Layout(width="120px"))
    return Demo("turret", fig, controls, model=turret_state, draw=_draw_turret, items=items, scenes=scenes,
                buttons={"play": play},
                extra=[W.HTML(note("&nbsp;play t from 0 to 1"))],
                below=[W.HBox(items["notes"])], transport=transport,
                description="a two-axis turret keyed in (yaw, pitch): SLERP beside a per-axis lerp of the angles")


def _draw_turret(demo: Demo, s: TurretState) -> str | None:
    """Both turrets at ``t``, both paths (each panel's own, and the other's faint), the notes and the readout."""
    if not demo.changed(s):  # only the view turned: the scenes have projected everything and placed the key names
        return None          # (made last) again, from these very data
    it = demo.items
    muzzles = (s.muzzle_slerp, s.muzzle_lerp)
    demo.scenes[1].set_title(s.lerp_title)
    new_paths = demo.changed(s, "keys", "lerp")  # the paths change only with the keys and the kind of lerp
    for k, (R, mine, theirs) in enumerate(zip((s.R_slerp, s.R_lerp), muzzles, muzzles[::-1], strict=True)):
        it["turrets"][k].set_data(R)
        if new_paths:
            it["paths"][k].set_data(mine)
            it["ghosts"][k].set_data(theirs)
            it["ticks"][k].set_data(mine[TICKS])
    for other, muzzle in zip(it["others"], s.muzzles_at_t[::-1], strict=True):  # the other head's muzzle now
        other.set_data(muzzle)
    if s.axis is not None:
        # 1.38: beyond the muzzle's sphere (1.25), clear of the legend line above it (from radius 1.47 on)
        it["axis"].set_data(1.38 * s.axis, -1.38 * s.axis)
    it["axis"].set_visible(s.axis is not None)
    for k, scene in enumerate(demo.scenes):  # the world's letters off the head and barrel, which swing past them
        # ("y" hid under the barrel at view (180, -60)), off the paths and SLERP's turn axis ("y" on its dashes near
        # its head); the keys' names are placed after them
        turn_axis = [it["axis"]] if k == 0 else []
        scene.world.keep_letters_off(it["turrets"][k], it["paths"][k], it["ghosts"][k], *turn_axis)
    # the keys and their names last: off the paths and the axis, and off the barrels, which move with t
    for keys, names, mine in zip(it["keys"], it["key_names"], muzzles, strict=True):
        if new_paths:
            for key, end in zip(keys, mine[[0, -1]], strict=True):
                key.set_data(end)
            names.set_data(dict(zip("AB", mine[[0, -1]], strict=True)),
                           texts=dict(zip("AB", s.key_names, strict=True)))  # "A = B": one name
        elif demo.changed(s, "t"):
            names.keep_off_moving()
    roll = s.slerp_roll_note  # in bold: the bank a yaw-and-pitch turret cannot make
    it["notes"][0].value = s.slerp_turn_note + (f"; <b>{roll}</b>" if roll else "")
    it["notes"][1].value = colored(s.lerp_note, _C["warn"]) if s.lerp_note else ""
    lerp_name = colored(s.lerp_name, _EULER)

    def q_line(name, q):
        return f"&nbsp;&nbsp;{name} = <code>{fmt_vector(q)}</code>"

    return lines(
        "<b>Keys</b> (yaw, pitch), as an editor shows them:",
        f"A = {fmt_vector(s.keys[0], 1)}°, B = {fmt_vector(s.keys[1], 1)}°",
        q_line("q<sub>A</sub>", s.q_a), q_line("q<sub>B</sub>", s.q_b),
        f"A → B: one turn of <b>{fmt(s.angle_ab, 1)}°</b>", f"<b>At t = {fmt(s.t, 2)}</b>",
        f"{colored('SLERP', _SLERP)} (yaw, pitch, roll) = {fmt_vector(s.euler_slerp, 1)}°", q_line("q", s.q_slerp),
        f"{lerp_name} (yaw, pitch) = {fmt_vector(s.euler_lerp, 1)}°", q_line("q", s.q_lerp),
        f"angle between the two heads: <b>{fmt(s.gap_lerp, 1)}°</b>",
        f"whole blend, the head turns {colored(fmt(s.turned_slerp, 1) + '°', _SLERP)} (SLERP) vs "
        f"{colored(fmt(s.turned_lerp, 1) + '°', _EULER)} (lerp)",
        f"SLERP's largest roll on the way: <b>{fmt(s.roll_slerp, 1)}°</b> (the lerps: 0°)", height=1.45)
