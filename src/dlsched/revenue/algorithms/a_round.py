"""``a-round``: A_round (Alg. 2) on all jobs as one batch: λ rounds, phase 1 in each tenant's
share, phase 2 on pooled idle resources, payments."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import time
from typing import Any

from ...core import Result, register_algorithm
from ...core.inputs import FORWARDS
from ..instance import RevenueInstance
from ..support.mechanism import Mechanism
from ..support.runs import (
    arrival_order,
    check_batch,
    first_batch,
    mechanism_result,
    options_from,
    round_keywords,
)


@register_algorithm("a-round", "revenue",
                    "A_round (Alg. 2) on all jobs as one batch: λ rounds, phase 1 in each "
                    "tenant's share, phase 2 on pooled idle resources, payments")
def a_round(inst: RevenueInstance, batch: int | None = None, **params: Any) -> Result:
    """A_round (Alg. 2) once, on all jobs as one batch.

    lambda rounds; in each, A_maxIrev in every tenant's own share (phase 1), then on the
    pooled idle resources (phase 2, with payments and the income division).

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
    >>> from dlsched.revenue.algorithms import a_round
    >>> res = a_round(inst)
    >>> res.status.value, round(res.objective, 6)
    ('feasible', 1840.885)
    """
    t0 = time.perf_counter()
    mech = Mechanism(inst, options_from(params, round_keywords))
    mech.a_round(list(arrival_order(inst)), check_batch(batch) or first_batch(inst))
    return mechanism_result(inst, "a-round", mech, t0)


# ``**params`` are the mechanism's options: the parameter check (core.inputs.FORWARDS) knows them
FORWARDS[f"{a_round.__module__}:{a_round.__qualname__}"] = (
    "dlsched.revenue.support.runs:round_keywords",)
