"""The course works offline: no notebook opens a network connection, and no output loads anything from a CDN.

Every notebook is executed once (nbclient, with a cell timeout) in a kernel whose Python process carries a
network guard: ``PYTHONPATH`` points at a temporary folder holding a ``sitecustomize.py`` that wraps
``socket.socket.connect`` / ``connect_ex`` / ``sendto``, ``socket.create_connection``, ``socket.getaddrinfo``
and ``socket.gethostbyname(_ex)``.  Any non-loopback address (or host name other than ``localhost``) is
recorded in a log file and refused with ``OSError(ENETUNREACH)``, just as on a machine without network.
Loopback and Unix sockets stay allowed: the kernel talks to nbclient over 127.0.0.1 (through zmq, which does
not go through Python's ``socket`` at all).  Subprocesses started by the kernel inherit ``PYTHONPATH`` and are
guarded too.

The test asserts, per notebook: the guard was loaded in the kernel, no cell raised, no network attempt was
recorded, and neither the committed nor the fresh outputs reference a remote script, stylesheet or image.
Notebooks run in a throw-away copy of ``notebooks/``; the committed files are never written.
"""

from __future__ import annotations

import copy
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import nbformat
import pytest

from quatlib import course

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = [ROOT / "notebooks" / nb.file for nb in course.NOTEBOOKS]  # the manifest (tests/test_course.py checks it)
CELL_TIMEOUT = 180  # seconds per cell; the slowest cell takes a few seconds (jupyter-facts: always set one)

GUARD = textwrap.dedent(
    '''
    """Network guard for tests/test_offline.py: refuse and record every non-loopback connection."""
    import errno as _errno
    import ipaddress as _ipaddress
    import json as _json
    import os as _os
    import socket as _socket
    import traceback as _traceback

    _LOG = _os.environ.get("QC_NET_LOG")
    _LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"}


    def _record(kind, what):
        if _LOG:
            stack = "".join(_traceback.format_stack(limit=12)[:-2])
            with open(_LOG, "a", encoding="utf-8") as f:
                f.write(_json.dumps({"pid": _os.getpid(), "kind": kind, "what": repr(what), "stack": stack}) + "\\n")


    def _loopback_host(host):
        if host is None or host == "":
            return True  # getaddrinfo(None, port): the local machine
        if isinstance(host, bytes):
            host = host.decode("ascii", "replace")
        host = str(host).strip("[]").split("%")[0].lower()
        if host in _LOOPBACK_NAMES:
            return True
        try:
            return _ipaddress.ip_address(host).is_loopback
        except ValueError:
            return False  # any other host name needs a lookup: network


    def _allowed_address(family, address):
        if family not in (_socket.AF_INET, _socket.AF_INET6):
            return True  # Unix sockets, netlink, ...: local by construction
        if not isinstance(address, tuple) or not address:
            return False
        return _loopback_host(address[0])


    def _refuse(kind, what):
        _record(kind, what)
        raise OSError(_errno.ENETUNREACH, f"network access blocked by tests/test_offline.py: {kind} {what!r}")


    _connect = _socket.socket.connect
    _connect_ex = _socket.socket.connect_ex
    _sendto = _socket.socket.sendto
    _getaddrinfo = _socket.getaddrinfo
    _gethostbyname = _socket.gethostbyname
    _gethostbyname_ex = _socket.gethostbyname_ex
    _create_connection = _socket.create_connection


    def connect(self, address):
        if not _allowed_address(self.family, address):
            _refuse("connect", address)
        return _connect(self, address)


    def connect_ex(self, address):
        if not _allowed_address(self.family, address):
            _refuse("connect_ex", address)
        return _connect_ex(self, address)


    def sendto(self, data, *args):
        address = args[-1] if args else None
        if not _allowed_address(self.family, address):
            _refuse("sendto", address)
        return _sendto(self, data, *args)


    def getaddrinfo(host, *args, **kwargs):
        if not _loopback_host(host):
            _refuse("getaddrinfo", host)
        return _getaddrinfo(host, *args, **kwargs)


    def gethostbyname(host):
        if not _loopback_host(host):
            _refuse("gethostbyname", host)
        return _gethostbyname(host)


    def gethostbyname_ex(host):
        if not _loopback_host(host):
            _refuse("gethostbyname_ex", host)
        return _gethostbyname_ex(host)


    def create_connection(address, *args, **kwargs):
        if not (isinstance(address, tuple) and address and _loopback_host(address[0])):
            _refuse("create_connection", address)
        return _create_connection(address, *args, **kwargs)


    _socket.socket.connect = connect
    _socket.socket.connect_ex = connect_ex
    _socket.socket.sendto = sendto
    _socket.getaddrinfo = getaddrinfo
    _socket.gethostbyname = gethostbyname
    _socket.gethostbyname_ex = gethostbyname_ex
    _socket.create_connection = create_connection

    _LOADED = _os.environ.get("QC_NET_LOADED")
    if _LOADED:
        with open(_LOADED, "a", encoding="utf-8") as _f:
            _f.write(f"{_os.getpid()}\\n")
    '''
)

# Anything in an output that makes the browser fetch from the internet: <script src=...>, <link href=...>,
# <img src=...>, CSS @import / url(...), require.config paths, on http(s) or protocol-relative URLs.
REMOTE_LOAD = re.compile(
    r"""(?:\b(?:src|href)\s*=\s*["']?\s*|@import\s+(?:url\()?\s*["']?|\burl\(\s*["']?|paths\s*:\s*\{[^}]*?["'])"""
    r"""(?:https?:)?//""",
    re.IGNORECASE,
)
CDN_HOSTS = re.compile(
    r"(?:cdn\.jsdelivr\.net|unpkg\.com|cdnjs\.cloudflare\.com|code\.jquery\.com|ajax\.googleapis\.com|"
    r"cdn\.plot\.ly|cdn\.bokeh\.org|requirejs\.org|mathjax\.org|polyfill\.io)",
    re.IGNORECASE,
)
# Markdown images load when the cell renders; plain links do not (they are only followed when clicked).
MARKDOWN_REMOTE_IMAGE = re.compile(r"!\[[^\]]*\]\(\s*(?:https?:)?//|<img[^>]*\bsrc\s*=\s*[\"']?(?:https?:)?//", re.I)
WIDGET_MIME_PREFIX = "application/vnd.jupyter.widget"


KERNEL_NAME = "qc-offline"


@pytest.fixture(scope="module")
def guard_dir(tmp_path_factory) -> Path:
    """sitecustomize.py (the guard) plus a kernel spec for this very interpreter, whatever the user has installed."""
    folder = tmp_path_factory.mktemp("net-guard")
    (folder / "sitecustomize.py").write_text(GUARD, encoding="utf-8")
    spec = folder / "kernels" / KERNEL_NAME
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "quaternion-course (network guard)",
        "language": "python",
    }), encoding="utf-8")
    return folder


def guarded_env(guard_dir: Path, log: Path, loaded: Path, ipython_dir: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(guard_dir), env.get("PYTHONPATH", "")) if p)
    env["QC_NET_LOG"] = str(log)
    env["QC_NET_LOADED"] = str(loaded)
    env["IPYTHONDIR"] = str(ipython_dir)  # no history or profile written to the user's ~/.ipython
    env.pop("PYTHONNOUSERSITE", None)
    return env


def attempts(log: Path) -> list[dict]:
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]


def describe(found: list[dict]) -> str:
    return "\n\n".join(f"{a['kind']} {a['what']} (pid {a['pid']}) from\n{a['stack']}" for a in found)


def output_texts(nb) -> list[tuple[int, str, str]]:
    """(cell index, mime type or stream name, text) of every non-widget output."""
    found = []
    for index, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream":
                found.append((index, out.get("name", "stream"), out.get("text", "")))
            elif out.get("output_type") == "error":
                found.append((index, "error", "\n".join(out.get("traceback", []))))
            for mime, data in out.get("data", {}).items():
                if mime.startswith(WIDGET_MIME_PREFIX) or mime.startswith("image/") and mime != "image/svg+xml":
                    continue  # widget views and base64 pictures: local by construction
                text = data if isinstance(data, str) else json.dumps(data)
                found.append((index, mime, "".join(text) if isinstance(text, list) else text))
    return found


def remote_references(nb) -> list[str]:
    problems = []
    for index, mime, text in output_texts(nb):
        match = REMOTE_LOAD.search(text) or CDN_HOSTS.search(text)
        if match:
            context = text[max(0, match.start() - 60): match.end() + 60].replace("\n", " ")
            problems.append(f"cell {index} ({mime}): …{context}…")
    for index, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown" and MARKDOWN_REMOTE_IMAGE.search(cell.source):
            problems.append(f"cell {index} (markdown): a remote image")
    return problems


# --------------------------------------------------------------------------------------------------------------
# The guard itself: if it did not block, the notebook test below would pass without proving anything.
# --------------------------------------------------------------------------------------------------------------
PROBE = textwrap.dedent(
    """
    import socket, sys, urllib.request
    blocked = []
    def attempt(name, f):
        try:
            f()
        except OSError as exc:
            blocked.append(name if "blocked by tests/test_offline.py" in str(exc) else f"{name}:other:{exc!r}")
    attempt("connect", lambda: socket.socket().connect(("192.0.2.1", 80)))            # TEST-NET-1
    attempt("connect_ex", lambda: socket.socket().connect_ex(("198.51.100.7", 443)))  # TEST-NET-2
    attempt("udp", lambda: socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b"x", ("203.0.113.5", 53)))
    attempt("dns", lambda: socket.getaddrinfo("example.com", 443))
    attempt("urlopen", lambda: urllib.request.urlopen("https://cdn.jsdelivr.net/npm/x.js", timeout=2))
    # loopback stays usable
    server = socket.socket(); server.bind(("127.0.0.1", 0)); server.listen(1)
    socket.create_connection(server.getsockname(), timeout=2).close()
    socket.getaddrinfo("localhost", 80)
    print(",".join(blocked))
    """
)


def test_guard_blocks_and_records_remote_access_but_allows_loopback(guard_dir, tmp_path):
    log, loaded = tmp_path / "net.log", tmp_path / "loaded"
    env = guarded_env(guard_dir, log, loaded, tmp_path / "ipython")
    result = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "connect,connect_ex,udp,dns,urlopen", result.stdout
    kinds = [a["kind"] for a in attempts(log)]
    assert kinds[:4] == ["connect", "connect_ex", "sendto", "getaddrinfo"], kinds
    assert len(kinds) == 5, kinds  # urlopen is stopped at its DNS lookup
    assert loaded.read_text().strip().isdigit(), "sitecustomize did not run"


def test_remote_reference_patterns():
    def fake(mime, text):
        return nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(outputs=[
            nbformat.v4.new_output("display_data", data={mime: text})])])

    for bad in ['<script src="https://cdn.jsdelivr.net/npm/a.js"></script>',
                "<link rel=stylesheet href='//unpkg.com/x.css'>",
                '<img src="http://example.org/a.png">',
                "<style>@import url(https://fonts.googleapis.com/css)</style>",
                "require.config({paths: {'plotly': 'https://cdn.plot.ly/plotly.min'}})"]:
        assert remote_references(fake("text/html", bad)), bad
    for fine in ["<b>see http://example.org in your browser</b>", "q = (0.7071, 0, 0.7071, 0)",
                 '<img src="data:image/png;base64,iVBOR">']:
        assert not remote_references(fake("text/html", fine)), fine
    widget = fake("application/vnd.jupyter.widget-view+json", {"model_id": "abc", "version_major": 2})
    assert not remote_references(widget)


# --------------------------------------------------------------------------------------------------------------
# Every notebook, offline
# --------------------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def work_dir(tmp_path_factory) -> Path:
    """A throw-away copy of notebooks/ to run in (a notebook may write files next to itself)."""
    folder = tmp_path_factory.mktemp("offline-notebooks")
    for item in (ROOT / "notebooks").iterdir():
        if item.is_file():
            shutil.copy2(item, folder / item.name)
    return folder


def test_notebooks_found():
    assert NOTEBOOKS and all(p.is_file() for p in NOTEBOOKS)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_committed_outputs_load_nothing_remote(path):
    nb = nbformat.read(path, as_version=4)
    assert remote_references(nb) == []


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs_without_network(path, guard_dir, work_dir, tmp_path):
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import AsyncKernelManager
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    log, loaded = tmp_path / "net.log", tmp_path / "loaded"
    env = guarded_env(guard_dir, log, loaded, tmp_path / "ipython")
    nb = nbformat.read(work_dir / path.name, as_version=4)
    original = copy.deepcopy(nb)
    # The kernel is this interpreter (not whatever "python3" kernel the user registered), started with the guard.
    km = AsyncKernelManager(kernel_name=KERNEL_NAME,
                            kernel_spec_manager=KernelSpecManager(kernel_dirs=[str(guard_dir / "kernels")]))
    client = NotebookClient(
        nb,
        km=km,
        timeout=CELL_TIMEOUT,
        allow_errors=False,
        resources={"metadata": {"path": str(work_dir)}},
    )
    try:
        client.execute(env=env)
    except CellExecutionError as exc:
        pytest.fail(f"{path.name}: a cell raised while offline:\n{exc}\n\nnetwork attempts:\n{describe(attempts(log))}")

    assert loaded.exists() and loaded.read_text().split(), "the network guard was not loaded in the kernel"
    found = attempts(log)
    assert not found, f"{path.name} tried to reach the network:\n{describe(found)}"

    errors = [(i, o.get("ename"), o.get("evalue")) for i, c in enumerate(nb.cells)
              for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors, errors
    assert remote_references(nb) == []
    assert len(nb.cells) == len(original.cells)
