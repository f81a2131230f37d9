"""Sensitivity of a verdict to the knobs a paper leaves open.

Each claim names its open knobs (claims file); the report re-measures the claim with one knob
moved at a time away from the default setting and re-applies the verdict rule. A verdict is
*robust* when every setting gives the default's verdict, else *fragile*, and the report names
the settings that flip it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .verdict import RULE, Estimate, Rule, Target, Verdict, judge


@dataclass(frozen=True)
class SweepPoint:
    """One knob setting, the value measured under it and the verdict the rule gives."""

    knob: str
    value: str
    estimate: Estimate | None
    verdict: Verdict
    why: str = ""

    @property
    def shown(self) -> str:
        if self.estimate is None:
            return str(self.verdict)
        return f"{100 * self.estimate.point:+.1f}%"


@dataclass(frozen=True)
class Sensitivity:
    """The sweep of one claim: the default verdict and every one-knob-at-a-time setting."""

    default: Verdict
    points: tuple[SweepPoint, ...]

    @property
    def flips(self) -> tuple[SweepPoint, ...]:
        return tuple(p for p in self.points if p.verdict is not self.default)

    @property
    def robust(self) -> bool:
        return not self.flips

    def text(self) -> str:
        """'robust (n settings)' or 'fragile: knob=value -> verdict (value); ...'."""
        if not self.points:
            return "not swept"
        if self.robust:
            return f"robust ({len(self.points)} settings)"
        return "fragile: " + "; ".join(f"{p.knob}={p.value} → {p.verdict} ({p.shown})"
                                       for p in self.flips)

    def table(self) -> list[tuple[str, str, str, str]]:
        return [(p.knob, p.value, p.shown, str(p.verdict)) for p in self.points]


def sweep(target: Target, default: Verdict,
          settings: Iterable[tuple[str, str]],
          measure: Callable[[str, str], Estimate | None], *,
          cannot_differ: Callable[[str, str], str | None] | None = None,
          rule: Rule = RULE) -> Sensitivity:
    """Measure every ``(knob, value)`` setting and judge it with the same rule.

    ``measure`` returns the estimate under that one setting (``None``: not measurable there);
    ``cannot_differ`` may name why the policies cannot differ under a setting (no verdict).
    """
    points = []
    for knob, value in settings:
        est = measure(knob, value)
        why_nd = cannot_differ(knob, value) if cannot_differ else None
        if est is None and not why_nd:
            points.append(SweepPoint(knob, value, None, Verdict.NOT_MEASURED))
            continue
        verdict, why = judge(target, est, cannot_differ=why_nd, rule=rule)
        points.append(SweepPoint(knob, value, est, verdict, why))
    return Sensitivity(default, tuple(points))
