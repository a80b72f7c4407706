"""Figure layouts: square 3D panels side by side, flat strips for gauges, overlays for still texts."""

from __future__ import annotations

from ._camera import Scene
from ._style import figure, style

__all__ = ["panels", "strip", "strips_below", "overlay"]


def panels(n: int = 1, *, size: float = 3.6, dpi: float = 100, titles=None, title=None,
           title_band: float = 0.3, footer: float = 0.0, **scene_kwargs):
    """A figure of ``n`` square scenes side by side: ``fig, scenes = panels(2)``.

    Parameters
    ----------
    n : int
        Number of panels.
    size : float
        Side of one panel in inches (at ``dpi`` dots per inch).
    titles : sequence of str, optional
        One title per panel, written above it.
    title : str, optional
        The same title for every panel (convenient for ``n = 1``).
    title_band, footer : float
        Inches kept free above the panels (titles) and below them (captions,
        see :meth:`Scene.set_caption`).
    **scene_kwargs
        Passed to every :class:`Scene` (``extent``, ``view``, ``world_frame``...).
    """
    height = size + title_band + footer
    fig = figure((size * n, height), dpi)
    titles = list(titles) if titles is not None else [title] * n
    scenes = []
    for i in range(n):
        ax = fig.add_axes((i / n, footer / height, 1.0 / n, size / height))
        scenes.append(Scene(ax, title=titles[i], **scene_kwargs))
    return fig, scenes


def overlay(scene) -> Scene:
    """A flat scene on top of ``scene``'s axes for still things in axes coordinates (legends, notes).

    Its items are not re-projected when the 3D view turns (a demo turns only the
    scenes it was given), so still texts kept here stay in the cached
    background while the learner orbits the view.
    """
    flat = Scene(scene.ax, extent=scene.extent, world_frame=False)
    return flat


def strip(fig, rect) -> Scene:
    """A flat panel for gauges and text (no 3D view, no world frame) at ``rect`` in figure coordinates."""
    with style():
        ax = fig.add_axes(rect)
    scene = Scene(ax, world_frame=False)
    ax.set_aspect("auto")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    return scene


def strips_below(scenes) -> list:
    """One flat :func:`strip` under each scene, across the figure's footer (the room ``panels(..., footer=...)``
    keeps below the panels): as wide as its scene, from the figure's bottom edge up to the scene.

    For gauges and texts that belong to one panel (a bar chart of its numbers, a note).

    >>> import quatlib as ql
    >>> fig, scenes = ql.plot.panels(2, size=3.0, footer=1.0)
    >>> [tuple(round(float(x), 4) for x in s.ax.get_position().bounds) for s in strips_below(scenes)]
    [(0.0, 0.0, 0.5, 0.2326), (0.5, 0.0, 0.5, 0.2326)]
    """
    strips = []
    for scene in scenes:
        x0, y0, width, _ = scene.ax.get_position(original=True).bounds  # as laid out, before any aspect is applied
        strips.append(strip(scene.ax.figure, (x0, 0.0, width, y0)))
    return strips
