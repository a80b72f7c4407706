"""Self-checking exercises: immediate feedback, hints, and solutions kept out of the way.

A learner writes an answer and asks for a check.  A right answer gets ``✅ Correct:`` and why it is right; a
wrong one a hint, a malformed one a friendly note, an unanswered one (``...``) a reminder; never a traceback::

    >>> import quatlib as ql
    >>> ql.exercises.check("01.1", -1j)
    ❌ Not yet: -i = e^{-i·90°} turns clockwise. Which number sits a quarter turn counter-clockwise from 1?
    >>> ql.exercises.check("01.1", "i")
    ⚠️ I could not read 'i' as a complex number: write it like 0.5+0.5j (Python spells i as j).
    >>> ql.exercises.check("01.1", ...)
    ✏️ Not answered yet: replace the ... with your answer and run the cell again.
    >>> ql.exercises.check("1.1", -1j)
    ⚠️ There is no exercise '1.1'. Did you mean "01.1"?

Solutions are for after an honest attempt (and for instructors)::

    >>> print(ql.exercises.solution("01.1"))
    This prints the solution to 01.1. To see it, run print(ql.exercises.solution("01.1", reveal=True)).

No docstring, repr or example here shows an answer (``tests/test_exercises.py`` checks it), and every
exercise's own solution passes its own check.

A check never hangs: it runs under a wall-clock limit of :data:`TIME_LIMIT_SECONDS`. The limit is a ``SIGALRM``
timer (``signal.setitimer``) whose handler raises inside the running answer. That works in a Jupyter kernel on Linux
and macOS because ipykernel runs every cell in the kernel's main thread, the only thread that receives signals; it
interrupts a Python loop between two bytecodes, the same way the kernel's Interrupt button does with ``SIGINT``
(except, on Python 3.10 only, in a loop that jumps back onto a ``try`` and makes no call: CPython 3.10 defers
signals there, the Interrupt button's too). A separate process could also stop a long C call, but would need the
learner's function (often a lambda, not picklable) in that process, and forking a kernel that runs threads risks
deadlocks. Where there is no ``SIGALRM`` (Windows) or outside the main thread, the check runs without a limit. A
timer already set (e.g. by pytest-timeout) is restored afterwards.
"""

from __future__ import annotations

import functools
import itertools
import math
import os
import reprlib
import signal
import threading
import time
import warnings
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from . import _algebra, _axis_angle, _euler, _reflect, _rotate

__all__ = ["Feedback", "Exercise", "check", "solution", "question", "exercises_for", "EXERCISES",
           "TIME_LIMIT_SECONDS"]

#: Wall-clock limit on one check, the learner's own code included.  An exercise whose checker itself computes a
#: lot gets a multiple of it (:attr:`Exercise.time_factor`): 05.1 runs four 200,000-frame simulations for a first
#: answer, about 3 s on a quiet laptop and over 10 s on a busy one.
TIME_LIMIT_SECONDS = 10.0


@dataclass(frozen=True)
class Feedback:
    """The result of a check: truthy when correct; shows as one line of text.

    >>> import quatlib as ql
    >>> feedback = ql.exercises.check("04.2", (1, 0, 0))   # a wrong answer (no example here shows a right one)
    >>> feedback
    ❌ Not yet: that vector did not move. Only vectors along the axis z stay put under a 180° turn about z.
    >>> bool(feedback), feedback.ok
    (False, False)
    """

    ok: bool
    message: str

    def __bool__(self) -> bool:
        return self.ok

    def __repr__(self) -> str:
        return self.message


class _Malformed(Exception):
    """The answer could not be read (wrong type or shape): say so kindly."""


class _Wrong(Exception):
    """The answer was read but is not right: carries the hint."""


class _TimeUp(BaseException):
    """The check ran out of time.  A BaseException, so an ``except Exception`` in the learner's loop cannot
    swallow it."""


def _correct(text: str) -> Feedback:
    return Feedback(True, f"✅ Correct: {text}")


_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 60
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxset = _SHORT.maxdict = 8


def _shown(answer) -> str:
    """``repr(answer)`` cut to a line: a message about a 10⁶-element answer stays short."""
    return _SHORT.repr(answer)


def _clipped(text: str, limit: int = 200) -> str:
    text = str(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _with_time_limit(function: Callable[[], Any], seconds: float):
    """``function()``, or raise _TimeUp once ``seconds`` of wall-clock time have passed (module docstring)."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        return function()

    def time_up(signum, frame):
        raise _TimeUp

    started, previous_delay, previous_interval = time.monotonic(), 0.0, 0.0
    previous_handler = signal.signal(signal.SIGALRM, time_up)
    try:
        previous_delay, previous_interval = signal.setitimer(signal.ITIMER_REAL, seconds)  # fires once
        try:
            return function()
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    finally:
        signal.signal(signal.SIGALRM, previous_handler)
        if previous_delay > 0:  # someone else's timer: give it back what is left of it
            left = previous_delay - (time.monotonic() - started)
            signal.setitimer(signal.ITIMER_REAL, max(left, 1e-3), previous_interval)


@dataclass(frozen=True)
class Exercise:
    """One exercise: a question, a checker, and a solution (code plus the answer it gives).

    Its repr shows the key and the question only, so displaying an exercise spoils nothing.  A check may take
    ``time_factor`` × :data:`TIME_LIMIT_SECONDS`.

    >>> import quatlib as ql
    >>> ql.exercises.EXERCISES["04.2"]
    Exercise 04.2: Where does a 180° turn about Z send (1, 0, 0)?
    """

    key: str
    question: str
    checker: Callable[[Any], Feedback]
    solution_code: str
    solution_answer: Callable[[], Any]
    time_factor: float = 1.0

    def __repr__(self) -> str:
        return f"Exercise {self.key}: {self.question}"

    def check(self, answer) -> Feedback:
        """The :class:`Feedback` on ``answer``: ``...`` (not answered yet) gets a nudge, a checker that runs out of
        time or raises gets a short message instead of a traceback.

        >>> import quatlib as ql
        >>> exercise = ql.exercises.EXERCISES["04.2"]
        >>> exercise.check(...)   # not answered yet
        ✏️ Not answered yet: replace the ... with your answer and run the cell again.
        >>> exercise.check((1, 0, 0)).ok
        False
        """
        if answer is Ellipsis:
            if _presented():
                return Feedback(False, f"✏️ Exercise {self.key}, for everyone: {self.question} Answer it in your own "
                                       "copy of the notebook (this presenter view hides the code cells).")
            return Feedback(False, "✏️ Not answered yet: replace the ... with your answer and run the cell again.")
        limit = TIME_LIMIT_SECONDS * self.time_factor
        try:
            return _with_time_limit(lambda: self.checker(answer), limit)
        except _Malformed as exc:
            return Feedback(False, f"⚠️ {exc}")
        except _Wrong as exc:
            return Feedback(False, f"❌ Not yet: {exc}")
        except _TimeUp:
            return Feedback(False, f"⚠️ Checking your answer took longer than {limit:g} s, so I "
                                   "stopped it. Does your code loop forever?")
        except Exception as exc:  # noqa: BLE001 - a checker must turn any answer into feedback, not a traceback
            return Feedback(False, f"⚠️ I could not check {_shown(answer)}: {type(exc).__name__}: "
                                   f"{_clipped(exc)}")


#: ``make present`` sets this to "1" for its kernels: the page shows outputs only, no code cells
#: (tools/present.py), so an unanswered exercise shows its question instead of "replace the ...".
PRESENTER_ENV = "QUATLIB_PRESENTER"


def _presented() -> bool:
    """True in ``make present``'s app view, where the room sees outputs but no code."""
    return os.environ.get(PRESENTER_ENV) == "1"


EXERCISES: dict[str, Exercise] = {}


def _exercise(key: str, question: str, solution_code: str, solution_answer: Callable[[], Any],
              time_factor: float = 1.0):
    """Register the decorated checker as exercise ``key``."""

    def register(checker):
        EXERCISES[key] = Exercise(key, question, checker, solution_code.strip(), solution_answer, time_factor)
        return checker

    return register


# --- reading answers -------------------------------------------------------------------------


#: How far an answer may be from the exact one and still count: a value copied from a printout (quatlib's notebooks
#: print 4 decimals, ``ql.fmt`` too) or typed to 3 decimals is right, not "❌ Not yet" with a hint about a mistake
#: that was not made.  Applied to coordinates and lengths, and as radians to angles between rotations; every wrong
#: answer a checker knows is at least 100 times farther off.
_TYPED = 2e-3


def _count(n: int) -> str:
    return "1 number" if n == 1 else f"{n} numbers"


def _refuse_none_and_truth_values(answer, expected: str) -> None:
    """Raise _Malformed for None or True/False in ``answer`` (numpy would read them as NaN and 1); ``expected``
    says what was wanted, e.g. "3 numbers like (1, 0, 0)"."""
    if answer is None:
        raise _Malformed("Your answer is None. Did you assign the result (answer = ...), and does your function end "
                         f"with return? Expected {expected}.")
    try:
        entries = np.asarray(answer, dtype=object).reshape(-1)
    except (TypeError, ValueError):
        entries = np.array([], dtype=object)
    if any(e is None for e in entries):
        raise _Malformed(f"Your answer has an empty entry (None): {_shown(answer)}. Expected {expected}.")
    if any(isinstance(e, (bool, np.bool_)) for e in entries):
        what = f"is {answer}, a truth value" if isinstance(answer, (bool, np.bool_)) else \
            f"{_shown(answer)} holds True or False"
        raise _Malformed(f"Your answer {what}, not a number. Expected {expected}.")


def _numbers(answer, n: int, example: str) -> np.ndarray:
    """Read ``answer`` as n finite real numbers, or raise _Malformed with an example."""
    _refuse_none_and_truth_values(answer, f"{_count(n)} like {example}")
    try:
        with warnings.catch_warnings(record=True) as caught:  # numpy warns when it turns np.ma.masked into NaN
            warnings.simplefilter("always")
            a = np.asarray(answer, dtype=float).reshape(-1)
    except (TypeError, ValueError, OverflowError):
        raise _Malformed(f"I could not read {_shown(answer)} as {_count(n)}: write it like {example}.") from None
    if a.size != n:
        raise _Malformed(f"I expected {_count(n)} like {example}, got {a.size}.")
    if _is_masked(answer) or any("masked" in str(w.message) for w in caught):
        raise _Malformed(f"Your answer has masked (missing) entries: {_shown(answer)}. Expected {_count(n)}.")
    if not np.all(np.isfinite(a)):
        raise _Malformed(f"Your answer contains NaN or inf: {_shown(answer)}. Expected {_count(n)}, all finite.")
    return a


def _is_masked(answer) -> bool:
    """A numpy masked array with a masked entry (``np.asarray`` would silently read the hidden data)."""
    return np.ma.isMaskedArray(answer) and bool(np.ma.getmaskarray(answer).any())


def _complex(answer) -> complex:
    if _is_masked(answer):
        raise _Malformed(f"Your answer is masked (missing): {_shown(answer)}. Expected a complex number.")
    _refuse_none_and_truth_values(answer, "a complex number like 0.5+0.5j")
    if isinstance(answer, (list, tuple, np.ndarray)) and np.size(answer) == 1:  # [1j] or np.array([1j])
        answer = np.asarray(answer).reshape(-1)[0]
    try:
        z = complex(answer)
    except (TypeError, ValueError, OverflowError):
        raise _Malformed(
            f"I could not read {_shown(answer)} as a complex number: write it like 0.5+0.5j (Python spells i as j)."
        ) from None
    if not (math.isfinite(z.real) and math.isfinite(z.imag)):
        raise _Malformed(f"Your answer {_shown(answer)} is not finite.")
    return z


def _close(a, b, tol: float = _TYPED) -> bool:
    return bool(np.allclose(a, b, atol=tol, rtol=0))


def _fmt(v) -> str:
    return "(" + ", ".join(f"{x:.4g}" for x in np.asarray(v, dtype=float).reshape(-1)) + ")"


# --- 00: start here ------------------------------------------------------------------------


@_exercise(
    "00.1",
    "In this course, which axis points up? Answer with its direction, like (1, 0, 0).",
    "answer = (0, 1, 0)   # y is up; x points right and z toward you",
    lambda: (0.0, 1.0, 0.0),
)
def _check_00_1(answer):
    v = _numbers(answer, 3, "(1, 0, 0)")
    if _close(v, [0, 1, 0]):
        return _correct("y is up (green); x points right (red) and z toward you (blue).")
    length = float(np.linalg.norm(v))
    if length == 0:
        raise _Wrong("(0, 0, 0) has no direction. Which coloured arrow of the hello cube points up?")
    u = v / length  # the direction, whatever the length
    if _close(u, [0, 1, 0]):
        raise _Wrong(f"{_fmt(v)} points the right way but is {length:.4g} long. Write the direction with "
                     "length 1, as in the example (1, 0, 0).")
    if _close(u, [0, -1, 0]):
        raise _Wrong("that direction points down, not up.")
    if _close(u, [0, 0, 1]):
        raise _Wrong("z up is common in robotics and CAD, but this course follows another habit, shared by many game "
                     "engines. Which coloured arrow of the hello cube points up?")
    if _close(u, [0, 0, -1]):
        raise _Wrong("that is along z (blue), which points toward you: -z points away. Which coloured arrow of the "
                     "hello cube points up?")
    if _close(np.abs(u), [1, 0, 0]):
        raise _Wrong("x is the axis that points right (red). Which coloured arrow of the hello cube points up?")
    raise _Wrong(f"{_fmt(v)} is not one of the three axes. Up is one of x (red), y (green), z (blue): "
                 "look at the hello cube's arrows.")


# --- 01: rotation in 2D ----------------------------------------------------------------------


@_exercise(
    "01.1",
    "Which complex number z turns every point of the plane by +90° when you multiply by it?",
    "answer = 1j   # e^{i·90°} = cos 90° + i sin 90° = i",
    lambda: 1j,
)
def _check_01_1(answer):
    z = _complex(answer)
    if abs(abs(z) - 1) > _TYPED:
        raise _Wrong(f"|z| = {abs(z):.4g}, so multiplying by it also scales. A pure turn has |z| = 1.")
    angle = math.degrees(math.atan2(z.imag, z.real))
    if abs(angle - 90) < math.degrees(_TYPED):
        return _correct("multiplying by i = e^{i·90°} turns every point a quarter turn counter-clockwise.")
    if abs(angle + 90) < math.degrees(_TYPED):
        raise _Wrong("-i = e^{-i·90°} turns clockwise. Which number sits a quarter turn counter-clockwise from 1?")
    raise _Wrong(f"that number turns by {angle:.4g}°. Which unit complex number has angle 90°?")


@_exercise(
    "01.2",
    "Rotate the point (1, 0) by 30° and then by 60°, once with 2×2 matrices and once with unit complex "
    "numbers. Answer with a pair: (point_from_matrices, complex_number).",
    """
p = ql.rotate_2d(ql.rotate_2d([1, 0], 30, degrees=True), 60, degrees=True)
z = 1 * ql.complex_from_angle(30, degrees=True) * ql.complex_from_angle(60, degrees=True)
answer = (p, z)   # both are (0, 1): 30° then 60° is 90°
""",
    lambda: ((0.0, 1.0), 1j),
)
def _check_01_2(answer):
    try:
        point, z = answer
    except (TypeError, ValueError):
        raise _Malformed("Answer with a pair: (point_from_matrices, complex_number), "
                         "e.g. ((0.5, 0.5), 0.5+0.5j).") from None
    p = _numbers(point, 2, "(0.5, 0.5)")
    z = _complex(z)
    if not _close(p, [0, 1]):
        raise _Wrong(f"the matrix route gave {_fmt(p)}. "
                     "Turning by 30° then 60° is one turn by 90°: where does (1, 0) go?")
    if not _close([z.real, z.imag], [0, 1]):
        raise _Wrong(f"the complex route gave {z:.4g}. Multiply 1 by e^{{i·30°}} and then by e^{{i·60°}}.")
    return _correct("both languages land on (0, 1) = i: 30° then 60° is 90°, and the angles simply add.")


# 01.3 and 01.4 (issue 10): a number that also scales; two reflections of the plane


@_exercise(
    "01.3",
    "Give a complex number w such that multiplying any point by w turns it 45° counter-clockwise about 0 and "
    "doubles its distance from 0.",
    """
w = 2 * ql.complex_from_angle(45, degrees=True)   # |w| = 2 scales, the angle 45° turns
answer = w                                         # any form with |w| = 2 and angle 45° is right
""",
    lambda: 2 * complex(math.cos(math.pi / 4), math.sin(math.pi / 4)),
)
def _check_01_3(answer):
    w = _complex(answer)
    length = abs(w)
    if length < 1e-9:
        raise _Wrong("multiplying by 0 sends every point to 0. Lengths multiply by |w|: which |w| doubles them?")
    angle = math.degrees(math.atan2(w.imag, w.real))
    if abs(angle - 45) > math.degrees(_TYPED):
        raise _Wrong(f"multiplying by w turns by the angle of w, here {angle:.4g}°. Which angle turns by 45°?")
    if abs(length - 2) > 2 * _TYPED:
        extra = " (did you square it? lengths multiply by |w| itself)" if abs(length - 4) < 4 * _TYPED else ""
        raise _Wrong(f"the angle is right, but |w| = {length:.4g}, so lengths are multiplied by {length:.4g}, "
                     f"not 2{extra}.")
    return _correct(f"|w| = 2 and w's angle is 45°: lengths multiply (|w z| = 2|z|) and angles add. "
                    f"w = {w.real:.4f}{w.imag:+.4f}i.")


@_exercise(
    "01.4",
    "Predict, then run: mirror 1 is the line through 0 at 20°, mirror 2 the line at 65°. A point is reflected "
    "in mirror 1 and then in mirror 2. By how many degrees, counter-clockwise, has it turned? Answer with your "
    "prediction in degrees, then test it with ql.reflect_complex.",
    """
z = ql.reflect_complex(ql.reflect_complex(1, 20, degrees=True), 65, degrees=True)
angle = np.degrees(np.angle(z))    # 90°: where 1 went
answer = 2 * (65 - 20)             # twice the angle between the mirrors, from mirror 1 toward mirror 2
""",
    lambda: 90.0,
)
def _check_01_4(answer):
    (angle,) = _numbers(answer, 1, "30")
    turn = (angle + 180) % 360 - 180  # the same turn, written between -180° and 180°
    if abs(turn - 90) < 1e-4:
        return _correct("the mirrors are 45° apart and the turn is twice that, 90°, from mirror 1 toward "
                        "mirror 2. A point at α goes to 40° − α, then to 130° − (40° − α) = α + 90°.")
    if abs(turn - 45) < 1e-4:
        raise _Wrong("45° is the angle between the mirrors, not the turn. Follow a point at angle α: where does "
                     "mirror 1 (the line at 20°) send it, and where does mirror 2 (at 65°) send that?")
    if abs(turn + 90) < 1e-4:
        raise _Wrong("the size is right but the sense is not. A point meets mirror 1 first: is mirror 2 "
                     "counter-clockwise or clockwise from it?")
    raise _Wrong(f"a turn by {angle:.4g}° is not what the mirrors do. Only the angle between them counts: "
                 "follow a point at angle α through both reflections (mirror 1 sends it to 2·20° − α).")


# --- 02: Euler angles and gimbal lock --------------------------------------------------------


@_exercise(
    "02.1",
    "At pitch = 90°, the orientation (yaw, pitch, roll) = (20°, 90°, 10°) can be written with other "
    "angles. Find another (yaw, roll) pair, in degrees, with pitch still 90°, that gives exactly the same "
    "orientation.",
    """
answer = (30, 20)   # at pitch 90° only yaw - roll matters: 30 - 20 = 20 - 10
""",
    lambda: (30.0, 20.0),
)
def _check_02_1(answer):
    yaw, roll = _numbers(answer, 2, "(45, 35)")
    target = _euler.matrix_from_euler(20, 90, 10, degrees=True)
    mine = _euler.matrix_from_euler(yaw, 90, roll, degrees=True)
    if _close(mine, target):
        if abs((yaw - 20 + 180) % 360 - 180) < _TYPED and abs((roll - 10 + 180) % 360 - 180) < _TYPED:
            raise _Wrong("that is the pair you were given. Find a different one.")
        return _correct(
            f"yaw - roll = {yaw - roll:g}° as for (20, 10): at pitch 90° yaw and roll turn about the same axis."
        )
    if _close(_euler.matrix_from_euler(yaw, 90, -roll, degrees=True), target):
        raise _Wrong("close: the sign of roll is off. At pitch 90° yaw and roll turn about one line: does their sum "
                     "or their difference fix the orientation?")
    raise _Wrong(
        f"yaw - roll = {yaw - roll:g}°: a different orientation. At pitch 90° yaw and roll turn about one line, "
        "so one combination of the two fixes the orientation. Compare it for (20, 10) and for your pair."
    )


def _rx90_ry90():
    """``Rx(90°) · Ry(90°)`` (90° about y first, then about x) as a quaternion."""
    return _algebra.multiply(_axis_angle.quaternion_from_axis_angle([1, 0, 0], 90, degrees=True),
                             _axis_angle.quaternion_from_axis_angle([0, 1, 0], 90, degrees=True))


@_exercise(
    "02.2",
    "Predict, then run: turning 90° about y first and then 90° about x, Rx(90°) · Ry(90°), is a single turn "
    "(Euler's theorem). Answer with (axis, angle_in_degrees); any length of axis is accepted.",
    """
q = ql.multiply(ql.quaternion_from_axis_angle([1, 0, 0], 90, degrees=True),   # second: about x
                ql.quaternion_from_axis_angle([0, 1, 0], 90, degrees=True))   # first: about y
axis, angle = ql.axis_angle_from_quaternion(q)
answer = (axis, np.degrees(angle))   # ((0.577, 0.577, 0.577), 120): 120° about (1, 1, 1)/√3
""",
    lambda: ((1.0, 1.0, 1.0), 120.0),
)
def _check_02_2(answer):
    try:
        axis, angle = answer
    except (TypeError, ValueError):
        raise _Malformed("Answer with a pair (axis, angle): ((x, y, z), degrees).") from None
    axis = _numbers(axis, 3, "(1, 0, 0)")
    (angle,) = _numbers(angle, 1, "90")
    if np.linalg.norm(axis) == 0:
        raise _Malformed("An axis cannot be (0, 0, 0): it has no direction.")
    mine = _axis_angle.quaternion_from_axis_angle(axis, angle, degrees=True)
    if _rotate.angle_between(mine, _rx90_ry90()) < _TYPED:
        return _correct("120° about (1, 1, 1)/√3: the same angle as Ry(90°)·Rx(90°), about a different diagonal.")
    other = _algebra.multiply(_axis_angle.quaternion_from_axis_angle([0, 1, 0], 90, degrees=True),
                              _axis_angle.quaternion_from_axis_angle([1, 0, 0], 90, degrees=True))
    if _rotate.angle_between(mine, other) < _TYPED:
        raise _Wrong("that is Ry(90°)·Rx(90°), x first. Here y comes first: the order changes the axis.")
    right_size = math.isclose(abs(angle) % 360, 120, abs_tol=1e-4) or math.isclose(abs(angle) % 360, 240, abs_tol=1e-4)
    if right_size and _rotate.angle_between(mine, _algebra.conjugate(_rx90_ry90())) < _TYPED:  # the inverse turn
        raise _Wrong("your axis lies on the right line, but your turn about it goes the other way round. Reverse the "
                     "axis or the sign of the angle (right-hand rule: thumb along the axis, fingers curl the way it "
                     "turns).")
    if right_size:
        raise _Wrong("the angle is right; the axis is not. The axis is the line the product leaves where it was: "
                     "try R @ axis for your guess.")
    raise _Wrong(f"a turn of {angle:g}° is not it. Compute the product and read its angle with "
                 "ql.axis_angle_from_quaternion.")


# --- 03: two reflections ---------------------------------------------------------------------


#: How far (radians: 0.25°) 03.1's turn may be from 90° about y: normals copied from the demo's readout, to three
#: decimals, turn within 0.11° of it at every "turn both" (tests/test_exercises.py).
_MIRROR_TOL = math.radians(0.25)


@_exercise(
    "03.1",
    "Give two mirror normals (n1, n2) so that reflecting in mirror 1 and then in mirror 2 turns space by "
    "+90° about the y axis.",
    """
n1 = (1, 0, 0)     # mirror 1: the y-z plane (normal x)
n2 = (1, 0, -1)    # mirror 2: also contains y, 45° from mirror 1 (a normal need not be unit)
answer = (n1, n2)  # q = n2 n1 = -(cos 45° + sin 45° j): 90° about y (q and -q are the same turn)
""",
    lambda: ((1.0, 0.0, 0.0), (1.0, 0.0, -1.0)),
)
def _check_03_1(answer):
    try:
        n1, n2 = answer
    except (TypeError, ValueError):
        raise _Malformed("Answer with a pair of normals: ((x1, y1, z1), (x2, y2, z2)).") from None
    n1 = _numbers(n1, 3, "(1, 0, 0)")
    n2 = _numbers(n2, 3, "(0.7071, 0, 0.7071)")
    if np.linalg.norm(n1) == 0 or np.linalg.norm(n2) == 0:
        raise _Malformed("A mirror normal cannot be (0, 0, 0): it has no direction.")
    q = _reflect.quaternion_from_mirrors(n1, n2)
    target = _axis_angle.quaternion_from_axis_angle([0, 1, 0], 90, degrees=True)
    if _rotate.angle_between(q, target) < _MIRROR_TOL:
        return _correct("the mirrors meet along y at 45°, so the turn is 2 × 45° = 90° about y.")
    if abs(n1[1]) > _MIRROR_TOL * np.linalg.norm(n1) or abs(n2[1]) > _MIRROR_TOL * np.linalg.norm(n2):
        raise _Wrong("the axis is where the mirrors meet, so both mirrors must contain the y axis. What does that say "
                     "about each normal?")
    back = _axis_angle.quaternion_from_axis_angle([0, 1, 0], -90, degrees=True)
    if _rotate.angle_between(q, back) < _MIRROR_TOL:
        raise _Wrong("that is -90° about y: the right size, the other way. The order of the reflections sets the "
                     "direction.")
    angle = float(_rotate.angle_between(_algebra.IDENTITY, q, degrees=True))
    raise _Wrong(f"these mirrors turn by {angle:.4g}°. How is the turn related to the angle between the mirrors?")


# 03.2 and 03.3 (issue 10): which way two mirrors turn; k as a mirror and as a half turn


def _axis_and_angle(answer) -> tuple[np.ndarray, float]:
    try:
        axis, angle = answer
    except (TypeError, ValueError):
        raise _Malformed("Answer with a pair (axis, angle_in_degrees), e.g. ((1, 0, 0), 30).") from None
    axis = _numbers(axis, 3, "(1, 0, 0)")
    (angle,) = _numbers(angle, 1, "30")
    if not np.linalg.norm(axis) > 0:
        raise _Malformed("An axis cannot be (0, 0, 0): it has no direction.")
    return axis, float(angle)


@_exercise(
    "03.2",
    "Predict, then run: mirror 1 has normal n1 = (1, 0, 0), mirror 2 has normal n2 = (1, 1, 0). Reflecting "
    "in mirror 1 and then in mirror 2 is a rotation. About which axis, by how many degrees? Answer with "
    "(axis, angle_in_degrees), then compare with ql.quaternion_from_mirrors(n1, n2).",
    """
n1, n2 = np.array([1, 0, 0]), np.array([1, 1, 0])
axis = np.cross(n1, n2)       # (0, 0, 1): the line both mirrors contain, oriented from mirror 1 toward mirror 2
angle = 2 * 45                # the normals are 45° apart, the turn is twice that
answer = (axis, angle)        # n2 n1 = -(cos 45° + sin 45° k): the same turn as 90° about z
""",
    lambda: ((0.0, 0.0, 1.0), 90.0),
)
def _check_03_2(answer):
    axis, angle = _axis_and_angle(answer)
    q = _reflect.quaternion_from_mirrors([1, 0, 0], [1, 1, 0])
    mine = _axis_angle.quaternion_from_axis_angle(axis, angle, degrees=True)
    if _rotate.angle_between(q, mine) < _TYPED:
        return _correct("the mirrors meet along z and their normals are 45° apart, so the turn is 90°, from "
                        "mirror 1 toward mirror 2: about n1 × n2 = +z, counter-clockwise seen from +z.")
    unit = axis / np.linalg.norm(axis)
    if abs(unit[0]) > _TYPED or abs(unit[1]) > _TYPED:
        raise _Wrong("the axis is the line where the two mirrors meet, so it lies in both planes: it is "
                     "perpendicular to n1 and to n2.")
    if _rotate.angle_between(q, _algebra.conjugate(mine)) < _TYPED:
        raise _Wrong("right axis and size, wrong sense: the turn carries mirror 1 toward mirror 2, which is "
                     "counter-clockwise about n1 × n2. Check the sign of your angle or of your axis.")
    turn = float(_rotate.angle_between(_algebra.IDENTITY, mine, degrees=True))
    if abs(turn - 45) < 1e-4:
        raise _Wrong("45° is the angle between the mirrors, not the turn. Follow a point through both "
                     "reflections, or ask ql.quaternion_from_mirrors(n1, n2).")
    raise _Wrong(f"right line, but a turn by {angle:.4g}°. The normals are 45° apart: what does each of the "
                 "two reflections do to the angle of a point?")


def _pure_vector(part, example: str) -> np.ndarray:
    """A vector written with 3 numbers, or as a pure quaternion (0, x, y, z) with 4."""
    try:
        size = np.size(part)
    except Exception:  # noqa: BLE001 - an object numpy cannot size is read (and rejected) below
        size = 3
    if size == 4:
        w, *v = _numbers(part, 4, "(0, 1, 2, 3)")
        if abs(w) > _TYPED:
            raise _Wrong(f"{_fmt(part)} has a real part {w:.4g}: a reflected or turned vector is a pure "
                         "quaternion (w = 0).")
        return np.array(v)
    return _numbers(part, 3, example)


@_exercise(
    "03.3",
    "Predict, then run: for v = (1, 2, 3) as a pure quaternion, what are k v k (k as a mirror) and "
    "k v k* (k as a half turn)? Answer with the pair (k v k, k v k*), then compute both with ql.multiply.",
    """
v = np.array([0, 1, 2, 3])                      # v = (1, 2, 3) as the pure quaternion 0 + 1i + 2j + 3k
mirror = ql.multiply(ql.multiply(ql.K, v), ql.K)                  # (0, 1, 2, -3): z flips, x and y stay
half_turn = ql.multiply(ql.multiply(ql.K, v), ql.conjugate(ql.K))  # (0, -1, -2, 3): x and y flip, z stays
answer = (mirror[1:], half_turn[1:])
""",
    lambda: ((1.0, 2.0, -3.0), (-1.0, -2.0, 3.0)),
)
def _check_03_3(answer):
    try:
        mirror, turn = answer
    except (TypeError, ValueError):
        raise _Malformed("Answer with a pair of vectors: ((x1, y1, z1), (x2, y2, z2)).") from None
    mirror = _pure_vector(mirror, "(1, 2, 3)")
    turn = _pure_vector(turn, "(1, 2, 3)")
    want_mirror, want_turn = np.array([1, 2, -3]), np.array([-1, -2, 3])
    if _close(mirror, want_turn) and _close(turn, want_mirror):
        raise _Wrong("the two are swapped. Which of them is the reflection (it flips handedness), and which the "
                     "half turn?")
    if not _close(mirror, want_mirror):
        raise _Wrong(f"k v k = {_fmt(mirror)}? k is the unit normal of the x-y plane, and n v n reflects v "
                     "in the plane with normal n: which component flips?")
    if not _close(turn, want_turn):
        raise _Wrong(f"k v k* = {_fmt(turn)}? What is k*? Write k v k* with the k v k you already have.")
    return _correct("k v k = (1, 2, -3) is the mirror image in the x-y plane (det -1), and "
                    "k v k* = -(k v k) = (-1, -2, 3) is the half turn about z (det +1). The same k, two jobs.")


# --- 04: the sandwich ------------------------------------------------------------------------


@_exercise(
    "04.1",
    "Turn (1, 0, 0) by 90° about Y with the sandwich q v q*, then turn the result by 90° about Y again. "
    "Answer with the pair (after_one_turn, after_two_turns).",
    """
q = ql.quaternion_from_axis_angle([0, 1, 0], 90, degrees=True)
once = ql.rotate_vector(q, [1, 0, 0])     # (0, 0, -1)
twice = ql.rotate_vector(q, once)         # (-1, 0, 0)
answer = (once, twice)
""",
    lambda: ((0.0, 0.0, -1.0), (-1.0, 0.0, 0.0)),
)
def _check_04_1(answer):
    try:
        once, twice = answer
    except (TypeError, ValueError):
        raise _Malformed("Answer with a pair of vectors: ((x, y, z), (x, y, z)).") from None
    once = _pure_vector(once, "(0.6, 0, 0.8)")  # q v q* computed with ql.multiply is (0, x, y, z): also read
    twice = _pure_vector(twice, "(0.6, 0, 0.8)")
    if _close(once, [0, 0, 1]):
        raise _Wrong("(0, 0, 1) is where a turn of -90° goes. Right hand: thumb along +y; which way do your fingers "
                     "carry x?")
    if not _close(once, [0, 0, -1]):
        raise _Wrong(f"after one turn you have {_fmt(once)}. A turn about y leaves the y component alone; where does "
                     "the right-hand rule carry x?")
    if not _close(twice, [-1, 0, 0]):
        raise _Wrong(f"after two turns you have {_fmt(twice)}. Two quarter turns make a half turn.")
    return _correct("(1, 0, 0) → (0, 0, -1) → (-1, 0, 0): two quarter turns about y make a half turn.")


@_exercise(
    "04.2",
    "Where does a 180° turn about Z send (1, 0, 0)?",
    """
q = ql.quaternion_from_axis_angle([0, 0, 1], 180, degrees=True)
answer = ql.rotate_vector(q, [1, 0, 0])   # (-1, 0, 0)
""",
    lambda: (-1.0, 0.0, 0.0),
)
def _check_04_2(answer):
    v = _pure_vector(answer, "(0.6, 0.8, 0)")
    if _close(v, [-1, 0, 0]):
        return _correct("a half turn about z reverses x (and y) and leaves z alone.")
    if _close(v, [1, 0, 0]):
        raise _Wrong("that vector did not move. Only vectors along the axis z stay put under a 180° turn about z.")
    raise _Wrong(f"{_fmt(v)} is not it. A turn about z leaves the z component alone. Look down the z axis: where "
                     "does half a turn carry a point on the x axis?")


@_exercise(
    "04.3",
    "Turn v = (2, 3, 5) by 40° about Y with q, then apply the conjugate q* the same way (q* v q). "
    "What do you get back?",
    """
q = ql.quaternion_from_axis_angle([0, 1, 0], 40, degrees=True)
turned = ql.rotate_vector(q, [2, 3, 5])
answer = ql.rotate_vector(ql.conjugate(q), turned)   # (2, 3, 5): q* undoes q
""",
    lambda: (2.0, 3.0, 5.0),
)
def _check_04_3(answer):
    v = _pure_vector(answer, "(1, 2, 3)")
    if _close(v, [2, 3, 5]):
        return _correct("(2, 3, 5) again: for a unit q the conjugate is the inverse, the turn back.")
    q = _axis_angle.quaternion_from_axis_angle([0, 1, 0], 40, degrees=True)
    if _close(v, _rotate.rotate_vector(_algebra.multiply(q, q), [2, 3, 5])):
        raise _Wrong("you turned by 40° twice. Use the conjugate q* for the way back.")
    if abs(np.linalg.norm(v) - math.sqrt(38)) > 1e-3:
        raise _Wrong(f"the length changed (|v| = {np.linalg.norm(v):.4g}), but turns keep lengths: |v| stays "
                     "√38 ≈ 6.164 through both. Check each step: turn v with q, then turn the result with q*.")
    raise _Wrong(f"{_fmt(v)} is not it. What does the conjugate of a unit quaternion undo?")


def _q_04_4():
    """The turn of exercise 04.4: 120° about the unit axis (2, 1, 2)/3."""
    return _axis_angle.quaternion_from_axis_angle([2, 1, 2], 120, degrees=True)


@_exercise(
    "04.4",
    "q is the turn by 120° about the axis (2, 1, 2)/3. Find a non-zero vector v for which the one-sided product "
    "q v is a pure quaternion (w = 0). Any such v is accepted.",
    """
v = np.cross([2, 1, 2], [0, 0, 1])   # any v across the axis: n·v = 0, so w = -sin(θ/2) n·v = 0
answer = v                            # (1, -2, 0)
""",
    lambda: (1.0, -2.0, 0.0),
)
def _check_04_4(answer):
    v = _numbers(answer, 3, "(1, 0, 0)")
    if np.linalg.norm(v) == 0:
        raise _Malformed("v = (0, 0, 0) makes every product zero: pick a non-zero vector.")
    qv = _algebra.multiply(_q_04_4(), np.concatenate([[0.0], v]))
    if abs(qv[0]) <= _TYPED * np.linalg.norm(v):
        turned = math.degrees(math.atan2(np.linalg.norm(np.cross(v, qv[1:])), float(v @ qv[1:])))
        return _correct(f"v ⊥ the axis, so q v = (0, …) is pure, and it is v turned by {turned:.4g}° = θ/2 only.")
    raise _Wrong(f"q v has w = {qv[0]:.4g}. Its real part is -sin(θ/2) (n·v) with n = (2, 1, 2)/3: which "
                 "vectors v have no part along the axis?")


# --- 05: drift ------------------------------------------------------------------------------

_DRIFT_LIMIT = 1e-6
_DRIFT_FRAMES = 200_000


def _drift_normalizers():
    """The sensible normalizations 05.1 accepts: quatlib's (float64 inside) and a float32 C program's."""
    from ._drift import normalize_in_dtype

    return {"ql.normalize (float64 inside, one rounding)": _algebra.normalize,
            "a float32 program's sqrtf-then-divide (ql.normalize_in_dtype)": normalize_in_dtype}


@functools.lru_cache(maxsize=64)
def _drift_worst(n: int, name: str) -> float:
    """max | |q| - 1 | over the 200,000 float32 frames, normalized every ``n`` frames with normalizer ``name``."""
    from ._drift import max_drift

    return max_drift(_DRIFT_FRAMES, normalize_every=n, normalizer=_drift_normalizers()[name])


def _drift_answers() -> dict:
    """The largest good N for each sensible normalization (tests/test_exercises.py: 17 and 16)."""
    out = {}
    for name in _drift_normalizers():
        n = 1
        while _drift_worst(n + 1, name) <= _DRIFT_LIMIT:
            n += 1
        out[name] = n
    return out


@_exercise(
    "05.1",
    "In the float32 drift experiment (0.001 rad about y per frame, 200,000 frames), what is the largest N such "
    "that normalizing every N frames keeps | |q| - 1 | within 1e-6? (Any sensible normalize is judged right.)",
    """
N = 1
while ql.max_drift(200_000, normalize_every=N + 1) <= 1e-6:
    N += 1
answer = N   # 17 with ql.normalize; 16 with a float32 program's own normalize_in_dtype
""",
    lambda: _drift_answers()[next(iter(_drift_normalizers()))],
    time_factor=6,  # the checker's own four 200,000-frame runs; the answer is a number, not code that could loop
)
def _check_05_1(answer):
    n = _numbers(answer, 1, "17")[0]
    if n != int(n) or n < 1 or n > _DRIFT_FRAMES:
        raise _Malformed(f"Answer with a whole number of frames from 1 to 200,000, got {_shown(answer)}.")
    n = int(n)
    worst = {name: _drift_worst(n, name) for name in _drift_normalizers()}
    for name, err in worst.items():
        if err <= _DRIFT_LIMIT < _drift_worst(n + 1, name):
            return _correct(f"with {name}, every {n} frames stays within 1e-6 ({err:.2e}) and every {n + 1} does "
                            "not. The average drift (2e-9 per frame) suggests far less often, but rounding errors "
                            "come in biased stretches; the other normalization moves the answer by one frame.")
    if all(err > _DRIFT_LIMIT for err in worst.values()):
        raise _Wrong(f"with N = {n} the error reaches {min(worst.values()):.2e}, above 1e-6. "
                     "Try smaller N with ql.max_drift.")
    raise _Wrong(f"every {n} frames is enough, but so is a larger N. Find the largest.")


def _euler_length_05_2() -> float:
    from ._drift import integrate_angular_velocity

    return float(_algebra.norm(integrate_angular_velocity([0, 2 * math.pi, 0], 1 / 60, 600)[-1]))


@_exercise(
    "05.2",
    "Predict, then run: a physics step q <- q + 0.5 * omega * q * dt, with omega one turn per second about y, "
    "dt = 1/60 s, 600 steps from the identity, never normalized. What is |q| at the end?",
    """
# |q + ½ ω q dt| = |1 + ½ ω dt| |q| = sqrt(1 + (|ω| dt / 2)²) |q|, every step:
answer = (1 + (2 * np.pi / 60 / 2) ** 2) ** (600 / 2)   # 2.274; or ql.norm(ql.integrate_angular_velocity(...)[-1])
""",
    _euler_length_05_2,
)
def _check_05_2(answer):
    a = _numbers(answer, 1, "1.5")[0]
    right = _euler_length_05_2()
    if abs(a - right) <= 0.005 * right:
        return _correct(f"|q| = {right:.4f}: every step multiplies the length by sqrt(1 + (|ω| dt/2)²), exact "
                        "arithmetic, no rounding needed. Normalizing every step removes it.")
    if abs(a - 1) < 0.01:
        raise _Wrong("rounding is not the issue here: the step q + ½ ω q dt = (1 + ½ ω dt) q itself is longer than "
                     "q. How long is the quaternion (1, ½ ω dt)?")
    raise _Wrong(f"{a:.4g} is not it. Each step multiplies q by (1 + ½ ω dt), so |q| by the length of that "
                 "quaternion: how long is it, and what do 600 such factors make (|ω| = 2π rad/s, dt = 1/60 s)?")


# --- 06: SLERP vs NLERP ----------------------------------------------------------------------


def _swept_170():
    from ._interp_motion import swept_angle
    from ._interpolate import nlerp, slerp

    q1 = _axis_angle.quaternion_from_axis_angle([0, 1, 0], 170, degrees=True)
    t = np.array([0.25, 0.5])
    s = swept_angle(_algebra.IDENTITY, slerp(_algebra.IDENTITY, q1, t), degrees=True)
    n = swept_angle(_algebra.IDENTITY, nlerp(_algebra.IDENTITY, q1, t), degrees=True)
    return (float(s[0]), float(s[1]), float(n[0]), float(n[1]))


_ANGLES_170 = _swept_170()  # the solution's comment shows the numbers the checker compares with

#: 06.1's tolerance in degrees: an answer rounded to a tenth of a degree passes (NLERP's 35.7688° as 35.8; cut off
#: to 35.7, it is 0.07° off and does not).
_ANGLE_TOL_06 = 0.05


@_exercise(
    "06.1",
    "Two orientations 170° apart about y (from the identity). How far has the object turned at t = 0.25 and "
    "t = 0.5 with SLERP and with NLERP? Answer (slerp_25, slerp_50, nlerp_25, nlerp_50) in degrees, rounded to "
    "a tenth of a degree (or to more decimals).",
    """
q0, q1 = ql.IDENTITY, ql.quaternion_from_axis_angle([0, 1, 0], 170, degrees=True)
t = [0.25, 0.5]
s = ql.swept_angle(q0, ql.slerp(q0, q1, t), degrees=True)
n = ql.swept_angle(q0, ql.nlerp(q0, q1, t), degrees=True)
answer = (s[0], s[1], n[0], n[1])   # ({:.2f}, {:.2f}, {:.2f}, {:.2f})
""".format(*_ANGLES_170),
    _swept_170,
)
def _check_06_1(answer):
    a = _numbers(answer, 4, "(40, 80, 35, 80)")
    right = np.array(_swept_170())
    if _close(a, right, tol=_ANGLE_TOL_06):
        return _correct(f"SLERP {right[0]:.2f}° and {right[1]:.2f}° (even steps); NLERP {right[2]:.2f}° at ¼ "
                        "(it lags) and the same 85° at the middle.")
    if not _close(a[:2], right[:2], tol=_ANGLE_TOL_06):
        raise _Wrong("the SLERP numbers: SLERP turns at constant speed. What share of the 170° is done at t?")
    if not _close(a[3], right[3], tol=_ANGLE_TOL_06):
        raise _Wrong("NLERP at t = 0.5: NLERP follows the same arc as SLERP. Where does the middle of the chord land "
                     "once it is pushed out onto the sphere?")
    raise _Wrong("NLERP at t = 0.25: compute it with ql.nlerp and ql.swept_angle; NLERP starts slower than SLERP.")


@_exercise(
    "06.2",
    "blend(q0, q1, t) = slerp(q0, q1, t, shortest=False) spins the long way from heading 170° to -170°. Fix it "
    "(without shortest=True) and answer with the fixed function.",
    """
def blend(q0, q1, t):
    if ql.dot(q0, q1) < 0:   # the long way round: use the other sign of the same orientation
        q1 = -q1
    return ql.slerp(q0, q1, t, shortest=False)

answer = blend
""",
    lambda: _short_blend,
)
def _check_06_2(answer):
    if not callable(answer):
        raise _Malformed(f"Answer with the function itself (answer = blend), got {_shown(answer)}.")
    t = np.linspace(0, 1, 101)
    turned = []
    for q0, q1 in _blend_pairs():
        path = _blend_path(answer, q0, q1, t)
        if _rotate.angle_between(path[0], q0) > 1e-6 or _rotate.angle_between(path[-1], q1) > 1e-6:
            raise _Wrong("the blend must start at q0 and end at the orientation of q1.")
        steps = _rotate.angle_between(path[:-1], path[1:], degrees=True)  # what ql.path_angle adds up
        total = float(np.sum(steps))
        direct = float(_rotate.angle_between(q0, q1, degrees=True))
        if total > 180 and _algebra.dot(q0, q1) < 0:
            raise _Wrong(f"it still turns {total:.0f}°. q1 and -q1 are the same orientation: which of the two is "
                         "nearer to q0, and how does ql.dot tell?")
        if total > 180:
            raise _Wrong(f"for q0, q1 only {direct:.0f}° apart with q0 · q1 > 0, it turns {total:.0f}°. A pair that "
                         "already goes the short way must be left alone.")
        k = int(np.argmax(steps))
        if steps[k] > 3 * direct / (len(t) - 1):
            raise _Wrong(f"it jumps {steps[k]:.3g}° between t = {t[k]:.2f} and t = {t[k + 1]:.2f}. A blend moves "
                         "smoothly from q0 to q1, a little at each step of t.")
        if total > direct * (1 + 1e-6) + 1e-6:
            raise _Wrong(f"it turns {total:.4g}° on the way between orientations {direct:.4g}° apart: a detour. "
                         "Blend along the arc from q0 to q1.")
        turned.append(total)
    leaning = _lets_quatlib_flip(answer)  # right, but by the flag the question rules out?
    if leaning:
        raise _Wrong(f"{leaning} lets quatlib choose the sign for you (shortest=True, also its default). The "
                     "exercise asks you to do it yourself: keep shortest=False and choose the sign in your code.")
    return _correct(f"it now turns {turned[0]:.0f}°: the short way. q and -q are the same orientation, so where "
                    "q0 · q1 < 0 negating one of the two keys puts the blend on the short arc.")


def _lets_quatlib_flip(blend) -> str:
    """The call in ``blend``'s source that leaves the short path to quatlib (``shortest=True`` given or by
    default), or "" (also when the source cannot be read: then only what the blend does is judged).

    Only what the source says for sure counts: ``shortest=flag`` or ``**options`` may well be False, so such a
    call is judged by what the blend does, as a blend whose source cannot be read is.
    """
    import ast
    import inspect
    import textwrap

    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(blend)))
    except (OSError, TypeError, SyntaxError):
        return ""
    position = {"slerp": 3, "nlerp": 3, "lerp": 3, "interpolate": 4}  # where ``shortest`` goes positionally
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        if name in position and any(k.arg is None for k in node.keywords):  # slerp(..., **options)
            continue
        given = {k.arg: k.value for k in node.keywords}.get("shortest")
        if given is None and name in position and len(node.args) > position[name]:
            given = node.args[position[name]]
        if given is None and name not in position:
            continue
        if given is None or (isinstance(given, ast.Constant) and given.value is not False):
            return f"{ast.unparse(node)}"
    return ""


def _blend_pairs():
    """06.2 is checked on two pairs: the exercise's (q0 · q1 < 0: the long way, to be fixed) and a pair that is
    already the short way round (q0 · q1 > 0: to be left alone).  A blend that ignores q0 and q1, or always
    flips q1, fails one of them."""
    return [
        (_euler.quaternion_from_euler(170, 0, 0, degrees=True), _euler.quaternion_from_euler(-170, 0, 0, degrees=True)),
        (_euler.quaternion_from_euler(20, 30, 0, degrees=True), _euler.quaternion_from_euler(60, 10, 0, degrees=True)),
    ]


def _blend_path(blend, q0, q1, t) -> np.ndarray:
    """``blend(q0, q1, t)`` read as one unit quaternion per t, or raise _Malformed / _Wrong.

    The blend gets copies: one that writes into its arguments (``q1[:] = q0``) cannot change what it is checked
    against.
    """
    try:
        result = blend(q0.copy(), q1.copy(), t.copy())
        path = np.asarray(result, dtype=float)
    except Exception as exc:  # noqa: BLE001 - a learner's function may fail in any way
        raise _Malformed(f"Calling blend(q0, q1, t) raised {type(exc).__name__}: {_clipped(exc)}") from None
    if path.shape != (len(t), 4):
        raise _Malformed(f"blend(q0, q1, t) should return one quaternion per t, shape ({len(t)}, 4); got "
                         f"{_clipped(path.shape)}.")
    if _is_masked(result) or not np.all(np.isfinite(path)):
        raise _Malformed("blend(q0, q1, t) returned NaN, inf or masked entries; it should return one unit "
                         "quaternion per t.")
    with np.errstate(over="ignore"):
        lengths = np.linalg.norm(path, axis=-1)
    k = int(np.argmax(np.abs(lengths - 1)))
    if not abs(lengths[k] - 1) <= 1e-6:
        raise _Wrong(f"at t = {t[k]:.2f} blend returns a quaternion of length {lengths[k]:.4g}. An orientation is a "
                     "unit quaternion (length 1): slerp of two unit quaternions already is one.")
    return path


def _short_blend(q0, q1, t):
    from ._interpolate import slerp

    if _algebra.dot(q0, q1) < 0:
        q1 = -np.asarray(q1)
    return slerp(q0, q1, t, shortest=False)


# --- 07: the belt trick ---------------------------------------------------------------------


@_exercise(
    "07.1",
    "Which whole numbers of full turns, among 1, 2, 3, 4, 5, 6, can be untangled without turning the cube "
    "back? Answer with a list, e.g. [1, 5].",
    """
answer = [n for n in range(1, 7) if ql.belt.untangle_allowed(360 * n)[0]]   # [2, 4, 6]: the even ones
""",
    lambda: [2, 4, 6],
)
def _check_07_1(answer):
    unreadable = _Malformed(f"Answer with a list of whole numbers, like [1, 5]; got {_shown(answer)}.")
    if isinstance(answer, (str, bytes)) or not hasattr(answer, "__iter__"):
        raise unreadable
    if _is_masked(answer):
        raise unreadable
    try:
        items = list(itertools.islice(answer, 101))  # an endless iterator is read no further
        if any(isinstance(n, (bool, np.bool_)) or float(n) != int(n) for n in items):
            raise ValueError
        picked = {int(n) for n in items}  # a number given twice counts once
    except (TypeError, ValueError, OverflowError):
        raise unreadable from None
    if len(items) > 100 or not picked <= set(range(1, 7)):
        raise _Malformed("Choose only among 1, 2, 3, 4, 5 and 6.")
    right = {2, 4, 6}
    if picked == right:
        return _correct("the even numbers: an even number of full turns has followed quaternion +1.")
    odd = sorted(picked - right)
    if odd:
        raise _Wrong(f"{odd[0]} full turn(s) end with followed quaternion −1. Each pass around the belt changes "
                     "the twist count by ±2: can that reach zero from an odd count?")
    raise _Wrong(f"you missed {sorted(right - picked)}: what is the followed quaternion after that many turns?")


@_exercise(
    "07.2",
    "Write followed(turn_deg): the followed quaternion (w, x, y, z) of the cube after a turn of turn_deg degrees "
    "about the vertical y axis, continuous in the turn (so -1 at 360°). Answer with the function itself.",
    """
def followed(turn_deg):
    half = np.radians(turn_deg) / 2
    return np.array([np.cos(half), 0.0, np.sin(half), 0.0])

answer = followed
""",
    lambda: (lambda turn_deg: _axis_angle.quaternion_from_axis_angle([0, 1, 0], turn_deg, degrees=True)),
)
def _check_07_2(answer):
    if not callable(answer):
        raise _Malformed(f"Answer with the function itself (answer = followed), got {_shown(answer)}.")
    for turn in np.arange(0.0, 1441.0, 45.0):
        try:
            given = answer(float(turn))
        except Exception as exc:  # noqa: BLE001 - a learner's function may fail in any way
            raise _Malformed(f"Calling followed({turn:g}) raised {type(exc).__name__}: {_clipped(exc)}") from None
        if given is None:
            raise _Malformed(f"followed({turn:g}) returned None: does your function end with return ...?")
        try:
            q = _numbers(given, 4, "(w, x, y, z)")
        except _Malformed as exc:
            raise _Malformed(f"followed({turn:g}) could not be read: {exc}") from None
        right = _axis_angle.quaternion_from_axis_angle([0, 1, 0], turn, degrees=True)
        if np.allclose(q, right, atol=1e-6):
            continue
        if np.allclose(q, -right, atol=1e-6):
            raise _Wrong(f"at {turn:g}° you give {np.round(q, 4)}: the same rotation, the other sign. The "
                         "followed quaternion moves continuously with the turn, so it reaches −1 at 360° and "
                         "only comes back to +1 at 720° (was w kept ≥ 0, e.g. by going through a matrix?).")
        full = np.array([np.cos(np.radians(turn)), 0, np.sin(np.radians(turn)), 0])
        if np.allclose(q, full, atol=1e-6) or np.allclose(q, -full, atol=1e-6):
            raise _Wrong(f"at {turn:g}° you give {np.round(q, 4)}, which uses the whole angle: a quaternion "
                         "carries half of it, cos(T/2) + sin(T/2) y.")
        raw = np.array([np.cos(turn / 2), 0, np.sin(turn / 2), 0])  # degrees handed to cos and sin as radians
        if np.allclose(q, raw, atol=1e-6) or np.allclose(q, -raw, atol=1e-6):
            raise _Wrong(f"at {turn:g}° you give {np.round(q, 4)}: np.cos and np.sin read their argument in "
                         "radians. Convert turn_deg with np.radians first.")
        if np.allclose(q, _algebra.conjugate(right), atol=1e-6) or np.allclose(q, -_algebra.conjugate(right),
                                                                                atol=1e-6):
            raise _Wrong(f"at {turn:g}° you give {np.round(q, 4)}, the turn the other way round: a turn by +T "
                         "about +y has y part +sin(T/2).")
        length = float(np.linalg.norm(q))
        if not abs(length - 1) <= 1e-6:
            raise _Wrong(f"at {turn:g}° you give {np.round(q, 4)}, of length {length:.4g}: a rotation quaternion "
                         "has length 1, cos²(T/2) + sin²(T/2).")
        if abs(q[1]) > 1e-6 or abs(q[3]) > 1e-6:
            raise _Wrong(f"at {turn:g}° you give {np.round(q, 4)}; a turn about y has only w and y parts, "
                         f"here {np.round(right, 4)}.")
        raise _Wrong(f"at {turn:g}° you give {np.round(q, 4)}, but a turn by T about y is cos(T/2) + sin(T/2) y, "
                     f"here {np.round(right, 4)}.")
    return _correct("your function follows the turn: +1 at 0°, −1 at 360°, +1 again at 720°.")


@_exercise(
    "07.3",
    "Predict, then run: at 720° untangle the ribbons completely (untangle = 1), then turn the cube back to 360°. "
    "How many times does the path in the ball of rotations now cross the surface? Answer with a whole number.",
    """
demo = ql.widgets.belt_trick(turn=720).set(untangle=1.0).set(turn=360)
answer = demo.state.n_crossings   # 1: turning back 360° makes one full twist (the other way round)
""",
    lambda: 1,
)
def _check_07_3(answer):
    n = _numbers(answer, 1, "3")[0]
    if n != int(n) or n < 0:
        raise _Malformed(f"Answer with a whole number of crossings, like 3; got {_shown(answer)}.")
    if n == 1:
        return _correct("turning back by 360° twists the straight ribbons once, the other way round: the followed "
                        "quaternion is −1 and an odd number of crossings never cancels.")
    if n % 2 == 0:
        raise _Wrong(f"{int(n)} crossings could be paired off and shrunk away, yet the followed quaternion at 360° is "
                     "−1. After the untangling the ribbons were straight: what does a 360° turn do to straight "
                     "ribbons?")
    raise _Wrong(f"not {int(n)}: the untangling removed both twists. How many twists does a 360° turn put into "
                 "straight ribbons?")


# --- 08: field guide ------------------------------------------------------------------------


def _08_1_parts():
    q = _euler.quaternion_from_euler(90, 0, 0, degrees=True)
    r = _axis_angle.quaternion_from_axis_angle([0, 0, 1], 45, degrees=True)
    return q, r


@_exercise(
    "08.1",
    "The object faces -x (q = yaw 90°; its nose is its own -z axis). Give the quaternion that rolls it by 45° "
    "about its own nose (its own z axis), using q and r = quaternion_from_axis_angle([0, 0, 1], 45°).",
    """
q = ql.quaternion_from_euler(90, 0, 0, degrees=True)
r = ql.quaternion_from_axis_angle([0, 0, 1], 45, degrees=True)
answer = ql.multiply(q, r)   # a turn about the object's own axis acts first: on the right
""",
    lambda: _algebra.multiply(*_08_1_parts()),
)
def _check_08_1(answer):
    a = _numbers(answer, 4, "(0.65, 0.27, 0.65, -0.27)")
    if np.linalg.norm(a) == 0:
        raise _Malformed("(0, 0, 0, 0) is not a rotation: a rotation quaternion has length 1.")
    q, r = _08_1_parts()
    if _rotate.angle_between(a, _algebra.multiply(q, r)) < _TYPED:
        return _correct("q · r: the roll about the object's own nose acts first, so it multiplies on the right.")
    if _rotate.angle_between(a, _algebra.multiply(r, q)) < _TYPED:
        raise _Wrong("r · q rolls about the *world* z axis. On which side does a turn about the object's own axis "
                     "go?")
    if _rotate.angle_between(a, r) < _TYPED or _rotate.angle_between(a, q) < _TYPED:
        raise _Wrong("combine both: the final orientation is 'q, with r applied in the object's own frame'.")
    raise _Wrong("that is not q rolled about its own nose. Build it from q and r with ql.multiply.")


#: Exercise 08.2's key pairs ((yaw_A, pitch_A), (yaw_B, pitch_B)) in degrees, by letter.
_08_2_PAIRS = {"a": ((-40, 20), (-40, 70)), "b": ((30, 45), (150, 45)), "c": ((0, 60), (120, -30)),
               "d": ((170, 10), (-170, 10)), "e": ((90, -20), (-60, 35))}


def _08_2_rolls() -> dict[str, float]:
    """SLERP's largest |roll| (degrees) between each pair's keys, by letter."""
    from .models.turret import turret_state

    return {k: turret_state(*a, *b, 0.0).roll_slerp for k, (a, b) in _08_2_PAIRS.items()}


def _08_2_rolling() -> set[str]:
    """The letters whose SLERP banks the head somewhere on the way (rounding leaves ~1e-14°; the demo says 0.05°)."""
    return {k for k, roll in _08_2_rolls().items() if roll >= 0.05}


def _letters(answer) -> set[str]:
    """Read a list of letters a-e (or one string of them, like "ce")."""
    unreadable = _Malformed(f"Answer with a list of letters among a-e, like ['a', 'd']; got {_shown(answer)}.")
    if isinstance(answer, str):
        answer = [c for c in answer if c not in " ,;"]
    if not isinstance(answer, (list, tuple, set, frozenset)) or len(answer) > len(_08_2_PAIRS):
        raise unreadable
    if not all(isinstance(c, str) and c.strip().lower() in _08_2_PAIRS for c in answer):
        raise unreadable
    return {c.strip().lower() for c in answer}


@_exercise(
    "08.2",
    "Predict first, then run: for which key pairs does SLERP roll the turret's head somewhere between the keys? "
    "(a) (-40°, 20°) → (-40°, 70°), (b) (30°, 45°) → (150°, 45°), (c) (0°, 60°) → (120°, -30°), "
    "(d) (170°, 10°) → (-170°, 10°), (e) (90°, -20°) → (-60°, 35°), each (yaw, pitch). Answer with a list of "
    "letters, e.g. ['a', 'd'], and check each pair with "
    "quatlib.models.turret.turret_state(yaw_A, pitch_A, yaw_B, pitch_B, t=0).roll_slerp.",
    """
from quatlib.models.turret import turret_state

pairs = {"a": (-40, 20, -40, 70), "b": (30, 45, 150, 45), "c": (0, 60, 120, -30),
         "d": (170, 10, -170, 10), "e": (90, -20, -60, 35)}
answer = [k for k, keys in pairs.items() if turret_state(*keys, t=0).roll_slerp > 0.05]   # ['c', 'e']
# only where both yaw and pitch change: with one angle fixed, SLERP is that one angle's lerp
""",
    lambda: sorted(_08_2_rolling()),
)
def _check_08_2(answer):
    picked = _letters(answer)
    rolls, right = _08_2_rolls(), _08_2_rolling()
    if picked == right:
        banks = " and ".join(f"{rolls[k]:.1f}° in ({k})" for k in sorted(right))
        return _correct(f"where both angles change, the shortest turn banks the head (by up to {banks}). With one "
                        "angle fixed, q_B q_A⁻¹ is a turn about up (equal pitches) or about the pitch joint's axis "
                        "(equal yaws), and SLERP is that one angle's lerp: no roll.")
    extra = sorted(picked - right)
    if extra:
        (yaw_a, pitch_a), (yaw_b, pitch_b) = _08_2_PAIRS[extra[0]]
        fixed = "pitch" if pitch_a == pitch_b else "yaw"
        raise _Wrong(f"in ({extra[0]}) the {fixed} stays {pitch_a if fixed == 'pitch' else yaw_a}°: only one angle "
                     f"changes, so SLERP turns about one joint's axis and never rolls. Run turret_state(...) and "
                     "look at roll_slerp.")
    missing = sorted(right - picked)
    raise _Wrong(f"look again at ({missing[0]}): both yaw and pitch change there. Run "
                 "quatlib.models.turret.turret_state(...).roll_slerp for it.")


#: Exercise 08.3: keys (yaw, pitch) in degrees and the blend t.
_08_3_KEYS, _08_3_T = ((160.0, 10.0), (-140.0, 50.0)), 0.25


def _08_3_state():
    from .models.turret import turret_state

    (yaw_a, pitch_a), (yaw_b, pitch_b) = _08_3_KEYS
    return turret_state(yaw_a, pitch_a, yaw_b, pitch_b, _08_3_T, lerp="wrapped")


@_exercise(
    "08.3",
    "Key A is (yaw 160°, pitch 10°), key B is (yaw -140°, pitch 50°). Give the quaternion of the turret's pose at "
    "t = 0.25 when yaw and pitch are blended separately, the yaw difference wrapped into (-180°, 180°]. (Any "
    "quaternion of that pose counts: q or -q, a yaw of 175° or -185°.)",
    """
from quatlib.models.turret import wrap_degrees

yaw = 160 + 0.25 * wrap_degrees(-140 - 160)    # 175°: -300° wrapped is +60°, and 160° + 15° = 175°
pitch = 10 + 0.25 * (50 - 10)                  # 20°
answer = ql.quaternion_from_euler(yaw, pitch, 0, degrees=True)
""",
    lambda: _08_3_state().q_wrapped,
)
def _check_08_3(answer):
    a = _numbers(answer, 4, "(0.1, 0.2, 0.9, 0.3)")
    if np.linalg.norm(a) == 0:
        raise _Malformed("(0, 0, 0, 0) is not a rotation: a rotation quaternion has length 1.")
    s = _08_3_state()
    yaw, pitch = s.euler_wrapped
    if _rotate.angle_between(a, s.q_wrapped) < _TYPED:  # the pose, whatever the sign or the yaw's 360°
        return _correct(f"(yaw, pitch) = ({yaw:.0f}°, {pitch:.0f}°): the yaw goes 60° the short way, "
                        f"not 300° the long way, and the head never rolls.")
    if _rotate.angle_between(a, s.q_euler) < _TYPED:
        raise _Wrong(f"that is the naive lerp (yaw {s.euler_t[0]:.0f}°): from 160° to -140° it runs 300° the long "
                     "way. Wrap the difference -300° first.")
    if _rotate.angle_between(a, s.q_slerp) < _TYPED:
        raise _Wrong(f"that is SLERP's pose: it banks the head by {abs(s.euler_slerp[2]):.1f}°, which a turret "
                     "cannot do. Blend the two angles instead.")
    if _rotate.angle_between(a, s.q_a) < _TYPED or _rotate.angle_between(a, s.q_b) < _TYPED:
        raise _Wrong("that is one of the keys. At t = 0.25 the turret is a quarter of the way from A to B.")
    close = _euler.quaternion_from_euler(yaw, np.array([10.0, 50.0, 30.0]), 0.0, degrees=True)
    if (_rotate.angle_between(a, close) < _TYPED).any():
        raise _Wrong("the yaw is right; the pitch is not. Where is the pitch a quarter of the way from key A to B?")
    raise _Wrong("not yet the pose. Blend yaw (its difference wrapped into (-180°, 180°]) and pitch separately at "
                 "t = 0.25, then turn the two angles into a quaternion with ql.quaternion_from_euler.")


# --- public API ------------------------------------------------------------------------------


def _unknown(key) -> str | None:
    """None for a known key, else what to say: the keys there are, and the one probably meant."""
    if isinstance(key, str) and key in EXERCISES:
        return None
    if not isinstance(key, str):
        return f'The exercise number is a string like "04.2", got {_shown(key)}.'
    known = ", ".join(sorted(EXERCISES))
    notebook, _, number = key.strip().partition(".")
    if notebook.isdigit() and f"{int(notebook):02d}.{number}" in EXERCISES:
        return f'There is no exercise {_shown(key)}. Did you mean "{int(notebook):02d}.{number}"?'
    return f"There is no exercise {_shown(key)}; the exercises are {known}."


def check(key: str, answer) -> Feedback:
    """Check ``answer`` to exercise ``key`` and say what is right or what to look at.

    Parameters
    ----------
    key : str
        The exercise number shown in the notebook, e.g. ``"04.2"``.
    answer : object
        Your answer; ``...`` (Ellipsis) means "not answered yet".

    Returns
    -------
    Feedback
        Truthy if correct; displays as one line (✅ correct, ❌ a hint,
        ⚠️ the answer could not be read or the exercise number is unknown,
        ✏️ not answered yet).  Never raises for any key or answer, and stops an
        answer that runs longer than :data:`TIME_LIMIT_SECONDS`.

    Examples
    --------
    >>> import quatlib as ql
    >>> ql.exercises.check("04.2", (1, 0, 0))
    ❌ Not yet: that vector did not move. Only vectors along the axis z stay put under a 180° turn about z.
    >>> ql.exercises.check("4.2", (1, 0, 0))
    ⚠️ There is no exercise '4.2'. Did you mean "04.2"?
    """
    unknown = _unknown(key)
    if unknown:
        return Feedback(False, f"⚠️ {unknown}")
    return EXERCISES[key].check(answer)


def question(key: str) -> str:
    """The question of exercise ``key`` (for an unknown key: which keys there are).

    Examples
    --------
    >>> import quatlib as ql
    >>> print(ql.exercises.question("04.2"))
    Where does a 180° turn about Z send (1, 0, 0)?
    """
    return _unknown(key) or EXERCISES[key].question


def solution(key: str, reveal: bool = False) -> str:
    """The worked solution of exercise ``key``, once you ask for it with ``reveal=True``.

    Without ``reveal=True`` only a reminder is returned, so running a cell by
    accident spoils nothing; with it, the solution's code (which ends in
    ``answer = ...`` and passes ``check``).  An unknown key returns which keys
    there are.

    Examples
    --------
    >>> import quatlib as ql
    >>> print(ql.exercises.solution("04.2"))
    This prints the solution to 04.2. To see it, run print(ql.exercises.solution("04.2", reveal=True)).
    """
    unknown = _unknown(key)
    if unknown:
        return unknown
    if not reveal:
        return (
            f'This prints the solution to {key}. To see it, run print(ql.exercises.solution("{key}", reveal=True)).'
        )
    return EXERCISES[key].solution_code


def exercises_for(notebook: str) -> list[str]:
    """The exercise keys of one notebook, e.g. ``exercises_for("04")``.

    Examples
    --------
    >>> import quatlib as ql
    >>> ql.exercises.exercises_for("04")
    ['04.1', '04.2', '04.3', '04.4']
    """
    return sorted(k for k in EXERCISES if k.split(".")[0] == notebook)
