"""Branching on job start windows over the column-generation LP: a stronger lower bound.

The configuration LP of ``colgen`` is a relaxation; its optimum spreads a job over several
starts (fractional x). Branching splits the schedules by one job's start: "S_j <= t" and
"S_j >= t + 1". Every schedule lies in one of the two children, so

    OPT >= min over the open nodes of (a valid lower bound on the schedules of that node).

A node's bound is the best Lagrangian bound of column generation whose pricing runs only over
the columns that respect the node's start windows (``colgen._Run.converge``): valid for the
node's schedules for any prices (the argument of ``colgen``'s docstring, with the relaxed set
cut to the windows), hence also when the node's run stops early. A child is never below its
parent (its schedules are the parent's), so a node keeps max(parent, own). A node whose bound
reaches a known schedule's objective ``upper`` is closed; the result never exceeds ``upper``.

Best-first: the open node of least bound is split next (its LP solution's job with the
largest weighted spread of starts, split at the start that halves its mass), until the time
runs out or no node's LP is fractional in its starts (then that node's bound is final).
"""

from __future__ import annotations

import heapq
import itertools
import math
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

OPEN_END = 10**9  # the upper end of an unbounded start window


@dataclass(frozen=True)
class BranchResult:
    """``bound``: the least bound over the open nodes (valid lower bound); ``nodes``: child
    LPs solved; ``open``: nodes left open."""

    bound: float
    nodes: int
    open: int


def _split(run: Any, windows: list[tuple[int, int]]) -> tuple[int, int] | None:
    """(job, t) to branch on from the master's current LP solution: the job whose columns in
    the solution (x > 0) have the largest w_j sum x |S - mean S|, split at the start t that
    puts the x-mass nearest one half on each side (S <= t, S >= t + 1); None when every job's
    LP solution has a single start."""
    m = run.master
    x = np.asarray(m.h.getSolution().col_value)[m.J:]
    by_job: dict[int, dict[int, float]] = {}
    for col, xv in zip(m.cols, x, strict=True):
        if xv > 1e-6 and windows[col.j][0] <= col.t <= windows[col.j][1]:
            by_job.setdefault(col.j, {}).setdefault(col.t, 0.0)
            by_job[col.j][col.t] += float(xv)
    best, pick = 0.0, None
    for j, mass in by_job.items():
        if len(mass) < 2:
            continue
        ts = np.array(sorted(mass))
        xs = np.array([mass[t] for t in ts])
        xs = xs / xs.sum()
        mean = float((ts * xs).sum())
        score = float(run.inst.weight[j]) * float((xs * np.abs(ts - mean)).sum())
        if score > best:
            cum = np.cumsum(xs)[:-1]  # mass at S <= ts[i], i < last
            i = int(np.argmin(np.abs(cum - 0.5)))
            best, pick = score, (j, int(ts[i]))
    return pick


def branch_on_starts(run: Any, root: float, time_limit: float, upper: float | None = None,
                     tol: float = 1e-6, columns_per_job: int = 10) -> BranchResult:
    """Best-first branching on start windows from the converged root LP of ``run`` (a
    ``colgen._Run``; ``root`` its bound) for ``time_limit`` seconds (module docstring).

    Parameters
    ----------
    run : colgen._Run
        Column generation's state after the root LP converged (its master is reused: columns
        outside a node's windows get upper bound 0).
    root : float
        The root's valid bound. Unit: weight x slots.
    time_limit : float
        Wall-clock budget. Unit: s.
    upper : float or None, default None
        A known schedule's objective: nodes whose bound reaches it are closed.
        Unit: weight x slots.
    tol : float, default 1e-6
        Column generation's tolerance. Unit: dimensionless.
    columns_per_job : int, default 10
        Columns per job and pricing round. Unit: columns.

    Returns
    -------
    BranchResult
        The least open bound (at least ``root``, at most ``upper``), child nodes solved and
        nodes left open.
    """
    t0 = time.perf_counter()
    inst = run.inst
    cut = math.inf if upper is None else upper * (1 - 1e-9)
    start = [(int(inst.arrival[j]), OPEN_END) for j in range(inst.n_jobs)]
    tie = itertools.count()
    heap: list[tuple[float, int, list[tuple[int, int]], tuple[int, int] | None]] = []
    heapq.heappush(heap, (root, next(tie), start, _split(run, start)))
    nodes, closed = 0, math.inf  # closed: the least bound of a node closed by ``upper``
    while heap:
        bound, _, windows, pick = heap[0]
        if pick is None or time.perf_counter() - t0 > time_limit:
            break  # the least node cannot be split (or no time): its bound is the result
        heapq.heappop(heap)
        j, t = pick
        lo, hi = windows[j]
        for child_window in ((lo, t), (t + 1, hi)):
            child = list(windows)
            child[j] = child_window
            left = time_limit - (time.perf_counter() - t0)
            if left <= 0.05:  # no time to solve it: it keeps its parent's bound
                heapq.heappush(heap, (bound, next(tie), child, None))
                continue
            out = run.converge(child, left, tol=tol, columns_per_job=columns_per_job)
            nodes += 1
            b = max(bound, out.bound)
            if b >= cut:
                closed = min(closed, b)
                continue  # nothing in this node beats the known schedule
            heapq.heappush(heap, (b, next(tie), child, _split(run, child)))
    run.set_windows(None)
    least = min([b for b, *_ in heap] + [closed])
    if upper is not None:
        least = min(least, upper)
    return BranchResult(max(root, least) if math.isfinite(least) else root, nodes, len(heap))


__all__ = ["BranchResult", "branch_on_starts"]
