"""quatlib.models.belt_demo: the belt trick's state for any control values, numpy only (no matplotlib, no ipywidgets).

The geometry itself is tested in tests/test_belt.py; here: the state takes every value a learner can set, untangles
only where the followed quaternion is +1, says why, and its words follow the kind of state.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.spatial.transform import Rotation

import quatlib as ql
from quatlib import belt
from quatlib.models.belt_demo import BeltState, belt_state, state_words

TURNS = st.floats(0.0, 720.0, allow_nan=False)
PROGRESS = st.floats(0.0, 1.0, allow_nan=False)
# deadline=None: timings swing on a shared 2-core machine (as in tests/test_algebra.py)
PROPERTY = settings(max_examples=60, deadline=None)



@PROPERTY
@given(TURNS, PROGRESS)
def test_any_control_values_give_a_state_untangled_only_where_q_is_plus_one(turn, untangle):
    s = belt_state(turn, untangle, n_along=9, n_ball=33)
    assert isinstance(s, BeltState)
    allowed, reason = belt.untangle_allowed(turn)
    assert (s.allowed, s.reason) == (allowed, reason)
    assert s.untangle == (untangle if allowed else 0.0)
    assert s.scene.untangle == s.untangle and s.scene.turn_deg == s.turn == turn
    if s.allowed:  # only where the followed quaternion is +1
        np.testing.assert_allclose(s.q, [1, 0, 0, 0], atol=1e-8)  # belt counts turns within 1e-6° of 720° k


@pytest.mark.parametrize(("turn", "allowed"), [(0, True), (720, True), (5, False), (180, False), (360, False),
                                               (715, False)])
def test_untangling_exists_at_0_and_720_only(turn, allowed):
    s = belt_state(turn, 0.5)
    assert s.allowed is allowed and s.untangle == (0.5 if allowed else 0.0)


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
def test_untangling_where_it_does_not_exist_shows_the_twisted_state_and_says_why(turn):
    s = belt_state(turn, 0.6)
    assert not s.allowed and s.untangle == 0.0 and "followed quaternion" in s.reason
    assert "Turn another 360°" in s.reason or "Turn on to 720°" in s.reason  # says what to do instead
    twisted = belt_state(turn, 0.0)
    np.testing.assert_allclose(s.scene.ribbons, twisted.scene.ribbons, atol=0)
    with pytest.raises(ValueError, match="Cannot untangle"):  # the geometry itself refuses; the model does not
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
    (0, 0.5, "turn the cube about the vertical axis", "Nothing to untangle: no turn yet."),
    (125, 0.0, "turning: the ribbons twist", ""),
    (360, 0.0, "one turn: the cube is back, the ribbons are not", "q = −1: cannot be untangled"),
    (360, 0.8, "one turn: the cube is back, the ribbons are not", "q = −1: cannot be untangled"),
    (720, 0.0, "two turns: twisted twice, yet it can be undone", "q = +1: press 'untangle'"),
    (720, 0.4, "untangling: the cube stays still", "The ribbons pass around the cube."),
    (720, 1.0, "untangled: the ribbons are straight again", "The cube never moved."),
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
