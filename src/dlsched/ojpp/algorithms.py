"""OJPP placement algorithms (spec ojpp.md §6-§7): Greedy (Alg. 1), Placement (Alg. 2),
Heuristic (Alg. 3) and the Table 4 baselines Best-fit, I-Greedy, B-Greedy, C-Greedy.

All share Greedy's job order and Placement's skeleton; a :class:`Rules` value says which
constraints are active and how a device is chosen. The table :data:`VARIANTS` is the registry
the names ``best-fit``, ``i-greedy``, ``b-greedy``, ``c-greedy``, ``greedy`` and ``heuristic``
are registered from.

Readings fixed by the spec (and followed here where the paper's pseudo-code differs):
* Alg. 2 line 6 "(alpha_i, beta_i) >= R" means residual capacity >= requirement, with memory
  checked by (3); ties of the lowest potential go to best fit, then the lowest index.
* Alg. 2 lines 9-12 (Flag / min(v_i) = 0): Phase A uses active devices only and undoes the whole
  job on failure; Phase B may open devices and checks balance with min(v_i) = 0.
* Alg. 3 takes the front job *after* re-sorting by gregariousness (the printed order, front
  before sort, is the ``literal_order=True`` variant).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..core import InputError, Result, Status, register_algorithm
from .instance import OJPPInstance
from .solution import make_solution
from .state import ATOL, Cluster, Rules


def resource_order(inst: OJPPInstance) -> np.ndarray:
    """Greedy's order: compute desc, then peak memory (base + burst) desc, workers desc, index."""
    norm = inst.demand / inst.cap
    alpha = norm[:, 0]
    peak = norm[:, 1] + inst.burst / inst.cap[1]
    idx = np.arange(inst.n_jobs)
    return np.lexsort((idx, -inst.omega, -np.round(peak, 12), -np.round(alpha, 12)))


def gregariousness(
    inst: OJPPInstance, V: np.ndarray, self_collision: bool = False
) -> np.ndarray:
    """tau(i, V) = max_{q in V, q != i} p_i p_q for every i in V (0 if alone); eq. (20).

    ``self_collision``: also count q = i when job i has >= 2 workers (spec §6 variant).
    """
    pv = inst.p[V]
    if pv.size == 0:
        return pv
    a = int(np.argmax(pv))
    rest = np.delete(pv, a)
    second = rest.max() if rest.size else 0.0
    other = np.where(np.arange(pv.size) == a, second, pv[a])
    if self_collision:
        other = np.where(inst.omega[V] >= 2, np.maximum(other, pv), other)
    return pv * other


# ---- Placement (Alg. 2) --------------------------------------------------------------------


def _choose(cl: Cluster, i: int, fresh_zero: bool) -> int | None:
    """Best device among the open ones for one more worker of job i, or None."""
    live = cl.live
    if live.size == 0:
        return None
    cand = live[cl.ok[live]]
    lim = cl.lim.spread
    if lim is not None and cand.size:
        rng = cl.job_range(i)
        lo, hi = rng if rng is not None else (np.inf, -np.inf)
        if fresh_zero:
            lo = min(lo, 0.0)
        if np.isfinite(lo):
            snew = cl.snew[cand]
            spread = np.maximum(hi, snew) - np.minimum(lo, snew)
            keep = spread <= lim + ATOL
            if cl.job_dev[i]:  # devices already holding i: exact check below
                held = list(cl.job_dev[i])
                cl.mark[held] = True
                keep |= cl.mark[cand]
                cl.mark[held] = False
            cand = cand[keep]
    if cand.size == 0:
        return None
    snew = cl.snew
    first = _first(cl, cand)
    if lim is None or cl.balance_ok(i, first, float(snew[first]), fresh_zero):
        return first
    if cl.rules.select == "best_fit":
        order = np.lexsort((cand, cl.res[cand]))
    else:
        order = np.lexsort((cand, cl.res[cand], cl.pot[cand]))
    for k in cand[order].tolist()[1:]:
        if cl.balance_ok(i, k, float(snew[k]), fresh_zero):
            return k
    return None


def _first(cl: Cluster, cand: np.ndarray) -> int:
    """The candidate with the lowest (potential, residual, index) -- or (residual, index) for
    best fit; ``cand`` is sorted by index, so argmin's first hit breaks the last tie."""
    if cl.rules.select != "best_fit":
        pot = cl.pot[cand]
        cand = cand[pot == pot.min()]
    if cand.size == 1:
        return int(cand[0])
    res = cl.res[cand]
    return int(cand[int(np.argmin(res))])


def placement(cl: Cluster, i: int) -> None:
    """Place all workers of job i: Phase A on active devices, else Phase B (may open devices)."""
    omega = int(cl.inst.omega[i])
    if cl.live.size:
        cl.evaluate(i, cl.live)
        placed: list[int] = []
        for _ in range(omega):
            k = _choose(cl, i, fresh_zero=False)
            if k is None:
                break
            cl.place(i, k)
            placed.append(k)
            cl.evaluate_one(i, k)
        if len(placed) == omega:
            cl.prune(np.unique(placed))
            return
        for k in reversed(placed):  # undo the whole job (line 10: reset the mapping)
            cl.remove(i, k)
        for k in set(placed):  # only these rows changed since the scan above
            cl.evaluate_one(i, k)
    touched = []
    for _ in range(omega):
        k = _choose(cl, i, fresh_zero=True)
        if k is None:
            k = cl.open_device()
        cl.place(i, k)
        touched.append(k)
        cl.evaluate_one(i, k)
    cl.prune(np.unique(touched))


# ---- job orders ------------------------------------------------------------------------------

Order = Callable[..., "list[int] | Any"]


def greedy_order(inst: OJPPInstance, cl: Cluster, **_: Any):
    """Alg. 1: jobs in resource order."""
    yield from (int(i) for i in resource_order(inst))


def heuristic_order(
    inst: OJPPInstance, cl: Cluster, literal_order: bool = False, self_collision: bool = False
):
    """Alg. 3: repeatedly re-sort the remaining queue by gregariousness (ties: resource order)."""
    queue = resource_order(inst)
    rank = np.empty(inst.n_jobs, dtype=int)
    rank[queue] = np.arange(inst.n_jobs)
    while queue.size:
        if literal_order:  # printed pseudo-code: take the front, then sort (V includes it)
            i = int(queue[0])
            g = np.round(gregariousness(inst, queue, self_collision), 12)
            queue = queue[np.lexsort((rank[queue], g))]
            queue = queue[queue != i]
        else:
            g = np.round(gregariousness(inst, queue, self_collision), 12)
            pos = int(np.lexsort((rank[queue], g))[0])
            i = int(queue[pos])
            queue = np.delete(queue, pos)
        yield i


ORDERS: dict[str, Order] = {"greedy": greedy_order, "heuristic": heuristic_order}


@dataclass(frozen=True)
class Variant:
    """A registered algorithm: constraint set + order + the extra parameters it accepts."""

    rules: Rules
    order: str
    description: str
    params: tuple[str, ...] = ()


#: Algorithm registry table (spec §7, Table 4).
VARIANTS: dict[str, Variant] = {
    "best-fit": Variant(
        Rules(collision=False, interference=False, balance=False, select="best_fit"),
        "greedy",
        "2D best-fit decreasing, compute + memory only (memory='opportunistic' (3) or 'peak')",
    ),
    "i-greedy": Variant(
        Rules(collision=False, interference=True, balance=False), "greedy",
        "Greedy with the interference cap only",
    ),
    "b-greedy": Variant(
        Rules(collision=False, interference=False, balance=True), "greedy",
        "Greedy with the balance constraint only",
    ),
    "c-greedy": Variant(
        Rules(collision=True, interference=False, balance=False), "greedy",
        "Greedy with the collision-probability constraint only",
    ),
    "greedy": Variant(Rules(), "greedy", "Alg. 1 Greedy (BFD order + Placement), all constraints"),
    "heuristic": Variant(
        Rules(), "heuristic",
        "Alg. 3 Heuristic (gregariousness order), all constraints; literal_order, self_collision",
        ("literal_order", "self_collision"),
    ),
}


def run_variant(inst: OJPPInstance, name: str, **params: Any) -> Result:
    """Run the registered algorithm ``name`` on ``inst``."""
    var = VARIANTS[name]
    rules = var.rules
    allowed = {"memory", *var.params}
    for key in params:
        if key not in allowed:
            raise InputError(key, f"unknown parameter of {name} (known: {sorted(allowed)})")
    memory = params.pop("memory", rules.memory)
    if memory not in ("opportunistic", "peak"):
        raise InputError("memory", "must be 'opportunistic' or 'peak'")
    rules = Rules(rules.collision, rules.interference, rules.balance, memory, rules.select)
    t0 = time.perf_counter()
    cl = Cluster(inst, rules)
    order = []
    unplaced = np.ones(inst.n_jobs, dtype=bool)
    for i in ORDERS[var.order](inst, cl, **params):
        order.append(i)
        cl.set_remaining(np.flatnonzero(unplaced))
        placement(cl, i)
        unplaced[i] = False
    used = cl.m_open
    runtime = time.perf_counter() - t0
    enforced = ["compute", f"memory ({rules.memory})"] + [
        c for c, on in (("collision", cl.lim.tau is not None),
                        ("interference", cl.lim.theta is not None),
                        ("balance", cl.lim.spread is not None)) if on
    ]
    stats: dict[str, Any] = {
        "order": [inst.jobs[i].name for i in order], "devices_opened": used,
        "enforced": enforced,
    }
    if used > inst.devices:
        stats["reason"] = f"needs {used} devices, only {inst.devices} available"
        return Result("ojpp", name, Status.ERROR, runtime_s=runtime, stats=stats)
    solution = make_solution(inst, cl.counts())
    return Result(
        "ojpp", name, Status.FEASIBLE, objective=float(solution["used"]),
        runtime_s=runtime, solution=solution, stats=stats,
    )


def _register(name: str, var: Variant) -> None:
    @register_algorithm(name, "ojpp", var.description)
    def _run(inst: OJPPInstance, **params: Any) -> Result:
        return run_variant(inst, name, **params)


for _name, _var in VARIANTS.items():
    _register(_name, _var)
