"""What the browser tests check in a notebook: :func:`check_notebook` drives it and returns a report to assert on.

Open, Run All, collect errors; move every slider with the keyboard and check that a figure in its cell repaints;
then change every toggle-buttons, dropdown, checkbox and play control once, with the same check; errors raised by
the callbacks and control text cut off count too.  :meth:`NotebookReport.problems` lists what fails.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from .jupyterlab import CONTROLS, Notebook, difference


@dataclass
class ControlResult:
    """One control driven once: a slider (moved with the keyboard) or a key of ``jupyterlab.CONTROLS``."""

    kind: str
    index: int  # among the notebook's controls of this kind, in DOM order
    cell: int  # notebook cell holding the control
    description: str
    before: str  # slider readout before / after; for the other kinds, what was done goes in `after`
    after: str
    figures: int  # figures found in the same cell
    disabled: bool  # disabled when its turn came: reported, not moved
    changed: bool  # did any of those figures repaint (and stay repainted)?
    changed_fraction: float  # share of pixels that differ (largest over the figures)
    seconds: float  # input → changed pixels seen by the harness (coarse; the benchmarks measure latency)
    disabled_at_start: bool = False  # already disabled right after Run All
    exempt: str = ""  # why this control may leave the figure as it is (a dedicated test drives it)

    @property
    def name(self) -> str:
        return f"{self.kind} #{self.index} {self.description!r}"

    def describe(self) -> str:
        if self.disabled:
            when = "disabled after Run All" if self.disabled_at_start else "disabled by the controls moved before it"
            return f"{self.name} in cell {self.cell}: {when} (not moved)"
        did = f"value {self.before} → {self.after}" if self.kind == "slider" else self.after
        exempt = f" (allowed: {self.exempt})" if self.exempt and not self.changed else ""
        return (f"{self.name} in cell {self.cell}: {did}, {self.figures} figure(s) in the cell, "
                f"{'repainted' if self.changed else 'NOT repainted'}{exempt}")


@dataclass
class NotebookReport:
    path: str
    code_cells: int = 0
    unexecuted: list[int] = field(default_factory=list)  # cell indices without an execution count
    errors: list[str] = field(default_factory=list)
    clipped: list[str] = field(default_factory=list)  # control texts cut off ("axis elevation…"): unreadable
    sliders: list[ControlResult] = field(default_factory=list)
    controls: list[ControlResult] = field(default_factory=list)  # toggle buttons, dropdowns, checkboxes, play
    js_errors: list[str] = field(default_factory=list)
    screenshot: Path | None = None
    widget_shots: list[Path] = field(default_factory=list)  # one per cell with a widget
    timings: dict[str, float] = field(default_factory=dict)

    def problems(self) -> list[str]:
        """What makes this notebook fail the browser test (empty: it passes)."""
        out = [f"error: {e}" for e in self.errors]
        out += [f"text cut off (widen the control): {c}" for c in self.clipped]
        if self.unexecuted:
            out.append(f"code cells {self.unexecuted} have no execution count after Run All")
        live = [s for s in self.sliders if not s.disabled]
        if not self.sliders:
            out.append("no slider: every notebook must have a live widget (a slider updating a figure in place)")
        elif not live:
            out.append("every slider is disabled: no live widget")
        for s in live:
            if s.before == s.after:
                out.append(f"slider #{s.index} {s.description!r} (cell {s.cell}) did not move on PageUp/ArrowRight")
            elif s.figures == 0:
                out.append(f"slider #{s.index} {s.description!r} (cell {s.cell}) has no figure (ipympl canvas or "
                           f"image) in its cell")
            elif not s.changed:
                out.append(f"slider #{s.index} {s.description!r} (cell {s.cell}) moved {s.before} → {s.after} but "
                           f"its figure did not repaint")
        for c in self.controls:
            if not c.disabled and c.figures and not c.changed and not c.exempt:
                out.append(f"{c.name} (cell {c.cell}): {c.after} but its figure did not repaint")
        return out

    def summary(self) -> str:
        lines = [f"{self.path}: {self.code_cells} code cells, {len(self.sliders)} slider(s), "
                 f"{len(self.controls)} other control(s)"]
        lines += [f"  timing {k}: {v:.1f} s" for k, v in self.timings.items()]
        lines += [f"  unexecuted code cells: {self.unexecuted}"] if self.unexecuted else []
        lines += ["  error: " + e for e in self.errors]
        lines += ["  text cut off: " + c for c in self.clipped]
        lines += ["  " + s.describe() for s in self.sliders + self.controls]
        lines += ["  browser exception: " + e for e in self.js_errors[:5]]
        lines += [f"  screenshot: {self.screenshot}"] if self.screenshot else []
        if self.widget_shots:
            lines.append(f"  widget screenshots: {', '.join(str(p) for p in self.widget_shots)}")
        return "\n".join(lines)


def _drive(nb: Notebook, kind: str, info: dict, act, repaint_timeout: float) -> ControlResult:
    """Act on one control (``act() -> (before, after)``) and watch the figures of its cell repaint."""
    cell = info["cell"]
    result = ControlResult(kind=kind, index=info["index"], cell=cell, description=info["description"], before="",
                           after="", figures=info["figures"], disabled=True, changed=False, changed_fraction=0.0,
                           seconds=0.0, disabled_at_start=info["disabled"])
    nb.wait_quiet()
    # Checked again when its turn comes: moving an earlier control may have disabled this one (e.g. the belt's
    # untangle slider once the turn is off 0°/720°; test_belt_in_lab.py drives that one).
    now = [c for c in nb.controls(kind) if c["index"] == info["index"]]
    if info["disabled"] or not now or now[0]["disabled"]:
        return result
    result.disabled = False
    base = nb.stable_figure_shots(cell) if cell >= 0 else []
    deadline = time.monotonic() + 10
    while cell >= 0 and not base and time.monotonic() < deadline:  # a figure view may still be rendering
        time.sleep(0.25)
        base = nb.stable_figure_shots(cell)
    result.figures = len(base)
    t0 = time.monotonic()
    result.before, result.after = act()
    deadline = t0 + repaint_timeout
    while base and time.monotonic() < deadline:
        if difference(base, nb.figure_shots(cell)) > 0:
            result.seconds = time.monotonic() - t0
            # Judge the settled picture, not the first changed frame (a half-loaded image, an intermediate value
            # while the kernel works through the key presses).  This also settles everything before the next one.
            nb.wait_quiet(timeout=max(1.0, deadline - time.monotonic()))
            result.changed_fraction = difference(base, nb.stable_figure_shots(cell))
            if result.changed_fraction > 0:
                result.changed = True
                break
        time.sleep(0.1)
    return result


def check_notebook(nb: Notebook, *, screenshot: str | os.PathLike | None = None,
                   widget_shots: str | os.PathLike | None = None, run_timeout: float = 300.0,
                   repaint_timeout: float = 20.0, may_not_repaint: dict[str, str] | None = None) -> NotebookReport:
    """Open, run all, collect errors, drive every control and watch its figure; screenshot the final state.

    ``screenshot``: a full-page PNG of the notebook (final state).  ``widget_shots``: a folder for one PNG per
    widget cell (``<stem>_<n>.png``, the output area only, right after Run All).  ``may_not_repaint``: control
    description -> why changing it once may leave the figure as it is in the state the harness reaches (e.g. a
    checkbox that matters only for some slider values); such a control is still driven and reported, and the
    reason must name the dedicated test that drives it where it matters.

    Never raises for notebook problems (errors, unexecuted cells, stale figures): they go into the report.
    Raises TimeoutError/playwright errors when JupyterLab itself does not respond in time.
    """
    report = NotebookReport(path=nb.relpath)
    t = time.monotonic()
    try:
        nb.open()
        report.timings["open + kernel ready"] = time.monotonic() - t
        t = time.monotonic()
        nb.run_all(timeout=run_timeout)
        state = nb.wait_rendered()
        report.timings["run all"] = time.monotonic() - t
        report.code_cells, report.unexecuted = state["codeCells"], state["unexecuted"]
        report.errors, report.clipped = state["errors"], state["clipped"]
        if state["pendingWidgets"]:
            report.errors.append(f"{state['pendingWidgets']} widget output(s) never rendered")
        if widget_shots is not None:  # as the learner first sees them
            try:
                report.widget_shots = nb.widget_screenshots(widget_shots)
            except Exception as exc:  # a screenshot must not hide the real failure
                report.errors.append(f"(widget screenshots failed: {exc})")

        # The other controls as Run All left them (disabled_at_start), before the sliders move.
        others = {kind: nb.controls(kind) for kind in CONTROLS}
        t = time.monotonic()
        for slider, info in zip(nb.sliders(), nb.controls("slider"), strict=True):
            report.sliders.append(_drive(nb, "slider", info, slider.nudge, repaint_timeout))
        report.timings["sliders"] = time.monotonic() - t
        t = time.monotonic()
        for kind, infos in others.items():
            for info in infos:
                act = lambda kind=kind, i=info["index"]: ("", nb.change_control(kind, i))  # noqa: E731
                report.controls.append(_drive(nb, kind, info, act, repaint_timeout))
                report.controls[-1].exempt = (may_not_repaint or {}).get(info["description"], "")
        report.timings["other controls"] = time.monotonic() - t
        # Errors raised by the callbacks (shown in Output widgets) and readouts cut off after the moves count too.
        nb.wait_quiet()
        late = nb.state()
        report.errors += [e for e in late["errors"] if e not in report.errors]
        report.clipped += [c for c in late["clipped"] if c not in report.clipped]
    finally:
        report.js_errors = list(getattr(nb.page, "js_errors", []))
        if screenshot is not None:
            try:
                report.screenshot = nb.full_page_screenshot(screenshot)
            except Exception as exc:  # a screenshot must not hide the real failure
                report.errors.append(f"(screenshot failed: {exc})")
    return report
