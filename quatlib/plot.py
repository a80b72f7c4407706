"""The course's visual vocabulary: 3D scenes drawn with a light touch, artists updated in place.

Every figure in the course is built from the pieces here, so a cube, a frame or
a gimbal looks the same in every notebook.  The pieces are *artist objects*:
each is created once and then moved with ``set_data(...)``; nothing creates a
new figure when a slider moves.

How a 3D scene is drawn
-----------------------
A :class:`Scene` owns one matplotlib ``Axes`` and a :class:`Camera`.  Points are
given in course coordinates (right-handed, **Y up**: x right/red, y up/green,
z toward the viewer/blue) and projected orthographically onto a plain 2D
``Axes``::

    (screen_x, screen_y, depth) = Camera.matrix @ (x, y, z)

The camera's rows are the screen's right, up and toward-the-viewer directions,
an orthonormal right-handed triple, so +y is always up on screen (for
``|elevation| < 90°``) and a right-handed frame always looks right-handed.
Drawing in 2D instead of matplotlib's ``Axes3D`` means no panes, grid or ticks to
redraw (they dominate a 3D redraw), fixed limits that never jump, equal aspect
for free, and depth order under our control: hidden cube edges are dashed, the
back halves of the gimbal rings pass behind the cube and the front halves in
front of it.

Geometry comes in as data, never as angles to interpret: a cube takes the
rotation matrix ``R`` (``R @ v``, columns = where the axes went) that quatlib
computed; plotting applies it, it does not decide it.

Styling is per figure (:func:`style`, explicit keyword arguments); nothing
changes matplotlib's global ``rcParams``.  matplotlib is imported only when this
module is.

Examples
--------
>>> import numpy as np
>>> import quatlib as ql
>>> fig, (scene,) = ql.plot.panels(1)
>>> cube = ql.plot.Cube(scene)
>>> frame = ql.plot.Frame(scene)
>>> R = ql.matrix_from_quaternion(ql.quaternion_from_axis_angle([0, 1, 0], 30, degrees=True))
>>> cube.set_data(R)
>>> frame.set_data(R)
>>> png = ql.plot.render_png(fig)
>>> png[:4]
b'\\x89PNG'
"""

from __future__ import annotations

import contextlib
import io
import struct
import zlib

import matplotlib
import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection, PolyCollection
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, Polygon

__all__ = [
    "AXIS_COLORS",
    "COLORS",
    "DEFAULT_VIEW",
    "style",
    "figure",
    "panels",
    "render_png",
    "encode_png",
    "render_rgb",
    "invalidate",
    "Camera",
    "Scene",
    "Cube",
    "Box",
    "Frame",
    "Arrow",
    "Point",
    "Arc",
    "Plane",
    "Gimbal",
    "Ribbon",
    "Trail",
    "UnitCircle",
    "History",
    "chart_axes",
]

# --------------------------------------------------------------------------------------
# Palette and style: one colour per axis for the whole course.
# --------------------------------------------------------------------------------------

#: Colour of the x, y and z axes everywhere in the course: red, green, blue.
AXIS_COLORS = ("#d62728", "#2ca02c", "#1f77b4")

#: Named colours of the course (read them, do not change them).
COLORS = {
    "x": AXIS_COLORS[0],
    "y": AXIS_COLORS[1],
    "z": AXIS_COLORS[2],
    "ink": "#262626",  # edges, text
    "faint": "#a8a8a8",  # world frame, hidden edges, ghosts
    "vector": "#ff7f0e",  # the vector being turned (orange)
    "vector2": "#9467bd",  # a second vector / the complex factor (purple)
    "mirror": "#7fb3d5",  # translucent planes
    "warn": "#b03a2e",  # explanations of degenerate states
    "face": "#d9d9d9",  # cube faces that carry no axis colour
}

#: The default view (azimuth, elevation) in degrees: x to the right, y up, z toward
#: the lower left; all three axes and three faces of a cube visible.
DEFAULT_VIEW = (35.0, 22.0)

_RC = {
    "font.size": 10,
    "font.family": "DejaVu Sans",
    "axes.titlesize": 11,
    "mathtext.fontset": "dejavusans",
    "savefig.facecolor": "white",
    "figure.facecolor": "white",
}

# Draw order bands (matplotlib zorder).  Back halves sit below 10, free items
# (frames, arrows) around 20, front halves above 30; inside a band, bigger shells
# go further out (the onion rule, exact for objects nested around the origin).
_Z_WORLD = 1.0
_Z_BACK = 10.0
_Z_MID = 20.0
_Z_FRONT = 30.0
_Z_TEXT = 50.0


def _lighten(color, amount: float):
    """Blend ``color`` with white: ``amount = 0`` keeps it, ``1`` gives white."""
    rgb = np.array(matplotlib.colors.to_rgb(color))
    return tuple(rgb + (1.0 - rgb) * amount)


@contextlib.contextmanager
def style():
    """Context in which course figures are created (fonts, white background).

    A ``matplotlib.rc_context``: the settings apply inside the ``with`` block only;
    global ``rcParams`` are left as they were.
    """
    with matplotlib.rc_context(_RC):
        yield


def figure(size=(4.0, 4.0), dpi: float = 100) -> Figure:
    """A new white :class:`~matplotlib.figure.Figure` with its own Agg canvas.

    Not registered with pyplot (no global figure list, no backend switch), so it
    lives exactly as long as the object holding it.
    """
    with style():
        fig = Figure(figsize=size, dpi=dpi, facecolor="white")
    FigureCanvasAgg(fig)
    return fig


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
    """
    height = size + title_band + footer
    fig = figure((size * n, height), dpi)
    titles = list(titles) if titles is not None else [title] * n
    scenes = []
    for i in range(n):
        ax = fig.add_axes((i / n, footer / height, 1.0 / n, size / height))
        scenes.append(Scene(ax, title=titles[i], **scene_kwargs))
    return fig, scenes


def _registry(fig) -> dict:
    """Per-figure bookkeeping for fast redraws: its scenes, extra dynamic parts, the cached background."""
    reg = fig.__dict__.get("_quatlib_registry")
    if reg is None:
        reg = {"scenes": [], "extra": [], "background": None, "size": None}
        fig.__dict__["_quatlib_registry"] = reg
    return reg


def invalidate(fig) -> None:
    """Forget the cached static background of ``fig`` (after a change to a static part)."""
    _registry(fig)["background"] = None


def _dynamic_artists(fig) -> list:
    reg = _registry(fig)
    out = []
    for scene in reg["scenes"]:
        for item in scene.items:
            if not item.static:
                out.extend(item._artists)
        out.extend([scene._caption, scene._note])
    for item in reg["extra"]:
        out.extend(item._artists)
    order = {ax: i for i, ax in enumerate(fig.axes)}
    return sorted(out, key=lambda a: (order.get(a.axes, -1), a.get_zorder()))


def render_rgb(fig: Figure) -> np.ndarray:
    """Draw ``fig`` and return its pixels as an ``(height, width, 3)`` uint8 array.

    The static part of a course figure (titles, legends, the unit circle, the axes
    of history plots) is drawn once and cached; each call restores it and draws
    only the moving artists on top.  Static text is most of the cost of a full
    draw (every glyph is rasterized anew), so this is several times faster.
    Changing a title or a static item drops the cache (:func:`invalidate`).
    """
    canvas = fig.canvas
    if type(canvas) is not FigureCanvasAgg:  # e.g. an ipympl canvas: leave it in place, draw a copy
        buf = io.BytesIO()
        fig.savefig(buf, format="rgba", dpi=fig.dpi)
        w, h = (int(round(v)) for v in fig.get_size_inches() * fig.dpi)
        return np.frombuffer(buf.getvalue(), np.uint8).reshape(h, w, 4)[..., :3]
    reg = _registry(fig)
    dynamic = _dynamic_artists(fig)
    size = tuple(canvas.get_width_height())
    if reg["background"] is None or reg["size"] != size:
        for a in dynamic:
            a.set_animated(True)
        try:
            canvas.draw()  # everything except the animated (moving) artists
        finally:
            for a in dynamic:
                a.set_animated(False)
        reg["background"] = canvas.copy_from_bbox(fig.bbox)
        reg["size"] = size
    else:
        canvas.restore_region(reg["background"])
    renderer = canvas.get_renderer()
    for a in dynamic:
        if a.get_visible():
            a.draw(renderer)
    return np.asarray(canvas.buffer_rgba())[..., :3]


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def encode_png(rgb: np.ndarray, compress_level: int = 1) -> bytes:
    """PNG bytes of an ``(height, width, 3)`` uint8 image, written for speed.

    Rows are stored unfiltered and deflated at ``compress_level`` (1 = fastest).
    Course figures are mostly flat white, which deflate squeezes well without
    PNG's per-row filters; measured here this is about twice as fast as Pillow's
    encoder and gives a smaller file.  Lossless: decoding gives ``rgb`` back.
    """
    rgb = np.ascontiguousarray(rgb, dtype=np.uint8)
    h, w, _ = rgb.shape
    raw = np.zeros((h, 1 + 3 * w), np.uint8)  # first byte of each row: filter type 0 (none)
    raw[:, 1:] = rgb.reshape(h, 3 * w)
    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)  # 8-bit RGB, no interlace
    return (b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", header)
            + _png_chunk(b"IDAT", zlib.compress(raw.tobytes(), compress_level)) + _png_chunk(b"IEND", b""))


def render_png(fig: Figure, *, compress_level: int = 1) -> bytes:
    """Draw ``fig`` (see :func:`render_rgb`) and return it as PNG bytes (see :func:`encode_png`)."""
    return encode_png(render_rgb(fig), compress_level)


# --------------------------------------------------------------------------------------
# Camera and scene
# --------------------------------------------------------------------------------------


class Camera:
    """Orthographic camera with Y up: azimuth about +y, elevation above the xz-plane.

    ``azim = elev = 0`` looks along ``-z``: x right, y up, z toward the viewer (the
    plane view used for 2D panels).  Positive ``azim`` walks the camera toward +x,
    positive ``elev`` lifts it above the xz-plane.  :attr:`matrix` has rows
    ``right, up, toward`` (right-handed: ``right × up = toward``)::

        toward = ( sin(az) cos(el),  sin(el),  cos(az) cos(el))
        right  = ( cos(az),          0,        -sin(az)       )
        up     = toward × right
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
    """

    def __init__(self, ax, *, extent: float = 1.6, view=DEFAULT_VIEW, world_frame: bool = True, title=None):
        self.ax = ax
        self.extent = float(extent)
        self.camera = Camera(*view)
        self.items: list[_Item] = []
        _registry(ax.figure)["scenes"].append(self)
        with style():
            ax.set_axis_off()
            ax.set_xlim(-self.extent, self.extent)
            ax.set_ylim(-self.extent, self.extent)
            ax.set_aspect("equal", adjustable="box")
            ax.set_autoscale_on(False)
            self._title = ax.text(
                0.5, 1.0, title or "", transform=ax.transAxes, ha="center", va="bottom",
                fontsize=11, color=COLORS["ink"], zorder=_Z_TEXT, clip_on=False,
            )
            self._note = ax.text(
                0.02, 0.02, "", transform=ax.transAxes, ha="left", va="bottom", fontsize=9.5,
                color=COLORS["warn"], zorder=_Z_TEXT,
                bbox=dict(boxstyle="round,pad=0.25", facecolor="white", edgecolor="none", alpha=0.85),
            )
            self._note.set_visible(False)
            self._caption = ax.text(
                0.03, -0.01, "", transform=ax.transAxes, ha="left", va="top", fontsize=9.5,
                family="DejaVu Sans Mono", color=COLORS["ink"], zorder=_Z_TEXT, clip_on=False,
            )
        self.world = None
        if world_frame:
            self.world = Frame(
                self, length=0.86 * self.extent, labels=("x", "y", "z"), linewidth=1.0, alpha=0.45,
                head=0.07, zorder=_Z_WORLD,
            )

    # -- camera ------------------------------------------------------------------------
    @property
    def view(self):
        """Current ``(azimuth, elevation)`` in degrees."""
        return (self.camera.azim, self.camera.elev)

    def set_view(self, azim: float, elev: float) -> None:
        """Turn the camera and re-project every item (no figure is recreated)."""
        self.camera.set_view(azim, elev)
        for item in self.items:
            item._project()
        if any(item.static for item in self.items):  # static items follow the camera too
            invalidate(self.ax.figure)

    def project(self, points):
        """Screen coordinates and depth of course-coordinate ``points`` (see :class:`Camera`)."""
        return self.camera.project(points)

    # -- text --------------------------------------------------------------------------
    def set_title(self, text: str) -> None:
        """Replace the title (one line that says what to look at)."""
        if text != self._title.get_text():
            self._title.set_text(text)
            invalidate(self.ax.figure)

    def set_note(self, text: str = "", color=None) -> None:
        """Show an explanation in the bottom-left corner, on a white card ('' hides it)."""
        self._note.set_text(text)
        self._note.set_visible(bool(text))
        self._note.set_color(color or COLORS["warn"])

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

    def _add(self, item) -> None:
        self.items.append(item)


def _as_points(p, what="points") -> np.ndarray:
    a = np.asarray(p, dtype=float)
    if a.shape[-1:] != (3,):
        raise ValueError(f"Expected {what} with shape (..., 3), got {a.shape}")
    return a


def _as_matrix(R) -> np.ndarray:
    if R is None:
        return np.eye(3)
    a = np.asarray(R, dtype=float)
    if a.shape != (3, 3):
        raise ValueError(f"Expected a rotation matrix with shape (3, 3), got {a.shape}")
    return a


class _Item:
    """Base of every artist object: keeps 3D data, re-projects on view change.

    ``static`` items (the unit circle, fixed labels) are drawn into the cached
    background of the figure; all others are redrawn on every update.
    """

    static = False

    def __init__(self, scene: Scene):
        self.scene = scene
        self.ax = scene.ax
        scene._add(self)

    def _touch(self) -> None:
        """A static item changed: its figure's cached background must be redrawn."""
        if self.static:
            invalidate(self.ax.figure)

    @property
    def artists(self) -> list:
        """The matplotlib artists this item owns (for tests and styling)."""
        return list(self._artists)

    def set_visible(self, visible: bool) -> None:
        for a in self._artists:
            a.set_visible(visible)

    def _project(self) -> None:  # pragma: no cover - every subclass overrides
        raise NotImplementedError


def _shell_z(front: bool, shell: float, extent: float) -> float:
    """zorder of the front or back half of something at distance ``shell`` from the origin."""
    s = 4.0 * min(shell / max(extent, 1e-9), 1.5) / 1.5
    return _Z_FRONT + s if front else _Z_BACK - s


# --------------------------------------------------------------------------------------
# Arrow, point, frame
# --------------------------------------------------------------------------------------


class Arrow(_Item):
    """A vector drawn as a shaft with a head: ``Arrow(scene).set_data(tip, tail=(0, 0, 0))``.

    The head is drawn in screen space and shrinks when the arrow points at the
    viewer, so it never flips.  ``label`` is written just beyond the tip.
    """

    def __init__(self, scene, tip=(1, 0, 0), tail=(0, 0, 0), *, color=COLORS["vector"], linewidth=2.2,
                 head=0.11, label=None, alpha=1.0, zorder=_Z_MID, linestyle="-", fontsize=10, static=False):
        super().__init__(scene)
        self.static = static
        self.head = float(head)
        self.zorder = zorder
        self._line = Line2D([], [], color=color, lw=linewidth, alpha=alpha, ls=linestyle,
                            solid_capstyle="butt", zorder=zorder)
        self._head = Polygon(np.zeros((3, 2)), closed=True, facecolor=color, edgecolor="none",
                             alpha=alpha, zorder=zorder)
        self._label = self.ax.text(0, 0, label or "", color=color, fontsize=fontsize, ha="center",
                                   va="center", alpha=min(1.0, alpha + 0.2), zorder=_Z_TEXT - 1)
        self.ax.add_line(self._line)
        self.ax.add_patch(self._head)
        self._artists = [self._line, self._head, self._label]
        self.set_data(tip, tail)

    def set_data(self, tip, tail=(0, 0, 0)) -> None:
        """Move the arrow: from ``tail`` to ``tip`` (course coordinates)."""
        self.tip = _as_points(tip, "tip").reshape(3)
        self.tail = _as_points(tail, "tail").reshape(3)
        self._project()

    def set_label(self, text: str) -> None:
        self._label.set_text(text)
        self._touch()

    def set_color(self, color) -> None:
        for a in (self._line, self._head, self._label):
            a.set_color(color)
        self._touch()

    def _project(self) -> None:
        (t0, t1), depth = self.scene.project(np.array([self.tail, self.tip]))
        d = t1 - t0
        length = float(np.hypot(*d))
        if length < 1e-9:
            u = np.array([1.0, 0.0])
            h = 0.0
        else:
            u = d / length
            h = min(self.head, 0.45 * length)
        n = np.array([-u[1], u[0]])
        base = t1 - h * u
        self._line.set_data([t0[0], base[0] + 0.2 * h * u[0]], [t0[1], base[1] + 0.2 * h * u[1]])
        self._head.set_xy(np.array([t1, base + 0.45 * h * n, base - 0.45 * h * n]))
        offset = 0.09 * self.scene.extent / 1.6
        self._label.set_position(t1 + u * offset if length > 1e-9 else t1 + offset)
        self._touch()
        if self.zorder == _Z_MID:
            z = _Z_MID + 2.0 * np.tanh(float(depth.mean()) / self.scene.extent)
            for a in (self._line, self._head):
                a.set_zorder(z)


class Point(_Item):
    """A dot with an optional label: ``Point(scene, label="p").set_data(p)``."""

    def __init__(self, scene, p=(0, 0, 0), *, color=COLORS["vector"], size=7, label=None,
                 label_offset=(0.08, 0.08), zorder=_Z_MID + 3, fontsize=10):
        super().__init__(scene)
        self.label_offset = np.asarray(label_offset, dtype=float)
        self._dot = Line2D([], [], ls="none", marker="o", ms=size, color=color, mec="white", mew=0.8,
                           zorder=zorder)
        self._label = self.ax.text(0, 0, label or "", color=color, fontsize=fontsize, zorder=_Z_TEXT - 1)
        self.ax.add_line(self._dot)
        self._artists = [self._dot, self._label]
        self.set_data(p)

    def set_data(self, p) -> None:
        self.p = _as_points(p, "point").reshape(3)
        self._project()

    def set_label(self, text: str) -> None:
        self._label.set_text(text)

    def _project(self) -> None:
        xy, _ = self.scene.project(self.p)
        self._dot.set_data([xy[0]], [xy[1]])
        self._label.set_position(xy + self.label_offset)


class Frame(_Item):
    """A coordinate frame (triad): three arrows x red, y green, z blue.

    ``Frame(scene).set_data(R, origin)`` draws the columns of ``R`` (where the
    axes went) from ``origin``.
    """

    def __init__(self, scene, R=None, origin=(0, 0, 0), *, length=1.25, labels=None, linewidth=2.4,
                 alpha=1.0, head=0.11, zorder=_Z_MID, colors=AXIS_COLORS, static=False):
        super().__init__(scene)
        self.static = static
        self.length = float(length)
        labels = labels or (None, None, None)
        self.arrows = [
            Arrow(scene, color=c, linewidth=linewidth, head=head, label=lab, alpha=alpha, zorder=zorder)
            for c, lab in zip(colors, labels)
        ]
        # the arrows are projected by this frame, not on their own
        for a in self.arrows:
            scene.items.remove(a)
        self._artists = [art for a in self.arrows for art in a._artists]
        self.set_data(R, origin)

    def set_data(self, R=None, origin=(0, 0, 0)) -> None:
        """Axes ``R[:, 0], R[:, 1], R[:, 2]`` drawn from ``origin`` (identity if ``R`` is None)."""
        self.R = _as_matrix(R)
        self.origin = _as_points(origin, "origin").reshape(3)
        self._project()

    def _project(self) -> None:
        for k, arrow in enumerate(self.arrows):
            arrow.tip = self.origin + self.length * self.R[:, k]
            arrow.tail = self.origin
            arrow._project()


# --------------------------------------------------------------------------------------
# Box / cube
# --------------------------------------------------------------------------------------

_UNIT_VERTICES = np.array([[x, y, z] for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)], dtype=float)
# faces as vertex indices, counter-clockwise seen from outside; order +x, -x, +y, -y, +z, -z
_FACES = np.array([[4, 6, 7, 5], [0, 1, 3, 2], [2, 3, 7, 6], [0, 4, 5, 1], [1, 5, 7, 3], [0, 2, 6, 4]])
_FACE_NORMALS = np.array([[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]], float)
_EDGES = np.array([(a, b) for a in range(8) for b in range(a + 1, 8)
                   if np.sum(_UNIT_VERTICES[a] != _UNIT_VERTICES[b]) == 1])
# for every edge, the two faces that share it
_EDGE_FACES = np.array([[f for f in range(6) if a in _FACES[f] and b in _FACES[f]] for a, b in _EDGES])
# a letter F on the +z face (chiral: its mirror image reads backwards), in face units
_F_STROKES = [np.array([[-0.3, -0.45], [-0.3, 0.45], [0.3, 0.45]]), np.array([[-0.3, 0.02], [0.15, 0.02]])]


class Box(_Item):
    """A box with dark edges and lightly tinted faces, one face pair per axis colour.

    The +x, +y and +z faces are tinted red, green and blue; the opposite faces
    grey; the +z face carries a letter F.  Together they make orientation and
    handedness readable at a glance (a mirror image shows a backwards F and the
    colours in the other cyclic order).  Hidden edges are dashed.

    ``Box(scene, size=(2, 1, 0.5)).set_data(R, center)`` places the box rotated by
    ``R`` (``R @ v``; from quatlib) around ``center``.
    """

    def __init__(self, scene, size=(1.0, 1.0, 1.0), R=None, center=(0, 0, 0), *, alpha=0.35,
                 edgecolor=COLORS["ink"], colored_faces=True, mark="F", linewidth=1.6):
        super().__init__(scene)
        self.size = np.broadcast_to(np.asarray(size, dtype=float), (3,)).copy()
        self._local = _UNIT_VERTICES * (self.size / 2)
        tints = [_lighten(COLORS["face"], 0.0)] * 6
        if colored_faces:
            tints = [
                _lighten(AXIS_COLORS[0], 0.45), _lighten(COLORS["face"], 0.0),
                _lighten(AXIS_COLORS[1], 0.45), _lighten(COLORS["face"], 0.0),
                _lighten(AXIS_COLORS[2], 0.45), _lighten(COLORS["face"], 0.0),
            ]
        self.face_colors = np.array([(*c, alpha) for c in tints])
        self._back_faces = PolyCollection([], edgecolors="none", zorder=_Z_BACK)
        self._front_faces = PolyCollection([], edgecolors="none", zorder=_Z_FRONT)
        self._back_edges = LineCollection([], colors=COLORS["faint"], linewidths=1.0, linestyles=(0, (3, 3)),
                                          zorder=_Z_BACK)
        self._front_edges = LineCollection([], colors=edgecolor, linewidths=linewidth, zorder=_Z_FRONT,
                                           capstyle="round")
        self._mark = LineCollection([], colors=COLORS["ink"], linewidths=2.0, zorder=_Z_FRONT,
                                    capstyle="round", joinstyle="round")
        self._mark_local = []
        if mark == "F":
            half = self.size / 2
            scale = 0.55 * min(half[0], half[1])
            self._mark_local = [np.column_stack([s[:, 0] * scale, s[:, 1] * scale, np.full(len(s), half[2])])
                                for s in _F_STROKES]
        for c in (self._back_faces, self._back_edges, self._front_faces, self._front_edges, self._mark):
            self.ax.add_collection(c)
        self._artists = [self._back_faces, self._back_edges, self._front_faces, self._front_edges, self._mark]
        self.set_data(R, center)

    def set_data(self, R=None, center=(0, 0, 0)) -> None:
        """Turn the box by ``R`` about its centre and put the centre at ``center``."""
        self.R = _as_matrix(R)
        self.center = _as_points(center, "center").reshape(3)
        self.vertices = self._local @ self.R.T + self.center
        self._project()

    @property
    def shell(self) -> float:
        """Distance from the scene origin to the farthest vertex."""
        return float(np.sqrt((self.vertices ** 2).sum(-1)).max())

    def _project(self) -> None:
        xy, _ = self.scene.project(self.vertices)
        normals = _FACE_NORMALS @ self.R.T
        front = normals @ self.scene.camera.toward > 1e-9
        self.front = front
        polys = xy[_FACES]
        self._back_faces.set_verts(list(polys[~front]))
        self._back_faces.set_facecolor(self.face_colors[~front])
        self._front_faces.set_verts(list(polys[front]))
        self._front_faces.set_facecolor(self.face_colors[front])
        edge_front = front[_EDGE_FACES].any(axis=1)
        segs = xy[_EDGES]
        self._back_edges.set_segments(list(segs[~edge_front]))
        self._front_edges.set_segments(list(segs[edge_front]))
        shell = self.shell
        extent = self.scene.extent
        self._back_faces.set_zorder(_shell_z(False, shell, extent) + 0.01)
        self._back_edges.set_zorder(_shell_z(False, shell, extent) + 0.02)
        self._front_faces.set_zorder(_shell_z(True, shell, extent))
        self._front_edges.set_zorder(_shell_z(True, shell, extent) + 0.01)
        if self._mark_local:
            strokes = [self.scene.project(s @ self.R.T + self.center)[0] for s in self._mark_local]
            self._mark.set_segments(strokes)
            mark_front = bool(front[4])
            self._mark.set_zorder(_shell_z(mark_front, shell, extent) + 0.02)
            self._mark.set_alpha(1.0 if mark_front else 0.3)


class Cube(Box):
    """A :class:`Box` with equal sides (default side 1)."""

    def __init__(self, scene, side: float = 1.0, R=None, center=(0, 0, 0), **kwargs):
        super().__init__(scene, (side, side, side), R, center, **kwargs)


# --------------------------------------------------------------------------------------
# Arc, plane, gimbal
# --------------------------------------------------------------------------------------


class Arc(_Item):
    """The angle swept by a turn, drawn as an arc with an arrowhead at its end.

    ``Arc(scene).set_data(axis, start, angle)`` draws the path of the point
    ``start`` turned about ``axis`` through ``angle`` (radians; positive is
    counter-clockwise seen from the tip of the axis, the course's convention).
    The points come from quatlib (``rotate_vector``), so the arc turns exactly the
    way the math does.
    """

    def __init__(self, scene, axis=(0, 0, 1), start=(1, 0, 0), angle=0.0, center=(0, 0, 0), *,
                 color=COLORS["vector2"], linewidth=1.8, label=None, n=48, head=0.09, alpha=1.0,
                 fontsize=11, label_radius=1.18, zorder=_Z_MID + 1):
        super().__init__(scene)
        self.n = int(n)
        self.head = head
        self.label_radius = label_radius
        self._line = Line2D([], [], color=color, lw=linewidth, alpha=alpha, zorder=zorder)
        self._head = Polygon(np.zeros((3, 2)), closed=True, facecolor=color, edgecolor="none",
                             alpha=alpha, zorder=zorder)
        self._label = self.ax.text(0, 0, label or "", color=color, fontsize=fontsize, ha="center",
                                   va="center", zorder=_Z_TEXT - 1)
        self.ax.add_line(self._line)
        self.ax.add_patch(self._head)
        self._artists = [self._line, self._head, self._label]
        self.set_data(axis, start, angle, center)

    def set_data(self, axis, start, angle, center=(0, 0, 0)) -> None:
        from ._axis_angle import quaternion_from_axis_angle
        from ._rotate import rotate_vector

        self.angle = float(angle)
        self.center = _as_points(center, "center").reshape(3)
        start = _as_points(start, "start").reshape(3)
        ts = np.linspace(0.0, self.angle, self.n)
        if np.allclose(axis, 0):
            pts = np.repeat(start[None], self.n, axis=0)
        else:
            pts = rotate_vector(quaternion_from_axis_angle(axis, ts), start)
        self.points = pts + self.center
        self._project()

    def set_label(self, text: str) -> None:
        self._label.set_text(text)

    def _project(self) -> None:
        xy, _ = self.scene.project(self.points)
        self._line.set_data(xy[:, 0], xy[:, 1])
        d = xy[-1] - xy[-2] if len(xy) > 1 else np.zeros(2)
        length = float(np.hypot(*d))
        span = float(np.hypot(*(xy[-1] - xy[0])))
        if length < 1e-12 or abs(self.angle) < 1e-9:
            self._head.set_visible(False)
        else:
            self._head.set_visible(True)
            u = d / length
            nrm = np.array([-u[1], u[0]])
            h = min(self.head, 0.6 * max(span, abs(self.angle) * 0.3))
            tip = xy[-1]
            base = tip - h * u
            self._head.set_xy(np.array([tip, base + 0.5 * h * nrm, base - 0.5 * h * nrm]))
        c, _ = self.scene.project(self.center)
        mid = xy[len(xy) // 2]
        self._label.set_position(c + (mid - c) * self.label_radius)


class Plane(_Item):
    """A translucent square mirror through ``center`` with unit normal ``normal``, and the normal arrow.

    The square's in-plane edges follow ``in_plane`` (projected into the plane), or
    a fixed rule (the world y axis, or x when the normal is along y) if not given.
    """

    def __init__(self, scene, normal=(1, 0, 0), center=(0, 0, 0), *, size=2.0, in_plane=None,
                 color=COLORS["mirror"], alpha=0.25, show_normal=True, label=None):
        super().__init__(scene)
        self.size = float(size)
        self._poly = Polygon(np.zeros((4, 2)), closed=True, facecolor=(*matplotlib.colors.to_rgb(color), alpha),
                             edgecolor=color, lw=1.2, zorder=_Z_MID - 1)
        self.ax.add_patch(self._poly)
        self.normal_arrow = Arrow(scene, color=color, linewidth=2.0, label=label) if show_normal else None
        if self.normal_arrow is not None:
            scene.items.remove(self.normal_arrow)
        self._artists = [self._poly] + (self.normal_arrow._artists if self.normal_arrow else [])
        self.set_data(normal, center, in_plane)

    def set_data(self, normal, center=(0, 0, 0), in_plane=None) -> None:
        n = _as_points(normal, "normal").reshape(3)
        norm = np.linalg.norm(n)
        if norm == 0:
            raise ValueError("Expected a non-zero plane normal, got (0, 0, 0)")
        self.normal = n / norm
        self.center = _as_points(center, "center").reshape(3)
        helper = np.array([0.0, 1.0, 0.0]) if in_plane is None else _as_points(in_plane).reshape(3)
        v = helper - (helper @ self.normal) * self.normal
        if np.linalg.norm(v) < 1e-6:
            helper = np.array([1.0, 0.0, 0.0])
            v = helper - (helper @ self.normal) * self.normal
        v /= np.linalg.norm(v)
        u = np.cross(v, self.normal)
        h = self.size / 2
        self.corners = self.center + h * np.array([u + v, -u + v, -u - v, u - v])
        self._project()

    def _project(self) -> None:
        xy, _ = self.scene.project(self.corners)
        self._poly.set_xy(xy)
        if self.normal_arrow is not None:
            self.normal_arrow.tail = self.center
            self.normal_arrow.tip = self.center + 0.5 * self.size * self.normal
            self.normal_arrow._project()


def _circle(n: int, plane: str) -> np.ndarray:
    t = np.linspace(0.0, 2 * np.pi, n)
    c, s = np.cos(t), np.sin(t)
    z = np.zeros_like(t)
    return {"xy": np.column_stack([c, s, z]), "xz": np.column_stack([c, z, s]),
            "yz": np.column_stack([z, c, s])}[plane]


class Gimbal(_Item):
    """Three nested rings: outer = yaw (about y), middle = pitch (x), inner = roll (z).

    Each ring is coloured by the axis it turns about (yaw green, pitch red, roll
    blue) and carries that axis as a dashed line.  ``set_data(R_outer, R_middle,
    R_inner)`` takes the three ring orientations, which for
    ``R = Ry(yaw) Rx(pitch) Rz(roll)`` are ``Ry(yaw)``, ``Ry(yaw) Rx(pitch)`` and
    ``R`` (compute them with quatlib).

    Two ways to draw the rings (``style``):

    ``"sweep"`` (default)
        Each ring lies in the plane its turn sweeps, perpendicular to its axis,
        like the rotate handles of a 3D editor.  At rest the three are mutually
        perpendicular; at pitch ±90° the roll axis has turned onto the yaw axis,
        so the inner (roll) ring lies in the outer (yaw) ring's plane: the two
        rings visibly line up, and yaw and roll turn about the same line.
    ``"mechanical"``
        A physical gimbal: each ring contains its own axis (its pivots, drawn as
        stubs) and holds the next ring's pivots.  At pitch ±90° the middle ring
        folds into the outer ring's plane and the roll axle lines up with the yaw
        axle.
    """

    RING_AXES = (1, 0, 2)  # outer turns about y, middle about x, inner about z
    STYLES = {"sweep": ("xz", "yz", "xy"), "mechanical": ("xy", "xz", "yz")}

    def __init__(self, scene, radii=(1.5, 1.3, 1.1), *, style="sweep", linewidth=5.0, n=97, labels=None,
                 legend=("yaw ring, about y", "pitch ring, about x", "roll ring, about z")):
        super().__init__(scene)
        if style not in self.STYLES:
            raise ValueError(f"Expected style in {sorted(self.STYLES)}, got {style!r}")
        self.style = style
        self.radii = tuple(float(r) for r in radii)
        self._local = [r * _circle(n, p) for r, p in zip(self.radii, self.STYLES[style])]
        colors = [AXIS_COLORS[a] for a in self.RING_AXES]
        self.colors = colors
        self._rings = []
        for c in colors:
            back = Line2D([], [], color=_lighten(c, 0.35), lw=linewidth * 0.8, solid_capstyle="round",
                          zorder=_Z_BACK)
            front = Line2D([], [], color=c, lw=linewidth, solid_capstyle="round", zorder=_Z_FRONT)
            self.ax.add_line(back)
            self.ax.add_line(front)
            self._rings.append((back, front))
        # axles: pivot stubs (solid, mechanical style only) and the full rotation axis (dashed)
        r_out = self.radii[0]
        stub_outer = r_out + 0.18 * self.scene.extent / 1.6
        self._axle_local = [
            np.array([[0, -stub_outer, 0], [0, -r_out, 0], [np.nan] * 3, [0, r_out, 0], [0, stub_outer, 0]]),
            np.array([[-r_out, 0, 0], [-self.radii[1], 0, 0], [np.nan] * 3, [self.radii[1], 0, 0], [r_out, 0, 0]]),
            np.array([[0, 0, -self.radii[1]], [0, 0, -self.radii[2]], [np.nan] * 3,
                      [0, 0, self.radii[2]], [0, 0, self.radii[1]]]),
        ]
        if style == "sweep":  # no pivots: the rings are the paths of the turns
            self._axle_local = [np.full((2, 3), np.nan)] * 3
        self._axis_local = [np.outer([-1, 1], np.eye(3)[a]) * (stub_outer + 0.05) for a in self.RING_AXES]
        self._axles = []
        self._axis_lines = []
        for c in colors:
            stub = Line2D([], [], color=c, lw=3.0, solid_capstyle="round", zorder=_Z_FRONT)
            axis = Line2D([], [], color=c, lw=1.0, ls=(0, (5, 4)), alpha=0.8, zorder=_Z_MID - 2)
            self.ax.add_line(stub)
            self.ax.add_line(axis)
            self._axles.append(stub)
            self._axis_lines.append(axis)
        labels = labels or (None, None, None)
        self._labels = [self.ax.text(0, 0, lab or "", color=c, fontsize=9.5, ha="center", va="center",
                                     zorder=_Z_TEXT - 1) for lab, c in zip(labels, colors)]
        self._legend = []
        if legend:
            self._legend = [self.ax.text(0.01, 0.99 - 0.05 * k, f"━ {text}", transform=self.ax.transAxes,
                                         color=c, fontsize=9, ha="left", va="top", zorder=_Z_TEXT)
                            for k, (text, c) in enumerate(zip(legend, colors))]
        # the legend never moves: it is drawn into the cached background, not with the rings
        self._artists = [a for pair in self._rings for a in pair] + self._axles + self._axis_lines + self._labels
        self.set_data(None, None, None)

    def set_data(self, R_outer=None, R_middle=None, R_inner=None) -> None:
        """Orient the outer (yaw), middle (pitch) and inner (roll) rings."""
        self.R = [_as_matrix(R_outer), _as_matrix(R_middle), _as_matrix(R_inner)]
        self.rings = [loc @ R.T for loc, R in zip(self._local, self.R)]
        self.axles = [loc @ R.T for loc, R in zip(self._axle_local, self.R)]
        self.axes = [R[:, a] for R, a in zip(self.R, self.RING_AXES)]
        self._project()

    def _project(self) -> None:
        extent = self.scene.extent
        toward = self.scene.camera.toward
        for k, ((back, front), pts) in enumerate(zip(self._rings, self.rings)):
            xy, depth = self.scene.project(pts)
            is_front = depth >= 0
            # widen each half by one point so the halves meet without a gap
            f = is_front | np.roll(is_front, 1) | np.roll(is_front, -1)
            b = ~is_front | np.roll(~is_front, 1) | np.roll(~is_front, -1)
            fx, fy = xy[:, 0].copy(), xy[:, 1].copy()
            fx[~f] = np.nan
            fy[~f] = np.nan
            bx, by = xy[:, 0].copy(), xy[:, 1].copy()
            bx[~b] = np.nan
            by[~b] = np.nan
            front.set_data(fx, fy)
            back.set_data(bx, by)
            r = self.radii[k]
            front.set_zorder(_shell_z(True, r, extent))
            back.set_zorder(_shell_z(False, r, extent))
            axy, adepth = self.scene.project(self.axles[k])
            self._axles[k].set_data(axy[:, 0], axy[:, 1])
            far_end_front = bool(np.isfinite(adepth).any()) and np.nanmean(adepth) >= 0
            self._axles[k].set_zorder(_shell_z(bool(far_end_front), r + 0.01, extent))
            lxy, _ = self.scene.project(self._axis_local[k] @ self.R[k].T)
            self._axis_lines[k].set_data(lxy[:, 0], lxy[:, 1])
            # label next to the ring, at the point of the ring nearest the viewer's upper right
            score = pts @ (self.scene.camera.matrix[0] + self.scene.camera.matrix[1] + 0.5 * toward)
            i = int(np.argmax(score))
            self._labels[k].set_position(xy[i] * (1 + 0.1 / max(r, 1e-9)))


# --------------------------------------------------------------------------------------
# Ribbon, trail
# --------------------------------------------------------------------------------------


class Ribbon(_Item):
    """A strip surface whose twist is visible: its two sides have different colours.

    ``Ribbon(scene).set_data(vertices)`` with ``vertices`` of shape
    ``(n_along, n_across, 3)``.  The quads are depth-sorted on every update and
    shaded by how squarely they face the viewer; the side facing the viewer picks
    the colour (``color`` for the front side, ``back_color`` for the other), so
    each half-turn of twist shows as a change of colour.
    """

    def __init__(self, scene, vertices=None, *, color=COLORS["vector"], back_color=COLORS["vector2"],
                 alpha=0.95, edgecolor="none", zorder=_Z_MID):
        super().__init__(scene)
        self._colors = np.array([matplotlib.colors.to_rgb(color), matplotlib.colors.to_rgb(back_color)])
        self.alpha = alpha
        self._poly = PolyCollection([], edgecolors=edgecolor, linewidths=0.3, zorder=zorder)
        self.ax.add_collection(self._poly)
        self._artists = [self._poly]
        if vertices is None:
            s = np.linspace(-1, 1, 12)
            vertices = np.stack([np.stack([s, np.full_like(s, w), np.zeros_like(s)], -1) for w in (-0.1, 0.1)], 1)
        self.set_data(vertices)

    def set_data(self, vertices) -> None:
        v = _as_points(vertices, "ribbon vertices")
        if v.ndim != 3 or v.shape[0] < 2 or v.shape[1] < 2:
            raise ValueError(f"Expected ribbon vertices with shape (n_along, n_across, 3), n >= 2, got {v.shape}")
        self.vertices = v
        self.quads = np.stack([v[:-1, :-1], v[1:, :-1], v[1:, 1:], v[:-1, 1:]], axis=2).reshape(-1, 4, 3)
        self._project()

    def _project(self) -> None:
        q = self.quads
        normals = np.cross(q[:, 2] - q[:, 0], q[:, 3] - q[:, 1])
        lengths = np.linalg.norm(normals, axis=1)
        normals = normals / np.where(lengths > 0, lengths, 1.0)[:, None]
        facing = normals @ self.scene.camera.toward
        side = (facing < 0).astype(int)
        shade = 0.55 + 0.45 * np.abs(facing)
        rgb = self._colors[side] * shade[:, None] + (1 - shade[:, None]) * 0.15
        xy, depth = self.scene.project(q)
        order = np.argsort(depth.mean(axis=1))
        self.facing = facing
        self._poly.set_verts(list(xy[order]))
        rgba = np.column_stack([rgb[order], np.full(len(order), self.alpha)])
        self._poly.set_facecolor(rgba)


class Trail(_Item):
    """Points traced on a sphere (e.g. where a body-fixed point has been).

    ``Trail(scene, radius=1).set_data(points)``; the sphere's outline is drawn
    faintly, the part of the trail on the far side is drawn faint and dashed.
    """

    def __init__(self, scene, points=None, *, radius=1.0, center=(0, 0, 0), color=COLORS["vector2"],
                 linewidth=2.0, sphere=True, marker_last=True):
        super().__init__(scene)
        self.radius = float(radius)
        self.center = _as_points(center, "center").reshape(3)
        self._sphere = Circle((0, 0), self.radius, facecolor=(0.5, 0.5, 0.5, 0.04),
                              edgecolor=COLORS["faint"], lw=0.8, zorder=_Z_BACK - 5)
        self._sphere.set_visible(sphere)
        self._back = Line2D([], [], color=color, lw=linewidth * 0.7, alpha=0.45, ls=(0, (2, 2)),
                            zorder=_shell_z(False, self.radius, scene.extent))
        self._front = Line2D([], [], color=color, lw=linewidth, zorder=_shell_z(True, self.radius, scene.extent))
        self._last = Line2D([], [], ls="none", marker="o", ms=6, color=color, mec="white",
                            zorder=_Z_FRONT + 5)
        self._last.set_visible(marker_last)
        self.ax.add_patch(self._sphere)
        for a in (self._back, self._front, self._last):
            self.ax.add_line(a)
        self._artists = [self._sphere, self._back, self._front, self._last]
        self.set_data(np.zeros((0, 3)) if points is None else points)

    def set_data(self, points) -> None:
        self.points = _as_points(points, "trail points").reshape(-1, 3)
        self._project()

    def _project(self) -> None:
        c, _ = self.scene.project(self.center)
        self._sphere.center = tuple(c)
        if len(self.points) == 0:
            for a in (self._back, self._front, self._last):
                a.set_data([], [])
            return
        xy, depth = self.scene.project(self.points - self.center)
        xy = xy + c
        front = depth >= 0
        fr = front | np.concatenate([[False], front[:-1]])
        bk = ~front | np.concatenate([[False], ~front[:-1]])
        fx = np.where(fr, xy[:, 0], np.nan)
        fy = np.where(fr, xy[:, 1], np.nan)
        bx = np.where(bk, xy[:, 0], np.nan)
        by = np.where(bk, xy[:, 1], np.nan)
        self._front.set_data(fx, fy)
        self._back.set_data(bx, by)
        self._last.set_data([xy[-1, 0]], [xy[-1, 1]])


# --------------------------------------------------------------------------------------
# 2D: the unit circle / complex plane, and a history plot
# --------------------------------------------------------------------------------------


class UnitCircle(_Item):
    """The plane's axes and the unit circle, for the 2D panels (use a scene with ``view=(0, 0)``).

    ``labels`` names the horizontal and vertical axes (``("x", "y")`` or
    ``("Re", "Im")``); ``ticks`` labels the points ``1, i, -1, -i`` of the circle
    (``("1", "i", "−1", "−i")`` for the complex plane, ``None`` for none).
    """

    static = True

    def __init__(self, scene, *, labels=("x", "y"), ticks=("1", "1", "−1", "−1"), radius=1.0):
        super().__init__(scene)
        e = 0.93 * scene.extent
        self.radius = float(radius)
        ink, faint = COLORS["ink"], COLORS["faint"]
        self._circle = Circle((0, 0), self.radius, facecolor="none", edgecolor=faint, lw=1.2, zorder=_Z_WORLD)
        self.ax.add_patch(self._circle)
        self.x_axis = Arrow(scene, (e, 0, 0), (-e, 0, 0), color=AXIS_COLORS[0], linewidth=1.0, head=0.07,
                            alpha=0.55, zorder=_Z_WORLD)
        self.y_axis = Arrow(scene, (0, e, 0), (0, -e, 0), color=AXIS_COLORS[1], linewidth=1.0, head=0.07,
                            alpha=0.55, zorder=_Z_WORLD)
        self.x_axis._label.set_text(labels[0])
        self.y_axis._label.set_text(labels[1])
        self.x_axis._label.set_position((e, -0.1 * scene.extent))
        self.y_axis._label.set_position((0.1 * scene.extent, e))
        for a in (self.x_axis, self.y_axis):
            scene.items.remove(a)
            a._label.set_fontsize(10)
        self._ticks = []
        if ticks:
            d = 0.07 * scene.extent
            spots = [((self.radius + d, -d), "left", "top"), ((d, self.radius + d), "left", "bottom"),
                     ((-self.radius - d, -d), "right", "top"), ((d, -self.radius - d), "left", "top")]
            for (pos, ha, va), text in zip(spots, ticks):
                self._ticks.append(self.ax.text(*pos, text, color=ink, fontsize=9, ha=ha, va=va, alpha=0.75,
                                                zorder=_Z_WORLD))
        self._artists = [self._circle, *self.x_axis._artists, *self.y_axis._artists, *self._ticks]

    def _project(self) -> None:  # the 2D furniture does not follow the camera
        pass


def chart_axes(ax, grid_alpha: float = 0.4) -> None:
    """Give a 2D plot (a history, a curve against t) the course's light look: no top/right frame, small ticks,
    a faint grid.  Call inside :func:`style`."""
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    ax.tick_params(labelsize=8, length=3)
    ax.grid(True, lw=0.5, alpha=grid_alpha)


class History:
    """A small line plot of a few signals against time, updated in place.

    ``History(ax, labels=("yaw", "pitch", "roll"), colors=..., ylim=(-180, 180),
    window=40).set_data(values)`` with ``values`` of shape ``(n_steps, n_signals)``;
    the last ``window`` steps are shown with fixed limits.
    """

    def __init__(self, ax, labels, colors=None, *, ylim=(-180, 180), window=40, ylabel=None, title=None,
                 styles=None):
        self.ax = ax
        self.window = int(window)
        _registry(ax.figure)["extra"].append(self)
        colors = colors or [None] * len(labels)
        styles = styles or ["-"] * len(labels)
        with style():
            self.lines = [ax.plot([], [], ls, color=c, lw=1.8, label=lab, marker=".", ms=4)[0]
                          for lab, c, ls in zip(labels, colors, styles)]
            ax.set_xlim(0, self.window)
            ax.set_ylim(*ylim)
            ax.set_autoscale_on(False)
            chart_axes(ax, grid_alpha=0.4)
            if ylabel:
                ax.set_ylabel(ylabel, fontsize=9)
            if title:
                ax.set_title(title, fontsize=10, loc="left")
            ax.set_xlabel("step", fontsize=9)
            ax.legend(loc="lower left", bbox_to_anchor=(0.0, 1.0), fontsize=8, ncol=len(labels), frameon=False,
                      handlelength=1.6, columnspacing=0.9, borderaxespad=0.1)
        self._artists = list(self.lines)
        self.set_data(np.zeros((0, len(labels))))

    def set_data(self, values) -> None:
        v = np.asarray(values, dtype=float).reshape(-1, len(self.lines))
        n = len(v)
        start = max(0, n - self.window)
        x = np.arange(start, n) - start
        for k, line in enumerate(self.lines):
            line.set_data(x, v[start:, k])
        self.values = v
