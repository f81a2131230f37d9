"""Reproduction reports: every quantitative headline claim of a paper next to dlsched's measurement.

``python benchmarks/reproduction/make_reports.py PROBLEM [...]`` runs the problem's workloads
(the literal paper setting where it differs, and a contended one: offered load on the bottleneck
resource ~1), evaluates each claim and writes ``benchmarks/reproduction/<problem>.md`` with date,
commit, CPU and machine load. Each claim is a small function returning the measured value, a
verdict — ``reproduced`` (the value or ordering holds within the stated tolerance), ``direction
only`` (the comparison holds, the magnitude differs by more), ``not reproduced`` — and the reason.
Builders are registered per problem (``REPORTS``); problems without a builder are not written.

Reports on the shared verdict rule (verdict-rule.md in this folder; ``RULED``) are built by
their own module (``oef_report.py``, ``ojpp_report.py``, ...) with ``dlsched.bench.repro`` and
written with a JSON sidecar. Every report is written only from a clean git tree
(``--allow-dirty`` for a draft, marked as such in its header). Reports not yet in ``RULED``
still use the three-way wording above.
"""

from __future__ import annotations

import datetime as dt
import importlib
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
from dlsched.bench.repro import tree_state
from dlsched.bench.repro import write as write_ruled

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
    notes: tuple[str, ...] = ()


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
    others = [p for p in at_min if p != ours]
    return ("tied", ", ".join(others)) if others else ("lowest", ours)


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
            f"{_pct(a)} / {_pct(th)} / {_pct(y)}", wl(name), verdict,
            "ordering and magnitudes hold" if close else
            f"ASTRAEA {where} ({'with ' + best if where == 'tied' else 'alone'}) at the minimum"
            "; YARN-CS far worse" if verdict ==
            "direction only" else f"minimum reached by {best}, not ASTRAEA alone"))
        claimed = ("astraea-ltgf", "allox", "gandiva-fair", "yarn-cs", "tiresias-l")
        vals = [r[p]["unfairness_ratio"] for p in claimed]
        where, best = _ours_vs_rest(r, "unfairness_ratio", "astraea-ltgf")
        near = abs(vals[0] - 0.052) <= 0.05
        rows.append(Row(
            "§6 Fig. (tenant unfairness ratio, Venus)", "ASTRAEA has the lowest tenant "
            "unfairness ratio (AlloX, Gandiva_fair, YARN-CS, Tiresias-L higher)",
            "5.2% / 6.9% / 8.0% / 44.6% / 49.0%", " / ".join(_pct(v) for v in vals), wl(name),
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
        rows, "python benchmarks/reproduction/make_reports.py ltgf",
        notes=_ltgf_notes(runs))


# ---- Revenue sharing (Astraea, IEEE TC 2023) ----------------------------------------------------
REVENUE_BASELINES = ("batchsche", "gandiva-fair", "hived")


def _revenue_runs(inst) -> dict[str, dict[str, float]]:
    out = {}
    for name in ("astraea", *REVENUE_BASELINES):
        res = ds.run(inst, name)
        assert ds.check(inst, res) == [], name
        adm = [r for r in res.solution["jobs"].values() if r["admitted"]]
        out[name] = {"revenue": res.objective,
                     "makespan": max((r["completion"] for r in adm), default=0),
                     "negative": sum(r["utility"] < 0 for r in adm) / max(len(adm), 1)}
    return out


def _revenue_ratio_rows(label: str, paper: tuple[float, float, float], runs: dict,
                        wname: str) -> Row:
    a = runs["astraea"]["revenue"]
    ratios = [a / runs[b]["revenue"] if runs[b]["revenue"] > 0 else float("nan")
              for b in REVENUE_BASELINES]
    positive = a > 0 and all(runs[b]["revenue"] > 0 for b in REVENUE_BASELINES)
    ahead = positive and all(r > 1 for r in ratios)
    close = ahead and all(abs(r - p) <= 0.15 for r, p in zip(ratios, paper, strict=True))
    measured = (" / ".join(f"{r:.2f}x" for r in ratios) if positive else
                "revenues " + " / ".join(f"{runs[n]['revenue']:.0f}" for n in runs) +
                " (astraea / " + " / ".join(REVENUE_BASELINES) + ")")
    neg = max(r["negative"] for r in runs.values())
    return Row("Fig. 4 (total revenue)", f"Astraea's total revenue vs BatchSche / Gandiva_fair "
               f"/ HiveD ({label})", " / ".join(f"{p:.2f}x" for p in paper), measured, wname,
               "reproduced" if close else "direction only" if ahead else "not reproduced",
               "within 0.15 of each ratio" if close else "Astraea ahead of every baseline, by "
               "other margins" if ahead else
               f"negative total revenue: up to {neg:.0%} of admitted jobs finish with negative "
               "utility (jobs of hundreds of one-hour slots)" if not positive else
               "a baseline earns as much or more")


def _revenue_load(inst) -> tuple[float, str]:
    """Offered load on the bottleneck resource and its name: the smallest worker-slot area of
    each job (over its configurations) against all workers, and its shortest run holding one
    PS against all PSs, both over the span last arrival .. shortest possible finish."""
    from dlsched.revenue.configs import configurations

    w_area = ps_area = 0.0
    ends = []
    for j in range(inst.n_jobs):
        ks = configurations(inst, j)
        w_area += min(k.w * k.d for k in ks)
        dmin = min(k.d for k in ks)
        ps_area += dmin
        ends.append(int(inst.arrival[j]) + dmin)
    span = float(max(ends))
    loads = {"workers": w_area / (float(inst.cap_w.sum()) * span),
             "PSs": ps_area / (float(inst.cap_p.sum()) * span)}
    name = max(loads, key=lambda k: loads[k])
    return loads[name], name


@report("revenue")
def revenue_report() -> Report:
    from dlsched.revenue import generate

    rows: list[Row] = []
    workloads = []
    for unit in ("hour", "second"):
        for util in ("linear", "convex"):
            for nj, ns in ((100, 100), (400, 30)):
                inst = generate(n_jobs=nj, n_servers=ns, n_tenants=14, seed=0, arrival_max=8,
                                utility=util, minibatch_unit=unit)
                wname = f"m in {unit}s, {util}, {nj} jobs, {ns} servers"
                runs = _revenue_runs(inst)
                load, bottleneck = _revenue_load(inst)
                workloads.append(f"{wname}: {inst.cap_w.sum()} workers, {inst.cap_p.sum()} "
                                 f"PSs; offered load {load:.2f} on the {bottleneck} (smallest "
                                 f"area per job / capacity x shortest span); Astraea makespan "
                                 f"{runs['astraea']['makespan']} slots")
                wname += f" (load {load:.2f}, {bottleneck})"
                rows.append(_revenue_ratio_rows("varying jobs", (1.58, 1.24, 1.35), runs, wname))
                mk = [runs["astraea"]["makespan"] / runs[b]["makespan"]
                      for b in ("gandiva-fair", "hived")]
                rows.append(Row(
                    "Fig. 11 (makespan)", "Astraea's makespan vs Gandiva_fair / HiveD",
                    "0.83x / 0.67x", " / ".join(f"{x:.2f}x" for x in mk), wname,
                    "reproduced" if abs(mk[0] - 0.83) <= 0.1 and abs(mk[1] - 0.67) <= 0.1
                    else "direction only" if all(x < 1 for x in mk) else "not reproduced",
                    "Astraea finishes first" if all(x < 1 for x in mk)
                    else "Astraea's batching rounds delay its last jobs"))
    leads = [r.workload for r in rows if r.source.startswith("Fig. 4")
             and r.verdict != "not reproduced"]
    return Report(
        "Revenue sharing — Astraea (IEEE TC 2023)", workloads, rows,
        "python benchmarks/reproduction/make_reports.py revenue",
        notes=(
            "Units: §5.1 gives m in [0.001, 0.05] 'hour' per mini-batch. Taken literally a job "
            "needs 50-2,000 one-hour slots, and with k in [-2, -0.1], g in [100, 1000] most "
            "linear utilities are negative by completion: total revenue is negative for every "
            "scheduler. Read as seconds (1-50 ms, the order of G's 10-100 ms, which the paper "
            "defines 'in analogy to' m), every job fits in about one slot and the schedulers "
            "tie within a few percent (linear) or Astraea's batching delay costs it against "
            "Gandiva_fair (convex utilities, which reward finishing early). Astraea leads every "
            "baseline only in: " + ("; ".join(leads) if leads else "none of the settings") +
            " — by margins unlike the paper's 1.24-1.58x, so the paper's regime is not "
            "recovered from its stated parameters by either reading. Generator option "
            "`minibatch_unit='hour'|'second'` (default: the literal 'hour').",
            "Table 2's revenue per job (572-611) exceeds the mean of g (550), impossible for "
            "linear utilities k x + g with k < 0: that experiment must use the convex form.",
        ))


# ---- Weighted completion (A_online, Zhou et al.) -------------------------------------------------
COMPLETION_BASELINES = ("fifo", "drf", "antman", "tiresias")
COMPLETION_EXTRA = ("a-online-compact", "wspt-list")  # not in the paper (labelled)
COMPLETION_LIMIT = 30.0  # seconds per exact reference solve (completion-interval)


def _completion_load(inst) -> float:
    """Offered load on the bottleneck resource: sum of d_min areas / (capacity x the LB0
    makespan, i.e. last arrival + longest d_min)."""
    from dlsched.completion.config import configurations
    from dlsched.completion.model import load_of

    area = np.zeros(len(inst.resources))
    dmin = []
    for j in range(inst.n_jobs):
        k = min(configurations(inst, j), key=lambda k: k.d)
        area += k.d * load_of(k, inst)
        dmin.append(k.d)
    span = float(np.max(inst.arrival + np.array(dmin) - 1))
    return float(np.max(area / (inst.capacity.sum(axis=0) * span)))


def _completion_runs(inst) -> dict[str, dict[str, float]]:
    out = {}
    for name in ("a-online", *COMPLETION_BASELINES, *COMPLETION_EXTRA):
        t = time.perf_counter()
        res = ds.run(inst, name)
        assert res.objective is not None and ds.check(inst, res) == [], (name, inst.name)
        out[name] = {"objective": float(res.objective), "runtime": time.perf_counter() - t}
    for alpha in (2, 8):
        res = ds.run(inst, "a-online", alpha=alpha)
        out[f"a-online(alpha={alpha})"] = {"objective": float(res.objective)}
    res = ds.solve(inst, model="completion-interval", time_limit=COMPLETION_LIMIT,
                   horizon="extended")
    assert ds.check(inst, res) == [], ("completion-interval", inst.name)
    out["exact"] = {"objective": float(res.objective), "bound": float(res.bound),
                    "optimal": float(res.status.value == "optimal")}
    return out


def _gmean(xs: list[float]) -> float:
    return float(np.exp(np.mean(np.log(xs))))


@report("completion")
def completion_report() -> Report:
    from dlsched.completion.generate import generate

    sets = {
        "RAR": [generate(n_jobs=n, n_servers=h, horizon=150, seed=s, architecture="ring")
                for n, h in ((20, 10), (20, 30)) for s in range(3)],
        "PS": [generate(n_jobs=n, n_servers=10, horizon=150, seed=s, architecture="ps")
               for n in (10, 20) for s in range(3)],
    }
    philly = [ds.load(ROOT / "instances" / "completion" / f"philly-ee9e8c-{a}.json")
              for a in ("ring", "ps")]
    runs = {arch: [_completion_runs(i) for i in insts] for arch, insts in sets.items()}
    runs["Philly"] = [_completion_runs(i) for i in philly]
    loads = {arch: [_completion_load(i) for i in insts]
             for arch, insts in {**sets, "Philly": philly}.items()}
    rows: list[Row] = []

    def wl(arch: str) -> str:
        n = len(runs[arch])
        return (f"{arch}: {n} instances (load {min(loads[arch]):.2f}-{max(loads[arch]):.2f})")

    for arch in ("PS", "RAR", "Philly"):
        rs = runs[arch]
        ratios = {b: _gmean([r["a-online"]["objective"] / r[b]["objective"] for r in rs])
                  for b in COMPLETION_BASELINES}
        ok = all(v <= 0.70 for v in ratios.values())
        ahead = [b for b, v in ratios.items() if v < 1]
        rows.append(Row(
            "§7 (total weighted completion)", "A_online is at least 30% better than FIFO, DRF, "
            "AntMan and Tiresias", "A_online / baseline <= 0.70 each",
            "A_online / baseline " + " / ".join(f"{ratios[b]:.2f}" for b in COMPLETION_BASELINES)
            + " (fifo / drf / antman / tiresias, geometric mean)", wl(arch),
            "reproduced" if ok else "direction only" if len(ahead) == 4 else "not reproduced",
            "every baseline 30% worse" if ok else
            "ahead of all, by less than 30%" if len(ahead) == 4 else
            f"A_online ahead of {', '.join(ahead) or 'none'}: the [alpha tau, 2 alpha tau) "
            "waiting of its rounds costs more than the baselines lose"))
        pre = [_gmean([r[b]["objective"] for r in rs]) for b in ("antman", "tiresias")]
        non = [_gmean([r[b]["objective"] for r in rs]) for b in ("fifo", "drf")]
        rows.append(Row(
            "§7", "AntMan and Tiresias are much worse (preemption)", "worse than FIFO / DRF",
            f"antman / tiresias {pre[0]:.3g} / {pre[1]:.3g} vs fifo / drf "
            f"{non[0]:.3g} / {non[1]:.3g}", wl(arch),
            "reproduced" if min(pre) > max(non) else "not reproduced",
            "both preemptive baselines above both others" if min(pre) > max(non) else
            "a preemptive baseline beats FIFO or DRF (dlsched's AntMan / Tiresias resume "
            "progress without a restart cost)"))
        gap = _gmean([r["a-online"]["objective"] / r["exact"]["bound"] for r in rs])
        inc = _gmean([r["a-online"]["objective"] / r["exact"]["objective"] for r in rs])
        comp = _gmean([r["a-online-compact"]["objective"] / r["exact"]["objective"] for r in rs])
        cert = _gmean([r["exact"]["objective"] / r["exact"]["bound"] for r in rs])
        share = np.mean([(r["a-online"]["objective"] - r["a-online-compact"]["objective"]) /
                         (r["a-online"]["objective"] - r["exact"]["bound"]) for r in rs])
        rows.append(Row(
            "Thm 5 (4 alpha-competitive)", "A_online within 4 alpha of the optimum "
            "(dlsched: measured against the certified optimum)", "<= 4 alpha (alpha = 4: 16)",
            f"A_online / best bound {gap:.2f}, / best schedule {inc:.2f}; compact variant / "
            f"best schedule {comp:.2f}; exact engine certified gap {100 * (1 - 1 / cert):.1f}%",
            wl(arch), "reproduced" if gap <= 16 else "not reproduced",
            f"far inside the guarantee; {100 * share:.0f}% of A_online's distance to the bound "
            "is removed by compaction alone (the framework's [alpha tau, 2 alpha tau) waiting)"))
        a2, a8 = (_gmean([r[f"a-online(alpha={a})"]["objective"] / r["a-online"]["objective"]
                          for r in rs]) for a in (2, 8))
        best = "2" if a2 < min(1.0, a8) else "8" if a8 < 1.0 else "4"
        rows.append(Row(
            "§7", "alpha about 4 works best in practice", "alpha ~ 4",
            f"objective at alpha 2 / 8 relative to alpha 4: {a2:.2f} / {a8:.2f}", wl(arch),
            "reproduced" if best == "4" else "not reproduced",
            "alpha = 4 no worse than 2 or 8" if best == "4" else
            f"alpha = {best} is better here: shorter rounds wait less"))
        lst = _gmean([r["wspt-list"]["objective"] / r["exact"]["objective"] for r in rs])
        rows.append(Row(
            "dlsched (not in the paper)", "an offline WSPT list schedule (`wspt-list`) vs the "
            "best schedule the exact engine found", "—",
            f"wspt-list / best schedule {lst:.2f}; A_online / wspt-list "
            f"{_gmean([r['a-online']['objective'] / r['wspt-list']['objective'] for r in rs]):.2f}",
            wl(arch), "direction only", "reference point: what knowing all jobs offline buys"))
    rt = max(r["a-online"]["runtime"] for rs in runs.values() for r in rs)
    rows.append(Row("§7 (runtime)", "A_online runs in under 2 minutes", "< 120 s (MATLAB)",
                    f"max {rt:.1f} s (Python, 1 core)", "all of the above",
                    "reproduced" if rt < 120 else "not reproduced", "same order of work"))
    grow = [_gmean([r["a-online"]["objective"] for r in runs["RAR"][k:k + 3]]) for k in (0, 3)]
    rows.append(Row(
        "§7", "the objective grows with the number of servers H (fragmentation)",
        "grows", f"RAR 20 jobs: H = 10: {grow[0]:.6g}, H = 30: {grow[1]:.6g} (A_online)",
        wl("RAR"), "reproduced" if grow[1] > grow[0] else "not reproduced",
        "larger H, larger objective" if grow[1] > grow[0] else
        "the generator sizes the total capacity from the demand (kappa x ideal demand), so "
        "H = 30 splits the same capacity finer; A_online's rounds hardly feel the "
        "fragmentation (its waiting dominates)"))
    certified = sum(r["exact"]["optimal"] for rs in runs.values() for r in rs)
    total = sum(len(rs) for rs in runs.values())
    return Report(
        "Online scheduling of distributed ML jobs for total weighted completion time "
        "(A_online, Zhou et al.)",
        [f"RAR: generator defaults (8 worker / paper ranges), 20 jobs x 10 and 30 servers, "
         f"horizon 150, seeds 0-2; bottleneck load {min(loads['RAR']):.2f}-"
         f"{max(loads['RAR']):.2f}",
         f"PS: 10 and 20 jobs x 10 servers, horizon 150, seeds 0-2; bottleneck load "
         f"{min(loads['PS']):.2f}-{max(loads['PS']):.2f}",
         "Philly: `instances/completion/philly-ee9e8c-{ring,ps}.json` (Philly trace jobs); "
         f"bottleneck load {min(loads['Philly']):.2f}-{max(loads['Philly']):.2f}: no "
         "contention, every baseline starts each job on arrival (kept as the literal setting)",
         f"reference: `completion-interval` (horizon extended, {COMPLETION_LIMIT:g} s, 2 "
         f"threads): {int(certified)}/{total} proven optimal; the others give incumbent and "
         "certified bound; 'best bound' ratios are upper bounds on the true ratios"],
        rows, "python benchmarks/reproduction/make_reports.py completion",
        notes=(
            "A_online's distance to the optimum is mostly the framework's waiting: jobs of "
            "round i start no earlier than alpha tau_i, and compaction (`a-online-compact`, "
            "not in the paper) closes most of it while keeping the 4 alpha guarantee.",
            "`wspt-list` (not in the paper) is the reference list heuristic behind the exact "
            "engine's warm start; it shows how much a simple offline order gains.",
        ))


def _ltgf_notes(runs: dict[str, dict[str, dict[str, float]]]) -> tuple[str, ...]:
    notes = []
    for name, r in runs.items():
        same = [p for p in LTGF_POLICIES if abs(r[p]["avg_jct"] - r["astraea-ltgf"]["avg_jct"])
                <= 1e-6 * r["astraea-ltgf"]["avg_jct"]]
        util = r["astraea-ltgf"]["utilisation"]
        notes.append(f"`{name}`: GPU utilisation under ASTRAEA {util:.2f}; {len(same)} of 7 "
                     f"policies give ASTRAEA's average JCT ({', '.join(same)})" +
                     (" — the workload does not contend, so the policies cannot differ"
                      if len(same) >= 4 else ""))
    notes.append("Fairness claims (tenant unfairness ratio) hold in direction on every contended "
                 "workload; the JCT / slowdown claims do not: under contention the "
                 "finish-time-fair Themis and the stride-scheduled Gandiva_fair finish jobs "
                 "sooner, while ASTRAEA spends GPU time on under-served tenants (long-term "
                 "fairness) — the trade-off the paper's figures do not show on its workload.")
    return tuple(notes)


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
        *(["", "## Findings", "", *[f"- {n}" for n in rep.notes]] if rep.notes else []),
    ]
    out = OUT / f"{problem}.md"
    tmp = out.with_suffix(".md.tmp")
    tmp.write_text("\n".join(lines) + "\n")
    tmp.replace(out)
    return out


#: Reports already on the shared verdict rule (dlsched.bench.repro): problem -> module in this
#: folder with ``build(subset=False) -> ReproReport``.
RULED = {"oef": "oef_report", "ojpp": "ojpp_report"}


def main(argv: list[str]) -> None:
    allow_dirty = "--allow-dirty" in argv
    names = [a for a in argv if not a.startswith("--")] or sorted({*REPORTS, *RULED})
    unknown = [n for n in names if n not in REPORTS and n not in RULED]
    if unknown:
        raise SystemExit(f"no reproduction report for {unknown} (known: "
                         f"{sorted({*REPORTS, *RULED})})")
    commit, clean = tree_state(ROOT)
    if not clean and not allow_dirty:
        raise SystemExit("the working tree is not clean: commit first (reports record the commit "
                         "they were measured at), or pass --allow-dirty for a draft")
    for name in names:
        if name in RULED:
            sys.path.insert(0, str(OUT))
            rep = importlib.import_module(RULED[name]).build()
            print("wrote", *write_ruled(rep, OUT, commit, clean))
        else:
            print("wrote", write(name, REPORTS[name]()))


if __name__ == "__main__":
    main(sys.argv[1:])
