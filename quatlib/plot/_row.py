"""A row of panels of different widths and one height: a wide main scene beside narrower ones."""

from __future__ import annotations

import numpy as np

from ._camera import Scene
from ._style import figure

__all__ = ["panel_row"]


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
