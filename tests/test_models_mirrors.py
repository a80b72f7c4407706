"""quatlib.models.mirrors: two reflections make a rotation by twice the angle between the mirrors (numpy only)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.spatial.transform import Rotation

import quatlib as ql
from quatlib.models.geometry import axis_frame
from quatlib.models.mirrors import MirrorsState, mirrors_state, reflection_matrix

angles = st.floats(0, 180)
turns = st.floats(-180, 180)
elevations = st.floats(-90, 90)
points = st.tuples(*[st.floats(-2, 2)] * 3)



@settings(max_examples=60, deadline=None)
@given(phi=angles, turn=turns, azimuth=turns, elevation=elevations, position=points)
def test_two_reflections_are_the_rotation_by_twice_the_angle_between_the_mirrors(phi, turn, azimuth, elevation,
                                                                                  position):
    s = mirrors_state(phi, turn, azimuth, elevation, position=position)
    assert isinstance(s, MirrorsState)
    line = axis_frame(azimuth, elevation)[:, 0]
    np.testing.assert_allclose(s.line, line, atol=1e-12)
    # unit normals, φ apart, both perpendicular to the line; edges in the mirrors, perpendicular to the line
    np.testing.assert_allclose(np.linalg.norm([s.n1, s.n2], axis=1), 1.0)
    np.testing.assert_allclose([s.n1 @ line, s.n2 @ line], 0.0, atol=1e-12)
    assert np.degrees(np.arctan2(np.linalg.norm(np.cross(s.n1, s.n2)), s.n1 @ s.n2)) == pytest.approx(phi, abs=1e-6)
    np.testing.assert_allclose(s.edges @ line, 0.0, atol=1e-12)
    np.testing.assert_allclose([s.edges[0] @ s.n1, s.edges[1] @ s.n2], 0.0, atol=1e-12)
    # q = n₂ n₁ is -quaternion_from_axis_angle(line, 2φ); scipy agrees on the rotation
    assert s.rotation_angle == 2 * phi
    np.testing.assert_allclose(s.q, ql.multiply(np.r_[0, s.n2], np.r_[0, s.n1]), atol=1e-12)
    np.testing.assert_allclose(s.q, -s.q_axis_angle, atol=1e-9)
    assert s.opposite_sign and s.same_rotation and s.reflections_agree
    R = Rotation.from_rotvec(np.radians(2 * phi) * line).as_matrix()
    np.testing.assert_allclose(s.final_matrix, R, atol=1e-9)
    # the copies: reflected (det −1), then turned (det +1), each a reflection of the last
    assert s.ghost_det == pytest.approx(-1.0) and s.final_det == pytest.approx(1.0)
    np.testing.assert_allclose(s.ghost_center, ql.reflect(s.position, s.n1), atol=1e-12)
    np.testing.assert_allclose(s.final_center, R @ s.position, atol=1e-9)
    # the cube is kept clear of the line (its copies never pile up on the axis) and near the mirrors' middle
    along = s.position @ line
    assert np.linalg.norm(s.position - along * line) >= 1.0 - 1e-9 and abs(along) <= 0.5 + 1e-9
    np.testing.assert_allclose(s.ghost_matrix @ s.ghost_matrix, np.eye(3), atol=1e-12)


@settings(max_examples=30, deadline=None)
@given(phi=angles, azimuth=turns, elevation=elevations, t1=turns, t2=turns)
def test_turning_both_mirrors_together_keeps_the_rotation(phi, azimuth, elevation, t1, t2):
    a, b = mirrors_state(phi, t1, azimuth, elevation), mirrors_state(phi, t2, azimuth, elevation)
    np.testing.assert_allclose(a.q, b.q, atol=1e-9)
    np.testing.assert_allclose(a.final_matrix, b.final_matrix, atol=1e-9)


def test_axis_is_the_line_where_the_mirrors_meet_and_undefined_when_they_coincide():
    s = mirrors_state(30, 10, 40, 20)
    np.testing.assert_allclose(s.axis, s.line, atol=1e-12)
    assert not s.degenerate and not s.no_turn
    for phi, w in ((0, -1.0), (180, 1.0)):
        s = mirrors_state(phi, 0, 0, 90)
        assert s.degenerate and s.axis is None and s.no_turn
        np.testing.assert_allclose(s.q, [w, 0, 0, 0], atol=1e-12)
        np.testing.assert_allclose(s.final_center, s.position, atol=1e-9)


def test_perpendicular_mirrors_make_a_half_turn_with_a_pure_quaternion():
    s = mirrors_state(90, 0, 0, 90)
    assert abs(s.q[0]) < 1e-12
    np.testing.assert_allclose(np.abs(s.q[1:]), [0, 1, 0], atol=1e-12)
    np.testing.assert_allclose(s.final_matrix, np.diag([-1.0, 1.0, -1.0]), atol=1e-12)


@settings(max_examples=40, deadline=None)
@given(n=points)
def test_reflection_matrix_is_householder(n):
    n = np.asarray(n)
    if np.linalg.norm(n) < 1e-3:
        n = np.array([0.0, 0.0, 1.0])
    u = n / np.linalg.norm(n)
    M = reflection_matrix(n)
    np.testing.assert_allclose(M, np.eye(3) - 2 * np.outer(u, u), atol=1e-12)
    assert np.linalg.det(M) == pytest.approx(-1.0)
    v = np.array([0.3, -1.2, 0.5])
    np.testing.assert_allclose(M @ v, ql.reflect(v, n), atol=1e-12)


def test_state_is_frozen():
    with pytest.raises(AttributeError):
        mirrors_state(45, 0, 0, 90).q = np.zeros(4)


def test_place_labels_never_overlaps_and_hides_only_optional_names():
    from quatlib.models.mirrors import place_labels

    around = [(dx, dy) for dx in (-30, 0, 30) for dy in (-15, 0, 15)]
    anchors = [(100, 100)] * 5  # five names for one point: they must spread out
    sizes = [(24, 12)] * 5
    taken = [(88, 94, 112, 106)]  # a text already at the point
    offsets = place_labels(anchors, sizes, [around] * 5, taken, (0, 0, 200, 200), optional=[3, 4])
    boxes = [np.array([100 + dx - 12, 100 + dy - 6, 100 + dx + 12, 100 + dy + 6])
             for dx, dy in (o for o in offsets if o is not None)]
    for i, a in enumerate(boxes + [np.array(taken[0])]):
        for b in boxes[i + 1:]:
            assert min(a[2], b[2]) <= max(a[0], b[0]) or min(a[3], b[3]) <= max(a[1], b[1])
    # in a crowded spot an optional name is left out rather than written over another
    crowded = place_labels([(10, 10)] * 2, [(20, 20)] * 2, [[(0, 0)]] * 2, [], (0, 0, 100, 100), optional=[1])
    assert crowded == [(0, 0), None]
