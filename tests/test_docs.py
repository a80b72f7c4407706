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
import numpy as np
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


# The agendas (### Half day, ### Full day) are checked by tests/test_agenda.py.


# --- the instructor kit: projector summaries and model answers ------------------------------------------------------
SUMMARIES = ROOT / "docs" / "summaries"
PROMPT = re.compile(r"\*([^*]+[?.])\*")


def prompts(guide: str) -> dict[str, list[str]]:
    """The discussion prompts of each notebook, from the guide's "Prompts:" lines (whitespace collapsed)."""
    section = guide.split("## Notebook by notebook", 1)[1].split("\n## ", 1)[0]
    out = {}
    for part in section.split("\n### ")[1:]:
        number = part[:2]
        line = re.search(r"^- \*\*Prompts:\*\* (.*?)(?=\n- \*\*|\n\n|\Z)", part, re.MULTILINE | re.DOTALL)
        out[number] = [" ".join(p.split()) for p in PROMPT.findall(line.group(1))] if line else []
    return out


def text_outputs(path: Path) -> str:
    nb = nbformat.read(path, as_version=4)
    texts = []
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            texts.append(output.get("text", "") or output.get("data", {}).get("text/plain", ""))
    return "\n".join(texts)


def test_every_notebook_has_prompts(guide):
    found = prompts(guide)
    assert list(found) == [nb.number for nb in course.NOTEBOOKS]
    assert all(len(p) >= 2 for p in found.values()), found


def test_every_prompt_has_a_model_answer(guide):
    section = guide.split("## Model answers to the prompts", 1)[1].split("\n## ", 1)[0]
    answers = {}
    for part in section.split("\n### ")[1:]:
        for item in re.split(r"\n- ", "\n" + part.split("\n", 1)[1]):
            item = " ".join(item.split())
            found = re.match(r"\*([^*]+[?.])\* (.+)", item)
            if found:
                answers[(part[:2], found.group(1))] = found.group(2)
    for number, asked in prompts(guide).items():
        for prompt in asked:
            answer = answers.get((number, prompt))
            assert answer, f"{number}: no model answer to {prompt!r}"
            assert len(answer.split()) >= 20, f"{number}: the model answer to {prompt!r} is too thin: {answer!r}"
    assert len(answers) == sum(map(len, prompts(guide).values())), "a model answer to a prompt the guide does not ask"


@pytest.mark.parametrize("nb", course.NOTEBOOKS, ids=[nb.number for nb in course.NOTEBOOKS])
def test_each_projector_summary_quotes_only_numbers_its_notebook_prints(guide, nb):
    page = (SUMMARIES / f"{nb.number}.md").read_text(encoding="utf-8")
    assert page.startswith(f"# {nb.number} · {nb.title}\n"), page.splitlines()[0]
    for part in ("**The one idea.**", "**Show.**", "**Numbers to quote**", "**Ask the room.**"):
        assert part in page, f"{nb.number}.md has no {part}"
    quoted = page.split("**Numbers to quote**", 1)[1].split("**Ask the room.**", 1)[0]
    numbers = [n for n in re.findall(r"`([^`]+)`", quoted) if re.search(r"\d", n)]
    assert len(numbers) >= 3, f"{nb.number}.md quotes {numbers}"
    printed = text_outputs(ROOT / "notebooks" / nb.file)
    for number in numbers:
        assert number in printed, f"{nb.number}.md quotes {number!r}, which {nb.file} never prints"
    calls = WIDGET_CALL.findall(page.split("**Show.**", 1)[1].split("**Numbers to quote**", 1)[0])
    assert calls, f"{nb.number}.md shows no demo call"
    code = notebook_code(ROOT / "notebooks" / nb.file)
    for call in calls:
        assert isinstance(eval(call, {"ql": ql}), ql.widgets.Demo)  # noqa: S307 - a call written in our own docs
        assert call.split("(", 1)[0] + "(" in code, f"{call} is not a demo of {nb.file}"
    asked = " ".join(page.split("**Ask the room.**", 1)[1].split())
    assert any(f"*{p}*" in asked for p in prompts(guide)[nb.number]), f"{nb.number}.md asks a prompt without an answer"


def test_the_summaries_index_links_every_page():
    index = (SUMMARIES / "README.md").read_text(encoding="utf-8")
    for nb in course.NOTEBOOKS:
        assert f"]({nb.number}.md)" in index


def test_the_belt_move_is_described_the_same_way_in_07_and_the_guide(guide):
    notebook = " ".join(c.source for c in nbformat.read(ROOT / "notebooks" / "07_belt_trick.ipynb", as_version=4).cells
                        if c.cell_type == "markdown").split()
    assert "down and under the middle of the" in " ".join(notebook)
    assert "down and under the middle of the strip" in " ".join(guide.split())


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


# --- the cheat sheet's formulas are quatlib's ----------------------------------------------------------------------
CHEATSHEET = ROOT / "docs" / "cheatsheet.md"


@pytest.fixture(scope="module")
def formulas() -> dict:
    blocks = PYTHON_BLOCK.findall(CHEATSHEET.read_text(encoding="utf-8"))
    assert len(blocks) == 1, "the cheat sheet has one block of conversion formulas"
    namespace: dict = {}
    exec(compile(blocks[0], "docs/cheatsheet.md", "exec"), namespace)  # noqa: S102 - our own formulas
    return namespace


def _random_rotations(n: int = 50):
    rng = np.random.default_rng(14)
    q = rng.normal(size=(n, 4))
    q /= np.linalg.norm(q, axis=1, keepdims=True)
    return q * np.sign(q[:, :1])  # w >= 0, as quatlib returns


def test_cheatsheet_axis_angle_formulas_are_quatlibs(formulas):
    for q in _random_rotations():
        axis, angle = formulas["axis_angle_from_quaternion"](*q)
        ql_axis, ql_angle = ql.axis_angle_from_quaternion(q)
        np.testing.assert_allclose(axis, ql_axis, atol=1e-12)
        assert angle == pytest.approx(ql_angle, abs=1e-12)
        np.testing.assert_allclose(formulas["quaternion_from_axis_angle"](axis, angle),
                                   ql.quaternion_from_axis_angle(ql_axis, ql_angle), atol=1e-12)


def test_cheatsheet_matrix_formulas_are_quatlibs(formulas):
    for q in _random_rotations():
        R = formulas["matrix_from_quaternion"](*q)
        np.testing.assert_allclose(R, ql.matrix_from_quaternion(q), atol=1e-12)
        if q[0] > 0.1:  # the simple formula's domain, as the sheet says
            np.testing.assert_allclose(formulas["quaternion_from_matrix"](R), ql.quaternion_from_matrix(R), atol=1e-9)


def test_cheatsheet_euler_formulas_are_quatlibs(formulas):
    rng = np.random.default_rng(8)
    angles = zip(rng.uniform(-np.pi, np.pi, 30), rng.uniform(-1.5, 1.5, 30), rng.uniform(-np.pi, np.pi, 30))
    for yaw, pitch, roll in angles:
        q = formulas["quaternion_from_euler"](yaw, pitch, roll)
        assert ql.angle_between(q, ql.quaternion_from_euler(yaw, pitch, roll)) < 1e-12
        R = ql.matrix_from_euler(yaw, pitch, roll)
        np.testing.assert_allclose(formulas["euler_from_matrix"](R), ql.euler_from_quaternion(q), atol=1e-9)


def test_cheatsheet_product_is_hamiltons_and_q_first(formulas):
    p, q = _random_rotations(2)
    np.testing.assert_allclose(formulas["multiply"](p, q), ql.multiply(p, q), atol=1e-15)
    v = np.array([0.3, -1.2, 2.0])
    both = ql.rotate_vector(ql.multiply(p, q), v)
    assert np.allclose(both, ql.rotate_vector(p, ql.rotate_vector(q, v)))  # q acts first


def test_cheatsheet_worked_example_and_table_formulas():
    text = CHEATSHEET.read_text(encoding="utf-8")
    q = ql.quaternion_from_axis_angle([0, 1, 0], 90, degrees=True)
    assert "`q = (0.7071, 0, 0.7071, 0)`" in text and np.allclose(q, [0.7071, 0, 0.7071, 0], atol=5e-5)
    assert "`R = [[0, 0, 1], [0, 1, 0], [-1, 0, 0]]`" in text
    assert np.allclose(ql.matrix_from_quaternion(q), [[0, 0, 1], [0, 1, 0], [-1, 0, 0]])
    assert np.allclose(ql.euler_from_quaternion(q, degrees=True), [90, 0, 0])
    # the key-formula table: the angle between two rotations, and SLERP
    assert "`2 · arctan2(‖vec(p* q)‖, abs(w(p* q)))`" in text
    p, r = _random_rotations(2)
    d = ql.multiply(ql.conjugate(p), r)
    assert 2 * np.arctan2(np.linalg.norm(d[1:]), abs(d[0])) == pytest.approx(ql.angle_between(p, r))
    assert "`slerp = sin((1 − t)Ω)/sin Ω · q0 + sin(tΩ)/sin Ω · q1`" in text
    omega, t = np.arccos(np.dot(p, r)), 0.3
    assert np.allclose(np.sin((1 - t) * omega) / np.sin(omega) * p + np.sin(t * omega) / np.sin(omega) * r,
                       ql.slerp(p, r, t))


def test_the_model_answers_quote_numbers_their_notebook_prints(guide):
    section = guide.split("## Model answers to the prompts", 1)[1].split("\n## ", 1)[0]
    for part in section.split("\n### ")[1:]:
        nb = course.notebook(part[:2])
        outputs = text_outputs(ROOT / "notebooks" / nb.file)
        printed = [float(x) for x in re.findall(r"-?\d+\.\d+(?:e[-+]?\d+)?", outputs)]
        for number in re.findall(r"(?<![\w.])\d+\.\d+", part):
            tolerance = 0.5 * 10.0 ** -len(number.split(".")[1]) + 1e-12
            assert any(abs(float(number) - x) <= tolerance for x in printed), \
                f"the model answers of {nb.number} quote {number}, which {nb.file} never prints"
