"""Every number the course states, asserted against quatlib (see ../shared/curriculum.md).

The notebooks print these numbers and nbval compares the printouts; this file
states them independently, so a change in quatlib that breaks a claim fails here
with a readable message even if someone re-runs and re-commits a notebook.
"""

from __future__ import annotations

import numpy as np
import pytest

import quatlib as ql

S = np.sqrt(0.5)


def same_rotation(p, q, atol=1e-12):
    return np.allclose(p, q, atol=atol) or np.allclose(p, -np.asarray(q), atol=atol)


# --- 00: start here -----------------------------------------------------------------------


def test_00_quarter_turn_about_y_sends_x_to_minus_z():
    q = ql.quaternion_from_axis_angle([0, 1, 0], 90, degrees=True)
    np.testing.assert_allclose(ql.rotate_vector(q, [1, 0, 0]), [0, 0, -1], atol=1e-15)


# --- 01: rotation in 2D -------------------------------------------------------------------


@pytest.mark.parametrize("angle", [0, 30, 45, 90, 135, 180, 270])
def test_01_matrix_and_complex_agree(angle):
    p = ql.rotate_2d([1, 0.5], angle, degrees=True)
    z = ql.rotate_complex(1 + 0.5j, angle, degrees=True)
    np.testing.assert_allclose(p, [z.real, z.imag], atol=1e-15)


def test_01_thirty_then_sixty_is_ninety_and_commutes():
    a = ql.complex_from_angle(30, degrees=True)
    b = ql.complex_from_angle(60, degrees=True)
    assert np.isclose(a * b, 1j) and np.isclose(b * a, 1j)
    R = ql.rotation_matrix_2d(60, degrees=True) @ ql.rotation_matrix_2d(30, degrees=True)
    np.testing.assert_allclose(R, [[0, -1], [1, 0]], atol=1e-15)
    np.testing.assert_allclose(ql.rotate_2d(ql.rotate_2d([1, 0], 30, degrees=True), 60, degrees=True), [0, 1],
                               atol=1e-15)


def test_01_2d_matrix_is_the_corner_of_rz():
    R3 = ql.matrix_from_quaternion(ql.quaternion_from_axis_angle([0, 0, 1], 30, degrees=True))
    np.testing.assert_allclose(R3[:2, :2], ql.rotation_matrix_2d(30, degrees=True), atol=1e-15)
    np.testing.assert_allclose(R3[2], [0, 0, 1], atol=1e-15)


# --- 02: Euler angles and gimbal lock ------------------------------------------------------


def up(yaw, pitch, roll):
    return ql.matrix_from_euler(yaw, pitch, roll, degrees=True) @ [0, 1, 0]


def test_02_order_matters():
    Rx = ql.matrix_from_euler(0, 90, 0, degrees=True)
    Ry = ql.matrix_from_euler(90, 0, 0, degrees=True)
    np.testing.assert_allclose(Ry @ Rx @ [0, 0, 1], [0, -1, 0], atol=1e-15)
    np.testing.assert_allclose(Rx @ Ry @ [0, 0, 1], [1, 0, 0], atol=1e-15)


def test_02_gimbal_lock_table():
    np.testing.assert_allclose(up(20, 0, 0), [0, 1, 0], atol=1e-15)
    np.testing.assert_allclose(up(20, 0, 30), [-0.4698, 0.8660, 0.1710], atol=5e-5)
    for yaw, roll in [(20, 10), (10, 0), (30, 20)]:
        np.testing.assert_allclose(up(yaw, 90, roll), [0.1736, 0.0, 0.9848], atol=5e-5)


def test_02_at_lock_the_whole_matrices_coincide():
    R = [ql.matrix_from_euler(y, 90, r, degrees=True) for y, r in [(20, 10), (10, 0), (30, 20)]]
    np.testing.assert_allclose(R[0], R[1], atol=1e-12)
    np.testing.assert_allclose(R[0], R[2], atol=1e-12)


@pytest.mark.parametrize(("pitch", "rank"), [(0, 3), (45, 3), (89, 3), (90, 2), (-90, 2)])
def test_02_rank_drops_at_lock(pitch, rank):
    assert ql.euler_jacobian_rank(20, pitch, 30, degrees=True) == rank


def test_02_zero_rotation_reports_documented_axis():
    axis, angle = ql.axis_angle_from_quaternion(ql.IDENTITY)
    np.testing.assert_array_equal(axis, [1, 0, 0])
    assert angle == 0


# --- 03: two reflections -------------------------------------------------------------------


def test_03_reflect_with_n_v_n():
    n = ql.Quaternion.pure([1, 0, 0])
    np.testing.assert_allclose((n * ql.Quaternion.pure([1, 2, 3]) * n).vector, [-1, 2, 3])


def test_03_mirrors_45_degrees_apart_give_90_about_y():
    q = ql.quaternion_from_mirrors([1, 0, 0], [1, 0, -1])
    assert same_rotation(q, [S, 0, S, 0])


@pytest.mark.parametrize(("axis", "angle"), [([0, 1, 0], 90), ([0, 0, 1], 180), ([1, 1, 0], 60), ([1, 2, 3], 250)])
def test_03_mirror_product_is_axis_angle_up_to_sign(axis, angle):
    n1, n2 = ql.mirror_normals(axis, angle, degrees=True)
    np.testing.assert_allclose(ql.quaternion_from_mirrors(n1, n2),
                               -ql.quaternion_from_axis_angle(axis, angle, degrees=True), atol=1e-12)


def test_03_hamilton_table_from_mirrors():
    names = {"i": [1, 0, 0], "j": [0, 1, 0], "k": [0, 0, 1]}
    basis = {"1": ql.IDENTITY, "i": ql.I, "j": ql.J, "k": ql.K}
    expected = {("i", "i"): "-1", ("i", "j"): "k", ("i", "k"): "-j", ("j", "i"): "-k", ("j", "j"): "-1",
                ("j", "k"): "i", ("k", "i"): "j", ("k", "j"): "-i", ("k", "k"): "-1"}
    for (a, b), product in expected.items():
        sign = -1 if product.startswith("-") else 1
        got = ql.quaternion_from_mirrors(names[b], names[a])  # reflect in b's mirror, then a's: a·b
        np.testing.assert_allclose(got, sign * basis[product.lstrip("-")], atol=1e-15)
    table = ql.hamilton_table(names=True)
    assert table[1, 2] == "k" and table[2, 1] == "-k" and table[1, 1] == "-1"


def test_03_hamiltons_rules():
    I, J, K = ql.Quaternion.I, ql.Quaternion.J, ql.Quaternion.K
    assert I * I == J * J == K * K == I * J * K == -1


def test_03_theta_plus_360_flips_the_sign():
    q90, q450 = ql.quaternion_from_axis_angle([0, 1, 0], [90, 450], degrees=True)
    np.testing.assert_allclose(q450, -q90, atol=1e-15)


# --- 04: the sandwich ----------------------------------------------------------------------


def test_04_ninety_about_y():
    q = ql.quaternion_from_axis_angle([0, 1, 0], 90, degrees=True)
    np.testing.assert_allclose(q, [0.7071, 0, 0.7071, 0], atol=5e-5)
    assert np.isclose(ql.norm(q), 1)


def test_04_w_y_table_in_float32():
    rows = []
    for angle in [0, 90, 180, 270]:
        q = ql.quaternion_from_axis_angle(np.float32([0, 1, 0]), np.radians(np.float32(angle)))
        assert q.dtype == np.float32
        rows.append(f"{q[0]:7.4f} {q[2]:7.4f}")
    assert rows == [" 1.0000  0.0000", " 0.7071  0.7071", "-0.0000  1.0000", "-0.7071  0.7071"]


def test_04_one_sided_product_is_not_a_rotation():
    q = ql.Quaternion.from_axis_angle([0, 1, 0], 90, degrees=True)
    v = ql.Quaternion.pure([1, 1, 0])
    one_sided = q * v
    assert abs(one_sided.w) > 0.7
    assert not np.isclose(np.linalg.norm(one_sided.vector), np.sqrt(2))
    sandwich = q * v * q.inverse()
    assert abs(sandwich.w) < 1e-15
    np.testing.assert_allclose(sandwich.vector, [0, 1, -1], atol=1e-15)
    np.testing.assert_allclose((q * v * q.conj()).vector, sandwich.vector, atol=1e-15)


def test_04_multiplication_order():
    yaw90 = ql.quaternion_from_euler(90, 0, 0, degrees=True)
    pitch90 = ql.quaternion_from_euler(0, 90, 0, degrees=True)
    np.testing.assert_allclose(ql.rotate_vector(ql.multiply(yaw90, pitch90), [0, 0, 1]), [0, -1, 0], atol=1e-15)
    np.testing.assert_allclose(ql.rotate_vector(ql.multiply(pitch90, yaw90), [0, 0, 1]), [1, 0, 0], atol=1e-15)


def test_04_exercise_numbers():
    q = ql.quaternion_from_axis_angle([0, 1, 0], 90, degrees=True)
    once = ql.rotate_vector(q, [1, 0, 0])
    np.testing.assert_allclose(once, [0, 0, -1], atol=1e-15)
    np.testing.assert_allclose(ql.rotate_vector(q, once), [-1, 0, 0], atol=1e-15)
    z180 = ql.quaternion_from_axis_angle([0, 0, 1], 180, degrees=True)
    np.testing.assert_allclose(ql.rotate_vector(z180, [1, 0, 0]), [-1, 0, 0], atol=1e-15)
    q40 = ql.quaternion_from_axis_angle([0, 1, 0], 40, degrees=True)
    back = ql.rotate_vector(ql.conjugate(q40), ql.rotate_vector(q40, [2, 3, 5]))
    np.testing.assert_allclose(back, [2, 3, 5], atol=1e-14)
