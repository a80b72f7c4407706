"""quatlib.plot._ringnames: RingNames, the names of a gimbal's rings beside them, placed clear of each other."""

from __future__ import annotations

import matplotlib.lines
import matplotlib.transforms
import numpy as np
import pytest
from demo_helpers import line_under

import quatlib as ql
import quatlib.plot as qp

VIEWS = [(25, 20), (0, 0), (90, 0), (-135, 60), (160, -45)]
POSES = [(20, 0, 30), (0, 90, 0), (170, -60, -120), (-90, 45, 180)]


@pytest.fixture
def gimbal_scene():
    fig, (scene,) = qp.panels(1, size=4.6, extent=1.9)
    rings = qp.Gimbal(scene, radii=(1.55, 1.32, 1.1), style="mechanical")
    names = qp.RingNames(scene, rings, avoid=scene.world.arrows)
    return fig, scene, rings, names


def poses():
    for yaw, pitch, roll in POSES:
        R = ql.matrix_from_euler(yaw, pitch, roll, degrees=True)
        R_outer = ql.matrix_from_euler(yaw, 0, 0, degrees=True)
        R_middle = ql.matrix_from_euler(yaw, pitch, 0, degrees=True)
        yield R_outer, R_middle, R


def boxes(names):
    return [label.pixel_box() for label in names.labels]


def meet(a, b) -> bool:
    return bool(np.all(np.minimum(a[1], b[1]) > np.maximum(a[0], b[0])))


def test_each_name_is_in_its_rings_colour_beside_a_point_of_its_ring(gimbal_scene):
    fig, scene, rings, names = gimbal_scene
    assert [label.text for label in names.labels] == ["yaw", "pitch", "roll"]
    for pose in poses():
        rings.set_data(*pose)
        names.set_data()
        for label, ring in zip(names.labels, rings.rings, strict=True):
            # the anchor is a point of the ring; the name GAP further out from the centre on screen, or across the
            # ring, further than GAP and not towards the centre
            assert np.min(np.linalg.norm(ring - label.p, axis=1)) < 1e-9
            anchor, offset = scene.project(label.p)[0], np.asarray(label.offset)
            out = anchor / np.hypot(*anchor)
            if np.hypot(*offset) == pytest.approx(names.GAP):
                np.testing.assert_allclose(offset, names.GAP * out, atol=1e-9)
            else:
                assert np.hypot(*offset) > names.GAP and offset @ out > -0.25 * np.hypot(*offset)


def test_a_ring_seen_edge_on_has_its_name_beside_it_not_on_it():
    """Seen from the side (elevation 0) at pitch 0, the middle ring is a line through the centre: every spot out from
    the centre lies on that line, and "pitch" was written across it.  The name now goes across the ring from one of
    its points, off the line."""
    fig, (scene,) = qp.panels(1, size=4.6, extent=1.9, view=(25, 0))
    rings = qp.Gimbal(scene, radii=(1.55, 1.32, 1.1), style="mechanical")
    names = qp.RingNames(scene, rings, avoid=scene.world.arrows)
    R_outer, R_middle, R = next(poses())  # yaw 20, pitch 0, roll 30
    rings.set_data(R_outer, R_middle, R)
    names.set_data()
    middle = scene.ax.transData.transform(scene.project(rings.rings[1])[0])
    (x0, y0), (x1, y1) = boxes(names)[1]
    assert np.ptp(middle[:, 1]) < 2  # edge-on: one horizontal line on screen
    assert y0 > middle[:, 1].max() + names.INK or y1 < middle[:, 1].min() - names.INK


def test_no_two_names_and_no_name_and_world_letter_overlap_in_any_pose_and_view(gimbal_scene):
    fig, scene, rings, names = gimbal_scene
    for view in VIEWS:
        scene.set_view(*view)
        for pose in poses():
            rings.set_data(*pose)
            names.set_data()
            qp.render_png(fig)
            b = boxes(names)
            assert not any(meet(b[i], b[j]) for i in range(3) for j in range(i + 1, 3)), (view, b)
            assert qp.overlapping_labels(fig) == [], view
            assert qp.labels_outside(fig) == [], view


def test_a_view_turn_places_the_names_again(gimbal_scene):
    fig, scene, rings, names = gimbal_scene
    before = np.array(boxes(names))
    scene.set_view(120, -30)
    assert not np.allclose(np.array(boxes(names)), before)


def test_the_box_of_a_candidate_spot_is_the_box_the_name_is_drawn_with_there(gimbal_scene):
    """The boxes measured once at the centre give the boxes drawn anywhere a name does not slide inside."""
    fig, scene, rings, names = gimbal_scene
    to_pixels = scene.ax.transData.transform
    for label, box in zip(names.labels, names.boxes, strict=True):
        anchor = to_pixels(scene.project(label.p)[0] + label.offset)
        np.testing.assert_allclose(label.pixel_box(), anchor + box, atol=1e-6)


def test_one_name_per_ring_or_a_clear_error(gimbal_scene):
    fig, scene, rings, names = gimbal_scene
    with pytest.raises(ValueError, match=r"Expected one name per ring \(3\), got 2"):
        qp.RingNames(scene, rings, names=("yaw", "pitch"))


def test_names_keep_off_a_legend_line_longer_than_its_corner():
    """gimbal at views (-60°, -60°) and (120°, -90°): "yaw" sat on "━ middle ring: pitch, about x", a legend line
    reaching past the corner the names kept clear of; the panel's fixed texts are now avoided as drawn."""
    fig, (scene,) = qp.panels(1, size=4.6, extent=1.9)
    rings = qp.Gimbal(scene, radii=(1.55, 1.32, 1.1), style="mechanical",
                      legend=("outer ring: yaw, about y", "middle ring: pitch, about x", "inner ring: roll, about z"))
    names = qp.RingNames(scene, rings, avoid=scene.world.arrows)
    R_outer, R_middle, R = next(poses())
    rings.set_data(R_outer, R_middle, R)
    for view in [(-60, -60), (-60, -90), (120, -60), (120, -90)]:
        scene.set_view(*view)
        names.set_data()
        assert qp.overlapping_labels(fig) == [], view


def test_the_gimbal_legend_sits_on_a_card_drawn_over_the_rings():
    """The outer ring passes the panel's top-left corner in most views: the legend is drawn over it, on a card."""
    fig, (scene,) = qp.panels(1, size=4.6, extent=1.9)
    rings = qp.Gimbal(scene, radii=(1.55, 1.32, 1.1), style="mechanical")
    moving = qp.Renderer.of(fig).moving_artists()
    card, *lines = rings._legend
    ring_z = max(a.get_zorder() for pair in rings._rings for a in pair)
    assert all(a in moving and a.get_zorder() > ring_z for a in (card, *lines))
    qp.render_png(fig)
    renderer = fig.canvas.get_renderer()
    covered = card.get_window_extent(renderer)
    for line in lines:  # every legend line lies on the card
        box = line.get_window_extent(renderer)
        assert covered.x0 <= box.x0 and box.x1 <= covered.x1 + 1 and covered.y0 <= box.y0 + 1


def test_names_keep_off_the_lines_of_the_items_in_keep_off(gimbal_scene):
    """A line drawn through where a name would go (an item in ``keep_off``) sends the name elsewhere, off it."""
    fig, scene, rings, names = gimbal_scene
    rings.set_data(*next(poses()))
    names.set_data()
    before = [label.pixel_box() for label in names.labels]
    # a thick line through the middle of every name's box, as it is now
    centres = [scene.ax.transData.inverted().transform(box.mean(axis=0)) for box in before]
    points = [p for c in centres for p in ((c[0] - 0.2, c[1], 0.0), (c[0] + 0.2, c[1], 0.0), (np.nan,) * 3)]
    bar = qp.Polyline(scene, np.array(points) @ scene.camera.matrix, linewidth=4.0)
    line = next(a for a in bar.artists if isinstance(a, matplotlib.lines.Line2D) and len(a.get_xydata()))
    assert all(line_under(line, _bbox(box)) for box in before)  # the names are under it now
    kept = qp.RingNames(scene, rings, avoid=scene.world.arrows, keep_off=[bar])
    kept.set_data()
    for label in kept.labels:
        assert not line_under(line, _bbox(label.pixel_box())), label.text


def _bbox(box):
    (x0, y0), (x1, y1) = box
    return matplotlib.transforms.Bbox.from_extents(x0, y0, x1, y1)


def test_a_name_raised_to_a_larger_size_is_placed_with_its_new_box(gimbal_scene):
    """Projector mode raises the names' font size after they are made: the boxes the spots are judged with are
    measured again, so a candidate's box is still the box the name is drawn with there."""
    fig, scene, rings, names = gimbal_scene
    for label in names.labels:
        label.set_fontsize(16)
    names.set_data()
    to_pixels = scene.ax.transData.transform
    for label, box in zip(names.labels, names.boxes, strict=True):
        anchor = to_pixels(scene.project(label.p)[0] + label.offset)
        np.testing.assert_allclose(label.pixel_box(), anchor + box, atol=1e-6)
    b = boxes(names)
    assert not any(meet(b[i], b[j]) for i in range(3) for j in range(i + 1, 3))
