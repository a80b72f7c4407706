"""The public namespace: explicit, complete, documented, light to import."""

from __future__ import annotations

import ast
import importlib
import inspect
import subprocess
import sys

import pytest

import quatlib as ql

MODULES = ["_algebra", "_axis_angle", "_drift", "_euler", "_interp_motion", "_interpolate", "_matrix", "_plane",
           "_quaternion", "_reflect", "_rotate", "_table"]


def test_all_is_exactly_the_modules_public_names():
    union = set()
    for name in MODULES:
        union |= set(importlib.import_module(f"quatlib.{name}").__all__)
    assert set(ql.__all__) == union
    assert len(ql.__all__) == len(set(ql.__all__))


# _drift runs a float32 program one operation at a time on purpose (notebook 05's digits); the value class prints
# and hashes its numbers
FORMULA_MODULES = [name for name in MODULES if name not in ("_drift", "_quaternion")]


@pytest.mark.parametrize("name", FORMULA_MODULES)
def test_each_formula_is_written_once_in_numpy(name):
    """No second copy of a formula for a single input beside the numpy one (issue 9): the math modules never turn
    an array into Python floats (``tolist``) nor compute with the ``math`` module, the marks such a copy had."""
    tree = ast.parse(inspect.getsource(importlib.import_module(f"quatlib.{name}")))
    uses_math = [node.lineno for node in ast.walk(tree)
                 if isinstance(node, ast.Import) and any(alias.name == "math" for alias in node.names)]
    to_floats = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Attribute) and node.attr == "tolist"]
    assert not uses_math and not to_floats, f"quatlib/{name}.py: import math {uses_math}, tolist {to_floats}"


@pytest.mark.parametrize("name", sorted(n for n in ql.__all__ if callable(getattr(ql, n))))
def test_every_public_function_has_a_docstring_with_a_runnable_example(name):
    obj = getattr(ql, name)
    doc = inspect.getdoc(obj)
    assert doc, f"{name} has no docstring"
    assert ">>> " in doc, f"{name}'s docstring has no example"


def _public_functions_and_classes_of_submodules():
    """``(module, name)`` of every function and class in ``__all__`` of quatlib's public submodules (plot,
    widgets, the demo models, belt, ...): what a learner reaches with ``ql.plot.panels??`` or ``ql.plot.Arrow??``."""
    import pkgutil

    import quatlib.models

    names = ["quatlib.plot", "quatlib.widgets", "quatlib.belt", "quatlib.engines", "quatlib.exercises",
             "quatlib.workshop", "quatlib.course",
             *(f"quatlib.models.{m.name}" for m in pkgutil.iter_modules(quatlib.models.__path__))]
    return [(module, name) for module in names for name in importlib.import_module(module).__all__
            if inspect.isfunction(obj := getattr(importlib.import_module(module), name))
            or inspect.isclass(obj)]


@pytest.mark.parametrize("module, name", _public_functions_and_classes_of_submodules())
def test_every_public_function_and_class_of_a_submodule_has_a_runnable_example(module, name):
    doc = inspect.getdoc(getattr(importlib.import_module(module), name))
    assert doc and ">>> " in doc, f"{module}.{name}'s docstring has no example"


@pytest.mark.parametrize("name", ["IDENTITY", "I", "J", "K"])
def test_constants_are_read_only(name):
    with pytest.raises(ValueError, match="read-only"):
        getattr(ql, name)[0] = 5.0


def test_routine_list_in_package_docstring_names_every_public_function():
    for name in ql.__all__:
        assert name in ql.__doc__, f"{name} missing from quatlib's docstring"


def test_import_quatlib_does_not_import_matplotlib_or_ipywidgets():
    code = "import sys, quatlib; print(sorted(m for m in ('matplotlib', 'ipywidgets') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_submodules_load_on_first_use():
    code = ("import sys, quatlib\n"
            "lazy = ('exercises', 'widgets', 'plot', 'models', 'workshop')\n"
            "print([m for m in lazy if f'quatlib.{m}' in sys.modules])\n"
            "quatlib.exercises\n"
            "print('quatlib.exercises' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[:2] == ["[]", "True"], out  # none loaded by the import; exercises loaded by its first use
    assert ql.exercises.check("04.2", (-1, 0, 0)).ok
    with pytest.raises(AttributeError, match="no attribute 'nonexistent'"):
        ql.nonexistent  # noqa: B018
