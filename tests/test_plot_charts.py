"""quatlib.plot._charts: where a chart's note goes, and the cursor that stops at it."""

from __future__ import annotations

import matplotlib.colors
import numpy as np
import pytest
from matplotlib.transforms import Bbox

import quatlib as ql

NOTE = "off the chart: up to 53°"


def _chart(legend=False, names=("a", "b")):
    fig = ql.plot.figure((3, 1))  # about as small as the charts beside slerp_vs_nlerp
    return ql.plot.Curves(fig.add_axes((0.12, 0.2, 0.85, 0.7)), {name: f"C{i}" for i, name in enumerate(names)},
                          xlim=(0, 1), ylim=(-1, 1), legend=legend)


def _card(chart) -> Bbox:
    """The note's white card as drawn."""
    ql.plot.render_png(chart.fig)  # (the card is laid out around the text when drawn)
    return chart._note.get_bbox_patch().get_window_extent(chart.fig.canvas.get_renderer())


def _pixels(chart, y) -> float:
    """The height of ``y`` on screen."""
    return chart.ax.transData.transform((0, y))[1]


def _crosses(chart, name) -> bool:
    line = chart.lines[name]
    return line.get_transform().transform_path(line.get_path()).intersects_bbox(_card(chart), filled=False)


def _corner(chart) -> tuple:
    return chart._note.get_ha(), chart._note.get_va()


x = np.linspace(0, 1, 101)
RIGHT_HIGH = np.where(x > 0.5, 0.9, -0.9)  # low on the left, high on the right: the top left is free
MIDDLE_HIGH = -0.9 + 1.8 * np.exp(-((x - 0.5) / 0.12) ** 2)  # as NLERP's speed on the long way round


def test_a_note_on_a_free_chart_goes_to_the_top_right_corner():
    chart = _chart()
    chart.set_note(NOTE)
    assert _corner(chart) == ("right", "top") and chart._note.get_text() == NOTE
    assert chart.note == NOTE


@pytest.mark.parametrize("curve", [RIGHT_HIGH, x - 0.5, 0.9 * np.cos(np.pi * x)],
                         ids=["right high", "rising", "falling"])
def test_the_note_takes_a_corner_no_curve_crosses(curve):
    chart = _chart()
    chart.set_curve("a", x, curve)
    chart.set_curve("b", x, np.zeros_like(x))  # a flat line through the middle, as SLERP's
    chart.set_note(NOTE)
    assert not _crosses(chart, "a") and not _crosses(chart, "b")


def test_the_corners_are_tried_in_order_top_right_first():
    chart = _chart()
    chart.set_curve("a", x, RIGHT_HIGH)
    chart.set_note(NOTE)
    assert _corner(chart) == ("left", "top")  # top right crossed, top left free


def test_when_one_line_fits_nowhere_the_note_is_broken_in_two():
    chart = _chart()
    chart.set_curve("a", x, MIDDLE_HIGH)  # a one-line card crosses it in every corner, a two-line one not
    chart.set_note(NOTE)
    assert chart._note.get_text() == "off the chart:\nup to 53°"
    assert not _crosses(chart, "a") and not _crosses(chart, "b")
    assert chart.note == NOTE  # what was asked for, however it is drawn


def test_when_every_place_is_crossed_the_note_goes_where_fewest_curves_cross():
    chart = _chart(names=("top", "middle", "bottom"))
    for name, y in (("top", 0.8), ("middle", 0.0), ("bottom", -0.8)):
        chart.set_curve(name, x, np.full_like(x, y))  # every card crosses one of them at least
    chart.set_note(NOTE)
    assert [_crosses(chart, name) for name in chart.lines] == [True, False, False]
    assert _corner(chart) == ("right", "top")  # the first place crossed by one curve only


def test_the_note_keeps_off_the_legend():
    chart = _chart(legend=True)  # in the upper left
    chart.set_curve("a", x, np.where(x > 0.5, 0.9, 0.0))  # the top right is taken too
    chart.set_note(NOTE)
    legend = chart.ax.get_legend().get_window_extent(chart.fig.canvas.get_renderer())
    assert not _card(chart).overlaps(legend) and not _crosses(chart, "a")


def test_the_cursor_stops_at_a_card_at_the_top_and_runs_the_full_height_elsewhere():
    chart = _chart()
    chart.set_note(NOTE)  # the top right
    card = _card(chart)
    (left, _), (right, _) = chart.ax.transData.inverted().transform(card.get_points())
    chart.set_cursor(left / 2)  # left of the card
    np.testing.assert_allclose(chart.artists[0].get_ydata(), [-1, 1])
    chart.set_cursor((left + right) / 2)
    low, high = chart.artists[0].get_ydata()
    assert low == -1 and card.y0 - _pixels(chart, high) == pytest.approx(2)  # 2 px short of the card
    chart.set_note("")  # no note: no gap
    chart.set_cursor((left + right) / 2)
    np.testing.assert_allclose(chart.artists[0].get_ydata(), [-1, 1])
    assert chart.note == "" and chart._note.get_text() == ""


def test_the_cursor_starts_above_a_card_at_the_bottom():
    chart = _chart()
    chart.set_curve("a", x, np.full_like(x, 0.8))  # along the top: the note goes to the bottom right
    chart.set_note(NOTE)
    assert _corner(chart) == ("right", "bottom")
    card = _card(chart)
    (left, _), (right, _) = chart.ax.transData.inverted().transform(card.get_points())
    chart.set_cursor((left + right) / 2)
    low, high = chart.artists[0].get_ydata()
    assert _pixels(chart, low) - card.y1 == pytest.approx(2) and high == 1  # from 2 px above the card


def test_the_chart_layer_is_redrawn_when_the_note_moves_not_when_it_stays():
    chart = _chart()
    renderer = ql.plot.Renderer.of(chart.fig)
    chart.set_note(NOTE)
    ql.plot.render_png(chart.fig)
    chart.set_note(NOTE)  # the same text in the same place
    assert renderer.charts is not None  # still cached
    chart.set_curve("a", x, RIGHT_HIGH)
    ql.plot.render_png(chart.fig)
    chart.set_note(NOTE)  # the same text, moved to the top left
    assert _corner(chart) == ("left", "top") and renderer.charts is None


def test_a_chart_has_the_course_s_light_look():
    """chart_axes: no top or right frame, small ticks, a faint grid behind the data (never the only mark)."""
    chart = _chart()
    ax = chart.ax
    assert [ax.spines[side].get_visible() for side in ("top", "right", "bottom", "left")] == [False, False, True,
                                                                                              True]
    grid = ax.get_xgridlines() + ax.get_ygridlines()
    assert grid and all(line.get_visible() for line in grid)
    assert {matplotlib.colors.to_hex(line.get_color()) for line in grid} == {
        matplotlib.colors.to_hex(ql.plot.COLORS["grid"])}
    assert ax.get_axisbelow() in (True, "line")  # under the curves
    assert all(label.get_fontsize() == 8 for label in ax.get_yticklabels())
