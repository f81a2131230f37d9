"""Exercises of notebooks/completion.ipynb.

Expected values are worked out here independently: A_online's windows on S3 by the doubling rule
(a two-job single-machine instance), the optimum of 1 || sum w_j C_j by enumerating every job
order, Theorem 5's alpha by its formula.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np

import dlsched as ds
from dlsched.completion.generate import generate
from dlsched.completion.support.config import configurations
from dlsched.completion.support.lists import list_schedule

from ..grading import correct, function, integer, unanswered, verify

#: S3 (docs/specs/completion.md, notes §6): (arrival, slots, weight) per job; exercise 1's alpha.
S3 = {"A": (1, 3, 1), "B": (2, 1, 4)}
ALPHA = 3
#: Exercise 3: the notebook's first contended instance (section 2).
FIRST_INSTANCE = dict(
    n_jobs=4,
    n_servers=2,
    horizon=40,
    architecture="ps",
    seed=1,
    kappa=0.1,
    last_arrival=4,
    n_worker_types=2,
    n_ps_types=2,
    max_chunks=4,
    epochs=(1, 3),
    minibatches=(5, 20),
    minibatch_time=(0.05, 0.2),
)


def _a_online_by_hand(jobs: dict[str, tuple[int, int, int]], alpha: int) -> float:
    """The doubling rule on one machine where jobs never compete for a round's window (true on
    S3: one job per round): job j goes to the first round i with tau_i = 2^(i-1) >= a_j and
    1 + p_j <= tau_i, starts at alpha tau_i and completes p_j slots later."""
    total = 0.0
    for a, p, w in jobs.values():
        tau = 1
        while tau < a or 1 + p > tau:
            tau *= 2
        total += w * (alpha * tau + p)
    return total


def check_exercise_1(answer: Any) -> None:
    """A_online (alpha = 3) on S3: B in round 2 from slot 6, A in round 3 from slot 12: 43."""
    if unanswered(answer, "A_online's total weighted completion time (an integer)"):
        return
    got = integer(answer, "the total")
    expected = _a_online_by_hand(S3, ALPHA)
    verify(got != 18, "18 is the offline optimum; A_online waits for its windows")
    verify(
        got == expected,
        f"{got} is not A_online's total: find each job's round (the first "
        "tau_i >= a_j it can finish by, from relative slot 1) and start it at alpha tau_i",
    )
    correct(
        f"{expected:g}: ratio {expected / 18:.2f} to OPT = 18; every job waits for a window "
        "that starts at alpha times its round"
    )


def _brute_force(inst: Any) -> float:
    """1 || sum w_j C_j by enumeration: every job arrives at 1 and has one duration."""
    p = [min(k.d for k in configurations(inst, j)) for j in range(inst.n_jobs)]
    best = math.inf
    for perm in itertools.permutations(range(inst.n_jobs)):
        t, total = 1, 0.0
        for j in perm:
            t += p[j]
            total += float(inst.weight[j]) * t
        best = min(best, total)
    return best


def check_exercise_2(answer: Any) -> None:
    """An order(inst) -> job indices that makes list_schedule optimal on 1 || sum w_j C_j."""
    if unanswered(answer, "a function order(inst) returning a list of job indices"):
        return
    order_of = function(answer, "order")
    ratios = []
    for seed in range(5):
        inst = generate("single-machine", n=7, seed=seed, p_range=(1, 20))
        got = order_of(inst)
        verify(
            isinstance(got, (list, tuple, np.ndarray)),
            f"order(inst) should return a list of job indices, got {type(got).__name__}",
        )
        order = [integer(j, "a job index") for j in got]
        verify(
            sorted(order) == list(range(inst.n_jobs)),
            f"seed {seed}: the order must list every job index 0..{inst.n_jobs - 1} once",
        )
        res = list_schedule(inst, order)
        verify(res is not None and ds.check(inst, res) == [], f"seed {seed}: invalid schedule")
        ratios.append(res.objective / _brute_force(inst))
    verify(
        max(ratios) <= 1 + 1e-9,
        "ratios to the optimum " + ", ".join(f"{r:.3f}" for r in ratios) + ": not optimal",
    )
    correct("optimal on all 5 instances (Smith's rule: largest w_j / p_j first)")


def check_exercise_3(answer: Any) -> None:
    """Theorem 5's alpha for the first instance with equal weights: w(J) / w_min = n."""
    if unanswered(answer, "Theorem 5's alpha with equal weights (an integer)"):
        return
    got = integer(answer, "alpha")
    inst = generate(**FIRST_INSTANCE)
    lam = 2.0 * inst.horizon * inst.n_servers * len(inst.resources) * 1.0 + 1.0
    gamma = 2.0 * math.log2(lam)
    expected = math.floor(math.log2(inst.n_jobs) / (math.log2(gamma) - math.log2(gamma - 1))) + 1
    verify(
        got == expected,
        f"{got} is not the formula's alpha: with equal weights "
        "w(J) / w_min is the number of jobs; log base 2; lambda = 2 T H R F + 1",
    )
    correct(
        f"alpha = {expected}, guarantee {4 * expected}: it depends on the weights only "
        "through w(J) / w_min, so scaling every weight changes nothing"
    )


#: A plausible wrong answer per exercise (the tests check each one fails).
WRONG_ANSWERS = {
    1: 31,  # alpha = 2's total
    2: lambda inst: list(range(inst.n_jobs))[::-1],
    3: 38,  # the instance's own weights, not equal ones
}
