"""Every demo's picture saved in its notebook is the picture the demo draws now.

The saved PNG is what a reader sees before running anything: on the course's static site (``make site`` shows it
instead of the dead sliders), on GitHub, in a notebook opened without a kernel.  nbval compares the text outputs
only, so a change to a demo's drawing would otherwise leave a stale picture behind.  Re-saving one demo's picture:
run its notebook (``jupyter nbconvert --to notebook --execute --inplace``) and keep the new PNG.
"""

from __future__ import annotations

import base64
import io
import json
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

import quatlib as ql
from quatlib import course

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
#: Pixels that may differ by more than 40 levels (of 255) in one channel: anti-aliasing on another machine.
SLACK = 20


def demo_cells():
    """``(notebook file, cell index, source, saved PNG bytes)`` of each cell that shows one demo."""
    for nb in course.NOTEBOOKS:
        cells = json.loads((NOTEBOOKS / nb.file).read_text(encoding="utf-8"))["cells"]
        for i, cell in enumerate(cells):
            source = "".join(cell["source"]).strip()
            if cell["cell_type"] != "code" or not source.startswith("ql.widgets.") or "\n" in source:
                continue
            if source.split("(")[0].removeprefix("ql.widgets.") not in nb.demo_names:
                continue
            pngs = [o["data"]["image/png"] for o in cell.get("outputs", []) if "image/png" in o.get("data", {})]
            yield nb.file, i, source, base64.b64decode(pngs[0]) if pngs else None


CELLS = list(demo_cells())


def test_every_demo_of_the_course_has_a_saved_picture():
    shown = {source.split("(")[0].removeprefix("ql.widgets.") for _, _, source, png in CELLS if png}
    assert set(course.demo_names()) <= shown, sorted(set(course.demo_names()) - shown)


@pytest.mark.parametrize(("file", "index", "source", "png"), CELLS, ids=[f"{c[0]}:{c[1]}" for c in CELLS])
def test_the_saved_picture_is_what_the_demo_draws_now(file, index, source, png, tmp_path):
    assert png is not None, f"{file} cell {index} has no saved picture"
    demo = eval(source, {"ql": ql})  # noqa: S307 - a cell of our own notebook: one factory call
    demo.save(tmp_path / "now.png")
    now = np.asarray(Image.open(tmp_path / "now.png").convert("RGB"), dtype=int)
    saved = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=int)
    assert saved.shape == now.shape, f"{file} cell {index}: saved {saved.shape}, drawn {now.shape}"
    differ = int((np.abs(saved - now).max(axis=-1) > 40).sum())
    assert differ <= SLACK, f"{file} cell {index}: {differ} pixels differ; re-run the notebook to save the new picture"
