"""quatlib.plot.StampText / stamp_texts: a text drawn from a cached bitmap looks like the plain text and follows it."""

from __future__ import annotations

import os

os.environ.setdefault("MPLBACKEND", "Agg")

import numpy as np  # noqa: E402
from matplotlib.text import Text  # noqa: E402

import quatlib as ql  # noqa: E402
from quatlib import plot as qp  # noqa: E402


def scene_with_label(text="in mirror 1", card=False):
    fig, (scene,) = qp.panels(1, size=3.0, world_frame=False)
    label = qp.Label(scene, text, (0.3, 0.2, 0.0), card=card)
    return fig, scene, label


def ink(fig) -> np.ndarray:
    """Where the picture is not white (the text's pixels)."""
    return (qp.render_rgb(fig) < 250).any(axis=-1)


def test_a_stamp_covers_the_pixels_of_the_plain_text_within_a_pixel():
    for card in (False, True):
        fig_a, _, _ = scene_with_label(card=card)
        fig_b, _, label = scene_with_label(card=card)
        assert qp.stamp_texts(label)[0] is label.artists[0]
        plain, stamped = ink(fig_a), ink(fig_b)
        assert plain.sum() > 50
        # the same glyphs, at most one pixel away: every stamped pixel has a plain one next to it, and back
        for a, b in ((plain, stamped), (stamped, plain)):
            grown = np.zeros_like(b)
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    grown |= np.roll(np.roll(b, dy, 0), dx, 1)
            assert (a & ~grown).sum() == 0


def test_a_stamp_is_rasterized_once_while_it_moves_and_again_when_its_text_changes():
    fig, scene, label = scene_with_label()
    [text] = qp.stamp_texts(label)
    qp.render_rgb(fig)
    first = text._stamp
    before = ink(fig)
    label.set_data((-0.5, -0.4, 0.0))
    after = ink(fig)
    assert text._stamp is first  # moved: the same bitmap
    assert before.sum() == after.sum() and (before != after).any()
    label.set_data((-0.5, -0.4, 0.0), "original")
    qp.render_rgb(fig)
    assert text._stamp is not first and text._stamp[0][0] == "original"
    label.set_data((0.3, 0.2, 0.0), "in mirror 1")  # back to a text shown before: its bitmap is kept
    qp.render_rgb(fig)
    assert text._stamp[1] is first[1]
    text.set_color("red")
    qp.render_rgb(fig)
    assert text._stamp[0][1] == (1.0, 0.0, 0.0, 1.0)


def test_hidden_and_empty_stamps_draw_nothing_and_keep_the_text_api():
    fig, scene, label = scene_with_label()
    [text] = qp.stamp_texts(label)
    assert isinstance(text, Text) and type(text) is qp.StampText
    label.set_visible(False)
    assert not ink(fig).any()
    label.set_visible(True)
    label.set_data((0, 0, 0), "")
    assert not ink(fig).any() and label.text == ""


def test_stamp_texts_turns_only_plain_texts_and_is_idempotent():
    fig, (scene,) = qp.panels(1)
    arrow = qp.Arrow(scene, (1, 0, 0), label="v")
    texts = qp.stamp_texts(arrow, *scene.moving_artists())
    assert [t.get_text() for t in qp.stamp_texts(arrow)] == ["v"]
    assert all(type(t) is qp.StampText for t in texts)
    world = [a for a in scene.world.artists if isinstance(a, Text)]  # the world frame's x, y, z
    assert len(world) == 3 and all(type(t) is qp.StampText for t in world)
    assert len(texts) == len({id(t) for t in texts})
    assert ql.plot.render_png(fig)[:4] == b"\x89PNG"
