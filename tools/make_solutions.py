"""Write the solutions notebooks (docs/solutions/NN_solutions.ipynb) from quatlib/exercises.py.

Usage::

    python tools/make_solutions.py            # write every solutions notebook and run it (outputs saved)
    python tools/make_solutions.py --check    # exit 1 (and say which) if a committed notebook's cells have drifted

One notebook per course notebook with exercises (the manifest, quatlib/course.py, says which keys).  For each
exercise: its question, its model solution as code (``ql.exercises.solution(key, reveal=True)``) and a cell that
runs the check, which answers ✅.  The notebooks live in docs/, away from notebooks/, so a learner does not open one
by accident; tests/test_solutions.py checks they are up to date and nbval re-runs their saved outputs.

Run it with ``PYTHONPATH`` set to the repository (or quatlib installed) after changing an exercise.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "solutions"
sys.path.insert(0, str(ROOT))

from quatlib import course, exercises  # noqa: E402 - after the path, so the repository's quatlib is used

KERNEL = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def path_for(nb: course.Notebook) -> Path:
    return OUT / f"{nb.number}_solutions.ipynb"


def _imports(nb: course.Notebook) -> str:
    """The first cell: quatlib, and numpy where a solution uses it (so the notebook is lint-clean)."""
    uses_numpy = any("np." in exercises.solution(key, reveal=True) for key in nb.exercises)
    return "import numpy as np\n\nimport quatlib as ql" if uses_numpy else "import quatlib as ql"


def solutions_notebook(nb: course.Notebook) -> nbformat.NotebookNode:
    """The solutions notebook of course notebook ``nb``, without outputs."""
    def markdown(cell_id, text):
        return nbformat.v4.new_markdown_cell(text, id=cell_id)

    def code(cell_id, text):
        return nbformat.v4.new_code_cell(text, id=cell_id)

    cells = [
        markdown("title", f"# Solutions · {nb.number} · {nb.title}\n\n"
                          f"For instructors, and for learners after an honest attempt at the exercises of "
                          f"[{nb.file}](../../notebooks/{nb.file}). Each exercise: its question, a model solution, "
                          "and the check it passes (✅). Other answers can be right too: the checks accept any "
                          "correct form.\n\n"
                          "Generated from `quatlib/exercises.py` by `python tools/make_solutions.py`; edit the "
                          "exercises there, not this file."),
        code("setup", _imports(nb)),
    ]
    for key in nb.exercises:
        label = f"## {key} · stretch" if key in nb.stretch else f"## {key}"
        tag = key.replace(".", "-")  # a cell id has no dots
        cells += [markdown(f"question-{tag}", f"{label}\n\n{exercises.question(key)}"),
                  code(f"solution-{tag}", exercises.solution(key, reveal=True)),
                  code(f"check-{tag}", f'ql.exercises.check("{key}", answer)')]
    notebook = nbformat.v4.new_notebook(cells=cells, metadata={"kernelspec": dict(KERNEL)})
    notebook.nbformat_minor = 5
    return notebook


def sources(notebook) -> list[tuple[str, str, str]]:
    """What a solutions notebook says, outputs aside: (id, type, source) of every cell."""
    return [(c.get("id", ""), c.cell_type, c.source) for c in notebook.cells]


def stale() -> list[Path]:
    """The committed solutions notebooks that are missing or whose cells differ from a fresh generation."""
    out = []
    for nb in course.NOTEBOOKS:
        if not nb.exercises:
            continue
        path = path_for(nb)
        if not path.exists() or sources(nbformat.read(path, as_version=4)) != sources(solutions_notebook(nb)):
            out.append(path)
    extra = {p for p in OUT.glob("*.ipynb")} - {path_for(nb) for nb in course.NOTEBOOKS if nb.exercises}
    return out + sorted(extra)


def write(execute: bool = True) -> list[Path]:
    """Write (and run, saving outputs) every solutions notebook; returns their paths."""
    OUT.mkdir(parents=True, exist_ok=True)
    written = []
    for nb in course.NOTEBOOKS:
        if not nb.exercises:
            continue
        notebook = solutions_notebook(nb)
        if execute:
            from nbclient import NotebookClient

            NotebookClient(notebook, timeout=600, kernel_name="python3", store_widget_state=False,
                           resources={"metadata": {"path": str(OUT)}}).execute()
            notebook.metadata.pop("language_info", None)  # the running Python's version: not the notebook's
        nbformat.write(notebook, path_for(nb))
        written.append(path_for(nb))
    return written


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a committed solutions notebook has drifted")
    parser.add_argument("--no-execute", action="store_true", help="write the cells without running them")
    args = parser.parse_args(argv)
    if args.check:
        drifted = stale()
        for path in drifted:
            print(f"{path.relative_to(ROOT)} is out of date: run python tools/make_solutions.py")
        if not drifted:
            print("docs/solutions/ is up to date")
        return 1 if drifted else 0
    for path in write(execute=not args.no_execute):
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
