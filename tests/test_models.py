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
    from quatlib import belt
    from quatlib.models import belt_demo, drift, geometry, gimbal, mirrors, orbit, plane2d, s3, sandwich, slerp, turret

    q1 = [0.7071067811865476, 0, 0.7071067811865476, 0]
    basis, omega = slerp.chord_plane([1, 0, 0, 0], q1, [0, 1, 0])
    return {
        "arc_points": (geometry.arc_points, {"axis": [0, 1, 0], "start": [1, 0, 0], "angle": 1.0}),
        "axis_frame": (geometry.axis_frame, {"azimuth": 10, "elevation": 20}),
        "split_along": (geometry.split_along, {"v": [1, 2, 3], "axis": [0, 1, 0]}),
        "view_from_drag": (orbit.view_from_drag, {"view0": (30, 20), "dx": 10, "dy": 5}),
        "stereographic": (s3.stereographic, {"q": [1, 0, 0, 0]}),
        "stereographic_path": (s3.stereographic_path, {"q": [[1, 0, 0, 0], [0, 1, 0, 0]], "far": 4.0}),
        "choose_vector": (sandwich.choose_vector, {"v": [1, 0, 0], "axis": [0, 1, 0]}),
        "angle_between_vectors": (sandwich.angle_between_vectors, {"a": [1, 0, 0], "b": [0, 1, 0]}),
        "check_vector": (sandwich.check_vector, {"v": [1, 0, 0]}),
        "vector_choices": (sandwich.vector_choices, {"v": [1, 0.2, 0]}),
        "signed": (sandwich.signed, {"x": -0.0, "digits": 4}),
        "zero_note": (sandwich.zero_note, {"x": -0.0}),
        "meridian": (slerp.meridian, {"azimuth": 10, "elevation": 20}),
        "body_point": (slerp.body_point, {"q0": [1, 0, 0, 0], "axis": [0, 1, 0]}),
        "body_points": (slerp.body_points, {"qs": [[1, 0, 0, 0]], "body": [1, 0, 0]}),
        "profile": (slerp.profile, {"q0": [1, 0, 0, 0], "q1": q1, "t": [0, 0.5, 1], "method": "slerp",
                                    "shortest": True}),
        "chord_plane": (slerp.chord_plane, {"q0": [1, 0, 0, 0], "q1": q1, "axis": [0, 1, 0], "shortest": True}),
        "to_plane": (slerp.to_plane, {"qs": [[1, 0, 0, 0]], "basis": basis, "omega": omega}),
        "turned": (turret.turned, {"qs": [[1, 0, 0, 0], q1]}),
        "wrap_degrees": (turret.wrap_degrees, {"d": 190}),
        "quiet_euler": (gimbal.quiet_euler, {"q": [1, 0, 0, 0]}),
        "in_plane": (plane2d.in_plane, {"p": (1, 0)}),
        "spread_angles": (plane2d.spread_angles, {"wanted": [0, 10], "fixed": (), "gap": 15.0, "iterations": 100,
                                                  "tol": 1e-3}),
        "ring_spots": (plane2d.ring_spots, {"directions": [0, 10], "gap": 15.0}),
        "reflection_matrix": (mirrors.reflection_matrix, {"n": [1, 0, 0]}),
        "clear_of_line": (mirrors.clear_of_line, {"position": [1, 1, 0], "line": [0, 1, 0], "fallback": [1, 0, 0]}),
        "ball_drawing": (belt_demo.ball_drawing, {"path": belt.ball_path(500.0), "shift": 0.1, "n_arc": 25}),
        "state_words": (belt_demo.state_words, {"turn": 100.0, "untangle": 0.5, "allowed": True}),
        "untangle_works": (belt_demo.untangle_works, {"turn": 720}),
        "s3_landmarks": (belt_demo.s3_landmarks, {"n": 97}),
        "worst_between": (drift.worst_between, {"err": [0, 1e-8, 2e-8], "every": 0}),
        "control_choices": (drift.control_choices, {"stops": [1, 10, 100]}),
        "shared_runs": (drift.shared_runs, {"frames": 100}),
        "cost_per_call": (drift.cost_per_call, {"fn": abs, "arg": -1.0, "n": 2, "repeat": 2}),
    }


#: Public model functions not fuzzed here: each demo's ``check_choices`` has its own tests (a choice the demo
#: does not offer), and the ``*_state`` functions are fuzzed above (``_good_calls``).
_NOT_HELPERS = {"check_choices"}


def test_every_public_model_function_is_fuzzed():
    import importlib
    import inspect

    names = set()
    for m in MODELS:
        module = importlib.import_module(f"quatlib.models.{m}")
        names |= {n for n in getattr(module, "__all__", ()) if inspect.isfunction(getattr(module, n))
                  and not n.endswith("_state") and n not in _NOT_HELPERS}
    assert names == set(_helper_calls())


@pytest.mark.parametrize("name, parameter", [(name, p) for name, (_, args) in _helper_calls().items() for p in args
                                             if (name, p) != ("cost_per_call", "arg")])  # (any argument fn takes)
def test_a_models_helper_refuses_a_wrong_value_with_a_clear_message(name, parameter):
    """As for the state functions: a string, NaN, None or any other object is an error that says what was expected
    (a NaN *row* of a path is a break in the line, but a NaN where a path belongs is not a path)."""
    function, good = _helper_calls()[name]
    function(**good)
    for bad in ("x", float("nan"), object()) if (name, parameter) == ("spread_angles", "tol") else (
            "x", float("nan"), None, object()):  # (tol=None: the default, as for every tolerance)
        with pytest.raises((TypeError, ValueError), match="^Expected"):
            function(**{**good, parameter: bad})
