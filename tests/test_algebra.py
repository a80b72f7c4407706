"""Quaternion algebra (quatlib/_algebra.py): laws, closed forms, an edge-case zoo.

Laws are hypothesis properties; closed-form anchors pin values that a round trip
could not catch (a round trip whose two halves share a bug still passes).
"""

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import quatlib as ql

# Property tests run with deadline=None: timings swing on a shared 2-core machine.
EPS = np.finfo(np.float64).eps
NAN, INF = math.nan, math.inf
S = math.sqrt(0.5)

# --- strategies -------------------------------------------------------------

moderate = st.floats(-10, 10, allow_nan=False, allow_subnormal=False)
quats = arrays(np.float64, 4, elements=moderate)
nonzero_quats = quats.filter(lambda q: np.linalg.norm(q) > 1e-3)
units = nonzero_quats.map(lambda q: q / np.linalg.norm(q))
# Any finite non-zero quaternion, from subnormal to near the float64 maximum.
wide = st.floats(-1e300, 1e300, allow_nan=False, allow_infinity=False)
wide_nonzero_quats = arrays(np.float64, 4, elements=wide).filter(lambda q: np.any(q != 0))
pure_in_ball = arrays(np.float64, 3, elements=st.floats(-1.8, 1.8)).filter(
    lambda v: np.linalg.norm(v) < math.pi - 1e-6
)
exponents = st.floats(-3, 3, allow_nan=False)


def _mul(p, q):
    """Textbook Hamilton product, written out independently of quatlib."""
    pw, px, py, pz = p
    qw, qx, qy, qz = q
    return np.array(
        [
            pw * qw - px * qx - py * qy - pz * qz,
            pw * qx + px * qw + py * qz - pz * qy,
            pw * qy - px * qz + py * qw + pz * qx,
            pw * qz + px * qy - py * qx + pz * qw,
        ]
    )


# --- the edge-case zoo ------------------------------------------------------


def _zoo():
    zoo = {
        "1": [1, 0, 0, 0],
        "-1": [-1, 0, 0, 0],
        "i": [0, 1, 0, 0],
        "j": [0, 0, 1, 0],
        "k": [0, 0, 0, 1],
        "180 about (1,1,0)": [0, S, S, 0],
        "180 about (1,1,1)": [0, 1 / math.sqrt(3), 1 / math.sqrt(3), 1 / math.sqrt(3)],
        "90 about y": [S, 0, S, 0],
        "near identity (1e-9 rad)": [math.cos(5e-10), 0, math.sin(5e-10), 0],
        "near antipodal": [-math.cos(5e-10), math.sin(5e-10), 0, 0],
        "non-unit [1,2,3,4]": [1, 2, 3, 4],
        "tiny": [1e-200, 2e-200, 0, 0],
        "huge": [1e200, 0, -3e200, 0],
        "subnormal": [5e-324, 0, 0, 0],
    }
    for c in itertools.product((-1, 0, 1), repeat=4):
        if any(c):
            zoo[f"{{0,±1}}^4 {c}"] = list(np.array(c) / np.linalg.norm(c))
    return {name: np.array(q, dtype=np.float64) for name, q in zoo.items()}


ZOO = _zoo()
ZOO_IDS = list(ZOO)


@pytest.mark.parametrize("name", ZOO_IDS)
def test_zoo_never_returns_nan(name):
    """Every function either raises ValueError or returns finite numbers."""
    q = ZOO[name]
    for func in (ql.conjugate, ql.norm, ql.normalize, ql.inverse, ql.is_unit, ql.exp, ql.log):
        for arg in (q, q[None, :]):
            try:
                out = func(arg)
            except ValueError:
                continue
            assert np.all(np.isfinite(out)), (func.__name__, out)
    for other in (ql.IDENTITY, ql.I, q):
        try:
            out = ql.multiply(q, other)
        except ValueError:
            continue
        assert np.all(np.isfinite(out))
    for t in (0.0, 0.5, -1.0, 3.0):
        try:
            out = ql.power(q, t)  # huge**3 and subnormal**-1 overflow: ValueError
        except ValueError as exc:
            assert "overflow" in str(exc)
            continue
        assert np.all(np.isfinite(out))


@pytest.mark.parametrize("name", ZOO_IDS)
def test_zoo_normalize_inverse(name):
    q = ZOO[name]
    u = ql.normalize(q)
    assert abs(math.hypot(*u) - 1) < 4 * EPS
    # q q⁻¹ = 1 even for tiny, huge and subnormal q (scaled, no over/underflow).
    if name != "subnormal":  # 1/5e-324 overflows: tested as an error below
        qi = ql.inverse(q)
        s = np.abs(q).max()
        np.testing.assert_allclose(_mul(q / s, qi * s), [1, 0, 0, 0], atol=8 * EPS)
    # single and batch paths agree
    np.testing.assert_allclose(ql.normalize(q[None])[0], u, rtol=0, atol=2 * EPS)


def test_inverse_of_subnormal_overflows_with_a_message():
    with pytest.raises(ValueError, match="Expected inverse q⁻¹ within the float64 range"):
        ql.inverse(ZOO["subnormal"])


@pytest.mark.parametrize("name", ZOO_IDS)
def test_zoo_exp_log(name):
    q = ZOO[name]
    lq = ql.log(q)
    np.testing.assert_allclose(ql.exp(lq), q, rtol=1e-13, atol=1e-15 * np.abs(q).max())
    np.testing.assert_allclose(ql.log(q[None])[0], lq, rtol=1e-15, atol=1e-300)
    # the vector part of log q has length φ = arctan2(|v|, w) in [0, π]
    phi = math.atan2(math.hypot(*q[1:]), q[0])
    assert math.isclose(math.hypot(*lq[1:]), phi, rel_tol=1e-14, abs_tol=1e-300)


# --- constants and closed forms ---------------------------------------------


def test_constants_are_read_only():
    for c in (ql.IDENTITY, ql.I, ql.J, ql.K):
        assert not c.flags.writeable
        with pytest.raises(ValueError):
            c[0] = 5.0
    np.testing.assert_array_equal(ql.IDENTITY, [1, 0, 0, 0])
    np.testing.assert_array_equal(ql.I, [0, 1, 0, 0])
    np.testing.assert_array_equal(ql.J, [0, 0, 1, 0])
    np.testing.assert_array_equal(ql.K, [0, 0, 0, 1])


def test_hamilton_rules():
    """i² = j² = k² = ijk = -1, ij = k = -ji, jk = i = -kj, ki = j = -ik (exact)."""
    minus_one = [-1, 0, 0, 0]
    i, j, k = ql.I, ql.J, ql.K
    for x in (i, j, k):
        np.testing.assert_array_equal(ql.multiply(x, x), minus_one)
    np.testing.assert_array_equal(ql.multiply(ql.multiply(i, j), k), minus_one)
    np.testing.assert_array_equal(ql.multiply(i, ql.multiply(j, k)), minus_one)
    np.testing.assert_array_equal(ql.multiply(i, j), k)
    np.testing.assert_array_equal(ql.multiply(j, k), i)
    np.testing.assert_array_equal(ql.multiply(k, i), j)
    np.testing.assert_array_equal(ql.multiply(j, i), -k)
    np.testing.assert_array_equal(ql.multiply(k, j), -i)
    np.testing.assert_array_equal(ql.multiply(i, k), -j)
    # the same rules through the batch path
    basis = np.stack([ql.IDENTITY, i, j, k])
    table = ql.multiply(basis[:, None, :], basis[None, :, :])
    for a, b in itertools.product(range(4), repeat=2):
        np.testing.assert_array_equal(table[a, b], ql.multiply(basis[a], basis[b]))


def test_multiply_closed_form():
    # (1 + 2i + 3j + 4k)(5 + 6i + 7j + 8k) worked by hand
    np.testing.assert_array_equal(ql.multiply([1, 2, 3, 4], [5, 6, 7, 8]), [-60, 12, 30, 24])
    np.testing.assert_array_equal(ql.multiply([5, 6, 7, 8], [1, 2, 3, 4]), [-60, 20, 14, 32])


def test_inverse_closed_form():
    q = np.array([1.0, 2.0, 3.0, 4.0])
    np.testing.assert_allclose(ql.inverse(q), np.array([1, -2, -3, -4]) / 30, rtol=1e-15)
    np.testing.assert_allclose(ql.multiply(ql.inverse(q), q), [1, 0, 0, 0], atol=2 * EPS)
    np.testing.assert_allclose(ql.multiply(q, ql.inverse(q)), [1, 0, 0, 0], atol=2 * EPS)


def test_conjugate_norm_dot_closed_forms():
    np.testing.assert_array_equal(ql.conjugate([1, 2, 3, 4]), [1, -2, -3, -4])
    assert ql.norm([1, 2, 3, 4]) == math.sqrt(30)
    assert ql.norm([0, 3, 4, 0]) == 5.0
    assert ql.dot([1, 2, 3, 4], [5, 6, 7, 8]) == 70.0
    np.testing.assert_allclose(ql.normalize([2, 0, 2, 0]), [S, 0, S, 0], rtol=EPS)


@pytest.mark.parametrize("w", [-3.0, -1.0, 0.0, 0.5, 1.0, 2.0, 700.0])
def test_exp_of_real_is_ordinary_exp(w):
    np.testing.assert_allclose(ql.exp([w, 0, 0, 0]), [math.exp(w), 0, 0, 0], rtol=4 * EPS)


def test_exp_closed_forms():
    # exp(π/4 j) is 90° about y; exp(π/2 i) = i; exp(π i) = -1
    np.testing.assert_allclose(ql.exp([0, 0, math.pi / 4, 0]), [S, 0, S, 0], atol=EPS)
    np.testing.assert_allclose(ql.exp([0, math.pi / 2, 0, 0]), [0, 1, 0, 0], atol=EPS)
    np.testing.assert_allclose(ql.exp([0, math.pi, 0, 0]), [-1, 0, 0, 0], atol=2 * EPS)
    # e^(1 + π/2 k) = e k
    np.testing.assert_allclose(ql.exp([1, 0, 0, math.pi / 2]), [0, 0, 0, math.e], atol=4 * EPS)


def test_log_closed_forms():
    np.testing.assert_array_equal(ql.log([1, 0, 0, 0]), [0, 0, 0, 0])
    np.testing.assert_allclose(ql.log([math.e, 0, 0, 0]), [1, 0, 0, 0], rtol=EPS)
    np.testing.assert_allclose(ql.log([S, 0, S, 0]), [0, 0, math.pi / 4, 0], atol=EPS)
    np.testing.assert_allclose(ql.log([0, 0, 0, 2]), [math.log(2), 0, 0, math.pi / 2], atol=EPS)


def test_log_of_negative_real_is_pi_i():
    """Regression: log(-1) returned 0 (sinc(1) is 3.9e-17, not exactly 0, so the pole
    branch never ran).  The documented axis of a negative real is x."""
    np.testing.assert_allclose(ql.log([-1, 0, 0, 0]), [0, math.pi, 0, 0], atol=0)
    np.testing.assert_allclose(ql.log([-2, 0, 0, 0]), [math.log(2), math.pi, 0, 0], rtol=EPS)
    batch = ql.log(np.array([[-1.0, 0, 0, 0], [1.0, 0, 0, 0], [-5.0, 0, 0, 0]]))
    np.testing.assert_allclose(batch[:, 1], [math.pi, 0, math.pi])
    np.testing.assert_allclose(ql.log(np.float32([-1, 0, 0, 0])), np.float32([0, math.pi, 0, 0]))
    # exp undoes it: exp(π i) = -1
    np.testing.assert_allclose(ql.exp(ql.log([-1, 0, 0, 0])), [-1, 0, 0, 0], atol=2 * EPS)


def test_log_near_antipodal_keeps_its_axis():
    """θ n computed as θ · v/|v| (not θ / sin θ) stays accurate next to -1."""
    q = np.array([-math.cos(1e-10), 0, math.sin(1e-10), 0])
    np.testing.assert_allclose(ql.log(q), [0, 0, math.pi - 1e-10, 0], rtol=1e-15, atol=1e-16)


def test_log_of_tiny_vector_part_is_not_lost():
    """Regression-style: |v|² underflowed to 0, dropping the axis of exp(1e-170 i)."""
    np.testing.assert_allclose(ql.log([1, 1e-170, 0, 0]), [0, 1e-170, 0, 0], rtol=1e-15, atol=0)
    np.testing.assert_allclose(ql.exp([0, 1e-170, 0, 0]), [1, 1e-170, 0, 0], rtol=1e-15, atol=0)


def test_power_closed_forms():
    np.testing.assert_allclose(ql.power([S, 0, S, 0], 0.5), [math.cos(math.pi / 8), 0, math.sin(math.pi / 8), 0],
                               atol=EPS)
    np.testing.assert_allclose(ql.power([1, 2, 3, 4], 2), ql.multiply([1, 2, 3, 4], [1, 2, 3, 4]), rtol=1e-14)
    np.testing.assert_allclose(ql.power([1, 2, 3, 4], -1), ql.inverse([1, 2, 3, 4]), rtol=1e-14)
    np.testing.assert_allclose(ql.power([1, 2, 3, 4], 0), [1, 0, 0, 0], atol=0)
    np.testing.assert_allclose(ql.power([4, 0, 0, 0], 0.5), [2, 0, 0, 0], rtol=EPS)
    # -1 to the 1/2 uses the documented axis x: i
    np.testing.assert_allclose(ql.power([-1, 0, 0, 0], 0.5), [0, 1, 0, 0], atol=EPS)


def test_is_unit():
    assert ql.is_unit([S, 0, S, 0])
    assert not ql.is_unit([1.0004, 0, 0, 0])
    assert ql.is_unit([1.0004, 0, 0, 0], rtol=1e-3)
    assert ql.is_unit(np.float32([1.0001, 0, 0, 0]))  # float32 default tolerance ~3.5e-4
    np.testing.assert_array_equal(ql.is_unit([[1, 0, 0, 0], [2, 0, 0, 0]]), [True, False])
    assert ql.is_unit([1e200, 0, 0, 0]) == np.False_  # no overflow into 'inf - 1'
    with pytest.raises(ValueError, match="Expected a tolerance rtol >= 0, got -1.0"):
        ql.is_unit([1, 0, 0, 0], rtol=-1)
    with pytest.raises(ValueError, match="Expected finite tolerance rtol, got NaN"):
        ql.is_unit([1, 0, 0, 0], rtol=NAN)


# --- laws (hypothesis) -------------------------------------------------------


@settings(deadline=None)
@given(quats, quats, quats)
def test_associativity(p, q, r):
    scale = max(1.0, np.linalg.norm(p) * np.linalg.norm(q) * np.linalg.norm(r))
    left = ql.multiply(ql.multiply(p, q), r)
    right = ql.multiply(p, ql.multiply(q, r))
    np.testing.assert_allclose(left, right, rtol=0, atol=32 * EPS * scale)


@settings(deadline=None)
@given(quats, quats)
def test_matches_textbook_product(p, q):
    scale = max(1.0, np.linalg.norm(p) * np.linalg.norm(q))
    np.testing.assert_allclose(ql.multiply(p, q), _mul(p, q), rtol=0, atol=8 * EPS * scale)


@settings(deadline=None)
@given(quats, quats)
def test_norm_is_multiplicative(p, q):
    lhs = ql.norm(ql.multiply(p, q))
    rhs = ql.norm(p) * ql.norm(q)
    assert math.isclose(lhs, rhs, rel_tol=1e-13, abs_tol=1e-300)


@settings(deadline=None)
@given(nonzero_quats)
def test_inverse_for_non_unit_q(q):
    qi = ql.inverse(q)
    np.testing.assert_allclose(ql.multiply(q, qi), [1, 0, 0, 0], atol=16 * EPS)
    np.testing.assert_allclose(ql.multiply(qi, q), [1, 0, 0, 0], atol=16 * EPS)
    np.testing.assert_allclose(qi, ql.conjugate(q) / ql.norm(q) ** 2, rtol=1e-14)


@settings(deadline=None)
@given(wide_nonzero_quats)
def test_normalize_any_finite_nonzero_quaternion(q):
    """From subnormal to 1e300: unit length, same direction, never 0 or NaN."""
    u = ql.normalize(q)
    assert abs(math.hypot(*u) - 1) < 4 * EPS
    s = np.abs(q).max()
    np.testing.assert_allclose(u * ql.norm(q / s), q / s, rtol=1e-14, atol=1e-300)
    np.testing.assert_allclose(ql.normalize(q[None])[0], u, rtol=0, atol=2 * EPS)


@settings(deadline=None)
@given(wide_nonzero_quats)
def test_norm_any_finite_quaternion(q):
    s = np.abs(q).max()
    expected = s * math.sqrt(sum((c / s) ** 2 for c in q))
    assert math.isclose(ql.norm(q), expected, rel_tol=4 * EPS)
    assert math.isclose(ql.norm(q[None])[0], expected, rel_tol=4 * EPS)


@settings(deadline=None)
@given(quats, quats)
def test_conjugate_reverses_products(p, q):
    scale = max(1.0, np.linalg.norm(p) * np.linalg.norm(q))
    lhs = ql.conjugate(ql.multiply(p, q))
    rhs = ql.multiply(ql.conjugate(q), ql.conjugate(p))
    np.testing.assert_allclose(lhs, rhs, rtol=0, atol=8 * EPS * scale)


@settings(deadline=None)
@given(pure_in_ball)
def test_log_exp_inverse_pair(v):
    """log(exp(v)) = v for pure v with |v| < π."""
    q = np.concatenate([[0.0], v])
    np.testing.assert_allclose(ql.log(ql.exp(q)), q, rtol=0, atol=1e-12)


@settings(deadline=None)
@given(nonzero_quats)
def test_exp_log_inverse_pair(q):
    np.testing.assert_allclose(ql.exp(ql.log(q)), q, rtol=0, atol=1e-13 * np.linalg.norm(q))


@settings(deadline=None)
@given(arrays(np.float64, 4, elements=st.floats(-3, 3)))
def test_norm_of_exp_is_exp_of_scalar_part(q):
    assert math.isclose(ql.norm(ql.exp(q)), math.exp(q[0]), rel_tol=1e-14)


@settings(deadline=None)
@given(units, st.floats(0.5, 2), exponents, exponents)
def test_power_adds_exponents(u, length, a, b):
    q = length * u
    lhs = ql.multiply(ql.power(q, a), ql.power(q, b))
    rhs = ql.power(q, a + b)
    np.testing.assert_allclose(lhs, rhs, rtol=0, atol=1e-12 * max(1.0, np.abs(rhs).max()))


@settings(deadline=None)
@given(units, exponents)
def test_power_of_unit_is_unit_and_scales_the_angle(q, t):
    qt = ql.power(q, t)
    assert abs(ql.norm(qt) - 1) < 1e-14
    # the angle on the 3-sphere scales by t: arctan2(|v|, w)
    phi = math.atan2(math.hypot(*q[1:]), q[0])
    np.testing.assert_allclose(qt[0], math.cos(t * phi), atol=1e-13)


@settings(deadline=None)
@given(quats, quats)
def test_dot_is_symmetric_and_matches_numpy(p, q):
    assert ql.dot(p, q) == ql.dot(q, p)
    assert math.isclose(ql.dot(p, q), float(np.dot(p, q)), rel_tol=1e-14, abs_tol=1e-12)


# --- single (4,) path vs batch path ------------------------------------------


@settings(max_examples=50, deadline=None)
@given(quats, quats)
def test_single_path_agrees_with_batch_path(p, q):
    scale = max(1.0, np.linalg.norm(p) * np.linalg.norm(q))
    one = ql.multiply(p, q)
    many = ql.multiply(p[None], q[None])[0]
    np.testing.assert_allclose(one, many, rtol=0, atol=4 * EPS * scale)
    assert one.shape == (4,) and many.shape == (4,)


def test_large_batch_matches_row_by_row():
    """Many rows, with broadcasting, against the textbook product written out in components."""
    rng = np.random.default_rng(7)
    n = 12_305
    p = rng.normal(size=(n, 4))
    q = rng.normal(size=(n, 4))
    out = ql.multiply(p, q)
    expected = np.array([_mul(a, b) for a, b in zip(p, q)])
    np.testing.assert_allclose(out, expected, rtol=0, atol=32 * EPS)
    one = rng.normal(size=4)
    np.testing.assert_allclose(ql.multiply(p, one), [_mul(a, one) for a in p], atol=32 * EPS)
    np.testing.assert_allclose(ql.multiply(one, q), [_mul(one, b) for b in q], atol=32 * EPS)


def test_against_numpy_quaternion():
    """An independent implementation (C ufuncs), when installed (the bench extra)."""
    quaternion = pytest.importorskip("quaternion")
    rng = np.random.default_rng(1)
    p = rng.normal(size=(1000, 4))
    q = rng.normal(size=(1000, 4))
    expected = quaternion.as_float_array(quaternion.as_quat_array(p) * quaternion.as_quat_array(q))
    np.testing.assert_allclose(ql.multiply(p, q), expected, rtol=0, atol=32 * EPS)
    expected_exp = quaternion.as_float_array(np.exp(quaternion.as_quat_array(p)))
    np.testing.assert_allclose(ql.exp(p), expected_exp, rtol=1e-13, atol=1e-13)
    expected_log = quaternion.as_float_array(np.log(quaternion.as_quat_array(p)))
    np.testing.assert_allclose(ql.log(p), expected_log, rtol=1e-13, atol=1e-13)


# --- broadcasting -------------------------------------------------------------


@pytest.mark.parametrize(
    "p_shape, q_shape, out_shape",
    [
        ((5, 4), (4,), (5, 4)),
        ((4,), (5, 4), (5, 4)),
        ((2, 1, 4), (3, 4), (2, 3, 4)),
        ((1, 4), (4,), (1, 4)),
        ((2, 3, 4), (2, 3, 4), (2, 3, 4)),
        ((0, 4), (4,), (0, 4)),
    ],
)
def test_multiply_broadcasts(p_shape, q_shape, out_shape):
    rng = np.random.default_rng(0)
    p = rng.normal(size=p_shape)
    q = rng.normal(size=q_shape)
    out = ql.multiply(p, q)
    assert out.shape == out_shape
    pb, qb = np.broadcast_arrays(p, q)
    for idx in np.ndindex(out_shape[:-1]):
        np.testing.assert_allclose(out[idx], _mul(pb[idx], qb[idx]), atol=16 * EPS)


def test_non_contiguous_inputs():
    rng = np.random.default_rng(3)
    big = rng.normal(size=(6, 8))
    p = big[:, ::2]  # last axis strided
    q = np.asfortranarray(rng.normal(size=(6, 4)))
    np.testing.assert_allclose(ql.multiply(p, q), [_mul(a, b) for a, b in zip(p, q)], atol=16 * EPS)
    np.testing.assert_allclose(ql.multiply(big[0, ::2], q[0]), _mul(big[0, ::2], q[0]), atol=16 * EPS)


@pytest.mark.parametrize(
    "func, args, shape",
    [
        (ql.conjugate, ((2, 3, 4),), (2, 3, 4)),
        (ql.norm, ((2, 3, 4),), (2, 3)),
        (ql.normalize, ((2, 3, 4),), (2, 3, 4)),
        (ql.inverse, ((2, 3, 4),), (2, 3, 4)),
        (ql.is_unit, ((2, 3, 4),), (2, 3)),
        (ql.exp, ((2, 3, 4),), (2, 3, 4)),
        (ql.log, ((2, 3, 4),), (2, 3, 4)),
        (ql.dot, ((2, 1, 4), (3, 4)), (2, 3)),
    ],
)
def test_shapes(func, args, shape):
    rng = np.random.default_rng(0)
    assert func(*(rng.normal(size=s) for s in args)).shape == shape


def test_power_broadcasts_t_against_q():
    q = np.array([S, 0, S, 0])
    t = np.array([0.0, 0.5, 1.0, 2.0])
    out = ql.power(q, t)
    assert out.shape == (4, 4)
    np.testing.assert_allclose(out[2], q, atol=EPS)
    np.testing.assert_allclose(out[3], [0, 0, 1, 0], atol=2 * EPS)
    assert ql.power(np.tile(q, (3, 1)), t[:, None]).shape == (4, 3, 4)


# --- dtypes --------------------------------------------------------------------

F32 = np.float32


@pytest.mark.parametrize(
    "func, args",
    [
        (ql.multiply, (F32([1, 2, 3, 4]), F32([0.5, 0.5, 0.5, 0.5]))),
        (ql.multiply, (F32([[1, 2, 3, 4]] * 5), F32([0.5, 0.5, 0.5, 0.5]))),
        (ql.multiply, (F32([[1, 2, 3, 4]] * 50), F32([[0.5, 0.5, 0.5, 0.5]] * 50))),
        (ql.conjugate, (F32([1, 2, 3, 4]),)),
        (ql.norm, (F32([1, 2, 3, 4]),)),
        (ql.norm, (F32([[1, 2, 3, 4]]),)),
        (ql.normalize, (F32([1, 2, 3, 4]),)),
        (ql.normalize, (F32([[1, 2, 3, 4]]),)),
        (ql.inverse, (F32([1, 2, 3, 4]),)),
        (ql.inverse, (F32([[1, 2, 3, 4]]),)),
        (ql.dot, (F32([1, 2, 3, 4]), F32([1, 2, 3, 4]))),
        (ql.exp, (F32([0.1, 0.2, 0.3, 0.4]),)),
        (ql.log, (F32([1, 2, 3, 4]),)),
        (ql.power, (F32([1, 2, 3, 4]), 0.5)),  # a Python number takes q's dtype
        (ql.power, (F32([1, 2, 3, 4]), F32(0.5))),
    ],
)
def test_float32_in_float32_out(func, args):
    assert func(*args).dtype == np.float32


def test_float32_mixed_with_float64_gives_float64():
    assert ql.multiply(F32([1, 0, 0, 0]), [1.0, 0, 0, 0]).dtype == np.float64
    assert ql.multiply(F32([[1, 0, 0, 0]]), np.array([1.0, 0, 0, 0])).dtype == np.float64
    assert ql.power(F32([1, 2, 3, 4]), np.array(0.5)).dtype == np.float64


def test_float32_results_match_float64_closely():
    rng = np.random.default_rng(5)
    p = rng.normal(size=(100, 4))
    q = rng.normal(size=(100, 4))
    np.testing.assert_allclose(ql.multiply(p.astype(F32), q.astype(F32)), ql.multiply(p, q), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(ql.log(p.astype(F32)), ql.log(p), rtol=1e-5, atol=1e-5)


def test_inputs_are_not_modified():
    q = np.array([[1.0, 2.0, 3.0, 4.0]])
    keep = q.copy()
    for func in (ql.conjugate, ql.normalize, ql.inverse, ql.exp, ql.log, ql.norm):
        func(q)
    ql.multiply(q, q)
    ql.power(q, 0.3)
    np.testing.assert_array_equal(q, keep)


# --- robustness at the ends of the float range -----------------------------------


def test_normalize_huge_quaternion_is_not_zero():
    """Regression: |q|² overflowed to inf and q / inf returned 0 silently."""
    np.testing.assert_array_equal(ql.normalize([1e200, 0, 0, 0]), [1, 0, 0, 0])
    np.testing.assert_array_equal(ql.normalize([[1e200, 0, 0, 0]]), [[1, 0, 0, 0]])
    np.testing.assert_array_equal(ql.normalize(F32([1e20, 0, 0, 0])), [1, 0, 0, 0])
    np.testing.assert_array_equal(ql.normalize(F32([[1e20, 0, 0, 0]])), [[1, 0, 0, 0]])


def test_normalize_tiny_quaternion_is_not_called_zero():
    """Regression: |q|² underflowed to 0 and a non-zero q was reported as zero."""
    np.testing.assert_array_equal(ql.normalize([1e-170, 0, 0, 0]), [1, 0, 0, 0])
    np.testing.assert_array_equal(ql.normalize([[0, 1e-170, 0, 0]]), [[0, 1, 0, 0]])
    np.testing.assert_array_equal(ql.normalize(F32([[0, 0, 1e-30, 0]])), [[0, 0, 1, 0]])


def test_inverse_and_log_of_tiny_and_huge():
    np.testing.assert_allclose(ql.inverse([1e-200, 0, 0, 0]), [1e200, 0, 0, 0], rtol=EPS)
    np.testing.assert_allclose(ql.inverse([[0, 1e200, 0, 0]]), [[0, -1e-200, 0, 0]], rtol=EPS)
    np.testing.assert_allclose(ql.log([1e200, 1e200, 0, 0]), [math.log(math.sqrt(2) * 1e200), math.pi / 4, 0, 0],
                               rtol=4 * EPS)
    big = np.finfo(np.float64).max
    out = ql.log([big, big, big, big])  # |q| itself exceeds the float64 range
    np.testing.assert_allclose(out[0], math.log(big) + math.log(2), rtol=4 * EPS)


def test_exp_overflow_raises_not_nan():
    """Regression: exp([1000, 0, 0, 0]) returned [inf, nan, nan, nan]."""
    with pytest.raises(ValueError, match="overflow"):
        ql.exp([1000, 0, 0, 0])
    with pytest.raises(ValueError, match="overflow"):
        ql.exp([[0, 0, 0, 0], [1000, 0, 0, 0]])


def test_multiply_overflow_raises_not_nan():
    with pytest.raises(ValueError, match="overflow"):
        ql.multiply([1e200, 1e200, 0, 0], [1e200, 1e200, 0, 0])
    with pytest.raises(ValueError, match="overflow"):
        ql.multiply(np.tile([1e200, 1e200, 0, 0], (5000, 1)), [1e200, -1e200, 0, 0])
    # a large but representable product is fine
    big = ql.multiply([1e150, 0, 0, 0], [1e150, 0, 0, 0])
    np.testing.assert_allclose(big, [1e300, 0, 0, 0])


# --- issue 12: regressions, each named after what broke -------------------------


def test_inverse_of_huge_quaternion_was_zero():
    q = [1e308, 1e308, 0, 0]  # |q|² overflows, q⁻¹ = (1, -1, 0, 0) / (2 · 1e308) fits
    expected = np.array([1.0, -1.0, 0.0, 0.0]) / 1e308 / 2
    np.testing.assert_allclose(ql.inverse(q), expected, rtol=1e-12, atol=0)
    np.testing.assert_allclose(ql.inverse([q, q]), [expected, expected], rtol=1e-12, atol=0)
    np.testing.assert_allclose(ql.inverse(q), ql.power(q, -1), rtol=1e-12, atol=0)


@pytest.mark.parametrize(
    "rtol, message",
    [
        (math.inf, "Expected finite tolerance rtol, got \\+inf"),
        (-1e-9, "Expected a tolerance rtol >= 0, got -1e-09"),
        (1j, "Expected tolerance rtol of real numbers, got dtype complex128"),
    ],
)
def test_is_unit_tolerance_follows_the_gates_one_rule(rtol, message):
    # is_unit was the model the other tolerances now follow (as_tolerance)
    with pytest.raises(ValueError, match=message):
        ql.is_unit([1, 0, 0, 0], rtol=rtol)


def test_is_unit_string_tolerance_said_dtype_u4_not_the_string():
    with pytest.raises(ValueError, match="Expected tolerance rtol of real numbers, got the string '1e-3'"):
        ql.is_unit([1, 0, 0, 0], rtol="1e-3")


def test_python_int_beyond_float64_gave_dtype_object_error():
    with pytest.raises(ValueError, match="Expected quaternion within the float64 range"):
        ql.norm([10**400, 0, 0, 0])
    # ints beyond int64 that fit in a float64 are numbers like any other
    assert ql.norm([2**70, 0, 0, 0]) == 2.0**70


def test_dot_rejects_nan_and_reports_an_overflow():
    with pytest.raises(ValueError, match=r"Expected finite quaternion p, got NaN at index 0"):
        ql.dot([np.nan, 0, 0, 0], [1, 0, 0, 0])
    with pytest.raises(ValueError, match=r"Expected dot product p·q within the float64 range, got an overflow"):
        ql.dot([1e200, 0, 0, 0], [1e200, 0, 0, 0])
