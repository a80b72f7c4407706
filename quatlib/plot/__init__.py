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
package is (``import quatlib`` alone does not import it).

The package, by role (private modules, every public name re-exported here)
--------------------------------------------------------------------------
``_style``   palette (:data:`COLORS`, :data:`AXIS_COLORS`, :data:`COLOR_ROLES`, :func:`line_alpha`: how faint a
             line may be), :func:`style`, :func:`figure`, the z-order bands :class:`Z`, :func:`fontsizes` and
             :func:`set_min_fontsize` (projector mode)
``_layout``  :func:`panels`, :func:`panel_row` (panels of different widths side by side, one height),
             :func:`strip`, :func:`strips_below`, :func:`overlay`
``_render``  :class:`Renderer` (one per figure: cached background, moving artists), :func:`render_png`, ...
``_png``     :func:`encode_png`, :class:`PngEncoder` (deflates only the rows that changed)
``_agg``     the Agg canvas of course figures: each line of text rasterized once, then reused
``_camera``  :class:`Camera`, :class:`Scene`
``_transforms`` a panel's ``transData`` kept as one matrix (scenes and charts draw through it: same pixels)
``_items``   :class:`Item`, the base class of everything drawn in a scene, and :func:`as_points`, :func:`as_matrix`
``_artists`` :class:`Arrow`, :class:`Point`, :class:`Frame`, :class:`Arc`, :class:`Plane`, :class:`Polyline`,
             :class:`Dots`, :class:`Trail`, :class:`Sphere`, :class:`UnitCircle`
``_collections`` matplotlib's polygon and segment collections and its lines, with a lean ``draw`` (same pixels)
``_solids``  :class:`Box`, :class:`Cube`, :class:`LetteredCube`, :class:`Gimbal`, :class:`Ribbon`,
             :class:`Tethers`, :class:`BallOfRotations`
``_ringnames`` :class:`RingNames` (the names of a gimbal's rings, beside them)
``_labelset`` :class:`LabelSet` (labels by key, each moved to its own point: names placed by the math)
``_texts``   :class:`Label`, :class:`ScreenText`, :class:`StaticText`, :class:`StaticArtists`, :func:`legend`,
             :class:`Bars`, :func:`add_text` (a text whose layout is kept between draws)
``_turret``  :class:`Turret` (a still pedestal, a head and a barrel turned by ``R``)
``_spherepath`` :class:`SpherePath` (a point's path on a sphere: whole, so far, equal steps, a needle)
``_turnaxis`` :class:`TurnAxis` (a turn's axis through the centre, its name, a meridian up to it)
``_outline`` :class:`OutlineText` (text drawn as glyph outlines), :class:`WorldAxes` (x, y, z with such letters)
``_charts``  :class:`History`, :class:`Curves`, :class:`ChartStack`, :class:`Sketch`, :func:`envelope` (2D plots
             beside the scenes)
``_errorcurves`` :class:`ErrorCurves` (log-log curves of errors that may be exactly 0, e.g. drift over frames)
``_arcchord`` :class:`ArcAndChord` (the plane of S³ through two quaternions: SLERP's arc, LERP's chord, NLERP)
``_measure`` :func:`screen_gap` (how far apart two points are drawn)
``_legibility`` :func:`text_boxes` (every text drawn, with its box), :func:`overlapping_labels`,
             :func:`labels_outside`, :func:`labels_on_ink`, :class:`TextBox`: is every label legible?
``_placer``  :func:`place_labels` (labels in turn, each at its first free spot), :func:`ring_offsets`,
             :func:`text_size`, :class:`PlacedLabels` (names at 3D points, placed so that none covers another),
             :func:`place_beside` (a demo's own labels, each beside its point, off every other text)

Plotting draws; it does not compute rotations.  The points of an :class:`Arc`
come from :func:`quatlib.models.geometry.arc_points`, a cube's matrix from
``quatlib.matrix_from_quaternion``; no module here imports quatlib's math.

Writing your own item
---------------------
Subclass :class:`Item`: create your matplotlib artists in ``__init__`` (after
``super().__init__(scene)``, which registers the item with the scene), add them
to ``self.ax`` and declare them with :meth:`Item.own`; keep the 3D data in
``set_data`` and end it with ``self.project()`` (or, when the projection reads
nothing but ``set_data``'s arguments, ``self.project_changes(*arguments)``,
which skips a projection of the data already shown from the same view: see
:meth:`Item.project_changes`); in :meth:`Item.project` turn
the data into screen positions with ``self.scene.project``.  The scene calls
``project()`` when its view turns, and the figure's :class:`Renderer` redraws
the item's artists on every update (``static = True`` instead draws them once
into the cached background; call :meth:`Item.changed` after changing one; an
item in axes coordinates that the view does not move says
``follows_view = False``, so a view turn leaves it in the background; a moving
item's artists that change only with the view, beneath the others, are declared
with :meth:`Item.backdrop` and drawn into the background too).
Pick the ``zorder`` from the bands of :class:`Z`.  A view turn projects the
items in the order they were made, so an item placed off others (names kept
off lines) is made after them, or asks for it with :meth:`Scene.project_after`.

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

A new item, a segment between two 3D points:

>>> from matplotlib.lines import Line2D
>>> class Segment(ql.plot.Item):
...     def __init__(self, scene, a=(0, 0, 0), b=(1, 0, 0), *, color=ql.plot.COLORS["ink"]):
...         super().__init__(scene)
...         self._line = Line2D([], [], color=color, lw=1.5, zorder=ql.plot.Z.MID)
...         self.ax.add_line(self._line)
...         self.own(self._line)
...         self.set_data(a, b)
...
...     def set_data(self, a, b) -> None:
...         self.ends = ql.plot.as_points([a, b], "segment ends")
...         self.project()
...
...     def project(self) -> None:
...         xy, _ = self.scene.project(self.ends)
...         self._line.set_data(xy[:, 0], xy[:, 1])
>>> seg = Segment(scene, b=(0, 1, 0))
>>> scene.set_view(0, 0)  # looking along -z: y is straight up on screen
>>> np.round(seg.artists[0].get_ydata(), 3)
array([0., 1.])
>>> ql.plot.render_png(fig)[:4]
b'\\x89PNG'
"""

from ._arcchord import ArcAndChord
from ._artists import Arc, Arrow, Dots, Frame, Plane, Point, Polyline, Sphere, Trail, UnitCircle
from ._camera import Camera, Scene
from ._charts import ChartStack, Curves, History, Sketch, envelope
from ._errorcurves import ErrorCurves
from ._items import Item, as_matrix, as_points
from ._labelset import LabelSet
from ._layout import overlay, panel_row, panels, strip, strips_below
from ._legibility import TextBox, labels_on_ink, labels_outside, overlapping_labels, text_boxes
from ._measure import screen_gap
from ._outline import OutlineText, WorldAxes
from ._placer import PlacedLabels, place_beside, place_labels, ring_offsets, text_size
from ._png import PngEncoder, encode_png
from ._render import Renderer, invalidate, render_png, render_rgb
from ._ringnames import RingNames
from ._solids import BallOfRotations, Box, Cube, Gimbal, LetteredCube, Ribbon, Tethers
from ._spherepath import SpherePath
from ._style import (
    AXIS_COLORS,
    COLOR_ROLES,
    COLORS,
    DEFAULT_VIEW,
    LINE_CONTRAST,
    Z,
    chart_axes,
    darken,
    figure,
    fontsizes,
    lighten,
    line_alpha,
    set_min_fontsize,
    style,
)
from ._texts import Bars, Label, ScreenText, StaticArtists, StaticText, add_text, legend
from ._turnaxis import TurnAxis
from ._turret import Turret

__all__ = [
    # style and layout
    "AXIS_COLORS", "COLORS", "COLOR_ROLES", "DEFAULT_VIEW", "Z", "style", "figure", "lighten", "darken", "chart_axes",
    "LINE_CONTRAST", "line_alpha",
    "panels", "strip", "strips_below", "overlay", "panel_row",
    # the smallest text of a figure (projector mode)
    "fontsizes", "set_min_fontsize",
    # rendering
    "Renderer", "render_png", "render_rgb", "invalidate", "encode_png", "PngEncoder",
    # camera, scene and the extension API
    "Camera", "Scene", "Item", "as_points", "as_matrix",
    # items in a scene
    "Arrow", "Point", "Frame", "Arc", "Plane", "Polyline", "Dots", "Trail", "Sphere", "UnitCircle",
    "Box", "Cube", "LetteredCube", "Gimbal", "Ribbon", "Tethers", "BallOfRotations", "RingNames", "Turret",
    "SpherePath", "TurnAxis",
    "Label", "LabelSet", "ScreenText", "StaticText", "StaticArtists", "legend", "Bars", "add_text",
    # 2D charts
    "History", "Curves", "ChartStack", "Sketch", "envelope", "ArcAndChord", "ErrorCurves",
    # text drawn as glyph outlines (cheap to redraw)
    "OutlineText", "WorldAxes",
    # legibility: the boxes of the texts drawn, overlaps, texts cut off
    "TextBox", "text_boxes", "overlapping_labels", "labels_outside", "labels_on_ink",
    # placing labels apart
    "place_labels", "ring_offsets", "text_size", "place_beside", "PlacedLabels",
    # measures of the drawing
    "screen_gap",
]
