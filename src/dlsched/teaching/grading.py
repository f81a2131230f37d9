"""Checkers a student can be graded by: a wrong answer reveals nothing, numbers of any kind are
accepted, a wrong type gets one line.

``NotCorrect`` renders in Jupyter as one line (``_render_traceback_``), so the checker's code,
which holds the expected value, never shows in a traceback; its message says what is wrong with
the answer given, never what the right one is. Numbers may be Python or numpy numbers (a correct
``numpy.int64`` passes); bools are not numbers here.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np


class NotCorrect(AssertionError):
    """A wrong answer. Jupyter shows only ``not correct: <what is wrong>``."""

    def __init__(self, what_is_wrong: str) -> None:
        super().__init__(f"not correct: {what_is_wrong}")

    def _render_traceback_(self) -> list[str]:  # IPython: these lines instead of a traceback
        return [str(self)]


def unanswered(answer: Any, hint: str) -> bool:
    """True (and a printed hint) when the reader has not answered yet (``None``)."""
    if answer is None:
        print(f"not answered yet: {hint}")
        return True
    return False


def correct(why: str) -> None:
    """Print the verdict of a right answer with what it shows."""
    print(f"correct: {why}")


def verify(ok: bool, what_is_wrong: str) -> None:
    """Raise ``NotCorrect(what_is_wrong)`` unless ``ok``; the text must not hold the answer."""
    if not ok:
        raise NotCorrect(what_is_wrong)


def is_number(x: Any) -> bool:
    """A real number: Python or numpy, int or float; not a bool, not NaN."""
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, (numbers.Real, np.integer,
                                                               np.floating)):
        return False
    return not math.isnan(float(x))


def number(answer: Any, what: str) -> float:
    """``answer`` as a float, or one line saying it is not a number."""
    verify(is_number(answer), f"{what} should be a number (int or float), got "
           f"{type(answer).__name__}")
    return float(answer)


def integer(answer: Any, what: str) -> int:
    """``answer`` as an int (an integral float or numpy integer passes)."""
    x = number(answer, what)
    verify(float(x).is_integer(), f"{what} should be a whole number, got {x:g}")
    return int(x)


def numbers_list(answer: Any, what: str, length: int | None = None) -> list[float]:
    """``answer`` (list, tuple or 1-d array of numbers) as a list of floats."""
    ok = isinstance(answer, (list, tuple, np.ndarray)) and np.ndim(answer) == 1
    verify(ok, f"{what} should be a list of numbers, got {type(answer).__name__}")
    verify(length is None or len(answer) == length,
           f"{what} should have {length} entries, got {len(answer)}")
    return [number(a, f"{what}[{k}]") for k, a in enumerate(answer)]


def close(got: float, expected: float, rel: float = 1e-6, abs_: float = 1e-9) -> bool:
    """``got`` equals ``expected`` to ``rel`` relative (or ``abs_`` absolute) precision."""
    return math.isclose(got, expected, rel_tol=rel, abs_tol=abs_)


def choice(answer: Any, options: Sequence[str], what: str) -> str:
    """``answer`` is one of ``options`` (strings); else one line listing them."""
    verify(isinstance(answer, str), f"{what} should be a string, one of {list(options)}")
    verify(answer in options, f"{what}: {answer!r} is not one of {list(options)}")
    return answer


def boolean(answer: Any, what: str) -> bool:
    """``answer`` is True or False (numpy bools too)."""
    verify(isinstance(answer, (bool, np.bool_)), f"{what} should be True or False, got "
           f"{type(answer).__name__}")
    return bool(answer)


def function(answer: Any, what: str) -> Callable[..., Any]:
    """``answer`` is callable."""
    verify(callable(answer), f"{what} should be a function, got {type(answer).__name__}")
    return answer
