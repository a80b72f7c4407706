"""The SLERP vs NLERP demo (notebook 06): every control swept, degenerate states explained, numbers right."""

from __future__ import annotations

import itertools

import matplotlib.collections
import matplotlib.lines
import matplotlib.transforms
import numpy as np
import pytest
from demo_helpers import SIDE_VIEWS, line_under

from quatlib import plot as qp
from quatlib.models.geometry import axis_frame
from quatlib.models.slerp import METHODS, RADIUS
from quatlib.widgets import slerp_vs_nlerp


@pytest.fixture
def demo():
    return slerp_vs_nlerp()


def test_course_numbers_150_degrees(demo):
    for method, t, expected in [("slerp", 0.25, 37.5), ("nlerp", 0.25, 33.02), ("slerp", 0.75, 112.5),
                                ("nlerp", 0.75, 116.98), ("nlerp", 0.5, 75.0)]:
        demo.set(method=method, t=t)
        assert demo.last_error is None
        assert round(demo.state.angle, 2) == expected, (method, t)
        assert f"turned <b>{expected:.2f}°</b>" in demo.readout.value, (method, t, demo.readout.value)


def test_exercise_06_1_numbers_at_170_degrees(demo):
    demo.set(angle=170, t=0.25, method="nlerp")
    assert round(demo.state.angle, 2) == 35.77
    assert round(demo.state.values["slerp"]["angle"], 2) == 42.5
    demo.set(t=0.5)
    assert round(demo.state.angle, 2) == 85.0


def test_lerp_is_drawn_with_the_conjugate_sandwich_and_shrinks(demo):
    demo.set(method="lerp", t=0.5)
    assert demo.state.length == pytest.approx(0.7934, abs=1e-4)
    cube = demo.items["cube"]
    edge = np.linalg.norm(cube.vertices[1] - cube.vertices[0])
    assert edge == pytest.approx(0.7934 ** 2, abs=1e-4)  # side 1 scaled by |q|²
    assert "|q|² = 0.629" in demo.readout.value
    demo.set(method="nlerp")
    assert np.linalg.norm(cube.vertices[1] - cube.vertices[0]) == pytest.approx(1.0)


def test_short_path_flips_and_the_long_path_goes_round(demo):
    demo.set(angle=200, shortest=True, method="slerp", t=1.0)
    assert demo.state.flipped and demo.state.total == pytest.approx(160)
    assert "flipped" in demo.readout.value
    demo.set(shortest=False)
    assert not demo.state.flipped and demo.state.total == pytest.approx(200)
    assert demo.state.angle == pytest.approx(200)
    assert "long way" in demo.readout.value


@pytest.mark.parametrize("angle, shortest", [(0, True), (0, False), (360, True), (360, False), (359, False),
                                             (180, True), (180, False), (181, True)])
def test_degenerate_states_never_raise_and_are_explained(demo, angle, shortest):
    for method, t in itertools.product(METHODS, (0.0, 0.3, 0.5, 1.0)):
        demo.set(angle=angle, shortest=shortest, method=method, t=t)
        assert demo.last_error is None, (angle, shortest, method, t, demo.last_error)
        text = demo.readout.value
        if angle == 0 or (angle == 360 and shortest):
            assert demo.state.same
            assert "same orientation" in text
        if angle == 360 and not shortest:
            if method == "slerp":
                assert demo.state.problem and "SLERP refuses" in text
                assert not demo.items["cube"].artists[0].get_visible()
            elif t == 0.5:
                assert demo.state.problem and "chord" in text
    assert not demo.errors


def test_sweep_every_control(demo):
    rng = np.random.default_rng(8)
    sweeps = {
        "t": [0.0, 1.0, 0.5, *rng.uniform(0, 1, 3).round(2)],
        "method": ["nlerp", "lerp", "slerp"],
        "shortest": [False, True],
        "angle": [0.0, 360.0, 150.0, 170.0, 181.0, *rng.uniform(0, 360, 3).round(0)],
        "elevation": [-90.0, 90.0, 20.0],  # first: at ±90° the azimuth moves only the meridian (tested below)
        "azimuth": [-180.0, 180.0, 35.0],
        "start_yaw": [-180.0, 180.0, 60.0],
        "start_pitch": [-90.0, 90.0, -30.0],
    }
    demo.set(angle=150, t=0.4)
    for name, values in sweeps.items():
        control = demo.controls[name]
        for value in values:
            before, previous = demo.snapshot(), control.value
            if previous == value:
                continue
            control.value = value
            assert demo.last_error is None, f"{name} = {value}: {demo.last_error!r}"
            full_turn = getattr(control, "max", 0) - getattr(control, "min", 0) == 360 and abs(value - previous) == 360
            still = (demo.state.same or full_turn  # ±180° is the same direction or orientation
                     or (name == "shortest" and demo.state.dot >= 0))  # nothing to flip
            if not still:
                assert demo.snapshot() != before, f"figure unchanged after {name} = {value}"
        control.value = values[-1]
    for control in demo.view_controls.values():
        for value in (control.min, control.max, 10.0):
            control.value = value
            assert demo.last_error is None
    assert not demo.errors


def test_azimuth_at_the_pole_keeps_the_axis_but_visibly_turns_the_meridian(demo):
    """Default elevation 90°: the axis is y whatever the azimuth, yet moving the azimuth must show something."""
    assert demo.controls["elevation"].value == 90
    meridian = demo.items["axle"].meridian
    before, q1, arc = demo.snapshot(), demo.state.q1.copy(), meridian.points.copy()
    demo.controls["azimuth"].value = 75.0
    assert demo.last_error is None
    np.testing.assert_allclose(demo.state.q1, q1, atol=1e-12)  # the same axis, the same end orientation
    assert not np.allclose(meridian.points, arc)
    assert demo.snapshot() != before, "moving the azimuth at the pole must repaint the figure"
    assert "whatever the azimuth" in demo.readout.value
    # the arc runs from the floor at the azimuth up to the axis tip
    np.testing.assert_allclose(meridian.points[-1], [0, 1.45, 0], atol=1e-12)
    floor = meridian.points[1] / 1.45
    np.testing.assert_allclose(floor, [np.cos(np.radians(75)), 0, -np.sin(np.radians(75))], atol=1e-12)
    demo.set(elevation=30.0)
    np.testing.assert_allclose(meridian.points[-1] / 1.45, axis_frame(75, 30)[:, 0], atol=1e-12)
    assert "whatever the azimuth" not in demo.readout.value


def test_play_drives_t_and_t_drives_play(demo):
    demo.items["play"].value = 50
    assert demo.controls["t"].value == 0.5
    assert demo.state.angle == pytest.approx(75.0)
    demo.controls["t"].value = 0.3
    assert demo.items["play"].value == 30


def test_the_dots_are_even_for_slerp_and_bunched_at_the_ends_for_nlerp(demo):
    demo.set(angle=170, t=1.0, method="slerp", view_azim=0, view_elev=90)  # look down the axis: the path is round
    dots = ticks_in_order(demo)
    steps = np.linalg.norm(np.diff(dots, axis=0), axis=1)
    np.testing.assert_allclose(steps, steps.mean(), rtol=1e-9)
    demo.set(method="nlerp")
    steps = np.linalg.norm(np.diff(ticks_in_order(demo), axis=0), axis=1)
    assert steps[0] < steps[len(steps) // 2] and steps[-1] < steps[len(steps) // 2]


def ticks_in_order(demo):
    """The 3D positions of the dots at t = 0, 0.1, ..., 1 for the shown method."""
    return demo.items["paths"][demo.values.method].ticks.points


def test_the_body_point_rides_on_the_sphere_for_unit_methods(demo):
    for method in ("slerp", "nlerp"):
        demo.set(method=method, angle=120, t=1.0, azimuth=30, elevation=10)
        pts = demo.items["paths"][method].trail.points
        np.testing.assert_allclose(np.linalg.norm(pts, axis=1), RADIUS, rtol=1e-9)
    demo.set(method="lerp")
    assert np.linalg.norm(demo.items["paths"]["lerp"].trail.points, axis=1).min() < RADIUS * 0.9


def test_t_moves_draw_only_what_moves(demo):
    """Moving t keeps what depends on the orientations only (the state's path: profiles, curves, outlines) and the
    figure's cached background (base, chart layer, camera layer): each move draws the moving artists over it.
    (How fast that is: benchmarks/bench_demos.py.)"""
    renderer = qp.Renderer.of(demo.figure)
    demo.set(t=0.3)
    path, layers = demo.state.path, (renderer.base, renderer.charts, renderer.background)
    n, moves = len(demo.timings), 0
    for t in np.linspace(0, 1, 21).round(2):
        moves += demo.controls["t"].value != t
        demo.controls["t"].value = float(t)
        assert demo.state.path is path and demo.state.t == t
        assert all(now is kept for now, kept in zip((renderer.base, renderer.charts, renderer.background), layers))
    assert len(demo.timings) - n == moves >= 20  # a repaint for every move


def test_sliders_are_labelled_continuous_and_keyboard_steppable(demo):
    for name, c in {**demo.controls, **demo.view_controls}.items():
        assert c.description, name
        if hasattr(c, "step"):
            assert c.continuous_update, name
            assert c.step > 0 and (c.max - c.min) / c.step >= 10, name
            assert name == "t" or "°" in c.description, name


def test_bad_method_is_rejected():
    with pytest.raises(ValueError, match=r"Expected method in \('slerp', 'nlerp', 'lerp'\)"):
        slerp_vs_nlerp(method="squad")


@pytest.mark.parametrize("method", METHODS)
def test_the_other_method_is_a_ghost_beside_the_cube(demo, method):
    demo.set(angle=150, t=0.25, method=method)
    ghost = demo.state.ghost_method
    shown = [name for name, cube in demo.items["ghosts"].items() if cube.artists[0].get_visible()]
    assert shown == [ghost] and ghost != method
    base = demo.items["cube"].vertices @ np.linalg.inv(demo.state.cube).T  # the unit cube's corners
    np.testing.assert_allclose(demo.items["ghosts"][ghost].vertices, base @ demo.state.ghost.T, atol=1e-9)


def test_the_lag_chart_shows_nlerp_minus_slerp_on_a_readable_scale(demo):
    demo.set(angle=150, t=0.25, method="nlerp")
    lag = demo.items["plots"]["lag"]
    x, y = lag.lines["nlerp"].get_data()
    assert -4.52 < np.min(y) < -4.4 and np.max(y) == pytest.approx(-np.min(y), abs=1e-6)
    lo, hi = lag.ax.get_ylim()
    assert (hi - lo) / abs(np.min(y)) < 5  # 4.5° is a fifth of the chart's height, not 2 px of 0-360°
    assert lag.note == ""
    demo.set(angle=300, shortest=False)
    assert "off the chart" in lag.note


@pytest.mark.parametrize("angle", [200, 300, 359])
def test_the_off_chart_notes_are_crossed_by_no_curve_and_no_cursor(demo, angle):
    """The prose's long way round (no short path): NLERP's curves leave both charts, and each says so on a card."""
    demo.set(method="nlerp", shortest=False, angle=angle)
    renderer = demo.figure.canvas.get_renderer()
    for t in np.linspace(0, 1, 11):
        demo.set(t=float(t))
        demo.snapshot()  # (lays the cards out)
        for name, chart in demo.items["plots"].items():
            if not chart.note:
                continue
            card = chart._note.get_bbox_patch().get_window_extent(renderer)
            for line in (*chart.lines.values(), chart.artists[0]):  # the curves and the cursor
                path = line.get_transform().transform_path(line.get_path())
                assert not path.intersects_bbox(card, filled=False), (name, line.get_label(), t)


def test_lerp_is_named_where_its_curves_would_hide_under_nlerps(demo):
    for plot in demo.items["plots"].values():
        assert set(plot.lines) == {"slerp", "nlerp"}
    assert "LERP turns as NLERP" in demo.items["plots"]["speed"].ax.get_xlabel()


def test_the_plane_shows_the_chord_the_arc_and_omega_as_half_the_turn(demo):
    demo.set(angle=150, t=0.25, method="nlerp")
    sketch = demo.items["plane"]
    assert sketch.texts["omega"].get_text() == "Ω = 75° = 150°/2"
    x, y = sketch.lines["arc"].get_data()
    np.testing.assert_allclose(np.hypot(x, y), 1)
    now = {m: np.ravel(sketch.lines[f"{m} now"].get_data()) for m in METHODS}
    assert np.linalg.norm(now["lerp"]) < 1 and np.linalg.norm(now["nlerp"]) == pytest.approx(1)
    cross = now["lerp"][0] * now["nlerp"][1] - now["lerp"][1] * now["nlerp"][0]
    assert cross == pytest.approx(0, abs=1e-12)  # pushed out along the ray from 0
    # NLERP lags: it is nearer q0 (left) than SLERP by half the 4.5° the object lags (the sphere's angles are half)
    heading = {m: np.degrees(np.arctan2(now[m][1], now[m][0])) for m in ("slerp", "nlerp")}
    assert heading["nlerp"] - heading["slerp"] == pytest.approx((37.5 - demo.state.angle) / 2, abs=1e-6)


@pytest.mark.parametrize("azim, elev", [(35, 22), (0, 0), (90, 0), (-45, 60), (0, 90), (180, -90)])
def test_the_end_labels_keep_off_the_cube(demo, azim, elev):
    from quatlib.widgets._slerp import CUBE_RADIUS
    for angle in (20, 150, 300):
        demo.set(angle=angle, view_azim=azim, view_elev=elev)
        ax = demo.scenes[0].ax
        centre, rim = ax.transData.transform([[0, 0], [CUBE_RADIUS, 0]])
        for label in demo.items["end_labels"].labels.values():
            box = label.pixel_box()
            nearest = np.clip(centre, box[0], box[1])  # the box's point nearest the cube's centre
            assert np.hypot(*(nearest - centre)) >= rim[0] - centre[0], (angle, azim, elev, label.text)


@pytest.mark.parametrize("azimuth, elevation", [(0, 90), (0, 0), (-90, 0), (40, 30)])
def test_the_world_letters_keep_off_the_axis_the_meridian_the_end_outlines_and_the_path(demo, azimuth, elevation):
    """The default axis is y: the turn axis' head covered the world's "y", and the meridian along the floor ran under
    "x".  In every side view, for an axis along y, x and z and one between, no world letter sits on a line that
    does not move with t (the axis, the meridian, the end outlines, the whole path shown); and the letters are placed
    by the state alone (t moved there, or set directly with the view: the same picture)."""
    it = demo.items
    problems = []
    for method in ("slerp", "lerp"):
        demo.set(azimuth=azimuth, elevation=elevation, method=method)
        lines = [a for item in (it["axle"], *it["ends"], it["paths"][method].whole) for a in item.artists
                 if isinstance(a, (matplotlib.lines.Line2D, matplotlib.collections.LineCollection)) and a.get_visible()]
        for azim, elev in [(35.0, 22.0), *SIDE_VIEWS]:
            demo.set(view_azim=azim, view_elev=elev)
            for letter in it["world"].letters:
                box = matplotlib.transforms.Bbox.from_extents(*letter.pixel_box().ravel())
                problems += [f"{method}, view ({azim:g}, {elev:g}): {letter.text!r} on a line"
                             for line in lines if line_under(line, box)]
    assert demo.last_error is None and not problems, "\n".join(problems[:20])
    demo.set(t=0.9)
    moved = demo.snapshot()
    fresh = slerp_vs_nlerp(azimuth=azimuth, elevation=elevation, method="lerp", t=0.9)
    fresh.set(view_azim=demo.view_controls["view_azim"].value, view_elev=demo.view_controls["view_elev"].value)
    assert fresh.snapshot() == moved


def test_the_speed_chart_of_the_demo_notes_the_peak_it_cuts_off():
    demo = slerp_vs_nlerp(angle=300, shortest=False)
    assert demo.items["plots"]["speed"].note == demo.state.path.speed_note == "off the chart: up to 2.85×"
    demo.set(angle=150, shortest=True)
    assert demo.items["plots"]["speed"].note == ""


@pytest.mark.parametrize("settings", [
    dict(t=0.36, method="nlerp", shortest=False, angle=173, azimuth=-155, elevation=-50, start_yaw=130,
         start_pitch=30, view_azim=130, view_elev=62),  # "y" seen end-on, its tip over the cube's top edge
    dict(t=0.82, angle=246, azimuth=95, elevation=55, start_yaw=135, start_pitch=-55, view_azim=20, view_elev=55),
    dict(t=0.01, method="nlerp", angle=109, azimuth=-20, elevation=90, start_yaw=-40, start_pitch=-45,
         view_azim=-96, view_elev=63),  # the turn axis (y) seen nearly end-on, its name over the cube
])
def test_the_world_letters_and_the_axis_name_stay_readable_over_the_cube(demo, settings):
    """An axis seen end-on has its tip over the cube, which moves with t, and no place beside the tip is clear of
    it: the letters and the turn axis' name are written on cards (before: "y" across the cube's edges, 28-40 % of
    its box on ink; "axis" under the cube's edges and faces, 28-31 %, in 15 of 150 random states)."""
    demo.set(**settings)
    demo.snapshot()
    assert [box.text for box, _ in qp.labels_on_ink(demo.figure) if box.text in ("x", "y", "z", "axis")] == []


def test_the_axis_name_is_drawn_over_the_cube_and_the_axis_under_it(demo):
    """The turn axis and its meridian change with the two orientations only: they stay in the cached camera layer,
    beneath the moving cube; its name is drawn with the moving artists, over the cube, and moves with the view."""
    renderer, axle = qp.Renderer.of(demo.figure), demo.items["axle"]
    moving = renderer.moving_artists()
    assert all(a in moving for a in axle.label.artists)
    assert not any(a in moving for a in (*axle.arrow.artists, *axle.meridian.artists))
    demo.snapshot()
    background = renderer.background
    demo.set(azimuth=40)  # a new axis: the camera layer is drawn again, with it
    demo.snapshot()
    assert renderer.background is not background
    tip = axle.arrow.tip
    np.testing.assert_allclose(tip / np.linalg.norm(tip), demo.state.path.axis, atol=1e-12)
