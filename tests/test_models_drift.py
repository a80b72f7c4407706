"""quatlib.models.drift: the drift demo's runs and state, numpy only (no matplotlib, no ipywidgets)."""

from __future__ import annotations

import numpy as np
import pytest

import quatlib as ql
from quatlib.models.drift import (
    CUBE_SIDE,
    DEMO_FRAMES,
    EVERY_CHOICES,
    F32,
    F64,
    FRAME_STOPS,
    MAGNIFY_CHOICES,
    PANEL_EXTENT,
    DriftRuns,
    DriftState,
    check_choices,
    control_choices,
    drift_state,
    shared_runs,
    worst_between,
)

SMALL = 1000


@pytest.fixture(scope="module")
def small_runs():
    return DriftRuns(frames=SMALL)


def test_runs_are_cached_and_small(small_runs):
    first = small_runs.get(100)
    assert small_runs.get(100) is first
    assert len(first["q"]) == len(small_runs.stops) + 1  # states kept at frame 0 and the slider's stops only
    assert small_runs.stops[-1] == SMALL


def test_the_kept_states_are_the_experiments_own_numbers(small_runs):
    """The runs keep rows of quatlib's experiment, bit for bit, at the slider's stops."""
    run = small_runs.get(10)
    q_step, R_step = small_runs.steps[F32]
    qs = ql.accumulate_rotation(q_step, SMALL, np.float32, normalize_every=10)
    Rs = ql.accumulate_matrix(R_step, SMALL, np.float32)
    q64 = ql.accumulate_rotation(small_runs.steps[F64][0], SMALL, np.float64)
    for n in (1, 150, 700, SMALL):
        i = small_runs.index[n]
        np.testing.assert_array_equal(run["q"][i], qs[n])
        np.testing.assert_array_equal(small_runs.matrix[F32]["R"][i], Rs[n])
        np.testing.assert_array_equal(small_runs.float64["q"][i], q64[n])
        assert run["q_err"][i] == abs(ql.length_error(qs[n]))
    assert run["q_max"] == np.abs(ql.length_error(qs)).max()


def test_worst_between_is_the_peak_of_each_stretch_between_normalizations(small_runs):
    rng = np.random.default_rng(3)
    err = rng.random(53)
    for every in (1, 4, 10, 52, 60):
        w = worst_between(err, every)
        for n in range(1, 53):
            k = (n - 1) // every
            assert w[n] == err[k * every + 1:(k + 1) * every + 1].max()
    np.testing.assert_array_equal(worst_between(err, 1)[1:], err[1:])  # normalized every frame: the frame itself
    np.testing.assert_array_equal(worst_between(err, 0), np.maximum.accumulate(err))
    # in the demo: the frame of a normalization is small, the worst of its stretch is not
    run = small_runs.get(100)
    i = small_runs.index[SMALL]
    assert run["q_err"][i] < 1e-7 < run["worst"][i]


def test_the_whole_curve_is_kept_unless_a_reduction_is_given(small_runs):
    x, lo, hi = small_runs.get(0)["q_curve"]
    assert len(x) == SMALL and x[0] == 1 and x[-1] == SMALL
    np.testing.assert_array_equal(lo, hi)

    def first_ten(y):
        return np.arange(10.0), y[:10], y[:10]

    assert len(DriftRuns(frames=100, curve=first_ten).matrix[F64]["R_curve"][0]) == 10


def test_frame_stops_run_from_1_to_the_demos_frames():
    assert FRAME_STOPS[0] == 1 and FRAME_STOPS[-1] == DEMO_FRAMES == 2000
    assert FRAME_STOPS == sorted(set(FRAME_STOPS))
    assert DriftRuns(frames=500).stops[-1] == 500


def test_shared_runs_are_made_once_per_process():
    a = shared_runs(500)
    assert shared_runs(500) is a and shared_runs(600) is not a
    assert a.get(0) is shared_runs(500).get(0)


@pytest.mark.parametrize("every", [0, 10, 1000])
@pytest.mark.parametrize("magnify", [1, 10_000])
def test_state_pictures(small_runs, every, magnify):
    s = drift_state(frames=SMALL, every=every, magnify=magnify, runs=small_runs)
    assert isinstance(s, DriftState)
    unit = ql.normalize(s.q.astype(float))
    scale = (1 + magnify * s.drift[F32]) ** 2
    # q v q* of the shown quaternion: |q|² times the rotation of normalize(q)
    np.testing.assert_allclose(s.pictures["sandwich"], scale * ql.matrix_from_quaternion(unit), rtol=1e-12)
    assert s.magnified_scale == pytest.approx(scale, rel=1e-12)
    np.testing.assert_allclose(s.pictures["ghost_q"], ql.matrix_from_quaternion(unit), atol=1e-15)
    # the normalized cube is a rotation to float32 precision
    assert ql.orthonormality_error(s.pictures["normalized"]) < 1e-6
    # the matrix picture: the nearest rotation plus the magnified deviation
    R32 = small_runs.matrix[F32]["R"][small_runs.index[SMALL]].astype(float)
    Q = s.pictures["ghost_R"]
    assert ql.is_rotation_matrix(Q)
    np.testing.assert_allclose(s.pictures["matrix"], Q + magnify * (R32 - Q), atol=1e-15)
    np.testing.assert_allclose(s.columns, 1 + magnify * (np.linalg.norm(R32, axis=0) - 1), rtol=1e-12)


def test_the_matrix_stretches_without_shearing(small_runs):
    """RᵀR of the drifted float32 matrix: its x and z columns grow, and stay exactly perpendicular."""
    s = drift_state(frames=SMALL, every=0, magnify=1, runs=small_runs)
    R = small_runs.matrix[F32]["R"][small_runs.index[SMALL]].astype(float)
    RtR = R.T @ R
    assert s.shear == 0.0 == np.abs(RtR - np.diag(np.diag(RtR))).max()
    assert RtR[0, 0] - 1 == RtR[2, 2] - 1 == s.matrix_error[F32] > 1e-6 and RtR[1, 1] == 1


def test_state_numbers_match_quatlib(small_runs):
    s = drift_state(frames=700, every=0, magnify=1, runs=small_runs)
    qs = ql.accumulate_rotation(small_runs.steps[F64][0], 700, np.float64)
    assert s.drift[F64] == ql.length_error(qs[-1])
    assert s.length[F32] == pytest.approx(1 + s.drift[F32], abs=1e-7)  # measured in float32 vs float64
    assert s.q_error[F32] == abs(s.drift[F32])
    q32 = ql.accumulate_rotation(small_runs.steps[F32][0], 700, np.float32)
    assert s.worst == np.abs(ql.length_error(q32)).max()  # never normalized: the worst so far
    assert s.normalized_length == pytest.approx(1, abs=1e-7)
    assert s.too_big == (False, False, False)


def test_too_big_means_a_corner_leaves_the_panel(small_runs):
    s = drift_state(frames=SMALL, every=0, magnify=1, runs=small_runs)
    corner = CUBE_SIDE / 2 * np.sqrt(3)  # a rotation keeps every corner at this distance
    assert corner < PANEL_EXTENT and not any(s.too_big)
    grown = drift_state(frames=SMALL, every=0, magnify=100_000, runs=small_runs)
    shells = [np.abs(M @ (CUBE_SIDE / 2 * np.array([[x, y, z] for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)]).T))
              for M in (grown.pictures["sandwich"], grown.pictures["normalized"], grown.pictures["matrix"])]
    expected = tuple(bool(np.linalg.norm(sh, axis=0).max() > PANEL_EXTENT) for sh in shells)
    assert grown.too_big == expected and grown.too_big[2]


def test_the_demos_numbers_at_2000_frames():
    s = drift_state(frames=DEMO_FRAMES, every=0, magnify=10_000, runs=shared_runs())
    assert f"{s.drift[F32]:.2e}" == "5.47e-06"
    assert f"{s.matrix_error[F32]:.1e}" == "8.5e-05"
    assert s.too_big == (False, False, False)
    assert drift_state(frames=DEMO_FRAMES, every=100, magnify=1, runs=shared_runs()).worst > 5e-7


def test_state_is_frozen(small_runs):
    s = drift_state(frames=1, every=0, magnify=1, runs=small_runs)
    with pytest.raises(AttributeError):
        s.frames = 2


def test_cost_per_call_is_the_fastest_batch_per_call():
    from quatlib.models.drift import cost_per_call

    ticks = iter([0.0, 3.0, 10.0, 12.0, 20.0, 25.0])  # the clock before and after each batch: 3, 2 and 5 s
    calls = []
    assert cost_per_call(calls.append, 1, n=4, repeat=3, clock=lambda: next(ticks)) == 2.0 / 4  # fastest, per call
    assert calls == [1] * 12
    with pytest.raises(ValueError, match="Expected n calls >= 1, got 0"):
        cost_per_call(calls.append, 1, n=0)


@pytest.mark.parametrize("frames, every, expected", [(1, 1, (1, 1)), (1000, 300, (901, 1000)), (700, 300, (601, 900)),
                                                     (300, 300, (1, 300)), (50, 0, None), (70, 20, (61, 80))])
def test_the_stretch_is_the_frames_between_the_normalizations_around_this_frame(frames, every, expected):
    from quatlib.models.drift import DriftRuns, drift_state

    s = drift_state(frames=frames, every=every, magnify=1, runs=DriftRuns(frames=1000))
    assert s.stretch == expected
    if expected:  # it holds the frame, starts just after a normalization and is at most `every` frames long
        first, last = expected
        assert first <= frames <= last and (first - 1) % every == 0 and last - first < every


def test_the_states_words_say_how_it_is_repaired_where_the_worst_is_and_how_it_is_shown(small_runs):
    never = drift_state(frames=SMALL, every=0, magnify=1, runs=small_runs)
    assert (never.normalization, never.worst_where, never.shown) == ("never normalized", "so far", "true size")
    every = drift_state(frames=SMALL, every=300, magnify=10_000, runs=small_runs)
    assert every.normalization == "normalized every 300 frames" and every.shown == "drift × 10,000"
    assert every.worst_where == "between normalizations (frames 901–1,000)"  # the stretch after 3 normalizations
    one = drift_state(frames=SMALL, every=1, magnify=1, runs=small_runs)
    assert (one.normalization, one.worst_where) == ("normalized every frame", "between normalizations (frame 1,000)")


def test_compute_all_runs_every_setting_once_and_keeps_them():
    runs = DriftRuns(frames=50)
    first = runs.compute_all()
    assert list(first) == list(EVERY_CHOICES)
    assert all(first[e] is runs.get(e) for e in EVERY_CHOICES)
    assert all(a is b for a, b in zip(first.values(), runs.compute_all().values(), strict=True))  # not again


def test_every_choice_the_demo_offers_passes_and_anything_else_is_refused():
    for every in EVERY_CHOICES:
        for magnify in MAGNIFY_CHOICES:
            check_choices(every=every, magnify=magnify)
    with pytest.raises(ValueError, match=r"Expected every in \(0, 1, 2, 5, .*\) \(0 = never\), got 7"):
        check_choices(every=7, magnify=1)
    with pytest.raises(ValueError, match=r"Expected magnify in \(1, 100, 1000, 10000, 100000\), got 3"):
        check_choices(every=0, magnify=3)


def test_the_control_choices_name_every_setting_and_the_frames_with_thousands_separators():
    choices = control_choices(DriftRuns(frames=SMALL).stops)
    assert [v for _, v in choices["frames"]] == [*(s for s in FRAME_STOPS if s < SMALL), SMALL]
    assert choices["frames"][-1] == ("1,000", 1000) and choices["frames"][0] == ("1", 1)
    assert [v for _, v in choices["every"]] == list(EVERY_CHOICES)
    assert [v for _, v in choices["magnify"]] == list(MAGNIFY_CHOICES)
    every = dict(choices["every"])
    assert every["never"] == 0 and every["1 frame"] == 1 and every["1,000 frames"] == 1000
    assert dict(choices["magnify"]) == {"true size": 1, "×100": 100, "×1,000": 1000, "×10,000": 10_000,
                                        "×100,000": 100_000}


def test_the_repair_costs_are_measured_on_the_float32_step(monkeypatch):
    import quatlib.models.drift as model

    runs = DriftRuns(frames=10)
    runs.steps = {F32: ("q step", "R step")}  # watch what each repair is given
    calls = []
    monkeypatch.setattr(model, "cost_per_call", lambda fn, arg: calls.append((fn, arg)) or 1e-6)
    assert runs.repair_costs() == {"normalize": 1e-6, "orthonormalize": 1e-6}
    assert calls == [(ql.normalize, "q step"), (ql.orthonormalize, "R step")]
