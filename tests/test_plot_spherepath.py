"""quatlib.plot._spherepath: a point's path on a sphere, whole, so far, in equal steps, and now."""

from __future__ import annotations

import numpy as np
import pytest

import quatlib as ql
from quatlib.plot._spherepath import SpherePath

ARC = np.c_[np.cos(np.radians(np.linspace(0, 90, 10))), np.zeros(10), -np.sin(np.radians(np.linspace(0, 90, 10)))]
# (1, 0, 0) a quarter turn about y, in ten points


@pytest.fixture
def path():
    """A path along ARC: dots at every third point, the trail to the fifth, the needle at the fifth."""
    _, (scene,) = ql.plot.panels(1)
    path = SpherePath(scene, radius=1.0, color="C1")
    path.set_path(ARC, ARC[::3])
    path.set_data(ARC[:5], ARC[4])
    return path


def test_each_part_holds_what_it_is_given(path):
    np.testing.assert_array_equal(path.ticks.points, ARC[::3])
    np.testing.assert_array_equal(path.trail.points, ARC[:5])
    np.testing.assert_array_equal(path.needle.tip, ARC[4])  # the needle points at where the point is now
    assert path.needle.visible
    path.set_data(ARC, None)
    assert not path.needle.visible and len(path.trail.points) == len(ARC)


def test_hiding_the_path_hides_every_part_and_showing_it_keeps_the_needle_as_set(path):
    path.set_visible(False)
    assert not any(a.get_visible() for part in (path.whole, path.trail, path.ticks, path.needle)
                   for a in part.artists)
    path.set_visible(True)
    assert path.whole.visible and path.ticks.visible and path.needle.visible
