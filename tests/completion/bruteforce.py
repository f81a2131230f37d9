"""Brute force for tiny instances, independent of E1/CP-SAT: enumerate every single-job schedule
(start, types, worker composition over servers, PS counts 0..2 per server) with its minimal
duration, then a depth-first search over jobs with a per-slot capacity table.

The last slot follows the instance's horizon rule: T when ``horizon_hard``; otherwise
``open_last_slot``, derived here from a serial schedule (each job alone, in arrival order, in
its fastest configuration), an upper bound UB: a job j ending at C_j costs at least
w_j C_j + sum_{k != j} w_k (a_k + d^min_k), so a schedule no worse than UB ends every job by
(UB - sum_{k != j} w_k (a_k + d^min_k)) / w_j."""

from __future__ import annotations

import itertools
import math

import numpy as np

from dlsched.completion.instance import CompletionInstance
from dlsched.completion.support.config import duration, theta


def _compositions(n: int, parts: int):
    for cut in itertools.product(range(n + 1), repeat=parts):
        if sum(cut) == n:
            yield cut


def job_configs(inst: CompletionInstance, j: int, max_ps: int = 2) -> list[tuple[int, np.ndarray]]:
    """(duration, load[h, r]) of every placement of job ``j`` that fits the empty cluster."""
    H = inst.n_servers
    out = []
    ps_types = [-1] if inst.ring else range(len(inst.ps_names))
    for m in range(len(inst.worker_names)):
        if not math.isfinite(inst.minibatch_time[j, m]):
            continue
        for p in ps_types:
            if p >= 0 and not math.isfinite(inst.update_time[j, p]):
                continue
            s_opts = [tuple([0] * H)] if p < 0 else [
                s for s in itertools.product(range(max_ps + 1), repeat=H) if sum(s) >= 1]
            for n in range(1, int(inst.chunks[j]) + 1):
                for y in _compositions(n, H):
                    for s in s_opts:
                        used = [h for h in range(H) if y[h] + s[h] > 0]
                        q = int(len(used) == 1)
                        if p >= 0 and any(  # (2i)
                                inst.worker_bw[m] * (n - y[h]) > inst.ps_bw[p] * s[h] + 1e-9
                                for h in range(H) if s[h]):
                            continue
                        load = np.outer(y, inst.worker_demand[m])
                        if p >= 0:
                            load = load + np.outer(s, inst.ps_demand[p])
                        if np.any(load > inst.capacity + 1e-9):
                            continue
                        d = duration(float(inst.workload[j]), theta(inst, j, m, p, q, n), n)
                        out.append((d, load))
    return out


def open_last_slot(inst: CompletionInstance) -> int:
    """Last slot any optimal schedule of an open-horizon instance can use (module docstring);
    at least T."""
    configs = [job_configs(inst, j) for j in range(inst.n_jobs)]
    if not all(configs):
        return int(inst.horizon)  # some job fits nowhere: infeasible under any horizon
    dmin = [min(d for d, _ in ks) for ks in configs]
    t, ub = 0, 0.0
    for j in sorted(range(inst.n_jobs), key=lambda j: (inst.arrival[j], j)):
        t = max(t, int(inst.arrival[j])) + dmin[j]
        ub += float(inst.weight[j]) * t
    cmin = [int(inst.arrival[j]) + dmin[j] for j in range(inst.n_jobs)]
    base = sum(float(inst.weight[k]) * cmin[k] for k in range(inst.n_jobs))
    last = max(math.floor((ub - base + inst.weight[j] * cmin[j]) / inst.weight[j] + 1e-9) - 1
               for j in range(inst.n_jobs))
    return max(int(inst.horizon), last)


def last_slot(inst: CompletionInstance) -> int:
    """T under a hard horizon, ``open_last_slot`` under an open one."""
    return int(inst.horizon) if inst.horizon_hard else open_last_slot(inst)


def single_job_schedules(inst: CompletionInstance, j: int, max_ps: int = 2,
                         tmax: int | None = None):
    """(completion, start, duration, load) of every schedule of job ``j`` ending by slot
    ``tmax`` (None: ``last_slot``), sorted by completion."""
    tmax = last_slot(inst) if tmax is None else tmax
    out = [(t + d, t, d, load) for d, load in job_configs(inst, j, max_ps)
           for t in range(int(inst.arrival[j]), tmax - d + 2)]
    out.sort(key=lambda x: x[0])
    return out


def brute_force(inst: CompletionInstance, tmax: int | None = None) -> float:
    """Optimal sum w_j C_j of the instance's statement (schedules ending by ``last_slot``, or
    by ``tmax`` when given; inf if infeasible). Non-preemptive: one run per job."""
    tmax = last_slot(inst) if tmax is None else tmax
    scheds = [single_job_schedules(inst, j, tmax=tmax) for j in range(inst.n_jobs)]
    order = sorted(range(inst.n_jobs), key=lambda j: -inst.weight[j])
    usage = np.zeros((tmax + 2, *inst.capacity.shape))
    best = [math.inf]
    w = inst.weight

    def rec(i: int, acc: float) -> None:
        if acc >= best[0]:
            return
        if i == len(order):
            best[0] = acc
            return
        j = order[i]
        rest = sum(w[k] * scheds[k][0][0] for k in order[i + 1:] if scheds[k])
        for comp, t, d, load in scheds[j]:
            if acc + w[j] * comp + rest >= best[0]:
                break  # sorted by completion
            win = usage[t:t + d]
            if np.any(win + load > inst.capacity + 1e-9):
                continue
            usage[t:t + d] += load
            rec(i + 1, acc + w[j] * comp)
            usage[t:t + d] -= load

    if all(scheds):
        rec(0, 0.0)
    return best[0]
