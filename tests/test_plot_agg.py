"""quatlib.plot's Agg canvas: text lines rasterized once and reused, with matplotlib's pixels (as far as the eye can
tell: positions rounded to 1/SUBPIXEL of a pixel)."""

from __future__ import annotations

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from quatlib import plot as qp
from quatlib.plot import _agg

TEXTS = [  # (x, y, text, keyword arguments): what course figures write
    (0.03, 0.92, "q = (0.7071, 0.0000, -0.7071, 0.0000)", dict(family="DejaVu Sans Mono", fontsize=9.5)),
    (0.5, 0.7, "θ = 123°  v′ = q v q⁻¹", dict(ha="center", fontsize=11)),
    (0.1, 0.45, "two lines,\nleft aligned", dict(va="top", color="#c0392b", alpha=0.6)),
    (0.62, 0.12, "rotated 30°", dict(rotation=30, fontsize=10)),
    (0.93, 0.5, "| |q| − 1 |", dict(rotation=90, va="center", fontsize=8)),
    (0.3, 0.2, "on a card", dict(bbox=dict(boxstyle="round,pad=0.25", facecolor="#eeeeee", edgecolor="none"))),
    (0.123456, 0.345678, "x", dict(fontsize=10)),
]


def texts_figure() -> Figure:
    fig = Figure(figsize=(3.3, 2.2), dpi=100, facecolor="white")
    for x, y, s, kw in TEXTS:
        fig.text(x, y, s, **kw)
    return fig


def pixels(fig, canvas_class) -> np.ndarray:
    canvas = canvas_class(fig)
    canvas.draw()
    return np.asarray(canvas.buffer_rgba())[..., :3].astype(int)


@pytest.fixture
def empty_cache():
    _agg.clear_text_cache()
    yield
    _agg.clear_text_cache()


def test_course_figures_draw_on_the_text_caching_canvas():
    fig, _ = qp.panels(1)
    assert type(fig.canvas) is _agg.Canvas
    fig.canvas.draw()
    assert isinstance(fig.canvas.get_renderer(), _agg.TextCachingRenderer)


def test_with_positions_at_matplotlibs_precision_the_pixels_are_matplotlibs(monkeypatch, empty_cache):
    monkeypatch.setattr(_agg, "SUBPIXEL", 64)  # matplotlib places glyphs to 1/64 pixel
    fig = texts_figure()
    diff = np.abs(pixels(fig, _agg.Canvas) - pixels(fig, FigureCanvasAgg))
    # only where two glyphs' edges overlap: merged into one image, rounded once (then faded by the text's alpha)
    assert diff.max() <= 6 and (diff.max(axis=-1) > 0).mean() < 0.01


def test_with_quarter_pixel_positions_the_text_looks_the_same(empty_cache):
    fig = texts_figure()
    ours, theirs = pixels(fig, _agg.Canvas), pixels(fig, FigureCanvasAgg)
    ink_ours, ink_theirs = (255 - ours).sum(), (255 - theirs).sum()
    assert abs(ink_ours - ink_theirs) <= 0.01 * ink_theirs  # the same amount of ink...
    changed = np.abs(ours - theirs).max(axis=-1)
    assert changed.max() <= 96 and (changed > 32).mean() < 0.005  # ...at most an eighth of a pixel away


def test_a_line_drawn_again_comes_from_the_cache_with_the_same_pixels(empty_cache):
    fig = texts_figure()
    first = pixels(fig, _agg.Canvas)
    lines, glyphs = len(_agg._LINES), len(_agg._GLYPHS)
    assert lines >= len(TEXTS) and (glyphs > 0) == _agg.GLYPH_CACHE
    fig.canvas.draw()
    np.testing.assert_array_equal(np.asarray(fig.canvas.buffer_rgba())[..., :3], first)
    assert (len(_agg._LINES), len(_agg._GLYPHS)) == (lines, glyphs)


def test_colour_and_alpha_are_taken_at_draw_time_not_cached(empty_cache):
    fig = Figure(figsize=(1.5, 0.6), dpi=100, facecolor="white")
    text = fig.text(0.1, 0.3, "same", color="red", fontsize=14)
    red = pixels(fig, _agg.Canvas)
    text.set_color("blue")
    fig.canvas.draw()
    blue = np.asarray(fig.canvas.buffer_rgba())[..., :3].astype(int)
    assert len(_agg._LINES) == 1  # one rasterized line, drawn in two colours
    ink_red, ink_blue = red.min(axis=(0, 1)), blue.min(axis=(0, 1))
    assert ink_red[0] > 200 and ink_red[2] < 60 and ink_blue[0] < 60 and ink_blue[2] > 200


@pytest.mark.skipif(_agg.GLYPH_CACHE, reason="matplotlib >= 3.11: glyphs are placed to 1/SUBPIXEL (tests above)")
def test_on_matplotlib_3_10_the_cached_lines_are_matplotlibs_pixels(empty_cache):
    fig = texts_figure()
    theirs = pixels(fig, FigureCanvasAgg)
    np.testing.assert_array_equal(pixels(fig, _agg.Canvas), theirs)
    lines = len(_agg._LINES)
    np.testing.assert_array_equal(pixels(fig, _agg.Canvas), theirs)  # drawn again, from the cache
    assert len(_agg._LINES) == lines >= len(TEXTS)


@pytest.mark.skipif(not _agg.GLYPH_CACHE, reason="matplotlib 3.10 has no glyph layout API: whole lines are cached")
def test_a_new_string_reuses_the_glyphs_it_shares_with_earlier_ones(empty_cache):
    fig = Figure(figsize=(2, 0.6), dpi=100, facecolor="white")
    text = fig.text(0.05, 0.3, "0.7071", family="DejaVu Sans Mono")
    _agg.Canvas(fig)
    fig.canvas.draw()
    glyphs = len(_agg._GLYPHS)
    text.set_text("0.1707")  # the same digits in other columns of a monospace font: already rasterized
    fig.canvas.draw()
    assert len(_agg._GLYPHS) == glyphs and len(_agg._LINES) == 2


def math_figure() -> Figure:
    fig = Figure(figsize=(2, 1.2), dpi=100, facecolor="white")
    fig.text(0.1, 0.6, r"$\theta^2 = \frac{\pi}{2}$", fontsize=14)
    fig.text(0.55, 0.15, r"$\sqrt{x}$", fontsize=12, rotation=20)
    fig.text(0.1, 0.2, " ")
    return fig


@pytest.mark.skipif(not _agg.GLYPH_CACHE, reason="matplotlib 3.10: math text takes matplotlib's own path")
def test_math_text_is_cached_with_matplotlibs_glyphs_and_bars(monkeypatch, empty_cache):
    monkeypatch.setattr(_agg, "SUBPIXEL", 64)  # matplotlib places glyphs to 1/64 pixel
    fig = math_figure()
    theirs = pixels(fig, FigureCanvasAgg)
    ours = pixels(fig, _agg.Canvas)
    diff = np.abs(ours - theirs)
    # glyph edges merged, as for plain text; the bars (fraction, root) are matplotlib's own
    assert diff.max() <= 6 and (diff.max(axis=-1) > 0).mean() < 0.01
    lines = len(_agg._LINES)
    assert lines == 3  # the two formulas, and the blank line (kept as a line without ink)
    fig.canvas.draw()  # again: from the cache
    np.testing.assert_array_equal(np.asarray(fig.canvas.buffer_rgba())[..., :3], ours)
    assert len(_agg._LINES) == lines


def test_a_text_is_laid_out_and_measured_once(empty_cache, monkeypatch):
    fig = Figure(figsize=(2, 0.6), dpi=100, facecolor="white")
    text = fig.text(0.05, 0.3, "moving label")
    _agg.Canvas(fig)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    metrics = renderer.get_text_width_height_descent("moving label", text.get_fontproperties(), False)
    layouts = len(_agg._LAYOUTS)
    calls = []
    monkeypatch.setattr(renderer, "_prepare_font", lambda prop: calls.append(prop))  # no layout from here on
    for x in np.linspace(0.05, 0.3, 9):  # at other positions within the pixel: new images, the same layout
        text.set_x(x)
        fig.canvas.draw()
    assert renderer.get_text_width_height_descent("moving label", text.get_fontproperties(), False) == metrics
    assert len(_agg._LAYOUTS) == layouts and not calls
    # matplotlib >= 3.11: an image per position within the pixel; 3.10: the whole line is kept once, placed whole
    assert len(_agg._LINES) > 1 if _agg.GLYPH_CACHE else len(_agg._LINES) == 1


def test_a_text_for_every_update_keeps_its_layout_and_is_matplotlibs_text():
    fig, (scene,) = qp.panels(1)
    ours = qp.add_text(scene.ax, 0.2, 0.3, "turn axis", ha="center", va="center", fontsize=10,
                       bbox=dict(boxstyle="round,pad=0.15", facecolor="white", edgecolor="none", alpha=0.75))
    theirs = scene.ax.text(0.2, 0.3, "turn axis", ha="center", va="center", fontsize=10,
                           bbox=dict(boxstyle="round,pad=0.15", facecolor="white", edgecolor="none", alpha=0.75))
    renderer = fig.canvas.get_renderer()
    assert ours.get_transform() is scene.ax.transData and ours in scene.ax.texts
    assert ours.get_clip_on() == theirs.get_clip_on()
    assert (ours.get_clip_box() is None) == (theirs.get_clip_box() is None)
    first = ours._get_layout(renderer)
    for xy in ((0.5, -0.4), (-1.0, 0.7)):  # moved: the same layout, the box where matplotlib puts it
        ours.set_position(xy)
        theirs.set_position(xy)
        assert ours._get_layout(renderer) is first
        np.testing.assert_allclose(ours.get_window_extent(renderer).extents, theirs.get_window_extent(renderer).extents)
    for change in (lambda t: t.set_text("turn axis n"), lambda t: t.set_fontsize(12), lambda t: t.set_rotation(30),
                   lambda t: t.set_ha("left")):  # anything that shapes the text: laid out again
        change(ours)
        change(theirs)
        assert ours._get_layout(renderer) is not first
        first = ours._get_layout(renderer)
        np.testing.assert_allclose(ours.get_window_extent(renderer).extents, theirs.get_window_extent(renderer).extents)


def test_a_text_for_every_update_draws_matplotlibs_pixels(monkeypatch):
    """add_text's lean ``draw`` (the same steps, less Python) against matplotlib's ``Text.draw``, text by text."""
    from matplotlib.text import Text

    def figure(visible=True):
        fig, (scene,) = qp.panels(1)
        for x, y, s, kw in TEXTS + [(0.4, 0.8, r"$e^{i\alpha}$", dict(fontsize=12))]:
            qp.add_text(scene.ax, 3.2 * x - 1.6, 3.2 * y - 1.6, s, visible=visible, **kw)
        return fig

    ours = pixels(figure(), _agg.Canvas)
    assert (ours != pixels(figure(visible=False), _agg.Canvas)).any(axis=-1).sum() > 2000  # the texts have ink
    monkeypatch.setattr(type(qp.add_text(figure().axes[0], 0, 0, "")), "draw", Text.draw)
    np.testing.assert_array_equal(ours, pixels(figure(), _agg.Canvas))
