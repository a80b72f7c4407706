"""quatlib.widgets.projector: the switch, the style sheet, and what projector mode changes in a demo.

The page itself (sizes measured in Chromium at 1280×800 and 1024×768) is tests/browser/test_present_projector.py.
"""

from __future__ import annotations

import ipywidgets as W
import numpy as np
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
    with pytest.raises(ValueError, match="Expected on, True or False"):
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
    # Same inches, more dots, larger small texts: still legible (tests/test_legibility.py sweeps every state).
    assert qp.overlapping_labels(demo.figure) == [] and qp.labels_outside(demo.figure) == []
    demo.set(angle=180)
    assert demo.last_error is None and readout.value


def test_in_projector_mode_no_figure_text_is_smaller_than_the_screen_needs(projector_off):
    plain = ql.widgets.sandwich()
    needed = _projector.figure_text_points(plain.figure)
    ql.widgets.projector()
    demo = ql.widgets.sandwich()
    before, after = dict((t, s) for s, t in qp.fontsizes(plain.figure)), qp.fontsizes(demo.figure)
    assert min(before.values()) < needed <= after[0][0]
    # the texts already large enough keep their size: only the small ones grow
    assert {t: s for s, t in after if before.get(t, 0) > needed} == {t: s for t, s in before.items() if s > needed}
    # shown FIGURE_COLUMN_PX wide, the smallest text is FIGURE_TEXT_PX design pixels tall
    width = demo.figure.get_size_inches()[0]
    assert after[0][0] / 72 * _projector.FIGURE_COLUMN_PX / width == pytest.approx(_projector.FIGURE_TEXT_PX)


def test_a_narrow_or_captioned_figure_keeps_the_height_and_its_readout_goes_under_the_controls(projector_off):
    ql.widgets.projector()
    gimbal, drift, sandwich = ql.widgets.gimbal(), ql.widgets.drift(), ql.widgets.sandwich()
    assert "qc-full-height" in gimbal._dom_classes and "qc-full-height" in drift._dom_classes  # narrow; captions
    assert "qc-full-height" not in sandwich._dom_classes
    assert ".qc-demo.qc-full-height .qc-readout" in _projector.stylesheet()


def test_in_projector_mode_the_readout_is_set_in_blocks(projector_off):
    ql.widgets.projector()
    demo = ql.widgets.sandwich()
    html = demo.readout.value
    assert html.count("<div class='qc-line'>") >= 6 and "axis n = " in html
    demo.set(angle=30)  # every new readout is set in blocks too
    assert demo.readout.value != html and demo.readout.value.count("<div class='qc-line'>") >= 6
    assert ".qc-readout .qc-line" in _projector.stylesheet() and "break-inside: avoid" in _projector.stylesheet()


@pytest.mark.parametrize("html, blocks", [
    ("<div style='a'>one<br>two</div>", ["one", "two"]),
    # a line that announces the next keeps it; so does a table's caption
    ("<div>q =<br><code>(1, 0)</code><br>R:<br><table><tr><td>1</td></tr></table></div>",
     ["q =<br><code>(1, 0)</code>", "R:<br><table><tr><td>1</td></tr></table>"]),
    ("<div>A → B<br>&nbsp;&nbsp;q = 1<br>after</div>", ["A → B<br>&nbsp;&nbsp;q = 1", "after"]),
    ("<div><b>At t = 0.5</b><br>SLERP 30°<br>after</div>", ["<b>At t = 0.5</b><br>SLERP 30°", "after"]),
    ("<div>rows<br><table><tr><td>1</td></tr></table><br>after</div>",
     ["rows<br><table><tr><td>1</td></tr></table>", "after"]),
    # a <br> inside a span or a cell is not a line of the readout; empty lines are left out
    ("<div><span style='color:red'>a<br>b</span><br><br>c</div>", ["<span style='color:red'>a<br>b</span>", "c"]),
    ("plain<br>text", ["plain", "text"]),
])
def test_readout_blocks(html, blocks):
    out = _projector.readout_blocks(html)
    assert out.count("<div class='qc-line'>") == len(blocks)
    for block in blocks:
        assert f"<div class='qc-line'>{block}</div>" in out


def test_readout_blocks_leaves_html_whose_tags_do_not_nest_in_one_block():
    assert _projector.readout_blocks("<div>a</span>b</div>") == "<div class='qc-line'><div>a</span>b</div></div>"


def test_set_min_fontsize_raises_texts_ticks_and_outlines_and_keeps_the_large_ones():
    fig, (scene,) = qp.panels(1, title="a title")
    label = qp.OutlineText(scene, "q0", (0.5, 0, 0), fontsize=8)
    big = qp.OutlineText(scene, "q1", (-0.5, 0, 0), fontsize=14)
    chart = fig.add_axes((0.1, 0.1, 0.3, 0.2))
    chart.tick_params(labelsize=7)
    width = np.diff(label.pixel_box()[:, 0])[0]
    qp.set_min_fontsize(fig, 12)
    assert (label.fontsize, big.fontsize, label.text) == (12.0, 14.0, "q0")
    assert np.diff(label.pixel_box()[:, 0])[0] == pytest.approx(width * 12 / 8, rel=0.05)  # drawn larger
    chart.set_xlim(0, 100)  # ticks the axis makes later get the new size too
    assert {t.get_fontsize() for t in chart.xaxis.get_ticklabels()} == {12.0}
    assert min(size for size, _ in qp.fontsizes(fig)) == 12.0


@pytest.mark.parametrize("bad", [0, -1, float("nan")])
def test_set_min_fontsize_takes_a_positive_size(bad):
    with pytest.raises(ValueError, match="Expected a positive size in points"):
        qp.set_min_fontsize(qp.figure((1, 1)), bad)
