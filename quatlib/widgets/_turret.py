"""Notebook 08 capstone: a turret authored with Euler angles, blended with quaternions.

"Euler at the edges, quaternions inside": the two key poses are typed in as
(yaw, pitch), the way an editor shows them; the motion between them is computed
on quaternions (SLERP).  Beside it, the naive way: interpolate the two angles.
"""

from __future__ import annotations

import warnings

import ipywidgets as W
import numpy as np

from .. import plot as qp
from .._algebra import conjugate, multiply
from .._axis_angle import axis_angle_from_quaternion
from .._euler import GimbalLockWarning, euler_from_quaternion, quaternion_from_euler
from .._interpolate import slerp
from .._matrix import matrix_from_quaternion
from .._rotate import angle_between, rotate_vector
from ..plot import Dots, Polyline, StaticArtists, StaticText
from ._base import _CONTROL_WIDTH, _DESCRIPTION_WIDTH, Demo, angle_slider, fmt, fmt_vector

__all__ = ["turret"]

_C = qp.COLORS
_SLERP = _C["vector"]  # orange: the quaternion way
_EULER = _C["vector2"]  # purple: the naive way

#: The barrel points along the head's -z axis (the way the course's camera looks at
#: azimuth = elevation = 0), so yaw 0 aims along -z and a positive pitch raises it:
#: aim = R @ (0, 0, -1) = (-sin(yaw) cos(pitch), sin(pitch), -cos(yaw) cos(pitch)).
AIM = np.array([0.0, 0.0, -1.0])

_BARREL = 1.25  # pivot to muzzle: the radius of the sphere the muzzle moves on
_BREECH = 0.31  # where the barrel leaves the head
_N = 121  # samples of t along each path
_TS = np.linspace(0.0, 1.0, _N)
_TICKS = slice(None, None, 12)  # every 12th sample: t = 0, 0.1, ..., 1
_PLAY_STEPS = 100
_SAME = 0.05  # degrees: keys closer than this are "the same orientation"


def _quiet_euler(q) -> np.ndarray:
    """(yaw, pitch, roll) in degrees; at the lock quatlib warns, the readout shows the numbers anyway."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", GimbalLockWarning)
        return euler_from_quaternion(q, degrees=True)


def _turned(qs) -> float:
    """Total angle (degrees) the head turns along a finely sampled path: the sum of its steps."""
    return float(angle_between(qs[:-1], qs[1:], degrees=True).sum())


def _angle_text(yaw: float, pitch: float, roll=None) -> str:
    parts = [f"{fmt(yaw, 1)}", f"{fmt(pitch, 1)}"] + ([f"{fmt(roll, 1)}"] if roll is not None else [])
    return "(" + ", ".join(parts) + ")°"


def _colored(text: str, color: str) -> str:
    return f"<b style='color:{color}'>{text}</b>"


class _Turret:
    """A turret in one panel: a still pedestal, a head (a box) and a barrel turned by ``R``."""

    def __init__(self, scene, color):
        # pedestal and post never turn: drawn once, into the figure's cached background
        self.pedestal = [
            qp.Box(scene, size=(0.95, 0.14, 0.95), center=(0, -0.78, 0), colored_faces=False, mark=None, alpha=0.5,
                   linewidth=1.2),
            qp.Box(scene, size=(0.13, 0.5, 0.13), center=(0, -0.46, 0), colored_faces=False, mark=None, alpha=0.6,
                   linewidth=1.0),
        ]
        for box in self.pedestal:
            box.static = True
        self.head = qp.Box(scene, size=(0.5, 0.36, 2 * _BREECH), mark=None, linewidth=1.4)
        self.barrel = qp.Arrow(scene, color=_C["ink"], linewidth=5.0, head=0.0)
        self.muzzle = qp.Point(scene, color=color, size=9)

    def set_data(self, R) -> None:
        """Turn the head and barrel by ``R`` about the pivot (the origin)."""
        aim = R @ AIM
        self.head.set_data(R)
        self.barrel.set_data(_BARREL * aim, _BREECH * aim)
        self.muzzle.set_data(_BARREL * aim)


def turret(yaw_a: float = 150.0, pitch_a: float = 10.0, yaw_b: float = -150.0, pitch_b: float = 40.0,
           t: float = 0.5, *, transport: str = "image") -> Demo:
    """Two key poses typed in as Euler angles, blended two ways: SLERP beside lerping the angles.

    The keys are authored the way an editor shows them, as (yaw, pitch) with
    roll 0 (``R = Ry(yaw) · Rx(pitch)``); the barrel points along the head's
    ``-z`` axis, so it aims at ``(-sin yaw cos pitch, sin pitch, -cos yaw cos pitch)``
    and a positive pitch raises it.  The blend slider ``t`` (and the play
    button) moves both turrets from key A (``t = 0``) to key B (``t = 1``):

    * left, *quaternions inside*: ``q(t) = slerp(q_A, q_B, t)`` with
      ``q = quaternion_from_euler(yaw, pitch, 0)``.  The head makes one turn, about
      one fixed axis (dashed: the axis of ``q_B q_A⁻¹``, the short way), at
      constant angular speed: the muzzle runs along a circle about that axis and
      the dots at ``t = 0, 0.1, …, 1`` are evenly spaced.  (The circle is a great
      circle only when the axis is square to the barrel; what SLERP makes a great
      arc is the path of ``q`` on the 3-sphere.)  In between, the head may roll a
      little: the shortest turn is not always a yaw-and-pitch pose.
    * right, *the naive way*: ``(yaw, pitch)(t) = (1 - t)(yaw_A, pitch_A) + t (yaw_B, pitch_B)``.
      From yaw 150° to -150° it runs 300° the long way round, through 0°; the dots
      bunch up and spread out.

    Each panel also shows the other method's path, faint and dotted.  The readout
    gives both keys as angles and as quaternions, the angle of the turn A → B,
    both poses at ``t``, the angle between them, and how far each head turns over
    the whole blend.

    Parameters
    ----------
    yaw_a, pitch_a, yaw_b, pitch_b : float
        The key poses in degrees (yaw in [-180, 180], pitch in [-90, 90]).
    t : float
        The blend, 0 (key A) to 1 (key B).
    transport : {"image", "ipympl"}
        How the figure is shown (see :mod:`quatlib.widgets`).

    Examples
    --------
    >>> import quatlib as ql
    >>> demo = ql.widgets.turret(yaw_a=170, pitch_a=0, yaw_b=-170, pitch_b=0)
    >>> print(f"{demo.state['angle_ab']:.1f} {demo.state['turned_slerp']:.1f} {demo.state['turned_euler']:.1f}")
    20.0 20.0 340.0
    >>> print(f"{demo.set(t=0.5).state['gap']:.1f}")
    180.0
    """
    fig, scenes = qp.panels(2, size=3.6, extent=1.6,
                            titles=["quaternions inside: SLERP", "the naive way: lerp the angles"])
    colors = (_SLERP, _EULER)
    turrets, paths, ghosts, ticks, keys, others = [], [], [], [], [], []
    for scene, color, other in zip(scenes, colors, colors[::-1]):
        ghosts.append(Polyline(scene, color=other, linewidth=1.3, linestyle=(0, (1, 2)), alpha=0.75, split=True))
        paths.append(qp.Trail(scene, radius=_BARREL, color=color, linewidth=2.4, marker_last=False))
        ticks.append(Dots(scene, color=color, size=4.5))
        keys.append([qp.Point(scene, color=_C["ink"], size=5, label=k, label_offset=(0.07, 0.05), fontsize=10.5)
                     for k in ("A", "B")])
        turrets.append(_Turret(scene, color))
        others.append(qp.Point(scene, color=other, size=6))
    for scene in scenes:  # the world frame never moves: draw it once, into the cached background
        scene.world.static = True
    notes = [StaticText(scene, text="", color=_C["ink"] if k == 0 else _C["warn"]) for k, scene in enumerate(scenes)]
    axis_line = qp.Arrow(scenes[0], color=_C["ink"], linewidth=1.2, head=0.08, linestyle=(0, (4, 3)), alpha=0.8)
    for scene in scenes:  # one line of legend above the sphere, the same in both panels
        StaticArtists(scene, [
            scene.ax.text(x, 0.99, f"━ {text}", transform=scene.ax.transAxes, color=color, fontsize=9, ha=ha,
                          va="top", zorder=qp.Z.TEXT)
            for x, ha, text, color in ((0.03, "left", "SLERP", _SLERP), (0.97, "right", "lerp of (yaw, pitch)", _EULER))
        ])

    controls = {
        "yaw_a": angle_slider("key A yaw (°)", yaw_a, tooltip="key A, as the editor shows it: turn about up (y)"),
        "pitch_a": angle_slider("key A pitch (°)", pitch_a, -90, 90, tooltip="key A: raise the barrel"),
        "yaw_b": angle_slider("key B yaw (°)", yaw_b, tooltip="key B: turn about up (y)"),
        "pitch_b": angle_slider("key B pitch (°)", pitch_b, -90, 90, tooltip="key B: raise the barrel"),
        "t": W.FloatSlider(value=t, min=0.0, max=1.0, step=0.01, description="blend t", continuous_update=True,
                           readout_format=".2f", style={"description_width": _DESCRIPTION_WIDTH},
                           layout=W.Layout(width=_CONTROL_WIDTH), tooltip="0: key A, 1: key B"),
    }
    play = W.Play(value=int(round(t * _PLAY_STEPS)), min=0, max=_PLAY_STEPS, step=1, interval=40,
                  description="play the blend", layout=W.Layout(width="120px"))
    play.observe(lambda ch: setattr(controls["t"], "value", ch["new"] / _PLAY_STEPS), names="value")
    state = {}

    def update(v):
        keys_e = np.array([[v.yaw_a, v.pitch_a], [v.yaw_b, v.pitch_b]], dtype=float)
        q_a = quaternion_from_euler(v.yaw_a, v.pitch_a, 0.0, degrees=True)
        q_b = quaternion_from_euler(v.yaw_b, v.pitch_b, 0.0, degrees=True)
        t = float(v.t)
        # quaternions inside: one great arc on the 3-sphere, the short way
        q_path_s = slerp(q_a, q_b, _TS)
        q_s = slerp(q_a, q_b, t)
        # the naive way: a straight line in (yaw, pitch)
        e_path = (1 - _TS)[:, None] * keys_e[0] + _TS[:, None] * keys_e[1]
        e_t = (1 - t) * keys_e[0] + t * keys_e[1]
        q_path_e = quaternion_from_euler(e_path[:, 0], e_path[:, 1], 0.0, degrees=True)
        q_e = quaternion_from_euler(e_t[0], e_t[1], 0.0, degrees=True)

        muzzle_s = rotate_vector(q_path_s, _BARREL * AIM)
        muzzle_e = rotate_vector(q_path_e, _BARREL * AIM)
        R_s, R_e = matrix_from_quaternion(q_s), matrix_from_quaternion(q_e)
        for k, (tur, R, path, ghost, tick, mine, theirs) in enumerate(zip(
                turrets, (R_s, R_e), paths, ghosts, ticks, (muzzle_s, muzzle_e), (muzzle_e, muzzle_s))):
            tur.set_data(R)
            path.set_data(mine)
            ghost.set_data(theirs)
            tick.set_data(mine[_TICKS])
            keys[k][0].set_data(mine[0])
            keys[k][1].set_data(mine[-1])
            together = float(np.linalg.norm(mine[-1] - mine[0])) < 0.1  # one label, not two on top of each other
            keys[k][0].set_label("A = B" if together else "A")
            keys[k][1].set_label("" if together else "B")
        others[0].set_data(rotate_vector(q_e, _BARREL * AIM))
        others[1].set_data(rotate_vector(q_s, _BARREL * AIM))

        angle_ab = float(angle_between(q_a, q_b, degrees=True))
        gap = float(angle_between(q_s, q_e, degrees=True))
        turned_s, turned_e = _turned(q_path_s), _turned(q_path_e)
        # the fixed axis SLERP turns about: that of q(1) q_A⁻¹, with q(1) = ±q_B as slerp chose (the short way)
        axis, turn = axis_angle_from_quaternion(multiply(q_path_s[-1], conjugate(q_a)))
        same = angle_ab < _SAME
        axis_line.set_data(1.45 * axis, -1.45 * axis)
        axis_line.set_visible(not same)
        euler_s = _quiet_euler(q_s)
        yaw_run = abs(float(keys_e[1, 0] - keys_e[0, 0]))
        state.update(q_a=q_a, q_b=q_b, q_slerp=q_s, q_euler=q_e, euler_t=e_t, euler_slerp=euler_s,
                     angle_ab=angle_ab, gap=gap, turned_slerp=turned_s, turned_euler=turned_e,
                     axis=None if same else axis, turn=float(np.degrees(turn)), muzzle_slerp=muzzle_s,
                     muzzle_euler=muzzle_e, q_path_slerp=q_path_s, q_path_euler=q_path_e, t=t)

        # the notes change only when the keys cross a special case: they stay in the cached background
        notes[0].set_data("A and B are the same orientation:\nSLERP stays put" if same else
                          "one turn about one axis (dashed),\nat constant speed: even dots")
        if yaw_run > 180:
            notes[1].set_data("A and B are the same orientation,\nyet the yaw runs a full turn" if same else
                              "the yaw runs the long way round,\nthrough 0°")
        elif turned_e > 1.25 * turned_s + 1.0:
            notes[1].set_data("a detour: the head turns\nfurther than it has to")
        else:
            notes[1].set_data("")

        def q_line(name, q):
            return f"&nbsp;&nbsp;{name} = <code>{fmt_vector(q)}</code><br>"

        return (
            "<div style='line-height:1.45'>"
            "<b>Keys</b> (yaw, pitch), as an editor shows them:<br>"
            f"A = {_angle_text(*keys_e[0])}, B = {_angle_text(*keys_e[1])}<br>"
            + q_line("q<sub>A</sub>", q_a) + q_line("q<sub>B</sub>", q_b)
            + f"A → B: one turn of <b>{fmt(angle_ab, 1)}°</b><br>"
            f"<b>At t = {fmt(t, 2)}</b><br>"
            f"{_colored('SLERP', _SLERP)} (yaw, pitch, roll) = {_angle_text(*euler_s)}<br>"
            + q_line("q", q_s)
            + f"{_colored('lerp of angles', _EULER)} (yaw, pitch) = {_angle_text(*e_t)}<br>"
            + q_line("q", q_e)
            + f"angle between the two heads: <b>{fmt(gap, 1)}°</b><br>"
            f"whole blend, the head turns {_colored(fmt(turned_s, 1) + '°', _SLERP)} (SLERP) vs "
            f"{_colored(fmt(turned_e, 1) + '°', _EULER)} (lerp)</div>"
        )

    demo = Demo("turret", fig, controls, update, scenes=scenes, transport=transport,
                extra=[W.HBox([play, W.HTML("<span style='color:#777'>&nbsp;play t from 0 to 1</span>")])],
                description="a turret keyed with Euler angles, blended by SLERP beside a lerp of the angles")
    demo.state = state
    demo.play = play
    demo.items = {"turrets": turrets, "paths": paths, "ghosts": ghosts, "ticks": ticks, "keys": keys,
                  "others": others, "axis": axis_line, "notes": notes}
    return demo
