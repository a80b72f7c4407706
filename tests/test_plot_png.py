"""quatlib.plot's PNG encoder: lossless, and a frame deflates only the bands of rows that changed."""

from __future__ import annotations

import io
import zlib

import numpy as np
import pytest
from PIL import Image

from quatlib import plot as qp
from quatlib.plot import _png


def decode(png: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))


def test_a_sequence_of_frames_decodes_to_each_frame_exactly():
    rng = np.random.default_rng(3)
    frame = np.full((150, 70, 3), 255, np.uint8)
    encoder = qp.PngEncoder()
    for step in range(8):
        r, c = rng.integers(0, 140), rng.integers(0, 60)
        frame[r:r + 10, c:c + 10] = rng.integers(0, 256, (10, 10, 3))
        if step == 5:
            frame = frame[:100]  # a new size starts afresh
        png = encoder.encode(frame)
        np.testing.assert_array_equal(decode(png), frame)
        assert png == encoder.encode(frame.copy())  # the same frame again: the same bytes, nothing deflated
        assert encoder.deflated == 0


def test_only_the_bands_that_changed_are_deflated_again():
    frame = np.full((4 * qp.PngEncoder.BAND, 30, 3), 255, np.uint8)
    encoder = qp.PngEncoder()
    encoder.encode(frame)
    assert encoder.deflated == 4
    frame[qp.PngEncoder.BAND + 3, 5] = (10, 20, 30)  # one pixel in the second band
    np.testing.assert_array_equal(decode(encoder.encode(frame)), frame)
    assert encoder.deflated == 1


def test_two_threads_write_the_same_bytes_as_one():
    rng = np.random.default_rng(5)
    frame = rng.integers(0, 256, (7 * qp.PngEncoder.BAND + 5, 40, 3), dtype=np.uint8)  # 8 bands, the last short
    one, two = qp.PngEncoder(), qp.PngEncoder()
    one.parallel, two.parallel = False, True
    for step in range(5):
        assert one.encode(frame) == two.encode(frame)
        assert one.deflated == two.deflated == (8 if step == 0 else 1 + step)
        frame[qp.PngEncoder.BAND * np.arange(step + 2)[:, None] + 1, 3] = step  # a pixel in each of the first bands


@pytest.mark.parametrize("split", [0, 1, 77, 65521, 100000])
def test_the_combined_checksum_is_zlibs(split):
    data = np.random.default_rng(split).integers(0, 256, 150000, dtype=np.uint8).tobytes()
    a, b = data[:split], data[split:]
    assert _png._adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(data)


def test_a_figures_frames_are_its_pixels():
    fig, (scene,) = qp.panels(1)
    arrow = qp.Arrow(scene)
    for tip in ((1, 0, 0), (0, 1, 0), (0.3, 0.2, 1)):
        arrow.set_data(tip)
        png = qp.render_png(fig)
        np.testing.assert_array_equal(decode(png), qp.render_rgb(fig))
