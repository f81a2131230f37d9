"""Exercises of notebooks/ojpp.ipynb.

The collision probability is recomputed here from its definition (two or more independent
bursts), and the volume bound from the jobs' fields; exercise 2 runs the two heuristics because
the question is what they do on a given workload.
"""

from __future__ import annotations

import math
from itertools import product
from typing import Any

import dlsched as ds

from ..grading import correct, integer, unanswered, verify

#: Exercise 1: the GPU's two resident workers, the newcomers' burst probability, the limit.
RESIDENT, NEWCOMER, LIMIT = (0.2, 0.2), 0.05, 0.1
#: Exercise 3: the workload whose volume bound is asked.
BOUND_WORKLOAD = {"workload": "c-high", "n_jobs": 20, "max_workers": 10, "seed": 2}


def _collision(probs: tuple[float, ...]) -> float:
    """P(two or more of independent Bernoulli(p_w) bursts): 1 - P(none) - P(exactly one),
    summed outcome by outcome for few workers (no shared formula with the package)."""
    if len(probs) <= 12:
        total = 0.0
        for outcome in product((0, 1), repeat=len(probs)):
            if sum(outcome) >= 2:
                total += math.prod(p if o else 1 - p for p, o in zip(probs, outcome, strict=True))
        return total
    none = math.prod(1 - p for p in probs)
    one = sum(p * none / (1 - p) for p in probs)
    return 1 - none - one


def check_exercise_1(answer: Any) -> None:
    """The most p = 0.05 workers that can join two p = 0.2 workers under tau <= 0.1."""
    if unanswered(answer, "an integer number of workers"):
        return
    k = integer(answer, "the number of workers")
    verify(k >= 0, f"{k} is negative")
    tau_k = _collision((*RESIDENT, *[NEWCOMER] * k))
    verify(
        tau_k <= LIMIT, f"with {k} more workers the collision probability is {tau_k:.4f} > {LIMIT}"
    )
    tau_next = _collision((*RESIDENT, *[NEWCOMER] * (k + 1)))
    verify(
        tau_next > LIMIT,
        f"with {k} more workers tau = {tau_k:.4f} is still <= {LIMIT}: one more fits",
    )
    correct(f"{k} workers: tau = {tau_k:.4f}; one more gives {tau_next:.4f} > {LIMIT}")


def check_exercise_2(answer: Any) -> None:
    """A seed of the Mixed 20-job workload on which the Heuristic uses fewer devices than Greedy."""
    if unanswered(answer, "a seed in 0..9"):
        return
    seed = integer(answer, "the seed")
    verify(0 <= seed <= 9, f"a seed in 0..9, got {seed}")
    work = ds.generate("ojpp", workload="mixed", n_jobs=20, max_workers=10, seed=seed)
    h, g = ds.run(work, "heuristic"), ds.run(work, "greedy")
    verify(ds.check(work, h) == [] and ds.check(work, g) == [], "a placement is invalid")
    verify(
        h.objective < g.objective,
        f"on seed {seed} the Heuristic uses {h.objective:.0f} devices, Greedy {g.objective:.0f}",
    )
    correct(
        f"seed {seed}: Heuristic {h.objective:.0f} devices < Greedy {g.objective:.0f}: "
        "neither order dominates"
    )


def check_exercise_3(answer: Any) -> None:
    """max(ceil(sum omega alpha), ceil(sum omega gamma)) for the c-high workload, seed 2."""
    if unanswered(answer, "the volume lower bound (an integer number of devices)"):
        return
    got = integer(answer, "the bound")
    work = ds.generate("ojpp", **BOUND_WORKLOAD)
    compute = sum(j.workers * j.compute for j in work.jobs) / float(work.cap[0])
    memory = sum(j.workers * j.mem_base for j in work.jobs) / float(work.cap[1])
    expected = max(math.ceil(compute - 1e-9), math.ceil(memory - 1e-9))
    verify(
        got == expected,
        f"{got} is not the volume bound: sum each resource over all "
        "workers (omega_i per job), in GPUs, round up, and take the larger",
    )
    correct(
        f"{expected} devices; the optimum is far above it because the bound ignores the "
        "bursts (3) and the collision limit (5)"
    )


#: A plausible wrong answer per exercise (the tests check each one fails).
WRONG_ANSWERS = {
    1: 4,  # tau = 0.108 > 0.1
    2: 0,  # on seed 0 the Heuristic uses more devices
    3: 72,  # the exact optimum, not the bound
}
