"""Palette, per-figure style and the z-order bands: one colour per axis and one draw order for the whole course."""

from __future__ import annotations

import contextlib

import matplotlib
import numpy as np
from matplotlib.figure import Figure

from ._agg import Canvas

__all__ = ["AXIS_COLORS", "COLORS", "DEFAULT_VIEW", "Z", "style", "figure", "lighten", "darken", "chart_axes"]

#: Colour of the x, y and z axes everywhere in the course: red, green, blue.
AXIS_COLORS = ("#d62728", "#2ca02c", "#1f77b4")

#: Named colours of the course (read them, do not change them).
COLORS = {
    "x": AXIS_COLORS[0],
    "y": AXIS_COLORS[1],
    "z": AXIS_COLORS[2],
    "ink": "#262626",  # edges, text
    "faint": "#a8a8a8",  # world frame, hidden edges, ghosts
    "vector": "#ff7f0e",  # the vector being turned (orange)
    "vector2": "#9467bd",  # a second vector / the complex factor (purple)
    "mirror": "#7fb3d5",  # translucent planes
    "warn": "#b03a2e",  # explanations of degenerate states
    "face": "#d9d9d9",  # cube faces that carry no axis colour
}

#: The default view (azimuth, elevation) in degrees: x to the right, y up, z toward
#: the lower left; all three axes and three faces of a cube visible.
DEFAULT_VIEW = (35.0, 22.0)

_RC = {
    "font.size": 10,
    "font.family": "DejaVu Sans",
    "axes.titlesize": 11,
    "mathtext.fontset": "dejavusans",
    "savefig.facecolor": "white",
    "figure.facecolor": "white",
}


class Z:
    """Draw-order bands (matplotlib ``zorder``) of a scene: give a new artist one of these, plus a little.

    ``WORLD`` (1) the fixed world frame and outlines; ``BACK`` (10) back halves of
    things around the origin; ``MID`` (20) free items (frames, arrows, points);
    ``FRONT`` (30) front halves; ``TEXT`` (50) titles, legends, labels.  Inside the
    back and front bands a bigger shell goes further out (the onion rule, exact
    for objects nested around the origin): see :meth:`shell`.

    >>> Z.BACK < Z.MID < Z.FRONT < Z.TEXT
    True
    >>> Z.shell(True, 1.6, 1.6) > Z.shell(True, 0.8, 1.6) > Z.FRONT
    True
    >>> Z.BACK > Z.shell(False, 0.8, 1.6) > Z.shell(False, 1.6, 1.6)
    True
    """

    WORLD = 1.0
    BACK = 10.0
    MID = 20.0
    FRONT = 30.0
    TEXT = 50.0

    @staticmethod
    def shell(front: bool, shell: float, extent: float) -> float:
        """zorder of the front (``front=True``) or back half of something at distance ``shell`` from the origin.

        Front halves sit just above :attr:`FRONT`, back halves just below
        :attr:`BACK`, both up to 4 further out for a shell of ``1.5 * extent``.
        """
        s = 4.0 * min(shell / max(extent, 1e-9), 1.5) / 1.5
        return Z.FRONT + s if front else Z.BACK - s


def lighten(color, amount: float):
    """Blend ``color`` with white: ``amount = 0`` keeps it, ``1`` gives white (as an RGB tuple)."""
    rgb = np.array(matplotlib.colors.to_rgb(color))
    return tuple(rgb + (1.0 - rgb) * amount)


def darken(color, amount: float = 0.35):
    """Blend ``color`` with the course's ink: ``amount = 0`` keeps it, ``1`` gives ink (for text on white)."""
    rgb = np.array(matplotlib.colors.to_rgb(color))
    ink = np.array(matplotlib.colors.to_rgb(COLORS["ink"]))
    return tuple(rgb + (ink - rgb) * amount)


@contextlib.contextmanager
def style():
    """Context in which course figures are created (fonts, white background).

    A ``matplotlib.rc_context``: the settings apply inside the ``with`` block only;
    global ``rcParams`` are left as they were.
    """
    with matplotlib.rc_context(_RC):
        yield


def figure(size=(4.0, 4.0), dpi: float = 100) -> Figure:
    """A new white :class:`~matplotlib.figure.Figure` with its own Agg canvas.

    Not registered with pyplot (no global figure list, no backend switch), so it
    lives exactly as long as the object holding it.
    """
    with style():
        fig = Figure(figsize=size, dpi=dpi, facecolor="white")
    Canvas(fig)
    return fig


def chart_axes(ax, grid_alpha: float = 0.4) -> None:
    """Give a 2D plot (a history, a curve against t) the course's light look: no top/right frame, small ticks,
    a faint grid.  Call inside :func:`style`."""
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    ax.tick_params(labelsize=8, length=3)
    ax.grid(True, lw=0.5, alpha=grid_alpha)
