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
- readouts, slider labels, buttons, tables, printed output: :data:`CONTROL_PX` = 20 (JupyterLab: 13 px).

20 px at 1280 px is 1/64 of the picture's width, the size of 150 % browser zoom (the old advice of the
instructor's guide) without its cost: on a 2.5 m wide screen a letter is then about 4 cm tall (x-height
~2 cm), the size usually asked for a room whose back row sits ~10 m away (a 25-person room).  The figures are
rendered at :data:`FIGURE_DPI_SCALE` times their dpi and shown as large as the window allows (text, lines and
layout in proportion: a figure's own layout is its demo's).

Layout (a CSS grid): the controls stand beside the figure in a column of :data:`SIDE_PX`; the readout takes a
row of its own under both, set in columns; the figure takes what is left of the window's width and of its
height (``max-height`` of the demo: the window less a margin), keeping its aspect ratio.  In a window taller
than wide the controls go directly under the figure.  Everything is CSS (a ``<style>`` sheet, no JavaScript
and nothing from the network): :func:`stylesheet`.  tests/browser/test_present_projector.py measures every
demo of every notebook at 1280×800 and 1024×768 under ``make present``.
"""

from __future__ import annotations

import os

import ipywidgets as W

__all__ = ["projector", "is_on", "stylesheet", "BODY_PX", "CONTROL_PX", "SIDE_PX", "FIGURE_DPI_SCALE", "ENV"]

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
.qc-readout .widget-html-content table {{ break-inside: avoid; }}
@media (max-aspect-ratio: 1/1) {{
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
    if not isinstance(on, bool):
        raise ValueError(f"Expected on=True or on=False, got {on!r}")
    _state["on"] = on
    _sheet.value = f"<style>{stylesheet()}</style>" if on else ""
    return _sheet


def prepare_figure(fig) -> None:
    """In projector mode, render ``fig`` at :data:`FIGURE_DPI_SCALE` times its dpi (same inches, same layout).

    The page then shrinks the picture to what the window leaves (module docstring): a figure never shows
    larger than its rendered pixels, so it stays sharp, and a small figure (``hello_cube``) grows with the
    window up to 1.5 times the notebook's size, its labels with it.
    """
    if is_on():
        fig.set_dpi(fig.dpi * FIGURE_DPI_SCALE)


def arrange(demo, figure_box, side) -> None:
    """Mark a demo's parts for the projector style sheet; in projector mode, the readout goes under both.

    The classes change nothing until the style sheet applies.  In projector mode the readout (often ten lines
    and more at 20 px) leaves the controls' column for a row of its own under the figure and the controls, set
    in columns, so the controls' column stays short; the figure shrinks to leave it room (style sheet).
    """
    if is_on():
        side.children = [c for c in side.children if c is not demo.readout]
        demo.children = [figure_box, side, demo.readout]
        demo.readout.add_class("qc-readout")
    demo.add_class("qc-demo")
    side.add_class("qc-side")
    figure_box.add_class("qc-figure-box")
    demo.view.widget.add_class("qc-figure")
