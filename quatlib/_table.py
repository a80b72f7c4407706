"""Plain-text tables for the numbers the notebooks print (compared as text by nbval)."""

from __future__ import annotations

import numpy as np

from ._numbers import fmt  # no "-0.0000" in tables
from ._validate import as_count

__all__ = ["table"]


def _cell(value, digits: int) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, (bool, np.bool_)):
        return "yes" if value else "no"
    a = np.asarray(value)
    if a.ndim == 0:
        if a.dtype.kind in "iu":
            return str(int(a))
        if a.dtype.kind == "c":
            z = complex(a)
            return (f"{fmt(z.real, digits)}"
                    f"{'+' if fmt(z.imag, digits)[0] != '-' else ''}{fmt(z.imag, digits)}i")
        return fmt(float(a), digits)
    return "(" + ", ".join(_cell(x, digits) for x in a.reshape(-1)) + ")"


#: Most decimals a table prints (float64 carries about 17 significant digits).
MAX_DIGITS = 20


class Table:
    """An aligned text table; displays as text in a notebook (``repr``) and in ``print``."""

    def __init__(self, headers, rows, digits: int = 4):
        digits = as_count(digits, "digits", 0, MAX_DIGITS)
        self.headers = [str(h) for h in headers]
        self.rows = [[_cell(v, digits) for v in row] for row in rows]
        for row in self.rows:
            if len(row) != len(self.headers):
                raise ValueError(f"Expected rows of {len(self.headers)} cells, got {len(row)}")

    def __repr__(self) -> str:
        widths = [max(len(h), *(len(r[i]) for r in self.rows)) if self.rows else len(h)
                  for i, h in enumerate(self.headers)]
        lines = ["  ".join(h.rjust(w) for h, w in zip(self.headers, widths)),
                 "  ".join("-" * w for w in widths)]
        lines += ["  ".join(c.rjust(w) for c, w in zip(row, widths)) for row in self.rows]
        return "\n".join(lines)

    __str__ = __repr__


def table(headers, rows, digits: int = 4) -> Table:
    """Make an aligned text table of numbers, vectors and labels.

    Parameters
    ----------
    headers : sequence of str
        Column titles.
    rows : iterable of sequences
        One sequence per row, as many cells as headers.  A cell may be a string,
        a number (printed with ``digits`` decimals; integers within 64 bits as they are), or an
        array (printed as ``(a, b, c)``).  A signed zero prints as ``0.0000``.
    digits : int, optional
        Decimals for floating-point cells, a whole number from 0 to 20.

    Returns
    -------
    Table
        Shows as the table when it is the last expression of a cell.

    Examples
    --------
    >>> import quatlib as ql
    >>> ql.table(["angle", "w", "y"], [[90, 0.7071067811865476, 0.7071067811865476], [180, 6.1e-17, 1.0]])
    angle       w       y
    -----  ------  ------
       90  0.7071  0.7071
      180  0.0000  1.0000
    """
    return Table(headers, rows, digits)
