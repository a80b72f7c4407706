"""quatlib._euler: yaw/pitch/roll, R = Ry(yaw) · Rx(pitch) · Rz(roll), and gimbal lock."""

from __future__ import annotations

import itertools
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import quatlib as ql
from quatlib import _euler

PROPERTY = settings(max_examples=150, deadline=None)
S = np.sqrt(0.5)


# ---------------------------------------------------------------------------
# independent single-axis matrices (written from cos/sin, not from quatlib)


def Rx(a):
    c, s = np.cos(np.radians(a)), np.sin(np.radians(a))
    return np.array([[1, 0, 0], [0, c, -s], [0, s, c]])


def Ry(a):
    c, s = np.cos(np.radians(a)), np.sin(np.radians(a))
    return np.array([[c, 0, s], [0, 1, 0], [-s, 0, c]])


def Rz(a):
    c, s = np.cos(np.radians(a)), np.sin(np.radians(a))
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])


def quiet(func, *args, **kwargs):
    """Call func with GimbalLockWarning silenced (tests that only look at values)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ql.GimbalLockWarning)
        return func(*args, **kwargs)


def wrap_degrees(a):
    return (np.asarray(a) + 180) % 360 - 180


_component = st.floats(-1, 1, allow_nan=False)
quaternions = st.tuples(_component, _component, _component, _component).filter(
    lambda c: sum(x * x for x in c) > 1e-2
).map(np.array)
angle = st.floats(-720, 720, allow_nan=False)
# pitches that crowd the lock: ±(90 - 10^-k) degrees, plus exact ±90
near_lock_pitch = st.one_of(
    st.sampled_from([90.0, -90.0]),
    st.builds(lambda k, s: s * (90 - 10.0 ** -k), st.floats(0, 14), st.sampled_from([1, -1])),
)


def zoo():
    out = [np.array(c, dtype=float) for c in itertools.product((-1, 0, 1), repeat=4) if any(c)]
    return [q / np.linalg.norm(q) for q in out]


def test_public_names():
    assert _euler.__all__ == [
        "GimbalLockWarning",
        "quaternion_from_euler",
        "euler_from_quaternion",
        "matrix_from_euler",
        "euler_from_matrix",
        "euler_jacobian",
        "euler_jacobian_rank",
    ]
    for name in _euler.__all__:
        assert getattr(ql, name) is getattr(_euler, name)
    assert issubclass(ql.GimbalLockWarning, UserWarning)


# ---------------------------------------------------------------------------
# closed-form anchors


@pytest.mark.parametrize(
    "angles, R",
    [
        ((90, 0, 0), [[0, 0, 1], [0, 1, 0], [-1, 0, 0]]),  # yaw about Y
        ((0, 90, 0), [[1, 0, 0], [0, 0, -1], [0, 1, 0]]),  # pitch about X
        ((0, 0, 90), [[0, -1, 0], [1, 0, 0], [0, 0, 1]]),  # roll about Z
        ((180, 0, 0), [[-1, 0, 0], [0, 1, 0], [0, 0, -1]]),
        ((90, 90, 0), [[0, 1, 0], [0, 0, -1], [-1, 0, 0]]),  # Ry(90) @ Rx(90)
    ],
)
def test_matrix_anchors(angles, R):
    np.testing.assert_allclose(ql.matrix_from_euler(*angles, degrees=True), R, atol=1e-15)
    np.testing.assert_allclose(
        ql.matrix_from_quaternion(ql.quaternion_from_euler(*angles, degrees=True)), R, atol=1e-15
    )


@pytest.mark.parametrize(
    "angles, q",
    [
        ((90, 0, 0), [S, 0, S, 0]),
        ((0, 90, 0), [S, S, 0, 0]),
        ((0, 0, 90), [S, 0, 0, S]),
        ((90, 90, 0), [0.5, 0.5, 0.5, -0.5]),  # q_y q_x
        ((360, 0, 0), [-1, 0, 0, 0]),  # the product's sign is kept, like axis-angle
    ],
)
def test_quaternion_anchors(angles, q):
    np.testing.assert_allclose(ql.quaternion_from_euler(*angles, degrees=True), q, atol=1e-15)


@pytest.mark.parametrize(
    "angles",
    [(90, 0, 0), (0, 90, 0), (0, 0, 90), (30, 45, 60), (-170, 89, 179), (20, 90, 10), (45, -90, 45)],
)
def test_anchor_angles_come_back(angles):
    R = ql.matrix_from_euler(*angles, degrees=True)
    got = quiet(ql.euler_from_matrix, R, degrees=True)
    np.testing.assert_allclose(ql.matrix_from_euler(*got, degrees=True), R, atol=1e-14)
    if abs(angles[1]) != 90:
        np.testing.assert_allclose(got, angles, atol=1e-12)


@PROPERTY
@given(angle, angle, angle)
def test_composition_order_is_yaw_pitch_roll(yaw, pitch, roll):
    """R = Ry(yaw) · Rx(pitch) · Rz(roll): roll first, yaw last."""
    expected = Ry(yaw) @ Rx(pitch) @ Rz(roll)
    np.testing.assert_allclose(ql.matrix_from_euler(yaw, pitch, roll, degrees=True), expected, atol=1e-14)
    q = ql.quaternion_from_euler(yaw, pitch, roll, degrees=True)
    qy = ql.quaternion_from_axis_angle([0, 1, 0], yaw, degrees=True)
    qx = ql.quaternion_from_axis_angle([1, 0, 0], pitch, degrees=True)
    qz = ql.quaternion_from_axis_angle([0, 0, 1], roll, degrees=True)
    np.testing.assert_allclose(q, ql.multiply(qy, ql.multiply(qx, qz)), atol=1e-14)
    np.testing.assert_allclose(ql.matrix_from_quaternion(q), expected, atol=1e-14)


def test_order_matters_curriculum_04():
    """yaw90·pitch90 sends z to -y; pitch90·yaw90 sends it to x."""
    yaw90 = ql.quaternion_from_euler(90, 0, 0, degrees=True)
    pitch90 = ql.quaternion_from_euler(0, 90, 0, degrees=True)
    z = [0, 0, 1]
    np.testing.assert_allclose(ql.rotate_vector(ql.multiply(yaw90, pitch90), z), [0, -1, 0], atol=1e-15)
    np.testing.assert_allclose(ql.rotate_vector(ql.multiply(pitch90, yaw90), z), [1, 0, 0], atol=1e-15)
    np.testing.assert_allclose(ql.matrix_from_euler(90, 90, 0, degrees=True) @ z, [0, -1, 0], atol=1e-15)


# ---------------------------------------------------------------------------
# the curriculum's gimbal-lock table (notebook 02)

UP = np.array([0.0, 1.0, 0.0])
SIN10, COS10 = np.sin(np.radians(10)), np.cos(np.radians(10))
LOCKED = np.array([[COS10, SIN10, 0], [0, 0, -1], [-SIN10, COS10, 0]])  # pitch 90, yaw - roll = 10


@pytest.mark.parametrize(
    "angles, up",
    [
        ((20, 0, 0), [0, 1, 0]),
        ((20, 0, 30), [-0.5 * np.cos(np.radians(20)), np.sqrt(3) / 2, 0.5 * np.sin(np.radians(20))]),
        ((20, 90, 10), [SIN10, 0, COS10]),
        ((10, 90, 0), [SIN10, 0, COS10]),
        ((30, 90, 20), [SIN10, 0, COS10]),
    ],
)
def test_gimbal_table_up_vectors(angles, up):
    R = ql.matrix_from_euler(*angles, degrees=True)
    np.testing.assert_allclose(R @ UP, up, atol=1e-15)
    q = ql.quaternion_from_euler(*angles, degrees=True)
    np.testing.assert_allclose(ql.rotate_vector(q, UP), up, atol=1e-15)


def test_gimbal_table_printed_values():
    """The numbers as the notebook prints them (4 decimals)."""
    up = [ql.matrix_from_euler(*a, degrees=True) @ UP for a in [(20, 0, 0), (20, 0, 30), (20, 90, 10)]]
    assert [f"{c:.4f}" for c in up[1]] == ["-0.4698", "0.8660", "0.1710"]
    assert [f"{c:.4f}" + "" for c in up[2]] == ["0.1736", "0.0000", "0.9848"]


def test_gimbal_table_whole_matrices_coincide_at_pitch_90():
    """Only yaw - roll matters at pitch 90: not just "up", the whole matrix agrees."""
    Rs = ql.matrix_from_euler([20, 10, 30], 90, [10, 0, 20], degrees=True)
    for R in Rs:
        np.testing.assert_allclose(R, LOCKED, atol=1e-15)
    # away from the lock the same yaw - roll gives three different orientations
    Rs = ql.matrix_from_euler([20, 10, 30], 60, [10, 0, 20], degrees=True)
    assert not np.allclose(Rs[0], Rs[1]) and not np.allclose(Rs[1], Rs[2])


def test_gimbal_table_ranks():
    ranks = ql.euler_jacobian_rank(
        [20, 20, 20, 10, 30], [0, 0, 90, 90, 90], [0, 30, 10, 0, 20], degrees=True
    )
    assert ranks.tolist() == [3, 3, 2, 2, 2]


# ---------------------------------------------------------------------------
# the Jacobian rank


@PROPERTY
@given(angle, st.floats(-89.9, 89.9), angle)
def test_rank_is_3_away_from_lock(yaw, pitch, roll):
    assert ql.euler_jacobian_rank(yaw, pitch, roll, degrees=True) == 3


@PROPERTY
@given(angle, st.sampled_from([90.0, -90.0, 270.0]), angle)
def test_rank_is_2_at_lock(yaw, pitch, roll):
    assert ql.euler_jacobian_rank(yaw, pitch, roll, degrees=True) == 2


def test_rank_in_radians_shapes_and_tolerance():
    r = ql.euler_jacobian_rank(0.3, np.array([[0.0], [np.pi / 2]]), [0.1, 0.2, 0.3])
    assert r.shape == (2, 3)
    assert r.tolist() == [[3, 3, 3], [2, 2, 2]]
    assert np.issubdtype(r.dtype, np.integer)
    assert ql.euler_jacobian_rank(0, np.pi / 2 - 1e-3, 0) == 3
    assert ql.euler_jacobian_rank(0, np.pi / 2 - 1e-3, 0, rtol=1e-2) == 2  # the documented knob
    assert ql.euler_jacobian_rank(np.float32(0), np.float32(90), np.float32(0), degrees=True) == 2


@pytest.mark.parametrize("pitch", [0.0, 0.3, 1.2, 1.5, -1.5, np.pi / 2 - 1e-3])
def test_rank_docstring_singular_values_are_the_jacobians(pitch):
    """√(2(1 − |sin p|)), √2, √(2(1 + |sin p|)): checked against central differences of matrix_from_euler."""
    h, angles = 1e-6, np.array([0.4, pitch, -0.7])
    J = np.stack([(ql.matrix_from_euler(*(angles + h * e)) - ql.matrix_from_euler(*(angles - h * e))).ravel()
                  / (2 * h) for e in np.eye(3)], axis=1)
    s = abs(np.sin(pitch))
    values = np.linalg.svd(J, compute_uv=False)
    np.testing.assert_allclose(values, np.sqrt([2 * (1 + s), 2, 2 * (1 - s)]), atol=1e-8)
    assert ql.euler_jacobian_rank(*angles) == np.linalg.matrix_rank(J, tol=1e-12 * values.max()) == 3


def _central_differences(angles, h=1e-6):
    """The 9x3 Jacobian of matrix_from_euler by central differences (radians)."""
    return np.stack([(ql.matrix_from_euler(*(angles + h * e)) - ql.matrix_from_euler(*(angles - h * e))).ravel()
                     / (2 * h) for e in np.eye(3)], axis=1)


@PROPERTY
@given(angle, angle, angle)
def test_jacobian_is_the_derivative_of_matrix_from_euler(yaw, pitch, roll):
    angles = np.radians([yaw, pitch, roll])
    np.testing.assert_allclose(ql.euler_jacobian(yaw, pitch, roll, degrees=True), _central_differences(angles),
                               atol=1e-8)


@PROPERTY
@given(angle, angle, angle)
def test_jacobian_singular_values_are_the_documented_ones(yaw, pitch, roll):
    s = abs(np.sin(np.radians(pitch)))
    np.testing.assert_allclose(np.linalg.svd(ql.euler_jacobian(yaw, pitch, roll, degrees=True), compute_uv=False),
                               np.sqrt([2 * (1 + s), 2, max(2 * (1 - s), 0)]), atol=1e-7)


def test_jacobian_shapes_dtype_and_errors():
    J = ql.euler_jacobian(np.float32([0.1, 0.2]), 0.3, [[0.0], [1.0], [2.0]])
    assert J.shape == (3, 2, 9, 3) and J.dtype == np.float64
    np.testing.assert_allclose(J[2, 1], _central_differences(np.array([0.2, 0.3, 2.0])), atol=1e-8)
    with pytest.raises(ValueError, match=r"Expected finite roll"):
        ql.euler_jacobian(0, 0, np.inf)
    with pytest.raises(ValueError, match="broadcast"):
        ql.euler_jacobian([0, 1], [0, 1, 2], 0)


def test_rank_is_2_only_at_the_lock_itself():
    ranks = ql.euler_jacobian_rank(20, [89.9, 89.9999, 89.9999999, 90, -90, -89.9999], 30, degrees=True)
    assert ranks.tolist() == [3, 3, 3, 2, 2, 3]


def test_rank_rejects_nan():
    with pytest.raises(ValueError, match=r"Expected finite pitch, got NaN"):
        ql.euler_jacobian_rank(0, np.nan, 0)


# ---------------------------------------------------------------------------
# back to angles: exact everywhere, including at and near the lock


@PROPERTY
@given(quaternions)
def test_angles_reproduce_the_rotation(q):
    R = ql.matrix_from_quaternion(q)
    for angles in (quiet(ql.euler_from_quaternion, q), quiet(ql.euler_from_matrix, R)):
        # to rounding, except in the lock zone where roll = 0 costs up to 2 cos(pitch)
        atol = 1e-13 + 2 * np.cos(angles[1]) * (np.cos(angles[1]) <= 1.5e-8)
        np.testing.assert_allclose(ql.matrix_from_euler(*angles), R, atol=atol)


@PROPERTY
@given(angle, near_lock_pitch, angle)
def test_angles_reproduce_the_rotation_at_and_near_lock(yaw, pitch, roll):
    R = ql.matrix_from_euler(yaw, pitch, roll, degrees=True)
    q = ql.quaternion_from_euler(yaw, pitch, roll, degrees=True)
    from_matrix = quiet(ql.euler_from_matrix, R, degrees=True)
    from_quaternion = quiet(ql.euler_from_quaternion, q, degrees=True)
    for got in (from_matrix, from_quaternion):
        # inside the lock zone (cos pitch <= 1.5e-8) roll = 0 costs up to 2 lock_tol
        np.testing.assert_allclose(ql.matrix_from_euler(*got, degrees=True), R, atol=4e-8)
        assert abs(got[1]) <= 90


@PROPERTY
@given(angle, st.floats(-89.5, 89.5), angle)
def test_round_trip_angles(yaw, pitch, roll):
    q = ql.quaternion_from_euler(yaw, pitch, roll, degrees=True)
    got = ql.euler_from_quaternion(q, degrees=True)
    assert abs(got[1] - pitch) < 1e-9
    np.testing.assert_allclose(wrap_degrees(got[[0, 2]] - [yaw, roll]), 0, atol=1e-9)
    got_m = ql.euler_from_matrix(ql.matrix_from_euler(yaw, pitch, roll, degrees=True), degrees=True)
    np.testing.assert_allclose(wrap_degrees(got_m - got), 0, atol=1e-9)


@PROPERTY
@given(quaternions)
def test_ranges(q):
    yaw, pitch, roll = quiet(ql.euler_from_quaternion, q, degrees=True)
    assert -180 < yaw <= 180
    assert -90 <= pitch <= 90
    assert -180 < roll <= 180


@pytest.mark.parametrize("value", [180, -180, 540, -540])
def test_half_turns_come_back_as_plus_180(value):
    """The ranges are (-180°, 180°]: a half turn is +180, never -180."""
    got = [
        ql.euler_from_quaternion(ql.quaternion_from_euler(value, 0, 0, degrees=True), degrees=True)[0],
        ql.euler_from_quaternion(ql.quaternion_from_euler(0, 0, value, degrees=True), degrees=True)[2],
        ql.euler_from_matrix(ql.matrix_from_euler(value, 0, 0, degrees=True), degrees=True)[0],
        ql.euler_from_matrix(ql.matrix_from_euler(0, 0, value, degrees=True), degrees=True)[2],
    ]
    assert got == pytest.approx([180] * 4, abs=1e-12)
    if abs(value) == 180:
        assert got == [180] * 4


@PROPERTY
@given(quaternions, st.floats(0.01, 100))
def test_sign_and_scale_of_q_do_not_change_the_angles(q, scale):
    a = quiet(ql.euler_from_quaternion, q)
    np.testing.assert_allclose(quiet(ql.euler_from_quaternion, -q), a, atol=1e-12)
    b = quiet(ql.euler_from_quaternion, scale * q)
    np.testing.assert_allclose(ql.matrix_from_euler(*b), ql.matrix_from_euler(*a), atol=1e-12)


def test_degrees_flag_is_a_unit_change():
    q = ql.quaternion_from_euler(0.3, -0.2, 1.1)
    np.testing.assert_allclose(ql.euler_from_quaternion(q), [0.3, -0.2, 1.1], atol=1e-15)
    np.testing.assert_allclose(ql.euler_from_quaternion(q, degrees=True), np.degrees([0.3, -0.2, 1.1]))
    np.testing.assert_allclose(
        ql.matrix_from_euler(30, 40, 50, degrees=True), ql.matrix_from_euler(*np.radians([30, 40, 50]))
    )


def test_no_negative_zeros_in_angles():
    out = ql.euler_from_quaternion(ql.IDENTITY, degrees=True)
    assert out.tolist() == [0.0, 0.0, 0.0] and not np.signbit(out).any()
    out = ql.euler_from_quaternion(ql.quaternion_from_euler(0, 0, -1e-300), degrees=True)
    assert not np.signbit(out[:2]).any()


# ---------------------------------------------------------------------------
# gimbal lock: the documented choice and the warning


@pytest.mark.parametrize(
    "angles, expected",
    [
        ((20, 90, 10), (10, 90, 0)),  # pitch +90: yaw - roll = 10
        ((10, 90, 0), (10, 90, 0)),
        ((30, 90, 20), (10, 90, 0)),
        ((20, -90, 10), (30, -90, 0)),  # pitch -90: yaw + roll = 30
        ((100, 90, -100), (-160, 90, 0)),  # yaw - roll = 200 wraps to -160
    ],
)
@pytest.mark.parametrize("source", ["quaternion", "matrix"])
def test_gimbal_lock_puts_the_turn_in_yaw(angles, expected, source):
    if source == "quaternion":
        x, func = ql.quaternion_from_euler(*angles, degrees=True), ql.euler_from_quaternion
    else:
        x, func = ql.matrix_from_euler(*angles, degrees=True), ql.euler_from_matrix
    with pytest.warns(ql.GimbalLockWarning, match=r"Only yaw - roll \(pitch \+90°\) or yaw \+ roll"):
        got = func(x, degrees=True)
    np.testing.assert_allclose(got, expected, atol=1e-12)
    assert got[2] == 0.0


def test_gimbal_lock_warning_text():
    q = ql.quaternion_from_euler(20, 90, 10, degrees=True)
    with pytest.warns(ql.GimbalLockWarning) as record:
        ql.euler_from_quaternion(q)
    message = str(record[0].message)
    assert message.startswith("Gimbal lock: pitch is within 1.49e-08 (cos pitch <= lock_tol) of ±90°")
    assert "returned roll = 0 with the whole turn in yaw" in message
    assert record[0].filename == __file__  # stacklevel points at the caller


def test_gimbal_lock_warns_once_per_call_and_counts():
    qs = ql.quaternion_from_euler([0, 10, 20, 30], [90, -90, 45, 90], 5, degrees=True)
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        ql.euler_from_quaternion(qs)
        ql.euler_from_matrix(ql.matrix_from_quaternion(qs))
    assert [r.category for r in record] == [ql.GimbalLockWarning] * 2
    assert "(3 of 4 orientations)" in str(record[0].message)
    assert all(r.filename == __file__ for r in record)


def test_no_warning_away_from_lock():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ql.euler_from_quaternion(ql.quaternion_from_euler(20, 89.9, 10, degrees=True))
        ql.euler_from_matrix(ql.matrix_from_euler([20, 0], [-89.99, 0], [10, 0], degrees=True))


def test_lock_tol_keyword():
    q = ql.quaternion_from_euler(20, 89.9, 10, degrees=True)  # cos pitch = 1.7e-3
    with pytest.warns(ql.GimbalLockWarning, match=r"within 0\.01 "):
        got = ql.euler_from_quaternion(q, degrees=True, lock_tol=1e-2)
    assert got[2] == 0 and got[0] == pytest.approx(10, abs=1e-9)
    R = ql.matrix_from_euler(20, 89.9, 10, degrees=True)
    with pytest.warns(ql.GimbalLockWarning):
        ql.euler_from_matrix(R, lock_tol=1e-2)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        exact = ql.euler_from_quaternion(ql.quaternion_from_euler(20, 90, 10, degrees=True), lock_tol=0)
    np.testing.assert_allclose(ql.matrix_from_euler(*exact), ql.matrix_from_euler(*np.radians([20, 90, 10])),
                               atol=1e-15)


# ---------------------------------------------------------------------------
# the edge-case zoo, batches, dtypes


@pytest.mark.parametrize("q", zoo(), ids=lambda q: ",".join(f"{c:+.0f}" for c in q * 2))
def test_zoo_angles_reproduce_the_rotation(q):
    R = ql.matrix_from_quaternion(q)
    for got in (quiet(ql.euler_from_quaternion, q), quiet(ql.euler_from_matrix, R)):
        np.testing.assert_allclose(ql.matrix_from_euler(*got), R, atol=1e-15)


def test_zoo_batch_equals_one_by_one():
    qs = np.array(zoo())
    batch = quiet(ql.euler_from_quaternion, qs)
    batch_m = quiet(ql.euler_from_matrix, ql.matrix_from_quaternion(qs))
    for q, a, b in zip(qs, batch, batch_m):
        np.testing.assert_allclose(quiet(ql.euler_from_quaternion, q), a, atol=1e-15)
        np.testing.assert_allclose(quiet(ql.euler_from_matrix, ql.matrix_from_quaternion(q)), b, atol=1e-15)


@PROPERTY
@given(st.lists(st.tuples(angle, angle, angle), min_size=1, max_size=5))
def test_batch_and_single_paths_agree(triples):
    y, p, r = np.array(triples).T
    qs = ql.quaternion_from_euler(y, p, r, degrees=True)
    Rs = ql.matrix_from_euler(y, p, r, degrees=True)
    for i in range(len(triples)):
        one = (y[i], p[i], r[i])
        np.testing.assert_allclose(ql.quaternion_from_euler(*one, degrees=True), qs[i], atol=1e-15)
        np.testing.assert_allclose(ql.matrix_from_euler(*one, degrees=True), Rs[i], atol=1e-15)


def test_angles_broadcast():
    q = ql.quaternion_from_euler(np.zeros((2, 1)), [0, 0.1, 0.2], 0.5)
    assert q.shape == (2, 3, 4)
    assert ql.matrix_from_euler(np.zeros((2, 1)), [0, 0.1, 0.2], 0.5).shape == (2, 3, 3, 3)
    assert ql.euler_from_quaternion(q).shape == (2, 3, 3)
    assert ql.euler_from_matrix(ql.matrix_from_quaternion(q)).shape == (2, 3, 3)


@pytest.mark.parametrize("batch", [False, True])
def test_float32_in_float32_out(batch):
    a = np.array([20, 45, 10] if not batch else [[20, 45, 10], [0, 90, 5]], dtype=np.float32).T
    q = ql.quaternion_from_euler(*a, degrees=True)
    R = ql.matrix_from_euler(*a, degrees=True)
    assert q.dtype == np.float32 and R.dtype == np.float32
    got = quiet(ql.euler_from_quaternion, q, degrees=True)
    got_m = quiet(ql.euler_from_matrix, R, degrees=True)
    assert got.dtype == np.float32 and got_m.dtype == np.float32
    np.testing.assert_allclose(ql.matrix_from_euler(*got.T, degrees=True), R, atol=1e-3)
    np.testing.assert_allclose(ql.matrix_from_euler(*got_m.T, degrees=True), R, atol=1e-3)
    # one float64 array is enough to get float64; Python numbers take the arrays' dtype
    assert ql.quaternion_from_euler(np.float32(1), np.float64(2), np.float32(3)).dtype == np.float64
    assert ql.quaternion_from_euler(np.float32(1), 2.0, 3).dtype == np.float32
    assert ql.matrix_from_euler(np.float32([1, 2]), 90, 0, degrees=True).dtype == np.float32
    assert ql.matrix_from_euler(1, 2, 3).dtype == np.float64
    assert ql.quaternion_from_euler(1, 2, 3).dtype == np.float64


def test_float32_lock_is_detected_with_the_float32_tolerance():
    q = ql.quaternion_from_euler(np.float32(20), np.float32(90), np.float32(10), degrees=True)
    with pytest.warns(ql.GimbalLockWarning, match=r"within 0\.000345"):
        got = ql.euler_from_quaternion(q, degrees=True)
    np.testing.assert_allclose(got, [10, 90, 0], atol=1e-3)


@pytest.mark.parametrize("scale", [1e-200, 1e-160, 1e160, 1e300])
def test_huge_and_tiny_quaternions_give_the_angles_of_their_direction(scale):
    q = scale * np.array([S, 0, S, 0])
    np.testing.assert_allclose(ql.euler_from_quaternion(q, degrees=True), [90, 0, 0], atol=1e-12)
    np.testing.assert_allclose(ql.euler_from_quaternion(q[None], degrees=True), [[90, 0, 0]], atol=1e-12)
    lock = scale * ql.quaternion_from_euler(20, 90, 10, degrees=True)
    with pytest.warns(ql.GimbalLockWarning):
        np.testing.assert_allclose(ql.euler_from_quaternion(lock, degrees=True), [10, 90, 0], atol=1e-12)


# ---------------------------------------------------------------------------
# bad input: every message


@pytest.mark.parametrize("func", [ql.quaternion_from_euler, ql.matrix_from_euler, ql.euler_jacobian_rank])
@pytest.mark.parametrize(
    "args, message",
    [
        ((np.nan, 0, 0), r"Expected finite yaw, got NaN$"),
        ((0, np.inf, 0), r"Expected finite pitch, got \+inf$"),
        ((0, 0, [1, -np.inf]), r"Expected finite roll, got -inf at index 1"),
        (("a", 0, 0), r"Expected yaw of real numbers, got dtype <U1"),
        (([1, 2], [1, 2, 3], 0), r"Expected yaw, pitch and roll with shapes that broadcast together, "
                                 r"got \(2,\), \(3,\) and \(\)"),
    ],
)
def test_angle_errors(func, args, message):
    with pytest.raises(ValueError, match=message):
        func(*args)


@pytest.mark.parametrize(
    "q, message",
    [
        ([0, 0, 0, 0], r"Expected non-zero quaternion, got zero length$"),
        ([[1, 0, 0, 0], [0, 0, 0, 0]], r"Expected non-zero quaternion, got zero length at index \(1,\)"),
        ([np.nan, 0, 0, 0], r"Expected finite quaternion, got NaN at index 0"),
        ([1, 0, 0], r"Expected quaternion with shape \(\.\.\., 4\), got \(3,\)"),
    ],
)
def test_euler_from_quaternion_errors(q, message):
    with pytest.raises(ValueError, match=message):
        ql.euler_from_quaternion(q)


@pytest.mark.parametrize(
    "R, message",
    [
        (
            np.diag([1.0, 1, -1]),
            r"Expected a rotation matrix \(orthonormal, det \+1\), got det -1 \(a reflection\)$",
        ),
        (np.stack([np.eye(3), -np.eye(3)]), r"got det -1 \(a reflection\) at index \(1,\)"),
        (1.5 * np.eye(3), r"got columns not orthonormal, error 1\.25 "),
        (
            [[1, 0, 0], [0, 1, 0], [0, np.inf, 1]],
            r"Expected finite rotation matrix, got \+inf at index \(2, 1\)",
        ),
        (np.eye(3)[:2], r"Expected rotation matrix with shape \(\.\.\., 3, 3\), got \(2, 3\)"),
    ],
)
def test_euler_from_matrix_errors(R, message):
    with pytest.raises(ValueError, match=message):
        ql.euler_from_matrix(R)


def test_euler_from_matrix_rtol_keyword():
    R = ql.matrix_from_euler(0.1, 0.2, 0.3) * (1 + 1e-6)
    with pytest.raises(ValueError, match="not orthonormal"):
        ql.euler_from_matrix(R)
    np.testing.assert_allclose(ql.euler_from_matrix(R, rtol=1e-5), [0.1, 0.2, 0.3], atol=1e-5)
    np.testing.assert_allclose(ql.euler_from_matrix(R[None], rtol=1e-5)[0], [0.1, 0.2, 0.3], atol=1e-5)


# --- issue 12: regressions, each named after what broke -------------------------


def test_euler_from_quaternion_overflowed_for_huge_components():
    expected = ql.euler_from_quaternion([15, 5, 3, 1], degrees=True)
    np.testing.assert_allclose(expected, [27.512, 33.631, 16.091], atol=1e-3)
    huge = [1.5e308, 5e307, 3e307, 1e307]
    np.testing.assert_allclose(ql.euler_from_quaternion(huge, degrees=True), expected, rtol=1e-12)
    np.testing.assert_allclose(ql.euler_from_quaternion([huge], degrees=True), [expected], rtol=1e-12)


@pytest.mark.parametrize("batch", [False, True])
def test_gimbal_lock_undetected_for_huge_components(batch):
    q = np.array([1e308, 1e308, 1e308, -1e308])
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        with pytest.warns(ql.GimbalLockWarning):
            huge = ql.euler_from_quaternion(q[None] if batch else q, degrees=True)
        with pytest.warns(ql.GimbalLockWarning):
            unit = ql.euler_from_quaternion(q / 1e308, degrees=True)
    np.testing.assert_allclose(huge.reshape(3), unit, atol=1e-12)
    assert unit[2] == 0.0  # the documented choice at the lock


def test_huge_degrees_lost_everything_in_euler():
    turns = 720.0 * 2**50  # a whole number of double turns: exactly the identity
    np.testing.assert_array_equal(ql.quaternion_from_euler(turns, 0, 0, degrees=True), ql.IDENTITY)
    np.testing.assert_array_equal(ql.quaternion_from_euler([turns], 0, 0, degrees=True), [ql.IDENTITY])
    np.testing.assert_allclose(ql.matrix_from_euler(0, 0, 360.0 * 2**50, degrees=True), np.eye(3), atol=1e-15)
    big = 720.0 * 10**10 + 90  # exact in float64: 90° about Y
    np.testing.assert_allclose(
        ql.quaternion_from_euler(big, 0, 0, degrees=True),
        ql.quaternion_from_euler(90, 0, 0, degrees=True),
        atol=1e-15,
    )


@pytest.mark.parametrize(
    "lock_tol, message",
    [
        (np.inf, "Expected finite gimbal-lock tolerance lock_tol, got \\+inf"),
        (np.nan, "Expected finite gimbal-lock tolerance lock_tol, got NaN"),
        (-0.1, "Expected a gimbal-lock tolerance lock_tol >= 0, got -0.1"),
        (1j, "of real numbers, got dtype complex128"),
        ("small", "of real numbers, got the string 'small'"),
    ],
)
def test_lock_tol_inf_gave_a_wrong_orientation(lock_tol, message):
    q = ql.quaternion_from_euler(10, 20, 30, degrees=True)
    with pytest.raises(ValueError, match=message):
        ql.euler_from_quaternion(q, lock_tol=lock_tol)
    with pytest.raises(ValueError, match=message):
        ql.euler_from_quaternion([q], lock_tol=lock_tol)
    with pytest.raises(ValueError, match=message):
        ql.euler_from_matrix(ql.matrix_from_quaternion(q), lock_tol=lock_tol)


def test_euler_from_matrix_rtol_nan_said_reflection():
    with pytest.raises(ValueError, match="Expected finite tolerance rtol, got NaN"):
        ql.euler_from_matrix(np.eye(3), rtol=np.nan)
    with pytest.raises(ValueError, match="Expected a tolerance rtol >= 0, got -1.0"):
        ql.euler_jacobian_rank(0, 0, 0, rtol=-1)


def test_jacobian_rank_sees_the_lock_in_float32_degrees_too():
    """The rank is computed in float64: 90° in float32 is exactly the lock, not 4e-8 rad beside it."""
    pitch = np.float32([90, -90, 60])
    assert ql.euler_jacobian_rank(np.float32(0), pitch, np.float32(0), degrees=True).tolist() == [2, 2, 3]
    assert ql.euler_jacobian_rank(0.0, pitch.astype(float), 0.0, degrees=True).tolist() == [2, 2, 3]
