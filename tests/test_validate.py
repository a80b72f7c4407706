"""The validation gate (quatlib/_validate.py): types, shapes, finiteness, zero, dtypes.

Every message is "Expected <what>, got <what was given>"; NaN is reported as NaN
(never as "zero"), and the checks run in a fixed order: shape, finiteness, zero.
"""

import math
import re

import numpy as np
import pytest

import quatlib as ql
from quatlib import _validate as V

NAN, INF = math.nan, math.inf


# --- types and dtypes --------------------------------------------------------


@pytest.mark.parametrize(
    "x, dtype",
    [
        ([1, 0, 0, 0], np.float64),  # int list
        (np.array([1, 0, 0, 0], dtype=np.int32), np.float64),
        (np.array([1, 0, 0, 0], dtype=np.uint8), np.float64),
        (np.array([True, False, False, False]), np.float64),
        (np.array([1, 0, 0, 0], dtype=np.float16), np.float64),
        (np.array([1, 0, 0, 0], dtype=np.longdouble), np.float64),
        (np.array([1, 0, 0, 0], dtype=np.float32), np.float32),
        (np.array([1, 0, 0, 0], dtype=np.float64), np.float64),
    ],
)
def test_dtypes_become_float32_or_float64(x, dtype):
    assert V.as_quaternion(x).dtype == dtype


def test_float_arrays_pass_through_unchanged():
    """The gate neither copies nor rescales a valid float array."""
    q = np.array([[2.0, 0.0, 0.0, 0.0]])
    assert V.as_quaternion(q) is q
    q32 = q.astype(np.float32)
    assert V.as_quaternion(q32) is q32


def test_byte_swapped_input_is_read_correctly():
    """Regression: a big-endian array viewed as complex inside the product gave garbage."""
    p = np.array([[1.0, 2.0, 3.0, 4.0]] * 3, dtype=">f8")
    q = np.array([0.5, -0.5, 0.5, -0.5], dtype=">f8")
    expected = ql.multiply(p.astype(np.float64), q.astype(np.float64))
    np.testing.assert_array_equal(ql.multiply(p, q), expected)
    assert V.as_quaternion(p).dtype.isnative


@pytest.mark.parametrize(
    "bad, got",
    [
        ([1, 2, 3, 4j], "got dtype complex128"),
        (np.array([1, 0, 0, 0], dtype=np.complex64), "got dtype complex64"),
        ("abcd", "got dtype <U4"),
        (["1", "0", "0", "0"], "got dtype <U1"),
        ([1, None, 0, 0], "got dtype object"),
        (np.array(["2020-01-01"] * 4, dtype="datetime64[D]"), "got dtype datetime64"),
    ],
)
def test_non_real_input_is_rejected(bad, got):
    with pytest.raises(ValueError, match=r"Expected quaternion of real numbers, " + got):
        ql.normalize(bad)


def test_ragged_input_is_rejected_with_our_message():
    """Regression: numpy's own 'inhomogeneous shape' error leaked out."""
    with pytest.raises(ValueError, match=r"Expected quaternion p as a regular array .* ragged"):
        ql.multiply([[1, 2, 3, 4], [1, 2, 3]], [1, 0, 0, 0])


# --- shapes ------------------------------------------------------------------


@pytest.mark.parametrize(
    "func, args, message",
    [
        (ql.normalize, ([1, 0, 0],), r"Expected quaternion with shape \(\.\.\., 4\), got \(3,\)"),
        (ql.normalize, (1.0,), r"Expected quaternion with shape \(\.\.\., 4\), got \(\)"),
        (ql.normalize, (np.ones((4, 3)),), r"got \(4, 3\)"),
        (ql.multiply, ([1, 0, 0], [1, 0, 0, 0]), r"Expected quaternion p with shape .*got \(3,\)"),
        (ql.multiply, ([1, 0, 0, 0], [1, 0]), r"Expected quaternion q with shape .*got \(2,\)"),
        (ql.rotate_vector, ([1, 0, 0, 0], [1, 0, 0, 0]), r"Expected vector with shape \(\.\.\., 3\), got \(4,\)"),
        (ql.quaternion_from_axis_angle, ([0, 1], 1.0), r"Expected rotation axis with shape \(\.\.\., 3\), got \(2,\)"),
    ],
)
def test_wrong_shape_message(func, args, message):
    with pytest.raises(ValueError, match=message):
        func(*args)


def test_incompatible_leading_axes_raise_valueerror():
    with pytest.raises(ValueError):
        ql.multiply(np.ones((2, 4)), np.ones((3, 4)))


def test_as_matrix_shape_message():
    with pytest.raises(ValueError, match=r"Expected rotation matrix with shape \(\.\.\., 3, 3\), got \(3, 4\)"):
        V.as_matrix(np.ones((3, 4)))


# --- finiteness: NaN is NaN, inf is inf, with the index -----------------------


@pytest.mark.parametrize(
    "q, got",
    [
        ([NAN, 0, 0, 0], "got NaN at index 0"),
        ([0, 0, 0, NAN], "got NaN at index 3"),
        ([1, INF, 0, 0], r"got \+inf at index 1"),
        ([1, 0, -INF, 0], "got -inf at index 2"),
        ([[1, 0, 0, 0], [1, 0, NAN, 0]], r"got NaN at index \(1, 2\)"),
    ],
)
@pytest.mark.parametrize(
    "func", [ql.normalize, ql.inverse, ql.log, ql.norm, ql.conjugate, ql.exp, ql.is_unit]
)
def test_non_finite_quaternion_reported_as_such(func, q, got):
    with pytest.raises(ValueError, match=r"Expected finite quaternion, " + got):
        func(q)


@pytest.mark.parametrize("bad", [NAN, INF, -INF])
def test_nan_is_never_reported_as_zero(bad):
    """A NaN (or inf) in an otherwise zero quaternion must not read as 'zero length'."""
    for func in (ql.normalize, ql.inverse, ql.log, ql.power):
        args = ([bad, 0, 0, 0], 0.5) if func is ql.power else ([bad, 0, 0, 0],)
        with pytest.raises(ValueError, match="Expected finite quaternion") as info:
            func(*args)
        assert "zero" not in str(info.value)
    with pytest.raises(ValueError, match="Expected finite quaternion") as info:
        ql.rotate_vector([bad, 0, 0, 0], [1, 0, 0])
    assert "zero" not in str(info.value)
    with pytest.raises(ValueError, match="Expected finite rotation axis") as info:
        ql.quaternion_from_axis_angle([bad, 0, 0], 1.0)
    assert "zero" not in str(info.value)


def test_nan_in_large_batch_is_found():
    """The vectorized path (more than a handful of numbers) reports the same thing."""
    q = np.tile([1.0, 0, 0, 0], (1000, 1))
    q[777, 2] = NAN
    with pytest.raises(ValueError, match=r"Expected finite quaternion, got NaN at index \(777, 2\)"):
        ql.normalize(q)
    p = np.tile([1.0, 0, 0, 0], (5000, 1))
    p[4321, 0] = -INF
    with pytest.raises(ValueError, match=r"Expected finite quaternion p, got -inf at index \(4321, 0\)"):
        ql.multiply(p, [1, 0, 0, 0])


def test_nan_in_second_operand_named():
    with pytest.raises(ValueError, match="Expected finite quaternion q, got NaN at index 1"):
        ql.multiply([1, 0, 0, 0], [1, NAN, 0, 0])
    with pytest.raises(ValueError, match=r"Expected finite vector, got NaN at index \(0, 1\)"):
        ql.rotate_vector(np.tile([1.0, 0, 0, 0], (2, 1)), [[0, NAN, 0], [1, 1, 1]])


@pytest.mark.parametrize("angle, got", [(NAN, "got NaN"), (INF, r"got \+inf"), (-INF, "got -inf")])
def test_scalar_nan_angle_reports_nan(angle, got):
    """Regression: a 0-d NaN crashed the message builder with IndexError."""
    with pytest.raises(ValueError, match="Expected finite rotation angle, " + got + "$"):
        ql.quaternion_from_axis_angle([0, 1, 0], angle)


def test_nan_exponent_reported():
    with pytest.raises(ValueError, match="Expected finite exponent t, got NaN"):
        ql.power([1, 0, 0, 0], NAN)


def test_sum_overflow_of_finite_values_is_not_a_false_alarm():
    """The fast finiteness check sums entries; a finite sum overflow must not raise."""
    big = np.finfo(np.float64).max
    q = np.array([big, big, 0.0, 0.0])
    V.as_quaternion(q)  # no error
    V.as_quaternion(np.tile(q, (100, 1)))


def test_all_finite_is_exact_on_both_paths():
    """One sum decides, except when the sum is not finite: then every entry is looked at."""
    big64, big32 = np.finfo(np.float64).max, np.finfo(np.float32).max
    for a in (np.array([1.0, 2.0]), np.full(1000, 1.0), np.full(10**5, big64), np.full(10**5, big32, np.float32)):
        assert V.all_finite(a)  # the last two: finite entries whose sum overflows
    assert V.all_finite(np.empty((0, 4)))
    for bad in (NAN, INF, -INF):
        for n in (3, 1000):
            a = np.ones(n)
            a[n // 2] = bad
            assert not V.all_finite(a)
            assert not V.all_finite(a.astype(np.float32))
    assert not V.all_finite(np.array([INF, -INF] * 500))  # inf - inf: a NaN sum, still not finite


def test_as_tolerance_python_float_shortcut_keeps_the_rule():
    assert V.as_tolerance(0.0, "tolerance rtol") == 0.0
    with pytest.raises(ValueError, match=re.escape("Expected finite tolerance rtol, got +inf")):
        V.as_tolerance(math.inf, "tolerance rtol")
    with pytest.raises(ValueError, match=re.escape("Expected a tolerance rtol >= 0, got -0.5")):
        V.as_tolerance(-0.5, "tolerance rtol")


# --- zero, after finiteness ---------------------------------------------------


@pytest.mark.parametrize(
    "func, args, what",
    [
        (ql.normalize, ([0, 0, 0, 0],), "quaternion"),
        (ql.inverse, ([0, 0, 0, 0],), "quaternion"),
        (ql.log, ([0, 0, 0, 0],), "quaternion"),
        (ql.power, ([0, 0, 0, 0], 2.0), "quaternion"),
        (ql.rotate_vector, ([0, 0, 0, 0], [1, 0, 0]), "quaternion"),
        (ql.axis_angle_from_quaternion, ([0, 0, 0, 0],), "quaternion"),
        (ql.angle_between, ([0, 0, 0, 0], [1, 0, 0, 0]), "quaternion p"),
        (ql.angle_between, ([1, 0, 0, 0], [0, 0, 0, 0]), "quaternion q"),
        (ql.quaternion_from_axis_angle, ([0, 0, 0], 1.0), "rotation axis"),
    ],
)
def test_zero_message(func, args, what):
    with pytest.raises(ValueError, match=f"Expected non-zero {what}, got zero length$"):
        func(*args)


@pytest.mark.parametrize("n", [None, 3, 5000])
def test_non_finite_anywhere_is_reported_before_zero(n):
    """The gate's order holds across arguments: NaN in v beats a zero q."""
    q = np.zeros(4) if n is None else np.zeros((n, 4))
    v = np.array([1.0, math.nan, 0.0]) if n is None else np.tile([1.0, math.nan, 0.0], (n, 1))
    with pytest.raises(ValueError, match="Expected finite vector, got NaN"):
        ql.rotate_vector(q, v)
    if n is not None:
        with pytest.raises(ValueError, match="Expected finite vector, got NaN"):
            ql.rotate_vector(q[0], v)  # one quaternion, many vectors
        with pytest.raises(ValueError, match="Expected finite vector, got NaN"):
            ql.rotate_vector(q, v[0])
    with pytest.raises(ValueError, match="Expected finite quaternion q, got NaN"):
        ql.angle_between([0, 0, 0, 0], [math.nan, 0, 0, 0])


def test_zero_in_batch_reports_index():
    q = np.array([[1.0, 0, 0, 0], [0, 0, 0, 0], [0, 1, 0, 0]])
    with pytest.raises(ValueError, match=r"Expected non-zero quaternion, got zero length at index \(1,\)"):
        ql.normalize(q)
    with pytest.raises(ValueError, match=r"at index \(1,\)"):
        ql.rotate_vector(q, [1, 0, 0])
    with pytest.raises(ValueError, match=r"at index \(1,\)"):
        ql.inverse(q)


def test_negative_zero_is_zero():
    with pytest.raises(ValueError, match="Expected non-zero quaternion"):
        ql.normalize([-0.0, -0.0, 0.0, -0.0])


# --- result dtype rules -------------------------------------------------------


def test_result_dtype_rules():
    f32 = np.zeros(4, np.float32)
    f64 = np.zeros(4)
    assert V.result_dtype(f32, f32) == np.float32
    assert V.result_dtype(f32, f64) == np.float64
    assert V.result_dtype(f32, None) == np.float32  # None: a Python number
    assert V.result_dtype(f32, 0.5) == np.float32  # a Python number is weak
    assert V.result_dtype(None) == np.float64
    assert V.result_dtype(np.float32(1.0)) == np.float32  # a NumPy scalar is not weak
    assert V.is_python_number(0.5) and V.is_python_number(2)
    assert not V.is_python_number(np.float64(0.5))  # np.float64 subclasses float
    assert not V.is_python_number(True)


# --- deferred checks and overflow --------------------------------------------


def test_an_overflow_is_a_value_error_that_can_be_named_as_the_caller_s_result():
    with pytest.raises(V.ResultOverflow) as caught:
        ql.multiply(np.float32([3e38, 0, 0, 0]), np.float32([2, 0, 0, 0]))
    product = caught.value
    assert isinstance(product, ValueError) and product.what == "product p q"
    renamed = product.named("sandwich q v q*")
    assert str(renamed) == str(product).replace("product p q", "sandwich q v q*")  # the same dtype and findings
    assert isinstance(renamed, V.ResultOverflow) and renamed.what == "sandwich q v q*"


def test_overflow_messages_from_public_functions():
    with pytest.raises(ValueError, match="Expected product p q within the float64 range, got an overflow"):
        ql.multiply([1e200, 1e200, 0, 0], [1e200, 1e200, 0, 0])
    with pytest.raises(ValueError, match="Expected product p q within the float64 range"):
        ql.multiply(np.tile([1e200, 1e200, 0, 0], (50, 1)), [1e200, 1e200, 0, 0])
    with pytest.raises(ValueError, match="Expected product p q within the float32 range"):
        ql.multiply(np.float32([3e38, 0, 0, 0]), np.float32([2, 0, 0, 0]))
    with pytest.raises(ValueError, match=r"Expected exp\(q\) within the float64 range"):
        ql.exp([1000.0, 0, 0, 0])
    with pytest.raises(ValueError, match=r"Expected exp\(q\) within the float32 range"):
        ql.exp(np.float32([100.0, 0, 0, 0]))
    with pytest.raises(ValueError, match=r"Expected power q\^t within the float64 range"):
        ql.power([1, 1, 0, 0], 1e308)
    with pytest.raises(ValueError, match=r"Expected norm \|q\| within the float64 range"):
        ql.norm([1.7e308] * 4)
    with pytest.raises(ValueError, match="Expected inverse q⁻¹ within the float64 range"):
        ql.inverse([1e-320, 0, 0, 0])
    with pytest.raises(ValueError, match="Expected rotated vector within the float64 range"):
        s = math.sqrt(0.5)  # 45° about z: (a, a, 0) -> (0, a√2, 0) overflows
        ql.rotate_vector([math.cos(math.pi / 8), 0, 0, math.sin(math.pi / 8)], [1.7e308, 1.7e308, 0.0 * s])


def test_require_nonzero_and_check_finite_directly():
    with pytest.raises(ValueError, match="Expected non-zero thing, got zero length$"):
        V.require_nonzero(np.float64(0.0), "thing")
    with pytest.raises(ValueError, match=r"got zero length at index \(0, 1\)"):
        V.require_nonzero(np.array([[1.0, 0.0]]), "thing")
    V.require_nonzero(np.array([1e-300, 5e-324]), "thing")  # tiny is not zero
    with pytest.raises(ValueError, match="Expected finite stuff, got NaN$"):
        V.check_finite(np.array(NAN), "stuff")
    with pytest.raises(ValueError, match="Expected finite angle, got NaN at index 2"):
        V.as_scalar([0.0, 1.0, NAN], "angle")


# --- issue 12: regressions, each named after what broke -------------------------


def test_as_tolerance_is_the_one_rule():
    assert V.as_tolerance(None, "tolerance rtol", 0.5) == 0.5
    assert V.as_tolerance(1e-3, "tolerance rtol") == 1e-3
    assert V.as_tolerance(np.float32(0), "tolerance rtol") == 0.0
    assert type(V.as_tolerance(1, "tolerance rtol")) is float
    for bad, message in [
        (math.nan, "Expected finite tolerance rtol, got NaN"),
        (-math.inf, "Expected finite tolerance rtol, got -inf"),
        (-2, "Expected a tolerance rtol >= 0, got -2.0"),
        (1 + 0j, "Expected tolerance rtol of real numbers, got dtype complex128"),
        ("0.1", "Expected tolerance rtol of real numbers, got the string '0.1'"),
        ([0.1, -1], "Expected a tolerance rtol >= 0, got -1.0"),
    ]:
        with pytest.raises(ValueError, match=re.escape(message)):
            V.as_tolerance(bad, "tolerance rtol")


def test_python_ints_above_1e308_gave_overflow_error():
    with pytest.raises(ValueError, match="Expected angle within the float64 range"):
        V.as_scalar(10**309, "angle")
    with pytest.raises(ValueError, match="Expected rotation angle within the float64 range"):
        ql.quaternion_from_axis_angle([0, 1, 0], -(10**309))
    assert V.as_scalar(10**300, "angle") == 1e300
    with pytest.raises(ValueError, match="Expected angle of real numbers, got dtype"):
        V.as_scalar([1, "a"], "angle")


def test_to_radians_reduces_degrees_exactly():
    assert V.to_radians(720.0 * 2**50, True) == 0.0
    assert V.to_radians(90.0, True) == math.radians(90.0)
    np.testing.assert_array_equal(V.to_radians(np.array([720.0 * 2**50, -90.0]), True), [0.0, -math.pi / 2])
    assert V.to_radians(1e20, False) == 1e20


@pytest.mark.parametrize("good, minimum, maximum", [(0, 0, None), (np.int64(7), 1, 10), (np.uint8(3), 0, 3),
                                                    (-5, None, None), (10**20, 0, None)])
def test_as_count_takes_every_kind_of_integer_in_range(good, minimum, maximum):
    n = V.as_count(good, "n", minimum, maximum)
    assert type(n) is int and n == int(good)


@pytest.mark.parametrize("bad, message", [
    (2.0, "Expected n as a whole number >= 1, got 2.0"),        # a float, even a whole one: frames=1e9 is a typo
    (True, "Expected n as a whole number >= 1, got True"),      # a flag is not a count
    (np.bool_(True), "Expected n as a whole number >= 1, got"),
    ("3", "Expected n as a whole number >= 1, got '3'"),
    (None, "Expected n as a whole number >= 1, got None"),
    (np.array([1, 2]), "Expected n as a whole number >= 1, got array"),
    (0, "Expected n >= 1, got 0"),
])
def test_as_count_refuses_what_is_not_a_whole_number_in_range(bad, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        V.as_count(bad, "n", 1)


def test_as_count_says_why_only_above_the_maximum():
    with pytest.raises(ValueError, match=re.escape("Expected n from 0 to 9 (no more fit), got 10")):
        V.as_count(10, "n", 0, 9, why="no more fit")
    with pytest.raises(ValueError, match=re.escape("Expected n from 0 to 9, got -1")):
        V.as_count(-1, "n", 0, 9, why="no more fit")


@pytest.mark.parametrize("bad", ["False", 0, 1, None, np.array([True]), 1.0])
def test_as_flag_takes_only_true_or_false(bad):
    assert V.as_flag(np.False_, "flag") is False
    with pytest.raises(ValueError, match="Expected flag, True or False, got"):
        V.as_flag(bad, "flag")
