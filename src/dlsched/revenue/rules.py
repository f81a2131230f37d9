"""The revenue problem's statement: the rules a solution is judged by, read from the instance.

Rules of the instance (``rules``): ``time_origin`` (the argument of the utilities) and
``fixed_workers`` (every admitted job runs with D_j workers). Fixed rules of the problem, the
same on every instance (stated by ``rules`` too, so a set's statement says them): the horizon
caps every run (t+ <= T, problem (3)); a centralized job sits on one server with one PS, a
distributed one may spread workers and PSs over any servers with (3i) on every PS host (the
placement space of (3); Alg. 4's one-PS-server placement is one algorithm's choice, not a rule).
Solution keys that used to state rules (``time_origin``, ``ps_multi``) are information only.
"""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

from typing import Any

from ..core.errors import InputError
from .instance import RevenueInstance


def rules(inst: RevenueInstance) -> dict[str, Any]:
    """The statement of ``inst`` (``Problem.rules``), from the instance alone.

    Parameters
    ----------
    inst : RevenueInstance
        The instance.

    Returns
    -------
    dict
        ``{"time_origin", "fixed_workers", "horizon": "capped", "ps_placement": "any"}``.

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> rules(generate(n_jobs=2, n_servers=2, n_tenants=2, seed=0, scale="small"))
    {'time_origin': 'arrival', 'fixed_workers': False, 'horizon': 'capped', 'ps_placement': 'any'}
    """
    return {"time_origin": inst.time_origin, "fixed_workers": bool(inst.fixed_workers),
            "horizon": "capped", "ps_placement": "any"}


def describe_rules(r: dict[str, Any]) -> list[str]:
    """One sentence per constraint the validator checks under the rules ``r``.

    Parameters
    ----------
    r : dict
        Rules as ``rules`` returns them.

    Returns
    -------
    list of str
        The constraints, in the validator's order.

    Examples
    --------
    >>> describe_rules({"time_origin": "arrival", "fixed_workers": False})[2]
    "horizon: every admitted job completes by slot T (the instance's horizon)."
    """
    origin = ("its completion slot minus its arrival (t+ - r_j)"
              if r.get("time_origin", "arrival") == "arrival" else "its completion slot t+")
    workers = ("exactly D_j (chunks) workers" if r.get("fixed_workers")
               else "1..D_j (chunks) workers")
    return [
        "jobs: every job has a record; an admitted job runs once, without preemption, holding "
        "a constant set of workers and PSs from its start to its completion slot; a rejected "
        "job holds nothing.",
        "release: an admitted job starts no earlier than slot r_j + 1.",
        "horizon: every admitted job completes by slot T (the instance's horizon).",
        f"workers: an admitted job uses {workers} and at least one parameter server.",
        "placement: a centralized job (C) has all its workers and exactly one PS on one "
        "server; a distributed job (D) may spread workers and PSs over any servers.",
        "bandwidth (3i): on every server hosting k >= 1 of a job's PSs, b_w times the job's "
        "workers on other servers is at most b_p k.",
        "duration: a job with w workers runs exactly d_j(P, w) = ceil(E_j D_j M_j / (n^P_j w)) "
        "slots, enough to train all its mini-batches.",
        "capacity (3c)/(3d): per server and slot, workers and PSs in use are at most C_sw and "
        "C_sp.",
        "sharing (3a)/(3b): per slot, workers and PSs in use are at most the tenants' total "
        "quotas.",
        f"utility: an admitted job earns f_j of {origin}; revenue = the sum over admitted jobs.",
        "mechanism records (when present: Astraea's rounds, posted prices, payments, incomes, "
        "gains and alpha) are consistent with the instance: rounds' windows, mu > 0, prices "
        "replayed from Eq. (8), phase-1 usage within the tenant's share, incomes by Eq. (2), "
        "gains and alpha recomputed from them.",
    ]


def model_for_rules(r: dict[str, Any]) -> str:
    """The exact model whose feasible set is the statement ``r``: ``revenue-milp`` (both exact
    models state every revenue statement; the MILP is the default).

    Parameters
    ----------
    r : dict
        Rules as ``rules`` returns them.

    Returns
    -------
    str
        ``'revenue-milp'``.

    Examples
    --------
    >>> model_for_rules({"time_origin": "absolute", "fixed_workers": True})
    'revenue-milp'
    """
    return "revenue-milp"


def stated(inst: RevenueInstance, field: str, given: Any) -> Any:
    """The instance's rule ``field``; a method parameter ``given`` (``None``: not given) must
    agree with it.

    Parameters
    ----------
    inst : RevenueInstance
        The instance.
    field : str
        ``'time_origin'`` or ``'fixed_workers'``.
    given : object
        The method's parameter, or ``None``.

    Returns
    -------
    object
        The instance's value.

    Raises
    ------
    InputError
        ``given`` differs from the instance's rule (named by ``field``).

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=2, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> stated(inst, "time_origin", None), stated(inst, "time_origin", "arrival")
    ('arrival', 'arrival')
    >>> stated(inst, "time_origin", "absolute")
    Traceback (most recent call last):
    ...
    dlsched.core.errors.InputError: time_origin: the instance states time_origin='arrival'; ...
    """
    value = getattr(inst, field)
    if given is not None and given != value:
        raise InputError(field, f"the instance states {field}={value!r}; a method cannot "
                                f"change the problem: use inst.with_rules({field}={given!r})")
    return value
