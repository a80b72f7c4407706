"""A continuous mouse drag of a slider in JupyterLab: how often the figure follows, and how long it lags behind.

For each course notebook (or ``--notebook``), JupyterLab runs on loopback and headless Debian Chromium on the same
machine.  The benchmark runs all cells, picks a slider (the first enabled one with a figure in its cell, or
``--slider``), presses the mouse on its handle, moves it for ``--seconds`` (2 s: an ease in and out along the
track, as a hand would drag it) and releases.  How the mouse moves (``--input``):

- ``page`` (the default): from inside the page, one mouse event per animation frame, dispatched to the element
  under the pointer, as Chromium delivers a real mouse's moves (at most one per frame, ~60/s when the page keeps
  up).  What it measures is the page's and the kernel's limit, not the driver's.
- ``playwright``: ``page.mouse.move`` every ~16 ms from Python, the benchmark's first way.  Each move waits for the
  browser to acknowledge it, so on a busy machine Playwright got only 26–98 of the ~125 moves of 2 s into the page.

In the page it timestamps (``performance.now()``):

- the button going down and up on the slider, and every mouse move the page got while it was down;
- every change of the ``src`` of a figure image in the slider's cell (a MutationObserver: ``ipywidgets.Image``
  sets a new blob URL for every PNG it gets);
- every change of the slider's readout (the values the learner saw while dragging).

It reports, per drag, the figure updates per second while the button was down (changes of the busiest image's
``src`` between down and up, over the drag time) and the **settle** time: from the release to the last figure
change (0 when the last figure came before the release).  The issue's goal: at least 20 updates/s, settle within
100 ms.  Each slider is dragged ``--repeat`` times; the table shows the median over the drags.  Speed is measured
here, never asserted in tests.

With ``--orbit`` it drags the figure instead of a slider (drag to orbit): in each notebook the first demo with view
sliders, pressed at the centre of its first 3D panel (located by building the same demo here: the cell's text
output names it) and moved left and right along the same eased path (0.4 of the panel's width each way).  The
figure updates and the settle time are counted the same way; "values shown" counts changes of the
"view turn (°)" readout (the drag moves the view sliders).  For every new view it also times the step's lag
(:func:`step_lags`): from the hand arriving where that view is to the figure showing it, and how much of that the
move waited in ipyevents' throttle before its message left the page (websocket sends, timestamped in the page);
the budget is issue 9's slider → figure one (median over all views ≤ 50 ms, every notebook's median ≤ 60 ms and
p95 ≤ 100 ms).  With ``--probe`` the kernel keeps a log of the moves it receives and the paints it makes, and each
step's sent → figure is split in four (:data:`SPLIT`, :func:`kernel_split`).  It then times the kernel's share of
a drag step for every 3D demo in this process (synthetic ipyevents messages, CPU time: :func:`kernel_orbit_steps`).

Usage (from the repository root, as a module: it imports the browser tests' page object as a package)::

    .venv/bin/python -m benchmarks.bench_browser_drag                    # one slider per course notebook
    .venv/bin/python -m benchmarks.bench_browser_drag --notebook notebooks/04_sandwich.ipynb --slider "angle (°)"
    .venv/bin/python -m benchmarks.bench_browser_drag --all-sliders --repeat 1
    .venv/bin/python -m benchmarks.bench_browser_drag --orbit             # drag the 3D figure of each notebook
    .venv/bin/python -m benchmarks.bench_browser_drag --orbit --probe     # … and split each step in the kernel
    .venv/bin/python -m benchmarks.bench_browser_drag --input playwright  # the mouse moved by page.mouse.move
    .venv/bin/python -m benchmarks.bench_browser_drag --server nagle      # JupyterLab without quatlib.server_settings

Needs /usr/bin/chromium, like the browser tests.  Results: benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks import bench_browser_latency as latency
from benchmarks import bench_transport as transport
from tests.browser import jupyterlab as lab

GOAL_UPDATES_PER_S, GOAL_SETTLE_MS = 20.0, 100.0
# An orbit step's lag (hand → figure) is held to issue 9's slider → figure budgets: the median over all views of
# all notebooks, every notebook's median and its p95 (bench_browser_latency's TARGET_*).
GOAL_LAG_ALL_MEDIAN_MS = latency.TARGET_ALL_MEDIAN_MS
GOAL_LAG_MEDIAN_MS, GOAL_LAG_P95_MS = latency.TARGET_NOTEBOOK_MEDIAN_MS, latency.TARGET_NOTEBOOK_P95_MS
FRAME_S = 0.016  # one mouse move per ~16 ms (a 60 Hz pointer)

# Watches one slider's cell: pointer down/up, figure image src changes (per image), readout changes.
_JS_WATCH = """
(handle) => {
  const cell = handle.closest('.jp-Cell');
  const readout = handle.closest('.widget-slider').querySelector('.widget-readout');
  const ids = new WeakMap();
  let next = 0;
  const W = window.__qcDrag = {down: null, up: null, figures: [], values: []};
  const idOf = (img) => { if (!ids.has(img)) ids.set(img, next++); return ids.get(img); };
  cell.querySelectorAll('img').forEach(idOf);
  W.observer = new MutationObserver((records) => {
    const t = performance.now();
    for (const r of records) {
      if (r.type === 'attributes' && r.target.tagName === 'IMG') W.figures.push([t, idOf(r.target)]);
      else if (r.type === 'childList')  // an <img> replaced (interact) counts as a new figure too
        r.addedNodes.forEach((n) => n.querySelectorAll && [n, ...n.querySelectorAll('img')]
          .filter((e) => e.tagName === 'IMG').forEach((e) => W.figures.push([t, idOf(e)])));
    }
  });
  W.observer.observe(cell, {subtree: true, childList: true, attributes: true, attributeFilter: ['src']});
  if (readout) {
    W.readout = new MutationObserver(() => W.values.push([performance.now(), readout.textContent.trim()]));
    W.readout.observe(readout, {subtree: true, childList: true, characterData: true});
  }
  // The button going down and up: a pointer event (real input) or only a mouse event (dispatched in the page).
  const at = (key) => () => { if (W[key] === null) W[key] = performance.now(); };
  for (const [type, key] of [['pointerdown', 'down'], ['mousedown', 'down'], ['pointerup', 'up'], ['mouseup', 'up']])
    document.addEventListener(type, at(key), {capture: true, once: true});
  W.moves = 0;  // mouse moves the page got with the button down (what the slider could follow)
  W.onMove = (e) => { if (e.buttons & 1 && W.down !== null && W.up === null) W.moves += 1; };
  document.addEventListener('mousemove', W.onMove, {capture: true});
  // When each mouse press and move left for the kernel, and where (an ipyevents message on a websocket).
  W.sends = [];
  const send = W.send = WebSocket.prototype.send;
  const text = new TextDecoder();
  WebSocket.prototype.send = function (data) {
    const s = typeof data === 'string' ? data : text.decode(data instanceof ArrayBuffer ? data : data.buffer || data);
    const kind = s.includes('"mousemove"') ? 'mousemove' : s.includes('"mousedown"') ? 'mousedown' : null;
    const x = kind && s.match(/"relativeX":[ ]*(-?[0-9.]+)/);  // ipyevents' event: where it says the pointer was
    if (x) W.sends.push([performance.now(), kind, Number(x[1])]);
    return send.call(this, data);
  };
  return cell.querySelectorAll('img').length;
}
"""
_JS_RESULT = """() => { const W = window.__qcDrag; W.observer.disconnect(); if (W.readout) W.readout.disconnect();
                        document.removeEventListener('mousemove', W.onMove, {capture: true});
                        WebSocket.prototype.send = W.send;
                        return {down: W.down, up: W.up, figures: W.figures, values: W.values, moves: W.moves,
                                path: W.path || [], sends: W.sends}; }"""

# The drag driven from inside the page: press at (x0, y), then one mouse move per animation frame along the eased
# path for `seconds`, then release.  Chromium delivers a real mouse's moves the same way, at most one per frame
# (rAF-aligned input): a busy main thread gets fewer frames and so fewer moves, as a learner's browser would.
# noUiSlider (ipywidgets 8's slider) listens to mouse events in Chromium (its pointer-event branch tests the old
# navigator.pointerEnabled), on the handle and then on the document; ipyevents listens on the image.
_JS_DRAG = """
async ([x0, y, amplitude, seconds, period]) => {
  const fire = (type, x, buttons) => (document.elementFromPoint(x, y) || document.documentElement).dispatchEvent(
      new MouseEvent(type, {bubbles: true, cancelable: true, composed: true, view: window, clientX: x, clientY: y,
                            screenX: x, screenY: y, button: 0, buttons}));
  const at = (t) => x0 + amplitude * (1 - Math.cos(2 * Math.PI * t / period)) / 2;
  const path = window.__qcDrag.path = [];  // [time, x] of every move fired (what the hand did)
  fire('mousedown', x0, 1);
  const t0 = performance.now();
  let moves = 0;
  await new Promise((resolve) => {
    const step = () => {
      const t = (performance.now() - t0) / 1000;
      if (t >= seconds) return resolve();
      fire('mousemove', at(t), 1);
      path.push([performance.now(), at(t)]);
      moves += 1;
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
  fire('mouseup', at(seconds), 0);
  return moves;
}
"""
INPUTS = {"page": "moves dispatched in the page, one per animation frame (what a 60 Hz mouse gives Chromium)",
          "playwright": "page.mouse.move every ~16 ms from Python (each move waits for the browser's ack)"}


@dataclass
class Drag:
    updates_per_s: float
    settle_ms: float
    updates: int  # figure changes while the button was down (busiest image)
    values: int  # readout changes while the button was down
    moves: int  # mouse moves sent
    seconds: float  # button down → up, in the page
    delivered: int = 0  # mouse moves the page got with the button down
    # Orbit, page input: per new view shown, (hand → figure, hand → its message sent) in ms (:func:`step_lags`).
    step_lags: list[tuple[float, float]] = field(default_factory=list)
    # With --probe: per new view, its sent → figure in the four parts of SPLIT (:func:`kernel_split`), in ms.
    split: list[tuple[float, float, float, float]] = field(default_factory=list)


@dataclass
class Target:
    relpath: str
    slider: str = ""  # description; "" = the first enabled slider with a figure
    drags: list[Drag] = field(default_factory=list)
    note: str = ""


def drag_once(nb: lab.Notebook, slider: lab.Slider, seconds: float, orbit: bool = False,
              input_mode: str = "page", probe: bool = False) -> Drag:
    """One continuous drag of ``slider``'s handle, towards the farther end of its track and back; with ``orbit``,
    of the figure in ``slider``'s cell (a view slider's), from the centre of its first 3D panel.  ``input_mode``:
    a key of :data:`INPUTS`.  With ``probe`` (orbit only, the kernel's probe installed) each view's sent → figure
    is split by the kernel's log."""
    page = nb.page
    nb.wait_quiet(quiet=0.5)
    if orbit:
        start = orbit_start(nb, slider)
        x0, y, amplitude = start.x, start.y, start.amplitude
        azim0 = slider.value()  # the "view turn (°)" slider: the view's azimuth at the press
    else:
        box = slider.track()
        h, track = box["handle"], box["track"]
        x0, y = h["x"] + h["width"] / 2, h["y"] + h["height"] / 2
        left, right = track["x"] + 2, track["x"] + track["width"] - 2
        # Ease out towards the farther end and back, 1.25 times in `seconds`: it ends away from where it started.
        far = right if right - x0 >= x0 - left else left
        amplitude = 0.8 * (far - x0)
    page.evaluate(_JS_WATCH, slider.handle.element_handle())
    if probe:
        nb.execute(_KERNEL_DRAIN)  # what the kernel logged before this drag
    if input_mode == "page":
        moves = page.evaluate(_JS_DRAG, [x0, y, amplitude, seconds, 0.8 * seconds])
    else:
        page.mouse.move(x0, y)
        page.mouse.down()
        t0, moves = time.monotonic(), 0
        while (t := time.monotonic() - t0) < seconds:
            page.mouse.move(x0 + amplitude * (1 - math.cos(2 * math.pi * t / (0.8 * seconds))) / 2, y)
            moves += 1
            time.sleep(max(0.0, t0 + moves * FRAME_S - time.monotonic()))
        page.mouse.up()
    nb.wait_quiet(quiet=1.0, timeout=60)
    time.sleep(0.3)  # the last PNG decoded and its src set
    r = page.evaluate(_JS_RESULT)
    down, up = r["down"], r["up"]
    if down is None or up is None:
        raise RuntimeError(f"{nb.relpath}: the page saw no pointer down/up on the slider")
    during = {}
    for t, img in r["figures"]:
        if down <= t <= up:
            during[img] = during.get(img, 0) + 1
    updates = max(during.values(), default=0)
    busiest = max(during, key=during.get, default=None)
    steps = view_steps(start, azim0, r["path"], r["values"], [f for f in r["figures"] if f[1] == busiest],
                       r["sends"]) if orbit else []
    lags = lags_of(steps)
    split = []
    if probe:
        log = json.loads(nb.execute(_KERNEL_DRAIN).strip().splitlines()[-1])
        split = kernel_split(steps, log, page.evaluate("performance.timeOrigin"))
    last = max((t for t, _ in r["figures"]), default=None)
    settle = 0.0 if last is None or last <= up else last - up
    return Drag(updates_per_s=updates / ((up - down) / 1000), settle_ms=settle, updates=updates,
                values=sum(down <= t <= up for t, _ in r["values"]), moves=moves, seconds=(up - down) / 1000,
                delivered=r["moves"], step_lags=lags, split=split)


_JS_DEMO_NAME = """(handle) => {  // the demo's name: its text output reads "<name>: <description> (a live widget…)"
  const cell = handle.closest('.jp-Cell');
  const panel = window.jupyterapp.shell.widgets('main').find((w) => w.content && w.content.widgets &&
      w.content.widgets.some((c) => c.node === cell));
  const model = panel.content.widgets.find((c) => c.node === cell).model;
  for (let i = 0; i < model.outputs.length; i++) {
    const text = model.outputs.get(i).data['text/plain'];
    if (text && String(text).includes('a live widget')) return String(text).split(':')[0];
  }
  return null;
}"""


@dataclass
class OrbitStart:
    """Where an orbit drag starts and how the kernel turns its pixels into a view (for the step lags)."""
    x: float  # viewport px: the centre of the first 3D panel
    y: float
    amplitude: float  # viewport px: 0.4 of the panel's width
    figure_px: float  # figure pixels per CSS pixel of the shown image
    step: float  # the view sliders' step (°)
    azim_range: tuple[float, float]
    left: float = 0.0  # viewport px: the image's left edge, from which ipyevents counts its relativeX

    def relative_x(self, x: float) -> int:
        """The ``relativeX`` ipyevents reports for a mouse event dispatched at viewport ``x``.

        Chromium truncates a dispatched event's ``clientX`` to whole pixels, and ipyevents rounds
        ``clientX − left`` (``Math.round``).  With a 1° view step every CSS pixel is a new view, so the hand's
        path is mapped the same way as the kernel's messages, or a view would be matched to the wrong move.
        """
        return math.floor(math.floor(x) - self.left + 0.5)


def orbit_start(nb: lab.Notebook, slider: lab.Slider) -> OrbitStart:
    """Where an orbit drag starts (viewport x, y: the centre of the first 3D panel of the figure in ``slider``'s
    cell), its horizontal amplitude (0.4 of the panel's width) and the view sliders' step and range."""
    from quatlib import widgets as qw

    name = slider.handle.evaluate(_JS_DEMO_NAME)
    if not name:
        raise LookupError(f"{nb.relpath}: no demo text output in the cell of {slider.description!r}")
    demo = getattr(qw, name)()
    ax, azim = demo.scenes[0].ax, demo.view_controls["view_azim"]
    image = slider.handle.locator("xpath=ancestor::div[contains(@class, 'jp-Cell')][1]").locator(
        "img.widget-image").first
    image.scroll_into_view_if_needed()
    box = image.bounding_box()
    fig_w, fig_h = ax.figure.bbox.width, ax.figure.bbox.height
    sx, sy = box["width"] / fig_w, box["height"] / fig_h
    x0 = box["x"] + sx * (ax.bbox.x0 + ax.bbox.width / 2)
    y0 = box["y"] + sy * (fig_h - ax.bbox.y0 - ax.bbox.height / 2)
    return OrbitStart(x0, y0, 0.4 * sx * ax.bbox.width, 1 / sx, azim.step, (azim.min, azim.max), box["x"])


@dataclass
class ViewStep:
    """One new view an orbit drag showed, on the page's clock (ms, ``performance.now()``)."""
    azim: float  # the view (°)
    hand: float  # the hand first gave it (its latest arrival there, see :func:`view_steps`)
    sent: float | None  # the last ipyevents message giving it left the page (None: no message gave it)
    shown: float  # the "view turn (°)" readout changed to it
    figure: float  # the figure's next new ``src``


def view_steps(start: OrbitStart, azim0: float, path, values, figures, sends) -> list[ViewStep]:
    """Every new view an orbit drag showed, with when the hand gave it, its message left and its figure came.

    For each change of the "view turn (°)" readout to a value ``v`` (the kernel moves the view slider in the same
    paint as it sends the figure), the hand's time is when the mouse moves of ``path`` (``[time, x]``) last
    arrived at a position giving the view ``v`` (:func:`~quatlib.models.orbit.view_from_drag` of the position as
    ipyevents reports it, :meth:`OrbitStart.relative_x`: as the kernel computes it) before the readout changed;
    the figure's time is the figure's next change before the readout's next one (none: that view's PNG did not
    reach the page, and it is left out).  The time sent is when the last
    message giving ``v`` left the page before the readout changed (``sends``: ``[time, "mousedown" |
    "mousemove", relativeX]`` of ipyevents' messages on the websocket, positions relative to the press).
    """
    from quatlib.models.orbit import view_from_drag

    x0 = start.relative_x(start.x)  # the press, where the path starts
    views = [(t, view_from_drag((azim0, 0.0), (start.relative_x(x) - x0) * start.figure_px, 0.0, step=start.step,
                                azim_range=start.azim_range)[0]) for t, x in path]
    press = next((x for _, kind, x in sends if kind == "mousedown"), None)
    sent = [] if press is None else [
        (t, view_from_drag((azim0, 0.0), (x - press) * start.figure_px, 0.0, step=start.step,
                           azim_range=start.azim_range)[0]) for t, kind, x in sends if kind == "mousemove"]
    shown = [(t, float(text.replace(",", "").replace("−", "-"))) for t, text in values]
    steps = []
    for k, (t_v, azim) in enumerate(shown):
        t_next = shown[k + 1][0] if k + 1 < len(shown) else math.inf
        t_fig = next((t for t, _ in figures if t_v <= t < t_next), None)
        # The hand's latest arrival at this view before the readout showed it (the drag goes out and back).
        i = max((i for i, (t, v) in enumerate(views) if t < t_v and v == azim), default=None)
        if i is None or t_fig is None:
            continue
        while i > 0 and views[i - 1][1] == azim:
            i -= 1
        t_sent = max((t for t, v in sent if t < t_v and v == azim), default=None)
        steps.append(ViewStep(azim, views[i][0], t_sent, t_v, t_fig))
    return steps


def step_lags(start: OrbitStart, azim0: float, path, values, figures, sends) -> list[tuple[float, float | None]]:
    """Hand → figure and hand → sent, in ms, for every new view an orbit drag showed (:func:`view_steps`).

    That is how far what a learner sees lags behind the hand, up to the new ``src`` (the PNG's decode and the
    next frame come after it: about 7 + 5 ms in ``bench_transport.py``'s hops), and how long the view waited in
    ipyevents' throttle (None when no message gave it).
    """
    return lags_of(view_steps(start, azim0, path, values, figures, sends))


def lags_of(steps: list[ViewStep]) -> list[tuple[float, float | None]]:
    """(hand → figure, hand → sent) of each step, in ms (see :func:`step_lags`)."""
    return [(s.figure - s.hand, None if s.sent is None else s.sent - s.hand) for s in steps]


# With --probe: the kernel logs, on the wall clock (ms), each move it receives and each paint of the orbit (start,
# end, the view painted), so that sent → figure is split.
_KERNEL_PROBE = """
def _qc_orbit_probe():
    import time
    from quatlib.widgets import _base
    log = []
    move, paint = _base._Orbit.move, _base._Orbit.paint
    def timed_move(self, x, y):
        log.append(("move", 1e3 * time.time()))
        return move(self, x, y)
    def timed_paint(self):
        t = 1e3 * time.time()
        paint(self)
        log.append(("paint", t, 1e3 * time.time(), self.demo.view_controls["view_azim"].value))
    _base._Orbit.move, _base._Orbit.paint = timed_move, timed_paint
    return log
_qc_orbit_log = _qc_orbit_probe()
print("probe installed")
"""
_KERNEL_DRAIN = "print(__import__('json').dumps(_qc_orbit_log)); _qc_orbit_log.clear()"
#: sent → figure, split by the kernel's log (:func:`kernel_split`), in this order.
SPLIT = ("sent → kernel", "kernel: waiting to paint", "kernel: paint", "painted → figure")


def kernel_split(steps: list[ViewStep], log, origin: float) -> list[tuple[float, float, float, float]]:
    """Each step's sent → figure in four parts (ms, :data:`SPLIT`), from the kernel's log (``_KERNEL_PROBE``).

    ``origin`` is the page's ``performance.timeOrigin``: the kernel's wall clock minus it is the page's clock
    (they agree within a millisecond here: ``bench_transport.py``).  A step's paint is the last paint of its view
    that ended before its figure came; its move, the last move the kernel received before that paint began.
    Steps without a message, a paint or a move are left out.
    """
    paints = [(e[1] - origin, e[2] - origin, e[3]) for e in log if e[0] == "paint"]
    moves = [e[1] - origin for e in log if e[0] == "move"]
    split = []
    for s in steps:
        paint = max(((t0, t1) for t0, t1, azim in paints if azim == s.azim and t1 <= s.figure), default=None)
        if s.sent is None or paint is None:
            continue
        arrived = max((t for t in moves if s.sent <= t <= paint[0]), default=None)
        if arrived is None:
            continue
        split.append((arrived - s.sent, paint[0] - arrived, paint[1] - paint[0], s.figure - paint[1]))
    return split


def kernel_orbit_steps(steps: int = 14, repeat: int = 3) -> list[tuple[str, float, float]]:
    """The kernel's share of a drag step, in this process: (demo, p50 ms, p95 ms) of CPU time per step.

    For every 3D demo of the course, synthetic ipyevents messages (what the image's ``Event`` widget receives)
    drag its first panel ``repeat`` times, ``steps`` moves of 10 px each (one 5° view step per move: one paint).
    No event loop runs here, so every move is handled and painted at once (the kernel merges queued ones)."""
    from quatlib import course
    from quatlib import widgets as qw

    rows = []
    for name in course.demo_names():
        demo = getattr(qw, name)()
        if not demo.scenes:
            continue
        ax, (w, h) = demo.scenes[0].ax, (demo.figure.bbox.width, demo.figure.bbox.height)
        x0, y0 = ax.bbox.x0 + ax.bbox.width / 2, ax.bbox.y0 + ax.bbox.height / 2

        def send(kind, x, y, buttons=1, demo=demo, h=h, w=w):
            demo.view.events._handle_mouse_msg(None, {
                "type": kind, "relativeX": round(x), "relativeY": round(h - y), "boundingRectWidth": w,
                "boundingRectHeight": h, "button": 0, "buttons": buttons}, [])

        times = []
        for rep in range(repeat):
            send("mousedown", x0, y0)
            for k in range(1, steps + 1):
                t = time.process_time()
                send("mousemove", x0 + 10 * k * (-1) ** rep, y0 + 3 * k)
                times.append(1e3 * (time.process_time() - t))
            send("mouseup", x0, y0, 0)
        times.sort()
        rows.append((name, statistics.median(times), times[int(0.95 * (len(times) - 1))]))
    return rows


def pick_orbit_slider(nb: lab.Notebook) -> lab.Slider:
    """The "view turn (°)" slider of the notebook's first demo with view sliders."""
    for slider in nb.sliders():
        if slider.description == "view turn (°)" and not slider.is_disabled():
            return slider
    raise LookupError(f"{nb.relpath}: no demo with view sliders")


def pick_slider(nb: lab.Notebook, description: str) -> lab.Slider:
    if description:
        return nb.slider(description)
    for slider, info in zip(nb.sliders(), nb.controls("slider"), strict=True):
        if not info["disabled"] and info["figures"]:
            return slider
    raise LookupError(f"{nb.relpath}: no enabled slider with a figure in its cell")


def measure(browser, server: lab.LabServer, target: Target, seconds: float, repeat: int, orbit: bool = False,
            input_mode: str = "page", probe: bool = False) -> None:
    page = browser.new_page(viewport=lab.VIEWPORT)
    try:
        nb = lab.Notebook(page, server, target.relpath).open()
        nb.run_all()
        state = nb.wait_rendered()
        if state["errors"]:
            raise SystemExit(f"{target.relpath}: errors after Run All: {state['errors']}")
        try:
            slider = pick_orbit_slider(nb) if orbit else pick_slider(nb, target.slider)
        except LookupError as exc:
            target.note = str(exc)
            return
        target.slider = "figure (orbit)" if orbit else slider.description
        nb.stable_figure_shots(slider.cell)
        if probe:
            nb.execute(_KERNEL_PROBE)
        for i in range(repeat):
            target.drags.append(drag_once(nb, slider, seconds, orbit, input_mode, probe))
            print(f"\r{target.relpath} {target.slider!r}: drag {i + 1}/{repeat}", end="", file=sys.stderr)
        print(file=sys.stderr)
        late = nb.state()["errors"]
        if late:
            target.note = f"errors after dragging: {late}"
    finally:
        page.close()
        server.shutdown_kernels_for(target.relpath)


def all_slider_targets(browser, server: lab.LabServer, relpath: str) -> list[Target]:
    page = browser.new_page(viewport=lab.VIEWPORT)
    try:
        nb = lab.Notebook(page, server, relpath).open()
        nb.run_all()
        nb.wait_rendered()
        return [Target(relpath, i["description"]) for i in nb.controls("slider")
                if not i["disabled"] and i["figures"] and i["description"]]
    finally:
        page.close()
        server.shutdown_kernels_for(relpath)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--notebook", type=Path, action="append",
                    help="notebook(s) to measure (default: every notebooks/*.ipynb)")
    ap.add_argument("--slider", default="", help="description of the slider to drag (with one --notebook)")
    ap.add_argument("--all-sliders", action="store_true", help="every enabled slider with a figure, not just one")
    ap.add_argument("--seconds", type=float, default=2.0, help="length of one drag")
    ap.add_argument("--repeat", type=int, default=3, help="drags per slider (the table shows medians)")
    ap.add_argument("--orbit", action="store_true", help="drag each notebook's first 3D figure, not a slider")
    ap.add_argument("--probe", action="store_true",
                    help="with --orbit: split each step's sent → figure by a log the kernel keeps (see SPLIT)")
    ap.add_argument("--server", choices=sorted(transport.VARIANTS), default="base",
                    help="a setting of bench_transport's to run JupyterLab, the kernel or Chromium with, e.g. nagle")
    ap.add_argument("--input", choices=sorted(INPUTS), default="page",
                    help="how the mouse moves: " + "; ".join(f"{k}: {v}" for k, v in INPUTS.items()))
    args = ap.parse_args(argv)
    if args.slider and (not args.notebook or len(args.notebook) != 1 or args.all_sliders):
        ap.error("--slider needs exactly one --notebook and no --all-sliders")
    if args.orbit and (args.slider or args.all_sliders):
        ap.error("--orbit drags a figure: no --slider, no --all-sliders")
    if args.probe and not (args.orbit and args.input == "page"):
        ap.error("--probe splits an orbit step: it needs --orbit and --input page")
    reason = lab.missing_browser_reason()
    if reason:
        print(f"cannot run: {reason}", file=sys.stderr)
        return 2
    notebooks = [p.resolve() for p in args.notebook] if args.notebook else sorted(lab.NOTEBOOKS_DIR.glob("*.ipynb"))
    load_before = os.getloadavg()
    targets: list[Target] = []
    with tempfile.TemporaryDirectory(prefix="qc-drag-") as tmp:
        root = Path(tmp)
        for folder in {nb.parent for nb in notebooks}:
            lab.copy_notebooks(folder, root / folder.name)
        from playwright.sync_api import sync_playwright

        server_options = transport.server_options(args.server)
        with transport.variant_setup(args.server, root, probe=False) as (launch, _), \
                lab.LabServer(root, **server_options) as server, sync_playwright() as pw:
            browser = pw.chromium.launch(**launch)
            try:
                for nb in notebooks:
                    relpath = f"{nb.parent.name}/{nb.name}"
                    found = (all_slider_targets(browser, server, relpath) if args.all_sliders
                             else [Target(relpath, args.slider)])
                    for target in found:
                        measure(browser, server, target, args.seconds, args.repeat, args.orbit, args.input,
                                args.probe)
                        if target.drags:
                            targets.append(target)
                        else:
                            print(f"{relpath}: skipped ({target.note})", file=sys.stderr)
            finally:
                browser.close()
    load_after = os.getloadavg()
    dragged = "a 3D figure" if args.orbit else "a slider"
    pace = "a move per animation frame, in the page" if args.input == "page" else \
        f"page.mouse.move every {FRAME_S * 1000:.0f} ms"
    print(f"Continuous {args.seconds:g} s mouse drag of {dragged} ({pace}) in JupyterLab "
          f"{_versions()}, headless Chromium, {os.cpu_count()} CPU(s), {platform.machine()}"
          f"{'' if args.server == 'base' else ', ' + transport.VARIANTS[args.server]}; {args.repeat} drag(s) "
          f"per slider, medians. Load average (1/5/15 min) before {' / '.join(f'{x:.2f}' for x in load_before)}, "
          f"after {' / '.join(f'{x:.2f}' for x in load_after)}. Goal: ≥ {GOAL_UPDATES_PER_S:.0f} updates/s, "
          f"settle ≤ {GOAL_SETTLE_MS:.0f} ms.\n")
    print(f"| notebook | {'dragged' if args.orbit else 'slider'} | figure updates/s | settle (ms) | worst settle (ms) "
          "| values shown | moves sent | moves in page "
          f"{'| hand → figure median (ms) | p95 (ms) ' if args.orbit else ''}| goal |")
    print(f"|---|---|---:|---:|---:|---:|---:|---:{'|---:|---:' if args.orbit else ''}|---|")
    for t in targets:
        d = t.drags
        ups = statistics.median(x.updates_per_s for x in d)
        settle = statistics.median(x.settle_ms for x in d)
        missed = [name for name, bad in (("updates/s", ups < GOAL_UPDATES_PER_S),
                                         ("settle", settle > GOAL_SETTLE_MS)) if bad]
        lags = sorted(lag for x in d for lag, _ in x.step_lags)  # every new view of every drag
        lag_cells = ""
        if args.orbit and lags:
            lag_median, lag_p95 = statistics.median(lags), latency.percentile(lags, 95)
            lag_cells = f"{lag_median:.0f} | {lag_p95:.0f} | "
            missed += [name for name, bad in (("lag median", lag_median > GOAL_LAG_MEDIAN_MS),
                                              ("lag p95", lag_p95 > GOAL_LAG_P95_MS)) if bad]
        elif args.orbit:
            lag_cells = "– | – | "
        print(f"| `{Path(t.relpath).name}` | {t.slider} | {ups:.1f} | {settle:.0f} | "
              f"{max(x.settle_ms for x in d):.0f} | {statistics.median(x.values for x in d):.0f} | "
              f"{statistics.median(x.moves for x in d):.0f} | {statistics.median(x.delivered for x in d):.0f} | "
              f"{lag_cells}{'met' if not missed else 'MISSED: ' + ', '.join(missed)}"
              f"{' · ' + t.note if t.note else ''} |")
    pooled = [lag for t in targets for x in t.drags for lag, _ in x.step_lags]
    if args.orbit and pooled:
        med = statistics.median(pooled)
        print(f"| **all views** | | | | | | | | {med:.0f} | {latency.percentile(pooled, 95):.0f} | "
              f"{'met' if med <= GOAL_LAG_ALL_MEDIAN_MS else 'MISSED: lag median'} |")
        print(f"\nAn orbit step's lag against issue 9's slider → figure budgets: median over all views ≤ "
              f"{GOAL_LAG_ALL_MEDIAN_MS:.0f} ms, every notebook's median ≤ {GOAL_LAG_MEDIAN_MS:.0f} ms and p95 ≤ "
              f"{GOAL_LAG_P95_MS:.0f} ms.")
    if args.orbit:
        print("\nWhere a step's lag went (every new view of every drag, medians): hand → its message sent (the "
              "wait in ipyevents' throttle), then sent → figure (websocket, kernel, PNG back, up to its new src):\n")
        print("| notebook | hand → figure (ms) | hand → sent (ms) | sent → figure (ms) | views |\n"
              "|---|---:|---:|---:|---:|")
        for t in targets:
            steps = [s for x in t.drags for s in x.step_lags if s[1] is not None]
            if steps:
                print(f"| `{Path(t.relpath).name}` | {statistics.median(a for a, _ in steps):.0f} | "
                      f"{statistics.median(b for _, b in steps):.0f} | "
                      f"{statistics.median(a - b for a, b in steps):.0f} | {len(steps)} |")
        if args.probe:
            print("\nWhere sent → figure went (the kernel's log, every new view of every drag, median / p95 ms):\n")
            print("| notebook | " + " | ".join(SPLIT) + " | views |\n|---|" + "---:|" * (len(SPLIT) + 1))
            for t in targets:
                parts = [p for x in t.drags for p in x.split]
                if parts:
                    cells = []
                    for k in range(len(SPLIT)):
                        col = [p[k] for p in parts]
                        cells.append(f"{statistics.median(col):.1f} / {latency.percentile(col, 95):.1f}")
                    print(f"| `{Path(t.relpath).name}` | " + " | ".join(cells) + f" | {len(parts)} |")
        print("\nThe kernel's share of a drag step (in this process, synthetic ipyevents messages, CPU time; the "
              "same work as a view turn of bench_demos.py):\n")
        print("| demo | drag step p50 (ms) | p95 (ms) |\n|---|---:|---:|")
        for name, p50, p95 in kernel_orbit_steps():
            print(f"| `{name}` | {p50:.1f} | {p95:.1f} |")
    return 0


def _versions() -> str:
    from importlib.metadata import version

    return ", ".join(f"{p} {version(p)}" for p in ("jupyterlab", "ipywidgets", "ipympl", "matplotlib"))


if __name__ == "__main__":
    sys.exit(main())
