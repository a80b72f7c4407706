"""Notebook 07's belt trick in JupyterLab: the untangle controls work only at 0°/720°, and the picture follows them.

The generic test (test_notebooks_in_lab.py) moves the sliders in order: "turn" first, which disables "untangled"
(untangling exists only when the followed quaternion is +1), so there the untangle slider is reported as disabled
and not moved.  This test drives it the way a learner would, with the keyboard and the mouse:

- turn to 360° (keyboard): the untangle slider, button and play control are disabled and the reason (q = −1) shows;
- turn to 720° (End key): they are enabled;
- the untangle slider moved with the keyboard repaints the figure;
- the "untangle ▶" button and the play control each run the untangling to 1.00, repainting as they go;
- turning away from 720° twists the ribbons again and disables the controls.

Screenshots of the widget at each step: ``test-artifacts/browser/07_belt_untangle_*.png``.
"""

from __future__ import annotations

import time

import pytest

from . import lab
from .lab import ARTIFACTS_DIR

pytestmark = pytest.mark.browser

NOTEBOOK = "07_belt_trick.ipynb"

_JS_MARK_CELL = lab._JS_PANEL + """
([path, cell]) => {
  document.querySelectorAll('[data-qc-cell]').forEach((el) => el.removeAttribute('data-qc-cell'));
  panelOf(path).content.widgets[cell].node.setAttribute('data-qc-cell', '1');
}
"""


@pytest.fixture
def belt_page(lab_server, page):
    if not (lab.NOTEBOOKS_DIR / NOTEBOOK).exists():
        pytest.skip(f"{NOTEBOOK} is not in {lab.NOTEBOOKS_DIR}")
    try:
        yield page
    finally:
        lab_server.shutdown_kernels_for(NOTEBOOK)


def _shot(page, cell, name):
    lab.wait_kernel_quiet(page, NOTEBOOK)
    lab.stable_figure_shots(page, NOTEBOOK, cell)
    return lab.output_screenshot(page, NOTEBOOK, cell, ARTIFACTS_DIR / f"07_belt_untangle_{name}.png")


def _settled(page, cell):
    lab.wait_kernel_quiet(page, NOTEBOOK)
    return lab.stable_figure_shots(page, NOTEBOOK, cell)


def _wait_readout(handle, want: str, timeout: float = 30.0) -> list[str]:
    """Poll a slider's readout until it shows ``want``; returns every value seen on the way (in order)."""
    seen = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        r = lab.readout(handle)
        if not seen or seen[-1] != r:
            seen.append(r)
        if r == want:
            return seen
        time.sleep(0.03)
    raise AssertionError(f"readout never reached {want}; seen {seen}")


def test_untangle_only_at_720_and_every_control_repaints(belt_page, lab_server):
    page = belt_page
    lab.open_notebook(page, lab_server, NOTEBOOK)
    lab.run_all(page, NOTEBOOK)
    state = lab.wait_widgets_rendered(page, NOTEBOOK)
    assert state["errors"] == [] and state["pendingWidgets"] == 0, state

    turn, cell = lab.find_slider(page, NOTEBOOK, "turn (°)")
    untangle, ucell = lab.find_slider(page, NOTEBOOK, "untangled")
    assert ucell == cell
    page.evaluate(_JS_MARK_CELL, [NOTEBOOK, cell])
    widget = page.locator("[data-qc-cell]")
    button = widget.locator("button.widget-button", has_text="untangle")
    play_button = widget.locator(".widget-play button").first
    reason = widget.locator(".widget-html", has_text="The followed quaternion is")
    assert button.count() == 1 and play_button.count() == 1 and reason.count() == 1

    # At 0° the controls are enabled (nothing to untangle yet, but untangling is allowed).
    assert lab.readout(turn) == "0" and not lab.is_disabled(untangle) and button.is_enabled()

    # 360°: q = −1, nothing can be undone; the reason says so.
    assert lab.key_slider_to(page, turn, 360) == "360"
    lab.wait_kernel_quiet(page, NOTEBOOK)
    assert lab.is_disabled(untangle), "untangle slider must be disabled at 360°"
    assert button.is_disabled() and play_button.is_disabled()
    text = reason.inner_text()
    assert "−1" in text and "✗" in text, text
    _shot(page, cell, "360")
    # A learner pressing keys on the disabled slider moves nothing.
    untangle.focus()
    page.keyboard.press("PageUp")
    lab.wait_kernel_quiet(page, NOTEBOOK)
    assert lab.readout(untangle) == "0.00"

    # 720° with the End key: q = +1, the controls are enabled.
    assert lab.key_slider_to(page, turn, 720) == "720"
    lab.wait_kernel_quiet(page, NOTEBOOK)
    assert not lab.is_disabled(untangle), "untangle slider must be enabled at 720°"
    assert button.is_enabled() and play_button.is_enabled()
    text = reason.inner_text()
    assert "+1" in text and "✓" in text, text
    twisted = _settled(page, cell)
    _shot(page, cell, "720")

    # The untangle slider, with the keyboard: the ribbons move around the still cube.
    assert lab.key_slider_to(page, untangle, 0.5) == "0.50"
    half = _settled(page, cell)
    frac = lab._difference(twisted, half)
    assert frac > 0.01, f"figure did not repaint after untangled 0 → 0.5 (changed {frac:.4f})"
    _shot(page, cell, "slider")

    # The "untangle ▶" button runs the animation from there to 1.00.
    button.click()
    seen = _wait_readout(untangle, "1.00")
    assert len(seen) >= 3, f"the button jumped instead of animating: {seen}"
    straight = _settled(page, cell)
    frac = lab._difference(half, straight)
    assert frac > 0.01, f"figure did not repaint after the untangle button (changed {frac:.4f})"
    assert "untangled 1.00" in widget.inner_text()
    _shot(page, cell, "button")

    # Back to the twisted state with Home, then the play control's ▶ runs the untangling again.
    assert lab.key_slider_to(page, untangle, 0.0) == "0.00"
    again = _settled(page, cell)
    assert lab._difference(straight, again) > 0.01
    play_button.click()
    seen = _wait_readout(untangle, "1.00")
    assert len(seen) >= 3, f"the play control jumped instead of animating: {seen}"
    played = _settled(page, cell)
    frac = lab._difference(again, played)
    assert frac > 0.01, f"figure did not repaint after play (changed {frac:.4f})"
    _shot(page, cell, "play")

    # Turning away from 720° twists the ribbons again and disables the untangle controls.
    turn.focus()
    page.keyboard.press("ArrowLeft")
    _wait_readout(turn, "715")
    lab.wait_kernel_quiet(page, NOTEBOOK)
    assert lab.readout(untangle) == "0.00" and lab.is_disabled(untangle) and button.is_disabled()
    assert lab._difference(played, _settled(page, cell)) > 0.01
    _shot(page, cell, "715")

    final = lab.cell_state(page, NOTEBOOK)
    assert final["errors"] == [], final["errors"]
    assert "could not be drawn" not in widget.inner_text()
    assert not page.js_errors, page.js_errors
