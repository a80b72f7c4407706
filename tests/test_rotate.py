"""Rotating vectors and measuring rotations (quatlib/_rotate.py)."""

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
S = math.sqrt(0.5)

moderate = st.floats(-10, 10, allow_nan=False, allow_subnormal=False)
nonzero_quats = arrays(np.float64, 4, elements=moderate).filter(lambda q: np.linalg.norm(q) > 1e-3)
wide_nonzero_quats = arrays(
    np.float64, 4, elements=st.floats(-1e300, 1e300, allow_nan=False, allow_infinity=False)
).filter(lambda q: np.any(q != 0))
vectors = arrays(np.float64, 3, elements=st.floats(-1e3, 1e3, allow_nan=False, allow_subnormal=False))


def _sandwich(q, v):
    """q v q⁻¹ with two Hamilton products (textbook; independent of rotate_vector)."""
    pure = np.concatenate([[0.0], v])
    return ql.multiply(ql.multiply(q, pure), ql.inverse(q))[1:]


def _unit(q):
    return np.asarray(q, dtype=float) / np.linalg.norm(q)


# --- closed forms ------------------------------------------------------------

Q90Y = np.array([S, 0, S, 0])


@pytest.mark.parametrize(
    "q, v, expected",
    [
        (Q90Y, [1, 0, 0], [0, 0, -1]),  # the course's first example
        (Q90Y, [0, 0, 1], [1, 0, 0]),
        (Q90Y, [0, 1, 0], [0, 1, 0]),  # the axis stays put
        ([S, 0, 0, S], [1, 0, 0], [0, 1, 0]),  # +90° about z: x -> y
        ([S, S, 0, 0], [0, 1, 0], [0, 0, 1]),  # +90° about x: y -> z
        ([0, 1, 0, 0], [0, 1, 0], [0, -1, 0]),  # 180° about x
        ([0, 0, 0, 1], [1, 2, 3], [-1, -2, 3]),  # 180° about z
        ([-1, 0, 0, 0], [1, 2, 3], [1, 2, 3]),  # -1 is the identity rotation
        ([2, 0, 0, 2], [1, 0, 0], [0, 1, 0]),  # non-unit q: the scale cancels
        ([0.5, 0.5, 0.5, 0.5], [1, 0, 0], [0, 1, 0]),  # 120° about (1,1,1): x -> y -> z
        ([0.5, 0.5, 0.5, 0.5], [0, 1, 0], [0, 0, 1]),
    ],
)
def test_rotate_closed_forms(q, v, expected):
    np.testing.assert_allclose(ql.rotate_vector(q, v), expected, atol=4 * EPS)
    np.testing.assert_allclose(ql.rotate_vector(np.array([q]), np.array([v]))[0], expected, atol=4 * EPS)
    np.testing.assert_allclose(ql.rotate_vector(q, np.array([v, v]))[1], expected, atol=4 * EPS)


def test_identity_leaves_vectors_bit_for_bit():
    """v + w t + u × t with u = 0 adds exact zeros."""
    rng = np.random.default_rng(2)
    v = rng.normal(size=(50, 3))
    np.testing.assert_array_equal(ql.rotate_vector(ql.IDENTITY, v), v)
    np.testing.assert_array_equal(ql.rotate_vector(np.tile(ql.IDENTITY, (50, 1)), v), v)
    np.testing.assert_array_equal(ql.rotate_vector(ql.IDENTITY, v[0]), v[0])


# --- laws (hypothesis) --------------------------------------------------------


@settings(deadline=None)
@given(nonzero_quats, vectors)
def test_rotation_preserves_length(q, v):
    out = ql.rotate_vector(q, v)
    assert math.isclose(np.linalg.norm(out), np.linalg.norm(v), rel_tol=1e-13, abs_tol=1e-12)


@settings(deadline=None)
@given(wide_nonzero_quats, vectors)
def test_any_finite_nonzero_quaternion_rotates(q, v):
    """Tiny, huge and subnormal |q|: still a rotation (no 0/0, no inf/inf)."""
    for out in (ql.rotate_vector(q, v), ql.rotate_vector(q[None], v)[0], ql.rotate_vector(q, v[None])[0]):
        assert np.all(np.isfinite(out))
        assert math.isclose(np.linalg.norm(out), np.linalg.norm(v), rel_tol=1e-13, abs_tol=1e-12)


@settings(deadline=None)
@given(nonzero_quats, vectors, vectors, vectors)
def test_rotation_preserves_handedness(q, a, b, c):
    """det[Ra, Rb, Rc] = det[a, b, c]: a rotation, never a reflection."""
    Ra, Rb, Rc = ql.rotate_vector(q, np.stack([a, b, c]))
    before = np.linalg.det(np.column_stack([a, b, c]))
    after = np.linalg.det(np.column_stack([Ra, Rb, Rc]))
    scale = np.linalg.norm(a) * np.linalg.norm(b) * np.linalg.norm(c)
    assert abs(after - before) <= 1e-12 * max(scale, 1.0)


@settings(deadline=None)
@given(nonzero_quats, vectors, vectors)
def test_rotation_preserves_cross_products(q, a, b):
    lhs = ql.rotate_vector(q, np.cross(a, b))
    rhs = np.cross(ql.rotate_vector(q, a), ql.rotate_vector(q, b))
    scale = max(np.linalg.norm(a) * np.linalg.norm(b), 1.0)
    np.testing.assert_allclose(lhs, rhs, rtol=0, atol=1e-13 * scale)


@settings(deadline=None)
@given(nonzero_quats, vectors)
def test_q_and_minus_q_rotate_alike(q, v):
    scale = max(np.linalg.norm(v), 1.0)
    np.testing.assert_allclose(ql.rotate_vector(q, v), ql.rotate_vector(-q, v), rtol=0, atol=4 * EPS * scale)


@settings(deadline=None)
@given(nonzero_quats, nonzero_quats, vectors)
def test_composition_applies_q_first(p, q, v):
    """rotate_vector(p q, v) = rotate_vector(p, rotate_vector(q, v))."""
    scale = max(np.linalg.norm(v), 1.0)
    lhs = ql.rotate_vector(ql.multiply(p, q), v)
    rhs = ql.rotate_vector(p, ql.rotate_vector(q, v))
    np.testing.assert_allclose(lhs, rhs, rtol=0, atol=1e-13 * scale)


@settings(deadline=None)
@given(nonzero_quats, vectors)
def test_matches_the_sandwich(q, v):
    scale = max(np.linalg.norm(v), 1.0)
    np.testing.assert_allclose(ql.rotate_vector(q, v), _sandwich(q, v), rtol=0, atol=1e-13 * scale)


@settings(deadline=None)
@given(nonzero_quats, vectors)
def test_scale_of_q_cancels(q, v):
    scale = max(np.linalg.norm(v), 1.0)
    np.testing.assert_allclose(ql.rotate_vector(3.7 * q, v), ql.rotate_vector(q, v), rtol=0, atol=1e-13 * scale)


@settings(max_examples=50, deadline=None)
@given(nonzero_quats, vectors)
def test_one_quaternion_and_batches_agree(q, v):
    """(4,)x(3,), (4,)x(1,3) and (1,4)x(1,3): one formula, broadcast; the same numbers whatever the shapes."""
    scale = max(np.linalg.norm(v), 1.0)
    single = ql.rotate_vector(q, v)
    many_vectors = ql.rotate_vector(q, v[None])[0]
    batch = ql.rotate_vector(q[None], v[None])[0]
    np.testing.assert_allclose(many_vectors, single, rtol=0, atol=16 * EPS * scale)
    np.testing.assert_allclose(batch, single, rtol=0, atol=16 * EPS * scale)


def test_large_batch_matches_one_by_one():
    rng = np.random.default_rng(11)
    n = 8197
    q = rng.normal(size=(n, 4))
    v = rng.normal(size=(n, 3))
    q[100] *= 1e-200  # one tiny quaternion among them: its scale cancels as for the others
    out = ql.rotate_vector(q, v)
    expected = np.array([ql.rotate_vector(a, b) for a, b in zip(q, v)])
    np.testing.assert_allclose(out, expected, rtol=0, atol=64 * EPS)
    one_v = ql.rotate_vector(q, v[0])
    np.testing.assert_allclose(one_v, [ql.rotate_vector(a, v[0]) for a in q], atol=64 * EPS)
    one_q = ql.rotate_vector(q[0], v)
    np.testing.assert_allclose(one_q, [ql.rotate_vector(q[0], b) for b in v], atol=64 * EPS)


def test_against_numpy_quaternion():
    quaternion = pytest.importorskip("quaternion")
    rng = np.random.default_rng(4)
    q = rng.normal(size=(500, 4))
    v = rng.normal(size=(500, 3))
    qq = quaternion.as_quat_array(q / np.linalg.norm(q, axis=1, keepdims=True))
    expected = quaternion.as_vector_part(qq * quaternion.from_vector_part(v) * np.conjugate(qq))
    np.testing.assert_allclose(ql.rotate_vector(q, v), expected, atol=64 * EPS)
    np.testing.assert_allclose(ql.rotate_vector(q[0], v), quaternion.rotate_vectors(qq[0], v), atol=64 * EPS)


# --- shapes, broadcasting, dtypes -----------------------------------------------


@pytest.mark.parametrize(
    "q_shape, v_shape, out_shape",
    [
        ((4,), (3,), (3,)),
        ((4,), (5, 3), (5, 3)),
        ((5, 4), (3,), (5, 3)),
        ((5, 4), (5, 3), (5, 3)),
        ((2, 1, 4), (3, 3), (2, 3, 3)),
        ((4,), (2, 3, 3), (2, 3, 3)),
        ((1, 4), (3,), (1, 3)),
        ((0, 4), (3,), (0, 3)),
        ((4,), (0, 3), (0, 3)),
    ],
)
def test_rotate_broadcasts(q_shape, v_shape, out_shape):
    rng = np.random.default_rng(0)
    q = rng.normal(size=q_shape)
    v = rng.normal(size=v_shape)
    out = ql.rotate_vector(q, v)
    assert out.shape == out_shape
    qb = np.broadcast_to(q, out_shape[:-1] + (4,))
    vb = np.broadcast_to(v, out_shape[:-1] + (3,))
    for idx in np.ndindex(out_shape[:-1]):
        np.testing.assert_allclose(out[idx], _sandwich(qb[idx], vb[idx]), atol=1e-14)


def test_output_is_writeable_and_independent():
    q = np.tile(Q90Y, (4, 1))
    v = np.eye(3)[[0, 1, 2, 0]]
    for out in (ql.rotate_vector(q, v), ql.rotate_vector(Q90Y, v)):
        out[0, 0] = 123.0
        np.testing.assert_array_equal(v, np.eye(3)[[0, 1, 2, 0]])


@pytest.mark.parametrize(
    "q_shape, v_shape",
    [((4,), (3,)), ((4,), (6, 3)), ((6, 4), (6, 3)), ((6, 4), (3,)), ((100, 4), (100, 3)), ((100, 4), (3,))],
)
def test_rotate_float32_in_float32_out(q_shape, v_shape):
    rng = np.random.default_rng(0)
    q = rng.normal(size=q_shape).astype(np.float32)
    v = rng.normal(size=v_shape).astype(np.float32)
    out = ql.rotate_vector(q, v)
    assert out.dtype == np.float32
    np.testing.assert_allclose(out, ql.rotate_vector(q.astype(float), v.astype(float)), rtol=1e-5, atol=1e-5)
    assert ql.rotate_vector(q, v.astype(float)).dtype == np.float64
    assert ql.angle_between(q, q).dtype == np.float32


# --- errors --------------------------------------------------------------------


def test_rotate_errors():
    with pytest.raises(ValueError, match=r"Expected vector with shape \(\.\.\., 3\), got \(4,\)"):
        ql.rotate_vector(Q90Y, [1, 0, 0, 0])
    with pytest.raises(ValueError, match=r"Expected quaternion with shape \(\.\.\., 4\), got \(3,\)"):
        ql.rotate_vector([1, 0, 0], [1, 0, 0])
    with pytest.raises(ValueError, match="Expected non-zero quaternion, got zero length$"):
        ql.rotate_vector([0, 0, 0, 0], [1, 0, 0])
    with pytest.raises(ValueError, match="Expected non-zero quaternion, got zero length$"):
        ql.rotate_vector([0, 0, 0, 0], np.ones((7, 3)))
    with pytest.raises(ValueError, match="Expected finite vector, got NaN at index 1"):
        ql.rotate_vector(Q90Y, [0, math.nan, 0])
    with pytest.raises(ValueError, match=r"Expected finite vector, got \+inf at index \(2, 0\)"):
        ql.rotate_vector(Q90Y, [[0, 0, 0], [0, 0, 0], [math.inf, 0, 0]])
    with pytest.raises(ValueError, match="Expected vector of real numbers, got dtype complex128"):
        ql.rotate_vector(Q90Y, [1j, 0, 0])


@pytest.mark.parametrize("n", [3, 5000])
def test_rotate_batch_reports_nan_and_inf_as_such(n):
    """In a batch as for one quaternion: the gate's messages, with the index in the whole batch."""
    q = np.tile(Q90Y, (n, 1))
    v = np.ones((n, 3))
    bad_q = q.copy()
    bad_q[n - 1] = [math.nan, 0, 0, 0]  # NaN next to zeros: never "zero length"
    with pytest.raises(ValueError, match=rf"Expected finite quaternion, got NaN at index \({n - 1}, 0\)"):
        ql.rotate_vector(bad_q, v)
    bad_q[n - 1] = [0, 0, -math.inf, 0]
    with pytest.raises(ValueError, match=rf"Expected finite quaternion, got -inf at index \({n - 1}, 2\)"):
        ql.rotate_vector(bad_q, v[0])
    bad_v = v.copy()
    bad_v[n // 2, 1] = math.inf
    with pytest.raises(ValueError, match=rf"Expected finite vector, got \+inf at index \({n // 2}, 1\)"):
        ql.rotate_vector(q, bad_v)
    bad_v[n // 2, 1] = math.nan
    with pytest.raises(ValueError, match=rf"Expected finite vector, got NaN at index \({n // 2}, 1\)"):
        ql.rotate_vector(q, bad_v)
    # both bad: the quaternion is reported first, as the gate orders its checks
    bad_q[n - 1] = [math.nan, 0, 0, 0]
    with pytest.raises(ValueError, match="Expected finite quaternion"):
        ql.rotate_vector(bad_q, bad_v)
    with pytest.raises(ValueError, match="Expected finite vector, got NaN"):
        ql.rotate_vector(Q90Y, bad_v)  # one quaternion, many vectors


def test_rotate_overflow_raises_not_nan():
    """A rotated vector whose entries exceed the float range raises; it is not NaN."""
    q45z = [math.cos(math.pi / 8), 0, 0, math.sin(math.pi / 8)]
    v = [1.7e308, 1.7e308, 0.0]  # turns onto (0, 2.4e308, 0)
    for qq, vv in ((q45z, v), (q45z, [v, v]), ([q45z, q45z], [v, v])):
        with pytest.raises(ValueError, match="Expected rotated vector within the float64 range"):
            ql.rotate_vector(qq, vv)
    # huge but representable: fine
    np.testing.assert_allclose(ql.rotate_vector([0, 0, 0, 1], [[1.7e308, 1.7e308, 0]]), [[-1.7e308, -1.7e308, 0]])


@pytest.mark.parametrize("n", [None, 1, 20])
def test_rotate_huge_vector_whose_intermediate_overflows(n):
    """t = 2 u × v reaches 2|v|: for |v| near the float maximum it overflows although
    the rotated vector fits; rotate_vector retries with v/4 (exact) and scales back."""
    q = np.array([0.0, 0, 0, 1])  # 180° about z: (a, b, 0) -> (-a, -b, 0)
    v = np.array([1.7e308, 1.7e308, 0.0])
    if n is not None:
        q, v = np.tile(q, (n, 1)), np.tile(v, (n, 1))
    np.testing.assert_allclose(ql.rotate_vector(q, v), -v * [1, 1, 0], rtol=1e-15)


def test_rotate_tiny_and_huge_quaternions():
    """Regression: |q|² overflowed (1e200) or underflowed (1e-170) into NaN or 'zero'."""
    for s in (1e200, 1e-170, 5e-324):
        q = s * Q90Y if s > 1e-300 else np.array([0.0, 0.0, 5e-324, 0.0])  # 180° about y
        expected = [0, 0, -1] if s > 1e-300 else [-1, 0, 0]
        np.testing.assert_allclose(ql.rotate_vector(q, [1, 0, 0]), expected, atol=4 * EPS)
        np.testing.assert_allclose(ql.rotate_vector(q[None], [1, 0, 0])[0], expected, atol=4 * EPS)
        np.testing.assert_allclose(ql.rotate_vector(q, [[1, 0, 0]])[0], expected, atol=4 * EPS)


# --- angle_between ------------------------------------------------------------------


def test_angle_between_closed_forms():
    assert ql.angle_between(ql.IDENTITY, Q90Y) == pytest.approx(math.pi / 2, abs=4 * EPS)
    assert ql.angle_between(ql.IDENTITY, Q90Y, degrees=True) == pytest.approx(90.0, abs=1e-12)
    assert ql.angle_between(ql.IDENTITY, ql.I) == pytest.approx(math.pi, abs=4 * EPS)
    assert ql.angle_between(ql.I, ql.J) == pytest.approx(math.pi, abs=4 * EPS)  # k: 180°
    assert ql.angle_between(Q90Y, -Q90Y) == 0.0
    assert ql.angle_between([1, 0, 0, 0], [-1, 0, 0, 0]) == 0.0
    assert ql.angle_between([2, 0, 0, 0], [0, 0, 0, 5]) == pytest.approx(math.pi, abs=4 * EPS)


def test_angle_between_tiny_angle_is_accurate():
    """2 arctan2(|v|, |w|), not 2 arccos(w): 1e-9 rad survives (arccos gives 0)."""
    tiny = np.array([math.cos(5e-10), 0, math.sin(5e-10), 0])
    assert ql.angle_between(ql.IDENTITY, tiny) == pytest.approx(1e-9, rel=1e-12)
    assert ql.angle_between(ql.IDENTITY, -tiny) == pytest.approx(1e-9, rel=1e-12)
    near_pi = np.array([math.sin(5e-10), 0, math.cos(5e-10), 0])  # π - 1e-9 about y
    assert ql.angle_between(ql.IDENTITY, near_pi) == pytest.approx(math.pi - 1e-9, rel=1e-15)


@settings(deadline=None)
@given(nonzero_quats, nonzero_quats)
def test_angle_between_symmetric_and_sign_agnostic(p, q):
    a = ql.angle_between(p, q)
    assert 0 <= a <= math.pi
    for b in (ql.angle_between(q, p), ql.angle_between(-p, q), ql.angle_between(p, -q), ql.angle_between(2 * p, q)):
        assert b == pytest.approx(a, abs=1e-13)


@settings(deadline=None)
@given(nonzero_quats, nonzero_quats, vectors)
def test_angle_between_is_the_angle_of_the_relative_rotation(p, q, v):
    """Turning p into q is r = p⁻¹ q; its axis-angle angle, folded to [0, π], is the distance."""
    r = ql.multiply(ql.inverse(p), q)
    _, angle = ql.axis_angle_from_quaternion(r)
    folded = angle if angle <= math.pi else 2 * math.pi - angle
    assert ql.angle_between(p, q) == pytest.approx(folded, abs=1e-12)


@settings(deadline=None)
@given(nonzero_quats, nonzero_quats, nonzero_quats)
def test_angle_between_is_invariant_under_a_common_turn(p, q, r):
    """d(r p, r q) = d(p, q): the distance does not depend on the frame."""
    assert ql.angle_between(ql.multiply(r, p), ql.multiply(r, q)) == pytest.approx(ql.angle_between(p, q), abs=1e-12)


def test_angle_between_zoo_and_broadcast():
    cs = [np.array(c, float) for c in itertools.product((-1, 0, 1), repeat=4) if any(c)]
    zoo = np.array([c / np.linalg.norm(c) for c in cs] + [[1e-200, 0, 0, 0], [0, 1e200, 0, 0]])
    table = ql.angle_between(zoo[:, None, :], zoo[None, :, :])
    assert table.shape == (len(zoo), len(zoo))
    assert np.all(np.isfinite(table)) and np.all((table >= 0) & (table <= math.pi))
    np.testing.assert_allclose(table, table.T, atol=1e-15)
    np.testing.assert_allclose(np.diag(table), 0, atol=1e-15)
    assert table[-2, -1] == pytest.approx(math.pi)  # tiny identity vs huge i: 180°
