"""Every exercise checks itself: solutions pass, wrong answers get hints, nothing raises."""

from __future__ import annotations

import doctest
import inspect
import signal
import sys
import time

import numpy as np
import pytest

import quatlib as ql
from quatlib import exercises as ex

KEYS = sorted(ex.EXERCISES)


def run_solution(key):
    namespace = {"ql": ql, "np": np}
    exec(ex.solution(key, reveal=True), namespace)  # noqa: S102 - our own solution text
    return namespace["answer"]


@pytest.mark.parametrize("key", KEYS)
def test_solution_code_passes_its_own_check(key):
    feedback = ex.check(key, run_solution(key))
    assert feedback.ok, feedback.message
    assert feedback.message.startswith("✅ Correct")


#: Exercises whose answer holds an axis: a direction, so (1, 1, 1) and its unit vector are the same answer.
AXIS_ANSWERS = {"02.2"}
#: Inputs on which two answers that are functions are compared, by the number of their arguments.
FUNCTION_INPUTS = {
    1: [(turn,) for turn in (0, 180, 360, 540, 720, 1080)],  # 07.2: which turns can be untangled
    3: [(ql.quaternion_from_euler(170, 10, 0, degrees=True), ql.quaternion_from_euler(-170, 20, 0, degrees=True),
         np.linspace(0, 1, 11))],  # 06.2: a blend of two headings across ±180°
}


def _same_answer(a, b, axis: bool = False) -> bool:
    """Equal answers: numbers to rounding, sequences item by item, functions by what they return."""
    if callable(a) or callable(b):
        if not (callable(a) and callable(b)):
            return False
        inputs = FUNCTION_INPUTS[len(inspect.signature(a).parameters)]
        return all(_same_answer(a(*x), b(*x)) for x in inputs)
    if isinstance(a, str) or isinstance(b, str):
        return str(a).replace(" ", "").lower() == str(b).replace(" ", "").lower()
    if isinstance(a, (tuple, list)) and any(np.ndim(x) > 0 or isinstance(x, str) for x in a):  # (axis, angle), letters
        return len(a) == len(b) and all(_same_answer(x, y, axis) for x, y in zip(a, b, strict=True))
    a, b = np.asarray(a, dtype=complex), np.asarray(b, dtype=complex)
    if axis and a.shape == b.shape == (3,):
        a, b = a / np.linalg.norm(a), b / np.linalg.norm(b)
    return a.shape == b.shape and bool(np.allclose(a, b))


@pytest.mark.parametrize("key", KEYS)
def test_stored_solution_answer_passes_and_matches_the_code(key):
    stored = ex.EXERCISES[key].solution_answer()
    assert ex.check(key, stored).ok
    assert _same_answer(stored, run_solution(key), axis=key in AXIS_ANSWERS), (stored, run_solution(key))


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize(
    "junk",
    [None, "abc", [], [1, 2, 3, 4, 5, 6, 7], float("nan"), {"a": 1}, object(), (1, "x"), ([1, 2], "y"),
     (np.nan, np.inf), 10**400],
)
def test_malformed_answers_get_a_message_not_a_traceback(key, junk):
    feedback = ex.check(key, junk)
    assert not feedback.ok
    assert feedback.message[:2] in ("⚠️", "❌ ")


@pytest.mark.parametrize("key", KEYS)
def test_unanswered_is_a_reminder(key):
    feedback = ex.check(key, ...)
    assert not feedback.ok and "Not answered yet" in feedback.message


@pytest.mark.parametrize(
    ("key", "answer", "hint"),
    [
        ("01.1", -1j, "clockwise"),
        ("01.1", 2j, "scales"),
        ("01.1", 1, "turns by 0°"),
        ("01.2", ((1, 0), 1j), "matrix route"),
        ("01.2", ((0, 1), 1), "complex route"),
        ("02.1", (20, 10), "the pair you were given"),
        ("02.1", (30, -20), "sign of roll"),
        ("02.1", (40, 10), "yaw - roll = 30°"),
        ("02.2", ((1, 1, -1), 120), "x first"),
        ("02.2", ((1, -1, 1), 120), "the angle is right"),
        ("02.2", ((-1, -1, -1), 120), "goes the other way round"),  # R @ (-1, -1, -1) = (-1, -1, -1): right line
        ("02.2", ((1, 1, 1), 240), "goes the other way round"),
        ("02.2", ((2, 2, 2), -120), "goes the other way round"),
        ("02.2", ((1, 0, 0), 90), "a turn of 90°"),
        ("04.4", (2, 1, 2), "no part along"),
        ("04.4", (1, 0, 0), "w = "),
        ("03.1", ((1, 0, -1), (1, 0, 0)), "the other way"),
        ("03.1", ((1, 0, 0), (1, 1, 0)), "contain the y axis"),
        ("03.1", ((1, 0, 0), (0, 0, 1)), "turn by 180°"),
        ("04.1", ((0, 0, 1), (-1, 0, 0)), "-90°"),
        ("04.1", ((0, 0, -1), (1, 0, 0)), "half turn"),
        ("04.2", (1, 0, 0), "did not move"),
        ("04.3", (4, 6, 10), "length changed"),
        ("05.1", 10, "Find the largest"),
        ("05.1", 480, "above 1e-6"),
        ("05.2", 1.0, "How long is the quaternion (1, ½ ω dt)?"),
        ("05.2", 1.0009, "rounding is not the issue"),
        ("05.2", 2.0, "600 such factors"),
        ("06.1", (42.5, 85, 42.5, 85), "NLERP at t = 0.25"),
        ("06.1", (40, 80, 35.77, 85), "SLERP numbers"),
        ("06.2", lambda q0, q1, t: ql.slerp(q0, q1, t, shortest=False), "still turns 340°"),
        ("07.1", [2, 4], "you missed [6]"),
        ("07.1", [1, 2, 4, 6], "1 full turn"),
        ("07.2", lambda t: ql.quaternion_from_matrix(ql.matrix_from_quaternion(ql.belt.followed_quaternion(t))),
         "the other sign"),
        ("07.2", lambda t: np.array([np.cos(np.radians(t)), 0, np.sin(np.radians(t)), 0]), "whole angle"),
        ("07.2", lambda t: ql.quaternion_from_axis_angle([1, 0, 0], t, degrees=True), "only w and y"),
        ("07.3", 0, "could be paired off"),
        ("07.3", 2, "could be paired off"),
        ("07.3", 3, "not 3"),
        ("08.1", ql.multiply(ql.quaternion_from_axis_angle([0, 0, 1], 45, degrees=True),
                             ql.quaternion_from_euler(90, 0, 0, degrees=True)), "world"),
        ("08.1", ql.quaternion_from_euler(90, 0, 0, degrees=True), "combine both"),
        ("08.2", ["c"], "look again at (e)"),
        ("08.2", ["b", "c", "e"], "the pitch stays 45°"),
        ("08.2", "ace", "the yaw stays -40°"),
        ("08.3", ql.quaternion_from_euler(85, 20, 0, degrees=True), "naive lerp"),
        ("08.3", ql.slerp(ql.quaternion_from_euler(160, 10, 0, degrees=True),
                          ql.quaternion_from_euler(-140, 50, 0, degrees=True), 0.25), "SLERP's pose"),
        ("08.3", ql.quaternion_from_euler(175, 10, 0, degrees=True), "the pitch is not"),
        ("08.3", ql.quaternion_from_euler(-140, 50, 0, degrees=True), "one of the keys"),
    ],
)
def test_wrong_answers_get_the_right_hint(key, answer, hint):
    feedback = ex.check(key, answer)
    assert not feedback.ok
    assert feedback.message.startswith("❌ Not yet")
    assert hint in feedback.message


@pytest.mark.parametrize(
    ("key", "answer", "message"),
    [
        ("05.1", 2.5, "whole number"),
        ("05.1", 10**6, "from 1 to 200,000"),
        ("06.2", lambda q0, q1, t: 1 / 0, "ZeroDivisionError"),
        ("06.2", lambda q0, q1, t: q0, "shape (101, 4)"),
        ("01.1", "i", "Python spells i as j"),
        ("03.1", ((0, 0, 0), (1, 0, 0)), "no direction"),
        ("08.2", [1, 2], "list of letters among a-e"),
        ("08.2", ["c", "f"], "list of letters among a-e"),
        ("08.3", (0, 0, 0, 0), "not a rotation"),
    ],
)
def test_unreadable_answers_say_what_was_expected(key, answer, message):
    feedback = ex.check(key, answer)
    assert not feedback.ok
    assert feedback.message.startswith("⚠️")
    assert message in feedback.message


def test_solution_is_hidden_until_revealed():
    for key in KEYS:
        hidden = ex.solution(key)
        assert "reveal=True" in hidden
        assert ex.solution(key, reveal=True) not in hidden


def test_unknown_exercise_is_feedback_listing_the_known_ones():
    feedback = ex.check("99.9", 1)
    assert not feedback.ok and feedback.message.startswith("⚠️") and "01.1" in feedback.message


# --- notebooks 00, 01 and 03 (issue 10): hints that read well, answers accepted in any correct form ------------


@pytest.mark.parametrize(("answer", "hint"), [
    ((0, 2, 0), "points the right way but is 2 long"),
    ((1, 0, 0), "points right"),
    ((1, 1, 1), "not one of the three axes"),
])
def test_00_1_hints_say_what_is_wrong(answer, hint):
    feedback = ex.check("00.1", answer)
    assert feedback.message.startswith("❌ Not yet") and hint in feedback.message


@pytest.mark.parametrize("answer", [
    np.exp(1j * np.pi / 4) * 2, np.sqrt(2) + np.sqrt(2) * 1j, 2 * ql.complex_from_angle(45, degrees=True),
    complex(2 * np.cos(np.pi / 4), 2 * np.sin(np.pi / 4)),
])
def test_01_3_accepts_any_form_of_twice_e_to_the_i_45(answer):
    assert ex.check("01.3", answer).ok


@pytest.mark.parametrize(("answer", "hint"), [
    (ql.complex_from_angle(45, degrees=True), "|w| = 1"),
    (4 * ql.complex_from_angle(45, degrees=True), "did you square it"),
    (2j, "here 90°"),
    (0, "sends every point to 0"),
])
def test_01_3_hints(answer, hint):
    feedback = ex.check("01.3", answer)
    assert feedback.message.startswith("❌ Not yet") and hint in feedback.message, feedback.message


@pytest.mark.parametrize("answer", [90, 90.0, 450, -270, np.float32(90)])
def test_01_4_accepts_the_turn_written_any_way(answer):
    assert ex.check("01.4", answer).ok


@pytest.mark.parametrize(("answer", "hint"), [(45, "angle between the mirrors"), (-90, "sense"), (270, "sense"),
                                              (130, "Only the angle between them counts")])
def test_01_4_hints(answer, hint):
    feedback = ex.check("01.4", answer)
    assert feedback.message.startswith("❌ Not yet") and hint in feedback.message, feedback.message


def test_01_4_prediction_is_what_the_reflections_do():
    z = ql.reflect_complex(ql.reflect_complex(1, 20, degrees=True), 65, degrees=True)
    assert ex.check("01.4", float(np.degrees(np.angle(z)))).ok


@pytest.mark.parametrize("answer", [((0, 0, 1), 90), ((0, 0, -1), -90), ((0, 0, 5), 450), ([0, 0, 1], -270)])
def test_03_2_accepts_every_way_to_write_the_turn(answer):
    assert ex.check("03.2", answer).ok


@pytest.mark.parametrize(("answer", "hint"), [
    (((0, 0, 1), -90), "wrong sense"),
    (((0, 0, -1), 90), "wrong sense"),
    (((0, 0, 1), 45), "not the turn"),
    (((1, 0, 0), 90), "perpendicular to n1 and to n2"),
    (((0, 0, 1), 60), "a turn by 60°"),
])
def test_03_2_hints(answer, hint):
    feedback = ex.check("03.2", answer)
    assert feedback.message.startswith("❌ Not yet") and hint in feedback.message, feedback.message


def test_03_2_the_answer_is_the_mirror_product():
    q = ql.quaternion_from_mirrors([1, 0, 0], [1, 1, 0])
    axis, angle = ql.axis_angle_from_quaternion(q)
    assert ex.check("03.2", (axis, np.degrees(angle))).ok


def test_03_1_accepts_normals_copied_from_the_demo_readout_at_every_turn():
    """The readout shows the normals to three decimals, and "turn both" makes them irrational."""
    from quatlib.models.mirrors import mirrors_state

    for turn in np.arange(-180, 180.5, 1.0):
        s = mirrors_state(45, turn, 0, 90)
        for digits in (3, 4):
            feedback = ex.check("03.1", (np.round(s.n1, digits), np.round(s.n2, digits)))
            assert feedback.ok, (turn, digits, feedback.message)


def test_03_1_still_rejects_a_turn_a_degree_off():
    n2 = (np.cos(np.radians(45.5)), 0, -np.sin(np.radians(45.5)))  # mirrors 45.5° apart: a 91° turn
    feedback = ex.check("03.1", ((1, 0, 0), n2))
    assert not feedback.ok and "turn by 91°" in feedback.message, feedback.message


def test_03_3_accepts_vectors_and_pure_quaternions():
    v = np.array([0, 1, 2, 3])
    mirror = ql.multiply(ql.multiply(ql.K, v), ql.K)
    turn = ql.multiply(ql.multiply(ql.K, v), ql.conjugate(ql.K))
    assert ex.check("03.3", (mirror, turn)).ok
    assert ex.check("03.3", (mirror[1:], turn[1:])).ok
    np.testing.assert_allclose(mirror[1:], ql.reflect([1, 2, 3], [0, 0, 1]))  # k v k is the reflection
    np.testing.assert_allclose(turn[1:], ql.rotate_vector(ql.K, [1, 2, 3]))  # k v k* is the half turn


@pytest.mark.parametrize(("answer", "hint"), [
    (((-1, -2, 3), (1, 2, -3)), "swapped"),
    (((1, 2, 3), (-1, -2, 3)), "which component flips"),
    (((1, 2, -3), (1, 2, -3)), "What is k*?"),
    (((1, 1, 2, -3), (0, -1, -2, 3)), "real part"),
])
def test_03_3_hints(answer, hint):
    feedback = ex.check("03.3", answer)
    assert feedback.message.startswith("❌ Not yet") and hint in feedback.message, feedback.message


def test_every_notebook_with_exercises_has_a_question():
    for key in KEYS:
        assert ex.question(key).strip().endswith(("?", ")", "."))


# --- regression tests, issue 12: never fooled, never leaking, never a traceback -----------------------------


def _slerp_short(q0, q1, t):
    """A right answer to 06.2: the sign flipped by hand (the question rules out ``shortest=True``)."""
    if ql.dot(q0, q1) < 0:
        q1 = -q1
    return ql.slerp(q0, q1, t, shortest=False)


def _slerp_by_default(q0, q1, t):
    return ql.slerp(q0, q1, t)  # shortest=True by default: the flip the question asks you to write


def _slerp_by_flag(q0, q1, t):
    return ql.interpolate(q0, q1, t, "slerp", True)


def _step_blend(q0, q1, t):
    """q0 for the first half, -q1 for the second: ends right, 'turns' 20°, but jumps."""
    return np.where((np.asarray(t) < 0.5)[:, None], q0, -np.asarray(q1))


def _mutating_blend(q0, q1, t):
    q1[:] = q0  # writes into the checker's array, then stays at q0
    return np.tile(q0, (len(t), 1))


def _always_flipping_blend(q0, q1, t):
    return ql.slerp(q0, -np.asarray(q1), t, shortest=False)


def _frozen_blend(q0, q1, t):
    """Ignores q0 and q1: always the path of the exercise's own pair."""
    a = ql.quaternion_from_euler(170, 0, 0, degrees=True)
    b = ql.quaternion_from_euler(-170, 0, 0, degrees=True)
    return ql.slerp(a, b, t)


@pytest.mark.parametrize("blend, hint", [
    (_step_blend, "jumps"),
    (lambda q0, q1, t: 5 * ql.slerp(q0, q1, t), "length 5"),
    (lambda q0, q1, t: 1e308 * ql.slerp(q0, q1, t), "length inf"),
    (_mutating_blend, "start at q0 and end at the orientation of q1"),
    (_always_flipping_blend, "must be left alone"),
    (_frozen_blend, "start at q0 and end at the orientation of q1"),
])
def test_06_2_is_not_fooled_by_a_step_a_non_unit_or_a_mutating_blend(blend, hint):
    feedback = ex.check("06.2", blend)
    assert not feedback.ok, feedback.message
    assert feedback.message.startswith("❌ Not yet") and hint in feedback.message, feedback.message


def test_06_2_accepts_a_blend_that_flips_q1_in_place():
    def blend(q0, q1, t):
        if ql.dot(q0, q1) < 0:
            q1 *= -1  # writes into its own argument: allowed, it is a copy
        return ql.slerp(q0, q1, t, shortest=False)

    assert ex.check("06.2", blend).ok
    assert ex.check("06.2", _slerp_short).ok


@pytest.mark.parametrize("blend, call", [(_slerp_by_default, "ql.slerp(q0, q1, t)"),
                                         (_slerp_by_flag, "ql.interpolate(q0, q1, t, 'slerp', True)")])
def test_06_2_rejects_the_short_path_flag_its_question_rules_out(blend, call):
    feedback = ex.check("06.2", blend)
    assert not feedback.ok
    assert feedback.message.startswith("❌ Not yet") and call in feedback.message and "shortest=False" in \
        feedback.message, feedback.message


def test_06_1_solution_comment_shows_the_checked_numbers():
    right = ex.EXERCISES["06.1"].solution_answer()
    shown = ex.solution("06.1", reveal=True)
    assert "# (" + ", ".join(f"{v:.2f}" for v in right) + ")" in shown
    assert ex.check("06.1", right).ok


@pytest.mark.parametrize("digits", [1, 2, 4])
def test_06_1_accepts_the_answer_to_a_tenth_of_a_degree_as_its_question_asks(digits):
    right = np.array(ex.EXERCISES["06.1"].solution_answer())
    assert ex.check("06.1", tuple(np.round(right, digits))).ok  # NLERP's 35.7688° as 35.8 passes
    assert not ex.check("06.1", tuple(right + [0, 0, 0.2, 0])).ok  # 0.2° off: not the NLERP number


def test_06_2_placeholder_of_zeros_gets_feedback_not_a_traceback():
    feedback = ex.check("06.2", lambda q0, q1, t: np.zeros((len(t), 4)))
    assert not feedback.ok
    assert feedback.message.startswith("❌ Not yet") and "length 0" in feedback.message


def _forever_calling(q0, q1, t):
    while True:
        try:
            ql.normalize(q0)
        except Exception:  # noqa: BLE001, S110 - a learner's loop that swallows errors is stopped too
            pass


def _forever_without_a_call(q0, q1, t):
    while True:
        try:
            pass
        except Exception:  # noqa: BLE001, S110
            pass


@pytest.mark.parametrize("forever", [
    _forever_calling,
    pytest.param(_forever_without_a_call, marks=pytest.mark.skipif(
        sys.version_info < (3, 11),
        reason="CPython 3.10 never runs a signal handler in a loop that jumps back onto a `try` and makes no call "
               "(nor does the kernel's Interrupt button stop it); 3.11 checks for signals at every backward jump")),
])
def test_06_2_blend_that_loops_forever_is_stopped(monkeypatch, forever):
    monkeypatch.setattr(ex, "TIME_LIMIT_SECONDS", 0.5)

    feedback = ex.check("06.2", forever)  # the limit fires: the check comes back (a hang would stop the run)
    assert not feedback.ok and "took longer than 0.5 s" in feedback.message
    assert ex.check("06.2", _slerp_short).ok, "the next check works as usual"


def test_the_time_limit_gives_back_an_alarm_already_set(monkeypatch):
    monkeypatch.setattr(ex, "TIME_LIMIT_SECONDS", 0.2)
    fired = []
    previous = signal.signal(signal.SIGALRM, lambda *_: fired.append(True))
    try:
        signal.setitimer(signal.ITIMER_REAL, 3.0)
        ex.check("06.2", lambda q0, q1, t: time.sleep(30))
        left, _ = signal.setitimer(signal.ITIMER_REAL, 0)
        assert 0 < left < 3.0 and not fired, "the outer timer is running again, with what was left of it"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_an_endless_iterator_answer_is_not_read_forever():
    import itertools

    feedback = ex.check("07.1", itertools.count(1))
    assert not feedback.ok and feedback.message.startswith("⚠️")


def _docstrings():
    objects = [ex, ex.check, ex.solution, ex.question, ex.exercises_for, ex.Feedback, ex.Exercise]
    return {getattr(o, "__name__", repr(o)): o.__doc__ or "" for o in objects}


def _solution_lines(key):
    code = ex.solution(key, reveal=True)
    return [line.strip() for line in code.splitlines() if len(line.strip()) > 12]


@pytest.mark.parametrize("key", KEYS)
def test_no_docstring_leaks_an_answer(key):
    for name, doc in _docstrings().items():
        for line in _solution_lines(key):
            assert line not in doc, f"{name}'s docstring shows the solution of {key}: {line}"
        for example in doctest.DocTestParser().get_examples(doc):
            if f'"{key}"' in example.source and "reveal=True" not in example.source:
                assert not example.want.startswith("✅"), f"{name}'s docstring shows a correct answer to {key}"


def test_no_docstring_example_gets_an_answer_accepted(monkeypatch):
    """Run every example of the module (methods' too): none may give a check a correct answer, whatever it
    prints (``exercise.check((-1, 0, 0)).ok`` showing ``True`` gives 04.2 away as surely as a ✅)."""
    accepted = []
    check = ex.Exercise.check

    def spy(self, answer):
        feedback = check(self, answer)
        if feedback.ok:
            accepted.append((self.key, answer))
        return feedback

    monkeypatch.setattr(ex.Exercise, "check", spy)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for test in doctest.DocTestFinder().find(ex):
        runner.run(test, out=lambda text: None)
    assert runner.summarize(verbose=False).attempted > 10  # the examples did run
    assert accepted == []


def test_no_docstring_example_is_a_correct_answer():
    for name, doc in _docstrings().items():
        for example in doctest.DocTestParser().get_examples(doc):
            assert "✅" not in example.want, f"{name}: {example.source}"
            assert "reveal=True" not in example.source, f"{name}: {example.source}"


@pytest.mark.parametrize("key", KEYS)
def test_displaying_an_exercise_does_not_show_its_solution(key):
    exercise = ex.EXERCISES[key]
    for shown in (repr(exercise), str(exercise), repr(ex.EXERCISES)):
        for line in _solution_lines(key):
            assert line not in shown
    assert key in repr(exercise) and exercise.question in repr(exercise)


@pytest.mark.parametrize("key, message", [
    ("4.2", 'Did you mean "04.2"?'),
    ("04.9", "the exercises are 00.1, 01.1"),
    (["04.2"], 'a string like "04.2"'),
    ({"a": 1}, 'a string like "04.2"'),
    (None, 'a string like "04.2"'),
])
def test_a_wrong_or_unhashable_key_is_feedback_not_a_traceback(key, message):
    feedback = ex.check(key, (1, 0, 0))
    assert not feedback.ok and feedback.message.startswith("⚠️") and message in feedback.message
    assert message in ex.solution(key, reveal=True) and message in ex.question(key)


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("huge", [list(range(10**6)), ["x"] * 10**6, "x" * 10**6, np.zeros(10**6)])
def test_a_huge_answer_gets_a_short_message(key, huge):
    feedback = ex.check(key, huge)
    assert not feedback.ok
    assert len(feedback.message) < 400, feedback.message[:400]


def _all_masked(answer):
    if isinstance(answer, tuple) and any(np.ndim(part) > 0 for part in answer):  # a pair: mask each part
        return tuple(_all_masked(part) for part in answer)
    return np.ma.masked_array(np.asarray(answer), mask=True)


@pytest.mark.parametrize("key", [k for k in KEYS if k != "06.2"])
def test_an_all_masked_array_is_not_correct(key):
    feedback = ex.check(key, _all_masked(ex.EXERCISES[key].solution_answer()))
    assert not feedback.ok, feedback.message
    assert feedback.message.startswith("⚠️")


def test_06_2_a_masked_blend_is_not_correct():
    feedback = ex.check("06.2", lambda q0, q1, t: np.ma.masked_array(ql.slerp(q0, q1, t), mask=True))
    assert not feedback.ok and "masked" in feedback.message


def test_a_checker_that_fails_unexpectedly_still_gives_feedback(monkeypatch):
    def broken(answer):
        raise RuntimeError("x" * 10_000)

    monkeypatch.setitem(ex.EXERCISES, "04.2", ex.Exercise("04.2", "q?", broken, "answer = 1", lambda: 1))
    feedback = ex.check("04.2", (1, 0, 0))
    assert not feedback.ok and feedback.message.startswith("⚠️") and "RuntimeError" in feedback.message
    assert len(feedback.message) < 400


# --- 02 and 04: any correct form is accepted ---------------------------------------------------------------------


@pytest.mark.parametrize("yaw", [-170.0, -35.5, 0.0, 47.0, 200.0, 725.0])
def test_02_1_accepts_every_pair_with_the_same_orientation(yaw):
    assert ex.check("02.1", (yaw, yaw - 10)).ok
    assert ex.check("02.1", (yaw, yaw + 350)).ok  # roll wrapped by a whole turn
    assert not ex.check("02.1", (yaw, yaw - 11)).ok


@pytest.mark.parametrize(("axis", "angle"), [((1, 1, 1), 120), ((0.3, 0.3, 0.3), 120), ((-1, -1, -1), -120),
                                             ((1, 1, 1), 480), ((-2, -2, -2), 240)])
def test_02_2_accepts_every_way_to_write_the_one_turn(axis, angle):
    assert ex.check("02.2", (axis, angle)).ok


@pytest.mark.parametrize("seed", range(5))
def test_04_4_accepts_any_vector_across_the_axis(seed):
    rng = np.random.default_rng(seed)
    v = np.cross([2, 1, 2], rng.normal(size=3)) * rng.uniform(0.1, 10)
    assert ex.check("04.4", v).ok
    assert not ex.check("04.4", v + 0.1 * np.array([2, 1, 2])).ok


# --- 05: any sensible normalization is judged right; the Euler drift is predicted, not guessed ----------------


def test_05_1_accepts_the_answer_of_either_sensible_normalization():
    for answer, who in ((17, "ql.normalize"), (16, "ql.normalize_in_dtype"), (17.0, "ql.normalize")):
        feedback = ex.check("05.1", answer)
        assert feedback.ok and who in feedback.message, (answer, feedback.message)
    assert "Find the largest" in ex.check("05.1", 15).message
    assert "above 1e-6" in ex.check("05.1", 18).message


def test_05_2_accepts_the_length_within_half_a_percent_and_hints_otherwise():
    right = (1 + (np.pi / 60) ** 2) ** 300
    for answer in (right, 2.27, 2.28, np.float32(right)):
        assert ex.check("05.2", answer).ok, answer
    assert "rounding is not the issue" in ex.check("05.2", 1.0).message
    assert "600 such factors" in ex.check("05.2", 1.5).message


# --- 08: the turret's exercises accept every right answer --------------------------------------------------


def test_08_2_any_spelling_of_the_right_letters_is_accepted():
    for answer in (["c", "e"], ("E", "c"), {"e", "c"}, "c, e", "ec"):
        assert ex.check("08.2", answer).ok, answer


def test_08_2_right_letters_are_where_slerp_rolls():
    """The accepted set is computed from the model: exactly the pairs whose yaw and pitch both change."""
    from quatlib.models.turret import turret_state

    both_change = {k for k, ((ya, pa), (yb, pb)) in ex._08_2_PAIRS.items() if ya != yb and pa != pb}
    assert both_change == {"c", "e"} == set(ex.EXERCISES["08.2"].solution_answer())
    for k, ((ya, pa), (yb, pb)) in ex._08_2_PAIRS.items():
        assert (turret_state(ya, pa, yb, pb, 0).roll_slerp > 1) is (k in both_change)


def test_08_3_every_quaternion_of_the_pose_is_accepted():
    """Judged as a rotation: q or -q, the yaw as 175° or -185° (or 535°), any positive length."""
    for yaw in (175, -185, 535):
        q = ql.quaternion_from_euler(yaw, 20, 0, degrees=True)
        for answer in (q, -q, 2.5 * q, list(q)):
            assert ex.check("08.3", answer).ok, (yaw, answer)
    assert not ex.check("08.3", ql.quaternion_from_euler(175, -20, 0, degrees=True)).ok


# --- hints point without telling -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("key", "answer", "telling"), [
    ("00.1", (0, 0, 1), ["puts y up", "(0, 1, 0)"]),
    ("00.1", (0, -1, 0), ["Flip the sign"]),
    ("01.4", 45, ["130° − (40° − α)", "90°"]),
    ("01.4", -90, ["counter-clockwise. Reflecting", "90°"]),
    ("02.1", (30, -20), ["must stay 10°"]),
    ("02.1", (40, 10), ["has yaw - roll = 10°", "fixed by their difference"]),
    ("03.1", ((1, 0, -1), (1, 0, 0)), ["Swap the two mirrors"]),
    ("03.1", ((1, 0, 0), (1, 1, 0)), ["normals with y = 0"]),
    ("03.1", ((1, 0, 0), (0, 0, 1)), ["half of 90°", "45°"]),
    ("03.2", ((0, 0, 1), 45), ["twice as far"]),
    ("03.3", ((1, 2, -3), (1, 2, -3)), ["(-1, -2, 3)", "180° about z", "k v k* = -(k v k)"]),
    ("04.1", ((0, 0, 1), (-1, 0, 0)), ["toward -z", "(0, 0, -1)"]),
    ("04.1", ((1, 0, 0), (-1, 0, 0)), ["toward -z", "(0, 0, -1)"]),
    ("04.2", (0, 1, 0), ["opposite way", "(-1, 0, 0)", "-x"]),
    ("04.4", (1, 0, 0), ["must have no part along"]),
    ("05.2", 2.0, ["sqrt(1 + (|ω| dt / 2)²)", "2.27"]),
    ("06.1", (40, 80, 35.77, 85), ["t × 170°", "42.5"]),
    ("06.1", (42.5, 85, 35.77, 80), ["meets it in the middle", "85"]),
    ("06.2", lambda q0, q1, t: ql.slerp(q0, q1, t, shortest=False), ["blend toward -q1", "q0 · q1 < 0, "]),
    ("07.1", [1, 2, 4, 6], ["never becomes zero"]),
    ("07.3", 3, ["adds one full twist", "not 3."]),
    ("08.1", ql.multiply(ql.quaternion_from_axis_angle([0, 0, 1], 45, degrees=True),
                         ql.quaternion_from_euler(90, 0, 0, degrees=True)), ["goes on the right"]),
    ("08.3", ql.quaternion_from_euler(175, 10, 0, degrees=True), ["from 10° to 50°", "20°"]),
])
def test_hints_point_without_giving_the_answer_away(key, answer, telling):
    feedback = ex.check(key, answer)
    assert feedback.message.startswith("❌ Not yet"), feedback.message
    for phrase in telling:
        assert phrase not in feedback.message, f"{key}: the hint gives it away ({phrase!r}): {feedback.message}"


def test_05_1_a_right_answer_is_not_cut_off_on_a_slow_laptop(monkeypatch):
    """Its checker runs four simulations itself; on a busy machine that took over 10 s and a right answer got ⚠️."""
    right = {name: ex._drift_worst(17, name) for name in ex._drift_normalizers()}
    later = {name: ex._drift_worst(18, name) for name in ex._drift_normalizers()}

    def slow(n, name):  # each simulation as slow as a busy laptop makes it, relative to the limit
        time.sleep(0.15)
        return right[name] if n == 17 else later[name]

    monkeypatch.setattr(ex, "TIME_LIMIT_SECONDS", 0.5)
    monkeypatch.setattr(ex, "_drift_worst", slow)
    assert ex.check("05.1", 17).ok  # 4 × 0.15 s > 0.5 s, within 05.1's time_factor × 0.5 s


# --- answers as learners write them: copied from a printout, None, True, repeats (a review of every checker) ------


def _printed(value):
    """``value`` as the notebooks print it: 4 decimals."""
    return np.round(np.asarray(value), 4)


@pytest.mark.parametrize(("key", "answer"), [
    ("01.1", np.exp(1j * 1.5708)),  # π/2 to 4 decimals
    ("01.1", np.array([1j])),
    ("01.3", 1.4142 + 1.4142j),
    ("01.3", 1.414 + 1.414j),
    ("02.2", ((0.5774, 0.5774, 0.5774), 120)),
    ("03.2", ((0.0001, 0, 1), 90)),
    ("04.4", (0.447214, -0.894427, 0)),  # the reference's unit vector to 6 decimals
    ("04.4", (1, -2, 1e-6)),
    ("08.1", _printed(ql.multiply(*ex._08_1_parts()))),
    ("08.3", _printed(ex._08_3_state().q_wrapped)),
])
def test_a_right_answer_copied_from_a_printout_is_right(key, answer):
    feedback = ex.check(key, answer)
    assert feedback.ok, feedback.message


@pytest.mark.parametrize(("key", "answer"), [
    ("08.1", _printed(ql.multiply(*reversed(ex._08_1_parts())))),
    ("08.3", _printed(ex._08_3_state().q_euler)),
    ("04.4", (0.45, -0.89, 0.01)),
])
def test_a_wrong_answer_copied_from_a_printout_is_still_wrong(key, answer):
    assert not ex.check(key, answer).ok


@pytest.mark.parametrize(("key", "answer", "hint"), [
    ("00.1", (0, 0, -1), "along z"),
    ("00.1", (0, 0, 2), "z up is common"),
    ("00.1", (0, -2, 0), "points down"),
    ("00.1", (0, 0, 0), "no direction"),
    ("07.2", lambda t: np.array([np.cos(np.radians(t) / 2), 0, -np.sin(np.radians(t) / 2), 0]), "other way round"),
    ("07.2", lambda t: np.array([np.cos(t / 2), 0, np.sin(t / 2), 0]), "np.radians"),
    ("07.2", lambda t: 2 * ql.quaternion_from_axis_angle([0, 1, 0], t, degrees=True), "of length 2"),
    ("04.3", (1, 2, 3), "turns keep lengths"),
])
def test_each_mistake_gets_its_own_hint(key, answer, hint):
    feedback = ex.check(key, answer)
    assert feedback.message.startswith("❌ Not yet") and hint in feedback.message, feedback.message


@pytest.mark.parametrize("key", ["00.1", "01.1", "01.4", "04.4", "05.1", "07.3", "08.1"])
def test_none_is_named_not_read_as_nan(key):
    feedback = ex.check(key, None)
    assert feedback.message.startswith("⚠️") and "is None" in feedback.message, feedback.message
    assert "NaN" not in feedback.message


@pytest.mark.parametrize("key", ["05.1", "07.3", "01.1"])
def test_true_is_not_a_number(key):
    feedback = ex.check(key, True)
    assert not feedback.ok and "truth value" in feedback.message, feedback.message


def test_the_one_number_messages_say_number():
    feedback = ex.check("05.1", (1, 2))
    assert "1 number like" in feedback.message and "1 numbers" not in feedback.message, feedback.message


def test_07_2_the_notebooks_stub_is_told_it_returns_none():
    def followed(turn_deg): ...

    feedback = ex.check("07.2", followed)
    assert feedback.message.startswith("⚠️") and "returned None" in feedback.message, feedback.message


def test_07_1_a_number_given_twice_counts_once():
    assert ex.check("07.1", [2, 4, 6, 2]).ok


@pytest.mark.parametrize("key", ["04.1", "04.2", "04.3"])
def test_04_vectors_may_be_pure_quaternions(key):
    solution = ex.EXERCISES[key].solution_answer()
    as_quaternions = tuple((0.0, *v) for v in solution) if key == "04.1" else (0.0, *solution)
    assert ex.check(key, as_quaternions).ok


def _slerp_with_a_named_flag(q0, q1, t):
    short = False
    if ql.dot(q0, q1) < 0:
        q1 = -q1
    return ql.slerp(q0, q1, t, shortest=short)


def _slerp_with_options(q0, q1, t):
    options = {"shortest": False}
    if ql.dot(q0, q1) < 0:
        q1 = -q1
    return ql.slerp(q0, q1, t, **options)


@pytest.mark.parametrize("blend", [_slerp_with_a_named_flag, _slerp_with_options])
def test_06_2_a_flag_passed_by_name_is_judged_by_what_the_blend_does(blend):
    feedback = ex.check("06.2", blend)
    assert feedback.ok, feedback.message
