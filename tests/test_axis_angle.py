"""Axis-angle (quatlib/_axis_angle.py): q = cos(θ/2) + sin(θ/2) n, and back."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import quatlib as ql

# Property tests run with deadline=None: timings swing on a shared 2-core machine.
EPS = np.finfo(np.float64).eps
S = math.sqrt(0.5)

axes = arrays(np.float64, 3, elements=st.floats(-10, 10, allow_subnormal=False)).filter(
    lambda n: np.linalg.norm(n) > 1e-3
)
wide_axes = arrays(np.float64, 3, elements=st.floats(-1e300, 1e300)).filter(lambda n: np.any(n != 0))
open_turns = st.floats(1e-6, 2 * math.pi - 1e-6)  # (0, 2π): axis and angle both defined
angles = st.floats(-20, 20, allow_nan=False)


# --- closed forms ------------------------------------------------------------


@pytest.mark.parametrize(
    "axis, degrees, expected",
    [
        ([0, 1, 0], 90, [S, 0, S, 0]),  # the course's first quaternion
        ([0, 0, 1], 90, [S, 0, 0, S]),
        ([1, 0, 0], 180, [0, 1, 0, 0]),  # i
        ([0, 1, 0], 180, [0, 0, 1, 0]),  # j
        ([0, 0, 1], 180, [0, 0, 0, 1]),  # k
        ([0, 1, 0], 360, [-1, 0, 0, 0]),  # the half angle: 360° is -1
        ([0, 1, 0], 720, [1, 0, 0, 0]),  # ... and only 720° is +1
        ([0, 1, 0], 0, [1, 0, 0, 0]),
        ([0, 1, 0], -90, [S, 0, -S, 0]),
        ([0, 5, 0], 90, [S, 0, S, 0]),  # the axis length does not matter
        ([1, 1, 1], 120, [0.5, 0.5, 0.5, 0.5]),
    ],
)
def test_quaternion_from_axis_angle_closed_forms(axis, degrees, expected):
    np.testing.assert_allclose(ql.quaternion_from_axis_angle(axis, degrees, degrees=True), expected, atol=2 * EPS)
    np.testing.assert_allclose(
        ql.quaternion_from_axis_angle(axis, math.radians(degrees)), expected, atol=2 * EPS
    )
    batch = ql.quaternion_from_axis_angle(np.array([axis, axis]), degrees, degrees=True)
    np.testing.assert_allclose(batch, [expected, expected], atol=2 * EPS)


def test_ninety_about_y_numbers():
    q = ql.quaternion_from_axis_angle([0, 1, 0], 90, degrees=True)
    np.testing.assert_allclose(q, [0.7071, 0, 0.7071, 0], atol=1e-4)
    assert q[0] == pytest.approx(math.cos(math.pi / 4), abs=EPS)


@pytest.mark.parametrize(
    "q, axis, angle",
    [
        ([S, 0, S, 0], [0, 1, 0], 90),
        ([0, 1, 0, 0], [1, 0, 0], 180),
        ([0.5, 0.5, 0.5, 0.5], np.ones(3) / math.sqrt(3), 120),
        ([-S, 0, S, 0], [0, 1, 0], 270),  # sign kept: -q reads as 360° - θ about -n
        ([2 * S, 0, 2 * S, 0], [0, 1, 0], 90),  # non-unit q
        ([1, 0, 0, 0], [1, 0, 0], 0),  # identity: the documented axis x
        ([-1, 0, 0, 0], [1, 0, 0], 360),  # a full turn: axis x, 360°
        ([3, 0, 0, 0], [1, 0, 0], 0),
    ],
)
def test_axis_angle_from_quaternion_closed_forms(q, axis, angle):
    n, theta = ql.axis_angle_from_quaternion(q, degrees=True)
    np.testing.assert_allclose(n, axis, atol=2 * EPS)
    assert theta == pytest.approx(angle, abs=1e-12)
    n2, theta2 = ql.axis_angle_from_quaternion(np.array([q]))
    np.testing.assert_allclose(n2[0], axis, atol=2 * EPS)
    assert theta2[0] == pytest.approx(math.radians(angle), abs=1e-14)


def test_tiny_angle_is_accurate():
    """2 arctan2(|v|, w): a 1e-9 rad turn is read back as 1e-9, not 0 (arccos would)."""
    q = ql.quaternion_from_axis_angle([0, 1, 0], 1e-9)
    n, theta = ql.axis_angle_from_quaternion(q)
    assert theta == pytest.approx(1e-9, rel=1e-14)
    np.testing.assert_array_equal(n, [0, 1, 0])
    n, theta = ql.axis_angle_from_quaternion([1, 1e-170, 0, 0])  # |v|² underflows
    assert theta == pytest.approx(2e-170, rel=1e-14)
    np.testing.assert_array_equal(n, [1, 0, 0])


def test_near_full_turn():
    q = ql.quaternion_from_axis_angle([0, 0, 1], 2 * math.pi - 1e-9)
    n, theta = ql.axis_angle_from_quaternion(q)
    assert theta == pytest.approx(2 * math.pi - 1e-9, rel=1e-15)
    np.testing.assert_allclose(n, [0, 0, 1], atol=1e-6)


# --- round trips and laws --------------------------------------------------------


@settings(deadline=None)
@given(axes, open_turns)
def test_round_trip(axis, angle):
    n = axis / np.linalg.norm(axis)
    q = ql.quaternion_from_axis_angle(axis, angle)
    assert abs(ql.norm(q) - 1) < 4 * EPS
    n_back, angle_back = ql.axis_angle_from_quaternion(q)
    assert angle_back == pytest.approx(angle, abs=1e-13)
    np.testing.assert_allclose(n_back, n, atol=1e-13 / min(angle, 2 * math.pi - angle))


@settings(deadline=None)
@given(axes, angles)
def test_formula(axis, angle):
    """q = (cos(θ/2), sin(θ/2) n)."""
    n = axis / np.linalg.norm(axis)
    q = ql.quaternion_from_axis_angle(axis, angle)
    np.testing.assert_allclose(q, np.concatenate([[math.cos(angle / 2)], math.sin(angle / 2) * n]), atol=4 * EPS)
    np.testing.assert_allclose(ql.quaternion_from_axis_angle(axis, math.degrees(angle), degrees=True), q, atol=1e-14)


@settings(deadline=None)
@given(axes, angles)
def test_axis_is_fixed_and_right_hand_rule(axis, angle):
    n = axis / np.linalg.norm(axis)
    q = ql.quaternion_from_axis_angle(axis, angle)
    np.testing.assert_allclose(ql.rotate_vector(q, n), n, atol=1e-14)
    # a vector perpendicular to n turns by θ, counter-clockwise seen from the tip of n
    p = np.cross(n, [1.0, 0, 0]) if abs(n[0]) < 0.9 else np.cross(n, [0, 1.0, 0])
    p /= np.linalg.norm(p)
    turned = ql.rotate_vector(q, p)
    cos_t, sin_t = np.dot(p, turned), np.dot(np.cross(p, turned), n)
    np.testing.assert_allclose([cos_t, sin_t], [math.cos(angle), math.sin(angle)], atol=1e-13)


@settings(deadline=None)
@given(axes, open_turns)
def test_negated_quaternion_reads_the_other_way_round(axis, angle):
    q = ql.quaternion_from_axis_angle(axis, angle)
    n, theta = ql.axis_angle_from_quaternion(q)
    n_neg, theta_neg = ql.axis_angle_from_quaternion(-q)
    assert theta_neg == pytest.approx(2 * math.pi - theta, abs=1e-13)
    np.testing.assert_allclose(n_neg, -n, atol=1e-12 / min(angle, 2 * math.pi - angle))


@settings(deadline=None)
@given(axes, st.floats(-10, 10), st.floats(-10, 10))
def test_turns_about_one_axis_add(axis, a, b):
    qa = ql.quaternion_from_axis_angle(axis, a)
    qb = ql.quaternion_from_axis_angle(axis, b)
    np.testing.assert_allclose(ql.multiply(qa, qb), ql.quaternion_from_axis_angle(axis, a + b), atol=1e-13)


@settings(deadline=None)
@given(axes, angles)
def test_exp_of_half_angle_axis(axis, angle):
    """exp((θ/2) n) = cos(θ/2) + sin(θ/2) n."""
    n = axis / np.linalg.norm(axis)
    q = ql.quaternion_from_axis_angle(axis, angle)
    np.testing.assert_allclose(ql.exp(np.concatenate([[0.0], angle / 2 * n])), q, atol=1e-14)


@settings(deadline=None)
@given(wide_axes, angles)
def test_any_finite_non_zero_axis(axis, angle):
    """From subnormal to 1e300: the axis is scaled to unit length without over/underflow."""
    q = ql.quaternion_from_axis_angle(axis, angle)
    assert abs(ql.norm(q) - 1) < 4 * EPS
    qb = ql.quaternion_from_axis_angle(axis[None], angle)[0]
    np.testing.assert_allclose(qb, q, atol=4 * EPS)


def test_extreme_axes():
    np.testing.assert_allclose(ql.quaternion_from_axis_angle([1e-200, 0, 0], math.pi), [0, 1, 0, 0], atol=EPS)
    np.testing.assert_allclose(ql.quaternion_from_axis_angle([[0, 0, 5e-324]], math.pi), [[0, 0, 0, 1]], atol=EPS)
    # Regression: math.hypot of subnormals is itself subnormal (few digits), so the
    # "unit" axis came out 3% long (in the old Python-float path for one axis).
    np.testing.assert_allclose(ql.quaternion_from_axis_angle([5e-324, 5e-324, 0], math.pi), [0, S, S, 0], atol=EPS)
    np.testing.assert_allclose(ql.normalize([5e-324, 5e-324, 0, 0]), [S, S, 0, 0], atol=EPS)
    big = np.finfo(np.float64).max
    q = ql.quaternion_from_axis_angle([big, big, big], 2 * math.pi / 3)
    np.testing.assert_allclose(q, [0.5, 0.5, 0.5, 0.5], atol=4 * EPS)
    n, theta = ql.axis_angle_from_quaternion([0, big, big, 0])  # |v| exceeds the range
    np.testing.assert_allclose(n, [S, S, 0], atol=EPS)
    assert theta == pytest.approx(math.pi)


# --- shapes, broadcasting, dtypes -------------------------------------------------


@pytest.mark.parametrize(
    "axis_shape, angle_shape, out_shape",
    [
        ((3,), (), (4,)),
        ((5, 3), (), (5, 4)),
        ((3,), (5,), (5, 4)),
        ((5, 3), (5,), (5, 4)),
        ((2, 1, 3), (4,), (2, 4, 4)),
        ((0, 3), (), (0, 4)),
    ],
)
def test_from_axis_angle_broadcasts(axis_shape, angle_shape, out_shape):
    rng = np.random.default_rng(0)
    axis = rng.normal(size=axis_shape)
    angle = rng.normal(size=angle_shape)
    out = ql.quaternion_from_axis_angle(axis, angle)
    assert out.shape == out_shape
    ab = np.broadcast_to(axis, out_shape[:-1] + (3,))
    tb = np.broadcast_to(angle, out_shape[:-1])
    for idx in np.ndindex(out_shape[:-1]):
        np.testing.assert_allclose(out[idx], ql.quaternion_from_axis_angle(ab[idx], float(tb[idx])), atol=4 * EPS)


def test_axis_angle_from_quaternion_shapes():
    rng = np.random.default_rng(1)
    n, theta = ql.axis_angle_from_quaternion(rng.normal(size=(2, 3, 4)))
    assert n.shape == (2, 3, 3) and theta.shape == (2, 3)
    np.testing.assert_allclose(np.linalg.norm(n, axis=-1), 1, atol=4 * EPS)
    n, theta = ql.axis_angle_from_quaternion(np.array([[1.0, 0, 0, 0], [0, 0, 2, 0], [-1, 0, 0, 0]]))
    np.testing.assert_array_equal(n, [[1, 0, 0], [0, 1, 0], [1, 0, 0]])
    np.testing.assert_allclose(theta, [0, math.pi, 2 * math.pi])


def test_float32():
    f32 = np.float32
    axis = np.array([0, 1, 0], dtype=f32)
    assert ql.quaternion_from_axis_angle(axis, 0.5).dtype == f32  # Python number is weak
    assert ql.quaternion_from_axis_angle(axis, f32(0.5)).dtype == f32
    assert ql.quaternion_from_axis_angle(axis[None], np.array([0.5, 1.0], dtype=f32)).dtype == f32
    assert ql.quaternion_from_axis_angle(axis[None], 90, degrees=True).dtype == f32
    assert ql.quaternion_from_axis_angle(axis, np.array(0.5)).dtype == np.float64  # float64 array
    assert ql.quaternion_from_axis_angle([0, 1, 0], f32(0.5)).dtype == np.float64  # int list -> float64
    n, theta = ql.axis_angle_from_quaternion(np.array([S, 0, S, 0], dtype=f32))
    assert n.dtype == f32 and theta.dtype == f32
    q = ql.quaternion_from_axis_angle(axis, 90, degrees=True)
    np.testing.assert_allclose(q, [S, 0, S, 0], rtol=1e-6)


# --- errors ------------------------------------------------------------------------


def test_errors():
    with pytest.raises(ValueError, match="Expected non-zero rotation axis, got zero length$"):
        ql.quaternion_from_axis_angle([0, 0, 0], 1.0)
    with pytest.raises(ValueError, match=r"Expected non-zero rotation axis, got zero length at index \(1,\)"):
        ql.quaternion_from_axis_angle([[0, 1, 0], [0, 0, 0]], 1.0)
    with pytest.raises(ValueError, match="Expected finite rotation axis, got NaN at index 0"):
        ql.quaternion_from_axis_angle([math.nan, 0, 0], 1.0)
    with pytest.raises(ValueError, match="Expected finite rotation angle, got NaN$"):
        ql.quaternion_from_axis_angle([0, 1, 0], math.nan)
    with pytest.raises(ValueError, match=r"Expected finite rotation angle, got \+inf at index 1"):
        ql.quaternion_from_axis_angle([0, 1, 0], [0.0, math.inf])
    with pytest.raises(ValueError, match=r"Expected rotation axis with shape \(\.\.\., 3\), got \(4,\)"):
        ql.quaternion_from_axis_angle([0, 1, 0, 0], 1.0)
    with pytest.raises(ValueError, match="Expected rotation angle of real numbers, got dtype <U2"):
        ql.quaternion_from_axis_angle([0, 1, 0], "90")
    with pytest.raises(ValueError, match="Expected non-zero quaternion, got zero length$"):
        ql.axis_angle_from_quaternion([0, 0, 0, 0])
    # non-finite is reported before zero, on every path
    for axis in ([0, 0, 0], [[0, 0, 0]]):
        with pytest.raises(ValueError, match="Expected finite rotation angle, got NaN"):
            ql.quaternion_from_axis_angle(axis, math.nan)
    with pytest.raises(ValueError, match="Expected finite quaternion, got NaN at index 2"):
        ql.axis_angle_from_quaternion([1, 0, math.nan, 0])
    with pytest.raises(ValueError):
        ql.quaternion_from_axis_angle(np.ones((2, 3)), np.ones(3))  # leading axes clash


# --- issue 12: regressions, each named after what broke -------------------------


def test_axis_angle_of_subnormal_quaternion_was_not_unit():
    axis, angle = ql.axis_angle_from_quaternion([-5e-324] * 4, degrees=True)
    np.testing.assert_allclose(axis, [-1 / math.sqrt(3)] * 3, rtol=1e-15)
    assert angle == pytest.approx(240.0, abs=1e-12)
    axes, angles = ql.axis_angle_from_quaternion([[-5e-324] * 4, [1e308, 1e308, 0, 0]], degrees=True)
    np.testing.assert_allclose(axes, [[-1 / math.sqrt(3)] * 3, [1, 0, 0]], rtol=1e-15)
    np.testing.assert_allclose(angles, [240.0, 90.0], rtol=1e-14)


@pytest.mark.parametrize("as_array", [False, True])
def test_huge_degrees_lost_everything_in_axis_angle(as_array):
    def q(angle):
        return ql.quaternion_from_axis_angle([0, 0, 1], np.array(angle) if as_array else angle, degrees=True)

    np.testing.assert_array_equal(q(720 * 2**50), ql.IDENTITY)  # 31.6° from +1 before
    np.testing.assert_allclose(q(720.0 * 2**40 + 360), -ql.IDENTITY, atol=1e-15)
    np.testing.assert_allclose(q(720.0 * 10**10 + 90), q(90.0), atol=1e-15)  # error > 1e-6 before
    np.testing.assert_array_equal(q(123.25), ql.quaternion_from_axis_angle([0, 0, 1], math.radians(123.25)))


def test_axis_angle_python_int_beyond_float64_raised_overflow_error():
    for axis in ([0, 0, 1], [[0, 0, 1]]):
        with pytest.raises(ValueError, match="Expected rotation angle within the float64 range"):
            ql.quaternion_from_axis_angle(axis, 10**400)
        with pytest.raises(ValueError, match="Expected rotation angle within the float64 range"):
            ql.quaternion_from_axis_angle(axis, 10**400, degrees=True)
