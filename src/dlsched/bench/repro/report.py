"""A reproduction report: claims, measurements, verdicts, sensitivity, guarantees; Markdown+JSON.

The Markdown is for people, the JSON sidecar (same stem) for the test that re-measures a few
rows and fails when a committed verdict no longer matches the code. Both are written only from
a clean git tree (``tree_state``), unless the caller says otherwise, which the header then shows.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import platform
import re
import subprocess
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...core.errors import InputError
from ..machine import cpu_model
from .claims import Claim, ClaimSet
from .sensitivity import Sensitivity
from .verdict import RULE, Estimate, Rule, Verdict

#: What a verdict other than "reproduced" can be traced to (each result names one).
CAUSES = {
    "paper": "the paper itself (its claims contradict each other, or its numbers cannot hold)",
    "workload": "the workload (dlsched's reading of the paper's unpublished data or setting)",
    "open knob": "a setting the paper leaves open",
    "baseline": "how a baseline is implemented",
    "testbed": "effects of the paper's testbed outside the model (stragglers, network, noise)",
}


@dataclass(frozen=True)
class Workload:
    """A workload line: what it is and its offered load over the measured window."""

    name: str
    description: str
    load: str  # offered load over the work that can run in the measured window, with its basis


@dataclass(frozen=True)
class ClaimResult:
    """One claim against one baseline on one workload."""

    claim: Claim
    baseline: str
    workload: str
    estimate: Estimate | None
    verdict: Verdict
    why: str
    cause: tuple[str, str] | None = None  # (CAUSES key, the specific reason)
    sensitivity: Sensitivity | None = None
    measured: str = ""  # extra text next to the number (absolute values, per-seed range)

    def __post_init__(self) -> None:
        if self.cause is not None and self.cause[0] not in CAUSES:
            raise InputError("cause", f"must be one of {', '.join(CAUSES)}, got {self.cause[0]!r}")
        if self.verdict not in (Verdict.REPRODUCED,) and self.cause is None:
            raise InputError(f"{self.claim.id}.cause",
                             f"a '{self.verdict}' verdict needs its named cause")


@dataclass(frozen=True)
class GuaranteeResult:
    """A theorem checked per instance (not a reproduction claim)."""

    claim: Claim
    parameters: str
    measured: str
    holds: bool | None  # None: only the theorem's parameters are computed, the bound is not


@dataclass(frozen=True)
class ReproReport:
    problem: str
    title: str
    claims: ClaimSet
    workloads: tuple[Workload, ...]
    results: tuple[ClaimResult, ...]
    command: str
    guarantees: tuple[GuaranteeResult, ...] = ()
    findings: tuple[str, ...] = ()
    rule: Rule = RULE
    meta: dict[str, Any] = field(default_factory=dict)


# ---- where and when --------------------------------------------------------------------------
def tree_state(root: Path) -> tuple[str | None, bool]:
    """(short HEAD commit, whether the whole working tree is clean incl. untracked files)."""
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True,
                              timeout=20, check=True).stdout.strip()

    try:
        return git("rev-parse", "--short=12", "HEAD"), git("status", "--porcelain") == ""
    except (OSError, subprocess.SubprocessError):
        return None, False


# ---- text ------------------------------------------------------------------------------------
def _cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


#: A quote opening like a Markdown block (a table row copied as "# of Users ...", a list item
#: or a numbered one) would render as a heading or a list inside the blockquote.
_BLOCK_START = re.compile(r"^\s*(?:[#>]|[+*-](?=\s)|\d+[.)](?=\s))")


def _quote(text: str) -> str:
    """A paper's sentence as a Markdown blockquote line: its citation brackets ('[14] [25]')
    must not become reference links, and a first character that opens a Markdown block
    (``#`` of a heading, ``-`` of a list, ``1.``) is escaped, so the quote stays text."""
    line = str(text).replace("[", "\\[").replace("]", "\\]").replace("\n", " ")
    if m := _BLOCK_START.match(line):
        end = m.end()
        line = line[: end - 1] + "\\" + line[end - 1 :]
    return line


def summary(rep: ReproReport) -> str:
    """The opening paragraph: counts per category, the main causes, and every claim that is
    not reproduced with its named cause."""
    counts = Counter(r.verdict for r in rep.results)
    order = [v for v in Verdict if counts[v]]
    n_claims = len({r.claim.id for r in rep.results})
    parts = [f"{len(rep.results)} verdicts on {n_claims} claims: " +
             ", ".join(f"{counts[v]} {v}" for v in order) + "."]
    causes = Counter(r.cause[0] for r in rep.results if r.cause)
    if causes:
        parts.append("Causes of the verdicts that are not 'reproduced': " + ", ".join(
            f"{k} ({n})" for k, n in causes.most_common()) + ".")
    bad = [r for r in rep.results if r.verdict is Verdict.NOT_REPRODUCED]
    if bad:
        parts.append("Not reproduced: " + "; ".join(
            f"`{r.claim.id}` vs {r.baseline} on {r.workload} — {r.cause[1]}"  # type: ignore[index]
            for r in bad) + ".")
    fragile = [r for r in rep.results if r.sensitivity and not r.sensitivity.robust]
    parts.append(f"{len(fragile)} of {sum(1 for r in rep.results if r.sensitivity)} swept "
                 "verdicts are fragile (a setting the paper leaves open flips them).")
    if rep.guarantees:
        held = sum(g.holds is True for g in rep.guarantees)
        unchecked = sum(g.holds is None for g in rep.guarantees)
        parts.append(f"Guarantees checked (not counted as claims): {held} of "
                     f"{len(rep.guarantees)} hold on every instance" +
                     (f", {unchecked} with parameters computed but the bound not checked"
                      if unchecked else "") + ".")
    return " ".join(parts)


def render(rep: ReproReport, meta: dict[str, Any]) -> str:
    """The Markdown report."""
    r = rep.rule
    lines = [
        f"# Reproduction: {rep.title}", "",
        f"- paper: {rep.claims.paper}",
        f"- date: {meta['date']}",
        f"- git commit: {meta['commit']}" + (" (clean tree)" if meta["clean"] else
                                             " (**dirty tree: not a citable report**)"),
        f"- CPU: {meta['cpu']}, load average {meta['load']:.2f} at the end",
        f"- command: `{rep.command}`",
        "- verdict rule: [verdict-rule.md](verdict-rule.md) "
        f"(reproduced within max({100 * r.rel_tol:.0f} % "
        f"of the claimed effect, {100 * r.abs_tol:.0f} points); no effect below "
        f"{100 * r.null_band:.0f} %; {100 * r.ci_level:.0f} % bootstrap intervals over seeds)",
        "- baselines: [baselines.md](baselines.md) (each one's namesake rule and deviations)",
        "", "## Summary", "", summary(rep), "",
        "## Workloads", "",
        "| workload | what | offered load (measured window) |", "|---|---|---|",
        *[f"| {_cell(w.name)} | {_cell(w.description)} | {_cell(w.load)} |"
          for w in rep.workloads],
        "", "## Claims", "",
        "Each claim is quoted as the paper writes it; the verdict applies the rule to the "
        "confidence interval; *sensitivity* re-judges it with one open knob moved at a time.",
        "",
    ]
    for cid in dict.fromkeys(x.claim.id for x in rep.results):
        rows = [x for x in rep.results if x.claim.id == cid]
        c = rows[0].claim
        lines += [f"### `{cid}` — {c.location}", "", f"> {_quote(c.quote)}", ""]
        if c.metric:
            lines.append(f"Metric: {c.metric}. Claimed: {c.claimed_text()}"
                         f" ({c.reading}{', read off the figure' if c.reading == 'figure' else ''})"
                         + (f". Reading: {c.note}" if c.note else "") + "")
            lines.append("")
        lines += ["| vs | workload | measured | verdict | why | cause | sensitivity |",
                  "|---|---|---|---|---|---|---|"]
        for x in rows:
            shown = "—" if x.estimate is None else f"{100 * x.estimate.point:+.1f}%"
            if x.measured:
                shown += f" ({x.measured})"
            cause = f"{x.cause[0]}: {x.cause[1]}" if x.cause else ""
            sens = x.sensitivity.text() if x.sensitivity else "not swept"
            lines.append(f"| {_cell(x.baseline)} | {_cell(x.workload)} | {_cell(shown)} | "
                         f"**{x.verdict}** | {_cell(x.why)} | {_cell(cause)} | {_cell(sens)} |")
        swept = [x for x in rows if x.sensitivity and x.sensitivity.points]
        if swept:
            lines += ["", "<details><summary>sweep</summary>", "",
                      "| vs | workload | knob | setting | measured | verdict |",
                      "|---|---|---|---|---|---|"]
            for x in swept:
                for knob, value, m, v in x.sensitivity.table():  # type: ignore[union-attr]
                    lines.append(f"| {_cell(x.baseline)} | {_cell(x.workload)} | {_cell(knob)} "
                                 f"| {_cell(value)} | {m} | {v} |")
            lines += ["", "</details>"]
        lines.append("")
    if rep.guarantees:
        lines += ["## Guarantees checked", "",
                  "Theorems hold by proof; checking them tests the implementation, not the "
                  "paper, so they are not counted as reproduced claims.", "",
                  "| theorem | statement | parameters (paper's formula) | measured | holds |",
                  "|---|---|---|---|---|"]
        lines += [f"| {_cell(g.claim.location)} | {_cell(g.claim.statement or g.claim.quote)} | "
                  f"{_cell(g.parameters)} | {_cell(g.measured)} | "
                  f"{'not checked' if g.holds is None else 'yes' if g.holds else '**no**'} |"
                  for g in rep.guarantees]
        lines.append("")
    if rep.findings:
        lines += ["## Findings", "", *[f"- {f}" for f in rep.findings], ""]
    return "\n".join(lines)


def as_json(rep: ReproReport, meta: dict[str, Any]) -> dict[str, Any]:
    """Machine-readable verdicts (what the regeneration test compares)."""
    def est(e: Estimate | None) -> dict[str, Any] | None:
        return None if e is None else {"point": e.point, "low": e.low, "high": e.high, "n": e.n}

    return {
        "problem": rep.problem, **meta, "rule": rep.rule.__dict__,
        "results": [{
            "claim": x.claim.id, "baseline": x.baseline, "workload": x.workload,
            "estimate": est(x.estimate), "verdict": str(x.verdict),
            "cause": list(x.cause) if x.cause else None,
            "sensitivity": None if x.sensitivity is None else {
                "robust": x.sensitivity.robust,
                "points": [{"knob": p.knob, "value": p.value, "estimate": est(p.estimate),
                            "verdict": str(p.verdict)} for p in x.sensitivity.points]},
        } for x in rep.results],
        "guarantees": [{"claim": g.claim.id, "holds": g.holds, "measured": g.measured}
                       for g in rep.guarantees],
    }


def _atomic_write(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write(rep: ReproReport, out_dir: Path, commit: str | None, clean: bool) -> tuple[Path, Path]:
    """Write ``<problem>.md`` and ``<problem>.json`` into ``out_dir`` atomically."""
    meta = {"date": f"{dt.datetime.now(dt.timezone.utc):%Y-%m-%d %H:%M} UTC",
            "commit": commit or "unknown", "clean": clean,
            "cpu": f"{cpu_model()} ({platform.machine()})", "load": os.getloadavg()[0],
            **rep.meta}
    md, js = out_dir / f"{rep.problem}.md", out_dir / f"{rep.problem}.json"
    _atomic_write(md, render(rep, meta) + "\n")
    _atomic_write(js, json.dumps(as_json(rep, meta), indent=1, sort_keys=False) + "\n")
    return md, js
