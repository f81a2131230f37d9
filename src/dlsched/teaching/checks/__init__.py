"""Exercise checkers of the notebooks, one module per notebook (``check_exercise_N(answer)``).

Each prints ``correct: ...`` or raises ``NotCorrect`` (one line, says what is wrong without the
answer); an unanswered exercise (``None``) only prints a hint. Expected values are worked out
here by hand or by brute force where possible, not read from the method under study.
"""

from __future__ import annotations

from ...core.errors import InputError
from ..adversary import Job, check_jobs
from ..grading import NotCorrect, correct, unanswered, verify

__all__ = ["correct", "student_jobs", "unanswered", "verify"]


def student_jobs(answer: object, max_jobs: int, max_slot: int) -> list[Job]:
    """A student's one-GPU jobs ``(p, w, a)``, or one line saying what is wrong with them
    (at most ``max_jobs`` jobs, every p and a at most ``max_slot``, weights at most 1e9)."""
    try:
        jobs = check_jobs(answer, max_jobs)
    except InputError as err:
        raise NotCorrect(str(err)) from None
    verify(all(p <= max_slot and a <= max_slot for p, _, a in jobs),
           f"keep every p and a at most {max_slot}")
    verify(all(w <= 1e9 for _, w, _ in jobs), "keep every weight at most 1e9")
    return jobs
