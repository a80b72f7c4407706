"""Each convention stated in the quatlib package docstring, checked as written.

One test per bullet of ``quatlib.__doc__``, in the same order, against numbers
worked out by hand (not round trips): the algebra, rotation and axis-angle
conventions, then the matrix and Euler bullets at the end of this file.
"""

import math

import numpy as np
import pytest

import quatlib as ql

EPS = np.finfo(np.float64).eps
S = math.sqrt(0.5)
X, Y, Z = np.eye(3)


def test_the_docstring_states_what_is_tested_here():
    doc = ql.__doc__
    for formula in (
        "q = (w, x, y, z) = w + x i + y j + z k",
        "i² = j² = k² = ijk = -1",
        "q = cos(θ/2) + sin(θ/2) n",
        "rotate_vector(q, v) = q v q⁻¹",
        "q⁻¹ = q* / |q|²",
        "rotate_vector(p q, v) = rotate_vector(p, rotate_vector(q, v))",
        "satisfies ``R @ v = rotate_vector(q, v)``",
        "its columns are the images of the x, y and z axes",
        "``R = Ry(yaw) · Rx(pitch) · Rz(roll)``: roll is applied first, yaw last",
        "``pitch = ±90°``",
        "float32 input gives float32 output",
        "a matrix that is",
    ):
        assert formula in doc, formula


# * A quaternion is a float array of shape (..., 4), scalar first:
#   q = (w, x, y, z) = w + x i + y j + z k.  Vectors are (..., 3) arrays (x, y, z).
#   Every function broadcasts over the leading axes.


def test_scalar_first():
    q = ql.quaternion_from_axis_angle([0, 0, 1], 1.0)
    assert q[0] == pytest.approx(math.cos(0.5))  # w comes first
    assert q[3] == pytest.approx(math.sin(0.5))  # then x, y, z: z last
    np.testing.assert_array_equal(ql.IDENTITY, [1, 0, 0, 0])
    # w + x i + y j + z k: the components multiply as the units i, j, k do
    q = np.array([1.0, 2.0, 3.0, 4.0])
    expected = q[0] * ql.IDENTITY + q[1] * ql.I + q[2] * ql.J + q[3] * ql.K
    np.testing.assert_array_equal(q, expected)
    # (1 + 2i + 3j + 4k) i = i + 2i² + 3ji + 4ki = -2 + i + 4j - 3k
    np.testing.assert_array_equal(ql.multiply(q, ql.I), -2 * ql.IDENTITY + ql.I + 4 * ql.J - 3 * ql.K)


def test_float_arrays_and_broadcasting_over_leading_axes():
    rng = np.random.default_rng(0)
    q = rng.normal(size=(2, 1, 4))
    v = rng.normal(size=(5, 3))
    assert ql.rotate_vector(q, v).shape == (2, 5, 3)
    assert ql.multiply(q, rng.normal(size=(5, 4))).shape == (2, 5, 4)
    assert ql.norm(q).shape == (2, 1)
    assert ql.quaternion_from_axis_angle(v, rng.normal(size=(2, 1))).shape == (2, 5, 4)
    assert ql.multiply([1, 0, 0, 0], [0, 1, 0, 0]).dtype == np.float64  # ints in, floats out


# * Hamilton's product: i² = j² = k² = ijk = -1, so ij = k, jk = i, ki = j.


def test_hamilton_product():
    minus_one = -ql.IDENTITY
    i, j, k = ql.I, ql.J, ql.K
    for unit in (i, j, k):
        np.testing.assert_array_equal(ql.multiply(unit, unit), minus_one)
    np.testing.assert_array_equal(ql.multiply(ql.multiply(i, j), k), minus_one)
    np.testing.assert_array_equal(ql.multiply(i, j), k)
    np.testing.assert_array_equal(ql.multiply(j, k), i)
    np.testing.assert_array_equal(ql.multiply(k, i), j)


# * Axes are right-handed with Y up.  A positive angle turns counter-clockwise
#   seen from the tip of the axis.


@pytest.mark.parametrize(
    "axis, start, end",
    [
        (Z, X, Y),  # about z: x -> y
        (X, Y, Z),  # about x: y -> z
        (Y, Z, X),  # about y: z -> x
    ],
)
def test_positive_quarter_turn_is_counter_clockwise(axis, start, end):
    q = ql.quaternion_from_axis_angle(axis, 90, degrees=True)
    np.testing.assert_allclose(ql.rotate_vector(q, start), end, atol=2 * EPS)
    # right-handed: start × end = axis
    np.testing.assert_array_equal(np.cross(start, end), axis)


def test_y_up_example_from_the_docstring():
    q = ql.quaternion_from_axis_angle([0, 1, 0], 90, degrees=True)
    np.testing.assert_allclose(q, [0.7071, 0, 0.7071, 0], atol=1e-4)
    np.testing.assert_allclose(ql.rotate_vector(q, [1, 0, 0]), [0, 0, -1], atol=2 * EPS)


# * Rotations are active: they move vectors, the axes stay put.


def test_rotations_are_active():
    q = ql.quaternion_from_axis_angle(Z, 30, degrees=True)
    moved = ql.rotate_vector(q, X)
    # the vector moved to 30° in the xy-plane (a passive rotation would give -30°)
    np.testing.assert_allclose(moved, [math.cos(math.pi / 6), math.sin(math.pi / 6), 0], atol=2 * EPS)


# * A turn by θ about the unit axis n is q = cos(θ/2) + sin(θ/2) n.


@pytest.mark.parametrize("theta", [0.0, 0.3, math.pi / 2, math.pi, 4.0, 2 * math.pi, -1.0])
def test_half_angle_formula(theta):
    n = np.array([2.0, -1.0, 2.0]) / 3.0
    expected = np.concatenate([[math.cos(theta / 2)], math.sin(theta / 2) * n])
    np.testing.assert_allclose(ql.quaternion_from_axis_angle(n, theta), expected, atol=2 * EPS)
    axis, angle = ql.axis_angle_from_quaternion(expected)
    if 0 < theta < 2 * math.pi:
        np.testing.assert_allclose(axis, n, atol=1e-15)
        assert angle == pytest.approx(theta)


# * rotate_vector(q, v) = q v q⁻¹ with v as the pure quaternion (0, v) and
#   q⁻¹ = q* / |q|².


def test_rotate_vector_is_the_sandwich():
    q = np.array([1.0, 2.0, 3.0, 4.0])  # not unit: |q|² = 30
    v = np.array([0.5, -1.0, 2.0])
    sandwich = ql.multiply(ql.multiply(q, np.concatenate([[0.0], v])), ql.inverse(q))
    assert sandwich[0] == pytest.approx(0, abs=1e-15)  # a pure quaternion again
    np.testing.assert_allclose(ql.rotate_vector(q, v), sandwich[1:], atol=4 * EPS)


def test_inverse_is_conjugate_over_squared_norm():
    q = np.array([1.0, 2.0, 3.0, 4.0])
    np.testing.assert_allclose(ql.inverse(q), np.array([1, -2, -3, -4]) / 30, rtol=EPS)
    np.testing.assert_array_equal(ql.conjugate(q), [1, -2, -3, -4])
    assert ql.norm(q) ** 2 == pytest.approx(30, rel=EPS)


# * multiply(p, q) = p q applies q first, then p.


def test_multiply_applies_the_right_factor_first():
    p = ql.quaternion_from_axis_angle(X, 90, degrees=True)  # second: about x
    q = ql.quaternion_from_axis_angle(Z, 90, degrees=True)  # first: about z
    # x --(z, 90°)--> y --(x, 90°)--> z
    np.testing.assert_allclose(ql.rotate_vector(ql.multiply(p, q), X), Z, atol=4 * EPS)
    np.testing.assert_allclose(ql.rotate_vector(p, ql.rotate_vector(q, X)), Z, atol=4 * EPS)
    # the other order takes x elsewhere: x --(x)--> x --(z)--> y
    np.testing.assert_allclose(ql.rotate_vector(ql.multiply(q, p), X), Y, atol=4 * EPS)


# * Numbers are never rescaled behind your back: only normalize changes a
#   quaternion's length, and float32 input gives float32 output.


def test_nothing_but_normalize_changes_length():
    q = np.array([1.0, 2.0, 3.0, 4.0])
    assert ql.norm(ql.multiply(q, q)) == pytest.approx(30.0)  # |q|², not 1
    assert ql.norm(ql.conjugate(q)) == pytest.approx(math.sqrt(30))
    assert ql.norm(ql.power(q, 2)) == pytest.approx(30.0)
    assert ql.norm(ql.normalize(q)) == pytest.approx(1.0)
    keep = q.copy()
    ql.rotate_vector(q, [1, 0, 0])
    np.testing.assert_array_equal(q, keep)  # the input is never modified
    assert np.linalg.norm(ql.rotate_vector(q, [3.0, 4.0, 0.0])) == pytest.approx(5.0)  # vectors keep theirs


@pytest.mark.parametrize(
    "call",
    [
        lambda f: ql.multiply(f([1, 2, 3, 4]), f([0, 1, 0, 0])),
        lambda f: ql.conjugate(f([1, 2, 3, 4])),
        lambda f: ql.inverse(f([1, 2, 3, 4])),
        lambda f: ql.norm(f([1, 2, 3, 4])),
        lambda f: ql.normalize(f([1, 2, 3, 4])),
        lambda f: ql.dot(f([1, 2, 3, 4]), f([1, 2, 3, 4])),
        lambda f: ql.exp(f([0.1, 0.2, 0.3, 0.4])),
        lambda f: ql.log(f([1, 2, 3, 4])),
        lambda f: ql.power(f([1, 2, 3, 4]), 0.5),
        lambda f: ql.rotate_vector(f([1, 2, 3, 4]), f([1, 0, 0])),
        lambda f: ql.rotate_vector(f([[1, 2, 3, 4]]), f([[1, 0, 0]])),
        lambda f: ql.rotate_vector(f([1, 2, 3, 4]), f([[1, 0, 0]])),
        lambda f: ql.angle_between(f([1, 2, 3, 4]), f([1, 0, 0, 0])),
        lambda f: ql.quaternion_from_axis_angle(f([0, 1, 0]), 0.5),
        lambda f: ql.quaternion_from_axis_angle(f([[0, 1, 0]]), f([0.5])),
        lambda f: ql.axis_angle_from_quaternion(f([1, 2, 3, 4]))[0],
        lambda f: ql.axis_angle_from_quaternion(f([1, 2, 3, 4]))[1],
    ],
)
def test_float32_in_float32_out(call):
    assert call(lambda x: np.asarray(x, dtype=np.float32)).dtype == np.float32
    assert call(lambda x: np.asarray(x, dtype=np.float64)).dtype == np.float64


# * Bad input (wrong shape, NaN or inf, a zero quaternion or axis) raises
#   ValueError saying what was expected and what was got.


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: ql.normalize([1, 0, 0]), r"Expected quaternion with shape \(\.\.\., 4\), got \(3,\)"),
        (lambda: ql.normalize([math.nan, 0, 0, 0]), "Expected finite quaternion, got NaN at index 0"),
        (lambda: ql.normalize([0, math.inf, 0, 0]), r"Expected finite quaternion, got \+inf at index 1"),
        (lambda: ql.normalize([0, 0, 0, 0]), "Expected non-zero quaternion, got zero length"),
        (lambda: ql.quaternion_from_axis_angle([0, 0, 0], 1), "Expected non-zero rotation axis, got zero length"),
        (lambda: ql.rotate_vector([1, 0, 0, 0], [1, 0]), r"Expected vector with shape \(\.\.\., 3\), got \(2,\)"),
    ],
)
def test_bad_input_raises_expected_got(call, message):
    with pytest.raises(ValueError, match=message):
        call()


# ---------------------------------------------------------------------------
# Matrix and Euler conventions
# ---------------------------------------------------------------------------

# * R = matrix_from_quaternion(q) satisfies R @ v = rotate_vector(q, v); its columns are the images of the x, y
#   and z axes.

QUARTER_Y = np.array([[0, 0, 1], [0, 1, 0], [-1, 0, 0]])  # x -> -z, y stays, z -> x (worked out by hand)
CYCLE = np.array([[0, 0, 1], [1, 0, 0], [0, 1, 0]])  # 120° about (1, 1, 1)/√3: x -> y -> z -> x


@pytest.mark.parametrize(("q", "R"), [
    (ql.quaternion_from_axis_angle([0, 1, 0], 90, degrees=True), QUARTER_Y),
    (np.array([0.5, 0.5, 0.5, 0.5]), CYCLE),  # cos 60° + sin 60° (1, 1, 1)/√3
])
def test_matrix_columns_are_the_images_of_the_axes(q, R):
    np.testing.assert_allclose(ql.matrix_from_quaternion(q), R, atol=4 * EPS)
    for k, axis in enumerate((X, Y, Z)):
        np.testing.assert_allclose(ql.rotate_vector(q, axis), R[:, k], atol=4 * EPS)
    v = np.array([0.3, -1.2, 2.0])
    np.testing.assert_allclose(ql.matrix_from_quaternion(q) @ v, ql.rotate_vector(q, v), atol=8 * EPS)


# * Euler angles are (yaw, pitch, roll) = (about Y, about X, about Z) with R = Ry(yaw) · Rx(pitch) · Rz(roll): roll
#   is applied first, yaw last.  Gimbal lock is at pitch = ±90°.


def _turn(axis, degrees):
    """A turn about a world axis, written from cos and sin (not from quatlib)."""
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    return {"x": np.array([[1, 0, 0], [0, c, -s], [0, s, c]]), "y": np.array([[c, 0, s], [0, 1, 0], [-s, 0, c]]),
            "z": np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])}[axis]


@pytest.mark.parametrize("yaw, pitch, roll", [(30, 0, 0), (0, 40, 0), (0, 0, 50), (30, 40, 50), (-120, 75, 200)])
def test_euler_order_is_yaw_pitch_roll_about_y_x_z(yaw, pitch, roll):
    R = _turn("y", yaw) @ _turn("x", pitch) @ _turn("z", roll)
    np.testing.assert_allclose(ql.matrix_from_euler(yaw, pitch, roll, degrees=True), R, atol=8 * EPS)
    q = ql.quaternion_from_euler(yaw, pitch, roll, degrees=True)
    np.testing.assert_allclose(ql.matrix_from_quaternion(q), R, atol=8 * EPS)


def test_roll_is_applied_first_and_yaw_last():
    """Yaw 90° then nothing else sends x to -z; with roll 90° first, x goes to y, which pitch 0 and yaw keep."""
    np.testing.assert_allclose(ql.matrix_from_euler(90, 0, 0, degrees=True) @ X, -Z, atol=4 * EPS)
    np.testing.assert_allclose(ql.matrix_from_euler(90, 0, 90, degrees=True) @ X, Y, atol=4 * EPS)
    # pitch 90° lifts the nose: z (toward the viewer) goes to -y, y goes to z
    np.testing.assert_allclose(ql.matrix_from_euler(0, 90, 0, degrees=True) @ Y, Z, atol=4 * EPS)


@pytest.mark.parametrize("pitch", [90, -90])
def test_gimbal_lock_is_at_pitch_plus_minus_90(pitch):
    assert ql.euler_jacobian_rank(20, pitch, 30, degrees=True) == 2
    assert ql.euler_jacobian_rank(20, pitch * 0.99, 30, degrees=True) == 3


# * Bad input ... a matrix that is not a rotation raises ValueError saying what was expected and what was got.


@pytest.mark.parametrize("M", [np.diag([-1.0, 1, 1]), 2 * np.eye(3), np.array([[1.0, 1, 0], [0, 1, 0], [0, 0, 1]])])
def test_a_matrix_that_is_not_a_rotation_raises(M):
    with pytest.raises(ValueError, match=r"Expected a rotation matrix"):
        ql.quaternion_from_matrix(M)

