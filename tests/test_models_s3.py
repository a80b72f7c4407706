"""quatlib.models.s3: the stereographic projection of the unit quaternions, checked against closed forms."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import quatlib as ql
from quatlib.models.s3 import POLE, stereographic, stereographic_path

PROPERTY = settings(max_examples=60, deadline=None)
UNIT = st.lists(st.floats(-1, 1, allow_nan=False), min_size=4, max_size=4).filter(
    lambda v: 0.1 < np.linalg.norm(v) and (np.asarray(v) / np.linalg.norm(v))[3] > -0.99)


def _unit(v):
    v = np.asarray(v, dtype=float)
    return v / np.linalg.norm(v)


def test_plus_and_minus_one_are_two_finite_marked_places():
    np.testing.assert_allclose(stereographic([[1, 0, 0, 0], [-1, 0, 0, 0]]), [[1, 0, 0], [-1, 0, 0]])


def test_a_turn_about_y_is_the_unit_circle_in_the_picture():
    turns = np.linspace(0, 720, 13)
    p = stereographic(ql.quaternion_from_axis_angle([0, 1, 0], turns, degrees=True))
    half = np.radians(turns) / 2
    np.testing.assert_allclose(p, np.column_stack([np.cos(half), np.sin(half), 0 * half]), atol=1e-12)


@PROPERTY
@given(UNIT)
def test_distance_from_the_centre_closed_form(v):
    """A unit quaternion at 4D distance d from the pole lands sqrt(4/d² - 1) from the centre."""
    q = _unit(v)
    d = np.linalg.norm(q - POLE)
    assert np.linalg.norm(stereographic(q)) == pytest.approx(np.sqrt(4 / d**2 - 1), rel=1e-9, abs=1e-9)


@PROPERTY
@given(UNIT)
def test_w_zero_is_the_plane_through_the_centre_and_its_sign_is_the_side(v):
    q = _unit(v)
    p = stereographic(q)
    assert np.sign(p[0]) == np.sign(q[0])  # w > 0 to the right of the plane, w < 0 to the left


def test_the_pole_is_refused_and_a_path_leaves_the_picture_near_it():
    with pytest.raises(ValueError, match="pole"):
        stereographic(POLE)
    with pytest.raises(ValueError, match="shape"):
        stereographic([1, 0, 0])
    p = stereographic_path(np.array([[1, 0, 0, 0], _unit([0, 0.001, 0, -1]), [0, 1, 0, 0]]), far=4.0)
    assert np.isfinite(p[0]).all() and np.isnan(p[1]).all() and np.isfinite(p[2]).all()
