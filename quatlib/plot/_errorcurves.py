"""A chart of errors that grow over many frames and may be exactly 0: log-log :class:`~quatlib.plot.Curves` with
a floor for the zeros, plain-text ticks and reference lines."""

from __future__ import annotations

import math

from ._charts import Curves
from ._render import invalidate
from ._style import COLORS

__all__ = ["ErrorCurves"]

_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def _power_of_ten(k: int) -> str:
    """``10**k`` as plain text: ``10⁻¹⁶``."""
    return "10" + str(int(k)).translate(_SUPERSCRIPT)


def _count(n: int) -> str:
    """A power of ten as a count on an axis: ``1``, ``10``, ``100``, then ``1k``, ``10k``..."""
    return str(n) if n < 1000 else f"{n // 1000}k"


class ErrorCurves(Curves):
    """:class:`~quatlib.plot.Curves` of errors against a count (frames, steps), on log-log axes.

    An error can be exactly 0, which a log axis cannot show: values below
    ``floor`` are drawn on it, and its tick reads ``0``.  x runs from 1 to
    ``1.3 · xmax``, with ticks at the powers of ten up to ``xmax`` (``1``,
    ``10``, ``100``, ``1k``...); y from ``floor`` to ``top``, with ticks at
    ``10**k`` for each ``k`` of ``decades``.  Every tick label is plain text:
    matplotlib's default on a log axis is math text, which costs a tenth of a
    second per draw.  The other keyword arguments go to :class:`Curves`
    (``ylabel``, ``title``, ``styles``, ``live``...).

    >>> import quatlib as ql
    >>> fig = ql.plot.figure((4, 3))
    >>> chart = ErrorCurves(fig.add_axes((0.2, 0.2, 0.7, 0.7)), {"float32": "C1"}, xmax=2000)
    >>> [t.get_text() for t in chart.ax.get_xticklabels()], [t.get_text() for t in chart.ax.get_yticklabels()]
    (['1', '10', '100', '1k'], ['0', '10⁻¹⁶', '10⁻¹²', '10⁻⁸', '10⁻⁴'])
    >>> chart.set_envelope("float32", [1, 2, 3], [0.0, 1e-9, 1e-8], [0.0, 2e-9, 3e-8])
    >>> chart.lines["float32"].get_ydata().tolist()    # the tops; the exact 0 drawn on the floor
    [1e-18, 2e-09, 3e-08]
    """

    def __init__(self, ax, colors: dict, *, xmax: float, floor: float = 1e-18, top: float = 1e-2,
                 decades=(-16, -12, -8, -4), xlabel: str = "frames", **kwargs):
        xticks = [1]
        while xticks[-1] * 10 <= xmax:
            xticks.append(xticks[-1] * 10)
        yticks = [floor, *(float(f"1e{k}") for k in decades)]
        super().__init__(ax, colors, xlim=(1, 1.3 * xmax), ylim=(floor, top), xscale="log", yscale="log",
                         floor=floor, xlabel=xlabel, xticks=(xticks, [_count(n) for n in xticks]),
                         yticks=(yticks, ["0", *(_power_of_ten(k) for k in decades)]), **kwargs)

    def set_envelope(self, name: str, x, lo, hi) -> None:
        """Curve ``name`` along the tops ``hi``, over a light band down to ``lo``: a long signal cut down by
        :func:`~quatlib.plot.envelope` (``x, lo, hi``), whose saw-teeth then show as a band under their peaks."""
        self.set_curve(name, x, hi)
        self.set_band(name, x, lo, hi)

    def add_reference(self, y: float, text: str | None = None) -> None:
        """A dashed line across the chart at ``y`` (a level to compare with), named by a tick at ``y`` on the y
        axis that reads ``text`` (by default ``y`` as a power of ten, ``10⁻⁶``, as the other ticks read).

        The name sits beside the chart, not in it: inside, some setting's curve would cross it.  Drawn with the
        chart's frame and ticks, into the cached background (drawn again now if it was cached already).

        >>> import quatlib as ql
        >>> fig = ql.plot.figure((4, 3))
        >>> chart = ErrorCurves(fig.add_axes((0.2, 0.2, 0.7, 0.7)), {"float32": "C1"}, xmax=2000)
        >>> chart.add_reference(1e-6)
        >>> [t.get_text() for t in chart.ax.get_yticklabels()]
        ['0', '10⁻¹⁶', '10⁻¹²', '10⁻⁸', '10⁻⁶', '10⁻⁴']
        """
        self.ax.axhline(y, color=COLORS["ink"], lw=0.8, ls=(0, (4, 3)), alpha=0.6, zorder=1)
        if text is None:
            k = round(math.log10(y))
            if not math.isclose(y, 10.0 ** k):
                raise ValueError(f"Expected a power of ten for a reference named by default, got {y!r}: give text")
            text = _power_of_ten(k)
        ticks = {t: label.get_text() for t, label in zip(self.ax.get_yticks(), self.ax.get_yticklabels())}
        ticks[y] = text
        positions = sorted(ticks)
        self.ax.set_yticks(positions, [ticks[t] for t in positions])
        self.ax.minorticks_off()
        invalidate(self.ax.figure)
