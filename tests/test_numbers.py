"""quatlib._numbers: a number prints the same in tables, models and readouts, with no sign on a rounded zero."""

import math

from hypothesis import given
from hypothesis import strategies as st

from quatlib import table
from quatlib._numbers import fmt, fmt_vector
from quatlib.widgets._base import fmt as widget_fmt


@given(st.floats(allow_nan=False, allow_infinity=False, width=64), st.integers(0, 12))
def test_fmt_is_python_s_fixed_format_without_a_signed_zero(x, digits):
    text = fmt(x, digits)
    assert not text.startswith("-") or float(text) != 0
    assert float(text) == float(f"{x:.{digits}f}")  # the same number as the plain format, only the sign differs


def test_a_rounding_error_reads_as_zero_and_a_real_number_keeps_its_sign():
    assert fmt(-1.4e-17) == "0.0000" and fmt(-0.0) == "0.0000"
    assert fmt(-0.00006) == "-0.0001" and fmt(-0.49, 0) == "0"
    assert fmt(math.inf) == "inf" and fmt(math.nan) == "nan"
    assert fmt_vector([-1e-17, 0.5, -0.5], 2) == "(0.00, 0.50, -0.50)"


def test_tables_models_and_widgets_print_through_the_same_function():
    assert widget_fmt is fmt
    assert str(table(["x"], [[-1e-17]])).splitlines()[-1].strip() == "0.0000"
