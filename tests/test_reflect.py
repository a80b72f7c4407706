"""Reflections (notebook 03): a rotation is two mirrors, and the quaternion is the pair."""

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import quatlib as ql

coord = st.floats(-10, 10, allow_nan=False)
vectors = st.tuples(coord, coord, coord).map(np.array)
normals = vectors.filter(lambda n: np.linalg.norm(n) > 1e-3)
unit = normals.map(lambda n: n / np.linalg.norm(n))


def pure(v):
    return np.concatenate([[0.0], v])


def same_rotation(p, q, atol=1e-12):
    """q and -q are the same rotation."""
    return np.allclose(p, q, atol=atol) or np.allclose(p, -np.asarray(q), atol=atol)


def triple(a, b, c):
    return float(np.dot(a, np.cross(b, c)))


# -- one reflection ------------------------------------------------------------------
@settings(deadline=None)
@given(vectors, normals)
def test_reflecting_twice_gives_the_vector_back(v, n):
    np.testing.assert_allclose(ql.reflect(ql.reflect(v, n), n), v, atol=1e-9)


@settings(deadline=None)
@given(vectors, unit)
def test_reflection_is_n_v_n_with_no_minus_sign(v, n):
    nvn = ql.multiply(ql.multiply(pure(n), pure(v)), pure(n))
    assert nvn[0] == pytest.approx(0.0, abs=1e-9)  # a pure quaternion again
    np.testing.assert_allclose(nvn[1:], ql.reflect(v, n), atol=1e-9)
    # and -n v n⁻¹ is the same thing, since n⁻¹ = -n
    np.testing.assert_allclose(
        -ql.multiply(ql.multiply(pure(n), pure(v)), ql.inverse(pure(n)))[1:],
        ql.reflect(v, n),
        atol=1e-9,
    )


@settings(deadline=None)
@given(vectors, normals, st.floats(0.01, 100) | st.floats(-100, -0.01))
def test_normal_length_and_sign_do_not_matter(v, n, s):
    np.testing.assert_allclose(ql.reflect(v, s * n), ql.reflect(v, n), atol=1e-9)


@settings(deadline=None)
@given(unit)
def test_reflection_matrix_has_determinant_minus_one(n):
    M = ql.reflect(np.eye(3), n).T  # columns: images of x, y, z
    assert np.linalg.det(M) == pytest.approx(-1.0)
    np.testing.assert_allclose(M.T @ M, np.eye(3), atol=1e-12)  # lengths kept
    np.testing.assert_allclose(M, M.T, atol=1e-12)  # symmetric: its own inverse
    np.testing.assert_allclose(M, np.eye(3) - 2 * np.outer(n, n), atol=1e-12)


@settings(deadline=None)
@given(vectors, vectors, vectors, normals)
def test_a_reflection_flips_handedness(a, b, c, n):
    before = triple(a, b, c)
    after = triple(*(ql.reflect(x, n) for x in (a, b, c)))
    assert after == pytest.approx(-before, abs=1e-6 * (1 + abs(before)))


def test_chiral_frame_becomes_left_handed():
    frame = np.eye(3)
    mirrored = ql.reflect(frame, [0, 0, 1])
    assert triple(*frame) == 1
    assert triple(*mirrored) == -1


def test_plane_vectors_stay_and_normal_flips():
    n = np.array([1.0, 2.0, 2.0])
    in_plane = np.cross(n, [0, 0, 1])
    np.testing.assert_allclose(ql.reflect(in_plane, n), in_plane, atol=1e-12)
    np.testing.assert_allclose(ql.reflect(n, n), -n, atol=1e-12)


def test_reflect_broadcasts_and_keeps_float32():
    assert ql.reflect(np.ones((5, 3)), [1, 0, 0]).shape == (5, 3)
    assert ql.reflect([1, 0, 0], np.eye(3)).shape == (3, 3)
    assert ql.reflect(np.ones((4, 1, 3)), np.eye(3)).shape == (4, 3, 3)
    f = np.ones(3, np.float32)
    assert ql.reflect(f, f).dtype == np.float32
    assert ql.reflect(f, [1.0, 0, 0]).dtype == np.float64


# -- two reflections -----------------------------------------------------------------
@settings(deadline=None)
@given(normals, normals)
def test_two_mirrors_are_twice_the_angle_about_the_intersection(n1, n2):
    u1, u2 = n1 / np.linalg.norm(n1), n2 / np.linalg.norm(n2)
    axis = np.cross(u1, u2)
    assume(np.linalg.norm(axis) > 1e-6)  # not parallel: the line is defined
    phi = np.arctan2(np.linalg.norm(axis), np.dot(u1, u2))
    q = ql.quaternion_from_mirrors(n1, n2)
    expected = ql.quaternion_from_axis_angle(axis, 2 * phi)
    np.testing.assert_allclose(q, -expected, atol=1e-9)  # the sign, exactly as documented
    assert same_rotation(q, expected, atol=1e-9)
    assert ql.norm(q) == pytest.approx(1.0)


@settings(deadline=None)
@given(vectors, normals, normals)
def test_mirror_quaternion_does_what_the_two_reflections_do(v, n1, n2):
    q = ql.quaternion_from_mirrors(n1, n2)
    np.testing.assert_allclose(
        ql.rotate_vector(q, v), ql.reflect(ql.reflect(v, n1), n2), atol=1e-8
    )


@settings(deadline=None)
@given(unit, unit)
def test_mirror_quaternion_is_the_product_n2_n1(n1, n2):
    np.testing.assert_allclose(
        ql.quaternion_from_mirrors(n1, n2), ql.multiply(pure(n2), pure(n1)), atol=1e-12
    )


def test_45_degree_mirrors_turn_90_about_their_line():
    c = np.sqrt(0.5)
    n1, n2 = [1, 0, 0], [c, 0, -c]  # both planes contain y; 45° apart
    q = ql.quaternion_from_mirrors(n1, n2)
    axis, angle = ql.axis_angle_from_quaternion(-q, degrees=True)
    np.testing.assert_allclose(axis, [0, 1, 0], atol=1e-12)
    assert angle == pytest.approx(90)
    np.testing.assert_allclose(ql.rotate_vector(q, [1, 0, 0]), [0, 0, -1], atol=1e-12)
    assert ql.angle_between(ql.IDENTITY, q, degrees=True) == pytest.approx(90)


def test_parallel_mirrors_give_no_turn():
    v = np.array([2.0, 3.0, 5.0])
    same = ql.quaternion_from_mirrors([0, 1, 0], [0, 2, 0])
    np.testing.assert_array_equal(same, [-1, 0, 0, 0])  # n n = -1 for a pure unit n
    flipped = ql.quaternion_from_mirrors([0, 1, 0], [0, -1, 0])
    np.testing.assert_array_equal(flipped, [1, 0, 0, 0])
    for q in (same, flipped):
        np.testing.assert_allclose(ql.rotate_vector(q, v), v)


def test_perpendicular_mirrors_give_180():
    q = ql.quaternion_from_mirrors([1, 0, 0], [0, 0, 1])
    assert ql.angle_between(ql.IDENTITY, q, degrees=True) == pytest.approx(180)
    assert q[0] == 0  # w = -cos 90°
    np.testing.assert_allclose(ql.rotate_vector(q, [1, 0, 1]), [-1, 0, -1], atol=1e-12)
    np.testing.assert_allclose(ql.rotate_vector(q, [0, 1, 0]), [0, 1, 0], atol=1e-12)


@pytest.mark.parametrize("mirror_deg", [10, 30, 45, 60, 90, 120, 170])
def test_mirror_angle_is_half_the_rotation_angle(mirror_deg):
    phi = np.radians(mirror_deg)
    q = ql.quaternion_from_mirrors([1, 0, 0], [np.cos(phi), np.sin(phi), 0])
    assert ql.angle_between(ql.IDENTITY, q, degrees=True) == pytest.approx(
        min(2 * mirror_deg, 360 - 2 * mirror_deg)
    )


def test_mirror_quaternion_broadcasts_and_keeps_float32():
    assert ql.quaternion_from_mirrors(np.eye(3), [1, 0, 0]).shape == (3, 4)
    f = np.array([1, 0, 0], np.float32)
    assert ql.quaternion_from_mirrors(f, f).dtype == np.float32


# -- Hamilton's rules from mirrors ------------------------------------------------------
X, Y, Z = np.eye(3)


def test_ijk_from_mirrors():
    # i, j, k are the mirrors normal to x, y, z; a product of two of them is two reflections
    ii = ql.quaternion_from_mirrors(X, X)
    jj = ql.quaternion_from_mirrors(Y, Y)
    kk = ql.quaternion_from_mirrors(Z, Z)
    ij = ql.quaternion_from_mirrors(Y, X)  # reflect in the y-mirror first, then x: i j
    ijk = ql.multiply(ij, pure(Z))
    for value in (ii, jj, kk, ijk):
        np.testing.assert_array_equal(value, [-1, 0, 0, 0])
    np.testing.assert_array_equal(ij, ql.K)
    np.testing.assert_array_equal(ql.quaternion_from_mirrors(Z, Y), ql.I)  # j k = i
    np.testing.assert_array_equal(ql.quaternion_from_mirrors(X, Z), ql.J)  # k i = j
    np.testing.assert_array_equal(ql.quaternion_from_mirrors(X, Y), -ql.K)  # j i = -k


def test_hamilton_table_names():
    expected = [
        ["1", "i", "j", "k"],
        ["i", "-1", "k", "-j"],
        ["j", "-k", "-1", "i"],
        ["k", "j", "-i", "-1"],
    ]
    assert ql.hamilton_table(names=True).tolist() == expected


def test_hamilton_table_is_mirror_products():
    table = ql.hamilton_table()
    assert table.shape == (4, 4, 4)
    units = np.eye(3)
    for a in range(3):
        for b in range(3):
            # e_a e_b: mirror e_b first, then mirror e_a
            np.testing.assert_array_equal(
                table[a + 1, b + 1], ql.quaternion_from_mirrors(units[b], units[a])
            )
    basis = np.eye(4)
    for a in range(4):
        for b in range(4):
            np.testing.assert_array_equal(table[a, b], ql.multiply(basis[a], basis[b]))


# -- mirror_normals ---------------------------------------------------------------------
@settings(deadline=None)
@given(normals, st.floats(-2 * np.pi, 2 * np.pi, allow_nan=False))
def test_mirror_normals_reproduce_the_rotation(axis, angle):
    n1, n2 = ql.mirror_normals(axis, angle)
    a = axis / np.linalg.norm(axis)
    for n in (n1, n2):
        assert np.linalg.norm(n) == pytest.approx(1.0)
        assert np.dot(n, a) == pytest.approx(0.0, abs=1e-9)
    assert np.dot(n1, n2) == pytest.approx(np.cos(angle / 2), abs=1e-9)
    np.testing.assert_allclose(
        ql.quaternion_from_mirrors(n1, n2),
        -ql.quaternion_from_axis_angle(axis, angle),
        atol=1e-9,
    )


def test_mirror_normals_exercise_90_about_y():
    n1, n2 = ql.mirror_normals([0, 1, 0], 90, degrees=True)
    np.testing.assert_allclose(n1, [1, 0, 0])
    np.testing.assert_allclose(n2, [np.sqrt(0.5), 0, -np.sqrt(0.5)], atol=1e-15)
    q = ql.quaternion_from_mirrors(n1, n2)
    np.testing.assert_allclose(ql.rotate_vector(q, [1, 0, 0]), [0, 0, -1], atol=1e-12)


def test_mirror_normals_first_direction_and_turning_the_pair():
    q_ref = ql.quaternion_from_axis_angle([0, 0, 1], 1.0)
    for first in ([1, 0, 0], [0, 1, 0], [1, 1, 5]):
        n1, n2 = ql.mirror_normals([0, 0, 1], 1.0, first=first)
        expected = np.array(first, float)
        expected[2] = 0
        np.testing.assert_allclose(n1, expected / np.linalg.norm(expected), atol=1e-15)
        np.testing.assert_allclose(ql.quaternion_from_mirrors(n1, n2), -q_ref, atol=1e-12)


def test_mirror_normals_broadcast():
    n1, n2 = ql.mirror_normals([0, 1, 0], np.linspace(0, np.pi, 5))
    assert n1.shape == n2.shape == (5, 3)
    n1, n2 = ql.mirror_normals(np.eye(3), 0.5)
    assert n1.shape == n2.shape == (3, 3)


# -- errors ------------------------------------------------------------------------------
def test_error_zero_normal():
    with pytest.raises(ValueError, match=r"Expected non-zero mirror normal, got zero length"):
        ql.reflect([1, 2, 3], [0, 0, 0])
    with pytest.raises(ValueError, match=r"Expected non-zero mirror normal n2, got zero length at index \(1,\)"):
        ql.quaternion_from_mirrors([1, 0, 0], [[1, 0, 0], [0, 0, 0]])


def test_error_nan_checked_before_zero():
    with pytest.raises(ValueError, match=r"Expected finite mirror normal n1, got NaN at index 0"):
        ql.quaternion_from_mirrors([np.nan, 0, 0], [1, 0, 0])
    with pytest.raises(ValueError, match=r"Expected finite vector, got \+inf at index 2"):
        ql.reflect([0, 0, np.inf], [1, 0, 0])


def test_error_shape():
    with pytest.raises(ValueError, match=r"Expected mirror normal with shape \(\.\.\., 3\), got \(4,\)"):
        ql.reflect([1, 0, 0], [0, 1, 0, 0])


def test_error_mirror_normals():
    with pytest.raises(ValueError, match=r"Expected non-zero rotation axis"):
        ql.mirror_normals([0, 0, 0], 1.0)
    with pytest.raises(ValueError, match=(r"Expected a first mirror normal not along the rotation axis, "
                                          r"got one whose part perpendicular to the axis is 0 of its length")):
        ql.mirror_normals([0, 1, 0], 1.0, first=[0, 3, 0])
    with pytest.raises(ValueError, match=r"Expected non-zero first mirror normal"):
        ql.mirror_normals([0, 1, 0], 1.0, first=[0, 0, 0])
    with pytest.raises(ValueError, match=r"Expected finite rotation angle, got NaN"):
        ql.mirror_normals([0, 1, 0], np.nan)


def test_reflect_huge_vectors_without_overflow():
    np.testing.assert_array_equal(ql.reflect([1e308, 0, 0], [1, 0, 0]), [-1e308, 0, 0])
    np.testing.assert_array_equal(ql.reflect([1e308, 0, 0], [1e300, 0, 0]), [-1e308, 0, 0])


def test_mirror_normals_float32_and_python_angle():
    n1, n2 = ql.mirror_normals(np.array([0, 1, 0], np.float32), 0.5)
    assert n1.dtype == n2.dtype == np.float32
    n1, n2 = ql.mirror_normals(np.array([0, 1, 0], np.float32), np.float64(0.5))
    assert n1.dtype == n2.dtype == np.float64


# --- issue 12: regressions, each named after what broke -------------------------


def test_huge_degrees_lost_everything_in_mirror_normals():
    big = 720.0 * 10**10 + 90
    for got, want in zip(
        ql.mirror_normals([0, 1, 0], big, degrees=True), ql.mirror_normals([0, 1, 0], 90, degrees=True)
    ):
        np.testing.assert_allclose(got, want, atol=1e-15)


def test_mirror_normals_tolerance_nan_accepted():
    with pytest.raises(ValueError, match="Expected finite tolerance rtol, got NaN"):
        ql.mirror_normals([0, 1, 0], 1.0, rtol=np.nan)
    with pytest.raises(ValueError, match="Expected a tolerance rtol >= 0, got -1.0"):
        ql.mirror_normals([0, 1, 0], 1.0, rtol=-1)


def test_reflect_reports_an_overflow():
    """A reflection keeps lengths, but v − 2 (v·n) n can pass through inf on the way for entries near the limit."""
    with pytest.raises(ValueError, match=r"Expected reflected vector within the float64 range, got an overflow"):
        ql.reflect([1.7e308, 1.7e308, 0], [-0.704, 1.7, 0])


def test_mirror_functions_reject_wrong_shapes():
    with pytest.raises(ValueError, match=r"Expected mirror normal n1 with shape \(\.\.\., 3\), got \(2,\)"):
        ql.quaternion_from_mirrors([1, 0], [0, 1, 0])
    with pytest.raises(ValueError, match=r"Expected rotation axis with shape \(\.\.\., 3\), got \(2,\)"):
        ql.mirror_normals([0, 1], 1.0)


def test_mirror_normals_rejects_a_first_normal_nearly_along_the_axis():
    """The default rtol, not only a first normal exactly along the axis: 1e-9 of it across is too little."""
    with pytest.raises(ValueError, match=r"not along the rotation axis, got one whose part perpendicular to the "
                                         r"axis is 1e-09 of its length"):
        ql.mirror_normals([0, 1, 0], 1.0, first=[1e-9, 1, 0])
