"""The instructor guide's agendas add up and give every notebook at least the time its material needs.

docs/instructor.md, "Timing", has a half day and a full day: a heading that states the length and the clock
("### Half day: 3 h (0:00–3:00)") and a table of slots ``| start | notebook | what happens | exercises | min |``.
The minutes a notebook needs come from tools/agenda.py, which counts the notebooks (cells, words) and the manifest
(demos, exercises); its table of those figures in the guide must be up to date.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from quatlib import course

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "instructor.md"
PLANS = {"half": "### Half day", "full": "### Full day"}
HEADING = re.compile(r"^### (?:Half|Full) day: (?:(\d+) h)? ?(?:(\d+) min)? \((\d+:\d\d)–(\d+:\d\d)\)$", re.MULTILINE)
ROW = re.compile(r"^\| (\d+:\d\d) \| ([^|]+?) \| ([^|]+?) \| ([^|]+?) \| (\d+) \|$", re.MULTILINE)
NOT_TEACHING = {"break", "lunch", "buffer", "Q&A"}


def _agenda_tool():
    spec = importlib.util.spec_from_file_location("qc_tools_agenda", ROOT / "tools" / "agenda.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks the module up while the file runs
    spec.loader.exec_module(module)
    return module


agenda = _agenda_tool()
MATERIAL = {m.number: m for m in agenda.materials()}


def minutes(clock: str) -> int:
    hours, mins = clock.split(":")
    return int(hours) * 60 + int(mins)


@dataclass(frozen=True)
class Slot:
    start: int
    what: str  # a notebook number, or one of NOT_TEACHING
    tour: bool
    exercises: tuple[str, ...]
    length: int


def parse(plan: str) -> tuple[tuple[int, int, int], list[Slot]]:
    """((stated total, start, end) in minutes, the slots) of the plan's section of the guide."""
    section = GUIDE.read_text(encoding="utf-8").split(PLANS[plan], 1)[1]
    heading = PLANS[plan] + section.split("\n", 1)[0]
    section = section.split("\n### ", 1)[0].split("\n## ", 1)[0]
    found = HEADING.match(heading)
    assert found, f"heading {heading!r} does not state its length and clock like '### Half day: 3 h (0:00–3:00)'"
    hours, mins, start, end = found.groups()
    stated = int(hours or 0) * 60 + int(mins or 0)
    slots = []
    for clock, notebook, _what, exercises, length in ROW.findall(section):
        tour = notebook.endswith(" · tour")
        notebook = notebook.removesuffix(" · tour")
        assert notebook in MATERIAL or notebook in NOT_TEACHING, f"{plan}: unknown slot {notebook!r}"
        keys = () if exercises == "—" else tuple(exercises.split(", "))
        slots.append(Slot(minutes(clock), notebook, tour, keys, int(length)))
    assert len(slots) >= len(MATERIAL), f"{plan}: slots not found"
    return (stated, minutes(start), minutes(end)), slots


@pytest.mark.parametrize("plan", PLANS)
def test_the_slots_follow_each_other_and_add_up_to_the_stated_length(plan):
    (stated, start, end), slots = parse(plan)
    assert end - start == stated, f"{plan}: the heading says {stated} min but runs {end - start} min"
    assert slots[0].start == start
    for slot, following in zip(slots, slots[1:]):
        assert slot.start + slot.length == following.start, f"{plan}: a slot at {slot.start} min does not end " \
                                                             f"where the next starts"
    assert slots[-1].start + slots[-1].length == end
    assert sum(s.length for s in slots) == stated


@pytest.mark.parametrize("plan", PLANS)
def test_every_notebook_is_scheduled_once_in_order(plan):
    _, slots = parse(plan)
    assert [s.what for s in slots if s.what in MATERIAL] == [nb.number for nb in course.NOTEBOOKS]


@pytest.mark.parametrize("plan", PLANS)
def test_no_slot_is_shorter_than_its_material(plan):
    _, slots = parse(plan)
    for slot in slots:
        if slot.what in MATERIAL:
            need = agenda.estimate(MATERIAL[slot.what], plan, slot.exercises, tour=slot.tour)
            assert slot.length >= need, f"{plan}: {slot.what} gets {slot.length} min, its material needs {need:.1f}"


@pytest.mark.parametrize("plan", PLANS)
def test_scheduled_exercises_are_the_notebooks_own_and_not_stretch(plan):
    _, slots = parse(plan)
    for slot in slots:
        if slot.what in MATERIAL:
            assert set(slot.exercises) <= set(MATERIAL[slot.what].core), (plan, slot)
        else:
            assert not slot.exercises, (plan, slot)


def test_the_full_day_does_every_core_exercise():
    _, slots = parse("full")
    scheduled = [key for s in slots for key in s.exercises]
    assert scheduled == [key for nb in course.NOTEBOOKS for key in nb.core]


@pytest.mark.parametrize("plan", PLANS)
def test_the_plans_have_breaks_a_buffer_and_questions(plan):
    _, slots = parse(plan)
    kinds = [s.what for s in slots]
    assert "break" in kinds and "buffer" in kinds and "Q&A" in kinds, kinds
    if plan == "full":
        assert kinds.count("break") >= 2 and "lunch" in kinds
        longest_stretch = max(len(part.split()) for part in " ".join(
            "|" if k in {"break", "lunch"} else "x" for k in kinds).split("|"))
        assert longest_stretch <= 4, "the full day runs more than four slots without a break"


def test_stretch_exercises_exist_for_notebooks_02_to_07_and_are_marked_in_the_guide():
    guide = GUIDE.read_text(encoding="utf-8")
    for nb in course.NOTEBOOKS:
        if "02" <= nb.number <= "07":
            assert nb.stretch, f"{nb.number} has no stretch exercise"
    rows = re.findall(r"^\| (\d\d\.\d+) \|(.*)$", guide.split("## Exercises and solutions", 1)[1], re.MULTILINE)
    marked = {key for key, rest in rows if "**stretch**" in rest}
    assert marked == set(course.stretch_keys())


def test_the_material_table_is_up_to_date():
    text = GUIDE.read_text(encoding="utf-8")
    assert agenda.synced(text, list(MATERIAL.values())) == text, "run python tools/agenda.py"


def test_the_counts_are_the_notebooks():
    m = MATERIAL["00"]
    assert m.code_cells > 0 and m.words > 500 and m.demos == 1 and m.exercises == ("00.1",)
    assert agenda.estimate(m, "full", m.core) > agenda.estimate(m, "half", m.core) > agenda.estimate(m, "half",
                                                                                                      tour=True)


@pytest.mark.parametrize(("args", "message"), [
    (("quarter",), "plan must be"),
    (("half", ("04.1",)), "has the exercises"),
])
def test_estimate_rejects_what_it_cannot_size(args, message):
    with pytest.raises(ValueError, match=message):
        agenda.estimate(MATERIAL["00"], *args)


def test_a_tour_has_no_exercises():
    with pytest.raises(ValueError, match="tour"):
        agenda.estimate(MATERIAL["00"], "half", ("00.1",), tour=True)


def test_the_guide_states_the_rates_the_estimate_uses():
    text = " ".join(GUIDE.read_text(encoding="utf-8").split("**Where the minutes come from.**", 1)[1]
                    .split("<!-- agenda:material -->", 1)[0].split())
    welcome, belt = agenda.ACTIVITIES["00"][1], agenda.ACTIVITIES["07"][1]
    for phrase in (f"prose at {agenda.READING_WPM} words a minute", "about a third of the words",
                   "a code cell takes ¼ minute projected (½ minute",
                   f"a demo {agenda.DEMO_MINUTES['half']} minutes projected", f"({agenda.DEMO_MINUTES['full']} when",
                   f"an exercise on the spot {agenda.EXERCISE_MINUTES} minutes",
                   f"setup check {welcome['half']} minutes (half day) or {welcome['full']} (full day)",
                   f"the live belt trick {belt['half']}", f"the one idea ({agenda.TOUR_MINUTES} minutes)"):
        assert phrase in text, f"the guide does not say {phrase!r}"
    assert agenda.TOLD_FRACTION == 1 / 3 and agenda.CELL_MINUTES == {"half": 0.25, "full": 0.5}
    assert belt["half"] == belt["full"]


def test_each_notebooks_exercise_line_lists_its_core_and_stretch_exercises():
    guide = GUIDE.read_text(encoding="utf-8")
    for nb in course.NOTEBOOKS:
        line = re.search(rf"^- \*\*Exercises?:\*\* ({nb.number}\.\d.*)$", guide, re.MULTILINE).group(1)
        core, _, stretch = line.partition("; stretch: ")
        assert re.findall(r"\d\d\.\d+", core) == list(nb.core), line
        assert re.findall(r"\d\d\.\d+", stretch) == list(nb.stretch), line


def test_a_stretch_exercise_must_be_one_of_the_notebooks_exercises():
    with pytest.raises(ValueError, match="stretch exercises"):
        course.Notebook("09", "09_x.ipynb", "x", "x?", (), ("09.1",), ("09.2",))
    assert course.notebook("04").core + course.notebook("04").stretch == course.notebook("04").exercises
