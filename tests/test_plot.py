"""quatlib.plot under Agg: artists hold the right data after set_data, the camera keeps Y up, nothing global changes."""

from __future__ import annotations

import io
import subprocess
import sys

import matplotlib
import numpy as np
import pytest
from demo_helpers import SIDE_VIEWS, line_under

import quatlib as ql
from quatlib import plot as qp
from quatlib.models.geometry import arc_points

RNG = np.random.default_rng(20261130)


def rot(axis, deg):
    return ql.matrix_from_quaternion(ql.quaternion_from_axis_angle(axis, deg, degrees=True))


def random_rotation():
    return ql.matrix_from_quaternion(ql.normalize(RNG.normal(size=4)))


def scene3d(**kw):
    fig, (scene,) = qp.panels(1, **kw)
    return fig, scene


def full_draw_rgb(fig) -> np.ndarray:
    """Pixels of a plain, uncached full draw (savefig), for comparison with the cached path."""
    buf = io.BytesIO()
    fig.savefig(buf, format="rgba", dpi=fig.dpi)
    w, h = (int(round(v)) for v in fig.get_size_inches() * fig.dpi)
    return np.frombuffer(buf.getvalue(), np.uint8).reshape(h, w, 4)[..., :3]


# -- import weight --------------------------------------------------------------------------------------------


def test_import_quatlib_does_not_import_matplotlib_or_ipywidgets():
    code = "import sys, quatlib; assert 'matplotlib' not in sys.modules and 'ipywidgets' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_plot_and_widgets_are_lazy_submodules():
    assert ql.plot is qp
    assert ql.widgets.hello_cube is not None


# -- camera: Y up, right-handed -------------------------------------------------------------------------------


def test_camera_matrix_is_a_right_handed_rotation_for_any_view():
    for azim, elev in [(0, 0), qp.DEFAULT_VIEW, (-170, 80), (90, -45), (123, 89)]:
        M = qp.Camera(azim, elev).matrix
        np.testing.assert_allclose(M @ M.T, np.eye(3), atol=1e-12)
        assert np.linalg.det(M) == pytest.approx(1.0)


def test_plane_view_shows_x_right_y_up_z_toward_viewer():
    cam = qp.Camera(0, 0)
    xy, depth = cam.project(np.eye(3))
    np.testing.assert_allclose(xy, [[1, 0], [0, 1], [0, 0]], atol=1e-12)
    np.testing.assert_allclose(depth, [0, 0, 1], atol=1e-12)


def test_default_view_has_y_straight_up_x_right_and_z_toward_the_viewer_lower_left():
    xy, depth = qp.Camera(*qp.DEFAULT_VIEW).project(np.eye(3))
    x, y, z = xy
    assert y[0] == pytest.approx(0.0, abs=1e-12) and y[1] > 0.9  # +y points straight up on screen
    assert x[0] > 0.7  # +x to the right
    assert z[0] < 0 and z[1] < 0 and depth[2] > 0  # +z to the lower left, toward the viewer
    # right-handed on screen: x then y turn counter-clockwise, and x × y points at the viewer (+z)
    assert x[0] * y[1] - x[1] * y[0] > 0


@pytest.mark.parametrize("view", [(0, 0), (35, 22), (-120, 60), (170, -30)])
def test_up_stays_up_for_every_elevation_below_90(view):
    xy, _ = qp.Camera(*view).project([0, 1, 0])
    assert xy[0] == pytest.approx(0.0, abs=1e-12) and xy[1] > 0


# -- scene ----------------------------------------------------------------------------------------------------


def test_scene_has_fixed_equal_limits_and_no_axis_decorations():
    fig, scene = scene3d(extent=1.7)
    cube = qp.Cube(scene)
    ax = scene.ax
    before = (ax.get_xlim(), ax.get_ylim())
    for _ in range(5):
        cube.set_data(random_rotation(), RNG.uniform(-0.5, 0.5, 3))
        scene.set_view(*RNG.uniform(-90, 90, 2))
        qp.render_png(fig)
    assert (ax.get_xlim(), ax.get_ylim()) == before == ((-1.7, 1.7), (-1.7, 1.7))
    assert ax.get_aspect() == 1.0
    assert not ax.axison


def test_world_frame_uses_the_course_palette_and_labels():
    _, scene = scene3d()
    colors = [matplotlib.colors.to_hex(a._line.get_color()) for a in scene.world.arrows]
    assert colors == [matplotlib.colors.to_hex(c) for c in qp.AXIS_COLORS]  # red, green, blue: tests/test_palette.py
    assert [a.label for a in scene.world.arrows] == ["x", "y", "z"]


def test_no_global_rcparams_change():
    before = dict(matplotlib.rcParams)
    fig, scene = scene3d()
    qp.Cube(scene)
    qp.render_png(fig)
    assert dict(matplotlib.rcParams) == before


def test_figures_are_not_registered_with_pyplot():
    import matplotlib.pyplot as plt

    n = len(plt.get_fignums())
    scene3d()
    assert len(plt.get_fignums()) == n


def test_title_note_and_caption():
    fig, scene = scene3d(title="look here", footer=0.4)
    assert scene.title == "look here"
    scene.set_note("pitch = 90°")
    scene.set_caption("R = ...")
    qp.render_png(fig)
    assert scene.note == "pitch = 90°" and scene._note.get_visible()
    scene.set_note("")
    assert not scene._note.get_visible()
    assert scene.caption == "R = ..."


# -- rendering ------------------------------------------------------------------------------------------------


def test_render_png_is_a_png_of_the_figure_size():
    from PIL import Image

    fig, scene = scene3d(size=3.0, dpi=100, title_band=0.0)
    png = qp.render_png(fig)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert Image.open(io.BytesIO(png)).size == (300, 300)


def test_encode_png_is_lossless_for_the_rgb_view_of_an_rgba_canvas():
    from PIL import Image

    rgba = RNG.integers(0, 256, size=(7, 5, 4), dtype=np.uint8)
    rgba[2:5, 1:4, :3] = 255  # a flat patch, as figures have
    png = qp.encode_png(rgba[..., :3])  # a strided view, not a copy
    np.testing.assert_array_equal(np.asarray(Image.open(io.BytesIO(png))), rgba[..., :3])


def test_cached_background_gives_the_same_pixels_as_a_full_draw():
    fig, scene = scene3d(title="same pixels")
    cube = qp.Cube(scene)
    frame = qp.Frame(scene)
    qp.render_rgb(fig)  # fills the cache
    for _ in range(3):
        R = random_rotation()
        cube.set_data(R)
        frame.set_data(R)
        cached = qp.render_rgb(fig).copy()
        np.testing.assert_array_equal(cached, full_draw_rgb(fig))


def test_turning_the_view_redraws_the_static_world_frame():
    fig, scene = scene3d()
    a = qp.render_rgb(fig).copy()
    scene.set_view(-60, 10)
    b = qp.render_rgb(fig).copy()
    assert not np.array_equal(a, b)
    np.testing.assert_array_equal(b, full_draw_rgb(fig))


def test_changing_the_title_redraws_it():
    fig, scene = scene3d(title="one")
    qp.render_rgb(fig)
    scene.set_title("two, a longer title")
    np.testing.assert_array_equal(qp.render_rgb(fig), full_draw_rgb(fig))


# -- cube / box -----------------------------------------------------------------------------------------------


def test_cube_vertices_follow_R_and_center():
    _, scene = scene3d()
    cube = qp.Cube(scene, side=1.0)
    local = cube.vertices.copy()
    assert np.allclose(np.abs(local), 0.5)
    R, c = random_rotation(), np.array([0.2, -0.1, 0.3])
    cube.set_data(R, c)
    np.testing.assert_allclose(cube.vertices, local @ R.T + c)


def test_box_faces_are_tinted_by_axis_and_three_face_the_viewer_at_rest():
    _, scene = scene3d()
    box = qp.Box(scene, size=(2, 1, 0.5))
    # face order +x, -x, +y, -y, +z, -z; a tinted face is nearer its axis colour than the grey faces
    for face, color in ((0, qp.AXIS_COLORS[0]), (2, qp.AXIS_COLORS[1]), (4, qp.AXIS_COLORS[2])):
        rgb = np.array(matplotlib.colors.to_rgb(color))
        assert np.argmax(box.face_colors[face, :3] - box.face_colors[1, :3]) == np.argmax(rgb)
    assert list(box.front) == [True, False, True, False, True, False]
    assert len(box._front_faces.get_paths()) == 3 and len(box._back_faces.get_paths()) == 3
    np.testing.assert_allclose(np.ptp(box.vertices, axis=0), [2, 1, 0.5])


def test_turning_the_cube_half_round_shows_the_other_faces():
    _, scene = scene3d()
    cube = qp.Cube(scene)
    cube.set_data(rot([0, 1, 0], 180))  # +x and +z now face away, +y still up
    assert list(cube.front) == [False, True, True, False, False, True]
    # the F on +z is now behind: drawn faintly, below the front faces
    assert cube._mark.get_alpha() < 1 and cube._mark.get_zorder() < cube._front_faces.get_zorder()


def test_hidden_edges_are_dashed_and_visible_edges_solid():
    _, scene = scene3d()
    cube = qp.Cube(scene)
    assert len(cube._front_edges.get_segments()) == 9  # 3 faces seen: 9 edges
    assert len(cube._back_edges.get_segments()) == 3
    assert cube._back_edges.get_linestyle()[0][1] is not None  # dashed


def test_bad_matrix_shape_is_rejected():
    _, scene = scene3d()
    cube = qp.Cube(scene)
    with pytest.raises(ValueError, match=r"Expected a rotation matrix with shape \(3, 3\)"):
        cube.set_data(np.eye(4))


# -- frame, arrow, point, arc ---------------------------------------------------------------------------------


def test_frame_draws_the_columns_of_R_in_red_green_blue():
    _, scene = scene3d()
    frame = qp.Frame(scene, length=1.5)
    R = random_rotation()
    frame.set_data(R, origin=(0.1, 0, 0))
    for k, arrow in enumerate(frame.arrows):
        np.testing.assert_allclose(arrow.tip, [0.1, 0, 0] + 1.5 * R[:, k])
        assert matplotlib.colors.to_hex(arrow._line.get_color()) == qp.AXIS_COLORS[k]


def test_arrow_head_sits_on_the_projected_tip():
    _, scene = scene3d()
    arrow = qp.Arrow(scene)
    arrow.set_data([0.3, 1.0, -0.4], tail=[0.1, 0.0, 0.0])
    tip_xy, _ = scene.project([0.3, 1.0, -0.4])
    np.testing.assert_allclose(arrow._head.get_xy()[0], tip_xy)
    tail_xy, _ = scene.project([0.1, 0.0, 0.0])
    np.testing.assert_allclose(np.column_stack(arrow._line.get_data())[0], tail_xy)


def test_arrow_pointing_at_the_viewer_does_not_fail():
    fig, scene = scene3d(view=(0, 0))
    arrow = qp.Arrow(scene)
    arrow.set_data([0, 0, 1])
    qp.render_png(fig)
    assert np.isfinite(arrow._head.get_xy()).all()


def test_point_moves():
    _, scene = scene3d(view=(0, 0))
    p = qp.Point(scene, label="p")
    p.set_data([0.5, -0.25, 0])
    np.testing.assert_allclose(np.ravel(p._dot.get_data()), [0.5, -0.25])


def test_arc_draws_the_points_it_is_given_with_the_head_on_the_last():
    _, scene = scene3d(view=(0, 0))
    arc = qp.Arc(scene)
    assert not arc.artists[1].get_visible()  # the default: a turn through 0
    pts = arc_points([0, 0, 1], [1, 0, 0], np.pi / 2, center=(0.1, 0.2, 0))
    arc.set_data(pts, center=(0.1, 0.2, 0), angle=np.pi / 2)
    np.testing.assert_array_equal(arc.points, pts)
    np.testing.assert_allclose(np.column_stack(arc._line.get_data()), pts[:, :2])  # view (0, 0): screen = (x, y)
    assert arc._head.get_visible()
    np.testing.assert_allclose(arc._head.get_xy()[0], pts[-1, :2])  # the head's tip on the last point
    arc.set_data(arc_points([0, 0, 1], [1, 0, 0], 0.0), angle=0.0)
    assert not arc._head.get_visible()
    arc.set_data(pts)  # without the angle the head is judged from the points
    assert arc._head.get_visible()
    arc.set_label("90°")
    assert arc.label == "90°"


def _on_letter_x(scene):
    """Where the world axis letter "x" is written (scene 2D; view (0, 0): screen = (x, y))."""
    return scene.world.arrows[0].label_position


@pytest.mark.parametrize("avoid", [False, True])
def test_arc_label_slides_along_the_arc_off_the_letters_it_avoids(avoid):
    """order_matters at view (-120°, 30°): the "90°" beside the middle of its arc sat on the world's "x"."""
    fig, scene = scene3d(view=(0, 0))
    lx = _on_letter_x(scene)[0]
    a = np.linspace(-0.6, 0.6, 25)
    pts = np.column_stack([np.cos(a), np.sin(a), np.zeros_like(a)]) * lx / 1.25  # the label's middle spot: on "x"
    arc = qp.Arc(scene, pts, label="90°", label_radius=1.25, avoid=scene.world.arrows if avoid else ())
    pairs = {(x.text, y.text) for x, y in qp.overlapping_labels(fig)}
    assert (("x", "90°") in pairs or ("90°", "x") in pairs) is not avoid
    if avoid:  # still beside a point of its arc
        spots = 1.25 * pts[:, :2]
        assert np.min(np.hypot(*(spots - arc._label.get_position()).T)) < 1e-9
        arc.set_label("a longer label")  # placed again for the new text
        assert qp.overlapping_labels(fig) == []


@pytest.mark.parametrize("avoid", [False, True])
def test_point_label_goes_round_its_dot_off_the_letters_it_avoids(avoid):
    """turret at view (-120°, 30°) in projector mode: the key "A" sat on the world's "z"."""
    fig, scene = scene3d(view=(0, 0))
    x, y = _on_letter_x(scene)
    point = qp.Point(scene, (x, y - 0.02, 0), label="A", label_offset=(-0.02, 0.0),
                     avoid=scene.world.arrows if avoid else ())
    assert (qp.overlapping_labels(fig) == []) is avoid
    if avoid:  # a view turn places it again
        scene.set_view(10, 0)
        assert qp.overlapping_labels(fig) == [] and point.label == "A"


def test_arc_is_drawing_only_it_has_no_axis_angle_signature():
    _, scene = scene3d()
    with pytest.raises(ValueError, match=r"Expected arc points with shape \(\.\.\., 3\), got \(2,\)"):
        qp.Arc(scene).set_data([0, 1])


# -- plane, gimbal --------------------------------------------------------------------------------------------


def test_plane_corners_lie_in_the_plane_and_the_normal_is_unit():
    _, scene = scene3d()
    plane = qp.Plane(scene)
    n = np.array([1.0, 2.0, -0.5])
    plane.set_data(n, center=(0.1, 0.2, 0.0))
    np.testing.assert_allclose((plane.corners - [0.1, 0.2, 0.0]) @ n, 0, atol=1e-12)
    np.testing.assert_allclose(plane.normal, n / np.linalg.norm(n))
    plane.set_data([0, 1, 0])  # normal along the default in-plane helper: still a square
    np.testing.assert_allclose(plane.corners[:, 1], 0, atol=1e-12)
    with pytest.raises(ValueError, match="non-zero plane normal"):
        plane.set_data([0, 0, 0])


def gimbal_matrices(yaw, pitch, roll):
    return (ql.matrix_from_euler(yaw, 0, 0, degrees=True), ql.matrix_from_euler(yaw, pitch, 0, degrees=True),
            ql.matrix_from_euler(yaw, pitch, roll, degrees=True))


def test_gimbal_ring_colours_and_axes_at_rest():
    _, scene = scene3d()
    g = qp.Gimbal(scene)
    assert g.colors == [qp.AXIS_COLORS[1], qp.AXIS_COLORS[0], qp.AXIS_COLORS[2]]  # yaw y, pitch x, roll z
    g.set_data(*gimbal_matrices(0, 0, 0))
    np.testing.assert_allclose(g.axes, np.eye(3)[[1, 0, 2]])
    for ring, r in zip(g.rings, g.radii):
        np.testing.assert_allclose(np.linalg.norm(ring, axis=1), r)


def ring_normal(ring):
    return np.cross(ring[0], ring[len(ring) // 4])


@pytest.mark.parametrize("pitch", [90, -90])
def test_gimbal_at_pitch_90_lines_up_the_inner_ring_with_the_outer_ring(pitch):
    _, scene = scene3d()
    g = qp.Gimbal(scene)  # style "sweep": each ring in the plane its turn sweeps
    g.set_data(*gimbal_matrices(20, pitch, 10))
    yaw_axis, pitch_axis, roll_axis = g.axes
    assert abs(yaw_axis @ roll_axis) == pytest.approx(1.0)  # same axis ...
    np.testing.assert_allclose(g.rings[2] @ ring_normal(g.rings[0]), 0, atol=1e-9)  # ... so the rings are coplanar
    for ring, axis in zip(g.rings, g.axes):
        np.testing.assert_allclose(ring @ axis, 0, atol=1e-12)  # each ring is perpendicular to its axis


@pytest.mark.parametrize("pitch", [90, -90])
def test_mechanical_gimbal_at_pitch_90_folds_the_middle_ring_into_the_outer(pitch):
    _, scene = scene3d()
    g = qp.Gimbal(scene, style="mechanical")
    g.set_data(*gimbal_matrices(20, pitch, 10))
    assert abs(g.axes[0] @ g.axes[2]) == pytest.approx(1.0)  # the roll axle along the yaw axle
    np.testing.assert_allclose(g.rings[1] @ ring_normal(g.rings[0]), 0, atol=1e-9)
    for ring, axis in zip(g.rings, g.axes):
        np.testing.assert_allclose(np.abs(ring @ axis).max(), np.linalg.norm(ring, axis=1).max())  # axis in plane
    with pytest.raises(ValueError, match="style"):
        qp.Gimbal(scene, style="fancy")


def test_gimbal_away_from_lock_has_three_independent_axles():
    _, scene = scene3d()
    g = qp.Gimbal(scene)
    g.set_data(*gimbal_matrices(20, 30, 10))
    assert abs(np.linalg.det(np.array(g.axes))) > 0.5


@pytest.mark.parametrize("view", [(-45, 0), (1, -43)])
def test_a_frames_larger_letters_are_pushed_further_apart(view):
    """Two letters closer than an em are pushed apart, an em of their own size at the figure's dpi: at a view where
    two axes point the same way on screen, the projector's larger "y" and "z" overlapped."""
    fig, (scene,) = qp.panels(1, world_frame=False, dpi=150)
    qp.Frame(scene, labels=("x", "y", "z"))
    qp.set_min_fontsize(fig, 12)
    scene.set_view(*view)
    assert qp.overlapping_labels(fig) == []


def test_a_world_letter_on_another_axis_shaft_steps_aside():
    """Seen nearly along x, the x axis is short and its letter lay on the y axis' shaft (order_matters at view
    (-89, 40)): the geometry's place is judged by the frame's other arrows, and "x" goes beside its tip."""
    fig, scene = scene3d(view=(-89, 40))
    renderer = fig.canvas.get_renderer()
    qp.render_rgb(fig)
    x, y = scene.world.arrows[:2]
    shaft = matplotlib.lines.Line2D(*np.transpose(scene.project(np.array([y.tail, y.tip]))[0]))
    shaft.set_transform(scene.ax.transData)
    shaft.set_linewidth(y.artists[0].get_linewidth())
    shaft.figure = fig
    assert not line_under(shaft, x.label_box(renderer))


def test_a_letter_left_on_a_line_is_written_on_a_card_and_only_then():
    """``card=True`` (a scene's world frame): a letter with no clear place beside its tip gets a card, the others
    none.  An axle along y, thick and long, under every place beside the y tip, leaves "y" on a line."""
    fig, scene = scene3d(view=(0, 0))
    assert scene.world.card
    axle = qp.Polyline(scene, [(0, -3, 0), (0, 3, 0)], linewidth=60)
    scene.world.keep_letters_off(axle)
    qp.render_rgb(fig)
    carded = [arrow.label for arrow in scene.world.arrows if arrow.artists[2].get_bbox_patch() is not None]
    assert carded == ["y", "z"]  # (z points at the viewer: its letter is at the middle, on the axle too; x is clear)
    axle.set_visible(False)  # the axle gone: y's card too
    scene.world.keep_letters_off(axle)
    assert scene.world.arrows[1].artists[2].get_bbox_patch() is None


@pytest.mark.parametrize("again", [True, False], ids=["kept-off-after-each-turn", "kept-off-once"])
@pytest.mark.parametrize("pose", [(20, 0, 30), (20, 90, 30), (20, -90, 30), (0, 0, 0), (-120, -45, 60)])
def test_world_letters_keep_clear_of_the_gimbal_pivot_stubs_and_rings_in_every_side_view(pose, again):
    """The world "y" was written on the outer ring's pivot stub, which lies on the world y axis in every pose (and
    under it, in the picture), and "x" beside the middle ring's: kept off the gimbal's lines, no letter touches a
    stub, a ring or an axle, leaves the panel or meets another letter.  Told once, the letters keep off the rings
    on every view turn: the scene projects the world's axes, made first, after the rings."""
    fig, scene = scene3d(extent=1.9, size=4.6)
    rings = qp.Gimbal(scene, radii=(1.55, 1.32, 1.1), style="mechanical")
    rings.set_data(*gimbal_matrices(*pose))
    lines = [a for a in rings.artists if isinstance(a, matplotlib.lines.Line2D) and a.get_visible()]
    renderer = fig.canvas.get_renderer()
    problems = []
    if not again:
        scene.world.keep_letters_off(rings)
    for view in SIDE_VIEWS:
        scene.set_view(*view)
        if again:
            scene.world.keep_letters_off(rings)
        qp.render_rgb(fig)
        boxes = [arrow.label_box(renderer) for arrow in scene.world.arrows]
        for name, box in zip("xyz", boxes):
            problems += [f"view {view}: {name!r} on a gimbal line" for line in lines if line_under(line, box)]
            if not scene.ax.bbox.contains(box.x0, box.y0) or not scene.ax.bbox.contains(box.x1, box.y1):
                problems.append(f"view {view}: {name!r} outside the panel")
        problems += [f"view {view}: two letters meet" for i, a in enumerate(boxes) for b in boxes[i + 1:]
                     if a.overlaps(b)]
    assert not problems, "\n".join(problems[:20])


def test_world_letters_kept_off_moving_lines_move_with_them_and_the_arrows_stay_in_the_background():
    """A letter that moves with the gimbal (a ring passing its place) redraws no cached background: once kept off
    the gimbal's lines, the world's letters are drawn with the moving artists, its arrows still with the view."""
    fig, scene = scene3d(extent=1.9)
    scene.world.static = True  # as quatlib.widgets.still_world leaves it
    rings = qp.Gimbal(scene, radii=(1.55, 1.32, 1.1), style="mechanical")
    scene.world.keep_letters_off(rings)
    renderer = qp.Renderer.of(fig)
    letters = {a for arrow in scene.world.arrows for a in arrow.artists if isinstance(a, matplotlib.text.Text)}
    arrows = set(scene.world.artists) - letters
    assert letters <= set(renderer.moving_artists()) and not letters & set(renderer.view_artists())
    assert arrows <= set(renderer.view_artists()) and not arrows & set(renderer.moving_artists())
    qp.render_rgb(fig)
    for yaw in range(0, 360, 15):  # the outer ring passes the letters' places
        rings.set_data(*gimbal_matrices(yaw, 30, 0))
        scene.world.keep_letters_off(rings)
        np.testing.assert_array_equal(qp.render_rgb(fig), full_draw_rgb(fig))
        assert renderer.background is not None  # the camera layer stayed cached


def test_a_world_letter_moved_off_a_legend_goes_beside_its_arrow_not_onto_it():
    """Seen from below (elevation -90°), the gimbal's legend covered the world "z": slid back along its arrow, the
    letter lay on its own arrowhead, where the head hid it.  Now it goes beside the tip, off the legend and the
    frame's arrows."""
    fig, scene = scene3d(view=(35, -90), extent=1.9)
    z = scene.world.arrows[2]
    renderer = fig.canvas.get_renderer()
    x, y = scene.ax.transAxes.inverted().transform(z.label_box(renderer).extents.reshape(2, 2).mean(axis=0))
    legend = scene.ax.text(x - 0.05, y, "legend over the letter z", transform=scene.ax.transAxes, va="center")
    qp.render_rgb(fig)
    letter = z.label_box(renderer)
    assert not letter.overlaps(legend.get_window_extent(renderer))
    (tail, tip), _ = scene.project(np.array([z.tail, z.tip]))
    shaft = np.linspace(*scene.ax.transData.transform([tail, tip]), 200)  # the arrow, head included
    inside = ((shaft > [letter.x0 - 3, letter.y0 - 3]) & (shaft < [letter.x1 + 3, letter.y1 + 3])).all(axis=1)
    assert not inside.any()
    assert np.hypot(*(shaft[-1] - letter.extents.reshape(2, 2).mean(axis=0))) < 40  # still beside the tip


# -- ribbon, trail, 2D ----------------------------------------------------------------------------------------


def twisted_ribbon(turns: float, n=40):
    s = np.linspace(0, 1, n)
    w = np.array([-0.15, 0.15])
    angle = 2 * np.pi * turns * s
    v = np.zeros((n, 2, 3))
    v[..., 0] = (2 * s - 1)[:, None]
    v[..., 1] = np.cos(angle)[:, None] * w
    v[..., 2] = np.sin(angle)[:, None] * w
    return v


def test_ribbon_quads_and_two_coloured_sides_show_the_twist():
    _, scene = scene3d(view=(0, 0))
    flat = qp.Ribbon(scene, twisted_ribbon(0.0))
    assert len(flat._poly.get_paths()) == 39
    assert np.all(flat.facing > 0) or np.all(flat.facing < 0) or np.allclose(flat.facing, 0)
    half = qp.Ribbon(scene, twisted_ribbon(0.5))
    assert (half.facing > 0.1).any() and (half.facing < -0.1).any()  # both sides seen
    colors = half._poly.get_facecolor()[:, :3]
    assert len({tuple(np.round(c / c.max(), 2)) for c in colors}) > 2
    with pytest.raises(ValueError, match=r"n_along, n_across, 3"):
        half.set_data(np.zeros((5, 3)))


def test_trail_splits_front_and_back():
    _, scene = scene3d(view=(0, 0))
    t = np.linspace(0, 2 * np.pi, 50)
    pts = np.column_stack([np.cos(t), np.zeros_like(t), np.sin(t)])  # a circle through front and back
    trail = qp.Trail(scene, radius=1.0)
    trail.set_data(pts)
    fx, _ = trail._front.get_data()
    bx, _ = trail._back.get_data()
    assert np.isnan(fx).any() and np.isnan(bx).any()
    assert np.isfinite(fx).sum() + np.isfinite(bx).sum() >= 50
    trail.set_data(np.zeros((0, 3)))


def test_unit_circle_is_static_and_labelled():
    fig, (scene,) = qp.panels(1, view=(0, 0), world_frame=False)
    uc = qp.UnitCircle(scene, labels=("Re", "Im"), ticks=("1", "i", "−1", "−i"))
    assert uc.static
    assert [t.get_text() for t in uc._ticks] == ["1", "i", "−1", "−i"]
    assert uc.x_axis.label == "Re" and uc.y_axis.label == "Im"
    assert uc._circle.get_radius() == 1.0


def test_history_shows_the_last_window_with_fixed_limits():
    fig = qp.figure((4, 2))
    ax = fig.add_subplot()
    h = qp.History(ax, ("a", "b"), ylim=(-1, 1), window=10)
    h.set_data(np.column_stack([np.arange(25), -np.arange(25)]))
    x, y = h.lines[0].get_data()
    assert len(x) == 10 and y[-1] == 24
    assert ax.get_ylim() == (-1, 1) and ax.get_xlim() == (0, 10)
    qp.render_png(fig)
