"""The models of notebook 02: order matters, the three-ring gimbal, Euler angles beside a quaternion (numpy only).

The widgets :func:`quatlib.widgets.order_matters`, :func:`quatlib.widgets.gimbal` and
:func:`quatlib.widgets.euler_vs_quaternion` draw what :func:`order_state`,
:func:`gimbal_state` and :class:`TwoStores` compute.  Angles are in degrees,
``R = Ry(yaw) · Rx(pitch) · Rz(roll)`` and ``q = (w, x, y, z)`` as everywhere in quatlib.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np

from .._algebra import multiply, normalize
from .._axis_angle import quaternion_from_axis_angle
from .._euler import (
    GimbalLockWarning,
    euler_from_quaternion,
    euler_jacobian_rank,
    matrix_from_euler,
    quaternion_from_euler,
)
from .._interpolate import slerp
from .._matrix import matrix_from_quaternion, quaternion_from_matrix
from .._rotate import angle_between
from .._validate import as_number, as_numbers
from .geometry import arc_points

__all__ = ["GimbalState", "gimbal_state", "OrderState", "order_state", "StoresState", "TwoStores", "AXES",
           "quiet_euler"]

#: The world axes by name.
AXES = {"x": np.array([1.0, 0.0, 0.0]), "y": np.array([0.0, 1.0, 0.0]), "z": np.array([0.0, 0.0, 1.0])}

#: From this ``|pitch|`` on (degrees), within 15° of ±90°, the readout warns that the lock is near.
NEAR_LOCK = 75.0


# --------------------------------------------------------------------------------------
# the three-ring gimbal
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GimbalState:
    """A gimbal turned by yaw, pitch and roll: each ring's orientation and what is left of the three turns.

    Attributes
    ----------
    yaw, pitch, roll : float
        The angles, in degrees.
    R_outer, R_middle, R : ndarray, shape (3, 3)
        The outer ring ``Ry(yaw)``, the middle ring ``Ry(yaw) · Rx(pitch)`` and
        the inner ring (and the cube) ``Ry(yaw) · Rx(pitch) · Rz(roll)``.
    rank : int
        Rank of the map (yaw, pitch, roll) → orientation here: 3, or 2 at gimbal lock.
    alignment : float
        ``|cos|`` of the angle between the roll axis ``R_middle @ z`` and the yaw axis ``y``
        (1 at the lock: they are the same line).

    Examples
    --------
    At pitch 90° the roll axis lies along the yaw axis (the angle between them is 0): locked.

    >>> gimbal_state(20, 90, 30).locked, gimbal_state(20, 90, 30).axes_angle
    (True, 0.0)
    >>> gimbal_state(20, 0, 30).locked, gimbal_state(20, 0, 30).axes_angle
    (False, 90.0)
    """

    yaw: float
    pitch: float
    roll: float
    R_outer: np.ndarray
    R_middle: np.ndarray
    R: np.ndarray
    rank: int
    alignment: float

    @property
    def locked(self) -> bool:
        """Gimbal lock: a degree of freedom is lost (rank 2)."""
        return self.rank < 3

    @property
    def near_lock(self) -> bool:
        """Not locked, but ``|pitch| ≥ 75°``: yaw and roll turn about almost the same axis."""
        return not self.locked and abs(self.pitch) >= NEAR_LOCK

    @property
    def axes_angle(self) -> float:
        """The angle (degrees) between the roll axis and the yaw axis: 90° at pitch 0, 0° at the lock."""
        return float(np.degrees(np.arccos(min(self.alignment, 1.0))))

    @property
    def shared_axle(self) -> np.ndarray:
        """At the lock, the one line both the yaw axle and the roll axle lie on (``±y``), as two end points;
        elsewhere an empty ``(0, 3)`` array."""
        if not self.locked:
            return np.zeros((0, 3))
        return np.outer([-1.0, 1.0], AXES["y"])

    @property
    def note(self) -> str:
        """What the figure says in its corner (short: it must miss the world letters in every view)."""
        if self.locked:
            combo, _ = self.what_matters
            return f"gimbal lock at pitch {'+' if self.pitch > 0 else '−'}90°:\nonly {combo} counts"
        if self.near_lock:
            return f"roll axle {self.axes_angle:.0f}° from yaw axle"
        return ""

    @property
    def what_matters(self) -> tuple[str, float]:
        """At the lock only one combination of yaw and roll still turns the cube: ``("yaw − roll", value)``
        at pitch +90°, ``("yaw + roll", value)`` at pitch −90°, the value in degrees in [−180°, 180°)."""
        name, value = ("yaw − roll", self.yaw - self.roll) if self.pitch > 0 else ("yaw + roll", self.yaw + self.roll)
        return name, (value + 180.0) % 360.0 - 180.0  # an angle: -360° and 0° are the same turn


def gimbal_state(yaw: float, pitch: float, roll: float) -> GimbalState:
    """The rings of a gimbal turned by ``yaw``, ``pitch`` and ``roll`` (degrees), and its rank.

    Examples
    --------
    >>> from quatlib.models.gimbal import gimbal_state
    >>> s = gimbal_state(yaw=20, pitch=90, roll=10)
    >>> s.rank, s.locked, s.what_matters
    (2, True, ('yaw − roll', 10.0))
    >>> s.R_middle @ [0, 0, 1]   # the roll axis has turned onto the line of the yaw axis y
    array([ 0., -1.,  0.])
    >>> gimbal_state(20, 45, 10).rank
    3
    """
    R_middle = matrix_from_euler(yaw, pitch, 0.0, degrees=True)
    return GimbalState(
        yaw=yaw, pitch=pitch, roll=roll,
        R_outer=matrix_from_euler(yaw, 0.0, 0.0, degrees=True),
        R_middle=R_middle,
        R=matrix_from_euler(yaw, pitch, roll, degrees=True),
        rank=int(euler_jacobian_rank(yaw, pitch, roll, degrees=True)),
        alignment=abs(float(R_middle[:, 2] @ AXES["y"])),
    )


# --------------------------------------------------------------------------------------
# order matters
# --------------------------------------------------------------------------------------

#: The two orders of turns: about x then y (left), about y then x (right).
ORDERS = (("x", "y"), ("y", "x"))


@dataclass(frozen=True)
class OrderState:
    """Two cubes part way through two turns about the fixed world axes, in the two orders.

    Index 0 is "about x, then about y", index 1 "about y, then about x".

    Attributes
    ----------
    angle, progress : float
        Each turn's angle (degrees) and the turns done (0 to 1: the first, 1 to 2: the second).
    R : ndarray, shape (2, 3, 3)
        Each cube's orientation now.
    finals : ndarray, shape (2, 3, 3)
        Each cube's orientation after both whole turns: ``Ry · Rx`` and ``Rx · Ry``.
    stage : {"first", "second"}
        Which turn is running (``progress ≤ 1``: the first).
    axis_names : (str, str)
        The axis of the running turn, per cube.
    axes : ndarray, shape (2, 3)
        Those axes as unit vectors.
    turned : ndarray, shape (2,)
        How far the running turn has gone, in degrees.
    arcs : ndarray, shape (2, n, 3)
        The arc the running turn has swept, around its axis, centred at ``ARC_CENTER`` along it.

    Examples
    --------
    >>> order_state(angle=90, progress=2.0).verdict
    '✗ different orientations, 120.0° apart: in 3D the order of turns matters'
    >>> order_state(angle=180, progress=2.0).same   # two half turns: besides no turn, the one angle that agrees
    True
    """

    angle: float
    progress: float
    R: np.ndarray
    finals: np.ndarray
    stage: str
    axis_names: tuple
    axes: np.ndarray
    turned: np.ndarray
    arcs: np.ndarray

    @property
    def same(self) -> bool:
        """Whether both orders end at the same orientation (only for no turn or a half turn)."""
        return bool(np.allclose(self.finals[0], self.finals[1], atol=1e-9))

    @property
    def gap(self) -> float:
        """The angle (degrees) of the turn that takes one final orientation to the other: 0 when ``same``."""
        return float(angle_between(*quaternion_from_matrix(self.finals), degrees=True))

    @property
    def verdict(self) -> str:
        """Why the two orders agree (no turn; two half turns) or that they do not, with the gap between them."""
        if self.same and abs(self.angle) % 360 < 1e-9:
            return "✓ the same orientation: no turn at all"
        if self.same:
            return ("✓ the same orientation, and not by chance: two half turns about perpendicular axes make the "
                    "half turn about the third, Ry(180°)·Rx(180°) = Rz(180°) = Rx(180°)·Ry(180°)")
        return (f"✗ different orientations, {self.gap:.1f}° apart: in 3D the order of turns matters")


#: The arc of a turn is drawn around its axis, this far along it, with this radius.
ARC_CENTER, ARC_RADIUS = 0.55, 0.7


def order_state(angle: float, progress: float) -> OrderState:
    """Two cubes turned by ``angle`` (degrees) about x then y, and about y then x, ``progress`` of the way.

    The turns are about the fixed world axes, so with ``q = q2 · q1`` (``q1`` first)
    the left cube ends at ``Ry · Rx`` and the right one at ``Rx · Ry``.

    Examples
    --------
    >>> from quatlib.models.gimbal import order_state
    >>> s = order_state(angle=90, progress=2)
    >>> s.finals[:, :, 2] + 0.0   # where z went, about x then y and about y then x: not the same place
    array([[ 0., -1.,  0.],
           [ 1.,  0.,  0.]])
    >>> s.same, order_state(angle=0, progress=2).same
    (False, True)
    >>> order_state(angle=90, progress=0.5).stage, order_state(angle=90, progress=1.5).turned
    ('first', array([45., 45.]))
    """
    angle, progress = as_number(angle, "angle"), as_number(progress, "progress")
    s1 = float(np.clip(progress, 0.0, 1.0))
    s2 = float(np.clip(progress - 1.0, 0.0, 1.0))
    stage = "first" if progress <= 1.0 else "second"
    R, finals, names, axes, turned, arcs = [], [], [], [], [], []
    for n1, n2 in ORDERS:
        a1, a2 = AXES[n1], AXES[n2]
        q = multiply(quaternion_from_axis_angle(a2, angle * s2, degrees=True),
                     quaternion_from_axis_angle(a1, angle * s1, degrees=True))  # q1 first, then q2
        R.append(matrix_from_quaternion(q))
        finals.append(matrix_from_quaternion(multiply(quaternion_from_axis_angle(a2, angle, degrees=True),
                                                      quaternion_from_axis_angle(a1, angle, degrees=True))))
        name, axis, done = (n1, a1, angle * s1) if stage == "first" else (n2, a2, angle * s2)
        start = np.cross(axis, AXES["z"] if name != "z" else AXES["x"])
        start = ARC_RADIUS * start / np.linalg.norm(start)
        arcs.append(arc_points(axis, start, done, center=ARC_CENTER * axis, degrees=True))
        names.append(name)
        axes.append(axis)
        turned.append(done)
    return OrderState(angle=angle, progress=progress, R=np.array(R), finals=np.array(finals), stage=stage,
                      axis_names=tuple(names), axes=np.array(axes), turned=np.array(turned), arcs=np.array(arcs))


# --------------------------------------------------------------------------------------
# Euler angles vs a quaternion: the same nudges, stored two ways
# --------------------------------------------------------------------------------------


def quiet_euler(q) -> np.ndarray:
    """``euler_from_quaternion(q, degrees=True)`` without the :class:`~quatlib.GimbalLockWarning`.

    At the lock quatlib warns; a demo's readout explains instead (the turret's and the two stores' readouts).

    >>> import warnings
    >>> import quatlib as ql
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("error")   # any warning would fail here
    ...     quiet_euler(ql.quaternion_from_euler(20, 90, 10, degrees=True))   # locked: yaw − roll = 10° is all
    array([10., 90.,  0.])
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", GimbalLockWarning)
        return euler_from_quaternion(q, degrees=True)


@dataclass(frozen=True)
class StoresState:
    """One orientation stored as Euler angles and as a quaternion, after the same nudges, replaying the last.

    Index 0 is the Euler store, index 1 the quaternion store.

    Attributes
    ----------
    euler : ndarray, shape (3,)
        The Euler store after the nudges: (yaw, pitch, roll) in degrees.
    q : ndarray, shape (4,)
        The quaternion store after the nudges.
    R : ndarray, shape (2, 3, 3)
        Each cube at ``replay``: the Euler store's angles interpolated linearly from
        before the last nudge, the quaternion store's by SLERP.
    history_euler, history_q : ndarray, shape (n, 3) and (n, 4)
        Every stored value since the start (or the last reset).
    last : (str, int)
        The last nudge: own axis ``"x"``, ``"y"`` or ``"z"`` and sign ±1.
    step, replay : float
        The size of the next nudge (degrees: the slider now) and the replay of the last nudge (0 to 1).
    last_step : float
        The size of the last nudge, in degrees (0 before any): what :attr:`jump` and :attr:`change` are
        measured against, even after the slider moved.
    jump : float
        The largest change of a stored number in the last nudge, in degrees (``max |Δ|``).
    change : float
        The largest change of an angle *on the circle* in the last nudge, in degrees: the same
        differences taken modulo 360° into (−180°, 180°], so 172° → −173° is a change of 15°.
    tween_gap : float
        The angle (degrees) between the two cubes at ``replay`` (0 at both ends).
    previews : ndarray, shape (2, n, 3)
        Per cube, the arc the tip of the next own axis would sweep under the next
        nudge ``(last axis, last sign) × step``.

    Examples
    --------
    One 15° nudge of pitch from 80°: the quaternion just turns, the Euler angles jump to (180°, 85°, 180°).

    >>> s = TwoStores(start=(0, 80, 0), first=(("x", +1),), step=15)(step=15, replay=1.0)
    >>> s.euler, s.flip, s.big_jump
    (array([180.,  85., 180.]), True, True)
    """

    euler: np.ndarray
    q: np.ndarray
    R: np.ndarray
    history_euler: np.ndarray
    history_q: np.ndarray
    last: tuple
    step: float
    last_step: float
    replay: float
    jump: float
    change: float
    tween_gap: float
    previews: np.ndarray

    @property
    def flip(self) -> bool:
        """Near the lock: an angle changed by more than twice the nudge even on the circle (yaw and roll swing far,
        or flip by 180° going over the top: :attr:`flip_words`)."""
        return self.change > 2 * self.last_step + 1e-9

    @property
    def flip_words(self) -> str:
        """What yaw and roll did in a :attr:`flip`: ``"flipped"`` (a change over 90°: going over the top, the
        same orientation written with yaw and roll about 180° away) or ``"swung far"`` (tens of degrees, near the
        lock)."""
        return "flipped" if self.change > 90.0 else "swung far"

    @property
    def wrapped(self) -> bool:
        """A stored number jumped across ±180° (``jump > 180°``) while the angle itself moved little: a wrap of
        the range (−180°, 180°], not the lock."""
        return self.jump > 180.0 and not self.flip

    @property
    def big_jump(self) -> bool:
        """The stored numbers jumped by more than twice the nudge: a wrap or a flip."""
        return self.jump > 2 * self.last_step + 1e-9

    @property
    def jump_note(self) -> str:
        """What the last nudge did to the stored angles, in one line: the lock, a flip, a wrap, or nothing."""
        if self.locked:
            return "pitch = ±90°: yaw and roll are not unique here"
        if self.flip:
            return (f"near the lock: the angles jumped by {self.change:.0f}° for a {self.last_step:.0f}° nudge "
                    f"(yaw and roll {self.flip_words})")
        if self.wrapped:
            return (f"a number jumped by {self.jump:.0f}°, but only across ±180°: on the circle "
                    f"it moved {self.change:.0f}° (a wrap, not the lock)")
        return ""

    @property
    def locked(self) -> bool:
        """The Euler store sits at pitch ±90°, where yaw and roll are not unique."""
        return abs(abs(float(self.euler[1])) - 90.0) < 1e-6


#: A nudge about own axis k previews the arc swept by the tip of the next axis (x: y's tip, y: z's, z: x's).
_SWEPT = {"x": 1, "y": 2, "z": 0}
#: Radius of the preview arc (beyond the cube's frame).
PREVIEW_RADIUS = 1.22


class TwoStores:
    """The same nudges about an object's own axes, kept as (yaw, pitch, roll) and as a quaternion.

    After each nudge by ``Δq`` (a turn by ``step`` about own axis x, y or z):

    * the quaternion store multiplies on the right, ``q ← q · Δq`` (a turn about
      the object's own axis), and normalizes;
    * the Euler store does the same turn and then goes back to three angles,
      ``euler ← euler_from_quaternion(quaternion_from_euler(euler) · Δq)``.

    Both stores always hold the same orientation; near pitch ±90° the angles jump
    while the quaternion moves smoothly.  Calling the store with the controls
    (``store(step=..., replay=...)``) gives a :class:`StoresState`.

    Parameters
    ----------
    start : (yaw, pitch, roll)
        Orientation before the ``first`` nudges, in degrees.
    first : sequence of (axis name, sign)
        Nudges applied at the start (and again after :meth:`reset`).
    step : float
        Size of the ``first`` nudges, in degrees.

    Examples
    --------
    >>> from quatlib.models.gimbal import TwoStores
    >>> store = TwoStores(start=(0, 80, 0), first=())
    >>> store.nudge("x", +1, step=15)   # pitch 80° + 15° goes over the top
    >>> s = store(step=15, replay=1.0)
    >>> s.euler.round(4) + 0.0, s.jump
    (array([180.,  85., 180.]), 180.0)
    >>> s.q   # one turn of 95° about x: no jump here
    array([0.6756, 0.7373, 0.    , 0.    ])
    """

    def __init__(self, start=(0.0, 45.0, 0.0), first=(("x", +1),), step: float = 15.0):
        self.start = as_numbers(start, 3, "start (yaw, pitch, roll)")
        try:
            self.first = tuple((axis_name, sign) for axis_name, sign in first)
        except (TypeError, ValueError):  # not a sequence of pairs
            raise ValueError(f"Expected first, a sequence of (axis name, sign) pairs such as (('x', +1),), "
                             f"got {first!r}") from None
        self.first_step = float(step)
        self.reset()

    def reset(self) -> None:
        """Back to ``start`` followed by the ``first`` nudges."""
        q0 = quaternion_from_euler(*self.start, degrees=True)
        self.q, self.euler = q0, self.start.copy()
        self.prev_q, self.prev_euler = q0, self.start.copy()
        self.history_euler, self.history_q = [self.euler], [self.q]
        self.last, self.last_step = ("x", +1), 0.0
        for axis_name, sign in self.first:
            self.nudge(axis_name, sign, self.first_step)

    def nudge(self, axis_name: str, sign: int, step: float) -> None:
        """Turn both stores by ``sign * step`` degrees about the object's own ``axis_name`` ("x", "y" or "z")."""
        if axis_name not in AXES or sign not in (-1, 1):
            raise ValueError(f"Expected an axis among 'x', 'y', 'z' and a sign ±1, got {axis_name!r}, {sign!r}")
        dq = quaternion_from_axis_angle(AXES[axis_name], sign * step, degrees=True)
        self.prev_q, self.prev_euler = self.q, self.euler
        self.q = normalize(multiply(self.q, dq))  # on the right: about the object's own axis
        self.euler = quiet_euler(multiply(quaternion_from_euler(*self.euler, degrees=True), dq))
        self.history_euler.append(self.euler)
        self.history_q.append(self.q)
        self.last, self.last_step = (axis_name, sign), float(step)

    def __call__(self, step: float, replay: float) -> StoresState:
        """The stores now, both cubes ``replay`` of the way through the last nudge, the next nudge ``step``."""
        t = float(replay)
        euler_t = (1 - t) * self.prev_euler + t * self.euler
        R_e = matrix_from_euler(*euler_t, degrees=True)
        q_t = slerp(self.prev_q, self.q, t) if t < 1.0 else self.q
        R_q = matrix_from_quaternion(q_t)
        he, hq = np.array(self.history_euler), np.array(self.history_q)
        delta = he[-1] - he[-2] if len(he) > 1 else np.zeros(3)
        jump = float(np.abs(delta).max())
        change = float(np.abs((delta + 180.0) % 360.0 - 180.0).max())  # on the circle: a wrap is no change
        gap = float(angle_between(quaternion_from_euler(*euler_t, degrees=True), q_t, degrees=True))
        axis_name, sign = self.last
        k, swept = "xyz".index(axis_name), _SWEPT[axis_name]
        previews = np.array([arc_points(R[:, k], PREVIEW_RADIUS * R[:, swept], sign * step, degrees=True)
                             for R in (R_e, R_q)])
        return StoresState(euler=self.euler, q=self.q, R=np.array([R_e, R_q]), history_euler=he, history_q=hq,
                           last=self.last, step=float(step), last_step=self.last_step, replay=t, jump=jump,
                           change=change, tween_gap=gap, previews=previews)
