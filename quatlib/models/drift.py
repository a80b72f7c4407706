"""The model of notebook 05's drift demo: a small turn applied 200,000 times, in float32 and float64 (numpy only).

The widget :func:`quatlib.widgets.drift` draws what :func:`drift_state` computes
from the runs of :class:`DriftRuns`.  The experiment itself is quatlib's
(:func:`quatlib.accumulate_rotation`, :func:`quatlib.accumulate_matrix`); this
module chooses what to keep of it and what the pictures show.

Where the time goes: one setting of "normalize every" is four sequential loops
of up to 200,000 frames (float32 and float64, quaternion and matrix), about a
second of CPU, and nothing can vectorize a loop in which every frame needs the
previous one.  So the runs are computed once per process (:func:`shared_runs`),
one setting at the moment it is first asked for, and kept: a second demo, or a
second visit to a setting, costs nothing.
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

__all__ = ["F32", "F64", "MAX_FRAMES", "FRAME_STOPS", "EVERY_CHOICES", "MAGNIFY_CHOICES", "SVD_BUDGET",
           "CUBE_SIDE", "PANEL_EXTENT", "DriftRuns", "shared_runs", "DriftState", "drift_state", "cost_per_call"]

F32, F64 = "float32", "float64"
MAX_FRAMES = 200_000
#: Frames the slider stops at: 1, 1.5, 2, 3, 5, 7 per decade, up to 200,000.
FRAME_STOPS = sorted({int(m * 10**k) for k in range(6) for m in (1, 1.5, 2, 3, 5, 7)
                      if m * 10**k <= MAX_FRAMES} | {MAX_FRAMES})
EVERY_CHOICES = (0, 1, 10, 100, 1000, 10000)  # 0 = never
MAGNIFY_CHOICES = (1, 10, 100, 200, 1000)
#: At most this many orthonormalize calls (SVDs) per matrix run; more would take seconds.
SVD_BUDGET = 2000
#: The pictures: cubes of this side in panels that show ±PANEL_EXTENT (a bigger cube does not fit).
CUBE_SIDE, PANEL_EXTENT = 0.8, 1.6

_DTYPES = ((F32, np.float32), (F64, np.float64))
_CORNERS = np.array([[x, y, z] for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)], float) * CUBE_SIDE / 2


def _full_curve(y):
    """The whole error curve, ``(x, lo, hi)`` with ``lo = hi = y[1:]`` (frame 0 has no error to show)."""
    y = np.asarray(y, dtype=float)
    return np.arange(1.0, len(y)), y[1:], y[1:]


class DriftRuns:
    """The course's drift experiment for every setting the demo offers, computed on first use and kept.

    ``runs.get(every)`` (``normalize_every = every``, ``0`` = never) returns a
    dict with, for float32 and float64: the error curves cut down for drawing
    by ``curve`` (the widget passes :func:`quatlib.plot.envelope`), their
    maxima, and the quaternions, matrices and errors at the frames the slider
    stops at.  Only those are kept (a few kB per setting, not the 35 MB of full
    runs).  One setting costs about a second the first time (four sequential
    loops of 200,000 frames) and nothing afterwards, so the frames slider is
    instant.  The matrix runs re-orthonormalize with the same ``every`` but stop
    after :data:`SVD_BUDGET` SVDs (2,000 frames when ``every = 1``): the SVD is
    the point -- it is costly.

    Parameters
    ----------
    frames : int
        Length of every run (the course: 200,000).
    curve : callable(y) -> (x, lo, hi), optional
        Cuts an error curve (one value per frame) down for drawing; by default
        the whole curve is kept (fine for short runs).

    Examples
    --------
    >>> runs = DriftRuns(frames=1000)
    >>> run = runs.get(10)
    >>> run["horizon"], runs.get(10) is run, runs.stops[-3:]
    (1000, True, [500, 700, 1000])
    >>> bool(run["float32"]["q_max"] < 1e-6)   # normalized every 10 frames: the length stays near 1
    True
    """

    def __init__(self, frames: int = MAX_FRAMES, curve=None):
        self.frames = int(frames)
        self.curve = curve or _full_curve
        self.stops = [s for s in FRAME_STOPS if s < self.frames] + [self.frames]
        self.steps = {}
        for name, dt in _DTYPES:
            q = quaternion_from_axis_angle(np.array([0.0, 1.0, 0.0], dt), dt(DRIFT_STEP_ANGLE))
            self.steps[name] = (q, matrix_from_quaternion(q))
        self._cache: dict = {}

    def horizon(self, every: int) -> int:
        """How many frames the matrix runs cover for this setting."""
        if every <= 0:
            return self.frames
        return min(self.frames, every * SVD_BUDGET)

    def get(self, every: int) -> dict:
        """The runs of one setting (``0`` = never normalized), computed on first use."""
        every = int(every)
        run = self._cache.get(every)
        if run is not None:
            return run
        t0 = time.perf_counter()
        n_every = every or None
        horizon = self.horizon(every)
        kept = sorted(set(self.stops) | {horizon})
        kept_R = [min(n, horizon) for n in kept]
        run = {"every": every, "horizon": horizon, "index": {n: i for i, n in enumerate(kept)}}
        for name, dt in _DTYPES:
            q_step, R_step = self.steps[name]
            qs = accumulate_rotation(q_step, self.frames, dt, normalize_every=n_every)
            Rs = accumulate_matrix(R_step, horizon, dt, reorthonormalize_every=n_every)
            q_err = np.abs(length_error(qs))
            R_err = orthonormality_error(Rs)
            run[name] = {"q": qs[kept], "q_err": q_err[kept], "q_curve": self.curve(q_err), "q_max": q_err.max(),
                         "R": Rs[kept_R], "R_err": R_err[kept_R], "R_curve": self.curve(R_err),
                         "R_max": R_err.max()}
        run["seconds"] = time.perf_counter() - t0
        self._cache[every] = run
        return run


_SHARED: dict = {}


def shared_runs(frames: int = MAX_FRAMES, curve=None) -> DriftRuns:
    """The :class:`DriftRuns` of this process for ``frames`` and ``curve``: made once, shared by every drift demo.

    The experiment is deterministic (the same digits on every machine), so a
    second demo can reuse the first one's runs instead of repeating seconds of
    loops.

    >>> shared_runs(1000) is shared_runs(1000)
    True
    """
    key = (int(frames), curve)
    runs = _SHARED.get(key)
    if runs is None:
        runs = _SHARED[key] = DriftRuns(frames, curve)
    return runs


def cost_per_call(fn, arg, n: int = 200) -> float:
    """Seconds per call of ``fn(arg)``, averaged over ``n`` calls (a quick look, not a benchmark)."""
    t0 = time.perf_counter()
    for _ in range(n):
        fn(arg)
    return (time.perf_counter() - t0) / n


@dataclass(frozen=True)
class DriftState:
    """The experiment after ``frames`` frames, and what the three pictures show.

    Attributes
    ----------
    frames, every, magnify : int
        The settings (``every = 0``: never normalized).
    run : dict
        The runs of this ``every`` (:meth:`DriftRuns.get`); the same object for
        every state with this setting.
    q : ndarray, shape (4,), float32
        The float32 orientation after ``frames`` frames.
    length : dict
        ``|q|`` of the float32 and float64 runs, in their own dtype.
    drift : dict
        ``|q| − 1`` of each run's numbers, measured in float64 (:func:`quatlib.length_error`).
    normalized_length : float
        ``|normalize(q)|`` in float32.
    q_error, matrix_error : dict
        ``| |q| − 1 |`` and ``max |RᵀR − I|`` of both runs at the frame shown
        (the matrix runs at ``min(frames, horizon)``).
    horizon : int
        How many frames the matrix runs cover.
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
        Per picture, whether the magnified cube leaves its panel (a corner beyond
        :data:`PANEL_EXTENT`).
    """

    frames: int
    every: int
    magnify: int
    run: dict
    q: np.ndarray
    length: dict
    drift: dict
    normalized_length: float
    q_error: dict
    matrix_error: dict
    horizon: int
    magnified_scale: float
    columns: np.ndarray
    pictures: dict
    too_big: tuple


def _shell(M) -> float:
    """How far the farthest corner of the cube turned by ``M`` is from the centre."""
    return float(np.linalg.norm(_CORNERS @ np.asarray(M).T, axis=1).max())


def drift_state(frames: int, every: int, magnify: int, *, runs: DriftRuns) -> DriftState:
    """The float32 and float64 experiment after ``frames`` frames, normalized every ``every`` (0 = never).

    ``frames`` must be one of ``runs.stops``; the pictures magnify the deviation
    from a rotation ``magnify`` times.

    Examples
    --------
    >>> s = drift_state(frames=1000, every=0, magnify=1, runs=DriftRuns(frames=1000))
    >>> s.q.dtype, s.horizon, s.too_big
    (dtype('float32'), 1000, (False, False, False))
    >>> bool(abs(s.drift["float64"]) < 1e-12), float(round(s.columns[1], 6))   # y is the turn axis: it does not stretch
    (True, 1.0)
    """
    run = runs.get(every)
    n = int(frames)
    i = run["index"][n]
    m = float(magnify)
    horizon = run["horizon"]
    q32 = run[F32]["q"][i]
    R32 = run[F32]["R"][i].astype(float)  # the matrix at frame min(n, horizon)
    # pictures: the deviation from a rotation, magnified m times
    unit = normalize(q32.astype(float))
    drift32 = float(length_error(q32))  # |q| - 1 of the float32 numbers, measured in float64
    shown_q = unit * (1.0 + m * drift32)
    Q = orthonormalize(R32)
    pictures = {"sandwich": sandwich_matrix(shown_q), "normalized": sandwich_matrix(normalize(q32)),
                "matrix": Q + m * (R32 - Q), "ghost_q": matrix_from_quaternion(unit), "ghost_R": Q}
    return DriftState(
        frames=n, every=int(every), magnify=int(magnify), run=run, q=q32,
        length={name: float(norm(run[name]["q"][i])) for name, _ in _DTYPES},  # in the run's own dtype
        drift={F32: drift32, F64: float(length_error(run[F64]["q"][i]))},
        normalized_length=float(norm(normalize(q32))),
        q_error={name: float(run[name]["q_err"][i]) for name, _ in _DTYPES},
        matrix_error={name: float(run[name]["R_err"][i]) for name, _ in _DTYPES},
        horizon=horizon, magnified_scale=float(np.dot(shown_q, shown_q)),
        columns=1.0 + m * (np.linalg.norm(R32, axis=0) - 1.0), pictures=pictures,
        too_big=tuple(_shell(pictures[k]) > PANEL_EXTENT for k in ("sandwich", "normalized", "matrix")),
    )
