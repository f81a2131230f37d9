"""Empirical ratios to the optimum with an explicit basis, never silently mixing proven and bounds.

Convention (the library's, ``dlsched lib score``): 1 is the reference and **ratio >= 1 is
worse**, whatever the sense: ``objective / reference`` for a minimisation,
``reference / objective`` for a maximisation. When the reference solve is optimal the ratio is
*proven*; when it stopped early (time limit) the ratio is taken against the reference's
*bound* and flagged ``bound``. That ratio is conservative in both senses: it is at least the
ratio to the optimum (min: ALG/LB >= ALG/OPT; max: UB/ALG >= OPT/ALG). Stored rows keep the raw
objectives, so any results database is re-aggregated under this convention. Rows without a
usable ratio carry a ``reason`` instead.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

PROVEN = "proven"
#: How every table, CSV column and plot axis names the ratio (the convention in one phrase).
RATIO_LABEL = "ratio (>=1 worse)"
BOUND = "bound"

#: Relative tolerance before a ratio "beats" a proven optimum (which would mean a bug).
TOL = 1e-6


@dataclass(frozen=True)
class Ratio:
    """A method's ratio to the reference on one instance.

    Parameters
    ----------
    value : float or None
        The ratio; ``None`` exactly when ``basis`` is ``None``.
    basis : str or None
        ``"proven"`` (a proven optimum) or ``"bound"`` (a bound of an unfinished solve).
    reason : str or None, default None
        Why there is no ratio.
    suspicious : bool, default False
        The method beat a proven optimum or bound (beyond ``TOL``).

    Examples
    --------
    >>> Ratio(None, None, "method error").value is None
    True
    """

    value: float | None
    basis: str | None
    reason: str | None = None
    suspicious: bool = False  # ALG better than a proven optimum / bound (beyond TOL)


def _finite(x: Any) -> bool:
    return isinstance(x, (int, float)) and math.isfinite(x)


def zero_gap(ref: dict[str, Any]) -> bool:
    """Whether a valid reference that stopped early (``time_limit`` / ``feasible``) has an
    objective equal to its proven bound (within ``TOL``): it is optimal, whatever its status."""
    obj, bound = ref.get("objective"), ref.get("bound")
    return (ref.get("status") in ("time_limit", "feasible") and bool(ref.get("valid"))
            and _finite(obj) and _finite(bound)
            and abs(float(obj) - float(bound)) <= TOL * max(1.0, abs(float(obj))))


#: ``Result.stats`` keys by which an exact model says its answer proves nothing -> the sentence
#: the results store keeps (column ``note``) and the report shows.
UNPROVEN_STATS: dict[str, Callable[[Any], str | None]] = {
    "scaled_inexact": lambda v: (
        f"CP-SAT restriction: {', '.join(map(str, v))} data have no exact integer scale, so "
        "CP-SAT solved a rounded restriction whose optimum proves nothing") if v else None,
    "scaled_exact": lambda v: (
        "CP-SAT restriction: coefficients have no exact integer scale within CP-SAT's limits, "
        "so it solved a rounded proxy whose optimum proves nothing") if v is False else None,
    "refused": lambda v: f"model refused to run ({v})" if v else None,
}


def unproven_note(stats: dict[str, Any] | None) -> str | None:
    """Why an exact result is no proof, from its ``stats`` (``UNPROVEN_STATS``), or None."""
    notes = [text for key, why in UNPROVEN_STATS.items()
             if key in (stats or {}) and (text := why((stats or {})[key]))]
    return "; ".join(notes) or None


def reference_value(ref: dict[str, Any] | None) -> tuple[float | None, str | None, str | None]:
    """(denominator, basis, reason) from a reference row: objective if optimal (or stopped with
    a zero gap, ``zero_gap``), else bound."""
    if ref is None:
        return None, None, "no reference row"
    if ref.get("status") == "optimal" and ref.get("valid") and _finite(ref.get("objective")):
        return float(ref["objective"]), PROVEN, None
    if zero_gap(ref):
        return float(ref["objective"]), PROVEN, None
    if _finite(ref.get("bound")) and ref.get("status") in ("time_limit", "feasible", "optimal"):
        return float(ref["bound"]), BOUND, None
    return None, None, f"reference {ref.get('status')} without a proven optimum or a bound"


def ratio(alg: dict[str, Any], ref: dict[str, Any] | None, sense: str) -> Ratio:
    """Ratio of a method row ``alg`` to the reference row ``ref`` of the same instance.

    Parameters
    ----------
    alg : dict
        The method's stored row (``status``, ``valid``, ``objective``).
    ref : dict or None
        The reference's row (an exact model's), ``None`` when missing.
    sense : str
        ``"max"`` or ``"min"``.

    Returns
    -------
    Ratio
        The ratio and its basis, or the reason there is none.

    Raises
    ------
    ValueError
        ``sense`` is neither "max" nor "min".

    Examples
    --------
    >>> alg = {"status": "feasible", "valid": True, "objective": 4.5}
    >>> ref = {"status": "optimal", "valid": True, "objective": 5.25}
    >>> r = ratio(alg, ref, "max")  # OPT / ALG: 1.1667 >= 1 is worse
    >>> round(r.value, 4), r.basis
    (1.1667, 'proven')
    >>> round(ratio(alg, ref, "min").value, 4)  # ALG / OPT
    0.8571
    """
    if sense not in ("max", "min"):
        raise ValueError(f"sense must be 'max' or 'min', got {sense!r}")
    if alg.get("status") not in ("optimal", "feasible", "time_limit"):
        return Ratio(None, None, f"method {alg.get('status')}")
    if not alg.get("valid"):
        if str(alg.get("first_violation") or "").startswith("objective:"):
            # the harness recomputed the objective from the solution (core.objective)
            return Ratio(None, None, "reported objective differs from its solution's")
        return Ratio(None, None, "solution fails validation")
    if not _finite(alg.get("objective")):
        return Ratio(None, None, "method has no objective")
    den, basis, reason = reference_value(ref)
    if den is None:
        if ref is not None and ref.get("status") == "infeasible":
            # a validated solution of an "infeasible" instance: the model or the validator is wrong
            return Ratio(None, None, "reference infeasible, yet this solution is valid",
                         suspicious=True)
        return Ratio(None, None, reason)
    obj = float(alg["objective"])
    if den < 0.0 or obj < 0.0:
        return Ratio(None, None, "negative objective (ratios need non-negative objectives)")
    if obj == den:
        return Ratio(1.0, basis)
    # >= 1 is worse: objective / reference (min), reference / objective (max)
    num, den = (obj, den) if sense == "min" else (den, obj)
    if den == 0.0:
        return Ratio(None, None, "reference value is zero" if sense == "min"
                     else "objective is zero: the ratio is infinite")
    value = num / den
    return Ratio(value, basis, suspicious=value < 1.0 - TOL)


def attach(rows: list[dict[str, Any]], reference: str | None, sense: str
           ) -> list[dict[str, Any]]:
    """Copy of ``rows`` (one suite+problem) with ``ratio``, ``basis``, ``reason``, ``suspicious``.

    The reference of a row is the row of method ``reference`` on the same instance (seedless, or
    the first seed when the reference itself was run with seeds). Without a reference (a
    metrics-only section) every row gets no ratio and no reason: nothing is missing.
    """
    if reference is None:
        return [{**r, "ratio": None, "basis": None, "reason": None, "suspicious": False}
                for r in rows]
    refs: dict[str, dict[str, Any]] = {}
    for r in rows:
        if r["method"] == reference:
            refs.setdefault(r["instance_key"], r)
    out = []
    for r in rows:
        q = ratio(r, refs.get(r["instance_key"]), sense)
        out.append({**r, "ratio": q.value, "basis": q.basis, "reason": q.reason,
                    "suspicious": q.suspicious})
    return out
