"""``make present``'s projector mode: every demo of every notebook fits a 1280×800 and a 1024×768 window.

Each notebook is served by :class:`VoilaServer` exactly as ``make present`` does (projector mode on, its
default) and opened in headless Chromium at both sizes.  From the DOM, for every demo (``.qc-demo``):

- the demo and every element in it (figure image, controls, buttons, readout) lie inside the viewport's width,
  and the demo is no taller than the viewport (the whole demo can be seen at once);
- no control text is cut off (a label, readout or button whose text is wider than its box);
- every text in the demo is at least ``CONTROL_PX`` design pixels (20 px at 1280 px width, 16 px at 1024:
  the same size on the projected picture; see ``quatlib.widgets._projector``), sub- and superscripts at 0.8 of
  that; the body text of the notebook at least ``BODY_PX``;
- every text in a figure at least ``FIGURE_TEXT_PX`` design pixels on the screen: the smallest text the
  demo's figure draws, in the figure's pixels (the demo built in this process in projector mode,
  :func:`quatlib.plot.fontsizes`), times the picture's scale on the page (its box / its natural size);
- no block of a readout (a line, a table) is split across two of its columns (its client rects side by side).

And for every page: no request leaves 127.0.0.1 (voila's lab template links Font Awesome from a CDN; ours
does not), while Font Awesome, from voila's own bundle, is loaded where a Play button needs it.

Screenshots: ``test-artifacts/present/<W>x<H>/<NN>.png`` (the whole page) and ``<NN>_demo<k>.png`` (the window
scrolled to demo k, as the room sees it).
"""

from __future__ import annotations

import time

import pytest

import quatlib.plot as qp
from quatlib import course
from quatlib import widgets as qw
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
    const img = d.querySelector('img.qc-figure');
    const out = {k, width: box.width, height: box.height, left: box.left, right: box.right,
                 outside: [], fonts: [], clipped: [], parts: {}, split: [],
                 figure: img ? {natural: [img.naturalWidth, img.naturalHeight],
                                box: [img.getBoundingClientRect().width, img.getBoundingClientRect().height]} : null};
    // The readout's blocks (its lines, tables, paragraphs): the boxes of a block's text lines, in order, go down
    // one column; a box wholly above the block's first line has gone on at the top of the next column.
    const readout = d.querySelector('.qc-readout .widget-html-content');
    if (readout) {
      for (const b of readout.querySelectorAll('.qc-line, p, li, table')) {
        const range = document.createRange();
        range.selectNodeContents(b);
        const lines = Array.from(range.getClientRects()).filter((r) => r.width && r.height);
        if (lines.some((r) => r.bottom < lines[0].top))
          out.split.push(`${b.tagName.toLowerCase()} ${JSON.stringify(b.textContent.trim().slice(0, 50))}`);
      }
      out.blocks = readout.querySelectorAll('.qc-line').length;
    }
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


def smallest_figure_texts(notebook: str) -> list[tuple[str, float, str, int]]:
    """Per demo of ``notebook`` (in the manifest's order, the page's): ``(demo, px, text, width)``, the smallest
    text its figure draws in the figure's own pixels (:func:`quatlib.plot.fontsizes` at its dpi) and the figure's
    width in pixels, the demo built here in projector mode as the presenter's kernel builds it."""
    was = _projector.is_on()
    qw.projector(True)
    try:
        out = []
        for name in course.notebook(notebook[:2]).demo_names:
            fig = getattr(qw, name)().figure
            size, text = qp.fontsizes(fig)[0]
            out.append((name, size * fig.dpi / 72, text, round(fig.bbox.width)))
        return out
    finally:
        qw.projector(was)


def figure_text_problems(measured: dict, smallest: list) -> tuple[list[str], list[str]]:
    """The figures whose smallest text is shown below ``FIGURE_TEXT_PX`` design pixels, and what each shows.

    The text's size in the figure's pixels times the picture's scale on the page: the image's box over its
    natural size, the smaller of width and height (``object-fit: contain`` draws the picture inside its box).
    """
    problems, report = [], []
    if len(smallest) != len(measured["demos"]):
        return [f"{len(measured['demos'])} demos on the page, the manifest lists {len(smallest)}"], report
    for d, (name, px, text, width) in zip(measured["demos"], smallest, strict=True):
        if d["figure"] is None or d["figure"]["natural"][0] != width:
            problems.append(f"demo {d['k']} ({name}): its figure is {d['figure']}, expected {width} px wide")
            continue
        scale = min(b / n for b, n in zip(d["figure"]["box"], d["figure"]["natural"], strict=True))
        shown = px * scale * 1280 / measured["vw"]
        report.append(f"{name} {shown:.1f}")
        if shown < _projector.FIGURE_TEXT_PX - 0.1:
            problems.append(f"demo {d['k']} ({name}): figure text {text!r} shown at {shown:.1f} design px "
                            f"< {_projector.FIGURE_TEXT_PX} (figure shown at {scale:.2f} of its {width} px)")
    return problems, report


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
        problems += [f"{where}: readout block split across columns: {b}" for b in d["split"][:5]]
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
    smallest = smallest_figure_texts(notebook)
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
        small_figure_texts, shown = figure_text_problems(measured, smallest)
        problems += [f"{size}: {p}" for p in small_figure_texts]
        problems += [f"{size}: a request left 127.0.0.1: {url}" for url in external]
        if measured["plays"] and not measured["fontAwesomeLoaded"]:
            problems.append(f"{size}: a Play button but Font Awesome (voila's own copy) is not loaded")
        report.append(f"{size}: " + ", ".join(f"demo {d['k']} {d['width']:.0f}×{d['height']:.0f}"
                                              for d in measured["demos"])
                      + "; smallest figure text (design px): " + ", ".join(shown))
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
