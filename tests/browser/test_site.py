"""``make site``: the course website, served from 127.0.0.1 and opened page by page in headless Chromium.

A session fixture builds the site with ``site/build.py`` (the code ``make site`` runs) when ``_build/site/`` is
missing or older than its sources, and serves it with :mod:`http.server` on a free loopback port.  Every page of
the site is opened; for each one the test checks:

- no request goes to any host but the local server (the browser is offline: such a request is refused and
  counted, and the count must be 0), no request fails, and every link within the site leads to a file of it;
- every image on the page loaded (natural width > 0), and a notebook page shows the saved picture of each demo
  of the course manifest (:mod:`quatlib.course`), told by its alt text (the demo's name and what it shows), with
  no widget view or slider left on the page;
- a notebook page has its "Run it live" box: a Binder link to this notebook and ``make lab``;
- the intro's formula is typeset by the site's own MathJax.

Besides: the site's table of contents lists the manifest's notebooks in order, and ``make test`` installs what
``make site`` needs.

Screenshots: ``test-artifacts/site/<page>.png`` (the whole page).
"""

from __future__ import annotations

import functools
import subprocess
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote

import pytest
import yaml

from quatlib import course

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

from . import jupyterlab as lab

pytestmark = pytest.mark.browser

SCREENSHOTS = lab.REPO_ROOT / "test-artifacts" / "site"
NOTEBOOK_PAGES = [nb.stem for nb in course.NOTEBOOKS]
# The pages Sphinx writes besides one per notebook: the redirect to the intro, the intro, search and index.
OTHER_PAGES = ["index", "intro", "search", "genindex"]


site_build = lab.load_script("site/build.py", "qc_site_build")


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """The built site (built now when missing or stale)."""
    if site_build.is_stale():
        site_build.build()
    return site_build.OUTPUT_DIR


@pytest.fixture(scope="session")
def site_url(site_dir, browser_required):
    """``http://127.0.0.1:PORT`` serving :func:`site_dir`."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(site_dir)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def visit(site_dir, site_url, context, page):
    """``visit(name) -> dict``: open ``name.html``, wait until the page is loaded and quiet, save its screenshot;
    returns the requests made to other hosts (refused), the local requests that failed and the links within the
    site that lead to no file of it."""
    foreign: list[str] = []
    failed: list[str] = []

    def route(r):
        if r.request.url.startswith(site_url + "/"):
            r.continue_()
        else:
            foreign.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    page.on("requestfailed", lambda req: req.url.startswith(site_url + "/") and failed.append(req.url))
    page.on("response", lambda resp: resp.status >= 400 and failed.append(f"{resp.status} {resp.url}"))

    def open_page(name: str) -> dict:
        page.goto(f"{site_url}/{name}.html", wait_until="networkidle")
        page.wait_for_function("() => [...document.images].every(img => img.complete)")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
        links = page.evaluate("() => [...document.links].map(a => a.href.split('#')[0].split('?')[0])")
        local = {link.removeprefix(site_url + "/") for link in links if link.startswith(site_url + "/")}
        broken = sorted(path for path in local if not (site_dir / unquote(path)).is_file())
        return {"foreign": foreign, "failed": failed, "broken links": broken}

    return open_page


def images(page) -> list[dict]:
    """Every ``img`` of the page: where it sits (in a cell's output or not), its source and natural width."""
    return page.evaluate("""() => [...document.images].map(img => ({
        src: img.currentSrc, alt: img.alt, width: img.naturalWidth, in_output: !!img.closest('.cell_output')}))""")


def test_the_site_has_exactly_these_pages(site_dir):
    pages = sorted(p.stem for p in site_dir.glob("*.html"))
    assert pages == sorted(NOTEBOOK_PAGES + OTHER_PAGES)


def test_table_of_contents_follows_the_course_manifest():
    toc = yaml.safe_load((lab.REPO_ROOT / "site" / "_toc.yml").read_text(encoding="utf-8"))
    assert toc["root"] == "intro"
    assert [chapter["file"] for chapter in toc["chapters"]] == NOTEBOOK_PAGES


def test_make_site_builds_with_the_site_extra_and_make_test_installs_it():
    project = tomllib.loads((lab.REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    # jupyter-book 1.x: Jupyter Book 2 (mystmd) downloads its theme at build time and fails offline
    book = [r for r in project["optional-dependencies"]["site"] if r.startswith("jupyter-book")]
    assert len(book) == 1 and book[0].startswith("jupyter-book>=1.") and book[0].endswith(",<2"), book
    assert f"{project['name']}[site]" in project["optional-dependencies"]["test"]
    commands = subprocess.run(["make", "-n", "-B", "site"], cwd=lab.REPO_ROOT, capture_output=True, text=True,
                              check=True).stdout
    assert '-e ".[site]"' in commands and "site/build.py" in commands


@pytest.mark.parametrize("name", OTHER_PAGES)
def test_page_loads_everything_from_the_site(visit, page, name):
    requests = visit(name)
    assert requests == {"foreign": [], "failed": [], "broken links": []}
    assert all(img["width"] > 0 for img in images(page)), images(page)
    if name in ("index", "intro"):  # index.html redirects to the intro
        assert page.url.endswith("/intro.html")
        # $...$ and $$...$$ typeset by the site's MathJax (_static/mathjax/), not left as text
        page.wait_for_selector("mjx-container", timeout=15_000)
        assert page.locator("mjx-container").count() >= 3
        assert "$" not in page.inner_text("article")


@pytest.mark.parametrize("nb", course.NOTEBOOKS, ids=NOTEBOOK_PAGES)
def test_notebook_page_shows_its_demos_as_pictures(visit, page, nb):
    requests = visit(nb.stem)
    assert requests == {"foreign": [], "failed": [], "broken links": []}

    shown = images(page)
    assert all(img["width"] > 0 for img in shown), shown
    pictures = [img for img in shown if img["in_output"]]
    for demo in nb.demos:
        assert [img for img in pictures if img["alt"].startswith(f"{demo.name}: ")], (demo.name, pictures)
    # the widget views were dropped (their sliders would be dead without a kernel)
    assert page.locator(".widget-slider, .jupyter-widgets, "
                        'script[type="application/vnd.jupyter.widget-view+json"]').count() == 0

    box = page.locator(".run-live")
    assert box.count() == 1
    binder = box.locator('a[href^="https://mybinder.org/v2/gh/"]')
    assert binder.get_attribute("href").endswith(f"?urlpath=lab/tree/notebooks/{nb.file}")
    assert "make lab" in box.inner_text()


def test_a_request_to_another_host_is_caught(visit, page):
    """The harness itself: a page that reaches for another host is refused and counted (so 0 above means 0)."""
    requests = visit("intro")
    page.evaluate("""() => new Promise(done => {
        const img = new Image(); img.onload = img.onerror = done; img.src = 'https://cdn.example.org/x.png'; })""")
    assert requests["foreign"] == ["https://cdn.example.org/x.png"]
