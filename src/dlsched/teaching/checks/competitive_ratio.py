"""Exercises of notebooks/competitive-ratio.ipynb.

The expected values are worked out here from the statements (A_online's doubling rounds, the
formula of Theorem 5) or by the exact dynamic program of ``dlsched.teaching.adversary``, never
read from the algorithm's own output.
"""

from __future__ import annotations

import math
from typing import Any

import dlsched as ds

from ..adversary import optimum, single_machine
from ..grading import close, integer, number
from . import correct, student_jobs, unanswered, verify

#: Exercise 2: the ratio a-online-compact must reach, and the size limits of the instance.
COMPACT_TARGET, MAX_JOBS, MAX_SLOT = 2.5, 6, 256


def _s3_ratio(alpha: int) -> float:
    """A_online on S3 by hand: B (p 1, w 4, a 2) fits round tau = 2 (p <= tau - 1), A (p 3,
    w 1, a 1) first fits round tau = 4; each starts at alpha * tau of its round (disjoint
    windows). OPT = 18: B at slot 2 (C = 3), A after it (C = 6)."""
    c_b, c_a = alpha * 2 + 1, alpha * 4 + 3
    return (4 * c_b + 1 * c_a) / 18


def check_exercise_1(answer: Any) -> None:
    """Predict A_online's ratio on S3 at alpha = 8."""
    if unanswered(answer, "A_online's ratio ALG/OPT on S3 at alpha = 8 (a number)"):
        return
    x = number(answer, "the ratio")
    verify(
        close(x, _s3_ratio(8), rel=0, abs_=0.01),
        f"{x:g} is not A_online's ratio on S3 at alpha = 8: find each job's round tau "
        "(arrived by tau, fits in tau - 1 slots) and where that round's window starts",
    )
    correct(
        f"{_s3_ratio(8):.3f}: B waits for slot 16, A for slot 32, against OPT 18; "
        "doubling alpha roughly doubles the ratio"
    )


def check_exercise_2(answer: Any) -> None:
    """An instance (list of (p, w, a)) on which a-online-compact's ratio is >= 2.5."""
    if unanswered(
        answer,
        f"a list of at most {MAX_JOBS} jobs (p, w, a) on which "
        f"a-online-compact's ratio is at least {COMPACT_TARGET}",
    ):
        return
    jobs = student_jobs(answer, MAX_JOBS, MAX_SLOT)
    inst = single_machine(jobs)
    res = ds.run(inst, "a-online-compact")
    verify(ds.check(inst, res) == [], "a-online-compact's schedule is invalid on it")
    value = res.objective / optimum(jobs)
    verify(
        value >= COMPACT_TARGET,
        f"a-online-compact's ratio on your instance is {value:.3f}, below "
        f"{COMPACT_TARGET}: what must a job wait for even after compaction?",
    )
    correct(
        f"ratio {value:.3f}: compaction removes the window's wait, not the round's "
        "(a job waits for the first tau >= a_j with p_j <= tau - 1)"
    )


def _theorem_alpha(horizon: int, servers: int, resources: int, weights: list[float]) -> int:
    """Theorem 5's alpha from its statement: lambda = 2 T H R F + 1 (F = 1), gamma =
    2 log2 lambda, alpha = floor(log2(w(J) / w_min) / log2(gamma / (gamma - 1))) + 1."""
    lam = 2 * horizon * servers * resources + 1
    gamma = 2 * math.log2(lam)
    spread = sum(weights) / min(weights)
    return math.floor(math.log2(spread) / math.log2(gamma / (gamma - 1))) + 1


def check_exercise_3(answer: Any) -> None:
    """Theorem 5's alpha on S3 (T = 6, one server, one resource, weights 1 and 4)."""
    if unanswered(answer, "Theorem 5's alpha for S3 (a whole number)"):
        return
    x = integer(answer, "alpha")
    expected = _theorem_alpha(6, 1, 1, [1.0, 4.0])
    verify(
        x == expected,
        f"{x} is not Theorem 5's alpha for S3: lambda = 2 T H R F + 1 with "
        "S3's own T, H and R, then Lemma 2's formula in base 2",
    )
    correct(
        f"alpha = {expected}: the guarantee is 4 alpha = {4 * expected}, while A_online "
        "measured with that alpha is far below it on S3"
    )


#: A plausible wrong answer per exercise (the tests check each one fails).
WRONG_ANSWERS = {
    1: 8.0,  # "the ratio is about alpha"
    2: [(1, 1, 1)],  # a unit job at slot 1: ratio 1.5
    3: 4,  # the paper's "typical" alpha
}
