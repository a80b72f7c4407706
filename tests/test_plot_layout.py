"""quatlib.plot._layout: panel_row, scenes of different widths side by side, one height (panels: all the same)."""

from __future__ import annotations

import numpy as np
import pytest

import quatlib.plot as qp


def test_the_panels_fill_the_width_in_order_each_as_wide_as_asked():
    widths = (3.5, 2.55, 2.55)
    fig, scenes = qp.panel_row(widths, [{"extent": 2.25}, {"extent": 4.0, "title": "ball"}, {"title": "S³"}],
                               view=(25.0, 28.0), world_frame=False)
    assert fig.get_size_inches() == pytest.approx([8.6, 3.8])  # the widest panel is square, 0.3 in for titles
    assert fig.dpi == 100
    bounds = np.array([s.ax.get_position(original=True).bounds for s in scenes])
    np.testing.assert_allclose(bounds[:, 2] * 8.6, widths)  # widths in inches
    np.testing.assert_allclose(bounds[:, 3] * 3.8, 3.5)  # one height
    np.testing.assert_allclose(bounds[:, 0], [0.0, 3.5 / 8.6, 6.05 / 8.6])  # side by side, left to right
    np.testing.assert_allclose(bounds[:, 1], 0.0)
    assert [s.extent for s in scenes] == [2.25, 4.0, 1.6]  # each its own, or the Scene's default
    assert [s.title for s in scenes] == ["", "ball", "S³"]
    assert all(s.view == (25.0, 28.0) for s in scenes)  # the shared arguments, for every scene


def test_height_footer_and_title_band_are_kept_free():
    fig, (a, b) = qp.panel_row((2.0, 1.0), height=1.5, title_band=0.5, footer=0.25)
    assert fig.get_size_inches() == pytest.approx([3.0, 2.25])
    np.testing.assert_allclose(a.ax.get_position(original=True).bounds, [0.0, 0.25 / 2.25, 2.0 / 3.0, 1.5 / 2.25])
    np.testing.assert_allclose(b.ax.get_position(original=True).bounds, [2.0 / 3.0, 0.25 / 2.25, 1.0 / 3.0, 1.5 / 2.25])


def test_one_dict_of_scene_arguments_per_panel():
    with pytest.raises(ValueError, match=r"Expected one dict of scene arguments per panel \(2\), got 1"):
        qp.panel_row((2.0, 1.0), [{"extent": 1.0}])
