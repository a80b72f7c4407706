"""Every demo of the course manifest, driven through every control it shows: no error reaches the learner.

For each demo listed in quatlib/course.py: every slider to its ends, to its special values and to random values;
every Play widget, every option of a ToggleButtons, Dropdown or RadioButtons, both states of a Checkbox, and every
button clicked.  After each move ``demo.last_error`` must be None (a learner sees an explanation, never a
traceback) and the figure must show the change, except where a move is known not to change the picture now (listed
in ``NOT_DRAWN`` with the reason).  Agg only, no browser (tests/browser drives the same demos in JupyterLab).
"""

from __future__ import annotations

import base64

import ipywidgets as W
import numpy as np
import pytest

from quatlib import course
from quatlib import widgets as qw

# Singular / special values to visit for a control name.
SPECIAL = {"pitch": [90.0, -90.0, 89.0], "theta": [0.0, 90.0, 180.0], "angle": [0.0, 180.0, 360.0, 720.0],
           "progress": [1.0, 0.0], "replay": [0.0, 0.5], "turn": [360.0, 720.0, 0.0], "t": [0.0, 0.5, 1.0]}
# (demo, widget label) pairs whose change is not drawn at once, and why.
NOT_DRAWN = {
    ("slerp_vs_nlerp", "shortest"): "the short path differs only when q0·q1 < 0 (tests/test_widgets_slerp.py: 200°)",
}


def widgets_in(widget):
    """Every widget inside ``widget`` (depth first, the order they are shown), the figure's own view left out."""
    for child in getattr(widget, "children", ()):
        if isinstance(child, W.Image) or not isinstance(child, W.Widget):
            continue
        yield child
        yield from widgets_in(child)


def label(widget) -> str:
    return getattr(widget, "description", "") or type(widget).__name__


def moves(demo, rng):
    """(widget, label, action) for every control the demo shows: what a learner can do with it."""
    names = {id(c): n for n, c in {**demo.controls, **demo.view_controls}.items()}
    seen = set()
    for w in widgets_in(demo):
        if id(w) in seen or getattr(w, "disabled", False) and not isinstance(w, (W.FloatSlider, W.IntSlider)):
            continue
        seen.add(id(w))
        name = names.get(id(w), label(w))
        if isinstance(w, W.Button):
            yield w, name, w.click
        elif isinstance(w, (W.FloatSlider, W.IntSlider, W.Play)):
            lo, hi = w.min, w.max
            values = [lo, hi, *(v for v in SPECIAL.get(name, []) if lo <= v <= hi), *rng.uniform(lo, hi, 4)]
            if isinstance(w, (W.IntSlider, W.Play)):
                values = [int(round(v)) for v in values]
            else:
                values = [round(float(v), 1) for v in values]
            for v in values:
                yield w, name, (lambda w=w, v=v: setattr(w, "value", v))
        elif isinstance(w, W.SelectionSlider):  # its ends and random stops
            options = list(w.options)
            for v in [options[0][1], options[-1][1], *(options[i][1] for i in rng.integers(len(options), size=4))]:
                yield w, name, (lambda w=w, v=v: setattr(w, "value", v))
        elif isinstance(w, (W.ToggleButtons, W.Dropdown, W.RadioButtons)):  # every option, then back
            values = [value for _, value in w.options]
            for v in [*values[1:], values[0]]:
                yield w, name, (lambda w=w, v=v: setattr(w, "value", v))
        elif isinstance(w, W.Checkbox):
            for v in (not w.value, w.value):
                yield w, name, (lambda w=w, v=v: setattr(w, "value", v))


@pytest.fixture(params=course.demo_names())
def demo(request):
    return getattr(qw, request.param)()


def test_every_control_of_every_demo(demo):
    rng = np.random.default_rng(7)
    driven = set()
    for widget, name, act in moves(demo, rng):
        before = demo.snapshot()
        previous = getattr(widget, "value", None)
        act()
        moved_to = getattr(widget, "value", "click")
        assert demo.last_error is None, f"{demo.name}: {name} → {moved_to}: {demo.last_error!r}"
        driven.add(name)
        if isinstance(widget, W.Button):
            if (demo.name, name) not in NOT_DRAWN:
                assert demo.snapshot() != before, f"{demo.name}: figure unchanged after clicking {name!r}"
            continue
        if widget.value == previous or widget.disabled:
            continue  # nothing moved (or the demo held the control where it must stay)
        # on a full-turn slider, -180° and 180° are the same turn: the picture may not change
        span = getattr(widget, "max", 0) - getattr(widget, "min", 0)
        same_turn = span == 360 and (widget.value - previous) % 360 == 0
        if (demo.name, name) not in NOT_DRAWN and not same_turn:
            assert demo.snapshot() != before, f"{demo.name}: figure unchanged after {name} = {widget.value}"
    assert set(demo.controls) <= driven and set(demo.view_controls) <= driven
    assert not demo.errors


def test_every_slider_is_labelled_continuous_and_keyboard_steppable(demo):
    for name, c in {**demo.controls, **demo.view_controls}.items():
        if not isinstance(c, (W.FloatSlider, W.IntSlider)):
            continue
        assert c.description, name
        assert c.continuous_update, name
        assert c.step > 0 and (c.max - c.min) / c.step >= 10, name
        if "°" not in c.description:
            assert name in {"progress", "replay", "t", "untangle"}, f"{name}: angle sliders say their unit (°)"


def test_every_demo_shows_a_stable_text_and_a_picture_without_a_kernel(demo):
    bundle = demo._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert base64.b64decode(bundle["image/png"])[:4] == b"\x89PNG"
    text = bundle["text/plain"]
    assert text.startswith(f"{demo.name}: ") and "0x" not in text and "model_id" not in text
    assert text == getattr(qw, demo.name)()._repr_mimebundle_()["text/plain"]  # stable: nbval compares it


FLAT = {"rotation_2d", "complex_composition"}  # demos of 2D pictures: no view to turn


def test_the_flat_demos_are_the_ones_without_a_view_to_turn():
    assert {name for name in course.demo_names() if not getattr(qw, name)().view_controls} == FLAT


@pytest.mark.parametrize("name", [name for name in course.demo_names() if name not in FLAT])
def test_a_view_turn_draws_what_a_whole_update_at_that_view_draws(name):
    """A view turn runs no model, and a draw may return at once when the state did not change (its names and
    letters are items, placed again by the turn itself): for every slider at both ends, the picture after a view
    turn alone must be the one a second demo draws when the same values and the same view come in one update."""
    demo, other = getattr(qw, name)(), getattr(qw, name)()
    sliders = [k for k, c in demo.controls.items() if isinstance(c, (W.FloatSlider, W.IntSlider))]
    views = [(-120.0, -30.0), (60.0, 55.0)]
    for i, (name, end) in enumerate((k, e) for k in sliders for e in ("min", "max")):
        azim, elev = views[i % 2]
        demo.set(**{name: getattr(demo.controls[name], end)})
        demo.set(view_azim=azim, view_elev=elev)  # a view turn alone
        values = {k: c.value for k, c in demo.controls.items() if k in sliders}
        other.set(**values, view_azim=azim, view_elev=elev)  # the control and the view in one update
        assert demo.snapshot() == other.snapshot(), f"{demo.name}: {name} at its {end}, view ({azim}, {elev})"
    assert not demo.errors and not other.errors
