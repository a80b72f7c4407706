"""Labels by key, each moved to its own 3D point: the names of a panel's arrows, where the math put them."""

from __future__ import annotations

from ._items import Item
from ._style import COLORS
from ._texts import Label

__all__ = ["LabelSet"]


class LabelSet(Item):
    """Labels by key, each at its own 3D point: ``LabelSet(scene, {"p": "p", "out": "p′"}).set_data(spots)``.

    One :class:`Label` per entry of ``texts`` (in :attr:`labels`, by key; ``colors`` by key, ink by default;
    ``fontsize`` for all of them); ``set_data({key: point})`` moves the labels it names and leaves the
    others where they are.  For names whose places are already decided (kept apart along a ring by the math,
    e.g. :func:`quatlib.models.plane2d.ring_spots`); :class:`PlacedLabels` instead finds free places on the
    screen.

    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1, view=(0, 0), world_frame=False)
    >>> names = ql.plot.LabelSet(scene, {"p": "p", "out": "p′"}, colors={"out": ql.plot.COLORS["vector"]})
    >>> names.set_data({"p": (1.0, 0.5, 0.0), "out": (-0.5, 1.0, 0.0)})
    >>> names.labels["out"].text, names.labels["out"].p
    ('p′', array([-0.5,  1. ,  0. ]))
    """

    def __init__(self, scene, texts: dict, *, colors=None, fontsize: float = 9.5):
        super().__init__(scene)
        colors = colors or {}
        self.labels = {key: self.adopt(Label(scene, text, color=colors.get(key, COLORS["ink"]), fontsize=fontsize))
                       for key, text in texts.items()}

    def set_data(self, spots: dict, texts=None) -> None:
        """Put the label of each key of ``spots`` at its point ``(x, y, z)``, and give the labels of ``texts``
        (a dict by key, optional) new texts (``""`` hides one)."""
        texts = texts or {}
        for key, p in spots.items():
            self.labels[key].set_data(p, texts.get(key))
