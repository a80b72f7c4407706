"""The model of notebook 05's drift demo: a small turn applied frame after frame, in float32 and float64 (numpy only).

The widget :func:`quatlib.widgets.drift` draws what :func:`drift_state` computes
from the runs of :class:`DriftRuns`.  The experiment itself is quatlib's
(:func:`quatlib.accumulate_rotation`, :func:`quatlib.accumulate_matrix`); this
module chooses what to keep of it and what the pictures show.

**Fewer frames than the notebook.**  The notebook's numbers (200,000 frames)
come from :func:`quatlib.accumulate_rotation` itself.  The demo explores the
first :data:`DEMO_FRAMES` (2,000) frames: a running product cannot be
vectorized (each frame needs the previous one), and a float32 loop costs about
2-3 µs per frame plus about 10 µs per normalization, so 200,000 frames per
setting took seconds.  2,000 frames cost 3-25 ms per setting.

**What is computed once, and what per setting.**  Once per :class:`DriftRuns`
(shared by every demo of the process, :func:`shared_runs`): the float64
quaternion run and the float32 and float64 matrix runs, never repaired (what
"matrices drift too" is about).  Per "normalize every N" setting, on first use
and then kept: the float32 quaternion run normalized every N frames, and from
it the *worst error between normalizations* (:func:`worst_between`), the number
that matters: a frame right after a normalization is always near 0.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from .. import (
    DRIFT_STEP_ANGLE,
    accumulate_matrix,
    accumulate_rotation,
    length_error,
    matrix_from_quaternion,
    norm,
    normalize,
    orthonormality_error,
    orthonormalize,
    quaternion_from_axis_angle,
    sandwich_matrix,
)
from .._validate import as_count, as_number, as_scalar

__all__ = ["F32", "F64", "DEMO_FRAMES", "FRAME_STOPS", "EVERY_CHOICES", "MAGNIFY_CHOICES", "CUBE_SIDE",
           "PANEL_EXTENT", "check_choices", "control_choices", "worst_between", "DriftRuns", "shared_runs",
           "DriftState", "drift_state", "cost_per_call"]

F32, F64 = "float32", "float64"
#: Frames the demo explores (the notebook's numbers are for 200,000; see the module docstring).
DEMO_FRAMES = 2_000
#: Frames the slider stops at: 1, 1.5, 2, 3, 5, 7 per decade, up to DEMO_FRAMES.
FRAME_STOPS = sorted({int(m * 10**k) for k in range(6) for m in (1, 1.5, 2, 3, 5, 7)
                      if m * 10**k <= DEMO_FRAMES} | {DEMO_FRAMES})
EVERY_CHOICES = (0, 1, 2, 5, 10, 15, 20, 30, 50, 100, 200, 500, 1000)  # 0 = never
MAGNIFY_CHOICES = (1, 100, 1000, 10_000, 100_000)
#: The pictures: cubes of this side in panels that show ±PANEL_EXTENT (a bigger cube does not fit).
CUBE_SIDE, PANEL_EXTENT = 0.8, 1.6

_DTYPES = ((F32, np.float32), (F64, np.float64))
_CORNERS = np.array([[x, y, z] for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)], float) * CUBE_SIDE / 2


def check_choices(every: int, magnify: int) -> None:
    """Refuse a "normalize every" or a magnification that the demo does not offer (:data:`EVERY_CHOICES`,
    :data:`MAGNIFY_CHOICES`).

    >>> check_choices(every=100, magnify=10_000)
    >>> check_choices(every=7, magnify=10_000)
    Traceback (most recent call last):
    ...
    ValueError: Expected every in (0, 1, 2, 5, 10, 15, 20, 30, 50, 100, 200, 500, 1000) (0 = never), got 7
    """
    if every not in EVERY_CHOICES:
        raise ValueError(f"Expected every in {EVERY_CHOICES} (0 = never), got {every!r}")
    if magnify not in MAGNIFY_CHOICES:
        raise ValueError(f"Expected magnify in {MAGNIFY_CHOICES}, got {magnify!r}")


def control_choices(stops) -> dict:
    """The choices of the demo's controls as ``(text, value)``: the frames ``stops`` (a run's
    :attr:`DriftRuns.stops`), "normalize every" (:data:`EVERY_CHOICES`) and "magnify" (:data:`MAGNIFY_CHOICES`).

    >>> choices = control_choices([1, 700, 1000])
    >>> choices["frames"]
    [('1', 1), ('700', 700), ('1,000', 1000)]
    >>> choices["every"][:3], choices["magnify"][:2]
    ([('never', 0), ('1 frame', 1), ('2 frames', 2)], [('true size', 1), ('×100', 100)])
    """
    stops = [as_count(n, "each of stops (frames)") for n in np.ravel(np.asarray(stops, dtype=object))]
    return {"frames": [(f"{n:,}", n) for n in stops],
            "every": [("never" if e == 0 else "1 frame" if e == 1 else f"{e:,} frames", e) for e in EVERY_CHOICES],
            "magnify": [("true size" if m == 1 else f"×{m:,}", m) for m in MAGNIFY_CHOICES]}


def worst_between(err, every: int) -> np.ndarray:
    """Per frame, the worst ``err`` between the normalizations around it (``every = 0``: the worst so far).

    ``err[n]`` is the error after frame ``n`` (``err[0]``: the start).  With a
    normalization after frames ``N, 2N, ...``, frame ``n`` lies in the stretch
    of frames ``kN + 1 .. (k + 1) N`` (``k = (n - 1) // N``); the result is the
    largest ``err`` over that stretch (the last stretch may be shorter).  Never
    normalized (``every = 0``), it is the largest error up to ``n``.

    >>> worst_between([0, 1, 3, 0, 2, 5, 0, 4], every=3)
    array([0., 3., 3., 3., 5., 5., 5., 4.])
    >>> worst_between([0, 1, 3, 0, 2], every=0)
    array([0., 1., 3., 3., 3.])
    """
    err = as_scalar(err, "errors err").astype(float).reshape(-1)
    if as_count(every, "every") == 0:
        return np.maximum.accumulate(err)
    out = np.empty_like(err)
    out[:1] = err[:1]
    starts = np.arange(1, len(err), every)
    if len(starts):
        peaks = np.maximum.reduceat(err[1:], starts - 1)
        out[1:] = np.repeat(peaks, np.diff(np.append(starts, len(err))))
    return out


def _full_curve(y):
    """The whole error curve, ``(x, lo, hi)`` with ``lo = hi = y[1:]`` (frame 0 has no error to show)."""
    y = np.asarray(y, dtype=float)
    return np.arange(1.0, len(y)), y[1:], y[1:]


def _steps() -> dict:
    """The course's step, 0.001 rad about Y, per dtype: ``(quaternion, matrix)`` computed in that dtype."""
    out = {}
    for name, dt in _DTYPES:
        q = quaternion_from_axis_angle(np.array([0.0, 1.0, 0.0], dt), dt(DRIFT_STEP_ANGLE))
        out[name] = (q, matrix_from_quaternion(q))
    return out


class DriftRuns:
    """The course's drift experiment over ``frames`` frames for every setting the demo offers, kept once computed.

    At construction: the float64 quaternion run and the float32 and float64
    matrix runs (never normalized or repaired).  ``runs.get(every)``
    (``normalize_every = every``, ``0`` = never) returns a dict with the
    float32 quaternion run of that setting: its error curve cut down for
    drawing by ``curve`` (the widget passes :func:`quatlib.plot.envelope`), the
    curve of its worst error between normalizations (:func:`worst_between`),
    their maxima, and the quaternions and errors at the frames the slider stops
    at (only those are kept).  A setting is computed on its first ``get``
    (3-25 ms for 2,000 frames) and kept.

    Parameters
    ----------
    frames : int
        Length of every run (the demo: :data:`DEMO_FRAMES`).
    curve : callable(y) -> (x, lo, hi), optional
        Cuts an error curve (one value per frame) down for drawing; by default
        the whole curve is kept (fine for short runs).

    Examples
    --------
    >>> runs = DriftRuns(frames=1000)
    >>> run = runs.get(10)
    >>> runs.get(10) is run, runs.stops[-3:]
    (True, [500, 700, 1000])
    >>> bool(run["q_max"] < 1e-6)   # normalized every 10 frames: the length stays near 1
    True
    """

    def __init__(self, frames: int = DEMO_FRAMES, curve=None):
        self.frames = as_count(frames, "frames", 1)
        self.curve = curve or _full_curve
        self.stops = [s for s in FRAME_STOPS if s < self.frames] + [self.frames]
        self.steps = _steps()
        #: The frames whose states are kept (0 and the slider's stops), and frame -> row of the kept arrays.
        self.kept = [0, *self.stops]
        self.index = {n: i for i, n in enumerate(self.kept)}
        self._cache: dict = {}
        t0 = time.perf_counter()
        q64 = accumulate_rotation(self.steps[F64][0], self.frames, np.float64)
        e64 = np.abs(length_error(q64))
        self.float64 = {"q": q64[self.kept], "q_err": e64[self.kept], "q_curve": self.curve(e64)}
        self.matrix = {}
        for name, dt in _DTYPES:
            Rs = accumulate_matrix(self.steps[name][1], self.frames, dt)
            err = orthonormality_error(Rs)
            self.matrix[name] = {"R": Rs[self.kept], "R_err": err[self.kept],
                                 "R_curve": self.curve(err), "R_max": err.max()}
        self.seconds = time.perf_counter() - t0

    def compute_all(self) -> dict:
        """Every setting's run (:data:`EVERY_CHOICES`), computed now if not yet: about 0.1 s in all for 2,000
        frames, so that no setting the learner picks waits for a loop.  Returns them by setting.

        >>> runs = DriftRuns(frames=100)
        >>> all_runs = runs.compute_all()
        >>> sorted(all_runs) == sorted(EVERY_CHOICES), all_runs[10] is runs.get(10)
        (True, True)
        """
        return {every: self.get(every) for every in EVERY_CHOICES}

    def repair_costs(self) -> dict:
        """Seconds per call of the two repairs, on this experiment's float32 step: ``"normalize"`` (of ``q``) and
        ``"orthonormalize"`` (of ``R``, an SVD), each measured now with :func:`cost_per_call`.

        >>> costs = DriftRuns(frames=10).repair_costs()
        >>> sorted(costs), all(seconds > 0 for seconds in costs.values())   # how long depends on the machine
        (['normalize', 'orthonormalize'], True)
        """
        q, R = self.steps[F32]
        return {"normalize": cost_per_call(normalize, q), "orthonormalize": cost_per_call(orthonormalize, R)}

    def get(self, every: int) -> dict:
        """The float32 quaternion run normalized every ``every`` frames (``0`` = never), computed on first use."""
        every = int(every)
        run = self._cache.get(every)
        if run is not None:
            return run
        t0 = time.perf_counter()
        qs = accumulate_rotation(self.steps[F32][0], self.frames, np.float32, normalize_every=every or None)
        err = np.abs(length_error(qs))
        worst = worst_between(err, every)
        kept = self.kept
        run = {"every": every, "q": qs[kept], "q_err": err[kept], "worst": worst[kept], "q_curve": self.curve(err),
               "worst_curve": self.curve(worst), "q_max": err.max()}
        run["seconds"] = time.perf_counter() - t0
        self._cache[every] = run
        return run


_SHARED: dict = {}


def shared_runs(frames: int = DEMO_FRAMES, curve=None) -> DriftRuns:
    """The :class:`DriftRuns` of this process for ``frames`` and ``curve``: made once, shared by every drift demo.

    The experiment is deterministic (the same digits on every machine), so a
    second demo can reuse the first one's runs instead of repeating seconds of
    loops.

    >>> shared_runs(1000) is shared_runs(1000)
    True
    """
    key = (as_count(frames, "frames", 1), curve)
    runs = _SHARED.get(key)
    if runs is None:
        runs = _SHARED[key] = DriftRuns(frames, curve)
    return runs


def cost_per_call(fn, arg, n: int = 10, repeat: int = 5, *, clock=time.perf_counter) -> float:
    """Seconds per call of ``fn(arg)``: the fastest of ``repeat`` batches of ``n`` calls (a quick look, not a
    benchmark), timed with ``clock``.

    The fastest batch is the one least disturbed by other work on the machine, so 50 calls give a steadier
    number than 200 averaged (which cost a drift demo's build 17 ms of its 300).

    >>> import quatlib as ql
    >>> seconds = cost_per_call(ql.normalize, [1.0, 2.0, 2.0, 4.0])   # how long depends on the machine
    >>> type(seconds), seconds > 0
    (<class 'float'>, True)
    """
    n, repeat = as_count(n, "n calls", 1), as_count(repeat, "repeat", 1)
    if not callable(fn):
        raise TypeError(f"Expected fn, a function to time, got {fn!r}")
    best = float("inf")
    for _ in range(repeat):
        t0 = clock()
        for _ in range(n):
            fn(arg)
        best = min(best, clock() - t0)
    return best / n


@dataclass(frozen=True)
class DriftState:
    """The experiment after ``frames`` frames, and what the three pictures show.

    Attributes
    ----------
    frames, every, magnify : int
        The settings (``every = 0``: never normalized).
    run : dict
        The float32 run of this ``every`` (:meth:`DriftRuns.get`); the same
        object for every state with this setting.
    q : ndarray, shape (4,), float32
        The float32 orientation after ``frames`` frames.
    length : dict
        ``|q|`` of the float32 run and of the (never normalized) float64 run, in their own dtype.
    drift : dict
        ``|q| − 1`` of each run's numbers, measured in float64 (:func:`quatlib.length_error`).
    worst : float
        The float32 run's worst ``| |q| − 1 |`` between the normalizations
        around this frame (:func:`worst_between`; never normalized: the worst so far).
    stretch : tuple of int, or None
        The first and last frame between those normalizations, ``kN + 1`` and ``(k + 1) N`` with
        ``k = (frames − 1) // N`` (the last stretch ends at the run's last frame); ``None`` if never normalized.
    normalized_length : float
        ``|normalize(q)|`` in float32.
    q_error, matrix_error : dict
        ``| |q| − 1 |`` and ``max |RᵀR − I|`` of both runs at this frame (the matrices are never repaired).
    shear : float
        The largest off-diagonal entry of ``RᵀR`` of the float32 matrix: the
        columns' dot products (0 here: they stretch, they stay perpendicular).
    magnified_scale : float
        ``|q|²`` of the shown quaternion ``normalize(q) · (1 + magnify · drift)``:
        how much ``q v q*`` scales the first cube.
    columns : ndarray, shape (3,)
        Column lengths of the float32 matrix, its deviation from 1 magnified.
    pictures : dict
        The matrices drawn: ``"sandwich"`` (the shown ``q``'s ``q v q*``),
        ``"normalized"`` (``normalize(q)``'s), ``"matrix"`` (the float32 ``R``
        with its deviation from the nearest rotation magnified), and the true-size
        outlines behind them, ``"ghost_q"`` and ``"ghost_R"``.
    too_big : tuple of bool
        Per picture, whether the magnified cube can leave its panel: a corner further than
        :data:`PANEL_EXTENT` from the centre is cut off at some views (not always at the one shown).

    Examples
    --------
    >>> s = drift_state(frames=1000, every=0, magnify=1, runs=DriftRuns(frames=1000))
    >>> s.normalization, s.shown
    ('never normalized', 'true size')
    """

    frames: int
    every: int
    magnify: int
    run: dict
    q: np.ndarray
    length: dict
    drift: dict
    worst: float
    stretch: tuple | None
    normalized_length: float
    q_error: dict
    matrix_error: dict
    shear: float
    magnified_scale: float
    columns: np.ndarray
    pictures: dict
    too_big: tuple

    @property
    def normalization(self) -> str:
        """How the float32 quaternion is repaired: ``"normalized every 100 frames"`` (``"every frame"``) or
        ``"never normalized"``."""
        if not self.every:
            return "never normalized"
        return "normalized every frame" if self.every == 1 else f"normalized every {self.every:,} frames"

    @property
    def worst_where(self) -> str:
        """Where :attr:`worst` is taken: ``"between normalizations (frames 1,901–2,000)"`` (one frame long:
        ``"(frame 2,000)"``), or ``"so far"``."""
        if not self.every:
            return "so far"
        first, last = self.stretch
        return f"between normalizations ({f'frame {last:,}' if first == last else f'frames {first:,}–{last:,}'})"

    @property
    def shown(self) -> str:
        """How the pictures show the drift: ``"true size"`` or ``"drift × 10,000"`` (:attr:`magnify`)."""
        return "true size" if self.magnify == 1 else f"drift × {self.magnify:,.0f}"


def _shell(M) -> float:
    """How far the farthest corner of the cube turned by ``M`` is from the centre."""
    return float(np.linalg.norm(_CORNERS @ np.asarray(M).T, axis=1).max())


def drift_state(frames: int, every: int, magnify: int, *, runs: DriftRuns) -> DriftState:
    """The float32 and float64 experiment after ``frames`` frames, float32 normalized every ``every`` (0 = never).

    ``frames`` must be one of ``runs.stops``; the pictures magnify the deviation
    from a rotation ``magnify`` times.

    Examples
    --------
    >>> s = drift_state(frames=1000, every=0, magnify=1, runs=DriftRuns(frames=1000))
    >>> s.q.dtype, s.too_big, s.shear
    (dtype('float32'), (False, False, False), 0.0)
    >>> bool(abs(s.drift["float64"]) < 1e-12), float(round(s.columns[1], 6))   # y is the turn axis: it does not stretch
    (True, 1.0)
    >>> drift_state(frames=1000, every=300, magnify=1, runs=DriftRuns(frames=1000)).stretch  # after 3 normalizations
    (901, 1000)
    """
    every = as_count(every, "every (frames between normalizations; 0 = never)")  # any, not only EVERY_CHOICES
    if not as_number(magnify, "magnify") > 0:
        raise ValueError(f"Expected magnify > 0, got {magnify!r}")
    if frames not in runs.index:  # (a string, NaN, a frame the runs did not keep)
        raise ValueError(f"Expected frames, one of runs.stops ({runs.stops[0]:,} to {runs.stops[-1]:,}), "
                         f"got {frames!r}")
    run = runs.get(every)
    n, every = int(frames), int(every)
    start = (n - 1) // every * every if every else 0  # the last normalization before frame n (every > 0)
    i = runs.index[n]
    m = float(magnify)
    q32 = run["q"][i]
    R32 = runs.matrix[F32]["R"][i].astype(float)
    # pictures: the deviation from a rotation, magnified m times
    unit = normalize(q32.astype(float))
    drift32 = float(length_error(q32))  # |q| - 1 of the float32 numbers, measured in float64
    shown_q = unit * (1.0 + m * drift32)
    Q = orthonormalize(R32)
    pictures = {"sandwich": sandwich_matrix(shown_q), "normalized": sandwich_matrix(normalize(q32)),
                "matrix": Q + m * (R32 - Q), "ghost_q": matrix_from_quaternion(unit), "ghost_R": Q}
    RtR = R32.T @ R32
    return DriftState(
        frames=n, every=every, magnify=int(magnify), run=run, q=q32,
        length={F32: float(norm(q32)), F64: float(norm(runs.float64["q"][i]))},  # in the run's own dtype
        drift={F32: drift32, F64: float(length_error(runs.float64["q"][i]))},
        worst=float(run["worst"][i]),
        stretch=(start + 1, min(start + every, runs.frames)) if every else None,
        normalized_length=float(norm(normalize(q32))),
        q_error={F32: float(run["q_err"][i]), F64: float(runs.float64["q_err"][i])},
        matrix_error={name: float(runs.matrix[name]["R_err"][i]) for name, _ in _DTYPES},
        shear=float(np.abs(RtR - np.diag(np.diag(RtR))).max()),
        magnified_scale=float(np.dot(shown_q, shown_q)),
        columns=1.0 + m * (np.linalg.norm(R32, axis=0) - 1.0), pictures=pictures,
        too_big=tuple(_shell(pictures[k]) > PANEL_EXTENT for k in ("sandwich", "normalized", "matrix")),
    )
