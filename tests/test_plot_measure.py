"""quatlib.plot._measure: how far apart two 3D points are drawn."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import quatlib.plot as qp

coordinate = st.floats(-2, 2, allow_nan=False)
point = st.tuples(coordinate, coordinate, coordinate)


@pytest.fixture(scope="module")
def scene():
    _, (scene,) = qp.panels(1)
    return scene


@settings(max_examples=60, deadline=None)
@given(point, point, st.floats(-180, 180), st.floats(-90, 90))
def test_screen_gap_is_the_distance_between_the_projections(scene, a, b, azim, elev):
    scene.set_view(azim, elev)
    (pa, pb), _ = scene.project(np.array([a, b]))
    gap = qp.screen_gap(scene, a, b)
    assert gap == pytest.approx(float(np.hypot(*(pa - pb))), abs=1e-12)
    assert gap == pytest.approx(qp.screen_gap(scene, b, a), abs=1e-12)  # symmetric
    assert gap <= float(np.linalg.norm(np.subtract(a, b))) * (1 + 1e-9) + 1e-12  # a projection never lengthens


@settings(max_examples=40, deadline=None)
@given(point, coordinate, coordinate, coordinate)
def test_screen_gap_seen_from_the_front(scene, a, dx, dy, depth):
    """At view (0, 0) the screen is the x-y plane: a step in x and y is drawn as it is, a step in z not at all."""
    scene.set_view(0, 0)
    b = np.add(a, (dx, dy, depth))
    assert qp.screen_gap(scene, a, b) == pytest.approx(float(np.hypot(dx, dy)), abs=1e-9)
