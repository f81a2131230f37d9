"""Offered load of an instance: how hard its jobs contend for the cluster (one rule a problem).

Each rule is a demand over a capacity; a value >= 1 means the demand cannot all be served at
once (or within the window), so the methods must choose. ``instances/lib/README.md`` states
every rule; the registry ``LOADS`` maps a problem to its rule (a problem without one: ``None``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

LOADS: dict[str, Callable[[Any], float | None]] = {}


def _rule(problem: str) -> Callable[[Callable[[Any], float | None]],
                                    Callable[[Any], float | None]]:
    def deco(fn: Callable[[Any], float | None]) -> Callable[[Any], float | None]:
        LOADS[problem] = fn
        return fn

    return deco


@_rule("oef")
def _oef(inst: Any) -> float:
    """Users' minimum GPU demands over the GPUs: sum of min_demand / sum of GPU counts."""
    demand = sum(u.min_demand for u in inst.users)
    return demand / sum(g.count for g in inst.gpu_types)


@_rule("ojpp")
def _ojpp(inst: Any) -> float:
    """Compute demand over the device pool: sum workers x compute / (devices x capacity)."""
    cap = dict(inst.capacity).get("compute", 1.0)
    demand = sum(j.workers * j.compute for j in inst.jobs)
    return demand / (inst.devices * cap)


@_rule("revenue")
def _revenue(inst: Any) -> float:
    """Worker-slots of every job at full width (distributed placement) over the worker slots
    offered during the arrival window: sum D_j d_j(D, D_j) / (sum C_sw x (arrival span + 1))."""
    demand = sum(int(inst.chunks[j]) * inst.duration(j, "D", int(inst.chunks[j]))
                 for j in range(inst.n_jobs))
    window = int(max(inst.arrival)) - int(min(inst.arrival)) + 1
    return demand / (float(inst.cap_w.sum()) * window)


@_rule("completion")
def _completion(inst: Any) -> float | None:
    """The jobs' ideal per-slot demand over the cluster's capacity, on the tightest resource
    (1 / the generator's achieved kappa, read from the provenance)."""
    prov = inst.provenance if isinstance(inst.provenance, dict) else {}
    ratios = prov.get("capacity_over_ideal")
    if not ratios:
        return None
    return max(1.0 / r for r in ratios if r > 0)


@_rule("ltgf")
def _ltgf(inst: Any) -> float:
    """GPU-time demand over GPU-time offered: sum gpus x duration / (GPUs x submission span),
    the span running from the first submission to the last one plus one lease."""
    demand = sum(j.gpus * j.duration for j in inst.jobs)
    submits = [j.submit for j in inst.jobs]
    span = max(submits) - min(submits) + inst.lease
    return demand / (inst.nodes * inst.gpus_per_node * span)


def offered_load(inst: Any) -> float | None:
    """The offered load of ``inst`` by its problem's rule (module docstring).

    Parameters
    ----------
    inst : object
        A dlsched instance.

    Returns
    -------
    float or None
        Demand over capacity (Unit: dimensionless), rounded to 4 digits; ``None`` when the
        problem has no rule or the instance lacks what the rule reads.

    Examples
    --------
    >>> import dlsched as ds
    >>> offered_load(ds.generate("oef", n=6, k=3, seed=1, counts=[1, 1, 2]))
    1.5
    """
    fn = LOADS.get(inst.problem)
    value = fn(inst) if fn is not None else None
    if value is None or not math.isfinite(value):
        return None
    return round(float(value), 4)
