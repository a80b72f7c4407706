"""Notebook 07's belt trick in JupyterLab: the untangle controls work only at 720°, and the picture follows them.

The generic test (test_notebooks_in_lab.py) moves the sliders in order: "turn" first, which disables "untangled"
(the untangle control works only at 720°, where the followed quaternion is +1), so there the untangle slider is
reported as disabled and not moved.  This test drives it the way a learner would, with the keyboard and the mouse
(the notebook's demo starts at 720°, twisted twice):

- turn to 360° (keyboard): the untangle slider, button and play control are disabled and the reason (q = −1) shows;
- turn to 720° (End key): they are enabled;
- the untangle slider moved with the keyboard repaints the figure;
- the "untangle ▶" button and the play control each run the untangling to 1.00, repainting as they go;
- turning away from 720° keeps the untangling (only the 5° turned since twists the ribbons) and disables the
  controls.

Screenshots of the widget at each step: ``test-artifacts/browser/07_belt_untangle_*.png``.
"""

from __future__ import annotations

import time

import pytest

from .jupyterlab import ARTIFACTS_DIR, difference

pytestmark = pytest.mark.browser

NOTEBOOK = "07_belt_trick.ipynb"


@pytest.fixture
def belt(ran_notebook):
    return ran_notebook(NOTEBOOK)


def _settled(nb, cell):
    nb.wait_quiet()
    return nb.stable_figure_shots(cell)


def _shot(nb, cell, name):
    _settled(nb, cell)
    return nb.output_screenshot(cell, ARTIFACTS_DIR / f"07_belt_untangle_{name}.png")


def _wait_readout(slider, want: str, timeout: float = 30.0) -> list[str]:
    """Poll a slider's readout until it shows ``want``; returns every value seen on the way (in order)."""
    seen = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        r = slider.readout()
        if not seen or seen[-1] != r:
            seen.append(r)
        if r == want:
            return seen
        time.sleep(0.03)
    raise AssertionError(f"readout never reached {want}; seen {seen}")


def test_untangle_only_at_720_and_every_control_repaints(belt):
    nb, page = belt, belt.page
    turn, untangle = nb.slider("turn (°)"), nb.slider("untangled")
    cell = turn.cell
    assert untangle.cell == cell
    widget = page.locator(".jp-Notebook .jp-Cell").nth(cell)
    button = widget.locator("button.widget-button", has_text="untangle")
    play_button = widget.locator(".widget-play button").first
    reason = widget.locator(".widget-html", has_text="The followed quaternion is")
    assert button.count() == 1 and play_button.count() == 1 and reason.count() == 1

    # The demo starts at 720°: the controls are enabled.
    assert turn.readout() == "720" and not untangle.is_disabled() and button.is_enabled()

    # 360°: q = −1, nothing can be undone; the reason says so.
    assert turn.key_to(360) == "360"
    nb.wait_quiet()
    assert untangle.is_disabled(), "untangle slider must be disabled at 360°"
    assert button.is_disabled() and play_button.is_disabled()
    text = reason.inner_text()
    assert "−1" in text and "✗" in text, text
    _shot(nb, cell, "360")
    # A learner pressing keys on the disabled slider moves nothing.
    untangle.handle.focus()
    page.keyboard.press("PageUp")
    nb.wait_quiet()
    assert untangle.readout() == "0.00"

    # 720° with the End key: q = +1, the controls are enabled.
    assert turn.key_to(720) == "720"
    nb.wait_quiet()
    assert not untangle.is_disabled(), "untangle slider must be enabled at 720°"
    assert button.is_enabled() and play_button.is_enabled()
    text = reason.inner_text()
    assert "+1" in text and "✓" in text, text
    twisted = _settled(nb, cell)
    _shot(nb, cell, "720")

    # The untangle slider, with the keyboard: the ribbons move around the still cube.
    assert untangle.key_to(0.5) == "0.50"
    half = _settled(nb, cell)
    frac = difference(twisted, half)
    assert frac > 0.01, f"figure did not repaint after untangled 0 → 0.5 (changed {frac:.4f})"
    _shot(nb, cell, "slider")

    # The "untangle ▶" button runs the animation from there to 1.00.
    button.click()
    seen = _wait_readout(untangle, "1.00")
    assert len(seen) >= 3, f"the button jumped instead of animating: {seen}"
    straight = _settled(nb, cell)
    frac = difference(half, straight)
    assert frac > 0.01, f"figure did not repaint after the untangle button (changed {frac:.4f})"
    assert "untangled 1.00" in widget.inner_text()
    _shot(nb, cell, "button")

    # Back to the twisted state with Home, then the play control's ▶ runs the untangling again.
    assert untangle.key_to(0.0) == "0.00"
    again = _settled(nb, cell)
    assert difference(straight, again) > 0.01
    play_button.click()
    seen = _wait_readout(untangle, "1.00")
    assert len(seen) >= 3, f"the play control jumped instead of animating: {seen}"
    played = _settled(nb, cell)
    frac = difference(again, played)
    assert frac > 0.01, f"figure did not repaint after play (changed {frac:.4f})"
    _shot(nb, cell, "play")

    # Turning away from 720° keeps the untangling (a continuous picture: only the 5° turn twists the ribbons)
    # and disables the untangle controls.
    turn.handle.focus()
    page.keyboard.press("ArrowLeft")
    _wait_readout(turn, "715")
    nb.wait_quiet()
    assert untangle.readout() == "1.00" and untangle.is_disabled() and button.is_disabled()
    assert "is kept" in widget.inner_text()
    assert difference(played, _settled(nb, cell)) > 0
    _shot(nb, cell, "715")

    final = nb.state()
    assert final["errors"] == [], final["errors"]
    assert "could not be drawn" not in widget.inner_text()
    assert not page.js_errors, page.js_errors
