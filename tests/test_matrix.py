"""quatlib._matrix: quaternion <-> rotation matrix, the rotation check, re-orthogonalization."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import quatlib as ql
from quatlib import _matrix

PROPERTY = settings(max_examples=150, deadline=None)
S = np.sqrt(0.5)  # cos 45° = sin 45°

# ---------------------------------------------------------------------------
# strategies and helpers

_component = st.floats(-1, 1, allow_nan=False, allow_infinity=False)
quaternions = st.tuples(_component, _component, _component, _component).filter(
    lambda c: sum(x * x for x in c) > 1e-2
).map(np.array)
unit_quaternions = quaternions.map(lambda q: q / np.linalg.norm(q))
vectors = st.tuples(*[st.floats(-10, 10, allow_nan=False)] * 3).map(np.array)
axes = st.tuples(_component, _component, _component).filter(
    lambda c: sum(x * x for x in c) > 1e-2
).map(lambda c: np.array(c) / np.linalg.norm(c))


def same_rotation(p, q, atol=1e-12):
    """q ≡ -q: compare quaternions sign-agnostically."""
    p, q = np.asarray(p), np.asarray(q)
    return np.allclose(p, q, atol=atol) or np.allclose(p, -q, atol=atol)


def rodrigues(axis, angle):
    """R = I + sin θ K + (1 - cos θ) K², written independently of quatlib."""
    x, y, z = np.asarray(axis, dtype=float) / np.linalg.norm(axis)
    K = np.array([[0, -z, y], [z, 0, -x], [-y, x, 0]])
    return np.eye(3) + np.sin(angle) * K + (1 - np.cos(angle)) * K @ K


def zoo():
    """Every non-zero quaternion with components in {0, ±1}, normalized (80 of them)."""
    out = [np.array(c, dtype=float) for c in itertools.product((-1, 0, 1), repeat=4) if any(c)]
    return [q / np.linalg.norm(q) for q in out]


def canonical(q):
    """The documented sign: first non-zero component positive."""
    q = np.asarray(q)
    lead = q[np.flatnonzero(np.abs(q) > 1e-12)[0]]
    return q if lead > 0 else -q


E = np.eye(3)
RX90 = np.array([[1, 0, 0], [0, 0, -1], [0, 1, 0]], dtype=float)
RY90 = np.array([[0, 0, 1], [0, 1, 0], [-1, 0, 0]], dtype=float)
RZ90 = np.array([[0, -1, 0], [1, 0, 0], [0, 0, 1]], dtype=float)


def test_public_names():
    assert _matrix.__all__ == [
        "matrix_from_quaternion",
        "quaternion_from_matrix",
        "is_rotation_matrix",
        "orthonormalize",
    ]
    for name in _matrix.__all__:
        assert getattr(ql, name) is getattr(_matrix, name)


# ---------------------------------------------------------------------------
# closed-form anchors (a round trip cannot fake these)


@pytest.mark.parametrize(
    "axis, expected",
    [([1, 0, 0], RX90), ([0, 1, 0], RY90), ([0, 0, 1], RZ90)],
    ids=["x", "y", "z"],
)
def test_quarter_turns_are_the_textbook_matrices(axis, expected):
    q = ql.quaternion_from_axis_angle(axis, 90, degrees=True)
    np.testing.assert_allclose(ql.matrix_from_quaternion(q), expected, atol=1e-15)


def test_90_about_y_columns_are_where_the_axes_went():
    R = ql.matrix_from_quaternion([S, 0, S, 0])
    np.testing.assert_allclose(R[:, 0], [0, 0, -1], atol=1e-15)  # x went to -z
    np.testing.assert_allclose(R[:, 1], [0, 1, 0], atol=1e-15)  # y stayed
    np.testing.assert_allclose(R[:, 2], [1, 0, 0], atol=1e-15)  # z went to x


def test_rounded_course_quaternion_still_gives_the_course_matrix():
    """[0.7071, 0, 0.7071, 0] is not unit; dividing by |q|² keeps R a rotation."""
    R = ql.matrix_from_quaternion([0.7071, 0, 0.7071, 0])
    np.testing.assert_allclose(R, RY90, atol=1e-15)
    assert ql.is_rotation_matrix(R)


@pytest.mark.parametrize(
    "q, R",
    [
        ([1, 0, 0, 0], E),
        ([0, 1, 0, 0], np.diag([1.0, -1, -1])),
        ([0, 0, 1, 0], np.diag([-1.0, 1, -1])),
        ([0, 0, 0, 1], np.diag([-1.0, -1, 1])),
        ([S, S, 0, 0], RX90),
        ([S, 0, S, 0], RY90),
        ([S, 0, 0, S], RZ90),
        ([S, 0, 0, -S], RZ90.T),
        ([0.5, 0.5, 0.5, 0.5], np.array([[0.0, 0, 1], [1, 0, 0], [0, 1, 0]])),  # 120° about (1,1,1)
    ],
)
def test_quaternion_from_matrix_anchors(q, R):
    np.testing.assert_allclose(ql.quaternion_from_matrix(R), q, atol=1e-15)
    np.testing.assert_allclose(ql.matrix_from_quaternion(q), R, atol=1e-15)


def test_180_about_z_sends_x_to_minus_x():
    R = ql.matrix_from_quaternion(ql.quaternion_from_axis_angle([0, 0, 1], 180, degrees=True))
    np.testing.assert_allclose(R @ [1, 0, 0], [-1, 0, 0], atol=1e-15)


HALF_TURN_AXES = [
    (1, 0, 0), (0, 1, 0), (0, 0, 1),
    (1, 1, 0), (1, 0, 1), (0, 1, 1), (1, -1, 0), (0, 1, -1), (-1, 0, 1),
    (1, 1, 1), (1, -1, 1), (-1, 1, 1), (1, 1, -1),
    (1, 2, 3), (-3, 0.5, 2),
]


@pytest.mark.parametrize("axis", HALF_TURN_AXES)
def test_quaternion_from_matrix_is_exact_at_180_degrees(axis):
    n = np.array(axis, dtype=float) / np.linalg.norm(axis)
    R = 2 * np.outer(n, n) - np.eye(3)  # 180° about n, written independently
    q = ql.quaternion_from_matrix(R)
    np.testing.assert_allclose(q, canonical(np.r_[0.0, n]), atol=2e-16)
    assert q[0] == 0.0 and not np.signbit(q[0])
    np.testing.assert_allclose(ql.matrix_from_quaternion(q), R, atol=1e-15)


@pytest.mark.parametrize("eps", [1e-3, 1e-6, 1e-9, 1e-12, 1e-15])
@pytest.mark.parametrize("axis", [(1, 0, 0), (0, 1, 0), (1, 1, 1), (1, -2, 0.5)])
def test_quaternion_from_matrix_near_180_degrees(axis, eps):
    for angle in (np.pi - eps, np.pi + eps):
        expected = ql.quaternion_from_axis_angle(axis, angle)
        q = ql.quaternion_from_matrix(rodrigues(axis, angle))
        assert same_rotation(q, expected, atol=1e-15)
        assert q[0] >= 0


# ---------------------------------------------------------------------------
# laws


@PROPERTY
@given(unit_quaternions, vectors)
def test_matrix_times_vector_is_the_sandwich(q, v):
    np.testing.assert_allclose(
        ql.matrix_from_quaternion(q) @ v, ql.rotate_vector(q, v), atol=1e-12
    )


@PROPERTY
@given(quaternions)
def test_columns_are_the_images_of_the_axes(q):
    R = ql.matrix_from_quaternion(q)
    np.testing.assert_allclose(R, ql.rotate_vector(q, np.eye(3)).T, atol=1e-13)


@PROPERTY
@given(quaternions)
def test_matrix_is_orthonormal_with_det_plus_one(q):
    R = ql.matrix_from_quaternion(q)  # q need not be unit
    np.testing.assert_allclose(R.T @ R, np.eye(3), atol=1e-14)
    assert np.linalg.det(R) == pytest.approx(1, abs=1e-14)
    assert ql.is_rotation_matrix(R)


@PROPERTY
@given(quaternions, st.floats(0.01, 100))
def test_sign_and_scale_do_not_change_the_matrix(q, scale):
    R = ql.matrix_from_quaternion(q)
    np.testing.assert_allclose(ql.matrix_from_quaternion(-q), R, atol=1e-15)
    np.testing.assert_allclose(ql.matrix_from_quaternion(scale * q), R, atol=1e-14)
    np.testing.assert_allclose(ql.matrix_from_quaternion(ql.normalize(q)), R, atol=1e-14)


@PROPERTY
@given(unit_quaternions, unit_quaternions)
def test_matrix_of_product_is_product_of_matrices(p, q):
    np.testing.assert_allclose(
        ql.matrix_from_quaternion(ql.multiply(p, q)),
        ql.matrix_from_quaternion(p) @ ql.matrix_from_quaternion(q),
        atol=1e-14,
    )


@PROPERTY
@given(quaternions)
def test_round_trip_quaternion_matrix_quaternion(q):
    back = ql.quaternion_from_matrix(ql.matrix_from_quaternion(q))
    assert same_rotation(back, ql.normalize(q), atol=1e-14)
    assert np.linalg.norm(back) == pytest.approx(1, abs=1e-15)
    if abs(q[0]) > 1e-12 * np.linalg.norm(q):  # below that, w's sign is rounding noise
        np.testing.assert_allclose(back, canonical(ql.normalize(q)), atol=1e-14)


@PROPERTY
@given(axes, st.floats(-7, 7))
def test_round_trip_matrix_quaternion_matrix(axis, angle):
    R = rodrigues(axis, angle)
    np.testing.assert_allclose(ql.matrix_from_quaternion(ql.quaternion_from_matrix(R)), R, atol=1e-14)


@PROPERTY
@given(axes, st.floats(-7, 7))
def test_quaternion_from_matrix_matches_axis_angle(axis, angle):
    q = ql.quaternion_from_matrix(rodrigues(axis, angle))
    assert same_rotation(q, ql.quaternion_from_axis_angle(axis, angle), atol=1e-14)


@PROPERTY
@given(quaternions)
def test_sign_convention_first_nonzero_component_positive(q):
    out = ql.quaternion_from_matrix(ql.matrix_from_quaternion(q))
    assert out[0] >= 0
    nonzero = out[out != 0]
    assert nonzero[0] > 0
    assert not np.signbit(out[out == 0]).any()  # no -0.0


def test_identity_has_no_negative_zeros():
    q = ql.quaternion_from_matrix(np.eye(3))
    assert q.tolist() == [1.0, 0.0, 0.0, 0.0]
    assert not np.signbit(q).any()


# ---------------------------------------------------------------------------
# the edge-case zoo


@pytest.mark.parametrize("q", zoo(), ids=lambda q: ",".join(f"{c:+.0f}" for c in q * 2))
def test_zoo_round_trips_exactly(q):
    R = ql.matrix_from_quaternion(q)
    np.testing.assert_allclose(R.T @ R, np.eye(3), atol=1e-15)
    np.testing.assert_allclose(R @ [1, 2, 3], ql.rotate_vector(q, [1, 2, 3]), atol=1e-14)
    np.testing.assert_allclose(ql.quaternion_from_matrix(R), canonical(q), atol=1e-15)


def test_zoo_batch_equals_one_by_one():
    qs = np.array(zoo())
    Rs = ql.matrix_from_quaternion(qs)
    assert Rs.shape == (80, 3, 3)
    back = ql.quaternion_from_matrix(Rs)
    for q, R, b in zip(qs, Rs, back):
        np.testing.assert_array_equal(ql.matrix_from_quaternion(q), R)
        np.testing.assert_allclose(ql.quaternion_from_matrix(R), b, atol=1e-16)


@PROPERTY
@given(st.lists(quaternions, min_size=1, max_size=6))
def test_batch_and_single_paths_agree(qs):
    qs = np.array(qs)
    Rs = ql.matrix_from_quaternion(qs)
    back = ql.quaternion_from_matrix(Rs)
    for q, R, b in zip(qs, Rs, back):
        np.testing.assert_allclose(ql.matrix_from_quaternion(q), R, rtol=0, atol=1e-15)
        np.testing.assert_allclose(ql.quaternion_from_matrix(R), b, rtol=0, atol=1e-15)
        assert ql.is_rotation_matrix(R) == ql.is_rotation_matrix(Rs)[0]


def test_leading_axes_broadcast():
    qs = ql.quaternion_from_axis_angle([0, 1, 0], np.arange(24).reshape(2, 3, 4) * 15.0, degrees=True)
    Rs = ql.matrix_from_quaternion(qs)
    assert Rs.shape == (2, 3, 4, 3, 3)
    assert ql.quaternion_from_matrix(Rs).shape == (2, 3, 4, 4)
    assert ql.is_rotation_matrix(Rs).shape == (2, 3, 4)
    assert ql.orthonormalize(Rs).shape == (2, 3, 4, 3, 3)
    assert ql.matrix_from_quaternion(np.zeros((0, 4)) + 1).shape == (0, 3, 3)


@pytest.mark.parametrize("scale", [1e-300, 1e-200, 1e-160, 1e160, 1e200, 1e300])
def test_huge_and_tiny_quaternions_give_the_rotation_of_their_direction(scale):
    """Regression: |q|² overflowed to inf (R = identity) or underflowed to 0 ("zero length")."""
    q = scale * np.array([S, 0, S, 0])
    np.testing.assert_allclose(ql.matrix_from_quaternion(q), RY90, atol=1e-15)
    np.testing.assert_allclose(ql.matrix_from_quaternion(np.stack([q, [1, 0, 0, 0]])), [RY90, E], atol=1e-15)


@pytest.mark.parametrize("scale", [1e-30, 1e-20, 1e20, 1e30])
def test_huge_and_tiny_float32_quaternions(scale):
    q = (np.float32(scale) * np.array([S, 0, S, 0], dtype=np.float32)).astype(np.float32)
    for qq in (q, q[None]):
        R = ql.matrix_from_quaternion(qq)
        assert R.dtype == np.float32
        np.testing.assert_allclose(R.reshape(3, 3), RY90, atol=1e-6)


@pytest.mark.parametrize("scale", [1e-300, 1e300])
def test_orthonormalize_is_scale_free(scale):
    np.testing.assert_allclose(ql.orthonormalize(scale * RZ90), RZ90, atol=1e-15)
    np.testing.assert_allclose(ql.orthonormalize(scale * RZ90[None]), [RZ90], atol=1e-15)
    with pytest.raises(ValueError, match=r"got det -inf|got det -0"):
        ql.orthonormalize(scale * np.diag([-1.0, 1, 1]))


def test_integer_input_gives_float64():
    assert ql.matrix_from_quaternion([1, 0, 0, 0]).dtype == np.float64
    assert ql.quaternion_from_matrix(np.eye(3, dtype=int)).dtype == np.float64


@pytest.mark.parametrize("batch", [False, True])
def test_float32_in_float32_out(batch):
    q = np.array([S, 0, S, 0], dtype=np.float32)
    if batch:
        q = np.stack([q, q])
    R = ql.matrix_from_quaternion(q)
    assert R.dtype == np.float32
    back = ql.quaternion_from_matrix(R)
    assert back.dtype == np.float32
    np.testing.assert_allclose(back, q, atol=1e-7)
    assert ql.orthonormalize(R).dtype == np.float32
    assert np.all(ql.is_rotation_matrix(R))  # default rtol follows the dtype


# ---------------------------------------------------------------------------
# bad input: every message


@pytest.mark.parametrize(
    "q, message",
    [
        ([np.nan, 0, 0, 0], r"Expected finite quaternion, got NaN at index 0"),
        ([0, 0, np.inf, 0], r"Expected finite quaternion, got \+inf at index 2"),
        ([[1, 0, 0, 0], [0, -np.inf, 0, 0]], r"Expected finite quaternion, got -inf at index \(1, 1\)"),
        ([np.nan, 0, 0, 0] * 1, r"got NaN"),  # NaN is never reported as zero
        ([0, 0, 0, 0], r"Expected non-zero quaternion, got zero length"),
        ([[1, 0, 0, 0], [0, 0, 0, 0]], r"Expected non-zero quaternion, got zero length at index \(1,\)"),
        ([1, 0, 0], r"Expected quaternion with shape \(\.\.\., 4\), got \(3,\)"),
        (1.0, r"Expected quaternion with shape \(\.\.\., 4\), got \(\)"),
        (["a", "b", "c", "d"], r"Expected quaternion of real numbers, got dtype <U1"),
    ],
)
def test_matrix_from_quaternion_errors(q, message):
    with pytest.raises(ValueError, match=message):
        ql.matrix_from_quaternion(q)


NOT_ORTHONORMAL = r"Expected a rotation matrix \(orthonormal, det \+1\), got columns not orthonormal"


@pytest.mark.parametrize(
    "R, message",
    [
        (
            np.diag([-1.0, 1, 1]),
            r"Expected a rotation matrix \(orthonormal, det \+1\), got det -1 \(a reflection\)$",
        ),
        (-np.eye(3), r"got det -1 \(a reflection\)"),
        (RY90 @ np.diag([1.0, 1, -1]), r"got det -1 \(a reflection\)"),
        (2 * np.eye(3), NOT_ORTHONORMAL + r", error 3 "),
        (
            [[1, 0.3, 0], [0, 1, 0], [0, 0, 1]],
            NOT_ORTHONORMAL + r", error 0\.3 \(max \|Rᵀ R - I\| > rtol 1\.49e-08\)",
        ),
        (np.zeros((3, 3)), NOT_ORTHONORMAL + r", error 1 "),
        (-2 * np.eye(3), NOT_ORTHONORMAL),  # scaled reflection: the first failure is reported
        (
            [[np.nan, 0, 0], [0, 1, 0], [0, 0, 1]],
            r"Expected finite rotation matrix, got NaN at index \(0, 0\)",
        ),
        (np.eye(4), r"Expected rotation matrix with shape \(\.\.\., 3, 3\), got \(4, 4\)"),
        (np.ones(9), r"Expected rotation matrix with shape \(\.\.\., 3, 3\), got \(9,\)"),
    ],
)
def test_quaternion_from_matrix_errors(R, message):
    with pytest.raises(ValueError, match=message):
        ql.quaternion_from_matrix(R)


def test_quaternion_from_matrix_error_names_the_bad_matrix_in_a_batch():
    Rs = np.stack([np.eye(3), RZ90, np.diag([1.0, -1, 1])])
    with pytest.raises(ValueError, match=r"got det -1 \(a reflection\) at index \(2,\)"):
        ql.quaternion_from_matrix(Rs)
    Rs[1, 0, 0] = 1.1
    with pytest.raises(ValueError, match=NOT_ORTHONORMAL + r", .* at index \(1,\)"):
        ql.quaternion_from_matrix(Rs)


def test_quaternion_from_matrix_rtol_keyword():
    drifted = RZ90 * (1 + 1e-6)
    assert not ql.is_rotation_matrix(drifted)
    with pytest.raises(ValueError, match=NOT_ORTHONORMAL):
        ql.quaternion_from_matrix(drifted)
    assert ql.is_rotation_matrix(drifted, rtol=1e-5)
    # the answer is off by about the drift, not more
    np.testing.assert_allclose(ql.quaternion_from_matrix(drifted, rtol=1e-5), [S, 0, 0, S], atol=1e-6)
    with pytest.raises(ValueError, match=NOT_ORTHONORMAL):
        ql.quaternion_from_matrix(drifted[None], rtol=1e-7)  # the batch path honours it too


def test_is_rotation_matrix():
    assert ql.is_rotation_matrix(RZ90)
    assert isinstance(ql.is_rotation_matrix(RZ90), np.bool_)
    got = ql.is_rotation_matrix(
        [np.eye(3), np.diag([-1.0, 1, 1]), 2 * np.eye(3), [[1, 0.3, 0], [0, 1, 0], [0, 0, 1]], RX90]
    )
    assert got.dtype == bool
    assert got.tolist() == [True, False, False, False, True]
    with pytest.raises(ValueError, match=r"Expected finite matrix, got \+inf"):
        ql.is_rotation_matrix(np.full((3, 3), np.inf))
    with pytest.raises(ValueError, match=r"Expected matrix with shape \(\.\.\., 3, 3\), got \(2, 2\)"):
        ql.is_rotation_matrix(np.eye(2))


# ---------------------------------------------------------------------------
# orthonormalize (notebook 05: matrix drift)


def test_orthonormalize_closed_forms():
    np.testing.assert_allclose(ql.orthonormalize(2 * RZ90), RZ90, atol=1e-15)  # pure scaling
    np.testing.assert_allclose(ql.orthonormalize(np.diag([1.0, 2, 3])), np.eye(3), atol=1e-15)
    # a shear in the xy-plane, [[a, b], [c, d]] = [[1, s], [0, 1]]: the nearest 2D
    # rotation turns by atan2(c - b, a + d) = -atan(s / 2) about z
    s = 0.3
    np.testing.assert_allclose(
        ql.orthonormalize([[1, s, 0], [0, 1, 0], [0, 0, 1]]),
        rodrigues([0, 0, 1], -np.arctan(s / 2)),
        atol=1e-15,
    )


@PROPERTY
@given(quaternions)
def test_orthonormalize_keeps_a_rotation(q):
    R = ql.matrix_from_quaternion(q)
    np.testing.assert_allclose(ql.orthonormalize(R), R, atol=1e-15)


@PROPERTY
@given(quaternions, st.integers(0, 2**32 - 1), st.floats(1e-9, 1e-2))
def test_orthonormalize_repairs_drift(q, seed, size):
    R = ql.matrix_from_quaternion(q)
    drifted = R + size * np.random.default_rng(seed).uniform(-1, 1, (3, 3))
    fixed = ql.orthonormalize(drifted)
    assert ql.is_rotation_matrix(fixed)
    assert np.abs(fixed - R).max() <= 6 * size  # lands next to where it started
    # polar decomposition: drifted = fixed @ P with P symmetric positive definite
    P = fixed.T @ drifted
    np.testing.assert_allclose(P, P.T, rtol=0, atol=1e-13)
    assert np.all(np.linalg.eigvalsh((P + P.T) / 2) > 0)


def test_orthonormalize_after_many_products():
    """Notebook 05's picture: float32 matrix products drift; one orthonormalize fixes it."""
    step = ql.matrix_from_quaternion(
        ql.quaternion_from_axis_angle(np.array([0, 1, 0], np.float32), np.float32(0.001))
    )
    R = np.eye(3, dtype=np.float32)
    for _ in range(2000):
        R = step @ R
    error = np.abs(R.T @ R - np.eye(3)).max()
    assert error > 1e-6
    fixed = ql.orthonormalize(R)
    assert fixed.dtype == np.float32
    assert np.abs(fixed.T @ fixed - np.eye(3)).max() < error


@pytest.mark.parametrize(
    "R, message",
    [
        (np.diag([-1.0, 1, 1]), r"Expected a matrix with det > 0 \(a drifted rotation\), got det -1$"),
        (np.zeros((3, 3)), r"Expected a matrix with det > 0 \(a drifted rotation\), got det 0"),
        (np.stack([np.eye(3), np.ones((3, 3))]), r"got det 0 at index \(1,\)"),
        ([[np.nan, 0, 0], [0, 1, 0], [0, 0, 1]], r"Expected finite matrix, got NaN at index \(0, 0\)"),
        (np.eye(2), r"Expected matrix with shape \(\.\.\., 3, 3\), got \(2, 2\)"),
    ],
)
def test_orthonormalize_errors(R, message):
    with pytest.raises(ValueError, match=message):
        ql.orthonormalize(R)


# --- issue 12: regressions, each named after what broke -------------------------


@pytest.mark.parametrize(
    "rtol, message",
    [
        (-1, "Expected a tolerance rtol >= 0, got -1.0"),
        (np.nan, "Expected finite tolerance rtol, got NaN"),
        (np.inf, "Expected finite tolerance rtol, got \\+inf"),
        (1j, "Expected tolerance rtol of real numbers, got dtype complex128"),
        ("1e-6", "Expected tolerance rtol of real numbers, got the string '1e-6'"),
    ],
)
def test_rotation_tolerance_nan_negative_inf_gave_an_answer(rtol, message):
    for R in (np.eye(3), np.stack([np.eye(3)] * 2)):
        with pytest.raises(ValueError, match=message):
            ql.is_rotation_matrix(R, rtol=rtol)
        with pytest.raises(ValueError, match=message):
            ql.quaternion_from_matrix(R, rtol=rtol)


def test_quaternion_from_matrix_rtol_nan_said_reflection():
    with pytest.raises(ValueError, match="finite tolerance rtol") as info:
        ql.quaternion_from_matrix(np.eye(3), rtol=np.nan)
    assert "reflection" not in str(info.value)


@pytest.mark.filterwarnings("error")  # no RuntimeWarning from numpy on the way to the answer
@pytest.mark.parametrize("R", [1e200 * np.eye(3), [[1e200, 1e200, 0], [-1e200, 1e200, 0], [0, 0, 1]]],
                         ids=["huge diagonal", "huge columns whose products cancel to NaN"])
def test_a_matrix_with_huge_entries_is_no_rotation_and_says_why(R):
    assert not ql.is_rotation_matrix(R)
    for convert in (ql.quaternion_from_matrix, ql.euler_from_matrix):
        with pytest.raises(ValueError, match="columns not orthonormal, error inf"):
            convert(R)
