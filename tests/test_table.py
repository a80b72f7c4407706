"""Tests of quatlib._table (ql.table)."""

import numpy as np
import pytest

import quatlib as ql


def test_table_aligns_numbers_and_labels():
    text = repr(ql.table(["angle", "w"], [[90, np.sqrt(0.5)], [180, -0.0]]))
    assert text.splitlines() == ["angle       w", "-----  ------", "   90  0.7071", "  180  0.0000"]
    assert repr(ql.table(["w"], [[0.5]], digits=0)).splitlines()[-1] == "0"


@pytest.mark.parametrize("digits", [-1, 21, 10**9, 2.5, "4", None])
def test_table_digits_minus_one_gave_a_raw_format_error(digits):
    with pytest.raises(ValueError, match="Expected digits"):
        ql.table(["w"], [[0.5]], digits=digits)
