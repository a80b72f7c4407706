"""Small scene pieces shared by the notebook 03 and 04 demos (candidates for :mod:`quatlib.plot`).

They follow the :mod:`quatlib.plot` pattern exactly: an item is created once in
a :class:`~quatlib.plot.Scene`, keeps its 3D data, and is moved with
``set_data(...)``; the scene re-projects it when the view turns.

* :class:`Polyline` -- a 3D polyline (NaN rows break it), optionally filled,
  optionally split into a solid front half and a faint dashed back half.
* :class:`Label` -- a text at a 3D point, nudged in screen space.
* :class:`Bars` -- a small bar gauge in a corner of a panel (``w, x, y, z`` of a
  quaternion, one bar each), drawn in axes coordinates so the view never moves it.

And one piece of math-by-quatlib shared by both demos, :func:`axis_frame`.
"""

from __future__ import annotations

import matplotlib
import numpy as np
from matplotlib.lines import Line2D
from matplotlib.patches import Polygon, Rectangle

from .. import plot as qp
from .._algebra import multiply
from .._axis_angle import quaternion_from_axis_angle
from .._matrix import matrix_from_quaternion

__all__ = ["axis_frame", "Polyline", "Label", "ScreenText", "StaticText", "Bars", "StaticArtists", "strip", "overlay",
           "legend", "darken"]

_Y = np.array([0.0, 1.0, 0.0])
_Z = np.array([0.0, 0.0, 1.0])
_Z_MID = qp._Z_MID
_Z_TEXT = qp._Z_TEXT


def axis_frame(azimuth: float, elevation: float) -> np.ndarray:
    """The rotation ``Ry(azimuth) · Rz(elevation)`` (degrees) as a matrix; its first column is the axis.

    Column 0 is the direction with that azimuth (about y, from x toward −z) and
    elevation (above the xz-plane)::

        axis = (cos el cos az,  sin el,  −cos el sin az)

    and columns 1 and 2 are two unit directions perpendicular to it.  At
    elevation ±90° the axis is ±y whatever the azimuth (the azimuth then only
    turns columns 1 and 2 about y); nothing is singular.  Computed with quatlib.

    Examples
    --------
    >>> axis_frame(0, 0)[:, 0]
    array([1., 0., 0.])
    >>> axis_frame(90, 0)[:, 0]
    array([ 0.,  0., -1.])
    >>> axis_frame(123, 90)[:, 0]
    array([0., 1., 0.])
    """
    q = multiply(quaternion_from_axis_angle(_Y, azimuth, degrees=True),
                 quaternion_from_axis_angle(_Z, elevation, degrees=True))
    return matrix_from_quaternion(q)


class Polyline(qp._Item):
    """A 3D polyline: ``Polyline(scene, color=...).set_data(points)``.

    ``points`` has shape ``(n, 3)``; a row of NaN breaks the line.  With
    ``fill`` (a colour) the closed outline is also filled; with ``apex`` as well,
    the filled shape is the outline of the cone from ``apex`` to the line (the
    convex hull of both on screen).  With ``split=True`` the
    part nearer the viewer than the origin is solid and the far part faint and
    dashed (like :class:`quatlib.plot.Trail`, for circles around the origin).
    """

    def __init__(self, scene, points=None, *, color=qp.COLORS["ink"], linewidth=1.5, linestyle="-", alpha=1.0,
                 fill=None, fill_alpha=0.12, split=False, apex=None, zorder=_Z_MID - 1):
        super().__init__(scene)
        self.split = bool(split)
        self.apex = None if apex is None else qp._as_points(apex, "apex").reshape(1, 3)
        self._line = Line2D([], [], color=color, lw=linewidth, ls=linestyle, alpha=alpha, zorder=zorder,
                            solid_capstyle="round")
        self._back = Line2D([], [], color=color, lw=linewidth * 0.8, ls=(0, (2, 2)), alpha=alpha * 0.5,
                            zorder=zorder - 0.5)
        self._fill = Polygon(np.zeros((3, 2)), closed=True, edgecolor="none", zorder=zorder - 1,
                             facecolor=(*matplotlib.colors.to_rgb(fill or color), fill_alpha))
        self._fill.set_visible(fill is not None)
        self._has_fill = fill is not None
        self.ax.add_patch(self._fill)
        self.ax.add_line(self._back)
        self.ax.add_line(self._line)
        self._artists = [self._fill, self._back, self._line]
        self.set_data(np.zeros((0, 3)) if points is None else points)

    def set_data(self, points) -> None:
        """Move the line to ``points`` (course coordinates, shape ``(n, 3)``)."""
        self.points = qp._as_points(points, "polyline points").reshape(-1, 3)
        self._project()

    def _project(self) -> None:
        if len(self.points) == 0:
            self._line.set_data([], [])
            self._back.set_data([], [])
            self._fill.set_visible(False)
            return
        xy, depth = self.scene.project(self.points)
        x, y = xy[:, 0], xy[:, 1]
        if self.split:
            front = depth >= 0
            fr = front | np.concatenate([[False], front[:-1]])
            bk = ~front | np.concatenate([[False], ~front[:-1]])
            self._line.set_data(np.where(fr, x, np.nan), np.where(fr, y, np.nan))
            self._back.set_data(np.where(bk, x, np.nan), np.where(bk, y, np.nan))
        else:
            self._line.set_data(x, y)
            self._back.set_data([], [])
        if self._has_fill:
            outline = xy[np.isfinite(xy).all(axis=1)]
            if self.apex is not None:
                outline = _convex_hull(np.vstack([outline, self.scene.project(self.apex)[0]]))
            self._fill.set_visible(len(outline) >= 3)
            if len(outline) >= 3:
                self._fill.set_xy(outline)


def _convex_hull(xy: np.ndarray) -> np.ndarray:
    """Corners of the convex hull of 2D points, counter-clockwise (Andrew's monotone chain)."""
    pts = np.unique(np.round(xy, 12), axis=0)
    if len(pts) < 3:
        return pts

    def half(points):
        chain = []
        for p in points:
            while len(chain) >= 2 and ((chain[-1][0] - chain[-2][0]) * (p[1] - chain[-2][1])
                                       - (chain[-1][1] - chain[-2][1]) * (p[0] - chain[-2][0])) <= 0:
                chain.pop()
            chain.append(p)
        return chain

    lower = half(pts)
    upper = half(pts[::-1])
    return np.array(lower[:-1] + upper[:-1])


class Label(qp._Item):
    """A text at a 3D point: ``Label(scene, "mirror image").set_data(p)``.

    ``offset`` is added in screen units (the scene's data units) after projection,
    so a label sits beside what it names whatever the view.
    """

    def __init__(self, scene, text="", p=(0, 0, 0), *, color=qp.COLORS["ink"], offset=(0.0, 0.0), fontsize=9.5,
                 ha="center", va="center", alpha=1.0, card=False):
        super().__init__(scene)
        self.offset = np.asarray(offset, dtype=float)
        bbox = (dict(boxstyle="round,pad=0.15", facecolor="white", edgecolor="none", alpha=0.75)
                if card else None)
        self._text = self.ax.text(0, 0, text, color=color, fontsize=fontsize, ha=ha, va=va, alpha=alpha,
                                  zorder=_Z_TEXT - 2, bbox=bbox)
        self._artists = [self._text]
        self.set_data(p)

    def set_data(self, p, text=None) -> None:
        """Put the label at ``p``; optionally change its text."""
        self.p = qp._as_points(p, "label position").reshape(3)
        if text is not None:
            self._text.set_text(text)
        self._project()

    @property
    def text(self) -> str:
        return self._text.get_text()

    def _project(self) -> None:
        xy, _ = self.scene.project(self.p)
        self._text.set_position(xy + self.offset)


class StaticArtists(qp._Item):
    """Still matplotlib artists (legends, names, frames) drawn once into the figure's cached background.

    ``StaticArtists(scene, [text, line, ...])``: the artists must already be in
    ``scene.ax``; they are not re-projected when the view turns (use axes
    coordinates).  Change one later? Call :func:`quatlib.plot.invalidate`.
    """

    static = True

    def __init__(self, scene, artists):
        super().__init__(scene)
        self._artists = artists

    def _project(self) -> None:  # lives in axes coordinates: the view does not move it
        pass


def darken(color, amount: float = 0.35):
    """Blend ``color`` with the course's ink: ``amount = 0`` keeps it, ``1`` gives ink (for text on white)."""
    rgb = np.array(matplotlib.colors.to_rgb(color))
    ink = np.array(matplotlib.colors.to_rgb(qp.COLORS["ink"]))
    return tuple(rgb + (ink - rgb) * amount)


def legend(scene, entries, *, corner=(0.01, 0.99), step=0.05, fontsize=9) -> StaticArtists:
    """A still legend in a panel's corner: ``entries`` are ``(text, color)`` pairs, one line each."""
    x, y = corner
    texts = [scene.ax.text(x, y - step * k, f"━ {text}", transform=scene.ax.transAxes, color=c,
                           fontsize=fontsize, ha="left", va="top", zorder=_Z_TEXT)
             for k, (text, c) in enumerate(entries)]
    return StaticArtists(scene, texts)


class ScreenText(qp._Item):
    """A text fixed in a panel (axes coordinates), updated with ``set_data(text)``; the view does not move it."""

    def __init__(self, scene, xy=(0.0, 1.0), text="", *, color=qp.COLORS["ink"], fontsize=9.5, ha="left",
                 va="top", family="DejaVu Sans Mono", linespacing=1.3):
        super().__init__(scene)
        self._text = self.ax.text(*xy, text, transform=self.ax.transAxes, color=color, fontsize=fontsize, ha=ha,
                                  va=va, family=family, linespacing=linespacing, zorder=_Z_TEXT)
        self._artists = [self._text]

    def set_data(self, text: str) -> None:
        self._text.set_text(text)

    @property
    def text(self) -> str:
        return self._text.get_text()

    def _project(self) -> None:
        pass


class StaticText(qp._Item):
    """A text fixed in a panel (axes coordinates) that rarely changes: drawn into the cached background.

    Costs nothing per update while its text stays the same; ``set_data(text)``
    with a new text redraws the figure's background once (like a title).  Use it
    for notes that change only when the state crosses a special case.
    """

    static = True

    def __init__(self, scene, xy=(0.02, 0.02), text="", *, color=qp.COLORS["warn"], fontsize=9.5, ha="left",
                 va="bottom", family="DejaVu Sans", card=True, linespacing=1.3):
        super().__init__(scene)
        bbox = (dict(boxstyle="round,pad=0.25", facecolor="white", edgecolor="none", alpha=0.85)
                if card else None)
        self._text = self.ax.text(*xy, text, transform=self.ax.transAxes, color=color, fontsize=fontsize, ha=ha,
                                  va=va, family=family, linespacing=linespacing, zorder=_Z_TEXT, bbox=bbox)
        self._artists = [self._text]

    def set_data(self, text: str, color=None) -> None:
        changed = text != self._text.get_text()
        if color is not None and matplotlib.colors.to_hex(color) != matplotlib.colors.to_hex(self._text.get_color()):
            self._text.set_color(color)
            changed = True
        if changed:
            self._text.set_text(text)
            qp.invalidate(self.ax.figure)

    @property
    def text(self) -> str:
        return self._text.get_text()

    def _project(self) -> None:
        pass


def overlay(scene) -> qp.Scene:
    """A flat scene on top of ``scene``'s axes for still things in axes coordinates (legends, notes).

    Its items are not re-projected when the 3D view turns (a demo turns only the
    scenes it was given), so still texts kept here stay in the cached
    background while the learner orbits the view.
    """
    flat = qp.Scene(scene.ax, extent=scene.extent, world_frame=False)
    return flat


def strip(fig, rect) -> qp.Scene:
    """A flat panel for gauges and text (no 3D view, no world frame) at ``rect`` in figure coordinates."""
    with qp.style():
        ax = fig.add_axes(rect)
    scene = qp.Scene(ax, world_frame=False)
    ax.set_aspect("auto")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    return scene


class Bars(qp._Item):
    """A small bar gauge in axes coordinates: one bar per value, from the zero line up or down.

    ``Bars(scene, ("w", "x", "y", "z"), colors, rect=(x0, y0, width, height),
    lim=(-1, 1)).set_data(values)``.  The names, the zero line and the limits are
    static; the bars and the printed values (``value_format``, a function of one
    number returning text; ``None`` prints nothing) move.  Values outside ``lim``
    are clipped for drawing only.
    """

    def __init__(self, scene, names, colors, *, rect=(0.1, 0.3, 0.8, 0.6), lim=(-1.0, 1.0), title=None,
                 value_format=None, fontsize=9):
        super().__init__(scene)
        self.names = tuple(names)
        self.lim = (float(lim[0]), float(lim[1]))
        self.value_format = value_format
        x0, y0, w, h = rect
        self.rect = rect
        tr = self.ax.transAxes
        n = len(self.names)
        slot = w / n
        self._zero_y = y0 + h * (0.0 - self.lim[0]) / (self.lim[1] - self.lim[0])
        still = []
        zero = Line2D([x0, x0 + w], [self._zero_y] * 2, transform=tr, color=qp.COLORS["faint"], lw=0.9,
                      zorder=_Z_TEXT - 4)
        self.ax.add_line(zero)
        still.append(zero)
        for lim_value, yy in ((self.lim[1], y0 + h), (self.lim[0], y0)):
            line = Line2D([x0, x0 + w], [yy, yy], transform=tr, color="#e6e6e6", lw=0.7, zorder=_Z_TEXT - 4.5)
            self.ax.add_line(line)
            still.append(line)
            still.append(self.ax.text(x0 - 0.01, yy, f"{lim_value:+g}".replace("-", "−"), transform=tr,
                                      ha="right", va="center", fontsize=7.5, color="#888888", zorder=_Z_TEXT))
        self._bars = []
        self._values = []
        for k, (name, c) in enumerate(zip(self.names, colors)):
            cx = x0 + slot * (k + 0.5)
            still.append(self.ax.text(cx, y0 - 0.03, name, transform=tr, ha="center", va="top", fontsize=fontsize,
                                      color=c, zorder=_Z_TEXT))
            bar = Rectangle((cx - 0.3 * slot, self._zero_y), 0.6 * slot, 0.0, transform=tr, facecolor=c,
                            edgecolor="none", zorder=_Z_TEXT - 3)
            self.ax.add_patch(bar)
            self._bars.append(bar)
            if value_format is not None:
                self._values.append(self.ax.text(cx, y0 - 0.2, "", transform=tr, ha="center", va="top",
                                                 fontsize=fontsize - 1, family="DejaVu Sans Mono",
                                                 color=qp.COLORS["ink"], zorder=_Z_TEXT))
        if title:
            still.append(self.ax.text(x0 + w / 2, y0 + h + 0.04, title, transform=tr, ha="center", va="bottom",
                                      fontsize=fontsize, color=qp.COLORS["ink"], zorder=_Z_TEXT))
        self.frame = StaticArtists(scene, still)
        self._artists = self._bars + self._values
        self.set_data(np.zeros(n))

    def set_data(self, values) -> None:
        """Set the bar heights to ``values`` (one per name)."""
        v = np.asarray(values, dtype=float).reshape(len(self.names))
        self.values = v
        x0, y0, w, h = self.rect
        lo, hi = self.lim
        for bar, value in zip(self._bars, v):
            top = y0 + h * (np.clip(value, lo, hi) - lo) / (hi - lo)
            bar.set_y(min(top, self._zero_y))
            bar.set_height(abs(top - self._zero_y))
        for text, value in zip(self._values, v):
            text.set_text(self.value_format(value))

    @property
    def texts(self) -> list:
        """The printed values, as shown."""
        return [t.get_text() for t in self._values]

    def _project(self) -> None:  # axes coordinates: nothing to re-project
        pass
