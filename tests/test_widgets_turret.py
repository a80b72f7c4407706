"""turret (notebook 08 capstone) under Agg: keys authored as Euler angles, blended by SLERP and by lerping the angles.

Every control is swept to its ends, its special values (pitch ±90°, yaw ±180°, identical keys) and seeded random
values; callbacks never raise, the picture changes, and what is drawn and printed is what quatlib computes.  The
geometric claims are checked against closed forms: the SLERP path is a great arc on the 3-sphere run at constant
angular speed, so the head turns about one fixed axis and the muzzle runs along a circle about that axis at a constant
rate; the naive path is the aim formula evaluated on a straight line in (yaw, pitch).

The factory is imported from its module so these tests do not depend on the ``quatlib.widgets`` export list.
"""

from __future__ import annotations

import os

os.environ.setdefault("MPLBACKEND", "Agg")

import warnings  # noqa: E402

import numpy as np  # noqa: E402
import pytest  # noqa: E402
from demo_helpers import repaints_and_changes

import quatlib as ql  # noqa: E402
from quatlib.models.turret import AIM, BARREL, LERP_TITLES, TS, wrap_degrees  # noqa: E402
from quatlib.widgets._base import fmt, fmt_vector  # noqa: E402
from quatlib.widgets._turret import _PLAY_STEPS, turret  # noqa: E402

RNG = np.random.default_rng(20260808)

SWEEPS = {
    "yaw_a": [-180, 180, 0, -150, 90, *RNG.uniform(-180, 180, 3).round(1)],
    "pitch_a": [-90, 90, 0, 89, -89, *RNG.uniform(-90, 90, 3).round(1)],
    "yaw_b": [-180, 180, 0, 150, -90, *RNG.uniform(-180, 180, 3).round(1)],
    "pitch_b": [-90, 90, 0, 40, 89.5, *RNG.uniform(-90, 90, 3).round(1)],
    "t": [0.0, 1.0, 0.5, 0.01, 0.99, *RNG.uniform(0, 1, 3).round(2)],
    "lerp": ["wrapped", "naive", "wrapped"],
}


@pytest.fixture
def demo():
    return turret()


def aim(yaw, pitch):
    """Closed form of the muzzle direction for (yaw, pitch, roll 0): R @ (0, 0, -1), R = Ry(yaw) Rx(pitch)."""
    y, p = np.radians(yaw), np.radians(pitch)
    return np.stack([-np.sin(y) * np.cos(p), np.sin(p), -np.cos(y) * np.cos(p)], axis=-1)


def check_consistent(d) -> None:
    """Everything drawn and printed agrees with quatlib and with the closed forms, for the current controls."""
    assert d.last_error is None, repr(d.last_error)
    v, s, items = d.values, d.state, d.items
    t = v.t
    q_a = ql.quaternion_from_euler(v.yaw_a, v.pitch_a, 0, degrees=True)
    q_b = ql.quaternion_from_euler(v.yaw_b, v.pitch_b, 0, degrees=True)
    np.testing.assert_allclose(s.q_a, q_a, atol=0)
    np.testing.assert_allclose(s.q_b, q_b, atol=0)
    assert s.t == t

    # the naive path: a straight line in (yaw, pitch), the aim formula on it
    yaw_path = (1 - TS) * v.yaw_a + TS * v.yaw_b
    pitch_path = (1 - TS) * v.pitch_a + TS * v.pitch_b
    np.testing.assert_allclose(s.muzzle_euler, BARREL * aim(yaw_path, pitch_path), atol=1e-12)
    np.testing.assert_allclose(s.euler_t, [(1 - t) * v.yaw_a + t * v.yaw_b, (1 - t) * v.pitch_a + t * v.pitch_b],
                               atol=1e-12)
    np.testing.assert_allclose(s.q_euler, ql.quaternion_from_euler(*s.euler_t, 0, degrees=True), atol=0)
    # the right head shows the blend the buttons chose: as typed, or the yaw difference wrapped (the short way)
    yaw_b = v.yaw_a + float(wrap_degrees(v.yaw_b - v.yaw_a)) if v.lerp == "wrapped" else v.yaw_b
    lerp_aim = aim((1 - TS) * v.yaw_a + TS * yaw_b, pitch_path)
    np.testing.assert_allclose(s.muzzle_lerp, BARREL * lerp_aim, atol=1e-12)
    np.testing.assert_allclose(s.q_lerp, s.q_wrapped if v.lerp == "wrapped" else s.q_euler, atol=0)
    np.testing.assert_allclose(aim(*s.euler_lerp), aim((1 - t) * v.yaw_a + t * yaw_b, s.euler_t[1]), atol=1e-12)
    assert d.scenes[1].title == LERP_TITLES[v.lerp]

    # SLERP: the same as quatlib's, both ends are the keys (up to sign), the muzzle is the aim of each pose
    np.testing.assert_allclose(s.q_slerp, ql.slerp(q_a, q_b, t), atol=0)
    qs = s.q_path_slerp
    assert ql.angle_between(qs[0], q_a) < 1e-7 and ql.angle_between(qs[-1], q_b) < 1e-7
    np.testing.assert_allclose(s.muzzle_slerp, ql.rotate_vector(qs, BARREL * AIM), atol=1e-12)
    assert s.muzzle_slerp.shape == s.muzzle_euler.shape == (len(TS), 3)
    np.testing.assert_allclose(np.linalg.norm(s.muzzle_slerp, axis=1), BARREL, atol=1e-12)

    # numbers
    assert s.angle_ab == pytest.approx(float(ql.angle_between(q_a, q_b, degrees=True)), abs=1e-9)
    assert s.gap == pytest.approx(float(ql.angle_between(s.q_slerp, s.q_euler, degrees=True)), abs=1e-9)
    assert s.turned_slerp == pytest.approx(s.angle_ab, abs=1e-6)  # SLERP turns exactly A → B, no more
    assert s.turned_euler >= s.turned_slerp - 1e-6  # no path between the keys is shorter than SLERP's
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ql.GimbalLockWarning)
        euler_s = ql.euler_from_quaternion(s.q_slerp, degrees=True)
    np.testing.assert_allclose(s.euler_slerp, euler_s, atol=0)
    np.testing.assert_allclose(ql.matrix_from_euler(*s.euler_slerp, degrees=True),
                               ql.matrix_from_quaternion(s.q_slerp), atol=1e-9)

    # artists hold the same numbers
    (tur_s, tur_e), (path_s, path_e) = items["turrets"], items["paths"]
    for tur, q in ((tur_s, s.q_slerp), (tur_e, s.q_lerp)):
        R = ql.matrix_from_quaternion(q)
        np.testing.assert_allclose(tur.head.R, R, atol=0)
        np.testing.assert_allclose(tur.barrel.tip, BARREL * (R @ AIM), atol=1e-12)
        np.testing.assert_allclose(tur.muzzle.p, BARREL * (R @ AIM), atol=1e-12)
    np.testing.assert_allclose(tur_e.muzzle.p, BARREL * aim(*s.euler_lerp), atol=1e-12)
    np.testing.assert_allclose(path_s.points, s.muzzle_slerp, atol=0)
    np.testing.assert_allclose(path_e.points, s.muzzle_lerp, atol=0)
    np.testing.assert_allclose(items["ghosts"][0].points, s.muzzle_lerp, atol=0)
    np.testing.assert_allclose(items["ghosts"][1].points, s.muzzle_slerp, atol=0)
    np.testing.assert_allclose(items["others"][0].p, tur_e.muzzle.p, atol=1e-12)
    np.testing.assert_allclose(items["others"][1].p, tur_s.muzzle.p, atol=1e-12)
    # the ticks sit at t = 0, 0.1, ..., 1
    ten = np.linspace(0, 1, 11)
    np.testing.assert_allclose(items["ticks"][0].points, ql.rotate_vector(ql.slerp(q_a, q_b, ten), BARREL * AIM),
                               atol=1e-12)
    ten_e = aim((1 - ten) * v.yaw_a + ten * yaw_b, (1 - ten) * v.pitch_a + ten * v.pitch_b)
    np.testing.assert_allclose(items["ticks"][1].points, BARREL * ten_e, atol=1e-12)
    for k in range(2):
        a, b = items["keys"][k]
        np.testing.assert_allclose(a.p, BARREL * aim(v.yaw_a, v.pitch_a), atol=1e-12)
        np.testing.assert_allclose(b.p, BARREL * aim(v.yaw_b, v.pitch_b), atol=1e-12)
        names = items["key_names"][k]  # their names, at the same points
        np.testing.assert_allclose(names.points["A"], a.p, atol=1e-12)
        np.testing.assert_allclose(names.points["B"], b.p, atol=1e-12)

    # the readout prints the keys, both quaternions, the poses at t, the gap and the turn A → B
    r = d.readout.value
    for x in (v.yaw_a, v.pitch_a, v.yaw_b, v.pitch_b, *s.euler_lerp, *s.euler_slerp):
        assert fmt(x, 1) in r
    for q in (q_a, q_b, s.q_slerp, s.q_lerp):
        assert fmt_vector(q) in r
    assert f"<b>{fmt(s.angle_ab, 1)}°</b>" in r
    assert f"<b>{fmt(s.gap_lerp, 1)}°</b>" in r
    assert f"largest roll on the way: <b>{fmt(s.roll_slerp, 1)}°</b>" in r


def check_slerp_geometry(d) -> None:
    """The SLERP path is a great arc on S³ at constant speed; the head turns about one axis; the muzzle on a circle."""
    s = d.state
    qs = s.q_path_slerp
    q_a, q_b = s.q_a, s.q_b
    theta = s.angle_ab
    np.testing.assert_allclose(np.linalg.norm(qs, axis=1), 1, atol=1e-12)
    # on the great circle through q_a and q_b: every q(t) lies in their plane (and on the unit sphere)
    basis, _ = np.linalg.qr(np.column_stack([q_a, q_b]))
    rank = np.linalg.matrix_rank(np.column_stack([q_a, q_b]), tol=1e-9)
    residual = qs - (qs @ basis[:, :rank]) @ basis[:, :rank].T
    assert np.abs(residual).max() < 1e-9
    # constant angular speed: the angle turned from A is t times the whole turn, every step is the same
    np.testing.assert_allclose(ql.angle_between(q_a, qs, degrees=True), TS * theta, atol=1e-6)
    steps = ql.angle_between(qs[:-1], qs[1:], degrees=True)
    np.testing.assert_allclose(steps, theta / (len(TS) - 1), atol=1e-6)
    if theta < 0.05:
        assert s.axis is None and not d.items["axis"].artists[0].get_visible()
        assert np.abs(s.muzzle_slerp - s.muzzle_slerp[0]).max() < 1e-9
        return
    # one fixed axis: every q(t) q_A⁻¹ is a turn by t θ about the drawn axis
    n = s.axis
    assert s.turn == pytest.approx(theta, abs=1e-6)
    np.testing.assert_allclose(d.items["axis"].tip, 1.38 * n, atol=1e-12)  # drawn to 1.38: clear of the legend
    rel = ql.multiply(qs, ql.conjugate(q_a))
    expected = ql.quaternion_from_axis_angle(n, TS * np.radians(theta))
    np.testing.assert_allclose(rel, expected, atol=1e-9)
    # the muzzle runs on a circle about that axis (constant height along n) at a constant rate
    m = s.muzzle_slerp
    np.testing.assert_allclose(m @ n, m[0] @ n, atol=1e-9)
    radial = m - np.outer(m @ n, n)
    r0 = radial[0]
    if np.linalg.norm(r0) > 1e-6:  # (a barrel along the axis just spins: no circle to speak of)
        swept = np.degrees(np.arctan2(np.cross(r0, radial) @ n, radial @ r0))
        np.testing.assert_allclose((swept - TS * theta + 180) % 360 - 180, 0, atol=1e-6)  # (180° ≡ -180°)
        chords = np.linalg.norm(np.diff(m, axis=0), axis=1)
        np.testing.assert_allclose(chords, chords[0], atol=1e-9)


# --------------------------------------------------------------------------------------


def test_controls_reach_their_ends_and_are_labelled(demo):
    c = demo.controls
    assert (c["yaw_a"].min, c["yaw_a"].max) == (-180, 180) and (c["yaw_b"].min, c["yaw_b"].max) == (-180, 180)
    assert (c["pitch_a"].min, c["pitch_a"].max) == (-90, 90) and (c["pitch_b"].min, c["pitch_b"].max) == (-90, 90)
    assert (c["t"].min, c["t"].max) == (0, 1) and (1 / c["t"].step) == pytest.approx(100)
    sliders = {name: w for name, w in {**c, **demo.view_controls}.items() if name != "lerp"}
    for name, w in sliders.items():
        assert w.description and w.continuous_update, name
        assert ((w.max - w.min) / w.step) >= 10, name
    assert c["lerp"].description and [v for _, v in c["lerp"].options] == ["naive", "wrapped"]
    assert c["lerp"].value == "naive"
    assert all("°" in c[k].description for k in ("yaw_a", "pitch_a", "yaw_b", "pitch_b"))


def test_defaults_show_the_difference(demo):
    """Key A (150, 10), key B (-150, 40): SLERP turns 66°, the lerp of the angles swings the yaw 300° round."""
    check_consistent(demo)
    s = demo.state
    assert demo.values.t == 0.5
    assert s.angle_ab == pytest.approx(66.45, abs=0.01)
    assert s.turned_euler > 2.5 * s.turned_slerp
    assert s.gap > 150  # the two heads point almost opposite ways halfway
    assert "long way round" in demo.items["notes"][1].value
    assert "one axis" in demo.items["notes"][0].value
    check_slerp_geometry(demo)


@pytest.mark.parametrize("name", list(SWEEPS))
def test_sweep_each_control(demo, name):
    for value in SWEEPS[name]:
        before = demo.snapshot()
        previous = demo.controls[name].value
        demo.controls[name].value = value
        check_consistent(demo)
        check_slerp_geometry(demo)
        if value != previous:
            assert demo.snapshot() != before, (name, value)
    assert not demo.errors


def test_random_states(demo):
    rng = np.random.default_rng(1)
    for _ in range(25):
        yaw_a, yaw_b = rng.uniform(-180, 180, 2).round(1)
        pitch_a, pitch_b = rng.uniform(-90, 90, 2).round(1)
        demo.set(yaw_a=float(yaw_a), pitch_a=float(pitch_a), yaw_b=float(yaw_b), pitch_b=float(pitch_b),
                 t=round(float(rng.uniform(0, 1)), 2))
        check_consistent(demo)
        check_slerp_geometry(demo)
    assert not demo.errors


@pytest.mark.parametrize("keys", [
    dict(yaw_a=0, pitch_a=90, yaw_b=0, pitch_b=-90),
    dict(yaw_a=30, pitch_a=90, yaw_b=-120, pitch_b=90),
    dict(yaw_a=180, pitch_a=-90, yaw_b=-180, pitch_b=90),
    dict(yaw_a=-180, pitch_a=90, yaw_b=180, pitch_b=-90),
    dict(yaw_a=0, pitch_a=0, yaw_b=180, pitch_b=0),  # 180° apart: q_A · q_B = 0
    dict(yaw_a=-90, pitch_a=60, yaw_b=90, pitch_b=89),
])
def test_singular_keys_never_raise_or_warn(demo, keys):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a GimbalLockWarning must not reach the learner
        for t in (0.0, 0.25, 0.5, 1.0):
            demo.set(**keys, t=t)
            check_consistent(demo)
            check_slerp_geometry(demo)
    assert not demo.errors


def test_long_way_round_170_to_minus_170(demo):
    """The field-guide example: yaw 170° → -170° is 20° the short way; lerping the angle runs 340°."""
    demo.set(yaw_a=170, pitch_a=0, yaw_b=-170, pitch_b=0, t=0.5)
    check_consistent(demo)
    s = demo.state
    assert s.angle_ab == pytest.approx(20)
    assert s.turned_slerp == pytest.approx(20)
    assert s.turned_euler == pytest.approx(340)
    assert s.gap == pytest.approx(180)
    np.testing.assert_allclose(s.euler_slerp, [180, 0, 0], atol=1e-9)  # halfway the short way: yaw 180
    np.testing.assert_allclose(s.euler_t, [0, 0], atol=1e-12)  # halfway the naive way: yaw 0, behind
    np.testing.assert_allclose(np.abs(s.axis), [0, 1, 0], atol=1e-12)  # a pure yaw turn: about up
    assert "long way round" in demo.items["notes"][1].value


def test_same_orientation_yaw_180_and_minus_180(demo):
    demo.set(yaw_a=180, pitch_a=20, yaw_b=-180, pitch_b=20)
    for t in (0.0, 0.3, 0.5, 1.0):
        demo.set(t=t)
        check_consistent(demo)
        check_slerp_geometry(demo)
        s = demo.state
        assert s.angle_ab == pytest.approx(0, abs=1e-6)
        assert s.turned_euler == pytest.approx(360)
        assert s.gap == pytest.approx(360 * min(t, 1 - t), abs=1e-6)
    assert "same orientation" in demo.items["notes"][0].value
    assert "full turn" in demo.items["notes"][1].value
    names = demo.items["key_names"][0].labels
    assert names["A"].text == "A = B" and names["B"].text == ""
    assert names["A"].artists[0].get_visible() and not names["B"].artists[0].get_visible()


def test_identical_keys_nothing_moves(demo):
    demo.set(yaw_a=40, pitch_a=20, yaw_b=40, pitch_b=20, t=0.0)
    before = demo.snapshot()
    for t in (0.3, 0.7, 1.0):
        demo.set(t=t)
        check_consistent(demo)
        check_slerp_geometry(demo)
        assert demo.state.gap == pytest.approx(0, abs=1e-6)
        assert demo.state.turned_euler == pytest.approx(0, abs=1e-6)
        assert demo.snapshot() == before  # nothing to blend: the picture stands still
    assert demo.items["notes"][1].value == ""


def test_pure_yaw_and_pure_pitch_blends_agree(demo):
    """When only one angle changes (by less than 180°), lerping it is the SLERP: one axis, constant speed."""
    for keys in (dict(yaw_a=-60, pitch_a=30, yaw_b=80, pitch_b=30), dict(yaw_a=20, pitch_a=-70, yaw_b=20, pitch_b=80)):
        for t in (0.2, 0.5, 0.9):
            demo.set(**keys, t=t)
            check_consistent(demo)
            assert demo.state.gap == pytest.approx(0, abs=1e-6)
            assert demo.state.turned_euler == pytest.approx(demo.state.turned_slerp, abs=1e-6)
        assert demo.items["notes"][1].value == ""


def test_slerp_rolls_the_head_in_between(demo):
    """Fine print: the shortest turn between two roll-free keys need not be roll-free (defaults: about -4.5°)."""
    assert demo.state.euler_slerp[2] == pytest.approx(-4.46, abs=0.01)
    demo.set(t=1.0)
    assert demo.state.euler_slerp[2] == pytest.approx(0, abs=1e-9)


def test_play_drives_t(demo):
    demo.buttons["play"].value = 0
    assert demo.values.t == 0
    demo.buttons["play"].value = _PLAY_STEPS // 4
    assert demo.values.t == pytest.approx(0.25)
    check_consistent(demo)
    demo.buttons["play"].value = _PLAY_STEPS
    assert demo.values.t == 1.0
    check_consistent(demo)
    np.testing.assert_allclose(demo.items["turrets"][0].muzzle.p, BARREL * aim(-150, 40), atol=1e-12)


def test_view_turns_and_set_repaints_once(demo):
    n = len(demo.timings)
    demo.set(yaw_a=10, pitch_b=-30, t=0.4)
    assert len(demo.timings) == n + 1
    before = demo.snapshot()
    demo.set(view_azim=-60, view_elev=70)
    assert demo.snapshot() != before
    check_consistent(demo)
    demo.reset_view()
    assert demo.view_controls["view_azim"].value == 35


def test_each_change_of_t_repaints_once(demo):
    """One repaint per change of t, none for a value it already has (how fast is for benchmarks/)."""
    repaints, changes = repaints_and_changes(demo, "t", np.linspace(0, 1, 21))  # 0.15000000000000002 among them
    assert repaints == changes and demo.last_error is None


def test_text_fallback_and_png(demo):
    bundle = demo._repr_mimebundle_()
    assert bundle["text/plain"].startswith("turret: ")
    assert bundle["image/png"]


def test_wrapped_right_head_takes_the_short_way_and_slerp_shows_its_roll(demo):
    """The capstone's message: per axis with the yaw wrapped is the turret's tool; SLERP banks the head."""
    demo.set(yaw_a=170, pitch_a=0, yaw_b=-170, pitch_b=0, t=0.5, lerp="wrapped")
    check_consistent(demo)
    s = demo.state
    assert s.turned_lerp == pytest.approx(20) and s.gap_lerp == pytest.approx(0, abs=1e-9)
    assert demo.items["notes"][1].value == ""  # no long way round to warn about
    assert demo.scenes[1].title == "per axis, the yaw wrapped: a real turret"
    demo.set(yaw_a=0, pitch_a=60, yaw_b=120, pitch_b=-30)
    check_consistent(demo)
    assert "rolls the head by up to 28.2°" in demo.items["notes"][0].value
    demo.set(lerp="naive")
    assert demo.scenes[1].title == "the naive way: lerp the angles"
    demo.set(yaw_a=0, pitch_a=80, yaw_b=90, pitch_b=80)  # equal pitches: SLERP is the yaw lerp, no roll
    check_consistent(demo)
    assert "rolls" not in demo.items["notes"][0].value and demo.state.gap_lerp == pytest.approx(0, abs=1e-6)


def test_the_world_letters_keep_off_the_barrel_as_it_swings():
    """At view (180, -60) the right panel's barrel, pointing up at t = 0.5, hid its "y" (87 % of its box on ink)."""
    demo = turret()
    demo.set(view_azim=180, view_elev=-60)
    demo.snapshot()
    hidden = [box.text for box, _ in ql.plot.labels_on_ink(demo.figure, share=0.3) if box.text in "xyz"]
    assert hidden == []  # (a letter touching its own arrowhead: about 11 %)


@pytest.mark.parametrize("settings", [
    dict(yaw_a=-45, pitch_a=-84, yaw_b=19, pitch_b=-74, t=0.82, lerp="wrapped", view_azim=-105, view_elev=50),
    dict(yaw_a=-127, pitch_a=-76, yaw_b=-5, pitch_b=-41, t=0.83, lerp="wrapped", view_azim=28, view_elev=-30),
])
def test_the_world_letters_keep_off_slerps_turn_axis(settings):
    """SLERP's dashed turn axis moves with the keys: "y" sat on its dashes beside its own arrowhead (29-42 % of
    its box on ink; 5 of 150 random states)."""
    demo = turret()
    demo.set(**settings)
    demo.snapshot()
    assert [box.text for box, _ in ql.plot.labels_on_ink(demo.figure) if box.text in "xyz"] == []


@pytest.mark.parametrize("settings", [
    dict(yaw_a=167, pitch_a=-74, yaw_b=81, pitch_b=-37, t=0.54, view_azim=153, view_elev=-40),  # "A" on the base
    dict(yaw_a=22, pitch_a=-77, yaw_b=-148, pitch_b=-2, t=0.56, lerp="wrapped", view_azim=-104, view_elev=-43),
])
def test_the_keys_names_stay_readable_over_the_turret(settings):
    """The keys' names do not keep off the head and base (that doubled a view turn's cost): where one lies over
    their edges, its card keeps it readable (before: "A" across the base's corner, 17 % of its box on ink)."""
    demo = turret()
    demo.set(**settings)
    demo.snapshot()
    assert [box.text for box, _ in ql.plot.labels_on_ink(demo.figure) if box.text in ("A", "B")] == []
