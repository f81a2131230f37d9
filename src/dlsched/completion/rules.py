"""The statement of a completion instance: the rules the validator enforces, read from the
instance alone (``Problem.rules``), their wording (``Problem.describe_rules``) and the exact
model that states them (``Problem.model_for_rules``).

Two rules vary between instances (notes §1 (docs/specs/completion.md), issue #32):

- ``horizon``: ``"hard"`` (``horizon_hard`` true: every job ends by slot T, the paper's
  offline model [A22]) or ``"open"`` (false, the default: T is the length of the time index and
  jobs may run past it, the problem the online algorithm and the baselines solve);
- ``preemption``: false (the default, the paper's non-preemptive model: one run, one
  configuration per job) or true (jobs may be paused and resized, ``segments``).
"""

from __future__ import annotations

from typing import Any

from .instance import CompletionInstance


def rules(inst: CompletionInstance) -> dict[str, Any]:
    """The rules a solution of ``inst`` is judged by (JSON-ready; from the instance only).

    Parameters
    ----------
    inst : CompletionInstance
        The instance.

    Returns
    -------
    dict
        ``{"horizon": "hard" | "open", "preemption": bool}``.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> rules(golden("s4"))
    {'horizon': 'open', 'preemption': False}
    """
    return {"horizon": "hard" if inst.horizon_hard else "open",
            "preemption": bool(inst.preemption)}


def describe_rules(r: dict[str, Any]) -> list[str]:
    """One sentence per constraint the validator checks under the rules ``r``.

    Parameters
    ----------
    r : dict
        Rules as ``rules`` returns them.

    Returns
    -------
    list of str
        The constraints, in the validator's order.

    Examples
    --------
    >>> describe_rules({"horizon": "hard", "preemption": False})[-3]
    'horizon (hard): every job ends by slot T (its last slot start + duration - 1 <= T)'
    """
    out = [
        "jobs: every job of the instance is scheduled once, under its own name",
        "release: a job starts at or after its arrival slot a_j (2j)",
        "types: one worker type and (PS architecture) one PS type per job, each usable by the "
        "job (finite mini-batch / update time) (2b, 2c)",
        "workers: 1..D_j workers per run (2g); under PS at least one PS (2e); "
        "Ring-AllReduce jobs have no PS",
        "work: the mini-batches done (workers / iteration time of Eq. (1) or (14), per slot "
        "of the run) reach the workload W_j = E_j D_j K_j (2f)",
        "capacity: per server, resource and slot, the workers' and PSs' demands sum to at "
        "most the server's capacity (2h)",
        "PS bandwidth: on each server hosting PSs, the traffic of the job's workers on other "
        "servers is at most the PSs' total bandwidth there (2i)",
    ]
    if r.get("horizon") == "hard":
        out.append("horizon (hard): every job ends by slot T "
                   "(its last slot start + duration - 1 <= T)")
    else:
        out.append("horizon (open): jobs may run past slot T (T is only the length of the "
                   "time index)")
    if r.get("preemption"):
        out.append("preemption allowed: a job may run in several segments with different "
                   "placements; a resume after a pause costs the segment's stall slots "
                   "(default 1) without progress")
    else:
        out.append("no preemption: each job runs once, without a pause, in one "
                   "configuration (a single segment)")
    out.append("objective: sum_j w_j C_j with C_j = start_j + duration_j (minimised)")
    return out


def model_for_rules(r: dict[str, Any]) -> str | None:
    """The exact model whose feasible set is the statement ``r``: ``completion-interval``
    (its default horizon follows the instance) for a non-preemptive statement; None (no exact
    model states preemptive schedules) otherwise.

    Parameters
    ----------
    r : dict
        Rules as ``rules`` returns them.

    Returns
    -------
    str or None
        The model's name.

    Examples
    --------
    >>> model_for_rules({"horizon": "open", "preemption": False})
    'completion-interval'
    """
    return None if r.get("preemption") else "completion-interval"
