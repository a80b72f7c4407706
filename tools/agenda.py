"""How long each notebook takes in a room, counted from the notebooks themselves.

Usage::

    python tools/agenda.py           # print the estimates and rewrite the material table of docs/instructor.md
    python tools/agenda.py --check   # exit 1 (and say what) if that table is out of date

The instructor guide's agendas (docs/instructor.md, "Timing") give every notebook a slot; tests/test_agenda.py
checks that no slot is shorter than :func:`estimate` says for what the slot covers.  The estimate is a sum of
what a notebook contains (its markdown words and code cells, counted from the ``.ipynb``; its demos and exercises,
from the manifest quatlib/course.py) times a few rates, stated here once:

* prose: learners read at :data:`READING_WPM` words a minute (technical text with formulas); in the demo-led half
  day the instructor tells the story instead, in about :data:`TOLD_FRACTION` of the words at the same pace;
* a code cell: run it and look at what it prints, :data:`CELL_MINUTES`;
* a demo: project it, ask its prompt, move its controls (in the full day everyone also tries it),
  :data:`DEMO_MINUTES`;
* an exercise done on the spot, in pairs, with one round of hints: :data:`EXERCISE_MINUTES`;
* the activities that are not in any cell: :data:`ACTIVITIES` (the welcome and setup check, the belt trick);
* a *tour* (the half day's way to fit every notebook): only the demos and :data:`TOUR_MINUTES` for the one idea;
  the notebook's prose and cells are homework.

Stretch exercises (:attr:`quatlib.course.Notebook.stretch`) get no time of their own: fast learners do them
while the others finish.  Needs only the standard library (the manifest is loaded from its file).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "instructor.md"
PLANS = ("half", "full")

#: Words a minute, reading technical prose with formulas (learners in the full day; the instructor telling it).
READING_WPM = 130
#: The share of a notebook's words the instructor says aloud in the demo-led half day.
TOLD_FRACTION = 1 / 3
#: Minutes per code cell: run it and glance at the output (half day, projected) or read it (full day).
CELL_MINUTES = {"half": 0.25, "full": 0.5}
#: Minutes per demo: project and discuss it (half day); everyone also tries it on their own laptop (full day).
DEMO_MINUTES = {"half": 4, "full": 6}
#: Minutes per exercise done on the spot: in pairs, with one round of hints and a short debrief.
EXERCISE_MINUTES = 6
#: Minutes a tour slot spends on the one idea besides its demos.
TOUR_MINUTES = 3
#: What a notebook's slot holds besides its cells: (what, minutes by plan).
ACTIVITIES = {
    "00": ("welcome, and the setup check on every laptop", {"half": 10, "full": 20}),
    "07": ("the belt trick, live, in pairs", {"half": 10, "full": 10}),
}

WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")


def load_course():
    """quatlib/course.py as a module, imported from its file alone (no numpy needed)."""
    spec = importlib.util.spec_from_file_location("_quatlib_course_manifest_agenda", ROOT / "quatlib" / "course.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the file runs
    spec.loader.exec_module(module)
    return module


@dataclass(frozen=True)
class Material:
    """What one notebook contains: its manifest entry, and the cells and words counted from its file."""

    notebook: object  # a quatlib.course.Notebook (load_course: the manifest is read without numpy)
    code_cells: int
    markdown_cells: int
    words: int

    @property
    def number(self) -> str:
        return self.notebook.number

    @property
    def demos(self) -> int:
        return len(self.notebook.demos)

    @property
    def exercises(self) -> tuple[str, ...]:
        return self.notebook.exercises

    @property
    def stretch(self) -> tuple[str, ...]:
        return self.notebook.stretch

    @property
    def core(self) -> tuple[str, ...]:
        return self.notebook.core


def material(nb, notebooks: Path = ROOT / "notebooks") -> Material:
    """Count notebook ``nb`` (a :class:`quatlib.course.Notebook`)."""
    cells = json.loads((notebooks / nb.file).read_text(encoding="utf-8"))["cells"]
    prose = ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]
    return Material(nb, sum(c["cell_type"] == "code" for c in cells), len(prose),
                    sum(len(WORD.findall(text)) for text in prose))


def estimate(m: Material, plan: str, exercises=(), tour: bool = False) -> float:
    """Minutes notebook ``m`` needs in ``plan`` ("half" or "full") with ``exercises`` done on the spot.

    A ``tour`` shows only the demos and the one idea.  Raises ValueError for an unknown plan, an exercise of
    another notebook, or a tour with exercises.
    """
    if plan not in PLANS:
        raise ValueError(f"plan must be one of {PLANS}, got {plan!r}")
    if not set(exercises) <= set(m.exercises):
        raise ValueError(f"{m.number} has the exercises {m.exercises}, not {sorted(set(exercises) - set(m.exercises))}")
    if tour and exercises:
        raise ValueError("a tour shows the demos only; it has no exercises")
    if tour:
        return m.demos * DEMO_MINUTES[plan] + TOUR_MINUTES
    words = m.words * (TOLD_FRACTION if plan == "half" else 1) / READING_WPM
    extra = ACTIVITIES.get(m.number, ("", {"half": 0, "full": 0}))[1][plan]
    return (words + m.code_cells * CELL_MINUTES[plan] + m.demos * DEMO_MINUTES[plan]
            + len(exercises) * EXERCISE_MINUTES + extra)


def materials(course=None) -> list[Material]:
    course = course or load_course()
    return [material(nb) for nb in course.NOTEBOOKS]


def material_table(ms: list[Material]) -> str:
    """The guide's table of what each notebook holds and what that costs in each plan."""
    rows = ["| notebook | code cells | prose words | demos | exercises (stretch) | half day, told (tour) "
            "| full day, core exercises |", "|---|---|---|---|---|---|---|"]
    for m in ms:
        stretch = f" ({', '.join(m.stretch)})" if m.stretch else ""
        rows.append(f"| {m.number} | {m.code_cells} | {m.words:,} | {m.demos} | {len(m.exercises)}{stretch} "
                    f"| {math.ceil(estimate(m, 'half'))} min ({math.ceil(estimate(m, 'half', tour=True))} min) "
                    f"| {math.ceil(estimate(m, 'full', m.core))} min |")
    total_words = sum(m.words for m in ms)
    rows.append(f"| all | {sum(m.code_cells for m in ms)} | {total_words:,} | {sum(m.demos for m in ms)} "
                f"| {sum(len(m.exercises) for m in ms)} ({sum(len(m.stretch) for m in ms)} stretch) "
                f"| {sum(math.ceil(estimate(m, 'half')) for m in ms)} min "  # the rows as shown, summed
                f"| {sum(math.ceil(estimate(m, 'full', m.core)) for m in ms)} min |")
    return "\n".join(rows)


MARKERS = ("<!-- agenda:material -->", "<!-- /agenda:material -->")


def synced(text: str, ms: list[Material]) -> str:
    """``text`` (the guide) with its material table rewritten.  Raises ValueError if the markers are missing."""
    start, end = MARKERS
    pattern = re.compile(re.escape(start) + r"\n(?:.*?\n)?" + re.escape(end), re.DOTALL)
    if not pattern.search(text):
        raise ValueError(f"docs/instructor.md has no {start} … {end} block")
    return pattern.sub(lambda _: f"{start}\n{material_table(ms)}\n{end}", text, count=1)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if docs/instructor.md is out of date")
    args = parser.parse_args(argv)
    ms = materials()
    text = GUIDE.read_text(encoding="utf-8")
    new = synced(text, ms)
    if args.check:
        if new != text:
            print("docs/instructor.md: the material table is out of date; run python tools/agenda.py")
            return 1
        print("docs/instructor.md: the material table is up to date")
        return 0
    print(material_table(ms))
    if new != text:
        GUIDE.write_text(new, encoding="utf-8")
        print("rewrote the material table of docs/instructor.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
