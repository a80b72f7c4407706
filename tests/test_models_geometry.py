"""quatlib.models.geometry: numpy-only geometry the demos draw (axis frames, arcs), checked against closed forms."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import quatlib as ql
from quatlib.models.geometry import arc_points, axis_frame, split_along

_coordinate = st.floats(-10, 10, allow_nan=False)


def test_arc_turns_counter_clockwise_about_its_axis():
    pts = arc_points([0, 0, 1], [1, 0, 0], np.pi / 2)
    assert pts.shape == (48, 3)
    np.testing.assert_allclose(pts[0], [1, 0, 0], atol=1e-12)
    np.testing.assert_allclose(pts[-1], [0, 1, 0], atol=1e-12)
    np.testing.assert_allclose(np.linalg.norm(pts, axis=1), 1.0)
    # about y: x goes to -z
    np.testing.assert_allclose(arc_points([0, 1, 0], [1, 0, 0], np.pi / 2)[-1], [0, 0, -1], atol=1e-12)
    np.testing.assert_allclose(arc_points([0, 1, 0], [1, 0, 0], 90, degrees=True)[-1], [0, 0, -1], atol=1e-12)


def test_arc_points_are_rotate_vector_of_the_start_at_equal_steps_around_the_center():
    axis, start, center = np.array([1.0, 2.0, -0.5]), np.array([0.3, -0.2, 0.9]), np.array([0.5, 0.1, -0.2])
    pts = arc_points(axis, start, 2.5, center=center, n=7)
    ts = np.linspace(0, 2.5, 7)
    expected = np.array([ql.rotate_vector(ql.quaternion_from_axis_angle(axis, t), start) for t in ts]) + center
    np.testing.assert_allclose(pts, expected, atol=1e-12)
    # every point at the same distance from the axis line, every step the same chord
    np.testing.assert_allclose(np.linalg.norm(pts - center, axis=1), np.linalg.norm(start))
    chords = np.linalg.norm(np.diff(pts, axis=0), axis=1)
    np.testing.assert_allclose(chords, chords[0])


def test_arc_points_of_a_zero_axis_or_zero_angle_stay_at_the_start():
    np.testing.assert_allclose(arc_points([0, 0, 0], [1, 0, 0], 1.0, n=5), np.tile([1.0, 0, 0], (5, 1)))
    np.testing.assert_allclose(arc_points([0, 0, 1], [1, 2, 3], 0.0, center=[1, 1, 1], n=3),
                               np.tile([2.0, 3, 4], (3, 1)))


def test_axis_frame_is_a_rotation_whose_first_column_has_the_given_azimuth_and_elevation():
    for az, el in [(0, 0), (90, 0), (30, 45), (-120, -60), (200, 90)]:
        R = axis_frame(az, el)
        np.testing.assert_allclose(R @ R.T, np.eye(3), atol=1e-12)
        assert np.linalg.det(R) == pytest.approx(1.0)
        a, e = np.radians(az), np.radians(el)
        np.testing.assert_allclose(R[:, 0], [np.cos(e) * np.cos(a), np.sin(e), -np.cos(e) * np.sin(a)], atol=1e-12)


@given(st.tuples(_coordinate, _coordinate, _coordinate), st.floats(-180, 180), st.floats(-90, 90),
       st.floats(-720, 720))
def test_split_along_is_the_part_a_turn_keeps_and_the_part_it_turns(v, azimuth, elevation, angle):
    """``v∥ + v⊥ = v``, ``v∥`` lies on the axis, ``v⊥`` across it; a turn about the axis keeps ``v∥`` and turns
    ``v⊥`` (notebook 04's reason the sandwich turns by θ), checked with ``rotate_vector``."""
    axis = axis_frame(azimuth, elevation)[:, 0]
    v_par, v_perp = split_along(v, axis)
    assert np.allclose(v_par + v_perp, v, atol=1e-12)
    assert np.allclose(np.cross(v_par, axis), 0, atol=1e-12) and abs(v_perp @ axis) < 1e-12
    q = ql.quaternion_from_axis_angle(axis, angle, degrees=True)
    turned_par, turned_perp = split_along(ql.rotate_vector(q, v), axis)
    assert np.allclose(turned_par, v_par, atol=1e-9)
    assert np.allclose(turned_perp, ql.rotate_vector(q, v_perp), atol=1e-9)
    assert np.isclose(np.linalg.norm(turned_perp), np.linalg.norm(v_perp), atol=1e-9)
