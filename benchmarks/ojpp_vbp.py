"""OJPP as d-dimensional vector packing: proven optima on the literature classes (issue 10.6).

Instances: :mod:`dlsched.ojpp.support.vbp_classes` (Caprara & Toth 2001 classes 1-10 in d
dimensions and the exact-fit class ``perfect``), 3-D with 40 items and 5-D with 20 items,
``--seeds`` seeds per class. Each instance is solved once per model with ``time_limit=--limit``;
every solution is checked with ``ds.check``, every bound against the known optimum where the
class fixes it.

    python benchmarks/ojpp_vbp.py [--seeds 5] [--limit 20] [--models ojpp-patterns]
                                  [--out benchmarks/ojpp-vbp.md] [--json rows.json]
    python benchmarks/ojpp_vbp.py --write-instances DIR   # the .vbp files, for other versions
    python benchmarks/ojpp_vbp.py --from DIR --json old.json   # solve .vbp files (any version)

``--from`` only needs :func:`dlsched.ojpp.read_vbp`, so an older checkout of the package can run
the same instances (old-vs-new table: ``--compare old.json``).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import dlsched as ds

SETTINGS = ((3, 40), (5, 20))  # (dimensions, items)


#: The class names of :data:`dlsched.ojpp.support.vbp_classes.CLASSES` (spelled out so that
#: ``--from`` runs on versions of the package without that module).
CLASS_NAMES = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "perfect")


def instance_names(seeds: int) -> list[tuple[str, int, int, int]]:
    return [(c, d, n, s) for d, n in SETTINGS for c in CLASS_NAMES for s in range(seeds)]


def file_name(c: str, d: int, n: int, s: int) -> str:
    return f"c{c}_d{d}_n{n}_s{s}.vbp"


def write_instances(out: Path, seeds: int) -> None:
    from dlsched.ojpp.support.vbp_classes import vbp_weights, write_vbp

    out.mkdir(parents=True, exist_ok=True)
    for c, d, n, s in instance_names(seeds):
        w, cap = vbp_weights(c, d, n, s)
        write_vbp(out / file_name(c, d, n, s), w, cap)


def load(src: Path | None, c: str, d: int, n: int, s: int):
    if src is not None:
        from dlsched.ojpp import read_vbp

        return read_vbp(src / file_name(c, d, n, s))
    from dlsched.ojpp.support.vbp_classes import vbp_instance

    return vbp_instance(c, d, n, s)


def known(c: str, d: int, n: int, s: int) -> int | None:
    try:
        from dlsched.ojpp.support.vbp_classes import known_optimum
    except ImportError:
        return None
    return known_optimum(c, d, n, s)


def run(models: list[str], seeds: int, limit: float, src: Path | None) -> list[dict]:
    rows = []
    for c, d, n, s in instance_names(seeds):
        inst = load(src, c, d, n, s)
        opt = known(c, d, n, s)
        for m in models:
            t0 = time.perf_counter()
            try:
                r = ds.solve(inst, model=m, time_limit=limit)
                status, obj, bound = r.status.value, r.objective, r.bound
                valid = r.solution is not None and ds.check(inst, r) == []
            except Exception as exc:  # a crash is a result too
                status, obj, bound, valid = f"crash: {type(exc).__name__}", None, None, False
            wall = time.perf_counter() - t0
            row = {"class": c, "d": d, "n": n, "seed": s, "model": m, "status": status,
                   "obj": obj, "bound": bound, "wall": round(wall, 3), "valid": valid,
                   "known": opt}
            if opt is not None:
                row["consistent"] = (bound is None or bound <= opt + 1e-9) and (
                    obj is None or obj >= opt - 1e-9)
            rows.append(row)
            print(json.dumps(row), flush=True)
    return rows


def _fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:g}"


def table(rows: list[dict], limit: float) -> list[str]:
    out = []
    for m in sorted({r["model"] for r in rows}):
        for d, n in SETTINGS:
            sel = [r for r in rows if r["model"] == m and r["d"] == d]
            if not sel:
                continue
            proven = [r for r in sel if r["status"] == "optimal"]
            walls = [r["wall"] for r in sel]
            out += [f"### {m}: {d}-D, {n} items ({len(sel)} instances, limit {limit:g} s)", "",
                    f"Proven optimal **{len(proven)}/{len(sel)}** "
                    f"({100 * len(proven) / len(sel):.1f} %); wall time median "
                    f"{statistics.median(walls):.2f} s, max {max(walls):.2f} s; "
                    f"no incumbent: {sum(r['obj'] is None for r in sel)}; "
                    f"invalid solutions: {sum(bool(r['obj']) and not r['valid'] for r in sel)}; "
                    f"over limit x 1.1 + 1 s: {sum(w > 1.1 * limit + 1 for w in walls)}", "",
                    "| class | proven | median s | max s | not proven: incumbent / bound |",
                    "|---|---|---|---|---|"]
            for c in dict.fromkeys(r["class"] for r in sel):
                cs = [r for r in sel if r["class"] == c]
                pw = [r["wall"] for r in cs]
                openr = ", ".join(f"s{r['seed']}: {_fmt(r['obj'])} / {_fmt(r['bound'])}"
                                  f" ({r['status']})" for r in cs if r["status"] != "optimal")
                out.append(f"| {c} | {sum(r['status'] == 'optimal' for r in cs)}/{len(cs)} | "
                           f"{statistics.median(pw):.2f} | {max(pw):.2f} | {openr or '-'} |")
            out.append("")
    return out


def compare(rows: list[dict], old: list[dict]) -> list[str]:
    key = {(r["class"], r["d"], r["seed"], r["model"]): r for r in old}
    out = ["| setting | model | old proven | new proven | old no incumbent | new no incumbent | "
           "old median s | new median s |", "|---|---|---|---|---|---|---|---|"]
    for d, n in SETTINGS:
        for m in sorted({r["model"] for r in rows}):
            new = [r for r in rows if r["d"] == d and r["model"] == m
                   and (r["class"], r["d"], r["seed"], r["model"]) in key]
            prev = [key[(r["class"], r["d"], r["seed"], r["model"])] for r in new]
            if not new or not prev:
                continue
            out.append(
                f"| {d}-D {n} items | {m} | {sum(r['status'] == 'optimal' for r in prev)}/"
                f"{len(prev)} | {sum(r['status'] == 'optimal' for r in new)}/{len(new)} | "
                f"{sum(r['obj'] is None for r in prev)} | {sum(r['obj'] is None for r in new)} | "
                f"{statistics.median(r['wall'] for r in prev):.2f} | "
                f"{statistics.median(r['wall'] for r in new):.2f} |")
    return out


def header(limit: float, seeds: int) -> list[str]:
    from dlsched.bench.machine import cpu_model, git_commit

    load = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    return [
        "# OJPP vector packing: literature classes, 3-D x 40 items and 5-D x 20 items", "",
        f"Date {dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC · commit {git_commit()} · CPU "
        f"{cpu_model()} · {os.cpu_count()} cores shared with other engineers · `uptime` at the "
        f"end: `{load}`", "",
        f"Command: `python benchmarks/ojpp_vbp.py --seeds {seeds} --limit {limit:g}` (one process,"
        " one solve at a time, default model parameters). Classes:"
        " `dlsched.ojpp.support.vbp_classes`"
        " (Caprara & Toth 2001 classes 1-10 generalised to d dimensions, plus the exact-fit class"
        " `perfect`; class 10 uses 39 / 18 items). Every returned packing passed `ds.check`;"
        " bounds never exceed the optimum where it is known by construction (classes 10, perfect)."
        "",
    ]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--limit", type=float, default=20.0)
    ap.add_argument("--models", nargs="+", default=["ojpp-patterns"])
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--json", type=Path, default=None)
    ap.add_argument("--compare", type=Path, default=None, help="rows JSON of an older version")
    ap.add_argument("--write-instances", type=Path, default=None)
    ap.add_argument("--from", dest="src", type=Path, default=None)
    args = ap.parse_args(argv)
    if args.write_instances is not None:
        write_instances(args.write_instances, args.seeds)
        return 0
    rows = run(args.models, args.seeds, args.limit, args.src)
    if args.json is not None:
        args.json.write_text(json.dumps(rows, indent=1))
    lines = header(args.limit, args.seeds) + table(rows, args.limit)
    if args.compare is not None:
        old = json.loads(args.compare.read_text())
        lines += ["## Old vs new (same instances, same limit)", "", *compare(rows, old), ""]
    bad = [r for r in rows if (not r["valid"] and r["obj"] is not None) or
           r.get("consistent") is False]
    lines.append(f"Checks: {len(bad)} invalid or inconsistent results.")
    text = "\n".join(lines) + "\n"
    if args.out is not None:
        args.out.write_text(text)
    print(text)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
