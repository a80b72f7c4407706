"""quatlib.models.hello: the hello cube's state, numpy only (no matplotlib, no ipywidgets)."""

from __future__ import annotations

import numpy as np
import pytest

import quatlib as ql
from quatlib.models.hello import CubeState, cube_state


def test_yaw_turns_about_the_up_axis():
    s = cube_state(yaw=90, pitch=0, roll=0)
    np.testing.assert_allclose(s.R @ [1, 0, 0], [0, 0, -1], atol=1e-12)
    np.testing.assert_allclose(s.R @ [0, 1, 0], [0, 1, 0], atol=1e-12)
    np.testing.assert_allclose(s.q, [np.sqrt(0.5), 0, np.sqrt(0.5), 0], atol=1e-12)


@pytest.mark.parametrize("angles", [(0, 0, 0), (30, -20, 50), (-170, 90, 45), (180, -90, -180)])
def test_matrix_and_quaternion_are_the_same_rotation(angles):
    s = cube_state(*angles)
    assert isinstance(s, CubeState)
    np.testing.assert_allclose(ql.matrix_from_quaternion(s.q), s.R, atol=1e-12)
    np.testing.assert_allclose(s.R, ql.matrix_from_euler(*angles, degrees=True), atol=1e-12)


def test_order_is_yaw_then_pitch_then_roll_as_written():
    s = cube_state(yaw=90, pitch=90, roll=0)  # R = Ry(90°) · Rx(90°): x first turned about x (stays), then about y
    np.testing.assert_allclose(s.R @ [1, 0, 0], [0, 0, -1], atol=1e-12)
    np.testing.assert_allclose(s.R @ [0, 1, 0], [1, 0, 0], atol=1e-12)


def test_state_is_frozen():
    with pytest.raises(AttributeError):
        cube_state(0, 0, 0).R = np.eye(3)

