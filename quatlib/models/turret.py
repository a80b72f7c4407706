"""The model of notebook 08's turret: two key poses typed in as Euler angles, blended three ways (numpy only).

The keys are (yaw, pitch) with roll 0, ``R = Ry(yaw) · Rx(pitch)``: a turret whose
base yaws about up and whose barrel pitches.  The blend is SLERP of their quaternions, a straight
line in (yaw, pitch) (the naive lerp), or the per-axis lerp with the yaw
difference wrapped into (−180°, 180°] (:func:`wrap_degrees`: the short way round,
never a roll: what a turret with a yawing base and a pitching barrel can do).  The
widget :func:`quatlib.widgets.turret` draws what :func:`turret_state` computes.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from types import MappingProxyType

import numpy as np

from .._algebra import conjugate, multiply
from .._axis_angle import axis_angle_from_quaternion
from .._euler import quaternion_from_euler
from .._interpolate import slerp
from .._matrix import matrix_from_quaternion
from .._rotate import angle_between, rotate_vector
from .._validate import as_number, as_quaternion, as_scalar
from .gimbal import quiet_euler

__all__ = ["AIM", "BARREL", "TS", "TICKS", "SAME", "LERPS", "LERP_TITLES", "TurretState", "turret_state",
           "check_choices", "whole_blend", "turned", "wrap_degrees"]

#: The barrel points along the head's -z axis (the way the course's camera looks at
#: azimuth = elevation = 0), so yaw 0 aims along -z and a positive pitch raises it:
#: aim = R @ (0, 0, -1) = (-sin(yaw) cos(pitch), sin(pitch), -cos(yaw) cos(pitch)).
AIM = np.array([0.0, 0.0, -1.0])
AIM.flags.writeable = False

#: Pivot to muzzle: the radius of the sphere the muzzle moves on.
BARREL = 1.25
#: Samples of t along each path (121: t = 0, 1/120, ..., 1).
TS = np.linspace(0.0, 1.0, 121)
TS.flags.writeable = False
#: Every 12th sample: t = 0, 0.1, ..., 1 (the dots along the paths).
TICKS = slice(None, None, 12)
#: Keys closer than this (degrees) are "the same orientation".
SAME = 0.05
#: The two per-axis blends the second head can use: the angles as typed, or the yaw difference wrapped.
LERPS = ("naive", "wrapped")
#: The title of the second head's panel for each blend of :data:`LERPS` (read-only).
LERP_TITLES = MappingProxyType({"naive": "the naive way: lerp the angles",
                                "wrapped": "per axis, the yaw wrapped: a real turret"})


def wrap_degrees(d):
    """An angle difference ``d`` (degrees, any shape) wrapped into (−180°, 180°]: ``180 − (180 − d) mod 360``.

    The same direction as ``d`` modulo 360°, the short way round; a half turn stays +180°.

    >>> wrap_degrees(np.array([-340.0, 20.0, 180.0, -180.0, 540.0, 360.0]))
    array([ 20.,  20., 180., 180., 180.,   0.])
    """
    return 180.0 - np.mod(180.0 - as_scalar(d, "angle difference d").astype(float), 360.0)


def turned(qs) -> float:
    """Total angle (degrees) an orientation turns along a finely sampled path ``qs`` ``(n, 4)``: the sum of its steps.

    >>> import quatlib as ql
    >>> qs = ql.quaternion_from_axis_angle([0, 1, 0], np.linspace(0, 90, 31), degrees=True)
    >>> round(turned(qs), 6)
    90.0
    """
    qs = as_quaternion(qs, "path qs")
    return float(angle_between(qs[:-1], qs[1:], degrees=True).sum())


@dataclass(frozen=True)
class TurretState:
    """Two keys and both blends between them, at ``t`` and sampled along the whole path.

    Attributes
    ----------
    keys : ndarray, shape (2, 2)
        ``[[yaw_A, pitch_A], [yaw_B, pitch_B]]`` in degrees.
    t : float
        The blend, 0 (key A) to 1 (key B).
    q_a, q_b : ndarray, shape (4,)
        The keys as quaternions, ``quaternion_from_euler(yaw, pitch, 0)``.
    q_slerp, q_euler : ndarray, shape (4,)
        The pose at ``t``: ``slerp(q_A, q_B, t)``, and the quaternion of the lerped angles ``euler_t``.
    euler_t : ndarray, shape (2,)
        ``(1 - t) (yaw_A, pitch_A) + t (yaw_B, pitch_B)``.
    euler_slerp : ndarray, shape (3,)
        The SLERP pose as (yaw, pitch, roll): it may roll a little in between.
    q_path_slerp, q_path_euler : ndarray, shape (len(TS), 4)
        Both blends at the samples ``TS``.
    muzzle_slerp, muzzle_euler : ndarray, shape (len(TS), 3)
        Where the muzzle is along each path: ``rotate_vector(q, BARREL · AIM)``.
    angle_ab : float
        The angle of the one turn A → B, degrees.
    gap : float
        The angle between the two poses at ``t``, degrees.
    turned_slerp, turned_euler : float
        How far the head turns over the whole blend, degrees (SLERP: exactly ``angle_ab``).
    axis : ndarray, shape (3,), or None
        The fixed axis SLERP turns about (that of ``q(1) q_A⁻¹``, the short way); None when A = B.
    turn : float
        The angle of that turn, degrees (= ``angle_ab``).
    lerp : str
        Which per-axis blend the second head shows, one of :data:`LERPS` (the ``*_lerp`` properties pick it).
    euler_wrapped : ndarray, shape (2,)
        The per-axis lerp with the yaw wrapped, at ``t``: ``(yaw_A + t·wrap(yaw_B − yaw_A), (1 − t) pitch_A +
        t pitch_B)``, its yaw shown in (−180°, 180°].
    q_wrapped, q_path_wrapped, muzzle_wrapped : ndarray
        That blend's quaternion at ``t``, at the samples ``TS``, and its muzzle path (as for the naive lerp).
    turned_wrapped : float
        How far the wrapped lerp's head turns over the whole blend, degrees.
    gap_wrapped : float
        The angle between the SLERP head and the wrapped lerp's head at ``t``, degrees.
    roll_slerp : float
        The largest ``|roll|`` of the SLERP head along the whole path, degrees: 0 when only one of yaw and
        pitch changes (then SLERP *is* the per-axis lerp), otherwise a bank a yaw-and-pitch turret cannot make.

    Examples
    --------
    Keys at yaw 170° and −170°: lerping the numbers as typed runs the long way round.

    >>> s = turret_state(170, 0, -170, 0, 0.5)
    >>> s.long_way, round(s.gap_lerp, 1)
    (True, 180.0)
    """

    keys: np.ndarray
    t: float
    q_a: np.ndarray
    q_b: np.ndarray
    q_slerp: np.ndarray
    q_euler: np.ndarray
    euler_t: np.ndarray
    euler_slerp: np.ndarray
    q_path_slerp: np.ndarray
    q_path_euler: np.ndarray
    muzzle_slerp: np.ndarray
    muzzle_euler: np.ndarray
    angle_ab: float
    gap: float
    turned_slerp: float
    turned_euler: float
    axis: np.ndarray | None
    turn: float
    lerp: str
    euler_wrapped: np.ndarray
    q_wrapped: np.ndarray
    q_path_wrapped: np.ndarray
    muzzle_wrapped: np.ndarray
    turned_wrapped: float
    gap_wrapped: float
    roll_slerp: float

    @property
    def R_slerp(self) -> np.ndarray:
        """The SLERP head's matrix at ``t``."""
        return matrix_from_quaternion(self.q_slerp)

    @property
    def R_euler(self) -> np.ndarray:
        """The lerped-angles head's matrix at ``t``."""
        return matrix_from_quaternion(self.q_euler)

    def _pick(self, naive, wrapped):
        return wrapped if self.lerp == "wrapped" else naive

    @property
    def q_lerp(self) -> np.ndarray:
        """The second head's quaternion at ``t``: ``q_euler`` or ``q_wrapped``, as ``lerp`` says."""
        return self._pick(self.q_euler, self.q_wrapped)

    @property
    def R_lerp(self) -> np.ndarray:
        """The second head's matrix at ``t``."""
        return matrix_from_quaternion(self.q_lerp)

    @property
    def lerp_title(self) -> str:
        """The title of the second head's panel: :data:`LERP_TITLES` of :attr:`lerp`."""
        return LERP_TITLES[self.lerp]

    @property
    def lerp_name(self) -> str:
        """What the readout calls the second head's blend: ``"lerp of angles"`` or ``"lerp, yaw wrapped"``."""
        return "lerp, yaw wrapped" if self.lerp == "wrapped" else "lerp of angles"

    @property
    def muzzles_at_t(self) -> tuple[np.ndarray, np.ndarray]:
        """Where the two muzzles are at ``t``, SLERP's and the second head's: ``BARREL · R @ AIM``.

        >>> s = turret_state(90, 0, 90, 0, t=0.5)   # both heads yawed 90°: aiming along -x
        >>> [m.round(4) + 0.0 for m in s.muzzles_at_t]
        [array([-1.25,  0.  ,  0.  ]), array([-1.25,  0.  ,  0.  ])]
        """
        return BARREL * (self.R_slerp @ AIM), BARREL * (self.R_lerp @ AIM)

    @property
    def euler_lerp(self) -> np.ndarray:
        """The second head's (yaw, pitch) at ``t``."""
        return self._pick(self.euler_t, self.euler_wrapped)

    @property
    def muzzle_lerp(self) -> np.ndarray:
        """The second head's muzzle path, shape ``(len(TS), 3)``."""
        return self._pick(self.muzzle_euler, self.muzzle_wrapped)

    @property
    def turned_lerp(self) -> float:
        """How far the second head turns over the whole blend, degrees."""
        return self._pick(self.turned_euler, self.turned_wrapped)

    @property
    def gap_lerp(self) -> float:
        """The angle between the SLERP head and the second head at ``t``, degrees."""
        return self._pick(self.gap, self.gap_wrapped)

    @property
    def same(self) -> bool:
        """The keys are the same orientation (closer than :data:`SAME`): SLERP stays put."""
        return self.angle_ab < SAME

    @property
    def key_names(self) -> tuple[str, str]:
        """The names written at the muzzle's ends, key A's and key B's: one name, ``("A = B", "")``, when the two
        ends are closer than 0.1 (two names would sit on top of each other), else ``("A", "B")``.

        >>> turret_state(0, 0, 2, 0, t=0.5).key_names, turret_state(0, 0, 90, 0, t=0.5).key_names
        (('A = B', ''), ('A', 'B'))
        """
        start, end = self.muzzle_slerp[[0, -1]]
        return ("A = B", "") if float(np.linalg.norm(end - start)) < 0.1 else ("A", "B")

    @property
    def long_way(self) -> bool:
        """The lerp of the yaw runs more than half a turn: the long way round."""
        return abs(float(self.keys[1, 0] - self.keys[0, 0])) > 180

    @property
    def detour(self) -> bool:
        """The second head turns clearly further than SLERP's (by a quarter and 1° more)."""
        return self.turned_lerp > 1.25 * self.turned_slerp + 1.0

    @property
    def slerp_note(self) -> str:
        """What to see in the SLERP panel: one turn at constant speed, and the roll it gives the head (if any)."""
        return "; ".join(part for part in (self.slerp_turn_note, self.slerp_roll_note) if part)

    @property
    def slerp_turn_note(self) -> str:
        """The first part of :attr:`slerp_note`: one turn about one axis at constant speed (or no turn)."""
        if self.same:
            return "A and B are the same orientation: SLERP stays put"
        return "one turn about one axis (dashed), at constant speed: even dots"

    @property
    def slerp_roll_note(self) -> str:
        """The second part of :attr:`slerp_note`: how far SLERP rolls the head on the way ('' if it does not)."""
        if self.same or self.roll_slerp < 0.05:
            return ""
        return f"it rolls the head by up to {self.roll_slerp:.1f}°"

    @property
    def lerp_note(self) -> str:
        """What goes wrong in the per-axis panel: the naive yaw runs the long way round, or a detour ('' if
        nothing does)."""
        if self.lerp == "naive" and self.long_way:
            return ("A and B are the same orientation, yet the yaw runs a full turn" if self.same else
                    "the yaw runs the long way round, through 0°")
        return "a detour: the head turns further than it has to" if self.detour else ""


def check_choices(lerp: str) -> None:
    """Refuse a per-axis blend the demo does not offer (:data:`LERPS`).

    >>> check_choices("wrapped")
    >>> check_choices("smooth")
    Traceback (most recent call last):
    ...
    ValueError: Expected lerp in ('naive', 'wrapped'), got 'smooth'
    """
    if lerp not in LERPS:
        raise ValueError(f"Expected lerp in {LERPS}, got {lerp!r}")


def turret_state(yaw_a: float, pitch_a: float, yaw_b: float, pitch_b: float, t: float,
                 lerp: str = "naive") -> TurretState:
    """The blends from key A ``(yaw_a, pitch_a)`` to key B ``(yaw_b, pitch_b)`` (degrees), at ``t`` and all along.

    ``lerp`` (one of :data:`LERPS`) says which per-axis blend the ``*_lerp`` properties show; both are computed.

    Examples
    --------
    >>> from quatlib.models.turret import turret_state
    >>> s = turret_state(yaw_a=170, pitch_a=0, yaw_b=-170, pitch_b=0, t=0.5)
    >>> print(f"{s.angle_ab:.1f} {s.turned_slerp:.1f} {s.turned_euler:.1f} {s.gap:.1f}")
    20.0 20.0 340.0 180.0
    >>> s.euler_slerp.round(4) + 0.0, s.euler_t   # halfway: behind (yaw 180) vs in front (yaw 0)
    (array([180.,   0.,   0.]), array([0., 0.]))
    >>> s.long_way, s.same
    (True, False)
    >>> print(f"{s.euler_wrapped[0]:.1f} {s.turned_wrapped:.1f} {s.gap_wrapped:.1f}")   # yaw wrapped: the short way
    180.0 20.0 0.0
    >>> print(f"{turret_state(0, 60, 120, -30, 0.5).roll_slerp:.1f}")   # SLERP banks the head on the way
    28.2
    """
    check_choices(lerp)
    keys = np.array([[as_number(yaw_a, "yaw_a"), as_number(pitch_a, "pitch_a")],
                     [as_number(yaw_b, "yaw_b"), as_number(pitch_b, "pitch_b")]])
    t = as_number(t, "t")
    blend = whole_blend(*keys.ravel())  # the same for every t: computed once per pair of keys
    q_a, q_b, keys_w = blend["q_a"], blend["q_b"], blend["keys_wrapped"]
    q_s = slerp(q_a, q_b, t)
    # the naive way: a straight line in (yaw, pitch); per axis, the yaw the short way: towards B's yaw wrapped
    e_t = (1 - t) * keys[0] + t * keys[1]
    q_e = quaternion_from_euler(e_t[0], e_t[1], 0.0, degrees=True)
    w_t = (1 - t) * keys_w[0] + t * keys_w[1]
    q_w = quaternion_from_euler(w_t[0], w_t[1], 0.0, degrees=True)
    return TurretState(
        keys=keys, t=t, q_slerp=q_s, q_euler=q_e, euler_t=e_t, euler_slerp=quiet_euler(q_s),
        gap=float(angle_between(q_s, q_e, degrees=True)), lerp=lerp,
        euler_wrapped=np.array([wrap_degrees(w_t[0]), w_t[1]]), q_wrapped=q_w,
        gap_wrapped=float(angle_between(q_s, q_w, degrees=True)),
        **{k: v for k, v in blend.items() if k != "keys_wrapped"},
    )


@functools.lru_cache(maxsize=16)
def whole_blend(yaw_a: float, pitch_a: float, yaw_b: float, pitch_b: float) -> dict:
    """What does not depend on ``t``: the keys as quaternions, the three blends along the whole path, their
    muzzle paths and turns, SLERP's axis and largest roll (fields of :class:`TurretState`, read-only arrays).

    Kept for the last few pairs of keys, so moving ``t`` (or playing it) recomputes only the pose at ``t``.

    >>> from quatlib.models.turret import whole_blend
    >>> b = whole_blend(170.0, 0.0, -170.0, 0.0)
    >>> print(f"{b['angle_ab']:.1f} {b['turned_euler']:.1f} {b['turned_wrapped']:.1f}", b["muzzle_slerp"].shape)
    20.0 340.0 20.0 (121, 3)
    """
    keys = np.array([[yaw_a, pitch_a], [yaw_b, pitch_b]], dtype=float)
    q_a = quaternion_from_euler(yaw_a, pitch_a, 0.0, degrees=True)
    q_b = quaternion_from_euler(yaw_b, pitch_b, 0.0, degrees=True)
    # SLERP: one great arc on the 3-sphere, the short way
    q_path_s = slerp(q_a, q_b, TS)
    # the naive way: a straight line in (yaw, pitch)
    e_path = (1 - TS)[:, None] * keys[0] + TS[:, None] * keys[1]
    q_path_e = quaternion_from_euler(e_path[:, 0], e_path[:, 1], 0.0, degrees=True)
    # per axis, the yaw the short way: the same straight line towards B's yaw moved by a multiple of 360°
    keys_w = np.array([keys[0], [yaw_a + wrap_degrees(yaw_b - yaw_a), pitch_b]])
    w_path = (1 - TS)[:, None] * keys_w[0] + TS[:, None] * keys_w[1]
    q_path_w = quaternion_from_euler(w_path[:, 0], w_path[:, 1], 0.0, degrees=True)
    angle_ab = float(angle_between(q_a, q_b, degrees=True))
    # the fixed axis SLERP turns about: that of q(1) q_A⁻¹, with q(1) = ±q_B as slerp chose (the short way)
    axis, turn = axis_angle_from_quaternion(multiply(q_path_s[-1], conjugate(q_a)))
    out = dict(
        keys_wrapped=keys_w, q_a=q_a, q_b=q_b, q_path_slerp=q_path_s, q_path_euler=q_path_e, q_path_wrapped=q_path_w,
        muzzle_slerp=rotate_vector(q_path_s, BARREL * AIM), muzzle_euler=rotate_vector(q_path_e, BARREL * AIM),
        muzzle_wrapped=rotate_vector(q_path_w, BARREL * AIM), angle_ab=angle_ab,
        turned_slerp=turned(q_path_s), turned_euler=turned(q_path_e), turned_wrapped=turned(q_path_w),
        axis=None if angle_ab < SAME else axis, turn=float(np.degrees(turn)),
        roll_slerp=float(np.abs(quiet_euler(q_path_s)[:, 2]).max()),
    )
    for v in out.values():  # shared by every state of these keys: nobody may change them
        if isinstance(v, np.ndarray):
            v.flags.writeable = False
    return out
