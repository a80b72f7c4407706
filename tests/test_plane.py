"""2D rotation (notebook 01): the matrix and the unit complex number say the same thing."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import quatlib as ql

angles = st.floats(-4 * np.pi, 4 * np.pi, allow_nan=False)
coords = st.floats(-10, 10, allow_nan=False)
points = st.tuples(coords, coords).map(np.array)


# -- laws ----------------------------------------------------------------------
@settings(deadline=None)
@given(points, angles)
def test_matrix_and_complex_agree(p, theta):
    by_matrix = ql.rotate_2d(p, theta)
    z = ql.rotate_complex(p[0] + 1j * p[1], theta)
    np.testing.assert_allclose(by_matrix, [z.real, z.imag], atol=1e-12)


@settings(deadline=None)
@given(angles, angles)
def test_composition_adds_angles_and_commutes(a, b):
    Ra, Rb, Rab = (ql.rotation_matrix_2d(x) for x in (a, b, a + b))
    np.testing.assert_allclose(Ra @ Rb, Rab, atol=1e-12)
    np.testing.assert_allclose(Rb @ Ra, Rab, atol=1e-12)
    za, zb, zab = (ql.complex_from_angle(x) for x in (a, b, a + b))
    np.testing.assert_allclose(za * zb, zab, atol=1e-12)
    np.testing.assert_allclose(zb * za, zab, atol=1e-12)


@settings(deadline=None)
@given(angles)
def test_matrix_is_a_rotation_and_complex_is_unit(theta):
    R = ql.rotation_matrix_2d(theta)
    np.testing.assert_allclose(R.T @ R, np.eye(2), atol=1e-12)
    assert np.linalg.det(R) == pytest.approx(1.0)
    assert abs(ql.complex_from_angle(theta)) == pytest.approx(1.0)


@settings(deadline=None)
@given(points, angles)
def test_2d_matrix_is_the_corner_of_3d_rotation_about_z(p, theta):
    q = ql.quaternion_from_axis_angle([0, 0, 1], theta)
    v = ql.rotate_vector(q, [p[0], p[1], 0.0])
    np.testing.assert_allclose(v, [*ql.rotate_2d(p, theta), 0.0], atol=1e-12)


# -- the course's numbers ---------------------------------------------------------
def test_30_then_60_is_90_both_languages():
    p = ql.rotate_2d(ql.rotate_2d([1, 0], 30, degrees=True), 60, degrees=True)
    np.testing.assert_allclose(p, [0, 1], atol=1e-15)
    z = ql.rotate_complex(ql.rotate_complex(1, 30, degrees=True), 60, degrees=True)
    np.testing.assert_allclose(z, 1j, atol=1e-15)
    # and 60 then 30: the order does not matter
    z2 = ql.rotate_complex(ql.rotate_complex(1, 60, degrees=True), 30, degrees=True)
    np.testing.assert_allclose(z2, z, atol=1e-15)


def test_the_complex_number_that_rotates_by_90_is_i():
    np.testing.assert_allclose(ql.complex_from_angle(90, degrees=True), 1j, atol=1e-15)


@pytest.mark.parametrize("deg", [0, 30, 45, 60, 90, 135, 180, 270, -30])
def test_table_matrix_vs_re_im(deg):
    p = np.array([2.0, 1.0])
    z = ql.rotate_complex(2 + 1j, deg, degrees=True)
    np.testing.assert_allclose(ql.rotate_2d(p, deg, degrees=True), [z.real, z.imag], atol=1e-12)


def test_closed_form_30_degrees():
    c, s = np.sqrt(3) / 2, 0.5
    np.testing.assert_allclose(ql.rotation_matrix_2d(30, degrees=True), [[c, -s], [s, c]])
    np.testing.assert_allclose(ql.complex_from_angle(np.pi / 6), c + 1j * s)


def test_positive_angle_is_counter_clockwise():
    np.testing.assert_allclose(ql.rotate_2d([1, 0], np.pi / 2), [0, 1], atol=1e-15)
    np.testing.assert_allclose(ql.rotate_2d([0, 1], np.pi / 2), [-1, 0], atol=1e-15)


# -- shapes and dtypes ---------------------------------------------------------------
def test_broadcasting():
    assert ql.rotation_matrix_2d([0.1, 0.2, 0.3]).shape == (3, 2, 2)
    assert ql.rotate_2d(np.ones((5, 2)), 0.3).shape == (5, 2)
    assert ql.rotate_2d([1, 0], np.linspace(0, 1, 7)).shape == (7, 2)
    assert ql.rotate_2d(np.ones((5, 2)), np.zeros(5)).shape == (5, 2)
    assert ql.rotate_complex(np.ones(4), np.zeros((3, 1))).shape == (3, 4)
    assert ql.complex_from_angle(np.zeros((2, 3))).shape == (2, 3)


def test_float32_kept():
    a = np.float32(0.5)
    assert ql.rotation_matrix_2d(a).dtype == np.float32
    assert ql.rotate_2d(np.ones(2, np.float32), a).dtype == np.float32
    assert ql.complex_from_angle(a).dtype == np.complex64
    assert ql.rotate_complex(np.complex64(1), a).dtype == np.complex64
    assert ql.rotate_complex(1 + 0j, 0.5).dtype == np.complex128
    # a Python number takes the precision of the array it meets (NEP 50)
    assert ql.rotate_2d(np.ones(2, np.float32), 0.5).dtype == np.float32
    assert ql.rotate_complex(np.complex64(1), 0.5).dtype == np.complex64
    assert ql.rotate_2d(np.ones(2, np.float32), np.float64(0.5)).dtype == np.float64


def test_returns_arrays_not_numpy_scalars():
    assert isinstance(ql.rotate_complex(1, 0.5), np.ndarray)
    assert isinstance(ql.complex_from_angle(0.5), np.ndarray)


# -- errors ------------------------------------------------------------------------------
def test_error_non_finite_angle():
    with pytest.raises(ValueError, match=r"Expected finite rotation angle, got NaN"):
        ql.rotation_matrix_2d(np.nan)
    with pytest.raises(ValueError, match=r"Expected finite rotation angle, got \+inf at index 1"):
        ql.rotate_2d([1, 0], [0, np.inf])
    with pytest.raises(ValueError, match=r"Expected finite rotation angle"):
        ql.complex_from_angle(-np.inf)


def test_error_point_shape():
    with pytest.raises(ValueError, match=r"Expected 2D points with shape \(\.\.\., 2\), got \(3,\)"):
        ql.rotate_2d([1, 0, 0], 0.5)
    with pytest.raises(ValueError, match=r"Expected finite 2D points, got NaN at index 1"):
        ql.rotate_2d([1, np.nan], 0.5)


def test_error_broadcast():
    with pytest.raises(ValueError, match=r"Expected 2D points .* broadcastable .* got \(3, 2\) and \(4,\)"):
        ql.rotate_2d(np.ones((3, 2)), np.zeros(4))
    with pytest.raises(ValueError, match=r"Expected complex numbers z and angles .* got \(3,\) and \(4,\)"):
        ql.rotate_complex(np.ones(3), np.zeros(4))


def test_error_complex_input():
    with pytest.raises(ValueError, match=r"Expected complex numbers z \(complex or real\), got dtype <U"):
        ql.rotate_complex("1+1j", 0.5)
    with pytest.raises(ValueError, match=r"Expected finite real parts of complex numbers z, got \+inf"):
        ql.rotate_complex(complex(np.inf, 0), 0.5)
    with pytest.raises(ValueError, match=r"Expected finite imaginary parts of complex numbers z, got NaN"):
        ql.rotate_complex(complex(0, np.nan), 0.5)


def test_error_complex_angle():
    with pytest.raises(ValueError, match=r"Expected rotation angle of real numbers, got dtype complex128"):
        ql.rotation_matrix_2d(1j)


def test_error_overflow_is_reported_not_returned_as_inf():
    with pytest.raises(ValueError, match=r"Expected rotated points within the float64 range, got an overflow"):
        ql.rotate_2d([1.5e308, 1.5e308], 45, degrees=True)
    with pytest.raises(ValueError, match=(r"Expected rotated complex numbers \(imaginary parts\) "
                                          r"within the float64 range")):
        ql.rotate_complex(1.5e308 + 1.5e308j, 45, degrees=True)


# --- issue 12: regressions, each named after what broke -------------------------


def test_huge_degrees_lost_everything_in_2d():
    big = 720.0 * 10**10 + 90  # exact in float64: a quarter turn
    np.testing.assert_allclose(ql.rotation_matrix_2d(big, degrees=True), [[0, -1], [1, 0]], atol=1e-15)
    np.testing.assert_allclose(ql.rotate_2d([1, 0], big, degrees=True), [0, 1], atol=1e-15)
    np.testing.assert_allclose(ql.complex_from_angle(big, degrees=True), 1j, atol=1e-15)
    np.testing.assert_allclose(ql.rotate_complex(1, big, degrees=True), 1j, atol=1e-15)
    np.testing.assert_array_equal(ql.rotation_matrix_2d(360.0 * 2**60, degrees=True), np.eye(2))


# -- reflections in the plane (notebook 01: z ↦ e^{2iφ} z̄) ----------------------------------
@settings(deadline=None)
@given(points, angles)
def test_reflection_matches_the_textbook_formula_and_is_an_involution(p, phi):
    z = p[0] + 1j * p[1]
    u = np.array([np.cos(phi), np.sin(phi)])  # the mirror line's direction: p ↦ 2 (p·u) u − p
    expected = 2 * (p @ u) * u - p
    w = ql.reflect_complex(z, phi)
    np.testing.assert_allclose([w.real, w.imag], expected, atol=1e-12)
    np.testing.assert_allclose(ql.reflect_complex(w, phi), z, atol=1e-12)  # twice in one mirror: nothing


@settings(deadline=None)
@given(points, angles, angles)
def test_two_reflections_turn_by_twice_the_angle_between_the_mirrors(p, phi1, phi2):
    z = p[0] + 1j * p[1]
    twice = ql.reflect_complex(ql.reflect_complex(z, phi1), phi2)
    np.testing.assert_allclose(twice, ql.rotate_complex(z, 2 * (phi2 - phi1)), atol=1e-11)


def test_reflection_closed_forms():
    np.testing.assert_allclose(ql.reflect_complex(2 + 3j, 0), 2 - 3j, atol=1e-15)  # the x axis: conjugate
    np.testing.assert_allclose(ql.reflect_complex(2 + 3j, 90, degrees=True), -2 + 3j, atol=1e-15)
    np.testing.assert_allclose(ql.reflect_complex(2 + 3j, 45, degrees=True), 3 + 2j, atol=1e-15)  # swaps x, y
    # a point at angle α lands at 2φ − α
    z = ql.complex_from_angle(10, degrees=True)
    np.testing.assert_allclose(ql.reflect_complex(z, 40, degrees=True), ql.complex_from_angle(70, degrees=True),
                               atol=1e-15)


def test_reflection_broadcasts_and_keeps_precision():
    assert ql.reflect_complex([1, 1j, 2], [[0], [0.5]]).shape == (2, 3)
    assert ql.reflect_complex(np.complex64(1 + 1j), 30, degrees=True).dtype == np.complex64
    assert ql.reflect_complex(1 + 1j, 0.3).dtype == np.complex128


def test_reflection_errors():
    with pytest.raises(ValueError, match="Expected finite mirror angle, got NaN"):
        ql.reflect_complex(1, np.nan)
    with pytest.raises(ValueError, match="broadcastable"):
        ql.reflect_complex([1, 2, 3], [0.1, 0.2])
    with pytest.raises(ValueError, match="Expected"):
        ql.reflect_complex("a", 0.1)


def test_reflect_complex_reports_an_overflow_as_rotate_complex_does():
    for f in (lambda z: ql.reflect_complex(z, 22.5, degrees=True), lambda z: ql.rotate_complex(z, 22.5, degrees=True)):
        with pytest.raises(ValueError, match="within the float64 range"):
            f(1.5e308 + 1.5e308j)


@pytest.mark.parametrize("angle", [1j, "30", None])
def test_complex_from_angle_takes_real_angles_only(angle):
    with pytest.raises(ValueError, match=r"^Expected rotation angle"):
        ql.complex_from_angle(angle)
