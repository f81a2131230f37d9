"""Solution format shared by every method, and the recomputed objective.

A solution is ``{"jobs": {job: {"start", "duration", "worker_type", "ps_type", "workers",
"ps"}}, "objective": sum_j w_j (start_j + duration_j), "capped": bool}``; ``workers`` and
``ps`` map server names to counts (zeros omitted); ``ps_type`` and ``ps`` are absent under
Ring-AllReduce. ``capped`` (default true) says the schedule must end by the horizon (offline);
online schedules set it false [A22] and may give ``earliest_start`` per job (the round's tau_i).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .instance import CompletionInstance


@dataclass
class JobPlan:
    """One job's decision in index form (types and servers as indices)."""

    start: int
    duration: int
    m: int
    p: int  # -1 under RAR
    workers: dict[int, int]
    ps: dict[int, int] = field(default_factory=dict)

    @property
    def completion(self) -> int:
        return self.start + self.duration


def make_solution(inst: CompletionInstance, plans: dict[int, JobPlan], *, capped: bool = True,
                  **extra: Any) -> dict[str, Any]:
    """Index plans -> the JSON solution (objective recomputed from starts and durations)."""
    jobs: dict[str, Any] = {}
    for j in sorted(plans):
        pl = plans[j]
        rec: dict[str, Any] = {
            "start": int(pl.start), "duration": int(pl.duration),
            "worker_type": inst.worker_names[pl.m],
            "workers": {inst.server_names[h]: int(c) for h, c in sorted(pl.workers.items()) if c},
        }
        if not inst.ring:
            rec["ps_type"] = inst.ps_names[pl.p]
            rec["ps"] = {inst.server_names[h]: int(c) for h, c in sorted(pl.ps.items()) if c}
        jobs[inst.job_names[j]] = rec
    return {"jobs": jobs, "objective": objective(inst, plans), "capped": capped, **extra}


def plans_from_solution(inst: CompletionInstance, sol: dict[str, Any]) -> dict[int, JobPlan]:
    """The JSON solution of a non-preemptive schedule -> index plans (inverse of make_solution)."""
    sidx = {n: h for h, n in enumerate(inst.server_names)}
    plans = {}
    for name, rec in sol["jobs"].items():
        p = inst.ps_names.index(rec["ps_type"]) if not inst.ring else -1
        plans[inst.job_names.index(name)] = JobPlan(
            int(rec["start"]), int(rec["duration"]), inst.worker_names.index(rec["worker_type"]),
            p, {sidx[h]: int(c) for h, c in rec["workers"].items()},
            {sidx[h]: int(c) for h, c in rec.get("ps", {}).items()})
    return plans


def objective(inst: CompletionInstance, plans: dict[int, JobPlan]) -> float:
    return float(sum(inst.weight[j] * pl.completion for j, pl in plans.items()))
