"""quatlib.models.sandwich: q v q⁻¹ turns v, the one-sided q v does not, checked against closed forms and scipy."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.spatial.transform import Rotation

from quatlib.models.geometry import arc_points, axis_frame
from quatlib.models.sandwich import (
    AXIS_REACH,
    CASES,
    VECTORS,
    SandwichState,
    angle_between_vectors,
    check_vector,
    choose_vector,
    sandwich_state,
    vector_choices,
)

turns = st.floats(-180, 180)
elevations = st.floats(-90, 90)
thetas = st.floats(-360, 360)
vectors = st.tuples(*[st.floats(-3, 3)] * 3).filter(lambda v: np.linalg.norm(v) > 1e-3)



@settings(max_examples=80, deadline=None)
@given(azimuth=turns, elevation=elevations, angle=thetas, v=vectors)
def test_the_sandwich_is_the_rotation_and_the_one_sided_product_is_its_closed_form(azimuth, elevation, angle, v):
    s = sandwich_state(azimuth, elevation, angle, v)
    assert isinstance(s, SandwichState) and s.case in CASES
    v = np.asarray(v, float)
    n = axis_frame(azimuth, elevation)[:, 0]
    np.testing.assert_allclose(s.axis, n, atol=1e-15)
    half = np.radians(angle) / 2
    np.testing.assert_allclose(s.q, np.r_[np.cos(half), np.sin(half) * n], atol=1e-12)
    assert s.norm_q == pytest.approx(1.0)
    # q v q⁻¹ = (0, v′) with v′ the rotation of v (scipy's rotation vector agrees), and q v q* the same
    np.testing.assert_allclose(s.v_rot, Rotation.from_rotvec(np.radians(angle) * n).apply(v), atol=1e-9)
    assert abs(s.sandwich[0]) < 1e-9
    np.testing.assert_allclose(s.sandwich[1:], s.v_rot, atol=1e-9)
    np.testing.assert_allclose(s.sandwich_star, s.sandwich, atol=1e-9)
    assert s.pure_and_same
    # q v = −sin(θ/2)(n·v) + cos(θ/2) v + sin(θ/2) n×v; its length² is |v|² − w²
    qv = np.r_[-np.sin(half) * (n @ v), np.cos(half) * v + np.sin(half) * np.cross(n, v)]
    np.testing.assert_allclose(s.qv, qv, atol=1e-12)
    assert s.qv_length ** 2 == pytest.approx(s.v_length ** 2 - s.qv_w ** 2, abs=1e-9)
    # the circle v's tip runs on: around the axis, through v and v′
    np.testing.assert_allclose(s.centre, (v @ n) * n, atol=1e-12)
    np.testing.assert_allclose(np.linalg.norm(s.ring, axis=1), np.linalg.norm(v), atol=1e-9)
    np.testing.assert_allclose(s.ring @ n, v @ n, atol=1e-9)
    np.testing.assert_allclose(s.ring[0], v, atol=1e-12)
    assert s.pole == (abs(elevation) >= 90)


@pytest.mark.parametrize("kwargs, case", [
    (dict(azimuth=20, elevation=70, angle=0), "identity"),
    (dict(azimuth=20, elevation=70, angle=360), "minus_one"),
    (dict(azimuth=0, elevation=90, angle=90, v=(1, 0, 0)), "perpendicular"),
    (dict(azimuth=0, elevation=0, angle=120, v=(2, 0, 0)), "along"),
    (dict(azimuth=20, elevation=70, angle=90), "general"),
])
def test_the_special_cases_of_the_one_sided_product(kwargs, case):
    s = sandwich_state(**kwargs)
    assert s.case == case
    if case == "minus_one":
        np.testing.assert_allclose(s.qv[1:], -s.v, atol=1e-12)
    if case == "perpendicular":
        assert abs(s.qv_w) < 1e-12 and s.qv_error_angle == pytest.approx(45.0)
    if case == "along":
        np.testing.assert_allclose(s.v_rot, s.v, atol=1e-12)
        assert s.qv_length == pytest.approx(2 * np.cos(np.radians(60)))
    if case == "general":
        assert abs(s.qv_w) > 0.1 and s.qv_error_angle > 10


def test_a_signed_zero_is_kept():
    s = sandwich_state(azimuth=0, elevation=0, angle=-90)  # axis x exactly: sin(-45°)·0 = -0.0
    assert np.signbit(s.q[2]) and s.q[2] == 0


def test_angle_between_vectors_is_accurate_near_0_and_180_degrees():
    assert angle_between_vectors([1, 0, 0], [1, 1e-9, 0]) == pytest.approx(np.degrees(1e-9), rel=1e-6)
    assert angle_between_vectors([1, 0, 0], [-1, 1e-9, 0]) == pytest.approx(180 - np.degrees(1e-9), rel=1e-12)
    assert angle_between_vectors([0, 0, 0], [1, 0, 0]) == 0.0


@pytest.mark.parametrize("v", [(0, 0, 0), (np.nan, 0, 0), (np.inf, 1, 0)])
def test_a_vector_that_cannot_be_turned_is_refused_with_a_message(v):
    with pytest.raises(ValueError, match=r"Expected (a )?finite (non-zero )?vector v"):
        check_vector(v)
    with pytest.raises(ValueError, match=r"Expected (a )?finite (non-zero )?vector v"):
        sandwich_state(0, 0, 30, v)


def test_the_signed_zeros_are_explained_and_an_unturned_v_is_seen():
    s = sandwich_state(0, 90, -360, v=(1, 0, 0))  # q = −1 up to sin(−180°) = −1.2e-16, not 0
    assert s.unturned and s.zero_notes == sorted(s.zero_notes) and len(s.zero_notes) == 3
    assert s.zero_notes[1] == "y = -0.0000: -1.2e-16: negative, a rounding error far below 0.00005"
    assert s.zero_notes[2] == "z = -0.0000: -0.0 exactly: a zero with its sign bit set, equal to 0"
    assert sandwich_state(0, 90, 90, v=(1, 0, 0)).zero_notes == []
    assert not sandwich_state(0, 90, 90, v=(1, 0, 0)).unturned
    assert sandwich_state(0, 90, 90, v=(0, 2, 0)).unturned  # v on the axis stays


def texts(panel) -> list:
    return [text for *_, text in panel]


def test_the_arc_theta_sweeps_runs_from_v_to_v_turned_around_the_circles_centre():
    s = sandwich_state(azimuth=40, elevation=30, angle=130)
    np.testing.assert_allclose(s.arc[0], s.v, atol=1e-12)
    np.testing.assert_allclose(s.arc[-1], s.v_rot, atol=1e-12)
    np.testing.assert_allclose(s.arc, arc_points(s.axis, s.v_perp, np.radians(130), center=s.centre, n=97), atol=0)
    np.testing.assert_allclose(np.linalg.norm(s.arc - s.centre, axis=1), np.linalg.norm(s.v_perp), atol=1e-12)
    np.testing.assert_allclose(s.arc_middle, arc_points(s.axis, s.v_perp, np.radians(65), center=s.centre, n=2)[1],
                               atol=1e-12)  # halfway round: turned by θ/2


def test_each_arrow_gets_its_name_at_its_tip_and_the_axis_names_come_first():
    s = sandwich_state(azimuth=20, elevation=70, angle=90)
    left, right = s.labels(v_gap=1.0, qv_gap=1.0, angle_gap=1.0)
    assert [name for name, *_ in left] == ["axis", "angle", "turned", "v"]
    assert [name for name, *_ in right] == ["axis", "turned", "qv"]
    assert texts(left) == ["n", "θ = 90°", "q v q⁻¹", "v"] and texts(right) == ["n", "q v q⁻¹", "vec(q v)"]
    for panel in (left, right):
        points = {name: (point, base) for name, point, base, _ in panel}
        np.testing.assert_allclose(points["axis"][0], AXIS_REACH * s.axis, atol=0)
        np.testing.assert_allclose(points["turned"][0], s.v_rot, atol=0)
    points = {name: (point, base) for name, point, base, _ in left}
    np.testing.assert_allclose(points["v"][0], s.v, atol=0)
    np.testing.assert_allclose(points["angle"][0], s.arc_middle, atol=0)
    np.testing.assert_allclose(dict((name, point) for name, point, *_ in right)["qv"], s.qv[1:], atol=0)
    np.testing.assert_allclose(points["angle"][1], s.centre, atol=0)  # θ's name pushed off the circle's centre


@pytest.mark.parametrize("v_gap, qv_gap, angle_gap, left, right", [
    (0.3, 0.05, 0.21, ["n", "θ = 90°", "q v q⁻¹", "v"], ["n", "q v q⁻¹", "vec(q v)"]),  # the limits themselves
    (0.29, 1.0, 1.0, ["n", "θ = 90°", "q v q⁻¹, v", ""], ["n", "q v q⁻¹", "vec(q v)"]),  # drawn close, 90° apart
    (1.0, 0.049, 1.0, ["n", "θ = 90°", "q v q⁻¹", "v"], ["n", "", "vec(q v) = q v q⁻¹"]),
    (1.0, 1.0, 0.2, ["n", "", "q v q⁻¹", "v"], ["n", "q v q⁻¹", "vec(q v)"]),
])
def test_two_arrows_drawn_on_top_of_each_other_get_one_name(v_gap, qv_gap, angle_gap, left, right):
    names = sandwich_state(azimuth=20, elevation=70, angle=90).labels(v_gap, qv_gap, angle_gap)
    assert [texts(panel) for panel in names] == [left, right]


@pytest.mark.parametrize("angle, name", [(3, "q v q⁻¹ ≈ v"), (-5, "q v q⁻¹ ≈ v"), (16, "q v q⁻¹, v"),
                                         (180, "q v q⁻¹, v")])
def test_a_shared_name_says_approximately_equal_only_when_the_vectors_are_near_in_space(angle, name):
    """Drawn one over the other, v′ and v get one name; "≈" only when they are within 0.1 in space too (seen edge
    on, a 16° turn was named "q v q⁻¹ ≈ v")."""
    s = sandwich_state(azimuth=20, elevation=70, angle=angle)
    assert (np.linalg.norm(s.v_rot - s.v) < 0.1) == (name == "q v q⁻¹ ≈ v")
    assert texts(s.labels(v_gap=0.1, qv_gap=1.0, angle_gap=1.0)[0])[2] == name


@pytest.mark.parametrize("kwargs, angle", [
    (dict(azimuth=20, elevation=70, angle=360), "θ = 360°"),  # a whole turn: v′ = v, and the circle swept
    (dict(azimuth=0, elevation=0, angle=120, v=(2, 0, 0)), ""),  # v on the axis: no circle to sweep
    (dict(azimuth=20, elevation=70, angle=0), ""),  # no turn
])
def test_an_unturned_v_is_named_once_and_theta_only_when_there_is_a_turn_to_see(kwargs, angle):
    left, _ = sandwich_state(**kwargs).labels(v_gap=5.0, qv_gap=5.0, angle_gap=5.0)
    assert texts(left) == ["n", angle, "q v q⁻¹ = v", ""]


def test_the_vector_choices_name_each_way_of_choosing_v():
    choices = vector_choices([1, 0.2, -0.004])
    assert [value for _, value in choices] == list(VECTORS)
    assert choices[0][0] == "v = (1.00, 0.20, 0.00)"  # no -0.00
    for text, value in choices[1:]:
        assert ("⊥" in text) == (value == "perpendicular") and ("onto" in text) == (value == "along")
        assert choose_vector([1, 0.2, 0], [0, 1, 0], value).shape == (3,)
    with pytest.raises(ValueError, match=r"Expected (a )?finite (non-zero )?vector v"):
        vector_choices((0, 0, 0))


@pytest.mark.parametrize("angle", [-350, -270, -190, -90, 45, 90, 170, 190, 270, 350])
def test_the_along_verdict_says_reversed_exactly_when_q_v_points_back(angle):
    s = sandwich_state(0, 90, angle, vector="along")
    assert s.case == "along"
    back = float(np.dot(s.qv[1:], s.v)) < 0  # the vector part of q v is cos(θ/2) v
    sentence, short = s.verdict
    assert ("reversed" in sentence) == back and ("reversed" in short) == back
