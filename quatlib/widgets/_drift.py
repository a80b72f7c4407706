"""Notebook 05: drift, and why we normalize."""

from __future__ import annotations

import time

import ipywidgets as W
import numpy as np

from .. import plot as qp
from .._algebra import norm, normalize
from .._axis_angle import quaternion_from_axis_angle
from .._drift import (
    DRIFT_STEP_ANGLE,
    accumulate_matrix,
    accumulate_rotation,
    length_error,
    orthonormality_error,
    sandwich_matrix,
)
from .._matrix import matrix_from_quaternion, orthonormalize
from ..plot import Curves, StaticText, envelope
from ._base import _CONTROL_WIDTH, _DESCRIPTION_WIDTH, Demo

__all__ = ["drift", "DriftRuns"]

_C = qp.COLORS
F32, F64 = "float32", "float64"
_DTYPE_COLORS = {F32: _C["vector"], F64: _C["vector2"]}
MAX_FRAMES = 200_000
#: Frames the slider stops at: 1, 1.5, 2, 3, 5, 7 per decade, up to 200,000.
FRAME_STOPS = sorted({int(m * 10**k) for k in range(6) for m in (1, 1.5, 2, 3, 5, 7)
                      if m * 10**k <= MAX_FRAMES} | {MAX_FRAMES})
EVERY_CHOICES = (0, 1, 10, 100, 1000, 10000)  # 0 = never
MAGNIFY_CHOICES = (1, 10, 100, 200, 1000)
#: At most this many orthonormalize calls (SVDs) per matrix run in the demo; more would take seconds.
SVD_BUDGET = 2000
_FLOOR = 1e-18  # a log axis cannot show 0: exact zeros sit on this line (labelled 0)


class DriftRuns:
    """The course's drift experiment for every setting the demo offers, computed on first use and kept.

    ``runs.get(every)`` (``normalize_every = every``, ``0`` = never) returns a
    dict with, for float32 and float64: the error curves cut down for drawing
    (:func:`~quatlib.plot.envelope`), their maxima, and the
    quaternions, matrices and errors at the frames the slider stops at.  Only
    those are kept (a few kB per setting, not the 35 MB of full runs).  One
    setting costs about a second the first time (four sequential loops of
    200,000 frames) and nothing afterwards, so the frames slider is instant.
    The matrix runs re-orthonormalize with the same ``every`` but stop after
    :data:`SVD_BUDGET` SVDs (2,000 frames when ``every = 1``): the SVD is the
    point -- it is costly.
    """

    def __init__(self, frames: int = MAX_FRAMES):
        self.frames = int(frames)
        self.stops = [s for s in FRAME_STOPS if s < self.frames] + [self.frames]
        self.steps = {}
        for name, dt in ((F32, np.float32), (F64, np.float64)):
            q = quaternion_from_axis_angle(np.array([0.0, 1.0, 0.0], dt), dt(DRIFT_STEP_ANGLE))
            self.steps[name] = (q, matrix_from_quaternion(q))
        self._cache: dict = {}

    def horizon(self, every: int) -> int:
        """How many frames the matrix runs cover for this setting."""
        if every <= 0:
            return self.frames
        return min(self.frames, every * SVD_BUDGET)

    def get(self, every: int) -> dict:
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
        for name, dt in ((F32, np.float32), (F64, np.float64)):
            q_step, R_step = self.steps[name]
            qs = accumulate_rotation(q_step, self.frames, dt, normalize_every=n_every)
            Rs = accumulate_matrix(R_step, horizon, dt, reorthonormalize_every=n_every)
            q_err = np.abs(length_error(qs))
            R_err = orthonormality_error(Rs)
            run[name] = {"q": qs[kept], "q_err": q_err[kept], "q_curve": envelope(q_err), "q_max": q_err.max(),
                         "R": Rs[kept_R], "R_err": R_err[kept_R], "R_curve": envelope(R_err), "R_max": R_err.max()}
        run["seconds"] = time.perf_counter() - t0
        self._cache[every] = run
        return run


def _cost_per_call(fn, arg, n: int = 200) -> float:
    """Median-free quick timing: seconds per call of ``fn(arg)`` over ``n`` calls."""
    t0 = time.perf_counter()
    for _ in range(n):
        fn(arg)
    return (time.perf_counter() - t0) / n


def _sci(x: float, digits: int = 1) -> str:
    """``4.1e-04`` as ``4.1·10⁻⁴`` (HTML), ``0`` as ``0``."""
    x = float(x)
    if x == 0:
        return "0"
    m, e = f"{x:.{digits}e}".split("e")
    return f"{m}·10<sup>{int(e)}</sup>"


def drift(frames: int = MAX_FRAMES, every: int = 0, magnify: int = 200, *, transport: str = "image",
          runs: DriftRuns | None = None) -> Demo:
    """A 0.001 rad turn about Y applied frame after frame in float32 and float64: the length drifts.

    Top: the float32 orientation after ``frames`` frames, drawn three ways:
    with the sandwich ``q v q*`` (a drifted ``q`` turns *and scales* by
    ``|q|²``), after ``normalize(q)`` (a pure rotation again), and as the
    float32 matrix ``R`` updated the same way (its x and z columns stretch).
    The deviation from a rotation is magnified (``magnify``) so it can be seen;
    the faint outline is the true-size cube.  Bottom: ``| |q| - 1 |`` and
    ``max |RᵀR - I|`` over all 200,000 frames for float32 (orange) and float64
    (purple), log-log; the cursor is at ``frames``.  "normalize every N"
    normalizes the quaternion (and re-orthonormalizes the matrix) after every
    N-th frame: the error saws between 0 and N frames' worth of drift.

    Parameters
    ----------
    frames : int
        Initial frame (one of :data:`FRAME_STOPS`, else the nearest).
    every : int
        Initial "normalize every" (0 = never, 1, 10, 100, 1000, 10000).
    magnify : int
        Initial magnification of the drift in the pictures (1, 10, 100, 200, 1000).
    transport : {"image", "ipympl"}
        How the figure is shown.
    runs : DriftRuns, optional
        Precomputed runs to share between demos (tests); by default a new one.

    Examples
    --------
    >>> import quatlib as ql
    >>> demo = ql.widgets.drift()
    >>> print(f"{demo.state['length']['float32']:.8f}")
    1.00041378
    >>> print(f"{demo.state['length']['float64'] - 1:.1e}")
    8.6e-12
    """
    runs = runs or DriftRuns()
    stops = runs.stops
    frames = min(stops, key=lambda s: abs(s - frames))
    if every not in EVERY_CHOICES:
        raise ValueError(f"Expected every in {EVERY_CHOICES} (0 = never), got {every!r}")
    if magnify not in MAGNIFY_CHOICES:
        raise ValueError(f"Expected magnify in {MAGNIFY_CHOICES}, got {magnify!r}")

    W_IN, H_IN, PANEL = 7.5, 5.55, 2.5  # inches: three square panels on top, two plots below
    fig = qp.figure((W_IN, H_IN), dpi=100)
    titles = ["float32 q, drawn q v q*", "normalize(q): a rotation", "float32 matrix R"]
    bottom = (H_IN - 0.32 - PANEL) / H_IN  # 0.32 in for the titles above
    scenes = [qp.Scene(fig.add_axes((k * PANEL / W_IN, bottom, PANEL / W_IN, PANEL / H_IN)), extent=1.6, title=t)
              for k, t in enumerate(titles)]
    for s in scenes:
        s.world.static = True  # the world axes move only with the view: draw them into the cached background
    ghosts = {k: qp.Cube(scenes[k], side=0.8, alpha=0.0, edgecolor="#8c8c8c", colored_faces=False, mark=None,
                         linewidth=1.0) for k in (0, 2)}  # the true-size cube, behind the magnified one
    cubes = [qp.Cube(s, side=0.8) for s in scenes]
    warnings = [StaticText(s, (0.02, 0.02), fontsize=8.5) for s in scenes]  # rare: drawn into the background
    # the numbers of each panel live under the figure as HTML: text drawn in the figure costs a redraw
    captions = W.HTML(layout=W.Layout(width=f"{W_IN * 100:.0f}px"))
    with qp.style():
        ax_q = fig.add_axes((0.085, 0.085, 0.39, 0.355))
        ax_R = fig.add_axes((0.585, 0.085, 0.39, 0.355))
    common = dict(xlim=(1, 2.6e5), ylim=(_FLOOR, 1e-1), xscale="log", yscale="log", floor=_FLOOR,
                  xlabel="frames", legend_loc="upper left")
    plot_q = Curves(ax_q, {F32: _DTYPE_COLORS[F32], F64: _DTYPE_COLORS[F64]}, ylabel="| |q| − 1 |",
                    title="quaternion: length error", **common)
    plot_R = Curves(ax_R, {F32: _DTYPE_COLORS[F32], F64: _DTYPE_COLORS[F64]}, ylabel="max |RᵀR − I|",
                    title="matrix: orthonormality error", **common)
    for ax in (ax_q, ax_R):
        # plain-text tick labels: mathtext (matplotlib's default on log axes) costs a tenth of a second per draw
        ax.set_yticks([_FLOOR, 1e-16, 1e-12, 1e-8, 1e-4], ["0", "10⁻¹⁶", "10⁻¹²", "10⁻⁸", "10⁻⁴"])
        ax.set_xticks([1, 10, 100, 1000, 10_000, 100_000], ["1", "10", "100", "1k", "10k", "100k"])
        ax.minorticks_off()
    ax_q.axhline(1e-6, color=_C["ink"], lw=0.8, ls=(0, (4, 3)), alpha=0.6, zorder=1)
    ax_q.text(1.3, 1.6e-6, "1e-6", fontsize=7.5, color=_C["ink"], alpha=0.8, va="bottom")
    matrix_note = ax_R.text(0.94, 0.97, "", transform=ax_R.transAxes, ha="right", va="top", fontsize=7.5,
                            color=_C["warn"], bbox=dict(boxstyle="round,pad=0.2", facecolor="white",
                                                        edgecolor="none", alpha=0.85))

    labels = {str(s) if s < 1000 else f"{s:,}": s for s in stops}
    controls = {
        "frames": W.SelectionSlider(options=list(labels.items()), value=frames, description="frames",
                                    continuous_update=True, style={"description_width": _DESCRIPTION_WIDTH},
                                    layout=W.Layout(width=_CONTROL_WIDTH),
                                    tooltip="how many 0.001 rad turns have been applied"),
        # Dropdowns, not toggle buttons: six buttons do not fit beside the figure and got squeezed unreadable.
        "every": W.Dropdown(options=[("never" if e == 0 else f"{e:,} frames", e) for e in EVERY_CHOICES],
                            value=every, description="normalize every",
                            tooltip="renormalize q (and re-orthonormalize R) after every N frames",
                            style={"description_width": _DESCRIPTION_WIDTH}, layout=W.Layout(width=_CONTROL_WIDTH)),
        "magnify": W.Dropdown(options=[("true size" if m == 1 else f"×{m:,}", m) for m in MAGNIFY_CHOICES],
                              value=magnify, description="magnify drift",
                              tooltip="draw the deviation from a rotation this many times larger",
                              style={"description_width": _DESCRIPTION_WIDTH}, layout=W.Layout(width=_CONTROL_WIDTH)),
    }
    costs = {"normalize": _cost_per_call(normalize, runs.steps[F32][0]),
             "orthonormalize": _cost_per_call(orthonormalize, runs.steps[F32][1])}
    state = {"every": None}

    def show_run(run) -> None:
        for plot, key in ((plot_q, "q_curve"), (plot_R, "R_curve")):
            for name in (F32, F64):
                x, lo, hi = run[name][key]
                plot.set_curve(name, x, hi)
                plot.set_band(name, x, lo, hi)
        horizon = run["horizon"]
        if horizon < runs.frames:
            every = run["every"]
            how_often = "every frame" if every == 1 else f"every {every:,} frames"
            matrix_note.set_text(f"an SVD {how_often}:\ncomputed for the first {horizon:,} frames only")
        else:
            matrix_note.set_text("")
        qp.invalidate(fig)

    def update(v):
        run = runs.get(v.every)
        if state["every"] != v.every:
            show_run(run)
            state["every"] = v.every
        n = int(v.frames)
        i = run["index"][n]
        m = float(v.magnify)
        q32 = run[F32]["q"][i]
        e = {name: float(run[name]["q_err"][i]) for name in (F32, F64)}
        plot_q.set_cursor(n, e)
        horizon = run["horizon"]
        R32 = run[F32]["R"][i].astype(float)  # the matrix at frame min(n, horizon)
        eR = {name: float(run[name]["R_err"][i]) for name in (F32, F64)}
        plot_R.set_cursor(n, eR if n <= horizon else None)

        # pictures: the deviation from a rotation, magnified m times
        unit = normalize(q32.astype(float))
        length = {name: float(norm(run[name]["q"][i])) for name in (F32, F64)}  # in the run's own dtype
        drift32 = float(length_error(q32))  # |q| - 1 of the float32 numbers, measured in float64
        shown_q = unit * (1.0 + m * drift32)
        scale_q = float(np.dot(shown_q, shown_q))
        Q = orthonormalize(R32)
        M_R = Q + m * (R32 - Q)
        R_unit = matrix_from_quaternion(unit)
        ghosts[0].set_data(R_unit)
        ghosts[2].set_data(Q)
        cubes[0].set_data(sandwich_matrix(shown_q))
        cubes[1].set_data(sandwich_matrix(normalize(q32)))
        cubes[2].set_data(M_R)
        col = 1.0 + m * (np.linalg.norm(R32, axis=0) - 1.0)
        shown = "true size" if m == 1 else f"drift × {m:,.0f}"
        too_big = [c.shell > s.extent for c, s in zip(cubes, scenes)]
        cells = [
            f"{shown}: q v q* scales by |q|² = <b>{scale_q:.3f}</b>",
            f"|normalize(q)| = {float(norm(normalize(q32))):.8f}: a pure turn",
            f"{shown}" + ("" if n <= horizon else f" (frame {horizon:,})")
            + f": columns × {col[0]:.3f}, {col[1]:.3f}, {col[2]:.3f}",
        ]
        captions.value = ("<div style='display:flex;font-size:12px;line-height:1.3;color:#262626'>"
                          + "".join(f"<div style='width:{PANEL * 100:.0f}px;padding:0 8px;box-sizing:border-box'>"
                                    f"{c}</div>" for c in cells) + "</div>")
        for k in (0, 2):
            warnings[k].set_data("too big to fit: magnify less" if too_big[k] else "")
        state.update(frames=n, q=q32, length=length, matrix_error=eR, run=run, magnified_scale=scale_q,
                     columns=col, too_big=too_big)

        every_text = "never normalized" if not v.every else f"normalized every {v.every:,} frames"
        return (
            "<div style='line-height:1.55'>"
            f"after <b>{n:,}</b> frames ({every_text}):<br>"
            f"float32: |q| = <code>{length[F32]:.8f}</code> (|q| − 1 = {_sci(drift32)})<br>"
            f"float64: |q| − 1 = {_sci(length_error(run[F64]['q'][i]))}<br>"
            f"normalize(q) in float32: |q| = <code>{float(norm(normalize(q32))):.8f}</code><br>"
            f"matrix: max|RᵀR − I| = {_sci(eR[F32])} (float32), {_sci(eR[F64])} (float64)"
            f"{'' if n <= horizon else f' at frame {horizon:,}'}<br>"
            f"<span style='color:#777'>cost here: normalize(q) {costs['normalize'] * 1e6:.0f} µs, "
            f"orthonormalize(R) {costs['orthonormalize'] * 1e6:.0f} µs (an SVD)</span></div>"
        )

    demo = Demo("drift", fig, controls, update, scenes=scenes, transport=transport, below=[captions],
                description="a small turn applied 200,000 times in float32 and float64: |q| drifts from 1")
    demo.state = state
    demo.runs = runs
    demo.plots = {"q": plot_q, "R": plot_R}
    demo.items = {"cubes": cubes, "ghosts": ghosts, "warnings": warnings, "captions": captions,
                  "matrix_note": matrix_note}
    return demo
