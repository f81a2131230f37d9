"""Column-generation lower bound: Dantzig-Wolfe reformulation of the time-indexed model E1.

Master (restricted, LP, HiGHS through highspy, warm-started as columns are added)::

    min  sum_col c_col x_col
    s.t. sum_{col of j} x_col = 1                              (convexity, one row per job)
         sum_col load_col[c, r, s] x_col <= cap[c, r]          (server class c, resource r, slot s)
         x >= 0

A column of job j is a schedule: configuration k = (m, p, q, N, d), start t with
a_j <= t <= T_max - d + 1, cost w_j (t + d), and a placement *by server class*: servers with the
same capacity vector form one class whose capacity is their sum. The worker split over the
classes is any integer vector summing to N with at most ``cap_w[c, m]`` workers of type m in
class c (their single-type per-server maxima, summed); a colocated (q = 1) configuration puts all
workers and one PS in one class whose server fits them; under PS a spread configuration places
s_min PSs (``psmin.min_ps_count``: the fewest that rule (2i) allows, at least one) over the
classes whose servers fit one (pricing puts them all in the cheapest).

Why the bound is valid. Every feasible schedule of E1 that ends by ``tmax`` maps to one column
per job with the same cost: aggregate its per-server loads by class and drop all PSs but
s_min of them (it has at least s_min; demands are >= 0, so the class loads only decrease).
The class rows are sums of E1's per-server capacity rows, so the mapped columns satisfy the
master rows: the master LP over the *full* column set (the "relaxed set") is a relaxation of
E1 over slots 1..``tmax``. For any prices pi >= 0 on the capacity rows, the Lagrangian function

    L(pi) = sum_j min_{col of j} (c_col + pi . load_col) - sum pi . cap

is a lower bound on that LP (weak duality, the convexity rows kept as the Lagrangian's
subproblem constraints), hence on every schedule ending by ``tmax``. Pricing computes the
inner minimum *exactly over the relaxed set* (all configurations x all starts; the placement
minimum is a greedy fill of the cheapest classes, exact because the placement cost is linear
with per-class caps), so L(pi) is valid at *every* iteration with the master's current duals:
an early stop (time limit, iteration cap) still returns a valid bound; the best one seen is kept.
L(pi) = LP value + sum_j min reduced cost_j when pi are the master's optimal duals (Lasdon;
the "Farley-type" bound of column generation with convexity rows).

Cluster rows (``cluster_rows``, off by default). For k >= 2 and each resource r: per slot,
at most k - 1 columns whose (class-summed) load on r exceeds 1 / k of the cluster's capacity of
r run at once; for each worker type w likewise with its worker count against W_w = sum_c
cap_w[c, w], the most type-w workers any schedule runs at once (every server holds at most
its single-type maximum). Valid: k such loads exceed the capacity, and a schedule's mapped
column has the configuration's least load, which is no more than the schedule's (so a column
counted as big comes from a schedule that is big). Bigness depends on the configuration only,
so pricing stays exact (an additive window price per configuration).

Rows horizon. Capacity rows exist only for slots 1..T_rows (default ``default_rows``: a
makespan estimate from the areas); later slots' capacity constraints are dropped, which is again a
relaxation, so the bound is valid for every T_rows. A column may then start as late as its end
limit allows; past T_rows it costs no capacity, so T_rows + 1 (or a_j) is its cheapest start.

End limit. ``tmax`` = an int bounds schedules ending by that slot (the exact models pass their
T_max); ``tmax`` = None bounds the uncapped optimum, which equals the optimum under the extended
horizon of notes §2.4 (``incumbent.extended_horizon``: every optimal schedule ends by it, since
w_j C_j <= UB - sum_{k != j} w_k C^min_k); ``"instance"`` bounds the optimum over the
instance's horizon (notes [A22]).
"""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np

from ..instance import CompletionInstance
from ..support.config import EPS, configurations
from .incumbent import best_heuristic
from .psmin import max_workers_beside_ps, min_ps_count

COLGEN_TIME_LIMIT = 5.0
MAX_ITERATIONS = 500
CHUNK = 128  # configurations priced at once, at most
CELLS = 4_000_000  # and at most this many (configuration, class, start) cells per array
CLUSTER_ROWS: tuple[int, ...] = ()  # k of the cluster rows on by default (``colgen_bound``)


@dataclass(frozen=True)
class ColgenResult:
    """``bound``: best Lagrangian bound (valid lower bound on schedules ending by ``tmax``;
    ``None`` if some job has no schedule within ``tmax``); ``lp``: last restricted-master LP
    value (an upper bound on the master's optimum until ``converged``)."""

    bound: float | None
    lp: float | None
    iterations: int
    columns: int
    converged: bool
    rows: int  # last slot with capacity rows
    runtime_s: float
    history: tuple[float, ...]
    # per job: mean completion slot sum_col x_col (t + d) of the last master LP solution
    # (None without one); a job order for LP-guided list schedules (Schulz's LP ordering)
    lp_completion: tuple[float, ...] | None = None
    # per job: the configurations (m, p, q, n, d) of its generated columns, those of the last
    # master LP solution first (largest x first), then the rest by reduced cost at its duals:
    # the candidate set of the LP-restricted primal search (``interval``)
    lp_configs: tuple[tuple[tuple[int, int, int, int, int], ...], ...] | None = None
    root_bound: float | None = None  # the root LP's Lagrangian bound (before branching)
    nodes: int = 0  # branching nodes solved after the root (``branch_time``)


@dataclass(frozen=True)
class _Classes:
    """Server classes: identical capacity vectors, aggregated."""

    rep: np.ndarray  # [c, r] capacity of one server of class c
    count: np.ndarray  # [c]
    of: np.ndarray  # [h] class of server h
    cap_w: np.ndarray  # [c, m] max workers of type m in class c (single-type)


def server_classes(inst: CompletionInstance) -> _Classes:
    rep, inv, count = np.unique(inst.capacity, axis=0, return_inverse=True, return_counts=True)
    e = inst.worker_demand
    with np.errstate(divide="ignore", invalid="ignore"):
        per = np.where(e[None, :, :] > 0, np.floor(rep[:, None, :] / e[None, :, :] + EPS), np.inf)
    cap_w = per.min(axis=2) * count[:, None]
    return _Classes(rep, count, np.ravel(inv), cap_w)


@dataclass(frozen=True)
class _JobSpace:
    """Configurations of one job as arrays, with their per-class fit masks."""

    m: np.ndarray
    p: np.ndarray
    q: np.ndarray
    n: np.ndarray
    d: np.ndarray
    u: np.ndarray  # index of d in ``durs``
    durs: np.ndarray
    fit1: np.ndarray  # [k, c]: q=1 configuration fits one server of class c (workers + 1 PS)
    ns: np.ndarray  # [k]: PSs charged (``psmin.min_ps_count``; 0 under Ring-AllReduce)
    big: np.ndarray | None = None  # [k, c, r]: 1 if q=1 and its load on r > half a server's
    # [k, g]: 1 if the configuration is "big" in cluster row group g (``_groups``); None
    # without those rows
    bigk: np.ndarray | None = None


def _undominated(m: np.ndarray, p: np.ndarray, q: np.ndarray, n: np.ndarray, d: np.ndarray,
                 e: np.ndarray, z: np.ndarray, ns: np.ndarray) -> np.ndarray:
    """Mask of configurations not dominated within their (q, N) group: k' dominates k when
    d' <= d, e_m' <= e_m, z_p' <= z_p and s' z_p' <= s z_p with s the PS counts charged (ties:
    the earlier index stays). Any relaxed column of k maps to one of k' with the same placement
    and no larger cost at any prices >= 0 (shorter window, smaller loads, larger caps and
    fits), so the pricing minimum is kept."""
    keep = np.ones(len(d), bool)
    key = q * (int(n.max()) + 1) + n
    for g in np.unique(key):
        idx = np.nonzero(key == g)[0]
        if len(idx) < 2:
            continue
        vec = np.concatenate([d[idx, None].astype(float), e[m[idx]], z[p[idx]],
                              ns[idx, None] * z[p[idx]]], axis=1)
        le = np.all(vec[:, None, :] <= vec[None, :, :] + EPS, axis=2)  # [a, b]: a <= b
        eq = le & le.T
        first = np.arange(len(idx))[:, None] < np.arange(len(idx))[None, :]
        dom = (le & ~eq) | (eq & first)  # a dominates b
        keep[idx[dom.any(axis=0)]] = False
    return keep


def _job_space(inst: CompletionInstance, j: int, cl: _Classes, tmax: float,
               ps_count: bool = True, beside: np.ndarray | None = None,
               halves: bool = True, ks_rows: tuple[int, ...] = ()) -> _JobSpace | None:
    # a Ring-AllReduce job of one worker uses one server: its spread (q = 0) configuration is
    # never the one of a schedule (the validator's q counts the servers used)
    ks = [k for k in configurations(inst, j) if int(inst.arrival[j]) + k.d - 1 <= tmax
          and not (inst.ring and k.q == 0 and k.n == 1)]
    if not ks:
        return None
    m = np.array([k.m for k in ks])
    p = np.array([k.p for k in ks])
    q = np.array([k.q for k in ks])
    n = np.array([k.n for k in ks])
    d = np.array([k.d for k in ks])
    z = inst.ps_demand if not inst.ring else np.zeros((1, len(inst.resources)))
    pz = np.maximum(p, 0)
    ns = min_ps_count(inst, m, p, q, n, beside) if ps_count else np.where(inst.ring, 0, 1)
    ns = np.broadcast_to(ns, m.shape).astype(int)
    keep = _undominated(m, pz, q, n, d, inst.worker_demand, z, ns)
    by_d = np.nonzero(keep)[0][np.argsort(d[keep], kind="stable")]  # shortest first (pricing)
    m, p, q, n, d, ns = m[by_d], p[by_d], q[by_d], n[by_d], d[by_d], ns[by_d]
    durs, u = np.unique(d, return_inverse=True)
    need = n[:, None] * inst.worker_demand[m]
    if not inst.ring:
        need = need + inst.ps_demand[p]
    fit1 = np.all(need[:, None, :] <= cl.rep[None] + EPS, axis=2)
    big = (_big(need[:, None, :], cl.rep[None]) & (q == 1)[:, None, None]) if halves else None
    bigk = None
    if ks_rows:
        tot = n[:, None] * inst.worker_demand[m]
        if not inst.ring:  # the PSs a column charges: one colocated, ns spread
            tot = tot + np.where(q == 1, 1, ns)[:, None] * inst.ps_demand[p]
        bigk = _groups(inst, cl, m, n, tot, ks_rows)
    return _JobSpace(m, p, q, n, d, u, durs, fit1, ns, big, bigk)


def _above(x: np.ndarray, cap: np.ndarray, k: int) -> np.ndarray:
    """x > cap / k, strictly with a margin (k such amounts exceed cap); never when cap = 0."""
    return (cap > 0) & (x > cap / k + 1e-7 * np.maximum(1.0, cap))


def _groups(inst: CompletionInstance, cl: _Classes, m: np.ndarray, n: np.ndarray,
            tot: np.ndarray, ks_rows: tuple[int, ...]) -> np.ndarray:
    """[k, g] membership of the cluster row groups, for each k of ``ks_rows``: per resource r,
    a cluster-wide load ``tot[:, r]`` above 1 / k of the cluster's capacity of r; per worker
    type w, N workers of type w above 1 / k of W_w = sum_c cap_w[c, w] (every server holds at
    most its single-type maximum of type-w workers, so no schedule runs more than W_w at
    once). Each group admits at most k - 1 members at once (``_group_caps``)."""
    total = inst.capacity.sum(axis=0)
    W = cl.cap_w.sum(axis=0)
    out = []
    for kk in ks_rows:
        out.append(_above(tot, total[None, :], kk))
        out.append((m[:, None] == np.arange(len(W))[None, :])
                   & _above(n[:, None].astype(float), W[None, :], kk))
    return np.concatenate(out, axis=1)


def _group_caps(inst: CompletionInstance, ks_rows: tuple[int, ...]) -> np.ndarray:
    """[g]: k - 1 for each group of ``_groups`` (same order)."""
    R, M = len(inst.resources), len(inst.worker_names)
    return np.concatenate([np.full(R + M, kk - 1.0) for kk in ks_rows])



def _big(load: np.ndarray, cap: np.ndarray) -> np.ndarray:
    """More than half of a server's capacity (strictly, with a margin): two such loads on one
    resource never share a server."""
    return (cap > 0) & (load > cap / 2 + 1e-7 * np.maximum(1.0, cap))


def _rows_per_class(sp: _JobSpace, R: int) -> int:
    """Rows per class in the master: capacity, then half-server rows when on."""
    return R if sp.big is None else 2 * R


@dataclass
class _Column:
    j: int
    t: int
    d: int
    cost: float
    load: np.ndarray  # [c, r] per slot
    k: tuple[int, int, int, int, int] | None = None  # configuration (m, p, q, n, d)


def _unit_prefix(demand: np.ndarray, prefix: np.ndarray) -> np.ndarray:
    """Price prefix sums of one unit of each type: [type, c, s] = sum_r demand[type, r]
    prefix[c, r, s] (window prices are differences of it: prices are linear in the load)."""
    return np.einsum("mr,crs->mcs", demand, prefix)


def _gather(unit: np.ndarray, types: np.ndarray, ends: np.ndarray, ts: np.ndarray,
            ) -> np.ndarray:
    """[k, c, t]: price of one unit of ``types[k]`` over slots t..ends[k, t] in each class."""
    cidx = np.arange(unit.shape[1])[None, :, None]
    ty = types[:, None, None]
    return unit[ty, cidx, ends[:, None, :]] - unit[ty, cidx, (ts - 1)[None, None, :]]


def _price_job(inst: CompletionInstance, j: int, sp: _JobSpace, cl: _Classes,
               units: tuple[np.ndarray, np.ndarray | None, np.ndarray | None,
                            np.ndarray | None],
               ps_fit: np.ndarray, tmax: float,
               n_cols: int = 1, window: tuple[int, int] | None = None,
               ) -> tuple[float, list[_Column]]:
    """min over the relaxed column set of job j of c_col + pi . load_col, and the columns of
    the ``n_cols`` configurations with the smallest values (each at its best start).

    ``units``: ``_unit_prefix`` of the worker and PS types (prefix over slots 0..T_rows), and
    the price prefix of the half-server rows [c, r, s] (None without them).
    Starts run over a_j..T_rows + 1: a start after T_rows costs no capacity, so T_rows + 1 (or
    a_j) is its cheapest one. The configurations come shortest first; a chunk whose least
    value w_j (a_j + d) (prices are >= 0) is no better than the ``n_cols``-th value found
    ends the scan (exact: every later configuration is at least as long).
    ``window`` = (lo, hi): only starts lo..hi (a branching node's restriction); the value is
    ``inf`` and no column is returned when no start of any configuration is left."""
    PW, PZ, PH, PB = units
    C, R = len(cl.rep), len(inst.resources)
    G = 0 if sp.bigk is None or PB is None else sp.bigk.shape[1]  # cluster row groups
    KB = -(-G // _rows_per_class(sp, R)) if G else 0  # their pseudo-classes in the master
    T = PW.shape[2] - 1  # rows horizon
    RR = _rows_per_class(sp, R)  # capacity rows, then half-server rows
    a = int(inst.arrival[j])
    w = float(inst.weight[j])
    ts = np.arange(max(1, min(a, T + 1)), T + 2)
    ends = np.minimum(ts[None, :] + sp.durs[:, None] - 1, T)  # [u, t]
    valid = (ts[None, :] >= a) & (ts[None, :] + sp.durs[:, None] - 1 <= tmax)  # [u, t]
    if window is not None:
        valid &= (ts[None, :] >= window[0]) & (ts[None, :] <= window[1])
    chunk = max(1, min(CHUNK, int(CELLS // max(1, C * len(ts)))))
    cands: list[tuple[float, _Column]] = []
    for lo in range(0, len(sp.d), chunk):
        if len(cands) >= n_cols:
            cands.sort(key=lambda vc: vc[0])
            if w * (a + float(sp.d[lo])) >= cands[n_cols - 1][0]:
                break  # sorted by d, prices >= 0: nothing later beats the n_cols best
        sl = slice(lo, lo + chunk)
        m, q, n, u = sp.m[sl], sp.q[sl], sp.n[sl], sp.u[sl]
        aw = _gather(PW, m, ends[u], ts)  # [k, c, t] price of one worker in class c
        bw = _gather(PZ, sp.p[sl], ends[u], ts) if PZ is not None else np.zeros_like(aw)
        # colocated: all N workers + 1 PS in one class that fits them
        co = n[:, None, None] * aw + bw
        if PH is not None:
            cidx = np.arange(C)[None, :, None]
            e, b = ends[u][:, None, :], (ts - 1)[None, None, :]
            for r in np.nonzero(sp.big[sl].any(axis=(0, 1)))[0]:
                co = co + sp.big[sl][:, :, r, None] * (PH[cidx, r, e] - PH[cidx, r, b])
        co = np.where(sp.fit1[sl][:, :, None], co, np.inf)
        cost1 = co.min(axis=1)
        cls1 = co.argmin(axis=1)
        # spread: greedy fill of the cheapest classes (exact: linear cost, per-class caps)
        order = np.argsort(aw, axis=1, kind="stable")
        a_sorted = np.take_along_axis(aw, order, axis=1)
        caps = cl.cap_w[:, m].T[np.arange(len(m))[:, None, None], order]
        before = np.cumsum(caps, axis=1) - caps
        x_sorted = np.clip(n[:, None, None] - before, 0, caps)
        spread = (x_sorted * a_sorted).sum(axis=1)
        if PZ is not None:
            bps = np.where(ps_fit[sp.p[sl]][:, :, None], bw, np.inf)
            spread = spread + sp.ns[sl][:, None] * bps.min(axis=1)
            pcls = bps.argmin(axis=1)
        total = np.where(q[:, None] == 1, cost1, spread)
        if G:  # cluster rows: the price of the window in the groups where it is big
            e = ends[u]
            win = PB[:, e] - PB[:, np.broadcast_to((ts - 1)[None, :], e.shape)]  # [g, k, t]
            total = total + np.einsum("kg,gkt->kt", sp.bigk[sl].astype(float), win)
        total = total + w * (ts[None, :] + sp.d[sl][:, None])
        total = np.where(valid[u], total, np.inf)
        tbest = total.argmin(axis=1)
        vbest = total[np.arange(len(tbest)), tbest]
        for kk in np.argsort(vbest, kind="stable")[:n_cols]:
            if not np.isfinite(vbest[kk]):
                break
            ti, k = int(tbest[kk]), lo + int(kk)
            load = np.zeros((C + KB, RR))
            if G:
                load[C:].reshape(-1)[:G] = sp.bigk[k]
            mk, pk = int(sp.m[k]), int(sp.p[k])
            if sp.q[k] == 1:
                c = int(cls1[kk, ti])
                load[c, :R] = sp.n[k] * inst.worker_demand[mk]
                if not inst.ring:
                    load[c, :R] += inst.ps_demand[pk]
                if sp.big is not None:
                    load[c, R:] = sp.big[k, c]
            else:
                x = np.zeros(C)
                x[order[kk, :, ti]] = x_sorted[kk, :, ti]
                load[:C, :R] += x[:, None] * inst.worker_demand[mk][None, :]
                if not inst.ring:
                    load[int(pcls[kk, ti]), :R] += sp.ns[k] * inst.ps_demand[pk]
            t = int(ts[ti])
            key = (mk, pk, int(sp.q[k]), int(sp.n[k]), int(sp.d[k]))
            cands.append((float(vbest[kk]),
                          _Column(j, t, int(sp.d[k]), w * (t + int(sp.d[k])), load, key)))
    cands.sort(key=lambda vc: vc[0])
    if not cands:
        return math.inf, []
    return cands[0][0], [c for _, c in cands[:n_cols]]


class _Master:
    """Restricted master LP in highspy matrix form (rows fixed, columns appended)."""

    def __init__(self, inst: CompletionInstance, cl: _Classes, tmax: int,
                 big: np.ndarray, halves: bool, ks_rows: tuple[int, ...] = ()) -> None:
        import highspy

        R = len(inst.resources)
        self.J, self.C, self.R, self.T = inst.n_jobs, len(cl.rep), 2 * R if halves else R, tmax
        self.cap = (cl.rep * cl.count[:, None])  # [c, r]
        if halves:  # at most one job with more than half of r per server of the class
            self.cap = np.concatenate([self.cap, np.repeat(cl.count[:, None], R, 1)], axis=1)
        self.G = 0
        if ks_rows:  # cluster row groups, packed R per pseudo-class (padding: no coefficient)
            caps = _group_caps(inst, ks_rows)
            self.G, n_pseudo = len(caps), -(-len(caps) // self.R)
            pseudo = np.ones(n_pseudo * self.R)
            pseudo[:len(caps)] = caps
            self.cap = np.concatenate([self.cap, pseudo.reshape(n_pseudo, self.R)], axis=0)
            self.C += n_pseudo
        h = highspy.Highs()
        h.setOptionValue("output_flag", False)
        h.setOptionValue("simplex_strategy", 4)  # primal simplex: columns are added
        n_cap = self.C * self.R * self.T
        lower = np.concatenate([np.ones(self.J), np.full(n_cap, -highspy.kHighsInf)])
        upper = np.concatenate([np.ones(self.J), np.repeat(self.cap.ravel(), self.T)])
        h.addRows(len(lower), lower, upper, 0, np.zeros(0, np.int32), np.zeros(0, np.int32),
                  np.zeros(0))
        # artificial columns: the master is feasible from the start (no effect on L(pi))
        h.addCols(self.J, big, np.zeros(self.J), np.full(self.J, highspy.kHighsInf), self.J,
                  np.arange(self.J, dtype=np.int32), np.arange(self.J, dtype=np.int32),
                  np.ones(self.J))
        self.h, self.columns, self.big = h, 0, big
        self.ends: list[tuple[int, int]] = []  # (job, completion slot) per added column
        self.cols: list[_Column] = []  # the added columns, in column order

    def add(self, cols: list[_Column]) -> None:
        import highspy

        starts, idx, val, cost = [], [], [], []
        for col in cols:
            starts.append(len(idx))
            idx.append(col.j)
            val.append(1.0)
            span = max(0, min(col.t + col.d - 1, self.T) - col.t + 1)  # slots within the rows
            cs, rs = np.nonzero(col.load) if span else ((), ())
            for c, r in zip(cs, rs, strict=True):
                base = self.J + (c * self.R + r) * self.T + col.t - 1
                idx.extend(range(base, base + span))
                val.extend([float(col.load[c, r])] * span)
            cost.append(col.cost)
            self.ends.append((col.j, col.t + col.d))
            self.cols.append(col)
        self.h.addCols(len(cols), np.array(cost), np.zeros(len(cols)),
                       np.full(len(cols), highspy.kHighsInf), len(idx),
                       np.array(starts, np.int32), np.array(idx, np.int32), np.array(val))
        self.columns += len(cols)

    def ranked_configs(self, pi: np.ndarray, mu: np.ndarray,
                       ) -> tuple[tuple[tuple[int, int, int, int, int], ...], ...] | None:
        """Per job, the configurations of its columns: the LP solution's (x > 0, largest
        first), then the others by reduced cost at prices ``pi`` and convexity duals ``mu``
        (None without an LP solution free of artificial columns)."""
        x = np.asarray(self.h.getSolution().col_value)
        if x.size < self.J + len(self.cols) or np.any(x[:self.J] > 1e-6):
            return None
        keyed: list[list[tuple[float, float, tuple]]] = [[] for _ in range(self.J)]
        for col, xv in zip(self.cols, x[self.J:], strict=True):
            if col.k is None:
                continue
            rc = self.reduced_cost(col, pi) - float(mu[col.j])
            keyed[col.j].append((-xv if xv > 1e-6 else 0.0, rc, col.k))
        out = []
        for items in keyed:
            seen: dict[tuple, None] = {}
            for _, _, k in sorted(items, key=lambda v: (v[0], v[1])):
                seen.setdefault(k, None)
            out.append(tuple(seen))
        return tuple(out)

    def reduced_cost(self, col: _Column, pi: np.ndarray) -> float:
        """c_col + pi . load_col (without the convexity dual)."""
        end = min(col.t + col.d - 1, self.T)
        win = pi[:, :, col.t - 1:end].sum(axis=2) if end >= col.t else 0.0
        return col.cost + float((win * col.load).sum())

    def solve(self, time_left: float) -> tuple[float | None, np.ndarray | None]:
        """(LP value, capacity prices pi >= 0 as [c, r, s]) or (None, None) if not optimal."""
        import highspy

        # HiGHS compares time_limit with its run time summed over all run() calls
        self.h.setOptionValue("time_limit", self.h.getRunTime() + max(time_left, 0.01))
        self.h.run()
        if self.h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
            self.h.clearSolver()  # numerical trouble after a warm start: solve afresh once
            self.h.run()
        if self.h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
            return None, None
        dual = np.asarray(self.h.getSolution().row_dual)[self.J:]
        pi = np.maximum(-dual, 0.0).reshape(self.C, self.R, self.T)
        return float(self.h.getInfo().objective_function_value), pi

    def lp_completion(self) -> tuple[float, ...] | None:
        """Per job, the LP's mean completion slot (None while an artificial column is used)."""
        x = np.asarray(self.h.getSolution().col_value)
        if x.size < self.J + len(self.ends) or np.any(x[:self.J] > 1e-6):
            return None
        jobs, ends = np.array(self.ends, dtype=float).T
        mean = np.bincount(jobs.astype(int), weights=x[self.J:] * ends, minlength=self.J)
        return tuple(float(v) for v in mean)


def _solution_columns(inst: CompletionInstance, sol: dict, cl: _Classes,
                      halves: bool, ks_rows: tuple[int, ...] = ()) -> list[_Column]:
    """Columns of a (non-preemptive) schedule, class-aggregated: a feasible starting master."""
    sidx = {h: i for i, h in enumerate(inst.server_names)}
    out = []
    for j, name in enumerate(inst.job_names):
        rec = sol["jobs"].get(name)
        if rec is None or "segments" in rec:
            return []
        m = inst.worker_names.index(rec["worker_type"])
        R = len(inst.resources)
        RR = 2 * R if halves else R
        n_pseudo = -(-len(_group_caps(inst, ks_rows)) // RR) if ks_rows else 0
        load = np.zeros((len(cl.rep) + n_pseudo, RR))
        for h, c in rec["workers"].items():
            load[cl.of[sidx[h]], :R] += c * inst.worker_demand[m]
        for h, c in rec.get("ps", {}).items():
            load[cl.of[sidx[h]], :R] += c * inst.ps_demand[inst.ps_names.index(rec["ps_type"])]
        hosts = {h for key in ("workers", "ps") for h, c in rec.get(key, {}).items() if c}
        if halves and len(hosts) == 1:  # colocated: its load is on one server
            c = cl.of[sidx[hosts.pop()]]
            load[c, R:] = _big(load[c, :R], cl.rep[c])
        if ks_rows:
            g = _groups(inst, cl, np.array([m]), np.array([sum(rec["workers"].values())]),
                        load[:len(cl.rep), :R].sum(axis=0)[None], ks_rows)[0]
            load[len(cl.rep):].reshape(-1)[:len(g)] = g
        t, d = int(rec["start"]), int(rec["duration"])
        out.append(_Column(j, t, d, float(inst.weight[j]) * (t + d), load))
    return out


def _heuristic(inst: CompletionInstance, tmax: float) -> dict | None:
    """The best of A_online and FIFO when it ends by ``tmax`` (else ``None``)."""
    if tmax <= inst.horizon:
        return None
    sol = best_heuristic(inst).solution
    recs = sol["jobs"].values()
    if any("segments" in r or r["start"] + r["duration"] - 1 > tmax for r in recs):
        return None
    return sol


ROWS_FACTOR = 1.25


def default_rows(inst: CompletionInstance, spaces: list[_JobSpace | None]) -> int:
    """ROWS_FACTOR x (last arrival + the largest per-resource area makespan + the longest
    d^min), at least the instance horizon: past it an optimal LP solution rarely needs capacity,
    and a short rows horizon is what makes column generation converge within seconds."""
    live = [s for s in spaces if s is not None]
    if not live:
        return int(inst.horizon)
    area = np.zeros(len(inst.resources))
    for s in live:
        need = s.n[:, None] * inst.worker_demand[s.m]
        if not inst.ring:
            need = need + s.ns[:, None] * inst.ps_demand[s.p]
        area += (s.d[:, None] * need).min(axis=0)
    total = inst.capacity.sum(axis=0)
    span = float(np.max(np.where(total > 0, area / np.where(total > 0, total, 1), 0)))
    est = int(inst.arrival.max()) + span + max(int(s.d.min()) for s in live)
    return max(int(inst.horizon), math.ceil(ROWS_FACTOR * est))


def colgen_bound(inst: CompletionInstance, tmax: int | str | None = None, *,
                 rows: int | None = None, time_limit: float = COLGEN_TIME_LIMIT,
                 max_iterations: int = MAX_ITERATIONS, tol: float = 1e-6,
                 smoothing: float = 0.5, columns_per_job: int = 10,
                 warm: bool = False, ps_count: bool = True,
                 half_rows: bool = False, cluster_rows: tuple[int, ...] | None = None,
                 branch_time: float = 0.0,
                 upper: float | None = None) -> ColgenResult:
    """Column generation with a valid Lagrangian bound at every iteration (module docstring).

    The time limit is checked before each pricing round (estimated from the previous one);
    an early stop still returns a valid bound (the best Lagrangian seen).

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    tmax : int or str or None, default None
        Last slot a schedule may use: None or ``"extended"`` bounds the uncapped optimum
        (also the optimum under the extended horizon of notes §2.4, since every optimal
        schedule ends by it); ``"instance"`` the instance's horizon; or an int. Unit: slots.
    rows : int or None, default None
        Last slot with capacity rows (None: ``default_rows``, at most ``tmax``); later slots'
        constraints are dropped, a relaxation, so the bound stays valid for any value.
        Unit: slots.
    time_limit : float, default COLGEN_TIME_LIMIT
        Wall-clock budget. Unit: s.
    max_iterations : int, default MAX_ITERATIONS
        Pricing rounds at most. Unit: rounds.
    tol : float, default 1e-6
        Relative reduced-cost and convergence tolerance. Unit: dimensionless.
    smoothing : float, default 0.5
        Wentges dual smoothing, prices alpha pi_best + (1 - alpha) pi_master (0: plain
        column generation); a round whose columns do not price out at the master duals is
        repeated at them. Unit: dimensionless. Range: [0, 1).
    columns_per_job : int, default 10
        Per job and round, the best columns of up to this many configurations (each at its
        best start) are added when they price out. Unit: columns.
    warm : bool, default False
        Start the master from the columns of the best of A_online and FIFO (when it ends by
        ``tmax``) instead of artificial columns only.
    ps_count : bool, default True
        Charge a spread configuration the least PS count rule (2i) allows
        (``psmin.min_ps_count``) instead of one PS (a stronger bound under PS).
    half_rows : bool, default False
        Add per (server class c, resource r, slot) the valid row "at most count_c colocated
        jobs with more than half of a server's r run at once" (two such loads never share a
        server): it cuts the bin-packing slack of class aggregation. Off by default: on the
        paper-scale suite it left the LP value unchanged and halved the rounds per second.
    cluster_rows : tuple of int or None, default None
        For each k given, per (resource r, slot) the valid row "at most k - 1 columns whose
        least cluster-wide load on r exceeds 1 / k of the cluster's capacity of r run at
        once" (k such loads exceed the capacity): they cut the time-indexed LP's overlap of
        big jobs. None: ``CLUSTER_ROWS``; () for none.
    branch_time : float, default 0.0
        After the root LP, this many seconds more (plus what ``time_limit`` left) of
        branching on job start windows (``branching.branch_on_starts``): the least bound
        over the open nodes, never below the root's. Unit: s.
    upper : float or None, default None
        A known schedule's objective: branching nodes whose bound reaches it are closed
        (and the bound never exceeds it). Unit: weight x slots.

    Returns
    -------
    ColgenResult
        ``bound`` (Unit: weight x slots; None if some job has no schedule by ``tmax``), the
        last master LP value, iterations, columns, convergence and the LP's mean completions.
    """
    t0 = time.perf_counter()
    ks = CLUSTER_ROWS if cluster_rows is None else tuple(int(k) for k in cluster_rows)
    run = _setup(inst, tmax, rows, warm, ps_count, half_rows, ks)
    if run.master is None:
        return ColgenResult(None, None, 0, 0, False, run.t_rows, time.perf_counter() - t0, ())
    out = run.converge(None, time_limit - (time.perf_counter() - t0), max_iterations, tol,
                       smoothing, columns_per_job)
    master = run.master
    mean = master.lp_completion() if out.lp is not None else None
    ranked = master.ranked_configs(run.pi_rmp, run.mu) if out.lp is not None else None
    bound, nodes = out.bound, 0
    left = branch_time + time_limit - (time.perf_counter() - t0) if branch_time > 0 else 0.0
    if out.converged and out.lp is not None and left > 0.5 and math.isfinite(out.bound):
        from .branching import branch_on_starts

        bb = branch_on_starts(run, out.bound, left, upper, tol, columns_per_job)
        bound, nodes = max(bound, bb.bound), bb.nodes
    return ColgenResult(bound, out.lp, out.iterations, master.columns, out.converged,
                        run.t_rows, time.perf_counter() - t0, out.history, mean, ranked,
                        out.bound, nodes)


@dataclass(frozen=True)
class _Converged:
    """One column-generation run (at the root or at a branching node)."""

    bound: float  # best Lagrangian bound over the node's column set (-inf: none computed)
    lp: float | None  # last master LP value
    iterations: int
    converged: bool
    history: tuple[float, ...]


@dataclass
class _Run:
    """The state of column generation on one instance: the master (its columns kept across
    branching nodes), the job spaces and the last master duals."""

    inst: CompletionInstance
    cl: _Classes
    spaces: list[_JobSpace | None]
    ps_fit: np.ndarray
    cap_end: float
    t_rows: int
    half_rows: bool
    master: _Master | None
    pi_rmp: np.ndarray | None = None
    mu: np.ndarray | None = None
    lp_val: float | None = None

    def set_windows(self, windows: list[tuple[int, int]] | None) -> None:
        """Allow only the master's columns whose start lies in its job's window (the others'
        upper bound becomes 0); ``None``: every column."""
        import highspy  # noqa: F401  (the master's module)

        m = self.master
        if not m.cols:
            return
        ok = np.ones(len(m.cols), bool) if windows is None else np.array(
            [windows[c.j][0] <= c.t <= windows[c.j][1] for c in m.cols])
        idx = np.arange(m.J, m.J + len(m.cols), dtype=np.int32)
        upper = np.where(ok, np.inf, 0.0)
        m.h.changeColsBounds(len(idx), idx, np.zeros(len(idx)), upper)

    def converge(self, windows: list[tuple[int, int]] | None, time_limit: float,
                 max_iterations: int = MAX_ITERATIONS, tol: float = 1e-6,
                 smoothing: float = 0.5, columns_per_job: int = 10) -> _Converged:
        """Column generation over the columns whose start lies in their job's window (all
        with ``windows`` None) until the LP converges or ``time_limit`` seconds pass; the
        best Lagrangian bound seen is valid for every schedule whose starts lie in the
        windows (module docstring; +inf when some job has no such column)."""
        t0 = time.perf_counter()
        inst, master = self.inst, self.master
        R = len(inst.resources)
        if windows is not None:
            self.set_windows(windows)
        if self.pi_rmp is None or windows is not None:
            if master.columns:
                val, p0 = master.solve(time_limit)
                if p0 is not None:
                    self.lp_val, self.pi_rmp = val, p0
                    self.mu = np.asarray(master.h.getSolution().row_dual)[:inst.n_jobs]
            if self.pi_rmp is None:
                self.pi_rmp = np.zeros((master.C, master.R, self.t_rows))
                self.mu = master.big.copy()
        pi_rmp, mu = self.pi_rmp, self.mu
        pi_best = pi_rmp
        best, lp_val, history = -math.inf, None, []
        converged = False
        it, round_s = 0, 0.0
        alpha = 0.0
        while it < max_iterations:
            if it and time.perf_counter() - t0 + round_s > time_limit:
                break
            it += 1
            tr = time.perf_counter()
            pi = alpha * pi_best + (1 - alpha) * pi_rmp
            prefix = np.concatenate([np.zeros((*pi.shape[:2], 1)), np.cumsum(pi, axis=2)],
                                    axis=2)
            nc = len(self.cl.rep)  # real classes; the cluster rows' pseudo-classes follow
            units = (_unit_prefix(inst.worker_demand, prefix[:nc, :R]),
                     None if inst.ring else _unit_prefix(inst.ps_demand, prefix[:nc, :R]),
                     prefix[:nc, R:] if self.half_rows else None,
                     prefix[nc:].reshape(-1, prefix.shape[2])[:master.G]
                     if master.G else None)
            priced = [_price_job(inst, j, self.spaces[j], self.cl, units, self.ps_fit,
                                 self.cap_end, columns_per_job,
                                 None if windows is None else windows[j])
                      for j in range(inst.n_jobs)]
            lag = sum(v for v, _ in priced) - float((pi.sum(axis=2) * master.cap).sum())
            history.append(lag)
            if lag > best:
                best, pi_best = lag, pi
            if not math.isfinite(lag):
                converged = True  # some job has no schedule in its window: the node is empty
                break
            new = [col for (_, cols), mj in zip(priced, mu, strict=True) for col in cols
                   if master.reduced_cost(col, pi_rmp) - mj < -tol * max(1.0, abs(mj))]
            if not new:
                if alpha == 0.0:
                    converged = lp_val is not None or self.lp_val is not None
                    lp_val = lp_val if lp_val is not None else self.lp_val
                    break
                alpha = 0.0  # mis-pricing: the next round prices at the master duals
                round_s = time.perf_counter() - tr
                continue
            master.add(new)
            val, pi_new = master.solve(time_limit - (time.perf_counter() - t0))
            round_s = time.perf_counter() - tr
            if pi_new is None:  # time limit inside the LP: keep the last LP value
                break
            lp_val = self.lp_val = val
            pi_rmp = self.pi_rmp = pi_new
            mu = self.mu = np.asarray(master.h.getSolution().row_dual)[:inst.n_jobs]
            alpha = smoothing
            if best >= lp_val - tol * max(1.0, abs(lp_val)):
                converged = True
                break
        return _Converged(best, lp_val, it, converged, tuple(history))


def _setup(inst: CompletionInstance, tmax: int | str | None, rows: int | None, warm: bool,
           ps_count: bool, half_rows: bool, ks_rows: tuple[int, ...] = ()) -> _Run:
    """Job spaces, server classes, rows horizon and the master (None when some job has no
    schedule ending by ``tmax``), started from the heuristic's columns with ``warm``."""
    if tmax == "instance":
        tmax = int(inst.horizon)
    cap_end = math.inf if tmax in (None, "extended") else int(tmax)
    cl = server_classes(inst)
    beside = None if inst.ring or not ps_count else max_workers_beside_ps(inst)
    spaces = [_job_space(inst, j, cl, cap_end, ps_count, beside, half_rows, ks_rows)
              for j in range(inst.n_jobs)]
    heur = _heuristic(inst, cap_end) if warm else None
    t_rows = int(min(cap_end, rows if rows is not None else default_rows(inst, spaces)))
    t_rows = max(t_rows, int(inst.arrival.max()))
    ps_fit = (np.all(inst.ps_demand[:, None, :] <= cl.rep[None] + EPS, axis=2)
              if not inst.ring else np.zeros((0, len(cl.rep)), bool))
    if any(s is None for s in spaces):
        return _Run(inst, cl, spaces, ps_fit, cap_end, t_rows, half_rows, None)
    big = inst.weight * (t_rows + 1 + max(int(s.d.max()) for s in spaces)) * 2.0
    master = _Master(inst, cl, t_rows, big, half_rows, ks_rows)
    if heur is not None:
        master.add(_solution_columns(inst, heur, cl, half_rows, ks_rows))
    return _Run(inst, cl, spaces, ps_fit, cap_end, t_rows, half_rows, master)


__all__ = ["COLGEN_TIME_LIMIT", "ColgenResult", "colgen_bound", "server_classes"]
