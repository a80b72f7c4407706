"""quatlib.models as a whole: every model is numpy-only (the widgets draw it; it never draws)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import quatlib

MODELS = sorted(p.stem for p in Path(quatlib.__file__).with_name("models").glob("*.py") if p.stem != "__init__")


def test_every_model_module_is_checked():
    assert {"geometry", "hello", "plane2d", "gimbal", "turret", "mirrors", "sandwich", "drift", "slerp",
            "belt_demo"} <= set(MODELS)


@pytest.mark.parametrize("name", MODELS)
def test_model_imports_neither_matplotlib_nor_ipywidgets(name):
    code = (f"import sys, quatlib.models.{name}; "
            "print(sorted(m for m in ('matplotlib', 'ipywidgets') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
