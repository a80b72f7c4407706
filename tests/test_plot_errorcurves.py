"""quatlib.plot._errorcurves: ErrorCurves, log-log curves of errors that may be exactly 0, under Agg."""

from __future__ import annotations

import numpy as np
import pytest

import quatlib.plot as qp


def chart(**kwargs):
    fig = qp.figure((4, 3))
    return qp.ErrorCurves(fig.add_axes((0.2, 0.2, 0.7, 0.7)), {"a": "#ff0000", "b": "#0000ff"}, **kwargs)


def tick_texts(labels) -> list:
    return [t.get_text() for t in labels]


@pytest.mark.parametrize("xmax, ticks, texts", [
    (2000, [1, 10, 100, 1000], ["1", "10", "100", "1k"]),
    (1000, [1, 10, 100, 1000], ["1", "10", "100", "1k"]),  # a power of ten itself is a tick
    (999, [1, 10, 100], ["1", "10", "100"]),
    (200_000, [1, 10, 100, 1000, 10_000, 100_000], ["1", "10", "100", "1k", "10k", "100k"]),
    (5, [1], ["1"]),
])
def test_the_x_axis_runs_from_1_past_xmax_with_a_tick_at_each_power_of_ten(xmax, ticks, texts):
    c = chart(xmax=xmax)
    assert c.ax.get_xscale() == "log" and c.ax.get_xlim() == pytest.approx((1, 1.3 * xmax))
    assert list(c.ax.get_xticks()) == ticks and tick_texts(c.ax.get_xticklabels()) == texts
    assert c.ax.get_xlabel() == "frames"


def test_the_y_axis_has_a_floor_for_zeros_labelled_0_and_plain_text_powers_of_ten():
    c = chart(xmax=100, floor=1e-20, top=1.0, decades=(-15, -10, -5), xlabel="steps", ylabel="error")
    assert c.ax.get_yscale() == "log" and c.ax.get_ylim() == pytest.approx((1e-20, 1.0))
    assert list(c.ax.get_yticks()) == [1e-20, 1e-15, 1e-10, 1e-5]
    assert tick_texts(c.ax.get_yticklabels()) == ["0", "10⁻¹⁵", "10⁻¹⁰", "10⁻⁵"]  # no math text
    assert (c.ax.get_xlabel(), c.ax.get_ylabel()) == ("steps", "error")
    assert c.ax.xaxis.get_minorticklocs().size == c.ax.yaxis.get_minorticklocs().size == 0  # given ticks only


def test_an_envelope_draws_its_tops_as_the_curve_over_a_band_and_zeros_sit_on_the_floor():
    c = chart(xmax=1000)
    renderer = qp.Renderer.of(c.fig)
    renderer.render_rgb()
    c.set_envelope("a", [1, 10, 100], [0.0, 1e-9, 1e-6], [1e-12, 1e-8, 1e-5])
    assert renderer.charts is None  # the chart layer is drawn again, once
    np.testing.assert_array_equal(c.lines["a"].get_xdata(), [1, 10, 100])
    np.testing.assert_array_equal(c.lines["a"].get_ydata(), [1e-12, 1e-8, 1e-5])
    band = c.bands["a"]
    assert band in c.chart_artists
    lows = band.get_paths()[0].vertices[:, 1]
    assert lows.min() == pytest.approx(1e-18) and lows.max() == pytest.approx(1e-5)  # 0 floored, tops kept
    c.set_envelope("a", [1, 2], [0.0, 0.0], [1.0, 2.0])
    assert list(c.bands) == ["a"] and c.bands["a"] is not band  # the old band replaced, not stacked


def test_a_reference_line_is_drawn_into_the_background_and_named_by_a_tick_beside_the_chart():
    c = chart(xmax=1000)
    c.add_reference(1e-6)
    line, = [a for a in c.ax.lines if tuple(a.get_ydata()) == (1e-6, 1e-6)]
    assert line.get_linestyle() == "--" and line not in c.artists + c.chart_artists
    ticks = dict(zip(c.ax.get_yticks(), (t.get_text() for t in c.ax.get_yticklabels())))
    assert ticks[1e-6] == "10⁻⁶" and ticks[1e-8] == "10⁻⁸" and ticks[1e-18] == "0"  # the other ticks kept
    assert not [t for t in c.ax.texts if "10⁻⁶" in t.get_text()]  # nothing inside the chart for a curve to cross
    c.add_reference(3e-7, "tolerance")
    assert dict(zip(c.ax.get_yticks(), (t.get_text() for t in c.ax.get_yticklabels())))[3e-7] == "tolerance"
    with pytest.raises(ValueError, match="power of ten"):
        c.add_reference(3e-7)
