"""quatlib.models.gimbal: notebook 02's models (the gimbal, order matters, two stores of one orientation), numpy only.

Closed forms and scipy (``R = Ry(yaw) · Rx(pitch) · Rz(roll)`` is scipy's intrinsic ``"YXZ"``) check what a round trip
through quatlib alone could not.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import quatlib as ql
from quatlib.models.gimbal import (
    ARC_CENTER,
    ARC_RADIUS,
    PREVIEW_RADIUS,
    TwoStores,
    gimbal_state,
    order_state,
    quiet_euler,
)

Rotation = pytest.importorskip("scipy.spatial.transform").Rotation

yaws = st.floats(-180, 180)
pitches = st.floats(-90, 90)
nudges = st.lists(st.tuples(st.sampled_from("xyz"), st.sampled_from([-1, 1]), st.floats(1, 45)), max_size=12)


def ypr(yaw, pitch, roll):
    return Rotation.from_euler("YXZ", [yaw, pitch, roll], degrees=True).as_matrix()


# -- the gimbal ---------------------------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(yaws, pitches, yaws)
def test_gimbal_rings_are_the_partial_products_as_scipy_has_them(yaw, pitch, roll):
    s = gimbal_state(yaw, pitch, roll)
    np.testing.assert_allclose(s.R_outer, ypr(yaw, 0, 0), atol=1e-12)
    np.testing.assert_allclose(s.R_middle, ypr(yaw, pitch, 0), atol=1e-12)
    np.testing.assert_allclose(s.R, ypr(yaw, pitch, roll), atol=1e-12)
    # the roll axis R_middle z = Ry (0, -sin p, cos p): its component along the yaw axis y is -sin(pitch)
    assert s.alignment == pytest.approx(abs(np.sin(np.radians(pitch))), abs=1e-12)
    assert s.axes_angle == pytest.approx(90 - abs(pitch), abs=1e-5)


@pytest.mark.parametrize("pitch, rank", [(90, 2), (-90, 2), (89, 3), (0, 3), (-45, 3), (75, 3)])
def test_rank_drops_only_at_pitch_plus_minus_90(pitch, rank):
    s = gimbal_state(20, pitch, 10)
    assert s.rank == rank and s.locked == (rank == 2)
    assert s.near_lock == (rank == 3 and abs(pitch) >= 75)


@pytest.mark.parametrize("pitch", [90, -90])
def test_at_the_lock_only_what_matters_matters(pitch):
    """Change yaw and roll keeping ``yaw − roll`` (pitch +90°) or ``yaw + roll`` (pitch −90°): the cube stays."""
    s = gimbal_state(20, pitch, 10)
    name, value = s.what_matters
    assert name == ("yaw − roll" if pitch > 0 else "yaw + roll")
    assert value == (10 if pitch > 0 else 30)
    assert gimbal_state(-180, pitch, 180 if pitch > 0 else -180).what_matters[1] == 0  # -360°: no turn
    for shift in (-50, 35, 120):
        roll = 10 + shift if pitch > 0 else 10 - shift
        np.testing.assert_allclose(gimbal_state(20 + shift, pitch, roll).R, s.R, atol=1e-12)


# -- order matters ------------------------------------------------------------------------------------------------


def about(axis, angle):
    return Rotation.from_rotvec(np.radians(angle) * np.asarray(axis, float)).as_matrix()


X, Y = (1, 0, 0), (0, 1, 0)


@settings(max_examples=40, deadline=None)
@given(st.floats(0, 180), st.floats(0, 2))
def test_order_cubes_are_the_two_products_of_world_turns(angle, progress):
    s = order_state(angle, progress)
    s1, s2 = np.clip(progress, 0, 1), np.clip(progress - 1, 0, 1)
    np.testing.assert_allclose(s.R[0], about(Y, angle * s2) @ about(X, angle * s1), atol=1e-12)  # x first
    np.testing.assert_allclose(s.R[1], about(X, angle * s2) @ about(Y, angle * s1), atol=1e-12)  # y first
    np.testing.assert_allclose(s.finals[0], about(Y, angle) @ about(X, angle), atol=1e-12)
    np.testing.assert_allclose(s.finals[1], about(X, angle) @ about(Y, angle), atol=1e-12)
    first = progress <= 1
    assert s.stage == ("first" if first else "second")
    assert s.axis_names == (("x", "y") if first else ("y", "x"))
    np.testing.assert_allclose(s.turned, angle * (s1 if first else s2))
    for k in range(2):  # the arc: on a circle of ARC_RADIUS about the running axis, from the start, by `turned`
        axis, arc = s.axes[k], s.arcs[k]
        rel = arc - ARC_CENTER * axis
        np.testing.assert_allclose(rel @ axis, 0, atol=1e-12)
        np.testing.assert_allclose(np.linalg.norm(rel, axis=1), ARC_RADIUS, atol=1e-12)
        np.testing.assert_allclose(rel[-1], about(axis, s.turned[k]) @ rel[0], atol=1e-12)


@pytest.mark.parametrize("angle, same", [(0, True), (180, True), (90, False), (30, False), (179, False)])
def test_orders_agree_only_for_no_turn_and_a_half_turn(angle, same):
    assert order_state(angle, 2.0).same is same


def test_order_progress_ends():
    np.testing.assert_allclose(order_state(90, 0).R, [np.eye(3), np.eye(3)], atol=1e-12)
    s = order_state(90, 2)
    np.testing.assert_allclose(s.R, s.finals, atol=1e-12)


# -- two stores ---------------------------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.tuples(yaws, pitches, yaws), nudges)
def test_both_stores_hold_the_orientation_scipy_gets_from_the_same_nudges(start, moves):
    store = TwoStores(start, first=())
    expected = Rotation.from_euler("YXZ", start, degrees=True)
    for axis_name, sign, step in moves:
        store.nudge(axis_name, sign, step)
        expected = expected * Rotation.from_euler(axis_name, sign * step, degrees=True)  # own axis: on the right
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no GimbalLockWarning escapes the model
        s = store(step=15, replay=1.0)
    np.testing.assert_allclose(ql.matrix_from_quaternion(s.q), expected.as_matrix(), atol=1e-9)
    np.testing.assert_allclose(ql.matrix_from_euler(*s.euler, degrees=True), expected.as_matrix(), atol=1e-9)
    np.testing.assert_allclose(s.R[0], s.R[1], atol=1e-9)
    assert s.tween_gap == pytest.approx(0, abs=1e-4)
    assert len(s.history_euler) == len(s.history_q) == len(moves) + 1
    if moves:
        assert s.jump == pytest.approx(np.abs(s.history_euler[-1] - s.history_euler[-2]).max())
        assert s.last == moves[-1][:2]


def test_over_the_top_the_angles_jump_the_quaternion_does_not():
    store = TwoStores((0, 45, 0), first=(("x", +1),), step=15)  # pitch 60°
    for _ in range(3):  # 75°, 90°, 105° = (180°, 75°, 180°)
        store.nudge("x", +1, 15)
    s = store(step=15, replay=1.0)
    np.testing.assert_allclose(np.abs(s.euler), [180, 75, 180], atol=1e-9)
    assert s.jump >= 170 and s.big_jump and not s.locked
    steps = ql.angle_between(s.history_q[:-1], s.history_q[1:], degrees=True)
    np.testing.assert_allclose(steps, 15, atol=1e-9)  # the quaternion moves by one nudge each time
    store.reset()
    np.testing.assert_allclose(store(15, 1.0).euler, [0, 60, 0], atol=1e-9)


def test_replay_runs_the_last_nudge_two_ways():
    store = TwoStores((0, 80, 0), first=(("x", +1),), step=15)  # 80° → 95°: the angles flip
    s0, mid, s1 = store(15, 0.0), store(15, 0.5), store(15, 1.0)
    np.testing.assert_allclose(s0.R[0], ql.matrix_from_euler(0, 80, 0, degrees=True), atol=1e-12)
    np.testing.assert_allclose(s0.R[1], s0.R[0], atol=1e-12)
    np.testing.assert_allclose(s1.R[1], ql.matrix_from_quaternion(s1.q), atol=1e-12)
    # halfway: SLERP is the turn by 7.5° about x; the lerp of (0, 80, 0) → (180, 85, 180) is (90, 82.5, 90), elsewhere
    np.testing.assert_allclose(mid.R[1], ql.matrix_from_euler(0, 87.5, 0, degrees=True), atol=1e-12)
    np.testing.assert_allclose(mid.R[0], ql.matrix_from_euler(90, 82.5, 90, degrees=True), atol=1e-12)
    expected_gap = ql.angle_between(ql.quaternion_from_euler(90, 82.5, 90, degrees=True),
                                    ql.quaternion_from_euler(0, 87.5, 0, degrees=True), degrees=True)
    assert mid.tween_gap == pytest.approx(expected_gap, abs=1e-6) and mid.tween_gap > 5
    assert s0.tween_gap == pytest.approx(0, abs=1e-6) and s1.tween_gap == pytest.approx(0, abs=1e-4)


def test_locked_store_and_preview_arcs():
    store = TwoStores((30, 75, 0), first=(("x", +1),), step=15)
    s = store(step=20, replay=1.0)
    assert s.locked
    for R, arc in zip(s.R, s.previews, strict=True):  # the next +x nudge sweeps the tip of own y by 20° about own x
        np.testing.assert_allclose(arc[0], PREVIEW_RADIUS * R[:, 1], atol=1e-12)
        np.testing.assert_allclose(arc[-1], about(R[:, 0], 20) @ arc[0], atol=1e-12)


def test_a_bad_nudge_is_refused():
    with pytest.raises(ValueError, match="Expected an axis among 'x', 'y', 'z' and a sign"):
        TwoStores().nudge("w", +1, 15)
    with pytest.raises(ValueError, match="got 'x', 2"):
        TwoStores().nudge("x", 2, 15)



# -- wrap or lock, and why the orders agree at 180° ---------------------------------------------------------------


def test_a_wrap_at_180_is_told_apart_from_the_flip_at_the_lock():
    store = TwoStores()  # the notebook's start: pitch 60° after one nudge
    for _ in range(13):  # yaw nudges about the own y axis: the yaw number crosses ±180° at pitch -57°
        store.nudge("y", +1, 15)
    s = store(step=15, replay=1.0)
    assert s.jump == pytest.approx(331.8, abs=0.1) and s.change == pytest.approx(28.2, abs=0.1)
    assert s.wrapped and not s.flip and "a wrap, not the lock" in s.jump_note
    store = TwoStores(start=(0, 75, 0), first=())
    store.nudge("x", +1, 15)
    assert store(step=15, replay=1.0).locked
    store.nudge("x", +1, 15)  # over the top: yaw and roll flip by 180°
    s = store(step=15, replay=1.0)
    assert s.flip and not s.wrapped and s.change == pytest.approx(180) and "near the lock" in s.jump_note


@pytest.mark.parametrize(("angle", "words"), [(0, "no turn"), (180, "Rz(180°)"), (90, "120.0° apart")])
def test_the_order_verdict_says_why(angle, words):
    s = order_state(angle, 2)
    assert words in s.verdict
    np.testing.assert_allclose(s.gap, 0 if angle in (0, 180) else 120, atol=1e-6)


def test_a_big_change_near_the_lock_is_called_a_flip_only_when_it_is_one():
    over_the_top = TwoStores(start=(0, 75, 0), first=())
    over_the_top.nudge("x", +1, 15)  # pitch 90: the lock itself
    over_the_top.nudge("x", +1, 15)  # over the top: (180, 75, 180)
    s = over_the_top(15, 1.0)
    assert s.flip and s.change > 170 and s.flip_words == "flipped" and "flipped" in s.jump_note
    near = TwoStores(start=(0, 85, 0), first=())
    near.nudge("y", +1, 15)  # yaw and roll swing by about 72°, nothing turns by 180°
    s = near(15, 1.0)
    assert s.flip and 30 < s.change < 90 and s.flip_words == "swung far" and "flipped" not in s.jump_note


def test_the_last_nudge_is_judged_by_its_own_size_not_by_the_slider_moved_since():
    """Thirteen 15° nudges of yaw from pitch 60° end in a wrap at ±180°; moving the step slider to 1° afterwards
    must not turn that wrap into "jumped by 28° for a 1° nudge" (the slider's value is the *next* nudge)."""
    from quatlib.models.gimbal import TwoStores

    store = TwoStores(start=(0, 60, 0), first=())
    for _ in range(13):
        store.nudge("y", +1, 15)
    before = store(step=15, replay=1.0)
    for step in (1, 5, 14, 45):
        after = store(step=step, replay=1.0)
        assert after.last_step == 15.0 and after.step == step
        assert (after.flip, after.wrapped, after.jump_note) == (before.flip, before.wrapped, before.jump_note)
    assert TwoStores(start=(0, 60, 0), first=())(step=15, replay=1.0).last_step == 0.0


@pytest.mark.parametrize("angles", [(20, 30, 10), (20, 90, 10), (-40, -90, 25)])
def test_quiet_euler_is_euler_from_quaternion_without_the_warning(angles):
    q = ql.quaternion_from_euler(*angles, degrees=True)
    with warnings.catch_warnings(record=True) as loud:
        warnings.simplefilter("always")
        expected = ql.euler_from_quaternion(q, degrees=True)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        np.testing.assert_array_equal(quiet_euler(q), expected)
    assert bool(loud) == (abs(angles[1]) == 90)  # the warning it spares is there at the lock only
