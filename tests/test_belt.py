"""quatlib.belt: the belt trick as geometry.  Properties of the computed scene, not pictures.

The claims of notebook 07 checked here: the followed quaternion at 0, 180, 360, 540 and 720 degrees; untangling
exists exactly when it is +1; during the untangling the cube does not move and the walls' ends stay put; at the end
the ribbons are straight and untwisted; no ribbon ever comes near another or the cube; the twist at the cube's end
is the cube's rotation; the loop in the ball of rotations crosses the surface once for 360 degrees, twice for 720,
and shrinks to a point as the ribbons are untangled.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy.spatial import cKDTree

import quatlib as ql
from quatlib import belt

UNTANGLE_GRID = np.linspace(0.0, 1.0, 21)
FINE = dict(n_along=801, n_across=5)


def _min_distance(a, b) -> float:
    """Smallest distance between two point sets (any leading shape, last axis 3)."""
    return float(cKDTree(b.reshape(-1, 3)).query(a.reshape(-1, 3))[0].min())


def _cell_radius(ribbon) -> float:
    """Half the longest diagonal of a sample cell: every point of the ribbon is about this close to a sample."""
    d1 = np.linalg.norm(ribbon[1:, 1:] - ribbon[:-1, :-1], axis=-1)
    d2 = np.linalg.norm(ribbon[1:, :-1] - ribbon[:-1, 1:], axis=-1)
    return float(max(d1.max(), d2.max()) / 2)


def _distance_to_cube(points, R) -> np.ndarray:
    """Distance from points to the solid cube turned by R (0 inside or on it)."""
    local = np.abs(points.reshape(-1, 3) @ R) - belt.CUBE_SIDE / 2
    return np.linalg.norm(np.maximum(local, 0.0), axis=1)


def _rot(axis, angle_deg):
    return ql.matrix_from_quaternion(ql.quaternion_from_axis_angle(axis, angle_deg, degrees=True))


# --------------------------------------------------------------------------------------
# The followed quaternion
# --------------------------------------------------------------------------------------


def test_followed_quaternion_at_the_curriculum_angles():
    n = belt.TURN_AXIS
    expected = {0: [1, 0, 0, 0], 180: [0, *n], 360: [-1, 0, 0, 0], 540: [0, *(-n)], 720: [1, 0, 0, 0]}
    for turn, q in expected.items():
        np.testing.assert_allclose(belt.followed_quaternion(turn), q, atol=1e-12, err_msg=f"{turn}°")
    assert belt.followed_quaternion(360).shape == (4,)


def test_followed_quaternion_is_continuous_in_the_angle_and_accepts_arrays():
    turns = np.linspace(-720.0, 1440.0, 21601)  # 0.1° steps
    q = belt.followed_quaternion(turns)
    assert q.shape == (len(turns), 4)
    step = np.linalg.norm(np.diff(q, axis=0), axis=1)
    # |q(T + δ) - q(T)| = 2 sin(δ/4) <= δ/2 (radians): no jump anywhere, in particular no sign flip at 360°
    assert step.max() <= np.radians(0.1) / 2 + 1e-12
    assert (np.einsum("ij,ij->i", q[:-1], q[1:]) > 0).all()
    np.testing.assert_allclose(q, ql.quaternion_from_axis_angle(belt.TURN_AXIS, turns, degrees=True))


def test_followed_quaternion_and_matrix_forget_different_things():
    # 0° and 360°: the same matrix, opposite quaternions
    R0, R360 = (ql.matrix_from_quaternion(belt.followed_quaternion(t)) for t in (0, 360))
    np.testing.assert_allclose(R0, R360, atol=1e-12)
    assert belt.followed_quaternion(0)[0] == 1 and belt.followed_quaternion(360)[0] == -1


# --------------------------------------------------------------------------------------
# When untangling exists
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("turn", [0, 720, 1440, -720, 720.0 + 1e-9])
def test_untangling_allowed_exactly_when_followed_quaternion_is_plus_one(turn):
    allowed, reason = belt.untangle_allowed(turn)
    assert allowed is True and "+1" in reason
    assert belt.followed_quaternion(turn)[0] == pytest.approx(1.0)


@pytest.mark.parametrize("turn", [360, -360, 1080, 180, 540, 5, 715, 719.99])
def test_untangling_refused_otherwise(turn):
    allowed, reason = belt.untangle_allowed(turn)
    assert allowed is False and "cube" in reason
    with pytest.raises(ValueError, match="Cannot untangle"):
        belt.scene(turn, 0.5)
    belt.scene(turn, 0.0)  # the twisted state itself is fine


def test_untangling_a_single_turn_is_refused_with_the_reason():
    assert belt.untangle_allowed(360)[1].startswith("The followed quaternion is −1")
    with pytest.raises(ValueError, match=r"360°.*followed quaternion is −1.*cannot be undone"):
        belt.scene(360, 0.01)
    with pytest.raises(ValueError, match="followed quaternion is −1"):
        belt.ball_path(360, 1.0)


@pytest.mark.parametrize("untangle", [-0.1, 1.5, np.nan, np.inf])
def test_untangle_progress_outside_0_1_or_not_finite_is_an_error(untangle):
    with pytest.raises(ValueError, match="untangling progress"):
        belt.scene(720, untangle)


def test_bad_turn_angle_is_an_error():
    with pytest.raises(ValueError, match="turn angle"):
        belt.scene(np.nan, 0.0)
    with pytest.raises(ValueError, match="turn angle"):
        belt.untangle_allowed(np.inf)


# --------------------------------------------------------------------------------------
# The scene
# --------------------------------------------------------------------------------------


def test_scene_shapes_and_order():
    sc = belt.scene(90, 0.0, n_along=50, n_across=4)
    assert sc.cube.shape == (8, 3)
    assert sc.ribbons.shape == (3, 50, 4, 3)
    # index 0 along is at the wall, index -1 at the cube's face
    mid = sc.ribbons[:, :, 1:3].mean(axis=2)
    np.testing.assert_allclose(np.linalg.norm(mid[:, 0], axis=-1), belt.WALL_DISTANCE, atol=1e-12)
    np.testing.assert_allclose(np.linalg.norm(mid[:, -1], axis=-1), belt.CUBE_SIDE / 2, atol=1e-12)
    np.testing.assert_allclose(mid[:, 0], sc.anchors, atol=1e-12)
    np.testing.assert_allclose(mid[:, -1], sc.attachments, atol=1e-12)


def test_cube_is_turned_by_the_followed_quaternion():
    for turn in (0, 45, 180, 360, 500, 720):
        sc = belt.scene(turn, 0.0)
        R = _rot(belt.TURN_AXIS, turn)
        np.testing.assert_allclose(sc.R, R, atol=1e-12)
        np.testing.assert_allclose(sc.cube, belt.cube_vertices() @ R.T, atol=1e-12)
        np.testing.assert_allclose(sc.q, belt.followed_quaternion(turn), atol=1e-15)
        # the vertices are a cube of the documented side centred at the origin
        d = np.linalg.norm(sc.cube[:, None] - sc.cube[None], axis=-1)
        assert np.isclose(np.sort(d[0])[1], belt.CUBE_SIDE)
        np.testing.assert_allclose(sc.cube.mean(axis=0), 0, atol=1e-12)


@pytest.mark.parametrize("turn", [0, 90, 180, 270, 360, 450, 720])
def test_twist_at_the_cube_end_is_the_cubes_rotation(turn):
    rest = belt.rest_ribbons(61, 3)
    sc = belt.scene(turn, 0.0, n_along=61, n_across=3)
    # the whole cube end of every ribbon is the rest cube end turned by the cube's rotation ...
    np.testing.assert_allclose(sc.ribbons[:, -1], rest[:, -1] @ sc.R.T, atol=1e-12)
    # ... in particular the cross-section's direction
    across = (sc.ribbons[:, -1, -1] - sc.ribbons[:, -1, 0]) / belt.RIBBON_WIDTH
    np.testing.assert_allclose(across, belt.RIBBON_ACROSS @ sc.R.T, atol=1e-12)
    # and the wall end is the rest wall end
    np.testing.assert_allclose(sc.ribbons[:, 0], rest[:, 0], atol=1e-12)


def test_cross_section_at_s_is_turned_by_the_interpolated_rotation():
    """Along the ribbons on the turn axis the cross-section at s is turned by R(a, s·T), s = σ(r)."""
    turn = 540.0
    rest = belt.rest_ribbons(101, 2)
    sc = belt.scene(turn, 0.0, n_along=101, n_across=2)
    on_axis = [i for i, d in enumerate(belt.RIBBON_DIRECTIONS) if abs(abs(d @ belt.TURN_AXIS) - 1) < 1e-12]
    assert len(on_axis) >= 2
    for i in on_axis:
        r_edge = np.linalg.norm(rest[i, :, 0], axis=-1)  # both edges of a cross-section are at this radius
        s = belt.twist_profile(r_edge)
        assert s[0] == 0 and s[-1] == 1
        across = (sc.ribbons[i, :, 1] - sc.ribbons[i, :, 0]) / belt.RIBBON_WIDTH
        expected = np.array([_rot(belt.TURN_AXIS, sk * turn) @ belt.RIBBON_ACROSS[i] for sk in s])
        np.testing.assert_allclose(across, expected, atol=1e-12)


def test_the_field_keeps_every_distance_from_the_centre():
    rest = belt.rest_ribbons(81, 3)
    for turn, u in [(300, 0.0), (720, 0.3), (720, 0.5), (1440, 0.7)]:
        moved = belt.deform(rest, turn, u)
        np.testing.assert_allclose(np.linalg.norm(moved, axis=-1), np.linalg.norm(rest, axis=-1), atol=1e-12)


def test_twist_profile_is_one_at_the_cube_zero_at_the_wall_and_monotone():
    r = np.linspace(0, 3, 3001)
    s = belt.twist_profile(r)
    assert (s[r <= belt.R_IN] == 1).all() and (s[r >= belt.R_OUT] == 0).all()
    assert (np.diff(s) <= 0).all()
    assert belt.R_IN > belt.CUBE_SIDE * np.sqrt(3) / 2  # the rigid zone holds the whole cube
    assert belt.R_OUT < belt.WALL_DISTANCE  # the wall ends never move
    # zero slope at both ends: the ribbons leave the wall and the cube straight
    h = 1e-6
    for r0 in (belt.R_IN, belt.R_OUT):
        assert abs(belt.twist_profile(r0 + h) - belt.twist_profile(r0 - h)) < 1e-9


# --------------------------------------------------------------------------------------
# The untangling
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("turn", [720, 1440, -720])
def test_untangling_keeps_cube_and_wall_ends_fixed(turn):
    start = belt.scene(turn, 0.0, n_along=61, n_across=3)
    rest = belt.rest_ribbons(61, 3)
    for u in UNTANGLE_GRID:
        sc = belt.scene(turn, u, n_along=61, n_across=3)
        np.testing.assert_allclose(sc.q, start.q, atol=0, err_msg=f"u = {u}")
        np.testing.assert_allclose(sc.R, np.eye(3), atol=1e-12)
        np.testing.assert_allclose(sc.cube, start.cube, atol=1e-12)
        np.testing.assert_allclose(sc.ribbons[:, 0], rest[:, 0], atol=1e-12)  # wall ends
        np.testing.assert_allclose(sc.ribbons[:, -1], start.ribbons[:, -1], atol=1e-12)  # cube ends
        np.testing.assert_allclose(sc.anchors, start.anchors, atol=0)
        # everything inside the cube's sphere moves rigidly with it: here, not at all
        inside = np.linalg.norm(rest, axis=-1) <= belt.R_IN
        np.testing.assert_allclose(sc.ribbons[inside], rest[inside], atol=1e-12)


def test_untangling_starts_from_the_twist_and_is_continuous():
    a = belt.scene(720, 0.0).ribbons
    b = belt.scene(720, 1e-9).ribbons
    np.testing.assert_allclose(a, b, atol=1e-7)
    prev = a
    for u in np.linspace(0, 1, 201)[1:]:
        cur = belt.scene(720, u).ribbons
        assert np.abs(cur - prev).max() < 0.1, u  # no jumps between nearby frames
        prev = cur


@pytest.mark.parametrize("turn", [720, 1440, -720, 0])
def test_at_the_end_every_ribbon_is_straight_and_untwisted(turn):
    sc = belt.scene(turn, 1.0, n_along=81, n_across=3)
    rest = belt.rest_ribbons(81, 3)
    np.testing.assert_allclose(sc.ribbons, rest, atol=1e-12)
    for i, (d, e) in enumerate(zip(belt.RIBBON_DIRECTIONS, belt.RIBBON_ACROSS)):
        centre = sc.ribbons[i, :, 1]
        # straight: every centre point on the line through the anchor along d
        off_line = centre - np.outer(centre @ d, d)
        np.testing.assert_allclose(off_line, 0, atol=1e-12)
        # untwisted: the same cross-section direction all along
        across = (sc.ribbons[i, :, -1] - sc.ribbons[i, :, 0]) / belt.RIBBON_WIDTH
        np.testing.assert_allclose(across, np.broadcast_to(e, across.shape), atol=1e-12)


def test_ribbons_never_meet_each_other_or_the_cube():
    """Smallest distances over the whole untangling and over every turn, against the sampling's resolution.

    The ribbons are sampled finely; every point of a ribbon is within ``eps`` (half a sample cell's diagonal) of a
    sample, so the true distance is at least ``sampled - 2 eps``.  That bound must stay above a fifth of the
    smallest distance between the ribbons at rest.
    """
    rest = belt.rest_ribbons(**FINE)
    rest_gap = min(_min_distance(rest[i], rest[j]) for i in range(3) for j in range(i + 1, 3))
    assert rest_gap > 0.3
    # the part of each ribbon outside its own attachment stub (the stub, inside R_IN, moves with the cube)
    free = np.linalg.norm(rest, axis=-1) >= belt.R_IN
    rest_cube_gap = min(_distance_to_cube(rest[i][free[i]], np.eye(3)).min() for i in range(3))
    states = [(720, u) for u in UNTANGLE_GRID] + [(t, 0.0) for t in (90, 180, 360, 540, 650)]
    worst_pair, worst_cube = np.inf, np.inf
    for turn, u in states:
        sc = belt.scene(turn, u, **FINE)
        r = sc.ribbons
        eps = [_cell_radius(r[i]) for i in range(3)]
        for i in range(3):
            for j in range(i + 1, 3):
                gap = _min_distance(r[i], r[j])
                assert gap - eps[i] - eps[j] > 0.2 * rest_gap, (turn, u, i, j, gap, eps)
                worst_pair = min(worst_pair, gap)
            # the free part of a ribbon stays clear of the cube (its stub is glued to its own face) ...
            d_own = _distance_to_cube(r[i][free[i]], sc.R).min()
            assert d_own - eps[i] > 0.2 * rest_gap, (turn, u, i, d_own)
            worst_cube = min(worst_cube, d_own)
            # ... and the other ribbons, stubs included, touch the cube only at their own faces
            others = np.concatenate([r[j][free[j]] for j in range(3) if j != i])
            assert _distance_to_cube(others, sc.R).min() > 0.2 * rest_gap
    # the numbers the notebook quotes: 0.33 apart at rest, never closer than about 0.2 while untangling;
    # the free parts stay 0.29 from the cube (the nearest points are next to the stubs, which never move)
    assert 0.15 < worst_pair < rest_gap
    assert worst_cube > rest_cube_gap - 1e-6


def test_points_never_enter_the_cube():
    for u in UNTANGLE_GRID:
        sc = belt.scene(720, u, n_along=121, n_across=5)
        local = np.abs(sc.ribbons.reshape(-1, 3) @ sc.R) - belt.CUBE_SIDE / 2
        assert (local.max(axis=1) >= -1e-12).all()  # on or outside the cube's surface


# --------------------------------------------------------------------------------------
# The path in the ball of rotations
# --------------------------------------------------------------------------------------


def test_ball_path_crossings_at_the_curriculum_angles():
    counts = {t: belt.ball_path(t).n_crossings for t in (0, 90, 180, 270, 360, 540, 600, 720)}
    assert counts == {0: 0, 90: 0, 180: 0, 270: 1, 360: 1, 540: 1, 600: 2, 720: 2}


def test_ball_path_is_the_followed_quaternions_path_during_the_turn():
    for turn in (250, 720):
        p = belt.ball_path(turn, n=181)
        np.testing.assert_allclose(p.quaternions, belt.followed_quaternion(p.s * turn), atol=1e-12)
        # inside the ball, each point is the rotation vector of its quaternion (the same rotation)
        assert (np.linalg.norm(p.vectors, axis=1) <= np.pi + 1e-12).all()
        R_path = ql.matrix_from_quaternion(p.quaternions)
        R_vec = ql.matrix_from_quaternion(ql.exp(np.column_stack([np.zeros(len(p.s)), p.vectors / 2])))
        np.testing.assert_allclose(R_path, R_vec, atol=1e-9)


def test_ball_path_crossings_leave_and_come_back_at_opposite_points():
    p = belt.ball_path(720, 0.3)
    assert p.n_crossings == 2
    np.testing.assert_allclose(np.linalg.norm(p.crossings, axis=-1), np.pi, atol=1e-9)
    np.testing.assert_allclose(p.crossings[:, 0], -p.crossings[:, 1], atol=1e-12)
    # the drawn pieces are separated by NaN rows: one more piece than crossings
    breaks = np.isnan(p.points).all(axis=1).sum()
    assert breaks == p.n_crossings


def test_untangling_removes_the_crossings_in_a_pair_and_shrinks_the_loop():
    counts = [belt.ball_path(720, u).n_crossings for u in UNTANGLE_GRID]
    assert counts[0] == 2 and counts[-1] == 0
    assert set(counts) <= {0, 2}  # never one: crossings come and go in pairs
    assert all(c == 2 for u, c in zip(UNTANGLE_GRID, counts) if u < 0.5)
    assert all(c == 0 for u, c in zip(UNTANGLE_GRID, counts) if u > 0.5)
    radius = [np.nanmax(np.linalg.norm(belt.ball_path(720, u).vectors, axis=1)) for u in UNTANGLE_GRID]
    late = [r for u, r in zip(UNTANGLE_GRID, radius) if u >= 0.5]
    assert all(a >= b - 1e-12 for a, b in zip(late, late[1:]))  # shrinking once inside the ball
    assert radius[-1] < 1e-9  # a point: the identity
    # both ends stay at the identity throughout (the wall and the unmoved cube)
    for u in UNTANGLE_GRID:
        p = belt.ball_path(720, u)
        np.testing.assert_allclose(p.vectors[[0, -1]], 0, atol=1e-9)
        np.testing.assert_allclose(p.end, 0, atol=1e-9)


def test_single_turn_loop_crosses_once_and_ends_at_the_identity():
    p = belt.ball_path(360)
    assert p.n_crossings == 1
    np.testing.assert_allclose(p.quaternions[-1], [-1, 0, 0, 0], atol=1e-12)
    np.testing.assert_allclose(p.vectors[-1], 0, atol=1e-9)
    np.testing.assert_allclose(np.abs(p.crossings[0] @ belt.TURN_AXIS), np.pi, atol=1e-9)


# --- issue 12: regressions, each named after what broke -------------------------


def test_untangle_allowed_for_huge_turn_whose_quaternion_was_not_one():
    turn = 720.0 * 2**50
    allowed, _ = belt.untangle_allowed(turn)
    assert allowed
    np.testing.assert_array_equal(belt.followed_quaternion(turn), ql.IDENTITY)
    # a huge turn that is not a multiple of 720°: its tolerance no longer grows with the turn
    off = 720.0 * 10**10 + 90
    allowed, reason = belt.untangle_allowed(off)
    assert not allowed and "w = 0.7071" in reason
    np.testing.assert_allclose(
        belt.followed_quaternion(off), belt.followed_quaternion(90.0), atol=1e-15
    )
    assert belt.untangle_allowed(720 * 10**10 + 360)[0] is False
    assert belt.untangle_allowed(-1440.0000001)[0] is True


@pytest.mark.parametrize("points", [["1", "0", "0"], [1j, 0, 0], [[1, 0]]])
def test_deform_accepted_string_and_complex_points(points):
    with pytest.raises(ValueError, match="Expected points"):
        belt.deform(points, 90)


def test_ball_path_n_was_unbounded():
    too_many = r"Expected n samples from 2 to 100,000 \(each one is a point kept in memory\), got 1,000,000,000"
    with pytest.raises(ValueError, match=too_many):
        belt.ball_path(720, n=10**9)
    with pytest.raises(ValueError, match="Expected n samples as a whole number from 2 to 100,000, got 2.5"):
        belt.ball_path(720, n=2.5)
    with pytest.raises(ValueError, match="Expected finite surface tolerance zero_tol, got NaN"):
        belt.ball_path(720, zero_tol=np.nan)


def test_belt_python_int_beyond_float64_raised_overflow_error():
    for call in (belt.untangle_allowed, belt.followed_quaternion, belt.scene):
        with pytest.raises(ValueError, match="within the float64 range"):
            call(10**400)


@pytest.mark.parametrize("call", [
    lambda bad: belt.twist_profile(bad),
    lambda bad: belt.swing_axis(bad),
    lambda bad: belt.untangling_quaternion(bad, 0.5),
    lambda bad: belt.untangling_quaternion(0.5, bad),
    lambda bad: belt.untangling_quaternion(0.5, 0.5, bad),
    lambda bad: belt.field_quaternion(bad, 360),
    lambda bad: belt.field_quaternion(0.5, bad),
    lambda bad: belt.cube_vertices(bad),
    lambda bad: belt.scene(bad),
    lambda bad: belt.ball_path(bad),
])
def test_bad_input_is_a_clear_error_never_a_nan(call):
    """A string, NaN or any other object is a ValueError that says what was expected: ``twist_profile(nan)`` used
    to return NaN, and ``swing_axis("x")`` said "could not convert string to float"."""
    for bad in ("x", float("nan"), object()):
        with pytest.raises(ValueError, match="^Expected"):
            call(bad)
