"""A two-axis turret: a still pedestal, a head and a barrel turned about the pivot (notebook 08's capstone)."""

from __future__ import annotations

from ._artists import Arrow, Point
from ._items import Item, as_matrix, as_points
from ._solids import Box
from ._style import COLORS

__all__ = ["Turret"]


class Turret(Item):
    """A pedestal (a base plate and a post, never moving), a head (a box) and a barrel, turned by ``R``.

    ``Turret(scene, aim=(0, 0, -1), barrel=1.25).set_data(R)`` turns the head
    by ``R`` (``R @ v``, from quatlib) about the pivot at the origin; the barrel
    lies along the head's ``aim`` axis, from ``breech`` to ``barrel`` (scene
    units), with a dot of ``color`` at the muzzle.  The pedestal is the item's
    backdrop: it changes only when the view turns, so it is drawn into the
    figure's cached background (see :meth:`Item.backdrop`).

    >>> import numpy as np
    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1)
    >>> turret = ql.plot.Turret(scene, aim=(0, 0, -1), barrel=1.25)
    >>> turret.set_data(ql.matrix_from_euler(90, 0, 0, degrees=True))  # yawed 90°: aims along -x
    >>> np.round(turret.muzzle.p, 3) + 0.0
    array([-1.25,  0.  ,  0.  ])
    """

    def __init__(self, scene, *, aim=(0.0, 0.0, -1.0), barrel: float = 1.25, breech: float = 0.31,
                 color=COLORS["vector"]):
        super().__init__(scene)
        self.aim = as_points(aim, "aim").reshape(3)
        self.length, self.breech = float(barrel), float(breech)
        self.pedestal = [self.adopt(Box(scene, size=size, center=center, colored_faces=False, mark=None, alpha=alpha,
                                        linewidth=linewidth))
                         for size, center, alpha, linewidth in (((0.95, 0.14, 0.95), (0, -0.78, 0), 0.5, 1.2),
                                                                ((0.13, 0.5, 0.13), (0, -0.46, 0), 0.6, 1.0))]
        self.backdrop(*(a for box in self.pedestal for a in box.artists))
        self.head = self.adopt(Box(scene, size=(0.5, 0.36, 2 * self.breech), mark=None, linewidth=1.4))
        self.barrel = self.adopt(Arrow(scene, color=COLORS["ink"], linewidth=5.0, head=0.0))
        self.muzzle = self.adopt(Point(scene, color=color, size=9))
        self.set_data(None)

    def set_data(self, R) -> None:
        """Turn the head and the barrel by ``R`` (``None``: the identity)."""
        self.R = as_matrix(R)
        aim = self.R @ self.aim
        self.head.set_data(self.R)
        self.barrel.set_data(self.length * aim, self.breech * aim)
        self.muzzle.set_data(self.length * aim)  # (each part projects itself; the pedestal stays where it is)
