"""Brute force for tiny instances, independent of E1/CP-SAT: enumerate every single-job schedule
(start, types, worker composition over servers, PS counts 0..2 per server) with its minimal
duration, then a depth-first search over jobs with a per-slot capacity table."""

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


def single_job_schedules(inst: CompletionInstance, j: int, max_ps: int = 2):
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
                        for t in range(int(inst.arrival[j]), inst.horizon - d + 2):
                            out.append((t + d, t, d, load))
    out.sort(key=lambda x: x[0])
    return out


def brute_force(inst: CompletionInstance) -> float:
    """Optimal sum w_j C_j within the horizon (inf if infeasible)."""
    scheds = [single_job_schedules(inst, j) for j in range(inst.n_jobs)]
    order = sorted(range(inst.n_jobs), key=lambda j: -inst.weight[j])
    usage = np.zeros((inst.horizon + 2, *inst.capacity.shape))
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
