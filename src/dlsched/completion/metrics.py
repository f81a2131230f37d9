"""Benchmark metrics: the best lower bound of notes §2.5 and the online round statistics."""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

from typing import Any

from .exact.bounds import lb0, lower_bounds
from .instance import CompletionInstance


def metrics(inst: CompletionInstance, result: Any) -> dict[str, float]:
    """Benchmark metrics of a completion result (the report columns).

    ``lower_bound``: the exact result's best bound of notes §2.5 (``stats["bounds"]``), else
    max(LB0, area bound); for algorithm results only these horizon-free bounds are used (the
    LPs are time-indexed over the instance horizon, which online schedules may overrun).
    On a preemptive instance only LB0 (the area bound assumes one configuration per job).
    ``ratio_to_bound``: objective / lower_bound (an upper bound on the true ratio to the
    optimum). ``alpha`` and
    ``subrounds_max``: A_online's largest round stretch and sub-round count.

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    result : Result
        A result of any completion method on ``inst``.

    Returns
    -------
    dict of str to float
        The metrics that apply.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> from dlsched.completion.algorithms.online import a_online
    >>> inst = golden("s4")
    >>> metrics(inst, a_online(inst))
    {'lower_bound': 6.0, 'ratio_to_bound': 6.666666666666667, 'alpha': 4.0, 'subrounds_max': 4.0}
    """
    out: dict[str, float] = {}
    lbs = ({"best": lb0(inst)} if inst.preemption
           else (result.stats or {}).get("bounds") or lower_bounds(inst))
    lb = float(lbs["best"])
    out["lower_bound"] = lb
    if result.objective is not None and lb > 0:
        out["ratio_to_bound"] = float(result.objective) / lb
    rounds = (result.stats or {}).get("rounds")
    if rounds:
        out["alpha"] = float(max(r["alpha"] for r in rounds))
        out["subrounds_max"] = float(max(r["subrounds"] for r in rounds))
    return out
