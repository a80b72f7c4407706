"""quatlib.plot's public extension API: the Item base class, z-order bands, the Renderer; and the package's borders
(widgets and tools use only public names of plot, plot imports no quatlib math)."""

from __future__ import annotations

import ast
import gc
import io
import pathlib
import weakref

import numpy as np
import pytest
from matplotlib.lines import Line2D

import quatlib as ql
from quatlib import plot as qp

ROOT = pathlib.Path(__file__).resolve().parents[1]
PLOT = ROOT / "quatlib" / "plot"


# -- borders --------------------------------------------------------------------------------------------------


def _plot_aliases(tree: ast.AST, path: pathlib.Path) -> set[str]:
    """Names bound to the quatlib.plot module in a file (``from .. import plot as qp``, ``import quatlib.plot``...)."""
    in_package = "quatlib" in path.parts
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            absolute = node.level == 0 and node.module == "quatlib"
            relative = in_package and node.level >= 1 and node.module is None
            if absolute or relative:
                names |= {a.asname or a.name for a in node.names if a.name == "plot"}
        elif isinstance(node, ast.Import):
            names |= {a.asname for a in node.names if a.name == "quatlib.plot" and a.asname}
    return names


def private_plot_names(source: str, path: pathlib.Path) -> list[str]:
    """Every private name of quatlib.plot used in ``source``: ``qp._x``, ``ql.plot._x``, imports of ``_x``."""
    tree = ast.parse(source)
    aliases = _plot_aliases(tree, path)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            base = node.value
            if isinstance(base, ast.Name) and base.id in aliases:
                found.append(f"{base.id}.{node.attr}")
            elif isinstance(base, ast.Attribute) and base.attr == "plot":  # ql.plot._x, quatlib.plot._x
                found.append(f"plot.{node.attr}")
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            parts = module.split(".")
            if "plot" in parts:
                after = parts[parts.index("plot") + 1:]
                if any(p.startswith("_") for p in after):  # from ..plot._x import y
                    found.append(f"from {'.' * node.level}{module} import")
                elif not after:  # from ..plot import _x
                    found += [f"from {'.' * node.level}{module} import {a.name}" for a in node.names
                              if a.name.startswith("_")]
    return found


def test_the_private_name_scan_finds_every_form():
    path = ROOT / "quatlib" / "widgets" / "_example.py"
    source = """
from .. import plot as qp
from ..plot import Item, _as_points
from ..plot._items import Item
import quatlib as ql
class A(qp._Item): pass
qp.COLORS, qp.__all__, ql.plot._registry, qp._Z_MID
"""
    assert sorted(private_plot_names(source, path)) == sorted([
        "qp._Item", "plot._registry", "qp._Z_MID", "from ..plot import _as_points", "from ..plot._items import"])


@pytest.mark.parametrize("folder", ["quatlib/widgets", "tools", "benchmarks", "tests/browser"])
def test_widgets_and_tools_use_only_public_names_of_plot(folder):
    files = sorted((ROOT / folder).rglob("*.py"))
    assert files, f"no Python files under {folder}"
    offences = {str(f.relative_to(ROOT)): names for f in files
                if (names := private_plot_names(f.read_text(encoding="utf-8"), f))}
    assert offences == {}


def test_plot_imports_no_quatlib_math():
    """Math never happens in plot: its modules import only each other, numpy and matplotlib."""
    offences = []
    for path in sorted(PLOT.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level >= 2:  # from .. import x, from .._rotate import y
                offences.append(f"{path.name}: from {'.' * node.level}{node.module or ''}")
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("quatlib"):
                offences.append(f"{path.name}: from {node.module}")
            elif isinstance(node, ast.Import):
                offences += [f"{path.name}: import {a.name}" for a in node.names if a.name.startswith("quatlib")]
    assert offences == []


def test_every_public_name_is_exported_once_and_no_private_one():
    assert len(qp.__all__) == len(set(qp.__all__))
    assert all(not name.startswith("_") for name in qp.__all__)
    for name in qp.__all__:
        assert getattr(qp, name) is not None
    modules = {getattr(qp, name).__module__ for name in qp.__all__ if hasattr(getattr(qp, name), "__module__")}
    assert all(m.startswith("quatlib.plot._") for m in modules)  # defined in the private modules, re-exported here
    assert {"Item", "Z", "Renderer", "as_points", "as_matrix"} <= set(qp.__all__)


# -- z-order bands ----------------------------------------------------------------------------------------------


def test_z_bands_are_ordered_and_the_onion_rule_puts_bigger_shells_outside():
    assert qp.Z.WORLD < qp.Z.BACK < qp.Z.MID < qp.Z.FRONT < qp.Z.TEXT
    extent = 1.6
    fronts = [qp.Z.shell(True, r, extent) for r in (0.2, 0.8, 1.6, 2.4)]
    backs = [qp.Z.shell(False, r, extent) for r in (0.2, 0.8, 1.6, 2.4)]
    assert fronts == sorted(fronts) and backs == sorted(backs, reverse=True)
    assert qp.Z.FRONT < fronts[0] and fronts[-1] <= qp.Z.FRONT + 4 and qp.Z.BACK - 4 <= backs[-1] < qp.Z.BACK
    assert qp.Z.shell(True, 100.0, extent) == qp.Z.shell(True, 1.5 * extent, extent)  # capped


# -- the Item base class ----------------------------------------------------------------------------------------


class Segment(qp.Item):
    """The package docstring's example item: a segment between two 3D points."""

    def __init__(self, scene, a=(0, 0, 0), b=(1, 0, 0), **kwargs):
        super().__init__(scene, **kwargs)
        self._line = Line2D([], [], lw=1.5, zorder=qp.Z.MID)
        self.ax.add_line(self._line)
        self.own(self._line)
        self.set_data(a, b)

    def set_data(self, a, b) -> None:
        self.ends = qp.as_points([a, b], "segment ends")
        self.project()

    def project(self) -> None:
        xy, _ = self.scene.project(self.ends)
        self._line.set_data(xy[:, 0], xy[:, 1])


def test_an_item_registers_with_its_scene_and_follows_the_view():
    fig, (scene,) = qp.panels(1, view=(0, 0))
    seg = Segment(scene, b=(0, 0, 1))
    assert seg in scene.items and seg.artists == [seg._line]
    assert set(seg.artists) <= set(qp.Renderer.of(fig).moving_artists())
    np.testing.assert_allclose(np.ravel(seg._line.get_xydata()), 0, atol=1e-12)  # z points at the viewer
    scene.set_view(90, 0)  # camera on +x, looking along -x: +z points to the screen's left
    np.testing.assert_allclose(seg._line.get_xydata()[1], [-1, 0], atol=1e-12)


def test_a_static_item_is_drawn_into_the_background_and_says_when_it_changed():
    fig, (scene,) = qp.panels(1)
    seg = Segment(scene, static=True)
    renderer = qp.Renderer.of(fig)
    assert seg.static and not set(seg.artists) & set(renderer.moving_artists())
    renderer.render_rgb()
    assert renderer.background is not None
    seg.changed()
    assert renderer.background is None
    moving = Segment(scene)
    renderer.render_rgb()
    moving.changed()  # a moving item has no background to drop
    assert renderer.background is not None


def test_an_adopted_child_is_projected_shown_and_hidden_by_its_parent():
    fig, (scene,) = qp.panels(1)

    class TwoSegments(qp.Item):
        def __init__(self, scene):
            super().__init__(scene)
            self.parts = [self.adopt(Segment(scene)), self.adopt(Segment(scene))]

    pair = TwoSegments(scene)
    assert pair in scene.items and not any(p in scene.items for p in pair.parts)
    assert pair.artists == [pair.parts[0]._line, pair.parts[1]._line] and pair.children == pair.parts
    pair.parts[0].ends = qp.as_points([[0, 0, 0], [0, 1, 0]])
    scene.set_view(10, 10)  # the parent's default project() re-projects its children
    np.testing.assert_allclose(pair.parts[0]._line.get_xydata()[1], scene.project([0, 1, 0])[0])
    pair.set_visible(False)
    assert not any(a.get_visible() for a in pair.artists)
    assert not pair.visible and not any(p.visible for p in pair.parts)  # each child hidden as itself


@pytest.mark.parametrize("kind", ["arc", "filled polyline"])
def test_a_hidden_item_stays_hidden_when_the_view_turns_and_shows_only_the_parts_its_geometry_allows(kind):
    """An arc shows its head, a polyline its fill, only where the geometry allows; a view turn projects every
    item, and a hidden one must not get its head or fill back (two_mirrors' arcs at φ = 180°, seen once after a
    view turn: two arrowheads of arcs that were not there)."""
    fig, (scene,) = qp.panels(1)
    if kind == "arc":
        item = qp.Arc(scene)
        part = item.artists[1]  # the head
        shown = dict(points=[[1, 0, 0], [0, 1, 0]], angle=np.pi / 2)
        without = dict(points=[[1, 0, 0], [1, 0, 0]], angle=0.0)  # a turn through 0: no direction, no head
    else:
        item = qp.Polyline(scene, fill="red")
        part = item.artists[0]  # the fill
        shown = dict(points=[[0, 0, 0], [1, 0, 0], [0, 1, 0]])
        without = dict(points=[[0, 0, 0], [1, 0, 0]])  # two points: nothing to fill
    item.set_data(**shown)
    assert part.get_visible()
    item.set_visible(False)
    scene.set_view(10, 10)
    assert not any(a.get_visible() for a in item.artists)
    item.set_data(**without)
    item.set_visible(True)  # shown again: the part only if the geometry allows
    assert item.artists[-1].get_visible() and not part.get_visible()
    item.set_data(**shown)
    assert part.get_visible()


def test_show_sets_the_data_and_shows_the_item_or_hides_it_for_none():
    fig, (scene,) = qp.panels(1)
    arrow = qp.Arrow(scene)
    arrow.show(None)
    assert not any(a.get_visible() for a in arrow.artists)
    np.testing.assert_array_equal(arrow.tip, [1, 0, 0])  # hidden, the data kept
    arrow.show([0, 1, 0])
    assert all(a.get_visible() for a in arrow.artists)
    np.testing.assert_array_equal(arrow.tip, [0, 1, 0])


def test_point_and_matrix_checks_say_what_was_expected():
    with pytest.raises(ValueError, match=r"Expected tip with shape \(\.\.\., 3\), got \(2,\)"):
        qp.as_points([1, 2], "tip")
    with pytest.raises(ValueError, match=r"Expected a rotation matrix with shape \(3, 3\), got \(2, 2\)"):
        qp.as_matrix(np.eye(2))
    np.testing.assert_array_equal(qp.as_matrix(None), np.eye(3))
    assert qp.as_points([[1, 2, 3]]).dtype == float


# -- the Renderer -----------------------------------------------------------------------------------------------


def test_one_renderer_per_figure_kept_outside_the_figure():
    fig, scenes = qp.panels(2)
    renderer = qp.Renderer.of(fig)
    assert qp.Renderer.of(fig) is renderer and renderer.figure is fig and renderer.scenes == scenes
    assert not any("quatlib" in key or isinstance(v, qp.Renderer) for key, v in fig.__dict__.items())
    other, _ = qp.panels(1)
    assert qp.Renderer.of(other) is not renderer


def test_the_renderer_does_not_keep_a_figure_alive():
    fig, (scene,) = qp.panels(1)
    qp.Cube(scene)
    qp.render_png(fig)
    ref = weakref.ref(fig)
    del fig, scene
    gc.collect()
    assert ref() is None


def test_module_functions_are_the_figures_renderer():
    fig, (scene,) = qp.panels(1)
    cube = qp.Cube(scene)
    renderer = qp.Renderer.of(fig)
    np.testing.assert_array_equal(qp.render_rgb(fig), renderer.render_rgb())
    assert qp.render_png(fig) == renderer.render_png() == qp.encode_png(renderer.render_rgb())
    background = renderer.background
    cube.set_data(ql.matrix_from_quaternion(ql.quaternion_from_axis_angle([0, 1, 0], 40, degrees=True)))
    renderer.render_rgb()
    assert renderer.background is background  # a moving item does not redraw the background
    qp.invalidate(fig)
    assert renderer.background is None
    renderer.render_rgb()
    assert renderer.background is not None and renderer.background is not background


def full_draw_rgb(fig) -> np.ndarray:
    buf = io.BytesIO()
    fig.savefig(buf, format="rgba", dpi=fig.dpi)
    w, h = (int(round(v)) for v in fig.get_size_inches() * fig.dpi)
    return np.frombuffer(buf.getvalue(), np.uint8).reshape(h, w, 4)[..., :3]


def test_a_view_turn_redraws_only_the_static_items_that_follow_the_camera():
    fig, (scene,) = qp.panels(1, size=3.0, title="turn me")  # its world frame: static, follows the camera
    corner = qp.StaticText(scene, text="a note in axes coordinates")
    chart_ax = fig.add_axes((0.6, 0.1, 0.35, 0.25))
    qp.Curves(chart_ax, {"a": "red"}, xlim=(0, 1), ylim=(0, 1)).set_curve("a", [0, 1], [0, 1])
    scene.world.static = True
    renderer = qp.Renderer.of(fig)
    assert not corner.follows_view and scene.world.follows_view
    assert set(scene.world.artists) == set(renderer.view_artists())
    renderer.render_rgb()
    base, background = renderer.base, renderer.background
    scene.set_view(-70, 15)
    assert renderer.base is base and renderer.background is None  # the chart and the note stay cached
    turned = renderer.render_rgb().copy()
    assert renderer.base is base and renderer.background is not background
    np.testing.assert_array_equal(turned, full_draw_rgb(fig))
    corner.set_data("a new note")  # a static item that does not follow the camera: the whole background
    assert renderer.base is None
    np.testing.assert_array_equal(renderer.render_rgb(), full_draw_rgb(fig))


def test_while_the_view_keeps_turning_the_camera_layer_is_drawn_into_each_frame_not_cached():
    fig, (scene,) = qp.panels(1, size=3.0, title="turn me")
    scene.world.static = True  # the camera layer: the world frame
    cube = qp.Cube(scene)
    renderer = qp.Renderer.of(fig)
    renderer.render_rgb()
    for k, azim in enumerate((10, 20, 30)):
        scene.set_view(azim, 15)
        np.testing.assert_array_equal(renderer.render_rgb(), full_draw_rgb(fig))
        assert (renderer.background is None) == (k > 0)  # the first turn is cached, the ones after it are not
    cube.set_data(ql.matrix_from_quaternion(ql.quaternion_from_axis_angle([0, 1, 0], 40, degrees=True)))
    np.testing.assert_array_equal(renderer.render_rgb(), full_draw_rgb(fig))
    assert renderer.background is not None  # the turns have stopped: the layer is cached again
    background = renderer.background
    cube.set_data(None)
    renderer.render_rgb()
    assert renderer.background is background


def test_while_a_curve_keeps_changing_the_chart_layer_is_drawn_into_each_frame_not_cached():
    fig, (scene,) = qp.panels(1, size=3.0, footer=1.0)
    scene.world.static = True  # a camera layer above the chart layer
    curves = qp.Curves(fig.add_axes((0.6, 0.05, 0.35, 0.15)), {"a": "red"}, xlim=(0, 1), ylim=(0, 1), legend=False)
    renderer = qp.Renderer.of(fig)
    renderer.render_rgb()
    base = renderer.base
    for k, top in enumerate((0.2, 0.5, 0.9)):  # a slider that moves a curve, dragged
        curves.set_curve("a", [0, 1], [0, top])
        np.testing.assert_array_equal(renderer.render_rgb(), full_draw_rgb(fig))
        assert renderer.base is base  # the frames and tick labels stay cached
        assert (renderer.charts is None) == (renderer.background is None) == (k > 0)  # the first change is cached
    np.testing.assert_array_equal(renderer.render_rgb(), full_draw_rgb(fig))  # the curve has stopped
    assert renderer.charts is not None and renderer.background is not None  # its layer is cached again


def test_new_charts_without_chart_artists_leave_no_trace_of_the_last_frame():
    fig, (scene,) = qp.panels(1, world_frame=False)  # no camera layer, no chart layer: both are the base
    arrow = qp.Arrow(scene, (1, 0, 0))
    renderer = qp.Renderer.of(fig)
    renderer.render_rgb()
    arrow.set_data((0, 1, 0))
    renderer.render_rgb()  # (no full draw in between: it would repaint the canvas)
    arrow.set_data((0, 0, 1))
    renderer.invalidate_charts()
    frame = renderer.render_rgb().copy()
    np.testing.assert_array_equal(frame, full_draw_rgb(fig))  # the arrow at (0, 1, 0) is gone


def test_a_scene_without_camera_following_static_items_keeps_its_background_when_turned():
    fig, (scene,) = qp.panels(1, world_frame=False)
    qp.legend(scene, [("one", "red")])
    cube = qp.Cube(scene)
    renderer = qp.Renderer.of(fig)
    renderer.render_rgb()
    background = renderer.background
    assert background is renderer.base and renderer.view_artists() == []
    scene.set_view(40, 20)
    assert renderer.background is background and cube.artists
    np.testing.assert_array_equal(renderer.render_rgb(), full_draw_rgb(fig))


def test_a_moving_items_backdrop_is_drawn_into_the_background_and_redrawn_when_the_view_turns():
    fig, (scene,) = qp.panels(1, world_frame=False)
    trail = qp.Trail(scene, [[1, 0, 0], [0, 1, 0]])
    renderer = qp.Renderer.of(fig)
    assert trail.backdrop_artists == [trail._sphere] and trail._sphere in trail.artists
    assert renderer.view_artists() == [trail._sphere] and trail._sphere not in renderer.moving_artists()
    renderer.render_rgb()
    base, background = renderer.base, renderer.background
    trail.set_data([[0, 0, 1], [0, 1, 0]])  # the trail moves, its sphere's outline stays in the background
    np.testing.assert_array_equal(renderer.render_rgb(), full_draw_rgb(fig))
    assert renderer.background is background
    scene.set_view(30, 40)
    assert renderer.base is base and renderer.background is None
    np.testing.assert_array_equal(renderer.render_rgb(), full_draw_rgb(fig))
    trail.set_visible(False)  # hiding it hides the backdrop in the background too
    assert renderer.background is None
    np.testing.assert_array_equal(renderer.render_rgb(), full_draw_rgb(fig))
    trail.set_visible(True)
    renderer.render_rgb()
    renderer.render_rgb()  # (a layer that changed in two frames running is cached again by a frame without a change)
    base = renderer.base
    assert renderer.background is not None
    trail._sphere.set_radius(0.5)  # a backdrop changed by other means than the view: changed() says so
    trail.changed()
    assert renderer.base is base and renderer.background is None
    np.testing.assert_array_equal(renderer.render_rgb(), full_draw_rgb(fig))


def test_moving_parts_are_held_weakly_and_drawn_while_alive():
    fig = qp.figure((3, 2))
    ax = fig.add_axes((0.1, 0.1, 0.8, 0.8))
    history = qp.History(ax, ("a", "b"))
    renderer = qp.Renderer.of(fig)
    assert renderer.moving == [history] and set(history.artists) <= set(renderer.moving_artists())
    del history
    gc.collect()
    assert renderer.moving == [] and renderer.moving_artists() == []


def test_new_curves_redraw_only_the_chart_layer_and_the_picture_is_a_full_draw():
    fig, (scene,) = qp.panels(1, size=3.0, title="a scene")
    scene.world.static = True
    curves = qp.Curves(fig.add_axes((0.6, 0.1, 0.35, 0.25)), {"a": "red"}, xlim=(0, 1), ylim=(0, 1), legend=False)
    curves.set_curve("a", [0, 1], [0, 1])
    renderer = qp.Renderer.of(fig)
    assert renderer.chart_parts == [curves] and curves.lines["a"] in renderer.chart_artists()
    renderer.render_rgb()
    base, charts = renderer.base, renderer.charts
    curves.set_cursor(0.5, {"a": 0.5})  # the cursor moves: no layer is redrawn
    renderer.render_rgb()
    assert renderer.base is base and renderer.charts is charts
    curves.set_curve("a", [0, 1], [1, 0])
    curves.set_note("a note")
    assert renderer.base is base and renderer.charts is None and renderer.background is None
    np.testing.assert_array_equal(renderer.render_rgb(), full_draw_rgb(fig))
    assert renderer.base is base and renderer.charts is not None and curves.note == "a note"
    scene.set_view(20, 30)  # a view turn keeps the chart layer
    charts = renderer.charts
    np.testing.assert_array_equal(renderer.render_rgb(), full_draw_rgb(fig))
    assert renderer.charts is charts


def test_a_new_scene_title_is_drawn_with_the_moving_artists():
    fig, (scene,) = qp.panels(1, size=3.0, title="first")
    renderer = qp.Renderer.of(fig)
    renderer.render_rgb()
    base = renderer.base
    scene.set_title("second")
    np.testing.assert_array_equal(renderer.render_rgb(), full_draw_rgb(fig))
    assert renderer.base is base and scene.title == "second"


def test_a_sphere_is_static_and_stays_in_the_base_when_the_view_turns():
    fig, (scene,) = qp.panels(1, world_frame=False)
    sphere = qp.Sphere(scene, 1.2)
    renderer = qp.Renderer.of(fig)
    assert sphere.static and not sphere.follows_view and renderer.view_artists() == []
    renderer.render_rgb()
    base = renderer.base
    scene.set_view(50, -20)
    np.testing.assert_array_equal(renderer.render_rgb(), full_draw_rgb(fig))
    assert renderer.base is base


def test_parts_left_out_are_not_drawn_or_owned():
    fig, (scene,) = qp.panels(1, world_frame=False)
    outline = qp.Cube(scene, alpha=0.0, mark=None)  # no faces to fill
    trail = qp.Trail(scene, [[1, 0, 0], [0, 1, 0]], sphere=False, marker_last=False)
    assert len(outline.artists) == 3 and not trail.backdrop_artists and len(trail.artists) == 2
    trail.set_visible(True)  # showing the trail shows no sphere and no marker
    assert qp.Renderer.of(fig).view_artists() == []


def test_lean_collections_draw_matplotlibs_pixels():
    from matplotlib.collections import LineCollection, PolyCollection

    def picture(poly_cls, line_cls):
        fig = qp.figure((2, 2))
        ax = fig.add_axes((0, 0, 1, 1))
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        ax.add_collection(poly_cls([[(0.1, 0.1), (0.6, 0.2), (0.4, 0.7)], [(0.5, 0.5), (0.9, 0.5), (0.9, 0.9)]],
                                   facecolors=[(1, 0, 0, 0.4), (0, 0, 1, 0.4)], edgecolors="none"))
        ax.add_collection(line_cls([[(0.1, 0.9), (0.9, 0.1)], [(0.1, 0.5), (0.9, 0.6)]], colors="k",
                                   linewidths=1.5, linestyles=(0, (3, 3)), capstyle="round"))
        return qp.render_rgb(fig).copy()

    lean = picture(qp._collections.PolyCollection, qp._collections.LineCollection)
    np.testing.assert_array_equal(lean, picture(PolyCollection, LineCollection))
    assert (lean != 255).any()


def test_lean_lines_draw_matplotlibs_pixels():
    from matplotlib.lines import Line2D

    def picture(line_cls):
        fig = qp.figure((2, 2))
        ax = fig.add_axes((0, 0, 1, 1))
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        lines = [  # solid, dashed, translucent, round caps, a marker (matplotlib's draw), axes coordinates, empty
            line_cls([0.1, 0.9], [0.1, 0.8], color="r", lw=2.4, solid_capstyle="butt"),
            line_cls([0.1, 0.5, 0.9], [0.9, 0.3, 0.6], color="b", lw=1.5, ls=(0, (2, 2)), alpha=0.45),
            line_cls(np.linspace(0, 1, 200), 0.5 + 0.3 * np.sin(np.linspace(0, 9, 200)), color="g", lw=1.0),
            line_cls([0.2, 0.2], [0.1, 0.6], color="k", lw=3.0, solid_capstyle="round"),
            line_cls([0.7], [0.2], ls="none", marker="o", ms=7, color="m", mec="white"),
            line_cls([0.05, 0.95], [0.95, 0.95], transform=ax.transAxes, color="c", lw=0.9, ls=":"),
            line_cls([], [], color="k"),
        ]
        for line in lines:
            ax.add_line(line)
        first = qp.render_rgb(fig).copy()
        lines[1].set_data([0.3, 0.6], [0.2, 0.9])  # moved: drawn from the new data
        qp.invalidate(fig)  # (plain lines of a figure are its static background)
        return first, qp.render_rgb(fig).copy()

    lean = picture(qp._collections.Line2D)
    for ours, theirs in zip(lean, picture(Line2D), strict=True):
        np.testing.assert_array_equal(ours, theirs)
    assert (lean[0] != 255).any() and (lean[0] != lean[1]).any()


def test_lean_line_collection_makes_matplotlibs_paths_from_an_array():
    from matplotlib.collections import LineCollection

    segments = np.random.default_rng(3).random((12, 2, 2))
    ours, theirs = qp._collections.LineCollection([]), LineCollection([])
    ours.set_segments(segments)  # the fast path
    theirs.set_segments(segments)
    assert len(ours.get_paths()) == len(theirs.get_paths()) == 12
    for a, b in zip(ours.get_paths(), theirs.get_paths(), strict=True):
        np.testing.assert_array_equal(a.vertices, b.vertices)
        assert a.codes is b.codes is None and a.should_simplify == b.should_simplify
    ours.set_segments([[(0, 0), (1, 1), (2, 0)], [(0, 1), (1, 0)]])  # ragged: matplotlib's own
    assert [len(p.vertices) for p in ours.get_paths()] == [3, 2]
