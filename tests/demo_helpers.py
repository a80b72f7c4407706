"""Helpers shared by the tests that drive demos (test_widgets.py, test_legibility.py)."""

from __future__ import annotations

import ipywidgets as W


def buttons(demo):
    """Every button under ``demo.buttons`` (rows of buttons included), in the order shown; Play widgets are not
    buttons and are left out."""
    for w in demo.buttons.values():
        stack = [w]
        while stack:
            w = stack.pop(0)
            if isinstance(w, W.Button):
                yield w
            stack[:0] = list(getattr(w, "children", ()))
