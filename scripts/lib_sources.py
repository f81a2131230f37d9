"""The instances of the library's ``large`` sets that are not one generator call: slices of the
real traces (Philly VC jobs, Gavel throughputs) built by the repository's own instance builders.

Each source returns ``(instance, provenance)`` pairs; the provenance names the builder and its
arguments, so ``scripts/build_lib.py PROBLEM large`` rebuilds the same files. The trace files
are the vendored ones under ``src/dlsched/data`` (each with its PROVENANCE.md).
"""

from __future__ import annotations

import csv
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "src" / "dlsched" / "data"
sys.path.insert(0, str(ROOT / "src"))

#: the five Philly VCs with the most jobs in the Gavel re-encoding (2,000 each)
BUSY_VCS = ("ee9e8c", "11cb48", "6214e9", "6c71a0", "b436b2")


def _module(rel: str) -> ModuleType:
    """Import a builder script of the repository by its path."""
    spec = importlib.util.spec_from_file_location(Path(rel).stem, ROOT / rel)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def densest_start(vc: str, n: int, max_hours: float) -> int:
    """The position (in the VC's trace order, jobs of at most ``max_hours``) of the ``n``
    consecutive jobs with the most GPU-hours per hour of submission span (GPU-seconds over
    span + 1 h): the VC's heaviest burst, so that the jobs contend and their run times matter
    (a burst of many short 1-GPU jobs would leave run times negligible)."""
    with open(DATA / "philly_vc_traces_gavel" / "philly_vc_jobs.csv") as fh:
        rows = [r for r in csv.DictReader(fh) if r["tenant"] == vc]
    rows.sort(key=lambda r: int(r["vc_job_index"]))
    rows = [r for r in rows if float(r["duration"]) / 3600 <= max_hours]
    submit = np.array([int(r["submit_time"]) for r in rows], dtype=float)
    work = np.array([int(r["num_gpus"]) * float(r["duration"]) for r in rows])
    total = np.convolve(work, np.ones(n), "valid")
    spans = submit[n - 1:] - submit[:len(submit) - n + 1]
    return int(np.argmax(total / (spans + 3600.0)))


def completion_large() -> list[tuple[Any, str]]:
    """The heaviest burst of 30 consecutive Philly jobs of each busy VC (``densest_start``), PS
    and ring, 10 servers re-sized to kappa = 0.5 (offered load 2), horizon 150."""
    from dlsched.completion import parse

    cb = _module("instances/completion/build.py")
    out = []
    for vc in BUSY_VCS:
        start = densest_start(vc, 30, cb.MAX_HOURS)
        for arch in ("ps", "ring"):
            kw = dict(vc=vc, n_jobs=30, start=start, seed=7, kappa=0.5, n_servers=10)
            args = ", ".join(f"{k}={v!r}" for k, v in kw.items())
            out.append((parse(cb.philly(arch, **kw)),
                        f"instances/completion/build.py: philly({arch!r}, {args})"))
    return out


def ltgf_large() -> list[tuple[Any, str]]:
    """Windows of 30-50 consecutive Philly submissions of 4 VCs on 4 x 8 GPUs, 1-hour leases
    (the builder of instances/ltgf/philly-window-*.json), slotted (``time: "slotted"``); the
    first 10 seeds from 2 with offered load >= 1. A window whose jobs come from at most half
    of its VCs (max-min over tenants is then trivial; issue 32) is replaced by the next unused
    seed after the first ten whose window holds jobs of every one of 4 VCs (n = 50 windows
    have only 2 VCs with enough jobs: their replacements have n = 40)."""
    from dataclasses import replace

    from dlsched.ltgf import parse

    mk = _module("scripts/make_ltgf_instances.py")
    full = mk.philly(DATA)
    from dlsched.lib.load import offered_load

    def make(n: int, seed: int) -> Any:
        inst = parse(mk.window(full, n, seed)).slotted()
        return inst if (offered_load(inst) or 0.0) >= 1.0 else None

    def used(inst: Any) -> int:
        return len({j.tenant for j in inst.jobs})

    def every_vc(inst: Any) -> bool:
        return inst.n_tenants == 4 and used(inst) == 4

    picks: list[tuple[int, int, Any]] = []
    for seed in range(2, 40):
        if len(picks) == 10:
            break
        n = (30, 40, 50)[len(picks) % 3]
        if (inst := make(n, seed)) is not None:
            picks.append((n, seed, inst))
    nxt = picks[-1][1] + 1
    out: list[tuple[Any, str]] = []
    for n, seed, inst in picks:
        # a replacement keeps the size n when 4 VCs have >= 4n jobs in the trace (the window
        # builder's rule), else takes the largest smaller size that has 4 (n = 50 -> 40)
        size = n
        replace_it = 2 * used(inst) <= inst.n_tenants
        while replace_it and not every_vc(inst):
            seed, nxt = nxt, nxt + 1
            if make(size, seed) is not None and make(size, seed).n_tenants < 4:
                size = max(x for x in (30, 40) if x < size)
            inst = make(size, seed) or inst
        out.append((replace(inst, name=f"philly-window-n{size}-s{seed}"),
                    f"scripts/make_ltgf_instances.py: window(philly(data), n={size}, "
                    f"seed={seed}).slotted()"))
    return out


def oef_large() -> list[tuple[Any, str]]:
    """100-500 tenants, each running one of Gavel's 26 measured job types (drawn with
    replacement) on K80/P100/V100; GPUs per type = n / 6 (offered load 2); weights 1-3 on
    half of them."""
    from dlsched.oef import parse
    from dlsched.oef.support.gavel_data import GPU_TYPES, SOURCE, load_throughputs

    table = load_throughputs()
    types = list(table)
    out = []
    for i, seed in enumerate(range(1, 11)):
        n = (100, 200, 300, 500)[i % 4]
        weighted = i % 2 == 1
        rng = np.random.default_rng(seed)
        picks = rng.choice(len(types), n, replace=True)
        weights = rng.integers(1, 4, n) if weighted else np.ones(n, dtype=int)
        count = n // 6
        data = {
            "problem": "oef", "schema_version": 1, "name": f"gavel-mix-n{n}-s{seed}",
            "description": f"{n} tenants, each one Gavel job type, {count} GPUs per type",
            "fairness": "cooperative",  # the set's statement: LP (10)
            "gpu_types": [{"name": g, "count": count} for g in GPU_TYPES],
            "users": [{"name": f"u{u + 1}-{types[t]}", "throughput": list(table[types[t]]),
                       **({"weight": int(weights[u])} if weighted else {})}
                      for u, t in enumerate(picks)],
            "provenance": {**SOURCE, "selection": "job type per tenant: numpy "
                           f"default_rng({seed}).choice(26, {n}, replace=True) over the sorted "
                           "job types; weights: the next draws integers(1, 4)",
                           "builder": "scripts/lib_sources.py oef_large"},
        }
        out.append((parse(data), f"scripts/lib_sources.py: oef_large() item {i + 1} "
                                 f"(n={n}, seed={seed}, weighted={weighted})"))
    return out


def revenue_large() -> list[tuple[Any, str]]:
    """30-40 consecutive Philly submissions (all VCs, from a seeded start; windows with at
    least 3 VCs) as jobs of their VCs; a VC with m jobs in the window owns ceil(m / 8) servers
    of 8 GPUs and 1 PS; arrival = submit hour from the first; run lengths and utilities at the
    small scale (the builder's ``_job_fields``); the first 10 seeds with offered load >= 1."""
    from dlsched.revenue import parse

    bp = _module("instances/revenue/build_philly.py")
    with open(DATA / "philly_vc_traces_gavel" / "philly_vc_jobs.csv") as fh:
        rows = sorted(csv.DictReader(fh), key=lambda r: (int(r["submit_time"]), r["job_id"]))
    from dlsched.lib.load import offered_load

    out: list[tuple[Any, str]] = []
    for seed in range(1, 60):
        if len(out) == 10:
            break
        i = len(out)
        n = (30, 40)[i % 2]
        utility = ("linear", "convex")[(i // 2) % 2]
        rng = np.random.default_rng(seed)
        while True:  # a window shared by at least 3 VCs (else there is nothing to share)
            start = int(rng.integers(0, len(rows) - n))
            sel = rows[start:start + n]
            vcs = sorted({r["tenant"] for r in sel})
            if len(vcs) >= 3:
                break
        owned = {v: -(-sum(r["tenant"] == v for r in sel) // 8) for v in vcs}
        t0 = int(sel[0]["submit_time"])
        jobs = []
        for r in sel:
            util = ({"kind": "linear", "slope": round(float(rng.uniform(-2, -0.1)), 3),
                     "intercept": round(float(rng.uniform(100, 1000)), 2)}
                    if utility == "linear" else
                    {"kind": "convex", "e": round(float(rng.uniform(100, 1000)), 2),
                     "kappa": round(float(rng.uniform(1, 2)), 3)})
            jobs.append({"name": r["job_id"], "tenant": r["tenant"],
                         "arrival": 1 + (int(r["submit_time"]) - t0) // 3600,
                         **bp._job_fields(rng, "small"), "utility": util,
                         "demand": min(int(r["num_gpus"]), 8)})
        last = max(j["arrival"] for j in jobs)
        data = {"problem": "revenue", "schema_version": 1,
                "name": f"philly-window-n{n}-s{seed}", "horizon": last + 24,
                "bandwidth": {"worker": 1.0, "ps": 1.0},
                "tenants": [{"name": v, "quota": {"workers": 8 * owned[v], "ps": owned[v]}}
                            for v in vcs],
                "servers": [{"name": f"{v}-s{k + 1}", "workers": 8, "ps": 1, "owner": v}
                            for v in vcs for k in range(owned[v])],
                "jobs": jobs,
                "provenance": {"jobs": "src/dlsched/data/philly_vc_traces_gavel/"
                               "philly_vc_jobs.csv", "start": start, "seed": seed,
                               "builder": "scripts/lib_sources.py revenue_large"}}
        inst = parse(data)
        if (offered_load(inst) or 0.0) < 1.0:
            continue
        out.append((inst, f"scripts/lib_sources.py: revenue_large() item {i + 1} "
                                 f"(n={n}, seed={seed}, utility={utility!r}, trace rows "
                                 f"{start}-{start + n - 1} by submit time)"))
    return out


#: the windows of ``ojpp_openb``: (first task, tasks) in creation order of the 3,078 tasks
OPENB_WINDOWS = ([(k * 384, 384) for k in range(8)]  # 8 consecutive windows (last 6 left out)
                 + [(0, 1539), (1539, 1539), (0, 3078)])  # the two halves and the whole trace


def ojpp_openb() -> list[tuple[Any, str]]:
    """Alibaba openb GPU-sharing tasks (``gpu_milli`` < 1000) in creation order as OJPP workers
    on G2 GPUs (compute = gpu_milli of 1000; the GPU's 1/8 share of its node's CPU and host
    memory as extra resources; no GPU memory or interference data in the trace, so those
    constraints are inactive; tasks with equal demands form one job): 8 consecutive windows of
    384 tasks, the two halves and the whole trace (``scripts/openb_ojpp.py``)."""
    ob = _module("scripts/openb_ojpp.py")
    return [(ob.window(start, n),
             f"scripts/openb_ojpp.py: window({start}, {n}) (openb GPU-sharing tasks "
             f"{start}-{start + n - 1} in creation order)")
            for start, n in OPENB_WINDOWS]


#: first days of the two-week windows of the Philly trace in ``ltgf/paper`` (each window's
#: offered load is >= 1 on 800 GPUs; the windows from day 49 on are below 1)
PHILLY_TWO_WEEK_STARTS = (0, 7, 14, 21, 28, 35)
#: the generated workloads of ``ltgf/paper``: (profile, jobs, tenants, nodes) at the paper's
#: clusters (§6: Philly 210 x 8 GPUs with 11 VCs, Venus 100 x 8 GPUs with 16 VCs); the job
#: counts give an offered load of about 1 over two weeks (Philly: 27,000 jobs stay under the
#: 10^6 lease periods an instance may span, limits.MAX_LEASE_PERIODS)
TRACE_LIKE = (("philly", 27000, 11, 210), ("venus", 16000, 16, 100))
TWO_WEEKS_S = 14 * 86400


def philly_two_weeks(start_day: int, nodes: int = 100) -> Any:
    """Two weeks of Philly submissions from day ``start_day`` (the Gavel per-VC traces, every
    VC's clock aligned at its first job, as ``instances/ltgf/philly-2weeks.json``): the jobs of
    the 11 VCs with a Helios quota submitted in ``[start_day, start_day + 14)`` days, shifted
    to 0, durations and GPU demands unmodified; the tenants are the VCs with jobs in the window
    (weight = Helios node count, quota (6)); ``nodes`` x 8 GPUs; 900-s leases; slotted."""
    from dataclasses import replace

    from dlsched.ltgf import parse

    mk = _module("scripts/make_ltgf_instances.py")
    quotas = {r["vc"]: int(r["node num"])
              for r in mk.read_csv(DATA / "philly_cluster_helios" / "philly_vc.csv")}
    lo = start_day * 86400
    rows = [r for r in mk.read_csv(DATA / "philly_vc_traces_gavel" / "philly_vc_jobs.csv")
            if r["tenant"] in quotas and lo <= int(r["submit_time"]) < lo + TWO_WEEKS_S]
    rows.sort(key=lambda r: (int(r["submit_time"]), r["job_id"]))
    used = sorted({r["tenant"] for r in rows})
    name = f"philly-2weeks-d{start_day}-{nodes}n"
    data = {
        "problem": "ltgf", "schema_version": 1, "name": name,
        "description": f"Philly (Gavel per-VC traces, VCs aligned at their first job), "
                       f"submissions of days {start_day}-{start_day + 14}, the {len(used)} VCs "
                       f"with jobs and a Helios quota, {nodes} x 8 GPUs",
        "cluster": {"nodes": nodes, "gpus_per_node": 8}, "lease": 900, "tick": 10,
        "tenants": [{"name": vc, "weight": quotas[vc]} for vc in used],
        "jobs": [{"name": r["job_id"], "tenant": r["tenant"],
                  "submit": int(r["submit_time"]) - lo, "gpus": int(r["num_gpus"]),
                  "duration": int(r["duration"])} for r in rows],
        "overhead": {"checkpoint": 0, "cold_start": 30},
        "provenance": {"jobs": "src/dlsched/data/philly_vc_traces_gavel/philly_vc_jobs.csv",
                       "quotas": "src/dlsched/data/philly_cluster_helios/philly_vc.csv "
                                 "(weight = node num)",
                       "window": f"submit_time in [{start_day}, {start_day + 14}) days, "
                                 "shifted to 0",
                       "builder": "scripts/lib_sources.py philly_two_weeks"},
    }
    return replace(parse(data).slotted(), name=name)


def ltgf_paper() -> list[tuple[Any, str]]:
    """Two-week workloads at the paper's scale (ASTRAEA §6), slotted (``time: "slotted"``):
    the Philly trace's two-week windows (``philly_two_weeks``) on 100 x 8 GPUs, then
    Philly-like workloads on 210 x 8 GPUs and Venus-like ones on 100 x 8 GPUs
    (``generate_trace_like``, ``TRACE_LIKE``), the first 3 seeds of each whose instance has an
    offered load >= 1 and jobs of every tenant."""
    from dataclasses import replace

    from dlsched.lib.load import offered_load
    from dlsched.ltgf.generate import generate_trace_like

    out = [(philly_two_weeks(d), f"scripts/lib_sources.py: philly_two_weeks({d}, nodes=100)")
           for d in PHILLY_TWO_WEEK_STARTS]
    for profile, n, tenants, nodes in TRACE_LIKE:
        kept = 0
        for seed in range(1, 40):
            if kept == 3:
                break
            kw = dict(profile=profile, n_jobs=n, tenants=tenants, nodes=nodes, days=14,
                      seed=seed)
            inst = generate_trace_like(**kw)
            inst = replace(inst.slotted(), name=inst.name)
            if (offered_load(inst) or 0.0) < 1.0 or \
                    len({j.tenant for j in inst.jobs}) < inst.n_tenants:
                continue
            kept += 1
            args = ", ".join(f"{k}={v!r}" for k, v in kw.items())
            out.append((inst, "dlsched.ltgf.generate.generate_trace_like("
                              f"{args}).slotted() (name kept)"))
    return out


#: (problem, set) -> the builder of every set sliced from a trace or built from instances
#: (tests/lib/test_records.py rebuilds each and compares it file by file)
SET_SOURCES = {("completion", "large"): completion_large, ("ltgf", "large"): ltgf_large,
               ("ltgf", "paper"): ltgf_paper, ("oef", "large"): oef_large,
               ("revenue", "large"): revenue_large, ("ojpp", "openb"): ojpp_openb}
