"""Independent checker of notes §6, written from the constraints of (3) and the mechanism's
definitions (not from the algorithms): returns the list of violations (empty = valid).

Checks: capacity per server and slot (1), aggregate sharing (2), phase-1 usage within each
tenant's share (3), no preemption / admitted once (4), work (5), placement and (3i) (6),
Astraea timing (7), admission μ > 0 (8), posted prices replayed from the decision order (9),
money: payments = charged phase-2 costs, incomes from the phase-1 snapshot sum to payments,
each tenant's gain g_u and α_u recomputed (10); every run ends by the horizon T.

Every rule comes from the instance (``revenue.rules``): ``time_origin`` and ``fixed_workers``
are instance fields; the horizon cap and the placement space (C: one server, one PS; D: any
servers, (3i) on every PS host, notes §6.11) are fixed rules of the problem. The solution keys
``time_origin`` and ``ps_multi`` are information only and are ignored here.
"""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import math
import time
from typing import Any

import numpy as np

from ..core import Result, Status
from ..core.objective import agree
from ..core.tolerance import exceeds, negative, same_amount, short_of
from .instance import RevenueInstance
from .solution import beta, usage
from .support.configs import utility_x


def _close(a: float, b: float) -> bool:
    """Two amounts agree (the shared amount tolerance)."""
    return bool(same_amount(a, b))


def _same_objective(reported: Any, total: float) -> bool:
    """The reported revenue is the records' total (the objective tolerance of
    ``dlsched.core.objective``)."""
    return isinstance(reported, (int, float)) and agree(float(reported), total)


def _job(inst: RevenueInstance, j: int, rec: dict[str, Any]) -> list[str]:
    name = inst.job_names[j]
    out: list[str] = []
    s_of = {n: s for s, n in enumerate(inst.server_names)}
    for key in ("workers", "ps"):
        for s, k in rec[key].items():
            if s not in s_of:
                return [f"{name}: unknown server {s!r}"]
            if k < 0 or int(k) != k:
                out.append(f"{name}: {key} on {s} must be a non-negative integer")
    w, nps = sum(rec["workers"].values()), sum(rec["ps"].values())
    t0, t1 = rec["start"], rec["completion"]
    if t0 < inst.arrival[j] + 1:
        out.append(f"{name}: starts at {t0} before r+1 = {inst.arrival[j] + 1}")
    if not 1 <= w <= inst.chunks[j]:
        out.append(f"{name}: {w} workers outside 1..D_j={inst.chunks[j]}")
        return out
    if inst.fixed_workers and w != inst.chunks[j]:
        out.append(f"{name}: {w} workers, the instance fixes D_j={inst.chunks[j]} "
                   "(fixed_workers)")
    if t1 > inst.horizon:
        out.append(f"{name}: completes at slot {t1}, after the horizon T={inst.horizon}")
    if nps < 1:
        out.append(f"{name}: no parameter server")
        return out
    placement = rec["placement"]
    hosts = {s for s, k in rec["workers"].items() if k} | {s for s, k in rec["ps"].items() if k}
    if placement == "C":
        if len(hosts) != 1 or nps != 1:
            out.append(f"{name}: centralized needs one server with all workers and 1 PS")
    elif placement != "D":
        out.append(f"{name}: placement must be 'C' or 'D'")
        return out
    for s, z in rec["ps"].items():  # (3i) on every PS host
        if z and exceeds(inst.bw_worker * (w - rec["workers"].get(s, 0)), inst.bw_ps * z):
            out.append(f"{name}: (3i) bandwidth violated on PS server {s}")
    d = t1 - t0 + 1
    rate = inst.rate_c[j] if placement == "C" else inst.rate_d[j]
    if short_of(w * d * rate, inst.work[j]):
        out.append(f"{name}: {w}x{d} slots train {w * d * rate:.6g} < {inst.work[j]} "
                   "mini-batches")
    if d != inst.duration(j, placement, w):
        out.append(f"{name}: runs {d} slots, d_j({placement},{w}) = "
                   f"{inst.duration(j, placement, w)}")
    x = utility_x(inst, j, t1, inst.time_origin)
    if not _close(rec["utility"], float(inst.f(j, x))):
        out.append(f"{name}: utility {rec['utility']} != f_j({x}) = {inst.f(j, x)}")
    if "window" in rec:  # notes §6.7
        a, b = rec["window"]
        tau = 2 ** rec["batch"]
        if t0 < a or t1 > b or b - a + 1 != tau:
            out.append(f"{name}: run {t0}..{t1} outside its round window {a}..{b}")
        if not inst.arrival[j] < tau:
            out.append(f"{name}: arrival {inst.arrival[j]} not before τ = {tau}")
    if "mu" in rec:
        if not rec["mu"] > 0:
            out.append(f"{name}: admitted with μ = {rec['mu']} <= 0")
        cost = sum(rec["cost_w"]) + sum(rec["cost_p"])
        ideal = float(inst.f(j, t1 - (rec["window"][0] - 1)))
        if not _close(rec["mu"], ideal - cost):
            out.append(f"{name}: μ {rec['mu']} != ideal {ideal} - cost {cost}")
    return out


def _prices(inst: RevenueInstance, sol: dict[str, Any], admitted: list[int]) -> list[str]:
    """Replay Eq. (8) in decision order: cost_w(t) = η_w(h(t)) w, cost_p(t) = η_p(h(t)) #PS."""
    out: list[str] = []
    cw, cp = int(inst.cap_w.sum()), int(inst.cap_p.sum())
    tw, tp = sol["theta_w"], sol["theta_p"]
    ends = [sol["jobs"][inst.job_names[j]]["completion"] for j in admitted]
    T = max(ends, default=0) + 1
    hw, hp = np.zeros(T + 1), np.zeros(T + 1)
    for j in sorted(admitted, key=lambda j: sol["jobs"][inst.job_names[j]]["order"]):
        rec = sol["jobs"][inst.job_names[j]]
        run = slice(rec["start"], rec["completion"] + 1)
        w, nps = sum(rec["workers"].values()), sum(rec["ps"].values())
        if len(rec["cost_w"]) != run.stop - run.start or len(rec["cost_p"]) != len(rec["cost_w"]):
            out.append(f"{inst.job_names[j]}: per-slot costs do not cover the run")
            continue
        ew = tw ** (hw[run] / cw) - 1.0
        ep = tp ** (hp[run] / cp) - 1.0
        if not (same_amount(np.asarray(rec["cost_w"], float), ew * w).all()
                and same_amount(np.asarray(rec["cost_p"], float), ep * nps).all()):
            out.append(f"{inst.job_names[j]}: charged costs differ from the posted prices (8)")
        hw[run] += w
        hp[run] += nps
    return out


def _money(inst: RevenueInstance, sol: dict[str, Any], admitted: list[int]) -> list[str]:
    out: list[str] = []
    recs = {j: sol["jobs"][inst.job_names[j]] for j in admitted}
    T = max((r["completion"] for r in recs.values()), default=0) + 1
    U = inst.n_tenants
    p1w, p1p = np.zeros((U, T + 1)), np.zeros((U, T + 1))
    for j, r in recs.items():
        if r.get("phase") == 1:
            run = slice(r["start"], r["completion"] + 1)
            p1w[inst.tenant[j], run] += sum(r["workers"].values())
            p1p[inst.tenant[j], run] += sum(r["ps"].values())
    over = (p1w > inst.quota_w[:, None]) | (p1p > inst.quota_p[:, None])
    for u, t in zip(*np.nonzero(over), strict=True):
        out.append(f"tenant {inst.tenant_names[u]}: phase-1 usage above its share at slot {t}")
        break
    vw, vp = inst.quota_w[:, None] - p1w, inst.quota_p[:, None] - p1p
    for j, r in recs.items():
        name = inst.job_names[j]
        if r.get("phase") != 2:
            if r.get("payment", 0.0) != 0.0 or r.get("income"):
                out.append(f"{name}: a phase-1 job pays nothing")
            continue
        cw, cpp = np.array(r["cost_w"]), np.array(r["cost_p"])
        if cw.size != r["completion"] - r["start"] + 1 or cpp.size != cw.size:
            out.append(f"{name}: per-slot costs do not cover the run")
            continue
        if not _close(r.get("payment", math.nan), float(cw.sum() + cpp.sum())):
            out.append(f"{name}: payment {r.get('payment')} != charged cost {cw.sum() + cpp.sum()}")
        run = slice(r["start"], r["completion"] + 1)
        rho = vw[:, run] / vw[:, run].sum(0) * cw + vp[:, run] / vp[:, run].sum(0) * cpp
        inc = r.get("income", {})
        got = np.array([inc.get(u, 0.0) for u in inst.tenant_names])
        if np.any(negative(got)) or not same_amount(got, rho.sum(1)).all():
            out.append(f"{name}: incomes {got.tolist()} != Eq. (2) {rho.sum(1).tolist()}")
        if not _close(float(got.sum()), float(r.get("payment", 0.0))):
            out.append(f"{name}: incomes sum to {got.sum()}, payment {r.get('payment')}")
    return out


def check(inst: RevenueInstance, sol: dict[str, Any]) -> list[str]:
    """All violations of a revenue solution by the independent checker (empty when valid).

    The checks of the module docstring: capacities per server and slot, aggregate sharing,
    work and placement rules, Astraea's timing, prices and money when present.
    ``dlsched.revenue.check`` is this function.

    Parameters
    ----------
    inst : RevenueInstance
        The instance.
    sol : dict
        The solution's JSON (``jobs`` with a record for every job, ``revenue``).

    Returns
    -------
    list of str
        One message per violation.

    Examples
    --------
    >>> from dlsched.revenue import check
    >>> from dlsched.revenue.solution import finish, job_record
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=3, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> rec = job_record(inst, 0, "C", 3, 1, {0: 1}, {0: 1}, "arrival")
    >>> check(inst, finish(inst, {0: rec}, "arrival").to_json())
    []
    >>> check(inst, {"jobs": {}})
    ['solution.jobs must map every job name to a record']
    """
    out: list[str] = []
    jobs = sol.get("jobs")
    if not isinstance(jobs, dict) or set(jobs) != set(inst.job_names):
        return ["solution.jobs must map every job name to a record"]
    admitted = [j for j, n in enumerate(inst.job_names) if jobs[n].get("admitted")]
    for j in admitted:
        out += _job(inst, j, jobs[inst.job_names[j]])
    for j, n in enumerate(inst.job_names):
        if j not in admitted and (jobs[n].get("workers") or jobs[n].get("ps")):
            out.append(f"{n}: rejected job holds resources")
    if any("unknown server" in v for v in out):
        return out
    y, z = usage(inst, sol)
    for arr, cap, what in ((y, inst.cap_w, "workers"), (z, inst.cap_p, "PSs")):
        bad = np.argwhere(exceeds(arr, cap[:, None]))
        if bad.size:
            s, t = bad[0]
            out.append(f"server {inst.server_names[s]}: {what} over capacity at slot {t}")
    if np.any(y.sum(0) > inst.quota_w.sum()) or np.any(z.sum(0) > inst.quota_p.sum()):
        out.append("aggregate usage above Σq (3a)/(3b)")
    total = sum(jobs[inst.job_names[j]]["utility"] for j in admitted)
    if not _same_objective(sol.get("revenue"), total):
        out.append(f"revenue {sol.get('revenue')} != Σ F_j = {total}")
    if any("mu" in jobs[inst.job_names[j]] for j in admitted):
        out += _prices(inst, sol, admitted)
    out += _money(inst, sol, admitted)
    gains = sol.get("gains")
    if isinstance(gains, dict) and not _close(sum(gains.values()), total):
        out.append(f"tenant gains sum to {sum(gains.values())}, revenue {total}")
    if not out:  # each g_u and α_u restate the records: judged once the records hold
        out += _gains(inst, sol, admitted, total)
    return out


def _gains(inst: RevenueInstance, sol: dict[str, Any], admitted: list[int], total: float
           ) -> list[str]:
    """Reported gains and α (answers, not rules): recomputed from the records and the
    instance's shares, g_u = Σ_{j of u} (F_j - payment_j) + Σ_j income_j[u] (notes §3.6),
    α_u = (g_u / Σ F) / β_u; Σ g_u = Σ F and Σ β_u α_u = 1 follow."""
    out: list[str] = []
    want = dict.fromkeys(inst.tenant_names, 0.0)
    for j in admitted:
        r = sol["jobs"][inst.job_names[j]]
        want[inst.tenant_names[inst.tenant[j]]] += r["utility"] - r.get("payment", 0.0)
        for u, x in (r.get("income") or {}).items():
            if u not in want:
                out.append(f"{inst.job_names[j]}: income to unknown tenant {u!r}")
                continue
            want[u] += x
    gains = sol.get("gains")
    if gains is not None:
        if not isinstance(gains, dict) or set(gains) != set(inst.tenant_names):
            return [*out, "gains must map every tenant name to its gain"]
        for u in inst.tenant_names:
            if not _close(gains[u], want[u]):
                out.append(f"tenant {u}: gain {gains[u]} != {want[u]} from the records")
    alpha = (sol.get("fairness") or {}).get("alpha")
    if alpha is not None and total > 0:
        b = beta(inst)
        for k, u in enumerate(inst.tenant_names):
            exp = (want[u] / total) / b[k] if b[k] > 0 else None
            got = alpha.get(u) if isinstance(alpha, dict) else None
            if (exp is None) != (got is None) or (exp is not None and not _close(got, exp)):
                out.append(f"tenant {u}: alpha {got} != (g_u / ΣF) / β_u = {exp}")
    return out


def checked_result(inst: RevenueInstance, method: str, sol: dict[str, Any], t0: float,
                   stats: dict[str, Any]) -> Result:
    """The Result of an online method: revenue of ``sol``, re-checked by ``check``.

    Parameters
    ----------
    inst : RevenueInstance
        The instance.
    method : str
        The method name recorded in the Result.
    sol : dict
        The solution (typed ``Solution`` or its JSON).
    t0 : float
        ``time.perf_counter()`` at the start of the method. Unit: s.
    stats : dict
        Method statistics (``violations`` is added on failure).

    Returns
    -------
    Result
        Status ``feasible``, or ``error`` with the first ten violations in
        ``stats["violations"]``; ``objective`` = ``sol["revenue"]``.

    Examples
    --------
    >>> import time
    >>> from dlsched.revenue.solution import finish, job_record
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=3, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> rec = job_record(inst, 0, "C", 3, 1, {0: 1}, {0: 1}, "arrival")
    >>> res = checked_result(inst, "mine", finish(inst, {0: rec}, "arrival"),
    ...                      time.perf_counter(), {})
    >>> res.status.value, round(res.objective, 3)
    ('feasible', 645.704)
    """
    viol = check(inst, sol)
    status = Status.FEASIBLE
    if viol:
        stats["violations"] = viol[:10]
        status = Status.ERROR
    return Result(problem="revenue", method=method, status=status, objective=sol["revenue"],
                  runtime_s=time.perf_counter() - t0, solution=sol, stats=stats)


def objective(inst: RevenueInstance, sol: dict[str, Any]) -> float:
    """Total revenue sum of f_j(x_j) over admitted jobs, x_j from the completion slot and the
    instance's ``time_origin`` (``Problem.objective``; the solution's key is ignored).

    Parameters
    ----------
    inst : RevenueInstance
        The instance.
    sol : dict
        The solution's JSON.

    Returns
    -------
    float
        The revenue. Unit: utility.

    Examples
    --------
    >>> from dlsched.revenue.solution import job_record
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=3, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> rec = job_record(inst, 0, "C", 3, 1, {0: 1}, {0: 1}, "arrival")
    >>> jobs = {"j1": rec, "j2": {"admitted": False}, "j3": {"admitted": False}}
    >>> round(objective(inst, {"jobs": jobs}), 3)
    645.704
    """
    total = 0.0
    origin = inst.time_origin
    for j, name in enumerate(inst.job_names):
        rec = sol["jobs"][name]
        if rec.get("admitted"):
            total += float(inst.f(j, utility_x(inst, j, int(rec["completion"]), origin)))
    return total
