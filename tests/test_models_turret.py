"""quatlib.models.turret: two keys typed in as (yaw, pitch), blended by SLERP and by lerping the angles; numpy only.

scipy's ``Slerp`` and intrinsic ``"YX"`` angles are the independent oracle; the aim formula and the 170° → −170°
example are closed-form anchors.  (tests/test_widgets_turret.py checks the geometry of the drawn paths in depth.)
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import quatlib as ql
from quatlib.models.turret import AIM, BARREL, TICKS, TS, turned, turret_state

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
