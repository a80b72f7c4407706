"""Slider press → updated figure on screen, measured in JupyterLab in headless Chromium.

For each target notebook the benchmark focuses one slider, presses ArrowRight / ArrowLeft alternately and times, in
the page, from the ``keydown`` event to the first animation frame whose figure differs (ipympl: a hash of the canvas
pixels; images: a hash of the ``<img>`` source once it has loaded).  All targets are open at once and measured
round-robin, so machine noise hits them alike; the "usual way" (``interact`` + ``%matplotlib inline``, figure
recreated and ``plt.show()``) runs in its own kernel and notebook, since one kernel cannot mix backends.

Usage::

    .venv/bin/python benchmarks/bench_browser_latency.py                 # the three fixture figures
    .venv/bin/python benchmarks/bench_browser_latency.py --notebook notebooks/02_euler.ipynb --slider 1
    .venv/bin/python benchmarks/bench_browser_latency.py --moves 40 --baseline my_inline_version.ipynb

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

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from tests.browser import fixture_notebooks, lab  # noqa: E402

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


def prepare(browser, server: lab.LabServer, target: Target, run_timeout: float) -> None:
    page = lab.new_page(browser)
    target.page = page
    lab.open_notebook(page, server, target.relpath)
    lab.run_all(page, target.relpath, timeout=run_timeout)
    state = lab.wait_widgets_rendered(page, target.relpath)
    if state["errors"]:
        raise SystemExit(f"{target.relpath}: errors after Run All: {state['errors']}")
    handles = page.locator(f".jp-Notebook {lab.SLIDER_HANDLE}")
    n = handles.count()
    if target.slider >= n:
        raise SystemExit(f"{target.relpath}: asked for slider #{target.slider}, found {n} slider(s)")
    status = page.evaluate(_JS_INSTALL, [f".jp-Notebook {lab.SLIDER_HANDLE}", lab.FIGURE, target.slider])
    if status != "ok":
        raise SystemExit(f"{target.relpath}: {status}")
    handle = handles.nth(target.slider)
    handle.scroll_into_view_if_needed()
    # The figure must be on screen too: scroll the cell so that both fit where possible.
    page.evaluate("""(i) => { const h = document.querySelectorAll('.jp-Notebook .widget-slider .noUi-handle')[i];
                             h.closest('.jp-Cell').scrollIntoView({block: 'start'}); }""", target.slider)
    if not page.evaluate("window.__qcSig() !== null"):
        raise SystemExit(f"{target.relpath}: slider #{target.slider} has no figure in its cell")
    _settle(page)
    # Pick the key order that moves the slider from where it starts (a slider at its maximum moves left first).
    handle.focus()
    for keys in (("ArrowRight", "ArrowLeft"), ("ArrowLeft", "ArrowRight")):
        before = lab.readout(handle)
        page.keyboard.press(keys[0])
        if lab.readout(handle) != before:
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


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    k = max(0, min(len(xs) - 1, round(q / 100 * (len(xs) - 1))))
    return xs[k]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
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
    reason = lab.missing_browser_reason()
    if reason:
        print(f"cannot run: {reason}", file=sys.stderr)
        return 2

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
            browser = lab.launch_chromium(pw)
            try:
                for t in targets:
                    print(f"preparing {t.relpath} …", file=sys.stderr)
                    prepare(browser, server, t, run_timeout=300)
                total = args.warmup + args.moves
                for i in range(total):
                    for t in targets:  # round-robin: drift in machine load hits every target alike
                        ms = one_move(t, i, args.timeout * 1000)
                        if ms is not None and i >= args.warmup:
                            t.samples.append(ms)
                    print(f"\rmove {i + 1}/{total}", end="", file=sys.stderr)
                print(file=sys.stderr)
            finally:
                browser.close()

    print(f"Slider key press → repainted figure in JupyterLab {_versions()}, headless Chromium, "
          f"{os.cpu_count()} CPU(s), {platform.machine()}; {args.moves} moves after {args.warmup} warm-up, "
          f"round-robin over the targets.\n")
    print("| figure | notebook | n | median (ms) | p95 (ms) | min (ms) | max (ms) | missed |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for t in targets:
        s = t.samples
        if s:
            print(f"| {t.label} | `{t.relpath}` | {len(s)} | {statistics.median(s):.0f} | {percentile(s, 95):.0f} "
                  f"| {min(s):.0f} | {max(s):.0f} | {t.timeouts} |")
        else:
            print(f"| {t.label} | `{t.relpath}` | 0 | – | – | – | – | {t.timeouts} |")
    return 0 if all(t.samples for t in targets) else 1


def _versions() -> str:
    from importlib.metadata import version

    return ", ".join(f"{p} {version(p)}" for p in ("jupyterlab", "ipywidgets", "ipympl", "matplotlib"))


if __name__ == "__main__":
    sys.exit(main())
