"""LTGF benchmark: simulation throughput on the real-data workloads and exact-model size/time.

Writes ``benchmarks/ltgf-results.md`` (date, git commit, CPU, command). Run from the repo root:
``python benchmarks/ltgf_bench.py [--quick]``. Instances come from scripts/make_ltgf_instances.py.
"""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import datetime as dt
import platform
import sys
import time
from pathlib import Path

import dlsched as ds
from dlsched.bench.machine import cpu_model, git_commit
from dlsched.ltgf import generate_slotted
from dlsched.ltgf.model import build_model
from dlsched.ltgf.support.simulate import POLICIES
from dlsched.ltgf.support.slots import slot_data

ROOT = Path(__file__).resolve().parents[1]
INST = ROOT / "instances" / "ltgf"


def sim_rows(name: str, policies: list[str]) -> list[str]:
    inst = ds.load(INST / f"{name}.json")
    rows = []
    for p in policies:
        t0 = time.perf_counter()
        r = ds.run(inst, p)
        wall = time.perf_counter() - t0
        s = r.stats
        ok = "yes" if r.status.value == "feasible" else "NO"
        rows.append(
            f"| {name} | {p} | {inst.n_jobs} | {s['sim_s']:.1f} | {wall:.1f} | "
            f"{inst.n_jobs / s['sim_s']:.0f} | {s['decisions']} | {ok} | "
            f"{s['unfairness_ratio']:.3f} | {s['sharing_loss_jobs']:.3f} | "
            f"{s['avg_slowdown']:.2f} | {s['avg_jct'] / 3600:.2f} | {int(s['preemptions'])} | "
            f"{s['overhead_ratio']:.4f} | {s['utilisation']:.3f} |"
        )
        print(rows[-1], flush=True)
    return rows


def exact_rows(cases: list[tuple[int, int]], time_limit: float) -> list[str]:
    rows = []
    for n, S in cases:
        inst = generate_slotted(n_jobs=n, tenants=4, gpus=32, max_slots=4,
                                release_slots=S // 2, seed=0)
        inst = type(inst)(**{**inst.__dict__, "nodes": 4, "gpus_per_node": 8})
        m = build_model(slot_data(inst, S))
        nv = m.nvariables()
        nb = sum(1 for v in m.component_data_objects(ds.core.solver.pyo.Var) if v.is_binary())
        nc = m.nconstraints()
        for model in ("ltgf-milp", "ltgf-cpsat"):
            r = ds.solve(inst, model=model, time_limit=time_limit, slots=S)
            ok = ds.check(inst, r) == []
            rows.append(
                f"| {n} | {S} | {model} | {nv} | {nb} | {nc} | {r.status.value} | "
                f"{r.objective:.4f} | {r.stats['iterations']} | {r.runtime_s:.1f} | "
                f"{'yes' if ok else 'NO'} |"
            )
            print(rows[-1], flush=True)
    return rows


def lease_sweep(name: str, leases: list[int]) -> None:
    """ASTRAEA on ``name`` with different lease lengths (notes §5): fairness vs overhead."""
    from dataclasses import replace

    base = ds.load(INST / f"{name}.json")
    lines = [
        "# LTGF lease-length sweep (ASTRAEA)", "",
        f"- date: {dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC, CPU: {cpu_model()}",
        f"- command: `python benchmarks/ltgf_bench.py --lease-sweep`; instance {name}, tick 10 s, "
        "cold start 30 s", "",
        "| lease s | sim s | unfair ratio | sharing-loss jobs | avg slowdown | avg JCT h | "
        "preemptions | overhead / sum JCT |", "|---|---|---|---|---|---|---|---|",
    ]
    for lease in leases:
        s = ds.run(replace(base, lease=float(lease)), "astraea-ltgf").stats
        lines.append(
            f"| {lease} | {s['sim_s']:.1f} | {s['unfairness_ratio']:.3f} | "
            f"{s['sharing_loss_jobs']:.3f} | {s['avg_slowdown']:.3f} | {s['avg_jct'] / 3600:.3f} | "
            f"{int(s['preemptions'])} | {s['overhead_ratio']:.4f} |"
        )
        print(lines[-1], flush=True)
    (ROOT / "benchmarks" / "ltgf-lease-sweep.md").write_text("\n".join(lines) + "\n")


def main() -> None:
    if "--lease-sweep" in sys.argv:
        lease_sweep("venus-synthetic", [600, 900, 1800])
        return
    quick = "--quick" in sys.argv
    commit = git_commit()
    head = [
        "# LTGF benchmark", "",
        f"- date: {dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC", f"- git commit: {commit}",
        f"- CPU: {cpu_model()} ({platform.machine()}), 2 cores shared with other jobs",
        f"- command: `python benchmarks/ltgf_bench.py{' --quick' if quick else ''}`",
        "- knobs: [notes §6](../docs/specs/ltgf.md#s6) defaults (themis f=0.8 e=0.2 seed 0; "
        "allox alpha=0.5; tiresias-l K=2, 1 GPU-hour, STARVE=2; gandiva quantum = lease; "
        "lease 900 s, tick 10 s, cold start 30 s, checkpoint 0 s); tenant windows of 1 day", "",
        "## Simulation (event simulator; validator run on every timeline)", "",
        "| instance | policy | jobs | sim s | total s | jobs/s | decisions | valid | "
        "unfair ratio | sharing-loss jobs | avg slowdown | avg JCT h | preemptions | "
        "overhead | util |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    pol = sorted(POLICIES)
    rows = sim_rows("philly-2weeks", pol)
    rows += sim_rows("venus-synthetic", ["astraea-ltgf"])
    if not quick:
        rows += sim_rows("philly-2weeks-64n", pol)
    ex_head = ["", "## Exact model (slotted, max-min tenant rho, Dinkelbach), time limit 120 s",
               "", "| jobs | slots | model | vars | binaries | rows | status | min rho | "
               "iterations | time s | valid |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    cases = [(10, 12), (20, 24), (50, 48)] if not quick else [(10, 12)]
    ex = exact_rows(cases, 120.0)
    out = ROOT / "benchmarks" / "ltgf-results.md"
    old = out.read_text() if out.exists() else ""
    notes = old[old.index("\n## Notes"):] if "\n## Notes" in old else ""  # hand-written, kept
    out.write_text("\n".join(head + rows + ex_head + ex) + "\n" + notes)
    print("wrote", out)


if __name__ == "__main__":
    main()
