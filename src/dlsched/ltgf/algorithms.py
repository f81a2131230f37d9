"""Run a policy on the event simulator and package the timeline as a :class:`Result`.

The objective of every algorithm is the exact model's: min over tenants of rho^ten (12) with
(8) over the whole run; the notes §4 metrics are in ``stats``; the knobs used are reported.
"""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from ..core import InputError, Result, Status, register_algorithm
from ..sim.events import EventSim, SimConfig
from .instance import LTGFInstance
from .metrics import metrics
from .policies import POLICIES
from .validate import check


def simulate(
    inst: LTGFInstance,
    policy: str = "astraea-ltgf",
    *,
    synchronized: bool = False,
    strict_placement: bool = False,
    **knobs: Any,
) -> dict[str, Any]:
    """Simulate ``policy`` on ``inst``; returns the solution dict (timeline + knobs)."""
    pol = POLICIES[policy](inst, **knobs)
    cfg = SimConfig(
        inst.nodes,
        inst.gpus_per_node,
        inst.lease,
        inst.tick,
        inst.checkpoint,
        inst.cold_start,
        strict_placement,
        synchronized,
    )
    sim = EventSim(cfg, inst.job_submit, inst.job_gpus, inst.job_duration)
    trace = sim.run(pol)
    names = [j.name for j in inst.jobs]
    segs = [
        [names[s.job], s.start, s.end, [list(p) for p in s.placement], s.reason, s.cold, s.ckpt]
        for s in trace.segments
    ]
    return {
        "segments": segs,
        "completion": {names[i]: float(c) for i, c in enumerate(trace.completion)},
        "lease_based": pol.lease_based,
        "policy": policy,
        "knobs": {**pol.knobs, "synchronized": synchronized, "strict_placement": strict_placement},
        "preemptions": trace.preemptions,
        "decisions": trace.decisions,
    }


def with_lease(inst: LTGFInstance, lease: float) -> LTGFInstance:
    """``inst`` with another lease length L (the scheduler knob of notes §5's lease sweep)."""
    L = float(lease)
    if not inst.checkpoint + inst.cold_start < L:
        raise InputError("lease", f"{lease!r} must exceed checkpoint + cold_start overheads "
                                  f"({inst.checkpoint + inst.cold_start:g} s)")
    return replace(inst, lease=L)


def run_policy(
    inst: LTGFInstance,
    policy: str,
    window: float = 86400.0,
    validate: bool = True,
    lease: float | None = None,
    **params: Any,
) -> Result:
    """Simulate ``policy``; ``lease`` overrides the instance's lease length (recorded in the
    solution as ``lease``, which the validator then checks preemptions against)."""
    t0 = time.perf_counter()
    if lease is not None:
        inst = with_lease(inst, lease)
    sol = simulate(inst, policy, **params)
    sol["lease"] = inst.lease
    sim_s = time.perf_counter() - t0
    errs = check(inst, sol) if validate else []
    mets = metrics(inst, sol, window=window)
    stats = {
        **mets,
        "sim_s": sim_s,
        "knobs": sol["knobs"],
        "decisions": sol["decisions"],
        "jobs_per_s": inst.n_jobs / sim_s if sim_s > 0 else float("inf"),
    }
    if errs:
        stats["violations"] = errs[:20]
    return Result(
        "ltgf",
        policy,
        Status.ERROR if errs else Status.FEASIBLE,
        objective=mets["min_tenant_rho"],
        runtime_s=time.perf_counter() - t0,
        solution=sol,
        stats=stats,
    )


_DESCRIPTIONS = {
    "astraea-ltgf": "ASTRAEA Alg. 1/2: lease-based two-phase tenant-then-job LTGF scheduling",
    "yarn-cs": "YARN capacity scheduler: static quotas, per-tenant FIFO, no borrowing",
    "hived": "HiveD: guaranteed quota jobs preempt opportunistic borrowers",
    "allox": "AlloX: least-served tenants first, SJF matching, non-preemptive",
    "tiresias-l": "Tiresias-L: discretised 2D-LAS with starvation guard at lease ends",
    "themis": "Themis: finish-time fairness auction at lease ends",
    "gandiva-fair": "Gandiva_fair: gang-aware split stride scheduling (no trading)",
}


def _register(name: str) -> None:
    @register_algorithm(name, "ltgf", _DESCRIPTIONS[name])
    def _run(inst: LTGFInstance, **params: Any) -> Result:
        return run_policy(inst, name, **params)


for _name in POLICIES:
    _register(_name)
