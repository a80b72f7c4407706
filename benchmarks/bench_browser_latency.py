"""Slider press → updated figure on screen, measured in JupyterLab in headless Chromium.

For each target notebook the benchmark focuses one slider, presses ArrowRight / ArrowLeft alternately and times, in
the page, from the ``keydown`` event to the first animation frame whose figure differs (ipympl: a hash of the canvas
pixels; images: a hash of the ``<img>`` source once it has loaded).  All targets are open at once and measured
round-robin, so machine noise hits them alike; the "usual way" (``interact`` + ``%matplotlib inline``, figure
recreated and ``plt.show()``) runs in its own kernel and notebook, since one kernel cannot mix backends.

``--course`` measures the course demos (hello_cube, rotation_2d, gimbal), each beside the same figure done the
usual way, from the notebook pairs in ``benchmarks/baselines/`` (``<demo>_live.ipynb`` / ``<demo>_interact.ipynb``):
one pair at a time, round-robin within the pair, kernels shut down between pairs.  It ends with a summary table
(live vs usual way, speed-up, the issue's targets met or missed); results in benchmarks/browser_latency.md.

``--notebooks`` measures every enabled slider that has a figure in its cell, in every course notebook (the manifest
``quatlib.course``), one notebook at a time, and checks issue 9's targets: median ≤ 50 ms over all sliders, every
notebook's median ≤ 60 ms and p95 ≤ 100 ms.

Usage::

    .venv/bin/python -m benchmarks.bench_browser_latency --course        # the three course demos vs the usual way
    .venv/bin/python -m benchmarks.bench_browser_latency --notebooks     # every slider of every course notebook
    .venv/bin/python -m benchmarks.bench_browser_latency                 # the three fixture figures
    .venv/bin/python -m benchmarks.bench_browser_latency --notebook notebooks/02_euler_gimbal_lock.ipynb --slider 1
    .venv/bin/python -m benchmarks.bench_browser_latency --moves 40 --baseline my_inline_version.ipynb

Run it from the repository root as a module (``-m``): it imports the browser tests' JupyterLab page object as a
package (``tests.browser.jupyterlab``).

Prints a markdown table (median and p95 over the measured moves; the first ``--warmup`` moves are dropped).
Needs /usr/bin/chromium, like the browser tests.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.browser import fixture_notebooks
from tests.browser import jupyterlab as lab

REPO_ROOT = lab.REPO_ROOT

# In-page probe: a signature of the figures in the slider's cell, and a one-shot latency detector.
_JS_INSTALL = """
([handleSel, figureSel, index]) => {
  const handle = document.querySelectorAll(handleSel)[index];
  if (!handle) return 'no slider #' + index;
  const cell = handle.closest('.jp-Cell');
  const fnv = (s) => { let h = 2166136261; for (let i = 0; i < s.length; i++) { h ^= s.charCodeAt(i);
                       h = Math.imul(h, 16777619); } return (h >>> 0).toString(16); };
  window.__qcSig = () => {
    const figs = cell.querySelectorAll(figureSel);
    if (!figs.length) return null;
    const parts = [];
    for (const f of figs) {
      if (f.tagName === 'IMG') {
        if (!f.complete || !f.naturalWidth) return null;  // not on screen yet
        parts.push(fnv(f.src));
      } else {
        const c = f.querySelector('canvas');
        if (!c || !c.width || !c.height) return null;
        const px = new Uint32Array(c.getContext('2d').getImageData(0, 0, c.width, c.height).data.buffer);
        let h = 2166136261;
        for (let i = 0; i < px.length; i++) { h ^= px[i]; h = Math.imul(h, 16777619); }
        parts.push((h >>> 0).toString(16));
      }
    }
    return parts.join('|');
  };
  window.__qcArm = () => {
    const L = window.__qcLat = {t0: null, t1: null, base: window.__qcSig()};
    document.addEventListener('keydown', () => { if (L.t0 === null) L.t0 = performance.now(); },
                              {capture: true, once: true});
    const tick = () => {
      if (window.__qcLat !== L) return;
      if (L.t0 !== null) {
        const s = window.__qcSig();
        if (s !== null && s !== L.base) { L.t1 = performance.now(); return; }
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    return L.base !== null;
  };
  return 'ok';
}
"""


@dataclass
class Target:
    label: str
    relpath: str
    slider: int
    page: object = None
    keys: tuple[str, str] = ("ArrowRight", "ArrowLeft")
    samples: list[float] = field(default_factory=list)
    timeouts: int = 0


def _settle(page, quiet_s: float = 0.3, timeout: float = 10.0) -> None:
    """Wait until the figure signature has not changed for ``quiet_s`` (late second draws, image decode)."""
    deadline = time.monotonic() + timeout
    last, since = page.evaluate("window.__qcSig()"), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.05)
        cur = page.evaluate("window.__qcSig()")
        if cur != last:
            last, since = cur, time.monotonic()
        elif time.monotonic() - since >= quiet_s:
            return


def open_and_run(browser, server: lab.LabServer, relpath: str, run_timeout: float) -> lab.Notebook:
    """A new page with ``relpath`` open and all its cells run (exits on an error output)."""
    page = browser.new_page(viewport=lab.VIEWPORT)
    nb = lab.Notebook(page, server, relpath).open()
    nb.run_all(timeout=run_timeout)
    state = nb.wait_rendered()
    if state["errors"]:
        raise SystemExit(f"{relpath}: errors after Run All: {state['errors']}")
    return nb


def prepare(browser, server: lab.LabServer, target: Target, run_timeout: float) -> None:
    nb = open_and_run(browser, server, target.relpath, run_timeout)
    arm(nb, target)


def arm(nb: lab.Notebook, target: Target) -> None:
    """Install the in-page probe on ``target``'s slider, scroll it and its figure into view, pick its key order."""
    page = target.page = nb.page
    sliders = nb.sliders()
    if target.slider >= len(sliders):
        raise SystemExit(f"{target.relpath}: asked for slider #{target.slider}, found {len(sliders)} slider(s)")
    status = page.evaluate(_JS_INSTALL, [f".jp-Notebook {lab.SLIDER_HANDLE}", lab.FIGURE, target.slider])
    if status != "ok":
        raise SystemExit(f"{target.relpath}: {status}")
    slider = sliders[target.slider]
    handle = slider.handle
    handle.scroll_into_view_if_needed()
    # The figure must be on screen too: scroll the cell's outputs (not its code, which can be long) to the top.
    page.evaluate("""(i) => { const h = document.querySelectorAll('.jp-Notebook .widget-slider .noUi-handle')[i];
                             const cell = h.closest('.jp-Cell');
                             (cell.querySelector('.jp-Cell-outputWrapper') || cell).scrollIntoView({block: 'start'});
                           }""", target.slider)
    if not page.evaluate("window.__qcSig() !== null"):
        raise SystemExit(f"{target.relpath}: slider #{target.slider} has no figure in its cell")
    hidden = page.evaluate("""([i, figureSel]) => {
        const h = document.querySelectorAll('.jp-Notebook .widget-slider .noUi-handle')[i];
        const inside = (r) => r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
        return [h, ...h.closest('.jp-Cell').querySelectorAll(figureSel)].filter(
            (el) => !inside(el.getBoundingClientRect())).length; }""", [target.slider, lab.FIGURE])
    if hidden:
        print(f"warning: {target.relpath}: the slider and its figure(s) do not all fit on screen", file=sys.stderr)
    _settle(page)
    # Pick the key order that moves the slider from where it starts (a slider at its maximum moves left first).
    handle.focus()
    for keys in (("ArrowRight", "ArrowLeft"), ("ArrowLeft", "ArrowRight")):
        before = slider.readout()
        page.keyboard.press(keys[0])
        if slider.readout() != before:
            page.keyboard.press(keys[1])
            target.keys = keys
            break
    else:
        raise SystemExit(f"{target.relpath}: slider #{target.slider} does not respond to the keyboard")
    _settle(page)


def one_move(target: Target, i: int, timeout_ms: float) -> float | None:
    page = target.page
    page.bring_to_front()
    handle = page.locator(f".jp-Notebook {lab.SLIDER_HANDLE}").nth(target.slider)
    handle.focus()
    page.evaluate("window.__qcArm()")
    key = target.keys[i % 2]
    page.keyboard.press(key)
    try:
        page.wait_for_function("window.__qcLat.t1 !== null", timeout=timeout_ms, polling=20)
    except Exception:
        # At an end of the range the key does nothing: turn round and count it as a timeout.
        target.keys = target.keys[::-1]
        target.timeouts += 1
        return None
    t0, t1 = page.evaluate("[window.__qcLat.t0, window.__qcLat.t1]")
    _settle(page)
    return t1 - t0


BASELINES_DIR = REPO_ROOT / "benchmarks" / "baselines"
# (demo, notebook) of the course demos measured by --course; slider #0 of each notebook is moved.
COURSE_DEMOS = [("hello_cube", "00"), ("rotation_2d", "01"), ("gimbal", "02")]
# Targets of issue 3, per update: median and p95 (ms), and speed-up over the usual way (ratio of the medians).
TARGET_MEDIAN_MS, TARGET_P95_MS, TARGET_SPEEDUP = 100.0, 200.0, 3.0


def measure(browser, server: lab.LabServer, targets: list[Target], moves: int, warmup: int,
            timeout_s: float, label: str = "") -> None:
    """Prepare the targets, then move their sliders round-robin, so drift in machine load hits all alike."""
    for t in targets:
        print(f"preparing {t.relpath} …", file=sys.stderr)
        prepare(browser, server, t, run_timeout=300)
    total = warmup + moves
    for i in range(total):
        for t in targets:
            ms = one_move(t, i, timeout_s * 1000)
            if ms is not None and i >= warmup:
                t.samples.append(ms)
        print(f"\r{label}move {i + 1}/{total}", end="", file=sys.stderr)
    print(file=sys.stderr)


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    k = max(0, min(len(xs) - 1, round(q / 100 * (len(xs) - 1))))
    return xs[k]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--course", action="store_true",
                    help="the course demos, each beside its usual-way baseline (benchmarks/baselines/)")
    ap.add_argument("--notebooks", action="store_true",
                    help="every enabled slider with a figure in every course notebook (issue 9's targets)")
    ap.add_argument("--only", nargs="*", default=None, metavar="NN",
                    help="with --notebooks: only these notebook numbers, e.g. --only 02 07")
    ap.add_argument("--notebook", type=Path, help="notebook to measure (default: the three fixture figures)")
    ap.add_argument("--slider", type=int, default=0, help="index of the slider among the notebook's sliders")
    ap.add_argument("--baseline", type=Path,
                    help="the same figure done the usual way (interact + inline); default: the fixture one")
    ap.add_argument("--moves", type=int, default=30, help="measured moves per target (>= 20)")
    ap.add_argument("--warmup", type=int, default=3, help="moves dropped before measuring")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds to wait for one repaint")
    args = ap.parse_args(argv)
    if args.moves < 20:
        ap.error("--moves must be at least 20 (p95 needs them)")
    if args.course and (args.notebook or args.baseline):
        ap.error("--course measures the notebooks in benchmarks/baselines/; drop --notebook/--baseline")
    if args.notebooks and (args.course or args.notebook or args.baseline):
        ap.error("--notebooks measures the course notebooks; drop --course/--notebook/--baseline")
    reason = lab.missing_browser_reason()
    if reason:
        print(f"cannot run: {reason}", file=sys.stderr)
        return 2
    if args.course:
        return run_course(args)
    if args.notebooks:
        return run_notebooks(args)

    with tempfile.TemporaryDirectory(prefix="qc-bench-") as tmp:
        root = Path(tmp)
        fx = fixture_notebooks.write_fixtures(root / "_bench", ["ipympl", "image", "inline"])
        targets = []
        if args.notebook:
            nb = args.notebook.resolve()
            lab.copy_notebooks(nb.parent, root / "nb")
            targets.append(Target(f"{nb.name} slider #{args.slider}", f"nb/{nb.name}", args.slider))
        else:
            targets += [Target("ipympl, one figure updated in place", "_bench/ipympl.ipynb", 0),
                        Target("Agg figure → ipywidgets.Image", "_bench/image.ipynb", 0)]
        if args.baseline:
            shutil.copy(args.baseline, root / "_bench" / "baseline.ipynb")
            targets.append(Target(f"usual way: {args.baseline.name}", "_bench/baseline.ipynb", 0))
        else:
            targets.append(Target("usual way: interact + inline, plt.show()", f"_bench/{fx['inline'].name}", 0))

        from playwright.sync_api import sync_playwright

        with lab.LabServer(root) as server, sync_playwright() as pw:
            browser = pw.chromium.launch(**lab.LAUNCH_ARGS)
            try:
                measure(browser, server, targets, args.moves, args.warmup, args.timeout)
            finally:
                browser.close()

    print(f"Slider key press → repainted figure in JupyterLab {_versions()}, headless Chromium, "
          f"{os.cpu_count()} CPU(s), {platform.machine()}; {args.moves} moves after {args.warmup} warm-up, "
          f"round-robin over the targets.\n")
    _detail_table(targets)
    return 0 if all(t.samples for t in targets) else 1


def run_course(args) -> int:
    """Each course demo beside the same figure done the usual way; prints the detail and the summary table."""
    load_before = os.getloadavg()
    pairs = []
    with tempfile.TemporaryDirectory(prefix="qc-bench-") as tmp:
        root = Path(tmp)
        lab.copy_notebooks(BASELINES_DIR, root / "baselines")
        for demo, nb in COURSE_DEMOS:
            pairs.append((demo, nb, Target(f"{demo}: course demo", f"baselines/{demo}_live.ipynb", 0),
                          Target(f"{demo}: usual way (interact + inline)", f"baselines/{demo}_interact.ipynb", 0)))

        from playwright.sync_api import sync_playwright

        with lab.LabServer(root) as server, sync_playwright() as pw:
            browser = pw.chromium.launch(**lab.LAUNCH_ARGS)
            try:
                for demo, _, live, usual in pairs:
                    measure(browser, server, [live, usual], args.moves, args.warmup, args.timeout, f"{demo}: ")
                    for t in (live, usual):  # free the 2 cores for the next pair
                        t.page.context.close()
                        server.shutdown_kernels_for(t.relpath)
            finally:
                browser.close()
    load_after = os.getloadavg()

    print(f"Slider key press → repainted figure in JupyterLab {_versions()}, headless Chromium, "
          f"{os.cpu_count()} CPU(s), {platform.machine()}; {args.moves} moves after {args.warmup} warm-up per "
          f"figure, round-robin within each pair. Load average (1/5/15 min) before "
          f"{' / '.join(f'{x:.2f}' for x in load_before)}, after {' / '.join(f'{x:.2f}' for x in load_after)}.\n")
    _detail_table([t for _, _, live, usual in pairs for t in (live, usual)])
    print()
    print("| demo | live median (ms) | live p95 (ms) | usual-way median (ms) | usual-way p95 (ms) | speed-up "
          "(medians) | targets |")
    print("|---|---:|---:|---:|---:|---:|---|")
    ok = True
    for demo, nb, live, usual in pairs:
        if not (live.samples and usual.samples):
            print(f"| {demo} ({nb}) | – | – | – | – | – | no samples |")
            ok = False
            continue
        lm, lp = statistics.median(live.samples), percentile(live.samples, 95)
        um, up = statistics.median(usual.samples), percentile(usual.samples, 95)
        missed = [name for name, bad in (("median", lm > TARGET_MEDIAN_MS), ("p95", lp > TARGET_P95_MS),
                                         ("3×", um / lm < TARGET_SPEEDUP)) if bad]
        print(f"| {demo} ({nb}) | {lm:.0f} | {lp:.0f} | {um:.0f} | {up:.0f} | {um / lm:.1f}× | "
              f"{'met' if not missed else 'MISSED: ' + ', '.join(missed)} |")
    return 0 if ok else 1


# Targets of issue 9 over the course notebooks (ms): the median over all sliders, the slowest notebook's median,
# and every notebook's p95.
TARGET_ALL_MEDIAN_MS, TARGET_NOTEBOOK_MEDIAN_MS, TARGET_NOTEBOOK_P95_MS = 50.0, 60.0, 100.0


def run_notebooks(args) -> int:
    """Every enabled slider that has a figure in its cell, in every course notebook, one notebook at a time.

    Within a notebook the sliders are measured one after another (``--moves`` each after ``--warmup``); the kernel
    is shut down before the next notebook.  Prints the detail per slider, a table per notebook (all its sliders'
    moves pooled) and the targets of issue 9."""
    from quatlib import course

    wanted = [nb for nb in course.NOTEBOOKS if args.only is None or nb.number in args.only]
    load_before = os.getloadavg()
    per_notebook: list[tuple[str, list[Target]]] = []
    with tempfile.TemporaryDirectory(prefix="qc-bench-") as tmp:
        root = Path(tmp)
        lab.copy_notebooks(lab.NOTEBOOKS_DIR, root / "notebooks")

        from playwright.sync_api import sync_playwright

        with lab.LabServer(root) as server, sync_playwright() as pw:
            browser = pw.chromium.launch(**lab.LAUNCH_ARGS)
            try:
                for entry in wanted:
                    relpath = f"notebooks/{entry.file}"
                    print(f"preparing {relpath} …", file=sys.stderr)
                    nb = open_and_run(browser, server, relpath, run_timeout=300)
                    targets = [Target(f"{entry.number} {info['description'] or '#' + str(info['index'])}",
                                      relpath, info["index"])
                               for info in nb.controls("slider") if not info["disabled"] and info["figures"]]
                    for t in targets:
                        arm(nb, t)
                        for i in range(args.warmup + args.moves):
                            ms = one_move(t, i, args.timeout * 1000)
                            if ms is not None and i >= args.warmup:
                                t.samples.append(ms)
                        if (args.warmup + args.moves) % 2:  # one more key back: the slider ends where it began
                            one_move(t, args.warmup + args.moves, args.timeout * 1000)  # (later sliders may
                            # depend on it: belt's "untangled" is enabled at a 720° turn only)
                        print(f"  {t.label}: {len(t.samples)} moves", file=sys.stderr)
                    per_notebook.append((entry.stem, targets))
                    nb.page.close()
                    server.shutdown_kernels_for(relpath)
            finally:
                browser.close()
    load_after = os.getloadavg()

    print(f"Slider key press → repainted figure in JupyterLab {_versions()}, headless Chromium, "
          f"{os.cpu_count()} CPU(s), {platform.machine()}; every enabled slider with a figure in each course "
          f"notebook, {args.moves} moves each after {args.warmup} warm-up. Load average (1/5/15 min) before "
          f"{' / '.join(f'{x:.2f}' for x in load_before)}, after {' / '.join(f'{x:.2f}' for x in load_after)}.\n")
    _detail_table([t for _, targets in per_notebook for t in targets])
    print()
    print("| notebook | sliders | moves | median (ms) | p95 (ms) | slowest slider: median (ms) | targets |")
    print("|---|---:|---:|---:|---:|---|---|")
    pooled, ok = [], True
    for stem, targets in per_notebook:
        samples = [x for t in targets for x in t.samples]
        if not samples:
            print(f"| {stem} | {len(targets)} | 0 | – | – | – | no samples |")
            ok = False
            continue
        pooled += samples
        med, p95 = statistics.median(samples), percentile(samples, 95)
        slow = max((t for t in targets if t.samples), key=lambda t: statistics.median(t.samples))
        missed = [name for name, bad in (("median", med > TARGET_NOTEBOOK_MEDIAN_MS),
                                         ("p95", p95 > TARGET_NOTEBOOK_P95_MS)) if bad]
        ok &= not missed
        print(f"| {stem} | {len(targets)} | {len(samples)} | {med:.0f} | {p95:.0f} | "
              f"{slow.label.split(' ', 1)[1]}: {statistics.median(slow.samples):.0f} | "
              f"{'met' if not missed else 'MISSED: ' + ', '.join(missed)} |")
    if pooled:
        med = statistics.median(pooled)
        ok &= med <= TARGET_ALL_MEDIAN_MS
        print(f"| **all sliders** | {sum(len(t) for _, t in per_notebook)} | {len(pooled)} | {med:.0f} | "
              f"{percentile(pooled, 95):.0f} | | {'met' if med <= TARGET_ALL_MEDIAN_MS else 'MISSED: median'} |")
    print(f"\nTargets (issue 9): median over all sliders ≤ {TARGET_ALL_MEDIAN_MS:.0f} ms, every notebook's median "
          f"≤ {TARGET_NOTEBOOK_MEDIAN_MS:.0f} ms and p95 ≤ {TARGET_NOTEBOOK_P95_MS:.0f} ms: "
          f"{'all met' if ok else 'not all met'}.")
    return 0 if ok else 1


def _detail_table(targets: list[Target]) -> None:
    print("| figure | notebook | n | median (ms) | p95 (ms) | min (ms) | max (ms) | missed |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for t in targets:
        s = t.samples
        if s:
            print(f"| {t.label} | `{t.relpath}` | {len(s)} | {statistics.median(s):.0f} | {percentile(s, 95):.0f} "
                  f"| {min(s):.0f} | {max(s):.0f} | {t.timeouts} |")
        else:
            print(f"| {t.label} | `{t.relpath}` | 0 | – | – | – | – | {t.timeouts} |")


def _versions() -> str:
    from importlib.metadata import version

    return ", ".join(f"{p} {version(p)}" for p in ("jupyterlab", "ipywidgets", "ipympl", "matplotlib"))


if __name__ == "__main__":
    sys.exit(main())
