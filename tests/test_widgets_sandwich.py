"""sandwich (notebook 04) under Agg: every control swept, q v q⁻¹ and the one-sided q v shown as the math says.

The factory is imported from its module so these tests do not depend on the
``quatlib.widgets`` export list.
"""

from __future__ import annotations

import os

os.environ.setdefault("MPLBACKEND", "Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402
from demo_helpers import repaints_and_changes

import quatlib as ql  # noqa: E402
from quatlib import plot as qp  # noqa: E402
from quatlib.models.geometry import axis_frame  # noqa: E402
from quatlib.widgets._sandwich import sandwich, signed, zero_note  # noqa: E402

RNG = np.random.default_rng(20261130)
V = np.array([1.0, 0.2, 0.0])  # the factory's default vector

SWEEPS = {
    "angle": [-360, 360, 0, 180, -180, 90, 270, 1, 359, *RNG.uniform(-360, 360, 4).round(1)],
    "azimuth": [-180, 180, 0, 90, *RNG.uniform(-180, 180, 3).round(1)],
    "elevation": [-90, 90, 0, 89, *RNG.uniform(-90, 90, 3).round(1)],
}


@pytest.fixture(scope="module")
def demo():
    return sandwich()


def check_consistent(d, v=V) -> None:
    """Everything drawn and printed agrees with quatlib for the current control values."""
    assert d.last_error is None, repr(d.last_error)
    c, s, items = d.values, d.state, d.items
    axis = axis_frame(c.azimuth, c.elevation)[:, 0]
    np.testing.assert_allclose(s.axis, axis, atol=1e-15)
    q = ql.quaternion_from_axis_angle(axis, c.angle, degrees=True)
    np.testing.assert_allclose(s.q, q, atol=1e-15)
    # closed forms: q = cos(θ/2) + sin(θ/2) n, and the sandwich is pure with v's length
    half = np.radians(c.angle) / 2
    np.testing.assert_allclose(s.q, np.r_[np.cos(half), np.sin(half) * axis], atol=1e-12)
    np.testing.assert_allclose(s.v_rot, ql.rotate_vector(q, v), atol=1e-12)
    np.testing.assert_allclose(s.v_rot, ql.matrix_from_quaternion(q) @ v, atol=1e-12)
    assert abs(s.sandwich[0]) < 1e-12
    np.testing.assert_allclose(s.sandwich[1:], s.v_rot, atol=1e-12)
    np.testing.assert_allclose(s.sandwich_star, s.sandwich, atol=1e-12)
    assert np.linalg.norm(s.v_rot) == pytest.approx(np.linalg.norm(v))
    # the one-sided product: q v = -sin(θ/2)(n·v) + cos(θ/2) v + sin(θ/2) n×v
    qv = np.r_[-np.sin(half) * (axis @ v), np.cos(half) * v + np.sin(half) * np.cross(axis, v)]
    np.testing.assert_allclose(s.qv, qv, atol=1e-12)
    assert s.qv_w == pytest.approx(qv[0], abs=1e-12)
    assert s.qv_length ** 2 == pytest.approx(np.linalg.norm(v) ** 2 - qv[0] ** 2, abs=1e-12)
    # artists hold the same numbers
    np.testing.assert_allclose(items["turned"].tip, s.v_rot, atol=1e-12)
    np.testing.assert_allclose(items["side_turned"].tip, s.v_rot, atol=1e-12)
    np.testing.assert_allclose(items["side_qv"].tip, s.qv[1:], atol=1e-12)
    np.testing.assert_allclose(items["q_bars"].values, s.q, atol=0)
    assert items["q_bars"].texts == [] and items["w_bar"].texts == []  # the numbers are in the readout (HTML)
    assert items["w_bar"].values[0] == s.qv_w
    assert items["arc"].angle == pytest.approx(np.radians(c.angle))
    np.testing.assert_allclose(items["arc"].points[-1], s.v_rot, atol=1e-9)  # the arc ends at v′
    np.testing.assert_allclose(items["axis"].tip, 1.3 * axis, atol=1e-12)
    # the circle the tip runs on: every point at v's distance from the origin and from the axis
    ring = items["circle"].points
    np.testing.assert_allclose(np.linalg.norm(ring, axis=1), np.linalg.norm(v), atol=1e-12)
    np.testing.assert_allclose(ring @ axis, v @ axis, atol=1e-12)
    # the readout: the four numbers of q with their signs, the angle, q v's w part
    r = d.readout.value
    for x in s.q:
        assert f"<code>{signed(x)}</code>" in r
    assert f"θ = <b>{c.angle:.0f}°</b>" in r
    assert ql.widgets._base.fmt(s.qv_w) in r
    assert f"|vector part| = {s.qv_length:.3f}" in r
    for name, x in zip("wxyz", s.q):  # every -0.0000 is told apart: an exact -0.0, or a tiny negative number
        if signed(x) == "-0.0000":
            assert f"{name} = -0.0000: " + ("-0.0 exactly" if x == 0 else f"{x:.2g}: negative") in r
    assert ("elevation ±90°" in d.scenes[0].note) == (abs(c.elevation) >= 90)


@pytest.mark.parametrize("name", list(SWEEPS))
def test_sweeping_a_control_never_raises_and_everything_follows(demo, name):
    for value in SWEEPS[name]:
        demo.controls[name].value = float(value)
        assert getattr(demo.values, name) == pytest.approx(value)
        check_consistent(demo)
    assert demo.errors == []


def test_random_settings_of_all_controls_at_once(demo):
    lo_hi = {"angle": (-360, 360), "azimuth": (-180, 180), "elevation": (-90, 90)}
    for _ in range(8):
        demo.set(**{k: round(float(RNG.uniform(lo, hi)), 1) for k, (lo, hi) in lo_hi.items()})
        check_consistent(demo)
    assert demo.errors == []


def test_sliders_reach_their_ends_exactly(demo):
    for name, (lo, hi) in {"angle": (-360, 360), "azimuth": (-180, 180), "elevation": (-90, 90)}.items():
        c = demo.controls[name]
        assert (c.min, c.max) == (lo, hi)
        c.value = lo
        assert c.value == lo
        c.value = hi
        assert c.value == hi


def test_ninety_degrees_about_y_is_the_course_quaternion_and_turns_x_to_minus_z():
    d = sandwich(azimuth=0, elevation=90, angle=90, v=(1, 0, 0))
    check_consistent(d, v=np.array([1.0, 0, 0]))
    np.testing.assert_allclose(d.state.q, [0.7071, 0, 0.7071, 0], atol=5e-5)
    assert ql.norm(d.state.q) == pytest.approx(1.0)
    np.testing.assert_allclose(d.state.v_rot, [0, 0, -1], atol=1e-12)
    # here v ⟂ axis: q v happens to be pure, but turned by only 45°
    assert abs(d.state.qv_w) < 1e-12
    assert d.state.qv_error_angle == pytest.approx(45.0)
    assert "θ/2" in d.readout.value and "θ/2 only" in d.scenes[1].note


@pytest.mark.parametrize("angle, w, y", [(0, 1.0, 0.0), (90, 0.7071, 0.7071), (180, 0.0, 1.0),
                                         (270, -0.7071, 0.7071), (360, -1.0, 0.0)])
def test_w_shrinks_to_zero_at_180_and_turns_negative(angle, w, y):
    d = sandwich(azimuth=0, elevation=90, angle=angle)
    np.testing.assert_allclose(d.state.q[[0, 2]], [w, y], atol=5e-5)
    assert f"<code>{signed(d.state.q[0])}</code>" in d.readout.value


def test_a_signed_zero_is_shown_with_its_sign_and_explained():
    d = sandwich(azimuth=0, elevation=0, angle=-90)  # axis x exactly: sin(-45°)·0 = -0.0
    assert np.signbit(d.state.q[2]) and d.state.q[2] == 0
    assert "<code>-0.0000</code>" in d.readout.value
    assert "y = -0.0000: -0.0 exactly: a zero with its sign bit set" in d.readout.value
    d.controls["angle"].value = 90  # +0.0 everywhere: nothing to explain
    assert "-0.0000" not in d.readout.value.split("q v =")[0]
    assert "sign bit" not in d.readout.value


def test_a_tiny_negative_rounding_error_is_not_called_a_zero():
    d = sandwich(azimuth=90, elevation=0, angle=-90)  # axis (cos 90°, 0, -1): x = sin(-45°)·6e-17 < 0
    x = d.state.q[1]
    assert -1e-15 < x < 0 and signed(x) == "-0.0000"
    assert f"x = -0.0000: {x:.2g}: negative, a rounding error" in d.readout.value
    assert zero_note(-6e-17) == "-6e-17: negative, a rounding error far below 0.00005"
    assert zero_note(-0.0).startswith("-0.0 exactly") and zero_note(0.0) == zero_note(-0.3) == ""


def test_v_across_the_axis_is_reachable_and_q_v_then_turns_it_by_half():
    d = sandwich()
    for elevation in (-90, -17, 0, 70, 90):
        d.set(vector="perpendicular", elevation=elevation, azimuth=33, angle=100)
        s = d.state
        assert s.case == "perpendicular" and abs(s.v @ s.axis) < 1e-12
        assert s.v_length == pytest.approx(np.linalg.norm(V))
        assert abs(s.qv_w) < 1e-12 and s.qv_error_angle == pytest.approx(50.0)
        assert "θ/2 only" in d.scenes[1].note
    d.set(vector="along")
    assert d.state.case == "along" and np.linalg.norm(np.cross(d.state.v, d.state.axis)) < 1e-12


def test_the_readout_splits_v_and_shows_the_two_parts_turn_as_the_derivation_says():
    d = sandwich(azimuth=40, elevation=30, angle=130)
    s = d.state
    np.testing.assert_allclose(s.v_par + s.v_perp, s.v, atol=1e-15)
    np.testing.assert_allclose(s.sandwich_par[1:], s.v_par, atol=1e-12)
    np.testing.assert_allclose(s.sandwich_perp, s.q2_v_perp, atol=1e-12)
    assert s.qv_norm4 == pytest.approx(s.v_length)
    assert "q v∥ q* =" in d.readout.value and "q v⊥ q* = q² v⊥ =" in d.readout.value
    assert f"4D length {s.v_length:.3f} = |v|" in d.readout.value


def test_the_one_sided_product_is_wrong_in_general_and_the_panel_says_so():
    d = sandwich()  # the default: v neither along nor across the axis
    assert abs(d.state.qv_w) > 0.1
    assert d.state.qv_length < np.linalg.norm(V) - 0.01
    assert d.state.qv_error_angle > 10
    assert "not a pure quaternion" in d.readout.value
    assert "w ≠ 0" in d.scenes[1].note


def test_special_cases_of_the_one_sided_product():
    d = sandwich(angle=0)
    assert "Nothing to get wrong" in d.readout.value and d.scenes[1].note == ""
    d.controls["angle"].value = 360
    np.testing.assert_allclose(d.state.qv, np.r_[0, -V], atol=1e-12)
    assert "−v" in d.scenes[1].note
    d = sandwich(azimuth=0, elevation=0, angle=120, v=(2, 0, 0))  # v on the axis
    assert "lies on the axis" in d.readout.value
    np.testing.assert_allclose(d.state.v_rot, [2, 0, 0], atol=1e-12)
    assert d.items["angle_label"].text == ""  # no circle to sweep


@pytest.mark.parametrize("elevation, y", [(90, 1.0), (-90, -1.0)])
def test_elevation_90_puts_the_axis_on_y_whatever_the_azimuth(demo, elevation, y):
    for azimuth in (-180, -37, 0, 123, 180):
        demo.set(azimuth=azimuth, elevation=elevation, angle=135)
        check_consistent(demo)
        np.testing.assert_allclose(demo.state.axis, [0, y, 0], atol=1e-12)


@pytest.mark.parametrize("v", [(0, 0, 0), (np.nan, 0, 0)])
def test_a_vector_that_cannot_be_turned_is_refused_with_a_message(v):
    with pytest.raises(ValueError, match=r"Expected (a )?finite (non-zero )?vector v"):
        sandwich(v=v)


def test_the_figure_changes_when_the_angle_changes():
    d = sandwich(angle=30)
    before = qp.render_rgb(d.figure).copy()
    d.controls["angle"].value = 200
    after = qp.render_rgb(d.figure)
    assert (before != after).any(axis=-1).sum() > 500
    assert d.snapshot()[:4] == b"\x89PNG"


def test_turning_the_view_turns_both_panels(demo):
    demo.set(view_azim=-60, view_elev=40)
    assert [s.view for s in demo.scenes] == [(-60.0, 40.0)] * 2
    demo.reset_view()
    assert demo.last_error is None


def test_each_change_repaints_once(demo):
    """One repaint per change of the slider, none for a value it already has (how fast is for benchmarks/)."""
    repaints, changes = repaints_and_changes(demo, "angle", range(-360, 361, 60))
    assert repaints == changes and demo.last_error is None


from matplotlib.text import Text  # noqa: E402

LABELS = ("axis_label", "side_axis_label", "angle_label", "turned_label", "v_label", "side_turned_label",
          "side_qv_label")


@pytest.mark.parametrize("state", [dict(), dict(vector="perpendicular"), dict(vector="along", angle=120),
                                   dict(angle=0, elevation=0, azimuth=0), dict(angle=1),
                                   dict(angle=360, elevation=-90),
                                   dict(vector="perpendicular", azimuth=90, elevation=70, angle=90),
                                   dict(azimuth=-90, elevation=-45, angle=180),
                                   dict(azimuth=20, elevation=0, angle=90),
                                   # θ = 0: the long "vec(q v) = q v q⁻¹" had no spot off the texts near its tip
                                   # and lay on the world's "y" (place_beside then looks further out)
                                   dict(azimuth=158, elevation=43, angle=0, view_azim=-130, view_elev=59)])
def test_the_moving_labels_are_apart_and_inside_the_figure_after_a_real_draw(state):
    """The label boxes the widget estimates, checked against the text extents of an Agg draw."""
    d = sandwich()
    d.set(**state)
    fig = d.figure
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    width, height = fig.canvas.get_width_height()
    texts = [t for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()]  # every text drawn
    assert {a for k in LABELS for a in d.items[k].artists if a.get_visible() and a.get_text()} <= set(texts)
    boxes = [(t.get_text(), t.get_window_extent(renderer)) for t in texts]
    for text, b in boxes:
        assert b.x0 >= 0 and b.y0 >= 0 and b.x1 <= width and b.y1 <= height, f"{text!r} is cut off"
    for i, (t1, b1) in enumerate(boxes):
        for t2, b2 in boxes[i + 1:]:
            w = min(b1.x1, b2.x1) - max(b1.x0, b2.x0)
            h = min(b1.y1, b2.y1) - max(b1.y0, b2.y0)
            assert w <= 1 or h <= 1, f"{t1!r} overlaps {t2!r} at {state}"


def _crosses(scene, polyline, box, reach: float = 1.0) -> bool:
    """Whether the 3D ``polyline``, as drawn in ``scene``, passes within ``reach`` pixels of the pixel ``box``."""
    xy = scene.ax.transData.transform(scene.project(np.asarray(polyline, dtype=float))[0])
    s = np.linspace(0, 1, 400)[:, None, None]
    pts = (xy[:-1] + s * (xy[1:] - xy[:-1])).reshape(-1, 2)
    (x0, y0), (x1, y1) = box
    return bool(np.any((pts[:, 0] > x0 - reach) & (pts[:, 0] < x1 + reach)
                       & (pts[:, 1] > y0 - reach) & (pts[:, 1] < y1 + reach)))


@pytest.mark.parametrize("vector", ["given", "perpendicular", "along"])
def test_arrow_names_sit_off_the_axis_and_the_arrows(vector):
    """Every name the sandwich writes keeps off the dashed axis and the arrows' shafts, in both panels: with v on
    the axis ("along") the first place beside a tip is on the axis itself, and the n arrowhead used to cut
    through "q v q⁻¹" (and the orange arrow through "vec(q v)")."""
    from quatlib.models.sandwich import AXIS_REACH

    demo = sandwich(vector=vector)
    problems = []
    for angle in (0, 90, 180, 270, 360):
        for elevation, azimuth in ((90, 0), (45, 30), (20, -60)):
            demo.set(angle=angle, elevation=elevation, azimuth=azimuth)
            demo.snapshot()
            s = demo.state
            zero = np.zeros(3)
            shafts = {"axis": [-AXIS_REACH * s.axis, AXIS_REACH * s.axis], "v": [zero, s.v], "v′": [zero, s.v_rot]}
            panels = ((demo.scenes[0], "", {}), (demo.scenes[1], "side_", {"q v": [zero, s.qv[1:]]}))
            for scene, prefix, extra in panels:
                renderer = demo.figure.canvas.get_renderer()
                for key, item in demo.items.items():
                    if not (key.startswith(prefix) and key.endswith("_label")) or (not prefix and "side_" in key):
                        continue
                    text = item.artists[0]
                    if not (text.get_visible() and text.get_text().strip()):
                        continue
                    extent = text.get_window_extent(renderer)
                    box = ((extent.x0, extent.y0), (extent.x1, extent.y1))
                    crossed = [n for n, line in {**shafts, **extra}.items() if _crosses(scene, line, box)]
                    if crossed:
                        problems.append(f"θ={angle}, el={elevation}, az={azimuth}: {text.get_text()!r} on {crossed}")
    assert not problems, "\n".join(problems[:15])


@pytest.mark.parametrize("state", [(35, 90, -270, -90), (90, 90, -180, 90), (0, 22, -270, 90), (90, 0, -270, -90),
                                   (0, 90, -360, -180)])
def test_every_name_stays_inside_its_panel_by_the_margin(state):
    """The states where "θ = …" touched or passed the panel's left edge (placed by a width 4 px short)."""
    view_azim, view_elev, angle, azimuth = state
    demo = sandwich(angle=angle, azimuth=azimuth)
    demo.set(view_azim=view_azim, view_elev=view_elev)
    demo.snapshot()
    renderer = demo.figure.canvas.get_renderer()
    for scene in demo.scenes:
        x0, y0, x1, y1 = scene.ax.bbox.extents
        for text in scene.ax.texts:
            if text.get_visible() and text.get_text().strip() and text.get_transform() is not scene.ax.transAxes:
                box = text.get_window_extent(renderer)
                assert x0 + 1.9 <= box.x0 and box.x1 <= x1 - 1.9 and y0 + 1.9 <= box.y0 and box.y1 <= y1 - 1.9, \
                    (text.get_text(), box.extents)


def test_a_world_letter_steps_off_another_arrows_head():
    """With the axis along y and v along it, "y" was written on the head of the axis (or of v) over its tip, 35 %
    of its box on ink: an arrowhead is dark ink like a shaft, and the letters now keep off both."""
    d = sandwich()
    d.set(azimuth=-127, elevation=90, angle=-223, vector="along", view_azim=90, view_elev=-48)
    d.snapshot()
    assert [box.text for box, _ in qp.labels_on_ink(d.figure) if box.text in "xyz"] == []


@pytest.mark.parametrize("settings", [
    dict(azimuth=-128, elevation=-71, angle=-329, vector="perpendicular", view_azim=-33, view_elev=-39),  # "n"
    dict(azimuth=42, elevation=-41, angle=302, vector="given", view_azim=122, view_elev=26),  # "q v q⁻¹"
    dict(azimuth=-158, elevation=-40, angle=-1, vector="given", view_azim=-138, view_elev=87),  # the legend
])
def test_the_arrows_names_keep_off_the_circle_and_every_text(settings):
    """The names are placed off the circle v runs on, where θ's arc is drawn ("n" sat on the arc, 34 % on ink);
    with no spot free of lines and texts, a name lies on a line, never on a text ("vec(q v) = q v q⁻¹" had
    gone onto the legend when the circle took its other spots)."""
    d = sandwich()
    d.set(**settings)
    d.snapshot()
    assert qp.overlapping_labels(d.figure) == []
    assert [box.text for box, _ in qp.labels_on_ink(d.figure) if box.text in ("n", "q v q⁻¹")] == []
