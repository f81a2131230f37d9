"""LTGF metrics of notes §4 from a timeline (independent of the simulator's online accounting).

Fair shares are piecewise constant between submissions and completions, allocations between
segment ends, so every integral below is an exact piecewise sum.
"""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

from typing import Any

import numpy as np

from .instance import LTGFInstance

LOSS = 0.95


def _ratio(a: np.ndarray, f: np.ndarray) -> np.ndarray:
    """Elementwise a/f with 0/0 := 0 and x/0 := inf."""
    out = np.where(f > 0, a / np.where(f > 0, f, 1.0), np.where(a > 0, np.inf, 0.0))
    return out


def timeline_arrays(inst: LTGFInstance, sol: dict[str, Any]) -> dict[str, np.ndarray]:
    idx = inst.job_index
    segs = sol["segments"]
    job = np.array([idx[s[0]] for s in segs], dtype=np.int64)
    start = np.array([s[1] for s in segs], dtype=float)
    end = np.array([s[2] for s in segs], dtype=float)
    comp = np.zeros(inst.n_jobs)
    np.maximum.at(comp, job, end)
    return {
        "job": job,
        "start": start,
        "end": end,
        "completion": comp,
        "cold": np.array([s[5] for s in segs], float),
        "ckpt": np.array([s[6] for s in segs], float),
        "preempt": np.array([s[4] == "preempt" for s in segs]),
    }


def tenant_fair_curve(
    inst: LTGFInstance, comp: np.ndarray, k: int
) -> tuple[np.ndarray, np.ndarray]:
    """Breakpoints and cumulative integral of FairShare^ten_k (8) at them."""
    jobs = np.flatnonzero(inst.job_tenant == k)
    a, f, g = inst.job_submit[jobs], comp[jobs], inst.job_gpus[jobs]
    t = np.unique(np.r_[a, f, 0.0])
    dem = np.zeros(t.size)
    np.add.at(dem, np.searchsorted(t, a), g)
    np.add.at(dem, np.searchsorted(t, f), -g)
    dem = np.cumsum(dem)[:-1]
    fs = np.minimum(dem, inst.quota[k])
    cum = np.r_[0.0, np.cumsum(fs * np.diff(t))]
    return t, cum


def job_rho(inst: LTGFInstance, tl: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """(Alloc_i, FairShare_i) integrals (14)-(15) over [a_i, finish_i], (13) with (8)."""
    comp = tl["completion"]
    alloc = np.bincount(
        tl["job"],
        weights=inst.job_gpus[tl["job"]] * (tl["end"] - tl["start"]),
        minlength=inst.n_jobs,
    )
    fair = np.zeros(inst.n_jobs)
    for k in range(inst.n_tenants):
        jobs = np.flatnonzero(inst.job_tenant == k)
        if jobs.size == 0:
            continue
        a, f, g, w = inst.job_submit[jobs], comp[jobs], inst.job_gpus[jobs], inst.job_weight[jobs]
        t = np.unique(np.r_[a, f])
        ia, jf = np.searchsorted(t, a), np.searchsorted(t, f)
        dem = np.zeros(t.size)
        wsum = np.zeros(t.size)
        np.add.at(dem, ia, g)
        np.add.at(dem, jf, -g)
        np.add.at(wsum, ia, w)
        np.add.at(wsum, jf, -w)
        dem, wsum = np.cumsum(dem)[:-1], np.cumsum(wsum)[:-1]
        per_w = np.minimum(dem, inst.quota[k]) / np.where(wsum > 1e-12, wsum, 1.0)
        dt = np.diff(t)
        for q, i in enumerate(jobs):
            s = slice(ia[q], jf[q])
            fair[i] = float(np.minimum(g[q], w[q] * per_w[s]) @ dt[s])
    return alloc, fair


def tenant_window_rho(
    inst: LTGFInstance, tl: dict[str, np.ndarray], window: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per (tenant, window) Alloc and FairShare (8) integrals on windows [0,w), [w,2w), ..."""
    horizon = float(tl["completion"].max())
    nb = max(1, int(np.ceil(horizon / window - 1e-12)))
    edges = np.arange(nb + 1) * window
    A = np.zeros((inst.n_tenants, nb))
    F = np.zeros((inst.n_tenants, nb))
    ten = inst.job_tenant[tl["job"]]
    gl = inst.job_gpus[tl["job"]].astype(float)
    for k in range(inst.n_tenants):
        m = ten == k
        if not m.any():
            continue
        s, e, g = tl["start"][m], tl["end"][m], gl[m]
        cum = np.clip(edges[:, None] - s[None, :], 0, (e - s)[None, :]) @ g
        A[k] = np.diff(cum)
        t, fc = tenant_fair_curve(inst, tl["completion"], k)
        F[k] = np.diff(np.interp(edges, t, fc))
    return A, F, edges


def metrics(inst: LTGFInstance, sol: dict[str, Any], window: float = 86400.0) -> dict[str, float]:
    """Headline metrics of notes §4 from a timeline (exact piecewise integrals).

    Parameters
    ----------
    inst : LTGFInstance
        The instance.
    sol : dict
        The timeline JSON (``segments``); a ``TimelineSolution`` works too.
    window : float, default 86400.0
        Length of the tenant-fairness windows (``unfairness_ratio``). Unit: s.

    Returns
    -------
    dict of str to float
        ``min_tenant_rho`` (the objective), ``unfairness_ratio`` (share of (tenant, window)
        pairs with rho < 1), ``tenant_windows``, ``sharing_loss_jobs`` (share of jobs with
        rho < 0.95), ``min_job_rho``, ``avg_slowdown``, ``avg_jct`` (s), ``makespan`` (s),
        ``preemptions``, ``overhead_ratio`` and ``utilisation``.

    Examples
    --------
    >>> from dlsched.ltgf.paper import fig6
    >>> inst = fig6()
    >>> from dlsched.ltgf import simulate
    >>> m = metrics(inst, simulate(inst, "astraea-ltgf"))
    >>> m["min_tenant_rho"], m["makespan"], m["preemptions"]
    (1.0, 4800.0, 4.0)
    """
    tl = timeline_arrays(inst, sol)
    comp = tl["completion"]
    jct = comp - inst.job_submit
    alloc, fair = job_rho(inst, tl)
    rj = _ratio(alloc, fair)
    A, F, _ = tenant_window_rho(inst, tl, window)
    keep = F > 1e-9
    rw = _ratio(A, F)[keep]
    tot_A, tot_F = A.sum(axis=1), F.sum(axis=1)
    has = np.bincount(inst.job_tenant, minlength=inst.n_tenants) > 0
    rt = _ratio(tot_A, tot_F)[has]
    busy = float((inst.job_gpus[tl["job"]] * (tl["end"] - tl["start"])).sum())
    horizon = float(comp.max())
    overhead = float((tl["cold"] + np.where(tl["preempt"], tl["ckpt"], 0.0)).sum())
    return {
        "min_tenant_rho": float(rt.min()),
        "unfairness_ratio": float(np.mean(rw < 1 - 1e-9)) if rw.size else 0.0,
        "tenant_windows": float(rw.size),
        "sharing_loss_jobs": float(np.mean(rj < LOSS - 1e-12)),
        "min_job_rho": float(rj.min()),
        "avg_slowdown": float(np.mean(jct / inst.job_duration)),
        "avg_jct": float(np.mean(jct)),
        "makespan": horizon,
        "preemptions": float(tl["preempt"].sum()),
        "overhead_ratio": overhead / float(jct.sum()),
        "utilisation": busy / (inst.gpus * horizon) if horizon > 0 else 0.0,
    }


def occupancy(inst: LTGFInstance, sol: dict[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    """Step function of the GPUs each tenant uses over time.

    Parameters
    ----------
    inst : LTGFInstance
        The instance.
    sol : dict
        The timeline JSON.

    Returns
    -------
    tuple of numpy.ndarray
        (times in s, tenants x len(times) GPUs in use from each time on).

    Examples
    --------
    >>> from dlsched.ltgf import simulate
    >>> from dlsched.ltgf.paper import fig6
    >>> t, occ = occupancy(fig6(), simulate(fig6(), "astraea-ltgf"))
    >>> t.tolist(), occ.tolist()
    ([0.0, 600.0, 1800.0, 2400.0, 3600.0, 4800.0], [[6.0, 6.0, 6.0, 6.0, 6.0, 0.0]])
    """
    tl = timeline_arrays(inst, sol)
    t = np.unique(np.r_[tl["start"], tl["end"]])
    occ = np.zeros((inst.n_tenants, t.size))
    ten = inst.job_tenant[tl["job"]]
    g = inst.job_gpus[tl["job"]]
    for k in range(inst.n_tenants):
        m = ten == k
        np.add.at(occ[k], np.searchsorted(t, tl["start"][m]), g[m])
        np.add.at(occ[k], np.searchsorted(t, tl["end"][m]), -g[m])
    return t, np.cumsum(occ, axis=1)


def unfairness_ratio(inst: LTGFInstance, sol: dict[str, Any], window: float = 86400.0,
                     below: float = 1.0) -> float:
    """Share of (tenant, window) samples with rho^ten (12) below ``below``.

    Parameters
    ----------
    inst : LTGFInstance
        The instance.
    sol : dict
        The timeline JSON.
    window : float, default 86400.0
        Window length. Unit: s.
    below : float, default 1.0
        Threshold (paper §6.3: "smaller than 1"; 0.99 does not count the deficit of waiting a
        tick or two). Unit: dimensionless.

    Returns
    -------
    float
        The share in [0, 1]. Unit: dimensionless.

    Examples
    --------
    >>> from dlsched.ltgf import simulate
    >>> from dlsched.ltgf.paper import fig6
    >>> unfairness_ratio(fig6(), simulate(fig6(), "astraea-ltgf"))
    0.0
    """
    tl = timeline_arrays(inst, sol)
    A, F, _ = tenant_window_rho(inst, tl, window)
    rw = _ratio(A, F)[F > 1e-9]
    return float(np.mean(rw < below - 1e-9)) if rw.size else 0.0


def idle_while_fits(inst: LTGFInstance, sol: dict[str, Any]) -> dict[str, Any]:
    """Decision times at which GPUs sit idle while a waiting job fits (consolidated placement).

    Decision times are the tick multiples at or after each submission, segment start and
    segment end; the state is the one after that time's decisions (segments running over
    ``[start, end)``).

    Parameters
    ----------
    inst : LTGFInstance
        The instance.
    sol : dict
        The timeline JSON.

    Returns
    -------
    dict
        ``idle_while_fits`` (count), ``decisions_with_waiting`` (count) and ``examples``
        (the first few (time, job, free GPUs)).

    Examples
    --------
    >>> from dlsched.ltgf import simulate
    >>> from dlsched.ltgf.paper import fig6
    >>> idle_while_fits(fig6(), simulate(fig6(), "astraea-ltgf"))["idle_while_fits"]
    0
    """
    from ..sim.placement import consolidated

    tl = timeline_arrays(inst, sol)
    tick, G = inst.tick, inst.gpus_per_node
    raw = np.r_[inst.job_submit, tl["start"], tl["end"]]
    times = np.unique(np.ceil(raw / tick - 1e-9) * tick)
    comp = tl["completion"]
    hits, waiting, examples = 0, 0, []
    for t in times:
        run = (tl["start"] <= t + 1e-9) & (tl["end"] > t + 1e-9)
        free = np.full(inst.nodes, G, dtype=np.int64)
        for s in np.flatnonzero(run):
            for n, c in sol["segments"][s][3]:
                free[n] -= c
        running = set(tl["job"][run].tolist())
        wait = [i for i in np.flatnonzero((inst.job_submit <= t + 1e-9) & (comp > t + 1e-9))
                if i not in running]
        if not wait:
            continue
        waiting += 1
        fit = next((i for i in wait if consolidated(free, int(inst.job_gpus[i]), G) is not None),
                   None)
        if fit is not None:
            hits += 1
            if len(examples) < 3:
                examples.append((float(t), inst.jobs[fit].name, int(free.sum())))
    return {"idle_while_fits": hits, "decisions_with_waiting": waiting, "examples": examples}
