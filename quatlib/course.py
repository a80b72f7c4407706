"""The shape of the course, said once: its notebooks, each one's demos and exercise keys.

Pure data (no numpy, no widgets).  Everything that lists the notebooks derives from
:data:`NOTEBOOKS`: the notebook table in README.md (``python tools/sync_course.py``
rewrites it), the table in ``help(quatlib.widgets)``, the checks of the
instructor guide (tests/test_docs.py), the tests that visit every notebook or
every demo (tests/test_offline.py, tests/test_demos.py) and the benchmarks
(benchmarks/bench_demos.py).  tests/test_course.py checks the manifest against
the files: every notebook exists, every demo is a factory of
:mod:`quatlib.widgets` and is called in its notebook, every exercise key is in
:mod:`quatlib.exercises` and checked in its notebook.

Adding a notebook means: an entry here, the notebook, its demo (a factory in
``quatlib/widgets/`` with its model in ``quatlib/models/``) and its tests.

Examples
--------
>>> from quatlib import course
>>> nb = course.notebook("01")
>>> nb.file, nb.demo_names, nb.exercises
('01_rotation_2d.ipynb', ('rotation_2d', 'complex_composition'), ('01.1', '01.2', '01.3', '01.4'))
>>> len(course.NOTEBOOKS), course.demo_names()[:3]
(9, ('hello_cube', 'rotation_2d', 'complex_composition'))
>>> course.notebook("04").core, course.notebook("04").stretch
(('04.1', '04.2', '04.3'), ('04.4',))
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DemoEntry", "Notebook", "NOTEBOOKS", "notebook", "demos", "demo_names", "exercise_keys", "stretch_keys"]


@dataclass(frozen=True)
class DemoEntry:
    """A demo of a notebook: the factory's name in :mod:`quatlib.widgets` and what it shows (one line).

    >>> notebook("00").demos[0]
    DemoEntry(name='hello_cube', shows='yaw/pitch/roll sliders turning a cube')
    """

    name: str
    shows: str


@dataclass(frozen=True)
class Notebook:
    """One notebook of the course.

    Attributes
    ----------
    number : str
        Two digits, ``"00"`` to ``"08"``: the order to work in and the file name's prefix.
    file : str
        The file in ``notebooks/``, e.g. ``"00_start_here.ipynb"``.
    title : str
        As in the notebook's first heading (after ``"00 · "``).
    question : str
        The question it answers, as README's table says it.
    demos : tuple of DemoEntry
        Its live demos, in the order the notebook shows them.
    exercises : tuple of str
        Its exercise keys (:data:`quatlib.exercises.EXERCISES`).
    stretch : tuple of str
        The keys among ``exercises`` meant for fast learners: harder or further, left out of the time the
        instructor guide's agendas give the room (tools/agenda.py), done while others finish the rest.

    Examples
    --------
    >>> nb = notebook("04")
    >>> nb.file, [d.name for d in nb.demos], nb.exercises
    ('04_sandwich.ipynb', ['sandwich'], ('04.1', '04.2', '04.3', '04.4'))
    """

    number: str
    file: str
    title: str
    question: str
    demos: tuple[DemoEntry, ...]
    exercises: tuple[str, ...]
    stretch: tuple[str, ...] = ()

    def __post_init__(self):
        if not set(self.stretch) <= set(self.exercises):
            raise ValueError(f"{self.number}: stretch exercises {self.stretch} must be among {self.exercises}")

    @property
    def core(self) -> tuple[str, ...]:
        """Its exercise keys without the stretch ones: what everyone does."""
        return tuple(key for key in self.exercises if key not in self.stretch)

    @property
    def stem(self) -> str:
        """The file name without ``.ipynb``: ``"00_start_here"``."""
        return self.file.removesuffix(".ipynb")

    @property
    def demo_names(self) -> tuple[str, ...]:
        """The names of its demo factories."""
        return tuple(d.name for d in self.demos)


NOTEBOOKS: tuple[Notebook, ...] = (
    Notebook(
        "00", "00_start_here.ipynb", "Start here",
        "How is the course laid out, what conventions does it use, does my setup work? (the \"hello cube\")",
        (DemoEntry("hello_cube", "yaw/pitch/roll sliders turning a cube"),),
        ("00.1",),
    ),
    Notebook(
        "01", "01_rotation_2d.ipynb", "Rotation in 2D: one angle, two languages",
        "Why is a 2D rotation one number, and why are the 2×2 matrix and `e^{iθ}` the same thing?",
        (DemoEntry("rotation_2d", "one angle, two languages: matrix and e^{iθ}"),
         DemoEntry("complex_composition", "e^{iα} e^{iβ} = e^{i(α+β)}, in either order")),
        ("01.1", "01.2", "01.3", "01.4"), ("01.4",),
    ),
    Notebook(
        "02", "02_euler_gimbal_lock.ipynb", "Euler angles and gimbal lock",
        "Why does order matter in 3D, what exactly is gimbal lock, and which representation should I use where?",
        (DemoEntry("order_matters", "90° about X then Y beside Y then X"),
         DemoEntry("gimbal", "three-ring gimbal; gimbal lock at pitch ±90°"),
         DemoEntry("euler_vs_quaternion", "the same nudges stored as Euler angles / quaternion")),
        ("02.1", "02.2"), ("02.2",),
    ),
    Notebook(
        "03", "03_two_reflections.ipynb", "A rotation is two reflections",
        "Why is every rotation two mirrors, and where does the half angle come from?",
        (DemoEntry("two_mirrors", "a rotation is two reflections: q = n₂ n₁"),),
        ("03.1", "03.2", "03.3"), ("03.3",),
    ),
    Notebook(
        "04", "04_sandwich.ipynb", "The sandwich `q v q⁻¹`",
        "How do I build and read a quaternion, and why `q v q⁻¹`?",
        (DemoEntry("sandwich", "q v q⁻¹ sweeping its cone; what q v alone does wrong"),),
        ("04.1", "04.2", "04.3", "04.4"), ("04.4",),
    ),
    Notebook(
        "05", "05_drift.ipynb", "Drift: why we normalize",
        "Why do rotations drift, and why does normalizing fix it?",
        (DemoEntry("drift", "a small turn frame after frame: |q| and R drift; normalize every N, worst error"),),
        ("05.1", "05.2"), ("05.2",),
    ),
    Notebook(
        "06", "06_slerp_vs_nlerp.ipynb", "SLERP vs NLERP (and LERP)",
        "How do I interpolate orientations, and when is the cheap way good enough?",
        (DemoEntry("slerp_vs_nlerp", "SLERP / NLERP / LERP between two orientations: angle, speed, path"),),
        ("06.1", "06.2"), ("06.2",),
    ),
    Notebook(
        "07", "07_belt_trick.ipynb", "The belt trick and the double cover",
        "Why can a 720° twist be undone without turning back, but a 360° twist cannot? "
        "(the belt trick, the double cover)",
        (DemoEntry("belt_trick", "the belt trick: a 720° twist can be undone, a 360° twist cannot"),),
        ("07.1", "07.2", "07.3"), ("07.3",),
    ),
    Notebook(
        "08", "08_field_guide.ipynb", "Field guide: practice and going further",
        "The classic bugs, the right blend for a turret and for a free body, a glossary, where to go next",
        (DemoEntry("turret", "a two-axis turret keyed in (yaw, pitch): SLERP vs the per-axis lerp"),),
        ("08.1", "08.2", "08.3"), ("08.3",),
    ),
)


def notebook(number: str) -> Notebook:
    """The notebook numbered ``number`` (``"04"``).

    Raises
    ------
    KeyError
        If the course has no such notebook.

    Examples
    --------
    >>> from quatlib import course
    >>> course.notebook("07").demo_names
    ('belt_trick',)
    """
    for nb in NOTEBOOKS:
        if nb.number == number:
            return nb
    raise KeyError(f"Expected a notebook number among {[nb.number for nb in NOTEBOOKS]}, got {number!r}")


def demos() -> tuple[tuple[DemoEntry, Notebook], ...]:
    """Every demo of the course with its notebook, in course order.

    >>> entry, notebook = demos()[0]
    >>> entry.name, notebook.file
    ('hello_cube', '00_start_here.ipynb')
    """
    return tuple((d, nb) for nb in NOTEBOOKS for d in nb.demos)


def demo_names() -> tuple[str, ...]:
    """The names of every demo factory, in course order.

    >>> demo_names()[:3]
    ('hello_cube', 'rotation_2d', 'complex_composition')
    """
    return tuple(d.name for d, _ in demos())


def exercise_keys() -> tuple[str, ...]:
    """Every exercise key, in course order.

    >>> exercise_keys()[:3]
    ('00.1', '01.1', '01.2')
    """
    return tuple(key for nb in NOTEBOOKS for key in nb.exercises)


def stretch_keys() -> tuple[str, ...]:
    """The exercise keys for fast learners (:attr:`Notebook.stretch`), in course order.

    >>> stretch_keys()[:2]
    ('01.4', '02.2')
    """
    return tuple(key for nb in NOTEBOOKS for key in nb.stretch)
