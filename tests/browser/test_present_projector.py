"""``make present``'s projector mode: every demo of every notebook fits a 1280×800 and a 1024×768 window.

Each notebook is served by :class:`VoilaServer` exactly as ``make present`` does (projector mode on, its
default) and opened in headless Chromium at both sizes.  From the DOM, for every demo (``.qc-demo``):

- the demo and every element in it (figure image, controls, buttons, readout) lie inside the viewport's width,
  and the demo is no taller than the viewport (the whole demo can be seen at once);
- no control text is cut off (a label, readout or button whose text is wider than its box);
- every text in the demo is at least ``CONTROL_PX`` design pixels (20 px at 1280 px width, 16 px at 1024:
  the same size on the projected picture; see ``quatlib.widgets._projector``), sub- and superscripts at 0.8 of
  that; the body text of the notebook at least ``BODY_PX``.

And for every page: no request leaves 127.0.0.1 (voila's lab template links Font Awesome from a CDN; ours
does not), while Font Awesome, from voila's own bundle, is loaded where a Play button needs it.

Screenshots: ``test-artifacts/present/<W>x<H>/<NN>.png`` (the whole page) and ``<NN>_demo<k>.png`` (the window
scrolled to demo k, as the room sees it).
"""

from __future__ import annotations

import time

import pytest

from quatlib.widgets import _projector

from . import jupyterlab as lab
from .test_present_voila import wait_rendered

pytestmark = pytest.mark.browser

present = lab.load_script("tools/present.py", "qc_tools_present")

SIZES = [(1280, 800), (1024, 768)]
ARTIFACTS = lab.REPO_ROOT / "test-artifacts" / "present"
COURSE = sorted(p for p in lab.NOTEBOOKS_DIR.glob("*.ipynb") if present.is_course_notebook(p.name))
PARAMS = [pytest.param(p.name, id=p.stem[:2]) for p in COURSE] or [pytest.param(None, id="no-notebooks-found")]

# Everything measured in one pass over the DOM (positions relative to the viewport, after scrolling the demo
# to the top of the window).
_JS_DEMOS = """
() => {
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  const name = (el) => (el.className && el.className.baseVal === undefined ? el.className : el.tagName)
                         .toString().split(' ').filter((c) => c.startsWith('widget-') || c.startsWith('qc-'))
                         .join('.') || el.tagName.toLowerCase();
  const ownText = (el) => Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim());
  const demos = Array.from(document.querySelectorAll('.qc-demo')).map((d, k) => {
    d.scrollIntoView({block: 'start'});
    const box = d.getBoundingClientRect();
    const out = {k, width: box.width, height: box.height, left: box.left, right: box.right,
                 outside: [], fonts: [], clipped: [], parts: {}};
    for (const part of ['qc-figure', 'qc-side', 'qc-readout']) {
      const el = d.querySelector('.' + part);
      out.parts[part] = el ? el.getBoundingClientRect().width > 0 : false;
    }
    for (const el of d.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
      if (r.left < -0.5 || r.right > vw + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)
        out.outside.push(`${name(el)} [${Math.round(r.left)}, ${Math.round(r.right)}] x ` +
                         `[${Math.round(r.top - box.top)}, ${Math.round(r.bottom - box.top)}]`);
      if (ownText(el)) {
        const small = el.closest('sub, sup') ? 0.8 : 1.0;
        out.fonts.push([parseFloat(getComputedStyle(el).fontSize) / small, el.textContent.trim().slice(0, 40)]);
      }
      if (el.matches('%(clippable)s') && el.scrollWidth > el.clientWidth + 1)
        out.clipped.push(`${JSON.stringify(el.textContent.trim())} needs ${el.scrollWidth} px, has ${el.clientWidth}`);
    }
    return out;
  });
  const body = Array.from(document.querySelectorAll('.jp-RenderedMarkdown p, .jp-RenderedMarkdown li'))
    .map((el) => parseFloat(getComputedStyle(el).fontSize));
  const fa = Array.from(document.fonts).filter((f) => /Font Awesome/i.test(f.family));
  return {vw, vh, scrollWidth: document.scrollingElement.scrollWidth, demos, body,
          plays: document.querySelectorAll('.widget-play').length,
          fontAwesomeLoaded: fa.some((f) => f.status === 'loaded')};
}
""".replace("%(clippable)s", lab.CLIPPABLE)


def open_page(browser, server, width: int, height: int):
    """The presented page at ``width``×``height``, rendered; and the list of requests that left 127.0.0.1."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    external = []
    page.on("request", lambda r: external.append(r.url)
            if not r.url.startswith((server.base_url, "data:", "blob:")) else None)
    page.goto(server.url, wait_until="domcontentloaded", timeout=180_000)
    wait_rendered(page)
    page.wait_for_load_state("networkidle")
    time.sleep(1.0)  # the last figure PNGs and fonts
    return page, external


def design_px(px: float, vw: float) -> float:
    """A size in design pixels (1/1280 of the window's width) as CSS pixels at viewport width ``vw``."""
    return px * vw / 1280


def problems_at(measured: dict) -> list[str]:
    vw, vh = measured["vw"], measured["vh"]
    control_min, body_min = design_px(_projector.CONTROL_PX, vw) - 0.1, design_px(_projector.BODY_PX, vw) - 0.1
    problems = []
    if measured["scrollWidth"] > vw:
        problems.append(f"the page scrolls sideways: {measured['scrollWidth']} px wide in a {vw} px window")
    for d in measured["demos"]:
        where = f"demo {d['k']}"
        if d["height"] > vh:
            problems.append(f"{where} is {d['height']:.0f} px tall in a {vh} px window")
        if d["left"] < 0 or d["right"] > vw:
            problems.append(f"{where} spans [{d['left']:.0f}, {d['right']:.0f}] in a {vw} px window")
        problems += [f"{where}: {part} not shown" for part, shown in d["parts"].items() if not shown]
        problems += [f"{where}: outside the window or the demo: {o}" for o in d["outside"][:5]]
        problems += [f"{where}: text cut off: {c}" for c in d["clipped"][:5]]
        small = [(size, text) for size, text in d["fonts"] if size < control_min]
        problems += [f"{where}: {size:.1f} px text < {control_min:.1f} px: {text!r}" for size, text in small[:5]]
        if not d["fonts"]:
            problems.append(f"{where}: no text measured")
    small_body = [size for size in measured["body"] if size < body_min]
    if small_body:
        problems.append(f"{len(small_body)} paragraphs of body text below {body_min:.1f} px: {min(small_body)} px")
    return problems


@pytest.mark.parametrize("notebook", PARAMS)
def test_every_demo_fits_the_window_in_projector_mode(notebook, notebooks_copy, start_voila, browser):
    if notebook is None:
        pytest.fail(f"no course notebooks found in {lab.NOTEBOOKS_DIR}", pytrace=False)
    server = start_voila(notebooks_copy / notebook)
    problems, report = [], []
    for width, height in SIZES:
        size = f"{width}x{height}"
        page, external = open_page(browser, server, width, height)
        try:
            measured = page.evaluate(_JS_DEMOS)
            shots = ARTIFACTS / size
            shots.mkdir(parents=True, exist_ok=True)
            for k in range(len(measured["demos"])):
                page.evaluate("(k) => document.querySelectorAll('.qc-demo')[k].scrollIntoView({block: 'start'})", k)
                page.wait_for_timeout(300)
                page.screenshot(path=str(shots / f"{notebook[:2]}_demo{k}.png"), animations="disabled")
            page.locator("#rendered_cells").screenshot(path=str(shots / f"{notebook[:2]}.png"), animations="disabled")
        finally:
            page.context.close()
        problems += [f"{size}: {p}" for p in problems_at(measured)]
        problems += [f"{size}: a request left 127.0.0.1: {url}" for url in external]
        if measured["plays"] and not measured["fontAwesomeLoaded"]:
            problems.append(f"{size}: a Play button but Font Awesome (voila's own copy) is not loaded")
        report.append(f"{size}: " + ", ".join(f"demo {d['k']} {d['width']:.0f}×{d['height']:.0f}"
                                              for d in measured["demos"]))
    print(f"{notebook}: " + "; ".join(report))
    if problems:
        pytest.fail(f"{notebook} in projector mode:\n  - " + "\n  - ".join(problems) + "\n\n" + "\n".join(report),
                    pytrace=False)


def test_no_projector_keeps_the_notebook_sizes_and_still_no_cdn(notebooks_copy, start_voila, browser):
    """``--no-projector``: JupyterLab's own type sizes, the demo as in the notebook; no CDN request either."""
    notebook = next((p.name for p in COURSE if p.name.startswith("07")), None) or COURSE[0].name
    server = start_voila(notebooks_copy / notebook, projector=False)
    assert present.PROJECTOR not in server.command()
    page, external = open_page(browser, server, *SIZES[0])
    try:
        measured = page.evaluate(_JS_DEMOS)
        has_sheet = page.evaluate("() => !!document.getElementById('quatlib-projector')")
    finally:
        page.context.close()
    assert external == [], f"requests that left 127.0.0.1: {external}"
    assert not has_sheet
    assert max(measured["body"]) < design_px(_projector.BODY_PX, measured["vw"]), "body text at projector size"
    assert measured["demos"], "the demo classes are there in both modes"
    if measured["plays"]:
        assert measured["fontAwesomeLoaded"], "Font Awesome from voila's own bundle"
