"""quatlib.models.plane2d: a 2D turn as a matrix and as e^{iθ}, and composing turns (numpy only)."""

from __future__ import annotations

import numpy as np
import pytest

from quatlib.models.plane2d import CompositionState, Rotation2DState, composition_state, rotation_2d_state


@pytest.mark.parametrize("theta", [-180, -45, 0, 30, 90, 137, 180])
def test_matrix_and_complex_number_send_the_point_to_the_same_place(theta):
    s = rotation_2d_state(theta, point=(1.0, 0.5))
    assert isinstance(s, Rotation2DState) and s.same
    np.testing.assert_allclose(s.matrix, s.complex, atol=1e-12)
    rad = np.radians(theta)
    assert (s.cos, s.sin) == pytest.approx((np.cos(rad), np.sin(rad)))
    np.testing.assert_allclose(s.R, [[s.cos, -s.sin], [s.sin, s.cos]], atol=1e-12)  # the same two numbers
    assert np.hypot(*s.matrix) == pytest.approx(np.hypot(1.0, 0.5))  # a turn keeps lengths


def test_quarter_turn_closed_form():
    s = rotation_2d_state(90, point=(2.0, 1.0))  # (x, y) → (−y, x)
    np.testing.assert_allclose(s.matrix, [-1.0, 2.0], atol=1e-12)
    assert s.rotor == pytest.approx(1j)
    np.testing.assert_allclose(s.point, [2.0, 1.0])


@pytest.mark.parametrize(("alpha", "beta"), [(30, 60), (-135, 170), (0, 0), (180, 180), (-180, 45)])
def test_both_orders_equal_one_turn_by_the_sum(alpha, beta):
    s = composition_state(alpha, beta)
    assert isinstance(s, CompositionState) and s.same
    expected = np.exp(1j * np.radians(alpha + beta))
    assert s.alpha_then_beta == pytest.approx(expected)
    assert s.beta_then_alpha == pytest.approx(expected)
    assert s.total == pytest.approx(expected)


def test_thirty_then_sixty_is_i():
    assert composition_state(30, 60).alpha_then_beta == pytest.approx(1j, abs=1e-15)


def test_spread_angles_keeps_names_apart_and_leaves_fixed_ones():
    from quatlib.models.plane2d import spread_angles

    rng = np.random.default_rng(0)
    for _ in range(50):
        wanted = rng.uniform(-180, 180, size=3)
        got = spread_angles(wanted, fixed=(-8, 84, -172, -83), gap=16)
        everything = np.concatenate([got, [-8, 84, -172, -83]])
        d = np.abs((everything[:, None] - everything[None, :] + 180) % 360 - 180)
        d[np.diag_indices_from(d)] = 360
        d[3:, 3:] = 360  # the fixed ones may be close to each other
        assert d.min() >= 16 - 0.05, (wanted, got)
        assert np.all(np.abs((got - wanted + 180) % 360 - 180) <= 3 * 16)  # each name stays near its arrow
    np.testing.assert_array_equal(spread_angles([0, 90, -90]), [0, 90, -90])  # far apart: untouched


def test_spread_angles_stops_when_the_names_have_settled():
    """With its tolerance, spread_angles stops within 0.003° of where the names would settle after 1000 rounds."""
    from quatlib.models.plane2d import TICKS, spread_angles

    rng = np.random.default_rng(1)
    crowded = 0
    for _ in range(300):
        alpha, beta = rng.integers(-180, 181, size=2)
        wanted = [alpha, alpha + beta]  # complex_composition's two names on one side
        settled = spread_angles(wanted, fixed=TICKS, gap=24, iterations=1000, tol=0.0)
        crowded += not np.allclose(settled, (np.asarray(wanted) + 180) % 360 - 180)
        np.testing.assert_allclose(spread_angles(wanted, fixed=TICKS, gap=24), settled, atol=3e-3)
    assert crowded > 10  # the cases that need pushing were tried


def test_an_arrow_drawn_on_the_results_shares_its_names_spot():
    """With the second turn a whole turn (β = 0 on the left, α = 0 on the right), the first arrow is the result's:
    both names go to one spot, the result's (the demo writes them as one), not 24° apart from an arrow they name."""
    s = composition_state(alpha=-180, beta=0)
    assert s.first_is_result == {"left": True, "right": False}
    spots = s.name_spots
    np.testing.assert_array_equal(spots["left"]["first"], spots["left"]["result"])
    assert not np.allclose(spots["right"]["first"], spots["right"]["result"])
    assert composition_state(alpha=0, beta=0).first_is_result == {"left": True, "right": True}
    assert composition_state(alpha=30, beta=1).first_is_result == {"left": False, "right": False}


def test_the_names_are_placed_once_per_state():
    """name_spots is computed once per state: a widget reading it per side does not place the names again."""
    for s in (rotation_2d_state(45, point=(1, 0)), composition_state(60, -10)):
        assert s.name_spots is s.name_spots


def test_the_names_of_the_turning_arrows_sit_on_the_ring_apart_and_in_their_arrows_direction():
    from quatlib.models.plane2d import RING
    s = rotation_2d_state(45, point=(1, 0))
    spots = s.name_spots
    assert set(spots) == {"left", "right"} and set(spots["left"]) == {"p", "out"}
    assert set(spots["right"]) == {"z", "out", "rotor"}
    for side in spots.values():
        for spot in side.values():
            assert np.hypot(spot[0], spot[1]) == pytest.approx(RING) and spot[2] == 0
    np.testing.assert_allclose(spots["left"]["out"], RING * np.array([0.5 ** 0.5, 0.5 ** 0.5, 0]), atol=1e-9)  # p′
    # z′ and e^{iθ} both point at θ = 45° from z = 1: pushed 16° apart
    a = {k: np.degrees(np.arctan2(p[1], p[0])) for k, p in spots["right"].items()}
    assert abs(a["out"] - a["rotor"]) == pytest.approx(16, abs=0.1)
    c = composition_state(alpha=30, beta=60).name_spots
    assert set(c) == {"left", "right"} and all(set(side) == {"first", "result"} for side in c.values())
    np.testing.assert_allclose(c["left"]["result"], c["right"]["result"], atol=1e-9)  # both end at α + β


def test_a_point_or_a_complex_number_lands_in_the_drawings_plane():
    from quatlib.models.plane2d import in_plane
    np.testing.assert_array_equal(in_plane((2.0, -1.0)), [2.0, -1.0, 0.0])
    np.testing.assert_array_equal(in_plane(2 - 1j), [2.0, -1.0, 0.0])  # z = x + iy is the point (x, y)
    np.testing.assert_array_equal(in_plane(np.array([0.5, 0.25])), [0.5, 0.25, 0.0])


@pytest.mark.parametrize("theta", [-180, -30, 0, 45, 90, 180])
def test_the_arcs_of_theta_turn_by_theta_from_the_ray_to_p_and_from_the_x_axis(theta):
    s = rotation_2d_state(theta, point=(2.0, 1.0))
    rad = np.radians(theta)
    turn = np.array([[np.cos(rad), -np.sin(rad)], [np.sin(rad), np.cos(rad)]])  # closed form, not quatlib's
    for side, start in (("left", 0.42 * np.array([2.0, 1.0]) / np.hypot(2.0, 1.0)), ("right", [0.32, 0.0])):
        arc = s.arcs[side]
        assert arc.shape[1] == 3 and np.all(arc[:, 2] == 0)  # in the drawing's plane
        np.testing.assert_allclose(arc[0, :2], start, atol=1e-12)
        np.testing.assert_allclose(arc[-1, :2], turn @ start, atol=1e-12)
        np.testing.assert_allclose(np.hypot(arc[:, 0], arc[:, 1]), np.hypot(*start), atol=1e-12)  # a circle


def test_the_arc_of_a_turn_of_the_origin_shrinks_to_the_origin():
    np.testing.assert_array_equal(rotation_2d_state(30, point=(0, 0)).arcs["left"], 0.0)


@pytest.mark.parametrize(("alpha", "beta"), [(30, 60), (-135, 170), (0, 0), (90, -90)])
def test_the_second_arc_starts_where_the_first_turn_ended(alpha, beta):
    s = composition_state(alpha, beta)
    for side, first, second in (("left", alpha, beta), ("right", beta, alpha)):
        arc1, arc2 = s.arcs[side]
        ends = np.radians([first, first + second])
        np.testing.assert_allclose(arc1[0], [0.45, 0, 0], atol=1e-12)
        np.testing.assert_allclose(arc1[-1], 0.45 * np.array([np.cos(ends[0]), np.sin(ends[0]), 0]), atol=1e-12)
        np.testing.assert_allclose(arc2[0], 0.62 * np.array([np.cos(ends[0]), np.sin(ends[0]), 0]), atol=1e-12)
        np.testing.assert_allclose(arc2[-1], 0.62 * np.array([np.cos(ends[1]), np.sin(ends[1]), 0]), atol=1e-12)
