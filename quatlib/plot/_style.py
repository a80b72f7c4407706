"""Palette, per-figure style and the z-order bands: one colour per axis and one draw order for the whole course."""

from __future__ import annotations

import contextlib

import matplotlib
import numpy as np
from matplotlib.figure import Figure

from ._agg import Canvas

__all__ = ["AXIS_COLORS", "COLORS", "COLOR_ROLES", "DEFAULT_VIEW", "Z", "style", "figure", "lighten", "darken",
           "chart_axes", "LINE_CONTRAST", "line_alpha", "fontsizes", "set_min_fontsize"]

#: Colour of the x, y and z axes everywhere in the course: red, green, blue.  Chosen so that they stay apart
#: for the colour-blind (under simulated deuteranopia and protanopia every pair differs by CIEDE2000 ≥ 15, a
#: plain difference; the matplotlib tab10 red and green of before differed by less than 5: one olive) and so
#: that each is legible as text on white (WCAG contrast ≥ 4.5:1).  tests/test_palette.py computes both.  The
#: green leans to blue: that keeps it apart from the red for a red-green colour-blind eye.  The red is a dark
#: red, darker than the orange of the turned vector (``COLORS["vector"]``), which is drawn beside the axes: for
#: that eye red and orange are one hue, and only the difference in lightness keeps them apart (ΔE00 ≥ 15; the
#: light red of before and the orange differed by 2).
AXIS_COLORS = ("#8c0000", "#138459", "#1d62dc")

#: Named colours of the course (read them, do not change them).  Every colour a figure or a readout uses is
#: here; :data:`COLOR_ROLES` says what each is drawn as, and so which contrast it needs on white.
COLORS = {
    "x": AXIS_COLORS[0],
    "y": AXIS_COLORS[1],
    "z": AXIS_COLORS[2],
    "ink": "#262626",  # edges, text
    "note": "#6b6b6b",  # secondary text: hints, captions, grey labels
    "faint": "#8c8c8c",  # world frame, hidden edges, ghosts (lines, never text)
    "vector": "#c44000",  # the vector being turned (orange, lighter than the x axis' red)
    "vector2": "#8e44ad",  # a second vector / the complex factor (purple)
    "mirror": "#3b77ad",  # planes (translucent fill, solid edge) and mirror 1
    "mirror2": "#9c6b1e",  # mirror 2 (sand)
    "ribbon": "#0e8a9a",  # a third ribbon colour, never an axis colour (teal)
    "warn": "#b03a2e",  # explanations of degenerate states
    "caution": "#9a6700",  # "almost degenerate" notes (amber)
    "good": "#2e7d32",  # "allowed", "the same rotation" notes
    "face": "#d9d9d9",  # cube faces that carry no axis colour (a tint under the edges)
    "grid": "#e6e6e6",  # grid lines of a chart, behind its data
    "panel": "#ffffff",  # the background of figures and of the demo panel
    "frame": "#c8c8c8",  # the frame around a demo panel
}

#: What each named colour is drawn as, so what it needs on the white background (WCAG 2 contrast):
#: ``"text"`` 4.5:1 (letters, readouts, and the lines in the same colour), ``"line"`` 3:1 (lines, markers,
#: edges), ``"fill"`` none (tints and backgrounds under ink lines, never the only thing that shows a shape).
COLOR_ROLES = {
    "x": "text", "y": "text", "z": "text", "ink": "text", "note": "text", "vector": "text", "vector2": "text",
    "warn": "text", "caution": "text", "good": "text",
    "mirror": "text", "mirror2": "text", "faint": "line", "ribbon": "line",
    "face": "fill", "grid": "fill", "panel": "fill", "frame": "fill",
}

#: The default view (azimuth, elevation) in degrees: x to the right, y up, z toward
#: the lower left; all three axes and three faces of a cube visible.
DEFAULT_VIEW = (35.0, 22.0)

_RC = {
    "font.size": 10,
    "font.family": "DejaVu Sans",
    "axes.titlesize": 11,
    "mathtext.fontset": "dejavusans",
    "savefig.facecolor": COLORS["panel"],
    "figure.facecolor": COLORS["panel"],
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
    """Blend ``color`` with white: ``amount = 0`` keeps it, ``1`` gives white (as an RGB tuple).

    >>> lighten("black", 0.5), lighten("#ff0000", 0.0)
    ((0.5, 0.5, 0.5), (1.0, 0.0, 0.0))
    """
    rgb = np.array(matplotlib.colors.to_rgb(color))
    return tuple(float(c) for c in rgb + (1.0 - rgb) * amount)


#: WCAG 2 contrast a line, marker or edge needs on the panel (1.4.11 non-text contrast); text needs 4.5:1.
LINE_CONTRAST = 3.0


def _luminance(rgb) -> float:
    """WCAG 2 relative luminance of an sRGB colour in [0, 1]."""
    rgb = np.asarray(rgb, dtype=float)
    linear = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    return float(linear @ (0.2126, 0.7152, 0.0722))


def line_alpha(color, alpha: float = 1.0) -> float:
    """The opacity to draw a faint line in ``color`` at: ``alpha``, or more where that would fall below 3:1.

    A line drawn lighter (a back half, a ghost, the world frame, a faded curve) must still be seen: at opacity
    ``a`` over the white panel it shows as ``a·color + (1 − a)·white``, and that must keep
    :data:`LINE_CONTRAST` (3:1, WCAG 2.1 1.4.11) on the panel.  So the answer is ``max(alpha, a_min)``, with
    ``a_min`` the lowest opacity that keeps 3:1 (found by bisection; 1 for a colour that has less than 3:1 on
    its own).  tests/test_contrast.py checks every line of every demo in every state swept.

    >>> line_alpha(COLORS["ink"], 0.3)   # ink at 0.3 would be 1.9:1: at least 0.5
    0.5
    >>> line_alpha(COLORS["ink"], 0.9)              # already dark enough: kept
    0.9
    """
    rgb = np.array(matplotlib.colors.to_rgb(color))
    panel = np.array(matplotlib.colors.to_rgb(COLORS["panel"]))
    panel_l = _luminance(panel)

    def enough(a):
        seen = _luminance(a * rgb + (1 - a) * panel)
        return (max(seen, panel_l) + 0.05) / (min(seen, panel_l) + 0.05) >= LINE_CONTRAST + 0.05  # margin

    if enough(alpha):
        return float(alpha)
    lo, hi = float(alpha), 1.0
    if not enough(hi):
        return 1.0
    for _ in range(30):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if enough(mid) else (mid, hi)
    return float(np.ceil(hi * 100) / 100)


def darken(color, amount: float = 0.35):
    """Blend ``color`` with the course's ink: ``amount = 0`` keeps it, ``1`` gives ink (for text on white).

    >>> COLORS["ink"], [round(c, 3) for c in darken("white", 1.0)]   # all the way: the ink (0x26 = 38 = 0.149 × 255)
    ('#262626', [0.149, 0.149, 0.149])
    >>> darken("white", 0.0)
    (1.0, 1.0, 1.0)
    """
    rgb = np.array(matplotlib.colors.to_rgb(color))
    ink = np.array(matplotlib.colors.to_rgb(COLORS["ink"]))
    return tuple(float(c) for c in rgb + (ink - rgb) * amount)


@contextlib.contextmanager
def style():
    """Context in which course figures are created (fonts, white background).

    A ``matplotlib.rc_context``: the settings apply inside the ``with`` block only;
    global ``rcParams`` are left as they were.

    >>> import matplotlib, quatlib as ql
    >>> before = matplotlib.rcParams["font.family"]
    >>> with ql.plot.style():
    ...     print(matplotlib.rcParams["font.family"])
    ['DejaVu Sans']
    >>> matplotlib.rcParams["font.family"] == before
    True
    """
    with matplotlib.rc_context(_RC):
        yield


def figure(size=(4.0, 4.0), dpi: float = 100) -> Figure:
    """A new white :class:`~matplotlib.figure.Figure` with its own Agg canvas.

    Not registered with pyplot (no global figure list, no backend switch), so it
    lives exactly as long as the object holding it.

    >>> import quatlib as ql
    >>> fig = ql.plot.figure((3.0, 2.0))
    >>> fig.get_size_inches().tolist(), fig.get_facecolor()
    ([3.0, 2.0], (1.0, 1.0, 1.0, 1.0))
    """
    with style():
        fig = Figure(figsize=size, dpi=dpi, facecolor=COLORS["panel"])
    Canvas(fig)
    return fig


def chart_axes(ax) -> None:
    """Give a 2D plot (a history, a curve against t) the course's light look: no top/right frame, small ticks,
    a faint grid in ``COLORS["grid"]`` (a background colour: behind the data, never the only mark of a value).
    Call inside :func:`style`.

    >>> import quatlib as ql
    >>> fig = ql.plot.figure((3.0, 2.0))
    >>> with ql.plot.style():
    ...     ax = fig.add_subplot()
    ...     ql.plot.chart_axes(ax)
    >>> ax.spines["top"].get_visible(), ax.spines["left"].get_visible()
    (False, True)
    """
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    ax.tick_params(labelsize=8, length=3)
    ax.grid(True, lw=0.5, color=COLORS["grid"])


# --------------------------------------------------------------------------------------
# The smallest text of a figure (quatlib.widgets' projector mode)
# --------------------------------------------------------------------------------------


def _outline_texts(fig) -> list:
    """The :class:`~quatlib.plot.OutlineText` items of ``fig``'s scenes, adopted ones included."""
    from ._outline import OutlineText
    from ._render import Renderer

    stack, found = [item for scene in Renderer.of(fig).scenes for item in scene.items], []
    while stack:
        item = stack.pop()
        stack.extend(item.children)
        if isinstance(item, OutlineText):
            found.append(item)
    return found


def fontsizes(fig) -> list[tuple[float, str]]:
    """``(size in points, text)`` of every text ``fig`` draws, smallest first: its matplotlib texts (titles,
    labels, legends, tick labels) and its :class:`~quatlib.plot.OutlineText` items.

    What is drawn is what a full draw measures (:func:`~quatlib.plot.text_boxes`): a hidden or empty text, or a
    tick label the axis does not show, is left out.

    >>> fig = figure((2, 1))
    >>> _ = fig.text(0.1, 0.5, "big", fontsize=12)
    >>> _ = fig.text(0.5, 0.5, "small", fontsize=7)
    >>> _ = fig.text(0.5, 0.2, "hidden", fontsize=5, visible=False)
    >>> fontsizes(fig)
    [(7.0, 'small'), (12.0, 'big')]
    """
    from matplotlib.text import Text

    from ._legibility import text_boxes

    drawn = {box.text for box in text_boxes(fig)}
    sizes = [(float(t.get_fontsize()), t.get_text()) for t in fig.findobj(Text)
             if t.get_visible() and any(line in drawn for line in t.get_text().split("\n"))]
    sizes += [(item.fontsize, item.text) for item in _outline_texts(fig) if item.text in drawn]
    return sorted(sizes)


def set_min_fontsize(fig, points: float) -> None:
    """Raise every text of ``fig`` smaller than ``points`` to ``points``; larger texts keep their size.

    Texts, tick labels (also those an axis makes later: ``tick_params``) and
    :class:`~quatlib.plot.OutlineText` items.  Lines, markers and the layout
    stay as they are: only the small texts grow, the fewest changes that make
    every text at least that large (labels placed by
    :class:`~quatlib.plot.PlacedLabels` measure their new size when placed).

    >>> fig = figure((2, 1))
    >>> ax = fig.add_axes((0.2, 0.2, 0.7, 0.7))
    >>> ax.tick_params(labelsize=7)
    >>> _ = ax.set_title("a title", fontsize=12)
    >>> set_min_fontsize(fig, 10)
    >>> ax.xaxis.get_ticklabels()[0].get_fontsize(), ax.title.get_fontsize()
    (10.0, 12.0)
    """
    from matplotlib.text import Text

    points = float(points)
    if not (np.isfinite(points) and points > 0):
        raise ValueError(f"Expected a positive size in points, got {points!r}")
    for ax in fig.axes:
        for which, axis in (("x", ax.xaxis), ("y", ax.yaxis)):
            for minor in (False, True):
                labels = axis.get_ticklabels(minor=minor)
                if labels and labels[0].get_fontsize() < points:
                    ax.tick_params(axis=which, which="minor" if minor else "major", labelsize=points)
    for t in fig.findobj(Text):
        if t.get_fontsize() < points:
            t.set_fontsize(points)
    for item in _outline_texts(fig):
        if item.fontsize < points:
            item.set_fontsize(points)
