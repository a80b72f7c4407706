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


def test_01_i_is_a_quarter_turn_and_i_squared_a_half_turn():
    powers = [1j**k for k in range(5)]
    np.testing.assert_allclose(powers, [1, 1j, -1, -1j, 1], atol=1e-15)
    z = 2 + 1j
    assert np.isclose(1j * z, -1 + 2j) and abs(1j * z) == pytest.approx(abs(z))
    assert np.degrees(np.angle(1j * z) - np.angle(z)) == pytest.approx(90)


def test_01_multiplying_by_e_i_theta_keeps_lengths_and_adds_the_angle():
    z, w = 1 + 0.5j, ql.complex_from_angle(30, degrees=True)
    assert np.isclose(w, np.exp(1j * np.radians(30)))
    assert abs(w * z) == pytest.approx(abs(z)) and abs(z) == pytest.approx(1.1180, abs=5e-5)
    assert np.degrees(np.angle(z)) == pytest.approx(26.5651, abs=5e-5)
    assert np.degrees(np.angle(w * z)) == pytest.approx(56.5651, abs=5e-5)


def test_01_a_number_of_length_two_also_doubles_distances():
    z, w2 = 1 + 0.5j, 2 * ql.complex_from_angle(30, degrees=True)
    assert abs(w2 * z) / abs(z) == pytest.approx(2)
    assert np.degrees(np.angle(w2 * z) - np.angle(z)) == pytest.approx(30)


def test_01_r30_r60_equals_r60_r30():
    R30, R60 = ql.rotation_matrix_2d([30, 60], degrees=True)
    np.testing.assert_allclose(R30 @ R60, R60 @ R30, atol=1e-15)
    np.testing.assert_allclose(R30 @ R60, [[0, -1], [1, 0]], atol=1e-15)


def test_01_one_mirror_flips_two_mirrors_turn_by_twice_the_angle():
    def as_matrix(images):
        return np.array([images.real, images.imag])

    assert np.linalg.det(as_matrix(ql.reflect_complex(np.array([1, 1j]), 30, degrees=True))) == pytest.approx(-1)
    twice = ql.reflect_complex(ql.reflect_complex(np.array([1, 1j]), 0), 30, degrees=True)
    assert np.linalg.det(as_matrix(twice)) == pytest.approx(1)
    z = 1 + 0.5j
    for phi in [0, 15, 30, 45, 90]:
        w = ql.reflect_complex(ql.reflect_complex(z, 0), phi, degrees=True)
        np.testing.assert_allclose(w, ql.rotate_complex(z, 2 * phi, degrees=True), atol=1e-15)


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


def test_03_alpha_goes_to_minus_alpha_then_to_two_phi_plus_alpha():
    y = np.array([0.0, 1.0, 0.0])

    def direction(a):
        return ql.rotate_vector(ql.quaternion_from_axis_angle(y, a, degrees=True), [1, 0, 0])

    def angle_about_y(v):
        return np.degrees(np.arctan2(-v[2], v[0]))

    for phi, turn in [(0, 0), (30, 60), (45, 90), (90, 180)]:
        after_1 = ql.reflect(direction(20), direction(90))
        after_2 = ql.reflect(after_1, direction(phi + 90))
        assert angle_about_y(after_1) == pytest.approx(-20)
        assert angle_about_y(after_2) % 360 == pytest.approx(2 * phi + 20)
        assert (angle_about_y(after_2) - 20) % 360 == pytest.approx(turn)


@pytest.mark.parametrize(("axis", "angle"), [([0, 1, 0], 90), ([0, 0, 1], 180), ([1, 1, 0], 60), ([1, 2, 3], 250)])
def test_03_the_real_part_of_n2_n1_is_minus_cos_phi(axis, angle):
    n1, n2 = ql.mirror_normals(axis, angle, degrees=True)
    phi = np.arccos(np.clip(n1 @ n2, -1, 1))
    assert np.degrees(phi) == pytest.approx(angle / 2)
    assert ql.quaternion_from_mirrors(n1, n2)[0] == pytest.approx(-np.cos(phi))


def test_03_mirrors_around_x_give_minus_the_quarter_turn_about_x_and_q_equals_minus_q():
    q = ql.quaternion_from_mirrors([0, 1, 0], [0, 1, 1])
    np.testing.assert_allclose(q, [-S, -S, 0, 0], atol=1e-15)
    v = [0.3, -1.2, 2.0]
    np.testing.assert_allclose(ql.rotate_vector(q, v), ql.rotate_vector(-q, v), atol=1e-15)
    np.testing.assert_allclose(ql.rotate_vector(q, v), [0.3, -2.0, -1.2], atol=1e-15)


def test_03_the_turn_goes_from_mirror_1_toward_mirror_2_about_n1_cross_n2():
    n1, n2 = np.array([0.0, 1.0, 0.0]), np.array([0.0, 1.0, 1.0]) / np.sqrt(2)
    axis = np.cross(n1, n2) / np.linalg.norm(np.cross(n1, n2))
    np.testing.assert_allclose(axis, [1, 0, 0])
    np.testing.assert_allclose(ql.rotate_vector(ql.quaternion_from_axis_angle(axis, 45, degrees=True), n1), n2,
                               atol=1e-15)
    v = [0, 0, 1]
    twice = ql.reflect(ql.reflect(v, n1), n2)
    np.testing.assert_allclose(twice, [0, -1, 0], atol=1e-15)
    np.testing.assert_allclose(twice, ql.rotate_vector(ql.quaternion_from_axis_angle(axis, 90, degrees=True), v),
                               atol=1e-15)
    np.testing.assert_allclose(ql.reflect(ql.reflect(v, n2), n1), [0, 1, 0], atol=1e-15)


def test_03_hamiltons_rules_from_mirror_products():
    X, Y, Z = [1, 0, 0], [0, 1, 0], [0, 0, 1]
    for n in (X, Y, Z):
        np.testing.assert_allclose(ql.quaternion_from_mirrors(n, n), [-1, 0, 0, 0], atol=1e-15)
    ij = ql.quaternion_from_mirrors(Y, X)  # reflect in j's mirror, then i's
    np.testing.assert_allclose(ij, ql.K, atol=1e-15)
    np.testing.assert_allclose(ql.multiply(ij, ql.K), [-1, 0, 0, 0], atol=1e-15)  # ijk = k k


def test_03_k_as_a_mirror_and_as_a_half_turn():
    v = np.array([2.0, -1.0, 0.5])
    pure = np.append(0.0, v)
    mirror = ql.multiply(ql.multiply(ql.K, pure), ql.K)
    turn = ql.multiply(ql.multiply(ql.K, pure), ql.conjugate(ql.K))
    np.testing.assert_allclose(mirror, [0, 2, -1, -0.5], atol=1e-15)
    np.testing.assert_allclose(turn, [0, -2, 1, 0.5], atol=1e-15)
    np.testing.assert_allclose(mirror[1:], ql.reflect(v, [0, 0, 1]), atol=1e-15)
    np.testing.assert_allclose(turn[1:], ql.rotate_vector(ql.K, v), atol=1e-15)


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


# --- 05: drift -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def drift_runs():
    step32 = ql.quaternion_from_axis_angle(np.float32([0, 1, 0]), np.float32(0.001))
    step64 = ql.quaternion_from_axis_angle([0, 1, 0], 0.001)
    return (ql.accumulate_rotation(step32, 200_000, dtype=np.float32),
            ql.accumulate_rotation(step64, 200_000, dtype=np.float64), step32)


def test_05_non_unit_sandwich_scales_by_norm_squared():
    q = ql.Quaternion(1.1 * ql.quaternion_from_axis_angle([0, 1, 0], 40, degrees=True))
    v = ql.Quaternion.pure([1, 0, 0])
    assert np.isclose((q * v * q.conj()).norm(), 1.21)
    np.testing.assert_allclose(np.linalg.norm(ql.rotate_vector(q, [1, 0, 0])), 1.0)


def test_05_float32_drift_reaches_about_1_0004(drift_runs):
    q32, q64, _ = drift_runs
    assert q32.dtype == np.float32
    assert 3.5e-4 < ql.length_error(q32[-1]) < 4.5e-4          # "≈ 1.0004"
    assert f"{ql.norm(q32[-1].astype(np.float64)):.8f}" == "1.00041377"   # the digits the notebook prints
    assert abs(ql.length_error(q64[-1])) < 1e-10              # "float64 stays within ~1e-10"


def test_05_one_normalize_restores_unit_length(drift_runs):
    q32, _, _ = drift_runs
    fixed = ql.normalize(q32[-1])
    assert fixed.dtype == np.float32
    assert f"{ql.norm(fixed.astype(np.float64)):.6f}" == "1.000000"


def test_05_matrix_drifts_and_reorthonormalizing_repairs_it(drift_runs):
    _, _, step32 = drift_runs
    Rs = ql.accumulate_matrix(ql.matrix_from_quaternion(step32), 200_000, dtype=np.float32)
    assert ql.orthonormality_error(Rs[-1]) > 1e-3
    assert ql.orthonormality_error(ql.orthonormalize(Rs[-1])) < 1e-6
    # "the off-diagonal entries are exactly 0 ... the x and z columns grow by 0.4 %, the y column stays at 1"
    R = Rs[-1].astype(np.float64)
    RtR = R.T @ R
    assert (RtR - np.diag(np.diag(RtR)) == 0).all()
    lengths = np.linalg.norm(R, axis=0)
    assert lengths[1] == 1 and f"{lengths[0] - 1:.1%}" == f"{lengths[2] - 1:.1%}" == "0.4%"
    # "a turn about a tilted axis ... could also tilt the columns towards each other"
    axis = np.float32([1, 2, 3]) / np.float32(np.sqrt(14))
    tilted = ql.quaternion_from_axis_angle(axis, np.float32(0.001))
    R = ql.accumulate_matrix(ql.matrix_from_quaternion(tilted), 20_000, dtype=np.float32)[-1].astype(np.float64)
    assert np.abs(R.T @ R - np.diag(np.diag(R.T @ R))).max() > 1e-5


def test_05_the_mechanism_step_not_unit_and_lengths_multiply(drift_runs):
    """|step| − 1 = 5.8e-9; |pq| = |p||q|; exact arithmetic: 1.00116 ("1.0012"), beside rounding's 1.0004."""
    _, _, step32 = drift_runs
    n = ql.norm(step32.astype(np.float64))
    assert f"{n - 1:.1e}" == "5.8e-09"
    assert f"{n ** 200_000:.5f}" == "1.00116"
    p, q = np.random.default_rng(0).normal(size=(2, 4))
    assert ql.norm(ql.multiply(p, q)) == pytest.approx(ql.norm(p) * ql.norm(q), rel=1e-15)


def test_05_a_loop_of_multiply_rounds_once_and_drifts_to_1_0012(drift_runs):
    _, _, step32 = drift_runs
    q = ql.IDENTITY.astype(np.float32)
    for _ in range(200_000):
        q = ql.multiply(step32, q)
    assert q.dtype == np.float32
    assert f"{ql.norm(q.astype(np.float64)):.7f}" == "1.0011533"    # "1.0012", vs 1.0004 op by op


def test_05_integrating_an_angular_velocity_drifts_far_more():
    """600 Euler steps of one turn per second: |q| 2.27 ("more than twice"), |q|² above 5; per step 1.4e-3."""
    omega, dt = [0, 2 * np.pi, 0], 1 / 60
    factor = np.sqrt(1 + (2 * np.pi * dt / 2) ** 2)
    assert f"{factor - 1:.1e}" == "1.4e-03" and factor - 1 > 4e-4   # more in one step than rounding in 200,000
    qs = ql.integrate_angular_velocity(omega, dt, 600)
    assert f"{ql.norm(qs[-1]):.2f}" == "2.27" and 5 < ql.norm(qs[-1]) ** 2 < 5.5
    cheap = ql.integrate_angular_velocity(omega, dt, 600, renormalize=ql.renormalize_cheap)
    assert f"{np.abs(ql.length_error(cheap)).max():.0e}" == "3e-06"
    exact = ql.integrate_angular_velocity(omega, dt, 600, renormalize=ql.normalize)
    assert np.abs(ql.length_error(exact)).max() < 1e-15


def test_05_cheap_renormalization_squares_the_error():
    """"a length error e becomes about 1.5 e²": 4e-4 becomes 2.4e-7."""
    assert f"{ql.length_error(ql.renormalize_cheap([1.0004, 0, 0, 0])):.1e}" == "-2.4e-07"


def test_05_exercise_normalize_every_17_or_16_frames():
    assert ql.max_drift(200_000, normalize_every=17) <= 1e-6 < ql.max_drift(200_000, normalize_every=18)
    f = ql.normalize_in_dtype  # "any sensible normalization is judged right": a float32 program's gives 16
    assert ql.max_drift(200_000, 16, normalizer=f) <= 1e-6 < ql.max_drift(200_000, 17, normalizer=f)


# --- 06: SLERP vs NLERP --------------------------------------------------------------------


def test_06_150_degree_table():
    q1 = ql.quaternion_from_axis_angle([0, 1, 0], 150, degrees=True)
    t = np.array([0, 0.25, 0.5, 0.75, 1])
    s = ql.swept_angle(ql.IDENTITY, ql.slerp(ql.IDENTITY, q1, t), degrees=True)
    n = ql.swept_angle(ql.IDENTITY, ql.nlerp(ql.IDENTITY, q1, t), degrees=True)
    np.testing.assert_allclose(s, [0, 37.5, 75, 112.5, 150], atol=1e-9)
    np.testing.assert_allclose(n, [0, 33.02, 75, 116.98, 150], atol=5e-3)


def test_06_170_degree_exercise():
    q1 = ql.quaternion_from_axis_angle([0, 1, 0], 170, degrees=True)
    t = np.array([0.25, 0.5])
    np.testing.assert_allclose(ql.swept_angle(ql.IDENTITY, ql.slerp(ql.IDENTITY, q1, t), degrees=True), [42.5, 85])
    np.testing.assert_allclose(ql.swept_angle(ql.IDENTITY, ql.nlerp(ql.IDENTITY, q1, t), degrees=True),
                               [35.77, 85], atol=5e-3)


def test_06_nlerp_error_grows_with_separation():
    errors = ql.nlerp_max_error([10, 30, 60, 90, 120, 150, 170], degrees=True)
    assert np.all(np.diff(errors) > 0)
    assert errors[0] < 0.01 and 4 < errors[5] < 5


def test_06_omega_is_half_the_turn():
    """06: "Ω ... is half the turn: 150° of turning is Ω = 75°" (and the plane picture's angles are halves)."""
    for turn in (10, 150, 170, 180):
        q1 = ql.quaternion_from_axis_angle([0, 1, 0], turn, degrees=True)
        assert np.degrees(np.arccos(ql.dot(ql.IDENTITY, q1))) == pytest.approx(turn / 2)


def test_06_lag_chart_covers_every_short_path():
    """06: "NLERP is never more than 8.15° off; the demo's lag chart spans ±9° for that reason"."""
    from quatlib.widgets._slerp import LAG_RANGE

    worst = ql.nlerp_max_error(np.linspace(0, 180, 181), degrees=True)
    assert round(float(worst.max()), 2) == 8.15 < LAG_RANGE


def test_06_the_formula_alone_fails_at_a_millionth_of_a_degree():
    """06: "Down to a thousandth of a degree the formula is fine. By 1e-6° ... the formula returns 0/0 = NaN"."""
    def formula(q0, q1, t):
        omega = np.arccos(np.clip(ql.dot(q0, q1), -1, 1))
        with np.errstate(invalid="ignore"):
            return (np.sin((1 - t) * omega) * q0 + np.sin(t * omega) * q1) / np.sin(omega)

    ok = ql.quaternion_from_axis_angle([0, 1, 0], 1e-3, degrees=True)
    bad = ql.quaternion_from_axis_angle([0, 1, 0], 1e-6, degrees=True)
    assert np.linalg.norm(formula(ql.IDENTITY, ok, 0.25)) == pytest.approx(1, abs=1e-9)
    assert np.isnan(formula(ql.IDENTITY, bad, 0.25)).all()
    assert np.all(np.isfinite(ql.slerp(ql.IDENTITY, bad, 0.25)))


def test_06_short_path():
    q0 = ql.quaternion_from_euler(170, 0, 0, degrees=True)
    q1 = ql.quaternion_from_euler(-170, 0, 0, degrees=True)
    assert ql.dot(q0, q1) < 0
    t = np.linspace(0, 1, 101)
    assert np.isclose(ql.path_angle(ql.slerp(q0, q1, t, shortest=False), degrees=True), 340)
    assert np.isclose(ql.path_angle(ql.slerp(q0, q1, t), degrees=True), 20)


# --- 07: the belt trick --------------------------------------------------------------------


@pytest.mark.parametrize(("turn", "q"), [(0, [1, 0, 0, 0]), (180, [0, 0, 1, 0]), (360, [-1, 0, 0, 0]),
                                         (540, [0, 0, -1, 0]), (720, [1, 0, 0, 0])])
def test_07_followed_quaternion(turn, q):
    np.testing.assert_allclose(ql.belt.followed_quaternion(turn), q, atol=1e-15)


def test_07_untangling_keeps_the_cube_and_the_ribbons_apart():
    corners = ql.belt.cube_vertices()
    for u in np.linspace(0, 1, 41):
        # the cube's corners carried by the deformation itself (not the followed quaternion, which ignores u)
        assert abs(ql.belt.deform(corners, 720, u) - corners).max() < 1e-15
        np.testing.assert_array_equal(ql.belt.scene(720, u).cube, ql.belt.deform(corners, 720, u))
        gap = ql.belt.clearance(720, u)
        assert gap.between_ribbons > 0.15 and gap.points_in_cube == 0


@pytest.mark.parametrize("u", [0.0, 0.125, 0.25, 0.375, 0.5, 0.75, 1.0])
def test_07_lowest_w_rises_from_the_first_untangling_step(u):
    """07: "the lowest w rises from −1 (it is −cos(180°·u) ...)"; crossings while it is below 0."""
    path = ql.belt.ball_path(720, u)
    assert path.lowest_w == pytest.approx(-np.cos(np.pi * u), abs=1e-12)
    assert path.n_crossings == (2 if u < 0.5 else 0)


def test_07_a_loop_that_cannot_shrink_crosses_an_odd_number_of_times():
    """07: "the number of crossings stays odd" for every state whose cube end is −1 (360° twists, untangled or not)."""
    from quatlib.models.belt_demo import belt_state
    for turn, u in [(360, 0), (360, 0.3), (360, 0.5), (360, 1.0), (1080, 0)]:
        n = ql.belt.ball_path(turn, u, at=720 if u else None).n_crossings
        assert n % 2 == 1, (turn, u, n)
    assert belt_state(360, 1.0).n_crossings == 1  # exercise 07.3


def test_07_stereographic_places_plus_and_minus_one_apart():
    from quatlib.models.s3 import stereographic
    np.testing.assert_allclose(stereographic(ql.belt.followed_quaternion([0, 360, 720])),
                               [[1, 0, 0], [-1, 0, 0], [1, 0, 0]], atol=1e-15)


@pytest.mark.parametrize(("turns", "allowed"), [(0, True), (1, False), (2, True), (3, False), (4, True)])
def test_07_only_even_turns_untangle(turns, allowed):
    assert ql.belt.untangle_allowed(360 * turns)[0] is allowed


def test_07_ball_path_crossings():
    assert len(ql.belt.ball_path(360).crossings) == 1
    assert len(ql.belt.ball_path(720).crossings) == 2
    assert np.linalg.norm(ql.belt.ball_path(720, 1).vectors, axis=1).max() < 1e-9


# --- 08: field guide -----------------------------------------------------------------------


def test_08_bug_1_drifted_sandwich_scales():
    q = ql.Quaternion(1.02 * ql.quaternion_from_axis_angle([0, 1, 0], 30, degrees=True))
    v = ql.Quaternion.pure([1, 0, 0])
    assert np.isclose((q * v * q.conj()).norm(), 1.0404)
    assert np.isclose((q.normalized() * v * q.normalized().conj()).norm(), 1.0)


def test_08_bug_2_long_path_headings():
    q0 = ql.quaternion_from_euler(170, 0, 0, degrees=True)
    q1 = ql.quaternion_from_euler(-170, 0, 0, degrees=True)
    t = np.linspace(0, 1, 5)
    long_way = ql.euler_from_quaternion(ql.slerp(q0, q1, t, shortest=False), degrees=True)[:, 0]
    short_way = ql.euler_from_quaternion(ql.slerp(q0, q1, t), degrees=True)[:, 0]
    np.testing.assert_allclose(long_way, [170, 85, 0, -85, -170], atol=1e-9)
    np.testing.assert_allclose(np.abs(short_way), [170, 175, 180, 175, 170], atol=1e-9)


def test_08_bug_1_float32_step_is_too_long_and_normalizing_every_step_holds_the_length():
    step = ql.quaternion_from_axis_angle(np.float32([0, 1, 0]), np.float32(0.001))
    assert ql.norm(step.astype(np.float64)) - 1 == pytest.approx(5.8e-9, abs=0.05e-9)
    never, every = ql.max_drift(200_000), ql.max_drift(200_000, normalize_every=1)
    assert never == pytest.approx(4.2e-4, abs=0.05e-4) and every == pytest.approx(4.2e-8, abs=0.05e-8)
    assert 0.5e4 < never / every < 2e4  # "ten thousand times closer to 1"


def test_08_bug_3_local_turns_multiply_on_the_right():
    """The nose is the object's own -z axis, as for the turret and the course's camera: yaw 90° faces -x."""
    q = ql.quaternion_from_euler(90, 0, 0, degrees=True)
    r = ql.quaternion_from_axis_angle([1, 0, 0], 30, degrees=True)
    nose = [0, 0, -1]
    np.testing.assert_allclose(ql.rotate_vector(q, nose), [-1, 0, 0], atol=1e-15)
    np.testing.assert_allclose(ql.rotate_vector(ql.multiply(r, q), nose), [-1, 0, 0], atol=1e-15)
    np.testing.assert_allclose(ql.rotate_vector(ql.multiply(q, r), nose), [-np.sqrt(0.75), 0.5, 0], atol=1e-15)


def test_08_capstone_table():
    """Equal pitches: SLERP is the yaw lerp; both angles changing: SLERP rolls 28.2°; across ±180°: only wrapping."""
    from quatlib.models.turret import turret_state, wrap_degrees

    np.testing.assert_array_equal(wrap_degrees([-340, 340, 20, 180, -180]), [20, -20, 20, 180, 180])
    rows = {}
    for keys in ((0, 80, 90, 80), (0, 60, 120, -30), (170, 0, -170, 0)):
        s = turret_state(*keys, t=0)
        gap = ql.angle_between(s.q_path_slerp, s.q_path_wrapped, degrees=True).max()
        rows[keys] = np.round([s.roll_slerp, gap, s.turned_slerp, s.turned_euler, s.turned_wrapped], 1) + 0.0
    np.testing.assert_array_equal(rows[0, 80, 90, 80], [0, 0, 90, 90, 90])
    np.testing.assert_array_equal(rows[0, 60, 120, -30], [28.2, 26.9, 138.6, 150.0, 150.0])
    np.testing.assert_array_equal(rows[170, 0, -170, 0], [0, 0, 20, 340, 20])
    # equal pitches: q_B q_A⁻¹ = Ry(yaw_B − yaw_A)
    q_a, q_b = (ql.quaternion_from_euler(yaw, 80, 0, degrees=True) for yaw in (0, 90))
    np.testing.assert_allclose(ql.multiply(q_b, ql.conjugate(q_a)), ql.quaternion_from_euler(90, 0, 0, degrees=True),
                               atol=1e-15)
