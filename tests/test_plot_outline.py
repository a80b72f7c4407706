"""quatlib.plot._outline: OutlineText (text as glyph outlines) and WorldAxes, drawn with Agg."""

from __future__ import annotations

import matplotlib.lines
import matplotlib.transforms
import numpy as np
import pytest
from demo_helpers import line_under

import quatlib.plot as qp


@pytest.fixture
def scene():
    _, (scene,) = qp.panels(1, world_frame=False)
    return scene


def pixel_box(label):
    """The drawn outline's box in pixels."""
    patch = label.artists[0]
    xy = patch.get_transform().transform(patch.get_path().vertices)
    return xy.min(axis=0), xy.max(axis=0)


def test_a_centered_label_is_centered_on_its_point_whatever_the_view(scene):
    label = qp.OutlineText(scene, "q0", (1, 0, 0))
    for view in [(0, 0), (40, 25), (-120, -60)]:
        scene.set_view(*view)
        lo, hi = pixel_box(label)
        expected = scene.ax.transData.transform(scene.project([1, 0, 0])[0])
        np.testing.assert_allclose((lo + hi) / 2, expected, atol=1e-6)


def test_the_outline_has_the_size_of_the_font(scene):
    small = qp.OutlineText(scene, "x", fontsize=10)
    big = qp.OutlineText(scene, "x", fontsize=20)
    (lo_s, hi_s), (lo_b, hi_b) = pixel_box(small), pixel_box(big)
    np.testing.assert_allclose(hi_b - lo_b, 2 * (hi_s - lo_s), rtol=1e-9)
    assert 3 < (hi_s - lo_s)[1] < 10 * scene.ax.figure.dpi / 72  # an x of 10 pt is a few pixels tall


def test_axes_coordinates_do_not_follow_the_view_and_align_as_asked(scene):
    title = qp.OutlineText(scene, "a title", xy=(0.5, 1.0), va="bottom")
    before = pixel_box(title)
    scene.set_view(90, 45)
    np.testing.assert_allclose(pixel_box(title), before)
    top_middle = scene.ax.transAxes.transform((0.5, 1.0))
    lo, hi = before
    assert lo[1] == pytest.approx(top_middle[1]) and (lo[0] + hi[0]) / 2 == pytest.approx(top_middle[0])


def test_changing_the_text_redraws_it_and_empty_text_hides_it(scene):
    label = qp.OutlineText(scene, "SLERP")
    fig = scene.ax.figure
    first = qp.render_png(fig)
    label.set_data(text="NLERP")
    assert label.text == "NLERP" and qp.render_png(fig) != first
    label.set_data(text="")
    assert label.text == "" and not label.artists[0].get_visible()
    label.set_data(text="SLERP")
    assert label.artists[0].get_visible() and qp.render_png(fig) == first


def test_outline_texts_are_moving_items_not_background(scene):
    label = qp.OutlineText(scene, "q1", (0, 1, 0))
    assert not label.static
    assert label.artists[0] in qp.Renderer.of(scene.ax.figure).moving_artists()


def test_world_axes_write_each_letter_beyond_its_tip(scene):
    world = qp.WorldAxes(scene)
    assert [a.tip.tolist() for a in world.frame.arrows] == (0.86 * scene.extent * np.eye(3)).tolist()
    for k, letter in enumerate(world.letters):
        assert letter.p[k] > world.frame.arrows[k].tip[k] and np.count_nonzero(letter.p) == 1
    renderer = qp.Renderer.of(scene.ax.figure)
    renderer.render_rgb()
    scene.set_view(30, 20)
    assert renderer.background is not None  # a view turn keeps the cached background: nothing in it moves


def test_a_carded_label_sits_on_a_white_card_that_covers_its_glyphs_and_hides_with_it(scene):
    label = qp.OutlineText(scene, "in mirror 1", (0.5, 0.2, 0), card=True)
    scene.set_view(30, 20)
    patch, card = label.artists
    lo, hi = pixel_box(label)
    corners = card.get_transform().transform(card.get_path().vertices)
    assert (corners.min(axis=0) <= lo).all() and (corners.max(axis=0) >= hi).all()
    np.testing.assert_allclose(card.get_facecolor()[:3], 1.0)
    label.set_data(text="  ")
    assert not patch.get_visible() and not card.get_visible()


def test_world_letters_that_would_meet_are_pushed_apart(scene):
    world = qp.WorldAxes(scene)
    scene.set_view(-45, 0)  # x and z point the same way on screen
    (x, _, z) = (letter.pixel_box().mean(axis=0) for letter in world.letters)
    assert np.hypot(*(x - z)) >= world.LETTER_GAP * 10 * scene.ax.figure.dpi / 72 - 1e-6  # an em of 10 points


@pytest.mark.parametrize("view", [(-45, 0), (1, -43)])
def test_larger_letters_are_pushed_further_apart(view):
    """The gap grows with the letters (the projector's larger type, drawn at a higher dpi): at a view where two
    axes point the same way on screen, "y" and "z" overlapped under the projector."""
    fig, (scene,) = qp.panels(1, world_frame=False, dpi=150)
    qp.WorldAxes(scene)
    qp.set_min_fontsize(fig, 12)
    scene.set_view(*view)
    assert qp.overlapping_labels(fig) == []


def test_world_letters_step_off_the_lines_they_are_kept_off(scene):
    """A line along the y axis, longer than it (a turn's axis about y): its head would cover "y".  Kept off it, "y"
    goes beside the tip; the other letters, clear already, stay where the geometry puts them."""
    scene.set_view(20, 15)
    axle = qp.Polyline(scene, [(0, -1.5, 0), (0, 1.5, 0)], linewidth=3)
    world = qp.WorldAxes(scene)  # after the axle: a view turn projects the axle first, then places the letters
    line = next(a for a in axle.artists if isinstance(a, matplotlib.lines.Line2D) and len(a.get_xydata()))
    homes = [letter.pixel_box() for letter in world.letters]
    assert line_under(line, _bbox(homes[1]))  # "y" is on the axle
    world.keep_letters_off(axle)
    boxes = [letter.pixel_box() for letter in world.letters]
    assert not line_under(line, _bbox(boxes[1]))
    np.testing.assert_allclose([boxes[0], boxes[2]], [homes[0], homes[2]])
    tip = scene.ax.transData.transform(scene.project(world.frame.arrows[1].tip)[0])
    assert np.hypot(*(boxes[1].mean(axis=0) - tip)) < 40  # beside its own tip, not somewhere else
    scene.set_view(-60, 30)  # placed again when the view turns
    assert not line_under(line, _bbox(world.letters[1].pixel_box()))


def _bbox(box):
    (x0, y0), (x1, y1) = box
    return matplotlib.transforms.Bbox.from_extents(x0, y0, x1, y1)


def test_world_letters_on_cards_hide_the_lines_under_them(scene):
    """``card=True``: each letter on a white card (its covered box reaches beyond the glyphs), which hides a line
    drawn under the letter from the legibility check as from the eye."""
    plain, carded = qp.WorldAxes(scene), qp.WorldAxes(qp.panels(1, world_frame=False)[1][0], card=True)
    for world in (plain, carded):
        assert all((letter.covered_box() == letter.pixel_box()).all() == (world is plain) for letter in world.letters)
    fig = carded.scene.ax.figure
    y = carded.letters[1]
    (x0, y0), (x1, y1) = y.pixel_box()
    to_data = carded.scene.ax.transData.inverted()
    a, b = to_data.transform([(x0 - 5, (y0 + y1) / 2), (x1 + 5, (y0 + y1) / 2)])  # a dark line through "y"
    carded.scene.ax.plot([a[0], b[0]], [a[1], b[1]], color="black", linewidth=1.5, zorder=0)
    assert [box.text for box, _ in qp.labels_on_ink(fig)] == []
