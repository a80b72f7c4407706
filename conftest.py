"""Project-wide pytest setup: readable numbers in doctests, no GUI backend."""

import os

os.environ.setdefault("MPLBACKEND", "Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _readable_numbers(doctest_namespace):
    """Print arrays the way the course shows them: 4 decimals, no 2.2e-16 noise."""
    old = np.get_printoptions()
    np.set_printoptions(precision=4, suppress=True)
    yield
    np.set_printoptions(**old)
