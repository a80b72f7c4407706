"""quatlib.models.turret: two keys typed in as (yaw, pitch), blended by SLERP and by lerping the angles; numpy only.

scipy's ``Slerp`` and intrinsic ``"YX"`` angles are the independent oracle; the aim formula and the 170° → −170°
example are closed-form anchors.  (tests/test_widgets_turret.py checks the geometry of the drawn paths in depth.)
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import quatlib as ql
from quatlib.models.turret import AIM, BARREL, LERPS, TICKS, TS, turned, turret_state, wrap_degrees

transform = pytest.importorskip("scipy.spatial.transform")
Rotation, Slerp = transform.Rotation, transform.Slerp

yaws, pitches = st.floats(-180, 180), st.floats(-90, 90)


def aim(yaw, pitch):
    y, p = np.radians(yaw), np.radians(pitch)
    return np.stack([-np.sin(y) * np.cos(p), np.sin(p), -np.cos(y) * np.cos(p)], axis=-1)


@settings(max_examples=60, deadline=None)
@given(yaws, pitches, yaws, pitches, st.floats(0, 1))
def test_both_blends_against_scipy(yaw_a, pitch_a, yaw_b, pitch_b, t):
    s = turret_state(yaw_a, pitch_a, yaw_b, pitch_b, t)
    keys = Rotation.from_euler("YX", [[yaw_a, pitch_a], [yaw_b, pitch_b]], degrees=True)
    np.testing.assert_allclose(ql.matrix_from_quaternion(s.q_a), keys[0].as_matrix(), atol=1e-12)
    np.testing.assert_allclose(ql.matrix_from_quaternion(s.q_b), keys[1].as_matrix(), atol=1e-12)
    # SLERP: scipy's Slerp takes the short way too
    along = Slerp([0, 1], keys)
    np.testing.assert_allclose(s.R_slerp, along(t).as_matrix(), atol=1e-9)
    np.testing.assert_allclose(ql.matrix_from_quaternion(s.q_path_slerp), along(TS).as_matrix(), atol=1e-9)
    # the naive way: the aim formula on a straight line in (yaw, pitch)
    np.testing.assert_allclose(s.euler_t, [(1 - t) * yaw_a + t * yaw_b, (1 - t) * pitch_a + t * pitch_b], atol=1e-12)
    np.testing.assert_allclose(s.R_euler, Rotation.from_euler("YX", s.euler_t, degrees=True).as_matrix(), atol=1e-12)
    np.testing.assert_allclose(s.muzzle_euler, BARREL * aim((1 - TS) * yaw_a + TS * yaw_b,
                                                            (1 - TS) * pitch_a + TS * pitch_b), atol=1e-12)
    np.testing.assert_allclose(s.muzzle_slerp[0], BARREL * aim(yaw_a, pitch_a), atol=1e-12)
    np.testing.assert_allclose(s.muzzle_slerp[-1], BARREL * aim(yaw_b, pitch_b), atol=1e-9)
    # numbers: the turn A → B is scipy's magnitude of the relative rotation; SLERP turns exactly that, no path less
    relative = float(np.degrees((keys[1] * keys[0].inv()).magnitude()))
    assert s.angle_ab == pytest.approx(relative, abs=1e-6)
    assert s.turned_slerp == pytest.approx(s.angle_ab, abs=1e-6)
    assert s.turned_euler >= s.turned_slerp - 1e-6
    assert s.gap == pytest.approx(np.degrees((Rotation.from_matrix(s.R_slerp).inv()
                                              * Rotation.from_matrix(s.R_euler)).magnitude()), abs=1e-5)
    np.testing.assert_allclose(ql.matrix_from_euler(*s.euler_slerp, degrees=True), s.R_slerp, atol=1e-9)
    if s.axis is not None:  # SLERP's fixed axis is that of the relative rotation (the short way)
        rotvec = (keys[1] * keys[0].inv()).as_rotvec()
        np.testing.assert_allclose(s.axis * np.radians(s.turn), rotvec, atol=1e-6)


def test_long_way_round_170_to_minus_170():
    s = turret_state(170, 0, -170, 0, 0.5)
    assert (s.angle_ab, s.turned_slerp) == (pytest.approx(20), pytest.approx(20))
    assert s.turned_euler == pytest.approx(340) and s.gap == pytest.approx(180)
    np.testing.assert_allclose(s.euler_slerp, [180, 0, 0], atol=1e-9)
    np.testing.assert_allclose(np.abs(s.axis), [0, 1, 0], atol=1e-12)
    assert s.long_way and not s.same and s.detour


def test_same_orientation_keys():
    s = turret_state(180, 20, -180, 20, 0.3)
    assert s.same and s.axis is None and s.long_way
    assert s.turned_euler == pytest.approx(360) and s.gap == pytest.approx(108, abs=1e-6)
    s = turret_state(40, 20, 40, 20, 0.7)
    assert s.same and not s.long_way and not s.detour and s.gap == pytest.approx(0, abs=1e-6)


@pytest.mark.parametrize("keys", [(-60, 30, 80, 30), (20, -70, 20, 80)])
def test_one_angle_changing_by_less_than_half_a_turn_lerps_like_slerp(keys):
    """Yaw alone turns about world y (``Ry(yaw)`` on the left), pitch alone about the yawed x: one fixed axis."""
    for t in (0.2, 0.4, 0.9):
        s = turret_state(*keys, t)
        assert not s.detour and not s.long_way
        assert s.gap == pytest.approx(0, abs=1e-6) and s.turned_euler == pytest.approx(s.turned_slerp, abs=1e-6)


def test_ticks_are_t_0_to_1_by_tenths_and_the_aim_is_minus_z():
    np.testing.assert_allclose(TS[TICKS], np.linspace(0, 1, 11), atol=1e-15)
    np.testing.assert_array_equal(AIM, [0, 0, -1])
    assert not AIM.flags.writeable and not TS.flags.writeable


def test_turned_sums_the_steps():
    qs = ql.quaternion_from_axis_angle([1, 0, 0], np.concatenate([np.linspace(0, 60, 7), np.linspace(50, 0, 6)]),
                                       degrees=True)
    assert turned(qs) == pytest.approx(120)  # 60° out and 60° back


# --- the per-axis lerp with the yaw wrapped, and the roll SLERP adds (issue 11) -----------------------------


def roll_free(qs) -> bool:
    """No roll: the head's own x axis stays horizontal.  For R = Ry(yaw) Rx(pitch) Rz(roll) the y component of
    R @ (1, 0, 0) is sin(roll) cos(pitch), so this holds for every roll-free pose (and only those, off the poles)."""
    return bool(np.abs(ql.rotate_vector(qs, [1.0, 0.0, 0.0])[..., 1]).max() < 1e-9)


@settings(max_examples=200, deadline=None)
@given(st.floats(-1e4, 1e4))
def test_wrap_degrees_is_the_same_direction_the_short_way(d):
    w = float(wrap_degrees(d))
    assert -180 < w <= 180
    assert np.isclose(np.cos(np.radians(w)), np.cos(np.radians(d)), atol=1e-9)
    assert np.isclose(np.sin(np.radians(w)), np.sin(np.radians(d)), atol=1e-9)


def test_wrap_degrees_anchors():
    np.testing.assert_array_equal(wrap_degrees([-340, 340, 20, 180, -180, 540, 360, -190]),
                                  [20, -20, 20, 180, 180, 180, 0, 170])


@settings(max_examples=60, deadline=None)
@given(yaws, pitches, yaws, pitches, st.floats(0, 1))
def test_wrapped_lerp_is_per_axis_the_short_way_and_never_rolls(yaw_a, pitch_a, yaw_b, pitch_b, t):
    s = turret_state(yaw_a, pitch_a, yaw_b, pitch_b, t, lerp="wrapped")
    d = float(wrap_degrees(yaw_b - yaw_a))
    # closed form: yaw moves by t·d (|d| ≤ 180°), the pitch as typed; scipy's "YX" angles are the oracle
    yaw_t, pitch_t = yaw_a + t * d, (1 - t) * pitch_a + t * pitch_b
    np.testing.assert_allclose(ql.matrix_from_quaternion(s.q_wrapped),
                               Rotation.from_euler("YX", [yaw_t, pitch_t], degrees=True).as_matrix(), atol=1e-9)
    np.testing.assert_allclose(np.cos(np.radians(s.euler_wrapped[0] - yaw_t)), 1, atol=1e-12)
    assert -180 < s.euler_wrapped[0] <= 180 and s.euler_wrapped[1] == pytest.approx(pitch_t)
    np.testing.assert_allclose(s.muzzle_wrapped, BARREL * aim(yaw_a + TS * d, (1 - TS) * pitch_a + TS * pitch_b),
                               atol=1e-12)
    # both ends are the keys, and no pose on the way rolls (SLERP's may)
    assert ql.angle_between(s.q_path_wrapped[0], s.q_a) < 1e-7 and ql.angle_between(s.q_path_wrapped[-1], s.q_b) < 1e-7
    assert roll_free(s.q_path_wrapped) and roll_free(s.q_path_euler)
    assert s.turned_wrapped >= s.turned_slerp - 1e-6  # no path is shorter than SLERP's
    assert s.gap_wrapped == pytest.approx(float(ql.angle_between(s.q_slerp, s.q_wrapped, degrees=True)), abs=1e-9)
    # the lerp control only picks which blend the *_lerp names show
    np.testing.assert_array_equal(s.q_lerp, s.q_wrapped)
    np.testing.assert_array_equal(s.muzzle_lerp, s.muzzle_wrapped)
    assert (s.turned_lerp, s.gap_lerp) == (s.turned_wrapped, s.gap_wrapped)
    naive = turret_state(yaw_a, pitch_a, yaw_b, pitch_b, t)
    np.testing.assert_array_equal(naive.q_lerp, naive.q_euler)
    assert (naive.turned_lerp, naive.gap_lerp) == (naive.turned_euler, naive.gap)
    # typed less than half a turn apart, beyond rounding (180 − (−179.99999999999997) rounds to 360: a half turn,
    # wrapped to +180°): wrapping changes nothing
    if abs(yaw_b - yaw_a) < 180 - 1e-9:
        np.testing.assert_allclose(s.q_path_wrapped, s.q_path_euler, atol=1e-12)


@settings(max_examples=60, deadline=None)
@given(yaws, pitches, yaws, pitches)
def test_roll_slerp_is_scipys_largest_roll_along_the_path(yaw_a, pitch_a, yaw_b, pitch_b):
    s = turret_state(yaw_a, pitch_a, yaw_b, pitch_b, 0.5)
    R = ql.matrix_from_quaternion(s.q_path_slerp)
    # scipy's intrinsic "YXZ" = Ry(yaw) Rx(pitch) Rz(roll); |roll| is defined up to the gimbal lock, where a
    # yaw-and-pitch turret can make every pose with that aim, so it counts as 0 there (scipy warns there: expected)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Gimbal lock detected", UserWarning)
        _, pitch, roll = Rotation.from_matrix(R).as_euler("YXZ", degrees=True).T
    roll = np.where(np.abs(np.abs(pitch) - 90) < 1e-6, 0.0, roll)
    assert s.roll_slerp == pytest.approx(np.abs(roll).max(), abs=1e-4)
    # and with the independent test for "no roll", outside the band between the two tolerances (a yaw of 7e-7°
    # beside a pitch turn rolls the head by 6e-8°: no roll to 1e-6°, yet x tilts by more than 1e-9)
    if s.roll_slerp < 1e-8:
        assert roll_free(s.q_path_slerp)
    elif s.roll_slerp > 1e-4:
        assert not roll_free(s.q_path_slerp)


@settings(max_examples=60, deadline=None)
@given(yaws, pitches, yaws, st.floats(0, 1))
def test_equal_pitches_slerp_is_the_wrapped_yaw_lerp_exactly(yaw_a, pitch, yaw_b, t):
    """q_B q_A⁻¹ = Ry(yaw_B) Rx(p) Rx(p)⁻¹ Ry(yaw_A)⁻¹ = Ry(yaw_B − yaw_A): one turn about up, no roll.

    Not for keys a half turn apart (yaw 0 to −180): both ways round are shortest, and SLERP and the wrapped yaw
    may take opposite ones (test_half_turn_apart_both_ways_are_a_half_turn checks that case).
    """
    assume(abs(wrap_degrees(yaw_b - yaw_a)) < 180 - 1e-6)
    s = turret_state(yaw_a, pitch, yaw_b, pitch, t)
    assert s.gap_wrapped == pytest.approx(0, abs=1e-6)
    np.testing.assert_allclose(ql.angle_between(s.q_path_slerp, s.q_path_wrapped, degrees=True), 0, atol=1e-6)
    assert s.roll_slerp == pytest.approx(0, abs=1e-6)
    assert s.turned_slerp == pytest.approx(s.turned_wrapped, abs=1e-6)


def test_half_turn_apart_both_ways_are_a_half_turn():
    """Keys a half turn apart in yaw: SLERP and the wrapped yaw each turn the head by 180°, about up, without roll."""
    s = turret_state(0, 30, -180, 30, 0.5)
    assert s.angle_ab == pytest.approx(180) and s.turned_slerp == pytest.approx(180)
    assert s.turned_wrapped == pytest.approx(180) and s.roll_slerp == pytest.approx(0, abs=1e-6)


def test_equal_pitches_0_80_to_90_80_gap_zero_all_along():
    """The capstone's first row: at a steep pitch SLERP does not wobble; it *is* the yaw lerp."""
    s = turret_state(0, 80, 90, 80, 0.5)
    gaps = ql.angle_between(s.q_path_slerp, s.q_path_euler, degrees=True)
    assert gaps.max() < 1e-9 and s.roll_slerp < 1e-9
    assert s.turned_slerp == pytest.approx(90) and s.turned_euler == pytest.approx(90)


def test_0_60_to_120_minus_30_slerp_rolls_28_2_degrees():
    """The capstone's second row: SLERP banks the head by up to 28.2°; the per-axis lerps never roll."""
    s = turret_state(0, 60, 120, -30, 0.5)
    assert s.roll_slerp == pytest.approx(28.22, abs=0.005)
    assert not roll_free(s.q_path_slerp) and roll_free(s.q_path_wrapped)
    np.testing.assert_allclose(s.q_path_wrapped, s.q_path_euler, atol=1e-12)  # 120° typed: nothing to wrap
    assert s.turned_slerp == pytest.approx(138.59, abs=0.005)
    assert s.turned_wrapped == pytest.approx(150.0, abs=0.005)  # ≈ the yaw's 120° and the pitch's 90° combined
    assert ql.angle_between(s.q_path_slerp, s.q_path_wrapped, degrees=True).max() == pytest.approx(26.90, abs=0.005)


def test_170_to_minus_170_wrapped_turns_20_naive_340():
    s = turret_state(170, 0, -170, 0, 0.5, lerp="wrapped")
    assert s.turned_wrapped == pytest.approx(20) and s.turned_euler == pytest.approx(340)
    assert s.gap_wrapped == pytest.approx(0, abs=1e-9) and s.gap == pytest.approx(180)
    np.testing.assert_allclose(s.euler_wrapped, [180, 0], atol=1e-12)
    assert s.long_way and not s.detour  # the naive lerp runs the long way; the head shown does not


def test_yaw_180_and_minus_180_wrapped_stays_put():
    s = turret_state(180, 20, -180, 20, 0.3, lerp="wrapped")
    assert s.turned_wrapped == pytest.approx(0, abs=1e-9) and s.gap_wrapped == pytest.approx(0, abs=1e-6)


def test_unknown_lerp_is_refused():
    assert LERPS == ("naive", "wrapped")
    with pytest.raises(ValueError, match=r"Expected lerp in \(.naive., .wrapped.\)"):
        turret_state(0, 0, 10, 0, 0.5, lerp="wrap")


def test_the_whole_blend_is_computed_once_per_pair_of_keys_and_shared_read_only():
    from quatlib.models.turret import whole_blend

    whole_blend.cache_clear()
    states = [turret_state(150, 10, -150, 40, t) for t in np.linspace(0, 1, 11)]
    assert whole_blend.cache_info().misses == 1  # moving t does not recompute the paths
    assert all(s.muzzle_slerp is states[0].muzzle_slerp for s in states)
    with pytest.raises(ValueError, match="read-only"):
        states[0].muzzle_slerp[0, 0] = 0.0
    # the cached paths are those of the formulas: slerp of the keys' quaternions, the muzzle turned by them
    q = ql.slerp(states[0].q_a, states[0].q_b, TS)
    np.testing.assert_allclose(states[0].muzzle_slerp, ql.rotate_vector(q, BARREL * AIM), atol=1e-12)


def test_the_notes_say_what_each_panel_shows():
    s = turret_state(150, 10, -150, 40, 0.5)
    assert s.lerp_note == "the yaw runs the long way round, through 0°"
    assert s.slerp_note.startswith("one turn about one axis") and "rolls the head" in s.slerp_note
    assert turret_state(150, 10, -150, 40, 0.5, lerp="wrapped").lerp_note == ""
    assert turret_state(0, 60, 120, -30, 0.5).slerp_note.endswith("it rolls the head by up to 28.2°")
    full_turn = turret_state(180, 0, -180, 0, 0.5)
    assert full_turn.lerp_note == "A and B are the same orientation, yet the yaw runs a full turn"
    assert turret_state(20, 0, 20, 0, 0.5).slerp_note == "A and B are the same orientation: SLERP stays put"


def test_the_slerp_note_is_the_turn_then_the_roll():
    s = turret_state(0, 60, 120, -30, 0.5)
    assert s.slerp_turn_note.startswith("one turn about one axis") and s.slerp_roll_note == (
        "it rolls the head by up to 28.2°")
    assert s.slerp_note == f"{s.slerp_turn_note}; {s.slerp_roll_note}"
    flat = turret_state(170, 0, -170, 0, 0.5)  # only the yaw changes: SLERP does not roll
    assert flat.slerp_roll_note == "" and flat.slerp_note == flat.slerp_turn_note


def test_the_keys_get_one_name_where_the_muzzle_ends_meet():
    assert turret_state(170, 0, -170, 0, t=0.5).key_names == ("A", "B")
    assert turret_state(30, 20, 30, 20, t=0.5).key_names == ("A = B", "")  # the same key twice
    assert turret_state(0, 0, 360 - 2, 0, t=0.5).key_names == ("A = B", "")  # 2° apart: 0.04 at the muzzle


def test_the_second_panel_is_titled_and_named_after_its_blend():
    from quatlib.models.turret import LERP_TITLES

    assert set(LERP_TITLES) == set(LERPS)
    with pytest.raises(TypeError):
        LERP_TITLES["naive"] = "changed"  # read-only
    for lerp, name in (("naive", "lerp of angles"), ("wrapped", "lerp, yaw wrapped")):
        s = turret_state(150, 10, -150, 40, 0.5, lerp=lerp)
        assert s.lerp_title == LERP_TITLES[lerp] and s.lerp_name == name


@pytest.mark.parametrize("lerp", LERPS)
@pytest.mark.parametrize("t", [0.0, 0.3, 1.0])
def test_the_muzzles_at_t_are_the_ends_of_the_barrels_and_on_the_paths_at_the_keys(lerp, t):
    s = turret_state(150, 10, -150, 40, t, lerp=lerp)
    slerp_now, lerp_now = s.muzzles_at_t
    np.testing.assert_allclose(slerp_now, ql.rotate_vector(s.q_slerp, BARREL * AIM), atol=1e-12)
    np.testing.assert_allclose(lerp_now, ql.rotate_vector(s.q_lerp, BARREL * AIM), atol=1e-12)
    if t in (0.0, 1.0):  # at a key both heads are on their paths' ends
        end = 0 if t == 0.0 else -1
        np.testing.assert_allclose(slerp_now, s.muzzle_slerp[end], atol=1e-12)
        np.testing.assert_allclose(lerp_now, s.muzzle_lerp[end], atol=1e-12)
