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
