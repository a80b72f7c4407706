"""Drive JupyterLab in headless Chromium: the shared harness of the browser tests and the latency benchmark.

Three pieces, usable without pytest:

- :class:`LabServer` starts ``jupyter lab`` on a free loopback port with token auth, isolated config/data/runtime/
  settings/IPython dirs, and the current interpreter (``sys.executable``) as the ``python3`` kernel.
- :func:`launch_chromium` starts the system Chromium (``/usr/bin/chromium``) through Playwright's sync API.
- :func:`check_notebook` opens a notebook, runs all cells, collects errors, moves every slider with the keyboard and
  checks that a figure in the slider's cell repaints.  It returns a :class:`NotebookReport`; the callers assert.

Typical use::

    with LabServer(root_dir) as lab, sync_playwright() as pw:
        browser = launch_chromium(pw)
        page = new_page(browser)
        report = check_notebook(page, lab, "intro.ipynb", screenshot="intro.png")
        assert not report.problems(), report.summary()

Env ``QC_NOTEBOOKS_DIR`` points the course-notebook test at another folder (default ``notebooks/``).
"""

from __future__ import annotations

import io
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

REPO_ROOT = Path(__file__).resolve().parents[2]
# QC_NOTEBOOKS_DIR points the course-notebook test at another folder (e.g. drafts); default notebooks/.
NOTEBOOKS_DIR = Path(os.environ.get("QC_NOTEBOOKS_DIR") or REPO_ROOT / "notebooks").resolve()
ARTIFACTS_DIR = REPO_ROOT / "test-artifacts" / "browser"

# QC_CHROMIUM points the browser tests at another Chromium-family executable (e.g. /usr/bin/google-chrome).
CHROMIUM = os.environ.get("QC_CHROMIUM") or "/usr/bin/chromium"
# Flags measured to work here (see jupyter-facts.md); --disable-dev-shm-usage guards against small /dev/shm in
# containers.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
]
VIEWPORT = {"width": 1280, "height": 900}

# Everything that finds a slider handle / a figure, in one place.
SLIDER_HANDLE = ".widget-slider .noUi-handle"
FIGURE = ".jupyter-matplotlib-canvas-div, img.widget-image, .jp-RenderedImage img"
STDERR = '.jp-RenderedText[data-mime-type="application/vnd.jupyter.stderr"]'
# Control texts that must fit: descriptions, slider readouts, (toggle) buttons.
CLIPPABLE = ".widget-label, .widget-readout, .widget-toggle-button, .widget-button"

# Lab user settings written into the isolated JUPYTERLAB_SETTINGS_DIR.
LAB_SETTINGS = {
    # No news / update toast covering the notebook.
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    # Keep every cell in the DOM so off-screen widgets render and can be screenshot.
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    # The copy under test is never written back.
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    # No attempt to reach PyPI.
    "@jupyterlab/extensionmanager-extension/plugin.jupyterlab-settings": {"enabled": False},
}


def ci_requires_browser() -> bool:
    """True when env CI is set (CI=true): a missing browser is then an error, not a skip."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def missing_browser_reason() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    if not os.path.exists(CHROMIUM):
        return (f"{CHROMIUM} not found (install the Debian package: apt-get install chromium; .ci/run does this; "
                "or set QC_CHROMIUM to another Chromium or Chrome)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright Python package is not installed (pip install -e '.[test]')"
    return None


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# --------------------------------------------------------------------------------------------------------------
# JupyterLab server
# --------------------------------------------------------------------------------------------------------------
class LabServer:
    """``jupyter lab`` on 127.0.0.1 serving ``root_dir``, isolated from the user's Jupyter/IPython settings.

    The server runs in its own process group; :meth:`stop` shuts its kernels down and kills the group.
    """

    def __init__(self, root_dir: str | os.PathLike, *, startup_timeout: float = 90.0):
        self.root_dir = Path(root_dir)
        self.startup_timeout = startup_timeout
        self.token = secrets.token_hex(24)
        self.port = 0
        self.proc: subprocess.Popen | None = None
        self._home: tempfile.TemporaryDirectory | None = None
        self.log_path: Path | None = None

    # -- lifecycle -----------------------------------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> "LabServer":
        self._home = tempfile.TemporaryDirectory(prefix="qc-lab-")
        home = Path(self._home.name)
        env = self._environment(home)
        self.log_path = home / "jupyter-lab.log"
        cmd = [
            sys.executable, "-m", "jupyterlab",
            "--no-browser",
            "--ip=127.0.0.1",
            "--port-retries=0",
            f"--IdentityProvider.token={self.token}",
            "--LabApp.expose_app_in_browser=True",
            "--LabApp.news_url=",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            f"--ServerApp.root_dir={self.root_dir}",
        ]
        if os.getuid() == 0:
            cmd.append("--allow-root")
        # A free port can be taken between probing and binding; retry a few times (--port-retries=0 makes the
        # server exit instead of silently moving elsewhere).
        for attempt in range(3):
            self.port = free_port()
            log = open(self.log_path, "ab")
            self.proc = subprocess.Popen(
                cmd + [f"--port={self.port}"],
                env=env, cwd=self.root_dir, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True,
            )
            log.close()
            try:
                self._wait_until_up()
                return self
            except _PortTaken:
                self._kill()
        raise RuntimeError(f"JupyterLab could not bind a free port after 3 attempts:\n{self.log_tail()}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            for session in self._sessions():
                self.shutdown_kernel(session)
            self._kill()
        self.proc = None
        if self._home is not None:
            self._home.cleanup()
            self._home = None

    def __enter__(self) -> "LabServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def _kill(self) -> None:
        proc = self.proc
        if proc is None or proc.poll() is not None:
            return
        try:
            os.killpg(proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait(timeout=10)

    def _environment(self, home: Path) -> dict:
        dirs = {
            "JUPYTER_CONFIG_DIR": home / "config",
            "JUPYTER_DATA_DIR": home / "data",
            "JUPYTER_RUNTIME_DIR": home / "runtime",
            "JUPYTERLAB_SETTINGS_DIR": home / "lab-settings",
            "JUPYTERLAB_WORKSPACES_DIR": home / "lab-workspaces",
            "IPYTHONDIR": home / "ipython",
        }
        for d in dirs.values():
            d.mkdir(parents=True)
        for rel, settings in LAB_SETTINGS.items():
            p = dirs["JUPYTERLAB_SETTINGS_DIR"] / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(json.dumps(settings, indent=1))
        # The kernel is this interpreter (the project venv), stated explicitly rather than left to PATH.
        spec = dirs["JUPYTER_DATA_DIR"] / "kernels" / "python3"
        spec.mkdir(parents=True)
        (spec / "kernel.json").write_text(json.dumps({
            "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
            "display_name": "Python 3 (ipykernel)",
            "language": "python",
            "metadata": {"debugger": True},
        }, indent=1))
        env = dict(os.environ)
        env.update({k: str(v) for k, v in dirs.items()})
        # The project conftest sets MPLBACKEND=Agg for the test process; kernels must pick their own backend
        # (ipykernel defaults to inline only when MPLBACKEND is unset).
        env.pop("MPLBACKEND", None)
        # Don't hide the venv's share/jupyter (the ipywidgets/ipympl front-end extensions live there).
        for var in ("JUPYTER_NO_CONFIG", "JUPYTER_PATH", "JUPYTER_PLATFORM_DIRS"):
            env.pop(var, None)
        env["PYTHONUNBUFFERED"] = "1"
        return env

    def _wait_until_up(self) -> None:
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                tail = self.log_tail()
                if "already in use" in tail or "Address already" in tail:
                    raise _PortTaken()
                raise RuntimeError(f"JupyterLab exited with code {self.proc.returncode}:\n{tail}")
            try:
                if self.api("GET", "/api/status", timeout=2) is not None:
                    # /lab answers too (the page, not just the REST API).
                    with urllib.request.urlopen(self.url("/lab"), timeout=5) as r:
                        if r.status == 200:
                            return
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
                pass
            time.sleep(0.25)
        raise RuntimeError(f"JupyterLab did not answer within {self.startup_timeout:.0f} s:\n{self.log_tail()}")

    def log_tail(self, n: int = 40) -> str:
        if self.log_path is None or not self.log_path.exists():
            return "(no log)"
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-n:])

    # -- REST ----------------------------------------------------------------------------------------------------
    def url(self, path: str) -> str:
        sep = "&" if "?" in path else "?"
        return f"{self.base_url}{path}{sep}token={self.token}"

    def notebook_url(self, relpath: str, workspace: str | None = None) -> str:
        """URL opening ``relpath`` in a fresh, named workspace (no tabs restored from an earlier test)."""
        workspace = workspace or "w" + secrets.token_hex(4)
        return self.url(f"/lab/workspaces/{workspace}/tree/{quote(relpath)}?reset")

    def api(self, method: str, path: str, timeout: float = 10):
        req = urllib.request.Request(
            self.base_url + path, method=method, headers={"Authorization": f"token {self.token}"}
        )
        with urllib.request.urlopen(req, timeout=timeout) as r:
            body = r.read()
        return json.loads(body) if body else {}

    def _sessions(self) -> list[dict]:
        try:
            return self.api("GET", "/api/sessions")
        except Exception:
            return []

    def shutdown_kernel(self, session: dict) -> None:
        try:
            self.api("DELETE", f"/api/sessions/{session['id']}", timeout=20)
        except Exception:
            pass

    def shutdown_kernels_for(self, relpath: str) -> None:
        """Shut down the kernel(s) of one notebook, keeping a 2-core machine free for the next test."""
        for s in self._sessions():
            if s.get("path") == relpath or s.get("notebook", {}).get("path") == relpath:
                self.shutdown_kernel(s)


class _PortTaken(Exception):
    pass


# --------------------------------------------------------------------------------------------------------------
# Chromium
# --------------------------------------------------------------------------------------------------------------
def launch_chromium(playwright, headless: bool = True):
    """The Debian Chromium through Playwright (never ``playwright install``: it downloads a browser)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=headless, args=CHROMIUM_ARGS)


def new_page(browser, viewport: dict | None = None):
    """A page in a fresh context; browser-side exceptions are collected on ``page.js_errors``."""
    context = browser.new_context(viewport=viewport or VIEWPORT, device_scale_factor=1)
    page = context.new_page()
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    return page


# --------------------------------------------------------------------------------------------------------------
# Notebook driving
# --------------------------------------------------------------------------------------------------------------
@dataclass
class SliderResult:
    index: int  # among all slider handles of the notebook, in DOM order
    cell: int  # index of the notebook cell holding the slider
    description: str
    value_before: str
    value_after: str
    figures: int  # figures found in the same cell
    disabled: bool  # disabled when its turn came: reported, not moved
    changed: bool  # did any of those figures repaint?
    changed_fraction: float  # share of pixels that differ (largest over the figures)
    seconds: float  # key press → changed pixels seen by the harness (coarse; see the benchmark for latency)
    disabled_at_start: bool = False  # already disabled right after Run All (before any slider moved)

    def describe(self) -> str:
        if self.disabled:
            when = ("disabled after Run All" if self.disabled_at_start
                    else "disabled by the sliders moved before it")
            return f"slider #{self.index} {self.description!r} in cell {self.cell}: {when} (not moved)"
        return (f"slider #{self.index} {self.description!r} in cell {self.cell}: value {self.value_before} → "
                f"{self.value_after}, {self.figures} figure(s) in the cell, "
                f"{'repainted' if self.changed else 'NOT repainted'}")


@dataclass
class NotebookReport:
    path: str
    code_cells: int = 0
    unexecuted: list[int] = field(default_factory=list)  # cell indices without an execution count
    errors: list[str] = field(default_factory=list)
    clipped: list[str] = field(default_factory=list)  # control texts cut off ("axis elevation…"): unreadable
    sliders: list[SliderResult] = field(default_factory=list)
    js_errors: list[str] = field(default_factory=list)
    screenshot: Path | None = None
    widget_shots: list[Path] = field(default_factory=list)  # one per cell with a widget (final state)
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
            if s.value_before == s.value_after:
                out.append(f"slider #{s.index} {s.description!r} (cell {s.cell}) did not move on PageUp/ArrowRight")
            elif s.figures == 0:
                out.append(f"slider #{s.index} {s.description!r} (cell {s.cell}) has no figure (ipympl canvas or "
                           f"image) in its cell")
            elif not s.changed:
                out.append(f"slider #{s.index} {s.description!r} (cell {s.cell}) moved {s.value_before} → "
                           f"{s.value_after} but its figure did not repaint")
        return out

    def summary(self) -> str:
        lines = [f"{self.path}: {self.code_cells} code cells, {len(self.sliders)} slider(s)"]
        lines += [f"  timing {k}: {v:.1f} s" for k, v in self.timings.items()]
        lines += [f"  unexecuted code cells: {self.unexecuted}"] if self.unexecuted else []
        lines += ["  error: " + e for e in self.errors]
        lines += ["  text cut off: " + c for c in self.clipped]
        lines += ["  " + s.describe() for s in self.sliders]
        lines += ["  browser exception: " + e for e in self.js_errors[:5]]
        if self.screenshot:
            lines.append(f"  screenshot: {self.screenshot}")
        if self.widget_shots:
            lines.append(f"  widget screenshots: {', '.join(str(p) for p in self.widget_shots)}")
        return "\n".join(lines)


# JS helpers, evaluated in the page.  `panel(path)` finds the notebook panel of a path among the main-area widgets.
_JS_PANEL = """
const panelOf = (path) => {
  const app = window.jupyterapp;
  for (const w of app.shell.widgets('main')) {
    if (w.context && w.context.path === path && w.content && w.content.widgets) return w;
  }
  return null;
};
"""

_JS_KERNEL_READY = _JS_PANEL + """
async (path) => {
  const p = panelOf(path);
  if (!p) return 'no panel';
  await p.context.ready;
  await p.sessionContext.ready;
  const k = p.sessionContext.session && p.sessionContext.session.kernel;
  if (!k) return 'no kernel';
  return k.connectionStatus === 'connected' && k.status === 'idle' ? 'ok' : k.status;
}
"""

# Time of the last message to or from the notebook's kernel (a slider change sends a comm message first).
_JS_WATCH_KERNEL = _JS_PANEL + """
(path) => {
  const k = panelOf(path).sessionContext.session.kernel;
  window.__qcLastMsg = performance.now();
  k.anyMessage.connect(() => { window.__qcLastMsg = performance.now(); });
}
"""

_JS_KERNEL_QUIET = _JS_PANEL + """
([path, quietMs]) => {
  const k = panelOf(path).sessionContext.session.kernel;
  return k.status === 'idle' && performance.now() - window.__qcLastMsg > quietMs;
}
"""

_JS_RUN_ALL = _JS_PANEL + """
(path) => {
  const p = panelOf(path);
  window.jupyterapp.shell.activateById(p.id);
  window.__qcRun = {done: false, result: null, error: null};
  window.jupyterapp.commands.execute('notebook:run-all-cells').then(
    (r) => { window.__qcRun.done = true; window.__qcRun.result = r; },
    (e) => { window.__qcRun.done = true; window.__qcRun.error = String(e); });
}
"""

_JS_RUN_FINISHED = _JS_PANEL + """
(path) => {
  const p = panelOf(path);
  if (!window.__qcRun || !window.__qcRun.done) return false;
  const k = p.sessionContext.session && p.sessionContext.session.kernel;
  if (!k || k.status !== 'idle') return false;
  // No prompt still showing [*] (queued or running).
  return !p.content.widgets.some((c) => c.model.type === 'code' &&
      c.promptNode && c.promptNode.textContent.includes('*'));
}
"""

_JS_CELL_STATE = _JS_PANEL + """
(path) => {
  const p = panelOf(path);
  const out = {codeCells: 0, unexecuted: [], errors: [], pendingWidgets: 0, clipped: []};
  p.content.widgets.forEach((c, i) => {
    if (c.model.type !== 'code') return;
    out.codeCells += 1;
    if (c.model.executionCount === null) out.unexecuted.push(i);
    const outputs = c.model.outputs.toJSON();
    for (const o of outputs) {
      if (o.output_type === 'error') {
        out.errors.push(`cell ${i}: ${o.ename}: ${o.evalue}`);
      }
      if (o.data && o.data['application/vnd.jupyter.widget-view+json']) {
        // A widget view output whose DOM has not rendered yet.
        if (!c.node.querySelector('.jupyter-widgets')) out.pendingWidgets += 1;
      }
    }
    // Tracebacks printed to stderr, also inside Output widgets (interact), which the model above does not hold.
    // (An error output renders as stderr too: skip cells already reported from the model.)
    if (!outputs.some((o) => o.output_type === 'error')) c.node.querySelectorAll('%(stderr)s').forEach((el) => {
      const t = el.textContent;
      if (/Traceback|Error/.test(t))
        out.errors.push(`cell ${i} (stderr): ${t.trim().split('\\n').slice(-3).join(' | ')}`);
    });
    c.node.querySelectorAll('.jupyter-widgets').forEach((el) => {
      if (/Error displaying widget|Failed to load model/.test(el.textContent))
        out.errors.push(`cell ${i}: ${el.textContent.trim().slice(0, 200)}`);
    });
    // Control texts the browser cuts off with an ellipsis (a description wider than its column, a choice wider
    // than its button): the learner cannot read them.
    c.node.querySelectorAll('%(clippable)s').forEach((el) => {
      if (el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
        out.clipped.push(`cell ${i}: ${JSON.stringify(el.textContent.trim())} needs ${el.scrollWidth} px, ` +
                         `has ${el.clientWidth} px`);
    });
  });
  return out;
}
""".replace("%(stderr)s", STDERR.replace("'", "\\'")).replace("%(clippable)s", CLIPPABLE)

# A slider is disabled when its noUiSlider element (or an ancestor) carries the `disabled` attribute.
_JS_IS_DISABLED = "!!h.closest('[disabled]')"

_JS_SLIDERS = _JS_PANEL + """
(path) => {
  const p = panelOf(path);
  const cells = p.content.widgets.map((c) => c.node);
  return Array.from(p.content.node.querySelectorAll('%(handle)s')).map((h, i) => {
    const cellNode = h.closest('.jp-Cell');
    const slider = h.closest('.widget-slider');
    const label = slider && slider.querySelector('.widget-label');
    return {
      index: i,
      cell: cells.indexOf(cellNode),
      description: label ? label.textContent.trim() : '',
      disabled: %(disabled)s,
      figures: cellNode ? cellNode.querySelectorAll('%(figure)s').length : 0,
    };
  });
}
""".replace("%(handle)s", SLIDER_HANDLE).replace("%(figure)s", FIGURE).replace("%(disabled)s", _JS_IS_DISABLED)


def is_disabled(handle) -> bool:
    """Whether the slider of this handle is disabled now (the learner cannot move it)."""
    return handle.evaluate("(h) => " + _JS_IS_DISABLED)


def readout(handle) -> str:
    """The slider's readout text (its value as shown), or its aria-valuenow."""
    return handle.evaluate(
        """(h) => {
             const s = h.closest('.widget-slider');
             const r = s && s.querySelector('.widget-readout');
             return r ? (r.value !== undefined && r.tagName === 'INPUT' ? r.value : r.textContent.trim())
                      : (h.getAttribute('aria-valuenow') || '');
           }"""
    )


def open_notebook(page, lab: LabServer, relpath: str, timeout: float = 120.0) -> None:
    """Open ``relpath`` in JupyterLab and wait until its kernel is connected and idle."""
    page.goto(lab.notebook_url(relpath), wait_until="domcontentloaded", timeout=timeout * 1000)
    page.wait_for_function(
        _JS_PANEL + "(path) => !!(window.jupyterapp && panelOf(path))",
        arg=relpath, timeout=timeout * 1000, polling=100,
    )
    deadline = time.monotonic() + timeout
    state = None
    while time.monotonic() < deadline:
        _accept_dialogs(page)
        state = page.evaluate(_JS_KERNEL_READY, relpath)
        if state == "ok":
            page.evaluate(_JS_WATCH_KERNEL, relpath)
            return
        time.sleep(0.2)
    raise TimeoutError(f"kernel of {relpath} not ready after {timeout:.0f} s (last state: {state})")


def _accept_dialogs(page) -> None:
    """Accept a modal (e.g. the kernel picker for a notebook without kernelspec) so it cannot block the run."""
    dialog = page.locator(".jp-Dialog .jp-mod-accept")
    if dialog.count():
        dialog.first.click()


def run_all(page, relpath: str, timeout: float = 300.0) -> None:
    """Run all cells and wait until the run finished and the kernel is idle."""
    page.evaluate(_JS_RUN_ALL, relpath)
    page.wait_for_function(_JS_RUN_FINISHED, arg=relpath, timeout=timeout * 1000, polling=100)


def wait_kernel_quiet(page, relpath: str, quiet: float = 0.5, timeout: float = 60.0) -> bool:
    """Wait until the kernel is idle and no message went to or came from it for ``quiet`` seconds."""
    try:
        page.wait_for_function(_JS_KERNEL_QUIET, arg=[relpath, quiet * 1000], timeout=timeout * 1000, polling=100)
        return True
    except Exception:
        return False


def cell_state(page, relpath: str) -> dict:
    return page.evaluate(_JS_CELL_STATE, relpath)


def wait_widgets_rendered(page, relpath: str, timeout: float = 30.0) -> dict:
    """Wait until every widget-view output has DOM; returns the final cell state."""
    deadline = time.monotonic() + timeout
    while True:
        state = cell_state(page, relpath)
        if state["pendingWidgets"] == 0 or time.monotonic() > deadline:
            return state
        time.sleep(0.2)


def _decode_png(png: bytes):
    import matplotlib.image

    return matplotlib.image.imread(io.BytesIO(png), format="png")


def changed_fraction(png_a: bytes, png_b: bytes) -> float:
    """Share of pixels that differ between two PNG screenshots (1.0 when the sizes differ)."""
    if png_a == png_b:
        return 0.0
    a, b = _decode_png(png_a), _decode_png(png_b)
    if a.shape != b.shape:
        return 1.0
    import numpy as np

    return float(np.any(np.abs(a - b) > 1e-6, axis=-1).mean())


def figure_rect_js(args: str, cell_node: str) -> str:
    """JS taking ``args`` (ending in the figure index ``k``): the viewport rectangle of figure ``k`` in the cell
    whose DOM node is the JS expression ``cell_node`` (after scrolling it into view), or null when it is not
    there.  JupyterLab and voila differ only in how a cell's node is found."""
    return """
(%(args)s) => {
  const figs = Array.from((%(cell)s).querySelectorAll('%(figure)s'))
      .filter((f) => f.getBoundingClientRect().width > 0);
  if (k >= figs.length) return {count: figs.length, rect: null};
  figs[k].scrollIntoView({block: 'nearest', inline: 'nearest'});
  const r = figs[k].getBoundingClientRect();
  const x = Math.max(0, r.left), y = Math.max(0, r.top);
  const w = Math.min(window.innerWidth, r.right) - x, h = Math.min(window.innerHeight, r.bottom) - y;
  return {count: figs.length, rect: w >= 1 && h >= 1 ? {x, y, width: w, height: h} : null};
}
""" % {"args": args, "cell": cell_node, "figure": FIGURE}


_JS_FIGURE_RECT = _JS_PANEL + figure_rect_js("[path, cell, k]", "panelOf(path).content.widgets[cell].node")


def figure_shots(page, relpath: str, cell: int) -> list[bytes]:
    """PNG screenshots of every figure in a cell (ipympl canvas, widget image, inline image), in DOM order.

    Each figure is located afresh and captured as a page region, because ``interact`` replaces its ``<img>``
    on every change: an element handle would go stale mid-check.
    """
    shots, k = [], 0
    while True:
        got = page.evaluate(_JS_FIGURE_RECT, [relpath, cell, k])
        if got["rect"] is None:
            if k >= got["count"]:
                return shots
            shots.append(b"")  # present but not visible
        else:
            shots.append(page.screenshot(clip=got["rect"], animations="disabled", caret="hide"))
        k += 1


def stable_figure_shots(page, relpath: str, cell: int, timeout: float = 20.0,
                        interval: float = 0.25) -> list[bytes]:
    """The cell's figure screenshots once two in a row agree (drawing finished); the last ones after timeout."""
    deadline = time.monotonic() + timeout
    prev = figure_shots(page, relpath, cell)
    while time.monotonic() < deadline:
        time.sleep(interval)
        cur = figure_shots(page, relpath, cell)
        if cur == prev:
            return cur
        prev = cur
    return prev


def _difference(base: list[bytes], cur: list[bytes]) -> float:
    if not cur:
        return 0.0  # the figures vanished (e.g. replaced by a traceback): not a repaint
    if len(base) != len(cur):
        return 1.0
    return max(changed_fraction(a, b) if a and b else float(a != b) for a, b in zip(base, cur))


def move_slider(page, handle, steps: int = 3) -> tuple[str, str]:
    """Focus a slider handle and press PageUp/ArrowRight; if the value is at its maximum, go down instead.

    Returns (value before, value after) as shown in the readout.
    """
    before = readout(handle)
    handle.focus()
    for up, down in (("PageUp", "PageDown"), ("ArrowRight", "ArrowLeft")):
        for _ in range(steps):
            page.keyboard.press(up)
        after = readout(handle)
        if after != before:
            return before, after
        for _ in range(steps):
            page.keyboard.press(down)
        after = readout(handle)
        if after != before:
            return before, after
    return before, readout(handle)


def check_sliders(page, relpath: str, repaint_timeout: float = 20.0) -> list[SliderResult]:
    """Move every slider of the notebook; for each, did a figure in its cell repaint (and stay repainted)?"""
    infos = page.evaluate(_JS_SLIDERS, relpath)
    handles = page.locator(f".jp-Notebook {SLIDER_HANDLE}")
    results = []
    for info in infos:
        handle = handles.nth(info["index"])
        cell = info["cell"]
        wait_kernel_quiet(page, relpath)
        # Checked again when the slider's turn comes: moving an earlier slider may have disabled this one (e.g. the
        # belt's untangle slider once the turn is off 0°/720°; tests/browser/test_belt_in_lab.py drives that one).
        if info["disabled"] or is_disabled(handle):
            results.append(SliderResult(
                index=info["index"], cell=cell, description=info["description"], value_before="", value_after="",
                figures=info["figures"], disabled=True, changed=False, changed_fraction=0.0, seconds=0.0,
                disabled_at_start=info["disabled"]))
            continue
        base = stable_figure_shots(page, relpath, cell) if cell >= 0 else []
        deadline = time.monotonic() + 10
        while cell >= 0 and not base and time.monotonic() < deadline:  # a figure view may still be rendering
            time.sleep(0.25)
            base = stable_figure_shots(page, relpath, cell)
        handle.scroll_into_view_if_needed()
        t0 = time.monotonic()
        before, after = move_slider(page, handle)
        changed, frac, seconds = False, 0.0, 0.0
        deadline = t0 + repaint_timeout
        while base and time.monotonic() < deadline:
            if _difference(base, figure_shots(page, relpath, cell)) > 0:
                seconds = time.monotonic() - t0
                # Judge the settled picture, not the first changed frame (a half-loaded image, or an intermediate
                # value while the kernel still works through the key presses): the kernel is done and the
                # figure stopped changing.  This also settles everything before the next slider.
                wait_kernel_quiet(page, relpath, timeout=max(1.0, deadline - time.monotonic()))
                frac = _difference(base, stable_figure_shots(page, relpath, cell))
                if frac > 0:
                    changed = True
                    break
            time.sleep(0.1)
        results.append(SliderResult(
            index=info["index"], cell=cell, description=info["description"],
            value_before=before, value_after=after, figures=len(base), disabled=False, changed=changed,
            changed_fraction=frac, seconds=seconds,
        ))
    return results


def find_slider(page, relpath: str, description: str):
    """(handle locator, cell index) of the one slider whose label reads exactly ``description``."""
    infos = [i for i in page.evaluate(_JS_SLIDERS, relpath) if i["description"] == description]
    if len(infos) != 1:
        raise LookupError(f"expected one slider labelled {description!r} in {relpath}, found {len(infos)}")
    return page.locator(f".jp-Notebook {SLIDER_HANDLE}").nth(infos[0]["index"]), infos[0]["cell"]


def key_slider_to(page, handle, target: float, max_presses: int = 400) -> str:
    """Move a slider to ``target`` with the keyboard only, as a learner would: Home/End when the target is an end,
    else PageUp/PageDown while a page does not overshoot, then the arrow keys.  Returns the readout.

    The readout is parsed as a number (thousands separators and a Unicode minus allowed).
    """
    def value() -> float:
        return float(readout(handle).replace(",", "").replace("−", "-"))

    handle.scroll_into_view_if_needed()
    handle.focus()
    lo, hi = (float(handle.get_attribute(a)) for a in ("aria-valuemin", "aria-valuemax"))
    if target in (lo, hi):
        page.keyboard.press("Home" if target == lo else "End")
    presses, page_size = 0, None
    while abs(value() - target) > 1e-9 and presses < max_presses:
        before = value()
        up = target > before
        coarse = page_size is None or page_size <= abs(target - before) + 1e-9
        page.keyboard.press(("PageUp" if up else "PageDown") if coarse else ("ArrowRight" if up else "ArrowLeft"))
        presses += 1
        if coarse:  # a page that overshoots (or the first one, measuring it) leaves the rest to the arrows
            page_size = abs(value() - before)
    return readout(handle)


_JS_MARK_OUTPUT = _JS_PANEL + """
([path, cell]) => {
  // Mark the output area of one cell for an element screenshot (and unmark any earlier one).
  document.querySelectorAll('[data-qc-shot]').forEach((el) => el.removeAttribute('data-qc-shot'));
  const p = panelOf(path);
  const out = p.content.widgets[cell].node.querySelector('.jp-Cell-outputArea');
  if (!out) return false;
  out.setAttribute('data-qc-shot', '1');
  out.scrollIntoView({block: 'start'});
  return true;
}
"""

_JS_WIDGET_CELLS = _JS_PANEL + """
(path) => panelOf(path).content.widgets.map((c, i) => [c, i])
    .filter(([c, i]) => c.model.type === 'code' && c.node.querySelector('.jp-OutputArea-output .jupyter-widgets'))
    .map(([c, i]) => i)
"""


def output_screenshot(page, relpath: str, cell: int, path: str | os.PathLike) -> Path | None:
    """Screenshot the output area of one cell (e.g. a whole demo widget) into ``path``; None if it has none."""
    if not page.evaluate(_JS_MARK_OUTPUT, [relpath, cell]):
        return None
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    out = page.locator("[data-qc-shot]")
    # JupyterLab scrolls inside its panel: an output taller than the viewport would be cut (and the status bar
    # captured instead), so grow the viewport to fit it for the shot.
    size = page.viewport_size or VIEWPORT
    need = int(out.bounding_box()["height"]) + 200
    if need > size["height"]:
        page.set_viewport_size({"width": size["width"], "height": need})
        page.evaluate(_JS_MARK_OUTPUT, [relpath, cell])  # scroll it to the top again
        page.wait_for_timeout(300)
    try:
        out.screenshot(path=str(path), animations="disabled", caret="hide")
    finally:
        if need > size["height"]:
            page.set_viewport_size(size)
    return path


def widget_screenshots(page, relpath: str, directory: str | os.PathLike) -> list[Path]:
    """One screenshot per cell holding a widget, ``<directory>/<notebook stem>_<n>.png`` (n from 1), settled."""
    stem = Path(relpath).stem
    shots = []
    for n, cell in enumerate(page.evaluate(_JS_WIDGET_CELLS, relpath), start=1):
        wait_kernel_quiet(page, relpath)
        stable_figure_shots(page, relpath, cell)
        shot = output_screenshot(page, relpath, cell, Path(directory) / f"{stem}_{n}.png")
        if shot is not None:
            shots.append(shot)
    return shots


def full_page_screenshot(page, path: str | os.PathLike, max_height: int = 12000) -> Path:
    """Screenshot the whole notebook: grow the viewport to the notebook's content height first.

    JupyterLab scrolls inside its own panels, so Playwright's ``full_page`` would only capture the viewport.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size or VIEWPORT
    # Content height = bottom of the last cell (not scrollHeight, which includes Lab's scroll-past-end padding).
    extra = page.evaluate(
        """() => {
             const nb = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer')
                     || document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook');
             if (!nb) return 0;
             const cells = nb.querySelectorAll('.jp-Cell');
             if (!cells.length) return 0;
             const bottom = cells[cells.length - 1].getBoundingClientRect().bottom
                          - nb.getBoundingClientRect().top + nb.scrollTop;
             return Math.max(0, bottom - nb.clientHeight);
           }"""
    )
    height = min(size["height"] + int(extra) + 40, max_height)
    if height != size["height"]:
        page.set_viewport_size({"width": size["width"], "height": height})
    page.evaluate(
        """() => document.querySelectorAll('.jp-NotebookPanel .jp-WindowedPanel-outer, .jp-NotebookPanel .jp-Notebook')
                   .forEach((el) => { el.scrollTop = 0; })"""
    )
    page.wait_for_timeout(500)
    page.screenshot(path=str(path), animations="disabled", caret="hide")
    if height != size["height"]:
        page.set_viewport_size(size)
    return path


def check_notebook(page, lab: LabServer, relpath: str, *, screenshot: str | os.PathLike | None = None,
                   widget_shots: str | os.PathLike | None = None,
                   run_timeout: float = 300.0, repaint_timeout: float = 20.0) -> NotebookReport:
    """Open, run all, collect errors, move every slider and watch its figure; screenshot the final state.

    ``screenshot``: a full-page PNG of the notebook (final state).  ``widget_shots``: a folder for one PNG per
    widget cell (``<stem>_<n>.png``, the output area only, right after Run All: easier to judge than the tall
    full-page shot).

    Never raises for notebook problems (errors, unexecuted cells, stale figures): they go into the report.
    Raises TimeoutError/playwright errors when JupyterLab itself does not respond in time.
    """
    report = NotebookReport(path=relpath)
    t = time.monotonic()
    try:
        open_notebook(page, lab, relpath)
        report.timings["open + kernel ready"] = time.monotonic() - t

        t = time.monotonic()
        run_all(page, relpath, timeout=run_timeout)
        state = wait_widgets_rendered(page, relpath)
        report.timings["run all"] = time.monotonic() - t
        report.code_cells = state["codeCells"]
        report.unexecuted = state["unexecuted"]
        report.errors = state["errors"]
        report.clipped = state["clipped"]
        if state["pendingWidgets"]:
            report.errors.append(f"{state['pendingWidgets']} widget output(s) never rendered")
        if widget_shots is not None:  # as the learner first sees them, before any slider moves
            try:
                report.widget_shots = widget_screenshots(page, relpath, widget_shots)
            except Exception as exc:  # a screenshot must not hide the real failure
                report.errors.append(f"(widget screenshots failed: {exc})")

        t = time.monotonic()
        report.sliders = check_sliders(page, relpath, repaint_timeout=repaint_timeout)
        report.timings["sliders"] = time.monotonic() - t
        # Errors raised by the slider callbacks (shown in Output widgets) count too.
        wait_kernel_quiet(page, relpath)
        late = cell_state(page, relpath)
        report.errors += [e for e in late["errors"] if e not in report.errors]
        # readouts change with the values: a clipped one after the moves counts too
        report.clipped += [c for c in late["clipped"] if c not in report.clipped]
    finally:
        report.js_errors = list(getattr(page, "js_errors", []))
        if screenshot is not None:
            try:
                report.screenshot = full_page_screenshot(page, screenshot)
            except Exception as exc:  # a screenshot must not hide the real failure
                report.errors.append(f"(screenshot failed: {exc})")
    return report


# --------------------------------------------------------------------------------------------------------------
# Notebook files
# --------------------------------------------------------------------------------------------------------------
def copy_notebooks(src: Path, dst: Path) -> Path:
    """A throw-away copy of a notebooks folder, so running cells never touches the committed files."""
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"),
                    dirs_exist_ok=True)
    return dst
