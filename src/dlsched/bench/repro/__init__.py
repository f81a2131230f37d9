"""Reproduction reports: one verdict rule, claims quoted as data, sensitivity sweeps.

``verdict`` (the rule), ``claims`` (claims files), ``sensitivity`` (open-knob sweeps) and
``report`` (Markdown + JSON) are shared by the five papers' reports in
``benchmarks/reproduction/``.
"""

from .claims import Claim, ClaimSet, Knob, load_claims, parse_claims
from .report import (
                     CAUSES,
                     ClaimResult,
                     GuaranteeResult,
                     ReproReport,
                     Workload,
                     summary,
                     tree_state,
                     write,
)
from .sensitivity import Sensitivity, SweepPoint, sweep
from .verdict import RULE, Estimate, Rule, Target, Verdict, category, estimate, judge

__all__ = [
    "CAUSES", "RULE", "Claim", "ClaimResult", "ClaimSet", "Estimate", "GuaranteeResult", "Knob",
    "ReproReport", "Rule", "Sensitivity", "SweepPoint", "Target", "Verdict", "Workload",
    "category", "estimate", "judge", "load_claims", "parse_claims", "summary", "sweep",
    "tree_state", "write",
]
