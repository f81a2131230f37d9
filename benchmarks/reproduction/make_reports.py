"""Reproduction reports: every quantitative headline claim of a paper next to dlsched's measurement.

``python benchmarks/reproduction/make_reports.py PROBLEM [...]`` runs the problem's workloads
(the literal paper setting where it differs, and a contended one: offered load on the bottleneck
resource ~1), evaluates each claim and writes ``benchmarks/reproduction/<problem>.md`` with date,
commit, CPU and machine load. Each claim is a small function returning the measured value, a
verdict — ``reproduced`` (the value or ordering holds within the stated tolerance), ``direction
only`` (the comparison holds, the magnitude differs by more), ``not reproduced`` — and the reason.
Builders are registered per problem (``REPORTS``); problems without a builder are not written.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import platform
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

import dlsched as ds
from dlsched.bench.machine import cpu_model, git_commit

ROOT = Path(__file__).resolve().parents[2]
OUT = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Row:
    """One claim of the paper and what dlsched measured for it."""

    source: str  # figure / table / section of the paper
    claim: str
    paper: str  # the paper's value
    measured: str
    workload: str
    verdict: str  # reproduced | direction only | not reproduced
    reason: str


@dataclass(frozen=True)
class Report:
    title: str
    workloads: list[str]  # one line each: name, size, offered load on the bottleneck
    rows: list[Row]
    command: str


REPORTS: dict[str, Callable[[], Report]] = {}


def report(problem: str) -> Callable[[Callable[[], Report]], Callable[[], Report]]:
    def deco(fn: Callable[[], Report]) -> Callable[[], Report]:
        REPORTS[problem] = fn
        return fn

    return deco


# ---- LTGF (ASTRAEA, TPDS 2022) ------------------------------------------------------------------
LTGF_POLICIES = ("astraea-ltgf", "yarn-cs", "hived", "allox", "tiresias-l", "themis",
                 "gandiva-fair")


def _ltgf_instance(name: str, nodes: int | None = None):
    data = json.loads((ROOT / "instances" / "ltgf" / f"{name}.json").read_text())
    if nodes is not None:
        data["cluster"]["nodes"] = nodes
        data["name"] = f"{name}@{nodes}n"
    return ds.PROBLEMS.get("ltgf").parse(data)


def _offered_load(inst) -> float:
    """GPU-seconds of work / (GPUs x submission span): > 1 means the queue must grow."""
    work = float(np.sum(inst.job_gpus * inst.job_duration))
    span = float(inst.job_submit.max() - inst.job_submit.min())
    return work / (inst.gpus * span) if span > 0 else float("inf")


def _ltgf_runs(inst) -> dict[str, dict[str, float]]:
    out = {}
    for pol in LTGF_POLICIES:
        t = time.perf_counter()
        res = ds.run(inst, pol)
        assert ds.check(inst, res) == [], (inst.name, pol)
        out[pol] = {**res.stats, "wall_s": time.perf_counter() - t}
        print(f"  {inst.name} {pol}: {out[pol]['wall_s']:.1f} s", file=sys.stderr, flush=True)
    return out


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _rank(runs: dict[str, dict[str, float]], key: str) -> list[str]:
    return sorted(runs, key=lambda p: (runs[p][key], p))


def _ours_vs_rest(runs: dict[str, dict[str, float]], key: str, ours: str) -> tuple[str, str]:
    """('lowest' | 'tied' | 'beaten', the policies at the minimum) — ties are not wins."""
    best = min(r[key] for r in runs.values())
    at_min = [p for p, r in runs.items() if r[key] <= best + 1e-9 * max(1.0, abs(best))]
    if ours not in at_min:
        return "beaten", ", ".join(at_min)
    return ("lowest" if at_min == [ours] else "tied"), ", ".join(at_min)


@report("ltgf")
def ltgf_report() -> Report:
    lit = _ltgf_instance("venus-synthetic")  # 100 x 8 GPUs as in the paper's Venus setting
    hot = _ltgf_instance("venus-synthetic", nodes=64)  # same jobs, load ~1
    philly = _ltgf_instance("philly-2weeks-64n")
    loads = {i.name: _offered_load(i) for i in (lit, hot, philly)}
    runs = {i.name: _ltgf_runs(i) for i in (lit, hot, philly)}
    rows: list[Row] = []

    def wl(name: str) -> str:
        return f"{name} (load {loads[name]:.2f})"

    for name, r in runs.items():
        a, th, y = (r[p]["sharing_loss_jobs"] for p in ("astraea-ltgf", "themis", "yarn-cs"))
        where, best = _ours_vs_rest(r, "sharing_loss_jobs", "astraea-ltgf")
        ordered = a < th < y
        close = where == "lowest" and ordered and abs(a - 0.071) <= 0.05 and abs(y - 0.736) <= 0.2
        verdict = ("reproduced" if close else "direction only"
                   if where != "beaten" and a <= th < y else "not reproduced")
        rows.append(Row(
            "§6 Fig. (sharing-loss jobs, Venus)", "ASTRAEA has the fewest sharing-loss jobs: "
            "ASTRAEA < Themis < YARN-CS", "7.1% / 19.7% / 73.6%",
            f"{_pct(a)} / {_pct(th)} / {_pct(y)} (minimum: {best})", wl(name), verdict,
            "ordering and magnitudes hold" if close else
            f"ASTRAEA {where} at the minimum ({best}); YARN-CS far worse" if verdict ==
            "direction only" else f"minimum reached by {best}, not ASTRAEA alone"))
        claimed = ("astraea-ltgf", "allox", "gandiva-fair", "yarn-cs", "tiresias-l")
        vals = [r[p]["unfairness_ratio"] for p in claimed]
        where, best = _ours_vs_rest(r, "unfairness_ratio", "astraea-ltgf")
        near = abs(vals[0] - 0.052) <= 0.05
        rows.append(Row(
            "§6 Fig. (tenant unfairness ratio, Venus)", "ASTRAEA has the lowest tenant "
            "unfairness ratio (AlloX, Gandiva_fair, YARN-CS, Tiresias-L higher)",
            "5.2% / 6.9% / 8.0% / 44.6% / 49.0%", " / ".join(_pct(v) for v in vals)
            + f" (minimum: {best})", wl(name),
            ("reproduced" if near else "direction only") if where == "lowest"
            else "direction only" if where == "tied" else "not reproduced",
            ("ASTRAEA lowest" if where == "lowest" else f"ASTRAEA tied with {best}")
            + ("" if near else "; its own ratio is more than 5 points from 5.2%")
            if where != "beaten" else f"{best} lower than ASTRAEA here"))
        for key, label in (("avg_slowdown", "average slowdown"), ("avg_jct", "average JCT")):
            scale, unit = (3600, " h") if key == "avg_jct" else (1, "")
            where, best = _ours_vs_rest(r, key, "astraea-ltgf")
            order = _rank(r, key)
            other = next(p for p in order if p != "astraea-ltgf")
            rows.append(Row(
                "§6 Figs. (slowdown / JCT)", f"ASTRAEA has the lowest {label} of all schedulers",
                "lowest (figure only)",
                f"ASTRAEA {r['astraea-ltgf'][key] / scale:.2f}{unit}; best other {other} "
                f"{r[other][key] / scale:.2f}{unit}", wl(name),
                {"lowest": "reproduced", "tied": "direction only"}.get(where, "not reproduced"),
                {"lowest": "lowest of the seven", "tied": f"tied with {best}"}.get(
                    where, f"rank {order.index('astraea-ltgf') + 1} of 7")))
        ov = r["astraea-ltgf"]["overhead_ratio"]
        verdict = ("reproduced" if 0.004 <= ov <= 0.016 else
                   "direction only" if ov < 0.004 else "not reproduced")
        rows.append(Row(
            "§6 (preemption overhead)", "preemption overhead about 0.8% of the average JCT at "
            "a 900-s lease", "≈0.8%", _pct(ov), wl(name), verdict,
            {"reproduced": "within 2x of the paper's value",
             "direction only": "smaller than the paper's (fewer preemptions on this workload): "
                               "negligible either way"}.get(verdict, "above 2x the paper's")))
    sizes = (56, 64, 80, 100)
    jct = {}
    for n in sizes:
        inst = _ltgf_instance("venus-synthetic", nodes=n)
        jct[n] = {p: ds.run(inst, p).stats["avg_jct"] / 3600 for p in ("astraea-ltgf",
                                                                          "tiresias-l")}
    beats = all(jct[n]["astraea-ltgf"] < jct[n]["tiresias-l"] for n in sizes)
    rows.append(Row(
        "§6 (cluster size)", "ASTRAEA's average JCT beats Tiresias-L at every cluster size",
        "all sizes", "; ".join(f"{n}n: {jct[n]['astraea-ltgf']:.2f} vs {jct[n]['tiresias-l']:.2f} h"
                               for n in sizes), "venus-synthetic at 56-100 nodes",
        "reproduced" if beats else "not reproduced",
        "at every size" if beats else "Tiresias-L is better at some size"))
    return Report(
        "LTGF — ASTRAEA (TPDS 2022)",
        [f"`{name}`: {inst.n_jobs} jobs, {inst.gpus} GPUs, offered GPU load {loads[name]:.2f}"
         for name, inst in ((lit.name, lit), (hot.name, hot), (philly.name, philly))],
        rows, "python benchmarks/reproduction/make_reports.py ltgf")


def write(problem: str, rep: Report) -> Path:
    load = os.getloadavg()[0]
    lines = [
        f"# Reproduction: {rep.title}", "",
        f"- date: {dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC",
        f"- git commit: {git_commit()}",
        f"- CPU: {cpu_model()} ({platform.machine()}), load average {load:.2f} at the end",
        f"- command: `{rep.command}`",
        "- baselines: see [baselines.md](baselines.md) for each one's fidelity to its namesake",
        "", "## Workloads", "", *[f"- {w}" for w in rep.workloads], "",
        "## Claims", "",
        "| source | claim | paper | dlsched | workload | verdict | reason |",
        "|---|---|---|---|---|---|---|",
        *[f"| {r.source} | {r.claim} | {r.paper} | {r.measured} | {r.workload} | **{r.verdict}** "
          f"| {r.reason} |" for r in rep.rows],
    ]
    out = OUT / f"{problem}.md"
    tmp = out.with_suffix(".md.tmp")
    tmp.write_text("\n".join(lines) + "\n")
    tmp.replace(out)
    return out


def main(argv: list[str]) -> None:
    names = argv or sorted(REPORTS)
    for name in names:
        if name not in REPORTS:
            raise SystemExit(f"no reproduction report for {name!r} (known: {sorted(REPORTS)})")
        print("wrote", write(name, REPORTS[name]()))


if __name__ == "__main__":
    main(sys.argv[1:])
