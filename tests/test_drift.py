"""Drift (notebook 05): running products in float32/float64, normalization, matrix re-orthonormalization.

The 200,000-frame runs take a few tenths of a second each; they are computed once per session (cached below).
"""

from __future__ import annotations

import functools
import re
import warnings
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import quatlib as ql
from quatlib import _drift
from quatlib._drift import (
    DRIFT_STEP_ANGLE,
    accumulate_matrix,
    accumulate_rotation,
    length_error,
    max_drift,
    orthonormality_error,
    sandwich_matrix,
)

FRAMES = 200_000
F32, F64 = np.float32, np.float64


def course_step(dtype):
    """The course's per-frame turn, 0.001 rad about Y, computed in ``dtype`` (as a program in that dtype does)."""
    return ql.quaternion_from_axis_angle(np.array([0, 1, 0], dtype), dtype(DRIFT_STEP_ANGLE))


@functools.lru_cache(maxsize=None)
def run(dtype, every=None, frames=FRAMES):
    return accumulate_rotation(course_step(dtype), frames, dtype, normalize_every=every)


@functools.lru_cache(maxsize=None)
def matrix_run(dtype, every=None, frames=FRAMES):
    return accumulate_matrix(ql.matrix_from_quaternion(course_step(dtype)), frames, dtype,
                             reorthonormalize_every=every)


# -- reference programs: the formula written out, one numpy scalar operation at a time -----------------


def reference_quaternion_program(step, frames, dtype, every=None):
    """``q = step * q`` with every multiply and add rounded to dtype, all 16 terms (no zero skipping)."""
    s = [dtype(c) for c in np.asarray(step, dtype)]
    pw, px, py, pz = s
    w, x, y, z = dtype(1), dtype(0), dtype(0), dtype(0)
    out = [(w, x, y, z)]
    for n in range(1, frames + 1):
        w, x, y, z = (pw * w - px * x - py * y - pz * z,
                      pw * x + px * w + py * z - pz * y,
                      pw * y - px * z + py * w + pz * x,
                      pw * z + px * y - py * x + pz * w)
        if every and n % every == 0:
            w, x, y, z = ql.normalize(np.array([w, x, y, z], dtype))
        out.append((w, x, y, z))
    return np.array(out, dtype)


def reference_matrix_program(S, frames, dtype):
    S = np.asarray(S, dtype)
    R = np.eye(3, dtype=dtype)
    out = [R.copy()]
    for _ in range(frames):
        new = np.empty((3, 3), dtype)
        for i in range(3):
            for k in range(3):
                new[i, k] = S[i, 0] * R[0, k] + S[i, 1] * R[1, k] + S[i, 2] * R[2, k]
        R = new
        out.append(R.copy())
    return np.array(out)


GENERAL_STEP = ql.quaternion_from_axis_angle([0.3, -0.5, 0.8], 0.02)  # all four components non-zero


@pytest.mark.parametrize("dtype", [F32, F64])
def test_quaternion_run_is_the_float_program_bit_for_bit(dtype):
    expected = reference_quaternion_program(GENERAL_STEP, 300, dtype)
    got = accumulate_rotation(GENERAL_STEP, 300, dtype)
    assert got.dtype == dtype
    np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize("dtype", [F32, F64])
def test_the_course_step_is_the_float_program_bit_for_bit(dtype):
    """The course's step has x = z = 0: the products by those zeros are exact and leave every digit alone."""
    np.testing.assert_array_equal(accumulate_rotation(course_step(dtype), 500, dtype),
                                  reference_quaternion_program(course_step(dtype), 500, dtype))


def test_normalizing_inside_the_run_is_quatlib_normalize():
    np.testing.assert_array_equal(accumulate_rotation(GENERAL_STEP, 200, F32, normalize_every=7),
                                  reference_quaternion_program(GENERAL_STEP, 200, F32, every=7))


@pytest.mark.parametrize("dtype", [F32, F64])
def test_matrix_run_is_the_float_program_bit_for_bit(dtype):
    S = ql.matrix_from_quaternion(GENERAL_STEP)
    np.testing.assert_array_equal(accumulate_matrix(S, 120, dtype), reference_matrix_program(S, 120, dtype))


# -- the course's numbers ---------------------------------------------------------------------------------


def test_float32_length_after_200000_frames_is_about_1_0004():
    """The curriculum: ≈ 1.0004.  The seed's C program printed 1.00041544; the exact digits depend on the
    order of operations and the hardware (FMA, x87).  Documented tolerance: within 1e-4 of 1.0004."""
    q = run(F32)[-1]
    assert abs(float(ql.norm(q)) - 1.0004) < 1e-4
    assert abs(float(ql.norm(q)) - 1.00041544) < 5e-6  # the seed's digits, to 5e-6


def test_float32_digits_are_reproducible():
    """One IEEE rounding per operation in a fixed order: the same digits on every machine.

    The 200,000 frames are the reference program's (numpy scalars, one operation at a time), bit for bit; the
    digits are the ones notebook 05 prints.
    """
    q = run(F32)[-1]
    np.testing.assert_array_equal(q, reference_quaternion_program(course_step(F32), FRAMES, F32)[-1])
    assert f"{ql.norm(q):.8f}" == "1.00041378"
    assert f"{length_error(q):.4e}" == "4.1377e-04"


def test_one_normalize_gives_1_to_the_printed_precision():
    q = ql.normalize(run(F32)[-1])
    assert f"{ql.norm(q):.8f}" == "1.00000000"
    assert abs(length_error(q)) < 1e-7


def test_float64_stays_within_1e_10():
    err = np.abs(length_error(run(F64)))
    assert err.max() < 1e-10
    assert err[-1] > 0  # it does drift, just far less


def test_the_float32_step_is_itself_not_unit():
    assert length_error(course_step(F32)) == pytest.approx(5.79e-9, rel=1e-2)
    assert length_error(course_step(F64)) == 0.0


def test_matrix_orthonormality_error_grows_and_orthonormalize_resets_it():
    err = orthonormality_error(matrix_run(F32))
    assert f"{err[-1]:.1e}" == "8.5e-03"
    assert err[2_000] < err[20_000] < err[FRAMES]
    assert orthonormality_error(ql.orthonormalize(matrix_run(F32)[-1])) < 1e-6
    assert orthonormality_error(matrix_run(F64)).max() < 1e-10


def test_matrix_drift_stretches_the_turned_columns():
    R = matrix_run(F32)[-1].astype(float)
    lengths = np.linalg.norm(R, axis=0)
    assert lengths[1] == 1.0  # y is the axis: untouched
    assert lengths[0] == pytest.approx(1.00426, abs=1e-4) and lengths[2] == pytest.approx(lengths[0], abs=1e-6)


def test_reorthonormalizing_every_n_frames_resets_the_matrix_error():
    Rs = accumulate_matrix(ql.matrix_from_quaternion(course_step(F32)), 20_000, F32, reorthonormalize_every=1000)
    err = orthonormality_error(Rs)
    assert err[1000::1000].max() < 1e-6
    assert err.max() < orthonormality_error(matrix_run(F32)[:20_001]).max() / 10


@pytest.mark.parametrize("every", [1, 10, 100, 1000])
def test_normalizing_every_n_frames_bounds_the_drift(every):
    err = np.abs(length_error(run(F32, every, 20_000)))
    assert err[every::every].max() < 1e-7  # just normalized: only the float32 rounding of a unit vector
    assert err.max() < np.abs(length_error(run(F32)[:20_001])).max()


def test_exercise_05_1_normalize_every_17_frames_stays_within_1e_6():
    """How often must you normalize to stay within 1e-6 in float32?  Every 17 frames (18 is not enough).
    The average drift (4.1e-4 / 200,000 frames) would suggest every ~480 frames: it is not steady."""
    assert max_drift(FRAMES, 17) <= 1e-6
    assert max_drift(FRAMES, 18) > 1e-6
    assert max_drift(FRAMES, 480) > 5e-6


def test_max_drift_default_is_the_course_experiment():
    assert max_drift(1_000) == np.abs(length_error(run(F32)[:1_001])).max()
    assert max_drift(1_000, dtype=F64) < 1e-12


def test_frames_zero_is_the_identity():
    q = accumulate_rotation(course_step(F32), 0)
    np.testing.assert_array_equal(q, [[1, 0, 0, 0]])
    assert accumulate_matrix(np.eye(3), 0).shape == (1, 3, 3)


def test_a_float64_step_is_rounded_to_float32_first():
    q64_step = course_step(F64)
    assert accumulate_rotation(q64_step, 3, F32).dtype == F32
    np.testing.assert_array_equal(accumulate_rotation(q64_step, 50, F32),
                                  accumulate_rotation(q64_step.astype(F32), 50, F32))


# -- measuring ---------------------------------------------------------------------------------------------


def test_length_error_sign_and_shape():
    assert length_error([1.0004, 0, 0, 0]) == pytest.approx(4e-4)
    assert length_error([0.5, 0, 0, 0]) == pytest.approx(-0.5)
    assert length_error(np.zeros((2, 3, 4)) + [1, 0, 0, 0]).shape == (2, 3)


def test_orthonormality_error_values_and_shapes():
    assert orthonormality_error(np.diag([1.01, 1, 1])) == pytest.approx(0.0201)
    shear = np.eye(3)
    shear[0, 1] = 0.1  # columns 0 and 1 no longer perpendicular
    assert orthonormality_error(shear) == pytest.approx(0.1)
    R = ql.matrix_from_quaternion(ql.quaternion_from_axis_angle([1, 2, 3], 1.0))
    assert orthonormality_error(R) < 1e-15
    assert np.ndim(orthonormality_error(R)) == 0
    assert orthonormality_error(np.stack([R, 2 * R])).shape == (2,)
    assert orthonormality_error(np.diag([-1.0, 1, 1])) == 0  # a reflection is orthonormal (det is another test)


def test_orthonormality_error_agrees_with_is_rotation_matrix():
    rng = np.random.default_rng(3)
    for _ in range(20):
        R = ql.matrix_from_quaternion(ql.normalize(rng.normal(size=4))) + rng.normal(scale=1e-3, size=(3, 3))
        e = float(orthonormality_error(R))
        assert ql.is_rotation_matrix(R, rtol=e * 1.001) or np.linalg.det(R) <= 0
        assert not ql.is_rotation_matrix(R, rtol=e * 0.999)


def test_sandwich_matrix_scales_by_the_squared_length():
    rng = np.random.default_rng(5)
    q = rng.normal(size=(6, 4))
    M = sandwich_matrix(q)
    expected = (np.sum(q * q, axis=1)[:, None, None]) * ql.matrix_from_quaternion(q)
    np.testing.assert_allclose(M, expected, atol=1e-12)
    v = rng.normal(size=3)
    direct = ql.multiply(ql.multiply(q[0], np.r_[0, v]), ql.conjugate(q[0]))
    np.testing.assert_allclose(M[0] @ v, direct[1:], atol=1e-12)
    unit = ql.normalize(q[0])
    np.testing.assert_allclose(sandwich_matrix(unit), ql.matrix_from_quaternion(unit), atol=1e-15)
    assert sandwich_matrix(q[0].astype(F32)).dtype == F32


_unit_ish = st.tuples(*[st.floats(-1, 1, allow_nan=False)] * 4).filter(lambda c: sum(x * x for x in c) > 1e-2)


@settings(max_examples=150, deadline=None)
@given(c=_unit_ish, s=st.floats(0.5, 2.0), v=st.tuples(*[st.floats(-10, 10, allow_nan=False)] * 3))
def test_the_engines_shortcut_rotates_a_unit_q_and_mixes_v_with_its_turn_for_any_other(c, s, v):
    """For a unit q the shortcut is the rotation (scipy's, an independent implementation); for q = s q̂ it is
    (1 - s²) v + s² R v (not s² R v, the literal sandwich), so a vector along the axis keeps its length."""
    Rotation = pytest.importorskip("scipy.spatial.transform").Rotation  # a test-only oracle
    unit = np.array(c) / np.linalg.norm(c)
    R = Rotation.from_quat(unit[[1, 2, 3, 0]]).as_matrix()  # scipy: scalar last
    v = np.array(v)
    np.testing.assert_allclose(ql.rotate_assuming_unit(unit, v), R @ v, atol=1e-12)
    np.testing.assert_allclose(ql.rotate_assuming_unit(s * unit, v), (1 - s * s) * v + s * s * (R @ v), atol=1e-11)
    axis = unit[1:]
    if np.linalg.norm(axis) > 1e-3:
        np.testing.assert_allclose(ql.rotate_assuming_unit(s * unit, axis), axis, atol=1e-12)


def test_the_engines_shortcut_stretches_across_the_axis_by_nothing_at_0_and_2s2_minus_1_at_180_degrees():
    s = 1.02
    q = s * ql.quaternion_from_axis_angle([0, 1, 0], [0, 30, 90, 180], degrees=True)
    lengths = np.linalg.norm(ql.rotate_assuming_unit(q, [1, 0, 0]), axis=-1)
    assert lengths[0] == 1.0 and lengths[-1] == pytest.approx(2 * s * s - 1, abs=1e-12)
    assert np.all(np.diff(lengths) > 0)  # the further turned, the more stretched
    np.testing.assert_allclose(np.linalg.norm(sandwich_matrix(q) @ [1, 0, 0], axis=-1), s * s, atol=1e-12)


def test_the_engines_shortcut_keeps_float32_broadcasts_and_refuses_bad_input():
    q32 = ql.quaternion_from_axis_angle(np.float32([0, 1, 0]), np.float32(0.5))
    assert ql.rotate_assuming_unit(q32, np.float32([1, 0, 0])).dtype == np.float32
    assert ql.rotate_assuming_unit(q32, [1.0, 0, 0]).dtype == np.float64
    assert ql.rotate_assuming_unit(np.tile(q32, (5, 1)), np.eye(3)[:, None]).shape == (3, 5, 3)
    np.testing.assert_array_equal(ql.rotate_assuming_unit(np.zeros(4), [1.0, 2, 3]), [1, 2, 3])  # no division
    with pytest.raises(ValueError, match=r"shape \(\.\.\., 4\)"):
        ql.rotate_assuming_unit([1, 0, 0], [1, 0, 0])
    with pytest.raises(ValueError, match="finite vector"):
        ql.rotate_assuming_unit([1, 0, 0, 0], [np.nan, 0, 0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the overflow is the ValueError, without numpy's RuntimeWarning
        with pytest.raises(ValueError, match="overflow"):
            ql.rotate_assuming_unit([1e200, 1e200, 0, 0], [1e200, 1, 1])


# -- error messages ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("kwargs, message", [
    (dict(frames=-1), r"Expected frames from 0 to 2,000,000, got -1"),
    (dict(frames=1.5), r"Expected frames as a whole number from 0 to 2,000,000, got 1.5"),
    (dict(frames=3.0), r"Expected frames as a whole number"),
    (dict(frames=True), r"Expected frames as a whole number"),
    (dict(frames=10**9), r"Expected frames from 0 to 2,000,000 \(every frame is kept in memory\), got 1,000,000,000"),
    (dict(dtype=np.float16), r"Expected dtype float32 or float64"),
    (dict(dtype="int32"), r"Expected dtype float32 or float64"),
    (dict(normalize_every=0), r"Expected normalize_every >= 1, got 0"),
    (dict(normalize_every=2.5), r"Expected normalize_every as a whole number"),
    (dict(step_q=[1, 0, 0]), r"Expected step quaternion step_q with shape \(\.\.\., 4\)"),
    (dict(step_q=[[1, 0, 0, 0]]), r"Expected one step quaternion step_q with shape \(4,\), got \(1, 4\)"),
    (dict(step_q=[np.nan, 0, 0, 0]), r"Expected finite step quaternion step_q, got NaN"),
])
def test_accumulate_rotation_errors(kwargs, message):
    args = dict(step_q=course_step(F32), frames=3)
    args.update(kwargs)
    with pytest.raises(ValueError, match=message):
        accumulate_rotation(**args)


@pytest.mark.parametrize("kwargs, message", [
    (dict(step_R=np.eye(4)), r"Expected step matrix step_R with shape \(\.\.\., 3, 3\)"),
    (dict(step_R=np.stack([np.eye(3)] * 2)), r"Expected one step matrix step_R with shape \(3, 3\)"),
    (dict(reorthonormalize_every=-2), r"Expected reorthonormalize_every >= 1, got -2"),
    (dict(frames=None), r"Expected frames as a whole number from 0 to 2,000,000, got None"),
])
def test_accumulate_matrix_errors(kwargs, message):
    args = dict(step_R=np.eye(3), frames=3)
    args.update(kwargs)
    with pytest.raises(ValueError, match=message):
        accumulate_matrix(**args)


def test_measure_errors():
    with pytest.raises(ValueError, match=r"Expected matrix with shape \(\.\.\., 3, 3\)"):
        orthonormality_error(np.eye(2))
    with pytest.raises(ValueError, match=r"Expected finite quaternion, got \+inf"):
        length_error([np.inf, 0, 0, 0])


def test_public_names_are_exported_by_quatlib():
    """Every public name of the module is re-exported by name in quatlib/__init__.py and listed in ``__all__``."""
    init = (Path(ql.__file__).parent / "__init__.py").read_text(encoding="utf-8")
    block = re.search(r"^from \._drift import \((.*?)\)", init, re.MULTILINE | re.DOTALL)
    assert block, "quatlib/__init__.py: no explicit 'from ._drift import (...)'"
    assert sorted(re.findall(r"\w+", block.group(1))) == sorted(_drift.__all__)
    for name in _drift.__all__:
        assert getattr(ql, name) is getattr(_drift, name), name
        assert name in ql.__all__, name


# --- issue 12: regressions, each named after what broke -------------------------

_STEP64 = ql.quaternion_from_axis_angle([0, 1, 0], 0.001)


def test_length_error_was_inf_for_huge_quaternion():
    assert ql.length_error([1e200, 0, 0, 0]) == 1e200
    np.testing.assert_array_equal(ql.length_error([[1e200, 0, 0, 0], [1, 0, 0, 0]]), [1e200, 0])
    with pytest.raises(ValueError, match="Expected length \\|q\\| within the float64 range"):
        ql.length_error([1.5e308] * 4)


@pytest.mark.filterwarnings("error::RuntimeWarning")
def test_orthonormality_error_was_inf_for_huge_matrix():
    with pytest.raises(ValueError, match="Expected orthonormality error .* within the float64 range"):
        ql.orthonormality_error(1e200 * np.eye(3))
    assert ql.orthonormality_error(1e100 * np.eye(3)) == pytest.approx(1e200)


@pytest.mark.filterwarnings("error::RuntimeWarning")
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("every", [None, 2])
def test_accumulate_gave_nan_inf_rows_with_runtime_warnings(dtype, every):
    scale = 1e30 if dtype == np.float32 else 1e200
    with pytest.raises(ValueError, match="within the float(32|64) range, got an overflow"):
        ql.accumulate_rotation(scale * _STEP64, 3, dtype, normalize_every=every)
    with pytest.raises(ValueError, match="within the float(32|64) range, got an overflow"):
        ql.accumulate_matrix(scale * np.eye(3), 3, dtype, reorthonormalize_every=every)


@pytest.mark.filterwarnings("error::RuntimeWarning")
def test_accumulate_step_too_large_for_float32_warned():
    with pytest.raises(ValueError, match="Expected step quaternion step_q within the float32 range"):
        ql.accumulate_rotation(1e39 * _STEP64, 1, np.float32)
    with pytest.raises(ValueError, match="Expected step matrix step_R within the float32 range"):
        ql.accumulate_matrix(1e39 * np.eye(3), 1, np.float32)


@pytest.mark.parametrize("dtype", ["abc", None, np.int32, "float16"])
def test_accumulate_dtype_abc_raised_attribute_error_none_meant_float64(dtype):
    with pytest.raises(ValueError, match="Expected dtype float32 or float64, got"):
        ql.accumulate_rotation(_STEP64, 3, dtype=dtype)
    with pytest.raises(ValueError, match="Expected dtype float32 or float64, got"):
        ql.accumulate_matrix(np.eye(3), 3, dtype=dtype)
    with pytest.raises(ValueError, match="Expected dtype float32 or float64, got"):
        ql.max_drift(3, dtype=dtype)


def test_frame_counts_were_unbounded():
    limit = _drift.MAX_FRAMES
    assert limit >= 10 * 200_000  # the course's experiment, with room
    for call in (
        lambda n: ql.max_drift(n),
        lambda n: ql.accumulate_rotation(_STEP64, n),
        lambda n: ql.accumulate_matrix(np.eye(3), n),
    ):
        too_many = r"Expected frames from 0 to 2,000,000 \(every frame is kept in memory\), got 100,000,000"
        with pytest.raises(ValueError, match=too_many):
            call(10**8)
        with pytest.raises(ValueError, match="Expected frames from 0 to 2,000,000"):
            call(limit + 1)
    assert ql.accumulate_rotation(_STEP64, 5, np.float64).shape == (6, 4)


# --- the fixes beside normalize, and the drift of integrating an angular velocity ----------------------------


_STEP32 = ql.quaternion_from_axis_angle(np.float32([0, 1, 0]), np.float32(DRIFT_STEP_ANGLE))


def test_the_float32_step_is_not_unit_and_lengths_multiply():
    """The mechanism: |step| − 1 = 5.8e-9 and |p q| = |p| |q|, so exact arithmetic grows geometrically."""
    n = ql.norm(_STEP32.astype(np.float64))
    assert n - 1 == pytest.approx(5.79e-9, rel=1e-2)
    rng = np.random.default_rng(1)
    p, q = rng.normal(size=(2, 50, 4))
    np.testing.assert_allclose(ql.norm(ql.multiply(p, q)), ql.norm(p) * ql.norm(q), rtol=1e-14)
    assert f"{n ** 200_000:.5f}" == "1.00116"


def test_normalize_in_dtype_rounds_every_operation_in_float32():
    rng = np.random.default_rng(2)
    q = rng.normal(size=(200, 4)).astype(np.float32)
    u = ql.normalize_in_dtype(q)
    assert u.dtype == np.float32
    # the C code, one float32 rounding per operation
    f = np.float32
    for row, got in zip(q[:20], u[:20], strict=True):
        w, x, y, z = (f(v) for v in row)
        n = np.sqrt(w * w + x * x + y * y + z * z)
        np.testing.assert_array_equal(got, [w / n, x / n, y / n, z / n])
    np.testing.assert_allclose(ql.norm(u.astype(np.float64)), 1, atol=4e-7)
    assert (u != ql.normalize(q)).any()  # float64 inside, one rounding: sometimes another last bit
    assert ql.normalize_in_dtype([0.0, 3, 0, 4]).dtype == np.float64
    with pytest.raises(ValueError, match="non-zero"):
        ql.normalize_in_dtype([0, 0, 0, 0])


def test_renormalize_cheap_squares_the_length_error():
    for e in (1e-2, 4e-4, 1e-5):
        q = (1 + e) * ql.quaternion_from_axis_angle([1, 2, 3], 0.7)
        err = ql.length_error(ql.renormalize_cheap(q))
        assert err == pytest.approx(-1.5 * e**2 - 0.5 * e**3, rel=1e-6)
    q32 = np.float32([1.0004, 0, 0, 0])
    assert ql.renormalize_cheap(q32).dtype == np.float32
    assert ql.norm(ql.renormalize_cheap([1.5, 0, 0, 0])) == 0.5625  # far from unit it fails


@pytest.mark.filterwarnings("error")  # a clear error, no RuntimeWarning from numpy on the way
@pytest.mark.parametrize(("dtype", "fits", "too_big"), [(np.float64, 7e102, 1e103), (np.float32, 8e12, 1e13)])
def test_renormalize_cheap_reports_a_result_beyond_the_dtype_s_range(dtype, fits, too_big):
    """The result grows like |q|³/2: it leaves float64 from about |q| = 7e102, float32 from about 9e12."""
    assert np.isfinite(ql.renormalize_cheap(np.array([fits, 0, 0, 0], dtype))).all()
    with pytest.raises(ValueError, match=f"within the {np.dtype(dtype).name} range, got an overflow"):
        ql.renormalize_cheap(np.array([too_big, 0, 0, 0], dtype))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_euler_integration_grows_by_its_own_factor_and_renormalizing_removes_it(dtype):
    omega, dt, frames = np.array([0.3, 2.0, -1.0]), 1 / 60, 300
    qs = ql.integrate_angular_velocity(omega, dt, frames, dtype)
    assert qs.shape == (frames + 1, 4) and qs.dtype == dtype
    factor = np.sqrt(1 + (np.linalg.norm(omega) * dt / 2) ** 2)
    rtol = 1e-5 if dtype == np.float32 else 1e-12
    np.testing.assert_allclose(ql.norm(qs.astype(np.float64)), factor ** np.arange(frames + 1), rtol=rtol)
    for fix in (ql.normalize, ql.renormalize_cheap):
        fixed = ql.integrate_angular_velocity(omega, dt, frames, dtype, renormalize=fix)
        assert np.abs(ql.length_error(fixed)).max() < 1e-5
        # it turns about ω's axis by about |ω| t (each step by 2 atan(|ω| dt / 2), a hair less than |ω| dt)
        speed = np.linalg.norm(omega)
        exact = ql.quaternion_from_axis_angle(omega / speed, speed * dt * frames)
        assert ql.angle_between(exact, fixed[-1].astype(np.float64)) < 3e-3


def test_euler_integration_turns_about_world_axes():
    """ω is in world axes (``q ← q + ½ ω q dt``): from a pose other than the identity, a turn about world y.  (From
    the identity, ``½ ω q`` and ``½ q ω``, body axes, are the same: only another start tells them apart.)"""
    q0 = ql.quaternion_from_axis_angle([1, 0, 0], 90, degrees=True)
    omega, dt, frames = np.array([0, 2.0, 0]), 1e-3, 500
    qs = ql.integrate_angular_velocity(omega, dt, frames, renormalize=ql.normalize, q0=q0)
    world = ql.multiply(ql.quaternion_from_axis_angle([0, 1, 0], 2.0 * dt * frames), q0)
    body = ql.multiply(q0, ql.quaternion_from_axis_angle([0, 1, 0], 2.0 * dt * frames))
    assert ql.angle_between(qs[-1], world) < 1e-6
    assert ql.angle_between(qs[-1], body) > 0.5


def test_euler_integration_validates():
    with pytest.raises(ValueError, match="omega"):
        ql.integrate_angular_velocity([0, 1], 0.1, 3)
    with pytest.raises(ValueError, match="dt"):
        ql.integrate_angular_velocity([0, 1, 0], 0, 3)
    with pytest.raises(ValueError, match="dt"):
        ql.integrate_angular_velocity([0, 1, 0], "x", 3)
    with pytest.raises(ValueError, match="frames"):
        ql.integrate_angular_velocity([0, 1, 0], 0.1, -1)
    with pytest.raises(ValueError, match="q0"):
        ql.integrate_angular_velocity([0, 1, 0], 0.1, 3, q0=[1, 0, 0])
    np.testing.assert_array_equal(ql.integrate_angular_velocity([0, 1, 0], 0.1, 0, q0=[0, 1, 0, 0]), [[0, 1, 0, 0]])


def test_the_normalizer_is_a_choice_and_moves_the_exercise_answer_by_one():
    default = ql.accumulate_rotation(_STEP32, 500, np.float32, 7)
    np.testing.assert_array_equal(ql.accumulate_rotation(_STEP32, 500, np.float32, 7, normalizer=ql.normalize), default)
    other = ql.accumulate_rotation(_STEP32, 500, np.float32, 7, normalizer=ql.normalize_in_dtype)
    assert other.dtype == np.float32 and not np.array_equal(other, default)
    f = ql.normalize_in_dtype
    assert ql.max_drift(200_000, 16, normalizer=f) <= 1e-6 < ql.max_drift(200_000, 17, normalizer=f)


@pytest.mark.parametrize("kwargs, message", [
    (dict(omega="abc"), r"Expected angular velocity omega"),
    (dict(omega=[0, np.nan, 0]), r"Expected finite angular velocity omega, got NaN"),
    (dict(omega=[1, 2]), r"Expected angular velocity omega with shape \(3,\)"),
    (dict(dt="0.1"), r"Expected time step dt, a finite real number, got '0.1'"),
    (dict(dt=0.0), r"Expected time step dt > 0, got 0.0"),
    (dict(dt=np.inf), r"Expected time step dt, a finite real number"),
])
def test_integrate_angular_velocity_refuses_bad_input_through_the_gate(kwargs, message):
    args = dict(omega=[0.0, 2 * np.pi, 0.0], dt=0.01, frames=3)
    args.update(kwargs)
    with pytest.raises(ValueError, match=message):
        ql.integrate_angular_velocity(**args)


def test_sandwich_matrix_rejects_bad_input_and_names_its_overflow():
    with pytest.raises(ValueError, match=r"Expected quaternion with shape \(\.\.\., 4\), got \(3,\)"):
        sandwich_matrix([1, 0, 0])
    with pytest.raises(ValueError, match=r"Expected finite quaternion, got NaN at index 1"):
        sandwich_matrix([1, np.nan, 0, 0])
    with pytest.raises(ValueError, match=r"Expected sandwich q v q\* within the float64 range, got an overflow"):
        sandwich_matrix([1e160, 1e160, 0, 0])


def test_euler_integration_names_its_overflow():
    with pytest.raises(ValueError, match=r"Expected orientations q_n within the float64 range, got an overflow"):
        ql.integrate_angular_velocity([0, 1e300, 0], 1, 3)


def test_normalize_in_dtype_reports_a_float32_overflow():
    """|q|² of a float32 quaternion near 1e20 is beyond float32 (as in a C program's sqrtf(x*x + ...)): an error."""
    with pytest.raises(ValueError, match=r"Expected sum of squares \|q\|² within the float32 range, got an overflow"):
        ql.normalize_in_dtype(np.float32([1e20, 0, 0, 0]))
