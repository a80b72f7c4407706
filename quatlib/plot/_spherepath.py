"""The path of a point on a sphere, drawn the way a learner follows it: whole, so far, in equal steps, and now."""

from __future__ import annotations

from ._artists import Arrow, Dots, Polyline, Trail
from ._items import Item
from ._style import line_alpha

__all__ = ["SpherePath"]


class SpherePath(Item):
    """Where a point on a sphere goes: the whole path faint, the part so far bold, dots at equal steps, a needle.

    Four adopted children, each readable by name: ``whole`` (a :class:`Polyline`,
    faint), ``trail`` (a :class:`Trail`: the part so far, its far side dashed),
    ``ticks`` (:class:`Dots` at equal steps of the path's parameter: even
    spacing shows constant speed, bunched dots a slow stretch) and ``needle``
    (an :class:`Arrow` from the centre to where the point is now).
    :meth:`set_path` sets what changes with the path only, :meth:`set_data` the
    part so far and the point now; :meth:`set_visible` shows or hides them all.

    Parameters
    ----------
    scene : Scene
    radius : float
        The sphere's radius (the trail's far side is the half behind it).
    color : colour
        One colour for all four parts.
    linewidth, dot_size, needle_width : float
        The trail's width, the dots' size and the needle's width.

    Examples
    --------
    >>> import numpy as np
    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1)
    >>> path = SpherePath(scene, radius=1.0, color="C1")
    >>> s = np.radians(np.linspace(0, 90, 10))
    >>> arc = np.c_[np.cos(s), np.zeros(10), -np.sin(s)]   # a quarter turn about y
    >>> path.set_path(arc, arc[::3])
    >>> path.set_data(arc[:5], arc[4])
    >>> len(path.ticks.points), len(path.trail.points)
    (4, 5)
    >>> path.set_data(arc[:5], None)                     # no point now: the needle is hidden
    >>> path.needle.artists[0].get_visible()
    False
    """

    def __init__(self, scene, *, radius: float, color, linewidth: float = 2.4, dot_size: float = 5.5,
                 needle_width: float = 1.6):
        super().__init__(scene)
        self.whole = self.adopt(Polyline(scene, color=color, linewidth=1.0, alpha=line_alpha(color, 0.5), split=True))
        self.trail = self.adopt(Trail(scene, radius=radius, color=color, linewidth=linewidth, sphere=False))
        self.ticks = self.adopt(Dots(scene, color=color, size=dot_size))
        self.needle = self.adopt(Arrow(scene, color=color, linewidth=needle_width, head=0.08))

    def set_path(self, whole, ticks) -> None:
        """The whole path ``(n, 3)`` (a NaN row breaks it) and the points at equal steps ``(k, 3)``."""
        self.whole.set_data(whole)
        self.ticks.set_data(ticks)

    def set_data(self, trail, now) -> None:
        """The part so far ``(m, 3)`` and where the point is now ``(3,)`` (``None``: no needle)."""
        self.needle.show(now)
        self.trail.set_data(trail)
