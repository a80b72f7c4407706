"""Helpers shared by the tests that drive demos (test_widgets.py, test_legibility.py, test_widgets_*.py)."""

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


def repaints_and_changes(demo, name: str, values) -> tuple[int, int]:
    """Set the control ``name`` to each of ``values`` in turn, then to the last one once more; return how many
    repaints the demo made and how many of those settings changed the value (the last one never does)."""
    control = demo.controls[name]
    values = [float(v) for v in values]
    changes = sum(v != w for v, w in zip([control.value, *values], values))
    demo.timings.clear()
    for v in [*values, values[-1]]:
        control.value = v
    return len(demo.timings), changes
