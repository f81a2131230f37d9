"""The batch max-weight problem (7) (notes §2.3): a subroutine of A_online, not a completion
problem.

Problem (7): given a deadline tau, choose a subset of the jobs and one schedule each (one run,
one configuration) so that every chosen job completes by tau (t + d_j <= tau, relative slots
1..tau-1, no release dates), under the placement rows of (2) (types, 1..D_j workers, PSs,
capacities (2h), the PS bandwidth rule (2i)); maximise the accepted weight sum_j w_j.

Its objective and its validator are its own: ``accepted_weight`` and ``check_batch`` (the
completion validator ``dlsched.completion.check`` judges sum_j w_j C_j schedules of every job
and rejects a batch schedule). Its two heuristics are plain functions, not registered
completion algorithms:

- ``a_maxweight_batch``: A_maxweight (Alg. 3) on all jobs with deadline tau (the routine
  A_online runs once per round);
- ``jain_greedy``: Jain et al.'s max-weight batch greedy (GreedyRTL reconstruction).

Its exact optimum is ``dlsched.completion.exact.batch.batch_optimum``.
"""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

from typing import Any

from ..core.objective import agree
from ..core.tolerance import short_of
from .algorithms.online import a_maxweight_alg as a_maxweight_batch
from .baselines.jain_greedy import jain_greedy
from .exact.batch import batch_optimum
from .instance import CompletionInstance
from .validate import capacity_violations, job_types, segment

__all__ = ["a_maxweight_batch", "accepted_weight", "batch_optimum", "check_batch",
           "jain_greedy"]


def _int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def accepted_weight(inst: CompletionInstance, solution: dict[str, Any]) -> float:
    """The objective of (7): the total weight of the jobs a batch schedule accepts.

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    solution : dict
        A batch schedule as JSON (``jobs``: the accepted jobs only).

    Returns
    -------
    float
        sum of w_j over the accepted jobs. Unit: weight.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> accepted_weight(golden("s4"), {"jobs": {"j2": {"start": 1, "duration": 2}}})
    1.0
    """
    return float(sum(inst.weight[inst.job_names.index(n)] for n in solution["jobs"]))


def check_batch(inst: CompletionInstance, solution: dict[str, Any], deadline: int) -> list[str]:
    """Violations of a batch schedule of (7) with deadline ``deadline``; empty when feasible.

    Any subset of the jobs may be scheduled (known names), each once, in one run with one
    configuration (no ``segments`` beyond one), starting at relative slot >= 1 (no release
    dates) and completing by the deadline (start + duration <= deadline, (7b)); its run obeys
    the placement rows of (2) as in the completion validator (types, 1..D_j workers, PSs,
    (2h), (2i), the work (2f)). A reported ``accepted_weight`` must equal ``accepted_weight``.
    The deadline is the caller's (the batch problem's input), never read from the solution.

    Parameters
    ----------
    inst : CompletionInstance
        The instance (its arrivals, horizon rule and preemption rule are not used).
    solution : dict
        The batch schedule as JSON.
    deadline : int
        tau, the deadline of the batch. Unit: slots.

    Returns
    -------
    list of str
        One message per violation.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> sol = a_maxweight_batch(golden("s4"), tau=6).solution
    >>> check_batch(golden("s4"), sol, 6), check_batch(golden("s4"), sol, 2) != []
    ([], True)
    """
    errs: list[str] = []
    jobs = solution.get("jobs")
    if not isinstance(jobs, dict):
        return ["solution.jobs: missing or not a mapping"]
    unknown = set(jobs) - set(inst.job_names)
    if unknown:
        errs.append(f"solution.jobs: unknown jobs {sorted(unknown)}")
    sidx = {n: h for h, n in enumerate(inst.server_names)}
    spans: list[Any] = []
    for j, name in enumerate(inst.job_names):
        rec = jobs.get(name)
        if rec is None:
            continue  # left out: (7) accepts a subset
        where = f"jobs.{name}"
        start, d = rec.get("start"), rec.get("duration")
        if not (_int(start) and _int(d)) or d < 1 or start < 1:
            errs.append(f"{where}: start and duration must be integers >= 1")
            continue
        if start + d > deadline:
            errs.append(f"{where}: completes at {start + d} > deadline {deadline} (7b)")
        types = job_types(inst, j, rec, where, errs)
        if types is None:
            continue
        segs = rec.get("segments") or []
        if len(segs) > 1:
            errs.append(f"{where}: {len(segs)} segments; a batch schedule runs each job once")
            continue
        run = {"start": start, "end": start + d, "workers": rec.get("workers"),
               "ps": rec.get("ps")}
        got = segment(inst, j, *types, run, where, sidx, errs)
        if got is None:
            continue
        load, rate = got
        spans.append((start, start + d, load))
        if short_of(d * rate, inst.workload[j]):
            errs.append(f"{where}: {d * rate:g} of {inst.workload[j]} mini-batches done (2f)")
    capacity_violations(inst, spans, errs)
    rep = solution.get("accepted_weight")
    if rep is not None and not errs and not unknown:
        total = accepted_weight(inst, solution)
        if not agree(float(rep), total):
            errs.append(f"accepted_weight: reported {rep} but the schedule accepts {total}")
    return errs
