"""Independent checker of notes §7.1, written from the constraints of programs (2) and (15).

It recomputes q from the placement, the iteration time from Eq. (1)/(14), the minimal duration,
the per-(server, resource, slot) loads (2h), the PS bandwidth rule (2i) and the objective; it
uses none of the exact models' or algorithms' code except the duration formula of support/config.py.
"""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..core.objective import agree
from ..core.tolerance import exceeds, short_of
from .instance import CompletionInstance
from .support.config import theta


def _int(x: Any) -> bool:
    return isinstance(x, (int, np.integer)) and not isinstance(x, bool)


def check(inst: CompletionInstance, solution: dict[str, Any]) -> list[str]:
    """Violations of a completion schedule; an empty list when it is feasible and scored right.

    Checks each job against programs (2) / (15) from the instance data alone: every job
    scheduled once under a known name, start >= arrival (2j), the duration against the
    iteration time of its placement (Eq. (1) / (14)), at most D_j workers, the
    per-(server, resource, slot) capacities (2h), the PS bandwidth rule (2i), the horizon
    when the instance's ``horizon_hard`` is true, one run per job unless the instance's
    ``preemption`` is true (then the runs' ``segments``), and the reported objective
    sum_j w_j C_j. Every rule comes from the instance (``rules.rules``): the solution's
    ``capped``, ``deadline``, ``accepted_weight`` and ``earliest_start`` are information only
    and change nothing here (the batch problem (7) has its own validator,
    ``dlsched.completion.batch.check_batch``).

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    solution : dict
        The solution as JSON (a ``Solution`` works too).

    Returns
    -------
    list of str
        One message per violation, naming the job and the rule.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> inst = golden("s4")
    >>> sol = {"jobs": {"j1": {"start": 1, "duration": 1, "worker_type": "m1",
    ...                        "workers": {"h1": 2}, "ps_type": "p1", "ps": {"h1": 1}}},
    ...        "objective": 2.0}
    >>> len(check(inst, sol)) > 0
    True
    """
    errs: list[str] = []
    jobs = solution.get("jobs")
    if not isinstance(jobs, dict):
        return ["solution.jobs: missing or not a mapping"]
    unknown = set(jobs) - set(inst.job_names)
    if unknown:
        errs.append(f"solution.jobs: unknown jobs {sorted(unknown)}")
    sidx = {n: h for h, n in enumerate(inst.server_names)}
    spans: list[tuple[int, int, np.ndarray]] = []  # (start, end, load[h, r])
    total = 0.0
    for j, name in enumerate(inst.job_names):
        rec = jobs.get(name)
        where = f"jobs.{name}"
        if rec is None:
            errs.append(f"{where}: not scheduled")
            continue
        start, d = rec.get("start"), rec.get("duration")
        if not (_int(start) and _int(d)) or d < 1 or start < 1:
            errs.append(f"{where}: start and duration must be integers >= 1")
            continue
        if start < inst.arrival[j]:
            errs.append(f"{where}.start: {start} before arrival {inst.arrival[j]} (2j)")
        if inst.horizon_hard and start + d - 1 > inst.horizon:
            errs.append(f"{where}: runs past the horizon {inst.horizon} (slot {start + d - 1}; "
                        "the instance's horizon is hard)")
        types = job_types(inst, j, rec, where, errs)
        if types is None:
            continue
        m, p = types
        segments = rec.get("segments") or [{"start": start, "end": start + d,
                                             "workers": rec.get("workers"), "ps": rec.get("ps")}]
        if not inst.preemption and len(segments) > 1:
            errs.append(f"{where}: preempted ({len(segments)} segments) but the instance is "
                        "non-preemptive (a pause or a resize starts a new segment)")
            continue
        progress = 0.0
        prev_end = None
        for si, seg in enumerate(segments):
            got = segment(inst, j, m, p, seg, f"{where}.segments[{si}]" if si else where,
                           sidx, errs)
            if got is None:
                break
            load, rate = got
            a, b = seg["start"], seg["end"]
            spans.append((a, b, load))
            # slots without progress: as recorded by the simulator ("stall"), else the default
            # one slot after a pause
            penalty = seg.get("stall", 1 if prev_end is not None and a != prev_end else 0)
            progress += (b - a - penalty) * rate
            prev_end = b
        else:
            if short_of(progress, inst.workload[j]):
                errs.append(f"{where}: {progress:g} of {inst.workload[j]} mini-batches done (2f)")
            if segments[0]["start"] != start or segments[-1]["end"] != start + d:
                errs.append(f"{where}: start/duration disagree with the segments")
        total += float(inst.weight[j]) * (start + d)
    return _finish(solution, spans, errs, total, inst)


def job_types(inst: CompletionInstance, j: int, rec: dict[str, Any], where: str,
              errs: list[str]) -> tuple[int, int] | None:
    """The worker and PS type indices (-1: ring) of job ``j``'s record, or None after
    recording why they are unknown or unusable (2b, 2c)."""
    mname = rec.get("worker_type")
    if mname not in inst.worker_names:
        errs.append(f"{where}.worker_type: unknown {mname!r} (2b)")
        return None
    m = inst.worker_names.index(mname)
    if not math.isfinite(inst.minibatch_time[j, m]):
        errs.append(f"{where}.worker_type: {mname!r} cannot run this job")
        return None
    p = -1
    if not inst.ring:
        pname = rec.get("ps_type")
        if pname not in inst.ps_names:
            errs.append(f"{where}.ps_type: unknown {pname!r} (2c)")
            return None
        p = inst.ps_names.index(pname)
        if not math.isfinite(inst.update_time[j, p]):
            errs.append(f"{where}.ps_type: {pname!r} cannot serve this job")
            return None
    return m, p


def capacity_violations(inst: CompletionInstance, spans: list, errs: list[str]) -> None:
    """Append a message per (slot, server, resource) whose load exceeds the capacity (2h);
    ``spans`` are (start, end, load[h, r]) runs over slots start..end-1."""
    H, R = inst.capacity.shape
    if not spans:
        return
    end = max(e for _, e, _ in spans)
    usage = np.zeros((end + 1, H, R))
    for a, b, load in spans:
        usage[a:b] += load
    over = exceeds(usage, inst.capacity[None])
    for t, h, r in zip(*np.nonzero(over), strict=False):
        errs.append(f"capacity (2h): server {inst.server_names[h]}, resource "
                    f"{inst.resources[r]}, slot {t}: {usage[t, h, r]:g} > "
                    f"{inst.capacity[h, r]:g}")
        if len(errs) > 50:
            break


def segment(inst: CompletionInstance, j: int, m: int, p: int, seg: dict[str, Any], where: str,
             sidx: dict[str, int], errs: list[str]) -> tuple[np.ndarray, float] | None:
    """Check one constant-allocation run (``seg``: ``start``, ``end``, ``workers``, ``ps``);
    return its load [h, r] and its rate (mini-batches per slot), or None after recording the
    violations."""
    H = inst.n_servers
    if not (_int(seg.get("start")) and _int(seg.get("end"))) or seg["end"] <= seg["start"]:
        errs.append(f"{where}: bad segment bounds")
        return None
    y = np.zeros(H, dtype=np.int64)
    s = np.zeros(H, dtype=np.int64)
    bad = False
    for key, vec in (("workers", y), ("ps", s)):
        for hname, c in (seg.get(key) or {}).items():
            if hname not in sidx or not _int(c) or c < 0:
                errs.append(f"{where}.{key}.{hname}: unknown server or bad count {c!r}")
                bad = True
                continue
            vec[sidx[hname]] = c
    if bad:
        return None
    if inst.ring and s.any():
        errs.append(f"{where}.ps: Ring-AllReduce jobs have no parameter servers")
    n = int(y.sum())
    if not 1 <= n <= inst.chunks[j]:
        errs.append(f"{where}.workers: {n} workers, need 1..D_j={inst.chunks[j]} (2g)")
        return None
    if not inst.ring and s.sum() < 1:
        errs.append(f"{where}.ps: needs at least one PS (2e)")
        return None
    q = int(np.count_nonzero((y + s) > 0) == 1)
    if not inst.ring:
        off = inst.worker_bw[m] * (n - y)  # traffic of the workers off each server
        for h in np.nonzero(s)[0]:
            if exceeds(off[h], inst.ps_bw[p] * s[h]):
                errs.append(f"{where}: PSs on {inst.server_names[h]} carry {off[h]:g} Gbps "
                            f"> {inst.ps_bw[p] * s[h]:g} (2i)")
    load = np.outer(y, inst.worker_demand[m])
    if p >= 0:
        load = load + np.outer(s, inst.ps_demand[p])
    return load, n / theta(inst, j, m, p, q, n)


def _finish(solution: dict[str, Any], spans: list, errs: list[str], total: float,
            inst: CompletionInstance) -> list[str]:
    capacity_violations(inst, spans, errs)
    rep = solution.get("objective")
    if rep is not None and not errs and not agree(float(rep), total):
        errs.append(f"objective: reported {rep} but the schedule gives {total}")
    return errs


def recompute_objective(inst: CompletionInstance, solution: dict[str, Any]) -> float:
    """sum_j w_j (start_j + duration_j) read from a JSON schedule.

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    solution : dict
        The solution as JSON.

    Returns
    -------
    float
        The total weighted completion time. Unit: weight x slots.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> recompute_objective(golden("s4"), {"jobs": {"j1": {"start": 2, "duration": 3}}})
    5.0
    """
    return float(sum(inst.weight[inst.job_names.index(n)] * (r["start"] + r["duration"])
                     for n, r in solution["jobs"].items()))


def objective(inst: CompletionInstance, solution: dict[str, Any]) -> float:
    """The objective a method must report for ``solution`` (``Problem.objective``): always
    sum_j w_j C_j with C_j = start_j + duration_j, as ``check`` reads the schedule (a solution's
    ``deadline`` / ``accepted_weight`` do not switch it; the batch problem (7) is scored by
    ``dlsched.completion.batch.accepted_weight``).

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    solution : dict
        The solution as JSON.

    Returns
    -------
    float
        The total weighted completion time. Unit: weight x slots.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> objective(golden("s4"), {"jobs": {"j1": {"start": 2, "duration": 3}}, "deadline": 6})
    5.0
    """
    return recompute_objective(inst, solution)
