"""quatlib.engines: the table agrees with itself, conversions are exact, and each system's documented examples hold.

Worked examples are computed the way each system computes them (Unreal's
``FRotator::Quaternion`` formula, scipy's ``Rotation`` in the engine's own
coordinates), never by calling the function under test twice.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy.spatial.transform import Rotation

import quatlib as ql
from quatlib import engines

ROOT = Path(__file__).resolve().parent.parent
NAMES = list(engines.ENGINES)
S = math.sqrt(0.5)

finite = st.floats(-100, 100, allow_nan=False, allow_subnormal=False)
vectors = arrays(np.float64, 3, elements=finite)
unit_quaternions = arrays(np.float64, 4, elements=st.floats(-1, 1, allow_subnormal=False)).filter(
    lambda q: np.linalg.norm(q) > 1e-3).map(lambda q: q / np.linalg.norm(q))


def scalar_first(q_stored, name):
    """The engine's stored quaternion as (w, x, y, z), read from the table's storage text (not from engines.py)."""
    q_stored = np.asarray(q_stored, dtype=float)
    storage = engines.ENGINES[name].storage
    return np.roll(q_stored, 1, axis=-1) if storage == "(x, y, z, w)" else q_stored


def same_rotation(p, q):
    assert min(np.abs(np.asarray(p) - q).max(), np.abs(np.asarray(p) + q).max()) < 1e-9, (p, q)


# the table


@pytest.mark.parametrize("name", NAMES)
def test_the_basis_is_a_signed_permutation_whose_determinant_is_the_handedness(name):
    M = engines.basis_matrix(name)
    assert sorted(np.abs(M).sum(axis=0)) == [1, 1, 1] and sorted(np.abs(M).sum(axis=1)) == [1, 1, 1]
    det = round(float(np.linalg.det(M)))
    assert {"right": 1, "left": -1}[engines.ENGINES[name].handedness] == det


@pytest.mark.parametrize("name", [n for n in NAMES if engines.ENGINES[n].up])
def test_the_courses_up_and_forward_land_on_the_engines(name):
    e = engines.ENGINES[name]
    axis = {"X": 0, "Y": 1, "Z": 2}

    def unit(signed):
        v = np.zeros(3)
        v[axis[signed[1]]] = 1 if signed[0] == "+" else -1
        return v

    np.testing.assert_array_equal(engines.vector_to_engine([0, 1, 0], name), unit(e.up))
    np.testing.assert_array_equal(engines.vector_to_engine([0, 0, -1], name), unit(e.forward))  # into the screen


def test_the_table_covers_the_systems_of_the_workshop():
    assert {e.name for e in engines.ENGINES.values()} == {
        "Unity", "Unreal", "Godot", "Blender", "ROS", "three.js", "Eigen", "scipy"}
    left = {e.name for e in engines.ENGINES.values() if e.handedness == "left"}
    assert left == {"Unity", "Unreal"}
    w_first = {e.name for e in engines.ENGINES.values() if e.storage == "(w, x, y, z)"}
    assert w_first == {"Blender"}


def test_the_table_is_read_only():
    with pytest.raises(TypeError):
        engines.ENGINES["mine"] = engines.ENGINES["unity"]
    with pytest.raises(ValueError):
        engines.basis_matrix("unity")[0, 0] = 5


def test_the_cheat_sheet_holds_the_table_as_generated():
    assert engines.conventions_table() in (ROOT / "docs" / "cheatsheet.md").read_text(encoding="utf-8")


def test_quatlib_exposes_engines_as_a_lazy_submodule():
    assert ql.engines is engines


# exact conversions


@pytest.mark.parametrize("name", NAMES)
@settings(deadline=None, max_examples=50)
@given(v=vectors)
def test_vectors_round_trip_exactly(name, v):
    np.testing.assert_array_equal(engines.vector_from_engine(engines.vector_to_engine(v, name), name), v)


@pytest.mark.parametrize("name", NAMES)
@settings(deadline=None, max_examples=50)
@given(q=unit_quaternions)
def test_quaternions_round_trip_exactly_and_keep_their_angle(name, q):
    qe = engines.quaternion_to_engine(q, name)
    np.testing.assert_array_equal(engines.quaternion_from_engine(qe, name), q)
    assert scalar_first(qe, name)[0] == q[0]  # w, the cosine of half the angle, is the same number
    assert np.linalg.norm(qe) == pytest.approx(1.0)


@pytest.mark.parametrize("name", NAMES)
@settings(deadline=None, max_examples=50)
@given(q=unit_quaternions, v=vectors)
def test_rotating_the_converted_vector_by_the_converted_quaternion_is_converting_the_rotated_vector(name, q, v):
    qe = scalar_first(engines.quaternion_to_engine(q, name), name)
    lhs = ql.rotate_vector(qe, engines.vector_to_engine(v, name))
    rhs = engines.vector_to_engine(ql.rotate_vector(q, v), name)
    np.testing.assert_allclose(lhs, rhs, atol=1e-9 * (1 + np.abs(v).max()))


@pytest.mark.parametrize("name", NAMES)
def test_the_engines_matrix_is_the_courses_in_the_new_basis(name):
    q = ql.normalize([0.3, -0.5, 0.7, 0.4])
    M = engines.basis_matrix(name)
    Re = ql.matrix_from_quaternion(scalar_first(engines.quaternion_to_engine(q, name), name))
    np.testing.assert_allclose(Re, M @ ql.matrix_from_quaternion(q) @ M.T, atol=1e-12)


def test_batches_broadcast_and_float32_stays_float32():
    q = np.tile(ql.quaternion_from_axis_angle([0, 1, 0], 0.5), (2, 3, 1)).astype(np.float32)
    out = engines.quaternion_to_engine(q, "unreal")
    assert out.shape == (2, 3, 4) and out.dtype == np.float32
    v = np.ones((5, 3), dtype=np.float32)
    assert engines.vector_to_engine(v, "ros").dtype == np.float32


# each system's documentation


def test_unity_euler_0_90_0_turns_forward_to_right():
    # Quaternion.Euler(0, 90, 0) is (0, 0.7071, 0, 0.7071) and turns Vector3.forward (+Z) to Vector3.right (+X)
    q = engines.quaternion_from_engine_euler([0, 90, 0], "unity")
    np.testing.assert_allclose(engines.quaternion_to_engine(q, "unity"), [0, S, 0, S], atol=1e-15)
    np.testing.assert_allclose(ql.rotate_vector([S, 0, S, 0], [0, 0, 1]), [1, 0, 0], atol=1e-15)
    np.testing.assert_allclose(ql.rotate_vector(q, [0, 0, -1]), [1, 0, 0], atol=1e-15)  # the course's forward


def test_unity_euler_90_0_0_looks_down():
    q = engines.quaternion_from_engine_euler([90, 0, 0], "unity")
    forward = engines.vector_from_engine([0, 0, 1], "unity")
    np.testing.assert_allclose(ql.rotate_vector(q, forward), [0, -1, 0], atol=1e-15)


@pytest.mark.parametrize("name, scipy_order, permutation", [
    ("unity", "zxy", [2, 0, 1]),  # ZXY about the fixed axes, angles given as (x, y, z)
    ("blender", "xyz", [0, 1, 2]),  # XYZ about the fixed axes
    ("ros", "xyz", [0, 1, 2]),  # fixed-axis roll, pitch, yaw
    ("three.js", "XYZ", [0, 1, 2]),  # intrinsic XYZ
    ("godot", "YXZ", [1, 0, 2]),  # YXZ (intrinsic), angles given as (x, y, z)
])
def test_euler_angles_match_scipy_in_the_engines_own_coordinates(name, scipy_order, permutation):
    angles = np.array([25.0, -40.0, 70.0])
    stored = Rotation.from_euler(scipy_order, angles[permutation], degrees=True).as_quat()  # (x, y, z, w)
    expected = engines.quaternion_from_engine(
        stored if engines.ENGINES[name].storage == "(x, y, z, w)" else np.roll(stored, 1), name)
    same_rotation(engines.quaternion_from_engine_euler(angles, name), expected)


def test_godots_euler_angles_are_the_courses():
    x, y, z = 25.0, -40.0, 70.0
    same_rotation(engines.quaternion_from_engine_euler([x, y, z], "godot"),
                  ql.quaternion_from_euler(y, x, z, degrees=True))


def unreal_frotator_quaternion(pitch, yaw, roll):
    """FRotator::Quaternion() as Unreal's Rotator.h writes it: FQuat (X, Y, Z, W)."""
    sp, cp = math.sin(math.radians(pitch) / 2), math.cos(math.radians(pitch) / 2)
    sy, cy = math.sin(math.radians(yaw) / 2), math.cos(math.radians(yaw) / 2)
    sr, cr = math.sin(math.radians(roll) / 2), math.cos(math.radians(roll) / 2)
    return np.array([cr * sp * sy - sr * cp * cy, -cr * sp * cy - sr * cp * sy,
                     cr * cp * sy - sr * sp * cy, cr * cp * cy + sr * sp * sy])


@pytest.mark.parametrize("rotator", [(0, 90, 0), (30, 0, 0), (0, 0, 45), (20, -35, 60)])
def test_unreal_frotator_matches_unreals_formula(rotator):
    q = engines.quaternion_from_engine_euler(rotator, "unreal")
    same_rotation(engines.quaternion_to_engine(q, "unreal"), unreal_frotator_quaternion(*rotator))


def test_unreal_yaw_turns_forward_to_right_and_pitch_lifts_the_nose():
    yaw = scalar_first(unreal_frotator_quaternion(0, 90, 0), "unreal")
    np.testing.assert_allclose(ql.rotate_vector(yaw, [1, 0, 0]), [0, 1, 0], atol=1e-15)  # X forward -> Y right
    pitch = scalar_first(unreal_frotator_quaternion(90, 0, 0), "unreal")
    np.testing.assert_allclose(ql.rotate_vector(pitch, [1, 0, 0]), [0, 0, 1], atol=1e-15)  # nose up
    # and in the course's frame the yaw is the same physical turn as Unity's Euler(0, 90, 0)
    same_rotation(engines.quaternion_from_engine(unreal_frotator_quaternion(0, 90, 0), "unreal"),
                  engines.quaternion_from_engine_euler([0, 90, 0], "unity"))


def test_ros_rep_103_x_forward_y_left_z_up():
    np.testing.assert_array_equal(engines.vector_to_engine([0, 0, -1], "ros"), [1, 0, 0])  # forward
    np.testing.assert_array_equal(engines.vector_to_engine([-1, 0, 0], "ros"), [0, 1, 0])  # left
    np.testing.assert_array_equal(engines.vector_to_engine([0, 1, 0], "ros"), [0, 0, 1])  # up
    # a positive yaw turns counter-clockwise seen from above: forward turns left
    q = engines.quaternion_from_engine_euler([0, 0, 90], "ros")
    np.testing.assert_allclose(ql.rotate_vector(q, [0, 0, -1]), [-1, 0, 0], atol=1e-15)


def test_threejs_is_the_courses_frame_stored_xyzw():
    q = ql.quaternion_from_axis_angle([0, 1, 0], 90, degrees=True)
    # new Quaternion().setFromAxisAngle(new Vector3(0, 1, 0), Math.PI / 2) has (x, y, z, w) = (0, 0.7071, 0, 0.7071)
    np.testing.assert_allclose(engines.quaternion_to_engine(q, "three.js"), [0, S, 0, S], atol=1e-15)
    np.testing.assert_array_equal(engines.vector_to_engine([1, 2, 3], "three.js"), [1, 2, 3])


def test_scipy_stores_the_scalar_last():
    q = ql.normalize([0.3, -0.5, 0.7, 0.4])
    np.testing.assert_allclose(engines.quaternion_to_engine(q, "scipy"),
                               Rotation.from_quat(q, scalar_first=True).as_quat(canonical=False), atol=1e-15)


def test_eigen_coeffs_are_xyzw_while_its_constructor_takes_w_first():
    w, x, y, z = ql.normalize([0.3, -0.5, 0.7, 0.4])  # Eigen::Quaterniond q(w, x, y, z);
    np.testing.assert_array_equal(engines.quaternion_to_engine([w, x, y, z], "eigen"), [x, y, z, w])  # q.coeffs()


def test_blender_stores_w_first_and_is_z_up():
    q = ql.quaternion_from_axis_angle([0, 1, 0], 90, degrees=True)  # a quarter turn about up
    np.testing.assert_allclose(engines.quaternion_to_engine(q, "blender"), [S, 0, 0, S], atol=1e-15)


# errors


def test_an_unknown_engine_names_the_known_ones():
    known = r"Expected an engine name, one of 'unity', 'unreal', .*'scipy', got 'unigine'"
    with pytest.raises(ValueError, match=known):
        engines.quaternion_to_engine([1, 0, 0, 0], "unigine")
    with pytest.raises(ValueError, match="got None"):
        engines.vector_to_engine([1, 0, 0], None)


def test_names_are_case_insensitive():
    assert engines.engine("Three.JS") is engines.ENGINES["three.js"]


def test_bad_arrays_go_through_the_validation_gate():
    with pytest.raises(ValueError, match=r"Expected quaternion with shape \(\.\.\., 4\), got \(3,\)"):
        engines.quaternion_to_engine([1, 0, 0], "unity")
    with pytest.raises(ValueError, match="Expected finite vector, got NaN"):
        engines.vector_to_engine([1, np.nan, 0], "unity")
    with pytest.raises(ValueError, match=r"Expected Euler angles with shape \(3,\)"):
        engines.quaternion_from_engine_euler([[0, 0, 0]], "unity")


@pytest.mark.parametrize("name", ["eigen", "scipy"])
def test_libraries_without_a_default_euler_order_say_so(name):
    with pytest.raises(ValueError, match="has none"):
        engines.quaternion_from_engine_euler([0, 0, 0], name)
