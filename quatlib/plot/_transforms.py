"""A panel's data-to-pixel transform kept as one matrix (matplotlib multiplies it out again at every use)."""

from __future__ import annotations

from matplotlib.transforms import Affine2DBase

__all__ = ["keep_transdata"]


class _KeptAffine(Affine2DBase):
    """The affine transform ``child`` (a panel's ``transData``) as one matrix, worked out again only when
    matplotlib invalidates ``child`` (new limits, a new figure size or dpi).

    matplotlib's ``transData`` chains three transforms (scale, limits, axes) and multiplies
    their matrices out into new objects on every ``transform`` and every ``get_affine``:
    about 6 µs each, asked for by each of a scene's 50-80 artists on every frame, and by
    every label placement.  This one keeps the product: the same matrix, so the same
    pixels, in a sixth of the time.

    >>> from matplotlib.figure import Figure
    >>> ax = Figure().add_subplot()
    >>> kept = _KeptAffine(ax.transData)
    >>> kept.transform((1.0, 0.0)).tolist() == ax.transData.transform((1.0, 0.0)).tolist()
    True
    >>> _ = ax.set_xlim(0, 10)  # matplotlib invalidates transData, and so kept
    >>> bool((kept.get_matrix() == ax.transData.get_matrix()).all())
    True
    """

    def __init__(self, child):
        if not child.is_affine:
            raise ValueError(f"Expected an affine transform (linear axes), got {child!r}")
        super().__init__()
        self._child = child
        self.set_children(child)  # child's invalidation reaches this one
        self._mtx = None

    def get_matrix(self):
        if self._invalid or self._mtx is None:
            self._mtx = self._child.get_affine().get_matrix()
            self._inverted = None
            self._invalid = 0
        return self._mtx


def keep_transdata(ax) -> None:
    """Give ``ax`` a ``transData`` kept as one matrix (:class:`_KeptAffine`), if its scales are linear.

    Call it before adding artists (each takes the ``transData`` of the moment) and
    after setting the scales; limits may change later.
    """
    if ax.transData.is_affine and not isinstance(ax.transData, _KeptAffine):
        ax.transData = _KeptAffine(ax.transData)
