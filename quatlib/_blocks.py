"""Long batches a block of rows at a time, so that a formula's temporaries stay in the CPU cache.

A numpy formula such as ``a * c - b * d.conj()`` makes a new array for every
operation.  For a million quaternions each of them is 16 MB: every operation
reads and writes main memory, and the operating system hands out fresh pages for
each new array.  :func:`in_blocks` runs the *same* formula on a few thousand rows
at a time instead, so its temporaries are small, stay in the cache and are
reused.  Nothing else changes: each row goes through the same numpy operations,
so the result is the same to the last bit (``tests/test_blocks.py`` checks it),
and a formula is still written once, as plain numpy, where it belongs.

Measured on the course's 2-core machines (benchmarks/README.md): the Hamilton
product of 10⁶ pairs takes 7.9 ms in blocks of 4096 rows against 21 ms in one go
(numpy-quaternion's C loop: 2.7-4.4 ms; round 13); in round 25, on another
machine, 10⁶ rotation matrices took 55 ms against 87 ms and SLERP of 10⁶ pairs
121 ms against 211 ms (numpy-quaternion: 95 ms).
"""

from __future__ import annotations

import numpy as np

__all__ = ["ROWS", "in_blocks"]

#: Rows per block: 4096 quaternions are 128 kB, so a formula's handful of
#: temporaries fit in a core's L2 cache (blocks of 2048 to 16384 rows took at most 30 % longer).
ROWS = 4096


def in_blocks(formula, *arrays: np.ndarray, rows: int = ROWS) -> np.ndarray:
    """``formula(*arrays)``, computed ``rows`` rows at a time.

    ``arrays`` have shapes ``(..., k)`` whose leading axes broadcast against each
    other; ``formula`` maps such arrays (rows of them, or single ``(k,)`` rows)
    to one array ``(..., m)`` and works row by row, as elementwise numpy does.
    Small batches (every input at most ``rows`` rows) go to ``formula`` in one
    call; so do leading shapes that do not broadcast, for numpy's own error.
    A ``ValueError`` raised on a block is raised again from one call over the
    whole batch, so that an index in its message counts from the batch's start,
    not from the block's.

    >>> import numpy as np
    >>> a = np.arange(20.0).reshape(10, 2)
    >>> np.array_equal(in_blocks(np.multiply, a, a[::-1], rows=3), a * a[::-1])
    True
    """
    if all(a.size <= rows * a.shape[-1] for a in arrays):
        return formula(*arrays)
    try:
        lead = np.broadcast_shapes(*(a.shape[:-1] for a in arrays))
    except ValueError:
        return formula(*arrays)  # raises numpy's message, as the whole batch would
    n = int(np.prod(lead))
    flat = [np.broadcast_to(a, lead + a.shape[-1:]).reshape(n, a.shape[-1]) for a in arrays]
    try:
        first = formula(*(a[:rows] for a in flat))
        out = np.empty((n,) + first.shape[1:], first.dtype)
        out[:rows] = first
        for start in range(rows, n, rows):
            out[start:start + rows] = formula(*(a[start:start + rows] for a in flat))
    except ValueError:
        return formula(*arrays)  # the same error, its index counted in the whole batch
    return out.reshape(lead + out.shape[1:])
