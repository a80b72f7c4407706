"""Fixtures for the browser tests: pytest-playwright's ``browser``/``context``/``page`` on the system Chromium, and
one JupyterLab server per session.

pytest-playwright launches the browser; :func:`browser_type_launch_args` points it at ``/usr/bin/chromium`` (never
``playwright install``, which downloads a browser) and :func:`browser_context_args` sets the viewport.  Its
``--screenshot``/``--tracing``/``--output`` options (in pyproject's addopts) keep a screenshot and a trace of every
failed test in ``test-artifacts/playwright/<test>/``; open a trace with ``playwright show-trace trace.zip``.

The server serves a throw-away copy of ``notebooks/`` (plus the harness fixture notebooks in ``_harness/``), so
running cells never touches the committed notebooks.  Without ``/usr/bin/chromium`` the tests are skipped, except
when env ``CI`` is set: then the missing browser is an error (``.ci/run`` must install it).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from . import fixture_notebooks, jupyterlab
from .checks import NotebookReport, check_notebook

HARNESS_DIR = "_harness"


@pytest.fixture(scope="session")
def browser_required():
    reason = jupyterlab.missing_browser_reason()
    if reason is None:
        return
    if jupyterlab.ci_requires_browser():
        pytest.fail(f"CI is set but the browser tests cannot run: {reason}. "
                    f".ci/run must install chromium before `make test`.", pytrace=False)
    pytest.skip(f"browser tests skipped: {reason}")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, browser_required):
    return {**browser_type_launch_args, **jupyterlab.LAUNCH_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": jupyterlab.VIEWPORT, "device_scale_factor": 1}


@pytest.fixture(scope="session")
def lab_root(tmp_path_factory):
    root = tmp_path_factory.mktemp("lab-root")
    if jupyterlab.NOTEBOOKS_DIR.is_dir():
        jupyterlab.copy_notebooks(jupyterlab.NOTEBOOKS_DIR, root)
    fixture_notebooks.write_fixtures(root / HARNESS_DIR)
    return root


@pytest.fixture(scope="session")
def lab_server(browser_required, lab_root):
    with jupyterlab.LabServer(lab_root) as server:
        yield server


@pytest.fixture
def open_notebook(lab_server, page):
    """``open_notebook(relpath) -> jupyterlab.Notebook`` in pytest-playwright's ``page`` (not yet opened);
    shuts its kernel down afterwards."""
    opened = []

    def make(relpath: str) -> jupyterlab.Notebook:
        opened.append(relpath)
        return jupyterlab.Notebook(page, lab_server, relpath)

    yield make
    for relpath in opened:
        lab_server.shutdown_kernels_for(relpath)


@pytest.fixture
def ran_notebook(open_notebook):
    """``ran_notebook(relpath) -> jupyterlab.Notebook``: opened and run to the end, every widget rendered with no
    error (skipped when the course has no such notebook)."""

    def run(relpath: str) -> jupyterlab.Notebook:
        if not (jupyterlab.NOTEBOOKS_DIR / relpath).exists():
            pytest.skip(f"{relpath} is not in {jupyterlab.NOTEBOOKS_DIR}")
        nb = open_notebook(relpath).open()
        nb.run_all()
        state = nb.wait_rendered()
        assert state["errors"] == [] and state["pendingWidgets"] == 0, state
        return nb

    return run


@pytest.fixture
def check(open_notebook):
    """``check(relpath, screenshot=..., **kw) -> checks.NotebookReport`` (see checks.check_notebook)."""

    def run(relpath: str, **kwargs) -> NotebookReport:
        return check_notebook(open_notebook(relpath), **kwargs)

    return run


# --------------------------------------------------------------------------------------------------------------
# make present: voila servers (test_present_voila.py, test_present_projector.py)
# --------------------------------------------------------------------------------------------------------------
_present = jupyterlab.load_script("tools/present.py", "qc_tools_present")


@pytest.fixture(scope="module")
def notebooks_copy(tmp_path_factory):
    """Voila runs the notebooks from a copy: whatever a kernel writes next to its notebook stays out of the repo."""
    return jupyterlab.copy_notebooks(jupyterlab.NOTEBOOKS_DIR, tmp_path_factory.mktemp("voila-notebooks"))


@pytest.fixture
def start_voila(browser_required, tmp_path):
    """``start_voila(notebook, projector=True) -> VoilaServer``, started as ``make present`` does, on a free port
    with the lab harness' isolated Jupyter/IPython dirs and kernelspec (this interpreter as python3); stopped after."""
    servers = []

    def start(notebook: Path, projector: bool = True):
        home = tmp_path / f"home{len(servers)}"
        server = _present.VoilaServer(notebook, port=jupyterlab.free_port(), env=jupyterlab.isolated_environment(home),
                                      log_path=home / "voila.log", projector=projector)
        servers.append(server)
        return server.start()

    yield start
    for server in servers:
        server.stop()
