"""From a run of the Astraea mechanism (``mechanism``) to a validated Result, shared by the
paper's algorithms (``astraea``, ``a-round``, ``a-maxirev``) and the BatchSche baseline: the
mechanism's options from method parameters, the solution with payments and incomes, and the
job order and first batch of the one-batch variants."""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable
from typing import Any

import numpy as np

from ...core import Result
from ...core.errors import InputError
from ...core.inputs import did_you_mean, number
from ...core.limits import MAX_MAGNITUDE
from ..instance import RevenueInstance
from ..solution import Solution, finish, job_record
from ..validate import checked_result
from .configs import TIME_ORIGINS, WORKER_CAPS, check_choice
from .mechanism import POOL, Mechanism, Options

#: ``mincost`` parameter -> the placements Alg. 3 may try (Alg. 4 MINCOSTD, Alg. 5 MINCOSTC)
MINCOST = {"both": ("C", "D"), "d": ("D",), "c": ("C",)}
#: most rounds per batch (``lam``) and batches (``l_extra``, ``batch``: a batch of index l
#: spans 2^l slots, so 20 is a window of 10^6 slots, the slot limit of the instances)
MAX_LAM = 1000
MAX_BATCH = 20


def mechanism_keywords(fixed_workers: bool | None = None, lam: int | str = 2,
                       theta: float | list[float] | None = None, theta_scale: float = 1.0,
                       time_origin: str | None = None, reject_negative_actual: bool = False,
                       worker_cap: str = "chunks", l_extra: int = 8,
                       phases: list[int] | None = None, mincost: str = "both") -> None:
    """The mechanism options a method takes as keywords (its signature, for the parameter
    check: ``core.inputs.FORWARDS``); each method's docstring gives their meaning.

    Parameters
    ----------
    fixed_workers : bool or None, default None
        Run every job with exactly D_j workers; None = the instance's ``fixed_workers`` rule
        (True narrows any instance; False on an instance that fixes D_j is an error).
    lam : int or str, default 2
        lambda, rounds per batch, or ``'lemma1'``. Unit: rounds. Range: 0..1000.
    theta : float or list of float or None, default None
        Price base theta (or the pair [theta_w, theta_p]). Unit: dimensionless.
    theta_scale : float, default 1.0
        Factor on both price bases. Unit: dimensionless.
    time_origin : str or None, default None
        ``'arrival'`` or ``'absolute'``; None = the instance's ``time_origin``, which any
        other value must equal (the instance states the problem).
    reject_negative_actual : bool, default False
        Never admit a job whose actual utility would be negative.
    worker_cap : str, default 'chunks'
        ``'chunks'`` or ``'demand'``.
    l_extra : int, default 8
        Batches after the batch of the last arrival. Unit: batches. Range: 0..20.
    phases : list of int or None, default None
        The phases run: ``[1, 2]`` (None), ``[1]`` or ``[2]``.
    mincost : str, default 'both'
        ``'both'``, ``'d'`` or ``'c'``.
    """


def _without(*drop: str) -> Callable[..., None]:
    """``mechanism_keywords`` without the keywords ``drop`` (a method that does not take them)."""

    def keywords(**params: Any) -> None:
        pass

    keywords.__doc__ = mechanism_keywords.__doc__  # the same options, documented once
    sig = inspect.signature(mechanism_keywords)
    keywords.__signature__ = sig.replace(  # type: ignore[attr-defined]
        parameters=[p for p in sig.parameters.values() if p.name not in drop])
    return keywords


#: the keywords of ``a-round`` (no ``l_extra``), ``a-maxirev`` (no ``l_extra``, ``phases``),
#: ``mincost-c`` / ``-d`` (``mincost`` fixed too) and ``batchsche`` (no ``phases``)
round_keywords = _without("l_extra")
maxirev_keywords = _without("l_extra", "phases")
fixed_mincost_keywords = _without("l_extra", "phases", "mincost")
private_keywords = _without("phases")


def _keys(fn: Callable[..., None]) -> tuple[str, ...]:
    return tuple(inspect.signature(fn).parameters)


def options_from(params: dict[str, Any],
                 keywords: Callable[..., None] = mechanism_keywords) -> Options:
    """The mechanism's ``Options`` from a method's keyword parameters, each checked.

    Parameters
    ----------
    params : dict
        The method's keyword parameters (the names of ``keywords``).
    keywords : callable, default mechanism_keywords
        The signature of the keywords the method takes (``round_keywords``, ...).

    Returns
    -------
    Options
        ``theta`` / ``phases`` lists become tuples; ``mincost`` selects the placements.

    Raises
    ------
    InputError
        A keyword the method does not take, or a value outside the allowed ones (field: the
        keyword).

    Examples
    --------
    >>> options_from({"lam": "lemma1", "mincost": "d"}).placements
    ('D',)
    """
    known = _keys(keywords)
    for key in params:
        if key not in known:
            raise InputError(key, f"unknown parameter {key!r}{did_you_mean(key, known)} "
                                  f"(known: {', '.join(known)})")
    kw = {k: v for k, v in params.items() if k in Options.__dataclass_fields__}
    for key in ("fixed_workers", "reject_negative_actual"):
        if kw.get(key) is not None and not isinstance(kw[key], bool):
            raise InputError(key, f"expected true/false, got {kw[key]!r}")
    lam = kw.get("lam", 2)
    if lam != "lemma1":
        if isinstance(lam, str):
            raise InputError("lam", f"expected an integer or 'lemma1', got {lam!r}")
        kw["lam"] = number(lam, "lam", 0, MAX_LAM, integer=True)
    theta = params.get("theta")
    if isinstance(theta, (list, tuple)):
        if len(theta) != 2:
            raise InputError("theta", f"a number or a pair [theta_w, theta_p], got {theta!r}")
        theta = tuple(number(t, f"theta[{i}]", 0, MAX_MAGNITUDE) for i, t in enumerate(theta))
    elif theta is not None:
        theta = number(theta, "theta", 0, MAX_MAGNITUDE)
    kw["theta"] = theta
    if "theta_scale" in kw:
        kw["theta_scale"] = number(kw["theta_scale"], "theta_scale", 0, MAX_MAGNITUDE)
    if kw.get("time_origin") is not None:
        check_choice(kw["time_origin"], "time_origin", TIME_ORIGINS)
    check_choice(kw.get("worker_cap", "chunks"), "worker_cap", WORKER_CAPS)
    if "l_extra" in kw:
        kw["l_extra"] = number(kw["l_extra"], "l_extra", 0, MAX_BATCH, integer=True)
    if kw.get("phases") is None:
        kw.pop("phases", None)
    else:
        phases = kw["phases"]
        if (not isinstance(phases, (list, tuple)) or not phases
                or any(p not in (1, 2) or isinstance(p, bool) for p in phases)
                or len(set(phases)) != len(phases)):
            raise InputError("phases", f"[1, 2], [1] or [2], got {phases!r}")
        kw["phases"] = tuple(phases)
    if "mincost" in params:
        kw["placements"] = MINCOST[check_choice(params["mincost"], "mincost", tuple(MINCOST))]
    return Options(**kw)


def check_batch(batch: int | None) -> int | None:
    """``batch`` (None, or a batch index in 0..``MAX_BATCH``; 0 behaves as None).

    Parameters
    ----------
    batch : int or None
        The batch index given.

    Returns
    -------
    int or None
        ``batch``.

    Raises
    ------
    InputError
        ``batch`` is not an integer in 0..20 (field ``batch``).

    Examples
    --------
    >>> check_batch(3), check_batch(None)
    (3, None)
    """
    return None if batch is None else number(batch, "batch", 0, MAX_BATCH, integer=True)


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
