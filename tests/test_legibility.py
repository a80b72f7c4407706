"""Every demo of the course manifest is legible in every state: no two labels overlap, none is cut off.

For each demo in quatlib/course.py a deterministic sweep of states (:func:`sweep`): every slider at its ends, at a
few interior values and at the course's special angles (pitch ±90°, 0/180/360/720°, φ = 0/1/90°...), every option
of a dropdown, toggle or checkbox, the view sliders at their extremes, the demo's buttons (nudges), then seeded
random combinations of all of them.  After each state the figure is drawn with Agg and judged from the text boxes
of that draw (:func:`quatlib.plot.text_boxes`, :func:`~quatlib.plot.overlapping_labels`,
:func:`~quatlib.plot.labels_outside`).  A failure names the demo, the state and the strings, and leaves a PNG with
the offending boxes outlined in ``test-artifacts/legibility/``.  A state is reproducible: ``sweep(demo)[k]``
applied in order from a fresh demo (states with button clicks depend on the clicks before them).
"""

from __future__ import annotations

import itertools
import pathlib

import ipywidgets as W
import matplotlib.collections
import matplotlib.lines
import matplotlib.transforms
import numpy as np
import pytest
from demo_helpers import buttons, line_under

import quatlib.plot as qp
from quatlib import course
from quatlib import widgets as qw
from quatlib.widgets import _projector

ARTIFACTS = pathlib.Path(__file__).resolve().parents[1] / "test-artifacts" / "legibility"
RANDOM_STATES = 12  # seeded random combinations per demo, after the deterministic sweep
# The angles the course dwells on (degrees): the lock, half and whole turns, the double cover, a mirror angle of 1°.
SPECIAL_DEGREES = (-90.0, 0.0, 1.0, 90.0, 180.0, 360.0, 720.0)
VIEW = {"view_azim": (-180.0, 0.0, 90.0, 180.0), "view_elev": (-90.0, 0.0, 90.0)}


def _on_step(slider, value: float) -> float:
    """``value`` on the slider's grid and within its range."""
    lo, hi, step = slider.min, slider.max, slider.step
    v = float(np.clip(lo + round((value - lo) / step) * step, lo, hi))
    return int(v) if isinstance(slider, W.IntSlider) else round(v, 6)


def slider_values(name: str, slider) -> list:
    """A slider's ends, its quarter points and, for an angle slider, the special angles it can reach."""
    lo, hi = slider.min, slider.max
    values = [lo, hi, *(lo + f * (hi - lo) for f in (0.25, 0.5, 0.75))]
    if "°" in slider.description:
        values += [v for v in SPECIAL_DEGREES if lo <= v <= hi]
    return list(dict.fromkeys(_on_step(slider, v) for v in values))


def options(control) -> list:
    """Every value a selection control offers (a checkbox: both); a selection slider's ends and quarter points."""
    if isinstance(control, W.Checkbox):
        return [True, False]
    values = [value for _, value in control.options]
    if isinstance(control, W.SelectionSlider):
        last = len(values) - 1
        return list(dict.fromkeys(values[round(f * last)] for f in (0, 0.25, 0.5, 0.75, 1)))
    return values


def sweep(demo, seed: int = 11) -> list[tuple[dict, tuple[str, ...]]]:
    """The states to visit, in order: ``(control values, buttons clicked after setting them)``.

    First the initial state, then one control at a time from the demo's initial values (every slider value of
    :func:`slider_values`, every option), the view sliders at their extremes, each button once and a button
    twelve times (twelve nudges), then :data:`RANDOM_STATES` random combinations of every control and the view,
    some with clicks.
    """
    controls = {**demo.controls, **demo.view_controls}
    initial = {name: c.value for name, c in controls.items()}
    states = [(initial, ())]
    for name, c in controls.items():
        if isinstance(c, (W.FloatSlider, W.IntSlider)):
            values = list(VIEW[name]) if name in VIEW else slider_values(name, c)
        else:
            values = options(c)
        states += [({**initial, name: v}, ()) for v in values if v != initial[name]]
    names = [b.description for b in buttons(demo)]
    states += [(initial, (b,)) for b in names]
    if names:
        states.append((initial, (names[0],) * 12))
    rng = np.random.default_rng(seed)
    for _ in range(RANDOM_STATES):
        values = {}
        for name, c in controls.items():
            if isinstance(c, (W.FloatSlider, W.IntSlider)):
                values[name] = _on_step(c, rng.uniform(c.min, c.max))
            else:
                choices = options(c)
                values[name] = choices[rng.integers(len(choices))]
        clicks = tuple(names[i] for i in rng.integers(len(names), size=rng.integers(0, 6))) if names else ()
        states.append((values, clicks))
    return states


def apply(demo, values: dict, clicks: tuple[str, ...]) -> None:
    """Set every control (one repaint), then click the buttons named in ``clicks``."""
    demo.set(**values)
    by_name = {b.description: b for b in buttons(demo)}
    for name in clicks:
        if not by_name[name].disabled:
            by_name[name].click()


def save_outlined(fig, boxes, bad, path: pathlib.Path) -> None:
    """The figure as drawn, the boxes of the texts in ``bad`` outlined in red, the other texts' in blue."""
    rgb = qp.render_rgb(fig).copy()
    height, width = rgb.shape[:2]
    for box in boxes:
        x0, y0, x1, y1 = box.bbox.extents
        r0, r1 = (int(np.clip(height - y, 0, height - 1)) for y in (y1, y0))
        c0, c1 = (int(np.clip(x, 0, width - 1)) for x in (x0, x1))
        color = (230, 0, 0) if any(box is b for b in bad) else (0, 150, 255)
        rgb[[r0, r1], c0:c1 + 1] = color
        rgb[r0:r1 + 1, [c0, c1]] = color
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(qp.encode_png(np.ascontiguousarray(rgb)))


def _at(box, height: float) -> str:
    """Where a text is, in pixels from the top left of a figure ``height`` pixels high (as in the saved PNG)."""
    x0, y0, x1, y1 = box.bbox.extents
    return f"x {x0:.0f}–{x1:.0f}, y {height - y1:.0f}–{height - y0:.0f} px"


def _describe(values: dict, clicks: tuple[str, ...], initial: dict) -> str:
    changed = {k: v for k, v in values.items() if v != initial[k]} or "initial values"
    return f"{changed}" + (f", then clicked {list(clicks)}" if clicks else "")


@pytest.fixture(params=[False, True], ids=["notebook", "projector"])
def projector(request):
    """Each demo twice: as the notebook shows it, and in projector mode (quatlib.widgets._projector: its small
    texts raised to FIGURE_TEXT_PX on the screen)."""
    was = _projector.is_on()
    qw.projector(request.param)
    yield request.param
    qw.projector(was)


@pytest.mark.parametrize("name", course.demo_names())
def test_no_label_overlaps_another_or_is_cut_off_in_any_state(name, projector):
    demo = getattr(qw, name)()
    # projector mode: the points that show FIGURE_TEXT_PX design pixels at the scale the page shows the figure
    # (its projector dpi, or less when wider than FIGURE_COLUMN_PX; tests/browser/test_present_projector.py
    # measures that scale)
    per_inch = min(demo.figure.dpi, _projector.FIGURE_COLUMN_PX / demo.figure.get_size_inches()[0])
    smallest = _projector.FIGURE_TEXT_PX * 72 / per_inch
    initial = {n: c.value for n, c in {**demo.controls, **demo.view_controls}.items()}
    problems = []
    for k, (values, clicks) in enumerate(sweep(demo)):
        apply(demo, values, clicks)
        assert demo.last_error is None, f"{name}: state {k}: {demo.last_error!r}"
        boxes = qp.text_boxes(demo.figure)
        overlaps = qp.overlapping_labels(demo.figure, boxes=boxes)
        outside = qp.labels_outside(demo.figure, boxes=boxes)
        if projector:  # every text drawn at least as large as projector mode promises
            small = [(size, text) for size, text in qp.fontsizes(demo.figure) if size < smallest - 1e-9]
            problems += [f"state {k}: {text!r} at {size:g} pt < {smallest:.2f} pt" for size, text in small[:3]]
        if overlaps or outside:
            state, h = _describe(values, clicks, initial), demo.figure.bbox.height
            problems += [f"state {k} ({state}): {a.text!r} overlaps {b.text!r} at {_at(a, h)}" for a, b in overlaps]
            problems += [f"state {k} ({state}): {b.text!r} is cut off at {_at(b, h)}" for b in outside]
            bad = [b for pair in overlaps for b in pair] + outside
            mode = "_projector" if projector else ""
            save_outlined(demo.figure, boxes, bad, ARTIFACTS / f"{name}{mode}_state{k:02d}.png")
    assert not problems, f"{name}: {len(problems)} illegible labels (PNGs in {ARTIFACTS}):\n" + "\n".join(problems)


# Views between the sweep's extremes, among them (azimuth -25°, elevation 50°), where two "z" were reported.
BETWEEN_VIEWS = [(azim, elev) for azim in range(-155, 180, 45) for elev in (-50, -25, 25, 50)] + [(-25, 50)]


def test_hello_cube_names_each_world_axis_once_at_every_view():
    """One letter per world axis, whatever the view and the cube's turn: the cube's own frame carries no letters
    (it moves with the cube; the letters name the fixed axes), so the picture never shows two "z"."""
    demo = qw.hello_cube()
    for yaw, pitch in ((0.0, 0.0), (40.0, -30.0)):
        for azim, elev in BETWEEN_VIEWS:
            demo.set(yaw=yaw, pitch=pitch, view_azim=float(azim), view_elev=float(elev))
            letters = [b.text for b in qp.text_boxes(demo.figure) if b.text in ("x", "y", "z")]
            assert sorted(letters) == ["x", "y", "z"], f"yaw {yaw}, pitch {pitch}, view ({azim}, {elev}): {letters}"


# Every view on a 30° grid (azimuth -150..180, elevation -90..90), turned with the view sliders as a learner does:
# the extremes of the sweep above miss views such as (-120°, 30°), where order_matters' "90°" sat on its "x".
VIEW_GRID = [(float(azim), float(elev)) for azim in range(-150, 181, 30) for elev in range(-90, 91, 30)]


@pytest.mark.parametrize("name", [n for n in course.demo_names() if getattr(qw, n)().view_controls])
def test_no_label_overlaps_another_or_is_cut_off_at_any_view(name, projector):
    demo = getattr(qw, name)()
    problems = []
    for azim, elev in VIEW_GRID:
        demo.view_controls["view_azim"].value = azim
        demo.view_controls["view_elev"].value = elev
        assert demo.last_error is None, f"{name}: view ({azim:g}, {elev:g}): {demo.last_error!r}"
        boxes = qp.text_boxes(demo.figure)
        overlaps = qp.overlapping_labels(demo.figure, boxes=boxes)
        outside = qp.labels_outside(demo.figure, boxes=boxes)
        if overlaps or outside:
            h = demo.figure.bbox.height
            problems += [f"view ({azim:g}, {elev:g}): {a.text!r} overlaps {b.text!r} at {_at(a, h)}"
                         for a, b in overlaps]
            problems += [f"view ({azim:g}, {elev:g}): {b.text!r} is cut off at {_at(b, h)}" for b in outside]
            mode = "_projector" if projector else ""
            save_outlined(demo.figure, boxes, [b for pair in overlaps for b in pair] + outside,
                          ARTIFACTS / f"{name}{mode}_view{azim:+04.0f}_{elev:+03.0f}.png")
    assert not problems, f"{name}: {len(problems)} illegible labels (PNGs in {ARTIFACTS}):\n" + "\n".join(problems)


def _touches(line, box) -> bool:
    """Whether a drawn ``Line2D`` touches the pixel ``box``: a segment (widened by half the line's width) passing
    through it, or a marker (its radius) reaching into it.  Dashes count as a solid line."""
    xy = line.get_transform().transform(np.asarray(line.get_xydata(), dtype=float).reshape(-1, 2))
    px = line.figure.dpi / 72
    if line.get_marker() not in (None, "None", "none", "", " "):
        r = line.get_markersize() * px / 2
        near = np.all((xy > [box.x0 - r, box.y0 - r]) & (xy < [box.x1 + r, box.y1 + r]), axis=1)
        if near.any():
            return True
    if line.get_linestyle() in ("None", "none", "", " ") or len(xy) < 2:
        return False
    half = line.get_linewidth() * px / 2
    a, b = xy[:-1], xy[1:]
    ok = np.isfinite(a).all(axis=1) & np.isfinite(b).all(axis=1)  # a NaN row breaks the line
    a, b = a[ok], b[ok]
    # points along each segment, at most one pixel apart: any of them inside the widened box
    n = int(np.ceil(np.hypot(*(b - a).T).max(initial=0))) + 2
    s = np.linspace(0, 1, n)[:, None, None]
    pts = (a + s * (b - a)).reshape(-1, 2)
    return bool(np.any(np.all((pts > [box.x0 - half, box.y0 - half]) & (pts < [box.x1 + half, box.y1 + half]),
                              axis=1)))


def test_the_slerp_planes_0_and_omega_sit_on_no_line_or_dot_at_any_turn(projector):
    """The q0–q1 plane's "0" and its Ω against the plane's circle, arc, chord, radii, dots and ray, at every turn
    0..360° with the short path on and off and t at 0, ½ and 1: the long way round brings the chord near 0 (through
    it at 360°, where LERP's point at t = ½ is 0 itself).  Judged from the geometry (no drawing without texts,
    unlike :func:`quatlib.plot.labels_on_ink`).  The names q0 and q1 are not judged here: their layout boxes graze
    the point drawn on q0 or q1 at t = 0 or 1 (the sweep above judges their legibility)."""
    demo = qw.slerp_vs_nlerp()
    plane = demo.items["plane"]
    problems = []
    for shortest, angle, t in itertools.product((True, False), range(0, 361, 15), (0.0, 0.5, 1.0)):
        demo.set(shortest=shortest, angle=angle, t=t)
        demo.snapshot()
        renderer = demo.figure.canvas.get_renderer()
        for name in ("0", "omega"):
            box = plane.texts[name].get_window_extent(renderer)
            crossed = [key for key, line in plane.lines.items() if line.get_visible() and _touches(line, box)]
            if crossed:
                problems.append(f"short path {shortest}, turn {angle}°, t = {t}: {name!r} on {crossed}")
    assert not problems, "\n".join(problems[:20])


def _overlap(a, b) -> bool:
    (a0, a1), (b0, b1) = a, b
    return not (a1[0] <= b0[0] or b1[0] <= a0[0] or a1[1] <= b0[1] or b1[1] <= a0[1])


def test_the_turrets_key_names_sit_on_no_line_they_keep_off(projector):
    """The turret's "A", "B" (or "A = B") keep off the world axes, both paths, the barrels, the turn axis and each
    other: at the default view the y axis ran through "B", with A = B the barrel lay under the name, and keys
    seen one behind the other wrote "A" and "B" on one spot.  Sampled over keys (the default, A = B, the roll
    example, the poles), blends and views; the lines that are visible count (an arrow's dashes as a solid line).
    The sphere's outline is a circle, not a line: the names keep off it too, but it is not judged here."""
    demo = qw.turret()
    keys = [(150, 10, -150, 40), (150, 10, 150, 10), (0, 60, 120, -30), (-90, 90, 90, -90), (0, 0, 180, 0)]
    views = [(35, 22), (0, 0), (90, 30), (-60, 60), (150, -20)]  # the default first
    problems = []
    for (ya, pa, yb, pb), t, (azim, elev) in itertools.product(keys, (0.0, 0.5, 1.0), views):
        demo.set(yaw_a=ya, pitch_a=pa, yaw_b=yb, pitch_b=pb, t=t, view_azim=azim, view_elev=elev)
        demo.snapshot()
        for names in demo.items["key_names"]:
            shown = [k for k, label in names.labels.items() if label.artists[0].get_visible()]
            boxes = {k: names.labels[k].pixel_box() for k in shown}
            lines = [line for item in (*names.keep_off, *names.moving) for line in item.artists
                     if isinstance(line, matplotlib.lines.Line2D) and line.get_visible()]
            for k, ((x0, y0), (x1, y1)) in boxes.items():
                box = matplotlib.transforms.Bbox.from_extents(x0, y0, x1, y1)
                if any(_touches(line, box) for line in lines):
                    problems.append(f"keys {(ya, pa, yb, pb)}, t = {t}, view {(azim, elev)}: {k!r} on a line")
            if len(boxes) == 2 and _overlap(*boxes.values()):  # (one name, "A = B", when the keys meet)
                problems.append(f"keys {(ya, pa, yb, pb)}, t = {t}, view {(azim, elev)}: 'A' on 'B'")
    assert not problems, "\n".join(problems[:20])


def test_the_composition_arcs_names_sit_on_no_line(projector):
    """complex_composition: each arc's name ("α", "β") off the axes, both arrows and the other arc, and more than a
    space from the other name, over a sweep of both sliders.  At α = 180°, β = −180° the arcs nest, and the first
    one's name sat on the second arc."""
    demo = qw.complex_composition()
    problems = []
    for alpha, beta in itertools.product(range(-180, 181, 45), range(-180, 181, 45)):
        demo.set(alpha=alpha, beta=beta)
        demo.snapshot()
        renderer = demo.figure.canvas.get_renderer()
        for side in ("left", "right"):
            for arc in (demo.items[f"{side}_arc1"], demo.items[f"{side}_arc2"]):
                if not arc.label:
                    continue
                box = arc.artists[2].get_window_extent(renderer)
                lines = [line for item in arc.keep_off for line in item.artists
                         if isinstance(line, matplotlib.lines.Line2D) and line.get_visible()]
                if any(_touches(line, box) for line in lines):
                    problems.append(f"α = {alpha}°, β = {beta}°, {side}: {arc.label!r} on a line")
            first, second = demo.items[f"{side}_arc1"], demo.items[f"{side}_arc2"]
            if first.label and second.label:  # more than a space apart (3.5 px at 11 pt), or "αβ" reads as one word
                a, b = first.label_box(renderer), second.label_box(renderer)
                # (the arc keeps 5 px, for a box it measures from the glyphs: within a pixel of the drawn one)
                if max(b.x0 - a.x1, a.x0 - b.x1, b.y0 - a.y1, a.y0 - b.y1) < 4:
                    problems.append(f"α = {alpha}°, β = {beta}°, {side}: the names touch")
    assert not problems, "\n".join(problems[:20])


def test_the_mirrors_point_names_keep_off_the_cubes_the_axis_and_the_mirrors_edges_and_stay_shown(projector):
    """two_mirrors: "n₁", "n₂", "φ", "2φ" and "axis" keep off the cubes' edges and letters, the dashed axis and the
    mirrors' edges.  At φ = 30°, turn −150° "n₁" sat on the face of the "in both" cube, where it read as that face's
    name; "axis" sat across its line, and "φ = 45°" on mirror 1's edge in the default picture.  Each name is optional
    (hidden when it has no free place); over this sweep every one of them has a place and is shown."""
    demo = qw.two_mirrors()
    kept_off = [*(demo.items[k] for k in ("original", "ghost", "final", "axis")), *demo.items["rays"]]
    names = demo.items["names"]
    problems = []
    for phi, turn, elevation in itertools.product(range(0, 181, 30), (-150, -90, -30, 0, 60, 120, 180), (90, 30)):
        demo.set(mirror_angle=phi, turn=turn, elevation=elevation)
        demo.snapshot()
        state = f"φ = {phi}°, turn {turn}°, elevation {elevation}°"
        lines = [a for item in kept_off for a in item.artists
                 if isinstance(a, (matplotlib.lines.Line2D, matplotlib.collections.LineCollection)) and a.get_visible()]
        for key, label in names.labels.items():
            if names.points[key] is None:  # no axis and no angles where the mirrors coincide
                continue
            if not label.artists[0].get_visible():
                problems.append(f"{state}: {label.text!r} hidden")
                continue
            box = matplotlib.transforms.Bbox.from_extents(*label.pixel_box().ravel())
            problems += [f"{state}: {label.text!r} on a cube, the axis or a mirror's edge" for line in lines
                         if line_under(line, box)][:1]
    assert demo.last_error is None and not problems, "\n".join(problems[:20])


def test_the_mirrors_cube_names_keep_off_the_other_cubes_and_lines(projector):
    """two_mirrors: each cube's name ("original", "in mirror 1", "in both") may touch its own cube, but not another
    cube, the axis, the mirrors' edges, the normals or the angles' arcs, where it would name the wrong thing.  In
    projector mode at φ = 15°, turn 45°, azimuth −90°, elevation 20°, "in both ≈ original" lay across the original
    cube's face and the axis."""
    demo = qw.two_mirrors()
    it = demo.items
    names = it["cube_names"]
    others = [*it["normals"], *it["rays"], it["axis"], it["phi_arc"], it["turn_arc"]]
    problems = []
    states = [(15, 45, -90, 20), *itertools.product(range(0, 181, 30), (-150, -90, -30, 0, 60, 120, 180), (0,),
                                                    (90, 30))]
    for phi, turn, azimuth, elevation in states:
        demo.set(mirror_angle=phi, turn=turn, azimuth=azimuth, elevation=elevation)
        demo.snapshot()
        state = f"φ = {phi}°, turn {turn}°, azimuth {azimuth}°, elevation {elevation}°"
        for key, label in names.labels.items():
            if names.points[key] is None:  # "original" when "in both ≈ original" names both (and keeps off both)
                continue
            box = matplotlib.transforms.Bbox.from_extents(*label.pixel_box().ravel())
            kept_off = [*others, *(it[cube] for cube in ("original", "ghost", "final") if cube != key)]
            lines = [a for item in kept_off for a in item.artists
                     if isinstance(a, (matplotlib.lines.Line2D, matplotlib.collections.LineCollection))
                     and a.get_visible()]
            problems += [f"{state}: {label.text!r} on a line that is not its cube's"
                         for line in lines if line_under(line, box)][:1]
    assert demo.last_error is None and not problems, "\n".join(problems[:20])
