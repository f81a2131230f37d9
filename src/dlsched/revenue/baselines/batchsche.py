"""``batchsche`` (= ``astraea-private``): the Astraea paper's BatchSche baseline as it describes
it: Astraea's phase 1 per tenant on its own servers (its private cluster), no sharing and no
payments (notes §5.2); not the MobiHoc'20 BatchSche algorithm."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

import numpy as np

from ...core import Result, register_algorithm
from ...core.errors import InputError
from ...core.inputs import FORWARDS
from ..instance import RevenueInstance
from ..solution import job_record
from ..support.configs import theta_rule
from ..support.mechanism import Mechanism, for_instance
from ..support.placement import baseline_result, owners
from ..support.runs import derived_doc, options_from, private_keywords


def private_instance(inst: RevenueInstance, u: int, servers: list[int]) -> RevenueInstance:
    """Tenant u alone on its own servers (quota = their capacity), with its own jobs."""
    jobs = [j for j in range(inst.n_jobs) if inst.tenant[j] == u]
    cw, cp = inst.cap_w[servers], inst.cap_p[servers]
    return replace(
        inst, name=f"{inst.name}-{inst.tenant_names[u]}", tenant_names=(inst.tenant_names[u],),
        quota_w=np.array([cw.sum()]), quota_p=np.array([cp.sum()]),
        server_names=tuple(inst.server_names[s] for s in servers), cap_w=cw, cap_p=cp,
        owner=(0,) * len(servers), job_names=tuple(inst.job_names[j] for j in jobs),
        tenant=np.zeros(len(jobs), dtype=np.int64), arrival=inst.arrival[jobs],
        epochs=inst.epochs[jobs], chunks=inst.chunks[jobs],
        minibatches=inst.minibatches[jobs], rate_c=inst.rate_c[jobs],
        rate_d=inst.rate_d[jobs], utility=tuple(inst.utility[j] for j in jobs),
        demand=inst.demand[jobs], raw_jobs=tuple(inst.raw_jobs[j] for j in jobs))


#: Where BatchSche's price base comes from when ``theta`` is not given: ``global`` = the θ rule
#: on the whole instance (the same θ Astraea prices with; default), ``private`` = the rule on each
#: tenant's private sub-instance (the behaviour before; softer prices, mostly θ = 2).
THETA_SCOPES = ("global", "private")


def astraea_private(inst: RevenueInstance, theta_scope: str = "global", **params: Any
                    ) -> Result:
    """Astraea's phase 1 per tenant on its own servers (no sharing, no payments).

    What the registered ``batchsche`` is (the citing paper: "We perform this algorithm for each
    user to schedule its jobs in its private cluster"); not the MobiHoc'20 BatchSche
    algorithm. Each tenant runs the Astraea mechanism, phase 1 only, on the instance of its
    owned servers and its own jobs.

    Parameters
    ----------
    inst : RevenueInstance
        The instance to schedule.
    theta_scope : str, default 'global'
        Where the price base comes from when ``theta`` is not given: ``'global'`` (the theta
        rule on the whole instance, the theta Astraea prices with) or ``'private'`` (the
        rule on each tenant's sub-instance).
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
    mincost : str, default 'both'
        Placements Alg. 3 may try: ``'both'``, ``'d'`` (Alg. 4 MINCOSTD, distributed only)
        or ``'c'`` (Alg. 5 MINCOSTC, centralised on one server).

    Returns
    -------
    Result
        Status ``feasible`` (``error`` if the independent validator rejects the schedule);
        ``objective`` = the total revenue (unit: utility); the ``Solution`` has per job
        ``admitted`` and, if so, ``placement``, ``start`` / ``completion``, ``workers`` /
        ``ps`` per server and ``utility``; plus ``revenue``, ``gains`` and ``fairness``;
        ``stats["theta"]`` is the price base used.

    Raises
    ------
    InputError
        An unknown ``theta_scope``, servers whose owners do not match the quotas, a keyword
        this method does not take, or a value outside the allowed ones: an unknown
        ``mincost``, ``time_origin`` or ``worker_cap``, ``lam`` neither an integer in
        0..1000 nor ``'lemma1'`` (field: the keyword).

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=3, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> from dlsched.revenue.baselines import batchsche
    >>> res = batchsche(inst)
    >>> res.status.value, round(res.objective, 6)
    ('feasible', 1845.979)
    """
    if theta_scope not in THETA_SCOPES:
        raise InputError("theta_scope", f"must be one of {', '.join(THETA_SCOPES)}, "
                                        f"got {theta_scope!r}")
    method = str(params.pop("_method", "batchsche"))
    opts = for_instance(options_from(params, private_keywords), inst)
    if opts.theta is None and theta_scope == "global":
        params = {**params, "theta": theta_rule(inst, opts.fixed_workers,
                                                worker_cap=opts.worker_cap)}
    return _private_runs(inst, params, method)


def _astraea_private(inst: RevenueInstance, **params: Any) -> Result:
    """``astraea_private`` recorded under the method name ``astraea-private``.

    Its parameters, returns and raises are those of
    ``dlsched.revenue.baselines.astraea_private`` (the same function as ``batchsche``).
    """
    return astraea_private(inst, **{**params, "_method": "astraea-private"})


_astraea_private.__doc__ = derived_doc(
    astraea_private.__doc__, "``astraea_private`` (= ``batchsche``) recorded under the method "
    "name ``astraea-private``: Astraea's phase 1 per tenant on its own servers.",
    method="astraea-private")


register_algorithm("astraea-private", "revenue",
                   "Astraea without sharing: phase 1 of Astraea per tenant on its own servers, "
                   "the same price base θ as Astraea by default (theta_scope=global|private), no "
                   "sharing or payments")(_astraea_private)
register_algorithm("batchsche", "revenue",
                   "The Astraea paper's 'BatchSche' baseline as it describes it: = "
                   "astraea-private (Astraea's phase 1 per private cluster; NOT the MobiHoc'20 "
                   "BatchSche algorithm); theta_scope=global (default, same θ as Astraea) | "
                   "private")(astraea_private)
batchsche = astraea_private


def _private_runs(inst: RevenueInstance, params: dict[str, Any], method: str) -> Result:
    t0 = time.perf_counter()
    own = owners(inst)
    opts = replace(for_instance(options_from(params, private_keywords), inst), phases=(1,))
    records: dict[int, dict[str, Any]] = {}
    decisions: list[float] = []
    for u in range(inst.n_tenants):
        servers = [s for s in range(inst.n_servers) if own[s] == u]
        jobs = [j for j in range(inst.n_jobs) if inst.tenant[j] == u]
        if not servers or not jobs:
            continue
        sub = private_instance(inst, u, servers)
        mech = Mechanism(sub, opts)
        mech.run()
        decisions += mech.decision_s
        for jj, rec in mech.records.items():
            dec = rec["decision"]
            j = jobs[jj]
            records[j] = job_record(inst, j, dec.placement, rec["start"], dec.d,
                                    {servers[s]: k for s, k in dec.workers.items()},
                                    {servers[s]: k for s, k in dec.ps.items()},
                                    opts.time_origin)
    ds = np.array(decisions or [0.0])
    return baseline_result(inst, method, records, t0, opts.time_origin,
                   {"decision_ms_mean": float(ds.mean() * 1e3), "theta": list(opts.theta)
                    if isinstance(opts.theta, tuple) else opts.theta})


# ``**params`` are the mechanism's options: the parameter check (core.inputs.FORWARDS) knows them
for _fn in (astraea_private, _astraea_private):
    FORWARDS[f"{_fn.__module__}:{_fn.__qualname__}"] = (
        "dlsched.revenue.support.runs:private_keywords",)
