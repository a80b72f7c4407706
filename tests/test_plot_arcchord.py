"""quatlib.plot._arcchord: the q0–q1 plane of the sphere of quaternions."""

from __future__ import annotations

import numpy as np
import pytest

import quatlib as ql
from quatlib.plot._arcchord import ArcAndChord

COLORS = {"slerp": "C0", "nlerp": "C1", "lerp": "C2"}


@pytest.fixture
def plane():
    fig = ql.plot.figure((3, 2))
    return ArcAndChord(fig.add_axes((0, 0, 1, 0.85)), COLORS)


def _xy(line):
    return np.c_[line.get_xdata(), line.get_ydata()]


@pytest.mark.parametrize("omega_deg", [30, 90, 150])
def test_the_path_draws_the_arc_the_chord_and_each_method_s_points(plane, omega_deg):
    half = np.radians(omega_deg) / 2
    s = np.linspace(np.pi / 2 + half, np.pi / 2 - half, 9)  # q0 upper left, q1 upper right
    arc = np.c_[np.cos(s), np.sin(s)]
    t = np.linspace(0, 1, 5)[:, None]
    lerp = (1 - t) * arc[0] + t * arc[-1]
    nlerp = lerp / np.linalg.norm(lerp, axis=1, keepdims=True)
    plane.set_path(arc, {"slerp": arc[::2], "nlerp": nlerp, "lerp": lerp}, f"Ω = {omega_deg}°")
    np.testing.assert_allclose(_xy(plane.lines["arc"]), arc)
    np.testing.assert_allclose(_xy(plane.lines["chord"]), arc[[0, -1]])  # the chord joins the arc's ends
    np.testing.assert_allclose(_xy(plane.lines["lerp"]), lerp)
    np.testing.assert_allclose(_xy(plane.lines["nlerp"]), nlerp)
    # each push runs from a LERP point out to its NLERP point, a NaN row between two pushes
    push = _xy(plane.lines["push"]).reshape(-1, 3, 2)
    np.testing.assert_allclose(push[:, 0], lerp)
    np.testing.assert_allclose(push[:, 1], nlerp)
    assert np.isnan(push[:, 2]).all()
    assert plane.texts["omega"].get_text() == f"Ω = {omega_deg}°"


def test_now_places_each_method_s_point_and_the_ray_and_hides_what_is_none(plane):
    points = {"slerp": np.array([0.0, 1.0]), "nlerp": np.array([0.6, 0.8]), "lerp": np.array([0.3, 0.4])}
    plane.set_now(points)
    for name, p in points.items():
        np.testing.assert_allclose(_xy(plane.lines[f"{name} now"]), [p])
    np.testing.assert_allclose(_xy(plane.lines["ray"]), [[0, 0], points["nlerp"]])  # from 0 to NLERP's point
    plane.set_now({**points, "nlerp": None})
    assert len(plane.lines["nlerp now"].get_xdata()) == 0 and len(plane.lines["ray"].get_xdata()) == 0
