"""Run a policy on the event simulator and package the timeline as a ``Result``.

The objective of every algorithm is the exact model's: min over tenants of rho^ten (12) with
(8) over the whole run; the notes §4 metrics are in ``stats``; the knobs used are reported.
``POLICIES`` is the table of the simulator policies by registered name: ASTRAEA
(``algorithms/``) and the baselines (``baselines/``) enter it with ``register_policy``, in
the order the package imports them (ASTRAEA first; the exact models' incumbents follow it).
"""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from ...core import InputError, Result, Status, register_algorithm
from ...sim.events import EventSim, SimConfig
from ..instance import LTGFInstance
from ..metrics import metrics
from ..solution import Solution
from ..validate import check
from .policy import Policy

P = TypeVar("P", bound=type[Policy])

#: registered name -> policy class, in registration order (ASTRAEA, then the baselines)
POLICIES: dict[str, type[Policy]] = {}


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
        solution=Solution.from_json(sol),
        stats=stats,
    )


def register_policy(description: str) -> Callable[[P], P]:
    """Class decorator: enter a policy in ``POLICIES`` under its ``name`` and register it
    as the LTGF algorithm of that name (run by ``run_policy``)."""

    def add(cls: P) -> P:
        name = cls.name
        if name in POLICIES:
            raise ValueError(f"LTGF policy {name!r} is registered twice")
        POLICIES[name] = cls

        @register_algorithm(name, "ltgf", description)
        def _run(inst: LTGFInstance, **params: Any) -> Result:
            return run_policy(inst, name, **params)

        return cls

    return add
