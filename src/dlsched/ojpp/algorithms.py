"""OJPP placement algorithms (notes §6-§7): Greedy (Alg. 1), Placement (Alg. 2),
Heuristic (Alg. 3) and the Table 4 baselines Best-fit, I-Greedy, B-Greedy, C-Greedy.

All share Greedy's job order and Placement's skeleton; a :class:`Rules` value says which
constraints are active and how a device is chosen. The table :data:`VARIANTS` is the registry
the names ``best-fit``, ``i-greedy``, ``b-greedy``, ``c-greedy``, ``greedy`` and ``heuristic``
are registered from.

Readings fixed by the notes (and followed here where the paper's pseudo-code differs):
* Alg. 2 line 6 "(alpha_i, beta_i) >= R" means residual capacity >= requirement, with memory
  checked by (3); ties of the lowest potential go to best fit, then the lowest index.
* Alg. 2 lines 9-12 (Flag / min(v_i) = 0): Phase A uses active devices only and undoes the whole
  job on failure; Phase B may open devices and checks balance with min(v_i) = 0.
* Alg. 3 takes the front job *after* re-sorting by gregariousness (the printed order, front
  before sort, is the ``literal_order=True`` variant).
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import time
from bisect import bisect_left, insort
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

    ``self_collision``: also count q = i when job i has >= 2 workers (notes §6 variant).
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


class _Candidates:
    """Devices that pass the per-device tests for job i, sorted by the choice key.

    Built once per job from a vectorised scan; after each placement only the touched device's
    key changes, so it is removed and re-inserted (bisect) instead of re-sorting everything.
    Keys: (potential, residual, index), or (residual, index) for best fit (notes §6 tie rules).
    """

    def __init__(self, cl: Cluster, i: int) -> None:
        self.cl, self.i = cl, i
        self.best_fit = cl.rules.select == "best_fit"
        live = cl.live
        cand = live[cl.ok[live]]
        if self.best_fit:
            order = np.lexsort((cand, cl.res[cand]))
            keys = zip(cl.res[cand][order].tolist(), cand[order].tolist(), strict=True)
        else:
            order = np.lexsort((cand, cl.res[cand], cl.pot[cand]))
            keys = zip(cl.pot[cand][order].tolist(), cl.res[cand][order].tolist(),
                       cand[order].tolist(), strict=True)
        self.keys: list[tuple] = list(keys)
        self.key_of = {key[-1]: key for key in self.keys}

    def _key(self, k: int) -> tuple:
        cl = self.cl
        if self.best_fit:
            return (float(cl.res[k]), k)
        return (float(cl.pot[k]), float(cl.res[k]), k)

    def refresh(self, k: int) -> None:
        """Device k was re-evaluated (placement, undo or opening): move its key."""
        old = self.key_of.pop(k, None)
        if old is not None:
            del self.keys[bisect_left(self.keys, old)]
        if self.cl.ok[k]:
            key = self._key(k)
            insort(self.keys, key)
            self.key_of[k] = key

    def choose(self, fresh_zero: bool) -> int | None:
        """First device in key order that keeps every balance (notes §6), or None."""
        cl, i = self.cl, self.i
        lim = cl.lim.spread
        if lim is None:
            return self.keys[0][-1] if self.keys else None
        rng = cl.job_range(i)
        lo, hi = rng if rng is not None else (np.inf, -np.inf)
        if fresh_zero:
            lo = min(lo, 0.0)
        held = cl.job_dev[i]
        snew = cl.snew
        for key in self.keys:
            k = key[-1]
            s = float(snew[k])
            if k not in held and max(hi, s) - min(lo, s) > lim + ATOL:
                continue  # cheap own-balance screen; devices holding i are checked exactly
            if cl.balance_ok(i, k, s, fresh_zero):
                return k
        return None


def placement(cl: Cluster, i: int) -> None:
    """Place all workers of job i: Phase A on active devices, else Phase B (may open devices)."""
    omega = int(cl.inst.omega[i])
    cands = None
    if cl.live.size:
        cl.evaluate(i, cl.live)
        cands = _Candidates(cl, i)
        placed: list[int] = []
        saved: dict[int, tuple] = {}  # row state before job i touched it, for the undo
        for _ in range(omega):
            k = cands.choose(fresh_zero=False)
            if k is None:
                break
            if k not in saved:
                saved[k] = cl.snapshot(k)
            cl.place(i, k)
            placed.append(k)
            cl.evaluate_one(i, k)
            cands.refresh(k)
        if len(placed) == omega:
            cl.prune(sorted(set(placed)))
            return
        # undo the whole job (line 10: reset the mapping); job i was nowhere before Phase A
        for k, snap in saved.items():
            cl.restore(k, snap)
        cl.job_dev[i].clear()
        for k in saved:  # only these rows changed since the scan above
            cl.evaluate_one(i, k)
            cands.refresh(k)
    if cands is None:
        cands = _Candidates(cl, i)
    touched = []
    for _ in range(omega):
        k = cands.choose(fresh_zero=True)
        if k is None:
            k = cl.open_device()
        cl.place(i, k)
        touched.append(k)
        cl.evaluate_one(i, k)
        cands.refresh(k)
    cl.prune(sorted(set(touched)))


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
    if not literal_order:
        yield from _gregarious_front(inst, queue, self_collision)
        return
    rank = np.empty(inst.n_jobs, dtype=int)
    rank[queue] = np.arange(inst.n_jobs)
    while queue.size:  # printed pseudo-code: take the front, then sort (V includes it)
        i = int(queue[0])
        g = np.round(gregariousness(inst, queue, self_collision), 12)
        queue = queue[np.lexsort((rank[queue], g))]
        queue = queue[queue != i]
        yield i


def _gregarious_front(inst: OJPPInstance, queue: np.ndarray, self_collision: bool):
    """Alg. 3's loop with the queue kept in resource order under an ``alive`` mask (no
    re-allocation per step): the first minimum of the rounded tau(i, V) is the tie-break.
    Same values as :func:`gregariousness` on the compacted queue (V = alive jobs)."""
    pv = inst.p[queue]
    multi = inst.omega[queue] >= 2
    alive = np.ones(queue.size, dtype=bool)
    idx = np.arange(queue.size)
    for _ in range(queue.size):
        live_p = np.where(alive, pv, -np.inf)
        a = int(np.argmax(live_p))
        live_p[a] = -np.inf
        second = float(live_p.max(initial=0.0))  # p >= 0: equals max over the others, or 0
        other = np.where(idx == a, second, pv[a])
        if self_collision:
            other = np.where(multi, np.maximum(other, pv), other)
        g = np.where(alive, np.round(pv * other, 12), np.inf)
        pos = int(np.argmin(g))
        alive[pos] = False
        yield int(queue[pos])


ORDERS: dict[str, Order] = {"greedy": greedy_order, "heuristic": heuristic_order}


@dataclass(frozen=True)
class Variant:
    """A registered algorithm: constraint set + order + the extra parameters it accepts."""

    rules: Rules
    order: str
    description: str
    params: tuple[str, ...] = ()


#: Algorithm registry table (notes §7, Table 4).
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
    prev = None
    for i in ORDERS[var.order](inst, cl, **params):
        order.append(i)
        cl.set_remaining(unplaced, prev)
        placement(cl, i)
        unplaced[i] = False
        prev = i
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
