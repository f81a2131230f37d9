"""Try to break every stored bound of dlsched-lib and write the counts to
benchmarks/lib-bounds.md (and .json).

For every record of every set (or of the sets named), ``dlsched.lib.attack.attack_record``
runs every registered algorithm of the problem, every exact model at a short limit and a hill
climb on perturbations of the stored solution; each solution the validator accepts is compared
with the stored bound. The page gives per set: records, candidate solutions tried, validated,
models refused (they state another problem), method errors, and solutions beyond the bound
(which must be 0). Usage::

    nice -n 10 python scripts/break_bounds.py                     # every set
    python scripts/break_bounds.py --sets oef/small ltgf/tractable --out /tmp/b
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from dlsched.bench.machine import cpu_model, git_commit  # noqa: E402
from dlsched.lib import list_sets, read_index  # noqa: E402
from dlsched.lib.attack import attack_record  # noqa: E402


def run(sets: list[str] | None, exact_limit: float, tries: int) -> dict:
    """Attack every record of the sets; per-set counts and every breach."""
    out = {"date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
           "commit": git_commit(), "machine": cpu_model(), "exact_limit_s": exact_limit,
           "tries": tries, "sets": []}
    for name, folder in list_sets():
        if sets and name not in sets:
            continue
        t0 = time.perf_counter()
        entry = {"set": name, "tries": tries, "exact_limit_s": exact_limit, "models": "",
                 "records": 0, "tried": 0, "valid": 0,
                 "refused": 0, "errors": 0, "beyond": 0, "breaches": [], "error_examples": []}
        for row in read_index(folder):
            if row["status"] == "infeasible":
                continue
            att = attack_record(folder, row, exact_limit=exact_limit, tries=tries, seed=1)
            entry["models"] = "yes" if att.models_run else "no: beyond exact reach"
            entry["records"] += 1
            entry["tried"] += att.tried
            entry["valid"] += att.valid
            entry["refused"] += len(att.refused)
            entry["errors"] += len(att.errors)
            entry["beyond"] += len(att.beyond)
            entry["breaches"] += [f"{att.record}: {b}" for b in att.beyond]
            if len(entry["error_examples"]) < 2:
                entry["error_examples"] += [f"{att.record}: {e}" for e in att.errors][:2]
        entry["wall_s"] = round(time.perf_counter() - t0, 1)
        out["sets"].append(entry)
        print(f"{name}: {entry['records']} records, {entry['valid']}/{entry['tried']} valid, "
              f"{entry['beyond']} beyond the bound ({entry['wall_s']} s)", flush=True)
    return out


def markdown(data: dict) -> str:
    """The page: header stamp, one row per set, then every breach and error example."""
    lines = ["# Break-the-bound report: no validated solution beats a stored bound", "",
             f"Run {data['date']} at commit `{data['commit']}` on {data['machine']}: "
             f"`python scripts/break_bounds.py` (every registered algorithm at its defaults, "
             "every exact model at the limit its row states, the perturbations of the stored "
             "solution its row states, hill-climbing on the validated ones; exact models "
             "are not run on sets beyond their reach, whose records come from heuristics and a "
             "bound without a solve). "
             "`tests/lib/test_bounds_unbeaten.py` runs the same on the small sets in the suite."
             + (f" Sets kept from the run of {data['merged_from']} state their parameters."
                if data.get("merged_from") else ""),
             "",
             "| set | exact models run | perturbations / record | records | candidates "
             "| validated | models refused | method errors | beyond the bound |",
             "|---|---|---|---|---|---|---|---|---|"]
    for s in data["sets"]:
        limit = f"yes, {s.get('exact_limit_s', data['exact_limit_s']):g} s" \
            if s["models"] == "yes" else s["models"]
        lines.append(f"| {s['set']} | {limit} | {s.get('tries', data['tries'])} | "
                     f"{s['records']} | {s['tried']} | "
                     f"{s['valid']} | "
                     f"{s['refused']} | {s['errors']} | **{s['beyond']}** |")
    total = sum(s["beyond"] for s in data["sets"])
    lines += ["", f"Solutions beyond a stored bound, all sets: **{total}**.", "",
              "\"Models refused\" are exact models whose statement differs from the set's "
              "(e.g. `oef-efficiency` on a cooperative set): they refuse the instance instead "
              "of returning a restriction's optimum. \"Method errors\" are runs that raised."]
    breaches = [b for s in data["sets"] for b in s["breaches"]]
    errors = [e for s in data["sets"] for e in s["error_examples"]]
    if breaches:
        lines += ["", "## Breaches", "", *(f"- {b}" for b in breaches)]
    if errors:
        lines += ["", "## Method errors (first two per set)", "", *(f"- {e}" for e in errors)]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", nargs="*", help="only these sets (problem/set)")
    ap.add_argument("--exact-limit", type=float, default=2.0, help="seconds per exact model")
    ap.add_argument("--tries", type=int, default=100, help="perturbations per record")
    ap.add_argument("--render", help="only write the page again from this run's JSON")
    ap.add_argument("--merge", help="an earlier run's JSON: its sets not run now are kept "
                    "(each set states its own parameters)")
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "lib-bounds"),
                    help="output path without suffix (.md and .json are written)")
    args = ap.parse_args(argv)
    if args.render:
        data = json.loads(Path(args.render).read_text(encoding="utf-8"))
        for s in data["sets"]:
            s["error_examples"] = s["error_examples"][:2]
        Path(args.out).with_suffix(".md").write_text(markdown(data), encoding="utf-8")
        return 0
    data = run(args.sets, args.exact_limit, args.tries)
    if args.merge:
        old = json.loads(Path(args.merge).read_text(encoding="utf-8"))
        done = {s["set"] for s in data["sets"]}
        for s in old["sets"]:
            s.setdefault("tries", old["tries"])
            s.setdefault("exact_limit_s", old["exact_limit_s"])
        data["sets"] = sorted([s for s in old["sets"] if s["set"] not in done] + data["sets"],
                              key=lambda s: s["set"])
        data["merged_from"] = f"{old['date']} at `{old['commit']}`"
    out = Path(args.out)
    out.with_suffix(".json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    out.with_suffix(".md").write_text(markdown(data), encoding="utf-8")
    print(f"wrote {out.with_suffix('.md')}")
    return 1 if any(s["beyond"] for s in data["sets"]) else 0


if __name__ == "__main__":
    raise SystemExit(main())
