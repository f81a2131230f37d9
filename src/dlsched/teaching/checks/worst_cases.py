"""Exercises of notebooks/worst-cases.ipynb.

The expected values are worked out here from A_online's doubling rounds, the exact dynamic
program and the lower-bound adversary of ``dlsched.teaching.adversary`` (checked against brute
force in tests/test_teaching_adversary.py), never read from the algorithm's own output.
"""

from __future__ import annotations

from typing import Any

import dlsched as ds

from ..adversary import forced_ratio, optimum, single_machine
from ..grading import NotCorrect, close, function, number
from . import correct, student_jobs, unanswered, verify

#: Exercise 2: the ratio to beat (2 alpha at alpha = 4) with one job, and its size limit.
TARGET, MAX_JOBS, MAX_SLOT = 8.0, 1, 1024
#: Exercise 3: the job lengths the adversary tries and the ratio the rule must keep.
LENGTHS, BOUND = (50, 100, 200, 400), 2.0


def check_exercise_1(answer: Any) -> None:
    """Predict A_online's ratio (alpha = 4) on one unit job arriving at slot 100."""
    if unanswered(answer, "the ratio ALG/OPT for one unit job arriving at slot 100 (a number)"):
        return
    x = number(answer, "the ratio")
    # round tau = 128 (the first power of two >= 100), start 4 * 128, C = 513; OPT C = 101
    expected = (4 * 128 + 1) / (100 + 1)
    verify(
        close(x, expected, rel=0, abs_=0.01),
        f"{x:g} is not the ratio: which doubling point tau is the first with tau >= 100, "
        "and where does its window start?",
    )
    correct(f"{expected:.3f}: the job waits for tau = 128 and the window at alpha tau = 512")


def check_exercise_2(answer: Any) -> None:
    """One job [(p, w, a)] on which A_online (alpha = 4) has ratio > 8 = 2 alpha."""
    if unanswered(
        answer,
        f"a list with one job [(p, w, a)] on which A_online's ratio exceeds {TARGET:g}",
    ):
        return
    jobs = student_jobs(answer, MAX_JOBS, MAX_SLOT)
    inst = single_machine(jobs)
    res = ds.run(inst, "a-online", alpha=4)
    verify(ds.check(inst, res) == [], "A_online's schedule is invalid on it")
    value = res.objective / optimum(jobs)
    verify(
        value > TARGET,
        f"A_online's ratio on your instance is {value:.3f}, not above "
        f"{TARGET:g}: a unit job never gets there; what else can make a lone job wait?",
    )
    correct(
        f"ratio {value:.3f} > 2 alpha: a job that does not fit in tau - 1 slots waits for a "
        "later doubling point (this family tends to 2 alpha + 1)"
    )


def check_exercise_3(answer: Any) -> None:
    """A start rule S(p) that keeps the adversary's forced ratio <= 2 for every tried p."""
    if unanswered(
        answer,
        "a function start(p) -> the slot at which your algorithm starts a lone job of length p",
    ):
        return
    rule = function(answer, "the start rule")
    worst = []
    for p in LENGTHS:
        try:
            s = rule(p)
        except Exception as err:  # the student's code: report, do not trace back
            raise NotCorrect(f"start({p}) raised {type(err).__name__}: {err}") from None
        verify(
            number(s, f"start({p})") == int(s) and 1 <= s <= 100 * p,
            f"start({p}) = {s!r}: a whole slot between 1 and 100 p",
        )
        worst.append(forced_ratio(p, int(s))[0])
    verify(
        max(worst) <= BOUND,
        "the adversary forces "
        + ", ".join(f"{r:.3f}" for r in worst)
        + f" for p = {', '.join(map(str, LENGTHS))}: above {BOUND:g} somewhere",
    )
    correct(
        "forced ratios "
        + ", ".join(f"{r:.3f}" for r in worst)
        + ": at most 2, and no rule can stay below 2 - epsilon for every p"
    )


#: A plausible wrong answer per exercise (the tests check each one fails).
WRONG_ANSWERS = {
    1: 3.97,  # (alpha a + 1) / (a + 1): forgetting that the round waits for the doubling point
    2: [(1, 1, 65)],  # the unit-job family: 7.77
    3: lambda p: 1,  # start at once (greedy): punished by unit jobs
}
