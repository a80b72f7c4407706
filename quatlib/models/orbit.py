"""Drag to orbit: how far a mouse drag over a 3D panel turns its view.

numpy only (no plotting, no widgets): the demos' figure views feed it the
pixels the mouse moved and set the view sliders to what it returns, on every
transport (``quatlib/widgets/_base.py``).
"""

from __future__ import annotations

import numpy as np

__all__ = ["DEGREES_PER_PIXEL", "view_from_drag"]

DEGREES_PER_PIXEL = 0.5  # a drag across a 640 px figure turns the view by 320°


def view_from_drag(view0, dx: float, dy: float, *, degrees_per_pixel: float = DEGREES_PER_PIXEL,
                   step: float = 1.0, azim_range=(-180.0, 180.0), elev_range=(-90.0, 90.0)) -> tuple[float, float]:
    """The view ``(azimuth, elevation)`` after dragging ``(dx, dy)`` pixels from the view ``view0``.

    ``dx`` is the mouse's move to the right and ``dy`` its move **up**, in
    figure pixels (matplotlib's display coordinates).  The scene follows the
    hand: the point of the scene nearest to the viewer moves the way the mouse
    moves, so the camera turns the other way (see :class:`quatlib.plot.Camera`)::

        azimuth   = wrap(azimuth0  − k · dx)      drag right: the front turns right
        elevation = clamp(elevation0 − k · dy)    drag up: the front turns up

    with ``k = degrees_per_pixel``.  The turn ``k · dx`` (and ``k · dy``) is
    rounded to a whole number of slider ``step`` s, so a view on the sliders'
    grid stays on it, and no drag (``dx = dy = 0``) keeps ``view0`` exactly.
    The azimuth is wrapped into ``azim_range`` (a full turn: ``-180`` and
    ``180`` are the same view), the elevation clamped to ``elev_range``
    (no somersault over the pole).

    Parameters
    ----------
    view0 : (float, float)
        ``(azimuth, elevation)`` in degrees when the mouse was pressed.
    dx, dy : float
        Pixels from the press to the mouse now: right and up are positive.
    degrees_per_pixel : float
        Turn per pixel (positive).
    step : float
        The view sliders' step in degrees (positive).
    azim_range, elev_range : (float, float)
        The view sliders' ranges; ``azim_range`` spans 360°.

    Returns
    -------
    (float, float)
        ``(azimuth, elevation)`` in degrees, inside the ranges.

    Raises
    ------
    ValueError
        If a number is not finite, ``degrees_per_pixel`` or ``step`` is not
        positive, or ``azim_range`` does not span 360°.

    Examples
    --------
    >>> view_from_drag((35, 20), 0, 0)
    (35.0, 20.0)
    >>> view_from_drag((35, 20), 40, 0)  # 40 px to the right: 20° to the left for the camera
    (15.0, 20.0)
    >>> view_from_drag((170, 20), -40, 0)  # past 180° it comes round at -180°
    (-170.0, 20.0)
    >>> view_from_drag((35, 80), 0, -60)  # 60 px down: the camera climbs, and stops over the pole
    (35.0, 90.0)
    """
    try:
        values = np.array([*view0, dx, dy, degrees_per_pixel, step, *azim_range, *elev_range], dtype=float)
    except (TypeError, ValueError):  # not numbers (a string, None)
        values = None
    if values is None or values.shape != (10,) or not np.all(np.isfinite(values)):
        raise ValueError(f"Expected finite view0=(azimuth, elevation), dx, dy and settings, got view0={view0!r}, "
                         f"dx={dx!r}, dy={dy!r}, degrees_per_pixel={degrees_per_pixel!r}, step={step!r}, "
                         f"azim_range={azim_range!r}, elev_range={elev_range!r}")
    if degrees_per_pixel <= 0 or step <= 0:
        raise ValueError(f"Expected positive degrees_per_pixel and step, got {degrees_per_pixel!r} and {step!r}")
    lo, hi = float(azim_range[0]), float(azim_range[1])
    if hi - lo != 360.0:
        raise ValueError(f"Expected azim_range to span 360°, got {azim_range!r}")
    turn = step * np.round(-degrees_per_pixel * np.array([dx, dy], dtype=float) / step)
    azim = float(view0[0]) + turn[0]
    if not lo <= azim <= hi:
        azim = (azim - lo) % 360.0 + lo
    elev = float(np.clip(float(view0[1]) + turn[1], *elev_range))
    return float(azim) + 0.0, elev + 0.0
