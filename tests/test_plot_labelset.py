"""quatlib.plot._labelset: LabelSet, labels by key, each moved to the point it is given."""

from __future__ import annotations

import numpy as np
import pytest

import quatlib.plot as qp


@pytest.fixture
def flat_scene():
    fig, (scene,) = qp.panels(1, view=(0, 0), world_frame=False)  # looking along -z: (x, y) on screen as given
    return fig, scene


def test_each_label_goes_to_its_own_point_and_the_others_stay(flat_scene):
    fig, scene = flat_scene
    names = qp.LabelSet(scene, {"p": "p", "out": "p′"}, colors={"out": qp.COLORS["vector"]}, fontsize=10)
    names.set_data({"p": (1.0, 0.5, 0.0), "out": (-0.5, 1.0, 0.0)})
    names.set_data({"out": (0.0, -1.0, 0.0)})  # only "out" moves
    np.testing.assert_array_equal(names.labels["p"].p, [1.0, 0.5, 0.0])
    np.testing.assert_array_equal(names.labels["out"].p, [0.0, -1.0, 0.0])
    (text_p,), (text_out,) = names.labels["p"].artists, names.labels["out"].artists
    np.testing.assert_allclose(text_p.get_position(), [1.0, 0.5], atol=1e-12)  # projected: on screen there
    np.testing.assert_allclose(text_out.get_position(), [0.0, -1.0], atol=1e-12)
    assert (text_p.get_text(), text_out.get_text()) == ("p", "p′")
    assert text_p.get_color() == qp.COLORS["ink"] and text_out.get_color() == qp.COLORS["vector"]  # ink by default
    assert text_p.get_fontsize() == text_out.get_fontsize() == 10


def test_the_set_owns_its_labels_and_projects_them_when_the_view_turns(flat_scene):
    fig, scene = flat_scene
    names = qp.LabelSet(scene, {"a": "a", "b": "b"})
    names.set_data({"a": (1.0, 0.0, 0.0), "b": (0.0, 0.0, 1.0)})
    assert all(label not in scene.items for label in names.labels.values())  # adopted: the set projects them
    assert len(names.artists) == 2
    scene.set_view(90, 30)
    for key, p in (("a", (1.0, 0.0, 0.0)), ("b", (0.0, 0.0, 1.0))):
        (text,) = names.labels[key].artists
        xy, _ = scene.project(np.array(p))
        np.testing.assert_allclose(text.get_position(), np.ravel(xy), atol=1e-12)  # where the new view puts p
    assert qp.render_png(fig)[:4] == b"\x89PNG"


def test_an_unknown_key_is_a_key_error(flat_scene):
    _, scene = flat_scene
    names = qp.LabelSet(scene, {"a": "a"})
    with pytest.raises(KeyError):
        names.set_data({"b": (0.0, 0.0, 0.0)})
