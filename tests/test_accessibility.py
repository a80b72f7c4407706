"""Every button of every demo has a name a screen reader reads, and every demo is a light, framed panel.

A browser computes a button's accessible name from its text, else its ``title`` (WCAG 4.1.2, the W3C "Accessible
Name and Description Computation").  ipywidgets 8 writes a ``Button``'s or ``ToggleButton``'s ``description`` as
its text and its ``tooltip`` as ``title``; a ``ToggleButtons`` option's label as text.  An ``ipywidgets.Play``
draws three buttons with nothing but a Font Awesome icon in them (no text, title or aria-label, whatever the
``Play``'s own ``description`` or ``tooltip``): the demo panel's style sheet names them by their icon
(:data:`quatlib.widgets._base.PLAY_BUTTON_NAMES`), and gives the icon glyphs empty alternative text so that no
private-use character is read with the name.  This test walks every demo's widget tree; it reads the icon classes
from the installed ipywidgets front end and their glyphs from JupyterLab's Font Awesome, so the names follow the
icons actually drawn.
tests/browser/test_dark_theme.py checks the names in Chromium's accessibility tree.
"""

from __future__ import annotations

import pathlib
import re

import ipywidgets as W
import pytest
from jupyter_core.paths import jupyter_path

import quatlib.plot as qp
from quatlib import course
from quatlib import widgets as qw
from quatlib.widgets import _base


def walk(widget):
    """``widget`` and everything under it (box children), depth first."""
    stack = [widget]
    while stack:
        w = stack.pop()
        yield w
        stack.extend(reversed(list(getattr(w, "children", ()))))


def name_of(w) -> str:
    """The accessible name the front end gives a button: its text, else its title (tooltip)."""
    return (w.description or w.tooltip or "").strip()


def play_view_icons() -> set[str]:
    """The Font Awesome classes the installed ipywidgets front end puts on the ``Play`` widget's buttons."""
    found = set()
    for root in jupyter_path("labextensions"):
        static = pathlib.Path(root) / "@jupyter-widgets" / "jupyterlab-manager" / "static"
        for js in static.glob("*.js"):
            text = js.read_text(errors="ignore")
            start = text.find('"widget-play"')
            if start >= 0:
                view = text[start:text.find("updateRepeat(){", start)]
                found |= set(re.findall(r'"fa (fa-[a-z-]+)"', view))
    return found


def font_awesome_glyphs(icons) -> dict[str, str]:
    """The ``content`` of ``.fa-<icon>:before`` in the Font Awesome CSS the installed JupyterLab ships."""
    found = {}
    for root in jupyter_path("lab"):
        for js in (pathlib.Path(root) / "static").glob("*.js"):
            text = js.read_text(errors="ignore")
            for icon in icons:
                m = re.search(rf"\.{icon}:+before\s*\{{\s*content:\s*\"\\*(f[0-9a-f]{{3}})\"", text)
                if m:
                    found[icon] = "\\" + m.group(1)
    return found


def test_the_play_names_cover_every_icon_the_front_end_draws():
    icons = play_view_icons()
    assert {"fa-play", "fa-pause", "fa-stop"} <= icons  # the front end was found and read
    assert icons <= set(_base.PLAY_BUTTON_NAMES)
    css = _base.panel_style().value
    for icon, name in _base.PLAY_BUTTON_NAMES.items():
        assert f"button:has(.{icon})::after{{content:'{name}'}}" in css
    # the icons keep their glyphs (those of JupyterLab's Font Awesome), with empty alternative text
    assert font_awesome_glyphs(_base.PLAY_BUTTON_NAMES) == _base._PLAY_GLYPHS
    for icon, glyph in _base._PLAY_GLYPHS.items():
        assert f".{icon}::before{{content:'{glyph}' / ''}}" in css


@pytest.mark.parametrize("name", course.demo_names())
def test_every_button_of_a_demo_has_an_accessible_name(name):
    demo = getattr(qw, name)()
    nameless, plays = [], 0
    for w in walk(demo):
        if isinstance(w, (W.Button, W.ToggleButton)) and not name_of(w):
            nameless.append(f"{type(w).__name__} icon={w.icon!r}")
        elif isinstance(w, W.ToggleButtons):
            nameless += [f"ToggleButtons option {k}" for k, label in enumerate(w._options_labels) if not label.strip()]
        elif isinstance(w, W.Play):
            plays += 1
    assert not nameless, f"{name}: buttons without a name: {nameless}"
    if plays:  # the Play's buttons are named by the panel's style sheet, which the demo must carry
        assert _base.PANEL_CLASS in demo._dom_classes
        assert any(isinstance(w, W.HTML) and w.value == _base.panel_style().value for w in walk(demo))


@pytest.mark.parametrize("name", course.demo_names())
def test_every_control_of_a_demo_says_what_it_controls(name):
    demo = getattr(qw, name)()
    unlabelled = [k for k, c in {**demo.controls, **demo.view_controls}.items() if not c.description.strip()]
    assert not unlabelled, f"{name}: controls without a label: {unlabelled}"


@pytest.mark.parametrize("name", course.demo_names())
def test_every_demo_is_a_light_framed_panel(name):
    demo = getattr(qw, name)()
    assert _base.PANEL_CLASS in demo._dom_classes
    sheets = [w for w in walk(demo) if isinstance(w, W.HTML) and w.value.startswith("<style>")]
    assert len(sheets) == 1 and sheets[0].layout.display == "none"  # one sheet, taking no room
    css = sheets[0].value
    c = qp.COLORS  # white panel, ink text, a frame: the figures' own background
    assert f".{_base.PANEL_CLASS}{{background:{c['panel']};color:{c['ink']};border:1px solid {c['frame']};" in css
