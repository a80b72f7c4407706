"""The solutions notebooks (docs/solutions/) are generated from quatlib/exercises.py, up to date, and show ✅;
every number a revealed solution states agrees with what its code computes (and so with its check).

nbval re-runs the notebooks themselves (``pytest docs/solutions``) and compares their saved outputs.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
from pathlib import Path

import nbformat
import numpy as np
import pytest

import quatlib as ql
from quatlib import course

ROOT = Path(__file__).resolve().parent.parent
WITH_EXERCISES = [nb for nb in course.NOTEBOOKS if nb.exercises]


def _tool():
    spec = importlib.util.spec_from_file_location("qc_tools_make_solutions", ROOT / "tools" / "make_solutions.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


make_solutions = _tool()


def test_regenerating_gives_the_committed_notebooks():
    assert make_solutions.stale() == [], "run PYTHONPATH=. python tools/make_solutions.py"


@pytest.mark.parametrize("nb", WITH_EXERCISES, ids=[nb.number for nb in WITH_EXERCISES])
def test_each_solutions_notebook_solves_every_exercise_of_its_notebook_with_a_tick(nb):
    saved = nbformat.read(make_solutions.path_for(nb), as_version=4)
    checks = {c.id.removeprefix("check-").replace("-", "."): c for c in saved.cells
              if c.get("id", "").startswith("check-")}
    assert list(checks) == list(nb.exercises)
    for key, cell in checks.items():
        shown = "".join(o.get("data", {}).get("text/plain", "") for o in cell.outputs)
        assert shown.startswith("✅ Correct"), f"{key}: {shown!r}"
    questions = [c.source for c in saved.cells if c.get("id", "").startswith("question-")]
    assert all(any(key in q and "stretch" in q for q in questions) for key in nb.stretch)


def test_the_solutions_live_away_from_the_learners_notebooks():
    assert not list((ROOT / "notebooks").rglob("*solution*"))
    assert all(path.parent == ROOT / "docs" / "solutions" for path in map(make_solutions.path_for, WITH_EXERCISES))


# --- what a revealed solution says must be what it computes -----------------------------------------------------
ASSIGNMENT = re.compile(r"^(\w+) = .*?\s#\s*(.+)$")


def _leading_value(comment: str):
    """The literal a comment starts with ("(0, 0, -1): …", "17 with …", "175°: …"), or None."""
    text = comment.strip()
    if text[:1] in "([":
        depth = np.cumsum([1 if char in "([" else -1 if char in ")]" else 0 for char in text])
        candidate = text[: int(np.argmax(depth == 0)) + 1]  # up to the bracket that closes the first one
    else:
        candidate = re.split(r"[\s:;,]", text, maxsplit=1)[0]
    try:
        return ast.literal_eval(candidate.replace("°", "")), candidate
    except (ValueError, SyntaxError):
        return None


def _flat(value) -> list:
    if isinstance(value, str):
        return [value]
    if isinstance(value, (list, tuple, np.ndarray)):
        return [x for item in value for x in _flat(item)]
    return [float(value)]


def _decimals(text: str) -> int:
    return max((len(m) for m in re.findall(r"\.(\d+)", text)), default=0)


STATED = [(key, line) for key, exercise in sorted(ql.exercises.EXERCISES.items())
          for line in exercise.solution_code.splitlines()
          if ASSIGNMENT.match(line) and _leading_value(ASSIGNMENT.match(line).group(2))]


def test_the_revealed_numbers_are_found():
    keys = {key for key, _ in STATED}
    assert {"04.1", "05.1", "05.2", "06.1", "07.1", "08.3"} <= keys, sorted(keys)


@pytest.mark.parametrize(("key", "line"), STATED, ids=[f"{k}:{line.split('=')[0].strip()}" for k, line in STATED])
def test_every_number_a_revealed_solution_states_is_what_it_computes(key, line):
    namespace = {"ql": ql, "np": np}
    exec(ql.exercises.solution(key, reveal=True), namespace)  # noqa: S102 - our own solution code
    name, comment = ASSIGNMENT.match(line).groups()
    stated, text = _leading_value(comment)
    computed, said = _flat(namespace[name]), _flat(stated)
    assert len(computed) == len(said), f"{key}: {name} is {namespace[name]!r}, the comment says {text}"
    tolerance = 0.5 * 10.0 ** -_decimals(text) + 1e-9
    for got, want in zip(computed, said, strict=True):
        if isinstance(want, str):
            assert got == want, f"{key}: {name} is {namespace[name]!r}, the comment says {text}"
        else:
            assert abs(got - want) <= tolerance, f"{key}: {name} is {namespace[name]!r}, the comment says {text}"
    assert ql.exercises.check(key, namespace["answer"]).ok
