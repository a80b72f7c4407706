"""The model of notebook 06's demo: a cube interpolated from q0 to q1 by SLERP, NLERP or LERP (numpy only).

The widget :func:`quatlib.widgets.slerp_vs_nlerp` draws what :func:`slerp_state`
computes.  A state has two parts: the :class:`SlerpPath` (the two orientations,
the three methods' profiles over ``t`` and the geometry that depends on the
orientations only; :func:`slerp_path` keeps the last few, so moving ``t`` or
switching the method recomputes nothing of it) and what changes with ``t`` and
the method.
"""

from __future__ import annotations

import functools
import html
from dataclasses import dataclass

import numpy as np

from .. import (
    angular_speed,
    conjugate,
    dot,
    interpolate,
    lerp,
    multiply,
    norm,
    quaternion_from_axis_angle,
    quaternion_from_euler,
    rotate_vector,
    sandwich_matrix,
    swept_angle,
)
from .._validate import as_flag, as_number, as_numbers, as_quaternion, as_scalar
from .geometry import axis_frame, split_along

__all__ = ["METHODS", "NAMES", "GHOSTS", "TITLES", "T_GRID", "T_TICKS", "CUBE_SIDE", "CUBE_RADIUS", "RADIUS", "AXLE",
           "SPEED_CAP", "profile", "body_point", "body_points", "meridian", "chord_plane", "to_plane", "SlerpPath",
           "slerp_path", "SlerpState", "slerp_state", "check_choices"]

METHODS = ("slerp", "nlerp", "lerp")
NAMES = {"slerp": "SLERP", "nlerp": "NLERP", "lerp": "LERP"}
GHOSTS = {"slerp": "nlerp", "nlerp": "slerp", "lerp": "nlerp"}  # the method drawn as a ghost beside each one
TITLES = {"slerp": "SLERP: the great arc, even steps", "nlerp": "NLERP: the chord, normalized",
          "lerp": "LERP: the chord, drawn with q v q*"}  # over the scene: what the method's path is
T_GRID = np.linspace(0.0, 1.0, 201)
T_TICKS = np.linspace(0.0, 1.0, 11)  # the dots along the path: equal steps of t
_TICK_INDEX = np.searchsorted(T_GRID, T_TICKS - 1e-12)
CUBE_SIDE = 1.0  # the cube interpolated
CUBE_RADIUS = 0.5 * 3 ** 0.5 * CUBE_SIDE  # the cube's corners, in any orientation, are this far from the centre
RADIUS = 1.25  # of the sphere the body point moves on (the cube's corner is at CUBE_RADIUS = 0.87)
AXLE = 1.45  # half length of the drawn axis (and radius of its meridian)
SPEED_CAP = 2.04  # the speed chart shows speed ÷ average up to here
_PREFERRED = np.array([0.9, 0.3, 0.3]) / np.linalg.norm([0.9, 0.3, 0.3])  # body direction tried first


def profile(q0, q1, t, method: str, shortest: bool = True) -> dict:
    """Everything the plots show about one interpolation, with NaN where it is undefined.

    Returns a dict with ``q`` (n, 4), ``angle`` (degrees turned along the arc,
    :func:`quatlib.swept_angle`), ``speed`` (degrees per unit t,
    :func:`quatlib.angular_speed`), ``length`` (``|q|``) and ``error`` (None, or
    the reason the method has no answer, e.g. SLERP between ``q0`` and ``-q0``
    with ``shortest=False``).  Where the chord passes through 0 (LERP and NLERP
    between ``q0`` and ``-q0`` at ``t = ½``) the ``angle`` and ``speed`` are NaN,
    and NLERP's ``q`` and ``length`` too; LERP's ``q`` there is 0, its ``length`` 0.

    Examples
    --------
    >>> import quatlib as ql
    >>> q1 = ql.quaternion_from_axis_angle([0, 1, 0], 90, degrees=True)
    >>> p = profile(ql.IDENTITY, q1, [0, 0.5, 1], "slerp")
    >>> p["angle"], p["speed"], p["length"]
    (array([ 0., 45., 90.]), array([90., 90., 90.]), array([1., 1., 1.]))
    """
    check_choices(method, shortest)
    t = as_scalar(t, "interpolation parameter t").astype(float).reshape(-1)
    n = len(t)
    nan4 = np.full((n, 4), np.nan)
    out = {"q": nan4, "angle": np.full(n, np.nan), "speed": np.full(n, np.nan), "length": np.full(n, np.nan),
           "error": None}
    chord = lerp(q0, q1, t, shortest=shortest)  # never raises: tells where the chord is 0
    ok = norm(chord) > 1e-12
    if method == "lerp":
        q = chord
    else:
        try:
            q = np.full((n, 4), np.nan)
            q[ok] = interpolate(q0, q1, t[ok], method, shortest)
        except ValueError as exc:
            out["error"] = str(exc)
            return out
    out["q"] = q
    out["length"][ok] = norm(q[ok])
    if method == "lerp":
        out["length"] = norm(chord)
    out["angle"][ok] = swept_angle(q0, q[ok], degrees=True)
    # the turning rate of the orientation; LERP turns like NLERP (it differs in length only)
    turning = "nlerp" if method == "lerp" else method
    try:
        out["speed"][ok] = angular_speed(q0, q1, t[ok], turning, shortest, degrees=True)
    except ValueError:  # t ± h straddles the chord's zero
        pass
    return out


def body_point(q0, axis) -> np.ndarray:
    """A point fixed to the cube, chosen so that it travels on a great circle of the sphere.

    The point turns about ``axis``; it traces the biggest circle when it is
    perpendicular to the axis.  Start from the body direction (0.9, 0.3, 0.3)
    (where it is at the start orientation ``q0``), remove its component along
    the axis, and scale to :data:`RADIUS`; returned in body coordinates (as the
    cube at the identity holds it).

    >>> import quatlib as ql
    >>> body_point(ql.IDENTITY, [0, 1, 0])   # (0.9, 0.3, 0.3) without its y, at radius 1.25
    array([1.1859, 0.    , 0.3953])
    """
    axis = as_numbers(axis, 3, "axis")
    for body in (_PREFERRED, np.array([0.0, 0.3, 0.95]), np.array([0.3, 0.95, 0.0])):
        p = rotate_vector(q0, body)
        p = split_along(p, axis)[1]
        if np.linalg.norm(p) > 0.4:
            return rotate_vector(conjugate(q0), RADIUS * p / np.linalg.norm(p))
    raise AssertionError("unreachable: three independent directions cannot all lie along one axis")


def body_points(qs, body) -> np.ndarray:
    """Where the body point ``body`` is for each orientation, by the sandwich ``q v q*`` (NaN rows stay NaN).

    >>> import quatlib as ql
    >>> body_points([ql.IDENTITY, [np.nan] * 4, [2, 0, 0, 0]], [1, 0, 0])   # |q| = 2 scales by 4
    array([[ 1.,  0.,  0.],
           [nan, nan, nan],
           [ 4.,  0.,  0.]])
    """
    qs = as_quaternion(qs, "orientations qs", finite=False).astype(float).reshape(-1, 4)
    finite = np.isfinite(qs).all(axis=1)
    pts = np.full((len(qs), 3), np.nan)
    pts[finite] = sandwich_matrix(qs[finite]) @ as_numbers(body, 3, "body point")
    return pts


def meridian(azimuth: float, elevation: float, radius: float = AXLE, n: int = 25) -> np.ndarray:
    """Points from the origin out along the floor at ``azimuth``, then up the arc of radius ``radius`` to the axis.

    The floor direction is the axis at elevation 0 (:func:`axis_frame`), the arc turns it toward the frame's
    second column (+y), about its third, up to ``elevation``; its end is ``radius`` times the axis.

    >>> meridian(0, 90, 1.0, n=3)
    array([[0.    , 0.    , 0.    ],
           [1.    , 0.    , 0.    ],
           [0.7071, 0.7071, 0.    ],
           [0.    , 1.    , 0.    ]])
    """
    elevation = as_number(elevation, "elevation")
    frame = axis_frame(azimuth, 0.0)
    floor, up = frame[:, 0], frame[:, 1]  # up is +y: the elevation turns floor toward it
    s = np.radians(np.linspace(0.0, elevation, n))
    arc = radius * (np.outer(np.cos(s), floor) + np.outer(np.sin(s), up))
    return np.vstack([np.zeros(3), arc])


def chord_plane(q0, q1, axis, shortest: bool = True) -> tuple[np.ndarray, float]:
    """The plane through 0, ``q0`` and ``q1`` in 4D: an orthonormal pair ``(e0, e1)`` and the angle ``Ω``.

    ``q1`` is ``q0`` turned about ``axis``: ``q1 = (cos(θ/2) + sin(θ/2) n) q0``,
    so it lies in the plane of ``e0 = q0`` and ``e1 = n q0`` (the pure
    quaternion ``n = (0, axis)`` times ``q0``: unit and perpendicular to
    ``q0``).  ``e1`` is signed so that the end (``-q1`` when the short path
    flips it) is at the angle ``Ω`` in ``[0°, 180°]`` from ``e0`` toward
    ``e1``: ``cos Ω = q0 · end``.  ``Ω`` is **half** the turn: the sphere of
    quaternions turns half as far as the object does.

    >>> import quatlib as ql
    >>> q1 = ql.quaternion_from_axis_angle([0, 1, 0], 150, degrees=True)
    >>> basis, omega = chord_plane(ql.IDENTITY, q1, [0, 1, 0])
    >>> basis, round(float(np.degrees(omega)), 6)     # e0 = 1, e1 = j; Ω = 150° / 2
    (array([[1., 0., 0., 0.],
           [0., 0., 1., 0.]]), 75.0)
    """
    q0, q1, axis = as_numbers(q0, 4, "q0"), as_numbers(q1, 4, "q1"), as_numbers(axis, 3, "axis")
    e1 = multiply(np.concatenate([[0.0], axis]), q0)
    end = -q1 if as_flag(shortest, "shortest") and dot(q0, q1) < 0 else q1
    phi = float(np.arctan2(end @ e1, end @ q0))
    return np.array([q0, e1 if phi >= 0 else -e1]), abs(phi)


def to_plane(qs, basis, omega: float) -> np.ndarray:
    """Quaternions of the plane :func:`chord_plane` as 2D points, the arc's middle straight up.

    Coordinates ``(q · e0, q · e1)``, turned so that ``q0`` sits at the angle
    ``90° + Ω/2`` and the end at ``90° − Ω/2`` (q0 left, q1 right).  NaN rows
    stay NaN; a point inside the unit circle is shorter than 1 (LERP's chord).

    >>> to_plane([[1, 0, 0, 0], [0, 0, 1, 0]], np.eye(4)[[0, 2]], np.pi / 2)   # Ω = 90°: q0 upper left
    array([[-0.7071,  0.7071],
           [ 0.7071,  0.7071]])
    """
    basis = as_quaternion(basis, "basis")
    if basis.shape != (2, 4):
        raise ValueError(f"Expected basis, the pair (e0, e1) of chord_plane, with shape (2, 4), got {basis.shape}")
    c = as_quaternion(qs, "quaternions qs", finite=False).astype(float) @ basis.T
    turn = np.pi / 2 + as_number(omega, "omega") / 2
    return np.stack([c[..., 0] * np.cos(turn) + c[..., 1] * np.sin(turn),
                     c[..., 0] * np.sin(turn) - c[..., 1] * np.cos(turn)], axis=-1)


@dataclass(frozen=True, eq=False)
class SlerpPath:
    """What depends on the two orientations only (not on ``t`` or the method).

    Attributes
    ----------
    q0, q1 : ndarray, shape (4,)
        Start and end; ``q1 = (turn by angle about axis) · q0``.
    axis : ndarray, shape (3,)
        The turn's axis.
    dot : float
        ``q0 · q1``.
    flipped : bool
        Whether the short path uses ``−q1`` (``shortest`` and ``q0 · q1 < 0``).
    total : float
        Degrees the arc turns through (to ``−q1`` when flipped).
    same : bool
        Start and end are the same orientation by the path taken (0° or a flipped 360°).
    profiles : dict
        :func:`profile` of each method over :data:`T_GRID`.
    body : ndarray, shape (3,)
        The body point (:func:`body_point`).
    points : dict
        Per method, the body point along the method's path (:func:`body_points`), one row per ``T_GRID`` value.
    arc : ndarray or None
        The body point along SLERP's arc (None when SLERP has no answer): NLERP's path, evenly sampled.
    ticks : dict
        Per method, the body point at ``t = 0, 0.1, ..., 1`` (where defined).
    speed : dict
        Per method, the angular speed ÷ the average, capped at :data:`SPEED_CAP` (NaN where undefined, or
        everywhere when nothing moves or ``q1 = −q0``).
    nlerp_peak : float
        NLERP's highest speed ÷ the average (0 when undefined).
    ends, labels : ndarray, shape (2, 3, 3) and (2, 3)
        The sandwich matrices of ``q0`` and ``q1`` (the outlines), and where the body point is at each.
    meridian : ndarray, shape (26, 3)
        :func:`meridian` of the axis direction.
    omega : float
        ``Ω``, the angle from ``q0`` to the end on the sphere of quaternions, degrees: half of :attr:`total`.
    plane : dict
        The picture of the q0–q1 plane (:func:`to_plane`): ``"arc"`` (the unit arc from q0 to the end, 2D),
        ``"chord"`` (its two ends), ``"basis"`` (of :func:`chord_plane`) and ``"ticks"`` (per method, its
        points at ``t = 0, 0.1, ..., 1``: SLERP's evenly spaced on the arc, NLERP's bunched, LERP's on the chord).
    lag : ndarray
        NLERP's angle minus SLERP's over :data:`T_GRID`, degrees (negative: behind); LERP turns as NLERP.
    lag_peak : tuple
        ``(t, lag)`` where NLERP is furthest behind (the first half: it is ahead by as much in the second);
        ``(nan, nan)`` where undefined.

    Examples
    --------
    >>> path = slerp_path(150, 0, 90, 0, 0, True)
    >>> path.omega_label   # the sphere of quaternions turns half as far as the cube
    'Ω = 75° = 150°/2'
    """

    q0: np.ndarray
    q1: np.ndarray
    axis: np.ndarray
    dot: float
    flipped: bool
    total: float
    same: bool
    profiles: dict
    body: np.ndarray
    points: dict
    arc: np.ndarray | None
    ticks: dict
    speed: dict
    nlerp_peak: float
    ends: np.ndarray
    labels: np.ndarray
    meridian: np.ndarray
    omega: float
    plane: dict
    lag: np.ndarray
    lag_peak: tuple

    @property
    def charts(self) -> dict:
        """What a chart can plot over :data:`T_GRID`, per method: ``{"angle": {method: degrees}, "speed":
        {method: speed ÷ average}, "length": {method: |q(t)|}, "lag": {method: its angle − SLERP's, degrees}}``
        (negative: behind SLERP; the demo draws "lag" and "speed")."""
        return {"angle": {m: self.profiles[m]["angle"] for m in METHODS}, "speed": dict(self.speed),
                "length": {m: self.profiles[m]["length"] for m in METHODS},
                "lag": {"slerp": self.lag * 0.0, "nlerp": self.lag}}

    @property
    def lag_extent(self) -> float:
        """NLERP's largest lag or lead on SLERP over the whole path, degrees (0 where it is nowhere defined).

        >>> round(slerp_path(150, 0, 90, 0, 0, True).lag_extent, 2)   # behind at t = 0.23, as far ahead at 0.77
        4.51
        """
        return float(np.nanmax(np.abs(self.lag))) if np.isfinite(self.lag).any() else 0.0

    def off_chart_note(self, limit: float) -> str:
        """What a lag chart drawn to ± ``limit`` degrees cannot show (:attr:`lag_extent` beyond it), '' if nothing.

        >>> slerp_path(150, 0, 90, 0, 0, True).off_chart_note(9.0)    # 4.5° either way: on the chart
        ''
        >>> slerp_path(300, 0, 90, 0, 0, False).off_chart_note(9.0)   # the long way round
        'off the chart: up to 53°'
        """
        worst = self.lag_extent
        return f"off the chart: up to {worst:.0f}°" if worst > limit else ""

    @property
    def speed_note(self) -> str:
        """What the speed chart, capped at :data:`SPEED_CAP` times the average, cannot show: NLERP's peak
        beyond it, '' if nothing.

        >>> slerp_path(150, 0, 90, 0, 0, True).speed_note     # 1.17× the average at most: on the chart
        ''
        >>> slerp_path(300, 0, 90, 0, 0, False).speed_note
        'off the chart: up to 2.85×'
        """
        return f"off the chart: up to {_times(self.nlerp_peak)}" if self.nlerp_peak > SPEED_CAP else ""

    @property
    def omega_label(self) -> str:
        """``Ω`` as half the turn, for the picture of the q0–q1 plane: to the half degree an odd turn gives (and a
        rounding error of a turn that ends where it started, ``1.4e-14°``, is the 0° it is).

        >>> slerp_path(150, 0, 90, 0, 0, True).omega_label, slerp_path(359, 0, 90, 0, 0, False).omega_label
        ('Ω = 75° = 150°/2', 'Ω = 179.5° = 359°/2')
        >>> slerp_path(360, 0, 90, 0, 0, True).omega_label   # the short way from q0 to -q0: no turn at all
        'Ω = 0° = 0°/2'
        """
        return f"Ω = {round(self.omega, 1) + 0.0:g}° = {round(self.total, 1) + 0.0:g}°/2"


@functools.lru_cache(maxsize=16)
def slerp_path(angle: float, azimuth: float, elevation: float, start_yaw: float, start_pitch: float,
               shortest: bool) -> SlerpPath:
    """The two orientations and everything about the three methods between them (the last 16 are kept).

    ``q0`` turns the cube by ``Ry(start_yaw) · Rx(start_pitch)``; ``q1`` is ``q0``
    turned by ``angle`` degrees about the axis at ``azimuth``, ``elevation``.

    >>> p = slerp_path(150, 0, 90, 0, 0, True)
    >>> p.total, p.flipped, slerp_path(150, 0, 90, 0, 0, True) is p
    (150.0, False, True)
    """
    q0 = quaternion_from_euler(start_yaw, start_pitch, 0.0, degrees=True)
    axis = axis_frame(azimuth, elevation)[:, 0]
    q1 = multiply(quaternion_from_axis_angle(axis, angle, degrees=True), q0)
    d = float(dot(q0, q1))
    flipped = bool(shortest and d < 0)
    total = float(swept_angle(q0, -q1 if flipped else q1, degrees=True))  # the angle the arc turns through
    profiles = {m: profile(q0, q1, T_GRID, m, shortest) for m in METHODS}
    body = body_point(q0, axis)
    points = {m: body_points(profiles[m]["q"], body) for m in METHODS}
    no_turn = total < 1e-9 or abs(total - 360.0) < 1e-9
    speed = {}
    for m in METHODS:
        s = profiles[m]["speed"] / total if total > 1e-9 else np.full(len(T_GRID), np.nan)
        speed[m] = np.full(len(T_GRID), np.nan) if no_turn else np.where(np.isfinite(s), np.minimum(s, SPEED_CAP),
                                                                          np.nan)
    nlerp_speed = profiles["nlerp"]["speed"]
    peak = np.nanmax(nlerp_speed) / total if total > 1e-9 and np.isfinite(nlerp_speed).any() else 0.0
    basis, omega = chord_plane(q0, q1, axis, shortest)
    psi = np.linspace(0.0, omega, 61)
    arc = to_plane(np.outer(np.cos(psi), basis[0]) + np.outer(np.sin(psi), basis[1]), basis, omega)
    plane = {"arc": arc, "chord": arc[[0, -1]], "basis": basis,
             "ticks": {m: to_plane(profiles[m]["q"][_TICK_INDEX], basis, omega) for m in METHODS}}
    lag = profiles["nlerp"]["angle"] - profiles["slerp"]["angle"]
    half = np.isfinite(lag) & (T_GRID <= 0.5)
    k = int(np.argmin(np.where(half, lag, np.inf))) if half.any() else -1
    lag_peak = (float(T_GRID[k]), float(lag[k])) if k >= 0 else (float("nan"), float("nan"))
    return SlerpPath(
        q0=q0, q1=q1, axis=axis, dot=d, flipped=flipped, total=total, same=total < 1e-9, profiles=profiles,
        body=body, points=points, arc=points["slerp"] if profiles["slerp"]["error"] is None else None,
        ticks={m: pts[_TICK_INDEX][np.isfinite(pts[_TICK_INDEX]).all(axis=1)] for m, pts in points.items()},
        speed=speed, nlerp_peak=float(peak), ends=np.array([sandwich_matrix(q0), sandwich_matrix(q1)]),
        labels=np.array([rotate_vector(q, body) for q in (q0, q1)]), meridian=meridian(azimuth, elevation),
        omega=float(np.degrees(omega)), plane=plane, lag=lag, lag_peak=lag_peak,
    )


@dataclass(frozen=True)
class SlerpState:
    """The cube at ``t`` by one method, every method's numbers at ``t``, and what to say about it.

    Attributes
    ----------
    t, method, shortest : float, str, bool
        The settings.
    turn, elevation : float
        The settings ``angle`` (degrees from start to end) and the axis elevation, for the text.
    path : SlerpPath
        What depends on the orientations only (the same object while they do not change).
    q : ndarray (4,) or None
        The method's ``q(t)``; None where it has no answer (``problem``).
    angle : float
        Degrees turned from ``q0`` at ``t`` (NaN where undefined).
    length : float
        ``|q(t)|`` (the chord's length where ``q`` is undefined).
    problem : str or None
        Why the method has no answer here.
    cube : ndarray (3, 3) or None
        The sandwich matrix of ``q(t)``: LERP's short ``q`` shrinks the cube by ``|q|²``.
    whole, trail : ndarray (n, 3)
        The body point's whole path (faint) and the part so far (bold).
    needle : ndarray (3,) or None
        Where the body point is now.
    values : dict
        Per method, ``{"angle", "speed", "length"}`` at ``t`` (interpolated between grid points).
    speed_cursor : dict
        Per method, the speed ÷ average at ``t`` as the chart shows it (None where the chart has no curve:
        nothing turns, or ``q1 = −q0`` taken the long way).
    note, why : str
        A short note for the picture, and the longer explanation (both "" when all is well).
    ghost_method : str
        The method drawn beside it as a ghost (:data:`GHOSTS`: NLERP beside SLERP and LERP, SLERP beside NLERP).
    ghost : ndarray (3, 3) or None
        The ghost's sandwich matrix at ``t`` (None where it has no answer or nothing moves).
    plane_now : dict
        Per method, its point at ``t`` in the q0–q1 plane (:attr:`SlerpPath.plane`), or None.

    Examples
    --------
    A 200° turn, taken the short way: ``q1`` is flipped and the cube turns 160°.

    >>> s = slerp_state(0.25, "slerp", True, 200, 0, 90, 0, 0)
    >>> s.flipped, round(s.total, 6), round(s.dot, 3)
    (True, 160.0, -0.174)
    """

    t: float
    method: str
    shortest: bool
    turn: float
    elevation: float
    path: SlerpPath
    q: np.ndarray | None
    angle: float
    length: float
    problem: str | None
    cube: np.ndarray | None
    whole: np.ndarray
    trail: np.ndarray
    needle: np.ndarray | None
    values: dict
    speed_cursor: dict
    note: str
    why: str
    ghost_method: str
    ghost: np.ndarray | None
    plane_now: dict

    @property
    def cursors(self) -> dict:
        """Every method's value at ``t`` on each chart of :attr:`SlerpPath.charts` (None where there is none)."""
        slerp = self.values["slerp"]["angle"]
        return {"angle": {m: self.values[m]["angle"] for m in METHODS}, "speed": dict(self.speed_cursor),
                "length": {m: self.values[m]["length"] for m in METHODS},
                "lag": {"slerp": slerp * 0.0, "nlerp": self.values["nlerp"]["angle"] - slerp}}

    @property
    def title(self) -> str:
        """The scene's title: what the method's path is (:data:`TITLES`).

        >>> slerp_state(0.25, "nlerp", True, 150, 0, 90, 0, 0).title
        'NLERP: the chord, normalized'
        """
        return TITLES[self.method]

    @property
    def long_way(self) -> bool:
        """``q0·q1 < 0`` and not flipped: the cube turns the long way round, more than 180°."""
        return not self.flipped and self.dot < 0

    @property
    def lerp_scale(self) -> float | None:
        """LERP's scaling of the cube, ``|q|²``, where its ``q`` is not unit (None for the other methods and at
        the ends): drawn with ``q v q*``, a short ``q`` shrinks the cube (as a rotation, ``q v q⁻¹``, it is NLERP).

        >>> round(slerp_state(0.5, "lerp", True, 150, 0, 90, 0, 0).lerp_scale, 3), slerp_state(0, "lerp", True,
        ...       150, 0, 90, 0, 0).lerp_scale
        (0.629, None)
        """
        if self.method != "lerp" or self.q is None or abs(self.length - 1) <= 1e-6:
            return None
        return self.length ** 2

    @property
    def turned_now(self) -> dict:
        """SLERP's and NLERP's angles turned at ``t``, degrees, where defined (LERP turns as NLERP)."""
        angles = {m: self.values[m]["angle"] for m in ("slerp", "nlerp")}
        return {m: a for m, a in angles.items() if np.isfinite(a)}

    @property
    def lag_now(self) -> float | None:
        """NLERP's angle minus SLERP's at ``t``, degrees (negative: behind); None where either is undefined.

        >>> round(slerp_state(0.25, "slerp", True, 150, 0, 90, 0, 0).lag_now, 2)   # NLERP is slow near the ends
        -4.48
        """
        turned = self.turned_now
        return turned["nlerp"] - turned["slerp"] if len(turned) == 2 else None

    @property
    def speeds_shown(self) -> dict:
        """SLERP's and NLERP's angular speeds at ``t``, degrees per unit ``t``, where defined; none when start and
        end are the same orientation (nothing turns)."""
        if self.same:
            return {}
        return {m: self.values[m]["speed"] for m in ("slerp", "nlerp") if np.isfinite(self.values[m]["speed"])}

    @property
    def axis_at_pole(self) -> bool:
        """The axis elevation is ±90°: the axis is ±y whatever the azimuth."""
        return abs(self.elevation) >= 90

    @property
    def lerp_note(self) -> str:
        """Why LERP's cube is smaller (:attr:`lerp_scale`), '' when it is not.

        >>> slerp_state(0.5, "lerp", True, 150, 0, 90, 0, 0).lerp_note.split(". ")[0]
        'LERP is not unit: drawn with q v q*, the cube is scaled by |q|² = 0.629'
        """
        if self.lerp_scale is None:
            return ""
        return (f"LERP is not unit: drawn with q v q*, the cube is scaled by |q|² = {self.lerp_scale:.3f}. As a "
                "rotation (q v q⁻¹) it is NLERP.")

    @property
    def ghost_note(self) -> str:
        """What the translucent cube is (the other method at the same ``t``), '' when none is drawn.

        >>> slerp_state(0.25, "nlerp", True, 150, 0, 90, 0, 0).ghost_note
        "The outline cube in SLERP's colour: SLERP at the same t."
        """
        if self.ghost is None:
            return ""
        other = NAMES[self.ghost_method]
        return f"The outline cube in {other}'s colour: {other} at the same t."

    @property
    def pole_note(self) -> str:
        """What the azimuth still shows when the axis is at a pole (:attr:`axis_at_pole`), '' elsewhere.

        >>> slerp_state(0.5, "slerp", True, 150, 0, -90, 0, 0).pole_note.split(" (")[0]
        'Axis elevation -90°: the axis is −y whatever the azimuth'
        """
        if not self.axis_at_pole:
            return ""
        return (f"Axis elevation {self.elevation:.0f}°: the axis is {'+' if self.elevation > 0 else '−'}y whatever the "
                "azimuth (the dotted arc shows the azimuth, where the axis tips to as the elevation goes down).")

    @property
    def q0(self) -> np.ndarray:
        """The start, ``path.q0``."""
        return self.path.q0

    @property
    def q1(self) -> np.ndarray:
        """The end as given, ``path.q1`` (before any flip)."""
        return self.path.q1

    @property
    def dot(self) -> float:
        """``q0 · q1``, ``path.dot``: negative means the short path flips ``q1``."""
        return self.path.dot

    @property
    def flipped(self) -> bool:
        """Whether the short path uses ``−q1``, ``path.flipped``."""
        return self.path.flipped

    @property
    def total(self) -> float:
        """Degrees the arc turns through from ``q0`` to its end, ``path.total``."""
        return self.path.total

    @property
    def same(self) -> bool:
        """Whether start and end are the same orientation by the path taken, ``path.same``."""
        return self.path.same


def check_choices(method: str, shortest: bool = True) -> None:
    """Refuse a method the demo does not offer (:data:`METHODS`), and a ``shortest`` that is not True or False
    (``"False"`` is a true string: taken as a flag, it would flip ``q1`` in silence).

    >>> check_choices("nlerp", False)
    >>> check_choices("squad")
    Traceback (most recent call last):
    ...
    ValueError: Expected method in ('slerp', 'nlerp', 'lerp'), got 'squad'
    >>> check_choices("slerp", "no")
    Traceback (most recent call last):
    ...
    ValueError: Expected shortest, True or False, got 'no'
    """
    if method not in METHODS:
        raise ValueError(f"Expected method in {METHODS}, got {method!r}")
    as_flag(shortest, "shortest")


def slerp_state(t: float, method: str, shortest: bool, angle: float, azimuth: float, elevation: float,
                start_yaw: float, start_pitch: float) -> SlerpState:
    """Interpolate from ``q0`` to ``q1`` (see :func:`slerp_path`) at ``t`` with ``method``.

    Examples
    --------
    >>> s = slerp_state(0.25, "nlerp", True, 150, 0, 90, 0, 0)
    >>> print(f"{s.angle:.2f} of {s.total:.0f}; SLERP {s.values['slerp']['angle']:.2f}")
    33.02 of 150; SLERP 37.50
    >>> slerp_state(0.5, "slerp", False, 360, 0, 90, 0, 0).note   # q1 = -q0, the long way: no one arc
    'SLERP: q1 = −q0, no unique arc'
    """
    check_choices(method, shortest)
    t = as_number(t, "t")
    path = slerp_path(as_number(angle, "angle"), as_number(azimuth, "azimuth"), as_number(elevation, "elevation"),
                      as_number(start_yaw, "start_yaw"), as_number(start_pitch, "start_pitch"), bool(shortest))
    q0, total = path.q0, path.total

    # the cube now (the sandwich q v q*: LERP's short q shrinks it), and the other methods' q at t
    now = {m: _at(path, m, t, shortest) for m in METHODS}
    q_now, problem, length = now[method]
    angle_now = float(swept_angle(q0, q_now, degrees=True)) if problem is None else float("nan")

    # the path of the body point: whole (faint) and so far (trail)
    pts = path.points[method]
    here = pts[T_GRID <= t + 1e-12][-1:]
    if method == "nlerp" and path.arc is not None:
        # NLERP runs along SLERP's arc, unevenly: draw the path from SLERP's even samples (smooth even
        # where NLERP races), up to the angle NLERP has reached
        reached = (path.profiles["slerp"]["angle"] <= angle_now + 1e-9 if problem is None
                   else np.zeros(len(T_GRID), bool))
        whole, trail = path.arc, np.vstack([path.arc[reached], here])
    else:
        whole, trail = pts, pts[T_GRID <= t + 1e-12]

    # every method's value at t
    i = int(np.argmin(np.abs(T_GRID - t)))
    exact = abs(T_GRID[i] - t) < 1e-9
    values = {m: {k: float(path.profiles[m][k][i]) if exact else float(np.interp(t, T_GRID, path.profiles[m][k]))
                  for k in ("angle", "speed", "length")} for m in METHODS}
    drawn = {m: bool(np.isfinite(path.speed[m]).any()) for m in METHODS}  # (no curve: no dot on it)
    speed_cursor = {m: min(values[m]["speed"] / total, SPEED_CAP) if drawn[m] else None for m in METHODS}
    note, why = _explain(path, method, problem, angle)
    cube = sandwich_matrix(q_now) if problem is None else None
    ghost_q = now[GHOSTS[method]][0]
    plane_now = {m: to_plane(now[m][0], path.plane["basis"], np.radians(path.omega)) if now[m][0] is not None
                 else None for m in METHODS}
    return SlerpState(t=t, method=method, shortest=bool(shortest), turn=float(angle), elevation=float(elevation),
                      path=path, q=q_now, angle=angle_now, length=length, problem=problem, cube=cube,
                      whole=whole, trail=trail, needle=None if cube is None else cube @ path.body, values=values,
                      speed_cursor=speed_cursor, note=note, why=why, ghost_method=GHOSTS[method],
                      ghost=None if ghost_q is None or path.same else sandwich_matrix(ghost_q), plane_now=plane_now)


def _at(path: SlerpPath, method: str, t: float, shortest: bool) -> tuple:
    """``(q, problem, length)`` of ``method`` at ``t``: ``q`` None and ``problem`` the reason where it has none."""
    problem = path.profiles[method]["error"]
    chord = float(norm(lerp(path.q0, path.q1, t, shortest=shortest)))
    if problem is None and method != "slerp" and chord < 1e-9:
        # q1 = -q0 up to rounding (a 360° turn): the chord is 0 at t = ½, or a rounding error whose
        # direction would be normalized into a meaningless half turn
        problem = "the chord passes through 0 here: q(t) = 0, no direction to normalize"
    q = None
    if problem is None:
        try:
            q = interpolate(path.q0, path.q1, t, method, shortest)
        except ValueError as exc:
            problem = str(exc)
    return q, problem, float(norm(q)) if q is not None else chord


def _explain(path: SlerpPath, method: str, problem, angle: float) -> tuple[str, str]:
    """``(note, why)``: a short note for the picture and the explanation for the readout ("" when all is well)."""
    name, total = NAMES[method], path.total
    if total < 1e-9:
        why = ("360° is a full turn: the same orientation. The short path flips q1 = −q0 to q0, and nothing "
               "moves; untick “short path” to see the full turn." if angle >= 180 else
               "Start and end are the same orientation: nothing to interpolate (SLERP falls back to NLERP, "
               "which returns q0).")
        return "start = end: nothing moves", why
    if problem is not None:
        return _short(method, problem), _why(method, problem)
    if abs(total - 360.0) < 1e-6:
        why = ("q1 = −q0: the same orientation, a full turn away. The chord from q0 to −q0 runs straight "
               "through 0, so NLERP never turns: it stays at q0, and at t = ½ its sign flips to −q0 "
               "(0° turned, then 360°: the same thing). LERP shrinks the cube to a point and back.")
        return f"{name}: q1 = −q0, no turn", why
    if path.nlerp_peak > SPEED_CAP:
        return "", (f"NLERP's speed peaks at {_times(path.nlerp_peak)} the average at t = ½ (off the chart): the "
                    "longer the way round, the closer the chord passes to 0 (it hits 0 at q1 = −q0), and "
                    "normalizing it swings the orientation round fast there.")
    return "", ""


def _times(ratio: float) -> str:
    """A speed ratio as the notes write it: ``2.85×``, ``146×`` (from 10 on, whole)."""
    return f"{ratio:.0f}×" if ratio >= 10 else f"{ratio:.2f}×"


def _short(method: str, problem: str) -> str:
    if method == "slerp":
        return "SLERP: q1 = −q0, no unique arc"
    if "through 0" in problem or "misses the origin" in problem:
        return f"{NAMES[method]}: q(t) = 0 here"
    return f"{NAMES[method]}: undefined here"


def _why(method: str, problem: str) -> str:
    if method == "slerp":
        return ("SLERP refuses: q1 = −q0 is the start orientation again, reached by a full 360° turn, and every "
                "great circle through q0 reaches −q0, so there is no one arc to follow. Tick “short path” or "
                "choose another turn.")
    if "through 0" in problem or "misses the origin" in problem:
        what = ("q(t) = 0, and q v q* squashes the cube to a point" if method == "lerp"
                else "0 has no direction to normalize")
        return (f"{NAMES[method]} at t = ½ between q0 and −q0: the chord (1 − t) q0 + t q1 is 0: {what}. "
                "Move t, or tick “short path”.")
    return html.escape(problem)
