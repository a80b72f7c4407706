"""quatlib/course.py, the course manifest, is true to the files it describes, and what derives from it is in sync."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

import quatlib as ql
from quatlib import course

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK_IDS = [nb.stem for nb in course.NOTEBOOKS]


def _sync_tool():
    spec = importlib.util.spec_from_file_location("qc_tools_sync_course", ROOT / "tools" / "sync_course.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _code_and_heading(nb: course.Notebook) -> tuple[str, str]:
    cells = nbformat.read(ROOT / "notebooks" / nb.file, as_version=4).cells
    code = "\n".join(c.source for c in cells if c.cell_type == "code")
    heading = next(c.source for c in cells if c.cell_type == "markdown").splitlines()[0]
    return code, heading


def test_the_manifest_lists_exactly_the_course_notebooks_in_order():
    on_disk = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert [nb.file for nb in course.NOTEBOOKS] == on_disk
    assert [nb.number for nb in course.NOTEBOOKS] == [f"{i:02d}" for i in range(len(course.NOTEBOOKS))]
    for nb in course.NOTEBOOKS:
        assert nb.file.startswith(nb.number + "_") and nb.file.endswith(".ipynb"), nb.file


@pytest.mark.parametrize("nb", course.NOTEBOOKS, ids=NOTEBOOK_IDS)
def test_each_notebook_has_its_title_demos_and_exercises(nb):
    code, heading = _code_and_heading(nb)
    assert heading == f"# {nb.number} · {nb.title}"
    assert nb.question and nb.demos, nb.number
    called = re.findall(r"\bql\.widgets\.(\w+)\(", code)
    assert set(called) - {"setup"} == set(nb.demo_names), f"{nb.file} calls {sorted(set(called))}"
    for name in nb.demo_names:
        assert isinstance(getattr(ql.widgets, name, None), type(ql.widgets.hello_cube)), name
    checked = re.findall(r"\bexercises\.check\(\s*\"(\d\d\.\d+)\"", code)
    assert set(checked) == set(nb.exercises), f"{nb.file} checks {sorted(set(checked))}"
    assert all(key.startswith(nb.number + ".") for key in nb.exercises)


def test_every_demo_factory_is_in_the_manifest_once():
    names = course.demo_names()
    assert len(names) == len(set(names))
    assert set(ql.widgets.__all__) - {"setup", "projector", "Demo"} == set(names)
    assert all(name in ql.widgets.__doc__ for name in names)  # the docstring table comes from the manifest


def test_every_exercise_is_in_the_manifest_once():
    keys = course.exercise_keys()
    assert len(keys) == len(set(keys))
    assert set(keys) == set(ql.exercises.EXERCISES)


def test_notebook_lookup_says_what_exists():
    assert course.notebook("05").file == "05_drift.ipynb"
    with pytest.raises(KeyError, match="Expected a notebook number among"):
        course.notebook("42")


def test_readme_tables_are_in_sync_with_the_manifest():
    tool = _sync_tool()
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert tool.synced(text, course) == text, "README.md is out of date: run `python tools/sync_course.py`"
    for nb in course.NOTEBOOKS:
        assert f"| `{nb.stem}` |" in text
    for name in course.demo_names():
        assert f"`ql.widgets.{name}()`" in text


def test_sync_tool_rewrites_only_between_its_markers():
    tool = _sync_tool()
    stale = "intro\n<!-- course:notebooks -->\n| old |\n<!-- /course:notebooks -->\nmiddle\n" \
            "<!-- course:demos -->\n<!-- /course:demos -->\nend\n"
    new = tool.synced(stale, course)
    assert new.startswith("intro\n<!-- course:notebooks -->\n| notebook | answers |") and new.endswith("\nend\n")
    assert "| old |" not in new and "\nmiddle\n" in new and tool.synced(new, course) == new
    with pytest.raises(ValueError, match="markers"):
        tool.synced("no markers here", course)


def test_the_manifest_needs_no_numpy():
    code = ("import sys; sys.path.insert(0, 'tools'); import sync_course; c = sync_course.load_course(); "
            "print(len(c.NOTEBOOKS), 'numpy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert out.split() == [str(len(course.NOTEBOOKS)), "False"]


def test_sync_tool_check_mode_passes_on_the_committed_readme():
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "sync_course.py"), "--check"], capture_output=True,
                       text=True, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr
