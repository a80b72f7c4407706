"""2D charts beside the scenes: a history of a few signals, curves with a moving cursor (alone or in a stack of
charts that share it), and the envelope of a long signal for drawing."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
from matplotlib.transforms import Bbox

from ._collections import Line2D
from ._render import Renderer
from ._style import COLORS, chart_axes, style
from ._transforms import keep_transdata

__all__ = ["History", "Curves", "ChartStack", "Sketch", "envelope"]

# where a chart's note may go, in the order tried: (x, y, ha, va) in the axes' coordinates
NOTE_CORNERS = ((0.98, 0.96, "right", "top"), (0.02, 0.96, "left", "top"),
                (0.98, 0.04, "right", "bottom"), (0.02, 0.04, "left", "bottom"))
NOTE_PAD = 0.2  # the white card's margin around the note's text, in font sizes


def _broken_in_two(text: str) -> str:
    """``text`` on two lines, broken at the space nearest its middle (unchanged if it has no space).

    >>> _broken_in_two("off the chart: up to 53°")
    'off the chart:\\nup to 53°'
    """
    spaces = [i for i, c in enumerate(text) if c == " "]
    if not spaces:
        return text
    cut = min(spaces, key=lambda i: abs(2 * i - len(text)))
    return text[:cut] + "\n" + text[cut + 1:]


class History:
    """A small line plot of a few signals against time, updated in place.

    ``History(ax, labels=("yaw", "pitch", "roll"), colors=..., ylim=(-180, 180),
    window=40).set_data(values)`` with ``values`` of shape ``(n_steps, n_signals)``;
    the last ``window`` steps are shown with fixed limits.

    Examples
    --------
    >>> import numpy as np
    >>> import quatlib as ql
    >>> fig = ql.plot.figure((4, 2))
    >>> history = ql.plot.History(fig.add_axes((0.15, 0.25, 0.8, 0.55)), ("yaw", "pitch", "roll"), window=5)
    >>> history.set_data(np.arange(24.0).reshape(8, 3))   # 8 steps of 3 signals
    >>> history.lines[0].get_xdata(), history.lines[0].get_ydata()   # yaw over the last 5 steps only
    (array([0, 1, 2, 3, 4]), array([ 9., 12., 15., 18., 21.]))
    >>> ql.plot.render_png(fig)[:4]
    b'\\x89PNG'
    """

    def __init__(self, ax, labels, colors=None, *, ylim=(-180, 180), window=40, ylabel=None, title=None,
                 styles=None):
        self.ax = ax
        self.window = int(window)
        Renderer.of(ax.figure).add_moving(self)
        colors = colors or [None] * len(labels)
        styles = styles or ["-"] * len(labels)
        keep_transdata(ax)
        with style():
            self.lines = [ax.plot([], [], ls, color=c, lw=1.8, label=lab, marker=".", ms=4)[0]
                          for lab, c, ls in zip(labels, colors, styles)]
            ax.set_xlim(0, self.window)
            ax.set_ylim(*ylim)
            ax.set_autoscale_on(False)
            chart_axes(ax)
            if ylabel:
                ax.set_ylabel(ylabel, fontsize=9)
            if title:
                ax.set_title(title, fontsize=10, loc="left")
            ax.set_xlabel("step", fontsize=9)
            ax.legend(loc="lower left", bbox_to_anchor=(0.0, 1.0), fontsize=8, ncol=len(labels), frameon=False,
                      handlelength=1.6, columnspacing=0.9, borderaxespad=0.1)
        self._artists = list(self.lines)
        self.set_data(np.zeros((0, len(labels))))

    @property
    def artists(self) -> list:
        """The moving matplotlib artists (the lines), redrawn on every update."""
        return list(self._artists)

    def set_data(self, values) -> None:
        """Show the last ``window`` rows of ``values`` ``(n_steps, n_signals)``."""
        v = np.asarray(values, dtype=float).reshape(-1, len(self.lines))
        n = len(v)
        start = max(0, n - self.window)
        x = np.arange(start, n) - start
        for k, line in enumerate(self.lines):
            line.set_data(x, v[start:, k])
        self.values = v


def envelope(y, n_bins: int = 1500, start: int = 1):
    """``(x, lo, hi)``: ``y[start:]`` over log-spaced bins of the index, each bin's minimum and maximum.

    Indices up to about ``n_bins / ln(len(y) / start)`` keep one point each
    (133 of 200,001 values in 1500 bins, 209 of 2,000); later bins hold more and
    show their range, so a saw-tooth (drift reset every N frames)
    draws as a band whose top is every peak.  ``x`` is the first index of each bin.

    >>> x, lo, hi = envelope(np.arange(200_001.0), 100)
    >>> int(x[0]), int(x[-1]) <= 200_000, bool((lo <= hi).all())
    (1, True, True)
    """
    y = np.asarray(y, dtype=float)
    n = len(y)
    if n <= start:
        return np.zeros(0), np.zeros(0), np.zeros(0)
    edges = np.unique(np.round(np.geomspace(start, n, n_bins)).astype(int))
    edges = edges[(edges >= start) & (edges < n)]
    if edges[0] != start:
        edges = np.concatenate([[start], edges])
    lo = np.minimum.reduceat(y, edges)
    hi = np.maximum.reduceat(y, edges)
    return edges.astype(float), lo, hi


class Curves:
    """A small 2D plot: named curves (static) and a cursor with a dot on each curve (dynamic).

    ``Curves(ax, {"float32": color, ...}, xlim=..., ylim=...)``; then
    ``set_curve(name, x, y)`` (and optionally ``set_band(name, x, lo, hi)`` and
    ``set_note(text)``) when a setting changes, ``set_cursor(x, {name: y})`` on
    every slider move.
    Limits are fixed.  Values outside the y limits are clipped for drawing
    (a log axis cannot show 0: give ``floor``).  The curves and bands are
    drawn into the chart layer of the figure's cached background
    (:meth:`Renderer.add_chart <quatlib.plot.Renderer.add_chart>`): new curves
    redraw that layer once, not the plot's frame, ticks and labels, and moving
    the cursor redraws neither.  With ``live=True`` the curves are redrawn on
    every update instead.

    ``xticks`` and ``yticks`` fix the ticks: positions, or ``(positions,
    labels)`` (plain-text labels: matplotlib's default on a log axis is math
    text, which costs a tenth of a second per draw); given ticks turn the minor
    ticks off.  ``xticklabels=False`` leaves the x tick labels out (a chart
    stacked above another that has them).

    Examples
    --------
    >>> import numpy as np
    >>> import quatlib as ql
    >>> fig = ql.plot.figure((4, 2))
    >>> chart = ql.plot.Curves(fig.add_axes((0.15, 0.2, 0.8, 0.7)), {"SLERP": "C0", "NLERP": "C1"},
    ...                        xlim=(0, 1), ylim=(0, 1))
    >>> t = np.linspace(0, 1, 5)
    >>> chart.set_curve("SLERP", t, t)           # when a setting changes: drawn once into the cached chart layer
    >>> chart.set_cursor(0.5, {"SLERP": 0.5})    # on every slider move: the cursor, a dot on each curve given
    >>> cursor, slerp_dot, nlerp_dot = chart.artists
    >>> slerp_dot.get_data(), nlerp_dot.get_data()
    (([0.5], [0.5]), ([], []))
    >>> chart.lines["SLERP"] in chart.chart_artists
    True
    """

    def __init__(self, ax, colors: dict, *, xlim, ylim, xscale="linear", yscale="linear", xlabel=None,
                 ylabel=None, title=None, styles=None, widths=None, legend=True, legend_loc="upper left",
                 floor=None, legend_cols=None, live=False, xticks=None, yticks=None, xticklabels=True):
        self.ax = ax
        self.fig = ax.figure
        self.floor = floor
        self.live = bool(live)
        self.ylim = tuple(ylim)
        styles = styles or {}
        widths = widths or {}
        with style():
            ax.set_xscale(xscale)
            ax.set_yscale(yscale)
            keep_transdata(ax)  # linear scales only
            ax.set_xlim(*xlim)
            ax.set_ylim(*ylim)
            ax.set_autoscale_on(False)
            chart_axes(ax)
            if xlabel:
                ax.set_xlabel(xlabel, fontsize=9, labelpad=2)
            if ylabel:
                ax.set_ylabel(ylabel, fontsize=9)
            if title:
                ax.set_title(title, fontsize=9.5, loc="left", pad=4)
            for ticks, set_ticks in ((xticks, ax.set_xticks), (yticks, ax.set_yticks)):
                if ticks is not None:
                    positions, labels = ticks if isinstance(ticks, tuple) else (ticks, None)
                    set_ticks(positions, labels)
                    ax.minorticks_off()
            if not xticklabels:
                ax.tick_params(labelbottom=False)
            self.lines = {name: ax.plot([], [], ls=styles.get(name, "-"), color=c, lw=widths.get(name, 1.6),
                                        label=name)[0]
                          for name, c in colors.items()}
            self.bands = {}
            self.colors = dict(colors)
            if legend:
                ax.legend(loc=legend_loc, fontsize=7.5, frameon=False, handlelength=1.8,
                          ncol=legend_cols or 1, borderaxespad=0.2, labelspacing=0.3, columnspacing=1.0)
            # a note on a white card, in a corner the curves leave free (set_note)
            x, y, ha, va = NOTE_CORNERS[0]
            self._note = ax.text(x, y, "", transform=ax.transAxes, ha=ha, va=va, fontsize=7.5,
                                 color=COLORS["warn"], zorder=7, bbox={"boxstyle": f"round,pad={NOTE_PAD}",
                                                                      "facecolor": "white", "edgecolor": "none",
                                                                      "alpha": 0.85})
        self._note_text = ""  # as given to set_note (drawn on one line or two)
        self._note_gap = None  # the card's x span and the y range the cursor keeps to beside it (set_note)
        self._cursor = Line2D([], [], color=COLORS["ink"], lw=0.9, alpha=0.6, zorder=5)
        ax.add_line(self._cursor)
        self._dots = {name: Line2D([], [], ls="none", marker="o", ms=5.5, color=c, mec="white", mew=0.8, zorder=6)
                      for name, c in colors.items()}
        for d in self._dots.values():
            ax.add_line(d)
        self._artists = [*(self.lines.values() if self.live else ()), self._cursor, *self._dots.values()]
        renderer = Renderer.of(self.fig)
        renderer.add_moving(self)  # the cursor is redrawn on every update
        renderer.add_chart(self)  # the curves and bands when they change, the frame and ticks never

    def _clip(self, y):
        y = np.asarray(y, dtype=float)
        if self.floor is not None:
            y = np.where(np.isfinite(y), np.maximum(y, self.floor), y)
        return y

    def set_curve(self, name: str, x, y) -> None:
        """Replace curve ``name`` (redraws the chart layer of the cached background once)."""
        self.lines[name].set_data(np.asarray(x, dtype=float), self._clip(y))
        if not self.live:
            Renderer.of(self.fig).invalidate_charts()

    def set_band(self, name: str, x, lo, hi, alpha: float = 0.18) -> None:
        """A light band between ``lo`` and ``hi`` under curve ``name`` (the range inside each drawing bin)."""
        old = self.bands.pop(name, None)
        if old is not None:
            old.remove()
        if len(x):
            self.bands[name] = self.ax.fill_between(np.asarray(x, float), self._clip(lo), self._clip(hi),
                                                    color=self.colors[name], alpha=alpha, lw=0, zorder=1)
        Renderer.of(self.fig).invalidate_charts()

    def set_style(self, name: str, *, linewidth=None, alpha=None) -> None:
        """Emphasise or fade one curve (redraws the chart layer of the cached background once)."""
        line = self.lines[name]
        if linewidth is not None:
            line.set_linewidth(linewidth)
        if alpha is not None:
            line.set_alpha(alpha)
        if not self.live:
            Renderer.of(self.fig).invalidate_charts()

    def highlight(self, name: str, *, linewidth: float = 2.6, others: tuple = (1.3, 0.75)) -> None:
        """Draw curve ``name`` bold and the others thinner and faded (``others``: their linewidth and alpha)."""
        for key in self.lines:
            self.set_style(key, linewidth=linewidth if key == name else others[0],
                           alpha=1.0 if key == name else others[1])

    def set_note(self, text: str = "") -> None:
        """Show a note on a white card in a corner of the plot that the curves leave free (``""`` hides it).

        Tried in turn: the top-right, top-left, bottom-right and bottom-left
        corners with the text on one line, then the same with it broken in two
        (at the space nearest its middle).  The first place that no curve and
        not the legend crosses is taken; if every place is crossed, the one the
        fewest curves cross.  So set the curves first: the note is placed by
        them.  The cursor stops at the card instead of crossing the text.
        Drawn into the chart layer, above the curves: a note that changes text
        or place redraws that layer once.
        """
        note = self._note
        before = (note.get_text(), note.get_position(), note.get_ha(), note.get_va())
        self._note_text = text
        note.set_text(text)
        self._note_gap = None
        if text:
            _, place, card = min(self._note_places(text), key=lambda found: found[0])  # ties: the first
            note.set_text(place[0])
            note.set_position(place[1:3])
            note.set_ha(place[3])
            note.set_va(place[4])
            # the cursor keeps 2 px from the card
            (x0, y0), (x1, y1) = self.ax.transData.inverted().transform(card.padded(2).get_points())
            top = place[4] == "top"
            self._note_gap = (x0, x1, (self.ylim[0], y0) if top else (y1, self.ylim[1]))
        if (note.get_text(), note.get_position(), note.get_ha(), note.get_va()) != before:
            Renderer.of(self.fig).invalidate_charts()

    def _note_places(self, text: str):
        """Each place the note may take, in the order tried: ``(curves crossed, (text, x, y, ha, va), card)``.

        The card is the note's box on screen, with the white pad around the text.
        """
        renderer = self.fig.canvas.get_renderer()
        note, pad = self._note, NOTE_PAD * self._note.get_fontsize() * self.fig.dpi / 72
        legend = self.ax.get_legend()
        taken = [legend.get_window_extent(renderer)] if legend is not None and legend.get_visible() else []
        paths = [line.get_transform().transform_path(line.get_path()) for line in self.lines.values()
                 if line.get_visible() and len(line.get_xdata())]
        for lines in dict.fromkeys((text, _broken_in_two(text))):
            note.set_text(lines)
            note.set_position((0, 0))
            note.set_ha("left")
            note.set_va("bottom")
            size = note.get_window_extent(renderer)
            width, height = size.width + 2 * pad, size.height + 2 * pad
            for x, y, ha, va in NOTE_CORNERS:
                px, py = self.ax.transAxes.transform((x, y))
                left = px - (width - pad if ha == "right" else pad)
                bottom = py - (height - pad if va == "top" else pad)
                card = Bbox.from_bounds(left, bottom, width, height)
                crossed = (sum(path.intersects_bbox(card, filled=False) for path in paths)
                           + sum(card.overlaps(box) for box in taken) * len(self.lines))
                yield crossed, (lines, x, y, ha, va), card

    @property
    def note(self) -> str:
        """The text of the note as given to :meth:`set_note` (``""``: none)."""
        return self._note_text

    def set_cursor(self, x, ys=None) -> None:
        """Move the cursor to ``x``; ``ys`` maps curve names to the value at the cursor (None hides a dot)."""
        ys = ys or {}
        span = self.ylim
        if self._note_gap is not None and self._note_gap[0] <= x <= self._note_gap[1]:
            span = self._note_gap[2]  # up to the note's card, not through its text
        self._cursor.set_data([x, x], list(span))
        for name, dot in self._dots.items():
            y = ys.get(name)
            if y is None or not np.isfinite(y):
                dot.set_data([], [])
            else:
                dot.set_data([x], [float(self._clip(y))])

    @property
    def artists(self) -> list:
        """The moving matplotlib artists (cursor, dots; with ``live``, the curves), redrawn on every update."""
        return list(self._artists)

    @property
    def chart_artists(self) -> list:
        """The artists of the chart layer: the curves (unless ``live``), the bands and the note."""
        return [*(() if self.live else self.lines.values()), *self.bands.values(), self._note]


class ChartStack(Mapping):
    """Charts in a column over the same ``x``: the same curves on each (names, colours), one cursor through all.

    ``ChartStack(fig, {name: {"rect": rect, **options}}, colors, xlim=..., **common)``
    adds an axes at each ``rect`` (figure coordinates, the top chart first) and
    a :class:`Curves` on it with ``colors``, ``xlim``, the ``common`` options
    and the chart's own ``options`` (``ylim``, ``title``, ``yticks``, ...).
    Only the lowest chart writes the x tick labels and ``xlabel``.  Then
    :meth:`set_curves` when the curves change, :meth:`set_cursor` on every
    update and :meth:`highlight` to pick one curve out on every chart.  Charts
    and curve names the stack does not have are skipped, so a model's dict of
    everything it computes can be handed over as it is.  The stack is a
    mapping of chart names to their :class:`Curves` (``stack["lag"].set_note(...)``).

    >>> import numpy as np
    >>> import quatlib as ql
    >>> fig = ql.plot.figure((3, 3))
    >>> stack = ChartStack(fig, {"up": {"rect": (0.15, 0.55, 0.8, 0.35), "ylim": (0, 1)},
    ...                          "down": {"rect": (0.15, 0.1, 0.8, 0.35), "ylim": (-1, 0)}},
    ...                    {"a": "C0", "b": "C1"}, xlim=(0, 1), xlabel="t", legend=False)
    >>> x = np.linspace(0, 1, 5)
    >>> stack.set_curves(x, {"up": {"a": x, "b": x ** 2, "c": x}, "down": {"a": -x}, "elsewhere": {"a": x}})
    >>> stack.set_cursor(0.5, {"up": {"a": 0.5, "b": 0.25}, "down": {"a": -0.5}})
    >>> list(stack), float(stack["down"].lines["a"].get_ydata()[-1]), stack["down"].ax.get_xlabel()
    (['up', 'down'], -1.0, 't')
    """

    def __init__(self, fig, charts: dict, colors: dict, *, xlim, xlabel=None, **common):
        charts = {name: dict(options) for name, options in charts.items()}
        with style():  # the axes' frame and ticks take the course's style when they are made
            axes = {name: fig.add_axes(options.pop("rect")) for name, options in charts.items()}
        lowest = list(charts)[-1]
        self.charts = {name: Curves(axes[name], colors, xlim=xlim, xlabel=xlabel if name == lowest else None,
                                    xticklabels=name == lowest, **common, **options)
                       for name, options in charts.items()}

    def __getitem__(self, name: str) -> Curves:
        return self.charts[name]

    def __iter__(self):
        return iter(self.charts)

    def __len__(self) -> int:
        return len(self.charts)

    def set_curves(self, x, curves: dict) -> None:
        """The curves over ``x``: ``{chart: {name: y}}`` (each chart's curves redrawn into the chart layer once)."""
        for name, chart in self.charts.items():
            for key, y in curves.get(name, {}).items():
                if key in chart.lines:
                    chart.set_curve(key, x, y)

    def set_cursor(self, x, values: dict) -> None:
        """The cursor at ``x`` on every chart, a dot at each curve's value: ``{chart: {name: y or None}}``."""
        for name, chart in self.charts.items():
            chart.set_cursor(x, values.get(name))

    def highlight(self, name: str, **kwargs) -> None:
        """Curve ``name`` bold on every chart, the others thinner and faded (see :meth:`Curves.highlight`)."""
        for chart in self.charts.values():
            chart.highlight(name, **kwargs)


class Sketch:
    """A small flat drawing beside the scenes (equal aspect, fixed limits): lines, dots and labels by name.

    ``Sketch(ax, xlim=..., ylim=..., title=...)``; declare each part once with
    ``add_line(name, color=..., ...)`` (``moving=True``: redrawn on every update,
    e.g. a point that follows a slider; otherwise drawn into the chart layer of
    the cached background like :class:`Curves`' curves) or ``add_text(name,
    ...)`` (in the chart layer); then ``set_line(name, xy)`` with points
    ``(n, 2)`` (a NaN row breaks the line; ``None`` hides it) and
    ``set_text(name, xy, text)``.  A part declared ``fixed=True`` is drawn
    once with the panel's frame (setting it later redraws the whole cached
    background): for what never changes, such as a unit circle.  No axes, ticks
    or grid: the drawing is the picture (e.g. the unit circle, an arc and a
    chord in a plane of 4D).

    >>> import numpy as np
    >>> import quatlib as ql
    >>> fig = ql.plot.figure((2, 2))
    >>> sketch = Sketch(fig.add_axes((0, 0, 1, 0.9)), xlim=(-1.2, 1.2), ylim=(-1.2, 1.2), title="a circle")
    >>> sketch.add_line("circle", color="#999999")
    >>> sketch.add_line("point", color="C0", linestyle="none", marker="o", moving=True)
    >>> s = np.linspace(0, 2 * np.pi, 50)
    >>> sketch.set_line("circle", np.c_[np.cos(s), np.sin(s)])
    >>> sketch.set_line("point", [[1, 0]])
    >>> [line.get_label() for line in sketch.artists], len(sketch.chart_artists)
    (['point'], 1)
    """

    def __init__(self, ax, *, xlim, ylim, title=None):
        self.ax = ax
        self.fig = ax.figure
        self.lines: dict = {}
        self.texts: dict = {}
        self._moving: list = []
        self._fixed: list = []
        keep_transdata(ax)
        with style():
            ax.set_xlim(*xlim)
            ax.set_ylim(*ylim)
            ax.set_aspect("equal", adjustable="box")
            ax.set_autoscale_on(False)
            ax.set_axis_off()
            if title:
                ax.set_title(title, fontsize=9.5, loc="left", pad=4)
        renderer = Renderer.of(self.fig)
        renderer.add_moving(self)
        renderer.add_chart(self)

    def add_line(self, name: str, *, color, linewidth: float = 1.2, linestyle="-", alpha: float = 1.0,
                 marker=None, size: float = 4.0, fill=None, zorder: float = 2, moving: bool = False,
                 fixed: bool = False, label: str | None = None) -> None:
        """Declare a line (or, with ``linestyle="none"`` and a ``marker``, a set of dots); ``fill`` is the
        marker's face colour (``"white"``: hollow)."""
        line = Line2D([], [], color=color, lw=linewidth, ls=linestyle, alpha=alpha, marker=marker, ms=size,
                      mfc=fill or color, mec=color, zorder=zorder, label=label or name)
        self.ax.add_line(line)
        self.lines[name] = line
        if moving:
            self._moving.append(line)
        elif fixed:
            self._fixed.append(line)

    def add_text(self, name: str, *, color=None, fontsize: float = 8.5, ha: str = "center",
                 va: str = "center", fixed: bool = False) -> None:
        """Declare a label (drawn in the chart layer, or with the frame if ``fixed``: set it when the drawing
        changes, not on every update)."""
        with style():
            self.texts[name] = self.ax.text(0, 0, "", color=color or COLORS["ink"], fontsize=fontsize, ha=ha,
                                            va=va, zorder=7)
        if fixed:
            self._fixed.append(self.texts[name])

    def set_line(self, name: str, xy) -> None:
        """Replace the points of line ``name`` (``None``: hide it)."""
        line = self.lines[name]
        xy = np.empty((0, 2)) if xy is None else np.asarray(xy, dtype=float).reshape(-1, 2)
        line.set_data(xy[:, 0], xy[:, 1])
        self._changed(line)

    def _changed(self, artist) -> None:
        if artist in self._fixed:
            Renderer.of(self.fig).invalidate()
        elif artist not in self._moving:
            Renderer.of(self.fig).invalidate_charts()

    def set_text(self, name: str, xy, text: str | None = None) -> None:
        """Move label ``name`` to ``xy`` (and change its text)."""
        label = self.texts[name]
        label.set_position(tuple(np.asarray(xy, dtype=float)))
        if text is not None:
            label.set_text(text)
        self._changed(label)

    def legend(self, names, **kwargs) -> None:
        """A legend of the lines ``names`` (keyword arguments go to matplotlib's ``legend``)."""
        with style():
            self.ax.legend([self.lines[n] for n in names], [self.lines[n].get_label() for n in names],
                           **{"fontsize": 7.5, "frameon": False, "handlelength": 1.6, "borderaxespad": 0.2,
                              **kwargs})

    @property
    def artists(self) -> list:
        """The moving matplotlib artists, redrawn on every update."""
        return list(self._moving)

    @property
    def chart_artists(self) -> list:
        """The artists of the chart layer: the lines and labels neither moving nor fixed."""
        return [a for a in (*self.lines.values(), *self.texts.values()) if a not in self._moving + self._fixed]
