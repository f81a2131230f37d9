"""The verdict rule of every reproduction report, fixed before measuring.

Why one rule: a verdict must say the same thing in all five reports, and must not be tuned to a
measurement after the fact. ``benchmarks/reproduction/verdict-rule.md`` states the rule in prose;
this module is its only implementation.

Terms. A claim compares *ours* (the paper's method) with a *baseline* on one metric. Its effect is
``ours / baseline - 1``, turned into the claimed direction (``e > 0`` means the effect points the
way the paper says). Seeds give one paired effect each; the estimate is their mean with a
percentile-bootstrap confidence interval. Categories on one value:

* effect / level claims with target ``[lo, hi]`` (a number from the text: ``lo = hi``; a figure
  reading: the interval read off the plot): *reproduced* inside ``[lo - tol(lo), hi + tol(hi)]``
  with ``tol(x) = max(rel_tol * |x|, abs_tol)``; *weaker* below it (but at least the null band in
  the claimed direction); *stronger* above it; *not reproduced* when ``e`` is below the null band
  (no effect, or the opposite one): ``min(null_band, lo / 2)`` for an effect; a level (an
  absolute number such as an overhead, not a comparison) has no null band.
* parity claims ("comparable", "about equal") with band ``b``: *reproduced* when ``|m| <= b``,
  else *not reproduced*.
* ordering claims (a direction, no number): *reproduced* when ``e >= null_band``, else *not
  reproduced*.

A verdict is the category of the whole confidence interval: an interval that spans two
categories is *inconclusive* (naming both). A workload on which the compared policies cannot
differ gives *no verdict*; a claim that cannot be measured outside the paper's testbed is *not
measured*. Theorems are not claims: they are checked in a separate section (``guarantees``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

import numpy as np

from ...core.errors import InputError


class Verdict(str, Enum):
    """Verdict categories, in the order reports list them."""

    REPRODUCED = "reproduced"
    WEAKER = "weaker"
    STRONGER = "stronger"
    NOT_REPRODUCED = "not reproduced"
    INCONCLUSIVE = "inconclusive"
    NO_VERDICT = "no verdict"
    NOT_MEASURED = "not measured"

    def __str__(self) -> str:
        return self.value


#: Categories a single measured value can fall into (the others describe intervals or workloads).
POINT_CATEGORIES = (Verdict.REPRODUCED, Verdict.WEAKER, Verdict.STRONGER, Verdict.NOT_REPRODUCED)

#: Claim kinds the rule scores (``guarantee`` is checked, not scored).
SCORED_KINDS = ("effect", "level", "parity", "ordering")


@dataclass(frozen=True)
class Rule:
    """Tolerances of the verdict rule (module docstring). Fixed for all five reports."""

    rel_tol: float = 0.25  # a reproduced effect is within 25 % of the claimed one ...
    abs_tol: float = 0.02  # ... or within 2 points of it, whichever is wider
    null_band: float = 0.01  # an effect below 1 % in the claimed direction is no effect
    ci_level: float = 0.95
    resamples: int = 2000
    bootstrap_seed: int = 0

    def tol(self, x: float) -> float:
        return max(self.rel_tol * abs(x), self.abs_tol)


RULE = Rule()

#: Boundaries are inclusive up to floating-point rounding (0.20 - 0.25 * 0.20 is not 0.15).
_EPS = 1e-12


@dataclass(frozen=True)
class Estimate:
    """Mean of the per-seed values and its confidence interval (``low == high`` for one seed)."""

    point: float
    low: float
    high: float
    n: int
    values: tuple[float, ...] = ()

    def scaled(self, factor: float) -> Estimate:
        lo, hi = sorted((self.low * factor, self.high * factor))
        return Estimate(self.point * factor, lo, hi, self.n,
                        tuple(v * factor for v in self.values))


def estimate(values: Sequence[float], rule: Rule = RULE) -> Estimate:
    """Mean and percentile-bootstrap CI over seeds (fixed bootstrap seed: reports reproduce)."""
    x = np.asarray(values, dtype=float)
    if x.size == 0:
        raise InputError("values", "need at least one measured value")
    if not np.all(np.isfinite(x)):
        raise InputError("values", f"must be finite, got {x.tolist()}")
    point = float(x.mean())
    if x.size == 1 or np.ptp(x) == 0.0:
        return Estimate(point, point, point, int(x.size), tuple(x.tolist()))
    rng = np.random.default_rng(rule.bootstrap_seed)
    means = x[rng.integers(0, x.size, size=(rule.resamples, x.size))].mean(axis=1)
    alpha = (1.0 - rule.ci_level) / 2.0
    low, high = np.quantile(means, [alpha, 1.0 - alpha])
    return Estimate(point, float(min(low, point)), float(max(high, point)), int(x.size),
                    tuple(x.tolist()))


@dataclass(frozen=True)
class Target:
    """What a claim says, in the form the rule scores.

    ``kind``: effect | level | parity | ordering. ``direction``: +1 when the claim says ours is
    higher (or, for a level, the number itself), -1 when lower. ``lo``/``hi``: the claimed
    magnitude (``|claimed|``, or the interval read off a figure, both >= 0); parity: ``hi`` is
    the band.
    """

    kind: str
    direction: int = 1
    lo: float = 0.0
    hi: float = 0.0

    def __post_init__(self) -> None:
        if self.kind not in SCORED_KINDS:
            raise InputError("kind", f"must be one of {', '.join(SCORED_KINDS)}, got {self.kind!r}")
        if self.direction not in (1, -1):
            raise InputError("direction", f"must be +1 or -1, got {self.direction}")
        if not (math.isfinite(self.lo) and math.isfinite(self.hi) and 0 <= self.lo <= self.hi):
            raise InputError("claimed", f"need 0 <= lo <= hi, got [{self.lo}, {self.hi}]")


def null_band(target: Target, rule: Rule = RULE) -> float:
    """Below this an effect counts as none: ``rule.null_band``, but at most half the claimed
    effect (a claim of 0.8 % could otherwise never be reproduced). A level has none."""
    if target.kind in ("effect",) and target.lo > 0:
        return min(rule.null_band, target.lo / 2.0)
    return rule.null_band


def category(target: Target, value: float, rule: Rule = RULE) -> Verdict:
    """The category of one measured value (a relative effect, signed as measured)."""
    if not math.isfinite(value):
        raise InputError("value", f"must be finite, got {value}")
    if target.kind == "parity":
        return Verdict.REPRODUCED if abs(value) <= target.hi + _EPS else Verdict.NOT_REPRODUCED
    e = target.direction * value
    if target.kind != "level" and e < null_band(target, rule) - _EPS:
        return Verdict.NOT_REPRODUCED
    if target.kind == "ordering":
        return Verdict.REPRODUCED
    if e < target.lo - rule.tol(target.lo) - _EPS:
        return Verdict.WEAKER
    if e > target.hi + rule.tol(target.hi) + _EPS:
        return Verdict.STRONGER
    return Verdict.REPRODUCED


def interval_category(target: Target, est: Estimate, rule: Rule = RULE
                      ) -> tuple[Verdict, tuple[Verdict, ...]]:
    """The verdict of a whole confidence interval and the categories it touches.

    Categories are monotone in the value except parity's, so the interval's ends decide
    (parity: the interval touches both sides of the band when it crosses ``±b``).
    """
    if target.kind == "parity":
        b = target.hi
        inside = -b - _EPS <= est.low and est.high <= b + _EPS
        outside = est.high < -b - _EPS or est.low > b + _EPS
        if inside:
            return Verdict.REPRODUCED, (Verdict.REPRODUCED,)
        if outside:
            return Verdict.NOT_REPRODUCED, (Verdict.NOT_REPRODUCED,)
        return Verdict.INCONCLUSIVE, (Verdict.REPRODUCED, Verdict.NOT_REPRODUCED)
    touched = []
    for v in (est.low, est.point, est.high):
        c = category(target, v, rule)
        if c not in touched:
            touched.append(c)
    if len(touched) == 1:
        return touched[0], tuple(touched)
    return Verdict.INCONCLUSIVE, tuple(touched)


def judge(target: Target, est: Estimate | None, *, cannot_differ: str | None = None,
          not_measured: str | None = None, rule: Rule = RULE) -> tuple[Verdict, str]:
    """Verdict and a one-line explanation that shows the numbers the rule compared."""
    if not_measured:
        return Verdict.NOT_MEASURED, not_measured
    if cannot_differ:
        return Verdict.NO_VERDICT, f"the compared policies cannot differ here: {cannot_differ}"
    if est is None:
        raise InputError("estimate", "a measured claim needs an estimate")
    verdict, touched = interval_category(target, est, rule)
    ci = (f"{100 * est.point:+.1f}%" if est.low == est.high else
          f"{100 * est.point:+.1f}% [{100 * est.low:+.1f}, {100 * est.high:+.1f}]")
    if target.kind == "parity":
        why = f"measured {ci} against the parity band ±{100 * target.hi:.0f}%"
    elif target.kind == "ordering":
        why = (f"measured {ci}; the claimed direction needs >= {100 * rule.null_band:.0f}% "
               f"{'above' if target.direction > 0 else 'below'} the baseline")
    else:
        sign = "+" if target.direction > 0 else "-"
        claim = (f"{sign}{100 * target.lo:.0f}%" if target.lo == target.hi else
                 f"{sign}[{100 * target.lo:.0f}, {100 * target.hi:.0f}]%")
        lo = max(target.lo - rule.tol(target.lo), 0.0)
        hi = target.hi + rule.tol(target.hi)
        band = (f"{sign}[{100 * lo:.1f}, {100 * hi:.1f}]%")
        why = f"measured {ci} against claimed {claim} (reproduced band {band})"
    if verdict is Verdict.INCONCLUSIVE:
        why += "; the interval spans " + " and ".join(str(c) for c in touched)
    return verdict, why
