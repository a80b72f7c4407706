"""quatlib.plot._spherepath: a point's path on a sphere, whole, so far, in equal steps, and now."""

from __future__ import annotations

import numpy as np

import quatlib as ql
from quatlib.plot._spherepath import SpherePath


def _quarter_turn(n=10):
    s = np.radians(np.linspace(0, 90, n))
    return np.c_[np.cos(s), np.zeros(n), -np.sin(s)]  # (1, 0, 0) a quarter turn about y


def test_each_part_holds_what_it_is_given():
    _, (scene,) = ql.plot.panels(1)
    path = SpherePath(scene, radius=1.0, color="C1")
    arc = _quarter_turn()
    path.set_path(arc, arc[::3])
    path.set_data(arc[:5], arc[4])
    np.testing.assert_array_equal(path.ticks.points, arc[::3])
    np.testing.assert_array_equal(path.trail.points, arc[:5])
    np.testing.assert_array_equal(path.needle.tip, arc[4])  # the needle points at where the point is now
    assert path.needle.visible
    path.set_data(arc, None)
    assert not path.needle.visible and len(path.trail.points) == len(arc)


def test_hiding_the_path_hides_every_part_and_showing_it_keeps_the_needle_as_set():
    _, (scene,) = ql.plot.panels(1)
    path = SpherePath(scene, radius=1.0, color="C1")
    arc = _quarter_turn()
    path.set_path(arc, arc[::3])
    path.set_data(arc[:5], arc[4])
    path.set_visible(False)
    assert not any(a.get_visible() for part in (path.whole, path.trail, path.ticks, path.needle)
                   for a in part.artists)
    path.set_visible(True)
    assert path.whole.visible and path.ticks.visible and path.needle.visible
