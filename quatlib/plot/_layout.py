"""Figure layouts: 3D panels side by side (square or of different widths), strips for gauges, overlays for texts."""

from __future__ import annotations

import numpy as np

from ._camera import Scene
from ._style import figure, style

__all__ = ["panels", "panel_row", "strip", "strips_below", "overlay"]


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

    Examples
    --------
    >>> import quatlib as ql
    >>> fig, scenes = ql.plot.panels(2, size=3.0, titles=["left", "right"])
    >>> fig.get_size_inches().tolist(), [scene.title for scene in scenes]
    ([6.0, 3.3], ['left', 'right'])
    """
    titles = list(titles) if titles is not None else [title] * n
    return panel_row([size] * n, [{"title": t} for t in titles], height=size, dpi=dpi, title_band=title_band,
                     footer=footer, **scene_kwargs)


def panel_row(widths, scenes=None, *, height: float | None = None, dpi: float = 100, title_band: float = 0.3,
              footer: float = 0.0, **scene_kwargs):
    """A figure of scenes side by side, each as wide as ``widths`` says: ``fig, scenes = panel_row((3.5, 2.55))``.

    :func:`panels` when the panels are not all the same size: every panel is
    ``height`` inches tall, panel ``i`` is ``widths[i]`` inches wide, and they
    fill the figure's width from left to right.

    Parameters
    ----------
    widths : sequence of float
        The width of each panel in inches (at ``dpi`` dots per inch), left to right.
    scenes : sequence of dict, optional
        One dict per panel: keyword arguments of its own :class:`Scene` (``extent``, ``title``...), on top of
        ``scene_kwargs``.
    height : float, optional
        The height of every panel in inches; by default the widest panel's width (that one is square).
    title_band, footer : float
        Inches kept free above the panels (titles) and below them, as for :func:`panels`.
    **scene_kwargs
        Passed to every :class:`Scene` (``view``, ``world_frame``...).

    Returns
    -------
    fig : matplotlib.figure.Figure
    scenes : list of Scene
        One per panel, left to right.

    Examples
    --------
    >>> import quatlib as ql
    >>> fig, (big, small) = ql.plot.panel_row((3.5, 2.5), [{"extent": 2.0}, {"extent": 1.5, "title": "small"}])
    >>> fig.get_size_inches().tolist(), small.title
    ([6.0, 3.8], 'small')
    >>> [round(float(x), 4) for x in small.ax.get_position(original=True).bounds]   # (left, bottom, width, height)
    [0.5833, 0.0, 0.4167, 0.9211]
    """
    widths = [float(w) for w in widths]
    size = max(widths) if height is None else float(height)
    total = size + title_band + footer
    fig = figure((sum(widths), total), dpi)
    x = np.cumsum([0, *widths]) / sum(widths)
    own = list(scenes) if scenes is not None else [{}] * len(widths)
    if len(own) != len(widths):
        raise ValueError(f"Expected one dict of scene arguments per panel ({len(widths)}), got {len(own)}.")
    made = []
    for i, kwargs in enumerate(own):
        ax = fig.add_axes((x[i], footer / total, x[i + 1] - x[i], size / total))
        made.append(Scene(ax, **{**scene_kwargs, **kwargs}))
    return fig, made


def overlay(scene) -> Scene:
    """A flat scene on top of ``scene``'s axes for still things in axes coordinates (legends, notes).

    Its items are not re-projected when the 3D view turns (a demo turns only the
    scenes it was given), so still texts kept here stay in the cached
    background while the learner orbits the view.

    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1, view=(35, 22))
    >>> flat = ql.plot.overlay(scene)
    >>> flat.ax is scene.ax, flat.view   # the same axes; a demo turns only the scenes it was given, not this one
    (True, (35.0, 22.0))
    """
    flat = Scene(scene.ax, extent=scene.extent, world_frame=False)
    return flat


def strip(fig, rect) -> Scene:
    """A flat panel for gauges and text (no 3D view, no world frame) at ``rect`` in figure coordinates.

    Its axes run from 0 to 1 both ways, so items are placed in fractions of the strip.

    >>> import quatlib as ql
    >>> fig, scenes = ql.plot.panels(2, size=3.0, footer=0.6)
    >>> gauges = ql.plot.strip(fig, (0.0, 0.0, 1.0, 0.15))
    >>> [float(v) for v in (*gauges.ax.get_xlim(), *gauges.ax.get_ylim())]
    [0.0, 1.0, 0.0, 1.0]
    """
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
