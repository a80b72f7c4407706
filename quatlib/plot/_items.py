"""The base class of scene items, and the input checks an item author needs."""

from __future__ import annotations

import numpy as np

from ._render import Renderer

__all__ = ["Item", "as_points", "as_matrix"]


def as_points(p, what: str = "points", *, finite: bool = False) -> np.ndarray:
    """``p`` as a float array of 3D points, shape ``(..., 3)``; ``what`` names it in the error.

    A row of NaN in a path is a break (the line stops there and starts again); ``finite=True`` refuses NaN and
    inf, for a point that must be drawn (an arrow's tip, a centre): there a NaN would leave a hole in the picture.

    >>> as_points([1, 2, 3]).shape
    (3,)
    >>> as_points([[1, 2]], "tip")
    Traceback (most recent call last):
    ...
    ValueError: Expected tip with shape (..., 3), got (1, 2)
    >>> as_points([np.nan, 0, 0], "tip", finite=True)
    Traceback (most recent call last):
    ...
    ValueError: Expected a finite tip, got [nan, 0.0, 0.0]
    """
    try:
        a = np.asarray(p, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"Expected {what}, numbers (x, y, z), got {p!r}") from None
    if a.shape[-1:] != (3,):
        raise ValueError(f"Expected {what} with shape (..., 3), got {a.shape}")
    if finite and not np.isfinite(a).all():
        raise ValueError(f"Expected a finite {what}, got {a.tolist()}")
    return a


def as_matrix(R) -> np.ndarray:
    """``R`` as a float ``(3, 3)`` matrix; ``None`` gives the identity.

    >>> as_matrix(None)[0]
    array([1., 0., 0.])
    >>> as_matrix(np.eye(4))
    Traceback (most recent call last):
    ...
    ValueError: Expected a rotation matrix with shape (3, 3), got (4, 4)
    """
    if R is None:
        return np.eye(3)
    try:
        a = np.asarray(R, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"Expected a rotation matrix, 3 x 3 numbers, got {R!r}") from None
    if a.shape != (3, 3):
        raise ValueError(f"Expected a rotation matrix with shape (3, 3), got {a.shape}")
    if not np.isfinite(a).all():
        raise ValueError(f"Expected a finite rotation matrix, got {a.tolist()}")
    return a


def _same(old: tuple, new: tuple) -> bool:
    """Whether the data ``new`` equal the kept ``old`` exactly (None only equals None)."""
    return len(old) == len(new) and all(
        (a is None) == (b is None) and (a is None or np.array_equal(a, b)) for a, b in zip(old, new))


class Item:
    """Base of every scene item: keeps its 3D data, owns its matplotlib artists, re-projects when the view turns.

    The life of an item:

    * ``__init__(scene, ...)`` calls ``super().__init__(scene)``, which registers
      the item with ``scene`` (so the scene re-projects it when its view turns and
      the figure's :class:`~quatlib.plot.Renderer` draws it); then it creates its
      matplotlib artists, adds them to ``self.ax`` and declares them with
      :meth:`own`.  An item built from other items creates them and takes them
      over with :meth:`adopt`: the parent then projects, shows and hides them.
    * ``set_data(...)`` takes the new data (course coordinates, checked with
      :func:`as_points` / :func:`as_matrix`), keeps it, and calls :meth:`project`.
    * ``project()`` turns the kept 3D data into screen positions through
      ``self.scene.project(points)``; the scene calls it when the view turns.
      The default projects the adopted children.

    A ``static`` item (a legend, the unit circle) is drawn once into the
    figure's cached background instead of on every update; when it changes, it
    calls :meth:`changed`.  An item that does not move when the view turns (it
    lives in axes coordinates, its ``project`` does nothing) says so with
    ``follows_view = False``: a view turn then keeps it in the cached
    background.  Nobody outside an item touches its artists: read them with
    :attr:`artists`, move them with ``set_data``.

    Examples
    --------
    Every artist of the course is an item: made in a scene, it is registered there and redrawn on every update
    unless static.  (``help(ql.plot)`` writes a new one from scratch: a segment between two points.)

    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1)
    >>> cube, circle = ql.plot.Cube(scene), ql.plot.UnitCircle(scene)
    >>> isinstance(cube, ql.plot.Item), cube in scene.items, cube.static, circle.static
    (True, True, False, True)
    """

    #: Drawn into the cached background (True) or redrawn on every update (False).
    static = False
    #: Its picture depends on the camera (True), or it lives in axes coordinates and stays put when the view
    #: turns (False).  Turning a view redraws only the camera-following static items, not the whole background.
    follows_view = True

    def __init__(self, scene, *, static: bool | None = None):
        if static is not None:
            self.static = bool(static)
        self.scene = scene
        self.ax = scene.ax
        self.children: list[Item] = []
        self._own: list = []
        self._backdrop: list = []
        self._shown = None  # (view, data) of the last projection by project_changes, or None
        #: Shown or hidden, as :meth:`set_visible` last said.
        self.visible = True
        scene.add(self)

    def own(self, *artists):
        """Declare matplotlib artists (already added to ``self.ax``) as this item's; returns them."""
        self._own.extend(artists)
        return artists

    def backdrop(self, *artists):
        """Say that some of this item's artists change only when the view turns (an outline, an equator).

        They are drawn into the cached background with the static items that
        follow the camera, not on every update, so they must lie beneath the
        item's other artists (a low ``zorder``, e.g. :attr:`Z.WORLD`).  The
        artists may be the item's own or its adopted children's; returns them.
        When they change otherwise (a turn axis set anew), :meth:`changed` says so.
        """
        self._backdrop.extend(artists)
        return artists

    @property
    def backdrop_artists(self) -> list:
        """The artists declared with :meth:`backdrop`, its children's included."""
        return [*self._backdrop, *(a for child in self.children for a in child.backdrop_artists)]

    def adopt(self, child: Item) -> Item:
        """Take over ``child`` (an item of the same scene): the scene no longer projects it, this item does."""
        self.scene.remove(child)
        self.children.append(child)
        return child

    @property
    def artists(self) -> list:
        """The matplotlib artists this item owns, its children's included (for the renderer and tests)."""
        return [*self._own, *(a for child in self.children for a in child.artists)]

    def project(self) -> None:
        """Re-project the kept 3D data with the scene's camera (called when the view turns)."""
        for child in self.children:
            child.project()

    def project_changes(self, *data) -> None:
        """End ``set_data`` with this, not :meth:`project`, when the projection reads only ``data`` and the camera:
        it projects unless the item already shows these very data from this view.

        A view turn projects every item (:meth:`Scene.set_view`); then a demo's
        draw, run again to place its labels for the new view, gives its moving
        items the data they already have, and projecting those a second time
        would draw nothing new.  ``data`` are the arguments of ``set_data`` as
        given (arrays, numbers, None), compared exactly with the last ones.  An
        item whose picture also depends on other items (a label kept off their
        letters) or on setters of its own ends ``set_data`` with :meth:`project`.

        >>> import quatlib as ql
        >>> fig, (scene,) = ql.plot.panels(1)
        >>> box = ql.plot.Cube(scene)
        >>> views = []
        >>> box.project = lambda: views.append(scene.view)  # watch the projections
        >>> box.set_data(np.eye(3)); box.set_data(np.eye(3)); views
        [(35.0, 22.0)]
        >>> scene.set_view(30, 10); box.set_data(np.eye(3)); views  # projected by the turn, not again
        [(35.0, 22.0), (30.0, 10.0)]
        """
        view = self.scene.view
        if self._shown is not None and self._shown[0] == view and _same(self._shown[1], data):
            return
        self.project()
        self._shown = (view, tuple(None if d is None else np.array(d, copy=True) for d in data))

    def _seen_from(self, view) -> None:
        """Say that the scene has just projected this item from ``view`` (see :meth:`project_changes`)."""
        if self._shown is not None:
            self._shown = (view, self._shown[1])

    def changed(self) -> None:
        """Say that a static item, or a moving item's backdrop (:meth:`backdrop`), changed: its figure's cached
        background is redrawn on the next render."""
        if self.static:
            renderer = Renderer.of(self.ax.figure)
            if self.follows_view:
                renderer.invalidate_view()  # only the camera-following layer of the background
            else:
                renderer.invalidate()
        elif self.backdrop_artists:  # drawn into the camera-following layer
            Renderer.of(self.ax.figure).invalidate_view()

    def set_visible(self, visible: bool) -> None:
        """Show or hide every artist of the item, its children's included (through their ``set_visible``).

        It has the last word: an item that shows a part only where its geometry allows (an arc's head, a
        polyline's fill) keeps that part hidden, whenever it projects, while the item is hidden (:attr:`visible`).
        """
        backdrop_changed = any(a.get_visible() != visible for a in self.backdrop_artists)
        self.visible = bool(visible)
        for a in self._own:
            a.set_visible(visible)
        for child in self.children:
            child.set_visible(visible)
        if backdrop_changed:  # the backdrop lives in the cached background
            Renderer.of(self.ax.figure).invalidate_view()

    def show(self, data) -> None:
        """Show the item with ``data`` (its ``set_data(data)``), or hide it when ``data`` is None (nothing to draw).

        For a part that has no picture in some states (a cube where the method has
        no answer, a needle with no point now): one call instead of a visibility
        test and a ``set_data``.

        >>> import quatlib as ql
        >>> fig, (scene,) = ql.plot.panels(1)
        >>> cube = ql.plot.Cube(scene)
        >>> cube.show(None)
        >>> cube.artists[0].get_visible()
        False
        >>> cube.show(np.diag([1.0, 1.0, 1.0]))
        >>> cube.artists[0].get_visible()
        True
        """
        self.set_visible(data is not None)
        if data is not None:
            self.set_data(data)
