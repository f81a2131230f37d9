"""OEF reproduction report (Mo, Xu, Lau, Middleware'24) under the shared verdict rule.

Claims: ``claims/oef.toml`` (verbatim). Workloads:

* *static* — 20 tenants x 3 GPU types x 8 GPUs (the paper's §6.1.1 testbed size), 20 instances
  per speedup spread; every mechanism's fractional allocation (the paper's 'estimated'
  throughput). Every GPU is allocated by every mechanism, so the cluster contends by
  construction.
* *saturated sim* — the same tenants, each backlogged with gang jobs for the whole window, in
  the round-based job simulator (each mechanism's own round mechanism): realised ('actual')
  throughput.
* *JCT sim* — 50 tenants x 20 jobs over 3 days on 3 x 8 GPUs, offered load 1 over the window.

``build(subset=True)`` measures only the fast rows (the static ones, exactly as the full report
does, without their sweeps); the regeneration test compares them with the committed JSON.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

import dlsched as ds
from dlsched.bench.repro import (
    ClaimResult,
    Estimate,
    GuaranteeResult,
    ReproReport,
    Sensitivity,
    Verdict,
    Workload,
    estimate,
    judge,
    load_claims,
    sweep,
)
from dlsched.oef.generate import random_speedups
from dlsched.oef.instance import OEFInstance, make
from dlsched.oef.metrics import properties
from dlsched.oef.rules import for_model
from dlsched.oef.support import gavel_data

HERE = Path(__file__).resolve().parent
CLAIMS = load_claims(HERE / "claims" / "oef.toml")
COMMAND = "python benchmarks/reproduction/make_reports.py oef"

N_TENANTS, COUNTS = 20, (8.0, 8.0, 8.0)
STATIC_SEEDS = tuple(range(20))


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# ---- speedup spreads (knob speedup_spread) ---------------------------------------------------
def _fig1a(n: int, rng: np.random.Generator) -> np.ndarray:
    """3070 = 1; 3090 uniform in [1.39, 2.15] (Fig. 1a's VGG and LSTM); 3080 at a uniform
    point between them on the log scale."""
    top = rng.uniform(1.39, 2.15, size=n)
    mid = np.exp(rng.uniform(0.0, 1.0, size=n) * np.log(top))
    return np.column_stack([np.ones(n), mid, top])


def _generator(n: int, rng: np.random.Generator) -> np.ndarray:
    return random_speedups(n, 3, rng, monotone=False)


def _wide(n: int, rng: np.random.Generator) -> np.ndarray:
    return np.column_stack([np.ones(n), np.sort(rng.uniform(1.0, 10.0, size=(n, 2)), axis=1)])


SPREADS: dict[str, Callable[[int, np.random.Generator], np.ndarray]] = {
    "fig1a": _fig1a, "generator": _generator, "wide": _wide}
DEFAULT_SPREAD = "fig1a"


@cache
def _gavel_table() -> tuple[list[str], np.ndarray]:
    table = gavel_data.load_throughputs()
    names = list(table)
    return names, np.array([table[j] for j in names], dtype=float)


def speedups(spread: str, n: int, seed: int) -> np.ndarray:
    """n tenants' speedup rows (slowest type = 1) under one spread."""
    if spread == "gavel-measured":
        names, raw = _gavel_table()
        chosen = gavel_data.select(names, n, seed) if n <= len(names) else names
        rows = raw[[names.index(c) for c in chosen]]
        if n > len(names):  # more tenants than Gavel job types: draw job types with repetition
            rows = raw[np.random.default_rng(seed).integers(0, len(names), size=n)]
        return rows / rows[:, :1]
    return SPREADS[spread](n, np.random.default_rng(seed))


@cache
def static_instance(spread: str, seed: int, n: int = N_TENANTS) -> OEFInstance:
    return make(speedups(spread, n, seed), list(COUNTS), name=f"oef-{spread}-n{n}-s{seed}")


# ---- static ('estimated') efficiency ---------------------------------------------------------
#: label -> (registry kind, name, params); gavel's two points are the knob gavel_point.
STATIC_METHODS: dict[str, tuple[str, str, dict[str, Any]]] = {
    "oef-cooperative": ("model", "oef-cooperative", {}),
    "oef-noncooperative": ("model", "oef-noncooperative", {}),
    "gavel": ("algorithm", "gavel", {}),
    "gandiva-fair": ("algorithm", "gandiva-fair", {}),
    "max-min": ("algorithm", "max-min", {}),
}


@cache
def static_run(spread: str, seed: int, label: str) -> tuple[float, dict[str, Any]]:
    """(total normalised throughput, solution) of one mechanism on one static instance."""
    inst = static_instance(spread, seed)
    kind, name, params = STATIC_METHODS[label]
    # an OEF LP solves the problem it states: the instance is restated for it (for_model);
    # mechanisms run on the capacity-only statement (fairness = "none") and their properties
    # are measured, not imposed
    res = (ds.solve(for_model(inst, name), model=name, **params) if kind == "model"
           else ds.run(inst, name, **params))
    problems = ds.check(inst, res)
    if problems:
        raise AssertionError(f"{label} on {inst.name}: {problems[:3]}")
    return float(res.objective), res.solution


def static_effects(spread: str, seeds: Sequence[int], ours: str, base: str) -> Estimate:
    vals = [static_run(spread, s, ours)[0] / static_run(spread, s, base)[0] - 1 for s in seeds]
    return estimate(vals)


#: knob tenant_jobs -> Gavel's per-tenant cap (single-GPU jobs it sees per tenant)
TENANT_JOBS_CAP: dict[str, float | None] = {"1": 1.0, "2": 2.0, "many": None}


def _gavel_label(knobs: dict[str, str]) -> str:
    """The static method label of Gavel under the knobs gavel_point and tenant_jobs."""
    name = "gavel" if knobs["gavel_point"] == "interior" else "gavel-max-throughput"
    cap = TENANT_JOBS_CAP[knobs["tenant_jobs"]]
    label = f"{name}[cap={cap}]"
    STATIC_METHODS.setdefault(label, ("algorithm", name, {"cap": cap}))
    return label


def coop_noncoop(spread: str, seeds: Sequence[int]) -> Estimate:
    return static_effects(spread, seeds, "oef-cooperative", "oef-noncooperative")


# ---- profiling error -------------------------------------------------------------------------
def profiling_deviation(spread: str, seeds: Sequence[int], model: str = "uniform") -> Estimate:
    """|achieved / expected - 1| of oef-cooperative allocating on speedups with error <= 20 %."""
    vals = []
    for s in seeds:
        inst = static_instance(spread, s)
        W = inst.rows.W
        rng = np.random.default_rng(10_000 + s)
        noise = (rng.uniform(0.8, 1.2, size=W.shape) if model == "uniform"
                 else rng.choice([0.8, 1.2], size=W.shape))
        noise[:, 0] = 1.0  # speedups are relative to the slowest type (w^1 = 1 by definition)
        reported = make(W * noise, list(COUNTS), name=f"{inst.name}-err")
        res = ds.solve(for_model(reported, "oef-cooperative"), model="oef-cooperative")
        X = np.asarray(res.solution["allocation"], dtype=float)
        vals.append(abs(float(np.sum(W * X)) / float(np.sum(reported.rows.W * X)) - 1))
    return estimate(vals)


# ---- job simulator: actual throughput and JCT -------------------------------------------------
SIM_MECHANISMS = ("oef-cooperative", "oef-noncooperative", "gavel", "gandiva-fair")
SAT = {"rounds": 288, "jobs": 20, "seeds": tuple(range(5))}
JCT = {"tenants": 50, "jobs": 20, "days": 3, "load": 1.0, "seeds": tuple(range(5)),
       "sweep_seeds": tuple(range(3))}


def _sim_kwargs(mech: str, knobs: dict[str, str]) -> dict[str, Any]:
    kw: dict[str, Any] = {"surplus": knobs["surplus"], "gang": knobs["gang"] == "gang"}
    if knobs["rounds"] == "oef-placer":
        kw["rounds"] = "oef"
    if mech == "gavel" and knobs["rounds"] == "own":
        kw["mapping"] = knobs["job_mapping"]
    return kw


@cache
def saturated_throughput(spread: str, seed: int, mech: str, rounds: str, gang: str,
                         surplus: str = "backfill") -> float:
    """Mean realised throughput over one day of rounds with every tenant backlogged."""
    from dlsched.oef.support.jobsim import generate_workload, simulate

    inst = static_instance(spread, seed)
    wl = generate_workload(inst, jobs_per_tenant=SAT["jobs"], horizon_s=SAT["rounds"] * 300.0,
                           seed=seed, arrivals="saturated")
    knobs = {**DEFAULTS, "rounds": rounds, "gang": gang, "surplus": surplus}
    res = simulate(wl, mech, max_rounds=SAT["rounds"], **_sim_kwargs(mech, knobs))
    return float(np.mean(res.throughput))


@cache
def jct_sim(spread: str, seed: int, mech: str, surplus: str, gang: str, arrivals: str,
            rounds: str, mapping: str) -> dict[str, float]:
    """Mean JCT and cross-type gang workers of one mechanism on one JCT workload."""
    from dlsched.oef.support.jobsim import generate_workload, simulate

    inst = static_instance(spread, seed, JCT["tenants"])
    wl = generate_workload(inst, jobs_per_tenant=JCT["jobs"], horizon_s=JCT["days"] * 86_400.0,
                           seed=seed, load=JCT["load"], arrivals=arrivals)
    knobs = {**DEFAULTS, "surplus": surplus, "gang": gang, "rounds": rounds,
             "job_mapping": mapping}
    res = simulate(wl, mech, **_sim_kwargs(mech, knobs))
    if not res.finished:
        raise AssertionError(f"{mech} left jobs unfinished on {inst.name}")
    return {"jct": res.mean_jct, "cross": float(getattr(res, "cross_type_workers", np.nan)),
            "load": wl.offered_load, "util": float(res.used.sum(axis=1).mean()) / 24.0,
            "wall": res.runtime_s}


def _jct_key(knobs: dict[str, str]) -> tuple[str, ...]:
    return (knobs["surplus"], knobs["gang"], knobs["arrivals"], knobs["rounds"],
            knobs["job_mapping"])


def jct_effect(knobs: dict[str, str], base: str, seeds: Sequence[int],
               metric: str = "jct") -> Estimate | None:
    vals = []
    for s in seeds:
        o = jct_sim(knobs["speedup_spread"], s, "oef-cooperative", *_jct_key(knobs))[metric]
        b = jct_sim(knobs["speedup_spread"], s, base, *_jct_key(knobs))[metric]
        if not (np.isfinite(o) and np.isfinite(b)) or b == 0:
            return None
        vals.append(o / b - 1)
    return estimate(vals)


def actual_effect(knobs: dict[str, str], ours: str, base: str, seeds: Sequence[int]
                  ) -> Estimate:
    key = (knobs["rounds"], knobs["gang"], knobs["surplus"])
    sp = knobs["speedup_spread"]
    return estimate([saturated_throughput(sp, s, ours, *key) /
                     saturated_throughput(sp, s, base, *key) - 1 for s in seeds])


# ---- results ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Row:
    """How to measure one (claim, baseline) pair and what to blame when it is not reproduced."""

    claim: str
    baseline: str
    workload: str
    measure: Callable[[dict[str, str]], Estimate | None]  # knob settings -> estimate
    cause: Callable[[Verdict, Estimate | None, Sensitivity | None], tuple[str, str] | None]
    cannot_differ: str | None = None
    not_measured: str | None = None
    measured: Callable[[dict[str, str]], str] | None = None
    override: Callable[[], tuple[Verdict, str] | None] | None = None  # a verdict the ratio
    # cannot express (a baseline count of zero); the rule's categories still apply


DEFAULTS = {"speedup_spread": DEFAULT_SPREAD, "gavel_point": "interior", "tenant_jobs": "1",
            "rounds": "own",
            "gang": "gang", "surplus": "backfill", "arrivals": "jobs", "job_mapping": "flat",
            "error_model": "uniform"}


def _settings(claim_id: str) -> list[tuple[str, str]]:
    claim = CLAIMS[claim_id]
    return [(k, v) for k in claim.knobs for v in CLAIMS.knob(k).values if v != DEFAULTS[k]]


def evaluate(row: Row, do_sweep: bool) -> ClaimResult:
    claim = CLAIMS[row.claim]
    target = claim.target() if claim.scored else None
    forced = row.override() if row.override else None
    if forced:
        est, (verdict, why) = None, forced
    else:
        est = None if (row.not_measured or row.cannot_differ) else row.measure(dict(DEFAULTS))
        verdict, why = judge(target, est, cannot_differ=row.cannot_differ,  # type: ignore[arg-type]
                             not_measured=row.not_measured)
    sens = None
    if do_sweep and est is not None and claim.knobs:
        sens = sweep(target, verdict, _settings(row.claim),  # type: ignore[arg-type]
                     lambda k, v: row.measure({**DEFAULTS, k: v}))
    cause = None if verdict is Verdict.REPRODUCED else row.cause(verdict, est, sens)
    if cause is None and verdict is not Verdict.REPRODUCED:
        cause = ("testbed", row.not_measured) if row.not_measured else None
    extra = row.measured(dict(DEFAULTS)) if (row.measured and (est or forced)) else ""
    return ClaimResult(claim, row.baseline, row.workload, est, verdict, why, cause, sens, extra)


@cache
def placement_ratio(mech: str) -> float:
    """Realised / estimated throughput in the saturated sim (default knobs), mean over seeds."""
    from dlsched.oef.support.jobsim import estimated_throughput, generate_workload

    vals = []
    for s in SAT["seeds"]:
        inst = static_instance(DEFAULT_SPREAD, s)
        # Gavel's estimate is its per-job allocation of the simulated jobs (its own mapping)
        jobs = generate_workload(inst, jobs_per_tenant=SAT["jobs"], seed=s,
                                 horizon_s=SAT["rounds"] * 300.0, arrivals="saturated").jobs
        est = estimated_throughput(inst, mech, jobs=jobs if mech == "gavel" else None)
        vals.append(saturated_throughput(DEFAULT_SPREAD, s, mech, "own", "gang") / est)
    return float(np.mean(vals))


def actual_cause(ours: str, base: str, sens: Sensitivity | None) -> tuple[str, str]:
    """Why the realised gap is not the paper's: no placement gain, and (Gavel) its job count."""
    ratios = ", ".join(f"{m} {placement_ratio(m):.3f}" for m in (ours, base))
    if base == "gavel":
        one = static_effects(DEFAULT_SPREAD, STATIC_SEEDS, ours, _gavel_label(DEFAULTS)).point
        many = static_effects(DEFAULT_SPREAD, STATIC_SEEDS, ours, _gavel_label(
            {**DEFAULTS, "tenant_jobs": "many"})).point
        return knob_cause(sens, (
            "open knob", f"Gavel's estimated deficit is its per-job cap when every tenant is one "
            f"single-GPU job (tenant_jobs=1: estimated gap {100 * one:+.1f}%); the simulated "
            f"tenants have {SAT['jobs']} jobs each, so the cap does not bind (estimated gap with "
            f"many jobs {100 * many:+.1f}%), and realised / estimated is {ratios}: no placement "
            "gain appears (the simulator has no hosts or network)"))
    return knob_cause(sens, (
        "testbed", f"realised / estimated is {ratios}: whole-GPU rounding and gangs cost little "
        "with backfill, and the paper's placement gain over its estimate (network contention, "
        "host packing) is outside the simulator"))


def jct_cause(est: Estimate | None, sens: Sensitivity | None) -> tuple[str, str]:
    """Name the knobs that move the JCT verdict; no setting reaches the paper's number."""
    moved = [] if sens is None else sorted(
        (p for p in sens.points if p.estimate is not None),
        key=lambda p: p.estimate.point)  # type: ignore[union-attr]
    best = ", ".join(f"{p.knob}={p.value} {p.shown}" for p in moved[:3])
    now = f"{100 * est.point:+.1f}%" if est is not None else "n/a"
    return knob_cause(sens, (
        "open knob", f"with each mechanism's own published round rule, gang jobs and backfill for "
        f"all, oef-cooperative's mean JCT differs by {now}; the settings that favour OEF most are "
        f"{best}, none reaching the claimed reduction: the verdict is set by the simulator's "
        "rules for rounds and gangs, which the paper does not state"))


def knob_cause(sens: Sensitivity | None, fallback: tuple[str, str]) -> tuple[str, str]:
    """'open knob' when some open setting reproduces the claim, else the claim's own cause."""
    if sens is not None:
        hits = [p for p in sens.points if p.verdict is Verdict.REPRODUCED]
        if hits:
            return ("open knob", "reproduced under " + ", ".join(
                f"{p.knob}={p.value} ({p.shown})" for p in hits) + "; " + fallback[1])
    return fallback


def _static_rows(seeds: Sequence[int]) -> list[Row]:
    wl = f"static, {DEFAULT_SPREAD}"
    ratio = coop_noncoop(DEFAULT_SPREAD, seeds)
    spreads = {s: coop_noncoop(s, seeds).point for s in (*SPREADS, "gavel-measured")}
    best = max(spreads, key=spreads.get)  # type: ignore[arg-type]
    inconsistency = (
        "paper", "the paper's +20 % (cooperative) and 'comparable' (non-cooperative) on the same "
        "tenants imply cooperative / non-cooperative ≈ 1.20; measured "
        f"{1 + ratio.point:.3f} on the paper's Fig. 1a speedups and at most "
        f"{1 + spreads[best]:.3f} over the spreads tried ({best}), so both cannot hold")
    rows = []
    for base in ("gavel", "gandiva-fair"):
        def coop(knobs: dict[str, str], base: str = base) -> Estimate:
            b = _gavel_label(knobs) if base == "gavel" else base
            return static_effects(knobs["speedup_spread"], seeds, "oef-cooperative", b)

        def noncoop(knobs: dict[str, str], base: str = base) -> Estimate:
            b = _gavel_label(knobs) if base == "gavel" else base
            return static_effects(knobs["speedup_spread"], seeds, "oef-noncooperative", b)

        def absval(knobs: dict[str, str], base: str = base, ours: str = "oef-cooperative"
                   ) -> str:
            sp = knobs["speedup_spread"]
            lab = _gavel_label(knobs) if base == "gavel" else base
            o = np.mean([static_run(sp, s, ours)[0] for s in seeds])
            b = np.mean([static_run(sp, s, lab)[0] for s in seeds])
            return f"mean throughput {o:.2f} vs {b:.2f}"

        rows.append(Row("coop-estimated", base, wl, coop,
                        lambda v, e, s: knob_cause(s, inconsistency), measured=absval))
        rows.append(Row("noncoop-estimated", base, wl, noncoop,
                        lambda v, e, s: knob_cause(s, inconsistency),
                        measured=lambda k, base=base: absval(k, base, "oef-noncooperative")))
    rows.append(Row(
        "profiling-error", "oef-cooperative (true speedups)", wl,
        lambda k: profiling_deviation(k["speedup_spread"], seeds, k["error_model"]),
        lambda v, e, s: knob_cause(s, (
            "testbed", "the model has no profiling-to-runtime gap beyond the stated error; the "
            "paper's deviation includes its testbed's run-to-run noise"))))
    for cid, why in (("si-user4", "the four testbed users' speedups are not published"),
                     ("cheating", "the size of User-1's lie and the users' speedups are not "
                                  "published")):
        base = CLAIMS[cid].baseline[0]
        rows.append(Row(cid, base, "paper testbed", lambda k: None, lambda v, e, s: None,
                        not_measured=why))
    return rows


def _sim_rows() -> list[Row]:
    sat_seeds = SAT["seeds"]
    sat_wl = f"saturated sim, {DEFAULT_SPREAD}"
    jct_wl = f"JCT sim, {DEFAULT_SPREAD}"
    rows = []
    for ours, cid in (("oef-cooperative", "coop-actual"), ("oef-noncooperative",
                                                          "noncoop-actual")):
        for base in ("gavel", "gandiva-fair"):
            def act(k: dict[str, str], ours: str = ours, base: str = base) -> Estimate:
                return actual_effect(k, ours, base, sat_seeds)

            def shown(k: dict[str, str], ours: str = ours, base: str = base) -> str:
                sp, key = k["speedup_spread"], (k["rounds"], k["gang"], k["surplus"])
                o = np.mean([saturated_throughput(sp, s, ours, *key) for s in sat_seeds])
                b = np.mean([saturated_throughput(sp, s, base, *key) for s in sat_seeds])
                e = np.mean([static_run(sp, s, ours)[0] / static_run(sp, s, base)[0] - 1
                             for s in sat_seeds])
                return f"realised {o:.2f} vs {b:.2f}; estimated gap {100 * e:+.1f}%"

            rows.append(Row(cid, base, sat_wl, act,
                            lambda v, e, s, ours=ours, base=base: actual_cause(ours, base, s),
                            measured=shown))
    seeds = JCT["seeds"]
    for base, cid in (("gandiva-fair", "jct-vs-gandiva-fair"), ("gavel", "jct-vs-gavel")):
        def jct(k: dict[str, str], base: str = base) -> Estimate | None:
            default = all(k[x] == DEFAULTS[x] for x in k)
            return jct_effect(k, base, seeds if default else JCT["sweep_seeds"])

        def jshown(k: dict[str, str], base: str = base) -> str:
            o = [jct_sim(k["speedup_spread"], s, "oef-cooperative", *_jct_key(k)) for s in seeds]
            b = [jct_sim(k["speedup_spread"], s, base, *_jct_key(k)) for s in seeds]
            return (f"mean JCT {np.mean([x['jct'] for x in o]) / 3600:.2f} h vs "
                    f"{np.mean([x['jct'] for x in b]) / 3600:.2f} h; GPU utilisation "
                    f"{np.mean([x['util'] for x in o]):.2f} vs "
                    f"{np.mean([x['util'] for x in b]):.2f}")

        rows.append(Row(cid, base, jct_wl, jct, lambda v, e, s: jct_cause(e, s),
                        measured=jshown))
    for base, cid in (("gandiva-fair", "straggler-vs-gandiva-fair"),
                      ("gavel", "straggler-vs-gavel")):
        def cross(k: dict[str, str], base: str = base) -> Estimate | None:
            default = all(k[x] == DEFAULTS[x] for x in k)
            return jct_effect(k, base, seeds if default else JCT["sweep_seeds"], metric="cross")

        def cshown(k: dict[str, str], base: str = base) -> str:
            o = sum(jct_sim(k["speedup_spread"], s, "oef-cooperative", *_jct_key(k))["cross"]
                    for s in seeds)
            b = sum(jct_sim(k["speedup_spread"], s, base, *_jct_key(k))["cross"] for s in seeds)
            return f"cross-type gang workers x rounds: {o:.0f} vs {b:.0f}"

        def zero_base(base: str = base) -> tuple[Verdict, str] | None:
            o = sum(jct_sim(DEFAULT_SPREAD, s, "oef-cooperative", *_jct_key(DEFAULTS))["cross"]
                    for s in seeds)
            b = sum(jct_sim(DEFAULT_SPREAD, s, base, *_jct_key(DEFAULTS))["cross"]
                    for s in seeds)
            if b == 0:
                return ((Verdict.NOT_REPRODUCED if o > 0 else Verdict.NO_VERDICT),
                        f"{base} has no worker in a cross-type gang (0), oef-cooperative {o:.0f}: "
                        "the relative reduction is undefined and OEF is not below the baseline")
            return None

        rows.append(Row(
            cid, base, jct_wl, cross, lambda v, e, s, base=base: knob_cause(s, (
                "baseline", f"by its published round rule {base} runs a job on one GPU type, so "
                "its only cross-type gangs come from the backfill all mechanisms share, while "
                "OEF's placer grants a tenant several types and its gangs span them; the "
                "paper's counts need baselines that split jobs across types")),
            measured=cshown, override=zero_base))
    return rows


def guarantees(seeds: Sequence[int]) -> list[GuaranteeResult]:
    out = []
    checks = {"thm-si-ef-coop": ("oef-cooperative", ("sharing_incentive", "envy_free")),
              "thm-sparsity": ("oef-noncooperative", ("sparsity",))}
    for cid, (label, props) in checks.items():
        held, total, worst = 0, 0, math.inf
        for spread in (*SPREADS, "gavel-measured"):
            for s in seeds:
                inst = static_instance(spread, s)
                p = properties(inst, static_run(spread, s, label)[1])
                total += 1
                ok = all(p[q]["holds"] for q in props)
                held += ok
                worst = min(worst, *(p[q]["worst_slack"] for q in props))
        out.append(GuaranteeResult(
            CLAIMS[cid], f"{label}; 20 tenants x 3 types; {len(seeds)} instances x 4 spreads",
            f"{held}/{total} instances, worst slack {worst:.2e}", held == total))
    return out


def jct_window(spread: str = DEFAULT_SPREAD) -> tuple[float, float]:
    """(mean offered load over the arrival window, longest job's best-case time / window)."""
    from dlsched.oef.support.jobsim import generate_workload

    loads, longest = [], 0.0
    for s in JCT["seeds"]:
        inst = static_instance(spread, s, JCT["tenants"])
        wl = generate_workload(inst, jobs_per_tenant=JCT["jobs"], seed=s, load=JCT["load"],
                               horizon_s=JCT["days"] * 86_400.0)
        loads.append(wl.offered_load)
        W = inst.rows.W
        longest = max(longest, max(j.work / (j.demand * W[j.tenant].max()) for j in wl.jobs))
    return float(np.mean(loads)), longest / (JCT["days"] * 86_400.0)


def sim_workloads() -> list[Workload]:
    load, longest = jct_window()
    return [
        Workload(f"saturated sim, {DEFAULT_SPREAD}",
                 f"the static tenants ({N_TENANTS} x 3 types x 8 GPUs), each with {SAT['jobs']} "
                 "gang jobs (1/2/4 GPUs) present from t = 0 with more work than the window can "
                 f"finish; {SAT['rounds']} five-minute rounds (one day), {len(SAT['seeds'])} "
                 "seeds; job simulator `dlsched.oef.support.jobsim` with each mechanism's own "
                 "round rule",
                 "saturated: every tenant is backlogged for the whole window"),
        Workload(f"JCT sim, {DEFAULT_SPREAD}",
                 f"{JCT['tenants']} tenants x {JCT['jobs']} jobs (1/2/4 GPUs, lognormal σ = 1.5 "
                 f"work), arrivals uniform over {JCT['days']} days, 3 types x 8 GPUs, "
                 f"{len(JCT['seeds'])} seeds ({len(JCT['sweep_seeds'])} per sweep setting); "
                 "gang jobs, surplus GPUs backfilled for every mechanism, each mechanism's own "
                 "round rule (defaults; the sweep moves each)",
                 f"{load:.2f} over the {JCT['days']}-day arrival window (all work arrives in it; "
                 f"the longest job needs {100 * longest:.0f}% of the window on its fastest GPUs, "
                 "so all of it can run in the window)"),
    ]


def sim_findings() -> list[str]:
    """Utilisation and the placement effect (realised / estimated) per mechanism."""
    util = {m: np.mean([jct_sim(DEFAULT_SPREAD, s, m, *_jct_key(DEFAULTS))["util"]
                        for s in JCT["seeds"]]) for m in ("oef-cooperative", "gavel",
                                                          "gandiva-fair")}
    ratio = {m: placement_ratio(m) for m in SIM_MECHANISMS}
    return [
        "Placement effect (saturated sim, realised / estimated throughput, each mechanism's "
        "own round rule, gang jobs): " + ", ".join(f"{m} {v:.3f}" for m, v in ratio.items()) +
        ". Below 1: whole-GPU rounding, gangs that do not fit and slower GPUs in a gang cost "
        "throughput; the difference between mechanisms is what the simulator can show of the "
        "paper's placement claims (it has no hosts or network).",
        "Mean GPU utilisation in the JCT sim (GPUs running jobs / 24, default settings): " +
        ", ".join(f"{m} {u:.2f}" for m, u in util.items()) + ".",
    ]


def findings(seeds: Sequence[int]) -> list[str]:
    """The paper's internal inconsistency, measured per speedup spread; Gavel's optimum point."""
    spreads = (*SPREADS, "gavel-measured")
    cells = []
    for sp in spreads:
        r = coop_noncoop(sp, seeds)
        g = static_effects(sp, seeds, "oef-noncooperative", "gandiva-fair")
        cells.append(f"{sp}: cooperative / non-cooperative {1 + r.point:.3f} (max "
                     f"{1 + max(r.values):.3f}), non-cooperative vs gandiva-fair "
                     f"{100 * g.point:+.1f}%")
    out = [
        "The paper's two estimated-throughput claims cannot both hold on the same tenants: "
        "'OEF outperforms baselines by 20%' (cooperative) and 'non-cooperative OEF attains "
        "efficiency levels comparable to baselines' imply cooperative / non-cooperative ≈ 1.20. "
        "Measured over " + str(len(seeds)) + " instances per speedup spread: " +
        "; ".join(cells) + ". Where the ratio approaches 1.2, non-cooperative OEF is no longer "
        "comparable to Gandiva_fair.",
    ]
    gaps = []
    for sp in spreads:
        for tj in ("1", "many"):
            knobs = {**DEFAULTS, "tenant_jobs": tj}
            vertex = _gavel_label({**knobs, "gavel_point": "max-throughput"})
            pt = [static_run(sp, s, _gavel_label(knobs))[0] / static_run(sp, s, vertex)[0]
                  for s in seeds]
            gaps.append(f"{sp}, tenant_jobs={tj}: {100 * (1 - float(np.mean(pt))):.1f}% "
                        f"(max {100 * (1 - min(pt)):.1f}%)")
    out.append(
        "Gavel's point on a non-unique max-min optimum: the default `gavel` returns an "
        "interior-point solution (cvxpy + CLARABEL), the kind of point Gavel's own ECOS solve "
        "returns (tests/data/peer: max-min level equal to Gavel's own code on 31 instances, "
        "allocation equal where the optimum is unique); the old dlsched second stage "
        "(`gavel-max-throughput`, not Gavel) picks the most efficient optimal point. Total "
        "throughput the interior point gives up against it (mean over instances, max): " +
        "; ".join(gaps) + ". A zero means the max-min optimum leaves no room on those instances; "
        "the sweep `gavel_point` shows the verdicts under both points.")
    return out


def build(subset: bool = False) -> ReproReport:
    seeds = STATIC_SEEDS
    rows = _static_rows(seeds) + ([] if subset else _sim_rows())
    results = []
    for row in rows:
        log(f"  {row.claim} vs {row.baseline}")
        results.append(evaluate(row, do_sweep=not subset))
    workloads = [Workload(
        f"static, {sp}", f"{N_TENANTS} tenants x 3 GPU types x 8 GPUs, {len(seeds)} instances; "
        f"speedups: {CLAIMS.knob('speedup_spread').note.split(sp + ':')[-1].split(';')[0].strip()}"
        if sp != "fig1a" else f"{N_TENANTS} tenants x 3 GPU types x 8 GPUs, {len(seeds)} "
        "instances; speedups: 3090/3070 uniform in [1.39, 2.15] (Fig. 1a), 3080 between",
        "saturated: every mechanism allocates every GPU (unbounded demand)")
        for sp in ((DEFAULT_SPREAD,) if subset else (*SPREADS, "gavel-measured"))]
    if not subset:
        workloads += sim_workloads()
    return ReproReport(
        "oef", "OEF — optimal efficiency with fairness (Middleware'24)", CLAIMS,
        tuple(workloads), tuple(results), COMMAND,
        guarantees=() if subset else tuple(guarantees(seeds)),
        findings=() if subset else tuple(findings(seeds) + sim_findings()))


if __name__ == "__main__":
    rep = build(subset="--subset" in sys.argv)
    from dlsched.bench.repro.report import render
    print(render(rep, {"date": "-", "commit": "-", "clean": False, "cpu": "-", "load": 0.0}))
