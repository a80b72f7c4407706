"""Is every label legible?  The boxes of the texts a figure draws, and the checks built on them.

A figure is legible when no two of its texts overlap and none is cut off by the
edge of the figure or of the panel that clips it.  Both are judged from what a
real Agg draw puts on the canvas, not from the artists' settings:
:func:`text_boxes` redraws the whole figure (the cached background too, so a
title or a tick label drawn once into it is counted) and records every line of
text as it is drawn:

* a matplotlib ``Text`` -- a label, a title, a tick label, a legend's entry, a
  readout in the figure -- one box per line, the box of the line's ink as Agg
  lays it out (``RendererAgg.get_text_width_height_descent``: from the lowest
  descender to the highest glyph, from the first glyph's edge to the last's,
  turned with the text), with the clip rectangle it was drawn with;
* an :class:`~quatlib.plot.OutlineText` (any ``PathPatch`` drawing a
  ``matplotlib.textpath.TextPath``): the box of its glyph outlines.

A 3D ``Axes3D`` text is measured where its projection is drawn.  Not measured:
texts drawn with path effects or usetex (matplotlib draws them as paths; the
course uses neither).

A text that is not drawn is not counted: hidden (``set_visible(False)``), empty
or only spaces, fully transparent (alpha 0), a tick label the axis does not show.
A text's frame (a label's white card, a legend's box) is not a text: a label
that sits inside a legend's frame is fine.

What counts as a problem
------------------------
Two boxes **overlap** when they still share an area after each is shrunk by
``pad`` pixels (1 by default) on every side: antialiasing smears a glyph's edge
over about a pixel, so two texts whose boxes touch, or meet within a pixel, are
read as two.  Lines of the same text never count as overlapping each other.

A box is **outside** when, shrunk by ``pad``, it is not within the figure, or
not within the clip rectangle it was drawn with (the text is then cut off).

A text is **on ink** (:func:`labels_on_ink`, a stricter look) when much of its
box is covered by the dark marks of other artists: a line through a word, a
label on a cube's edge or under an arrowhead.

>>> import quatlib as ql
>>> fig = ql.plot.figure((2, 1))
>>> _ = fig.text(0.1, 0.5, "q0")
>>> _ = fig.text(0.15, 0.5, "q1")          # 5 px to the right of q0: on top of it
>>> _ = fig.text(0.9, 0.2, "cut off")      # starts 20 px from the right edge
>>> [(a.text, b.text) for a, b in overlapping_labels(fig)]
[('q0', 'q1')]
>>> [box.text for box in labels_outside(fig)]
['cut off']
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.patches import PathPatch
from matplotlib.textpath import TextPath
from matplotlib.transforms import Bbox

from ._render import Renderer

__all__ = ["TextBox", "text_boxes", "overlapping_labels", "labels_outside", "labels_on_ink"]


class TextBox(NamedTuple):
    """One line of text as a figure drew it.

    ``text`` is the line (math text with its ``$``), ``bbox`` the box of its ink
    in display pixels (origin at the figure's bottom left), ``clip`` the clip
    rectangle it was drawn with (``None``: not clipped), ``group`` a number the
    lines of one text share.

    Examples
    --------
    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1, world_frame=False)
    >>> label = ql.plot.Label(scene, "q0", (0, 0, 0))
    >>> (box,) = ql.plot.text_boxes(fig)   # the only text drawn
    >>> box.text, box.group, box.clip
    ('q0', 0, None)
    >>> bool(box.bbox.contains(*scene.ax.transData.transform((0, 0))))   # its ink is around the origin's pixel
    True
    """

    text: str
    bbox: Bbox
    clip: Bbox | None
    group: int


def text_boxes(fig) -> list[TextBox]:
    """Every line of text ``fig`` draws, with its box, from a full Agg draw (see the module docstring).

    The figure must have an Agg canvas (every course figure has one,
    :func:`~quatlib.plot.figure`).  The cached background is drawn anew, so the
    boxes of its titles and tick labels are measured as drawn; the figure looks
    exactly as before afterwards.

    >>> import quatlib as ql
    >>> fig, (scene,) = ql.plot.panels(1, title="a title", world_frame=False)
    >>> label = ql.plot.Label(scene, "q0\\nq1", (0, 0, 0))
    >>> hidden = ql.plot.Label(scene, "hidden", (1, 0, 0))
    >>> hidden.set_visible(False)
    >>> boxes = text_boxes(fig)
    >>> [(box.text, box.group) for box in boxes]  # in draw order: the moving label, then the title above it
    [('q0', 0), ('q1', 0), ('a title', 1)]
    >>> title = next(box.bbox for box in boxes if box.text == "a title")
    >>> bool(title.y0 >= scene.ax.bbox.y1 and 0 < title.width < fig.bbox.width)
    True
    """
    return _record(fig)[0]


def _record(fig, *, draw_texts: bool = True):
    """``(boxes, pixels)`` of a full Agg draw of ``fig`` that measures every text; with ``draw_texts=False`` the
    texts are measured but not drawn (their cards are), and the figure's cached background is dropped after."""
    canvas = fig.canvas
    if not isinstance(canvas, FigureCanvasAgg):
        raise ValueError(f"Expected a figure with an Agg canvas (quatlib.plot.figure makes one), "
                         f"got a {type(canvas).__name__}")
    renderer = canvas.get_renderer()
    boxes: list[TextBox] = []
    group = [-1]

    def open_group(name, gid=None):
        if name == "text":  # Text.draw opens one group per text; its lines follow
            group[0] += 1
        return type(renderer).open_group(renderer, name, gid)

    def draw_text(gc, x, y, s, prop, angle, ismath=False, mtext=None):
        if draw_texts:
            type(renderer).draw_text(renderer, gc, x, y, s, prop, angle, ismath, mtext)
        alpha = gc.get_alpha() if gc.get_forced_alpha() else gc.get_rgb()[3]
        if s.strip() and alpha > 0:
            w, h, d = renderer.get_text_width_height_descent(s, prop, ismath)
            up = renderer.height - y if renderer.flipy() else y  # Agg hands Text.draw's y counted from the top
            clip = gc.get_clip_rectangle()
            boxes.append(TextBox(s, _turned_box(x, up, w, h, d, angle),
                                 None if clip is None else Bbox(clip.get_points()), group[0]))

    outlines = fig.findobj(lambda a: isinstance(a, PathPatch) and isinstance(a.get_path(), TextPath))
    names = _outline_texts(fig)

    def outline_draw(patch):
        def draw(r):
            if draw_texts:
                type(patch).draw(patch, r)
            alpha = patch.get_facecolor()[3]
            if alpha > 0:
                group[0] += 1
                polygons = patch.get_path().to_polygons(patch.get_transform(), closed_only=False)
                xy = np.concatenate(polygons)
                clip = patch.get_clip_box() if patch.get_clip_on() else None
                boxes.append(TextBox(names.get(id(patch), "(text outline)"), Bbox([xy.min(axis=0), xy.max(axis=0)]),
                                     None if clip is None else Bbox(clip.get_points()), group[0]))
        return draw

    renderer.open_group, renderer.draw_text = open_group, draw_text
    for patch in outlines:
        patch.draw = outline_draw(patch)
    try:
        Renderer.of(fig).invalidate()
        pixels = Renderer.of(fig).render_rgb().copy()
    finally:
        del renderer.open_group, renderer.draw_text
        for patch in outlines:
            del patch.draw
        if not draw_texts:  # the cached layers hold no text: draw them anew next time
            Renderer.of(fig).invalidate()
    return boxes, pixels


def _turned_box(x, y, width, height, descent, angle) -> Bbox:
    """The box of a line of ``width`` × ``height`` pixels whose baseline starts at ``(x, y)``, turned by ``angle``°."""
    corners = np.array([[0, -descent], [width, -descent], [width, height - descent], [0, height - descent]])
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    turned = corners @ np.array([[c, s], [-s, c]]) + (x, y)
    return Bbox([turned.min(axis=0), turned.max(axis=0)])


def _outline_texts(fig) -> dict:
    """id(patch) -> text of every OutlineText in the figure's scenes (adopted ones included)."""
    from ._outline import OutlineText

    names = {}
    stack = [item for scene in Renderer.of(fig).scenes for item in scene.items]
    while stack:
        item = stack.pop()
        stack.extend(item.children)
        if isinstance(item, OutlineText):
            names.update({id(a): item.text for a in item.artists})
    return names


def _shrunk(box: Bbox, pad: float) -> Bbox:
    return Bbox([[box.x0 + pad, box.y0 + pad], [box.x1 - pad, box.y1 - pad]])


def overlapping_labels(fig, *, pad: float = 1.0, boxes=None) -> list[tuple[TextBox, TextBox]]:
    """The pairs of texts of ``fig`` whose boxes overlap, each shrunk by ``pad`` pixels (see the module docstring).

    ``boxes`` (from :func:`text_boxes`) saves a second draw when both checks run.

    >>> import quatlib as ql
    >>> fig = ql.plot.figure((2, 1))
    >>> _ = fig.text(0.1, 0.5, "first")
    >>> _ = fig.text(0.1, 0.2, "second")
    >>> overlapping_labels(fig)
    []
    >>> _ = fig.text(0.2, 0.5, "third")
    >>> [(a.text, b.text) for a, b in overlapping_labels(fig)]
    [('first', 'third')]
    """
    boxes = text_boxes(fig) if boxes is None else boxes
    if len(boxes) < 2:
        return []
    shrunk = np.array([_shrunk(b.bbox, pad).extents for b in boxes])  # (n, 4): x0, y0, x1, y1
    x0, y0, x1, y1 = shrunk.T
    width = np.minimum(x1[:, None], x1[None]) - np.maximum(x0[:, None], x0[None])
    height = np.minimum(y1[:, None], y1[None]) - np.maximum(y0[:, None], y0[None])
    groups = np.array([b.group for b in boxes])
    hit = (width > 0) & (height > 0) & (groups[:, None] != groups[None])
    return [(boxes[i], boxes[j]) for i, j in zip(*np.nonzero(np.triu(hit, 1)))]


def labels_outside(fig, *, pad: float = 1.0, boxes=None) -> list[TextBox]:
    """The texts of ``fig`` cut off by the figure's edge or by their clip rectangle (see the module docstring).

    >>> import quatlib as ql
    >>> fig = ql.plot.figure((2, 1))
    >>> _ = fig.text(0.5, 0.5, "inside", ha="center")
    >>> _ = fig.text(0.5, 0.99, "past the top", ha="center")
    >>> [box.text for box in labels_outside(fig)]
    ['past the top']
    """
    boxes = text_boxes(fig) if boxes is None else boxes
    edge = fig.bbox
    out = []
    for box in boxes:
        inner = _shrunk(box.bbox, pad)
        if not _within(inner, edge) or (box.clip is not None and not _within(inner, box.clip)):
            out.append(box)
    return out


def _within(box: Bbox, frame: Bbox) -> bool:
    return frame.x0 <= box.x0 and box.x1 <= frame.x1 and frame.y0 <= box.y0 and box.y1 <= frame.y1


def labels_on_ink(fig, *, darkness: float = 0.6, share: float = 0.1) -> list[tuple[TextBox, float]]:
    """The texts of ``fig`` written over other artists' dark ink (a line through a word, a label on an edge).

    The figure is drawn once without its texts (their white cards stay, they
    hide what is beneath); a pixel is dark ink when its luminance
    (``0.299 R + 0.587 G + 0.114 B``, 0 black, 1 white) is below ``darkness``: a
    cube's edge, an arrow, a coloured axis; not a light face tint, a faint
    world axis or the grey of a sphere.  A text whose box is dark ink for more
    than ``share`` of its pixels is returned with that share, worst first.
    Stricter than :func:`overlapping_labels`: it judges every label against
    every other mark of the figure.

    >>> import quatlib as ql
    >>> fig = ql.plot.figure((2, 1))
    >>> ax = fig.add_axes((0, 0, 1, 1))
    >>> ax.set_axis_off()
    >>> _ = ax.plot([0, 1], [0.5, 0.5], color="black", lw=4)
    >>> _ = ax.text(0.1, 0.5, "crossed", va="center")
    >>> _ = ax.text(0.6, 0.5, "on a card", va="center", bbox={"facecolor": "white", "edgecolor": "none"})
    >>> _ = ax.text(0.3, 0.15, "clear")
    >>> [(box.text, round(part, 1)) for box, part in labels_on_ink(fig)]
    [('crossed', 0.5)]
    """
    boxes, rgb = _record(fig, draw_texts=False)
    luminance = rgb @ np.array([0.299, 0.587, 0.114]) / 255.0
    height, width = luminance.shape
    found = []
    for box in boxes:
        x0, y0, x1, y1 = box.bbox.extents
        rows = slice(int(np.clip(np.floor(height - y1), 0, height)), int(np.clip(np.ceil(height - y0), 0, height)))
        cols = slice(int(np.clip(np.floor(x0), 0, width)), int(np.clip(np.ceil(x1), 0, width)))
        under = luminance[rows, cols]
        part = float((under < darkness).mean()) if under.size else 0.0
        if part > share:
            found.append((box, part))
    return sorted(found, key=lambda f: -f[1])
