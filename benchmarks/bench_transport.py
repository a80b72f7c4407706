"""Where the ~40 ms of a slider press go when the kernel does no drawing at all: the transport floor, hop by hop.

A notebook made here holds a slider and an ``ipywidgets.Image``; moving the slider sets one of a list of PNGs of
``hello_cube`` rendered beforehand (``Demo.snapshot()``), so the kernel does nothing but hand bytes over.  The
slider is pressed with the keyboard in JupyterLab (headless Chromium, same machine), timed as
``bench_browser_latency`` times it (its probe and its ``one_move``: key down → the first animation frame showing
the new picture), and every hop in between is timestamped on one clock, the wall clock in milliseconds since the
epoch (``performance.timeOrigin + performance.now()`` in the page, ``time.time()`` in the kernel; checked below):

=============  ===========================================================================================
page           key down (``bench_browser_latency``'s keydown listener); the slider's ``comm_msg`` handed to
               ``WebSocket.send`` (the prototype's send wrapped); every kernel message's ``message`` event on the kernel
               websocket (its header, parent header and comm method parsed); the ``<img>``'s new ``src``
               (a MutationObserver), its ``load`` event, and the animation frame after it
kernel         the shell channel thread receiving the message (ipykernel 7: ``shell_stream.on_recv``
               wrapped), the main thread dispatching it (``dispatch_shell``), the comm handler's start and
               end, and the iopub thread sending each reply (``IOPubThread._really_send``): ``time.time()``
messages       the ``date`` of every header: when the browser or the kernel made the message
=============  ===========================================================================================

Hops, per press (medians and p95 over the presses, ms)::

  key → ws.send            the slider's key handling, the model's change, the message serialized
  ws.send → server         Chromium to the Jupyter server (logged by a server config file)
  server → kernel thread   the server (websocket → ZMQ) and ZMQ to the kernel's shell channel thread
  thread → main            the shell channel thread handing the message to the kernel's main thread
  main → handler           deserializing it, publishing "busy", finding the comm
  handler → update made    traitlets and ipywidgets: the slider's value, the echo, the observer, the Image's state
  update made → iopub      the Image update waiting for and going through the iopub thread
  iopub → server           ZMQ from the kernel's iopub thread to the server
  server: to the websocket the server re-framing the message and writing it (tornado)
  websocket written → page Chromium's network stack and the page's main thread getting the message event
  page → src               ipywidgets in the page: the state deserialized, the view given a new blob URL
  src → load               Chromium fetching the blob and reading the PNG
  load → frame             waiting for the next animation frame

``--variant`` measures the same presses under a setting that could cut a hop, in alternating runs (each run its own
JupyterLab, kernel and page: ``--pairs`` runs of each, ordered A B B A …); see :data:`VARIANTS`.

Usage (from the repository root, as a module)::

    .venv/bin/python -m benchmarks.bench_transport                       # 40 presses, the hops
    .venv/bin/python -m benchmarks.bench_transport --variant nagle --variant noecho --pairs 2
    .venv/bin/python -m benchmarks.bench_transport --after-reply         # set the PNG after the kernel's idle

Needs /usr/bin/chromium, like the browser tests.  Speed is measured here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_notebook

from benchmarks import bench_browser_latency as latency
from tests.browser import jupyterlab as lab

# The notebook: a slider choosing one of 41 PNGs of hello_cube made beforehand (yaw -100° … 100°); no drawing.
# With after_reply the PNG is set on the kernel's event loop after the handler returned, as Demo paints.
_CELLS = [
    "import asyncio\nimport ipywidgets as widgets\nimport quatlib as ql",
    "demo = ql.widgets.hello_cube()\n"
    "pngs = [demo.set(yaw=5.0 * (i - 20)).snapshot() for i in range(41)]\n"
    "print(len(pngs), 'PNGs of', demo.name, 'of', min(map(len, pngs)), '…', max(map(len, pngs)), 'bytes')",
    "slider = widgets.IntSlider(value=20, min=0, max=40, description='frame', continuous_update=True)\n"
    "image = widgets.Image(value=pngs[20], format='png', layout=demo.view.widget.layout)\n"
    "AFTER_REPLY = {after_reply}\n"
    "\n"
    "def show(change):\n"
    "    if AFTER_REPLY:\n"
    "        asyncio.get_running_loop().call_soon(lambda: setattr(image, 'value', pngs[slider.value]))\n"
    "    else:\n"
    "        image.value = pngs[change['new']]\n"
    "\n"
    "slider.observe(show, names='value')\n"
    "widgets.VBox([slider, image])",
]

# Before the page loads: wrap WebSocket (send and every message of a kernel socket) and keep parsed records.
_JS_PAGE_PROBE = r"""
(() => {
  const now = () => performance.timeOrigin + performance.now();
  const dec = new TextDecoder();
  const T = window.__qcT = {sent: [], recv: [], protocols: []};
  // v1.kernel.websocket.jupyter.org: u64 n, n u64 offsets, then channel, header, parent, metadata, content, buffers.
  const parse = (data) => {
    if (typeof data === 'string') {
      const m = JSON.parse(data);
      return {channel: m.channel, header: m.header, parent: m.parent_header, content: m.content, nbuf: 0};
    }
    const buf = data instanceof ArrayBuffer ? data : data.buffer;
    const dv = new DataView(buf), n = Number(dv.getBigUint64(0, true));
    const off = Array.from({length: n}, (_, i) => Number(dv.getBigUint64(8 * (i + 1), true)));
    const text = (i) => dec.decode(new Uint8Array(buf, off[i], off[i + 1] - off[i]));
    return {channel: text(0), header: JSON.parse(text(1)), parent: JSON.parse(text(2)),
            content: JSON.parse(text(4)), nbuf: n - 6};
  };
  const record = (m, t) => {
    const d = (m.content && m.content.data) || {};
    return {t, channel: m.channel, type: m.header.msg_type, id: m.header.msg_id, date: m.header.date,
            parent: (m.parent && m.parent.msg_id) || null, method: d.method || null, comm: m.content.comm_id || null,
            state: d.state ? Object.keys(d.state) : null, status: m.content.execution_state || null,
            nbuf: m.nbuf};
  };
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    const t = now();
    if (this.__qcKernel) try { T.sent.push(record(parse(data), t)); } catch (e) { T.error = String(e); }
    return send.call(this, data);
  };
  const Base = window.WebSocket;
  window.WebSocket = class extends Base {
    constructor(...args) {
      super(...args);
      if (!String(args[0]).includes('/api/kernels/')) return;
      this.__qcKernel = true;
      this.addEventListener('open', () => T.protocols.push(this.protocol));
      this.addEventListener('message', (e) => {
        const t = now();
        try { const r = record(parse(e.data), t); r.ts = performance.timeOrigin + e.timeStamp; T.recv.push(r); }
        catch (err) { T.error = String(err); }
      });
    }
  };
  T.drain = () => { const out = {sent: T.sent, recv: T.recv, imgs: T.imgs || [], error: T.error || null};
                    T.sent = []; T.recv = []; T.imgs = []; return out; };
})();
"""

# After Run All: watch the figure of the slider's cell (src changes, loads, the frame after a load).
_JS_IMG_PROBE = """
(i) => {
  const T = window.__qcT, now = () => performance.timeOrigin + performance.now();
  const cell = document.querySelectorAll('.jp-Notebook .widget-slider .noUi-handle')[i].closest('.jp-Cell');
  T.imgs = [];
  new MutationObserver((rs) => rs.forEach((r) => T.imgs.push({kind: 'src', t: now(), src: r.target.src})))
      .observe(cell, {subtree: true, attributes: true, attributeFilter: ['src']});
  cell.addEventListener('load', (e) => {
    const t = now(), src = e.target.src;
    T.imgs.push({kind: 'load', t, src});
    requestAnimationFrame((ts) => T.imgs.push({kind: 'frame', t: now(), src, ts: performance.timeOrigin + ts}));
  }, true);
  return cell.querySelectorAll('img').length;
}
"""

# In the kernel, once: wrap where a shell message arrives and where the iopub thread sends, and log time.time().
_KERNEL_PROBE = '''
def _qc_install():
    import json, time
    kernel = get_ipython().kernel
    log = []

    def ids(frames):
        """(msg_id, msg_type, parent msg_id) of a ZMQ multipart message (idents, <IDS|MSG>, hmac, header, parent…)."""
        try:
            parts = [f.buffer if hasattr(f, "buffer") else f for f in frames]
            i = next(k for k, p in enumerate(parts) if len(p) == 9 and bytes(p) == b"<IDS|MSG>")
            header, parent = (json.loads(bytes(parts[i + k])) for k in (2, 3))
        except (StopIteration, ValueError, IndexError):  # not a Jupyter message (ipykernel's "stop aborting")
            return None, None, None
        return header.get("msg_id"), header.get("msg_type"), parent.get("msg_id")

    if getattr(kernel, "shell_channel_thread", None):
        receive = kernel.shell_channel_thread_main

        async def on_thread(msg):
            log.append(("thread", time.time(), *ids(msg)))
            await receive(msg)

        kernel.shell_channel_thread.io_loop.add_callback(lambda: kernel.shell_stream.on_recv(on_thread, copy=False))
    dispatch = kernel.dispatch_shell

    async def on_dispatch(msg, *args, **kwargs):
        log.append(("main", time.time(), *ids(msg)))
        return await dispatch(msg, *args, **kwargs)

    kernel.dispatch_shell = on_dispatch
    handle = kernel.shell_handlers["comm_msg"]

    def on_comm(stream, ident, msg):
        h = msg["header"]
        log.append(("handler", time.time(), h["msg_id"], h["msg_type"], None))
        try:
            return handle(stream, ident, msg)
        finally:
            log.append(("handled", time.time(), h["msg_id"], h["msg_type"], None))

    kernel.shell_handlers["comm_msg"] = on_comm
    really_send = kernel.iopub_thread._really_send

    def on_iopub(msg, *args, **kwargs):
        log.append(("iopub", time.time(), *ids(msg)))
        return really_send(msg, *args, **kwargs)

    kernel.iopub_thread._really_send = on_iopub
    return log

_qc_log = _qc_install()
print("probes in", type(get_ipython().kernel).__module__, "shell channel thread:",
      bool(getattr(get_ipython().kernel, "shell_channel_thread", None)))
'''
_KERNEL_DRAIN = "print(__import__('json').dumps(_qc_log)); _qc_log.clear()"

# The hops in order: (label, from, to); names as in Press.times.
HOPS = [
    ("key → ws.send", "key", "send"),
    ("ws.send → server", "send", "server_in"),
    ("server → kernel thread", "server_in", "thread"),
    ("thread → main", "thread", "main"),
    ("main → handler", "main", "handler"),
    ("handler → update made", "handler", "update_made"),
    ("update made → iopub", "update_made", "update_iopub"),
    ("iopub → server", "update_iopub", "update_server"),
    ("server: to the websocket", "update_server", "update_written"),
    ("websocket written → page", "update_written", "update_page"),
    ("page → src", "update_page", "src"),
    ("src → load", "src", "load"),
    ("load → frame", "load", "frame"),
]
# Not on the figure's path, but the drag's: the idle lets the page send the next value.
SIDE = [
    ("handler end → idle made", "handled", "idle_made"),
    ("idle made → iopub", "idle_made", "idle_iopub"),
    ("idle iopub → server", "idle_iopub", "idle_server"),
    ("idle: server to the websocket", "idle_server", "idle_written"),
    ("idle written → page", "idle_written", "idle_page"),
    ("busy (the first reply, small) written → page", "busy_written", "busy_page"),
    ("key → idle in page", "key", "idle_page"),
    ("key → frame (this probe)", "key", "frame"),
    ("key → frame (latency probe)", "key", "figure"),
]


@dataclass
class Press:
    times: dict = field(default_factory=dict)  # name → ms since the epoch
    order: list = field(default_factory=list)  # message types the kernel sent for this press, in page order


@dataclass
class Run:
    variant: str
    presses: list[Press] = field(default_factory=list)
    clock: dict = field(default_factory=dict)
    note: str = ""
    load: tuple = ()


def _date_ms(iso: str) -> float:
    """A header ``date`` (ISO 8601, UTC) as ms since the epoch."""
    return datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp() * 1e3


def assemble(page: dict, kernel: list, lat: tuple[float, float], origin: float) -> Press | None:
    """One press from the page's and the kernel's records: the slider's message, the kernel's handling, the
    Image update (the comm_msg with a buffer) and the idle answering it, the picture's src, load and frame."""
    sends = [m for m in page["sent"] if m["type"] == "comm_msg" and m["method"] == "update"]
    if len(sends) != 1:
        return None  # none (the key did nothing) or several (a second value in flight): not one clean press
    s = sends[0]
    p = Press()
    p.times["key"], p.times["figure"] = origin + lat[0], origin + lat[1]
    p.times["send"], p.times["send_made"] = s["t"], _date_ms(s["date"])
    for kind, t, msg_id, _type, _parent in kernel:
        if msg_id == s["id"] and kind in ("thread", "main", "handler", "handled", "server_in"):
            p.times.setdefault(kind, t * 1e3)
    server = {msg_id: (t * 1e3, t_done * 1e3) for kind, t, msg_id, _, t_done in kernel if kind == "server_out"}
    replies = [m for m in page["recv"] if m["parent"] == s["id"] and m["channel"] == "iopub"]
    p.order = [m["method"] or m["status"] or m["type"] for m in replies]
    iopub = {msg_id: t * 1e3 for kind, t, msg_id, *_ in kernel if kind == "iopub"}
    update = next((m for m in replies if m["type"] == "comm_msg" and m["method"] == "update" and m["nbuf"]), None)
    idle = next((m for m in replies if m["status"] == "idle"), None)
    busy = next((m for m in replies if m["status"] == "busy"), None)
    for name, m in (("update", update), ("idle", idle), ("busy", busy)):
        if m is not None:
            p.times[f"{name}_made"], p.times[f"{name}_page"] = _date_ms(m["date"]), m["t"]
            if m["id"] in iopub:
                p.times[f"{name}_iopub"] = iopub[m["id"]]
            if m["id"] in server:
                p.times[f"{name}_server"], p.times[f"{name}_written"] = server[m["id"]]
    if update is not None:
        after = [e for e in page["imgs"] if e["t"] >= update["t"]]
        src = next((e for e in after if e["kind"] == "src"), None)
        if src is not None:
            p.times["src"] = src["t"]
            load = next((e for e in after if e["kind"] == "load" and e["src"] == src["src"]), None)
            frame = next((e for e in after if e["kind"] == "frame" and e["src"] == src["src"]), None)
            if load is not None:
                p.times["load"] = load["t"]
            if frame is not None:
                p.times["frame"] = frame["t"]
    return p


def clock_check(page) -> dict:
    """The page's clock against this process's ``time.time()``: offset (page − here) and its uncertainty (ms)."""
    best = None
    for _ in range(20):
        a = time.time() * 1e3
        t, date = page.evaluate("[performance.timeOrigin + performance.now(), Date.now()]")
        b = time.time() * 1e3
        if best is None or b - a < best["bracket"]:
            best = {"offset": t - (a + b) / 2, "bracket": b - a, "date_minus_perf": date - t}
    return best


VARIANTS = {
    "base": "JupyterLab as `make lab` and the browser tests start it: with quatlib.server_settings "
            "(TCP_NODELAY on the kernel websockets)",
    "nagle": "JupyterLab without the course's server setting: Nagle's algorithm on the kernel websockets "
             "(tornado's and jupyter_server's default; the \"base\" of round 8's first tables)",
    "noecho": "JUPYTER_WIDGETS_ECHO=0 in the kernel's environment: ipywidgets sends no echo_update of the value",
}
# The Jupyter server's share, logged by a jupyter_server_config.py on JUPYTER_CONFIG_PATH (every run): when a
# kernel message came in from ZMQ and when its websocket frame was written, and when a page message came in.
_SERVER_PROBE = '''\
"""bench_transport's server probe: time.time() of each kernel message through the server, one JSON line each."""
import json, os, time

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection as _Connection

_log = open(os.environ["QC_SERVER_LOG"], "a", buffering=1)
_outgoing, _incoming = _Connection.handle_outgoing_message, _Connection.handle_incoming_message


def _msg_id(frames):
    try:  # after feed_identities: signature, header, parent, metadata, content, buffers
        return json.loads(bytes(frames[1])).get("msg_id")
    except (ValueError, IndexError):
        return None


def _handle_outgoing(self, stream, msg_list):
    t = time.time()
    _outgoing(self, stream, msg_list)
    _log.write(json.dumps(["out", t, time.time(), _msg_id(self.session.feed_identities(msg_list)[1])]) + "\\n")


def _handle_incoming(self, ws_msg):
    t = time.time()
    _incoming(self, ws_msg)
    try:  # the v1 websocket protocol: offsets, channel, header, …
        n = int.from_bytes(ws_msg[8:16], "little"), int.from_bytes(ws_msg[16:24], "little")
        msg_id = json.loads(ws_msg[n[1]:int.from_bytes(ws_msg[24:32], "little")]).get("msg_id")
    except (TypeError, ValueError):
        msg_id = None
    _log.write(json.dumps(["in", t, time.time(), msg_id]) + "\\n")


_Connection.handle_outgoing_message, _Connection.handle_incoming_message = _handle_outgoing, _handle_incoming
'''
def server_options(variant: str) -> dict:
    """Keyword arguments of :class:`~tests.browser.jupyterlab.LabServer` for ``variant``."""
    return {"course_config": variant != "nagle"}


@contextlib.contextmanager
def variant_setup(variant: str, tmp: Path, probe: bool = True):
    """Environment and Chromium launch arguments for ``variant`` while its run lasts, and the server probe's log
    (``probe=False``: no server probe, only the variant's setting; ``bench_browser_drag --server``)."""
    conf = tmp / f"config-{variant}"
    conf.mkdir(exist_ok=True)
    (conf / "jupyter_server_config.py").write_text(_SERVER_PROBE if probe else "")
    server_log = conf / "server.jsonl"
    server_log.write_text("")
    env = {"JUPYTER_CONFIG_PATH": str(conf), "QC_SERVER_LOG": str(server_log)}
    launch = dict(lab.LAUNCH_ARGS)  # every variant so far runs the browser tests' Chromium
    if variant == "noecho":
        env["JUPYTER_WIDGETS_ECHO"] = "0"
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        yield launch, server_log
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def write_notebook(path: Path, after_reply: bool) -> Path:
    nb = new_notebook(metadata={"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                               "name": "python3"}})
    nb.cells = [new_code_cell(c.replace("{after_reply}", str(after_reply))) for c in _CELLS]
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return path


def one_run(pw, root: Path, relpath: str, variant: str, args) -> Run:
    """Its own JupyterLab, kernel and page: ``args.moves`` presses after ``args.warmup``, every hop recorded."""
    run = Run(variant, load=os.getloadavg())
    with variant_setup(variant, root) as (launch, server_log), \
            lab.LabServer(root, **server_options(variant)) as server:
        browser = pw.chromium.launch(**launch)
        try:
            page = browser.new_page(viewport=lab.VIEWPORT)
            page.add_init_script(_JS_PAGE_PROBE)
            nb = latency.open_and_run(_OnePage(page), server, relpath, run_timeout=300)
            print("  kernel:", nb.execute(_KERNEL_PROBE).strip(), file=sys.stderr)
            target = latency.Target(variant, relpath, 0)
            latency.arm(nb, target)
            page.evaluate(_JS_IMG_PROBE, 0)
            run.clock = clock_check(page)
            run.clock["protocols"] = page.evaluate("window.__qcT.protocols")
            origin = page.evaluate("performance.timeOrigin")
            page.evaluate("window.__qcT.drain()")
            nb.execute(_KERNEL_DRAIN)
            for i in range(args.warmup + args.moves):
                page.evaluate("window.__qcT.drain()")
                ms = latency.one_move(target, i, args.timeout * 1000)
                lat = page.evaluate("[window.__qcLat.t0, window.__qcLat.t1]")
                got = page.evaluate("window.__qcT.drain()")
                kernel = json.loads(nb.execute(_KERNEL_DRAIN).strip().splitlines()[-1])
                kernel += [("server_" + kind, t, msg_id, None, t_done) for kind, t, t_done, msg_id in
                           map(json.loads, server_log.read_text().splitlines())]
                server_log.write_text("")
                if got["error"]:
                    run.note = f"page probe: {got['error']}"
                if ms is None or i < args.warmup:
                    continue
                press = assemble(got, kernel, lat, origin)
                if press is not None:
                    run.presses.append(press)
            if (args.warmup + args.moves) % 2:
                latency.one_move(target, args.warmup + args.moves, args.timeout * 1000)
        finally:
            browser.close()
    return run


class _OnePage:
    """What :func:`bench_browser_latency.open_and_run` needs of a browser (``new_page``): the page made here, whose
    probe must be in place before JupyterLab opens its kernel websocket."""

    def __init__(self, page):
        self.page = page

    def new_page(self, **_):
        return self.page


def hop_values(run: Run, a: str, b: str) -> list[float]:
    return [p.times[b] - p.times[a] for p in run.presses if a in p.times and b in p.times]


def hop_table(runs: list[Run], hops) -> None:
    print("| hop | " + " | ".join(f"{r.variant} median / p95" for r in runs) + " |")
    print("|---|" + "---:|" * len(runs))
    for label, a, b in hops:
        cells = []
        for r in runs:
            xs = hop_values(r, a, b)
            cells.append(f"{statistics.median(xs):.1f} / {latency.percentile(xs, 95):.1f} (n={len(xs)})"
                         if xs else "–")
        print(f"| {label} | " + " | ".join(cells) + " |")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--moves", type=int, default=40, help="measured presses per run (>= 20)")
    ap.add_argument("--warmup", type=int, default=5, help="presses dropped before measuring")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds to wait for one repaint")
    ap.add_argument("--after-reply", action="store_true",
                    help="set the PNG after the handler returned (as Demo paints a browser move), not inside it")
    ap.add_argument("--variant", action="append", choices=sorted(set(VARIANTS) - {"base"}), default=[],
                    help="also measure this setting, in runs alternating with the base (repeatable)")
    ap.add_argument("--pairs", type=int, default=1, help="runs of each variant (alternating: A B … B A …)")
    args = ap.parse_args(argv)
    if args.moves < 20:
        ap.error("--moves must be at least 20 (p95 needs them)")
    reason = lab.missing_browser_reason()
    if reason:
        print(f"cannot run: {reason}", file=sys.stderr)
        return 2
    names = ["base", *args.variant]
    order = [n for k in range(args.pairs) for n in (names if k % 2 == 0 else names[::-1])]
    load_before = os.getloadavg()
    runs: list[Run] = []
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="qc-transport-") as tmp, sync_playwright() as pw:
        root = Path(tmp)
        relpath = write_notebook(root / "transport.ipynb", args.after_reply).name
        for k, name in enumerate(order, 1):
            print(f"run {k}/{len(order)}: {name} …", file=sys.stderr)
            runs.append(one_run(pw, root, relpath, name, args))
    load_after = os.getloadavg()

    print(f"Slider key press → new picture in JupyterLab {latency._versions()}, headless Chromium, "
          f"{os.cpu_count()} CPU(s), {platform.machine()}; the kernel sets a PNG made beforehand "
          f"({'after the reply' if args.after_reply else 'inside the handler'}), {args.moves} presses after "
          f"{args.warmup} warm-up per run. Load average (1/5/15 min) before "
          f"{' / '.join(f'{x:.2f}' for x in load_before)}, after {' / '.join(f'{x:.2f}' for x in load_after)}.\n")
    for r in runs:
        c = r.clock
        print(f"- {r.variant}: {len(r.presses)} clean presses; page clock − time.time() = {c['offset']:+.2f} ms "
              f"(± {c['bracket'] / 2:.2f}), Date.now() − (timeOrigin + now()) = {c['date_minus_perf']:+.2f} ms; "
              f"websocket protocol {c['protocols']}; load {r.load[0]:.2f}{'; ' + r.note if r.note else ''}")
        orders = {}
        for p in r.presses:
            orders[" → ".join(p.order)] = orders.get(" → ".join(p.order), 0) + 1
        for o, n in sorted(orders.items(), key=lambda kv: -kv[1])[:2]:
            print(f"  - kernel's messages for a press, as the page got them ({n}×): {o}")
        causal = [label for label, a, b in HOPS + SIDE[:5] if any(v < -0.5 for v in hop_values(r, a, b))]
        if causal:
            print(f"  - NEGATIVE hops (clock or matching wrong): {causal}")
    print()
    merged: dict[str, Run] = {}
    for r in runs:  # pool a variant's runs for the hop table
        merged.setdefault(r.variant, Run(r.variant)).presses.extend(r.presses)
    hop_table(list(merged.values()), HOPS)
    print()
    hop_table(list(merged.values()), SIDE)
    if len(runs) > 1:
        print("\nKey press → new picture (latency probe), median / p95 ms, per run in the order run:\n")
        print("| run | variant | median | p95 | load |\n|---:|---|---:|---:|---:|")
        for k, r in enumerate(runs, 1):
            xs = hop_values(r, "key", "figure")
            print(f"| {k} | {r.variant} | {statistics.median(xs):.1f} | {latency.percentile(xs, 95):.1f} | "
                  f"{r.load[0]:.2f} |")
    return 0 if all(r.presses for r in runs) else 1


if __name__ == "__main__":
    sys.exit(main())
