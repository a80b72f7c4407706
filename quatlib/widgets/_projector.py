"""Projector mode: type legible from the back of a room, every demo fully visible in the window.

``make present`` turns it on for its app view (``tools/present.py --no-projector`` turns it off); in JupyterLab
a cell turns it on for the page::

    ql.widgets.projector()          # display the result: the page's text and demos get projector sizes

Sizes, and why
--------------
A projector shows the whole browser window on the same screen whatever its resolution, so what the back row
can read is the size of the type *relative to the window's width*.  All sizes below are therefore in a
"design pixel" ``--qc-u`` = 1/1280 of the window's width (``calc(100vw / 1280)``): at 1280 px the values are
pixels, at 1024 px they are 0.8 of that, the same size on the screen.

- body text :data:`BODY_PX` = 22 (JupyterLab: 14 px), headings in proportion;
- readouts, slider labels, buttons, tables, printed output: :data:`CONTROL_PX` = 20 (JupyterLab: 13 px);
- every text inside a figure (axis letters, labels, tick values, notes): :data:`FIGURE_TEXT_PX` = 16 at
  least (the notebook's figures, shrunk to a 1280 px window, show theirs at 9-13 px).

20 px at 1280 px is 1/64 of the picture's width, the size of 150 % browser zoom (the old advice of the
instructor's guide) without its cost: on a 2.5 m wide screen a letter is then about 4 cm tall (x-height
~2 cm), the size usually asked for a room whose back row sits ~10 m away (a 25-person room).  A figure's
texts get 4/5 of that, 16 px (about 3 cm on that screen): they are words of one to four letters ("x",
"q v q⁻¹", "+1", a tick value) set apart on white beside what they name, recognised at a glance rather than
read as sentences, so they carry at the smaller size; and 16 px is what the figures' layouts hold at 1280×800
(the belt's titles and the sandwich's gauges then fill their panels), where 20 px would mean redrawing them.

How figures get there.  A figure is rendered at :data:`FIGURE_DPI_SCALE` times its dpi and shown as large as
the window allows: at most its rendered size, at most the :data:`FIGURE_COLUMN_PX` the controls leave (a
7.4-inch figure: ~98 design px per inch).  Every text smaller than what makes :data:`FIGURE_TEXT_PX` at that
scale is raised to that size (:func:`figure_text_points`, :func:`quatlib.plot.set_min_fontsize`); the larger
texts, the lines and the layout stay (a uniform scale would grow titles, already large, as much as tick
labels, and crowd the panels: the one mechanism that raises only what is small).  The labels that
:class:`quatlib.plot.PlacedLabels` and :func:`quatlib.plot.place_labels` place measure their new size and go
where they fit; tests/test_legibility.py sweeps every demo in projector mode too.

Layout (a CSS grid): the controls stand beside the figure in a column of :data:`SIDE_PX`; the readout takes a
row of its own under both, set in columns; the figure takes what is left of the window's width and of its
height (``max-height`` of the demo: the window less a margin), keeping its aspect ratio.  A figure no wider
than :data:`FIGURE_COLUMN_PX` (``hello_cube``, ``gimbal``, ``two_mirrors``), or one with captions under it that
would be shown taller than :data:`CAPTIONED_FIGURE_PX` (``drift``, ``euler_vs_quaternion``), keeps the whole
height: its readout goes under the controls (class ``qc-full-height``), where the column has room (in less
height it would be shown smaller, its texts with it).  In a window taller than wide the controls go directly
under the figure.  A readout's lines are blocks that never break across two columns (:func:`readout_blocks`: a
line ending in ":" or "=" stays with the next one, a table with its caption).  Everything is CSS (a ``<style>``
sheet, no JavaScript and nothing from the network): :func:`stylesheet`.
tests/browser/test_present_projector.py measures every demo of every notebook at 1280×800 and 1024×768 under
``make present``: its figure texts on the screen, its readout's lines.
"""

from __future__ import annotations

import os
import re

import ipywidgets as W
import traitlets

from .. import plot as qp
from .._validate import as_flag

__all__ = ["projector", "is_on", "stylesheet", "readout_blocks", "figure_text_points", "BODY_PX", "CONTROL_PX",
           "FIGURE_TEXT_PX", "SIDE_PX", "FIGURE_COLUMN_PX", "FIGURE_DPI_SCALE", "ENV"]

#: ``make present`` sets this to "1" in the environment of its kernels (tools/present.py).
ENV = "QUATLIB_PROJECTOR"
#: Body text and controls, in design pixels (1/1280 of the window's width; module docstring).
BODY_PX = 22
CONTROL_PX = 20
#: Width of the controls' column beside the figure, and of its description labels.
SIDE_PX = 470
LABEL_PX = 180
#: Pixels of a figure in projector mode, relative to the notebook's (the figure's layout is unchanged).
FIGURE_DPI_SCALE = 1.5
#: The smallest text in a figure, in design pixels on the screen (module docstring).
FIGURE_TEXT_PX = 16
#: The widest a figure is shown, in design pixels: 1280 less the controls' column, the gap and the panel's
#: padding (measured: 750 in Chromium), less a margin of 3 % for a figure that the readout's row makes a
#: little shorter than that (``sandwich`` at 1280×800: 725 px).
FIGURE_COLUMN_PX = 725
#: The tallest a figure with captions under it is shown (design px) with the readout's row under both: the 776
#: px of a 1280×800 window less ~130 px of captions and ~200 px of readout.  A taller one keeps the height.
CAPTIONED_FIGURE_PX = 450

_state = {"on": os.environ.get(ENV) == "1"}
_sheet = W.HTML(layout=W.Layout(display="none"))


def is_on() -> bool:
    """True when projector mode is on (``make present``, or after :func:`projector`)."""
    return _state["on"]


def stylesheet() -> str:
    """The CSS of projector mode (module docstring): page text, widget sizes, the demo layout.

    The same sheet serves ``make present`` (voila's page includes it) and :func:`projector` (JupyterLab).
    ``!important`` overrides the sizes ipywidgets writes into each widget's ``style`` attribute.
    """
    u = "var(--qc-u)"
    return f"""
:root, body {{
  --qc-u: calc(100vw / 1280);
  --qc-body: calc({BODY_PX} * {u});
  --qc-control: calc({CONTROL_PX} * {u});
  --qc-side: calc({SIDE_PX} * {u});
  --jp-content-font-size1: var(--qc-body);
  --jp-ui-font-size1: var(--qc-control);
  --jp-code-font-size: var(--qc-control);
  --jp-widgets-font-size: var(--qc-control);
  --jp-widgets-inline-height: calc(30 * {u});
  --jp-widgets-margin: calc(1 * {u});
  --jp-widgets-inline-label-width: calc({LABEL_PX} * {u});
  --jp-widgets-inline-width: var(--qc-side);
  --jp-widgets-slider-handle-size: calc(22 * {u});
}}
.jp-RenderedHTMLCommon {{ font-size: var(--qc-body); line-height: 1.45; }}
.jp-RenderedHTMLCommon table, .jp-RenderedHTMLCommon code, .jp-RenderedText pre,
.jp-RenderedHTMLCommon pre {{ font-size: var(--qc-control); }}
.qc-demo {{
  display: grid !important; grid-template-columns: minmax(0, 1fr) var(--qc-side);
  grid-template-rows: minmax(0, 1fr) auto; gap: calc(8 * {u}) calc(16 * {u}); align-items: start;
  max-width: 100%; max-height: calc(100vh - 24 * {u});
}}
.qc-demo .widget-label, .qc-demo .widget-readout, .qc-demo .widget-button, .qc-demo .widget-toggle-button,
.qc-demo .widget-html-content, .qc-demo .widget-dropdown select, .qc-demo [style*="font-size"] {{
  font-size: var(--qc-control) !important;
}}
.qc-side {{ flex: 0 0 var(--qc-side) !important; width: var(--qc-side) !important; padding: 0 !important; }}
.qc-side .widget-slider, .qc-side .widget-dropdown, .qc-side .widget-html, .qc-side .widget-checkbox,
.qc-side .widget-toggle-buttons {{ width: var(--qc-side) !important; max-width: 100%; }}
.qc-side .widget-inline-hbox > .widget-label {{ width: calc({LABEL_PX} * {u}) !important; }}
.qc-side .widget-readout {{ min-width: calc(70 * {u}) !important; }}
.qc-demo .widget-html-content {{ line-height: 1.25 !important; }}
.qc-demo sub, .qc-demo sup {{ font-size: 0.8em !important; line-height: 0; }}
.qc-side .widget-button, .qc-side .widget-toggle-button {{ height: auto !important; min-height: calc(30 * {u});
  width: auto !important; min-width: calc(90 * {u}); padding: 0 calc(12 * {u}); }}
.qc-side .widget-hbox > .widget-html:first-child span {{ width: calc({LABEL_PX} * {u}) !important; }}
.qc-side .widget-play .widget-button {{ min-width: calc(44 * {u}); }}
.qc-figure-box {{ grid-area: 1 / 1; min-width: 0; min-height: 0; max-height: 100%; align-self: stretch; }}
div.qc-figure-box {{ display: flex !important; flex-direction: column !important; }}
div.qc-figure-box > * {{ flex: 0 0 auto; max-width: 100%; }}
div.qc-figure-box .widget-hbox {{ flex-wrap: nowrap; }}
div.qc-figure-box .widget-hbox > *, div.qc-figure-box .widget-html-content > div > div {{
  flex: 1 1 0 !important; width: auto !important; min-width: 0 !important;
}}
div.qc-figure-box .widget-html-content, div.qc-figure-box .widget-html-content * {{
  white-space: normal !important; overflow-wrap: anywhere;
}}
img.qc-figure {{
  flex: 0 1 auto !important; min-height: 0; width: auto !important; height: auto !important;
  max-width: 100% !important; max-height: 100%; object-fit: contain; object-position: left top;
}}
.qc-side {{ grid-area: 1 / 2; }}
.qc-readout {{ grid-area: 2 / 1 / 3 / 3; width: auto !important; }}
.qc-readout .widget-html-content {{ columns: 3 calc(300 * {u}); column-gap: calc(24 * {u}); }}
.qc-readout .widget-html-content > div {{ line-height: 1.3 !important; }}
.qc-readout .qc-line, .qc-readout table, .qc-readout p, .qc-readout li {{ break-inside: avoid; }}
.qc-demo.qc-full-height {{ grid-template-rows: auto minmax(0, 1fr); }}
.qc-demo.qc-full-height .qc-figure-box {{ grid-area: 1 / 1 / 3 / 2; }}
.qc-demo.qc-full-height .qc-readout {{ grid-area: 2 / 2 / 3 / 3; }}
@media (max-aspect-ratio: 1/1) {{
  .qc-demo.qc-full-height .qc-figure-box, .qc-demo.qc-full-height .qc-readout {{ grid-area: auto; }}
  .qc-demo {{ grid-template-columns: minmax(0, 1fr); grid-template-rows: auto; }}
  .qc-figure-box, .qc-side, .qc-readout {{ grid-area: auto; }}
}}
"""


def projector(on: bool = True) -> W.HTML:
    """Projector mode for this page: large type, figures and controls sized for the window.

    Display the returned widget (the last expression of a cell): it carries the page's projector style sheet
    (:func:`stylesheet`; ``on=False`` empties it, so every view of it returns the page to normal).  Demos
    created after the call also render their figures with :data:`FIGURE_DPI_SCALE` times more pixels.
    ``make present`` turns projector mode on by itself.

    >>> sheet = projector()
    >>> is_on(), "--qc-u" in sheet.value
    (True, True)
    >>> projector(False).value, is_on()
    ('', False)
    """
    _state["on"] = on = as_flag(on, "on")
    _sheet.value = f"<style>{stylesheet()}</style>" if on else ""
    return _sheet


def figure_text_points(fig) -> float:
    """The size in points that a text of ``fig`` needs to show :data:`FIGURE_TEXT_PX` design pixels tall.

    Call it before :func:`prepare_figure` (at the notebook's dpi).  The figure is shown at
    ``FIGURE_DPI_SCALE × dpi`` design pixels per inch, or less when it is wider than
    :data:`FIGURE_COLUMN_PX`; a point is 1/72 inch.

    >>> import quatlib as ql
    >>> round(figure_text_points(ql.plot.figure((7.4, 5.0))), 1)     # 725 px for 7.4 in: 98 px per inch
    11.8
    >>> round(figure_text_points(ql.plot.figure((4.2, 4.5))), 1)     # shown at its 150 px per inch
    7.7
    """
    width = float(fig.get_size_inches()[0])
    per_inch = min(fig.dpi * FIGURE_DPI_SCALE, FIGURE_COLUMN_PX / width)
    return FIGURE_TEXT_PX * 72 / per_inch


def prepare_figure(fig) -> None:
    """In projector mode, raise the figure's small texts (:func:`figure_text_points`) and render it at
    :data:`FIGURE_DPI_SCALE` times its dpi (same inches, same layout).

    The page then shrinks the picture to what the window leaves (module docstring): a figure never shows
    larger than its rendered pixels, so it stays sharp, and a small figure (``hello_cube``) grows with the
    window up to 1.5 times the notebook's size, its labels with it.
    """
    if is_on():
        qp.set_min_fontsize(fig, figure_text_points(fig))
        fig.set_dpi(fig.dpi * FIGURE_DPI_SCALE)


_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*?(/?)>")
_VOID = {"br", "hr", "img", "wbr"}


def _lines(body: str) -> list[str] | None:
    """``body`` cut at its top-level ``<br>`` (not those inside a span or a cell); None if its tags do not nest."""
    rows, start, depth = [], 0, 0
    for m in _TAG.finditer(body):
        name = m.group(2).lower()
        if name in _VOID or m.group(3):
            if name == "br" and depth == 0:
                rows.append(body[start:m.start()])
                start = m.end()
            continue
        depth += -1 if m.group(1) else 1
        if depth < 0:
            return None
    return [*rows, body[start:]] if depth == 0 else None


def readout_blocks(text: str) -> str:
    """A readout's HTML with each of its lines a block ``<div class='qc-line'>``, so that columns never split one.

    A readout is one ``<div>`` of lines separated by ``<br>``; a column break may fall between two lines of a
    block, never inside one (the style sheet: ``break-inside: avoid``).  So each top-level line becomes a
    block, and a line that announces the next (ending in ":" or "=", a heading in bold, or followed by a table
    or by an indented line, which continues it) shares its block.
    The page looks the same until the columns are set.

    >>> readout_blocks("<div style='x'>θ = 30°<br>q =<br><code>(1, 0)</code><br><span>a<br>b</span></div>")
    "<div style='x'><div class='qc-line'>θ = 30°</div><div class='qc-line'>q =<br><code>(1, 0)</code></div><div \
class='qc-line'><span>a<br>b</span></div></div>"
    """
    m = re.fullmatch(r"(\s*<div\b[^>]*>)(.*)(</div>\s*)", text, re.S)
    rows = _lines(m.group(2)) if m else None
    head, tail = (m.group(1), m.group(3)) if rows is not None else ("", "")
    rows = rows if rows is not None else (_lines(text) or [text])
    blocks: list[str] = []
    for row in rows:
        if not row.strip():
            continue
        continues = re.match(r"\s*(<table\b|&nbsp;|\u00a0)", row)  # a table, an indented line
        announces = blocks and (re.search(r"[:=]\s*$", _TAG.sub("", blocks[-1]))  # "q =", "R:", a heading
                                or re.fullmatch(r"\s*<b>[^<]*</b>\s*", blocks[-1]))
        if blocks and (continues or announces):
            blocks[-1] += "<br>" + row
        else:
            blocks.append(row)
    return head + "".join(f"<div class='qc-line'>{b}</div>" for b in blocks) + tail


class _Readout(W.HTML):
    """The readout of a demo in projector mode: its HTML set as blocks (:func:`readout_blocks`)."""

    @traitlets.validate("value")
    def _as_blocks(self, proposal):
        return readout_blocks(proposal["value"])


def arrange(demo, figure_box, side) -> None:
    """Mark a demo's parts for the projector style sheet; in projector mode, the readout goes under both.

    The classes change nothing until the style sheet applies.  In projector mode the readout (often ten lines
    and more at 20 px) leaves the controls' column for a row of its own under the figure and the controls, set
    in columns (its lines as blocks that a column never splits: :func:`readout_blocks`), so the controls' column
    stays short; the figure shrinks to leave it room (style sheet).
    """
    if is_on():
        side.children = [c for c in side.children if c is not demo.readout]
        plain, demo.readout = demo.readout, _Readout(value=demo.readout.value, layout=demo.readout.layout)
        plain.close()
        demo.children = [figure_box, side, demo.readout]
        demo.readout.add_class("qc-readout")
        width, height = demo.figure.get_size_inches()
        tall = figure_box is not demo.view.widget and FIGURE_COLUMN_PX * height / width > CAPTIONED_FIGURE_PX
        if demo.figure.bbox.width <= FIGURE_COLUMN_PX or tall:
            demo.add_class("qc-full-height")  # a narrow figure, or a tall one with captions: keeps the height
    demo.add_class("qc-demo")
    side.add_class("qc-side")
    figure_box.add_class("qc-figure-box")
    demo.view.widget.add_class("qc-figure")
