"""The camera (orthographic, Y up) and the scene: one panel of course coordinates."""

from __future__ import annotations

import numpy as np

from ._artists import Frame
from ._items import Item
from ._placer import _fixed_boxes
from ._render import Renderer
from ._style import AXIS_COLORS, COLORS, DEFAULT_VIEW, Z, line_alpha, style
from ._texts import add_text
from ._transforms import keep_transdata

__all__ = ["Camera", "Scene"]


class Camera:
    """Orthographic camera with Y up: azimuth about +y, elevation above the xz-plane.

    ``azim = elev = 0`` looks along ``-z``: x right, y up, z toward the viewer (the
    plane view used for 2D panels).  Positive ``azim`` walks the camera toward +x,
    positive ``elev`` lifts it above the xz-plane.  :attr:`matrix` has rows
    ``right, up, toward`` (right-handed: ``right × up = toward``)::

        toward = ( sin(az) cos(el),  sin(el),  cos(az) cos(el))
        right  = ( cos(az),          0,        -sin(az)       )
        up     = toward × right

    Examples
    --------
    Seen from ``azim = 90`` (the camera walked round to +x), the z axis points to the
    screen's left and the x axis at the viewer:

    >>> import quatlib as ql
    >>> camera = ql.plot.Camera(azim=90, elev=0)
    >>> xy, depth = camera.project([[0, 0, 1], [1, 0, 0], [0, 1, 0]])   # the tips of the z, x and y axes
    >>> xy
    array([[-1.,  0.],
           [ 0.,  0.],
           [ 0.,  1.]])
    >>> depth  # bigger = nearer: only x comes toward the viewer
    array([0., 1., 0.])
    """

    def __init__(self, azim: float = DEFAULT_VIEW[0], elev: float = DEFAULT_VIEW[1]):
        self.set_view(azim, elev)

    def set_view(self, azim: float, elev: float) -> None:
        """Point the camera: ``azim``, ``elev`` in degrees."""
        self.azim = float(azim)
        self.elev = float(elev)
        az, el = np.radians(self.azim), np.radians(self.elev)
        toward = np.array([np.sin(az) * np.cos(el), np.sin(el), np.cos(az) * np.cos(el)])
        right = np.array([np.cos(az), 0.0, -np.sin(az)])
        up = np.cross(toward, right)
        self.matrix = np.array([right, up, toward])

    @property
    def toward(self) -> np.ndarray:
        """Unit vector from the scene toward the viewer."""
        return self.matrix[2]

    def project(self, points):
        """Screen coordinates ``(..., 2)`` and depth ``(...)`` (bigger = nearer) of ``points``."""
        p = np.asarray(points, dtype=float) @ self.matrix.T
        return p[..., :2], p[..., 2]


class Scene:
    """One panel: a 2D ``Axes`` showing course coordinates through a :class:`Camera`.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        The axes to draw in (its decorations are turned off).
    extent : float
        Half-width of the visible square; anything within this distance of the
        origin is never clipped, whatever the view.
    view : (float, float)
        Initial ``(azimuth, elevation)`` in degrees; ``(0, 0)`` is the flat plane view.
    world_frame : bool
        Draw the fixed world axes (thin, faint, labelled x, y, z).
    title : str, optional
        Says what to look at.

    A scene registers with its figure's :class:`~quatlib.plot.Renderer`
    (:attr:`renderer`) and keeps its axes' ``transData`` as one matrix (worked
    out again when matplotlib changes it); every :class:`~quatlib.plot.Item` created in it is kept in
    :attr:`items` and re-projected by :meth:`set_view`.

    Examples
    --------
    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1, view=(0, 0))   # one Scene per panel, here looking along -z
    >>> scene.project([0.5, 1.0, 0.0])[0]                # screen x = course x, screen y = course y
    array([0.5, 1. ])
    >>> arrow = ql.plot.Arrow(scene, (0.5, 1.0, 0.0))
    >>> arrow in scene.items                             # projected again by every set_view
    True
    >>> scene.set_view(90, 0)                            # the camera walks round to +x: x now points at the viewer
    >>> scene.view, scene.project([0.5, 1.0, 0.0])[0]
    ((90.0, 0.0), array([0., 1.]))
    """

    def __init__(self, ax, *, extent: float = 1.6, view=DEFAULT_VIEW, world_frame: bool = True, title=None):
        self.ax = ax
        self.extent = float(extent)
        self.camera = Camera(*view)
        self.items: list[Item] = []
        self.renderer = Renderer.of(ax.figure)
        self.renderer.add_scene(self)
        with style():
            ax.set_axis_off()
            ax.set_xlim(-self.extent, self.extent)
            ax.set_ylim(-self.extent, self.extent)
            ax.set_aspect("equal", adjustable="box")
            ax.set_autoscale_on(False)
            keep_transdata(ax)  # every artist added from now on draws through one kept matrix
            self._title = add_text(
                ax, 0.5, 1.0, title or "", transform=ax.transAxes, ha="center", va="bottom",
                fontsize=11, color=COLORS["ink"], zorder=Z.TEXT, clip_on=False,
            )
            self._note = add_text(
                ax, 0.02, 0.02, "", transform=ax.transAxes, ha="left", va="bottom", fontsize=9.5,
                color=COLORS["warn"], zorder=Z.TEXT,
                bbox=dict(boxstyle="round,pad=0.25", facecolor="white", edgecolor="none", alpha=0.85),
            )
            self._note.set_visible(False)
            self._caption = add_text(
                ax, 0.03, -0.01, "", transform=ax.transAxes, ha="left", va="top", fontsize=9.5,
                family="DejaVu Sans Mono", color=COLORS["ink"], zorder=Z.TEXT, clip_on=False,
            )
        self.world = None
        if world_frame:
            self.world = Frame(
                self, length=0.86 * self.extent, labels=("x", "y", "z"), linewidth=1.0, head=0.07, zorder=Z.WORLD,
                alpha=max(line_alpha(c, 0.45) for c in AXIS_COLORS),  # light, yet 3:1 lines on the panel
                card=True,  # an axis seen end-on ends over the body in the middle: its letter stays readable
            )

    # -- camera ------------------------------------------------------------------------
    @property
    def view(self):
        """Current ``(azimuth, elevation)`` in degrees."""
        return (self.camera.azim, self.camera.elev)

    def set_view(self, azim: float, elev: float) -> None:
        """Turn the camera and re-project every item, in the order they were made (but see
        :meth:`project_after`); no figure is recreated."""
        self.camera.set_view(azim, elev)
        for item in self.items:
            item.project()
            item._seen_from(self.view)
        if any(item.static and item.follows_view or item.backdrop_artists for item in self.items):
            self.renderer.invalidate_view()  # redraw the static items that follow the camera, nothing else

    def project(self, points):
        """Screen coordinates and depth of course-coordinate ``points`` (see :class:`Camera`)."""
        return self.camera.project(points)

    # -- text --------------------------------------------------------------------------
    def settle_labels(self, renderer) -> None:
        """Keep the world axes' letters off the panel's fixed texts (legends, notes, the title) and off the lines
        they are kept off (:meth:`quatlib.plot.Frame.keep_letters_off`).

        The renderer calls this before it draws the camera layer (after a view turn
        or a new background), when the fixed texts can be measured.
        """
        if self.world is not None:
            self.world.keep_letters_clear(_fixed_boxes(self.ax), renderer)  # each text measured once

    def set_title(self, text: str) -> None:
        """Replace the title (one line that says what to look at); it is redrawn with the moving artists, so a
        new title costs no redraw of the cached background."""
        self._title.set_text(text)

    def set_note(self, text: str = "", color=None) -> None:
        """Show an explanation in the bottom-left corner, on a white card ('' hides it).

        A note that covers more than the one before re-projects every item, as a view turn does: the world's
        letters and the names placed off the panel's fixed texts move off its card (which hid "z" in a top view).
        A note that shrinks or goes leaves them where they are (a number in it changing costs nothing).
        """
        from ._placer import _pixel_box  # _placer builds on the items

        renderer = self.ax.figure.canvas.get_renderer()
        before = _pixel_box(self._note, renderer) if self._note.get_visible() and self._note.get_text() else None
        self._note.set_text(text)
        self._note.set_visible(bool(text))
        self._note.set_color(color or COLORS["warn"])
        if text:
            now = _pixel_box(self._note, renderer)
            if before is None or (now[:2] < before[:2]).any() or (now[2:] > before[2:]).any():
                self.set_view(*self.view)

    def set_caption(self, text: str = "") -> None:
        """Write (monospace) numbers under the panel; needs ``panels(..., footer=...)`` room."""
        self._caption.set_text(text)

    @property
    def caption(self) -> str:
        return self._caption.get_text()

    @property
    def title(self) -> str:
        return self._title.get_text()

    @property
    def note(self) -> str:
        return self._note.get_text()

    # -- items -------------------------------------------------------------------------
    def add(self, item) -> None:
        """Register ``item`` (done by :class:`Item` itself): the scene re-projects it when the view turns."""
        self.items.append(item)
        self.renderer.invalidate()

    def project_after(self, item, others) -> None:
        """Re-project ``item`` after ``others`` when the view turns, as if it were made after them: it places
        something off them (the world's letters off a gimbal's rings, :meth:`quatlib.plot.Frame.keep_letters_off`).

        ``others`` that this scene does not project (children of other items) are left out; where zorders tie,
        ``item`` is drawn after ``others`` too.

        >>> import quatlib as ql
        >>> fig, (scene,) = ql.plot.panels(1)
        >>> axle = ql.plot.Polyline(scene, [(0, -1.5, 0), (0, 1.5, 0)])
        >>> scene.items.index(scene.world) < scene.items.index(axle)   # the world's axes are made first
        True
        >>> scene.project_after(scene.world, [axle])
        >>> scene.items.index(scene.world) > scene.items.index(axle)
        True
        """
        ranks = [self.items.index(other) for other in others if other in self.items]
        if ranks and self.items.index(item) < max(ranks):
            self.items.remove(item)
            self.items.insert(max(ranks), item)  # (the removal moved the last of others one place back)

    def remove(self, item) -> None:
        """Stop projecting ``item`` (e.g. when another item adopts it, see :meth:`Item.adopt`)."""
        self.items.remove(item)

    def moving_artists(self) -> list:
        """The artists redrawn on every update: those of the non-static items (but their backdrops), the title,
        the caption and the note (a line of text drawn again is blended from its cached image: far cheaper than
        redrawing the whole background when a title changes)."""
        out = []
        for item in self.items:
            if not item.static:
                backdrop = item.backdrop_artists
                out.extend(a for a in item.artists if a not in backdrop)
        return [*out, self._title, self._caption, self._note]

    def view_artists(self) -> list:
        """The artists redrawn into the background when the view turns: those of the static items that follow the
        camera, and the backdrops of the moving items (see :meth:`Item.backdrop`)."""
        out = []
        for item in self.items:
            if item.static:
                out.extend(item.artists if item.follows_view else ())
            else:
                out.extend(item.backdrop_artists)
        return out
