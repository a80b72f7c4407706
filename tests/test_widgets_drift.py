"""The drift demo (notebook 05): every control swept, callbacks never raise, the picture follows, numbers right.

Most tests share one set of 1,000-frame runs (fast); the demo's own 2,000 frames are checked once on a module-wide
default demo (the notebook's 200,000-frame numbers come from quatlib itself: tests/test_course_claims.py).
"""

from __future__ import annotations

import matplotlib.collections
import matplotlib.transforms
import numpy as np
import pytest
from demo_helpers import line_under

from quatlib import length_error
from quatlib import plot as qp
from quatlib.models.drift import EVERY_CHOICES, MAGNIFY_CHOICES, DriftRuns
from quatlib.widgets import drift

SMALL = 1000


@pytest.fixture(scope="module")
def small_runs():
    return DriftRuns(frames=SMALL)


@pytest.fixture(scope="module")
def full_demo():
    return drift()  # the demo's 2,000 frames, never normalized, magnified ×10,000


@pytest.fixture
def demo(small_runs):
    return drift(runs=small_runs)


def test_default_state_prints_the_demos_numbers(full_demo):
    d = full_demo
    assert d.last_error is None
    assert d.values.frames == 2000 and d.values.every == 0
    assert f"{d.state.length['float32']:.8f}" == "1.00000548"
    assert abs(d.state.length["float64"] - 1) < 1e-10
    assert f"{d.state.matrix_error['float32']:.1e}" == "8.5e-05"
    assert d.state.matrix_error["float64"] < 1e-10
    text = d.readout.value
    assert "1.00000548" in text and "1.00000000" in text  # drifted, and after one normalize
    assert "first 2,000 frames of the notebook's 200,000" in text


def test_sweep_every_control(demo):
    rng = np.random.default_rng(5)
    stops = [v for _, v in demo.controls["frames"].options]
    sweeps = {
        "frames": [stops[0], stops[-1], *rng.choice(stops, 4, replace=False), stops[-1]],
        "every": [*EVERY_CHOICES[1:], EVERY_CHOICES[0]],
        "magnify": [*MAGNIFY_CHOICES[::-1]],
    }
    for name, values in sweeps.items():
        control = demo.controls[name]
        for value in values:
            before, previous = demo.snapshot(), control.value
            if previous == value:
                continue
            control.value = value
            assert demo.last_error is None, f"{name} = {value}: {demo.last_error!r}"
            assert control.value == value
            assert demo.snapshot() != before, f"figure unchanged after {name} = {value}"
    for control in demo.view_controls.values():
        for value in (control.min, control.max, 0.0):
            control.value = value
            assert demo.last_error is None
    assert not demo.errors


def test_every_setting_at_every_extreme_never_raises(demo):
    stops = [v for _, v in demo.controls["frames"].options]
    for every in EVERY_CHOICES:
        for magnify in (MAGNIFY_CHOICES[0], MAGNIFY_CHOICES[-1]):
            for frames in (stops[0], stops[-1]):
                demo.set(every=every, magnify=magnify, frames=frames)
                assert demo.last_error is None, (every, magnify, frames, demo.last_error)
    assert not demo.errors


def test_normalizing_keeps_the_float32_error_small(demo):
    demo.set(every=10, frames=SMALL)
    assert demo.state.run["q_max"] < 1e-6
    demo.set(every=0)
    assert demo.state.run["q_max"] > 2e-6


def test_the_cursor_reads_the_worst_error_between_normalizations(demo):
    """A frame that was just normalized is near 0; the cursor and the readout give the top of its saw-tooth."""
    demo.set(every=100, frames=SMALL)
    s = demo.state
    assert s.q_error["float32"] < 1e-7 < s.worst
    assert demo.items["plot_q"]._dots["float32"].get_ydata()[0] == s.worst
    assert "worst between normalizations (frames 901–1,000)" in demo.readout.value


def test_the_sandwich_cube_is_scaled_by_the_squared_length_and_the_normalized_one_is_not(demo):
    demo.set(every=0, frames=SMALL, magnify=100_000)
    drift_32 = float(length_error(demo.state.q))
    expected = (1 + 100_000 * drift_32) ** 2
    assert demo.state.magnified_scale == pytest.approx(expected, rel=1e-9)
    cube_q, cube_unit, _ = demo.items["cubes"]
    edge = np.linalg.norm(cube_q.vertices[1] - cube_q.vertices[0])  # vertices 0 and 1 differ in z only
    assert edge == pytest.approx(0.8 * expected, rel=1e-6)
    assert np.linalg.norm(cube_unit.vertices[1] - cube_unit.vertices[0]) == pytest.approx(0.8, rel=1e-6)


def test_the_matrix_cube_stretches_its_turned_columns(demo):
    demo.set(every=0, frames=SMALL, magnify=10_000)
    columns = demo.state.columns
    assert columns[1] == pytest.approx(1.0)  # the y axis is the turn axis
    assert columns[0] > 1.01 and columns[2] > 1.01
    assert demo.state.shear == 0 and "off-diagonal of RᵀR: 0 (no shear)" in demo.items["captions"].value


def test_too_big_to_fit_is_said_not_hidden(full_demo):
    full_demo.set(magnify=100_000, frames=2000, every=0)
    assert full_demo.state.too_big[2]
    assert "may be cut off" in full_demo.scenes[2].note
    full_demo.set(magnify=10_000)
    assert not any(full_demo.state.too_big)
    assert full_demo.scenes[2].note == ""


def test_no_picture_is_cut_off_without_its_note(full_demo):
    """The note is true when shown (a corner beyond the panel's reach is cut off at some view) and never missing:
    at every magnification and view, a picture whose projected corners leave its panel has the note."""
    from quatlib.models.drift import CUBE_SIDE

    corners = np.array([[x, y, z] for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)], float) * CUBE_SIDE / 2
    seen_cut = set()
    for magnify in (1, 100, 10_000, 100_000):
        full_demo.set(magnify=magnify, frames=2000, every=0)
        for azim in (-180, -90, -45, 0, 45, 90, 180):
            for elev in (-90, -30, 0, 30, 90):
                full_demo.set(view_azim=azim, view_elev=elev)
                for k, key in ((0, "sandwich"), (2, "matrix")):
                    scene = full_demo.scenes[k]
                    xy, _ = scene.project(corners @ full_demo.state.pictures[key].T)
                    if np.abs(xy).max() > scene.extent:
                        seen_cut.add(k)
                        assert scene.note, (magnify, azim, elev, key)
    assert seen_cut  # the sweep did reach pictures that leave their panel


@pytest.mark.parametrize("state", [
    dict(frames=200, every=10, magnify=1000, view_azim=-31, view_elev=61),  # "y" lay on the cube's top corner
    dict(frames=2, every=100, magnify=100_000, view_azim=104, view_elev=68),
    dict(frames=1500, every=1000, magnify=100_000, view_azim=-13, view_elev=70),
    dict(frames=30, every=500, magnify=1, view_azim=1, view_elev=-43),  # "z" on the y axis, both seen end-on
    dict(frames=7, every=2, magnify=100_000, view_azim=-103, view_elev=19),  # "x" inside the cube's outline
])
def test_the_world_letters_keep_off_the_cubes(full_demo, state):
    """The axis letters step aside from the cubes' edges, which move with every setting (seen from above, the
    y axis ends just past the cube's top corner, and its letter sat on the edges there); a letter with no clear
    place beside its tip stays readable on its card."""
    full_demo.set(**state)
    assert not qp.labels_on_ink(full_demo.figure)


def test_the_y_letter_steps_off_the_cube_s_top_corner(full_demo):
    """Where there is a clear place beside the tip, the letter takes it (the card is for when there is none): no
    cube edge under "y", seen from above (the test above counts the card's help, this one only the place)."""
    full_demo.set(frames=200, every=10, magnify=1000, view_azim=-31, view_elev=61)
    for world, cube in zip(full_demo.items["worlds"], full_demo.items["cubes"], strict=True):
        box = matplotlib.transforms.Bbox.from_extents(*world.letters[1].pixel_box().ravel())
        edges = [a for a in cube.artists if isinstance(a, matplotlib.collections.LineCollection) and a.get_visible()]
        assert not any(line_under(edge, box) for edge in edges)


def test_the_setting_changes_only_the_float32_quaternion_curve(demo):
    demo.set(every=0, frames=SMALL)
    plot_q, plot_R = demo.items["plot_q"], demo.items["plot_R"]
    fixed = [line.get_ydata().copy() for line in (plot_q.lines["float64"], *plot_R.lines.values())]
    before = plot_q.lines["float32"].get_ydata().copy()
    demo.set(every=10)
    assert not np.array_equal(before, plot_q.lines["float32"].get_ydata())
    after = [line.get_ydata() for line in (plot_q.lines["float64"], *plot_R.lines.values())]
    assert all(np.array_equal(a, b) for a, b in zip(fixed, after, strict=True))


def test_frames_moves_draw_only_what_moves(demo):
    """Moving the frames slider reads the run computed for the setting of ``every`` (no frame is run again) and
    keeps the figure's cached background, curves included: each move draws the cubes and the cursors over it.
    (How fast that is: benchmarks/bench_demos.py.)"""
    renderer = qp.Renderer.of(demo.figure)
    stops = [v for _, v in demo.controls["frames"].options]
    demo.set(every=0)
    run, layers = demo.state.run, (renderer.base, renderer.charts, renderer.background)
    n, moves = len(demo.timings), 0
    for value in stops[-12:] * 2:
        moves += demo.controls["frames"].value != value
        demo.controls["frames"].value = value
        assert demo.state.run is run and demo.state.frames == value
        assert all(now is kept for now, kept in zip((renderer.base, renderer.charts, renderer.background), layers))
    assert len(demo.timings) - n == moves >= 20  # a repaint for every move


def test_controls_are_labelled_and_continuous(demo):
    for name, c in demo.controls.items():
        assert c.description, name
    assert demo.controls["frames"].continuous_update
    assert [v for _, v in demo.controls["frames"].options][-1] == SMALL


def test_bad_initial_values_are_rejected():
    with pytest.raises(ValueError, match=r"Expected every in \(0, 1, 2, 5, 10, 15"):
        drift(every=7, runs=DriftRuns(frames=10))
    with pytest.raises(ValueError, match=r"Expected magnify in"):
        drift(magnify=3, runs=DriftRuns(frames=10))
    with pytest.raises(TypeError, match=r"Expected runs, a quatlib.models.drift.DriftRuns or None, got str"):
        drift(runs="x")


def test_text_fallback_is_stable(demo):
    bundle = demo._repr_mimebundle_()
    assert bundle["text/plain"].startswith("drift: ")
    assert "image/png" in bundle
