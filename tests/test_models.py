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


def _good_calls():
    """A working call of every model's state function (``*_state`` in a model's ``__all__``), by name."""
    from quatlib.models import belt_demo, drift, gimbal, hello, mirrors, plane2d, sandwich, slerp, turret

    return {
        "belt_state": (belt_demo.belt_state, {"turn": 360, "untangle": 0.0}),
        "drift_state": (drift.drift_state, {"frames": 100, "every": 0, "magnify": 1,
                                            "runs": drift.DriftRuns(frames=100)}),
        "gimbal_state": (gimbal.gimbal_state, {"yaw": 10, "pitch": 20, "roll": 30}),
        "order_state": (gimbal.order_state, {"angle": 90, "progress": 1.0}),
        "cube_state": (hello.cube_state, {"yaw": 10, "pitch": 20, "roll": 30}),
        "mirrors_state": (mirrors.mirrors_state, {"mirror_angle": 30, "turn": 0, "azimuth": 0, "elevation": 0,
                                                  "position": (-0.27, 0.3, 1.0)}),
        "rotation_2d_state": (plane2d.rotation_2d_state, {"theta": 30, "point": (1.0, 0.5)}),
        "composition_state": (plane2d.composition_state, {"alpha": 30, "beta": 40}),
        "sandwich_state": (sandwich.sandwich_state, {"azimuth": 0, "elevation": 90, "angle": 90, "v": (1, 0.2, 0),
                                                     "vector": "given"}),
        "slerp_state": (slerp.slerp_state, {"t": 0.5, "method": "slerp", "shortest": True, "angle": 90,
                                            "azimuth": 0, "elevation": 90, "start_yaw": 0, "start_pitch": 0}),
        "turret_state": (turret.turret_state, {"yaw_a": 10, "pitch_a": 0, "yaw_b": 100, "pitch_b": 10, "t": 0.5,
                                               "lerp": "naive"}),
    }


def test_every_state_function_has_a_working_call_here():
    import importlib

    names = {n for m in MODELS for n in getattr(importlib.import_module(f"quatlib.models.{m}"), "__all__", ())
             if n.endswith("_state")}
    assert names == set(_good_calls())


@pytest.mark.parametrize("name, parameter", [(name, p) for name, (_, args) in _good_calls().items() for p in args
                                             if p != "runs"])
def test_a_model_refuses_what_a_parameter_cannot_take_with_a_clear_message(name, parameter):
    """A string, None, NaN, inf or any other object for any parameter of a demo's model is a ValueError or
    TypeError that says what was expected: never "could not convert string to float", a KeyError from inside, or a
    state computed from it."""
    function, good = _good_calls()[name]
    function(**good)  # the call works as given
    for bad in ("x", None, float("nan"), float("inf"), object()):
        with pytest.raises((TypeError, ValueError), match="^Expected"):
            function(**{**good, parameter: bad})


def _helper_calls():
    """The models' public helpers, each as a working call and the parameters a wrong value is tried in."""
    from quatlib.models import geometry, mirrors, orbit, plane2d, s3, sandwich, slerp, turret

    return {
        "arc_points": (geometry.arc_points, {"axis": [0, 1, 0], "start": [1, 0, 0], "angle": 1.0}),
        "view_from_drag": (orbit.view_from_drag, {"view0": (30, 20), "dx": 10, "dy": 5}),
        "stereographic": (s3.stereographic, {"q": [1, 0, 0, 0]}),
        "choose_vector": (sandwich.choose_vector, {"v": [1, 0, 0], "axis": [0, 1, 0]}),
        "angle_between_vectors": (sandwich.angle_between_vectors, {"a": [1, 0, 0], "b": [0, 1, 0]}),
        "meridian": (slerp.meridian, {"azimuth": 10, "elevation": 20}),
        "body_point": (slerp.body_point, {"q0": [1, 0, 0, 0], "axis": [0, 1, 0]}),
        "wrap_degrees": (turret.wrap_degrees, {"d": 190}),
        "in_plane": (plane2d.in_plane, {"p": (1, 0)}),
        "reflection_matrix": (mirrors.reflection_matrix, {"n": [1, 0, 0]}),
        "clear_of_line": (mirrors.clear_of_line, {"position": [1, 1, 0], "line": [0, 1, 0], "fallback": [1, 0, 0]}),
    }


@pytest.mark.parametrize("name, parameter", [(name, p) for name, (_, args) in _helper_calls().items() for p in args])
def test_a_models_helper_refuses_a_wrong_value_with_a_clear_message(name, parameter):
    function, good = _helper_calls()[name]
    function(**good)
    for bad in ("x", object()) if name == "stereographic" else ("x", float("nan"), object()):  # (NaN: a break)
        with pytest.raises((TypeError, ValueError), match="^Expected"):
            function(**{**good, parameter: bad})
