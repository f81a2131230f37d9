"""From a run of the Astraea mechanism (``mechanism``) to a validated Result, shared by the
paper's algorithms (``astraea``, ``a-round``, ``a-maxirev``) and the BatchSche baseline: the
mechanism's options from method parameters, the solution with payments and incomes, and the
job order and first batch of the one-batch variants."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ...core import Result
from ..instance import RevenueInstance
from ..solution import Solution, finish, job_record
from ..validate import checked_result
from .mechanism import POOL, Mechanism, Options

#: ``mincost`` parameter -> the placements Alg. 3 may try (Alg. 4 MINCOSTD, Alg. 5 MINCOSTC)
MINCOST = {"both": ("C", "D"), "d": ("D",), "c": ("C",)}


def options_from(params: dict[str, Any]) -> Options:
    """The mechanism's ``Options`` from a method's keyword parameters (unknown ones are
    ignored; ``theta`` / ``phases`` lists become tuples; ``mincost`` selects placements)."""
    theta = params.get("theta")
    if isinstance(theta, list):
        theta = tuple(theta)
    kw = {k: v for k, v in params.items() if k in Options.__dataclass_fields__}
    kw["theta"] = theta
    if "phases" in kw:
        kw["phases"] = tuple(kw["phases"])
    if "mincost" in params:
        kw["placements"] = MINCOST[params["mincost"]]
    return Options(**kw)


def mechanism_solution(mech: Mechanism, money: bool = True) -> Solution:
    """Records of the mechanism -> the typed Solution (payments only for phase-2 jobs)."""
    inst, opt = mech.inst, mech.opt
    records: dict[int, dict[str, Any]] = {}
    for j, rec in mech.records.items():
        dec = rec["decision"]
        out = job_record(inst, j, dec.placement, rec["start"], dec.d, dec.workers, dec.ps,
                         opt.time_origin)
        out.update({"w": dec.w, "phase": rec["phase"] if money else 0,
                    "batch": rec["batch"], "round": rec["round"],
                    "window": list(rec["window"]), "order": rec["order"],
                    "mu": dec.mu, "ideal": dec.ideal,
                    "cost_w": [float(x) for x in dec.cost_w],
                    "cost_p": [float(x) for x in dec.cost_p]})
        if money and rec["phase"] == POOL:
            out["payment"] = float(dec.cost_w.sum() + dec.cost_p.sum())
            out["income"] = {inst.tenant_names[u]: float(x)
                             for u, x in enumerate(rec["income"])}
        records[j] = out
    extra = {"theta_w": mech.theta_w, "theta_p": mech.theta_p, "lambda": mech.lam,
             "fixed_workers": opt.fixed_workers}
    return finish(inst, records, opt.time_origin, extra)


def mechanism_result(inst: RevenueInstance, method: str, mech: Mechanism, t0: float,
                     money: bool = True) -> Result:
    """The validated Result of a mechanism run, with decision-time and fairness stats."""
    sol = mechanism_solution(mech, money)
    ds = np.array(mech.decision_s or [0.0])
    stats: dict[str, Any] = {"lambda": mech.lam, "theta_w": mech.theta_w,
                             "theta_p": mech.theta_p, "decisions": len(mech.decision_s),
                             "decision_ms_mean": float(ds.mean() * 1e3),
                             "decision_ms_max": float(ds.max() * 1e3),
                             "admitted": sum(r["admitted"] for r in sol["jobs"].values()),
                             "alpha_variance": sol["fairness"]["alpha_variance"]}
    return checked_result(inst, method, sol, t0, stats)


def derived_doc(doc: str | None, summary: str, drop: tuple[str, ...] = (),
                method: str | None = None) -> str:
    """The docstring of a registered variant of a documented method: ``summary``, then the
    method's sections from ``Parameters`` up to (not including) ``Examples``, without the
    parameter entries named in ``drop`` (parameters the variant fixes), then an Examples
    section that runs the registered ``method`` when it is given.

    Parameters
    ----------
    doc : str or None
        The documented method's raw ``__doc__`` (NumPy style, 4-space indented sections).
    summary : str
        The variant's first line.
    drop : tuple of str, default ()
        Parameter names whose entries are left out.
    method : str or None, default None
        The registered revenue method the Examples section runs (none when None).

    Returns
    -------
    str
        The new docstring (just ``summary`` when ``doc`` has no Parameters section).

    Examples
    --------
    >>> doc = '''Base.
    ...
    ...     Parameters
    ...     ----------
    ...     a : int, default 1
    ...         Kept.
    ...     b : str, default 'x'
    ...         Dropped.
    ...
    ...     Examples
    ...     --------
    ...     >>> 1
    ... '''
    >>> print(derived_doc(doc, "Variant.", drop=("b",)))
    Variant.
    <BLANKLINE>
        Parameters
        ----------
        a : int, default 1
            Kept.
    <BLANKLINE>
    """
    _, sep, body = (doc or "").partition("\n    Parameters\n")
    if not sep:
        return summary
    body = "    Parameters\n" + body.split("\n    Examples\n")[0]
    out: list[str] = []
    skipping = False
    for line in body.splitlines():
        entry = line.startswith("    ") and not line.startswith("     ") and " : " in line
        if entry:
            skipping = line.strip().split(" : ")[0] in drop
        elif not line.startswith("        "):
            skipping = False
        if not skipping:
            out.append(line)
    examples = "" if method is None else f"""
    Examples
    --------
    >>> from dlsched.core.registry import ALGORITHMS
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=3, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> res = ALGORITHMS.get("{method}", problem="revenue").run(inst)
    >>> res.method, res.status.value
    ('{method}', 'feasible')
"""
    return f"{summary}\n\n" + "\n".join(out).rstrip() + "\n" + examples


def first_batch(inst: RevenueInstance) -> int:
    """Smallest l with τ_l = 2^l > every arrival (all jobs are known at τ_l)."""
    return max(1, math.floor(math.log2(max(int(inst.arrival.max()), 1))) + 1)


def arrival_order(inst: RevenueInstance) -> list[int]:
    """Jobs by (arrival, tenant index, job index): the order Alg. 3 considers them in."""
    return sorted(range(inst.n_jobs), key=lambda j: (int(inst.arrival[j]),
                                                      int(inst.tenant[j]), j))
