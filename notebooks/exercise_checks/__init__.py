"""Checks of the notebooks' exercises: ``check_exercise_N(answer)`` prints "correct: ..." or
raises an AssertionError that starts "not correct:" and says what is wrong; an unanswered
exercise (``None``) only prints a hint. The expected values are worked out here by hand or by
brute force where possible, not read from the method under study."""

from __future__ import annotations

from typing import Any


def unanswered(answer: Any, hint: str) -> bool:
    """True (and a printed hint) when the reader has not answered yet."""
    if answer is None:
        print(f"not answered yet: {hint}")
        return True
    return False


def correct(why: str) -> None:
    print(f"correct: {why}")


def verify(ok: bool, what_is_wrong: str) -> None:
    """Fail with a message that says what is wrong."""
    if not ok:
        raise AssertionError(f"not correct: {what_is_wrong}")
