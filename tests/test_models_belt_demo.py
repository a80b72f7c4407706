"""quatlib.models.belt_demo: the belt trick's state for any control values, numpy only (no matplotlib, no ipywidgets).

The geometry itself is tested in tests/test_belt.py; here: the state takes every value a learner can set, the
untangle control works only at 720° (where the followed quaternion is +1), an untangling is kept when the turn moves
on (a continuous picture), it says why, and its words follow the kind of state.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.spatial.transform import Rotation

import quatlib as ql
from quatlib import belt
from quatlib.models.belt_demo import BALL_SHIFT, BeltState, belt_state, state_words

TURNS = st.floats(0.0, 720.0, allow_nan=False)
PROGRESS = st.floats(0.0, 1.0, allow_nan=False)
# deadline=None: timings swing on a shared 2-core machine (as in tests/test_algebra.py)
PROPERTY = settings(max_examples=60, deadline=None)



@PROPERTY
@given(TURNS, PROGRESS)
def test_any_control_values_give_one_continuous_state(turn, untangle):
    s = belt_state(turn, untangle, n_along=9, n_ball=33)
    assert isinstance(s, BeltState)
    assert s.allowed is (abs(turn - 720) <= 1e-6)  # the untangle control works at 720° only
    assert s.untangle == untangle and s.scene.untangle == untangle and s.scene.turn_deg == s.turn == turn
    at = 720 if untangle > 0 else None  # the untangling was done at 720°; the turn since then twists again
    np.testing.assert_allclose(s.scene.ribbons, belt.scene(turn, untangle, at=at, n_along=9, n_across=2).ribbons)
    np.testing.assert_allclose(s.q, belt.followed_quaternion(turn), atol=1e-15)


@pytest.mark.parametrize(("turn", "allowed"), [(0, False), (720, True), (5, False), (180, False), (360, False),
                                               (715, False)])
def test_the_untangle_control_works_at_720_only(turn, allowed):
    s = belt_state(turn, 0.5)
    assert s.allowed is allowed and s.untangle == 0.5
    if allowed:  # why it works: the followed quaternion is +1
        assert s.reason == belt.untangle_allowed(turn)[1] and "+1" in s.reason
    else:  # the untangling done at 720° is kept, and only the turn since then twists
        assert "kept" in s.reason and f"turned by {turn - 720:g}°" in s.reason


@PROPERTY
@given(PROGRESS, st.floats(-30.0, 30.0))
def test_turning_on_after_an_untangling_is_continuous(untangle, step):
    """Regression (issue 11): after untangling at 720°, 5° more brought both full twists back."""
    here, there = belt_state(720, untangle, n_along=17, n_ball=33), belt_state(720 + step, untangle, n_along=17,
                                                                              n_ball=33)
    # no ribbon point moves farther than the arc the turn sweeps at the walls' distance
    assert np.abs(there.scene.ribbons - here.scene.ribbons).max() <= belt.WALL_DISTANCE * np.radians(abs(step)) + 1e-9


@PROPERTY
@given(TURNS)
def test_quaternion_and_matrix_are_the_turn_about_the_vertical_axis_as_scipy_has_it(turn):
    s = belt_state(turn, n_along=9, n_ball=33)
    np.testing.assert_allclose(s.R, Rotation.from_euler("y", turn, degrees=True).as_matrix(), atol=1e-12)
    np.testing.assert_allclose(s.q, belt.followed_quaternion(turn), atol=1e-15)
    np.testing.assert_allclose(ql.matrix_from_quaternion(s.q), s.R, atol=1e-12)
    np.testing.assert_allclose(s.scene.cube, belt.cube_vertices(s.R), atol=1e-12)


@pytest.mark.parametrize(("turn", "crossings"), [(0, 0), (90, 0), (180, 0), (185, 1), (360, 1), (540, 1), (545, 2),
                                                 (720, 2)])
def test_the_path_crosses_the_surface_each_time_the_turn_passes_an_odd_multiple_of_180(turn, crossings):
    """At 180° and 540° the path only touches the surface (its end is there); just past them it goes through."""
    s = belt_state(turn)
    assert s.n_crossings == s.path.n_crossings == crossings


@pytest.mark.parametrize("turn", [360, 180, 540, 700])
def test_away_from_720_the_reason_says_what_to_do(turn):
    s = belt_state(turn)
    assert not s.allowed and "followed quaternion" in s.reason
    assert "Turn another 360°" in s.reason or "Turn on to 720°" in s.reason  # says what to do instead
    kept = belt_state(turn, 0.6)
    assert not kept.allowed and "kept" in kept.reason and "720°" in kept.reason
    with pytest.raises(ValueError, match="Cannot untangle"):  # the geometry itself refuses an untangling at 360°
        belt.scene(turn, 0.6)


@PROPERTY
@given(PROGRESS)
def test_untangling_720_never_moves_the_cube(untangle):
    s = belt_state(720, untangle, n_along=9, n_ball=33)
    assert s.allowed and s.untangle == untangle
    np.testing.assert_allclose(s.R, np.eye(3), atol=1e-12)
    np.testing.assert_allclose(s.scene.cube, belt.cube_vertices(), atol=1e-12)


def test_untangling_720_straightens_the_ribbons_and_removes_both_crossings():
    assert belt_state(720, 0.25).n_crossings == 2 and belt_state(720, 0.75).n_crossings == 0
    done = belt_state(720, 1.0, n_along=17)
    np.testing.assert_allclose(done.scene.ribbons, belt.rest_ribbons(17, 2), atol=1e-12)
    np.testing.assert_allclose(done.path.vectors, 0.0, atol=1e-12)  # the loop has shrunk to the identity


def test_the_picture_has_the_samples_asked_for():
    s = belt_state(400, n_along=31, n_ball=57)
    assert s.scene.ribbons.shape == (3, 31, 2, 3) and s.path.s.shape == (57,)


@pytest.mark.parametrize(("turn", "untangle", "title", "note"), [
    (0, 0.0, "turn the cube about the vertical axis", ""),
    (0, 0.5, "turned after the untangling", "Only the turn since 720° twists the ribbons."),
    (125, 0.0, "turning: the ribbons twist", ""),
    (360, 0.0, "one turn: cube back, ribbons twisted", "q = −1: cannot be untangled"),
    (360, 0.8, "turned after the untangling", "Only the turn since 720° twists the ribbons."),
    (720, 0.0, "two turns: twisted, yet undoable", "q = +1: press 'untangle'"),
    (720, 0.4, "untangling: the cube stays still", "The ribbons pass around the cube."),
    (720, 1.0, "untangled: straight ribbons again", "The cube never moved."),
])
def test_the_words_follow_the_kind_of_state(turn, untangle, title, note):
    s = belt_state(turn, untangle)
    assert (s.title, s.note) == (title, note) == state_words(turn, s.untangle, s.allowed)


@PROPERTY
@given(st.floats(5.0, 355.0), st.floats(365.0, 715.0))
def test_the_words_do_not_change_while_turning_between_special_values(a, b):
    assert belt_state(a).title == belt_state(b).title == "turning: the ribbons twist"
    assert belt_state(a).note == belt_state(b).note == ""


def test_state_is_frozen():
    with pytest.raises(AttributeError):
        belt_state(0).untangle = 1.0


@pytest.mark.parametrize("untangle", [0.0, 0.125, 0.25, 0.375, 0.5, 0.75, 1.0])
def test_the_loop_leaves_minus_one_from_the_first_step(untangle):
    """w(s) = cos²(πs) - sin²(πs) cos(πu) along H: its lowest value, at s = 1/2, is -cos(πu)."""
    s = belt_state(720, untangle, n_ball=241)
    assert s.path.lowest_w == pytest.approx(-np.cos(np.pi * untangle), abs=1e-12)
    assert s.n_crossings == (2 if untangle < 0.5 else 0)


@pytest.mark.parametrize(("turn", "pieces"), [(0, 1), (360, 2), (540, 2), (720, 3)])
def test_ball_drawing_colours_the_pieces_by_the_sign_of_w_and_numbers_each_crossing(turn, pieces):
    s = belt_state(turn)
    d = s.ball
    assert d.n_crossings == s.n_crossings == pieces - 1 == len(d.links) == len(d.numbers)
    positive = d.positive[np.isfinite(d.positive[:, 0])]
    assert len(positive) and (np.linalg.norm(positive, axis=1) <= np.pi + 1e-9).all()
    if pieces > 1:  # the w < 0 piece is drawn beside the others, shifted by BALL_SHIFT
        negative = d.negative[np.isfinite(d.negative[:, 0])]
        np.testing.assert_allclose(negative - s.path.pieces[1] if pieces == 2 else negative[:len(s.path.pieces[1])]
                                   - s.path.pieces[1], np.tile(BALL_SHIFT * np.array([1.0, 0, 0]), (len(
                                       s.path.pieces[1]), 1)), atol=1e-12)
        # each arc stays outside the ball between its two ends
        assert (np.linalg.norm(d.links[:, 1:-1], axis=-1) > np.pi).all()


def test_s3_path_runs_from_plus_one_through_minus_one_at_360_back_to_plus_one():
    s = belt_state(720, n_ball=241)
    np.testing.assert_allclose(s.s3[0], [1, 0, 0], atol=1e-12)  # +1
    np.testing.assert_allclose(s.s3[120], [-1, 0, 0], atol=1e-12)  # -1, half-way: the turn was at 360°
    np.testing.assert_allclose(s.s3[-1], [1, 0, 0], atol=1e-12)
    np.testing.assert_allclose(np.linalg.norm(s.s3, axis=1), 1.0, atol=1e-12)  # a turn about y: the unit circle


@pytest.mark.parametrize("turn", [0, 200, 360, 540, 720])
def test_s3_pieces_split_the_path_by_the_sign_of_w_and_together_draw_all_of_it(turn):
    s = belt_state(turn)
    positive, negative = s.s3_pieces
    w = s.path.quaternions[:, 0]
    drawn_pos, drawn_neg = np.isfinite(positive).all(axis=1), np.isfinite(negative).all(axis=1)
    assert (drawn_pos | drawn_neg).all()  # no gap anywhere
    assert drawn_pos[w >= 0].all() and drawn_neg[w < 0].all()
    # the w < 0 piece reaches one sample beyond its ends only, where it meets the w ≥ 0 piece
    assert (drawn_neg & ~(w < 0) <= (np.roll(w < 0, 1) | np.roll(w < 0, -1))).all()
    np.testing.assert_array_equal(positive[drawn_pos], s.s3[drawn_pos])
    np.testing.assert_allclose(s.s3_now, s.s3[-1])  # the cube's q, at the path's end
    assert (s.n_crossings > 0) == bool(np.isfinite(negative).any())  # a crossing: where w changes sign


def test_s3_landmarks_are_where_stereographic_projection_sends_the_y_turns_and_w_0():
    from quatlib.models.belt_demo import s3_landmarks
    from quatlib.models.s3 import stereographic

    marks = s3_landmarks()
    turns = marks["turns"]
    # turns about y: on the unit circle of the picture's first two coordinates, from +1 through -1 and back
    np.testing.assert_allclose(np.hypot(turns[:, 0], turns[:, 1]), 1.0, atol=1e-12)
    np.testing.assert_allclose(turns[:, 2], 0.0, atol=0)
    np.testing.assert_allclose(turns[[0, 24, 48, 72, 96]].round(12) + 0.0,
                               [[1, 0, 0], [0, 1, 0], [-1, 0, 0], [0, -1, 0], [1, 0, 0]], atol=1e-12)
    # any unit quaternion with w = 0 lands in the plane of the square (first coordinate 0)
    rng = np.random.default_rng(7)
    q = np.column_stack([np.zeros(50), rng.normal(size=(50, 3))])
    q /= np.linalg.norm(q, axis=1, keepdims=True)
    np.testing.assert_allclose(stereographic(q)[:, 0], 0.0, atol=1e-12)
    np.testing.assert_array_equal(marks["w0"][:, 0], 0.0)
    assert marks["w0"].shape == (5, 3) and (marks["w0"][0] == marks["w0"][-1]).all()
