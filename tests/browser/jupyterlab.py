"""A JupyterLab page object for the browser tests and the browser benchmarks.

The browser itself comes from pytest-playwright's fixtures (``browser``, ``context``, ``page``: see conftest.py);
this module adds only what is specific to JupyterLab:

- :class:`LabServer` starts ``jupyter lab`` on a free loopback port with token auth, isolated Jupyter/IPython
  dirs (:func:`isolated_environment`) and this interpreter as the ``python3`` kernel; :class:`NotebookServer`
  starts ``jupyter notebook`` (Notebook 7) the same way.
- :class:`Notebook` is one open notebook: open it, run all cells, wait for its kernel, read the cells' state
  (errors, unexecuted cells, text cut off), find its sliders and other controls, screenshot its figures.
- :class:`Slider` is one slider handle: its readout, disabled or not, moved with the keyboard or dragged with
  the mouse.

Outside pytest (the benchmarks) launch Chromium with :data:`LAUNCH_ARGS` and import this module as a package
from the repository root (``python -m benchmarks.bench_browser_latency``)::

    with LabServer(root) as server, sync_playwright() as pw:
        page = pw.chromium.launch(**LAUNCH_ARGS).new_page(viewport=VIEWPORT)
        nb = Notebook(page, server, "00_start_here.ipynb").open()
        nb.run_all()
        print(nb.wait_rendered()["errors"], [s.description for s in nb.sliders()])

Env ``QC_NOTEBOOKS_DIR`` points the course-notebook tests at another folder (default ``notebooks/``), env
``QC_CHROMIUM`` at another Chromium-family executable (default ``/usr/bin/chromium``).
"""

from __future__ import annotations

import importlib.util
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
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

REPO_ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS_DIR = Path(os.environ.get("QC_NOTEBOOKS_DIR") or REPO_ROOT / "notebooks").resolve()
#: The course's Jupyter server setting, as `make lab` passes it (no Nagle delay: quatlib/server_settings.py).
SERVER_FLAGS = ["--ServerApp.kernel_websocket_connection_class=quatlib.server_settings.NoDelayConnection"]
ARTIFACTS_DIR = REPO_ROOT / "test-artifacts" / "browser"

CHROMIUM = os.environ.get("QC_CHROMIUM") or "/usr/bin/chromium"
# The Debian Chromium, never a downloaded one (`playwright install` fails here); flags from jupyter-facts.md, and
# --disable-dev-shm-usage against a small /dev/shm in containers.
LAUNCH_ARGS = {
    "executable_path": CHROMIUM,
    "args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"],
}
VIEWPORT = {"width": 1280, "height": 900}

# Everything that finds a control or a figure, in one place.
SLIDER_HANDLE = ".widget-slider .noUi-handle"
FIGURE = ".jupyter-matplotlib-canvas-div, img.widget-image, .jp-RenderedImage img"
STDERR = '.jp-RenderedText[data-mime-type="application/vnd.jupyter.stderr"]'
# Control texts that must fit: descriptions, slider readouts, (toggle) buttons.
CLIPPABLE = ".widget-label, .widget-readout, .widget-toggle-button, .widget-button"
# Controls besides sliders, driven by Notebook.change_control: kind -> selector of the widget's box.
CONTROLS = {"toggle buttons": ".widget-toggle-buttons", "dropdown": ".widget-dropdown",
            "checkbox": ".widget-checkbox", "play": ".widget-play"}

# Lab user settings: no news/update toast, every cell in the DOM (off-screen widgets render and can be shot), no
# autosave of the copy under test, no extension manager reaching PyPI.
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false",
                                                                         "checkForUpdates": False},
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
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


def load_script(relpath: str, name: str):
    """Import the script ``relpath`` of the repository (e.g. ``tools/present.py``, not a package) as module ``name``."""
    spec = importlib.util.spec_from_file_location(name, REPO_ROOT / relpath)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def copy_notebooks(src: Path, dst: Path) -> Path:
    """A throw-away copy of a notebooks folder, so running cells never touches the committed files."""
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"),
                    dirs_exist_ok=True)
    return dst


def isolated_environment(home: Path) -> dict:
    """Env for a Jupyter server whose config/data/runtime/settings/IPython dirs live in ``home``, with this
    interpreter (the project venv) as the ``python3`` kernel.  Shared by JupyterLab and voila (``make present``)."""
    dirs = {name: home / sub for name, sub in [
        ("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_DATA_DIR", "data"), ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("JUPYTERLAB_SETTINGS_DIR", "lab-settings"), ("JUPYTERLAB_WORKSPACES_DIR", "lab-workspaces"),
        ("IPYTHONDIR", "ipython")]}
    for d in dirs.values():
        d.mkdir(parents=True)
    for rel, settings in LAB_SETTINGS.items():
        p = dirs["JUPYTERLAB_SETTINGS_DIR"] / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(json.dumps(settings, indent=1))
    spec = dirs["JUPYTER_DATA_DIR"] / "kernels" / "python3"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python 3 (ipykernel)", "language": "python", "metadata": {"debugger": True}}, indent=1))
    env = dict(os.environ)
    env.update({k: str(v) for k, v in dirs.items()})
    # The project conftest sets MPLBACKEND=Agg for the test process; kernels pick their own backend.
    env.pop("MPLBACKEND", None)
    # Don't hide the venv's share/jupyter (the ipywidgets/ipympl front-end extensions live there).
    for var in ("JUPYTER_NO_CONFIG", "JUPYTER_PATH", "JUPYTER_PLATFORM_DIRS"):
        env.pop(var, None)
    env["PYTHONUNBUFFERED"] = "1"
    return env


class LabServer:
    """``jupyter lab`` on 127.0.0.1 serving ``root_dir``, in its own process group; :meth:`stop` shuts its
    kernels down and kills the group.  A context manager.  It runs with the course's server settings
    (:data:`SERVER_FLAGS`, as ``make lab``); ``course_config=False`` leaves them out (a benchmark's baseline)."""

    def __init__(self, root_dir: str | os.PathLike, *, startup_timeout: float = 90.0, course_config: bool = True):
        self.root_dir = Path(root_dir)
        self.course_config = course_config
        self.startup_timeout = startup_timeout
        self.token = secrets.token_hex(24)
        self.port = 0
        self.proc: subprocess.Popen | None = None
        self._home: tempfile.TemporaryDirectory | None = None
        self.log_path: Path | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> LabServer:
        self._home = tempfile.TemporaryDirectory(prefix="qc-lab-")
        env = isolated_environment(Path(self._home.name))
        self.log_path = Path(self._home.name) / "jupyter-lab.log"
        cmd = self.command()
        # A free port can be taken between probing and binding: retry (--port-retries=0 makes the server exit
        # instead of silently moving elsewhere).
        for _ in range(3):
            self.port = free_port()
            with open(self.log_path, "ab") as log:
                self.proc = subprocess.Popen(cmd + [f"--port={self.port}"], env=env, cwd=self.root_dir,
                                             stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                             start_new_session=True)
            if self._wait_until_up():
                return self
            self._kill()
        raise RuntimeError(f"JupyterLab could not bind a free port after 3 attempts:\n{self.log_tail()}")

    def command(self) -> list[str]:
        """The server's command line, without ``--port`` (added per attempt)."""
        return [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", "--port-retries=0",
                f"--IdentityProvider.token={self.token}", "--LabApp.expose_app_in_browser=True",
                "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
                f"--ServerApp.root_dir={self.root_dir}"] + self._common_flags()

    def _common_flags(self) -> list[str]:
        return (SERVER_FLAGS if self.course_config else []) \
            + (["--allow-root"] if os.getuid() == 0 else [])

    #: The page that answers 200 once the front end is served.
    app_path = "/lab"

    def _wait_until_up(self) -> bool:
        """True once /api/status and /lab answer; False when the port was taken; raises on any other failure."""
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                if "already in use" in self.log_tail() or "Address already" in self.log_tail():
                    return False
                raise RuntimeError(f"JupyterLab exited with code {self.proc.returncode}:\n{self.log_tail()}")
            try:
                self.api("GET", "/api/status", timeout=2)
                with urllib.request.urlopen(self.url(self.app_path), timeout=5) as r:
                    if r.status == 200:
                        return True
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
                pass
            time.sleep(0.25)
        raise RuntimeError(f"JupyterLab did not answer within {self.startup_timeout:.0f} s:\n{self.log_tail()}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            for session in self.sessions():
                self.shutdown_kernel(session)
            self._kill()
        self.proc = None
        if self._home is not None:
            self._home.cleanup()
            self._home = None

    def __enter__(self) -> LabServer:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def _kill(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        for sig, wait in ((signal.SIGTERM, 15), (signal.SIGKILL, 10)):
            try:
                os.killpg(self.proc.pid, sig)
                self.proc.wait(timeout=wait)
                return
            except ProcessLookupError:
                return
            except subprocess.TimeoutExpired:
                continue

    def log_tail(self, n: int = 40) -> str:
        if self.log_path is None or not self.log_path.exists():
            return "(no log)"
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-n:])

    def url(self, path: str) -> str:
        return f"{self.base_url}{path}{'&' if '?' in path else '?'}token={self.token}"

    def notebook_url(self, relpath: str) -> str:
        """URL opening ``relpath`` in a fresh, named workspace (no tabs restored from an earlier test)."""
        return self.url(f"/lab/workspaces/w{secrets.token_hex(4)}/tree/{quote(relpath)}?reset")

    def api(self, method: str, path: str, timeout: float = 10):
        req = urllib.request.Request(self.base_url + path, method=method,
                                     headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(req, timeout=timeout) as r:
            body = r.read()
        return json.loads(body) if body else {}

    def sessions(self) -> list[dict]:
        try:
            return self.api("GET", "/api/sessions")
        except (urllib.error.URLError, OSError, ValueError):
            return []

    def shutdown_kernel(self, session: dict) -> None:
        try:
            self.api("DELETE", f"/api/sessions/{session['id']}", timeout=20)
        except (urllib.error.URLError, OSError):
            pass

    def shutdown_kernels_for(self, relpath: str) -> None:
        """Shut down the kernel(s) of one notebook, keeping a 2-core machine free for the next test."""
        for s in self.sessions():
            if relpath in (s.get("path"), s.get("notebook", {}).get("path")):
                self.shutdown_kernel(s)


class NotebookServer(LabServer):
    """``jupyter notebook`` (Notebook 7) instead of JupyterLab, started the same way: loopback, token, isolated
    dirs, this interpreter as the kernel.  Notebook 7 is built from JupyterLab's components: with
    ``expose_app_in_browser`` its page has ``window.jupyterapp`` too, so :class:`Notebook` drives it unchanged."""

    app_path = "/tree"

    def command(self) -> list[str]:
        return [sys.executable, "-m", "notebook", "--no-browser", "--ip=127.0.0.1", "--port-retries=0",
                f"--IdentityProvider.token={self.token}", "--JupyterNotebookApp.expose_app_in_browser=True",
                f"--ServerApp.root_dir={self.root_dir}"] + self._common_flags()

    def notebook_url(self, relpath: str) -> str:
        """Notebook 7 opens one notebook per page, at /notebooks/<path>."""
        return self.url(f"/notebooks/{quote(relpath)}")


# --------------------------------------------------------------------------------------------------------------
# In-page JavaScript.  `panelOf(path)` finds the notebook panel of a path among the main-area widgets.
# --------------------------------------------------------------------------------------------------------------
_JS_PANEL = """
const panelOf = (path) => {
  for (const w of window.jupyterapp.shell.widgets('main'))
    if (w.context && w.context.path === path && w.content && w.content.widgets) return w;
  return null;
};
const kernelOf = (path) => { const s = panelOf(path).sessionContext.session; return s && s.kernel; };
"""

_JS_KERNEL_READY = _JS_PANEL + """
async (path) => {
  const p = panelOf(path);
  if (!p) return 'no panel';
  await p.context.ready;
  await p.sessionContext.ready;
  const k = kernelOf(path);
  if (!k) return 'no kernel';
  if (k.connectionStatus !== 'connected' || k.status !== 'idle') return k.status;
  // Time of the last message to or from the kernel (a control change sends a comm message first).
  window.__qcLastMsg = performance.now();
  k.anyMessage.connect(() => { window.__qcLastMsg = performance.now(); });
  return 'ok';
}
"""

_JS_KERNEL_QUIET = _JS_PANEL + """
([path, quietMs]) => kernelOf(path).status === 'idle' && performance.now() - window.__qcLastMsg > quietMs
"""

_JS_RUN_ALL = _JS_PANEL + """
(path) => {
  window.jupyterapp.shell.activateById(panelOf(path).id);
  window.__qcRun = {done: false};
  const done = () => { window.__qcRun.done = true; };
  window.jupyterapp.commands.execute('notebook:run-all-cells').then(done, done);
}
"""

_JS_RUN_FINISHED = _JS_PANEL + """
(path) => window.__qcRun.done && kernelOf(path) && kernelOf(path).status === 'idle' &&
    !panelOf(path).content.widgets.some((c) => c.model.type === 'code' && c.promptNode &&
                                               c.promptNode.textContent.includes('*'))
"""

_JS_CELL_STATE = _JS_PANEL + """
(path) => {
  const out = {codeCells: 0, unexecuted: [], errors: [], pendingWidgets: 0, clipped: []};
  panelOf(path).content.widgets.forEach((c, i) => {
    if (c.model.type !== 'code') return;
    out.codeCells += 1;
    if (c.model.executionCount === null) out.unexecuted.push(i);
    const outputs = c.model.outputs.toJSON();
    for (const o of outputs) {
      if (o.output_type === 'error') out.errors.push(`cell ${i}: ${o.ename}: ${o.evalue}`);
      // A widget view output whose DOM has not rendered yet.
      if (o.data && o.data['application/vnd.jupyter.widget-view+json'] && !c.node.querySelector('.jupyter-widgets'))
        out.pendingWidgets += 1;
    }
    // Tracebacks printed to stderr, also inside Output widgets (interact), which the model above does not hold
    // (an error output renders as stderr too: skip cells already reported from the model).
    if (!outputs.some((o) => o.output_type === 'error')) c.node.querySelectorAll('%(stderr)s').forEach((el) => {
      const t = el.textContent;
      if (/Traceback|Error/.test(t))
        out.errors.push(`cell ${i} (stderr): ${t.trim().split('\\n').slice(-3).join(' | ')}`);
    });
    c.node.querySelectorAll('.jupyter-widgets').forEach((el) => {
      if (/Error displaying widget|Failed to load model/.test(el.textContent))
        out.errors.push(`cell ${i}: ${el.textContent.trim().slice(0, 200)}`);
    });
    // Control texts the browser cuts off with an ellipsis: the learner cannot read them.
    c.node.querySelectorAll('%(clippable)s').forEach((el) => {
      if (el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
        out.clipped.push(`cell ${i}: ${JSON.stringify(el.textContent.trim())} needs ${el.scrollWidth} px, ` +
                         `has ${el.clientWidth} px`);
    });
  });
  return out;
}
""".replace("%(stderr)s", STDERR.replace("'", "\\'")).replace("%(clippable)s", CLIPPABLE)

# Every control matching `selector` in the notebook: DOM index, cell, label, disabled, figures in its cell.
_JS_CONTROLS = _JS_PANEL + """
([path, selector, box]) => {
  const cells = panelOf(path).content.widgets.map((c) => c.node);
  return Array.from(panelOf(path).content.node.querySelectorAll(selector)).map((el, index) => {
    const cell = el.closest('.jp-Cell');
    const label = Array.from(el.closest(box).querySelectorAll('.widget-label, .widget-label-basic'))
        .map((l) => l.textContent.replace(/\u200b/g, '').trim()).find((t) => t);
    return {index, cell: cells.indexOf(cell), description: label || '',
            disabled: !!(el.closest('[disabled]') || el.querySelector('[disabled]') ||
                         el.matches(':disabled')),
            figures: cell ? cell.querySelectorAll('%(figure)s').length : 0};
  });
}
""".replace("%(figure)s", FIGURE)


def figure_rect_js(args: str, cell_node: str) -> str:
    """JS taking ``args`` (ending in the figure index ``k``): the viewport rectangle of figure ``k`` in the cell
    whose DOM node is the JS expression ``cell_node`` (scrolled into view), null when it is not visible, and the
    number of figures.  JupyterLab and voila differ only in how a cell's node is found."""
    return """
(%(args)s) => {
  const figs = Array.from((%(cell)s).querySelectorAll('%(figure)s')).filter((f) => f.getBoundingClientRect().width > 0);
  if (k >= figs.length) return {count: figs.length, rect: null};
  figs[k].scrollIntoView({block: 'nearest', inline: 'nearest'});
  const r = figs[k].getBoundingClientRect();
  const x = Math.max(0, r.left), y = Math.max(0, r.top);
  const w = Math.min(window.innerWidth, r.right) - x, h = Math.min(window.innerHeight, r.bottom) - y;
  return {count: figs.length, rect: w >= 1 && h >= 1 ? {x, y, width: w, height: h} : null};
}
""".replace("%(args)s", args).replace("%(cell)s", cell_node).replace("%(figure)s", FIGURE)


def figure_shots(page, rect_js: str, args: list) -> list[bytes]:
    """PNG screenshots of every figure of a cell, in DOM order (``b""`` for one present but not visible).

    Each figure is located afresh (``rect_js`` from :func:`figure_rect_js`, called with ``args + [k]``) and
    captured as a page region: ``interact`` replaces its ``<img>`` on every change, a handle would go stale."""
    shots = []
    while True:
        got = page.evaluate(rect_js, [*args, len(shots)])
        if got["rect"] is None and len(shots) >= got["count"]:
            return shots
        shots.append(b"" if got["rect"] is None else
                     page.screenshot(clip=got["rect"], animations="disabled", caret="hide"))


def stable(shoot, timeout: float = 20.0, interval: float = 0.25) -> list[bytes]:
    """``shoot()`` until two results in a row agree (drawing finished); the last one after ``timeout``."""
    deadline = time.monotonic() + timeout
    prev = shoot()
    while time.monotonic() < deadline:
        time.sleep(interval)
        cur = shoot()
        if cur == prev:
            return cur
        prev = cur
    return prev


def changed_fraction(png_a: bytes, png_b: bytes) -> float:
    """Share of pixels that differ between two PNG screenshots (1.0 when the sizes differ)."""
    if png_a == png_b:
        return 0.0
    import matplotlib.image
    import numpy as np

    a, b = (matplotlib.image.imread(io.BytesIO(png), format="png") for png in (png_a, png_b))
    if a.shape != b.shape:
        return 1.0
    return float(np.any(np.abs(a - b) > 1e-6, axis=-1).mean())


def difference(base: list[bytes], cur: list[bytes]) -> float:
    """How much a cell's figures changed: the largest changed fraction; 0 when they vanished (e.g. replaced by
    a traceback: not a repaint), 1 when their number changed."""
    if not cur:
        return 0.0
    if len(base) != len(cur):
        return 1.0
    return max(changed_fraction(a, b) if a and b else float(a != b) for a, b in zip(base, cur, strict=True))


# --------------------------------------------------------------------------------------------------------------
# Page objects
# --------------------------------------------------------------------------------------------------------------
@dataclass
class Slider:
    """One slider handle (a Playwright locator) in ``cell``, labelled ``description``."""

    page: object
    handle: object
    index: int  # among the notebook's slider handles, in DOM order
    cell: int
    description: str

    def readout(self) -> str:
        """The value as shown in the readout (or aria-valuenow)."""
        return self.handle.evaluate(
            """(h) => { const r = h.closest('.widget-slider').querySelector('.widget-readout');
                        return r ? (r.tagName === 'INPUT' ? r.value : r.textContent.trim())
                                 : (h.getAttribute('aria-valuenow') || ''); }""")

    def value(self) -> float:
        """The readout as a number (thousands separators and a Unicode minus allowed)."""
        return float(self.readout().replace(",", "").replace("−", "-"))

    def is_disabled(self) -> bool:
        """Disabled now (its noUiSlider element or an ancestor carries ``disabled``): the learner cannot move it."""
        return self.handle.evaluate("(h) => !!h.closest('[disabled]')")

    def nudge(self, steps: int = 3) -> tuple[str, str]:
        """PageUp (or ArrowRight) ``steps`` times on the focused handle, down instead at the maximum.
        Returns the readout before and after."""
        before = self.readout()
        self.handle.focus()
        for up, down in (("PageUp", "PageDown"), ("ArrowRight", "ArrowLeft")):
            for key in (up, down):
                for _ in range(steps):
                    self.page.keyboard.press(key)
                if self.readout() != before:
                    return before, self.readout()
        return before, self.readout()

    def key_to(self, target: float, max_presses: int = 400) -> str:
        """Move to ``target`` with the keyboard only, as a learner would: Home/End for an end of the range, else
        PageUp/PageDown while a page does not overshoot, then the arrows.  Returns the readout."""
        self.handle.scroll_into_view_if_needed()
        self.handle.focus()
        lo, hi = (float(self.handle.get_attribute(a)) for a in ("aria-valuemin", "aria-valuemax"))
        if target in (lo, hi):
            self.page.keyboard.press("Home" if target == lo else "End")
        presses, page_size = 0, None
        while abs(self.value() - target) > 1e-9 and presses < max_presses:
            before = self.value()
            up = target > before
            coarse = page_size is None or page_size <= abs(target - before) + 1e-9
            self.page.keyboard.press(("PageUp" if up else "PageDown") if coarse else
                                     ("ArrowRight" if up else "ArrowLeft"))
            presses += 1
            if coarse:  # a page that overshoots (or the first one, measuring it) leaves the rest to the arrows
                page_size = abs(self.value() - before)
        return self.readout()

    def track(self) -> dict:
        """Viewport boxes of the handle and of the slider's track: where a mouse drag starts and may go."""
        self.handle.scroll_into_view_if_needed()
        return self.handle.evaluate(
            """(h) => { const box = (el) => { const r = el.getBoundingClientRect();
                                            return {x: r.x, y: r.y, width: r.width, height: r.height}; };
                        return {handle: box(h), track: box(h.closest('.noUi-target'))}; }""")


class Notebook:
    """One notebook open in JupyterLab in ``page`` (a Playwright page), served by ``server``.

    ``page.js_errors`` collects the page's uncaught exceptions from the moment the object is made."""

    def __init__(self, page, server: LabServer, relpath: str):
        self.page, self.server, self.relpath = page, server, relpath
        if not hasattr(page, "js_errors"):
            page.js_errors = []
            page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))

    def _js(self, script: str, *args):
        return self.page.evaluate(script, [self.relpath, *args] if args else self.relpath)

    def open(self, timeout: float = 120.0) -> Notebook:
        """Open the notebook and wait until its kernel is connected and idle."""
        self.page.goto(self.server.notebook_url(self.relpath), wait_until="domcontentloaded", timeout=timeout * 1e3)
        self.page.wait_for_function(_JS_PANEL + "(path) => !!(window.jupyterapp && panelOf(path))",
                                    arg=self.relpath, timeout=timeout * 1e3, polling=100)
        deadline, state = time.monotonic() + timeout, None
        while time.monotonic() < deadline:
            # Accept a modal (e.g. the kernel picker for a notebook without kernelspec) so it cannot block.
            dialog = self.page.locator(".jp-Dialog .jp-mod-accept")
            if dialog.count():
                dialog.first.click()
            state = self._js(_JS_KERNEL_READY)
            if state == "ok":
                return self
            time.sleep(0.2)
        raise TimeoutError(f"kernel of {self.relpath} not ready after {timeout:.0f} s (last state: {state})")

    def run_all(self, timeout: float = 300.0) -> None:
        """Run all cells and wait until the run finished and the kernel is idle."""
        self._js(_JS_RUN_ALL)
        self.page.wait_for_function(_JS_RUN_FINISHED, arg=self.relpath, timeout=timeout * 1e3, polling=100)

    def state(self) -> dict:
        """codeCells, unexecuted (cell indices), errors, pendingWidgets (widget outputs not rendered), clipped."""
        return self._js(_JS_CELL_STATE)

    def wait_rendered(self, timeout: float = 30.0) -> dict:
        """Wait until every widget-view output has DOM; returns the final :meth:`state`."""
        deadline = time.monotonic() + timeout
        while (state := self.state())["pendingWidgets"] and time.monotonic() < deadline:
            time.sleep(0.2)
        return state

    def wait_quiet(self, quiet: float = 0.5, timeout: float = 60.0) -> bool:
        """Wait until the kernel is idle and no message went to or came from it for ``quiet`` seconds."""
        try:
            self.page.wait_for_function(_JS_KERNEL_QUIET, arg=[self.relpath, quiet * 1e3], timeout=timeout * 1e3,
                                        polling=100)
            return True
        except Exception:  # playwright's TimeoutError: report, let the caller judge the picture
            return False

    # -- controls ------------------------------------------------------------------------------------------------
    def controls(self, kind: str) -> list[dict]:
        """The notebook's controls of one kind ("slider" or a key of :data:`CONTROLS`), as dicts: index, cell,
        description, disabled, figures (in the same cell)."""
        if kind == "slider":
            return self._js(_JS_CONTROLS, SLIDER_HANDLE, ".widget-slider")
        return self._js(_JS_CONTROLS, CONTROLS[kind], CONTROLS[kind])

    def sliders(self) -> list[Slider]:
        handles = self.page.locator(f".jp-Notebook {SLIDER_HANDLE}")
        return [Slider(self.page, handles.nth(i["index"]), i["index"], i["cell"], i["description"])
                for i in self.controls("slider")]

    def slider(self, description: str) -> Slider:
        """The one slider whose label reads exactly ``description``."""
        found = [s for s in self.sliders() if s.description == description]
        if len(found) != 1:
            raise LookupError(f"expected one slider labelled {description!r} in {self.relpath}, found {len(found)}")
        return found[0]

    def change_control(self, kind: str, index: int) -> str:
        """Change control ``index`` of ``kind`` the way a learner does; returns what was done.

        Toggle buttons: click the next choice.  Dropdown: pick the next option.  Checkbox: click it.  Play: press
        ▶ (it runs on by itself)."""
        box = self.page.locator(f".jp-Notebook {CONTROLS[kind]}").nth(index)
        box.scroll_into_view_if_needed()
        if kind == "toggle buttons":
            buttons = box.locator("button")
            n = buttons.count()
            current = next(i for i in range(n) if "mod-active" in (buttons.nth(i).get_attribute("class") or ""))
            target = buttons.nth((current + 1) % n)
            target.click()
            return f"clicked {target.inner_text().strip()!r}"
        if kind == "dropdown":
            select = box.locator("select")
            options = select.locator("option").all_inner_texts()
            current = select.evaluate("(s) => s.selectedIndex")
            select.select_option(index=(current + 1) % len(options))
            return f"chose {options[(current + 1) % len(options)].strip()!r}"
        if kind == "checkbox":
            box.locator("input[type=checkbox]").click()
            return "clicked"
        box.locator("button").first.click()  # ▶
        return "pressed play"

    # -- figures and screenshots ---------------------------------------------------------------------------------
    _RECT = _JS_PANEL + figure_rect_js("[path, cell, k]", "panelOf(path).content.widgets[cell].node")

    def figure_shots(self, cell: int) -> list[bytes]:
        """PNG screenshots of every figure in a cell (ipympl canvas, widget image, inline image), in DOM order."""
        return figure_shots(self.page, self._RECT, [self.relpath, cell])

    def stable_figure_shots(self, cell: int, timeout: float = 20.0) -> list[bytes]:
        """The cell's figure screenshots once two in a row agree; after the kernel went quiet."""
        return stable(lambda: self.figure_shots(cell), timeout)

    def widget_cells(self) -> list[int]:
        return self._js(_JS_PANEL + """(path) => panelOf(path).content.widgets.map((c, i) => [c, i])
            .filter(([c]) => c.model.type === 'code' && c.node.querySelector('.jp-OutputArea-output .jupyter-widgets'))
            .map(([, i]) => i)""")

    def output_screenshot(self, cell: int, path: str | os.PathLike) -> Path | None:
        """Screenshot the output area of one cell (e.g. a whole demo) into ``path``; None if it has none."""
        mark = _JS_PANEL + """([path, cell]) => {
            document.querySelectorAll('[data-qc-shot]').forEach((el) => el.removeAttribute('data-qc-shot'));
            const out = panelOf(path).content.widgets[cell].node.querySelector('.jp-Cell-outputArea');
            if (!out) return false;
            out.setAttribute('data-qc-shot', '1');
            out.scrollIntoView({block: 'start'});
            return true; }"""
        if not self._js(mark, cell):
            return None
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        out = self.page.locator("[data-qc-shot]")
        # JupyterLab scrolls inside its panel: grow the viewport so an output taller than it is not cut.
        size = self.page.viewport_size or VIEWPORT
        need = int(out.bounding_box()["height"]) + 200
        if need > size["height"]:
            self.page.set_viewport_size({"width": size["width"], "height": need})
            self._js(mark, cell)
            self.page.wait_for_timeout(300)
        try:
            out.screenshot(path=str(path), animations="disabled", caret="hide")
        finally:
            self.page.set_viewport_size(size)
        return path

    def widget_screenshots(self, directory: str | os.PathLike) -> list[Path]:
        """One settled screenshot per cell holding a widget: ``<directory>/<notebook stem>_<n>.png`` (n from 1)."""
        shots = []
        for n, cell in enumerate(self.widget_cells(), start=1):
            self.wait_quiet()
            self.stable_figure_shots(cell)
            shot = self.output_screenshot(cell, Path(directory) / f"{Path(self.relpath).stem}_{n}.png")
            shots += [shot] if shot else []
        return shots

    def full_page_screenshot(self, path: str | os.PathLike, max_height: int = 12000) -> Path:
        """The whole notebook: the viewport grown to the bottom of the last cell first (JupyterLab scrolls inside
        its own panels, so Playwright's ``full_page`` would capture only the viewport)."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        size = self.page.viewport_size or VIEWPORT
        extra = self.page.evaluate("""() => {
            const nb = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer')
                    || document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook');
            const cells = nb ? nb.querySelectorAll('.jp-Cell') : [];
            if (!cells.length) return 0;
            const bottom = cells[cells.length - 1].getBoundingClientRect().bottom - nb.getBoundingClientRect().top
                         + nb.scrollTop;
            return Math.max(0, bottom - nb.clientHeight); }""")
        self.page.set_viewport_size({"width": size["width"], "height": min(size["height"] + int(extra) + 40,
                                                                          max_height)})
        self.page.evaluate("""() => document.querySelectorAll(
            '.jp-NotebookPanel .jp-WindowedPanel-outer, .jp-NotebookPanel .jp-Notebook').forEach((el) => {
                el.scrollTop = 0; })""")
        self.page.wait_for_timeout(500)
        try:
            self.page.screenshot(path=str(path), animations="disabled", caret="hide")
        finally:
            self.page.set_viewport_size(size)
        return path

    # -- the kernel, without a cell --------------------------------------------------------------------------------
    _EXECUTE = _JS_PANEL + """
async ([path, code]) => {
  const future = kernelOf(path).requestExecute({code, silent: false, store_history: false});
  let out = '';
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === 'stream') out += msg.content.text;
    else if (msg.header.msg_type === 'error') out += `${msg.content.ename}: ${msg.content.evalue}\\n`;
  };
  const reply = await future.done;
  return {status: reply.content.status, out};
}
"""

    def execute(self, code: str) -> str:
        """Run ``code`` in the notebook's kernel without adding a cell; returns what it printed.

        For harness code that must run beside the notebook (a benchmark's probes), not for the course's cells.
        Raises RuntimeError when the code raised."""
        got = self._js(self._EXECUTE, code)
        if got["status"] != "ok":
            raise RuntimeError(f"{self.relpath}: kernel code failed: {got['out'].strip()}")
        return got["out"]
