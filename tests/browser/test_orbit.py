"""Drag to orbit in JupyterLab: a mouse drag across a 3D figure (the default image transport) turns its view.

Notebook 00's ``hello_cube`` is run, then its figure is dragged with Playwright's mouse the way a learner would:
press in the 3D panel, move in small steps, release.  The picture must change, and the view sliders must show the
view :func:`quatlib.models.orbit.view_from_drag` computes from the pixels moved (the image is shown at its natural
size, so a CSS pixel is a figure pixel).  A second drag leaves the figure and is released outside it: coming back
over the figure with the button up must not turn it any further (no stuck drag).  The kernel side is tested without
a browser in tests/test_orbit.py.  Screenshots: ``test-artifacts/browser/orbit_before.png``, ``orbit_after.png``.
"""

from __future__ import annotations

import pytest

from quatlib import widgets as qw
from quatlib.models.orbit import view_from_drag

from .jupyterlab import ARTIFACTS_DIR, difference

pytestmark = pytest.mark.browser

NOTEBOOK = "00_start_here.ipynb"


def test_dragging_the_figure_orbits_the_view_and_moves_the_view_sliders(ran_notebook):
    nb = ran_notebook(NOTEBOOK)
    azim, elev = nb.slider("view turn (°)"), nb.slider("view tilt (°)")
    assert azim.cell == elev.cell
    cell = azim.cell
    image = (azim.handle.locator("xpath=ancestor::div[contains(@class, 'jp-Cell')][1]")
             .locator("img.widget-image").first)
    ax = qw.hello_cube().scenes[0].ax  # where the 3D panel is, from the same demo built here (figure pixels, y up)

    def panel_centre():
        """The image's box in the viewport (scrolled into view: screenshots scroll) and the 3D panel's centre."""
        image.scroll_into_view_if_needed()
        box = image.bounding_box()
        return box, box["x"] + ax.bbox.x0 + 0.5 * ax.bbox.width, box["y"] + box["height"] - (ax.bbox.y0 + 0.5 *
                                                                                               ax.bbox.height)

    natural = image.evaluate("(img) => [img.naturalWidth, img.naturalHeight]")
    box, _, _ = panel_centre()
    assert natural == [round(box["width"]), round(box["height"])], "the figure is not shown at its natural size"

    nb.wait_quiet()
    before = nb.stable_figure_shots(cell)
    nb.output_screenshot(cell, ARTIFACTS_DIR / "orbit_before.png")
    view0 = (azim.value(), elev.value())
    box, x0, y0 = panel_centre()
    dx, dy = 120, 60  # right and down on the screen
    nb.page.mouse.move(x0, y0)
    nb.page.mouse.down()
    nb.page.mouse.move(x0 + dx, y0 + dy, steps=24)
    nb.page.mouse.up()
    nb.wait_quiet()
    after = nb.stable_figure_shots(cell)
    nb.output_screenshot(cell, ARTIFACTS_DIR / "orbit_after.png")

    expected = view_from_drag(view0, dx, -dy)  # the mapping counts y up
    assert expected != view0
    assert (azim.value(), elev.value()) == expected
    frac = difference(before, after)
    assert frac > 0.01, f"the drag moved the view sliders but the figure changed only {frac:.4f}"

    # Out of the figure with the button held, released outside, back over the figure with the button up.
    box, x0, y0 = panel_centre()
    nb.page.mouse.move(x0, y0)
    nb.page.mouse.down()
    nb.page.mouse.move(box["x"] - 100, y0, steps=30)  # leaves the figure on the left
    nb.page.mouse.up()
    nb.wait_quiet()
    left_at = (azim.value(), elev.value())
    assert left_at != expected, "the drag turned nothing while it was over the figure"
    nb.page.mouse.move(x0 + 100, y0 - 50, steps=10)
    nb.wait_quiet()
    assert (azim.value(), elev.value()) == left_at, "a move with the button up turned the view: a stuck drag"

    assert nb.state()["errors"] == []
    assert not nb.page.js_errors, nb.page.js_errors
