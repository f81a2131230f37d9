"""``a-maxirev``: A_maxIrev (Alg. 3) once on the pooled cluster over slots R+1..R+τ_l, no
payments; ``mincost`` = both | d | c restricts it to MINCOSTD / MINCOSTC (Algs. 4-5), also
registered on their own as ``mincost-d`` and ``mincost-c``."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import time
from typing import Any

import numpy as np

from ...core import Result, register_algorithm
from ...core.errors import InputError
from ...core.inputs import FORWARDS
from ..instance import RevenueInstance
from ..support.mechanism import POOL, Mechanism, Round
from ..support.runs import (
    arrival_order,
    check_batch,
    derived_doc,
    first_batch,
    maxirev_keywords,
    mechanism_result,
    options_from,
)


@register_algorithm("a-maxirev", "revenue",
                    "A_maxIrev (Alg. 3) once on the pooled cluster over slots R+1..R+τ_l "
                    "(mincost = both | d | c selects Algs. 4-5); no payments")
def a_maxirev(inst: RevenueInstance, batch: int | None = None, **params: Any) -> Result:
    """A_maxIrev (Alg. 3) once on the pooled cluster over the slots R+1..R+tau_l, no payments.

    Jobs in arrival order; each gets the (placement, workers, start) of largest utility minus
    posted cost, if positive (MINCOSTD / MINCOSTC choose the servers). Here ``lam`` only sets
    the window's start R = lambda tau_l.

    Parameters
    ----------
    inst : RevenueInstance
        The instance to schedule.
    batch : int or None, default None
        The batch index l (a window of tau_l = 2^l slots); None = the smallest l with 2^l
        greater than every arrival (0 too). Unit: dimensionless. Range: 0..20.
    fixed_workers : bool or None, default None
        Run every job with exactly D_j workers (the notes §4 narrative) instead of choosing w
        in 1..D_j (Alg. 3 as written); None = the instance's ``fixed_workers`` rule (False on
        an instance that fixes D_j is refused).
    lam : int or str, default 2
        lambda, the number of A_round rounds per batch, or ``'lemma1'`` (Lemma 1's value).
        Unit: rounds. Range: 0..1000.
    theta : float or list of float or None, default None
        Price base theta of the posted prices (8): one number for workers and PSs or a pair
        [theta_w, theta_p]; None = the rule of notes §3.2. Unit: dimensionless.
    theta_scale : float, default 1.0
        Factor on both price bases. Unit: dimensionless.
    time_origin : str or None, default None
        Argument of a job's utility: completion minus arrival (``'arrival'``) or the
        completion slot itself (``'absolute'``); None = the instance's ``time_origin``, which
        any other value must equal.
    reject_negative_actual : bool, default False
        Never admit a job whose actual utility would be negative.
    worker_cap : str, default 'chunks'
        Largest worker count of a job: ``'chunks'`` (w <= D_j, Alg. 3) or ``'demand'`` (also
        w <= the GPUs the job requests).
    mincost : str, default 'both'
        Placements Alg. 3 may try: ``'both'``, ``'d'`` (Alg. 4 MINCOSTD, distributed only)
        or ``'c'`` (Alg. 5 MINCOSTC, centralised on one server).

    Returns
    -------
    Result
        Status ``feasible`` (``error`` if the independent validator rejects the schedule);
        ``objective`` = the total revenue sum F_j of the admitted jobs (unit: utility); the
        ``Solution`` has per job (``jobs``) whether it is admitted and, if so, ``placement`` ('C' or
        'D'), ``start`` / ``completion`` slots, ``workers`` / ``ps`` per server and ``utility``; the
        solution also holds ``theta_w``, ``theta_p`` and ``lambda`` (no payments); plus ``revenue``,
        the tenants' ``gains`` and ``fairness``.

    Raises
    ------
    InputError
        A keyword this method does not take, or a value outside the allowed ones: an
        unknown ``mincost``, ``time_origin`` or ``worker_cap``, a ``time_origin`` or
        ``fixed_workers`` contradicting the instance, ``lam`` neither an integer in 0..1000
        nor ``'lemma1'`` (field: the keyword).

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=3, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> from dlsched.revenue.algorithms import a_maxirev
    >>> res = a_maxirev(inst)
    >>> res.status.value, round(res.objective, 6)
    ('feasible', 1840.885)
    >>> round(a_maxirev(inst, mincost="d").objective, 6)
    1833.716
    """
    t0 = time.perf_counter()
    mech = Mechanism(inst, options_from(params, maxirev_keywords))
    l = check_batch(batch) or first_batch(inst)
    tau = 2 ** l
    rnd = Round(mech.lam * tau, tau, np.zeros((inst.n_servers, tau)),
                np.zeros((inst.n_servers, tau)), np.zeros((inst.n_tenants, tau)),
                np.zeros((inst.n_tenants, tau)))
    mech.max_irev(arrival_order(inst), rnd, POOL, l, 1)
    return mechanism_result(inst, "a-maxirev", mech, t0, money=False)


def _a_maxirev_with(mincost: str, name: str):
    """A_maxIrev restricted to one cost-minimisation routine (Alg. 4 or 5), under its own name.

    Parameters
    ----------
    mincost : str
        ``'d'`` (MINCOSTD) or ``'c'`` (MINCOSTC).
    name : str
        The registered method name recorded in the Result.

    Returns
    -------
    callable
        ``run(inst, batch=None, **params)``: ``a_maxirev`` with ``mincost`` fixed (documented in its
        docstring).

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=3, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> res = _a_maxirev_with("d", "mincost-d")(inst)
    >>> res.method, round(res.objective, 6)
    ('mincost-d', 1833.716)
    """

    def run(inst: RevenueInstance, batch: int | None = None, **params: Any) -> Result:
        if "mincost" in params:
            raise InputError("mincost", f"{name} fixes mincost={mincost!r}; use a-maxirev")
        res = a_maxirev(inst, batch, **params, mincost=mincost)
        res.method = name
        return res

    placement = {"d": "Alg. 4 MINCOSTD (distributed)", "c": "Alg. 5 MINCOSTC (centralised)"}
    run.__doc__ = derived_doc(
        a_maxirev.__doc__,
        f"A_maxIrev (Alg. 3) with {placement.get(mincost, mincost)} placements only, as "
        f"``{name}`` (``a_maxirev`` with ``mincost={mincost!r}``).", drop=("mincost",), method=name)
    return run


register_algorithm("mincost-d", "revenue",
                   "A_maxIrev with MINCOSTD only (Alg. 4: distributed placement of workers/PSs)")(
    _a_maxirev_with("d", "mincost-d"))
register_algorithm("mincost-c", "revenue",
                   "A_maxIrev with MINCOSTC only (Alg. 5: centralised placement on one server)")(
    _a_maxirev_with("c", "mincost-c"))


# ``**params`` are the mechanism's options: the parameter check (core.inputs.FORWARDS) knows them
FORWARDS[f"{a_maxirev.__module__}:{a_maxirev.__qualname__}"] = (
    "dlsched.revenue.support.runs:maxirev_keywords",)
_RUN = _a_maxirev_with("d", "mincost-d")
FORWARDS[f"{_RUN.__module__}:{_RUN.__qualname__}"] = (
    "dlsched.revenue.support.runs:fixed_mincost_keywords",)
