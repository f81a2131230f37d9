"""Independent checker of an LTGF timeline (issue 7): gang, per-node capacity over time, no job
before its submission, exact service with the overhead model, every job completed, leases.

Written against the solution format only (not the simulator's internals)::

    {"segments": [[job, start, end, [[node, gpus], ...], "complete"|"preempt", cold, ckpt], ...],
     "completion": {job: time}}

Every rule comes from the instance (issue 32), never from the solution: the lease length L,
the lease clock (``leases``) and the time model (``time``). The problem is lease-based: a run
is preempted only at the end of one of its leases — with ``leases: "per-job"`` after a whole
positive number of leases from its start, with ``"synchronized"`` on a multiple of L. With
``time: "slotted"`` every run starts and ends on a multiple of L. Solution keys that once
declared rules (``lease_based``, ``lease``, ``synchronized``, ``knobs``) are information only
and are ignored here.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import chain
from typing import Any

import numpy as np

from ..core.tolerance import AMOUNT_RTOL, TIME_ATOL, before, off_grid, same_amount, same_time
from .instance import LTGFInstance


def check(inst: LTGFInstance, sol: dict[str, Any]) -> list[str]:
    """Violations of an LTGF timeline; an empty list when it is feasible.

    Checks, from the solution format only: known jobs, end > start, no run before the
    job's submission, gang (a run holds exactly the job's GPUs), per-node capacity over time,
    the service each job gets with the overhead model (cold start after a preemption,
    checkpoint before one), every job completed at its reported time, preemptions only at
    lease ends (the instance's ``lease`` and ``leases``) and, for ``time: "slotted"``, runs on
    the slot grid.

    Parameters
    ----------
    inst : LTGFInstance
        The instance.
    sol : dict
        The timeline JSON (``segments``, ``completion``; other keys are ignored); a
        ``TimelineSolution`` works too.

    Returns
    -------
    list of str
        One message per violation.

    Examples
    --------
    >>> from dlsched.ltgf.paper import fig6
    >>> inst = fig6()
    >>> from dlsched.ltgf import simulate
    >>> check(inst, simulate(inst, "astraea-ltgf"))
    []
    >>> check(inst, {"segments": [], "completion": {}})[:1]
    ['J1: never runs']
    """
    errs: list[str] = []
    segs = sol.get("segments")
    if not isinstance(segs, list):
        return ["solution has no 'segments' list"]
    if _clean(inst, sol, segs):
        return errs
    return _violations(inst, sol, segs)


def _violations(inst: LTGFInstance, sol: dict[str, Any], segs: list[Any]) -> list[str]:
    """``check``'s messages, segment by segment and job by job (the reference of ``_clean``)."""
    errs: list[str] = []
    by_job: dict[str, list] = defaultdict(list)
    ev_t, ev_n, ev_d = [], [], []
    G, N = inst.gpus_per_node, inst.nodes
    for k, seg in enumerate(segs):
        try:
            name, start, end, place, reason, cold, ckpt = seg
        except (TypeError, ValueError):
            errs.append(f"segments[{k}]: expected [job, start, end, placement, reason, cold, ckpt]")
            continue
        if name not in inst.job_index:
            errs.append(f"segments[{k}]: unknown job {name!r}")
            continue
        job = inst.jobs[inst.job_index[name]]
        if end <= start:
            errs.append(f"segments[{k}] ({name}): end {end} <= start {start}")
        if before(start, job.submit):
            errs.append(f"{name}: runs at {start} before its submission {job.submit}")
        tot = 0
        for n, c in place:
            if not (0 <= n < N) or c <= 0:
                errs.append(f"segments[{k}] ({name}): bad placement entry [{n}, {c}]")
                continue
            tot += c
            ev_t += [start, end]
            ev_n += [n, n]
            ev_d += [c, -c]
        if tot != job.gpus:
            errs.append(f"{name}: gang violated, holds {tot} GPUs, needs {job.gpus}")
        if reason not in ("complete", "preempt"):
            errs.append(f"segments[{k}] ({name}): unknown end reason {reason!r}")
        by_job[name].append((start, end, reason, cold, ckpt))
    # per-node capacity over time (releases before acquisitions at equal times)
    if ev_t:
        t, n, d = np.array(ev_t, float), np.array(ev_n), np.array(ev_d)
        order = np.lexsort((d, t, n))
        t, n, d = t[order], n[order], d[order]
        load = np.cumsum(d)
        starts = np.r_[0, np.flatnonzero(np.diff(n)) + 1]
        base = np.repeat(np.r_[0, load[starts[1:] - 1]], np.diff(np.r_[starts, len(n)]))
        over = np.flatnonzero(load - base > G)
        for j in over[:5]:
            errs.append(f"node {int(n[j])}: {int(load[j] - base[j])} GPUs in use at {t[j]} > {G}")
    comp = sol.get("completion", {})
    lease = inst.lease
    synchronized = inst.leases == "synchronized"
    slotted = inst.time == "slotted"
    for job in inst.jobs:
        runs = sorted(by_job.get(job.name, []))
        if not runs:
            errs.append(f"{job.name}: never runs")
            continue
        served = 0.0
        for r, (s, e, reason, cold, ckpt) in enumerate(runs):
            if r and before(s, runs[r - 1][1]):
                errs.append(f"{job.name}: overlapping segments at {s}")
            want_cold = inst.cold_start if r else 0.0
            if not same_time(cold, want_cold):
                errs.append(f"{job.name}: segment {r} cold start {cold}, expected {want_cold}")
            want_ck = inst.checkpoint if reason == "preempt" else 0.0
            if not same_time(ckpt, want_ck):
                errs.append(f"{job.name}: segment {r} checkpoint {ckpt}, expected {want_ck}")
            if (reason == "complete") != (r == len(runs) - 1):
                errs.append(f"{job.name}: segment {r} ends '{reason}' out of order")
            if reason == "preempt" and synchronized:
                if off_grid(e, lease):
                    errs.append(f"{job.name}: preempted at {e:g}, not at the end of a "
                                f"synchronized lease (multiple of {lease:g} s)")
            elif reason == "preempt" and (before(e - s, lease) or off_grid(e - s, lease)):
                errs.append(f"{job.name}: preempted after {e - s:g} s, inside a lease (leases "
                            f"of {lease:g} s from the run's start)")
            if slotted and (off_grid(s, lease) or off_grid(e, lease)):
                errs.append(f"{job.name}: run [{s:g}, {e:g}] is not on the slot grid "
                            f"(multiples of {lease:g} s; slotted time)")
            served += max(0.0, e - s - cold - ckpt)
        if not same_amount(served, job.duration):
            errs.append(f"{job.name}: receives {served:.6f} s of service, needs {job.duration}")
        if job.name in comp and not same_time(comp[job.name], runs[-1][1]):
            errs.append(f"{job.name}: completion {comp[job.name]} != end of last segment")
    return errs


def _clean(inst: LTGFInstance, sol: dict[str, Any], segs: list[Any]) -> bool:
    """True when the timeline passes every check of ``check`` (which then returns no message).

    The same checks on numpy arrays of all segments at once (a 90k-segment timeline): False as
    soon as any of them may fail or a field is not of the expected shape, and ``check`` then
    runs its per-segment loop, which words the violations. The service sums use half the
    tolerance, so a sum in another order cannot pass here and fail there.
    """
    idx = inst.job_index
    if not segs:
        return False
    num = {int, float}
    try:
        # every row a 7-entry list, known job names, known reasons, numbers, [node, gpus]
        # pairs of ints (set operations over the columns, not a test per row)
        if not set(map(type, segs)) <= {list, tuple} or set(map(len, segs)) != {7}:
            return False
        names, reason = [r[0] for r in segs], [r[4] for r in segs]
        if set(map(type, names)) != {str} or not set(names) <= idx.keys():
            return False
        if not set(reason) <= {"complete", "preempt"}:
            return False
        cols = [[r[k] for r in segs] for k in (1, 2, 5, 6)]
        if not all(set(map(type, c)) <= num for c in cols):
            return False
        start, end, cold, ckpt = (np.array(c, dtype=float) for c in cols)
        places = [r[3] for r in segs]
        pairs = list(chain.from_iterable(places))
        if not set(map(type, pairs)) <= {list, tuple} or set(map(len, pairs)) != {2}:
            return False
        flat = list(chain.from_iterable(pairs))
        if set(map(type, flat)) != {int}:
            return False
        pnc = np.array(flat, dtype=np.int64).reshape(-1, 2)
        pk = np.repeat(np.arange(len(segs)), list(map(len, places)))
        job = np.array([idx[x] for x in names], dtype=np.int64)
        comp = sol.get("completion", {})
        comp_t = {idx[x]: float(v) for x, v in comp.items() if x in idx}
    except (TypeError, ValueError, AttributeError):
        return False
    N, G = inst.nodes, inst.gpus_per_node
    pn, pc = pnc[:, 0], pnc[:, 1]
    if ((pn < 0) | (pn >= N) | (pc <= 0)).any():
        return False
    if (end <= start).any() or before(start, inst.job_submit[job]).any():
        return False
    if (np.bincount(pk, weights=pc, minlength=len(segs)) != inst.job_gpus[job]).any():
        return False
    # per-node capacity: releases before acquisitions at equal times (any order of equal
    # events gives the same maximum)
    t = np.concatenate((start[pk], end[pk]))
    n = np.concatenate((pn, pn))
    d = np.concatenate((pc, -pc))
    order = np.lexsort((d, t, n))
    n, d = n[order], d[order]
    load = np.cumsum(d)
    first = np.r_[0, np.flatnonzero(np.diff(n)) + 1]
    base = np.repeat(np.r_[0, load[first[1:] - 1]], np.diff(np.r_[first, len(n)]))
    if (load - base > G).any():
        return False
    lease = inst.lease
    # each job's runs in time order
    o = np.lexsort((end, start, job))
    job, start, end, cold, ckpt = job[o], start[o], end[o], cold[o], ckpt[o]
    pre = np.array([x == "preempt" for x in reason])[o]
    counts = np.bincount(job, minlength=inst.n_jobs)
    if (counts == 0).any():
        return False
    new = np.r_[True, job[1:] != job[:-1]]
    last = np.r_[job[1:] != job[:-1], True]
    if (~new & ((start <= np.r_[-np.inf, start[:-1]])
                | before(start, np.r_[-np.inf, end[:-1]]))).any():
        return False
    if (~same_time(cold, np.where(new, 0.0, inst.cold_start))).any():
        return False
    if (~same_time(ckpt, np.where(pre, inst.checkpoint, 0.0))).any():
        return False
    if (pre == last).any():  # "complete" exactly on the last run
        return False
    if inst.leases == "synchronized":
        bad = _off_grid_arr(end, lease)
    else:
        bad = before(end - start, lease) | _off_grid_arr(end - start, lease)
    if (bad & pre).any():
        return False
    if inst.time == "slotted" and (_off_grid_arr(start, lease) | _off_grid_arr(end, lease)).any():
        return False
    served = np.bincount(job, weights=np.maximum(0.0, end - start - cold - ckpt),
                         minlength=inst.n_jobs)
    dur = inst.job_duration
    if (np.abs(served - dur) > 0.5 * AMOUNT_RTOL * np.maximum(1.0, np.maximum(served, dur))).any():
        return False
    ends = end[last]  # the last run's end of each job (every job runs)
    return all(same_time(v, ends[j]) for j, v in comp_t.items())


def _off_grid_arr(x: np.ndarray, L: float) -> np.ndarray:
    """``off_grid`` of each entry at half the tolerance: never passes where ``off_grid`` fails."""
    return np.abs(x - np.round(x / L) * L) > 0.5 * TIME_ATOL
