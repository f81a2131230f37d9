"""LTGF: long-term GPU-time fairness for multi-tenant clusters (ASTRAEA, Ye et al., TPDS 2022).

Tenants share a cluster of multi-GPU nodes; gang jobs run in leases; ASTRAEA picks the tenant with
the lowest long-term GPU-time fairness, then its job with the lowest job fairness. The exact
offline counterpart maximises the minimum tenant rho over lease-length slot schedules.
Formulation: ``models/ltgf.md``.
"""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.compat import alias_modules
from ..core.errors import InputError
from ..core.registry import PROBLEMS, Problem
from . import algorithms, baselines, exact  # noqa: F401  (registration: ASTRAEA first)
from .exact.starts import online_schedules
from .generate import generate, generate_slotted
from .instance import Job, LTGFInstance, Tenant, dump, parse
from .metrics import metrics as timeline_metrics
from .model import build_model
from .paper import FIG6
from .solution import SlotSolution, Solution, TimelineSolution, check_slots, timeline_of_slots
from .support.simulate import run_policy, simulate
from .support.slots import schedule_rho, slot_data
from .validate import check as check_timeline

#: the modules that moved in the layout of issue 21 (old path -> new path); the old paths still
#: import, with a DeprecationWarning
MOVED_MODULES = {
    "dlsched.ltgf.brute": "dlsched.ltgf.exact.brute",
    "dlsched.ltgf.fairness": "dlsched.ltgf.support.fairness",
    "dlsched.ltgf.policies": "dlsched.ltgf.baselines",
    "dlsched.ltgf.slots": "dlsched.ltgf.support.slots",
}
alias_modules(MOVED_MODULES)

def check(inst: LTGFInstance, sol: dict[str, Any]) -> list[str]:
    """Violations of an LTGF solution, whichever shape it has; empty when feasible.

    A slot schedule (``slots``, the exact models) goes to ``check_slots``, a timeline (the
    simulators) to ``check_timeline``.

    Parameters
    ----------
    inst : LTGFInstance
        The instance.
    sol : dict
        The solution JSON (or a ``SlotSolution`` / ``TimelineSolution``).

    Returns
    -------
    list of str
        One message per violation.

    Examples
    --------
    >>> from dlsched.ltgf.paper import fig6
    >>> inst = fig6().slotted()
    >>> check(inst, simulate(inst, "yarn-cs")), check(inst, {"slot_length": 600,
    ...     "horizon": 8, "slots": {"J1": [0, 1, 2, 3], "J2": [4, 5, 6, 7], "J3": [4, 5, 6, 7]}})
    ([], [])
    """
    if "slots" in sol:
        return check_slots(inst, sol)
    return check_timeline(inst, sol)


def objective(inst: LTGFInstance, sol: dict[str, Any]) -> float | None:
    """The solution's objective (``Problem.objective``), recomputed from the schedule.

    The minimum over tenants of rho^ten (12) of the timeline (simulators) or of the slot
    schedule (exact models); for ``objective_kind: "windows"`` (``ltgf-milp`` with
    ``objective="windows"``) the number of (tenant, window) pairs with Alloc < Fair over
    windows of ``window_slots`` slots (notes §9.2).

    Parameters
    ----------
    inst : LTGFInstance
        The instance.
    sol : dict
        The solution JSON.

    Returns
    -------
    float or None
        The objective (Unit: dimensionless, or windows); None for a windows solution without
        ``window_slots`` (not recomputable).

    Raises
    ------
    ValueError
        An unknown ``objective_kind``, or a slot schedule with an unfinished job or over
        capacity.

    Examples
    --------
    >>> from dlsched.ltgf.paper import fig6
    >>> objective(fig6().slotted(), {"slot_length": 600, "horizon": 8,
    ...     "slots": {"J1": [0, 1, 2, 3], "J2": [4, 5, 6, 7], "J3": [4, 5, 6, 7]}})
    1.0
    """
    if "slots" not in sol:
        return float(timeline_metrics(inst, sol)["min_tenant_rho"])
    kind = sol.get("objective_kind", "maxmin")
    sd = slot_data(inst, int(sol["horizon"]), float(sol["slot_length"]))
    x = np.zeros((inst.n_jobs, sd.S), dtype=np.int64)
    for name, run in sol["slots"].items():
        x[inst.job_index[name], list(run)] = 1
    if kind == "windows":
        return None if sol.get("window_slots") is None else float(
            _loss_windows(sd, x, int(sol["window_slots"])))
    if kind != "maxmin":
        raise ValueError(f"unknown objective_kind {kind!r}")
    rho = schedule_rho(sd, x)
    if rho is None:
        raise ValueError("the slot schedule has no tenant rho (unfinished job or over capacity)")
    return float(min(rho.values()))


def _loss_windows(sd: Any, x: np.ndarray, window: int) -> int:
    """(tenant, window) pairs with Alloc < Fair: per slot s, a tenant's Alloc is the GPUs its jobs
    run and Fair = min(demand, quota), the demand being the GPUs of its released jobs not
    finished before s (all in units of 1/q GPU, integers)."""
    if window < 1:
        raise ValueError(f"window_slots must be >= 1, got {window}")
    done_before = np.zeros_like(x)
    done_before[:, 1:] = np.cumsum(x, axis=1)[:, :-1] >= sd.proc[:, None]
    active = (np.arange(sd.S)[None, :] >= sd.release[:, None]) & (done_before == 0)
    count = 0
    for k in sd.tenants_with_jobs:
        mine = sd.tenant == k
        alloc = sd.q * (sd.gpus[mine] @ x[mine])
        fair = np.minimum(sd.q * (sd.gpus[mine] @ active[mine]), sd.quota_q[k])
        for w0 in range(0, sd.S, window):
            count += int(alloc[w0:w0 + window].sum() < fair[w0:w0 + window].sum())
    return count


def rules(inst: LTGFInstance) -> dict[str, Any]:
    """The statement the validator enforces on ``inst`` (``Problem.rules``), from the instance.

    Parameters
    ----------
    inst : LTGFInstance
        The instance.

    Returns
    -------
    dict
        ``time`` (``"continuous"`` / ``"slotted"``), ``lease`` (s) and ``leases``
        (``"per-job"`` / ``"synchronized"``).

    Examples
    --------
    >>> from dlsched.ltgf.paper import fig6
    >>> rules(fig6().slotted())
    {'time': 'slotted', 'lease': 600, 'leases': 'per-job'}
    """
    L = inst.lease
    return {"time": inst.time, "lease": int(L) if float(L).is_integer() else float(L),
            "leases": inst.leases}


def describe_rules(r: dict[str, Any]) -> list[str]:
    """One sentence per constraint a timeline must satisfy under the rules ``r``.

    Parameters
    ----------
    r : dict
        ``rules(inst)``.

    Returns
    -------
    list of str
        The constraints.

    Examples
    --------
    >>> describe_rules({"time": "slotted", "lease": 600, "leases": "per-job"})[-1]
    'slotted time: every run starts and ends on a multiple of 600 s'
    """
    L = r.get("lease")
    out = [
        "gang: a run holds exactly the job's GPUs, on nodes of the cluster",
        "capacity: per node and at every time, the GPUs in use are at most the node's GPUs",
        "release: no job runs before its submission",
        "service: each job receives exactly its duration of service (cold start after a "
        "preemption and checkpoint before one give no progress) and completes",
    ]
    if r.get("leases") == "synchronized":
        out.append(f"leases: synchronized, a lease ends on a multiple of {L:g} s; a running job "
                   "is preempted only there")
    else:
        out.append(f"leases: per job, a lease runs {L:g} s from its run's start and renews back "
                   f"to back; a run is preempted only after a whole number of leases")
    if r.get("time") == "slotted":
        out.append(f"slotted time: every run starts and ends on a multiple of {L:g} s")
    return out


def model_for_rules(r: dict[str, Any]) -> str | None:
    """The exact model whose feasible set is the statement ``r``: ``ltgf-milp`` for slotted
    time; None for continuous time (no exact model states it; the models refuse it).

    Parameters
    ----------
    r : dict
        ``rules(inst)``.

    Returns
    -------
    str or None
        The model's name.

    Examples
    --------
    >>> model_for_rules({"time": "slotted"}), model_for_rules({"time": "continuous"})
    ('ltgf-milp', None)
    """
    return "ltgf-milp" if r.get("time") == "slotted" else None


def _metrics(inst: LTGFInstance, result: Any) -> dict[str, float]:
    sol = result.solution
    if not sol or "segments" not in sol:
        return {}
    return timeline_metrics(inst, sol)


def _build_model(inst: LTGFInstance, model: str) -> Any:
    builders = {"ltgf-milp": "maxmin", "ltgf-milp-windows": "windows"}
    if model not in builders:
        raise InputError("model", f"exportable LTGF models: {sorted(builders)}, not {model!r}")
    if inst.time != "slotted":
        raise InputError("time", f"{model} states the slotted problem only; use inst.slotted()")
    S = max(x.shape[1] for x in online_schedules(inst))
    m = build_model(slot_data(inst, S), builders[model])
    if builders[model] == "maxmin":
        for k in m.T:  # first Dinkelbach step: does a schedule give every tenant rho >= 1?
            m.z[k].set_value(1.0)
    return m


PROBLEMS.add(
    "ltgf",
    Problem(
        name="ltgf",
        sense="max",
        description="Long-term GPU-time fairness: max-min tenant rho (12) under gang scheduling "
        "in leases (ASTRAEA, TPDS 2022)",
        parse=parse,
        dump=dump,
        check=check,
        objective=objective,
        generate=generate,
        size=lambda inst: {"jobs": inst.n_jobs, "tenants": inst.n_tenants, "gpus": inst.gpus},
        default_model="ltgf-milp",
        build_model=_build_model,
        metrics=_metrics,
        demo_instance=FIG6,
        solution_type=Solution,
        rules=rules,
        describe_rules=describe_rules,
        model_for_rules=model_for_rules,
    ),
)

__all__ = [
    "FIG6",
    "Job",
    "LTGFInstance",
    "SlotSolution",
    "Solution",
    "Tenant",
    "TimelineSolution",
    "check",
    "check_slots",
    "check_timeline",
    "dump",
    "generate",
    "generate_slotted",
    "parse",
    "run_policy",
    "simulate",
    "slot_data",
    "timeline_metrics",
    "timeline_of_slots",
]
