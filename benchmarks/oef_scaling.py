"""Scaling benchmark of the OEF LPs: non-cooperative (9) and cooperative (10), k = 10 types.

Backends, all solving with HiGHS: ``highs`` (matrix form, highspy; cooperative by the active set
of oef/exact/activeset.py, and the full LP where it fits the budget), ``pyomo`` (Pyomo + appsi
HiGHS; cooperative lazily), ``cvxpy`` (the same LP written in cvxpy, as the paper and Gavel do).
Every run is a separate process with a wall-clock budget; a run that exceeds it is recorded as
such, and larger sizes of that method are skipped. Each finished solution is checked: the
validator (``ds.check``), and for cooperative OEF all n(n-1) envy rows.

    python benchmarks/oef_scaling.py [--sizes 10 100 ...] [--budget 240]
                                     [--out benchmarks/oef-scaling.md]
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib.metadata as md
import json
import multiprocessing as mp
import platform
import shlex
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

K = 10
SEED = 0


@dataclass(frozen=True)
class Method:
    """One measured configuration; sizes from ``max_n`` on are skipped (reason given)."""

    name: str
    mechanism: str
    backend: str
    params: dict[str, Any] = field(default_factory=dict)
    max_n: int | None = None
    skip_reason: str = ""


METHODS = [
    Method("highs", "noncooperative", "highs"),
    Method("pyomo", "noncooperative", "pyomo"),
    Method("cvxpy", "noncooperative", "cvxpy"),
    Method("highs lazy", "cooperative", "highs", {"envy": "lazy"}),
    Method("highs full", "cooperative", "highs", {"envy": "full"}, 2000,
           "full LP: 4.0M envy rows, 80M nonzeros; not attempted (shared 23 GB machine)"),
    Method("pyomo lazy", "cooperative", "pyomo", {"envy": "lazy"}),
    Method("cvxpy full", "cooperative", "cvxpy", {}, 2000,
           "full LP: 4.0M envy rows, 80M nonzeros; not attempted (shared 23 GB machine)"),
]


def _worker(n: int, method: Method, conn: Any) -> None:
    """Run one method on the seeded instance; send back timings and checks."""
    import resource

    import dlsched as ds
    from dlsched.core import SolveOptions
    from dlsched.oef import generate
    from dlsched.oef.exact import envy_violations, solve_oef
    from dlsched.oef.solution import rows_of

    inst = generate(n, K, seed=SEED, monotone=True)
    res = solve_oef(inst, method.mechanism, options=SolveOptions(), backend=method.backend,
                    **method.params)
    out: dict[str, Any] = {"status": res.status.value, "objective": res.objective,
                           "total_s": res.runtime_s, "build_s": res.build_s}
    solve_s = res.stats.get("solve_s")
    out["solve_s"] = solve_s if solve_s is not None else res.runtime_s - res.build_s
    out["solve_s_kind"] = "solver" if solve_s is not None else "total-build"
    for key in ("lazy_rounds", "envy_rows", "cvxpy_compile_s", "dual_bound_gap"):
        if key in res.stats:
            out[key] = res.stats[key]
    if res.solution is not None:
        out["check"] = len(ds.check(inst, res.solution))
        if method.mechanism == "cooperative":
            X = rows_of(inst, res.solution)
            V = envy_violations(inst.rows.W, inst.rows.weight, X, 0.0)
            out["max_envy"] = float(V.max()) / max(1.0, abs(res.objective or 1.0))
    out["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    conn.send(out)
    conn.close()


def measure(n: int, method: Method, budget: float) -> dict[str, Any]:
    """One run in a fresh process, killed (that process only) after ``budget`` seconds."""
    ctx = mp.get_context("spawn")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_worker, args=(n, method, child))
    t0 = time.perf_counter()
    proc.start()
    child.close()
    out: dict[str, Any] | None = None
    if parent.poll(budget):
        try:
            out = parent.recv()
        except EOFError:
            out = None
    proc.join(5)
    if proc.is_alive():
        proc.kill()
        proc.join()
    if out is None:
        over = time.perf_counter() - t0 >= budget
        return {"status": "over budget" if over else f"crashed ({proc.exitcode})"}
    return out


def machine() -> dict[str, str]:
    import os

    from dlsched.bench.machine import cpu_model, git_commit

    packages = ("highspy", "pyomo", "cvxpy", "numpy", "scipy")
    versions = ", ".join(f"{p} {md.version(p)}" for p in packages)
    return {
        "date": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": str(git_commit()),
        "cpu": f"{cpu_model()}, {os.cpu_count()} cores",
        "python": platform.python_version(),
        "versions": versions,
        "load": " / ".join(f"{x:.2f}" for x in os.getloadavg()),
    }


def fmt(x: Any, digits: int = 3) -> str:
    if x is None:
        return "—"
    if isinstance(x, float):
        return f"{x:.{digits}f}" if abs(x) < 1e5 else f"{x:.6g}"
    return str(x)


def table(results: dict[str, dict[int, dict[str, Any]]], sizes: list[int],
          mechanism: str, budget: float) -> list[str]:
    """Markdown rows for one mechanism, with objective agreement and speed ratio vs cvxpy."""
    ref_name = "highs" if mechanism == "noncooperative" else "highs lazy"
    cvx_name = "cvxpy" if mechanism == "noncooperative" else "cvxpy full"
    lines = ["| n | method | status | build s | solve s | total s | objective | rel. diff vs "
             f"{ref_name} | cvxpy total / this total | rounds | active envy rows | peak RSS MB |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for n in sizes:
        ref = results.get(ref_name, {}).get(n, {})
        cvx = results.get(cvx_name, {}).get(n, {})
        for m in METHODS:
            if m.mechanism != mechanism:
                continue
            r = results.get(m.name, {}).get(n, {})
            diff = ratio = None
            if r.get("objective") is not None and ref.get("objective") is not None:
                diff = abs(r["objective"] - ref["objective"]) / max(1.0, abs(ref["objective"]))
            if r.get("total_s") and cvx.get("total_s"):
                ratio = f"{cvx['total_s'] / r['total_s']:.1f}x"
            elif r.get("total_s") and cvx.get("status") == "over budget":
                ratio = f"> {budget / r['total_s']:.0f}x (cvxpy > {budget:.0f} s)"
            status = r.get("status", "—")
            if r.get("check"):
                status += f" ({r['check']} check violations!)"
            if r.get("max_envy", 0) > 1e-7:
                status += f" (envy {r['max_envy']:.1e}!)"
            cells = [
                n, m.name, status, fmt(r.get("build_s")), fmt(r.get("solve_s")),
                fmt(r.get("total_s")), fmt(r.get("objective"), 6),
                "—" if diff is None else f"{diff:.1e}", ratio or "—",
                fmt(r.get("lazy_rounds")), fmt(r.get("envy_rows")), fmt(r.get("peak_rss_mb"), 0),
            ]
            lines.append("| " + " | ".join(str(c) for c in cells) + " |")
    return lines


def _get(results: dict[str, Any], name: str, n: int) -> dict[str, Any]:
    return results.get(name, {}).get(n, {})


def targets(results: dict[str, Any], sizes: list[int], budget: float) -> list[str]:
    """The issue's targets, each with the measured value (✓ / ✗ / not measured)."""
    def mark(ok: bool | None) -> str:
        return "not measured" if ok is None else ("✓" if ok else "✗")

    def total(name: str, n: int) -> float | None:
        r = _get(results, name, n)
        return r.get("total_s") if str(r.get("status", "")).startswith("optimal") else None

    lines = []
    for name, n, limit, label in [("highs", 2000, 1.0, "non-cooperative n = 2000 < 1 s"),
                                  ("highs lazy", 300, 3.0, "cooperative n = 300 < 3 s"),
                                  ("highs lazy", 1000, 300.0, "cooperative n = 1000 < 5 min")]:
        t = total(name, n)
        lines.append(f"- {label}: {mark(None if t is None else t < limit)} "
                     f"({'—' if t is None else f'{t:.2f} s'})")
    agree = []
    for n in sizes:
        lazy, full = _get(results, "highs lazy", n), _get(results, "highs full", n)
        if lazy.get("objective") is not None and full.get("objective") is not None:
            rel = abs(lazy["objective"] - full["objective"]) / abs(full["objective"])
            agree.append((n, rel))
    ok = all(rel <= 1e-7 for _, rel in agree) if agree else None
    lines.append(f"- cooperative active set = full LP within 1e-7 relative: {mark(ok)} ("
                 + ", ".join(f"n = {n}: {rel:.1e}" for n, rel in agree) + ")")
    for mech, fast, cvx in [("non-cooperative", "highs", "cvxpy"),
                            ("cooperative", "highs lazy", "cvxpy full")]:
        ratios = [(n, total(cvx, n) / total(fast, n)) for n in sizes
                  if total(cvx, n) and total(fast, n)]
        ok = all(r >= 1 for _, r in ratios) if ratios else None
        cells = [f"n = {n}: {r:.1f}x" for n, r in ratios]
        cells += [f"n = {n}: > {budget / total(fast, n):.0f}x (cvxpy > {budget:.0f} s)"
                  for n in sizes if _get(results, cvx, n).get("status") == "over budget"
                  and total(fast, n)]
        lines.append(f"- {mech} at least as fast as cvxpy at every size cvxpy finished: {mark(ok)} "
                     "(cvxpy time / highs time: " + ", ".join(cells) + ")")
    return lines


def build_vs_solve(results: dict[str, Any], sizes: list[int]) -> list[str]:
    """Where Pyomo loses: build time vs solve time, at the largest n both finished."""
    lines = []
    for mech, ours, pyomo in [("non-cooperative", "highs", "pyomo"),
                              ("cooperative", "highs lazy", "pyomo lazy")]:
        both = [n for n in sizes if _get(results, ours, n).get("total_s")
                and _get(results, pyomo, n).get("total_s")]
        if not both:
            continue
        n = max(both)
        a, b = _get(results, ours, n), _get(results, pyomo, n)
        lines.append(
            f"- {mech}, n = {n}: build {b['build_s']:.3f} s (Pyomo) vs {a['build_s']:.3f} s "
            f"(matrix), solve {b['solve_s']:.2f} s vs {a['solve_s']:.2f} s; the build is "
            f"{b['build_s'] / max(a['build_s'], 1e-9):.0f}x faster in matrix form, but of "
            f"Pyomo's {b['total_s']:.2f} s total only {b['build_s'] / b['total_s']:.0%} is build."
        )
    lines.append(
        "- So Pyomo's build time is not what loses most: for LP (9) it is the algorithm HiGHS "
        "runs (this backend uses IPM + crossover from 100 rows on; appsi and cvxpy leave HiGHS "
        "on its default `solver=choose`, which runs simplex here: forcing simplex in the matrix "
        "backend gives the same 7,487 iterations at n = 2000 as `choose`), for LP (10) the "
        "lazy strategy (Pyomo's adds every violated row, ending with "
        "far more rows and rounds). The matrix build is still what makes adding rows to a live "
        "HiGHS model cheap, so LPs are built in matrix form for HiGHS "
        "(`dlsched.oef.exact.matrix`) and "
        "Pyomo is kept for export and teaching."
    )
    return lines


def report(results: dict[str, Any], sizes: list[int], info: dict[str, str], cmd: str,
           budget: float, wall: float, extra: list[str] | None = None,
           certs: list[str] | None = None) -> str:
    out = [
        "# OEF LP scaling (k = 10 GPU types, random monotone speedups)",
        "",
        f"- date: {info['date']}; commit: {info['commit']}",
        f"- CPU: {info['cpu']}; Python {info['python']}; {info['versions']}",
        f"- command: `{cmd}` (wall {wall / 60:.1f} min; per-run budget {budget:.0f} s)",
        *(extra or []),
        f"- load average at the end (1/5/15 min): {info['load']}. The 2 cores were shared with "
        "other jobs while this ran, so timings are noisy (compare ratios measured in the same "
        "run).",
        f"- instance: `dlsched.oef.generate(n, {K}, seed={SEED}, monotone=True)`; every run in a "
        "fresh process (import time excluded); all backends solve with HiGHS.",
        "- build s: model construction (highs: numpy matrix + passing rows to highspy, plus the "
        "per-round violation checks of the active set; pyomo: Pyomo model incl. lazy row adds; "
        "cvxpy: problem construction). solve s: highs = time in `Highs.run`, cvxpy = solver "
        "time reported by cvxpy (its compile time is in total), pyomo = total − build "
        "(includes appsi's "
        "translation to HiGHS). total s = wall time of the call.",
        "- 'rel. diff' is |objective − reference| / max(1, |reference|). Cooperative solutions "
        "were checked against all n(n−1) envy rows (flagged if any is violated by more than 1e-7 "
        "relative) and every solution with `ds.check`.",
        "",
        "## Targets (from the issue)",
        "",
        *targets(results, sizes, budget),
        "",
        "## Optimality certificate of the active set (no full LP needed)",
        "",
        "The active set's row duals, extended by zeros, give a dual bound of the *full* LP (10) "
        "(`dlsched.oef.exact.bounds`); bound = objective certifies that the lazily generated "
        "solution is optimal for all n(n−1) envy rows, also where the full LP cannot be built.",
        "",
        *(certs or ["- not recorded in this run"]),
        "",
        "## Build time vs solve time",
        "",
        *build_vs_solve(results, sizes),
        "",
        "## Non-cooperative OEF, LP (9)",
        "",
        *table(results, sizes, "noncooperative", budget),
        "",
        "## Cooperative OEF, LP (10)",
        "",
        *table(results, sizes, "cooperative", budget),
        "",
        "Skipped / stopped runs:",
        "",
    ]
    stopped = ("skipped", "over", "crash")
    skipped = [f"- {name}, n = {n}: {r['status']}" for name, per in results.items()
               for n, r in per.items() if r.get("status", "").startswith(stopped)]
    out += skipped or ["- none"]
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[10, 100, 300, 500, 1000, 2000])
    ap.add_argument("--budget", type=float, default=240.0, help="seconds per run")
    ap.add_argument("--methods", nargs="*", help="subset of method names")
    ap.add_argument("--out", default="benchmarks/oef-scaling.md")
    ap.add_argument("--report-only", nargs="+", metavar="JSON",
                    help="rewrite --out from saved runs; later files fill in runs the first "
                         "one skipped or stopped (e.g. one size re-run with a larger budget)")
    args = ap.parse_args(argv)
    if args.report_only:
        return rewrite(args.report_only, Path(args.out))
    # shlex.join: a method name has a space ("highs lazy"); the stamped command must rerun as is
    cmd = "python benchmarks/oef_scaling.py " + shlex.join(sys.argv[1:] if argv is None else argv)
    t0 = time.perf_counter()
    results: dict[str, dict[int, dict[str, Any]]] = {}
    for m in METHODS:
        if args.methods and m.name not in args.methods:
            continue
        per = results.setdefault(m.name, {})
        blocked = ""
        for n in sorted(args.sizes):
            if m.max_n is not None and n >= m.max_n:
                per[n] = {"status": f"skipped ({m.skip_reason})"}
                continue
            if blocked:
                per[n] = {"status": f"skipped ({blocked})"}
                continue
            r = measure(n, m, args.budget)
            per[n] = r
            print(f"{m.mechanism:15s} {m.name:11s} n={n:5d} {json.dumps(r)}", flush=True)
            if r["status"] in ("over budget",) or r["status"].startswith("crash"):
                blocked = f"n = {n} already {r['status']}"
    info = machine()
    text = report(results, sorted(args.sizes), info, cmd, args.budget, time.perf_counter() - t0,
                  certs=certificates({"results": results, "cmd": cmd, "info": info}))
    out = Path(args.out)
    tmp = out.with_suffix(".tmp")
    tmp.write_text(text)
    tmp.replace(out)
    saved = {"info": info, "results": results, "cmd": cmd, "budget": args.budget,
             "wall_s": time.perf_counter() - t0, "sizes": sorted(args.sizes)}
    out.with_suffix(".json").write_text(json.dumps(saved, indent=1))
    print(text)


def certificates(run: dict[str, Any]) -> list[str]:
    """Lines for the active set's dual-bound certificate (activeset.certify), one per size."""
    per = run["results"].get("highs lazy", {})
    done = [(int(n), r) for n, r in per.items() if r.get("dual_bound_gap") is not None]
    if not done:
        return []
    done.sort(key=lambda x: x[0])
    return [f"- (dual bound of the full LP − objective) / objective, `{run['cmd']}` "
            f"({run['info']['date']}, commit {run['info']['commit']}): "
            + ", ".join(f"n = {n}: {r['dual_bound_gap']:.1e}" for n, r in done)
            + f". Total times in that run (load average {run['info']['load']}): "
            + ", ".join(f"n = {n}: {r['total_s']:.2f} s" for n, r in done) + "."]


def rewrite(paths: list[str], out: Path) -> None:
    """Markdown from saved JSON runs: the first is the main run, later ones fill its gaps."""
    runs = [json.loads(Path(p).read_text()) for p in paths]
    main_run = runs[0]
    results = {name: {int(n): r for n, r in per.items()}
               for name, per in main_run["results"].items()}
    extra = []
    for run in runs[1:]:
        for name, per in run["results"].items():
            for n, r in per.items():
                old = results.setdefault(name, {}).get(int(n), {})
                where = f"`{run['cmd']}`, {run['info']['date']}, load {run['info']['load']}"
                if r.get("status") == "optimal" and old.get("status") != "optimal":
                    results[name][int(n)] = {**r, "status": "optimal (separate run)"}
                    extra.append(f"- {name}, n = {n}: from a separate run, {where}")
                elif r.get("status") != "optimal":
                    extra.append(f"- {name}, n = {n}: separate run with a larger budget "
                                 f"({run['budget']:.0f} s), {where}: {r['status']}")
    certs = [line for run in runs for line in certificates(run)]
    text = report(results, main_run["sizes"], main_run["info"], main_run["cmd"],
                  main_run["budget"], main_run["wall_s"], extra, certs)
    out.write_text(text)
    print(text)


if __name__ == "__main__":
    main()
