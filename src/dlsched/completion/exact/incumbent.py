"""The exact models' heuristic incumbents and their horizon T_max.

``best_heuristic`` (the better of A_online and FIFO) is the upper bound behind the extended
horizon of notes §2.4 and the warm start of the CP-SAT models; ``incumbent_pool`` adds the WSPT
list schedules (the interval model's warm start). Column generation (``.colgen``) and every
exact model import it from here, below the bounds, so no import circle forms.
"""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import math

import numpy as np

from ...core import InputError, Result
from ...core.deadline import DeadlineExceeded
from ..algorithms.online import a_online
from ..baselines.fifo import fifo
from ..instance import CompletionInstance
from ..support.config import min_duration
from ..support.lists import wspt_list
from ..validate import check


def extended_horizon(inst: CompletionInstance, ub: float) -> int:
    """Last slot any optimal schedule can use, from an upper bound ``ub`` (notes §2.4 [A22]).

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    ub : float
        An upper bound on the optimum (e.g. a heuristic's objective). Unit: weight x slots.

    Returns
    -------
    int
        max(T, the latest completion any schedule of value <= ub allows - 1). Unit: slots.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> extended_horizon(golden("s4"), 8.0)
    6
    """
    cmin = inst.arrival + np.array([min_duration(inst, j) for j in range(inst.n_jobs)])
    base = float(np.dot(inst.weight, cmin))
    cmax = [math.ceil((ub - base + inst.weight[j] * cmin[j]) / inst.weight[j] - 1e-9)
            for j in range(inst.n_jobs)]
    return max(int(inst.horizon), max(cmax) - 1)


def best_heuristic(inst: CompletionInstance) -> Result | None:
    """The better of A_online and FIFO (both non-preemptive).

    The upper bound behind the extended horizon and the CP-SAT warm start. Inside a time
    limit (``core.deadline``) the best of those that finished in time.

    Parameters
    ----------
    inst : CompletionInstance
        The instance.

    Returns
    -------
    Result or None
        The better result; None if neither finished in time.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> res = best_heuristic(golden("s4"))
    >>> res.method, res.objective
    ('fifo', 8.0)
    """
    runs = []
    for run in (a_online, fifo):
        try:
            r = run(inst)
        except DeadlineExceeded:
            break
        if r.objective is not None:
            runs.append(r)
    return min(runs, key=lambda r: r.objective) if runs else None


def resolve_horizon(inst: CompletionInstance, horizon: int | str,
                    heuristic: Result | None = None) -> int:
    if horizon == "instance":
        return int(inst.horizon)
    if horizon == "extended":
        heuristic = heuristic or best_heuristic(inst)
        if heuristic is None:  # neither heuristic finished within the time limit
            raise DeadlineExceeded("no upper bound for the extended horizon in time")
        return extended_horizon(inst, heuristic.objective)
    if isinstance(horizon, int) and horizon >= 1:
        return horizon
    raise InputError("horizon", "must be 'instance', 'extended' or a positive int")


def heuristic_runs(inst: CompletionInstance, tlist: int | None = None,
                   lists_first: bool = False) -> list[Result]:
    """A_online and FIFO (the runs of ``best_heuristic``, in that order) and, with ``tlist``,
    the two WSPT list schedules ending by slot ``tlist`` (``list_horizon``: uncapped), those
    that finished within the caller's time limit: computed once per solve and handed to
    ``incumbent_pool`` for each T_max (seconds each at paper scale). ``lists_first`` (for
    an uncapped T_max, where any schedule fits): the lists, then FIFO, and A_online only
    when no list schedule came out (at paper scale it is seconds and several times worse)."""
    runs: list[Result] = []
    lists = () if tlist is None else (lambda: wspt_list(inst, tlist),
                                       lambda: wspt_list(inst, tlist, spread=True))
    order = ((*lists, lambda: fifo(inst), lambda: a_online(inst)) if lists_first
             else (lambda: a_online(inst), lambda: fifo(inst), *lists))
    for i, run in enumerate(order):
        if lists_first and i == len(order) - 1 and any(
                r.objective is not None for r in runs[:len(lists)]):
            break  # a list schedule exists: A_online would not be the incumbent
        try:
            r = run()
        except DeadlineExceeded:
            break
        if r is not None:
            runs.append(r)
    return runs


def incumbent_pool(inst: CompletionInstance, tmax: int,
                   base: list[Result] | None = None) -> Result | None:
    """Best validated non-preemptive schedule ending by ``tmax`` among A_online, FIFO and
    ``wspt_list`` (the preemptive / elastic baselines are not E1 schedules); ``base``: these
    runs if already computed (``heuristic_runs``), then only those ending by ``tmax`` count."""
    runs = []
    todo = ([lambda r=r: r for r in base] if base is not None
            else [lambda: a_online(inst), lambda: fifo(inst), lambda: wspt_list(inst, tmax),
                  lambda: wspt_list(inst, tmax, spread=True)])
    for run in todo:
        try:
            r = run()
        except DeadlineExceeded:  # the caller's time limit: the best found so far
            break
        if r is None or r.objective is None or r.solution is None or check(inst, r.solution):
            continue
        recs = r.solution["jobs"].values()
        if all("segments" not in x and x["start"] + x["duration"] - 1 <= tmax for x in recs):
            runs.append(r)
    return min(runs, key=lambda r: r.objective) if runs else None
