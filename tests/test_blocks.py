"""Blocks of rows (quatlib/_blocks.py): the same numbers as one call over the whole batch, to the last bit."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import quatlib as ql
from quatlib import _algebra
from quatlib._blocks import ROWS, in_blocks


def _rowwise(a, b):
    """A formula of the kind blocks are for: elementwise, several temporaries, a different last axis out."""
    return np.stack([a[..., 0] * b[..., 1] - np.sin(b[..., 0]), np.hypot(a[..., 1], b[..., 1])], axis=-1)


leading = st.lists(st.integers(0, 5), min_size=0, max_size=3).map(tuple)


@settings(deadline=None, max_examples=60)
@given(lead=leading, drop=st.lists(st.booleans(), min_size=3, max_size=3), rows=st.integers(1, 7),
       seed=st.integers(0, 2**32 - 1))
def test_blocks_give_the_whole_batch_bit_for_bit(lead, drop, rows, seed):
    """Broadcast leading shapes (a 1 where `drop` says), any block size: the same shape and bits as one call."""
    other = tuple(1 if d else n for n, d in zip(lead, drop, strict=False))
    rng = np.random.default_rng(seed)
    a, b = rng.normal(size=lead + (2,)), rng.normal(size=other + (2,))
    got = in_blocks(_rowwise, a, b, rows=rows)
    want = _rowwise(a, b)
    assert got.shape == want.shape
    np.testing.assert_array_equal(got, want, strict=True)


def test_blocks_keep_float32_and_empty_batches():
    a = np.arange(40, dtype=np.float32).reshape(20, 2)
    assert in_blocks(_rowwise, a, a, rows=3).dtype == np.float32
    assert in_blocks(_rowwise, np.zeros((0, 1, 2)), np.ones((1, 9, 2)), rows=2).shape == (0, 9, 2)


def test_shapes_that_do_not_broadcast_get_numpys_message():
    with pytest.raises(ValueError, match="could not be broadcast"):
        in_blocks(_rowwise, np.ones((30, 2)), np.ones((20, 2)), rows=4)


@pytest.mark.parametrize("shapes", [((3 * ROWS + 5, 4), (3 * ROWS + 5, 4)), ((2 * ROWS + 1, 4), (4,)),
                                    ((7, 1, 4), (1, ROWS + 1, 4))])
def test_multiply_in_blocks_is_multiply_in_one_go(shapes, monkeypatch):
    """The product of a long batch is the same, bit for bit, as the formula run once over all of it.

    Each case has an input longer than ``ROWS`` rows (smaller inputs skip the blocks), the last one only after
    broadcasting against the other.
    """
    rng = np.random.default_rng(13)
    p, q = (rng.normal(size=s) for s in shapes)
    blocked = ql.multiply(p, q)
    monkeypatch.setattr(_algebra, "in_blocks", lambda formula, *arrays: formula(*arrays))
    np.testing.assert_array_equal(blocked, ql.multiply(p, q), strict=True)
    assert ql.multiply(p.astype(np.float32), q.astype(np.float32)).dtype == np.float32


@pytest.mark.parametrize("shape", [(3 * ROWS + 5, 4), (2, ROWS + 1, 4)])
def test_matrix_from_quaternion_in_blocks_is_the_formula_in_one_go(shape, monkeypatch):
    """Long batches of rotation matrices, with a tiny and a huge quaternion in two different blocks (each block
    then scales its rows by powers of two): the same shape, dtype and bits as the formula over the whole batch."""
    from quatlib import _matrix

    q = np.random.default_rng(14).normal(size=shape)
    flat = q.reshape(-1, 4)
    flat[ROWS + 7] *= 1e-200
    flat[-3] *= 1e200
    blocked = ql.matrix_from_quaternion(q)
    monkeypatch.setattr(_matrix, "in_blocks", lambda formula, *arrays: formula(*arrays))
    np.testing.assert_array_equal(blocked, ql.matrix_from_quaternion(q), strict=True)
    assert blocked.shape == shape[:-1] + (3, 3)
    assert ql.matrix_from_quaternion(np.ones(shape, np.float32)).dtype == np.float32


def test_an_error_in_a_block_names_the_index_in_the_whole_batch():
    """A zero quaternion in the third block: the message counts rows from the batch's start, not the block's."""
    q = np.random.default_rng(15).normal(size=(3, ROWS, 4))
    q[2, 11] = 0
    with pytest.raises(ValueError, match=r"^Expected non-zero quaternion, got zero length at index \(2, 11\)$"):
        ql.matrix_from_quaternion(q)

    def refuse_negatives(a):
        if np.any(a < 0):
            raise ValueError(f"negative at index {tuple(int(i) for i in np.argwhere(a < 0)[0])}")
        return a

    a = np.ones((10, 1))
    a[8] = -1
    with pytest.raises(ValueError, match=r"^negative at index \(8, 0\)$"):
        in_blocks(refuse_negatives, a, rows=3)


def _unit_pairs(shape0, shape1, seed):
    rng = np.random.default_rng(seed)
    q0 = ql.normalize(rng.normal(size=shape0))
    q1 = ql.normalize(rng.normal(size=shape1))
    if q1.ndim > 1:  # a few nearly equal pairs (NLERP rows) and a few exactly opposite ones
        q1.reshape(-1, 4)[5:9] = np.broadcast_to(q0, q1.shape).reshape(-1, 4)[5:9] + 1e-12
        q1.reshape(-1, 4)[-4:] = -np.broadcast_to(q0, q1.shape).reshape(-1, 4)[-4:]
    return q0, q1


@pytest.mark.parametrize("shapes", [((3 * ROWS + 5, 4), (3 * ROWS + 5, 4), (3 * ROWS + 5,)),
                                    ((4,), (2 * ROWS + 1, 4), ()), ((1, 4), (2, ROWS + 1, 4), (2, 1))])
def test_slerp_in_blocks_is_slerp_in_one_go(shapes, monkeypatch):
    """Long batches of pairs, one t per pair (the rows slerp hands to its blocks), with nearly equal pairs (the
    NLERP rows) and opposite ones (flipped for the short way): the same bits as the formula over the whole batch."""
    from quatlib import _interpolate

    q0, q1 = _unit_pairs(*shapes[:2], seed=16)
    t = np.random.default_rng(17).uniform(-0.5, 1.5, size=shapes[2])
    blocked = [ql.slerp(q0, q1, t), ql.slerp(q0, q1, t, shortest=False, small_angle=0.0)]
    monkeypatch.setattr(_interpolate, "in_blocks", lambda formula, *arrays: formula(*arrays))
    whole = [ql.slerp(q0, q1, t), ql.slerp(q0, q1, t, shortest=False, small_angle=0.0)]
    for got, want in zip(blocked, whole, strict=True):
        np.testing.assert_array_equal(got, want, strict=True)
    assert ql.slerp(q0.astype(np.float32), q1.astype(np.float32), t).dtype == np.float32


def test_slerp_along_a_trajectory_does_not_go_into_blocks(monkeypatch):
    """Several t per pair (one pair along 3 ROWS + 1 times; 5 pairs at 2 ROWS times): no blocks, whose rows would
    each work out their pair's arc again; the pairs' arcs are worked out once, for the whole trajectory."""
    from quatlib import _interpolate

    def no_blocks(*args):
        raise AssertionError("a trajectory went into blocks")

    q0, q1 = _unit_pairs((5, 4), (5, 4), seed=18)
    monkeypatch.setattr(_interpolate, "in_blocks", no_blocks)
    assert ql.slerp(q0[0], q1[0], np.linspace(0, 1, 3 * ROWS + 1)).shape == (3 * ROWS + 1, 4)
    assert ql.slerp(q0, q1, np.linspace(0, 1, 2 * ROWS)[:, None]).shape == (2 * ROWS, 5, 4)


def test_slerp_s_errors_in_a_block_name_the_index_in_the_whole_batch():
    q0, q1 = _unit_pairs((3 * ROWS, 4), (3 * ROWS, 4), seed=19)
    t = np.full(3 * ROWS, 0.5)
    q1[2 * ROWS + 3] *= 1.1
    with pytest.raises(ValueError, match=rf"got \|q1\| = 1\.1 at index \({2 * ROWS + 3},\)$"):
        ql.slerp(q0, q1, t)
    q1[2 * ROWS + 3] = -q0[2 * ROWS + 3]
    with pytest.raises(ValueError, match=rf"got q1 = -q0 \(Ω = 180°\) at index \({2 * ROWS + 3},\)$"):
        ql.slerp(q0, q1, t, shortest=False)
