"""Every line and every text a demo draws keeps its WCAG contrast on the white panel, in every state swept.

For each demo of the course manifest, across its controls' extremes (each slider at its ends, each option), the
view at its extremes and a few seeded random states: every visible line, marker edge, patch edge and collection
edge that is drawn needs 3:1 against the figure's background (WCAG 2.1, 1.4.11 non-text contrast), every
visible text 4.5:1 (1.4.3).  A translucent colour is judged as it comes out on the background.  The measures are
those of tests/test_palette.py (checked there against published numbers).

Exempt, and why (nothing else is):

- **fills** -- the face colour of a patch or collection (cube faces, planes, discs, ribbons' tints, bars): a fill
  sits under an outline or an edge in a line colour, which is what is checked; :data:`quatlib.plot.COLOR_ROLES`
  gives such tints the role ``"fill"``.
- **lines in a colour of the role "fill"** (``grid``: the grid of a chart, behind its data; ``frame``,
  ``face``, ``panel``): background structure by design, never the only thing that shows a value.
- **edges in their own face's colour** (a ribbon's quads): drawn to close the seams between the faces, they
  are part of the fill.
- **glyph outlines of** :class:`quatlib.plot.OutlineText` (text drawn as paths): they are texts and checked at
  4.5:1 with the texts.
"""

from __future__ import annotations

import ipywidgets as W
import matplotlib.artist
import matplotlib.collections
import matplotlib.colors
import matplotlib.lines
import matplotlib.patches
import numpy as np
import pytest
from test_legibility import VIEW, apply, options
from test_palette import BACKGROUND, LINE, TEXT, _on_white, _texts, contrast

import quatlib.plot as qp
from quatlib import course
from quatlib import widgets as qw

RANDOM_STATES = 3
#: Colours whose role is "fill": lines drawn in them are background structure (module docstring).
FILL_COLOURS = {matplotlib.colors.to_hex(qp.COLORS[n]) for n, role in qp.COLOR_ROLES.items() if role == "fill"}


def states(demo, seed: int = 5) -> list[tuple[dict, tuple]]:
    """The initial values; each slider at its ends and each option, one control at a time; the view at its
    extremes; then :data:`RANDOM_STATES` seeded random combinations of everything."""
    controls = {**demo.controls, **demo.view_controls}
    initial = {name: c.value for name, c in controls.items()}
    out = [(initial, ())]
    for name, c in controls.items():
        if isinstance(c, (W.FloatSlider, W.IntSlider)):
            values = VIEW[name] if name in VIEW else (c.min, c.max)
        else:
            values = options(c)
        out += [({**initial, name: v}, ()) for v in values if v != initial[name]]
    rng = np.random.default_rng(seed)
    for _ in range(RANDOM_STATES):
        values = {}
        for name, c in controls.items():
            if isinstance(c, (W.FloatSlider, W.IntSlider)):
                value = c.min + rng.uniform() * (c.max - c.min)
                values[name] = int(round(value)) if isinstance(c, W.IntSlider) else round(value / c.step) * c.step
                values[name] = min(max(values[name], c.min), c.max)
            else:
                choices = options(c)
                values[name] = choices[rng.integers(len(choices))]
        out.append((values, ()))
    return out


def _outline_patches(demo) -> set[int]:
    """ids of the patches that draw :class:`quatlib.plot.OutlineText` glyphs (checked as texts)."""
    ids, stack = set(), [item for scene in demo.scenes for item in scene.items]
    while stack:
        item = stack.pop()
        stack.extend(item.children)
        if isinstance(item, qp.OutlineText):
            ids.update(id(a) for a in item.artists)
    return ids


def _owners(demo) -> dict[int, str]:
    """id of an artist -> the class of the scene item that draws it (to name it in a failure)."""
    owners, stack = {}, [item for scene in demo.scenes for item in scene.items]
    while stack:
        item = stack.pop()
        stack.extend(item.children)
        for a in item.artists:
            owners.setdefault(id(a), type(item).__name__)
    return owners


def _alpha(artist) -> float:
    a = artist.get_alpha()
    return 1.0 if a is None else float(a)


def _drawn(artist) -> bool:
    """Visible, and not hidden by an invisible axes or figure."""
    if not artist.get_visible() or _alpha(artist) == 0:
        return False
    ax = artist.axes if isinstance(artist, matplotlib.artist.Artist) and not hasattr(artist, "get_axes") else None
    return not isinstance(ax, matplotlib.artist.Artist) or ax.get_visible()


def lines(demo):
    """(what, raw colour, colour as drawn on the background) of every visible stroke of the demo's figure."""
    skip, owners = _outline_patches(demo), _owners(demo)
    for artist in demo.figure.findobj(lambda a: isinstance(a, matplotlib.artist.Artist)):
        if id(artist) in skip or not _drawn(artist):
            continue
        label = str(artist.get_label() or "")
        what = f"{owners.get(id(artist), 'figure')}: {type(artist).__name__}" + (
            f" {label!r}" if label and not label.startswith("_") else "")
        if isinstance(artist, matplotlib.lines.Line2D):
            stroked = artist.get_linestyle() not in ("None", "", " ") and artist.get_linewidth() > 0
            if stroked and len(artist.get_xdata()):
                yield what, artist.get_color(), _stroke(artist.get_color(), _alpha(artist))
            if artist.get_marker() not in ("None", "", " ", None) and artist.get_markersize() > 0:
                edge = artist.get_markeredgecolor()
                if matplotlib.colors.to_rgba(edge)[3] > 0 and artist.get_markeredgewidth() > 0:
                    yield what + " marker", edge, _stroke(edge, _alpha(artist))
        elif isinstance(artist, matplotlib.patches.Patch):
            if artist.get_linewidth() > 0 and artist.get_edgecolor()[3] > 0 and artist.get_fill() is not None:
                if artist is getattr(artist.axes, "patch", None) or artist is demo.figure.patch:
                    continue  # the background itself
                yield what, artist.get_edgecolor(), _stroke(artist.get_edgecolor(), 1.0)  # alpha applied already
        elif isinstance(artist, matplotlib.collections.Collection):
            if isinstance(artist, matplotlib.collections.PathCollection) or not len(artist.get_paths()):
                if not len(artist.get_offsets()) and not len(artist.get_paths()):
                    continue
            widths = np.atleast_1d(artist.get_linewidths())
            edges, faces = np.asarray(artist.get_edgecolors()), np.asarray(artist.get_facecolors())
            if not len(edges) or not np.any(widths > 0) or not len(artist.get_paths()):
                continue
            if faces.shape == edges.shape:  # an edge in its own face's colour closes a seam: part of the fill
                edges = edges[np.any(np.abs(edges - faces) > 1e-6, axis=1)]
            for edge in np.unique(np.round(np.asarray(edges), 4), axis=0):
                if edge[3] > 0:
                    yield what, tuple(edge), _stroke(tuple(edge), 1.0)  # the artist's alpha is in the colours


def _stroke(color, alpha: float) -> np.ndarray:
    rgba = matplotlib.colors.to_rgba(color)
    return _on_white((*rgba[:3], rgba[3] * alpha))


def weak(demo) -> set[str]:
    """What falls below its contrast now: lines below :data:`LINE`, texts below :data:`TEXT`."""
    found = set()
    for what, raw, seen in lines(demo):
        if matplotlib.colors.to_hex(raw, keep_alpha=False) in FILL_COLOURS:
            continue
        if contrast(seen) < LINE:
            found.add(f"line {what}: {matplotlib.colors.to_hex(raw, keep_alpha=True)} drawn as "
                      f"{matplotlib.colors.to_hex(seen)}, {contrast(seen):.2f}:1")
    for text, seen in _texts(demo):
        if contrast(seen) < TEXT:
            found.add(f"text {text!r}: {matplotlib.colors.to_hex(seen)}, {contrast(seen):.2f}:1")
    return found


def test_the_background_is_the_palettes_panel():
    demo = qw.hello_cube()
    assert matplotlib.colors.to_hex(demo.figure.get_facecolor()) == matplotlib.colors.to_hex(BACKGROUND)


def test_a_faint_line_is_found():
    """The collector sees a line that is too light, and the exemptions do not hide it."""
    demo = qw.hello_cube()
    (scene,) = demo.scenes
    line, = scene.ax.plot([0, 1], [0, 1], color=qp.lighten(qp.COLORS["x"], 0.8))
    grid, = scene.ax.plot([0, 1], [1, 0], color=qp.COLORS["grid"])
    found = weak(demo)
    assert any(matplotlib.colors.to_hex(qp.lighten(qp.COLORS["x"], 0.8)) in f for f in found), found
    assert not any(matplotlib.colors.to_hex(qp.COLORS["grid"]) in f for f in found), found
    line.remove()
    grid.remove()


@pytest.mark.parametrize("name", course.demo_names())
def test_every_line_and_text_keeps_its_contrast_in_every_state(name):
    demo = getattr(qw, name)()
    initial = {n: c.value for n, c in {**demo.controls, **demo.view_controls}.items()}
    problems: dict[str, str] = {}
    for values, clicks in states(demo):
        apply(demo, values, clicks)
        assert demo.last_error is None, f"{name}: {demo.last_error!r}"
        changed = {k: v for k, v in values.items() if v != initial[k]} or "initial values"
        for problem in weak(demo):
            problems.setdefault(problem, str(changed))
    assert not problems, f"{name}: below {LINE}:1 (lines) or {TEXT}:1 (texts) on {BACKGROUND}:\n  " + "\n  ".join(
        f"{p}  (first at {state})" for p, state in sorted(problems.items()))
