"""The orbit benchmark's step lags: which hand move a shown view answers, and where its time went in the kernel
(synthetic timelines, no browser)."""

import pytest

from benchmarks.bench_browser_drag import SPLIT, OrbitStart, ViewStep, kernel_split, step_lags

# 1 CSS px = 2 figure px at 0.5°/px (view_from_drag's default): 1° of view per CSS px, to the left.
START = OrbitStart(x=100.0, y=50.0, amplitude=40.0, figure_px=2.0, step=1.0, azim_range=(-180.0, 180.0))


def test_a_view_is_timed_from_the_hand_s_latest_arrival_there():
    # The hand goes out to 3 px and back: the view -2° is reached at t=20 (out) and again at t=50 (back).
    path = [(10, 101.0), (20, 102.0), (30, 103.0), (40, 103.0), (50, 102.0)]
    # ipyevents' messages: the press at the page's 100 px is at 10 px in the image; then moves to 11, 13, 12 px.
    sends = [(5, "mousedown", 10.0), (10, "mousemove", 11.0), (35, "mousemove", 13.0), (55, "mousemove", 12.0)]
    values = [(30, "−1"), (45, "−3"), (70, "−2")]  # the readout, as the page shows it (Unicode minus)
    figures = [(33, 0), (60, 0), (80, 0)]
    lags = step_lags(START, 0.0, path, values, figures, sends)
    assert lags == [(33 - 10, 10 - 10), (60 - 30, 35 - 30), (80 - 50, 55 - 50)]


def test_the_hand_s_path_is_read_as_ipyevents_reports_it():
    # Chromium truncates a dispatched move's clientX and ipyevents rounds clientX − left.  With the image's left
    # edge at 0.3 px, the press at 100.6 px is at round(100 − 0.3) = 100 and a move at 102.0 px at 102: the kernel
    # turns 2 px, -2°.  Read as floats, the move would be 1.4 px from the press, -1°, and the -2° view would
    # find no hand move.
    start = OrbitStart(x=100.6, y=50.0, amplitude=40.0, figure_px=2.0, step=1.0, azim_range=(-180.0, 180.0),
                       left=0.3)
    assert [start.relative_x(x) for x in (100.6, 101.2, 102.0, 102.9)] == [100, 101, 102, 102]
    path = [(10, 101.2), (20, 102.0)]
    sends = [(5, "mousedown", 100.0), (12, "mousemove", 101.0), (22, "mousemove", 102.0)]
    values = [(30, "−1"), (40, "−2")]
    figures = [(33, 0), (45, 0)]
    assert step_lags(start, 0.0, path, values, figures, sends) == [(33 - 10, 12 - 10), (45 - 20, 22 - 20)]


def test_a_view_whose_figure_never_changed_is_left_out():
    path = [(10, 101.0), (20, 102.0)]
    values = [(30, "−1"), (40, "−2")]
    figures = [(45, 0)]  # only the second view's PNG reached the page
    sends = [(5, "mousedown", 0.0), (15, "mousemove", 1.0), (25, "mousemove", 2.0)]
    assert step_lags(START, 0.0, path, values, figures, sends) == [(45 - 20, 25 - 20)]


def test_without_a_message_for_the_view_only_the_hand_s_lag_is_known():
    path = [(10, 101.0)]
    sends = [(5, "mousedown", 0.0), (12, "mousemove", 3.0)]  # a message for -3°, none for -1°
    assert step_lags(START, 0.0, path, [(30, "−1")], [(40, 0)], sends) == [(40 - 10, None)]


@pytest.mark.parametrize("values", [[], [(30, "7")]])  # nothing shown, or a view the hand never gave
def test_no_lag_without_a_matching_hand_move(values):
    sends = [(5, "mousedown", 0.0), (12, "mousemove", 1.0)]
    assert step_lags(START, 0.0, [(10, 101.0)], values, [(40, 0)], sends) == []


ORIGIN = 1_000_000.0  # the page's performance.timeOrigin on the wall clock (ms): kernel time − ORIGIN = page time


def kernel_log(*entries):
    """A kernel log (``_KERNEL_PROBE``'s entries) from page-clock times."""
    return [(kind, *(t + ORIGIN for t in times), *rest) for kind, times, *rest in entries]


def test_sent_to_figure_is_split_at_the_move_and_the_paint_that_carried_the_view():
    step = ViewStep(azim=-3.0, hand=10.0, sent=20.0, shown=60.0, figure=70.0)
    log = kernel_log(("move", (24.0,)), ("move", (30.0,)),  # the second move is the latest before the paint
                     ("paint", (33.0, 50.0), -3.0),
                     ("paint", (55.0, 80.0), -3.0))  # ended after the figure came: another view's paint
    assert len(SPLIT) == 4
    assert kernel_split([step], log, ORIGIN) == [(30 - 20, 33 - 30, 50 - 33, 70 - 50)]


def test_parts_add_up_to_sent_to_figure():
    steps = [ViewStep(-1.0, 0.0, 5.0, 30.0, 40.0), ViewStep(-2.0, 20.0, 45.0, 70.0, 82.0)]
    log = kernel_log(("move", (9.0,)), ("paint", (12.0, 25.0), -1.0), ("move", (50.0,)), ("paint", (53.0, 66.0), -2.0))
    for step, parts in zip(steps, kernel_split(steps, log, ORIGIN), strict=True):
        assert sum(parts) == pytest.approx(step.figure - step.sent)


@pytest.mark.parametrize("log", [
    [("paint", (33.0, 50.0), -2.0)],  # no paint of this view
    [("move", (10.0,)), ("paint", (33.0, 50.0), -3.0)],  # the only move came before the message was sent
])
def test_a_step_the_log_cannot_explain_is_left_out(log):
    step = ViewStep(azim=-3.0, hand=10.0, sent=20.0, shown=60.0, figure=70.0)
    assert kernel_split([step], kernel_log(*log), ORIGIN) == []


def test_a_step_without_a_message_is_left_out():
    step = ViewStep(azim=-3.0, hand=10.0, sent=None, shown=60.0, figure=70.0)
    assert kernel_split([step], kernel_log(("move", (24.0,)), ("paint", (33.0, 50.0), -3.0)), ORIGIN) == []
