"""The browser harness itself, against generated fixture notebooks (see fixture_notebooks.py).

It must pass the three ways of drawing a live figure and catch the failures it exists for: a raising cell, an
error raised by a slider callback, a figure that stays stale, a notebook without a slider, control text cut off, a
control other than a slider that does not repaint its figure.
A slider that an earlier slider disabled is skipped (reported), not failed.
"""

from __future__ import annotations

import pytest

from .conftest import HARNESS_DIR
from .jupyterlab import ARTIFACTS_DIR

pytestmark = pytest.mark.browser


def _check(check, name, **kwargs):
    report = check(f"{HARNESS_DIR}/{name}.ipynb", screenshot=ARTIFACTS_DIR / f"harness-{name}.png",
                            **kwargs)
    print(report.summary())
    return report


@pytest.mark.parametrize("name", ["ipympl", "image", "inline"])
def test_live_figure_passes(check, name):
    report = _check(check, name)
    assert report.problems() == [], report.summary()
    assert report.code_cells == 2
    [slider] = report.sliders
    assert slider.description == "frequency"
    assert (slider.before, slider.after) == ("1.00", "2.50"), "3 × PageUp = 3 × 5 steps of 0.1"
    assert slider.figures == 1 and slider.changed and slider.changed_fraction > 0.001, report.summary()
    assert report.screenshot.stat().st_size > 10_000


def test_raising_cell_is_reported(check):
    report = _check(check, "broken")
    assert report.errors == ["cell 2: RuntimeError: deliberately broken cell"], report.summary()
    assert report.unexecuted == [3], "Run All stops at the error: the cell after it never runs"
    assert "error: cell 2: RuntimeError: deliberately broken cell" in report.problems()


def test_error_in_slider_callback_is_reported(check):
    report = _check(check, "callback_error", repaint_timeout=5)
    assert len(report.errors) == 1 and "ValueError: frequency above 2" in report.errors[0], report.summary()
    assert report.unexecuted == []


def test_stale_figure_is_reported(check):
    report = _check(check, "stale", repaint_timeout=5)
    assert report.errors == [], report.summary()
    [slider] = report.sliders
    assert slider.before != slider.after, "the slider moved"
    assert slider.figures == 1 and not slider.changed, "…but the picture did not"
    assert report.problems() == [
        "slider #0 'frequency' (cell 2) moved 1.00 → 2.50 but its figure did not repaint"]


def test_notebook_without_slider_is_reported(check):
    report = _check(check, "no_slider")
    assert report.errors == [] and report.sliders == []
    assert report.problems() == [
        "no slider: every notebook must have a live widget (a slider updating a figure in place)"]


def test_cut_off_control_text_is_reported(check):
    report = _check(check, "clipped")
    [slider] = report.sliders
    assert slider.changed, "the figure itself is fine"
    cut = " ".join(report.clipped)
    assert "the frequency of the sine wave" in cut and "first choice" in cut, report.summary()
    assert "'ok'" not in cut and '"ok"' not in cut, "a choice that fits is not reported"
    assert any(p.startswith("text cut off") for p in report.problems())


def test_slider_disabled_by_an_earlier_one_is_skipped_not_failed(check):
    report = _check(check, "disabled_later")
    first, second = report.sliders
    assert first.changed and not first.disabled
    assert second.description == "amplitude" and second.disabled and not second.disabled_at_start, report.summary()
    assert "disabled by the controls moved before it" in second.describe()
    assert report.problems() == [], report.summary()


def test_toggle_buttons_dropdown_checkbox_and_play_are_driven(check):
    report = _check(check, "controls")
    driven = {(c.kind, c.description): c for c in report.controls}
    assert sorted(driven) == [("checkbox", "does nothing"), ("checkbox", "grid"), ("dropdown", "line style"),
                              ("play", ""), ("toggle buttons", "colour")], report.summary()  # Play shows no label
    for key, control in driven.items():
        assert not control.disabled and control.figures == 1, control.describe()
        assert control.changed == (key != ("checkbox", "does nothing")), control.describe()
    assert driven["toggle buttons", "colour"].after == "clicked 'C1'"
    assert driven["dropdown", "line style"].after == "chose '--'"
    assert report.problems() == [
        "checkbox #1 'does nothing' (cell 2): clicked but its figure did not repaint"], report.summary()
