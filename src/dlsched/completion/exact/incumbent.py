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


def statement_horizon(inst: CompletionInstance, horizon: int | str | None) -> int | str:
    """The ``horizon`` argument of an exact model, checked against the instance's statement.

    The exact models are non-preemptive and search the schedules ending by T_max. ``None``
    (their default) follows the instance: ``"instance"`` (T_max = T) when its horizon is hard,
    ``"extended"`` (the horizon of notes §2.4 by which every optimal schedule ends) when it is
    open. A value that would solve another problem is refused: on a hard instance anything but
    T (a relaxation whose schedules may end past T); on an open instance ``"instance"`` or an
    int below the extended horizon (a restriction, whose optimum is no optimum and whose bound
    is no bound of the instance).

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    horizon : int or str or None
        The model's ``horizon`` argument.

    Returns
    -------
    int or str
        ``"instance"``, ``"extended"`` or an int at least the extended horizon.

    Raises
    ------
    InputError
        ``preemption``: the instance allows preemption; ``horizon``: a value that does not
        state the instance's horizon rule, or not ``"instance"``, ``"extended"``, a positive
        int or None.

    Examples
    --------
    >>> import dataclasses
    >>> from dlsched.completion.paper import golden
    >>> statement_horizon(golden("s4"), None)
    'extended'
    >>> statement_horizon(dataclasses.replace(golden("s4"), horizon_hard=True), None)
    'instance'
    """
    if inst.preemption:
        raise InputError("preemption", "the exact models are non-preemptive (one run in one "
                         "configuration per job) and this instance allows preemption: set "
                         "preemption=false, or run a heuristic (tiresias, antman, drf)")
    if horizon is None:
        return "instance" if inst.horizon_hard else "extended"
    valid = horizon in ("instance", "extended") or (
        isinstance(horizon, int) and not isinstance(horizon, bool) and horizon >= 1)
    if not valid:
        raise InputError("horizon", "must be 'instance', 'extended', a positive int or None "
                         f"(the instance's rule), got {horizon!r}")
    T = int(inst.horizon)
    if inst.horizon_hard:
        if horizon == "instance" or horizon == T:
            return "instance"
        raise InputError("horizon", f"the instance's horizon is hard (horizon_hard: every job "
                         f"ends by slot {T}); horizon={horizon!r} solves another problem: "
                         "leave horizon unset (or 'instance'), or set horizon_hard=false")
    if horizon == "instance":
        raise InputError("horizon", f"the instance's horizon is open (horizon_hard false: jobs "
                         f"may run past slot {T}); horizon='instance' caps schedules at T and "
                         "solves a restriction: leave horizon unset (or 'extended'), or set "
                         "horizon_hard=true")
    if isinstance(horizon, int):
        ext = resolve_horizon(inst, "extended")
        if horizon < ext:
            raise InputError("horizon", f"the instance's horizon is open and T_max={horizon} is "
                             f"below the extended horizon {ext} (notes §2.4): a restriction; "
                             "leave horizon unset (or 'extended'), or set horizon_hard=true")
    return horizon


def resolve_horizon(inst: CompletionInstance, horizon: int | str,
                    heuristic: Result | None = None) -> int:
    """T_max of ``horizon`` (``"instance"``: T; ``"extended"``: the horizon of notes §2.4 from
    ``heuristic`` or the best heuristic; an int: itself), as given (``statement_horizon``
    checks it against the instance first)."""
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
    lists = () if tlist is None else (lambda: wspt_list(inst, tlist, spread=False),
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
            else [lambda: a_online(inst), lambda: fifo(inst),
                  lambda: wspt_list(inst, tmax, spread=False),
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
