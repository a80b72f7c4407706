"""Plot pieces for the notebook 05 and 06 demos (candidates for :mod:`quatlib.plot`).

* :class:`Curves` -- a small 2D plot whose curves change rarely (when a setting
  changes) and whose cursor moves often (with a slider or the play button).
  The curves are drawn into the figure's cached background, so moving the
  cursor redraws only the cursor; changing a curve drops the cache once.
* :class:`Dots` -- marks at 3D points in a scene (ticks along a path).
* :func:`envelope` -- a long signal (200,000 frames) cut down to a few thousand
  points for drawing on a log axis, keeping each bin's minimum and maximum.

They follow the :mod:`quatlib.plot` pattern: created once, moved with
``set_data``-style methods, styled per figure.
"""

from __future__ import annotations

import numpy as np
from matplotlib.lines import Line2D

from .. import plot as qp

__all__ = ["Curves", "Dots", "envelope"]


def envelope(y, n_bins: int = 1500, start: int = 1):
    """``(x, lo, hi)``: ``y[start:]`` over log-spaced bins of the index, each bin's minimum and maximum.

    Indices up to about ``n_bins / 5`` keep one point each; later bins hold
    more and show their range, so a saw-tooth (drift reset every N frames)
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
    ``set_curve(name, x, y)`` (and optionally ``set_band(name, x, lo, hi)``) when
    a setting changes, ``set_cursor(x, {name: y})`` on every slider move.
    Limits are fixed.  Values outside the y limits are clipped for drawing
    (a log axis cannot show 0: give ``floor``).  With ``live=True`` the curves
    are redrawn on every update instead of cached: cheaper when they change
    with most controls (a few hundred points each cost far less than redrawing
    the plot's frame, ticks and labels).
    """

    def __init__(self, ax, colors: dict, *, xlim, ylim, xscale="linear", yscale="linear", xlabel=None,
                 ylabel=None, title=None, styles=None, widths=None, legend=True, legend_loc="upper left",
                 floor=None, legend_cols=None, live=False):
        self.ax = ax
        self.fig = ax.figure
        self.floor = floor
        self.live = bool(live)
        self.ylim = tuple(ylim)
        styles = styles or {}
        widths = widths or {}
        with qp.style():
            ax.set_xscale(xscale)
            ax.set_yscale(yscale)
            ax.set_xlim(*xlim)
            ax.set_ylim(*ylim)
            ax.set_autoscale_on(False)
            qp.chart_axes(ax, grid_alpha=0.35)
            if xlabel:
                ax.set_xlabel(xlabel, fontsize=9, labelpad=2)
            if ylabel:
                ax.set_ylabel(ylabel, fontsize=9)
            if title:
                ax.set_title(title, fontsize=9.5, loc="left", pad=4)
            self.lines = {name: ax.plot([], [], ls=styles.get(name, "-"), color=c, lw=widths.get(name, 1.6),
                                        label=name)[0]
                          for name, c in colors.items()}
            self.bands = {}
            self.colors = dict(colors)
            if legend:
                ax.legend(loc=legend_loc, fontsize=7.5, frameon=False, handlelength=1.8,
                          ncol=legend_cols or 1, borderaxespad=0.2, labelspacing=0.3, columnspacing=1.0)
        self._cursor = Line2D([], [], color=qp.COLORS["ink"], lw=0.9, alpha=0.6, zorder=5)
        ax.add_line(self._cursor)
        self._dots = {name: Line2D([], [], ls="none", marker="o", ms=5.5, color=c, mec="white", mew=0.8, zorder=6)
                      for name, c in colors.items()}
        for d in self._dots.values():
            ax.add_line(d)
        self._artists = [*(self.lines.values() if self.live else ()), self._cursor, *self._dots.values()]
        qp._registry(self.fig)["extra"].append(self)  # the cursor is redrawn on every update, the rest is cached

    def _clip(self, y):
        y = np.asarray(y, dtype=float)
        if self.floor is not None:
            y = np.where(np.isfinite(y), np.maximum(y, self.floor), y)
        return y

    def set_curve(self, name: str, x, y) -> None:
        """Replace curve ``name`` (redraws the cached background once)."""
        self.lines[name].set_data(np.asarray(x, dtype=float), self._clip(y))
        if not self.live:
            qp.invalidate(self.fig)

    def set_band(self, name: str, x, lo, hi, alpha: float = 0.18) -> None:
        """A light band between ``lo`` and ``hi`` under curve ``name`` (the range inside each drawing bin)."""
        old = self.bands.pop(name, None)
        if old is not None:
            old.remove()
        if len(x):
            self.bands[name] = self.ax.fill_between(np.asarray(x, float), self._clip(lo), self._clip(hi),
                                                    color=self.colors[name], alpha=alpha, lw=0, zorder=1)
        qp.invalidate(self.fig)

    def set_style(self, name: str, *, linewidth=None, alpha=None) -> None:
        """Emphasise or fade one curve (redraws the cached background once)."""
        line = self.lines[name]
        if linewidth is not None:
            line.set_linewidth(linewidth)
        if alpha is not None:
            line.set_alpha(alpha)
        if not self.live:
            qp.invalidate(self.fig)

    def set_cursor(self, x, ys=None) -> None:
        """Move the cursor to ``x``; ``ys`` maps curve names to the value at the cursor (None hides a dot)."""
        ys = ys or {}
        self._cursor.set_data([x, x], list(self.ylim))
        for name, dot in self._dots.items():
            y = ys.get(name)
            if y is None or not np.isfinite(y):
                dot.set_data([], [])
            else:
                dot.set_data([x], [float(self._clip(y))])

    @property
    def artists(self) -> list:
        return list(self._artists)


class Dots(qp._Item):
    """Marks at 3D points: ``Dots(scene, color=...).set_data(points)``, e.g. ticks at equal steps of ``t``.

    Marks on the far side of the origin (seen from the viewer) are drawn faded
    and behind what sits at the centre, like the far half of a :class:`~quatlib.plot.Trail`.
    """

    def __init__(self, scene, points=None, *, color=qp.COLORS["ink"], size=4.5, marker="o", alpha=1.0):
        super().__init__(scene)
        self._front = Line2D([], [], ls="none", marker=marker, ms=size, color=color, mec="white", mew=0.7,
                             alpha=alpha, zorder=qp._Z_FRONT + 4)
        self._back = Line2D([], [], ls="none", marker=marker, ms=size * 0.85, color=color, mec="white", mew=0.5,
                            alpha=alpha * 0.45, zorder=qp._Z_BACK - 4)
        self.ax.add_line(self._back)
        self.ax.add_line(self._front)
        self._artists = [self._back, self._front]
        self.set_data(np.zeros((0, 3)) if points is None else points)

    def set_data(self, points) -> None:
        self.points = qp._as_points(points, "points").reshape(-1, 3)
        self._project()

    def _project(self) -> None:
        if len(self.points) == 0:
            self._front.set_data([], [])
            self._back.set_data([], [])
            return
        xy, depth = self.scene.project(self.points)
        front = depth >= 0
        self._front.set_data(xy[front, 0], xy[front, 1])
        self._back.set_data(xy[~front, 0], xy[~front, 1])
