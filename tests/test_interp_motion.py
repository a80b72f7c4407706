"""How the interpolations move (notebook 06): angle turned, angular speed, NLERP's error, path length."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import quatlib as ql
from quatlib import _interp_motion
from quatlib._interp_motion import (
    INTERPOLATION_METHODS,
    angular_speed,
    interpolate,
    nlerp_max_error,
    path_angle,
    swept_angle,
)

I = ql.IDENTITY  # noqa: E741
T5 = np.array([0, 0.25, 0.5, 0.75, 1])


def about_y(deg):
    return ql.quaternion_from_axis_angle([0, 1, 0], deg, degrees=True)


def test_interpolate_dispatches_by_name():
    q1 = about_y(150)
    for name in INTERPOLATION_METHODS:
        f = {"slerp": ql.slerp, "nlerp": ql.nlerp, "lerp": ql.lerp}[name]
        np.testing.assert_array_equal(interpolate(I, q1, T5, name), f(I, q1, T5))
        np.testing.assert_array_equal(interpolate(I, -q1, T5, name.upper(), shortest=False),
                                      f(I, -q1, T5, shortest=False))
    with pytest.raises(ValueError, match=r"Expected method in \('slerp', 'nlerp', 'lerp'\), got 'squad'"):
        interpolate(I, q1, 0.5, "squad")


def test_swept_angle_counts_the_sign():
    q = about_y(150)
    assert swept_angle(I, q, degrees=True) == pytest.approx(150)
    assert swept_angle(I, -q, degrees=True) == pytest.approx(210)
    assert swept_angle(I, -I, degrees=True) == pytest.approx(360)
    assert swept_angle(I, I) == 0
    assert swept_angle(I, 2.5 * q, degrees=True) == pytest.approx(150)  # lengths do not matter
    assert swept_angle(I, about_y(1e-6), degrees=True) == pytest.approx(1e-6, rel=1e-6)  # accurate near 0
    with pytest.raises(ValueError, match="non-zero"):
        swept_angle(I, [0, 0, 0, 0])


def test_course_table_150_degrees():
    q1 = about_y(150)
    np.testing.assert_allclose(swept_angle(I, ql.slerp(I, q1, T5), degrees=True), [0, 37.5, 75, 112.5, 150],
                               atol=1e-9)
    np.testing.assert_array_equal(np.round(swept_angle(I, ql.nlerp(I, q1, T5), degrees=True), 2),
                                  [0, 33.02, 75, 116.98, 150])


def test_exercise_06_1_170_degrees_at_quarter_and_half():
    q1 = about_y(170)
    t = [0.25, 0.5]
    np.testing.assert_allclose(swept_angle(I, ql.slerp(I, q1, t), degrees=True), [42.5, 85])
    np.testing.assert_array_equal(np.round(swept_angle(I, ql.nlerp(I, q1, t), degrees=True), 2), [35.77, 85])


def test_long_path_turns_past_180():
    q1 = about_y(200)  # q0·q1 < 0
    t = np.linspace(0, 1, 11)
    np.testing.assert_allclose(swept_angle(I, ql.slerp(I, q1, t, shortest=False), degrees=True), 200 * t,
                               atol=1e-9)
    np.testing.assert_allclose(swept_angle(I, ql.slerp(I, q1, t), degrees=True), 160 * t, atol=1e-9)


@pytest.mark.parametrize("separation", [10.0, 90.0, 150.0, 179.0])
def test_angular_speed_closed_forms(separation):
    q1 = about_y(separation)
    t = np.linspace(0, 1, 41)
    omega = np.radians(separation) / 2
    slerp_speed = angular_speed(I, q1, t, "slerp", degrees=True)
    np.testing.assert_allclose(slerp_speed, separation, rtol=1e-6)
    chord2 = np.sum(ql.lerp(I, q1, t) ** 2, axis=-1)
    expected = np.degrees(2 * np.sin(omega) / chord2)
    np.testing.assert_allclose(angular_speed(I, q1, t, "nlerp", degrees=True), expected, rtol=1e-6)
    np.testing.assert_allclose(angular_speed(I, q1, t, "lerp", degrees=True), expected, rtol=1e-6)
    # ends 2 sin Ω, middle 4 tan(Ω/2)
    assert angular_speed(I, q1, 0.0, "nlerp") == pytest.approx(2 * np.sin(omega), rel=1e-6)
    assert angular_speed(I, q1, 0.5, "nlerp") == pytest.approx(4 * np.tan(omega / 2), rel=1e-6)


def test_angular_speed_of_a_general_pair_and_of_no_motion():
    rng = np.random.default_rng(11)
    q0, q1 = ql.normalize(rng.normal(size=(2, 4)))
    total = ql.angle_between(q0, q1)
    np.testing.assert_allclose(angular_speed(q0, q1, np.linspace(0, 1, 9)), total, rtol=1e-6)
    assert angular_speed(q0, q0, 0.3, "nlerp") < 1e-9  # rounding noise over 2h = 2e-5
    with pytest.raises(ValueError, match="q1 != -q0"):
        angular_speed(q0, -q0, 0.3, "slerp", shortest=False)


def test_nlerp_max_error_matches_a_dense_search():
    separations = np.array([0.5, 30, 60, 90, 120, 150, 170, 180])
    t = np.linspace(0, 1, 20001)
    for sep, got in zip(separations, nlerp_max_error(separations, degrees=True)):
        q1 = about_y(sep)
        dense = np.abs(swept_angle(I, ql.slerp(I, q1, t), degrees=True)
                       - swept_angle(I, ql.nlerp(I, q1, t), degrees=True)).max()
        assert got == pytest.approx(dense, rel=1e-6, abs=1e-12)
        assert got >= dense - 1e-12


def test_nlerp_max_error_course_numbers():
    np.testing.assert_array_equal(np.round(nlerp_max_error([30, 90, 150, 170, 180], degrees=True), 3),
                                  [0.033, 0.919, 4.514, 6.758, 8.149])
    assert nlerp_max_error(0.0) == 0
    assert nlerp_max_error(np.pi) == pytest.approx(np.radians(8.149), rel=1e-4)
    errs = nlerp_max_error(np.linspace(0, 180, 50), degrees=True)
    assert np.all(np.diff(errs) > 0)


def test_nlerp_max_error_grows_like_the_cube_of_the_separation():
    small = nlerp_max_error([1.0, 2.0], degrees=True)
    assert small[1] / small[0] == pytest.approx(8, rel=1e-3)


@pytest.mark.parametrize("bad", [-1.0, 181.0, np.nan])
def test_nlerp_max_error_rejects_separations_outside_the_short_path(bad):
    with pytest.raises(ValueError, match="Expected"):
        nlerp_max_error(bad, degrees=True)


@pytest.mark.parametrize("bad", [-0.1, 3.2, 4.0])
def test_nlerp_max_error_rejects_separations_outside_the_short_path_in_radians(bad):
    with pytest.raises(ValueError, match=r"separation angle in \[0, 3\.14159 rad\]"):
        nlerp_max_error(bad)


_component = st.floats(-1, 1, allow_nan=False)
_units = (st.tuples(_component, _component, _component, _component).map(np.array)
          .filter(lambda q: np.linalg.norm(q) > 0.1).map(lambda q: q / np.linalg.norm(q)))


@settings(deadline=None)
@given(_units, _units, _units)
def test_swept_angle_is_the_same_in_any_frame_and_folds_to_angle_between(q0, q, r):
    """Measured from any q0 (not only the identity): turning both by r changes nothing, the short way round it is
    angle_between, and -q is the rest of the way round (the two add up to 2π)."""
    s = swept_angle(q0, q)
    assert swept_angle(ql.multiply(r, q0), ql.multiply(r, q)) == pytest.approx(s, abs=1e-9)
    assert min(s, 2 * np.pi - s) == pytest.approx(ql.angle_between(q0, q), abs=1e-9)
    assert s + swept_angle(q0, -q) == pytest.approx(2 * np.pi)


def test_exercise_06_2_path_angle_tells_the_long_path_from_the_short():
    q0, q1 = about_y(170), about_y(-170)
    assert ql.dot(q0, q1) < 0
    t = np.linspace(0, 1, 101)

    def buggy(q0, q1, t):
        return ql.normalize((1 - np.asarray(t)[:, None]) * q0 + np.asarray(t)[:, None] * q1)

    def fixed(q0, q1, t):
        if ql.dot(q0, q1) < 0:
            q1 = -q1
        return buggy(q0, q1, t)

    assert path_angle(buggy(q0, q1, t), degrees=True) == pytest.approx(340, abs=0.5)
    assert path_angle(fixed(q0, q1, t), degrees=True) == pytest.approx(20, abs=1e-6)
    # both ends agree: only the path shows the bug
    assert ql.angle_between(buggy(q0, q1, t)[-1], fixed(q0, q1, t)[-1]) < 1e-12


def test_path_angle_shapes_and_errors():
    assert path_angle(np.array([[1.0, 0, 0, 0]])) == 0
    qs = ql.slerp(I, np.stack([about_y(30), about_y(60)]), np.linspace(0, 1, 5)[:, None])
    np.testing.assert_allclose(path_angle(qs, degrees=True), [30, 60])
    with pytest.raises(ValueError, match=r"Expected a path of quaternions with shape \(n, \.\.\., 4\)"):
        path_angle([1.0, 0, 0, 0])


def test_public_names_are_exported_by_quatlib():
    """Every public name of the module is re-exported by name in quatlib/__init__.py and listed in ``__all__``."""
    init = (Path(ql.__file__).parent / "__init__.py").read_text(encoding="utf-8")
    block = re.search(r"^from \._interp_motion import \((.*?)\)", init, re.MULTILINE | re.DOTALL)
    assert block, "quatlib/__init__.py: no explicit 'from ._interp_motion import (...)'"
    assert sorted(re.findall(r"\w+", block.group(1))) == sorted(_interp_motion.__all__)
    for name in _interp_motion.__all__:
        assert getattr(ql, name) is getattr(_interp_motion, name), name
        assert name in ql.__all__, name


# --- issue 12: regressions, each named after what broke -------------------------


@pytest.mark.parametrize("method", INTERPOLATION_METHODS)
def test_interpolate_and_angular_speed_empty_t_raised_index_error(method):
    q1 = ql.quaternion_from_axis_angle([0, 1, 0], 150, degrees=True)
    assert ql.interpolate(I, q1, np.zeros(0), method).shape == (0, 4)
    assert ql.angular_speed(I, q1, np.zeros(0), method).shape == (0,)


def test_a_one_sample_path_of_a_zero_quaternion_is_refused_like_a_longer_one():
    with pytest.raises(ValueError, match="Expected non-zero quaternion"):
        ql.path_angle([[0.0, 0, 0, 0]])
    with pytest.raises(ValueError, match="Expected non-zero quaternion"):
        ql.path_angle([[1.0, 0, 0, 0], [0.0, 0, 0, 0]])
    assert ql.path_angle([[1.0, 0, 0, 0]]) == 0.0
