"""Notebook 06's "short path" checkbox in JupyterLab: it flips q1 only when q0·q1 < 0, and the picture says so.

q1 = (turn by the "turn" angle) · q0, so q0·q1 = cos(turn / 2): negative past 180°.  The generic test
(test_notebooks_in_lab.py) clicks the checkbox once wherever the sliders left the demo; here it is clicked at a
turn below 180° (the path stays the same: the figure must not change) and above (the short path differs: it must
repaint), with the keyboard and the mouse as a learner would.  Screenshots: ``test-artifacts/browser/06_short_*.png``.
"""

from __future__ import annotations

import pytest

from .jupyterlab import ARTIFACTS_DIR, difference

pytestmark = pytest.mark.browser

NOTEBOOK = "06_slerp_vs_nlerp.ipynb"
SHORT_PATH = "short path (flip q1 if q0·q1 < 0)"


def test_short_path_matters_only_past_180_degrees(ran_notebook):
    nb = ran_notebook(NOTEBOOK)
    turn = nb.slider("turn (°)")
    [checkbox] = [c for c in nb.controls("checkbox") if c["description"] == SHORT_PATH]
    assert checkbox["cell"] == turn.cell and not checkbox["disabled"]

    def settled():
        nb.wait_quiet()
        return nb.stable_figure_shots(turn.cell)

    def click_short_path():
        nb.change_control("checkbox", checkbox["index"])
        return settled()

    assert turn.key_to(90) == "90"
    before = settled()
    after = click_short_path()
    assert difference(before, after) == 0, "at 90° (q0·q1 > 0) the short path is the path: nothing may change"
    click_short_path()  # back as it was

    assert turn.key_to(270) == "270"
    before = settled()
    nb.output_screenshot(turn.cell, ARTIFACTS_DIR / "06_short_path_270_before.png")
    after = click_short_path()
    frac = difference(before, after)
    assert frac > 0.01, f"at 270° (q0·q1 < 0) the short path differs, but the figure changed only {frac:.4f}"
    nb.output_screenshot(turn.cell, ARTIFACTS_DIR / "06_short_path_270_after.png")
    assert nb.state()["errors"] == []
    assert not nb.page.js_errors, nb.page.js_errors
