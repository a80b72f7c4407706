"""Fixtures for the browser tests: one JupyterLab server and one headless Chromium per session.

The server serves a throw-away copy of ``notebooks/`` (plus the harness fixture notebooks in ``_harness/``), so
running cells never touches the committed notebooks.  Without ``/usr/bin/chromium`` the tests are skipped, except
when env ``CI`` is set: then the missing browser is an error (``.ci/run`` must install it).
"""

from __future__ import annotations

import pytest

from . import fixture_notebooks, lab

HARNESS_DIR = "_harness"


@pytest.fixture(scope="session")
def browser_required():
    reason = lab.missing_browser_reason()
    if reason is None:
        return
    if lab.ci_requires_browser():
        pytest.fail(f"CI is set but the browser tests cannot run: {reason}. "
                    f".ci/run must install chromium before `make test`.", pytrace=False)
    pytest.skip(f"browser tests skipped: {reason}")


@pytest.fixture(scope="session")
def lab_root(tmp_path_factory):
    root = tmp_path_factory.mktemp("lab-root")
    if lab.NOTEBOOKS_DIR.is_dir():
        lab.copy_notebooks(lab.NOTEBOOKS_DIR, root)
    fixture_notebooks.write_fixtures(root / HARNESS_DIR)
    return root


@pytest.fixture(scope="session")
def lab_server(browser_required, lab_root):
    server = lab.LabServer(lab_root)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def chromium(browser_required):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = lab.launch_chromium(pw)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def page(chromium):
    page = lab.new_page(chromium)
    try:
        yield page
    finally:
        page.context.close()


@pytest.fixture
def check_notebook(lab_server, page):
    """``check_notebook(relpath, screenshot=..., **kw) -> lab.NotebookReport``; shuts the kernel down afterwards."""
    opened = []

    def check(relpath: str, **kwargs) -> lab.NotebookReport:
        opened.append(relpath)
        return lab.check_notebook(page, lab_server, relpath, **kwargs)

    yield check
    for relpath in opened:
        lab_server.shutdown_kernels_for(relpath)
