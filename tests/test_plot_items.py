"""The items that moved into quatlib.plot from the widgets (polylines, labels, texts, gauges, charts, dots, the
belt trick's tethers and ball, the lettered cube), under Agg: the data they keep and what they draw."""

from __future__ import annotations

import types

import matplotlib
import matplotlib.transforms
import numpy as np
import pytest
from demo_helpers import line_under

from quatlib import plot as qp


def flat_scene(**kw):
    fig, (scene,) = qp.panels(1, view=(0, 0), **kw)  # looking along -z: screen = (x, y), depth = z
    return fig, scene


# -- Polyline, Dots ---------------------------------------------------------------------------------------------


def test_polyline_projects_its_points_and_nan_rows_break_it():
    _, scene = flat_scene()
    line = qp.Polyline(scene, [[0, 0, 0], [1, 0, 0], [np.nan] * 3, [0, 1, 0], [0, 1, 1]])
    x, y = line._line.get_data()
    np.testing.assert_allclose(x, [0, 1, np.nan, 0, 0])
    np.testing.assert_allclose(y, [0, 0, np.nan, 1, 1])
    assert line.points.shape == (5, 3) and line._line in line.artists
    with pytest.raises(ValueError, match=r"Expected polyline points with shape \(\.\.\., 3\)"):
        line.set_data([[0, 1]])


@pytest.mark.parametrize("draw", [
    lambda scene, bad: qp.Arrow(scene).set_data(bad),
    lambda scene, bad: qp.Arrow(scene).set_data((1, 0, 0), tail=bad),
    lambda scene, bad: qp.Point(scene).set_data(bad),
    lambda scene, bad: qp.Frame(scene).set_data(None, origin=bad),
    lambda scene, bad: qp.Cube(scene).set_data(None, center=bad),
    lambda scene, bad: qp.Cube(scene).set_data(np.diag(bad)),
    lambda scene, bad: qp.Plane(scene).set_data(bad),
    lambda scene, bad: qp.Arc(scene).set_data(np.zeros((3, 3)), center=bad),
])
def test_a_point_that_must_be_drawn_refuses_nan_and_words(draw):
    """An arrow's tip, a point, a frame's origin, a cube's centre or matrix: a NaN there would draw nothing, in
    silence (a NaN row in a path is a break, and stays allowed: the polyline test above)."""
    for bad in ([np.nan, 0, 0], [0, np.inf, 0]):
        with pytest.raises(ValueError, match="^Expected a finite"):
            draw(flat_scene()[1], bad)
    with pytest.raises(ValueError, match="^Expected"):
        draw(flat_scene()[1], ["x", "y", "z"])


def test_split_polyline_draws_the_far_half_dashed_and_a_fill_covers_the_outline():
    _, scene = flat_scene()
    t = np.linspace(0, 2 * np.pi, 9)
    circle = np.column_stack([np.cos(t), np.zeros_like(t), np.sin(t)])  # in the xz-plane: half near, half far
    line = qp.Polyline(scene, circle, split=True, fill="#ff0000")
    fx, _ = line._line.get_data()
    bx, _ = line._back.get_data()
    near = circle[:, 2] >= 0
    assert np.isfinite(fx[near]).all() and np.isfinite(bx[~near]).all()
    assert np.isnan(fx).any() and np.isnan(bx).any()
    assert line._back.get_linestyle() != "-"
    assert line._fill.get_visible()
    empty = qp.Polyline(scene, fill="#ff0000")
    assert empty.points.shape == (0, 3) and not empty._fill.get_visible()


def test_polyline_apex_fills_the_cone_outline():
    _, scene = flat_scene()
    ring = np.array([[1, 0, 0], [0, 1, 0], [-1, 0, 0], [0, -1, 0]], float) * 0.5
    cone = qp.Polyline(scene, ring, fill="#00ff00", apex=(2, 0, 0))
    hull = cone._fill.get_xy()
    assert np.isclose(hull[:, 0].max(), 2.0) and np.isclose(hull[:, 0].min(), -0.5)


def test_dots_put_near_marks_in_front_and_far_marks_behind():
    _, scene = flat_scene()
    dots = qp.Dots(scene, [[0.5, 0, 1], [0.25, 0, -1], [0, 0.5, 0.1]])
    np.testing.assert_allclose(np.column_stack(dots._front.get_data()), [[0.5, 0], [0, 0.5]])
    np.testing.assert_allclose(np.column_stack(dots._back.get_data()), [[0.25, 0]])
    assert dots._front.get_zorder() > qp.Z.FRONT and dots._back.get_zorder() < qp.Z.BACK
    dots.set_data(np.zeros((0, 3)))
    assert len(dots._front.get_xdata()) == 0 and len(dots._back.get_xdata()) == 0


# -- texts ------------------------------------------------------------------------------------------------------


def test_label_sits_at_its_point_plus_a_screen_offset_whatever_the_view():
    _, scene = flat_scene()
    label = qp.Label(scene, "p", (0.5, 0.25, 0), offset=(0.1, -0.1))
    np.testing.assert_allclose(label._text.get_position(), [0.6, 0.15])
    label.set_data((0, 0, 1), text="q")
    assert label.text == "q"
    scene.set_view(90, 0)  # +z now points to the screen's left
    np.testing.assert_allclose(label._text.get_position(), [-0.9, -0.1], atol=1e-12)


def test_screen_text_moves_with_every_update_and_static_text_only_redraws_the_background_when_it_changes():
    fig, scene = flat_scene()
    renderer = qp.Renderer.of(fig)
    moving = qp.ScreenText(scene, text="a")
    still = qp.StaticText(scene, text="note")
    assert not moving.static and still.static
    assert moving._text in renderer.moving_artists() and still._text not in renderer.moving_artists()
    renderer.render_rgb()
    moving.set_data("b")
    assert moving.text == "b" and renderer.background is not None
    still.set_data("note")  # the same text: nothing to redraw
    assert renderer.background is not None
    still.set_data("note", color=qp.COLORS["warn"])  # the colour it has
    assert renderer.background is not None
    still.set_data("new note")
    assert still.text == "new note" and renderer.background is None
    renderer.render_rgb()
    still.set_data("new note", color="#0000ff")
    assert renderer.background is None


def test_legend_and_static_artists_are_still_and_in_axes_coordinates():
    fig, scene = flat_scene()
    legend = qp.legend(scene, [("one", "#ff0000"), ("two", "#00ff00")])
    assert isinstance(legend, qp.StaticArtists) and legend.static
    assert [t.get_text() for t in legend.artists] == ["━ one", "━ two"]
    assert all(t.get_transform() == scene.ax.transAxes for t in legend.artists)
    assert not set(legend.artists) & set(qp.Renderer.of(fig).moving_artists())
    before = [t.get_position() for t in legend.artists]
    scene.set_view(60, 30)
    assert [t.get_position() for t in legend.artists] == before


def test_bars_grow_from_the_zero_line_and_clip_at_the_limits():
    fig, scene = flat_scene()
    bars = qp.Bars(scene, ("w", "x"), ["#000000", "#ff0000"], rect=(0.1, 0.2, 0.8, 0.6), lim=(-1, 1),
                   value_format=lambda v: f"{v:+.1f}", title="q")
    zero = 0.2 + 0.6 * 0.5
    bars.set_data([0.5, -2.0])
    up, down = bars._bars
    assert up.get_y() == pytest.approx(zero) and up.get_height() == pytest.approx(0.15)
    assert down.get_y() == pytest.approx(0.2) and down.get_height() == pytest.approx(0.3)  # clipped at -1
    assert bars.texts == ["+0.5", "-2.0"] and list(bars.values) == [0.5, -2.0]
    assert bars.frame.static and bars.frame in scene.items  # names, zero line, limits: in the background
    assert set(bars.artists) <= set(qp.Renderer.of(fig).moving_artists())


def test_strip_and_overlay_are_flat_scenes_without_a_world_frame():
    fig, (scene,) = qp.panels(1)
    s = qp.strip(fig, (0.0, 0.0, 1.0, 0.1))
    assert s.world is None and s.ax.get_xlim() == (0, 1) and s.ax.get_ylim() == (0, 1)
    o = qp.overlay(scene)
    assert o.ax is scene.ax and o.world is None and o.extent == scene.extent
    assert qp.Renderer.of(fig).scenes == [scene, s, o]


def test_strips_below_fill_the_footer_under_each_panel():
    fig, scenes = qp.panels(3, size=2.0, title_band=0.5, footer=1.5)
    strips = qp.strips_below(scenes)
    assert [s.world for s in strips] == [None] * 3
    for scene, below in zip(scenes, strips, strict=True):
        x0, y0, width, _ = scene.ax.get_position().bounds
        assert below.ax.get_position().bounds == pytest.approx((x0, 0.0, width, y0))
    assert strips[0].ax.get_position().height == pytest.approx(1.5 / 4.0)  # the footer's share of the height
    assert qp.Renderer.of(fig).scenes == [*scenes, *strips]


def test_darken_and_lighten_blend_toward_ink_and_white():
    ink = np.array(matplotlib.colors.to_rgb(qp.COLORS["ink"]))
    np.testing.assert_allclose(qp.darken("#ffffff", 1.0), ink)
    np.testing.assert_allclose(qp.darken("#ff0000", 0.0), [1, 0, 0])
    np.testing.assert_allclose(qp.lighten("#000000", 0.25), [0.25, 0.25, 0.25])


# -- charts -----------------------------------------------------------------------------------------------------


def test_envelope_keeps_every_bins_extremes_on_log_spaced_bins():
    y = np.sin(np.arange(50_000.0)) * np.arange(50_000.0)
    x, lo, hi = qp.envelope(y, 200)
    assert x[0] == 1 and np.all(np.diff(x) > 0) and x[-1] < len(y)
    edges = np.append(x.astype(int), len(y))
    for k in (0, len(x) // 2, len(x) - 1):
        chunk = y[edges[k]:edges[k + 1]]
        assert lo[k] == chunk.min() and hi[k] == chunk.max()
    assert [len(a) for a in qp.envelope([1.0], 10)] == [0, 0, 0]


def test_curves_cache_the_curves_and_move_the_cursor():
    fig = qp.figure((4, 2))
    ax = fig.add_axes((0.15, 0.2, 0.8, 0.7))
    curves = qp.Curves(ax, {"a": "#ff0000", "b": "#0000ff"}, xlim=(0, 1), ylim=(1e-9, 1), yscale="log", floor=1e-9)
    renderer = qp.Renderer.of(fig)
    assert renderer.moving == [curves] and curves.lines["a"] not in curves.artists
    curves.set_curve("a", [0, 0.5, 1], [0.0, 1e-3, 0.5])
    np.testing.assert_allclose(curves.lines["a"].get_ydata(), [1e-9, 1e-3, 0.5])  # 0 floored for the log axis
    renderer.render_rgb()
    curves.set_cursor(0.5, {"a": 1e-3, "b": None})
    assert renderer.background is not None  # moving the cursor keeps the cached curves
    np.testing.assert_allclose(curves._cursor.get_xdata(), [0.5, 0.5])
    assert len(curves._dots["b"].get_xdata()) == 0
    curves.set_style("a", linewidth=3.0)
    assert renderer.background is None
    live = qp.Curves(fig.add_axes((0.6, 0.6, 0.3, 0.3)), {"c": "#00ff00"}, xlim=(0, 1), ylim=(0, 1), live=True)
    assert live.lines["c"] in live.artists


def test_history_shows_the_last_window_steps():
    fig = qp.figure((4, 2))
    history = qp.History(fig.add_axes((0.1, 0.2, 0.8, 0.6)), ("a", "b"), window=5)
    history.set_data(np.arange(16.0).reshape(8, 2))
    np.testing.assert_allclose(history.lines[0].get_ydata(), [6, 8, 10, 12, 14])
    np.testing.assert_allclose(history.lines[1].get_xdata(), np.arange(5))


# -- solids: the lettered cube, the belt trick's tethers and ball --------------------------------------------


def test_lettered_cube_shows_an_f_on_every_face_in_view_and_accepts_a_reflection():
    _, (scene,) = qp.panels(1)
    cube = qp.LetteredCube(scene, 1.0)
    assert cube.front.sum() == 3 and len(cube._mark.get_segments()) == 3 * 2  # two strokes per F
    mirror = np.diag([-1.0, 1.0, 1.0])
    cube.set_data(mirror)
    assert np.linalg.det(cube.R) == pytest.approx(-1) and len(cube._mark.get_segments()) == 3 * 2
    ghost = qp.LetteredCube(scene, 1.0, ghost=True)
    assert ghost._front_edges.get_linestyle()[0][1] is not None  # dashed edges: the mirror image


def test_tethers_put_pieces_in_front_of_the_centre_over_the_cube_and_the_others_under_it():
    _, scene = flat_scene()
    tethers = qp.Tethers(scene, circumradius=0.6)
    s = np.linspace(1.0, 2.0, 5)
    ribbon = np.stack([np.stack([s, np.full_like(s, w), np.zeros_like(s)], -1) for w in (-0.1, 0.1)], 1)
    near = ribbon + [0, 0, 0.5]
    far = ribbon - [0, 0, 0.5]
    tethers.set_data(np.stack([near, far]), np.eye(3), [[2, 0, 0.5], [2, 0, -0.5]], [[-1, 0, 0], [-1, 0, 0]])
    assert tethers.front[:4].all() and not tethers.front[4:].any()
    back, front = tethers._polys
    assert front.get_zorder() > qp.Z.FRONT > qp.Z.BACK > back.get_zorder()
    assert len(front.get_paths()) == 4 + 1 and len(back.get_paths()) == 4 + 1  # 4 quads and a wall plate each
    with pytest.raises(ValueError, match="Expected ribbons with shape"):
        tethers.set_data(ribbon, np.eye(3), [[2, 0, 0]], [[-1, 0, 0]])


def test_ball_of_rotations_marks_where_the_path_leaves_and_comes_back():
    _, (scene,) = qp.panels(1, extent=4.0, world_frame=False)
    ball = qp.BallOfRotations(scene, (0, 1, 0))
    assert ball in scene.items and not any(c in scene.items for c in ball.children)
    r = np.pi
    path = types.SimpleNamespace(points=np.array([[0, 0, 0], [0, r, 0], [np.nan] * 3, [0, -r, 0], [0, -1, 0]]),
                                 crossings=np.array([[[0, r, 0], [0, -r, 0]]]), end=np.array([0, -1.0, 0]))
    ball.set_data(path)
    np.testing.assert_allclose(ball.path.points, path.points)
    ex, ey = ball._exits.get_data()
    nx, ny = ball._entries.get_data()
    assert ey[0] == pytest.approx(scene.project([0, r, 0])[0][1]) and ny[0] == pytest.approx(-ey[0])
    np.testing.assert_allclose(np.ravel(ball._end.get_data()), scene.project([0, -1, 0])[0])
    assert set(ball.path.artists) <= set(ball.artists)


def test_the_ball_of_rotations_outline_is_drawn_once_into_the_background_and_hides_with_the_ball():
    fig, (scene,) = qp.panels(1, extent=4.0, world_frame=False)
    ball = qp.BallOfRotations(scene, (0, 1, 0))
    renderer = qp.Renderer.of(fig)
    circle = ball.outline.artists[0]
    assert ball.outline.static and not ball.outline.follows_view  # the same circle from every view
    assert circle not in renderer.moving_artists() and circle not in renderer.view_artists()
    renderer.render_rgb()
    ball.set_visible(False)
    assert not circle.get_visible() and renderer.base is None  # the background is drawn again without it
    ball.set_visible(True)
    assert circle.get_visible()


def test_curves_highlight_one_curve_and_fade_the_others():
    fig = qp.figure((4, 2))
    curves = qp.Curves(fig.add_axes((0.15, 0.2, 0.8, 0.7)), {"a": "#ff0000", "b": "#0000ff"}, xlim=(0, 1),
                       ylim=(0, 1))
    curves.highlight("b")
    assert (curves.lines["b"].get_linewidth(), curves.lines["b"].get_alpha()) == (2.6, 1.0)
    assert (curves.lines["a"].get_linewidth(), curves.lines["a"].get_alpha()) == (1.3, 0.75)


def test_a_chart_stack_shares_its_curves_cursor_and_highlight_and_labels_x_on_the_lowest_chart_only():
    fig = qp.figure((4, 4))
    charts = {"top": {"rect": (0.15, 0.55, 0.8, 0.35), "ylim": (0, 1), "title": "top"},
              "bottom": {"rect": (0.15, 0.1, 0.8, 0.35), "ylim": (-1, 1)}}
    stack = qp.ChartStack(fig, charts, {"a": "#ff0000", "b": "#0000ff"}, xlim=(0, 2), xlabel="t", legend=False)
    assert list(stack) == ["top", "bottom"] and len(stack) == 2 and charts["top"]["rect"]  # the caller's dict kept
    top, bottom = stack["top"], stack["bottom"]
    assert isinstance(top, qp.Curves) and set(top.lines) == set(bottom.lines) == {"a", "b"}
    assert top.ax.get_xlim() == bottom.ax.get_xlim() == (0, 2) and top.ax.get_title(loc="left") == "top"
    assert bottom.ax.get_xlabel() == "t" and top.ax.get_xlabel() == ""
    fig.canvas.draw()
    assert not any(label.get_visible() and label.get_text() for label in top.ax.get_xticklabels())
    assert any(label.get_text() for label in bottom.ax.get_xticklabels())
    x = np.array([0.0, 1.0, 2.0])
    stack.set_curves(x, {"top": {"a": x / 2, "c": x}, "bottom": {"b": -x / 2}, "nowhere": {"a": x}})
    np.testing.assert_allclose(top.lines["a"].get_ydata(), [0, 0.5, 1])
    np.testing.assert_allclose(bottom.lines["b"].get_ydata(), [0, -0.5, -1])
    assert len(top.lines["b"].get_xdata()) == 0  # not given: left as it was
    stack.set_cursor(1.0, {"top": {"a": 0.5, "b": None}})
    np.testing.assert_allclose(top._cursor.get_xdata(), [1, 1])
    np.testing.assert_allclose(bottom._cursor.get_xdata(), [1, 1])  # the cursor crosses every chart
    assert len(top._dots["a"].get_xdata()) == 1 and len(top._dots["b"].get_xdata()) == 0
    assert len(bottom._dots["a"].get_xdata()) == 0  # no values for the chart: no dots
    stack.highlight("b")
    for chart in stack.values():
        assert chart.lines["b"].get_linewidth() == 2.6 and chart.lines["a"].get_alpha() == 0.75


def test_a_turn_axis_runs_through_the_centre_its_name_beyond_the_tip_and_its_meridian_as_given():
    fig, scene = flat_scene()
    axis = qp.TurnAxis(scene, 1.4, label="n")
    assert axis in scene.items and not any(c in scene.items for c in (axis.label, axis.arrow, axis.meridian))
    axis.set_data([0, 1, 0], [[0, 0, 0], [1.4, 0, 0], [0, 1.4, 0]])
    np.testing.assert_allclose(axis.arrow.tip, [0, 1.4, 0])
    np.testing.assert_allclose(axis.arrow.tail, [0, -1.4, 0])
    np.testing.assert_allclose(axis.label.p, [0, 1.485, 0])
    assert axis.label.text == "n" and len(axis.meridian.points) == 3
    axis.set_data([1, 0, 0])  # no meridian
    assert len(axis.meridian.points) == 0
    assert set(axis.label.artists) <= set(axis.artists)
    with pytest.raises(ValueError, match="Expected axis with shape"):
        axis.set_data([1, 0])


def test_sketch_draws_its_lines_in_the_chart_layer_and_moves_the_moving_ones():
    fig = qp.figure((3, 2))
    sketch = qp.Sketch(fig.add_axes((0.05, 0.05, 0.9, 0.8)), xlim=(-1.2, 1.2), ylim=(-0.2, 1.2), title="plane")
    sketch.add_line("arc", color="#000000", linewidth=2)
    sketch.add_line("dot", color="#ff0000", linestyle="none", marker="o", size=8, moving=True)
    sketch.add_text("q0")
    sketch.add_line("axis", color="#999999", fixed=True)  # drawn with the frame, not in the chart layer
    sketch.set_line("axis", [[-1, 0], [1, 0]])
    s = np.linspace(0, np.pi, 30)
    sketch.set_line("arc", np.c_[np.cos(s), np.sin(s)])
    sketch.set_text("q0", (-1, 0.1), "q0")
    assert sketch.artists == [sketch.lines["dot"]]
    assert set(sketch.chart_artists) == {sketch.lines["arc"], sketch.texts["q0"]}
    empty = qp.render_rgb(fig).copy()
    sketch.set_line("dot", [[0.0, 1.0]])
    with_dot = qp.render_rgb(fig)
    red = (with_dot[..., 0] > 200) & (with_dot[..., 1] < 80)
    assert red.sum() > 20 and not ((empty[..., 0] > 200) & (empty[..., 1] < 80)).any()
    sketch.set_line("dot", None)  # hidden again
    np.testing.assert_array_equal(qp.render_rgb(fig), empty)
    assert sketch.ax.get_aspect() == 1.0 and not sketch.ax.axison


@pytest.mark.parametrize("kind", ["point", "arc"])
def test_a_label_rewritten_is_placed_as_a_new_items_label(kind):
    # (the label keeps off the world axes' letters: placed again for the new text, and not again for the same)
    fig, (scene,) = qp.panels(1, view=(-30, 20))
    turn = np.radians(np.linspace(0, 80, 21))
    arc = np.c_[1.3 * np.cos(turn), np.zeros_like(turn), -1.3 * np.sin(turn)]  # near the x and z letters

    def make(label):
        if kind == "point":
            return qp.Point(scene, (1.35, 0.05, 0.0), label=label, avoid=scene.world.arrows)
        return qp.Arc(scene, arc, label=label, avoid=scene.world.arrows, label_radius=1.0)

    relabelled, fresh = make("x"), make("a longer name here")
    relabelled.set_label("a longer name here")
    assert relabelled._label.get_position() == fresh._label.get_position()
    relabelled.set_label("a longer name here")  # the same text: nothing to place again
    assert relabelled._label.get_position() == fresh._label.get_position()


@pytest.mark.parametrize("view", [(-30, 20), (0, 0), (35, 22), (120, -40)])
def test_a_points_label_keeps_more_than_a_space_from_the_letters_it_avoids(view):
    """Not merely off the world letters: LETTER_CLEARANCE pixels from them, so a key "B" beside the axis letter
    "z" is not read as "B z" (the turret's keys at B = (120°, −30°))."""
    fig, (scene,) = qp.panels(1, view=view)
    renderer = fig.canvas.get_renderer()
    for tip in np.eye(3):  # a labelled point just beyond each world arrow's tip, where its letter is
        point = qp.Point(scene, 1.08 * scene.extent * 0.86 * tip, label="B", avoid=scene.world.arrows)
        label = point.artists[1].get_window_extent(renderer)
        for arrow in scene.world.arrows:
            letter = arrow.label_box(renderer)
            gap = max(letter.x0 - label.x1, label.x0 - letter.x1, letter.y0 - label.y1, label.y0 - letter.y1)
            assert gap >= qp.Point.LETTER_CLEARANCE - 1e-6, (view, tip, arrow.label)


@pytest.mark.parametrize("view", [(35, 90), (35, -90), (0, 90), (-120, 90), (35, 22)])
def test_an_arc_seen_edge_on_writes_its_label_beside_the_line_not_on_it(view):
    """order_matters' turn arcs seen from above: an arc about x or y projects to a line through every spot beside
    it, and its "90°" used to sit on that line, under the arrowhead."""
    from quatlib import widgets as qw

    demo = qw.order_matters()
    demo.set(view_azim=view[0], view_elev=view[1])
    renderer = demo.figure.canvas.get_renderer()
    for arc in demo.items["arcs"]:
        line, head, label = arc.artists
        box = label.get_window_extent(renderer)
        drawn = [arc.ax.transData.transform(np.c_[line.get_data()])]
        if head.get_visible():
            drawn.append(arc.ax.transData.transform(np.vstack([head.get_xy(), head.get_xy()[:1]])))
        for xy in drawn:
            s = np.linspace(0, 1, 200)[:, None, None]
            pts = (xy[:-1] + s * (xy[1:] - xy[:-1])).reshape(-1, 2)
            inside = (pts[:, 0] > box.x0) & (pts[:, 0] < box.x1) & (pts[:, 1] > box.y0) & (pts[:, 1] < box.y1)
            assert not inside.any(), (view, label.get_text())


# -- project_changes: a view turn, then the same data ---------------------------------------------------------


def test_items_given_the_data_they_show_are_not_projected_again_and_any_change_projects_them():
    """A view turn projects every item; a demo's draw then sets the same data again (to place labels for the
    new view): the geometric items skip that second projection, and the picture is the one a fresh projection
    draws."""
    def build():
        fig, (scene,) = qp.panels(1)
        R = qp_rotation(40.0)
        items = {"cube": qp.Cube(scene, R=R), "box": qp.LetteredCube(scene, 0.8), "trail": qp.Trail(scene),
                 "line": qp.Polyline(scene), "dots": qp.Dots(scene), "gimbal": qp.Gimbal(scene),
                 "arrow": qp.Arrow(scene, label="a")}
        return fig, scene, items

    def draw(items, R, points):  # what a demo's draw does on every update
        items["cube"].set_data(R)
        items["box"].set_data(R, (0.1, 0, 0))
        for k in ("trail", "line", "dots"):
            items[k].set_data(points)
        items["gimbal"].set_data(R, R @ R, R.T)
        items["arrow"].set_data(R[:, 0])

    fig, scene, items = build()
    points = np.array([[1.0, 0, 0], [0, 1, 0], [0, 0, 1]])
    projections = []
    for name, item in items.items():
        item.project = (lambda f, n: lambda: (projections.append(n), f())[1])(item.project, name)
    draw(items, qp_rotation(10.0), points)
    assert sorted(projections) == sorted(items)  # new data: every item projected once
    projections.clear()
    draw(items, qp_rotation(10.0), points.copy())  # equal data (a new array): nothing projected
    assert projections == []
    scene.set_view(-60.0, 30.0)
    draw(items, qp_rotation(10.0), points)  # the turn projected them all; the draw after it adds nothing
    assert sorted(projections) == sorted(items)
    projections.clear()
    draw(items, qp_rotation(10.0001), points)  # any change is projected
    assert sorted(projections) == ["arrow", "box", "cube", "gimbal"]
    projections.clear()
    items["arrow"].label_position = items["arrow"].label_position + 0.1  # moved from outside: projected again
    draw(items, qp_rotation(10.0001), points)
    assert projections == ["arrow"]

    fresh, fresh_scene, fresh_items = build()
    fresh_scene.set_view(-60.0, 30.0)
    draw(fresh_items, qp_rotation(10.0001), points)
    assert (qp.render_rgb(fig) == qp.render_rgb(fresh)).all()


def qp_rotation(degrees: float) -> np.ndarray:
    """A turn by ``degrees`` about the axis (1, 2, 3) as a matrix (Rodrigues' formula; test data only)."""
    k = np.array([1.0, 2.0, 3.0]) / np.sqrt(14.0)
    K = np.array([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])
    a = np.radians(degrees)
    return np.eye(3) + np.sin(a) * K + (1 - np.cos(a)) * K @ K


def test_an_outline_cube_is_the_cube_drawn_by_its_edges_alone():
    fig, (scene,) = qp.panels(1)
    R = qp.as_matrix(np.eye(3))
    outline = qp.Cube.outline(scene, 0.8, "#123456", linewidth=1.3, alpha=0.06)
    spelled = qp.Cube(scene, side=0.8, alpha=0.06, edgecolor="#123456", colored_faces=False, mark=None, linewidth=1.3)
    for cube in (outline, spelled):
        cube.set_data(R)
    assert len(outline.artists) == len(spelled.artists)
    for a, b in zip(outline.artists, spelled.artists, strict=True):
        assert type(a) is type(b)
        for prop in ("get_facecolor", "get_edgecolor", "get_linewidth", "get_alpha"):
            if hasattr(a, prop):
                np.testing.assert_array_equal(getattr(a, prop)(), getattr(b, prop)())


def test_tethers_turn_with_the_view_before_their_first_data():
    _, scene = flat_scene()
    qp.Tethers(scene, circumradius=0.6)
    scene.set_view(30, 20)  # used to raise AttributeError: no quads yet


def test_the_ball_of_rotations_has_radius_pi_along_an_axis_of_any_length():
    _, scene = flat_scene()
    unit, long = qp.BallOfRotations(scene, (0, 1, 0)), qp.BallOfRotations(scene, (0, 2, 0))
    np.testing.assert_array_equal(long.axis, unit.axis)
    np.testing.assert_allclose(long.axis_line.points, unit.axis_line.points)
    with pytest.raises(ValueError, match="Expected a non-zero turn axis"):
        qp.BallOfRotations(scene, (0, 0, 0))


def test_a_turn_axis_name_steps_off_the_lines_it_keeps_off_and_a_note():
    """Its name is written beyond the tip unless a line it keeps off or a fixed text is under it there."""
    fig, (scene,) = qp.panels(1, world_frame=False, view=(0, 90))  # a top view: y toward the viewer
    world = qp.WorldAxes(scene)
    axis = qp.TurnAxis(scene, 1.0)
    axis.set_data([1.0, 0.0, 0.0])  # along x: beyond its tip, the name sits on the world's x axis
    x_axis = world.frame.arrows[0].artists[0]
    assert line_under(x_axis, matplotlib.transforms.Bbox(axis.label.pixel_box()))
    axis.keep_off_lines = world.lines
    axis.set_data([1.0, 0.0, 0.0])
    assert not line_under(x_axis, matplotlib.transforms.Bbox(axis.label.pixel_box()))
    axis.set_data([-0.8, -0.8, 0.0])  # the tip in the bottom-left corner ...
    scene.set_note("a note over\nthe axis' tip")  # ... under a note on its card
    qp.render_png(fig)
    assert [(a.text, b.text) for a, b in qp.overlapping_labels(fig)] == []
