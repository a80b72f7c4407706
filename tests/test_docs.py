"""The instructor guide (docs/instructor.md) stays true to the course it describes.

It must name every notebook (as a working link) and every exercise key, name only widget factories that exist
(each one shown in the notebook the guide pairs it with, and each literal call building a demo), name only
``ql.`` attributes that exist, run every Python snippet it shows, keep its timing tables consistent, and never
spell out an exercise's solution: solutions live in ``quatlib/exercises.py``, revealed by
``ql.exercises.solution(key, reveal=True)``.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import nbformat
import pytest

import quatlib as ql
from quatlib import course

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "instructor.md"
# The course's shape comes from its manifest (tests/test_course.py checks the manifest against the files).
NOTEBOOKS = [ROOT / "notebooks" / nb.file for nb in course.NOTEBOOKS]
FACTORIES = sorted(course.demo_names())

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
NOTEBOOK_LINK = re.compile(r"\(\.\./notebooks/(\d\d_\w+\.ipynb)\)")
WIDGET_NAME = re.compile(r"\bql\.widgets\.([A-Za-z_]\w*)")
WIDGET_CALL = re.compile(r"\bql\.widgets\.[A-Za-z_]\w*\([^()`]*\)")
QL_REFERENCE = re.compile(r"\bql\.([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)")
PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)


@pytest.fixture(scope="module")
def guide() -> str:
    return GUIDE.read_text(encoding="utf-8")


def notebook_code(path: Path) -> str:
    nb = nbformat.read(path, as_version=4)
    return "\n".join(cell.source for cell in nb.cells if cell.cell_type == "code")


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


# --- what the guide must cover ------------------------------------------------------------------------------------
@pytest.mark.parametrize("key", course.exercise_keys())
def test_guide_names_every_exercise(guide, key):
    assert re.search(rf"(?<![\d.]){re.escape(key)}(?![\d])", guide), f"docs/instructor.md never mentions {key}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_guide_links_every_notebook(guide, path):
    assert f"(../notebooks/{path.name})" in guide, f"docs/instructor.md has no link to notebooks/{path.name}"


def test_guide_covers_every_demo(guide):
    named = set(WIDGET_NAME.findall(guide))
    assert set(FACTORIES) <= named, f"demos the guide never mentions: {sorted(set(FACTORIES) - named)}"


def _table_rows(guide: str, section: str) -> list[list[str]]:
    """The body rows of the first table under the heading ``section``, as lists of cells."""
    text = guide.split(section, 1)[1].split("\n#", 1)[0]
    rows = [line for line in text.splitlines() if line.startswith("| ")]
    return [[cell.strip() for cell in row.strip("|").split(" | ")] for row in rows[1:] if not row.startswith("|---")]


def test_at_a_glance_rows_are_the_manifests_notebooks_demos_and_exercises(guide):
    rows = _table_rows(guide, "## At a glance")
    assert len(rows) == len(course.NOTEBOOKS)
    for nb, (notebook, _idea, demos, exercises) in zip(course.NOTEBOOKS, rows, strict=True):
        assert notebook == f"[{nb.file}](../notebooks/{nb.file})"
        assert tuple(WIDGET_NAME.findall(demos)) == nb.demo_names, f"{nb.number}: demos {demos}"
        assert tuple(exercises.split(", ")) == nb.exercises, f"{nb.number}: exercises {exercises}"


def test_exercise_table_pairs_each_key_with_its_notebook(guide):
    rows = _table_rows(guide, "## Exercises and solutions")
    assert [row[0] for row in rows] == list(course.exercise_keys())
    for key, notebook, *_ in rows:
        nb = course.notebook(key[:2])
        assert notebook == f"[{nb.number}](../notebooks/{nb.file})", key


def test_guide_names_the_misconceptions_from_the_issue(guide):
    section = guide.split("## Misconceptions", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith('| "')]
    assert len(rows) >= 5
    for needle in ("half angle", "`q v` rotates", "order", "another Euler order", "360°"):
        assert any(needle in row for row in rows), f"no misconception row about {needle!r}"
    for row in rows:
        assert WIDGET_NAME.search(row) and NOTEBOOK_LINK.search(row), f"row without a demo and its notebook: {row}"


# --- what the guide names must exist ------------------------------------------------------------------------------
def test_exercise_keys_the_guide_names_exist(guide):
    named = set(re.findall(r'"(\d\d\.\d+)"', guide)) | set(re.findall(r"^\| (\d\d\.\d+) \|", guide, re.MULTILINE))
    assert named, "no exercise keys found"
    assert named <= set(ql.exercises.EXERCISES), sorted(named - set(ql.exercises.EXERCISES))


def test_widget_factories_the_guide_names_exist(guide):
    for name in set(WIDGET_NAME.findall(guide)):
        assert name in FACTORIES, f"docs/instructor.md names ql.widgets.{name}, which quatlib.widgets does not export"


def test_widgets_are_in_the_notebooks_the_guide_pairs_them_with(guide):
    code = {path.name: notebook_code(path) for path in NOTEBOOKS}
    for line in guide.splitlines():
        names, notebooks = set(WIDGET_NAME.findall(line)), NOTEBOOK_LINK.findall(line)
        if not names:
            continue
        where = notebooks or list(code)
        for name in names:
            assert any(f"ql.widgets.{name}(" in code[nb] for nb in where), f"ql.widgets.{name} is not in {where}"


@pytest.mark.parametrize("call", sorted(set(WIDGET_CALL.findall(GUIDE.read_text(encoding="utf-8")))))
def test_widget_calls_in_the_guide_build_a_demo(call):
    demo = eval(call, {"ql": ql})  # noqa: S307 - a call written in our own guide
    assert isinstance(demo, ql.widgets.Demo)


def test_ql_references_resolve(guide):
    for dotted in set(QL_REFERENCE.findall(guide)):
        obj = ql
        for part in dotted.split("."):
            assert hasattr(obj, part), f"docs/instructor.md names ql.{dotted}, but {part!r} does not exist"
            obj = getattr(obj, part)


def test_relative_links_resolve(guide):
    anchors = {slug(h) for h in re.findall(r"^#+ (.+)$", guide, re.MULTILINE)}
    for target in LINK.findall(guide):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        if path:
            assert (GUIDE.parent / path).exists(), f"broken link {target}"
        elif anchor:
            assert anchor in anchors, f"broken anchor #{anchor}; headings give {sorted(anchors)}"


def test_make_targets_the_guide_names_exist(guide):
    targets = set(re.findall(r"^([A-Za-z][\w-]*)\s*:(?!=)", (ROOT / "Makefile").read_text(), re.MULTILINE))
    for target in set(re.findall(r"`make ([a-z][\w-]*)", guide)):
        assert target in targets, f"docs/instructor.md names `make {target}`, which the Makefile does not define"


# --- what the guide shows must work -------------------------------------------------------------------------------
@pytest.mark.parametrize("index", range(len(PYTHON_BLOCK.findall(GUIDE.read_text(encoding="utf-8")))))
def test_python_snippets_run(guide, index):
    code = PYTHON_BLOCK.findall(guide)[index]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, f"docs/instructor.md snippet {index}", "exec"), {})  # noqa: S102 - our own snippet
    assert out.getvalue().strip(), "a snippet should print what it shows"
    assert "❌" not in out.getvalue() and "⚠️" not in out.getvalue(), out.getvalue()


def test_timing_tables_add_up(guide):
    def minutes(clock: str) -> int:
        hours, mins = clock.split(":")
        return int(hours) * 60 + int(mins)

    for title, length in (("### Half day", 180), ("### Full day", None)):
        table = guide.split(title, 1)[1].split("\n#", 1)[0]
        rows = re.findall(r"^\| (\d+:\d\d) \|.*\((\d+) min\) \|$", table, re.MULTILINE)
        assert len(rows) >= 9, f"{title}: timing rows not found"
        for (start, duration), (following, _) in zip(rows, rows[1:]):
            assert minutes(start) + int(duration) == minutes(following), f"{title}: {start} + {duration} min"
        total = minutes(rows[-1][0]) + int(rows[-1][1]) - minutes(rows[0][0])
        if length:
            assert total == length, f"{title} lasts {total} min"
        plan = " ".join(re.findall(r"^\| [\d:]+ \| (\d\d|—) \|", table, re.MULTILINE))
        assert all(nb.number in plan for nb in course.NOTEBOOKS), f"{title} skips a notebook: {plan}"


# --- what the guide must not do -----------------------------------------------------------------------------------
@pytest.mark.parametrize("key", sorted(ql.exercises.EXERCISES))
def test_guide_does_not_spell_out_solutions(guide, key):
    code = ql.exercises.EXERCISES[key].solution_code
    assert code not in guide
    for line in code.splitlines():
        statement = line.split("#", 1)[0].strip()
        if statement.startswith("answer ="):
            assert statement not in guide, f"docs/instructor.md gives away {key}: {statement}"


def test_readme_links_the_guide_and_the_ci_badge():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/instructor.md)" in readme
    assert "actions/workflows/test.yml/badge.svg" in readme and "OWNER/REPO" in readme
