"""What a method reports is input too: its objective is recomputed from the solution.

Every problem registers ``Problem.objective(inst, solution) -> float | None``, written from the
problem's definition (its validator / metrics module), not from the methods. ``disagreement``
compares a Result's reported objective with that recomputation; ``ds.check`` and the benchmark
harness turn a disagreement into a violation, so such a result is invalid and enters no ratio.

Tolerance: ``|reported - recomputed| <= ABS_TOL + REL_TOL * max(|reported|, |recomputed|)``,
both 1e-6: solver objectives carry the solver's feasibility tolerance (HiGHS 1e-7 relative),
far below any difference that matters for a ratio. ``objective`` may return ``None`` for a
solution whose measure the problem cannot recompute (e.g. an LTGF ``windows`` solution without
its ``window_slots``); such a result is invalid, as is one whose recomputation raises: the check
fails closed. Which measure is the objective is the instance's rule, never the
solution's (e.g. an OJPP instance stating ``objective: "max_slowdown"``, the re-placement
problem of ``ojpap-exact``): the problem's function recomputes that measure.
"""

from __future__ import annotations

import math
from typing import Any

#: Relative and absolute tolerance of the comparison (see the module docstring).
REL_TOL = 1e-6
ABS_TOL = 1e-6


def agree(reported: float, recomputed: float) -> bool:
    """``reported`` equals ``recomputed`` within the documented tolerance (inf == inf)."""
    if reported == recomputed:
        return True
    if not (math.isfinite(reported) and math.isfinite(recomputed)):
        return False
    return abs(reported - recomputed) <= ABS_TOL + REL_TOL * max(abs(reported), abs(recomputed))


def disagreement(problem: Any, inst: Any, solution: dict[str, Any],
                 reported: Any) -> str | None:
    """The violation text when ``reported`` is not the solution's objective, else ``None``.

    Call it on a solution the problem's validator accepted (the recomputation assumes a
    well-formed solution).
    """
    fn = getattr(problem, "objective", None)
    if fn is None or reported is None:
        return None
    try:
        value = float(reported)
    except (TypeError, ValueError):
        return f"objective: reported {reported!r} is not a number"
    try:
        recomputed = fn(inst, solution)
    except Exception as exc:  # fails closed: an objective that cannot be recomputed is not trusted
        return (f"objective: cannot recompute the solution's objective "
                f"({type(exc).__name__}: {exc})")
    if recomputed is None:  # fails closed as well: what cannot be recomputed is not trusted
        return (f"objective: reported {value:.10g}, but the problem cannot recompute this "
                f"solution's objective")
    if math.isnan(value) or not agree(value, float(recomputed)):
        return (f"objective: reported {value:.10g} but the solution's objective is "
                f"{float(recomputed):.10g}")
    return None
