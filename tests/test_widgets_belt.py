"""quatlib.widgets.belt_trick: every control swept, untangling only where it exists, the cube never moves.

Agg only, no browser (tests/browser drives the same demo in JupyterLab).  Callbacks must never raise, and the figure
must show each new state.
"""

from __future__ import annotations

import os

os.environ.setdefault("MPLBACKEND", "Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402
from demo_helpers import repaints_and_changes

import quatlib as ql  # noqa: E402
from quatlib import belt  # noqa: E402
from quatlib.plot import BallOfRotations, Tethers  # noqa: E402
from quatlib.widgets._belt import belt_trick  # noqa: E402


@pytest.fixture
def demo():
    return belt_trick()


def _tethers(d) -> Tethers:
    t = d.items["tethers"]
    assert isinstance(t, Tethers) and t in d.scenes[0].items
    return t


def _ball(d) -> BallOfRotations:
    b = d.items["ball"]
    assert isinstance(b, BallOfRotations) and b in d.scenes[1].items
    return b


def test_turn_slider_reaches_0_360_720_exactly_and_is_labelled(demo):
    turn = demo.controls["turn"]
    assert (turn.min, turn.max) == (0, 720)
    for target in (0, 360, 720):
        assert ((target - turn.min) / turn.step).is_integer()
    for name, c in {**demo.controls, **demo.view_controls}.items():
        assert c.description and c.continuous_update, name
        assert c.step > 0 and (c.max - c.min) / c.step >= 10, name
    assert "°" in turn.description
    u = demo.controls["untangle"]
    assert (u.min, u.max) == (0, 1) and (1 / u.step).is_integer()


def test_sweep_turn_min_max_special_and_random(demo):
    rng = np.random.default_rng(7)
    values = [0, 720, 360, 720, 0, 180, 540, 5, 715, *rng.uniform(0, 720, 6).round(0), 720]
    for value in values:
        before = demo.snapshot()
        previous = demo.controls["turn"].value
        demo.controls["turn"].value = float(value)
        assert demo.last_error is None, (value, demo.last_error)
        allowed = bool(value == 720)  # the untangle control works at 720° only (at 0° there is nothing to untangle)
        assert demo.buttons["untangle"].disabled is (not allowed), value
        assert demo.controls["untangle"].disabled is (not allowed), value
        assert demo.buttons["play"].disabled is (not allowed), value
        assert demo.state.allowed is allowed
        np.testing.assert_allclose(demo.state.q, belt.followed_quaternion(value), atol=1e-12)
        if value != previous:
            assert demo.snapshot() != before, value
    assert not demo.errors


@pytest.mark.parametrize("turn", [360, 180, 540, 700])
def test_untangle_is_refused_with_a_visible_reason(turn):
    d = belt_trick(turn=turn)
    assert d.buttons["untangle"].disabled and d.controls["untangle"].disabled
    assert "✗" in d.items["reason"].value and "followed quaternion" in d.items["reason"].value
    if turn == 360:
        assert "−1" in d.items["reason"].value and "another 360°" in d.items["reason"].value
        assert "cannot be untangled" in d.items["note"].text.lower() and d.state.n_crossings == 1
    # forcing the slider anyway (as a script could) draws the twisted state and puts the slider back
    n = len(d.timings)
    d.controls["untangle"].value = 0.5
    assert d.last_error is None and not d.errors
    assert len(d.timings) == n + 1 and d.buttons["play"].value == 0  # one repaint; the play control follows
    assert d.controls["untangle"].value == 0.0 and d.state.untangle == 0.0
    # and the button does nothing
    d.buttons["untangle"].click()
    assert d.buttons["play"].playing is False and d.last_error is None


def test_untangling_at_720_keeps_the_cube_still_and_changes_the_ribbons():
    d = belt_trick(turn=720)
    assert not d.buttons["untangle"].disabled and "✓" in d.items["reason"].value
    cube = d.items["cube"]
    assert cube in d.scenes[0].items and cube.vertices.shape == (8, 3)
    v0 = cube.vertices.copy()
    tethers = _tethers(d)
    crossings = []
    for u in np.linspace(0, 1, 11):
        before, ribbons_before = d.snapshot(), tethers.quads.copy()
        d.controls["untangle"].value = float(u)
        assert d.last_error is None, u
        np.testing.assert_allclose(cube.vertices, v0, atol=1e-12)  # the cube never moves
        np.testing.assert_allclose(d.state.R, np.eye(3), atol=1e-12)
        np.testing.assert_allclose(d.state.q, [1, 0, 0, 0], atol=1e-12)
        crossings.append(d.state.n_crossings)
        if u > 0:
            assert d.snapshot() != before, u
            assert not np.allclose(tethers.quads, ribbons_before), u
    assert crossings[0] == 2 and crossings[-1] == 0 and set(crossings) <= {0, 2}
    # at the end the ribbons are the straight rest ribbons
    rest = belt.scene(0, 0, n_along=tethers.quads.shape[0] // 3 + 1, n_across=2).ribbons
    np.testing.assert_allclose(d.state.scene.ribbons, rest, atol=1e-12)
    assert "straight" in d.scenes[0].title


def test_button_starts_the_play_control_and_play_drives_the_slider():
    d = belt_trick(turn=720)
    d.buttons["untangle"].click()
    assert d.buttons["play"].playing is True  # the browser now runs the animation
    d.buttons["play"].playing = False
    d.buttons["play"].value = d.buttons["play"].max // 2
    assert d.controls["untangle"].value == pytest.approx(0.5)
    assert d.state.untangle == pytest.approx(0.5) and d.last_error is None
    d.buttons["play"].value = d.buttons["play"].max
    assert d.controls["untangle"].value == 1.0
    # at the end the button starts over from the twisted state
    d.buttons["untangle"].click()
    assert d.buttons["play"].value == 0 and d.controls["untangle"].value == 0.0 and d.buttons["play"].playing is True
    # the slider moves the play control too, so the animation resumes from where the slider is
    d.controls["untangle"].value = 0.3
    assert d.buttons["play"].value == round(0.3 * d.buttons["play"].max)


def test_moving_the_turn_after_untangling_keeps_the_untangling():
    """Regression (issue 11): turning 5° on from an untangled 720° brought both twists back in one frame."""
    d = belt_trick(turn=720, untangle=1.0)
    ribbons = d.state.scene.ribbons.copy()
    n = len(d.timings)
    d.controls["turn"].value = 715
    assert d.last_error is None and not d.errors
    assert d.controls["untangle"].value == 1.0 and d.controls["untangle"].disabled
    assert len(d.timings) == n + 1  # one repaint
    assert d.state.n_crossings == 0 and "kept" in d.items["reason"].value
    # a continuous picture: a 5° turn moves no ribbon point farther than a 5° arc at the walls' distance
    assert np.abs(d.state.scene.ribbons - ribbons).max() <= belt.WALL_DISTANCE * np.radians(5) + 1e-9
    d.controls["untangle"].value = 0.5  # (a script) cannot change the untangling away from 720°
    assert d.controls["untangle"].value == 1.0 and d.state.untangle == 1.0 and d.last_error is None
    d.set(turn=720)
    assert d.controls["untangle"].value == 1.0 and not d.controls["untangle"].disabled
    np.testing.assert_allclose(d.state.scene.ribbons, ribbons, atol=1e-12)


def test_initial_values_are_one_continuous_state():
    d = belt_trick(turn=360, untangle=0.7)  # untangled 0.7 at 720°, then turned back by 360°
    assert d.controls["untangle"].value == 0.7 and d.controls["untangle"].disabled and d.last_error is None
    np.testing.assert_allclose(d.state.scene.ribbons, belt.scene(360, 0.7, at=720, n_along=81, n_across=2).ribbons)
    d = belt_trick(turn=720, untangle=1.0)
    assert d.state.n_crossings == 0 and d.last_error is None


def test_ribbons_have_one_colour_each(demo):
    demo.set(turn=540)
    t = _tethers(demo)
    assert t.ribbon_colors.shape == (3, 2, 3)  # per ribbon: its front side and a lighter back side
    assert len({tuple(c) for c in t.ribbon_colors[:, 0]}) == 3


def test_ball_panel_shows_the_loop_and_its_crossings():
    d = belt_trick(turn=360)
    ball = _ball(d)
    assert d.state.n_crossings == 1 and len(ball.crossings) == 1
    assert "crossings (w changes sign): 1" in d.items["numbers"][1].value
    np.testing.assert_allclose(np.linalg.norm(d.state.path.crossings, axis=-1), np.pi, atol=1e-9)
    assert [label.text for label in ball.numbers] == ["1", "2"]
    d.set(turn=720)
    assert len(ball.crossings) == 2
    # the two passes along the axis are drawn apart: the w < 0 piece beside the w >= 0 pieces
    negative, positive = ball.path_negative.points, ball.path.points
    assert np.isfinite(negative).any() and np.isfinite(positive).any()
    gap = np.linalg.norm(negative[np.isfinite(negative[:, 0])][:, None] - positive[np.isfinite(positive[:, 0])][None],
                         axis=-1).min()
    assert gap >= 0.15
    d.set(untangle=0.75)
    assert len(ball.crossings) == 0
    assert np.nanmax(np.linalg.norm(ball.path.points, axis=1)) < np.pi
    d.set(turn=180)
    np.testing.assert_allclose(np.linalg.norm(d.state.path.end), np.pi, atol=1e-9)  # 180°: on the surface


def test_followed_quaternion_shown_live():
    d = belt_trick()
    for turn, text in [(0, "(1.0000, 0.0000, 0.0000, 0.0000)"), (360, "(-1.0000, 0.0000, 0.0000, 0.0000)"),
                       (180, "(0.0000, 0.0000, 1.0000, 0.0000)"), (720, "(1.0000, 0.0000, 0.0000, 0.0000)")]:
        d.set(turn=turn)
        assert text in d.readout.value and text in d.items["numbers"][0].value, turn


def test_view_controls_and_every_scene_turn_without_errors(demo):
    demo.set(turn=720, untangle=0.4)
    for azim, elev in [(-180, -90), (180, 90), (0, 0), (90, 10), (-45, 60)]:
        before = demo.snapshot()
        demo.set(view_azim=azim, view_elev=elev)
        assert demo.last_error is None
        assert all(s.view == (azim, elev) for s in demo.scenes)
        assert demo.snapshot() != before
    demo.reset_view()
    assert not demo.errors


def test_depth_order_puts_near_pieces_over_the_cube(demo):
    demo.set(turn=720, untangle=0.3)
    t = _tethers(demo)
    toward = demo.scenes[0].camera.toward
    centers = t.quads.mean(axis=1)
    far_out = np.linalg.norm(centers, axis=1) > belt.CUBE_SIDE
    assert (t.front[far_out] == (centers[far_out] @ toward > 0)).all()


def test_each_untangle_step_repaints_once():
    """One repaint per step of the untangling, none for a value it already has (how fast is for benchmarks/)."""
    d = belt_trick(turn=720)
    repaints, changes = repaints_and_changes(d, "untangle", np.linspace(0, 1, 11))
    assert repaints == changes and d.last_error is None


def test_ipympl_transport_builds_and_updates():
    d = belt_trick(turn=720, transport="ipympl")
    d.set(untangle=0.5)
    assert d.last_error is None and d.snapshot()[:4] == b"\x89PNG"


@pytest.mark.parametrize("settings", [dict(turn=720, view_azim=-90, view_elev=0),
                                      dict(turn=480, untangle=0.26, view_azim=-108, view_elev=45)])
def test_the_crossings_numbers_keep_off_the_ball_s_names_and_its_centre(settings):
    """Seen along a crossing's arc, its number fell on the identity's dot (and "1" into "identity" or across "turn
    axis" in projector mode): the numbers are now placed beside their spots, off the other names."""
    demo = belt_trick()
    demo.set(**settings)
    demo.snapshot()
    assert [box.text for box, _ in ql.plot.labels_on_ink(demo.figure) if box.text in ("1", "2")] == []
    assert ql.plot.overlapping_labels(demo.figure) == []


@pytest.mark.parametrize("settings", [dict(turn=610, view_azim=172, view_elev=84),
                                      dict(turn=465, view_azim=-150, view_elev=-86), dict()])
def test_plus_and_minus_one_are_named_off_the_circle_of_turns(settings):
    """Seen from above or below, the circle of turns on S³ is a flat ellipse, and "−1" at a fixed offset from its
    point lay on it (and on the twist's path along it): the names are now placed beside their points."""
    demo = belt_trick()
    demo.set(**settings)
    demo.snapshot()
    assert [box.text for box, _ in ql.plot.labels_on_ink(demo.figure) if box.text in ("+1", "−1")] == []
    assert ql.plot.overlapping_labels(demo.figure) == []


def test_the_followed_q_gauge_stays_readable_over_the_ribbons_and_plates():
    """At views turned left and down onto it (azimuth -60 to -20, elevation 50 to 85) the wall plate and a ribbon
    passed over the gauge's "−1" (89 % on ink): the cached background, where the gauge was, lies under everything
    that moves.  It is now drawn with the moving parts, on a white card."""
    demo = belt_trick()
    _check_gauge(demo)


def test_the_followed_q_gauge_stays_readable_in_projector_mode_too():
    """Projector mode enlarges the gauge's texts after it is built: its card grows with them."""
    from quatlib.widgets import _projector

    was = _projector.is_on()
    ql.widgets.projector(True)
    try:
        _check_gauge(belt_trick())
    finally:
        ql.widgets.projector(was)


def _check_gauge(demo):
    for view in [(-56, 59), (-40, 70), (-20, 85)]:
        demo.set(turn=720, untangle=0.3, view_azim=view[0], view_elev=view[1])
        demo.snapshot()
        gauge = {"+1", "−1", "w", "x", "y", "z", "followed q"}
        assert [box.text for box, _ in ql.plot.labels_on_ink(demo.figure) if box.text in gauge] == [], view
