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


def test_the_drawn_angles_are_arcs_of_phi_and_two_phi_about_the_line():
    s = mirrors_state(50, 20, 30, 40)
    # the arc of φ runs from mirror 1's edge to mirror 2's, radius 0.7 about the hinge on the line
    np.testing.assert_allclose(np.cross(s.hinge, s.line), 0, atol=1e-12)
    assert abs(np.linalg.norm(s.hinge) - 0.95) < 1e-12 and s.hinge @ s.line * (s.position @ s.line) <= 0
    np.testing.assert_allclose(s.phi_arc[[0, -1]] - s.hinge, 0.7 * s.edges, atol=1e-12)
    # the arc of 2φ carries the cube's foot about the line onto the turned copy's
    foot = s.position - (s.position @ s.line) * s.line
    np.testing.assert_allclose(s.turn_arc[0] - s.turn_centre, foot, atol=1e-12)
    np.testing.assert_allclose(s.turn_arc[-1] - s.turn_centre, ql.rotate_vector(s.q, foot), atol=1e-12)
    assert not s.copies_close and mirrors_state(1, 0, 0, 90).copies_close
