"""``make present``: every course notebook as a voila app in headless Chromium, and no kernel left behind.

Each test starts voila through ``tools/present.py``'s :class:`VoilaServer` -- the code ``make present`` runs --
with a free port and isolated Jupyter dirs, on a throw-away copy of ``notebooks/``.

Per notebook: the page renders its widgets with no error output and no code visible; one slider moved with the
keyboard repaints its figure; after the page is closed *without* ``beforeunload`` (a crashed or killed tab, a
sleeping laptop: voila's own clean-up beacon never fires) kernel culling brings the server's kernels back to 0
within ``present.CULL_BOUND_SECONDS``.  While the page loads, the test watches the kernel as the culler does and
records how close it came to being culled before the page connected.

Every Play button shows its icon and nothing else (no stray "." after it) and keeps its accessible name.

Besides: an open page keeps its kernel past the cull timeout (the presenter's demo is never killed), a tab closed
normally loses its kernel too, and the server is loopback-only with token auth.

Screenshots: ``test-artifacts/browser/voila_<stem>.png``.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from . import jupyterlab as lab

pytestmark = pytest.mark.browser


present = lab.load_script("tools/present.py", "qc_tools_present")

NOTEBOOKS = sorted(lab.NOTEBOOKS_DIR.glob("*.ipynb"))
PARAMS = [pytest.param(p.name, id=p.stem) for p in NOTEBOOKS] or [pytest.param(None, id="no-notebooks-found")]

WIDGET_SCRIPT = 'script[type="application/vnd.jupyter.widget-view+json"]'


# Fixtures notebooks_copy and start_voila: tests/browser/conftest.py (shared with test_present_projector.py).


# --------------------------------------------------------------------------------------------------------------
# Watching kernels the way the culler does
# --------------------------------------------------------------------------------------------------------------
def _kernel_ids(server) -> dict[int, str]:
    """pid -> kernel id, from the kernels' command lines (``-f .../kernel-<id>.json``)."""
    import psutil

    out = {}
    for pid in server.kernel_pids():
        try:
            cmd = psutil.Process(pid).cmdline()
        except psutil.Error:
            continue
        for part in cmd:
            name = Path(part).name
            if name.startswith("kernel-") and name.endswith(".json"):
                out[pid] = name[len("kernel-"):-len(".json")]
    return out


class CullWatch(threading.Thread):
    """Polls every kernel's model while a page loads and keeps what the culler would see.

    ``closest`` is the longest idle-without-connection time seen (the culler kills at ``cull_idle_timeout``):
    the margin by which the page being opened escaped culling.
    """

    def __init__(self, server, period: float = 0.1):
        super().__init__(daemon=True)
        self.server, self.period = server, period
        self.closest = 0.0
        self.connected: set[str] = set()
        self.seen: set[str] = set()
        self._halt = threading.Event()

    def run(self) -> None:
        while not self._halt.is_set():
            for kid in _kernel_ids(self.server).values():
                try:
                    model = self.server.kernel_model(kid)
                except (urllib.error.URLError, OSError):
                    continue
                if model is None:
                    continue
                self.seen.add(kid)
                if model.get("connections", 0) > 0:
                    self.connected.add(kid)
                elif kid not in self.connected and model.get("execution_state") != "busy":
                    last = dt.datetime.fromisoformat(model["last_activity"].replace("Z", "+00:00"))
                    idle = (dt.datetime.now(dt.timezone.utc) - last).total_seconds()
                    self.closest = max(self.closest, idle)
            self._halt.wait(self.period)

    def stop(self) -> None:
        self._halt.set()
        self.join(timeout=5)


def wait_no_kernels(server, timeout: float, kernel_id: str | None = None) -> tuple[float, list[str]]:
    """Seconds until the server has no kernel process left and has forgotten ``kernel_id``; what is left then."""
    t0 = time.monotonic()
    while True:
        left = [f"kernel process {pid}" for pid in server.kernel_pids()]
        if kernel_id and not left and server.kernel_model(kernel_id) is not None:
            left = [f"kernel {kernel_id} still known to the server"]  # the process exits just before
        if not left or time.monotonic() - t0 > timeout:
            return time.monotonic() - t0, left
        time.sleep(0.25)


# --------------------------------------------------------------------------------------------------------------
# The voila page
# --------------------------------------------------------------------------------------------------------------
_JS_STATE = """
() => {
  const cells = Array.from(document.querySelectorAll('#rendered_cells .jp-Cell'));
  const out = {cells: cells.length, pendingWidgets: document.querySelectorAll('%(script)s').length,
               widgets: document.querySelectorAll('.jupyter-widgets').length, errors: [], code: [],
               finished: document.querySelector('#rendered_cells') !== null};
  cells.forEach((c, i) => {
    c.querySelectorAll('[data-mime-type="application/vnd.jupyter.stderr"], [data-mime-type*="error"]').forEach((el) => {
      const t = el.textContent.trim();
      if (/Traceback|Error|error when executing/.test(t))
        out.errors.push(`cell ${i}: ${t.split('\\n').slice(-3).join(' | ')}`);
    });
    c.querySelectorAll('.jupyter-widgets').forEach((el) => {
      if (/Error displaying widget|Failed to load model/.test(el.textContent))
        out.errors.push(`cell ${i}: ${el.textContent.trim().slice(0, 200)}`);
    });
    if (c.classList.contains('jp-CodeCell')) {
      const input = c.querySelector('.jp-InputArea, .jp-InputPrompt, .cm-editor, .CodeMirror, .highlight');
      if (input && input.textContent.trim()) out.code.push(`cell ${i}: ${input.textContent.trim().slice(0, 80)}`);
    }
  });
  return out;
}
""".replace("%(script)s", WIDGET_SCRIPT)

_JS_SLIDERS = """
() => {
  const cells = Array.from(document.querySelectorAll('#rendered_cells .jp-Cell'));
  return Array.from(document.querySelectorAll('%(handle)s')).map((h, i) => {
    const cell = h.closest('.jp-Cell');
    const label = h.closest('.widget-slider').querySelector('.widget-label');
    return {index: i, cell: cells.indexOf(cell), description: label ? label.textContent.trim() : '',
            disabled: !!h.closest('[disabled]'),
            figures: cell ? cell.querySelectorAll('%(figure)s').length : 0};
  });
}
""".replace("%(handle)s", lab.SLIDER_HANDLE).replace("%(figure)s", lab.FIGURE)

_JS_FIGURE_RECT = lab.figure_rect_js("[cell, k]", "document.querySelectorAll('#rendered_cells .jp-Cell')[cell]")

# The element that scrolls the page (voila's lab template scrolls a panel, not the document) and its height.
_JS_CONTENT_HEIGHT = """
() => {
  let best = document.scrollingElement;
  const candidates = '#voila-top-panel, #jp-main-content-panel, #rendered_cells, body, html, #main';
  for (const el of document.querySelectorAll(candidates)) {
    if (el.scrollHeight > best.scrollHeight) best = el;
  }
  Array.from(document.querySelectorAll('*')).forEach((el) => { el.scrollTop = 0; });
  return best.scrollHeight;
}
"""


def kernel_id_of(page) -> str:
    return page.evaluate(
        "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")


def wait_rendered(page, timeout: float = 120.0) -> dict:
    """Wait until voila has replaced every widget placeholder with a rendered widget; the final page state."""
    deadline = time.monotonic() + timeout
    state = None
    while time.monotonic() < deadline:
        state = page.evaluate(_JS_STATE)
        if state["finished"] and state["pendingWidgets"] == 0 and (state["widgets"] or state["errors"]):
            return state
        time.sleep(0.2)
    raise TimeoutError(f"widgets not rendered after {timeout:.0f} s: {state}")


def figure_shots(page, cell: int) -> list[bytes]:
    return lab.figure_shots(page, _JS_FIGURE_RECT, [cell])


def stable_shots(page, cell: int, timeout: float = 20.0) -> list[bytes]:
    return lab.stable(lambda: figure_shots(page, cell), timeout, interval=0.3)


def move_one_slider(page, timeout: float = 20.0) -> dict:
    """Move the first live slider that has a figure in its cell; did that figure repaint?"""
    sliders = [s for s in page.evaluate(_JS_SLIDERS) if not s["disabled"] and s["figures"] and s["cell"] >= 0]
    if not sliders:
        return {"slider": None}
    s = sliders[0]
    base = stable_shots(page, s["cell"])
    handle = page.locator(lab.SLIDER_HANDLE).nth(s["index"])
    handle.scroll_into_view_if_needed()
    t0 = time.monotonic()
    before, after = lab.Slider(page, handle, s["index"], s["cell"], s["description"]).nudge()
    frac, seconds = 0.0, None
    while time.monotonic() - t0 < timeout:
        if lab.difference(base, figure_shots(page, s["cell"])) > 0:
            seconds = time.monotonic() - t0
            frac = lab.difference(base, stable_shots(page, s["cell"]))  # the settled picture, not a first frame
            if frac > 0:
                break
        time.sleep(0.1)
    return {"slider": s["description"], "cell": s["cell"], "before": before, "after": after,
            "figures": len(base), "changed_fraction": frac, "seconds": seconds}


def full_page_screenshot(page, path: Path, max_height: int = 12000) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size or lab.VIEWPORT
    height = min(max(size["height"], int(page.evaluate(_JS_CONTENT_HEIGHT)) + 20), max_height)
    page.set_viewport_size({"width": size["width"], "height": height})
    page.wait_for_timeout(500)
    page.screenshot(path=str(path), animations="disabled", caret="hide")
    page.set_viewport_size(size)
    return path


# Each Play button: its box, its icon's box (page pixels), whether its content fits, its rendered text.
_JS_PLAY_BUTTONS = """
() => Array.from(document.querySelectorAll('.widget-play button')).map((b) => {
  const box = b.getBoundingClientRect(), icon = b.querySelector('i.fa');
  const r = icon ? icon.getBoundingClientRect() : null;
  return {icon: icon ? Array.from(icon.classList).find((c) => c !== 'fa') : null, text: b.innerText.trim(),
          fits: b.scrollWidth <= b.clientWidth,
          iconBox: r && [r.left - box.left, r.top - box.top, r.right - box.left, r.bottom - box.top]};
});
"""


def play_button_problems(page) -> tuple[int, list[str]]:
    """Every ``ipywidgets.Play`` button on the page shows its icon and nothing else, and keeps its name.

    Nothing else: no rendered text, content that fits the button (else ipywidgets' ``text-overflow: ellipsis``
    draws a clipped "…", which reads as a stray "." after the icon), and in a screenshot of the button no dark
    pixel outside the icon's box.  The name: the one the demo panel's style sheet gives it
    (``quatlib.widgets._base.PLAY_BUTTON_NAMES``), as Chromium computes it.
    """
    import matplotlib.image
    import numpy as np
    from playwright.sync_api import expect

    from quatlib.widgets._base import PLAY_BUTTON_NAMES

    problems = []
    buttons = page.evaluate(_JS_PLAY_BUTTONS)
    for k, b in enumerate(buttons):
        what = f"Play button {k} ({b['icon']})"
        locator = page.locator(".widget-play button").nth(k)
        if b["text"]:
            problems.append(f"{what} shows text {b['text']!r}")
        if not b["fits"]:
            problems.append(f"{what}: its content is wider than the button (an ellipsis is drawn after the icon)")
        if b["icon"] not in PLAY_BUTTON_NAMES or b["iconBox"] is None:
            problems.append(f"{what}: not a known icon")
            continue
        try:
            expect(locator).to_have_accessible_name(PLAY_BUTTON_NAMES[b["icon"]], timeout=2000)
        except AssertionError as exc:
            problems.append(f"{what}: accessible name: {str(exc).splitlines()[0]}")
        locator.scroll_into_view_if_needed()
        b["iconBox"] = page.evaluate(_JS_PLAY_BUTTONS)[k]["iconBox"]  # after the scroll: the same, relative
        shot = matplotlib.image.imread(io.BytesIO(locator.screenshot(animations="disabled")), format="png")
        dark = shot[..., :3].mean(axis=-1) < 0.5  # ink: the icon is near black on the button's light grey
        x0, y0, x1, y1 = b["iconBox"]
        ys, xs = np.mgrid[:dark.shape[0], :dark.shape[1]]
        outside = dark & ~((xs >= x0 - 1) & (xs < x1 + 1) & (ys >= y0 - 1) & (ys < y1 + 1))
        if not dark.any():
            problems.append(f"{what}: no icon drawn")
        elif outside.sum():
            problems.append(f"{what}: {int(outside.sum())} dark pixels outside the icon (stray text?) at "
                            f"x {sorted(set(xs[outside].tolist()))[:8]}")
    return len(buttons), problems


def broken_notebook_links(page, server, folder: Path) -> list[str]:
    """Links to notebooks ("Next: 08 · …") must open that notebook in voila: /voila/render/<existing file>."""
    from urllib.parse import unquote, urlsplit

    bad = []
    for href in page.evaluate("() => Array.from(document.querySelectorAll('a[href]')).map((a) => a.href)"):
        parts = urlsplit(href)
        if not parts.path.endswith(".ipynb"):
            continue
        name = unquote(parts.path.rsplit("/", 1)[-1])
        if not (href.startswith(server.base_url + "voila/render/") and (folder / name).is_file()):
            bad.append(href)
    return bad


def code_lines(notebook: Path) -> list[str]:
    """Distinctive source lines of the notebook's code cells (not also quoted in its markdown)."""
    nb = json.loads(notebook.read_text())
    markdown = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    lines = []
    for c in nb["cells"]:
        if c["cell_type"] == "code":
            for line in "".join(c["source"]).splitlines():
                line = line.strip()
                if len(line) >= 12 and line not in markdown and not line.startswith("#"):
                    lines.append(line)
    return lines


# --------------------------------------------------------------------------------------------------------------
# Tests
# --------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("notebook", PARAMS)
def test_present_notebook_in_voila(notebook, notebooks_copy, start_voila, page):
    if notebook is None:
        pytest.fail(f"no notebooks found: {lab.NOTEBOOKS_DIR} has no *.ipynb", pytrace=False)
    stem = notebook.removesuffix(".ipynb")
    # `make present NB=07` resolves "07" the same way (other notebooks, e.g. fresh copies, by their full name).
    path = present.find_notebook(stem[:2] if present.is_course_notebook(notebook) else notebook, notebooks_copy)
    assert path.name == notebook
    timings = {}
    t = time.monotonic()
    server = start_voila(path)
    timings["voila up"] = time.monotonic() - t
    assert server.kernel_pids() == [], "no kernel before a page asks for one (no pre-heated pool)"

    watch = CullWatch(server)
    watch.start()
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    try:
        t = time.monotonic()
        page.goto(server.url, wait_until="domcontentloaded", timeout=180_000)
        state = wait_rendered(page)
        timings["page rendered"] = time.monotonic() - t
        kid = kernel_id_of(page)
        deadline = time.monotonic() + 20
        while kid not in watch.connected and time.monotonic() < deadline:
            time.sleep(0.1)
        watch.stop()
        model = server.kernel_model(kid)

        t = time.monotonic()
        moved = move_one_slider(page)
        timings["slider"] = time.monotonic() - t
        late = page.evaluate(_JS_STATE)["errors"]  # errors raised by the slider's callback
        visible_code = [line for line in code_lines(path) if line in page.inner_text("body")]
        bad_links = broken_notebook_links(page, server, path.parent)
        n_play, play_problems = play_button_problems(page)
        shot = full_page_screenshot(page, lab.ARTIFACTS_DIR / f"voila_{stem}.png")
        js_errors = list(page.js_errors)
    finally:
        watch.stop()
        # Closed without beforeunload: voila's clean-up beacon is not sent, only culling can free the kernel.
        page.context.close()
    t = time.monotonic()
    seconds, left = wait_no_kernels(server, present.CULL_BOUND_SECONDS, kid)
    timings["kernels gone after close"] = seconds

    report = (f"{notebook}: {state['cells']} cells, {state['widgets']} widget views, {n_play} Play buttons; "
              f"slider {moved}; "
              f"closest to culling before connecting: {watch.closest:.1f} s idle "
              f"(timeout {present.CULLING['cull_idle_timeout']} s); "
              + ", ".join(f"{k} {v:.1f} s" for k, v in timings.items()) + f"; screenshot {shot}")
    print(report)
    problems = []
    problems += [f"error output: {e}" for e in state["errors"] + [e for e in late if e not in state["errors"]]]
    problems += [f"code visible: {c}" for c in state["code"]]
    problems += [f"code line visible: {line!r}" for line in visible_code]
    problems += [f"link to a notebook does not open it in voila: {link}" for link in bad_links]
    problems += play_problems
    if model is None or model["connections"] < 1:
        problems.append(f"the page's kernel {kid} is not connected: {model}")
    if watch.closest > present.CULLING["cull_idle_timeout"] / 4:
        problems.append(f"the kernel sat {watch.closest:.1f} s idle with no page connected while the page loaded: "
                        f"too close to cull_idle_timeout={present.CULLING['cull_idle_timeout']} s")
    if moved["slider"] is None:
        problems.append("no live slider with a figure in its cell")
    elif moved["before"] == moved["after"]:
        problems.append(f"slider {moved['slider']!r} did not move on PageUp/ArrowRight")
    elif not moved["changed_fraction"]:
        problems.append(f"slider {moved['slider']!r} moved {moved['before']} → {moved['after']} but its figure did "
                        f"not repaint")
    if left:
        problems.append(f"{present.CULL_BOUND_SECONDS} s after the page closed: {', '.join(left)}")
    problems += [f"browser exception: {e}" for e in js_errors[:3]]
    if problems:
        pytest.fail(f"{notebook} in voila:\n  - " + "\n  - ".join(problems) + "\n\n" + report
                    + "\n\nvoila log:\n" + server.log_tail(), pytrace=False)


def _smallest_notebook() -> Path:
    if not NOTEBOOKS:
        pytest.fail(f"no notebooks found in {lab.NOTEBOOKS_DIR}", pytrace=False)
    return min(NOTEBOOKS, key=lambda p: p.stat().st_size)


def test_open_page_keeps_its_kernel_and_a_closed_tab_frees_it(notebooks_copy, start_voila, page):
    """The presenter's page, idle past the cull timeout, keeps its kernel; a tab closed normally frees it.

    Voila 0.5.13 sends a shutdown beacon on ``beforeunload``, but the server rejects it (403: "'_xsrf' argument
    missing from POST": the page never gets an ``_xsrf`` cookie), so here too culling is what frees the kernel.
    """
    server = start_voila(notebooks_copy / _smallest_notebook().name)
    try:
        page.goto(server.url, wait_until="domcontentloaded", timeout=180_000)
        wait_rendered(page)
        kid = kernel_id_of(page)
        idle = present.CULLING["cull_idle_timeout"] + 2 * present.CULLING["cull_interval"] + 2
        time.sleep(idle)  # no interaction at all: the kernel is idle for longer than cull_idle_timeout
        model = server.kernel_model(kid)
        assert model is not None and model["connections"] >= 1, f"kernel culled under an open page: {model}"
        assert len(server.kernel_pids()) == 1
        moved = move_one_slider(page)
        assert moved["slider"] and moved["changed_fraction"] > 0, f"the demo no longer responds: {moved}"
    finally:
        page.close(run_before_unload=True)  # a normal tab close: beforeunload runs, voila sends its beacon
        page.context.close()
    seconds, left = wait_no_kernels(server, present.CULL_BOUND_SECONDS, kid)
    beacon = "rejected (403)" if "403 POST /voila/api/shutdown" in server.log_tail(200) else "accepted"
    print(f"kernel alive after {idle} s idle with the page open; after a normal tab close (voila's beacon "
          f"{beacon}) gone in {seconds:.1f} s")
    assert not left, f"{present.CULL_BOUND_SECONDS} s after a normal tab close: {left}\n{server.log_tail()}"


def test_voila_listens_on_loopback_only_and_needs_the_token(notebooks_copy, start_voila):
    import psutil

    server = start_voila(notebooks_copy / _smallest_notebook().name)
    listening = {c.laddr.ip for c in psutil.Process(server.proc.pid).net_connections(kind="inet")
                 if c.status == psutil.CONN_LISTEN}
    assert listening == {"127.0.0.1"}, listening
    assert server.token not in " ".join(server.command()), "the token must not show in `ps`"

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    for url in (server.base_url, server.page_url, server.page_url + "?token=wrong"):
        with pytest.raises(urllib.error.HTTPError) as err:
            opener.open(url, timeout=30)
        assert err.value.code == 302 and "/login" in err.value.headers["Location"], url
    assert server.kernel_pids() == [], "a request without the token must not start a kernel"
    with urllib.request.urlopen(server.url, timeout=180) as r:  # runs the notebook; nobody connects
        assert r.status == 200 and b"jupyter-config-data" in r.read()
    seconds, left = wait_no_kernels(server, present.CULL_BOUND_SECONDS)
    assert not left, f"the kernel of a page that never connected survived {present.CULL_BOUND_SECONDS} s: {left}"
    print(f"kernel of a never-connected page culled after {seconds:.1f} s")
