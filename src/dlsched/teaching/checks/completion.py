"""Exercises of notebooks/completion.ipynb."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import dlsched as ds
from dlsched.completion.generate import generate
from dlsched.completion.support.config import configurations
from dlsched.completion.support.lists import list_schedule

from . import correct, unanswered, verify


def check_exercise_1(answer: int | None) -> None:
    """S4 with 4 GPUs: both jobs take 2 workers (2 GPUs + 1 CPU each) from slot 1 and last 2
    slots, so each completes at 3: total 6."""
    if unanswered(answer, "the optimal total weighted completion time (an integer)"):
        return
    verify(answer == 6, f"{answer}: with 4 GPUs both jobs can take 2 workers at once "
           "(the 3-GPU optimum was 7)")
    correct("6: both jobs run with 2 workers in slots 1-2 and complete at 3")


def _brute_force(inst) -> float:
    """1 || sum w_j C_j by enumeration: every job arrives at 1 and has one duration."""
    n = inst.n_jobs
    p = [min(k.d for k in configurations(inst, j)) for j in range(n)]
    best = float("inf")
    for perm in itertools.permutations(range(n)):
        t, total = 1, 0.0
        for j in perm:
            t += p[j]
            total += float(inst.weight[j]) * t
        best = min(best, total)
    return best


def check_exercise_2(answer: Callable | None) -> None:
    """An order(inst) -> job indices that makes list_schedule optimal on 1 || sum w_j C_j."""
    if unanswered(answer, "a function order(inst) returning a list of job indices"):
        return
    ratios = []
    for seed in range(5):
        inst = generate("single-machine", n=7, seed=seed, p_range=(1, 20))
        order = [int(j) for j in answer(inst)]
        verify(sorted(order) == list(range(inst.n_jobs)),
               f"seed {seed}: the order must list every job once, got {order}")
        res = list_schedule(inst, order)
        verify(res is not None and ds.check(inst, res) == [], f"seed {seed}: invalid schedule")
        ratios.append(res.objective / _brute_force(inst))
    verify(max(ratios) <= 1 + 1e-9,
           "ratios to the optimum " + ", ".join(f"{r:.3f}" for r in ratios) + ": not optimal")
    correct("optimal on all 5 instances (Smith's rule: largest w_j / p_j first)")


#: A plausible wrong answer per exercise (the tests check each one fails).
WRONG_ANSWERS = {
    1: 7,  # the 3-GPU optimum
    2: lambda inst: list(range(inst.n_jobs))[::-1],
}
