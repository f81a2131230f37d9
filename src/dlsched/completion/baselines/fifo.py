"""FIFO baseline (notes §5).

``fifo``: strict arrival order, head-of-line blocking, N_j = min(U{1..30}, D_j) (seeded).
"""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ...core import InputError, Result, register_algorithm
from ...core.inputs import number
from ...core.limits import MAX_PARAM_INT
from ...sim import Placement, SimState
from ..instance import CompletionInstance
from ..support.placement import ideal_config, place
from ..support.simulation import simulate, try_place


def _fifo_policy(inst: CompletionInstance, nfix: np.ndarray) -> Callable:
    order = sorted(range(inst.n_jobs), key=lambda j: (inst.arrival[j], j))
    ideal = [ideal_config(inst, j) for j in range(inst.n_jobs)]
    fixed: dict[int, Placement] = {}
    queue = list(order)

    def policy(t: int, st: SimState) -> dict[int, Placement]:
        for j in [j for j in fixed if st.jobs[j].done]:
            del fixed[j]
        res = inst.capacity - sum((pl.load for pl in fixed.values()), np.zeros_like(inst.capacity))
        while queue and inst.arrival[queue[0]] <= t:
            j = queue[0]
            pl = try_place(inst, j, ideal[j].m, ideal[j].p, int(nfix[j]), res)
            if pl is None:
                break  # head-of-line blocking
            fixed[j] = pl
            res = res - pl.load
            queue.pop(0)
        return dict(fixed)

    return policy


def _placeable(inst: CompletionInstance, j: int, n: int) -> int:
    """Largest n' <= n whose ideal-type placement fits an empty cluster (ours: a FIFO draw the
    cluster can never host would block the queue forever)."""
    k = ideal_config(inst, j)
    while n > 1 and place(inst, k.m, k.p, n, inst.capacity) is None:
        n -= 1
    return n


@register_algorithm("fifo", "completion",
                    "FIFO: arrival order, head-of-line blocking, N = min(U{1..30}, D) (seeded)")
def fifo(inst: CompletionInstance, *, seed: int = 0, max_workers: int = 30,
         workers: str = "draw") -> Result:
    """FIFO: strict arrival order with head-of-line blocking and a fixed worker count per job.

    Each job runs with the ideal worker / PS types and N_j workers until it completes; the
    queue head blocks the jobs behind it until it fits. N_j is lowered until the ideal
    placement fits an empty cluster (so no job blocks the queue forever).

    Parameters
    ----------
    inst : CompletionInstance
        The instance to schedule.
    seed : int, default 0
        Seed of the worker-count draw. Unit: dimensionless.
    max_workers : int, default 30
        Upper end of the draw N_j = min(U{1..max_workers}, D_j) (the paper's "a number within
        [1, 30]"). Unit: workers. Range: 1..1000000.
    workers : str, default "draw"
        ``"draw"`` (the random N_j above) or ``"ideal"`` (N_j of the ideal configuration).

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
        ``workers`` is not ``"draw"`` / ``"ideal"``, ``max_workers`` is not an integer in
        1..1000000, or a job has no configuration that fits (or finishes within
        ``limits.MAX_SLOTS`` slots).

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> res = fifo(golden("s4"))
    >>> res.status.value, res.objective
    ('feasible', 8.0)
    """
    if workers not in ("draw", "ideal"):
        raise InputError("workers", "must be 'draw' or 'ideal'")
    max_workers = number(max_workers, "max_workers", 1, MAX_PARAM_INT, integer=True)
    rng = np.random.default_rng(seed)
    draw = np.minimum(rng.integers(1, max_workers + 1, size=inst.n_jobs), inst.chunks)
    if workers == "ideal":
        draw = np.array([ideal_config(inst, j).n for j in range(inst.n_jobs)])
    nfix = np.array([_placeable(inst, j, int(n)) for j, n in enumerate(draw)])
    return simulate(inst, "fifo", _fifo_policy(inst, nfix), seed=seed, workers=workers)
