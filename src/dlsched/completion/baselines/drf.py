"""DRF baseline (dominant resource fairness, Ghodsi et al.; notes §5).

``drf``: non-preemptive DRF at admission, progressive filling of one worker at a time.
``elastic=True`` is the notes' variant "elastic, recomputed every slot": the progressive
filling restarts from zero over every active job each slot, so a job's worker count (and
placement) changes between slots and a job left without a worker is paused (resume costs a
slot). That variant is preemptive and elastic, so like Tiresias and AntMan it solves a
relaxation of E1 and only LB0 binds it (models/completion.md, "Which bounds bind the
preemptive baselines").
"""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ...core import Result, register_algorithm
from ...sim import Placement, SimState
from ..instance import CompletionInstance
from ..support.placement import ideal_config
from ..support.simulation import simulate, try_place


def _drf_policy(inst: CompletionInstance, elastic: bool = False) -> Callable:
    """Progressive filling by smallest dominant share; allocations are kept until completion
    (default) or recomputed from scratch every slot (``elastic``)."""
    ideal = [ideal_config(inst, j) for j in range(inst.n_jobs)]
    total = inst.capacity.sum(axis=0)
    total = np.where(total > 0, total, 1)
    fixed: dict[int, Placement] = {}

    def policy(t: int, st: SimState) -> dict[int, Placement]:
        for j in [j for j in fixed if st.jobs[j].done]:
            del fixed[j]
        base = inst.capacity - sum((pl.load for pl in fixed.values()), np.zeros_like(inst.capacity))
        waiting = [j.id for j in st.active() if j.id not in fixed]
        tent: dict[int, Placement] = {}
        sat: set[int] = set()
        while True:
            cand = [j for j in waiting if j not in sat]
            if not cand:
                break
            share = {j: (tent[j].load.sum(axis=0) / total).max() if j in tent else 0.0
                     for j in cand}
            j = min(cand, key=lambda j: (share[j], inst.arrival[j], j))
            n = sum(tent[j].workers.values()) + 1 if j in tent else 1
            if n > inst.chunks[j]:
                sat.add(j)
                continue
            others = sum((pl.load for k, pl in tent.items() if k != j),
                         np.zeros_like(inst.capacity))
            pl = try_place(inst, j, ideal[j].m, ideal[j].p, n, base - others)
            if pl is None:
                sat.add(j)
            else:
                tent[j] = pl
        if elastic:
            return tent  # nothing is kept: the next slot refills from zero
        fixed.update(tent)
        return dict(fixed)

    return policy


@register_algorithm("drf", "completion",
                    "DRF (non-preemptive, progressive filling at admission; elastic=True: "
                    "preemptive variant recomputed every slot)")
def drf(inst: CompletionInstance, *, elastic: bool = False, resume_penalty: int = 1,
        rescale_penalty: int = 0, **_: Any) -> Result:
    """DRF: progressive filling by smallest dominant share, one worker at a time.

    Default: non-preemptive, each job keeps the allocation it gets at admission until it
    completes. ``elastic=True``: the filling restarts from zero over every active job each
    slot (preemptive and elastic; a job left without a worker is paused).

    Parameters
    ----------
    inst : CompletionInstance
        The instance to schedule.
    elastic : bool, default False
        Recompute the allocation every slot (the preemptive variant).
    resume_penalty : int, default 1
        Slots without progress when a paused job resumes. Unit: slots.
    rescale_penalty : int, default 0
        Slots without progress when a running job's placement changes (rescale, migration).
        Unit: slots.

    Returns
    -------
    Result
        Status ``feasible`` (``error`` if the validator rejects the run); ``objective`` the
        total weighted completion time sum_j w_j C_j. Unit: weight x slots. ``solution`` a
        completion ``Solution`` whose jobs carry ``start``, ``duration`` (first slot to last
        slot of progress), ``worker_type``, ``workers``, ``ps_type`` / ``ps`` (PS only) and,
        when a job was paused or rescaled, its run ``segments``; ``capped`` is false (no
        horizon cap). ``stats`` holds the parameters used.

    Raises
    ------
    InputError
        Some job has no configuration that fits any server, or needs more than
        ``limits.MAX_SLOTS`` slots in its fastest configuration, or a penalty is negative.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> res = drf(golden("s4"))
    >>> res.status.value, res.objective
    ('feasible', 7.0)
    """
    return simulate(inst, "drf", _drf_policy(inst, elastic), elastic=elastic,
                resume_penalty=resume_penalty, rescale_penalty=rescale_penalty)
