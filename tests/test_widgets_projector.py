"""quatlib.widgets.projector: the switch, the style sheet, and what projector mode changes in a demo.

The page itself (sizes measured in Chromium at 1280×800 and 1024×768) is tests/browser/test_present_projector.py.
"""

from __future__ import annotations

import ipywidgets as W
import pytest

import quatlib as ql
import quatlib.plot as qp
from quatlib.widgets import _projector


@pytest.fixture
def projector_off():
    """Projector mode off before and after the test, whatever the environment says."""
    was = _projector.is_on()
    ql.widgets.projector(False)
    yield
    ql.widgets.projector(was)


def test_the_switch_fills_and_empties_one_style_sheet(projector_off):
    sheet = ql.widgets.projector()
    assert isinstance(sheet, W.HTML) and _projector.is_on()
    assert sheet.value.startswith("<style>") and "--qc-u: calc(100vw / 1280)" in sheet.value
    assert f"calc({_projector.CONTROL_PX} * var(--qc-u))" in sheet.value
    assert ql.widgets.projector(False) is sheet and sheet.value == "" and not _projector.is_on()


def test_the_style_sheet_is_css_only():
    css = _projector.stylesheet()
    assert "<" not in css and "http" not in css and "url(" not in css and "javascript" not in css.lower()
    assert css.count("{") == css.count("}")


@pytest.mark.parametrize("bad", [1, "on", None])
def test_the_switch_takes_a_bool(bad, projector_off):
    with pytest.raises(ValueError, match="Expected on=True or on=False"):
        ql.widgets.projector(bad)


def test_a_demo_out_of_projector_mode_only_gets_classes(projector_off):
    demo = ql.widgets.belt_trick()
    assert len(demo.children) == 2 and demo.readout in demo.children[1].children
    assert "qc-demo" in demo._dom_classes and "qc-figure" in demo.view.widget._dom_classes
    assert demo.figure.dpi == 100


def test_in_projector_mode_the_readout_goes_under_and_the_figure_gets_more_pixels(projector_off):
    plain = ql.widgets.sandwich()
    ql.widgets.projector()
    demo = ql.widgets.sandwich()
    figure_box, side, readout = demo.children
    assert readout is demo.readout and "qc-readout" in readout._dom_classes
    assert demo.readout not in side.children and "qc-side" in side._dom_classes
    assert demo.figure.dpi == pytest.approx(plain.figure.dpi * _projector.FIGURE_DPI_SCALE)
    w0, h0 = (plain.figure.get_size_inches() * plain.figure.dpi).round()
    w1, h1 = (demo.figure.get_size_inches() * demo.figure.dpi).round()
    assert (w1, h1) == (round(w0 * 1.5), round(h0 * 1.5))
    # Same inches, more dots: the figure's own layout, and so its legibility, is unchanged.
    assert len(qp.overlapping_labels(demo.figure)) == len(qp.overlapping_labels(plain.figure))
    assert len(qp.labels_outside(demo.figure)) == len(qp.labels_outside(plain.figure))
    demo.set(angle=180)
    assert demo.last_error is None and readout.value
