"""Numbers as the course prints them: fixed decimals, and no ``-0.0000`` for a rounding error.

quatlib's tables (:func:`quatlib.table`), the demo models' texts (a caption, a control's choices) and the
widgets' readouts print through :func:`fmt` (or, where a text needs its own decimals, a format of the same
kind), so a number reads the same wherever it appears.
"""

from __future__ import annotations

import numpy as np

__all__ = ["fmt", "fmt_vector"]


def fmt(x: float, digits: int = 4) -> str:
    """``x`` with ``digits`` fixed decimals; a number that rounds to zero prints without a sign.

    A tiny negative rounding error (``-6e-17``) would otherwise print as
    ``-0.0000``, which reads as a real sign.  (Where the sign of a zero is the
    point, :func:`quatlib.models.sandwich.signed` keeps it.)

    >>> fmt(0.70710678), fmt(-6e-17), fmt(-0.0), fmt(74.96, 0)
    ('0.7071', '0.0000', '0.0000', '75')
    """
    s = f"{float(x):.{digits}f}"
    if float(s) == 0.0:
        s = f"{0.0:.{digits}f}"
    return s


def fmt_vector(v, digits: int = 4) -> str:
    """A vector as ``(x, y, z)``, each number by :func:`fmt`.

    >>> fmt_vector([0.70710678, -1e-17, 0.70710678])
    '(0.7071, 0.0000, 0.7071)'
    """
    return "(" + ", ".join(fmt(x, digits) for x in np.ravel(v)) + ")"
