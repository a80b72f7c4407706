"""quatlib.plot._legibility: the boxes of the texts a figure draws, overlaps and texts cut off (Agg draws)."""

from __future__ import annotations

import numpy as np
import pytest
from matplotlib.patches import Rectangle

import quatlib.plot as qp


@pytest.fixture
def fig():
    return qp.figure((3, 2), dpi=100)  # 300 × 200 px


def texts(pairs):
    return [(a.text, b.text) for a, b in pairs]


def test_two_overlapping_texts_are_caught(fig):
    fig.text(0.2, 0.5, "first label")
    fig.text(0.3, 0.52, "second label")
    assert texts(qp.overlapping_labels(fig)) == [("first label", "second label")]


def test_separated_texts_pass_and_touching_boxes_are_not_an_overlap(fig):
    fig.text(0.05, 0.8, "left", ha="left")
    fig.text(0.95, 0.8, "right", ha="right")
    fig.text(0.05, 0.2, "bottom line")
    assert qp.overlapping_labels(fig) == [] and qp.labels_outside(fig) == []
    a = fig.text(0.3, 0.5, "ab")
    (box,) = [b.bbox for b in qp.text_boxes(fig) if b.text == "ab"]
    fig.text((box.x1 - 0.5) / fig.bbox.width, 0.5, "cd")  # starts within a pixel of where "ab" ends
    assert qp.overlapping_labels(fig) == []
    a.set_position(((box.x0 + 4) / fig.bbox.width, 0.5))  # now 4 px into it
    assert texts(qp.overlapping_labels(fig)) == [("ab", "cd")]


def test_a_text_past_an_edge_of_the_figure_is_cut_off(fig):
    fig.text(0.97, 0.5, "right edge")
    fig.text(0.5, -0.02, "below", va="top")
    fig.text(0.5, 0.5, "inside", ha="center")
    assert sorted(b.text for b in qp.labels_outside(fig)) == ["below", "right edge"]


def test_a_clipped_text_reaching_out_of_its_axes_is_cut_off(fig):
    ax = fig.add_axes((0.1, 0.1, 0.5, 0.5))
    ax.set_axis_off()
    ax.text(0.9, 0.5, "clipped", clip_on=True)
    ax.text(0.9, 0.2, "free", clip_on=False)  # not clipped: may reach past its axes, still in the figure
    assert [b.text for b in qp.labels_outside(fig)] == ["clipped"]


def test_the_box_is_the_ink_of_the_line_where_it_is_drawn(fig):
    t = fig.text(0.5, 0.5, "x", fontsize=20, ha="center", va="baseline")
    (box,) = qp.text_boxes(fig)
    rgb = qp.render_rgb(fig)
    ink_rows, ink_cols = np.nonzero(rgb.min(axis=2) < 200)
    height = rgb.shape[0]
    assert box.text == "x" and box.group == 0 and box.clip is None
    # the measured box holds the ink, within a pixel (antialiasing), and has the letter's size
    assert box.bbox.x0 - 1 <= ink_cols.min() and ink_cols.max() <= box.bbox.x1 + 1
    assert box.bbox.y0 - 1 <= height - 1 - ink_rows.max() and height - ink_rows.min() <= box.bbox.y1 + 1
    assert abs(box.bbox.y0 - t.get_window_extent().y0) < 8  # baseline-aligned "x": no descent
    assert 0.5 * (ink_cols.max() - ink_cols.min()) < box.bbox.width < 2 * (ink_cols.max() - ink_cols.min() + 1)


def test_hidden_empty_and_transparent_texts_are_not_counted(fig):
    fig.text(0.5, 0.5, "shown")
    fig.text(0.5, 0.5, "hidden").set_visible(False)
    fig.text(0.5, 0.5, "")
    fig.text(0.5, 0.5, "   ")
    fig.text(0.5, 0.5, "clear", alpha=0.0)
    fig.text(0.5, 0.5, "no ink", color=(0, 0, 0, 0))
    assert [b.text for b in qp.text_boxes(fig)] == ["shown"]


def test_lines_of_one_text_are_one_group_and_never_overlap_each_other(fig):
    fig.text(0.1, 0.5, "one\ntwo", linespacing=0.5)  # lines squeezed onto each other: one text, its own business
    boxes = qp.text_boxes(fig)
    assert [(b.text, b.group) for b in boxes] == [("one", 0), ("two", 0)]
    assert qp.overlapping_labels(fig) == []


def test_tick_labels_titles_legends_and_math_text_are_counted(fig):
    ax = fig.add_axes((0.2, 0.2, 0.6, 0.6))
    ax.plot([0, 1], [0, 1], label="a line")
    ax.set_xticks([0, 1])
    ax.set_yticks([])
    ax.set_title("a title")
    ax.legend()
    ax.text(0.5, 0.1, r"$e^{i\theta}$")
    found = [b.text for b in qp.text_boxes(fig)]
    for text in ("0", "1", "a title", "a line", r"$e^{i\theta}$"):
        assert text in found
    assert len(found) == 5  # only the two ticks the axis shows


def test_a_label_inside_a_legend_frame_or_on_its_own_card_is_fine(fig):
    ax = fig.add_axes((0.1, 0.1, 0.8, 0.8))
    ax.plot([0, 1], [0, 1], label="diagonal")
    ax.legend(loc="center", frameon=True)
    ax.text(0.5, 0.9, "on a card", ha="center", bbox={"facecolor": "white"})
    assert qp.overlapping_labels(fig) == []


def test_texts_of_the_cached_background_are_counted_after_it_was_cached():
    fig, (scene,) = qp.panels(1, title="still title", world_frame=False)
    qp.StaticText(scene, (0.02, 0.02), "still note")
    label = qp.Label(scene, "moving", (0, 0, 0))
    qp.render_png(fig)  # caches the background with the title and the note in it
    label.set_data((0.5, 0.5, 0))
    assert {b.text for b in qp.text_boxes(fig)} == {"still title", "still note", "moving"}


def test_outline_texts_are_counted_with_their_text_and_box():
    fig, (scene,) = qp.panels(1, world_frame=False)
    world = qp.WorldAxes(scene)
    near = qp.OutlineText(scene, "near x", world.letters[0].p)
    boxes = {b.text: b for b in qp.text_boxes(fig)}
    assert set(boxes) == {"x", "y", "z", "near x"}
    # pixel_box is the box of the outline's control points: at most a pixel or two wider than the curves
    np.testing.assert_allclose(boxes["near x"].bbox.get_points(), near.pixel_box(), atol=1.5)
    assert [set(pair) for pair in texts(qp.overlapping_labels(fig))] == [{"x", "near x"}]


def test_an_outline_text_kept_inside_slides_in_from_the_edge():
    fig, (scene,) = qp.panels(1, world_frame=False)
    qp.OutlineText(scene, "free", (scene.extent, 0, 0))
    qp.OutlineText(scene, "inside", (scene.extent, 0.5, 0), inside=True)
    qp.OutlineText(scene, "corner", (-scene.extent, -scene.extent, 0), inside=True)
    scene.set_view(0, 0)
    out = [b.text for b in qp.labels_outside(fig)]
    assert "free" in out and "inside" not in out and "corner" not in out


def test_the_figure_looks_the_same_after_its_texts_were_measured():
    fig, (scene,) = qp.panels(1, title="a title")
    qp.Label(scene, "label", (0.3, 0.3, 0))
    before = qp.render_rgb(fig).copy()
    qp.text_boxes(fig)
    np.testing.assert_array_equal(qp.render_rgb(fig), before)


def test_a_figure_without_an_agg_canvas_is_refused():
    from matplotlib.backends.backend_svg import FigureCanvasSVG
    from matplotlib.figure import Figure

    fig = Figure()
    FigureCanvasSVG(fig)
    with pytest.raises(ValueError, match="Expected a figure with an Agg canvas"):
        qp.text_boxes(fig)


def test_a_label_on_dark_ink_is_found_and_one_on_a_light_fill_or_its_card_is_not(fig):
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_axis_off()
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.add_patch(Rectangle((0.55, 0.0), 0.45, 0.4, facecolor="#cfe0ef", edgecolor="none"))  # a light face tint
    ax.plot([0, 0.5], [0.8, 0.8], color="black", lw=3)
    ax.plot([0, 0.5], [0.5, 0.5], color="black", lw=3)
    ax.text(0.05, 0.8, "on the line", va="center")
    ax.text(0.05, 0.5, "on its card", va="center", bbox={"facecolor": "white", "edgecolor": "none"})
    ax.text(0.6, 0.2, "on a tint", va="center")
    before = qp.render_rgb(fig).copy()
    found = qp.labels_on_ink(fig)
    assert [box.text for box, _ in found] == ["on the line"] and 0.2 < found[0][1] < 0.6
    np.testing.assert_array_equal(qp.render_rgb(fig), before)  # the texts are back in the picture


def test_a_3d_axes_text_is_measured_where_its_projection_is_drawn(fig):
    ax = fig.add_axes((0, 0, 1, 1), projection="3d")
    ax.set_axis_off()
    ax.text(0, 0, 0, "origin", ha="center", va="center")
    ax.text(1, 1, 1, "corner", ha="center", va="center")
    boxes = {b.text: b.bbox for b in qp.text_boxes(fig)}
    assert set(boxes) == {"origin", "corner"}
    assert np.hypot(*(boxes["origin"].get_points().mean(0) - boxes["corner"].get_points().mean(0))) > 20
