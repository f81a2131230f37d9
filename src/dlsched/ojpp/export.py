"""MPS/LP exporters of the OJPP models (``dlsched export``, ``dlsched.core.export``).

``ojpp-patterns`` (default) is complete by construction: collision, memory, interference are
inside the enumerated patterns, balance in the band rows.

``ojpp-compact`` leaves the collision constraint (5)/(14) out of the MILP: its exact solver adds
cuts lazily. Written as is, the file would be a relaxation (G-O1: 4 devices where the optimum
is 5). The exporter therefore adds every cut the loop could ever need: tau is monotone in the
counts, so a device's count vector violates (5) iff it dominates a *minimal* colliding vector c
(tau(c) > tau-bar, tau(c - e_i) <= tau-bar for every i in supp c), and the no-good
``sum_{i in supp c} [y_ik >= c_i] <= |supp c| - 1`` on every device k forbids exactly those.
Minimal vectors that overload a device's compute / memory need no row (every vector above them
is excluded by the resource rows), so the search only walks count vectors that fit; it is the
pattern enumeration without the collision and interference pruning. When there are more
minimal vectors than the row budget allows, the file is written without them and the CLI warns.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import time
from typing import Any

import numpy as np

from ..core.errors import InputError
from ..core.export import Budget, ExportPlan, register_exporter, require, require_bool
from ..core.tolerance import exceeds
from .instance import OJPPInstance
from .support.collision import tau_counts

PATTERNS_SHRINK = "use -m ojpp-compact or a smaller instance"
COMPACT_SHRINK = "use -p devices=N (N >= the optimum keeps it) or a smaller instance"


@register_exporter("ojpp-patterns", "ojpp", PATTERNS_SHRINK)
def plan_patterns(inst: OJPPInstance, budget: Budget) -> ExportPlan:
    """The pattern MILP of notes §5.2 over every feasible device pattern (complete)."""
    from .exact.patterns import build_master
    from .support.patterns import enumerate_patterns

    limit = budget.max_columns if budget.max_columns is not None else 10**9
    try:
        pats = enumerate_patterns(inst, max_patterns=limit, deadline=budget.deadline)
    except InputError as exc:
        if "more than" in exc.reason:
            raise InputError(
                "--max-columns", f"model too large to export: more than {limit} feasible "
                f"patterns (columns); {PATTERNS_SHRINK}, or raise --max-columns"
            ) from None
        raise InputError(
            "instance", f"export refused: pattern enumeration took too long; {PATTERNS_SHRINK}"
        ) from None
    present = pats.A > 0
    columns, rows, nnz = len(pats), inst.n_jobs + 1, int(present.sum()) + len(pats)
    if inst.limits.balance is not None and np.any(inst.I):
        # per job at most one band column per distinct slowdown and one choice row; at most
        # one band row per (pattern, job in it) holding lam and the job's bands
        n_bands = np.array([np.unique(np.round(pats.S[present[:, i], i], 12)).size
                            for i in range(inst.n_jobs)])
        columns += int(n_bands.sum())
        rows += int(present.sum()) + inst.n_jobs
        nnz += int((present * (1 + n_bands)[None, :]).sum()) + int(n_bands.sum())
    budget.check(columns, PATTERNS_SHRINK, rows, nnz)
    return ExportPlan(columns, lambda: build_master(inst, pats), rows=rows, nonzeros=nnz)


def _fits(inst: OJPPInstance, a: np.ndarray) -> bool:
    """Compute, extra resources and opportunistic memory (3) of one device's count vector:
    the monotone per-device rows that the compact MILP models exactly."""
    load = a @ inst.demand
    if np.any(exceeds(load, inst.cap)):
        return False
    present = a > 0
    return not present.any() or bool(
        not exceeds(load[1] + inst.burst[present].max(), inst.cap[1])
    )


def minimal_colliding_vectors(
    inst: OJPPInstance, max_count: int, deadline: float | None = None
) -> list[np.ndarray] | None:
    """Every minimal colliding count vector that fits a device (module docstring); ``None``
    when there are more than ``max_count`` or ``deadline`` (perf_counter) passes first."""
    tb = inst.limits.collision
    if tb is None:
        return []
    n, omega, p, model = inst.n_jobs, inst.omega, inst.p, inst.collision_model
    found: list[np.ndarray] = []
    a = np.zeros(n, dtype=int)
    nodes = 0

    def colliding(v: np.ndarray) -> bool:
        return bool(exceeds(tau_counts(v[None, :], p, model)[0], tb))

    class _Stop(Exception):
        pass

    def dfs(j: int) -> None:
        nonlocal nodes
        if j == n:
            return
        dfs(j + 1)
        for c in range(1, int(omega[j]) + 1):
            a[j] = c
            nodes += 1
            if deadline is not None and nodes % 256 == 0 and time.perf_counter() > deadline:
                raise _Stop
            if not _fits(inst, a):
                break
            if colliding(a):  # a - e_j does not collide (the parent); check the other jobs
                minimal = True
                for i in np.flatnonzero(a[:j]):
                    a[i] -= 1
                    minimal = not colliding(a)
                    a[i] += 1
                    if not minimal:
                        break
                if minimal:
                    found.append(a.copy())
                    if len(found) > max_count:
                        raise _Stop
                break
            dfs(j + 1)
        a[j] = 0

    try:
        dfs(0)
    except _Stop:
        return None
    return found


@register_exporter("ojpp-compact", "ojpp", COMPACT_SHRINK)
def plan_compact(inst: OJPPInstance, budget: Budget, devices: int | None = None,
                 complete: bool = True) -> ExportPlan:
    """The compact MILP of notes §5.1 over ``devices`` candidate devices (default: the
    instance's). ``complete``: add the collision no-goods of every minimal colliding vector
    (module docstring); without them (or when they exceed the row budget) the file is a
    relaxation and the CLI says so."""
    from .model import add_no_good, build_model

    if inst.limits.balance is not None and inst.interference_model != "additive" and np.any(
            inst.I):
        raise InputError(
            "interference.model", "ojpp-compact models balance for 'additive' only; use "
            "-m ojpp-patterns"
        )
    require_bool("complete", complete)
    K = inst.devices if devices is None else devices
    require("devices", devices, type(K) is int and K >= 1, "a positive number of devices")
    n, D = inst.n_jobs, inst.demand.shape[1]
    columns = 2 * n * K + K + 2 * n  # y, u per (job, device), x, smax, smin
    # rows per device (upper bounds, model/constraints.py): linking 3n, resources D, memory
    # n + 1, interference n (or pairs), balance 2n, order and cardinality 3; entries: memory,
    # interference and balance rows hold every job's count on the device
    rows = n + 2 * n + K * (3 * n + D + (n + 1) + n * n + 2 * n + 3)
    nnz = K * (6 * n + D * (n + 1) + (n + 1) * (n + 2) + 2 * n * n + 2 * n * (n + 2) + 4 * n + 6)
    budget.check(columns, COMPACT_SHRINK, rows, nnz)
    cuts: list[np.ndarray] = []
    why = None
    if inst.limits.collision is not None and not complete:
        why = "not requested (-p complete=false)"
    elif inst.limits.collision is not None:
        left = None if budget.max_rows is None else max(0, (budget.max_rows - rows) // K)
        got = minimal_colliding_vectors(inst, 10**9 if left is None else left, budget.deadline)
        if got is None:
            why = ("listing the minimal colliding count vectors took too long"
                   if budget.left() is not None and budget.left() <= 0
                   else "too many minimal colliding count vectors for --max-rows")
        else:
            ge = {(i, int(c[i])) for c in got for i in np.flatnonzero(c) if c[i] >= 2}
            more = (len(ge) * K,  # indicators [y_ik >= c], two linking rows each
                    K * (len(got) + 2 * len(ge)),
                    K * (sum(int(np.count_nonzero(c)) for c in got) + 4 * len(ge)))
            try:
                budget.check(columns + more[0], COMPACT_SHRINK, rows + more[1], nnz + more[2])
            except InputError as exc:
                why = f"with them the model is too large: {exc.reason.split(';')[0]}"
            else:
                cuts = got
                columns, rows, nnz = columns + more[0], rows + more[1], nnz + more[2]
    missing = None if why is None else (
        f"the collision rows (5)/(14), which the exact solver adds lazily ({why}), so the file "
        "is a relaxation when a collision limit binds")

    def build() -> Any:
        m = build_model(inst, K)
        for c in cuts:
            add_no_good(m, inst, c)
        return m

    notes = (f"complete: {len(cuts)} minimal colliding count vectors, {len(cuts) * K} no-good "
             "rows",) if cuts else ()
    return ExportPlan(columns, build, missing=missing, complete_model="ojpp-patterns",
                      notes=notes, rows=rows, nonzeros=nnz)
