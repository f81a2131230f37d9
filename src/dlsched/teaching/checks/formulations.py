"""Exercises of notebooks/formulations.ipynb.

Exercise 1 compares the student's size formula with the variables the Pyomo model E1 actually
holds (counted in the built model, ``teaching.formulations.e1_size``). Exercise 2 takes the
optimum from the CP-SAT interval model, a formulation independent of the E1 LP it tests.
Exercise 3's truths follow from the notebook's theorem and its proof (a, b) and from the shape of
the configuration LP (c); (d), (e) and (f) are refuted by the notebook's own table.
tests/test_teaching_formulations.py re-measures the counterexamples and checks the true
statements on random instances.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import dlsched as ds
from dlsched.completion.generate import generate, tiny
from dlsched.completion.instance import CompletionInstance, parse
from dlsched.core.errors import InputError

from ..formulations import e1_size
from ..grading import NotCorrect, close, correct, function, integer, unanswered, verify

#: Generator settings of the notebook's instances (small jobs, 2 worker and 2 PS types).
SMALL = {
    "n_worker_types": 2,
    "n_ps_types": 2,
    "max_chunks": 4,
    "epochs": (1, 3),
    "minibatches": (5, 20),
    "minibatch_time": (0.05, 0.2),
}


def notebook_instance(seed: int = 3, kappa: float = 0.1) -> CompletionInstance:
    """The notebook's instance family: 6 PS jobs on 2 servers, capacity kappa x ideal demand."""
    return generate(
        n_jobs=6, n_servers=2, horizon=40, architecture="ps", seed=seed, kappa=kappa, **SMALL
    )


def _size_cases() -> list[tuple[str, CompletionInstance, int]]:
    """(name, instance, T_max) of exercise 1: PS and Ring-AllReduce, 1 to 3 servers."""
    return [
        ("tiny PS, 2 servers", tiny(seed=1, n_servers=2, architecture="ps"), 20),
        ("tiny Ring-AllReduce, 3 servers", tiny(seed=4, n_servers=3, architecture="ring"), 15),
        ("single machine, 4 jobs", generate("single-machine", n=4, seed=0, p_range=(1, 5)), 12),
        ("notebook seed 5", notebook_instance(5), 40),
    ]


def _call(f: Callable[..., Any], *args: Any) -> Any:
    """``f(*args)``; an exception of the student's code becomes one line."""
    try:
        return f(*args)
    except Exception as exc:  # the student's code: report it in one line, whatever it is
        raise NotCorrect(f"your function raised {type(exc).__name__}: {exc}") from None


def check_exercise_1(answer: Callable[[CompletionInstance, int], int] | None) -> None:
    """``e1_variables(inst, tmax)``: the number of variables of E1, by formula."""
    if unanswered(
        answer,
        "a function e1_variables(inst, tmax) returning the number of variables of E1 (an int)",
    ):
        return
    f = function(answer, "answer_1")
    for name, inst, tmax in _size_cases():
        got = integer(_call(f, inst, tmax), f"e1_variables on the {name} instance")
        expected = e1_size(inst, tmax, nonzeros=False)["variables"]  # counted in the model
        verify(
            got == expected,
            f"{name} instance, T_max = {tmax}: {got} is too "
            f"{'many' if got > expected else 'few'} (which variable family, or which "
            "index set, is off?)",
        )
    correct(
        "your formula counts E1's variables on PS and Ring-AllReduce instances with 1-3 "
        "servers: the X columns (one per configuration and start) and J x T_max x "
        "(1 + H R) continuous Z and V dominate"
    )


#: Largest instance exercise 2 solves (it proves the optimum and solves E1's LP).
MAX_JOBS = 8
MAX_COLUMNS = 5_000


def _instance(answer: Any) -> CompletionInstance:
    """The answer as a completion instance (an instance or its JSON dict)."""
    if isinstance(answer, dict):
        try:
            return parse(answer)
        except (InputError, KeyError, TypeError, ValueError) as exc:
            raise NotCorrect(f"the dict is not a valid completion instance: {exc}") from None
    verify(
        isinstance(answer, CompletionInstance),
        "answer_2 should be a completion instance "
        f"(from generate or parse) or its JSON dict, got {type(answer).__name__}",
    )
    return answer


def check_exercise_2(answer: Any) -> None:
    """A contended instance (OPT > LB0) with at least 3 jobs on which E1's LP = OPT."""
    from dlsched.completion.exact.bounds import e1_columns, lower_bounds, statement_tmax

    if unanswered(
        answer, "a completion instance with >= 3 jobs, OPT > LB0 and LP relaxation of E1 = OPT"
    ):
        return
    inst = _instance(answer)
    verify(
        MAX_JOBS >= inst.n_jobs >= 3,
        f"it has {inst.n_jobs} jobs: use 3 to {MAX_JOBS} (the check solves it exactly)",
    )
    verify(
        not inst.preemption,
        "it allows preemption: E1 and its LP state the non-preemptive "
        "problem (set preemption false)",
    )
    tmax = statement_tmax(inst)
    cols = e1_columns(inst, tmax)
    verify(
        cols <= MAX_COLUMNS,
        f"E1 has {cols} configuration x start columns (T_max = {tmax}): "
        f"keep it at most {MAX_COLUMNS} so the check runs in seconds",
    )
    opt = ds.solve(inst, model="completion-interval", time_limit=30, threads=1)
    verify(
        opt.status.value == "optimal",
        f"the CP-SAT interval model did not prove the optimum "
        f"within 30 s (status {opt.status.value}): make the instance smaller",
    )
    bounds = lower_bounds(inst, exact_lp=True)
    lb0, lp = bounds["lb0"], bounds["lp_relaxation"]
    verify(
        opt.objective > lb0 * (1 + 1e-9) + 1e-9,
        "not contended: OPT = LB0, every job runs "
        "at its fastest from its arrival; make the jobs compete for capacity",
    )
    verify(lp is not None, "E1's LP relaxation was not solved (see lower_bounds' notes)")
    verify(
        close(lp, opt.objective, rel=1e-6),
        f"E1's LP relaxation is {lp / opt.objective:.4f} "
        "of OPT on it: below OPT (fractional starts share the capacity)",
    )
    correct(
        f"contended (LB0 = {lb0 / opt.objective:.3f} of OPT) and E1's LP relaxation equals "
        f"OPT = {opt.objective:g}"
    )


#: The statements of exercise 3 (their letters); see the notebook for the text.
STATEMENTS = ("a", "b", "c", "d", "e", "f")
_TRUE = frozenset({"a", "b", "c"})  # proved in the notebook; d, e, f refuted by its table


def check_exercise_3(answer: Any) -> None:
    """The letters of the statements that hold on every instance."""
    if unanswered(
        answer, 'a list of letters, e.g. ["a", "d"]: the statements that hold on every instance'
    ):
        return
    ok = isinstance(answer, (list, tuple, set, frozenset))
    verify(ok, f"answer_3 should be a list of letters, got {type(answer).__name__}")
    letters = []
    for x in answer:
        verify(
            isinstance(x, str), f"answer_3 should hold letters (strings), got {type(x).__name__}"
        )
        letter = x.strip().lower()
        verify(letter in STATEMENTS, f"{x!r} is not one of {list(STATEMENTS)}")
        letters.append(letter)
    verify(len(set(letters)) == len(letters), "a letter appears twice")
    verify(
        set(letters) == _TRUE,
        "not every statement you chose holds on every instance, or "
        "one that does is missing: for each, find a proof or a counterexample (the table "
        "of section 4 has counterexamples)",
    )
    correct(
        "(a) any LP with sum X = 1 and costs w(t + d) >= w(a + d_min) is >= LB0; (b) a "
        "cut only removes fractional points; (c) with one job every pattern fits alone, so "
        "the LP picks the best single-job schedule. (d) E1's LP = the aggregate LP on the "
        "table's instances; (e) area < LB0 on seed 5; (f) the cut raises the LP"
    )


#: A plausible wrong answer per exercise (the tests check each one fails).
WRONG_ANSWERS = {
    # every configuration may start at every slot: T_max X columns per configuration
    1: lambda inst, tmax: (
        sum(len(_configs(inst, j)) for j in range(inst.n_jobs)) * tmax
        + inst.n_jobs * inst.n_servers * (len(inst.worker_names) + 1)
        + inst.n_jobs * tmax * (1 + inst.n_servers * len(inst.resources))
        + (0 if inst.ring else inst.n_jobs * inst.n_servers * (len(inst.ps_names) + 1))
    ),
    2: notebook_instance(3),  # contended, but E1's LP is 0.879 of OPT there
    3: ["a", "b", "c", "d"],
}


def _configs(inst: CompletionInstance, j: int) -> list[Any]:
    from dlsched.completion.support.config import configurations

    return configurations(inst, j)
