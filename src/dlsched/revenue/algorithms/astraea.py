"""``astraea``: the Astraea online mechanism (Alg. 1): geometric batches, A_round per batch,
A_maxIrev in each tenant's share then on the pooled idle resources, posted prices (8) and the
income division (2). Re-checked by the independent validator."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import time
from typing import Any

from ...core import Result, register_algorithm
from ...core.inputs import FORWARDS
from ..instance import RevenueInstance
from ..support.mechanism import Mechanism
from ..support.runs import mechanism_result, options_from


@register_algorithm("astraea", "revenue",
                    "Astraea online mechanism (Alg. 1: geometric batches, A_round, A_maxIrev, "
                    "posted prices (8), income division (2))")
def astraea(inst: RevenueInstance, **params: Any) -> Result:
    """The Astraea online mechanism (Alg. 1) with posted prices and the income division.

    Jobs arrive in geometric batches (batch l covers arrivals up to 2^l); each batch runs
    A_round: in every round A_maxIrev first in each tenant's own share (phase 1), then on the
    pooled idle resources (phase 2), where jobs pay the posted prices (8) and the owners of the
    idle resources share the payment by Eq. (2).

    Parameters
    ----------
    inst : RevenueInstance
        The instance to schedule.
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
    l_extra : int, default 8
        Batches run after the batch of the last arrival. Unit: batches. Range: 0..20.
    phases : list of int, default [1, 2]
        Phases of every A_round round: 1 (each tenant's own share), 2 (the pooled idle
        resources, with payments); ``[1]`` is BatchSche.
    mincost : str, default 'both'
        Placements Alg. 3 may try: ``'both'``, ``'d'`` (Alg. 4 MINCOSTD, distributed only)
        or ``'c'`` (Alg. 5 MINCOSTC, centralised on one server).

    Returns
    -------
    Result
        Status ``feasible`` (``error`` if the independent validator rejects the schedule);
        ``objective`` = the total revenue sum F_j of the admitted jobs (unit: utility); the
        ``Solution`` has per job (``jobs``) whether it is admitted and, if so, ``placement`` ('C' or
        'D'), ``start`` / ``completion`` slots, ``workers`` / ``ps`` per server and ``utility`` and,
        for phase-2 jobs, ``payment`` and ``income`` (per tenant); the solution also holds
        ``theta_w``, ``theta_p`` and ``lambda``; plus ``revenue``, the tenants' ``gains`` and
        ``fairness``.

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
    >>> from dlsched.revenue.algorithms import astraea
    >>> res = astraea(inst)
    >>> res.status.value, round(res.objective, 6), res.solution.lam
    ('feasible', 1845.979, 2)
    """
    t0 = time.perf_counter()
    mech = Mechanism(inst, options_from(params))
    mech.run()
    return mechanism_result(inst, "astraea", mech, t0)


# ``**params`` are the mechanism's options: the parameter check (core.inputs.FORWARDS) knows them
FORWARDS[f"{astraea.__module__}:{astraea.__qualname__}"] = (
    "dlsched.revenue.support.runs:mechanism_keywords",)
