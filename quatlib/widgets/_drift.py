"""Notebook 05: drift, and why we normalize."""

from __future__ import annotations

import ipywidgets as W

from .. import plot as qp
from .._validate import as_number
from ..models.drift import (
    CUBE_SIDE,
    DEMO_FRAMES,
    F32,
    F64,
    PANEL_EXTENT,
    DriftRuns,
    DriftState,
    check_choices,
    control_choices,
    drift_state,
    shared_runs,
)
from ._base import Demo, control_style, fmt_sci
from ._readouts import cells, code, lines, note

__all__ = ["drift"]

_C = qp.COLORS
_DTYPE_COLORS = {F32: _C["vector"], F64: _C["vector2"]}
W_IN, H_IN, PANEL = 7.5, 5.55, 2.5  # inches: three square panels on top, two plots below


def drift(frames: int = DEMO_FRAMES, every: int = 0, magnify: int = 10_000, *, transport: str = "image",
          runs: DriftRuns | None = None) -> Demo:
    """A 0.001 rad turn about Y applied frame after frame in float32 and float64: the length drifts.

    Top: the float32 orientation after ``frames`` frames, drawn three ways:
    with the sandwich ``q v q*`` (a drifted ``q`` turns *and scales* by
    ``|q|²``), after ``normalize(q)`` (a pure rotation again), and as the
    float32 matrix ``R`` updated the same way, never repaired (its x and z
    columns stretch; they stay perpendicular).  The deviation from a rotation
    is magnified (``magnify``) so it can be seen; the faint outline is the
    true-size cube.  Bottom, log-log over the first 2,000 frames
    (:data:`~quatlib.models.drift.DEMO_FRAMES`; the notebook prints the
    200,000-frame numbers): for float32 (orange) the worst ``| |q| - 1 |``
    between normalizations, frame by frame, and for float64 (purple, never
    normalized) ``| |q| - 1 |``; ``max |RᵀR - I|`` of both matrices.
    "normalize every N" normalizes the float32 quaternion after every N-th
    frame: the error saws between 0 and N frames' worth of drift; the plot and
    the cursor follow the tops of the teeth (never normalized: the worst so
    far), and the text gives the frame's own error as well.  Where one pixel
    spans several teeth (normalized every few frames, far along the log axis)
    the line shows the highest of them, so the cursor, at its own frame's
    tooth, can sit below the line.  The math is
    :func:`quatlib.models.drift.drift_state`; the runs are computed once per
    process and setting (:func:`quatlib.models.drift.shared_runs`).

    Parameters
    ----------
    frames : int
        Initial frame (one of :data:`~quatlib.models.drift.FRAME_STOPS`, else the nearest).
    every : int
        Initial "normalize every" (one of :data:`~quatlib.models.drift.EVERY_CHOICES`; 0 = never).
    magnify : int
        Initial magnification of the drift in the pictures (one of
        :data:`~quatlib.models.drift.MAGNIFY_CHOICES`).
    transport : {"image", "ipympl"}
        How the figure is shown.
    runs : DriftRuns, optional
        Runs to use instead of the process's shared 2,000-frame ones (tests use shorter runs).

    Examples
    --------
    >>> import quatlib as ql
    >>> demo = ql.widgets.drift()
    >>> print(f"{demo.state.drift['float32']:.2e}")
    5.47e-06
    >>> _ = demo.set(every=100)   # frame 2,000 was just normalized; the worst of frames 1,901-2,000 was not
    >>> print(f"{demo.state.q_error['float32']:.1e}, worst between normalizations {demo.state.worst:.1e}")
    3.4e-08, worst between normalizations 5.8e-07
    """
    if runs is not None and not isinstance(runs, DriftRuns):
        raise TypeError(f"Expected runs, a quatlib.models.drift.DriftRuns or None, got {type(runs).__name__}")
    runs = runs or shared_runs(curve=qp.envelope)
    runs.compute_all()  # every setting's run, once per process: no setting waits for a loop
    if not as_number(frames, "frames") >= 0:
        raise ValueError(f"Expected frames, a number of frames >= 0, got {frames!r}")
    frames = min(runs.stops, key=lambda s: abs(s - frames))
    check_choices(every=every, magnify=magnify)

    titles = ["float32 q, drawn q v q*", "normalize(q): a rotation", "float32 matrix R"]
    fig, scenes = qp.panels(3, size=PANEL, title_band=0.32, footer=H_IN - (PANEL + 0.32), titles=titles,
                            extent=PANEL_EXTENT, world_frame=False)  # the footer: room for the two plots
    items = {
        "worlds": [qp.WorldAxes(s, card=True) for s in scenes],
        # the true-size cubes, behind the magnified ones
        "ghosts": {k: qp.Cube.outline(scenes[k], CUBE_SIDE, _C["faint"]) for k in (0, 2)},
        "cubes": [qp.Cube(s, side=CUBE_SIDE) for s in scenes],
        # the numbers of each panel live under the figure as HTML: text drawn in the figure costs a redraw
        "captions": W.HTML(layout=W.Layout(width=f"{W_IN * 100:.0f}px")),
    }
    with qp.style():
        ax_q = fig.add_axes((0.105, 0.085, 0.37, 0.355))  # room left of it for the y label at projector sizes
        ax_R = fig.add_axes((0.585, 0.085, 0.39, 0.355))
    styles = {F64: (0, (5, 2))}  # never colour alone
    # live: its float32 curve changes with the setting; redrawn with the cursor (2 ms), not the chart layer (20 ms)
    items["plot_q"] = qp.ErrorCurves(ax_q, _DTYPE_COLORS, xmax=runs.frames, ylabel="| |q| − 1 |",
                                     title="quaternion: length error", styles=styles, live=True)
    items["plot_R"] = qp.ErrorCurves(ax_R, _DTYPE_COLORS, xmax=runs.frames, ylabel="max |RᵀR − I|",
                                     title="matrix, never repaired", styles=styles)
    # the curves that no setting changes: the matrices (never repaired) and float64's q (never normalized)
    items["plot_R"].set_envelope(F32, *runs.matrix[F32]["R_curve"])
    items["plot_R"].set_envelope(F64, *runs.matrix[F64]["R_curve"])
    items["plot_q"].set_envelope(F64, *runs.float64["q_curve"])
    # the tolerance, named by its tick (inside the chart the float32 curve would cross its name: just below the
    # line normalized every 20-50 frames, just above it from the start every 500 frames or more)
    items["plot_q"].add_reference(1e-6)
    choices = control_choices(runs.stops)
    controls = {
        "frames": W.SelectionSlider(options=choices["frames"], value=frames, description="frames",
                                    continuous_update=True, **control_style(),
                                    tooltip="how many 0.001 rad turns have been applied"),
        # Dropdowns, not toggle buttons: six buttons do not fit beside the figure and got squeezed unreadable.
        "every": W.Dropdown(options=choices["every"], value=every, description="normalize every",
                            **control_style(), tooltip="normalize the float32 q after every N frames"),
        "magnify": W.Dropdown(options=choices["magnify"], value=magnify, description="magnify drift",
                              **control_style(),
                              tooltip="draw the deviation from a rotation this many times larger"),
    }
    costs = runs.repair_costs()  # seconds per call, shown in the readout
    return Demo("drift", fig, controls, model=lambda **v: drift_state(**v, runs=runs),
                draw=lambda demo, state: _draw(demo, state, costs, runs), items=items, scenes=scenes,
                transport=transport, below=[items["captions"]],
                description="a small turn applied frame after frame in float32 and float64: |q| drifts from 1")


def _draw(demo: Demo, s: DriftState, costs: dict, runs: DriftRuns) -> str:
    it = demo.items
    if demo.changed(s, "run"):  # the float32 curve changes only with "normalize every"
        # The worst error between normalizations, frame by frame: a staircase along the tops of the saw's teeth
        # (every frame's own error is in the readout). No band: a new fill_between costs 11 ms a change.
        x, _, top = s.run["worst_curve"]
        it["plot_q"].set_curve(F32, x, top)
    it["plot_q"].set_cursor(s.frames, {F32: s.worst, F64: s.q_error[F64]})
    it["plot_R"].set_cursor(s.frames, s.matrix_error)
    it["ghosts"][0].set_data(s.pictures["ghost_q"])
    it["ghosts"][2].set_data(s.pictures["ghost_R"])
    for cube, key in zip(it["cubes"], ("sandwich", "normalized", "matrix"), strict=True):
        cube.set_data(s.pictures[key])
    if demo.changed(s):  # the world letters off the cubes (a view turn alone has placed them already): seen from
        for world, cube in zip(it["worlds"], it["cubes"], strict=True):  # above, "y" sat on the cube's top corner
            world.keep_letters_off(cube)
    for k in (0, 2):  # a scene's note: a card in its corner, drawn only when there is something to say
        # (a corner beyond the panel's reach: cut off at some views, maybe not at this one)
        demo.scenes[k].set_note("may be cut off: magnify less" if s.too_big[k] else "")
    shown, col = s.shown, s.columns
    captions = [f"{shown}: q v q* scales by |q|² = <b>{s.magnified_scale:.3f}</b>",
                f"|normalize(q)| = {s.normalized_length:.8f}: a pure turn",
                f"{shown}: columns × {col[0]:.3f}, {col[1]:.3f}, {col[2]:.3f}; off-diagonal of RᵀR: "
                f"{fmt_sci(s.shear)}" + (" (no shear)" if s.shear == 0 else "")]
    it["captions"].value = cells(captions, PANEL * 100)  # one under each panel
    eR = s.matrix_error
    return lines(
        f"after <b>{s.frames:,}</b> frame{'' if s.frames == 1 else 's'} (float32 {s.normalization}):",
        f"float32: |q| = {code(f'{s.length[F32]:.8f}')} (|q| − 1 = {fmt_sci(s.drift[F32])}); "
        f"worst {s.worst_where}: {fmt_sci(s.worst)}",
        f"float64 (never normalized): |q| − 1 = {fmt_sci(s.drift[F64])}",
        f"normalize(q) in float32: |q| = {code(f'{s.normalized_length:.8f}')}",
        f"matrix (never repaired): max|RᵀR − I| = {fmt_sci(eR[F32])} (float32), {fmt_sci(eR[F64])} (float64)",
        note(f"first {runs.frames:,} frames of the notebook's 200,000; cost here: normalize(q) "
             f"{costs['normalize'] * 1e6:.0f} µs, orthonormalize(R) {costs['orthonormalize'] * 1e6:.0f} µs (an SVD)"),
        height=1.55)
