"""quatlib.plot.place_labels: labels placed in turn never overlap each other or an obstacle and stay inside."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quatlib import plot as qp


def boxes_of(centres, sizes) -> np.ndarray:
    centres, half = np.asarray(centres, dtype=float), np.asarray(sizes, dtype=float) / 2
    return np.concatenate([centres - half, centres + half], axis=1)


def overlap(a, b) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def test_five_names_of_one_point_spread_out_and_only_optional_ones_are_left_out():
    around = [(dx, dy) for dx in (-30, 0, 30) for dy in (-15, 0, 15)]
    sizes = [(24, 12)] * 5
    taken = (88, 94, 112, 106)  # a text already on the point
    centres = qp.place_labels([(100, 100)] * 5, sizes, bounds=(0, 0, 200, 200), candidates=[around] * 5,
                              obstacles=[taken], optional=[3, 4])
    assert not np.isnan(centres).any()  # nine spots, one taken: room for all five
    boxes = [*boxes_of(centres, sizes), taken]
    assert all(overlap(a, b) == 0 for i, a in enumerate(boxes) for b in boxes[i + 1:])
    # with a single spot, the optional second name is left out rather than written over the first
    crowded = qp.place_labels([(10, 10)] * 2, [(20, 20)] * 2, bounds=(0, 0, 100, 100), candidates=[[(0, 0)]] * 2,
                              optional=[1])
    np.testing.assert_array_equal(crowded[0], (10, 10))
    assert np.isnan(crowded[1]).all()


def test_a_label_takes_its_first_free_candidate_in_order():
    candidates = [[(10, 0), (-10, 0), (0, 10)]]
    at = qp.place_labels([(50, 50)], [(8, 8)], bounds=(0, 0, 100, 100), candidates=candidates)
    np.testing.assert_array_equal(at, [[60, 50]])
    at = qp.place_labels([(50, 50)], [(8, 8)], bounds=(0, 0, 100, 100), candidates=candidates,
                         obstacles=[(55, 40, 70, 60)])
    np.testing.assert_array_equal(at, [[40, 50]])


def test_labels_stay_inside_the_bounds_near_an_edge():
    sizes = [(30, 10)] * 3
    centres = qp.place_labels([(98, 98), (2, 2), (98, 2)], sizes, bounds=(0, 0, 100, 100))
    b = boxes_of(centres, sizes)
    assert (b[:, :2] >= 0).all() and (b[:, 2:] <= 100).all()


def test_a_label_keeps_off_a_disc():
    # the point is on the rim of a disc of radius 20 about (50, 50): its label goes outward, not over the disc
    centre = qp.place_labels([(70, 50)], [(10, 6)], bounds=(0, 0, 100, 100), discs=[(50, 50, 20)], gap=2)[0]
    box = boxes_of([centre], [(10, 6)])[0]
    nearest = np.clip((50, 50), box[:2], box[2:])
    assert np.hypot(*(nearest - 50)) >= 20


def test_when_nothing_is_free_a_required_label_takes_the_spot_that_trespasses_least():
    # both spots are covered, the second less: the label goes there (and is not left out)
    at = qp.place_labels([(50, 50)], [(10, 10)], bounds=(0, 0, 100, 100), candidates=[[(0, 0), (20, 0)]],
                         obstacles=[(40, 40, 60, 60), (72, 40, 100, 60)])
    np.testing.assert_array_equal(at, [[70, 50]])
    # sticking out of the bounds costs more than any overlap
    at = qp.place_labels([(95, 50)], [(10, 10)], bounds=(0, 0, 100, 100), candidates=[[(10, 0), (0, 0)]],
                         obstacles=[(80, 40, 100, 60)])
    np.testing.assert_array_equal(at, [[95, 50]])


def test_ring_offsets_put_the_near_edge_at_the_gap_and_start_toward_the_preferred_side():
    size = np.array([30.0, 10.0])
    offsets = qp.ring_offsets(size, gap=3, rings=(1, 2), toward=(0, 1))
    assert offsets.shape == (16, 2)
    np.testing.assert_allclose(offsets[0], (0, 8))  # straight up: half the height + the gap
    # on every direction of the first ring, the box's nearest point to the anchor is the gap away or further
    for dx, dy in offsets[:8]:
        box = np.r_[(dx, dy) - size / 2, (dx, dy) + size / 2]
        assert np.hypot(*np.clip((0, 0), box[:2], box[2:])) >= 3 - 1e-9
    assert np.all(np.hypot(*offsets[8:].T) > np.hypot(*offsets[:8].T))  # the second ring is further out


def test_ring_offsets_take_given_directions_in_order_and_refuse_a_zero_one():
    size = np.array([30.0, 10.0])
    offsets = qp.ring_offsets(size, gap=3, rings=(1, 2), directions=[(0, 2), (0, -1), (5, 0)])
    # above, below, right; then the same further out (the near edge at 3 and at 6 from the anchor)
    np.testing.assert_allclose(offsets, [(0, 8), (0, -8), (18, 0), (0, 11), (0, -11), (21, 0)])
    # a diagonal sits with its box's nearest corner the gap away
    (dx, dy), = qp.ring_offsets(size, gap=3, rings=(1,), directions=[(1, 1)])
    box = np.r_[(dx, dy) - size / 2, (dx, dy) + size / 2]
    assert np.hypot(*np.clip((0, 0), box[:2], box[2:])) >= 3 - 1e-9
    with pytest.raises(ValueError, match="nonzero 2D directions"):
        qp.ring_offsets(size, directions=[(0, 1), (0, 0)])


def test_text_size_grows_with_the_text_and_the_dpi_and_keeps_one_line_height():
    w1, h1 = qp.text_size("q0", 9)
    w2, h2 = qp.text_size("in mirror 1", 9)
    assert w2 > 3 * w1 and h1 == h2
    np.testing.assert_allclose(qp.text_size("q0", 9, dpi=144), 2 * qp.text_size("q0", 9))
    assert qp.text_size("", 9)[0] == 0


def test_text_size_matches_a_drawn_text():
    # a figure on its own Agg canvas, not pyplot's: whatever backend an earlier test chose (ipympl warns when pyplot
    # makes its toolbar outside a notebook), this draws with Agg
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(dpi=100)
    FigureCanvasAgg(fig)
    text = fig.text(0.5, 0.5, "in mirror 1", fontsize=9.5)
    fig.canvas.draw()
    drawn = text.get_window_extent().size
    np.testing.assert_allclose(qp.text_size("in mirror 1", 9.5, dpi=100), drawn, rtol=0.05)


@pytest.mark.parametrize("words", ["θ = -270°", "in mirror 1", "q v q⁻¹", "w = 0"])
@pytest.mark.parametrize("dpi", [100, 160])
def test_text_size_with_a_renderer_is_the_width_it_draws(words, dpi):
    """The outline's width is up to 6 % short of a Text drawn by Agg (each glyph on whole pixels): sandwich's
    "θ = -270°" was placed to end 2 px inside its panel and went 0.1 px past its edge."""
    fig = qp.figure((3, 1), dpi=dpi)
    text = fig.text(0.5, 0.5, words, fontsize=10.5)
    renderer = fig.canvas.get_renderer()
    assert qp.text_size(words, 10.5, renderer=renderer)[0] == text.get_window_extent(renderer).width
    assert qp.text_size(words, 10.5, renderer=renderer)[1] == qp.text_size(words, 10.5, dpi=dpi)[1]  # one line


def test_mismatched_shapes_are_a_clear_error():
    with pytest.raises(ValueError, match="Expected one size per anchor"):
        qp.place_labels([(0, 0), (1, 1)], [(1, 1)], bounds=(0, 0, 2, 2))
    with pytest.raises(ValueError, match="Expected one list of candidates per anchor"):
        qp.place_labels([(0, 0)], [(1, 1)], bounds=(0, 0, 2, 2), candidates=[])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(20, 180), st.floats(20, 180), st.floats(4, 30), st.floats(4, 14)),
                min_size=1, max_size=8),
       st.lists(st.tuples(st.floats(0, 180), st.floats(0, 180)), max_size=3))
def test_placed_labels_never_overlap_each_other_or_obstacles_and_stay_inside(labels, corners):
    anchors, sizes = np.array(labels)[:, :2], np.array(labels)[:, 2:]
    obstacles = [(x, y, x + 20, y + 20) for x, y in corners]
    n = len(labels)
    centres = qp.place_labels(anchors, sizes, bounds=(0, 0, 200, 200), obstacles=obstacles, optional=range(n))
    placed = ~np.isnan(centres[:, 0])
    boxes = boxes_of(centres[placed], sizes[placed])
    assert (boxes[:, :2] >= -1e-9).all() and (boxes[:, 2:] <= 200 + 1e-9).all()
    everything = [*boxes, *obstacles]
    assert all(overlap(a, b) <= 1e-9 for i, a in enumerate(boxes) for b in everything[i + 1:])


def _apart(a, b) -> bool:
    (a0, a1), (b0, b1) = a, b
    return bool(a1[0] <= b0[0] or b1[0] <= a0[0] or a1[1] <= b0[1] or b1[1] <= a0[1])


@pytest.mark.parametrize("view", [(0, 0), (35, 22), (-45, 0), (120, -60)])
def test_placed_labels_keep_apart_off_what_they_avoid_and_off_their_disc_whatever_the_view(view):
    _, (scene,) = qp.panels(1, world_frame=False)
    world = qp.WorldAxes(scene)
    names = qp.PlacedLabels(scene, {"a": "start", "b": "end", "c": "middle"}, avoid=world.letters,
                            discs=[(0, 0, 0.5)], rings=range(1, 21))
    names.set_data({"a": (0.6, 0, 0), "b": (0.6, 0.02, 0), "c": (0, 0, 0.3)})
    scene.set_view(*view)  # the scene re-projects the labels: placed anew
    boxes = [label.pixel_box() for label in names.labels.values()]
    others = [letter.pixel_box() for letter in world.letters]
    assert all(_apart(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:] + others)
    centre, rim = scene.ax.transData.transform([(0, 0), (0.5, 0)])
    for (lo, hi) in boxes:  # off the disc of radius 0.5 about the origin
        assert np.hypot(*(np.clip(centre, lo, hi) - centre)) >= rim[0] - centre[0] - 1e-6


@pytest.mark.parametrize("dpi_scale", [1.0, 1.6])
def test_carded_names_keep_their_cards_apart_not_only_their_ink(dpi_scale):
    """Two names of one point on cards: the cards (which reach CARD_PAD points beyond the ink) do not touch, so
    "2φ = 90°" and "φ = 45°" are not read as one label (two_mirrors at turn 90°, before this was fixed)."""
    fig, (scene,) = qp.panels(1, world_frame=False)
    fig.set_dpi(fig.dpi * dpi_scale)
    names = qp.PlacedLabels(scene, {"a": "2φ = 90°", "b": "φ = 45°"}, card=True)
    names.set_data({"a": (0.2, 0, 0), "b": (0.2, 0, 0)})
    reach = qp.OutlineText.CARD_PAD * fig.dpi / 72
    (a0, a1), (b0, b1) = (names.labels[k].pixel_box() + [[-reach, -reach], [reach, reach]] for k in "ab")
    assert _apart((a0, a1), (b0, b1))
    gap = max(b0[0] - a1[0], a0[0] - b1[0], b0[1] - a1[1], a0[1] - b1[1])
    assert gap >= 2 * names.pad - 1e-6  # cards kept pad pixels apart on each side, as bare names are


@pytest.mark.parametrize("dpi_scale", [1.0, 1.6])
def test_a_carded_name_keeps_its_card_off_the_card_of_a_name_it_avoids(dpi_scale):
    """Names in two sets (a cube's name placed first, then the normals' names off it): the cards do not touch, so
    "n₁" and "in both" are not read as "n₁ in both" (two_mirrors at turn ±180°, before this was fixed)."""
    fig, (scene,) = qp.panels(1, world_frame=False)
    fig.set_dpi(fig.dpi * dpi_scale)
    first = qp.PlacedLabels(scene, {"cube": "in both"}, card=True, candidates={"cube": [(0, 0)]})
    steps = [(-0.002 * k, 0) for k in range(300)]  # leftward in small steps: the first free one is as close as allowed
    then = qp.PlacedLabels(scene, {"n1": "n₁"}, card=True, avoid=list(first.labels.values()),
                           candidates={"n1": steps})
    first.set_data({"cube": (0.2, 0, 0)})
    then.set_data({"n1": (0.2, 0, 0)})
    (a0, a1), (b0, b1) = (label.covered_box() for label in (first.labels["cube"], then.labels["n1"]))
    gap = max(b0[0] - a1[0], a0[0] - b1[0], b0[1] - a1[1], a0[1] - b1[1])
    assert gap >= then.pad - 1e-6  # the later card keeps pad pixels from the first one's card, not from its ink


def test_placed_labels_hide_a_name_without_a_point_or_without_room_if_optional():
    _, (scene,) = qp.panels(1, world_frame=False)
    names = qp.PlacedLabels(scene, {"a": "first", "b": "second"}, candidates={"a": [(0, 0)], "b": [(0, 0)]},
                            optional=["b"])
    names.set_data({"a": (0, 0, 0), "b": None})
    assert [label.artists[0].get_visible() for label in names.labels.values()] == [True, False]
    names.set_data({"b": (0, 0, 0)})  # its only spot is taken by "a": left out
    assert [label.artists[0].get_visible() for label in names.labels.values()] == [True, False]
    names.set_data({"b": (1, 1, 0)}, texts={"b": "moved"})
    assert names.labels["b"].artists[0].get_visible() and names.labels["b"].text == "moved"


def _on_lines(names, items) -> list[str]:
    """The names of ``names`` (a PlacedLabels) whose box, ``pad`` wider, meets a line or circle that ``items`` draw."""
    from quatlib.plot._placer import _covers, _line_segments

    pad = names.pad
    shown = [k for k, label in names.labels.items() if label.artists[0].get_visible()]
    boxes = np.array([names.labels[k].pixel_box().ravel() + [-pad, -pad, pad, pad] for k in shown]).reshape(-1, 4)
    return [k for k, cost in zip(shown, _covers(boxes, np.zeros((0, 4)), _line_segments(items, 0.0))) if cost > 0]


@pytest.mark.parametrize("view", [(0, 0), (35, 22), (-45, 10)])
def test_placed_labels_keep_off_the_lines_and_circles_they_are_told_to(view):
    """``keep_off``: a line through the point and the circle round it, both where the first place would be."""
    _, (scene,) = qp.panels(1, world_frame=False, view=view)
    bar = qp.Polyline(scene, [(-1.2, 0.1, 0), (1.2, 0.1, 0)], linewidth=3)  # just above the point, on screen
    ring = qp.Sphere(scene, 0.62)
    names = qp.PlacedLabels(scene, {"a": "A"}, keep_off=[bar, ring], pad=5.0)
    names.set_data({"a": (0.6, 0.05, 0)})
    assert _on_lines(names, [bar, ring]) == []
    plain = qp.PlacedLabels(scene, {"a": "A"}, pad=5.0)  # what it would do without them: on the bar or the ring
    plain.set_data({"a": (0.6, 0.05, 0)})
    assert _on_lines(plain, [bar, ring]) != []


@pytest.mark.parametrize("view", [(0, 0), (35, 22)])
def test_placed_labels_keep_off_a_mirror_s_edges(view):
    """A Plane's outline (a Polygon's edge, not a Line2D) counts as a line: the name of a point just inside the
    mirror's bottom edge keeps off it (two_mirrors' n₁ sat on mirror 2's edge)."""
    _, (scene,) = qp.panels(1, world_frame=False, view=view)
    mirror = qp.Plane(scene, size=2.0, show_normal=False)
    mirror.set_data((0, 0, 1))  # the square -1..1 in x and y, z = 0: its bottom edge at y = -1
    names = qp.PlacedLabels(scene, {"a": "A"}, keep_off=[mirror], directions=[(0, -1)], pad=5.0)
    names.set_data({"a": (0.0, -0.95, 0)})
    assert _on_lines(names, [mirror]) == []
    plain = qp.PlacedLabels(scene, {"a": "A"}, directions=[(0, -1)], pad=5.0)  # without it: on the edge
    plain.set_data({"a": (0.0, -0.95, 0)})
    assert _on_lines(plain, [mirror]) == ["a"]


def test_a_name_may_touch_its_own_item_but_not_another_name_s():
    """``own``: two names, each first placed straight above its point, where a bar lies.  The bar is "a"'s: "a"
    stays on it; "b" keeps off it (and off "a")."""
    _, (scene,) = qp.panels(1, world_frame=False, view=(0, 0))
    bar = qp.Polyline(scene, [(-1.2, 0.15, 0), (1.2, 0.15, 0)], linewidth=3)  # just above the point, on screen
    names = qp.PlacedLabels(scene, {"a": "A", "b": "B"}, keep_off=[bar], own={"a": [bar]}, directions=[(0, 1)],
                            rings=(1.0, 3.0, 6.0), pad=5.0)
    names.set_data({"a": (0.0, 0.0, 0), "b": (0.6, 0.0, 0)})
    assert _on_lines(names, [bar]) == ["a"]
    (a0, a1), (b0, b1) = (names.labels[k].pixel_box() for k in "ab")
    assert a0[1] > b1[1] or b0[1] > a1[1] or a1[0] <= b0[0] or b1[0] <= a0[0]
    names.own = {}  # now "a" keeps off the bar too
    names.project()
    assert _on_lines(names, [bar]) == []


def test_placed_labels_step_off_a_moving_line_and_come_back_where_a_new_one_would_go():
    """``moving``: checked by keep_off_moving after the line moved; the names step aside only while it covers one,
    and end where PlacedLabels made in that picture put them (so the picture does not depend on the way there)."""
    _, (scene,) = qp.panels(1, world_frame=False, view=(0, 0))
    bar = qp.Polyline(scene, [(0, 0, 0), (0, 0, 0)], linewidth=5)

    def make():
        names = qp.PlacedLabels(scene, {"a": "A", "b": "B"}, moving=[bar], pad=5.0)
        names.set_data({"a": (0.5, 0.5, 0), "b": (0.5, 0.5, 0)})
        return names

    names = make()
    alone = {k: label.pixel_box() for k, label in names.labels.items()}
    stepped = []
    for ends in ([(-1, -1, 0), (-1.2, -1, 0)], *([(0.5, 0.5, 0), (0.5 + 1.2 * np.cos(a), 0.5 + 1.2 * np.sin(a), 0)]
                                                for a in np.radians(np.arange(0, 360, 30)))):
        bar.set_data(ends)  # away, then swung round the point like a barrel
        names.keep_off_moving()
        fresh = make()
        for k in "ab":
            np.testing.assert_allclose(names.labels[k].pixel_box(), fresh.labels[k].pixel_box())
        assert _on_lines(names, [bar]) == []
        stepped.append(any(not np.allclose(names.labels[k].pixel_box(), alone[k]) for k in "ab"))
    assert not stepped[0] and any(stepped)  # in place while the bar is away; aside when it swings over them


def test_place_beside_keeps_each_label_off_the_panels_texts_and_the_labels_before_it():
    fig, (scene,) = qp.panels(1, titles=["a title"])
    scene.set_note("a note in the corner")
    labels = [qp.Label(scene) for _ in range(4)]
    corner = (-1.3, -1.45, 0.0)  # where the note is: the labels must go round it
    qp.place_beside(scene, [(label, corner, (0, 0, 0), f"label {k}") for k, label in enumerate(labels)])
    qp.render_png(fig)
    renderer = fig.canvas.get_renderer()
    boxes = [t.get_window_extent(renderer) for t in scene.ax.texts if t.get_visible() and t.get_text().strip()]
    assert len(boxes) == 4 + 3 + 2  # the labels, the world letters x, y, z, the title and the note
    for i, a in enumerate(boxes):
        assert all(not a.overlaps(b) for b in boxes[i + 1:])
        assert a.x0 >= 0 and a.y0 >= 0 and a.x1 <= fig.bbox.width and a.y1 <= fig.bbox.height


def test_place_beside_puts_a_label_on_a_line_rather_than_on_a_text():
    """Lines under every spot near the point and further out, and a text beside it: the label lies on a line, off
    the text (by area alone the least bad spot was the text's: sandwich's "vec(q v) = q v q⁻¹" on its legend)."""
    fig, (scene,) = qp.panels(1, world_frame=False, view=(0, 0))
    point = np.array([0.5, 0.5, 0.0])
    text = scene.ax.text(0.65, 0.55, "a long legend line", transform=scene.ax.transData, fontsize=9)
    # horizontal lines 0.03 apart under every spot but the text's (its corner of a panel: lines stop short of it)
    lines = [np.array([[-1.6, y, 0.0], [0.6 if 0.45 < y < 0.7 else 1.6, y, 0.0], [np.nan] * 3])
             for y in np.linspace(-1.6, 1.6, 107)]
    label = qp.Label(scene)
    qp.place_beside(scene, [(label, point, (0, 0, 0), "a name")], lines=[np.vstack(lines)])
    qp.render_png(fig)
    renderer = fig.canvas.get_renderer()
    assert not label.artists[0].get_window_extent(renderer).overlaps(text.get_window_extent(renderer))


def test_place_beside_keeps_off_faint_lines_unless_that_puts_a_label_on_a_line_or_a_text():
    """A faint line through the first spot: the label goes to the next.  Faint lines under every spot but one that
    lies on a (hard) line: the label goes where it would without the faint ones, off the hard line."""
    fig, (scene,) = qp.panels(1, world_frame=False, view=(0, 0))
    renderer = fig.canvas.get_renderer()
    point = np.array([0.0, 0.0, 0.0])
    label = qp.Label(scene)

    def box():
        qp.render_png(fig)
        return label.artists[0].get_window_extent(renderer)

    qp.place_beside(scene, [(label, point, (-1, -1, 0), "a name")])
    alone = box()
    across = scene.ax.transData.inverted().transform([(alone.x0 - 5, (alone.y0 + alone.y1) / 2),
                                                        (alone.x1 + 5, (alone.y0 + alone.y1) / 2)])
    faint = np.column_stack([across, np.zeros(2)])  # through the name where it went
    qp.place_beside(scene, [(label, point, (-1, -1, 0), "a name")], faint=[faint])
    assert box().y0 > alone.y1 or box().y1 < alone.y0 or box().x0 > alone.x1 or box().x1 < alone.x0
    everywhere = [np.array([[-1.6, y, 0.0], [1.6, y, 0.0], [np.nan] * 3]) for y in np.linspace(-1.6, 1.6, 107)]
    hard = np.array([[0.25, -1.6, 0.0], [0.25, 1.6, 0.0]])  # a line beside the point, right of it
    qp.place_beside(scene, [(label, point, (-1, -1, 0), "a name")], lines=[hard], faint=[np.vstack(everywhere)])
    with_faint = box()
    qp.place_beside(scene, [(label, point, (-1, -1, 0), "a name")], lines=[hard])
    assert with_faint.bounds == box().bounds  # as without the faint lines: they are under every spot


def test_place_beside_redraws_the_cached_layer_only_when_a_static_label_moved():
    fig, (scene,) = qp.panels(1)
    label = qp.Label(scene)
    label.static = True
    renderer = qp.Renderer.of(fig)
    qp.place_beside(scene, [(label, (1, 0, 0), (0, 0, 0), "n")])
    qp.render_png(fig)
    assert renderer.background is not None
    qp.place_beside(scene, [(label, (1, 0, 0), (0, 0, 0), "n")])  # the same place: the cached layer stays
    assert renderer.background is not None
    qp.place_beside(scene, [(label, (0, 1, 0), (0, 0, 0), "n")])
    assert renderer.background is None
    qp.place_beside(scene, [(label, (0, 1, 0), (0, 0, 0), "")])  # emptied: nothing drawn
    assert label.text == ""


def _crossed(text, item, renderer) -> bool:
    """Whether a drawn line of ``item`` passes through the drawn box of ``text``."""
    box = text.get_window_extent(renderer)
    for line in (a for a in item.artists if hasattr(a, "get_xydata")):  # its Line2D, not a fill
        xy = line.get_transform().transform(line.get_xydata())
        if len(xy) < 2:
            continue
        dense = np.concatenate([np.linspace(a, b, 50) for a, b in zip(xy[:-1], xy[1:], strict=True)])
        dense = dense[np.isfinite(dense).all(axis=1)]
        if ((dense[:, 0] > box.x0) & (dense[:, 0] < box.x1) & (dense[:, 1] > box.y0) & (dense[:, 1] < box.y1)).any():
            return True
    return False


@pytest.mark.parametrize("view", [(0, 0), (35, 22), (-120, 60)])
def test_place_beside_keeps_a_label_off_the_lines_it_is_given(view):
    fig, (scene,) = qp.panels(1, world_frame=False, view=view)
    points = np.array([[-1.2, 0.0, 0.0], [1.2, 0.0, 0.0], [np.nan] * 3, [0.6, -1.2, 0.0], [0.6, 1.2, 0.0]])
    line = qp.Polyline(scene, points, linewidth=2.4)
    label = qp.Label(scene)
    qp.place_beside(scene, [(label, (0.6, 0.0, 0.0), (0, 0, 0), "w = 0")])  # its first spot is on the line
    qp.render_png(fig)
    renderer = fig.canvas.get_renderer()
    assert _crossed(label.artists[0], line, renderer)  # without lines=: on the line
    qp.place_beside(scene, [(label, (0.6, 0.0, 0.0), (0, 0, 0), "w = 0")], lines=[points])
    qp.render_png(fig)
    assert not _crossed(label.artists[0], line, renderer)


def test_with_no_free_spot_a_label_lies_on_a_line_rather_than_on_a_text():
    """A line counts by the area of its band under the box, as another text does by the area shared: in small units
    (a scene's, where place_beside works) a line's length alone outweighed a text's area, and the belt's "w = 0"
    went onto "+1" in projector mode to keep off a line."""
    centre = qp.place_labels([(0.5, 0.5)], [(0.2, 0.1)], bounds=(0, 0, 1, 1), candidates=[[(0, 0.1), (0, -0.1)]],
                             obstacles=[(0.4, 0.55, 0.6, 0.65)], lines=[([(0, 0.4), (1, 0.4)], 0.01)])
    np.testing.assert_allclose(centre, [[0.5, 0.4]])  # on the line (area 0.004), not on the text (0.02)


def test_a_name_steps_aside_beside_its_tip_only_when_that_covers_less():
    from quatlib.plot._placer import _covers, _segments, _step_aside

    fig, (scene,) = qp.panels(1, world_frame=False, view=(0, 0))
    to_pixels = scene.ax.transData.transform
    name = qp.OutlineText(scene, "axis", (0.0, 1.0, 0.0))
    name.project()
    box = name.pixel_box().ravel()
    tip = to_pixels(scene.project(np.array([0.0, 0.9, 0.0]))[0])
    panel = np.asarray(scene.ax.bbox.extents)
    through = np.array([[(box[0] + box[2]) / 2, box[1] - 20], [(box[0] + box[2]) / 2, box[3] + 20]])
    lines = _segments([through], [1.0])  # a line straight through the name
    here = _covers(box[None], np.zeros((0, 4)), lines)[0]
    assert here > 0
    assert _step_aside(name, here, tip=tip, toward=(1, 0), avoid=np.zeros((0, 4)), lines=lines, gap=4.0,
                       panel=panel)
    moved = name.pixel_box().ravel()
    assert _covers(moved[None], np.zeros((0, 4)), lines)[0] == 0  # clear of the line
    assert moved[0] > through[0, 0]  # on the side tried first
    # already clear, or nowhere better: it stays where it is
    assert not _step_aside(name, 0.0, tip=tip, toward=(1, 0), avoid=np.zeros((0, 4)), lines=lines, gap=4.0,
                           panel=panel)
    everywhere = np.array([panel])  # every place beside the tip would cover a box: worse than a line
    before = name.pixel_box().ravel()
    assert not _step_aside(name, 5.0, tip=tip, toward=(1, 0), avoid=everywhere, lines=lines, gap=4.0, panel=panel)
    np.testing.assert_array_equal(name.pixel_box().ravel(), before)
