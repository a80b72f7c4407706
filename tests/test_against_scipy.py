"""quatlib against scipy.spatial.transform.Rotation, an independent implementation.

scipy is a test-only oracle.  Its quaternions are scalar-LAST ``(x, y, z, w)``;
quatlib's are scalar-first ``(w, x, y, z)``.  The order is converted only at the
boundary, by ``to_scipy`` and ``from_scipy`` below, and nowhere else.  Rotations
are compared sign-agnostically (``q ≡ -q``), and Euler angles through their
matrices wherever the angles themselves are not unique (near gimbal lock).
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import quatlib as ql

Rotation = pytest.importorskip("scipy.spatial.transform").Rotation

PROPERTY = settings(max_examples=150, deadline=None)
N = 2000  # size of the seeded random batches


def to_scipy(q):
    """quatlib (w, x, y, z) -> scipy (x, y, z, w)."""
    return np.asarray(q)[..., [1, 2, 3, 0]]


def from_scipy(xyzw):
    """scipy (x, y, z, w) -> quatlib (w, x, y, z)."""
    return np.asarray(xyzw)[..., [3, 0, 1, 2]]


def assert_same_rotation(p, q, atol=1e-12):
    """Sign-agnostic: for each pair, p = q or p = -q."""
    p, q = np.asarray(p), np.asarray(q)
    d = np.minimum(np.abs(p - q).max(axis=-1), np.abs(p + q).max(axis=-1))
    assert np.all(d <= atol), f"largest sign-agnostic difference {d.max():.3g}"


@pytest.fixture
def rng():
    return np.random.default_rng(20240611)


@pytest.fixture
def quats(rng):
    q = rng.normal(size=(N, 4))
    return q / np.linalg.norm(q, axis=-1, keepdims=True)


_component = st.floats(-1, 1, allow_nan=False)
quaternions = st.tuples(_component, _component, _component, _component).filter(
    lambda c: sum(x * x for x in c) > 1e-2
).map(lambda c: np.array(c) / np.linalg.norm(c))
angle = st.floats(-720, 720, allow_nan=False)


def test_boundary_conversion_is_the_component_order_only():
    q = ql.quaternion_from_axis_angle([0, 1, 0], 90, degrees=True)  # (0.7071, 0, 0.7071, 0)
    np.testing.assert_allclose(Rotation.from_quat(to_scipy(q)).as_rotvec(), [0, np.pi / 2, 0])
    np.testing.assert_array_equal(from_scipy(to_scipy(q)), q)


# ---------------------------------------------------------------------------
# matrices


def test_matrix_from_quaternion(quats):
    np.testing.assert_allclose(
        ql.matrix_from_quaternion(quats), Rotation.from_quat(to_scipy(quats)).as_matrix(), atol=1e-14
    )


@PROPERTY
@given(quaternions)
def test_matrix_from_quaternion_single(q):
    np.testing.assert_allclose(
        ql.matrix_from_quaternion(q), Rotation.from_quat(to_scipy(q)).as_matrix(), atol=1e-14
    )


def test_quaternion_from_matrix(quats):
    R = Rotation.from_quat(to_scipy(quats)).as_matrix()
    ours = ql.quaternion_from_matrix(R)
    assert_same_rotation(ours, from_scipy(Rotation.from_matrix(R).as_quat()), atol=1e-14)
    assert_same_rotation(ours, quats, atol=1e-14)


@pytest.mark.parametrize("axis", [(1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 0), (1, 1, 1), (-1, 2, 3)])
@pytest.mark.parametrize("eps", [0.0, 1e-12, 1e-7, 1e-3])
def test_quaternion_from_matrix_at_and_near_180(axis, eps):
    rotvec = (np.pi - eps) * np.asarray(axis, dtype=float) / np.linalg.norm(axis)
    R = Rotation.from_rotvec(rotvec).as_matrix()
    assert_same_rotation(
        ql.quaternion_from_matrix(R), from_scipy(Rotation.from_matrix(R).as_quat()), atol=1e-15
    )


# ---------------------------------------------------------------------------
# Euler angles: the course's (yaw, pitch, roll) is scipy's intrinsic 'YXZ'


def test_matrix_from_euler(rng):
    angles = rng.uniform(-2 * np.pi, 2 * np.pi, size=(N, 3))
    np.testing.assert_allclose(
        ql.matrix_from_euler(*angles.T), Rotation.from_euler("YXZ", angles).as_matrix(), atol=1e-14
    )


@PROPERTY
@given(angle, angle, angle)
def test_quaternion_from_euler(yaw, pitch, roll):
    ours = ql.quaternion_from_euler(yaw, pitch, roll, degrees=True)
    theirs = from_scipy(Rotation.from_euler("YXZ", [yaw, pitch, roll], degrees=True).as_quat())
    assert_same_rotation(ours, theirs, atol=1e-14)


def test_euler_from_matrix_away_from_lock(rng):
    angles = rng.uniform(-np.pi, np.pi, size=(N, 3))
    angles[:, 1] = rng.uniform(-np.radians(89), np.radians(89), size=N)
    R = Rotation.from_euler("YXZ", angles).as_matrix()
    theirs = Rotation.from_matrix(R).as_euler("YXZ")
    np.testing.assert_allclose(ql.euler_from_matrix(R), theirs, atol=1e-12)
    np.testing.assert_allclose(ql.euler_from_quaternion(ql.quaternion_from_matrix(R)), theirs, atol=1e-12)


@pytest.mark.parametrize("pitch", [90.0, -90.0, 90 - 1e-9, -90 + 1e-9, 90 - 1e-6, 89.999, -89.99])
def test_euler_near_lock_compare_matrices_not_angles(rng, pitch):
    angles = np.column_stack([rng.uniform(-180, 180, 200), np.full(200, pitch), rng.uniform(-180, 180, 200)])
    rot = Rotation.from_euler("YXZ", angles, degrees=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # both libraries warn at the lock
        theirs = rot.as_euler("YXZ", degrees=True)
        ours = ql.euler_from_quaternion(from_scipy(rot.as_quat()), degrees=True)
        ours_m = ql.euler_from_matrix(rot.as_matrix(), degrees=True)
    R = rot.as_matrix()
    for got in (ours, ours_m):
        np.testing.assert_allclose(Rotation.from_euler("YXZ", got, degrees=True).as_matrix(), R, atol=1e-10)
        np.testing.assert_allclose(ql.matrix_from_euler(*got.T, degrees=True), R, atol=1e-10)
    np.testing.assert_allclose(ql.matrix_from_euler(*theirs.T, degrees=True), R, atol=1e-6)
    np.testing.assert_allclose(ours[:, 1], theirs[:, 1], atol=1e-6)  # pitch is always determined


# ---------------------------------------------------------------------------
# the sandwich, axis-angle, distances


def test_rotate_vector(quats, rng):
    v = rng.normal(size=(N, 3))
    np.testing.assert_allclose(
        ql.rotate_vector(quats, v), Rotation.from_quat(to_scipy(quats)).apply(v), atol=1e-13
    )


@PROPERTY
@given(quaternions, st.tuples(*[st.floats(-10, 10, allow_nan=False)] * 3))
def test_rotate_vector_single(q, v):
    np.testing.assert_allclose(ql.rotate_vector(q, v), Rotation.from_quat(to_scipy(q)).apply(v), atol=1e-13)


def test_quaternion_from_axis_angle(rng):
    axis = rng.normal(size=(N, 3))
    angle_ = rng.uniform(-3 * np.pi, 3 * np.pi, size=N)
    unit = axis / np.linalg.norm(axis, axis=-1, keepdims=True)
    theirs = from_scipy(Rotation.from_rotvec(unit * angle_[:, None]).as_quat())
    assert_same_rotation(ql.quaternion_from_axis_angle(axis, angle_), theirs, atol=1e-14)


def test_axis_angle_from_quaternion(quats):
    """The axis and angle read back are scipy's rotation vector (axis × angle), up to the sign of q: quatlib's angle
    lies in [0, 2π) with the axis of q as given, scipy's in [0, π] (it takes w ≥ 0 first)."""
    axis, angle_ = ql.axis_angle_from_quaternion(quats)
    theirs = Rotation.from_quat(to_scipy(quats))
    np.testing.assert_allclose(Rotation.from_rotvec(axis * angle_[:, None]).as_matrix(), theirs.as_matrix(),
                               atol=1e-12)
    np.testing.assert_allclose(np.minimum(angle_, 2 * np.pi - angle_), theirs.magnitude(), atol=1e-12)


def test_angle_between(rng):
    p = rng.normal(size=(N, 4))
    q = rng.normal(size=(N, 4))
    r1 = Rotation.from_quat(to_scipy(p))  # scipy normalizes; so does angle_between
    r2 = Rotation.from_quat(to_scipy(q))
    np.testing.assert_allclose(ql.angle_between(p, q), (r1.inv() * r2).magnitude(), atol=1e-12)


@pytest.mark.parametrize("degrees", [1e-8, 1e-3, 90, 179.999, 180])
def test_angle_between_small_and_near_half_turn(degrees):
    q = ql.quaternion_from_axis_angle([1, 2, 3], degrees, degrees=True)
    expected = (Rotation.identity().inv() * Rotation.from_quat(to_scipy(q))).magnitude()
    assert ql.angle_between(ql.IDENTITY, q) == pytest.approx(expected, rel=1e-9, abs=1e-15)


# ---------------------------------------------------------------------------
# SLERP's cross-check against scipy.spatial.transform.Slerp is in test_interpolate.py (test_slerp_against_scipy),
# beside the rest of slerp's tests.
