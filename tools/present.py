"""Present one course notebook as a clean app view (voila: outputs and widgets, no code cells).

    make present NB=07                      # or: python tools/present.py 07
    python tools/present.py 07_belt_trick.ipynb --port 9000 --no-browser

``NB`` is a notebook number ("07"), a stem ("07_belt_trick"), a file name in ``notebooks/`` or any path to a
notebook.  The server:

- listens on 127.0.0.1 only, and needs a random token (printed in the URL; the browser is opened with it);
- serves the notebook's folder, so links between notebooks ("Next: 08 ...") open the next one as an app too;
- runs the notebook in a fresh kernel per page view (voila's model) and **culls** those kernels.  Voila 0.5.13's
  own clean-up, a shutdown beacon sent on ``beforeunload``, is rejected by its server (403, "'_xsrf' argument
  missing from POST": the page never receives an ``_xsrf`` cookie), and no beacon at all is sent when a tab
  crashes or a laptop sleeps.  Without culling every page view or reload leaves a kernel process (numpy and
  matplotlib loaded) running until the server stops.

Kernel culling (jupyter_server's ``MappingKernelManager``, see :data:`CULLING`):

- ``cull_connected=False``: a kernel with an open page (a websocket connection) is never culled, however long
  the presenter leaves the demo untouched.  This is the guarantee that a demo in use is never killed.
- ``cull_busy=False``: a kernel still executing (rendering the page) is never culled.
- ``cull_idle_timeout=20`` s with ``cull_interval=5`` s: a kernel with no page, idle 20 s, is shut down at the next
  check, so a closed page's kernel is gone at most 20 + 5 s (+ shutdown) after its last message.  The only
  window in which a kernel is idle but not yet connected is between the end of execution and the page's
  websocket connecting (0.6-1.8 s measured here for notebooks 00-08, see tests/browser/test_present_voila.py,
  which fails above 5 s): 20 s is a wide margin.

The token stays secret:

- it is handed to the server on its stdin (not in its command line, so not in `ps`, and not in its environment,
  which every kernel inherits: a presented notebook could read ``JUPYTER_TOKEN`` from ``os.environ``).  The
  server runs this file (``present.py --serve-voila …``), which reads the token, removes any ``JUPYTER_TOKEN``
  from its environment and starts voila in the same process with the token in its configuration;
- every log line has the token replaced by ``[secret]``: tornado writes the URL of every request that is not a
  success, ``?token=…`` included, to voila's log;
- so has the environment of every kernel: voila passes the page's request to it (``QUERY_STRING``,
  ``VOILA_REQUEST_URL``), and the first visit's URL carries ``?token=…``.

``tests/browser/test_present_voila.py`` starts the server through :class:`VoilaServer` exactly as this script
does (with a free port and an isolated Jupyter config) and checks all of the above in Chromium.
"""

from __future__ import annotations

import argparse
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import quote

REPO_ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS_DIR = REPO_ROOT / "notebooks"
DEFAULT_PORT = 8866  # voila's own default

#: Kernel culling: kill kernels of closed pages quickly, never the kernel of an open page (module docstring).
CULLING = {
    "cull_idle_timeout": 20,
    "cull_interval": 5,
    "cull_connected": False,
    "cull_busy": False,
}
#: Upper bound on how long a closed page's kernel survives: one timeout, one interval, and time to shut down.
CULL_BOUND_SECONDS = CULLING["cull_idle_timeout"] + CULLING["cull_interval"] + 10

# A committed course notebook: "07_belt_trick.ipynb" (not "07_belt_trick (fresh copy).ipynb").
_COURSE_NAME = re.compile(r"\d\d_[A-Za-z0-9_]+\.ipynb")


def is_course_notebook(name: str) -> bool:
    """ "07_belt_trick.ipynb" is; "07_belt_trick (fresh copy).ipynb" and "my_notes.ipynb" are not."""
    return bool(_COURSE_NAME.fullmatch(name))


class PresentError(Exception):
    """A problem the user can fix (bad notebook name, port in use); printed without a traceback."""


# --------------------------------------------------------------------------------------------------------------
# Which notebook
# --------------------------------------------------------------------------------------------------------------
def find_notebook(nb: str, notebooks_dir: str | os.PathLike = NOTEBOOKS_DIR) -> Path:
    """The notebook meant by ``nb``: "07", "7", "07_belt_trick", "07_belt_trick.ipynb" or a path.

    A number picks the course notebook with that prefix (a fresh copy such as "07_belt_trick (fresh copy).ipynb"
    is only chosen when named in full).
    """
    notebooks_dir = Path(notebooks_dir)
    nb = (nb or "").strip()
    if not nb:
        raise PresentError("which notebook? e.g. `make present NB=07`\n" + _listing(notebooks_dir))
    as_path = Path(nb).expanduser()
    for candidate in (as_path, notebooks_dir / nb, notebooks_dir / f"{nb}.ipynb"):
        if candidate.suffix == ".ipynb" and candidate.is_file():
            return candidate.resolve()
    if nb.isdigit():
        nb = f"{int(nb):02d}"
    matches = sorted(p for p in notebooks_dir.glob("*.ipynb") if p.name.startswith(nb))
    course = [p for p in matches if is_course_notebook(p.name)]
    if len(course) == 1:
        return course[0].resolve()
    if len(matches) == 1:
        return matches[0].resolve()
    if matches:
        raise PresentError(f"{nb!r} matches several notebooks; name one in full:\n"
                           + "\n".join(f"  {p.name}" for p in matches))
    raise PresentError(f"no notebook {nb!r} in {notebooks_dir}\n" + _listing(notebooks_dir))


def _listing(notebooks_dir: Path) -> str:
    names = sorted(p.name for p in notebooks_dir.glob("*.ipynb"))
    return "notebooks:\n" + "\n".join(f"  {n}" for n in names) if names else f"(no notebooks in {notebooks_dir})"


# --------------------------------------------------------------------------------------------------------------
# The server
# --------------------------------------------------------------------------------------------------------------
def port_is_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def first_free_port(start: int = DEFAULT_PORT, tries: int = 20) -> int:
    for port in range(start, start + tries):
        if port_is_free(port):
            return port
    raise PresentError(f"no free port in {start}..{start + tries - 1}; pass --port")


#: The kernel websocket connection without Nagle's delay (quatlib/server_settings.py), as ``make lab`` runs it.
NODELAY = "quatlib.server_settings.NoDelayConnection"

#: First argument of the server process: ``present.py --serve-voila <voila arguments>`` (see serve_voila).
SERVE_VOILA = "--serve-voila"


#: serve_voila's own option (not voila's): projector mode on (see :func:`serve_voila`).
PROJECTOR = "--quatlib-projector"
#: Voila's template for the page, in :data:`TEMPLATES_ROOT` (a Jupyter data dir: ``voila/templates/<name>``).
TEMPLATE = "quatlib-present"
TEMPLATES_ROOT = REPO_ROOT / "tools" / "present_share"
#: The kernels of a projector-mode server see this set to "1" (quatlib.widgets.projector reads it).
PROJECTOR_ENV = "QUATLIB_PROJECTOR"
#: The kernels of every `make present` server see this set to "1" (quatlib.exercises: no code is visible).
PRESENTER_ENV = "QUATLIB_PRESENTER"


def voila_command(notebook: Path, port: int, python: str = sys.executable, *, projector: bool = True) -> list[str]:
    """The server's command line: voila on loopback only, token required (read from stdin), culling on.

    Voila serves the notebook's folder and the page is ``/voila/render/<name>``: the links between notebooks
    ("Next: 08 · Field guide") then open the next notebook as an app too.  (Serving the single file would turn
    every such link into a refused download.)  The page uses the template :data:`TEMPLATE` (voila's lab
    template without a CDN; projector mode when ``projector``).
    """
    return [
        python, str(Path(__file__).resolve()), SERVE_VOILA, str(Path(notebook).parent),
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        "--Voila.port_retries=0",  # fail instead of silently moving to another port
        # Token auth: voila 0.5 has none by default.  --token switches it on (with a random token of voila's, were
        # none given); serve_voila sets ours from stdin, so it shows neither in `ps` nor in any environment.
        "--token",
        "--VoilaConfiguration.strip_sources=True",  # no code cells (voila's default, stated)
        # A demo that breaks shows the presenter why (the page is only reachable from this machine, with the token)
        # instead of voila's "There was an error when executing cell [n]".
        "--VoilaConfiguration.show_tracebacks=True",
        "--VoilaConfiguration.preheat_kernel=False",  # no pool of pre-started kernels left running
        *(f"--MappingKernelManager.{k}={v}" for k, v in CULLING.items()),
        # No Nagle delay on the kernel websocket, as in `make lab` (quatlib/server_settings.py): voila has its own
        # copy of jupyter_server's option.
        f"--Voila.kernel_websocket_connection_class={NODELAY}",
        f"--VoilaConfiguration.template={TEMPLATE}",
        *([PROJECTOR] if projector else []),
    ]


def _own_process_group() -> dict:
    """Popen arguments that start the server in its own process group, so :meth:`VoilaServer.stop` can end it
    with its kernels and a Ctrl+C in the terminal reaches only this script (which then stops the server)."""
    if sys.platform == "win32":
        return {"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP}
    return {"start_new_session": True}


class VoilaServer:
    """voila serving one notebook on 127.0.0.1:``port`` with token auth and kernel culling.

    ``env`` replaces the environment of the server (the tests pass isolated Jupyter dirs); the token is written to
    the server's stdin (module docstring).  The server runs in its own process group; :meth:`stop` ends it and
    its kernels.
    """

    def __init__(self, notebook: str | os.PathLike, *, port: int | None = None, env: dict | None = None,
                 log_path: str | os.PathLike | None = None, startup_timeout: float = 60.0, projector: bool = True):
        self.notebook = Path(notebook).resolve()
        self.projector = projector
        self.port = port or first_free_port()
        self.token = secrets.token_urlsafe(24)
        self.env = dict(os.environ if env is None else env)
        self.log_path = Path(log_path) if log_path else None
        self.startup_timeout = startup_timeout
        self.proc: subprocess.Popen | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def page_url(self) -> str:
        return f"{self.base_url}voila/render/{quote(self.notebook.name)}"

    @property
    def url(self) -> str:
        """The page, token included (the first visit sets a login cookie; later requests need no token)."""
        return f"{self.page_url}?token={self.token}"

    def command(self) -> list[str]:
        return voila_command(self.notebook, self.port, projector=self.projector)

    def start(self) -> "VoilaServer":
        if not port_is_free(self.port):
            raise PresentError(f"port {self.port} is in use; pass another with --port")
        env = dict(self.env, PYTHONUNBUFFERED="1")
        env.pop("JUPYTER_TOKEN", None)
        out = open(self.log_path, "ab") if self.log_path else None
        try:
            self.proc = subprocess.Popen(
                self.command(), env=env, cwd=self.notebook.parent, stdin=subprocess.PIPE,
                stdout=out, stderr=subprocess.STDOUT if out else None, **_own_process_group(),
            )
            self.proc.stdin.write(f"{self.token}\n".encode())
            self.proc.stdin.close()
        finally:
            if out:
                out.close()
        self._wait_until_up()
        return self

    def _wait_until_up(self) -> None:
        # /login answers once the server listens, without starting a kernel (GET / would run the notebook).
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"voila exited with code {self.proc.returncode}\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.base_url + "login", timeout=2) as r:
                    if r.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
                pass
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"voila did not answer within {self.startup_timeout:.0f} s\n{self.log_tail()}")

    def log_tail(self, n: int = 40) -> str:
        if not self.log_path or not self.log_path.exists():
            return ""
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-n:])

    def wait(self) -> int:
        return self.proc.wait()

    def stop(self, timeout: float = 20.0) -> None:
        """SIGTERM to the process group (voila shuts its kernels down), SIGKILL after ``timeout``.

        Windows has neither process groups to signal nor SIGKILL: there the server is terminated (then killed)
        and its kernels end with it (ipykernel's parent poller watches the server's process on Windows).
        """
        proc, self.proc = self.proc, None
        if proc is None or proc.poll() is not None:
            return
        if hasattr(os, "killpg"):
            steps = [(lambda sig=sig: os.killpg(proc.pid, sig), wait)
                     for sig, wait in ((signal.SIGTERM, timeout), (signal.SIGKILL, 10))]
        else:
            steps = [(proc.terminate, timeout), (proc.kill, 10)]
        for end, wait in steps:
            try:
                end()
            except ProcessLookupError:
                return
            try:
                proc.wait(timeout=wait)
                return
            except subprocess.TimeoutExpired:
                continue

    def __enter__(self) -> "VoilaServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    # -- what the tests look at ----------------------------------------------------------------------------------
    def kernel_pids(self) -> list[int]:
        """Running kernel processes started by this server (voila 0.5 has no endpoint listing kernels)."""
        import psutil  # a dependency of ipykernel

        if self.proc is None:
            return []
        try:
            children = psutil.Process(self.proc.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            return []
        pids = []
        for child in children:
            try:
                if child.is_running() and child.status() != psutil.STATUS_ZOMBIE and \
                        any("ipykernel" in part for part in child.cmdline()):
                    pids.append(child.pid)
            except (psutil.NoSuchProcess, psutil.AccessDenied):
                pass
        return pids

    def kernel_model(self, kernel_id: str) -> dict | None:
        """GET /api/kernels/<id> (state, connections, last_activity), or None once the kernel is gone."""
        import json

        req = urllib.request.Request(f"{self.base_url}api/kernels/{kernel_id}",
                                     headers={"Authorization": f"token {self.token}"})
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return json.loads(r.read())
        except urllib.error.HTTPError as exc:
            if exc.code == 404:
                return None
            raise


# --------------------------------------------------------------------------------------------------------------
# The server process
# --------------------------------------------------------------------------------------------------------------
def hide_in_logs(secret: str, mask: str = "[secret]") -> None:
    """From now on, every log record of this process has ``secret`` replaced by ``mask`` in its message.

    A log record factory rather than a filter: it covers every logger (tornado.access, tornado.general, voila's
    own), whatever handlers they get later.
    """
    import logging

    make_record = logging.getLogRecordFactory()

    def scrubbed_record(*args, **kwargs):
        record = make_record(*args, **kwargs)
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 - a malformed record is left for logging to report as usual
            return record
        if secret in message:
            record.msg, record.args = message.replace(secret, mask), ()
        return record

    logging.setLogRecordFactory(scrubbed_record)


def projector_stylesheet() -> str:
    """The CSS of projector mode, from the quatlib next to this script (the notebooks' own)."""
    if str(REPO_ROOT) not in sys.path:
        sys.path.append(str(REPO_ROOT))  # after the installed packages: an installed quatlib comes first
    from quatlib.widgets._projector import stylesheet

    return stylesheet()


def serve_voila(voila_argv: list[str]) -> int:
    """Run voila in this process with the token read from stdin (one line): what :class:`VoilaServer` starts.

    The token is never in the environment: kernels inherit the server's environment, and a presented notebook
    could read ``os.environ["JUPYTER_TOKEN"]``.  Nor does it appear in the log (:func:`hide_in_logs`).
    """
    token = sys.stdin.readline().strip()
    if not token:
        print("present.py --serve-voila: expected the token on stdin, got nothing", file=sys.stderr)
        return 2
    for name in ("JUPYTER_TOKEN", "JUPYTER_TOKEN_FILE"):  # jupyter_server would read them; kernels would inherit
        os.environ.pop(name, None)
    hide_in_logs(token)
    projector = PROJECTOR in voila_argv
    voila_argv = [arg for arg in voila_argv if arg != PROJECTOR]
    # Kernels inherit this environment: they know they are presented (and whether on a projector).
    os.environ[PRESENTER_ENV] = "1"
    if projector:
        os.environ[PROJECTOR_ENV] = "1"
    else:
        os.environ.pop(PROJECTOR_ENV, None)
    # Voila finds its templates in the Jupyter data path: ours first.
    os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(TEMPLATES_ROOT), os.environ.get("JUPYTER_PATH")]))
    import voila.app
    from traitlets.config import Config

    class Voila(voila.app.Voila):  # the same name: log lines still read "[Voila] …"
        def init_settings(self):
            settings = super().init_settings()  # creates the kernel manager
            # Voila hands each kernel the page request (QUERY_STRING, VOILA_REQUEST_URL) in its environment, and
            # the first visit's URL carries ?token=…: scrub it there too.
            start_kernel = self.kernel_manager.start_kernel

            def start_kernel_without_token(*args, env=None, **kwargs):
                if env is not None:
                    env = {name: value.replace(token, "[secret]") for name, value in env.items()}
                return start_kernel(*args, env=env, **kwargs)

            self.kernel_manager.start_kernel = start_kernel_without_token
            return settings

    config = Config()
    config.Voila.token = token
    config.VoilaConfiguration.resources = {"quatlib_css": projector_stylesheet() if projector else ""}
    Voila.launch_instance(voila_argv, config=config)
    return 0


# --------------------------------------------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------------------------------------------
def stop_signals(signals=signal) -> list:
    """The signals that stop the presentation: SIGTERM (``kill``) and, where it exists, SIGHUP (the terminal closed).

    Windows has no SIGHUP (its ``signal`` module lacks the name); there closing the console window ends the
    process group anyway, and Ctrl+C arrives as KeyboardInterrupt.
    """
    return [getattr(signals, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signals, name)]


def stop_on_signals(signals=signal) -> None:
    """Closing the terminal or ``kill`` stops voila and its kernels too (``main``'s ``finally``), not orphans them."""
    for sig in stop_signals(signals):
        signals.signal(sig, lambda *_: sys.exit(0))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == [SERVE_VOILA]:
        return serve_voila(argv[1:])
    parser = argparse.ArgumentParser(
        prog="make present NB=…", description="Open a course notebook as a clean app view (voila).")
    parser.add_argument("notebook", nargs="?", default="", help='"07", "07_belt_trick", a file name or a path')
    parser.add_argument("--port", type=int, default=None, help=f"default: the first free from {DEFAULT_PORT}")
    parser.add_argument("--no-browser", action="store_true", help="only print the URL")
    parser.add_argument("--no-projector", dest="projector", action="store_false",
                        help="the notebook's own sizes instead of projector mode (large type, demos that fit the "
                             "window: see quatlib.widgets.projector)")
    args = parser.parse_args(argv)
    import importlib.util

    if importlib.util.find_spec("voila") is None:
        print("make present: voila is not installed in this environment.  `make lab` (or `pip install -e .`) "
              "installs it; conda: `conda env update -f environment.yml`.", file=sys.stderr)
        return 2
    stop_on_signals()
    try:
        notebook = find_notebook(args.notebook)
        server = VoilaServer(notebook, port=args.port, projector=args.projector)
        print(f"Starting voila for {notebook.name} on 127.0.0.1:{server.port} …", flush=True)
        server.start()
    except (PresentError, RuntimeError) as exc:
        print(f"make present: {exc}", file=sys.stderr)
        return 2
    print(f"\n  Presenting {notebook.name}:\n\n      {server.url}\n\n"
          f"  An open page keeps its kernel; the kernel of a closed page is shut down about "
          f"{CULLING['cull_idle_timeout'] + CULLING['cull_interval']} s later.\n"
          f"  Reload the page for a fresh start of the demo.  Stop with Ctrl+C.\n", flush=True)
    if not args.no_browser:
        import webbrowser

        try:
            webbrowser.open(server.url)
        except webbrowser.Error:
            pass
    try:
        return server.wait()
    except KeyboardInterrupt:
        print("\nStopping voila (and its kernels) …", flush=True)
        return 0
    finally:
        server.stop()


if __name__ == "__main__":
    sys.exit(main())
