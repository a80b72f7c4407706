"""Every demo of the course, server side: build time and update time per control, in-process Agg.

For each demo of the course manifest (quatlib/course.py) this builds the demo ``--builds`` times (median build
time: figure, artists, controls and the first update with its PNG), then moves each control and each view slider
to ``--moves`` random values and times every move with ``time.perf_counter``.  One move is what the kernel does
for one slider message: ``Demo.refresh`` (model or update math, ``set_data`` on the artists, the Agg draw and the
PNG encoding), or for a view slider the camera turn and the repaint.  No browser, no widget messages: the
browser's share is in ``bench_browser_latency.py``.

Each move's time is split as the figure's :class:`quatlib.plot.Renderer` measured it: the Agg draw (restore the
cached background, draw the moving artists) and the PNG encoding; the rest is the model, ``set_data`` and the
widget machinery.  ``--clock cpu`` times with ``time.process_time`` (this process's CPU time) instead of the
wall clock: on a machine shared with other jobs (see the load average in the header) it is much steadier.

Targets (issue 9): update p95 ≤ 20 ms for every control and view turn, build ≤ 300 ms.  Nothing is asserted:
the table says which demos meet them.  Timings on a shared machine are noisy; compare rows of one run.

Usage::

    python benchmarks/bench_demos.py                       # every demo, 40 moves per control
    python benchmarks/bench_demos.py --demos hello_cube gimbal --moves 10
    python benchmarks/bench_demos.py --clock cpu           # CPU time of this process (steadier when shared)
    python benchmarks/bench_demos.py --write-readme        # also replace the table in benchmarks/README.md
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import statistics
import sys
import time
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import ipywidgets as W  # noqa: E402 - after choosing the backend
import numpy as np  # noqa: E402

from quatlib import course  # noqa: E402
from quatlib import plot as qp  # noqa: E402
from quatlib import widgets as qw  # noqa: E402

README = Path(__file__).resolve().parent / "README.md"
UPDATE_P95_MS, BUILD_MS = 20.0, 300.0
MARKERS = ("<!-- bench_demos:table -->", "<!-- /bench_demos:table -->")


def random_value(control, rng):
    """A random value a learner could give ``control``, different from its current one when possible."""
    if isinstance(control, W.Checkbox):
        return not control.value
    if isinstance(control, (W.SelectionSlider, W.Dropdown, W.ToggleButtons, W.RadioButtons)):
        values = [v for _, v in control.options if v != control.value] or [control.value]
        return values[rng.integers(len(values))]
    steps = int(round((control.max - control.min) / control.step))
    value = control.min + control.step * rng.integers(steps + 1)
    return type(control.value)(round(value, 6))


def percentile(times, q) -> float:
    """The ``q``-th percentile of ``times`` (seconds) in ms, moves without a repaint (NaN) left out."""
    return float(np.nanpercentile(np.asarray(times) * 1e3, q))


def bench_demo(name: str, moves: int, builds: int, rng, clock=time.perf_counter) -> dict:
    """Build times, per-control move times and the draw/PNG split of every move (seconds) of one demo."""
    factory = getattr(qw, name)
    build_times = []
    for _ in range(builds):
        t0 = clock()
        demo = factory()
        build_times.append(clock() - t0)
    renderer = qp.Renderer.of(demo.figure)
    per_control, draw, png = {}, [], []
    for control_name, control in {**demo.controls, **demo.view_controls}.items():
        times = []
        for _ in range(moves):
            value = random_value(control, rng)
            if value == control.value:
                continue
            renderer.timing = {"draw": np.nan, "png": np.nan}
            t0 = clock()
            control.value = value
            times.append(clock() - t0)
            draw.append(renderer.timing["draw"])
            png.append(renderer.timing["png"])
        if times:
            per_control[control_name] = times
    if demo.errors:
        print(f"  {name}: {len(demo.errors)} update errors, e.g. {demo.errors[0]!r}", file=sys.stderr)
    return {"build": statistics.median(build_times), "controls": per_control, "draw": draw, "png": png}


def table(results: dict) -> str:
    """The Markdown table: one row per demo, the slowest control named."""
    lines = ["| demo | build (ms) | update p50 (ms) | update p95 (ms) | slowest control: p95 (ms) | view turn p95 (ms) "
             "| draw p50 (ms) | PNG p50 (ms) | targets |", "|---|--:|--:|--:|---|--:|--:|--:|---|"]
    for name, r in results.items():
        controls = {k: v for k, v in r["controls"].items() if not k.startswith("view_")}
        views = {k: v for k, v in r["controls"].items() if k.startswith("view_")}
        every = [t for v in r["controls"].values() for t in v]
        slowest = max(controls, key=lambda k: percentile(controls[k], 95))
        worst_p95, build_ms = max(percentile(v, 95) for v in r["controls"].values()), r["build"] * 1e3
        missed = [what for what, bad in (("update", worst_p95 > UPDATE_P95_MS), ("build", build_ms > BUILD_MS)) if bad]
        # the slower of the two view controls (turn, tilt), as the target counts them: pooled, one slow control hides
        view = f"{max(percentile(v, 95) for v in views.values()):.1f}" if views else "—"
        lines.append(f"| `{name}` | {build_ms:.0f} | {percentile(every, 50):.1f} | {percentile(every, 95):.1f} "
                     f"| `{slowest}`: {percentile(controls[slowest], 95):.1f} | {view} "
                     f"| {percentile(r['draw'], 50):.1f} | {percentile(r['png'], 50):.1f} "
                     f"| {'missed: ' + ', '.join(missed) if missed else 'met'} |")
    return "\n".join(lines)


def write_readme(text: str) -> None:
    readme = README.read_text(encoding="utf-8")
    start, end = MARKERS
    pattern = re.compile(re.escape(start) + r"\n.*?" + re.escape(end), re.DOTALL)
    if not pattern.search(readme):
        raise SystemExit(f"benchmarks/README.md has no {start} ... {end} markers")
    README.write_text(pattern.sub(lambda _: f"{start}\n{text}\n{end}", readme), encoding="utf-8")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--demos", nargs="*", default=list(course.demo_names()), help="demo names (default: all)")
    parser.add_argument("--moves", type=int, default=40, help="random moves per control (default 40)")
    parser.add_argument("--builds", type=int, default=3, help="builds per demo, median reported (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="wall: time.perf_counter (default); cpu: time.process_time, steadier on a shared machine")
    parser.add_argument("--write-readme", action="store_true", help="replace the table in benchmarks/README.md")
    args = parser.parse_args(argv)
    unknown = set(args.demos) - set(course.demo_names())
    if unknown:
        parser.error(f"Expected demo names among {list(course.demo_names())}, got {sorted(unknown)}")
    rng = np.random.default_rng(args.seed)
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    qp.Renderer.clock = staticmethod(clock)
    qw.hello_cube()  # warm-up: imports, fonts, first Agg draw
    load = os.getloadavg()[0]
    results = {}
    for name in args.demos:
        print(f"  {name} ...", file=sys.stderr, flush=True)
        results[name] = bench_demo(name, args.moves, args.builds, rng, clock)
    load = max(load, os.getloadavg()[0])
    header = (f"{time.strftime('%Y-%m-%d')}, {platform.python_version()}, matplotlib {matplotlib.__version__}, "
              f"numpy {np.__version__}; {args.clock} clock, load average up to {load:.1f} "
              f"on {os.cpu_count()} cores; {args.moves} random moves per control, median of {args.builds} builds; "
              f"targets: update p95 ≤ {UPDATE_P95_MS:.0f} ms for every control and view turn, "
              f"build ≤ {BUILD_MS:.0f} ms.")
    text = header + "\n\n" + table(results)
    print(text)
    if args.write_readme:
        write_readme(text)
        print("benchmarks/README.md: table replaced", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
