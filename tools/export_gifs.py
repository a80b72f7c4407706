"""Export animated GIFs of two demos for slides: the belt trick and SLERP vs NLERP.

usage: python tools/export_gifs.py [OUTDIR]      (default: docs/slides; `make gifs`)

Each frame is the demo's own figure (``Demo.snapshot()``) after setting its
controls, so the GIFs show exactly what the notebooks show.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import numpy as np
from PIL import Image

import quatlib as ql


def _frames(demo, states):
    for values in states:
        demo.set(**values)
        yield Image.open(io.BytesIO(demo.snapshot())).convert("RGB")


def _write_gif(frames, path: Path, ms_per_frame: int, hold_last: int = 12) -> Path:
    frames = list(frames)
    frames += [frames[-1]] * hold_last  # pause on the last picture before the loop restarts
    # One palette for all frames, built from a strip of samples so every colour that ever appears is in it
    # (a palette from the first frame alone loses the colours that show up later).
    samples = frames[:: max(1, len(frames) // 8)]
    strip = Image.new("RGB", (frames[0].width, frames[0].height * len(samples)))
    for i, f in enumerate(samples):
        strip.paste(f, (0, i * f.height))
    palette = strip.quantize(colors=192, method=Image.Quantize.MEDIANCUT)
    images = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
    path.parent.mkdir(parents=True, exist_ok=True)
    images[0].save(path, save_all=True, append_images=images[1:], duration=ms_per_frame, loop=0, optimize=True)
    return path


def belt_states(steps: int = 36):
    """Turn 0 → 720°, then untangle 0 → 1 (the cube stays still)."""
    return [{"turn": float(t)} for t in np.linspace(0, 720, 2 * steps + 1)] + \
           [{"untangle": float(u)} for u in np.linspace(0, 1, steps + 1)]


def slerp_states(steps: int = 24):
    """t from 0 to 1 with SLERP, then with NLERP, 150° apart."""
    return [{"method": m, "t": float(t)} for m in ("slerp", "nlerp") for t in np.linspace(0, 1, steps + 1)]


def export(outdir: Path, steps: int = 36) -> list[Path]:
    belt = ql.widgets.belt_trick()
    slerp = ql.widgets.slerp_vs_nlerp(angle=150.0, t=0.0)
    return [
        _write_gif(_frames(belt, belt_states(steps)), outdir / "belt_trick.gif", 80),
        _write_gif(_frames(slerp, slerp_states(max(2, 2 * steps // 3))), outdir / "slerp_vs_nlerp.gif", 80),
    ]


if __name__ == "__main__":
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "docs" / "slides"
    for p in export(out):
        print(f"wrote {p} ({p.stat().st_size / 1e6:.1f} MB)")
