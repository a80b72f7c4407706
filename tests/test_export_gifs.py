"""tools/export_gifs.py writes the slide GIFs from the demos' own figures."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent


def load_tool():
    spec = importlib.util.spec_from_file_location("export_gifs", ROOT / "tools" / "export_gifs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_export_writes_animated_gifs(tmp_path):
    paths = load_tool().export(tmp_path, steps=3)
    assert [p.name for p in paths] == ["belt_trick.gif", "slerp_vs_nlerp.gif"]
    for p in paths:
        with Image.open(p) as im:
            assert im.format == "GIF" and im.n_frames > 3 and im.width > 400


def test_belt_states_turn_to_720_then_untangle():
    states = load_tool().belt_states(4)
    assert states[0] == {"turn": 0.0} and {"turn": 720.0} in states
    assert states[-1] == {"untangle": 1.0}


def test_committed_slide_gifs_exist():
    for name in ("belt_trick.gif", "slerp_vs_nlerp.gif"):
        with Image.open(ROOT / "docs" / "slides" / name) as im:
            assert im.n_frames > 20
