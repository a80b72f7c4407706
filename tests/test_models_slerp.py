"""quatlib.models.slerp: the SLERP vs NLERP demo's profiles, geometry and state, numpy only."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.spatial.transform import Rotation, Slerp

import quatlib as ql
from quatlib.models.geometry import axis_frame
from quatlib.models.slerp import (
    GHOSTS,
    METHODS,
    RADIUS,
    SPEED_CAP,
    T_GRID,
    body_point,
    body_points,
    chord_plane,
    meridian,
    profile,
    slerp_path,
    slerp_state,
    to_plane,
)

angles = st.floats(-180, 180, allow_nan=False)


def test_body_point_is_perpendicular_to_the_axis_at_the_start():
    rng = np.random.default_rng(2)
    for _ in range(20):
        q0 = ql.normalize(rng.normal(size=4))
        axis = ql.normalize(np.r_[0, rng.normal(size=3)])[1:]
        b = body_point(q0, axis)
        p = ql.rotate_vector(q0, b)
        assert np.linalg.norm(b) == pytest.approx(RADIUS)
        assert abs(p @ axis) < 1e-9


def test_profile_marks_undefined_points_with_nan():
    q0 = ql.IDENTITY
    p = profile(q0, -q0, T_GRID, "lerp", shortest=False)
    mid = np.argmin(np.abs(T_GRID - 0.5))
    assert p["length"][mid] == 0 and np.isnan(p["angle"][mid])
    assert p["error"] is None
    p = profile(q0, -q0, T_GRID, "slerp", shortest=False)
    assert "q1 != -q0" in p["error"] and np.isnan(p["angle"]).all()
    p = profile(q0, ql.quaternion_from_axis_angle([0, 1, 0], 150, degrees=True), T_GRID, "nlerp")
    assert np.isfinite(p["angle"]).all() and np.isfinite(p["speed"]).all()


@settings(max_examples=30, deadline=None)
@given(turn=st.floats(1, 179), azimuth=angles, elevation=st.floats(-90, 90), yaw=angles, pitch=st.floats(-90, 90))
def test_slerp_profile_agrees_with_scipy(turn, azimuth, elevation, yaw, pitch):
    path = slerp_path(turn, azimuth, elevation, yaw, pitch, True)
    q0, q1 = path.q0, path.q1
    key = Rotation.from_quat(np.array([q0, q1])[:, [1, 2, 3, 0]])  # scipy is scalar-last
    expected = Slerp([0, 1], key)(T_GRID).as_quat()[:, [3, 0, 1, 2]]
    ours = path.profiles["slerp"]["q"]
    np.testing.assert_allclose(np.abs(np.sum(ours * expected, axis=1)), 1, atol=1e-9)  # q ≡ −q
    np.testing.assert_allclose(path.profiles["slerp"]["angle"], turn * T_GRID, atol=1e-6)  # even steps
    np.testing.assert_allclose(path.profiles["slerp"]["speed"], turn, rtol=1e-4)
    assert path.total == pytest.approx(turn)


@settings(max_examples=30, deadline=None)
@given(turn=st.floats(0, 360), shortest=st.booleans(), t=st.floats(0, 1), azimuth=angles,
       elevation=st.floats(-90, 90))
def test_every_method_turns_about_the_axis_and_lerp_only_scales(turn, shortest, t, azimuth, elevation):
    states = {m: slerp_state(t, m, shortest, turn, azimuth, elevation, 20, -10) for m in METHODS}
    for m, s in states.items():
        if s.cube is None:
            assert s.problem and s.needle is None
            continue
        # the cube matrix is |q|² times a rotation whose axis is the turn's (relative to q0)
        R = s.cube / s.length ** 2
        assert ql.orthonormality_error(R) < 1e-9 and np.linalg.det(R) > 0
        rel = ql.multiply(s.q, ql.conjugate(s.q0))
        assert abs(np.dot(rel[1:], s.path.axis)) == pytest.approx(np.linalg.norm(rel[1:]), abs=1e-6)
        if m != "lerp":
            assert s.length == pytest.approx(1, abs=1e-12)
    if states["nlerp"].cube is not None and states["lerp"].cube is not None:
        np.testing.assert_allclose(states["lerp"].cube / states["lerp"].length ** 2, states["nlerp"].cube, atol=1e-9)


def test_the_course_numbers():
    for method, t, expected in [("slerp", 0.25, 37.5), ("nlerp", 0.25, 33.02), ("nlerp", 0.75, 116.98),
                                ("nlerp", 0.5, 75.0)]:
        assert round(slerp_state(t, method, True, 150, 0, 90, 0, 0).angle, 2) == expected
    s = slerp_state(0.25, "nlerp", True, 170, 0, 90, 0, 0)
    assert round(s.angle, 2) == 35.77 and round(s.values["slerp"]["angle"], 2) == 42.5
    assert slerp_state(0.5, "lerp", True, 150, 0, 90, 0, 0).length == pytest.approx(0.7934, abs=1e-4)


def test_the_path_is_kept_while_only_t_or_the_method_move():
    a = slerp_state(0.1, "slerp", True, 150, 0, 90, 0, 0)
    b = slerp_state(0.9, "nlerp", True, 150, 0, 90, 0, 0)
    c = slerp_state(0.9, "nlerp", True, 151, 0, 90, 0, 0)
    assert a.path is b.path and c.path is not a.path


def test_short_path_flips_q1_beyond_180_degrees():
    s = slerp_state(1.0, "slerp", True, 200, 0, 90, 0, 0)
    assert s.flipped and s.dot < 0 and s.total == pytest.approx(160) and s.angle == pytest.approx(160)
    s = slerp_state(1.0, "slerp", False, 200, 0, 90, 0, 0)
    assert not s.flipped and s.total == pytest.approx(200)


@pytest.mark.parametrize("turn, shortest", [(0, True), (360, True)])
def test_same_orientation_nothing_moves(turn, shortest):
    s = slerp_state(0.5, "nlerp", shortest, turn, 0, 90, 0, 0)
    assert s.same and s.note == "start = end: nothing moves" and "same orientation" in s.why
    assert np.isnan(s.path.speed["slerp"]).all()


def test_a_full_turn_the_long_way_is_explained():
    s = slerp_state(0.3, "slerp", False, 360, 0, 90, 0, 0)
    assert s.problem and s.cube is None and "SLERP refuses" in s.why
    s = slerp_state(0.5, "lerp", False, 360, 0, 90, 0, 0)
    assert s.problem and "chord" in s.why and s.note == "LERP: q(t) = 0 here"
    s = slerp_state(0.3, "nlerp", False, 360, 0, 90, 0, 0)
    assert s.problem is None and s.note == "NLERP: q1 = −q0, no turn"


def test_nlerp_peak_is_reported_near_a_half_turn_the_long_way():
    s = slerp_state(0.2, "slerp", False, 355, 0, 90, 0, 0)
    assert s.path.nlerp_peak > 2 and "peaks at" in s.why
    assert np.nanmax(s.path.speed["nlerp"]) == SPEED_CAP


@pytest.mark.parametrize("angle", range(250, 300))
def test_the_off_chart_note_comes_exactly_when_the_peak_leaves_the_speed_chart(angle):
    s = slerp_state(0.5, "nlerp", False, angle, 0, 90, 0, 0)
    assert ("off the chart" in s.why) == (s.path.nlerp_peak > SPEED_CAP)
    assert bool(s.path.speed_note) == (s.path.nlerp_peak > SPEED_CAP)  # the chart itself says so too
    if s.path.nlerp_peak > SPEED_CAP:
        assert f"{s.path.nlerp_peak:.2f}×" in s.why  # 2.05, not "2"
        assert s.path.speed_note == f"off the chart: up to {s.path.nlerp_peak:.2f}×"


def test_the_speed_cursor_has_no_dot_where_the_speed_chart_has_no_curve():
    """q1 = −q0 the long way: NLERP never turns and every speed is NaN on the chart, so no dot either (one sat at
    0 on an empty chart); a turn that moves has a dot for every method that has a curve."""
    s = slerp_state(0.5, "nlerp", False, 360, 0, 90, 0, 0)
    assert all(np.isnan(s.path.speed[m]).all() for m in s.path.speed)
    assert s.speed_cursor == {m: None for m in s.speed_cursor}
    moving = slerp_state(0.5, "nlerp", True, 150, 0, 90, 0, 0)
    assert all(v is not None for v in moving.speed_cursor.values())


def test_the_trail_ends_where_the_cube_is():
    for m in ("slerp", "nlerp"):
        s = slerp_state(0.37, m, True, 120, 30, 10, 0, 0)
        np.testing.assert_allclose(np.linalg.norm(s.trail, axis=1), RADIUS, rtol=1e-9)
        np.testing.assert_allclose(s.needle, ql.rotate_vector(s.q, s.path.body), atol=1e-12)
        assert len(s.path.ticks[m]) == 11


def test_body_points_use_the_conjugate_sandwich():
    q = np.array([[2.0, 0, 0, 0], [np.nan] * 4, ql.quaternion_from_axis_angle([0, 0, 1], 90, degrees=True)])
    np.testing.assert_allclose(body_points(q, [1, 0, 0]), [[4, 0, 0], [np.nan] * 3, [0, 1, 0]], atol=1e-12)


def test_meridian_runs_from_the_floor_to_the_axis_tip():
    pts = meridian(75, 30, 1.45)
    np.testing.assert_allclose(pts[0], 0)
    np.testing.assert_allclose(pts[1] / 1.45, axis_frame(75, 0)[:, 0], atol=1e-12)
    np.testing.assert_allclose(pts[-1] / 1.45, axis_frame(75, 30)[:, 0], atol=1e-12)


def test_bad_method_is_rejected():
    with pytest.raises(ValueError, match=r"Expected method in \('slerp', 'nlerp', 'lerp'\), got 'squad'"):
        slerp_state(0.5, "squad", True, 90, 0, 90, 0, 0)



@settings(max_examples=40, deadline=None)
@given(turn=st.floats(0, 360), shortest=st.booleans(), azimuth=angles, elevation=st.floats(-90, 90),
       yaw=angles, pitch=st.floats(-90, 90))
def test_the_plane_holds_q0_q1_and_omega_is_half_the_turn(turn, shortest, azimuth, elevation, yaw, pitch):
    path = slerp_path(turn, azimuth, elevation, yaw, pitch, shortest)
    basis, omega = chord_plane(path.q0, path.q1, path.axis, shortest)
    np.testing.assert_allclose(basis @ basis.T, np.eye(2), atol=1e-12)  # orthonormal
    end = -path.q1 if path.flipped else path.q1
    np.testing.assert_allclose((end @ basis.T) @ basis, end, atol=1e-12)  # q1 lies in the plane
    assert np.degrees(omega) == pytest.approx(path.total / 2, abs=1e-6)  # Ω is half the rotation angle
    assert path.omega == pytest.approx(path.total / 2, abs=1e-6)
    # q0 at 90° + Ω/2, the end at 90° − Ω/2 on the unit circle (compared as points: an angle of −1e-18 rad would
    # read 360° against 0° at Ω = 180°)
    xy = to_plane([path.q0, end], basis, omega)
    at = np.radians([90 + path.omega / 2, 90 - path.omega / 2])
    np.testing.assert_allclose(xy, np.c_[np.cos(at), np.sin(at)], atol=1e-8)


def test_in_the_plane_lerp_is_on_the_chord_nlerp_its_push_to_the_circle_slerp_even():
    path = slerp_path(150, 20, 40, 10, -30, True)
    ticks = path.plane["ticks"]
    a, b = path.plane["chord"]
    # LERP's points on the chord, at t from a to b
    np.testing.assert_allclose(ticks["lerp"], a + np.outer(np.linspace(0, 1, 11), b - a), atol=1e-12)
    # NLERP's: the same directions from 0, on the unit circle
    unit = ticks["lerp"] / np.linalg.norm(ticks["lerp"], axis=1, keepdims=True)
    np.testing.assert_allclose(ticks["nlerp"], unit, atol=1e-12)
    # SLERP's: on the circle in equal steps of Ω/10
    heading = np.degrees(np.arctan2(ticks["slerp"][:, 1], ticks["slerp"][:, 0]))
    np.testing.assert_allclose(np.diff(heading), -path.omega / 10, atol=1e-9)
    np.testing.assert_allclose(np.linalg.norm(path.plane["arc"], axis=1), 1, atol=1e-12)


def test_the_lag_is_nlerp_minus_slerp_and_peaks_at_the_course_number():
    path = slerp_path(150, 0, 90, 0, 0, True)
    np.testing.assert_allclose(path.lag, path.profiles["nlerp"]["angle"] - path.profiles["slerp"]["angle"])
    t, lag = path.lag_peak
    assert lag == pytest.approx(-ql.nlerp_max_error(150, degrees=True), abs=2e-3)  # the grid's t is near the peak
    assert 0.2 < t < 0.3


@pytest.mark.parametrize("method", METHODS)
def test_the_ghost_is_the_other_method_at_the_same_t(method):
    s = slerp_state(0.25, method, True, 150, 30, 20, 10, 0)
    other = GHOSTS[method]
    assert other != method
    q = ql.interpolate(s.q0, s.q1, 0.25, other)
    np.testing.assert_allclose(s.ghost, ql.sandwich_matrix(q), atol=1e-12)
    assert slerp_state(0.25, method, True, 0, 30, 20, 10, 0).ghost is None  # nothing moves: no ghost
    np.testing.assert_allclose(s.plane_now[other], to_plane(q, s.path.plane["basis"], np.radians(s.path.omega)))


def test_the_readout_conditions_are_the_states():
    """What the readout says is decided here: the flip, the long way, LERP's |q|², the NLERP − SLERP gap, the speeds."""
    flipped = slerp_state(0.5, "slerp", True, 200, 0, 90, 0, 0)
    long_way = slerp_state(0.5, "slerp", False, 200, 0, 90, 0, 0)
    assert flipped.flipped and not flipped.long_way and long_way.long_way and not long_way.flipped
    assert not slerp_state(0.5, "slerp", True, 150, 0, 90, 0, 0).long_way
    lerp = slerp_state(0.5, "lerp", True, 150, 0, 90, 0, 0)
    assert lerp.lerp_scale == pytest.approx(lerp.length ** 2) and lerp.lerp_scale == pytest.approx(0.7934 ** 2, 1e-3)
    assert slerp_state(0.0, "lerp", True, 150, 0, 90, 0, 0).lerp_scale is None  # q0 itself is unit
    assert slerp_state(0.5, "nlerp", True, 150, 0, 90, 0, 0).lerp_scale is None
    s = slerp_state(0.25, "lerp", True, 150, 0, 90, 0, 0)
    assert s.turned_now == pytest.approx({"slerp": 37.5, "nlerp": 33.02}, abs=5e-3)
    assert s.lag_now == pytest.approx(33.02 - 37.5, abs=5e-3)
    assert set(s.speeds_shown) == {"slerp", "nlerp"} and s.speeds_shown["slerp"] == pytest.approx(150)
    nothing = slerp_state(0.5, "nlerp", True, 0, 0, 90, 0, 0)
    assert nothing.same and nothing.speeds_shown == {}
    refused = slerp_state(0.3, "slerp", False, 360, 0, 90, 0, 0)  # SLERP has no answer: no angles to compare
    assert "slerp" not in refused.turned_now and refused.lag_now is None
    assert slerp_state(0.5, "slerp", True, 150, 0, -90, 0, 0).axis_at_pole
    assert not slerp_state(0.5, "slerp", True, 150, 0, 60, 0, 0).axis_at_pole
    # the notes in words: '' when there is nothing to say
    assert "−y whatever the azimuth" in slerp_state(0.5, "slerp", True, 150, 0, -90, 0, 0).pole_note
    assert slerp_state(0.5, "slerp", True, 150, 0, 60, 0, 0).pole_note == ""
    assert "|q|² = 0.629" in lerp.lerp_note and slerp_state(0.5, "nlerp", True, 150, 0, 90, 0, 0).lerp_note == ""
    assert s.ghost_note == "The outline cube in NLERP's colour: NLERP at the same t."  # LERP's ghost is NLERP
    assert nothing.ghost_note == ""  # nothing moves: no ghost


def test_the_lag_extent_is_the_largest_lag_either_way():
    path = slerp_path(150, 0, 90, 0, 0, True)
    assert path.lag_extent == pytest.approx(np.nanmax(np.abs(path.lag)))
    assert path.lag_extent == pytest.approx(abs(path.lag_peak[1]))  # as far ahead in the second half as behind
    assert slerp_path(180, 0, 90, 0, 0, True).lag_extent == pytest.approx(8.15, abs=5e-3)  # the chart's ±9° scale
    assert slerp_path(0, 0, 90, 0, 0, True).lag_extent == 0.0


def test_the_picture_texts_are_the_models():
    """The scene's title per method, Ω as half the turn (to the half degree), and the lag chart's off-chart note."""
    assert [slerp_state(0.3, m, True, 150, 0, 90, 0, 0).title for m in METHODS] == [
        "SLERP: the great arc, even steps", "NLERP: the chord, normalized", "LERP: the chord, drawn with q v q*"]
    assert slerp_path(150, 0, 90, 0, 0, True).omega_label == "Ω = 75° = 150°/2"
    assert slerp_path(359, 0, 90, 0, 0, False).omega_label == "Ω = 179.5° = 359°/2"  # not 180°
    assert slerp_path(200, 0, 90, 0, 0, True).omega_label == "Ω = 80° = 160°/2"  # the short way
    short = slerp_path(180, 0, 90, 0, 0, True)
    assert 8.1 < short.lag_extent < 9.0 and short.off_chart_note(9.0) == ""  # a short path stays on a ±9° chart
    long_way = slerp_path(300, 0, 90, 0, 0, False)
    assert long_way.off_chart_note(9.0) == f"off the chart: up to {long_way.lag_extent:.0f}°"
    assert long_way.off_chart_note(long_way.lag_extent) == ""
