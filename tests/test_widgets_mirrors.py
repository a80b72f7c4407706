"""two_mirrors (notebook 03) under Agg: every control swept, the picture and the numbers follow the math.

The factory is imported from its module so these tests do not depend on the
``quatlib.widgets`` export list.
"""

from __future__ import annotations

import os

os.environ.setdefault("MPLBACKEND", "Agg")

import matplotlib.collections  # noqa: E402
import matplotlib.lines  # noqa: E402
import matplotlib.transforms  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from demo_helpers import SIDE_VIEWS, line_under, repaints_and_changes

import quatlib as ql  # noqa: E402
from quatlib import plot as qp  # noqa: E402
from quatlib.models.geometry import axis_frame  # noqa: E402
from quatlib.widgets._mirrors import two_mirrors  # noqa: E402

RNG = np.random.default_rng(20261130)

# control -> values: the ends, the singular values, and seeded random values
SWEEPS = {
    "mirror_angle": [0, 180, 45, 90, 1, 179, *RNG.uniform(0, 180, 4).round(1)],
    "turn": [-180, 180, 0, 90, *RNG.uniform(-180, 180, 3).round(1)],
    "azimuth": [-180, 180, 0, *RNG.uniform(-180, 180, 3).round(1)],
    "elevation": [-90, 90, 0, *RNG.uniform(-90, 90, 3).round(1)],
}


@pytest.fixture(scope="module")
def demo():
    return two_mirrors()


def same_rotation(p, q) -> bool:
    return np.allclose(p, q, atol=1e-9) or np.allclose(p, -np.asarray(q), atol=1e-9)


def check_consistent(d) -> None:
    """Everything shown agrees with quatlib for the demo's current control values."""
    assert d.last_error is None, repr(d.last_error)
    v, s, items = d.values, d.state, d.items
    phi = float(v.mirror_angle)
    assert s.rotation_angle == pytest.approx(2 * phi)
    # the normals are unit, phi apart, and both perpendicular to the slider's axis
    n1, n2 = s.n1, s.n2
    np.testing.assert_allclose([np.linalg.norm(n1), np.linalg.norm(n2)], 1.0)
    assert np.degrees(np.arccos(np.clip(n1 @ n2, -1, 1))) == pytest.approx(phi, abs=1e-6)
    # q = n2 n1 is exactly the quatlib product, and the same rotation as axis-angle (up to sign)
    np.testing.assert_allclose(s.q, ql.quaternion_from_mirrors(n1, n2), atol=1e-15)
    np.testing.assert_allclose(s.q, ql.multiply(np.r_[0, n2], np.r_[0, n1]), atol=1e-12)
    assert same_rotation(s.q, s.q_axis_angle)
    np.testing.assert_allclose(s.q, -s.q_axis_angle, atol=1e-9)  # quatlib's sign: n2 n1 = -q_aa
    # the copies: ghost = reflection in mirror 1 (det -1), final = both = rotation by q (det +1)
    ghost, final = items["ghost"], items["final"]
    np.testing.assert_allclose(ghost.center, ql.reflect(s.position, n1), atol=1e-12)
    np.testing.assert_allclose(final.center, ql.rotate_vector(s.q, s.position), atol=1e-12)
    np.testing.assert_allclose(final.R, ql.matrix_from_quaternion(s.q), atol=1e-12)
    assert np.linalg.det(ghost.R) == pytest.approx(-1.0)
    assert np.linalg.det(final.R) == pytest.approx(1.0)
    assert s.reflections_agree
    # the mirror planes are drawn with the normals of the state
    np.testing.assert_allclose(items["planes"][0].normal, n1, atol=1e-12)
    np.testing.assert_allclose(items["planes"][1].normal, n2, atol=1e-12)
    np.testing.assert_allclose(items["normals"][1].tip - items["normals"][1].tail, 0.7 * n2, atol=1e-12)
    # the readout carries the numbers (HTML: no text to draw in the figure)
    assert f"φ = <b>{phi:.0f}°</b>" in d.readout.value
    assert f"2φ = <b>{2 * phi:.0f}°</b>" in d.readout.value
    assert ql.widgets._base.fmt_vector(s.q) in d.readout.value
    assert ("equal up to sign" in d.readout.value) or ("equal</b> (here even the signs agree)" in d.readout.value)
    if s.degenerate:
        assert s.axis is None
        assert "axis undefined" in d.readout.value
        assert "no axis" in d.scenes[0].note
        assert not items["axis"].artists[0].get_visible()
        np.testing.assert_allclose(final.center, s.position, atol=1e-9)  # no turn
    else:
        axis = s.axis
        np.testing.assert_allclose(axis, axis_frame(v.azimuth, v.elevation)[:, 0], atol=1e-9)
        assert d.scenes[0].note == ""
        assert items["turn_arc"].angle == pytest.approx(np.radians(2 * phi))
        assert items["axis"].artists[0].get_visible()


@pytest.mark.parametrize("name", list(SWEEPS))
def test_sweeping_a_control_never_raises_and_everything_follows(demo, name):
    for value in SWEEPS[name]:
        demo.controls[name].value = float(value)
        assert demo.values.__dict__[name] == pytest.approx(value)
        check_consistent(demo)
    assert demo.errors == []


def test_random_settings_of_all_controls_at_once(demo):
    for _ in range(8):
        lo_hi = {"mirror_angle": (0, 180), "turn": (-180, 180), "azimuth": (-180, 180), "elevation": (-90, 90)}
        demo.set(**{k: round(float(RNG.uniform(lo, hi)), 1) for k, (lo, hi) in lo_hi.items()})
        check_consistent(demo)
    assert demo.errors == []


def test_sliders_reach_the_singular_values_exactly(demo):
    c = demo.controls["mirror_angle"]
    assert (c.min, c.max) == (0, 180)
    for value in (0, 45, 90, 180):
        c.value = value
        assert c.value == value
    assert (demo.controls["elevation"].min, demo.controls["elevation"].max) == (-90, 90)


def test_mirrors_45_degrees_apart_turn_by_90_and_q_is_minus_the_axis_angle_quaternion():
    d = two_mirrors(mirror_angle=45)
    q90 = ql.quaternion_from_axis_angle([0, 1, 0], 90, degrees=True)
    assert d.state.rotation_angle == 90
    np.testing.assert_allclose(d.state.q_axis_angle, q90, atol=1e-12)
    np.testing.assert_allclose(d.state.q, -q90, atol=1e-12)
    assert "turn by 2φ = <b>90°</b>" in d.readout.value
    assert "equal up to sign" in d.readout.value
    assert "(-0.7071, 0.0000, -0.7071, 0.0000)" in d.readout.value
    assert "(0.7071, 0.0000, 0.7071, 0.0000)" in d.readout.value
    assert d.items["names"].labels["turn"].text == "2φ = 90°"


def test_perpendicular_mirrors_give_a_half_turn_whose_quaternion_is_pure():
    d = two_mirrors(mirror_angle=90)
    assert d.state.rotation_angle == 180
    assert abs(d.state.q[0]) < 1e-12
    np.testing.assert_allclose(np.abs(d.state.q[1:]), [0, 1, 0], atol=1e-12)


@pytest.mark.parametrize("phi, w", [(0, -1.0), (180, 1.0)])
def test_coinciding_mirrors_explain_instead_of_failing(phi, w):
    d = two_mirrors(mirror_angle=phi)
    assert d.last_error is None
    assert d.state.degenerate and d.state.axis is None
    np.testing.assert_allclose(d.state.q, [w, 0, 0, 0], atol=1e-12)
    np.testing.assert_allclose(d.state.q_axis_angle, [-w, 0, 0, 0], atol=1e-12)
    assert "no turn" in d.scenes[0].note and "no axis" in d.scenes[0].note
    assert "axis undefined" in d.readout.value
    assert not d.items["turn_arc"].artists[0].get_visible()
    assert d.items["cube_names"].labels["final"].text == "in both = original"


def test_turning_both_mirrors_together_keeps_the_rotation(demo):
    demo.set(mirror_angle=30, azimuth=20, elevation=40, turn=0)
    q0, n0 = demo.state.q.copy(), demo.state.n1.copy()
    demo.set(turn=77)
    assert not np.allclose(demo.state.n1, n0)
    np.testing.assert_allclose(demo.state.q, q0, atol=1e-12)


@pytest.mark.parametrize("elevation, y", [(90, 1.0), (-90, -1.0)])
def test_elevation_90_puts_the_axis_on_y_whatever_the_azimuth(demo, elevation, y):
    for azimuth in (-180, -37, 0, 123, 180):
        demo.set(mirror_angle=45, azimuth=azimuth, elevation=elevation)
        check_consistent(demo)
        np.testing.assert_allclose(demo.state.axis, [0, y, 0], atol=1e-12)


def letter_orientations(cube) -> np.ndarray:
    """For each letter F drawn on a cube, +1 if it reads correctly on screen, -1 if mirrored.

    The first stroke of an F runs up the stem, then right along the top bar; seen
    from outside its face, (bar, stem) turn counter-clockwise: a positive 2D cross
    product on screen.  A mirror image turns them clockwise.
    """
    strokes = [np.asarray(seg) for seg in cube._mark.get_segments() if len(seg) == 3]
    signs = []
    for seg in strokes:
        stem, bar = seg[1] - seg[0], seg[2] - seg[1]
        signs.append(np.sign(bar[0] * stem[1] - bar[1] * stem[0]))
    return np.array(signs)


@pytest.mark.parametrize("settings", [{}, dict(mirror_angle=30, azimuth=40, elevation=35, turn=20),
                                      dict(mirror_angle=120, azimuth=-60, elevation=60),
                                      dict(mirror_angle=10, elevation=-20)])
def test_the_mirror_image_reads_backwards_on_screen_and_the_turned_copy_does_not(settings):
    d = two_mirrors(**settings)
    original, ghost, final = (d.items[k] for k in ("original", "ghost", "final"))
    for cube, expected in ((original, 1), (ghost, -1), (final, 1)):
        signs = letter_orientations(cube)
        assert len(signs) >= 1  # at least one face with its letter faces the viewer
        assert (signs == expected).all(), (settings, signs)


def test_the_figure_changes_when_the_mirror_angle_changes():
    d = two_mirrors(mirror_angle=20)
    before = qp.render_rgb(d.figure).copy()
    d.controls["mirror_angle"].value = 70
    after = qp.render_rgb(d.figure)
    assert (before != after).any(axis=-1).sum() > 500
    assert d.snapshot()[:4] == b"\x89PNG"


def test_each_change_repaints_once(demo):
    """One repaint per change of the slider, none for a value it already has (how fast is for benchmarks/)."""
    repaints, changes = repaints_and_changes(demo, "mirror_angle", range(0, 181, 15))
    assert repaints == changes and demo.last_error is None


def test_the_original_cube_is_drawn_where_the_model_keeps_it_clear_of_the_mirrors_line():
    d = two_mirrors()
    d.set(mirror_angle=10, turn=77, azimuth=-40, elevation=20)
    assert not np.allclose(d.state.position, (-0.27, 0.3, 1.0))  # moved clear of this line by the model
    np.testing.assert_allclose(d.items["original"].center, d.state.position, atol=0)


def test_a_world_letter_with_no_clear_place_stays_readable_on_its_card():
    """Seen from below, "y" ends inside a mirror's outline and beside the ghost cube, with no clear place by its
    tip: it sat across the mirror's edge (32 % of its box on ink); on its card it stays readable."""
    d = two_mirrors()
    d.set(mirror_angle=137, turn=179, azimuth=-153, elevation=-46, view_azim=-128, view_elev=-44)
    d.snapshot()
    assert [box.text for box, _ in qp.labels_on_ink(d.figure) if box.text in "xyz"] == []


@pytest.mark.parametrize("settings", [{}, {"mirror_angle": 0}, {"elevation": 0, "azimuth": 0},
                                      {"mirror_angle": 120, "turn": 60, "elevation": 30}])
def test_the_world_letters_keep_off_the_mirrors_normals_axis_arcs_and_cubes(settings):
    """In side views the world's letters sat on the cubes' edges, the axis, the arc of the turn, a mirror's edge or
    normal (36 of the 183 letters in the default state's 61 views).  Now, in every side view, none sits on a line
    the picture draws."""
    d = two_mirrors(**settings)
    it = d.items
    drawn = (*it["planes"], *it["normals"], *it["rays"], it["axis"], it["phi_arc"], it["turn_arc"],
             *(it[k] for k in ("original", "ghost", "final")))
    problems = []
    for azim, elev in [d.scenes[0].view, *SIDE_VIEWS]:
        d.set(view_azim=azim, view_elev=elev)
        lines = [a for item in drawn for a in item.artists
                 if isinstance(a, (matplotlib.lines.Line2D, matplotlib.collections.LineCollection)) and a.get_visible()]
        for letter in it["world"].letters:
            box = matplotlib.transforms.Bbox.from_extents(*letter.pixel_box().ravel())
            problems += [f"view ({azim:g}, {elev:g}): {letter.text!r} on a line" for line in lines
                         if line_under(line, box)]
    assert d.last_error is None and not problems, "\n".join(problems[:20])
