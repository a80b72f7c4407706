"""Every exercise checks itself: solutions pass, wrong answers get hints, nothing raises."""

from __future__ import annotations

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


@pytest.mark.parametrize("key", KEYS)
def test_stored_solution_answer_passes_and_matches_the_code(key):
    assert ex.check(key, ex.EXERCISES[key].solution_answer()).ok


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
        ("03.1", ((1, 0, -1), (1, 0, 0)), "Swap the two mirrors"),
        ("03.1", ((1, 0, 0), (1, 1, 0)), "contain the y axis"),
        ("03.1", ((1, 0, 0), (0, 0, 1)), "turn by 180°"),
        ("04.1", ((0, 0, 1), (-1, 0, 0)), "-90°"),
        ("04.1", ((0, 0, -1), (1, 0, 0)), "half turn"),
        ("04.2", (1, 0, 0), "did not move"),
        ("04.3", (4, 6, 10), "length changed"),
        ("05.1", 10, "Find the largest"),
        ("05.1", 480, "above 1e-6"),
        ("06.1", (42.5, 85, 42.5, 85), "NLERP at t = 0.25"),
        ("06.1", (40, 80, 35.77, 85), "SLERP numbers"),
        ("06.2", lambda q0, q1, t: ql.slerp(q0, q1, t, shortest=False), "still turns 340°"),
        ("07.1", [2, 4], "you missed [6]"),
        ("07.1", [1, 2, 4, 6], "1 full turn"),
        ("08.1", ql.multiply(ql.quaternion_from_axis_angle([0, 0, 1], 45, degrees=True),
                             ql.quaternion_from_euler(90, 0, 0, degrees=True)), "world"),
        ("08.1", ql.quaternion_from_euler(90, 0, 0, degrees=True), "combine both"),
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
        ("06.2", lambda q0, q1, t: 1 / 0, "ZeroDivisionError"),
        ("06.2", lambda q0, q1, t: q0, "shape (101, 4)"),
        ("01.1", "i", "Python spells i as j"),
        ("03.1", ((0, 0, 0), (1, 0, 0)), "no direction"),
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


def test_unknown_exercise_lists_the_known_ones():
    with pytest.raises(KeyError, match="01.1"):
        ex.check("99.9", 1)


def test_every_notebook_with_exercises_has_a_question():
    for key in KEYS:
        assert ex.question(key).strip().endswith(("?", ")", "."))
