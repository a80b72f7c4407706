"""LERP, NLERP and SLERP (notebook 06): the chord, the normalized chord, the great arc."""

import warnings

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from scipy.spatial.transform import Rotation, Slerp

import quatlib as ql

component = st.floats(-1, 1, allow_nan=False)
unit_quaternions = (
    st.tuples(component, component, component, component)
    .map(np.array)
    .filter(lambda q: np.linalg.norm(q) > 0.1)
    .map(lambda q: q / np.linalg.norm(q))
)
axes = st.tuples(component, component, component).map(np.array).filter(
    lambda a: np.linalg.norm(a) > 0.1
)
T5 = np.array([0, 0.25, 0.5, 0.75, 1])


def about_y(deg):
    return ql.quaternion_from_axis_angle([0, 1, 0], deg, degrees=True)


def angles_from_identity(qs):
    return ql.angle_between(ql.IDENTITY, qs, degrees=True)


def steps(qs):
    """Rotation angle between consecutive samples (radians)."""
    return ql.angle_between(qs[:-1], qs[1:])


def nlerp_max_error_deg(separation_deg, n=2001):
    t = np.linspace(0, 1, n)
    nl = angles_from_identity(ql.nlerp(ql.IDENTITY, about_y(separation_deg), t))
    return float(np.max(np.abs(nl - separation_deg * t)))


# -- the course's numbers (notebook 06) -------------------------------------------------
def test_course_numbers_150_degrees():
    q1 = about_y(150)
    slerp = angles_from_identity(ql.slerp(ql.IDENTITY, q1, T5))
    nlerp = angles_from_identity(ql.nlerp(ql.IDENTITY, q1, T5))
    np.testing.assert_allclose(slerp, [0, 37.5, 75, 112.5, 150], atol=1e-9)
    np.testing.assert_array_equal(np.round(nlerp, 2), [0, 33.02, 75, 116.98, 150])


def test_course_numbers_170_degrees_exercise():
    q1 = about_y(170)
    t = [0.25, 0.5]
    np.testing.assert_allclose(angles_from_identity(ql.slerp(ql.IDENTITY, q1, t)), [42.5, 85])
    np.testing.assert_array_equal(
        np.round(angles_from_identity(ql.nlerp(ql.IDENTITY, q1, t)), 2), [35.77, 85]
    )


def test_nlerp_angle_closed_form():
    # the chord (1 - t) + t (cos Ω + sin Ω j) has angle 2 atan2(t sin Ω, 1 - t + t cos Ω)
    omega = np.radians(75)
    t = np.linspace(0, 1, 21)
    expected = np.degrees(2 * np.arctan2(t * np.sin(omega), 1 - t + t * np.cos(omega)))
    np.testing.assert_allclose(
        angles_from_identity(ql.nlerp(ql.IDENTITY, about_y(150), t)), expected, atol=1e-10
    )


def test_nlerp_max_error_grows_with_separation():
    seps = [10, 20, 45, 90, 120, 150, 170, 180]
    errors = [nlerp_max_error_deg(s) for s in seps]
    assert all(a < b for a, b in zip(errors, errors[1:]))
    assert errors[0] < 0.002  # 10° apart: invisible
    assert round(errors[3], 2) == 0.92  # 90° apart
    assert round(errors[5], 2) == 4.51  # 150° apart
    # for small separations the error is cubic: twice the separation, eight times the error
    assert errors[1] / errors[0] == pytest.approx(8, rel=0.01)


# -- laws --------------------------------------------------------------------------------
@settings(deadline=None)
@given(unit_quaternions, unit_quaternions)
def test_endpoints_are_exact(q0, q1):
    # the library's own dot product decides the tie q0·q1 = ±1e-17 (np.dot may round it the other way)
    near = q1 if ql.dot(q0, q1) >= 0 else -q1
    np.testing.assert_allclose(ql.slerp(q0, q1, [0.0, 1.0]), [q0, near], atol=1e-15)
    assume(float(ql.angle_between(q0, q1)) > 1e-7)  # not the NLERP fallback (normalizes)
    for f in (ql.lerp, ql.slerp):
        np.testing.assert_array_equal(f(q0, q1, 0.0), q0)
        np.testing.assert_array_equal(f(q0, q1, 1.0), near)
        np.testing.assert_array_equal(f(q0, q1, 1.0, shortest=False), q1)
    np.testing.assert_allclose(ql.nlerp(q0, q1, 0.0), q0, atol=1e-15)
    np.testing.assert_allclose(ql.nlerp(q0, q1, 1.0), near, atol=1e-15)


@settings(deadline=None)
@given(unit_quaternions, unit_quaternions, st.floats(0, 1))
def test_nlerp_and_slerp_are_unit(q0, q1, t):
    assert ql.norm(ql.slerp(q0, q1, t)) == pytest.approx(1.0, abs=1e-12)
    assert ql.norm(ql.nlerp(q0, q1, t)) == pytest.approx(1.0, abs=1e-12)


@settings(deadline=None)
@given(unit_quaternions, unit_quaternions)
def test_slerp_has_constant_angular_speed(q0, q1):
    qs = ql.slerp(q0, q1, np.linspace(0, 1, 9))
    s = steps(qs)
    np.testing.assert_allclose(s, s[0], atol=1e-9)
    assert s.sum() == pytest.approx(float(ql.angle_between(q0, q1)), abs=1e-8)


@settings(deadline=None)
@given(axes, st.floats(20, 179))
def test_nlerp_speed_is_uneven_fastest_in_the_middle(axis, sep_deg):
    q1 = ql.quaternion_from_axis_angle(axis, sep_deg, degrees=True)
    s = steps(ql.nlerp(ql.IDENTITY, q1, np.linspace(0, 1, 11)))
    np.testing.assert_allclose(s, s[::-1], atol=1e-9)  # symmetric
    first_half = s[:5]
    assert np.all(np.diff(first_half) > 0)  # speeding up towards the middle
    assert s[4] > s[0] * (1 + 1e-4)


@settings(deadline=None)
@given(unit_quaternions, unit_quaternions)
def test_nlerp_has_slerp_midpoint(q0, q1):
    np.testing.assert_allclose(ql.nlerp(q0, q1, 0.5), ql.slerp(q0, q1, 0.5), atol=1e-12)


@settings(deadline=None)
@given(unit_quaternions, unit_quaternions)
def test_short_path_turns_at_most_180(q0, q1):
    assume(np.dot(q0, q1) < -1e-3)
    assume(np.dot(q0, q1) > -1 + 1e-6)
    t = np.linspace(0, 1, 17)
    short = steps(ql.slerp(q0, q1, t)).sum()
    long = steps(ql.slerp(q0, q1, t, shortest=False)).sum()
    assert short <= np.pi + 1e-9
    assert long > np.pi
    assert short + long == pytest.approx(2 * np.pi)  # together: a full 360° loop


def test_long_path_on_the_course_example():
    # 150° about Y written as -q: the short way is 150°, the long way 210°
    q1 = -about_y(150)
    t = np.linspace(0, 1, 101)
    short = np.degrees(steps(ql.slerp(ql.IDENTITY, q1, t)).sum())
    long = np.degrees(steps(ql.slerp(ql.IDENTITY, q1, t, shortest=False)).sum())
    assert short == pytest.approx(150)
    assert long == pytest.approx(210)


@settings(deadline=None)
@given(unit_quaternions, unit_quaternions, st.floats(0, 1))
def test_slerp_is_q0_times_a_power_of_the_relative_rotation(q0, q1, t):
    q1 = q1 if np.dot(q0, q1) >= 0 else -q1
    via_power = ql.multiply(q0, ql.power(ql.multiply(ql.conjugate(q0), q1), t))
    np.testing.assert_allclose(ql.slerp(q0, q1, t), via_power, atol=1e-9)


@settings(deadline=None)
@given(unit_quaternions, unit_quaternions, st.floats(0, 1))
def test_nlerp_is_normalized_lerp(q0, q1, t):
    np.testing.assert_allclose(
        ql.nlerp(q0, q1, t), ql.normalize(ql.lerp(q0, q1, t)), atol=1e-15
    )


@settings(deadline=None)
@given(unit_quaternions, unit_quaternions)
def test_slerp_against_scipy(q0, q1):
    t = np.linspace(0, 1, 7)
    to_xyzw = [1, 2, 3, 0]  # scipy is scalar-last
    to_wxyz = [3, 0, 1, 2]
    key = Rotation.from_quat(np.stack([q0, q1])[:, to_xyzw])
    theirs = Slerp([0, 1], key)(t).as_quat()[:, to_wxyz]
    assume(abs(ql.dot(q0, q1)) > 1e-9)  # (a half turn: either way round is the short one)
    ours = ql.slerp(q0, q1, t)
    # component by component, sign-agnostically (q and -q are the same rotation): |q·q'| ≈ 1 within 1e-9 would let
    # through an error of 4.5e-5 rad
    apart = np.minimum(np.abs(ours - theirs).max(axis=-1), np.abs(ours + theirs).max(axis=-1))
    assert apart.max() < 1e-11


# -- LERP ---------------------------------------------------------------------------------
def test_lerp_is_the_chord_and_not_unit():
    q1 = about_y(150)
    mid = ql.lerp(ql.IDENTITY, q1, 0.5)
    np.testing.assert_allclose(mid, (ql.IDENTITY + q1) / 2)
    assert ql.norm(mid) == pytest.approx(np.cos(np.radians(75) / 2))
    # evenly spaced along the straight line
    qs = ql.lerp(ql.IDENTITY, q1, T5)
    np.testing.assert_allclose(np.diff(qs, axis=0), np.tile((q1 - ql.IDENTITY) / 4, (4, 1)), atol=1e-15)


def test_lerp_accepts_non_unit_input():
    np.testing.assert_allclose(ql.lerp([2, 0, 0, 0], [0, 0, 4, 0], 0.5), [1, 0, 2, 0])


def test_lerp_shortest_flag():
    q0, q1 = ql.IDENTITY, -about_y(90)
    np.testing.assert_allclose(ql.lerp(q0, q1, 1.0), -q1)
    np.testing.assert_allclose(ql.lerp(q0, q1, 1.0, shortest=False), q1)


# -- broadcasting rule of t -------------------------------------------------------------------
@pytest.mark.parametrize("f", [ql.lerp, ql.nlerp, ql.slerp])
def test_broadcasting_rule(f):
    q0, q1 = ql.IDENTITY, about_y(90)
    assert f(q0, q1, 0.5).shape == (4,)
    assert f(q0, q1, np.linspace(0, 1, 7)).shape == (7, 4)  # a trajectory
    batch0 = np.tile(q0, (3, 1))
    batch1 = ql.quaternion_from_axis_angle(np.eye(3), 1.0)
    assert f(batch0, batch1, 0.5).shape == (3, 4)  # one t for m pairs
    assert f(batch0, batch1, [0.1, 0.2, 0.3]).shape == (3, 4)  # one t per pair
    out = f(batch0, batch1, np.linspace(0, 1, 5)[:, None])  # n times for m pairs
    assert out.shape == (5, 3, 4)
    np.testing.assert_allclose(out[2, 1], f(batch0[1], batch1[1], 0.5))


@pytest.mark.parametrize("f", [ql.lerp, ql.nlerp, ql.slerp])
def test_float32_kept_t_does_not_count(f):
    q0 = np.array([1, 0, 0, 0], np.float32)
    q1 = about_y(90).astype(np.float32)
    assert f(q0, q1, 0.3).dtype == np.float32
    assert f(q0, q1, np.linspace(0, 1, 4)).dtype == np.float32
    assert f(q0, about_y(90), 0.3).dtype == np.float64


# -- corners -----------------------------------------------------------------------------------
def test_identical_inputs_fall_back_to_nlerp_without_nan():
    q = about_y(40)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        out = ql.slerp(q, q, np.linspace(-1, 2, 7))
    np.testing.assert_allclose(out, np.tile(q, (7, 1)), atol=1e-15)


@pytest.mark.parametrize("tiny", [1e-12, 1e-9, 1e-7, 1e-5])
def test_nearly_identical_inputs_are_accurate(tiny):
    q1 = ql.quaternion_from_axis_angle([0, 1, 0], tiny)
    mid = ql.slerp(ql.IDENTITY, q1, 0.5)
    np.testing.assert_allclose(mid, ql.quaternion_from_axis_angle([0, 1, 0], tiny / 2), rtol=0, atol=1e-15)
    assert float(ql.angle_between(ql.IDENTITY, mid)) == pytest.approx(tiny / 2, rel=1e-6)


def test_small_angle_keyword_chooses_the_branch():
    q1 = about_y(2)  # Ω = 1°
    t = 0.25
    arc = ql.slerp(ql.IDENTITY, q1, t)
    chord = ql.slerp(ql.IDENTITY, q1, t, small_angle=np.radians(2))
    np.testing.assert_array_equal(chord, ql.nlerp(ql.IDENTITY, q1, t))
    assert float(ql.angle_between(arc, chord)) > 0  # really the other branch
    np.testing.assert_allclose(arc, chord, atol=1e-6)  # ...and nearly the same


def test_antipodal_with_short_path_is_the_same_orientation():
    q = about_y(70)
    out = ql.slerp(q, -q, np.linspace(0, 1, 5))
    np.testing.assert_allclose(out, np.tile(q, (5, 1)), atol=1e-15)
    np.testing.assert_allclose(ql.nlerp(q, -q, 0.5), q, atol=1e-15)


def test_tie_at_dot_zero_keeps_q1():
    """180° apart, q0·q1 = 0 exactly (``about_y(180)`` has w = 6e-17, not a tie; ``J`` has w = 0): no flip."""
    assert ql.dot(ql.IDENTITY, ql.J) == 0.0
    np.testing.assert_array_equal(ql.slerp(ql.IDENTITY, ql.J, 1.0), ql.J)
    np.testing.assert_array_equal(ql.nlerp(ql.IDENTITY, ql.J, 1.0), ql.J)
    np.testing.assert_array_equal(ql.lerp(ql.IDENTITY, ql.J, 1.0), ql.J)


def test_extrapolation_continues_the_arc():
    q1 = about_y(30)
    assert angles_from_identity(ql.slerp(ql.IDENTITY, q1, 2.0)) == pytest.approx(60)
    assert angles_from_identity(ql.slerp(ql.IDENTITY, q1, -1.0)) == pytest.approx(30)


# -- errors --------------------------------------------------------------------------------------
def test_error_antipodal_slerp_long_path():
    q = about_y(70)
    with pytest.raises(ValueError, match=(r"Expected q1 != -q0 for slerp with shortest=False .* "
                                          r"got q1 = -q0 \(Ω = 180°\)")):
        ql.slerp(q, -q, 0.5, shortest=False)
    with pytest.raises(ValueError, match=r"got q1 = -q0 .* at index \(1,\)"):
        ql.slerp(np.stack([q, q]), np.stack([q, -q]), 0.5, shortest=False)


def test_error_antipodal_nlerp_long_path_through_zero():
    q = about_y(70)
    with pytest.raises(ValueError, match=r"Expected a chord that misses the origin, got \(1 - t\) q0 \+ t q1 = 0"):
        ql.nlerp(q, -q, 0.5, shortest=False)
    # away from t = 0.5 the chord misses 0: a (jumpy) answer, not an error
    np.testing.assert_allclose(ql.nlerp(q, -q, 0.25, shortest=False), q)


@pytest.mark.parametrize("f", [ql.nlerp, ql.slerp])
def test_error_non_unit_input(f):
    with pytest.raises(ValueError, match=(r"Expected unit q0 \(\| \|q0\| - 1 \| <= 0.001; use normalize\), "
                                          r"got \|q0\| = 2")):
        f([2, 0, 0, 0], ql.IDENTITY, 0.5)
    with pytest.raises(ValueError, match=r"Expected unit q1 .* got \|q1\| = 0 at index \(1,\)"):
        f(ql.IDENTITY, [[1, 0, 0, 0], [0, 0, 0, 0]], 0.5)
    # quaternions typed to four decimals are accepted; rtol tightens the check
    f([0.7071, 0, 0.7071, 0], ql.IDENTITY, 0.5)
    with pytest.raises(ValueError, match=r"Expected unit q0 \(\| \|q0\| - 1 \| <= 1e-08"):
        f([0.7071, 0, 0.7071, 0], ql.IDENTITY, 0.5, rtol=1e-8)


@pytest.mark.parametrize("f", [ql.lerp, ql.nlerp, ql.slerp])
def test_error_non_finite_and_shapes(f):
    with pytest.raises(ValueError, match=r"Expected finite quaternion q0, got NaN at index 0"):
        f([np.nan, 0, 0, 0], ql.IDENTITY, 0.5)
    with pytest.raises(ValueError, match=r"Expected finite interpolation parameter t, got \+inf at index 2"):
        f(ql.IDENTITY, ql.IDENTITY, [0, 1, np.inf])
    with pytest.raises(ValueError, match=r"Expected quaternion q1 with shape \(\.\.\., 4\), got \(3,\)"):
        f(ql.IDENTITY, [0, 1, 0], 0.5)
    with pytest.raises(ValueError, match=(r"Expected q0 \(\.\.\., 4\), q1 \(\.\.\., 4\) and t \(\.\.\.\) "
                                          r"with broadcastable leading shapes, got \(3, 4\), \(4,\) and \(5,\)")):
        f(np.tile(ql.IDENTITY, (3, 1)), ql.IDENTITY, np.linspace(0, 1, 5))


def test_error_lerp_overflow():
    big = [1e308, 0, 0, 0]
    np.testing.assert_array_equal(ql.lerp(big, big, 0.5), big)
    with pytest.raises(ValueError, match=r"Expected interpolated quaternion within the float64 range, got an overflow"):
        ql.lerp(big, [-1e308, 0, 0, 0], 3.0, shortest=False)


# --- issue 12: regressions, each named after what broke -------------------------

_Q150 = ql.quaternion_from_axis_angle([0, 1, 0], 150, degrees=True)


@pytest.mark.parametrize("f", [ql.lerp, ql.nlerp, ql.slerp])
def test_empty_t_raised_index_error(f):
    out = f(ql.IDENTITY, _Q150, np.zeros(0))
    assert out.shape == (0, 4)
    assert f(ql.IDENTITY, _Q150, np.zeros((2, 0))).shape == (2, 0, 4)


def test_slerp_extrapolation_left_the_sphere():
    # within the bound the extrapolated arc stays unit
    q = ql.slerp(ql.IDENTITY, _Q150, [-1e6, -3.5, 2.5, 1e6])
    np.testing.assert_allclose(ql.norm(q), 1, atol=1e-9)
    for t in (1e15, -1e7, [0.5, 2e6]):
        with pytest.raises(ValueError, match="Expected interpolation parameter t with \\|t\\| <= 1e\\+06"):
            ql.slerp(ql.IDENTITY, _Q150, t)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"small_angle": np.nan}, "Expected finite small-angle threshold small_angle, got NaN"),
        ({"small_angle": -1}, "Expected a small-angle threshold small_angle >= 0, got -1.0"),
        ({"small_angle": np.inf}, "Expected finite small-angle threshold small_angle, got \\+inf"),
        ({"rtol": 1j}, "Expected tolerance rtol of real numbers, got dtype complex128"),
        ({"rtol": "0.1"}, "Expected tolerance rtol of real numbers, got the string '0.1'"),
        ({"rtol": np.nan}, "Expected finite tolerance rtol, got NaN"),
    ],
)
def test_interpolation_tolerances_nan_negative_complex_accepted(kwargs, message):
    with pytest.raises(ValueError, match=message):
        ql.slerp(ql.IDENTITY, _Q150, 0.5, **kwargs)
    if "rtol" in kwargs:
        with pytest.raises(ValueError, match=message):
            ql.nlerp(ql.IDENTITY, _Q150, 0.5, **kwargs)


def test_slerp_python_int_beyond_float64_gave_dtype_object_error():
    with pytest.raises(ValueError, match="Expected interpolation parameter t within the float64 range"):
        ql.slerp(ql.IDENTITY, _Q150, 10**400)


def test_slerp_of_nearly_equal_inputs_far_outside_0_1_refuses_a_zero_chord_instead_of_nan():
    """SLERP falls back to NLERP for nearly equal inputs; two of slightly different lengths (within rtol) have a
    chord through 0 at some far t, where it used to return NaN. It now refuses, as nlerp does."""
    q0, q1 = [1.0, 0, 0, 0], [1 + 2**-11, 0, 0, 0]
    with pytest.raises(ValueError, match="Expected a chord that misses the origin"):
        ql.slerp(q0, q1, -2048.0)
    with pytest.raises(ValueError, match="Expected a chord that misses the origin"):
        ql.nlerp(q0, q1, -2048.0)
    assert np.isfinite(ql.slerp(q0, q1, [-2047.0, 0.5, 3.0])).all()


def test_interpolation_errors_not_tested_elsewhere():
    """nlerp's chord may overflow (two opposite huge steps), and its tolerance must be a non-negative number."""
    with pytest.raises(ValueError, match=r"Expected interpolated quaternion within the float64 range, got an "
                                         r"overflow"):
        ql.nlerp([1, 0, 0, 0], [-1, 0, 0, 0], 1.7e308, shortest=False)
    with pytest.raises(ValueError, match=r"Expected a tolerance rtol >= 0, got -1\.0"):
        ql.nlerp([1, 0, 0, 0], [0, 1, 0, 0], 0.5, rtol=-1)
