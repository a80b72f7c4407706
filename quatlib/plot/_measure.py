"""Measures of a drawing as the learner sees it: how far apart two points are drawn in a scene."""

from __future__ import annotations

import numpy as np

__all__ = ["screen_gap"]


def screen_gap(scene, a, b) -> float:
    """How far apart the 3D points ``a`` and ``b`` are drawn in ``scene``, in the panel's data units.

    Two arrows can point apart in 3D and still be drawn on top of each other
    (one behind the other from this view): a demo names them once when this is small.

    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1)
    >>> scene.set_view(0, 0)                          # looking along -z: z is depth, not drawn
    >>> screen_gap(scene, (0, 0, 0), (0, 0, 1)), screen_gap(scene, (0, 0, 0), (0, 1, 0))
    (0.0, 1.0)
    """
    (pa, pb), _ = scene.project(np.array([a, b], dtype=float))
    return float(np.hypot(*(pa - pb)))
