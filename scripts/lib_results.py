"""Write the library's dated results table: docs/lib-results.md and docs/lib-results.json.

For every set of the library (``dlsched.lib.list_sets``, so new ``paper`` / ``large`` sets are
picked up as they are committed) the page gives the set's summary from its index (instances,
fraction proven optimal, mean / max gap of the open ones, offered-load range), then every
registered algorithm of the set's problem (the paper's own and the baselines; exact models are
the references, so they are not scored) scored with ``dlsched.lib.score_set`` at its default
parameters: geometric-mean ratio to the best-known values and to the bounds, the worst ratio,
the invalid count and the wall time. The header states the date (UTC), the commit, the machine
and the command, as PyVRP's published benchmark table does. Usage::

    nice -n 10 python scripts/lib_results.py            # every set, writes both files
    python scripts/lib_results.py --sets oef/small --out /tmp/r   # a subset, elsewhere
    python scripts/lib_results.py --update ojpp/large revenue/large  # re-score two sets in place

One process, sets and algorithms in turn. Every set entry carries its own stamp (date and
commit of its scoring), so ``--update`` (after ``lib improve`` changed some records) re-scores
only the named sets, keeps the others as they were and says so on the page.
"""

from __future__ import annotations

import argparse
import inspect
import json
import math
import os
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from dlsched.bench.machine import cpu_model  # noqa: E402
from dlsched.core import ALGORITHMS  # noqa: E402
from dlsched.core.registry import Method  # noqa: E402
from dlsched.lib import list_sets, read_index, score_set  # noqa: E402

#: The files this script writes (left out of the "uncommitted changes" check of the stamp).
OUTPUTS = ("docs/lib-results.md", "docs/lib-results.json")
#: Ratio convention, as ``dlsched.lib.score`` states it.
CONVENTION = ("ratio >= 1 is worse: objective / reference for a minimisation, "
              "reference / objective for a maximisation")
#: Significant decimals of the ratios and gaps on the page (the JSON keeps full precision).
DIGITS = 4


# --- which algorithms are the paper's and which are baselines --------------------------------

def _registered_object(problem: str, name: str, method: Method) -> Any:
    """The object whose module says where an algorithm lives: the registered function, or,
    for algorithms registered through a shared helper (LTGF policies, OJPP placement
    variants), the policy class or variant that helper was given."""
    fn = inspect.unwrap(method.run)
    if ".support." not in fn.__module__:
        return fn
    for holder in (("dlsched.ltgf.support.simulate", "POLICIES"),
                   ("dlsched.ojpp.support.placement", "VARIANTS")):
        table = getattr(sys.modules.get(holder[0]), holder[1], {})
        if holder[0].startswith(f"dlsched.{problem}.") and name in table:
            return table[name]
    return fn


def _home_module(problem: str, obj: Any) -> str:
    """The module of ``obj``: its ``__module__`` for a function or class, else the problem's
    module holding it as a global (a placement variant is a module-level constant)."""
    if inspect.isfunction(obj) or inspect.isclass(obj):
        return obj.__module__
    for mod_name, mod in sorted(sys.modules.items()):
        if mod_name.startswith(f"dlsched.{problem}.") and mod is not None and any(
                value is obj for value in vars(mod).values()):
            return mod_name
    return ""


def kind_of(problem: str, name: str, method: Method) -> str:
    """``paper`` (registered under the problem's ``algorithms`` package), ``baseline``
    (``baselines`` package) or ``other``; ``other`` too when the registered description says
    the method is not in the paper (a reference heuristic or a labelled variant)."""
    if "not in the paper" in method.description.lower():
        return "other"
    module = _home_module(problem, _registered_object(problem, name, method))
    if f"dlsched.{problem}.baselines" in module:
        return "baseline"
    if f"dlsched.{problem}.algorithms" in module:
        return "paper"
    return "other"


# --- the stamp -------------------------------------------------------------------------------

def _git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=10, check=True).stdout.strip()


def commit_stamp() -> dict[str, Any]:
    """The checkout's commit and whether tracked files differ from it (the outputs aside)."""
    try:
        commit = _git("rev-parse", "--short=12", "HEAD")
        changed = [line[3:] for line in _git("status", "--porcelain",
                                             "--untracked-files=no").splitlines()]
    except (OSError, subprocess.SubprocessError):
        return {"commit": None, "clean": None}
    changed = [p for p in changed if p not in OUTPUTS]
    return {"commit": commit, "clean": not changed}


def machine() -> str:
    """CPU model and core count, as the index's ``machine`` column writes it."""
    return f"{cpu_model()} ({os.cpu_count()} cores)"


# --- the numbers -----------------------------------------------------------------------------

def set_summary(folder: Path) -> dict[str, Any]:
    """Count, optimal fraction, mean / max gap of the open records and offered-load range of a
    set, from its index alone (an open record without a bound has an infinite gap)."""
    rows = read_index(folder)
    opt = sum(r["status"] == "optimal" for r in rows)
    gaps = [float(r["gap"]) if r["gap"] else math.inf for r in rows if r["status"] == "open"]
    loads = [float(r["offered_load"]) for r in rows if r["offered_load"]]
    return {"instances": len(rows), "optimal": opt,
            "optimal_fraction": opt / len(rows) if rows else None,
            "open": len(gaps), "infeasible": sum(r["status"] == "infeasible" for r in rows),
            "open_gap_mean": sum(gaps) / len(gaps) if gaps else None,
            "open_gap_max": max(gaps) if gaps else None,
            "offered_load": [min(loads), max(loads)] if loads else None,
            "sense": rows[0]["sense"] if rows else None}


def score_algorithm(folder: Path, set_name: str, name: str, kind: str) -> dict[str, Any]:
    """One algorithm's line of the table (and its per-instance rows for the JSON)."""
    t0 = time.perf_counter()
    sc = score_set(folder, name, name=set_name)
    wall = time.perf_counter() - t0
    ratios = [r["ratio_best"] for r in sc.rows if r["status"] == "valid"]
    return {"algorithm": name, "kind": kind, "geomean_ratio_best": sc.geomean_best,
            "geomean_ratio_bound": sc.geomean_bound,
            "worst_ratio_best": max(ratios) if ratios else None, "invalid": sc.invalid,
            "scored": len(sc.rows), "time_s": round(wall, 3),
            "rows": [{k: r[k] for k in ("id", "status", "objective", "ratio_best",
                                        "ratio_bound", "message")} for r in sc.rows]}


def collect(sets: list[str] | None, command: str) -> dict[str, Any]:
    """Every set's summary and every algorithm's scores, with the stamp."""
    t0 = time.perf_counter()
    stamp = commit_stamp()
    out: dict[str, Any] = {
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "commit": stamp["commit"], "clean": stamp["clean"], "machine": machine(),
        "command": command, "convention": CONVENTION, "sets": []}
    for set_name, folder in list_sets():
        if sets and set_name not in sets:
            continue
        problem = set_name.split("/")[0]
        entry = {"set": set_name, "problem": problem, "date": out["date"],
                 "commit": out["commit"], **set_summary(folder), "algorithms": []}
        for name, method in ALGORITHMS.items(problem):
            line = score_algorithm(folder, set_name, name, kind_of(problem, name, method))
            print(f"{set_name:18s} {name:22s} {line['time_s']:8.2f} s", file=sys.stderr)
            entry["algorithms"].append(line)
        out["sets"].append(entry)
    out["run_time_s"] = round(time.perf_counter() - t0, 1)
    return out


# --- the page --------------------------------------------------------------------------------

def fmt(value: float | None, digits: int = DIGITS) -> str:
    """A table cell: fixed decimals, ``inf``, or ``-`` for none."""
    if value is None:
        return "-"
    if math.isinf(value):
        return "inf"
    return f"{value:.{digits}f}"


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f} %"


def render(data: dict[str, Any]) -> str:
    """The Markdown page."""
    commit = data["commit"] or "unknown"
    stamp = commit if data["clean"] else f"{commit} + uncommitted changes"
    lines = [
        "# dlsched-lib results table",
        "",
        "Every registered algorithm of each problem scored against the [library](lib.md) at its "
        "default parameters: nothing is re-solved, each solution is validated and divided by "
        "the stored best-known value (BKS) and bound. Written by `scripts/lib_results.py` "
        "(the same data: [lib-results.json](lib-results.json)); re-run it after a set changes.",
        "",
        f"- **Date (UTC):** {data.get('full_run_date', data['date'])}"
        + (f" (full run); last update {data['date']}" if "full_run_date" in data else ""),
        f"- **Commit:** `{stamp}`" + (" (last update; each set states its own)"
                                      if "full_run_date" in data else ""),
        f"- **Machine:** {data['machine']}",
        f"- **Command:** `{data['command']}`",
        f"- **Run time:** {data['run_time_s']} s (one process)"
        + (f"; sets re-scored by `--update` on {data['date']}: {data['update_time_s']} s"
           if "update_time_s" in data else ""),
        "",
        f"**Ratios: {data['convention']}**, so 1 is the reference and larger is worse. "
        "*vs BKS* is the geometric mean over the instances of the ratio to the best-known "
        "value, *vs bound* the same against the certified bound (an upper bound on the ratio "
        "to the optimum; equal to *vs BKS* on a set proven optimal), *worst* the largest "
        "ratio to the BKS, *invalid* the instances whose solution failed validation or whose "
        "run raised (they enter no ratio), *time* the wall time over the whole set. *kind*: "
        "`paper` = the problem paper's own algorithm, `baseline` = a comparison system the "
        "paper uses, `other` = registered but not in the paper (a reference heuristic or a "
        "labelled variant; its description in `dlsched list` says so). A baseline that "
        "enforces only some of the problem's constraints by design (OJPP's `best-fit`, "
        "`i-greedy`, `b-greedy`, `c-greedy`: [algorithms](algorithms.md)) is held to all of "
        "them here, so its solutions can be invalid; the notes under a table give the first "
        "reason.",
        "",
        "## Sets",
        "",
        "| set | instances | optimal | open | mean gap (open) | max gap (open) | offered load |",
        "|---|---|---|---|---|---|---|",
    ]
    for s in data["sets"]:
        load = s["offered_load"]
        load_txt = "-" if load is None else f"{load[0]:.2f} - {load[1]:.2f}"
        lines.append(f"| `{s['set']}` | {s['instances']} | {_pct(s['optimal_fraction'])} | "
                     f"{s['open']} | {fmt(s['open_gap_mean'])} | {fmt(s['open_gap_max'])} | "
                     f"{load_txt} |")
    for s in data["sets"]:
        lines += ["", f"## `{s['set']}`", "",
                  f"{s['instances']} instances ({s['sense']}), {_pct(s['optimal_fraction'])} "
                  f"proven optimal. Scored {s.get('date', data['date'])} at "
                  f"`{s.get('commit') or data['commit'] or 'unknown'}`.", "",
                  "| algorithm | kind | vs BKS | vs bound | worst | invalid | time (s) |",
                  "|---|---|---|---|---|---|---|"]
        for a in s["algorithms"]:
            lines.append(f"| `{a['algorithm']}` | {a['kind']} | {fmt(a['geomean_ratio_best'])} "
                         f"| {fmt(a['geomean_ratio_bound'])} | {fmt(a['worst_ratio_best'])} | "
                         f"{a['invalid']} / {a['scored']} | {a['time_s']:.2f} |")
        lines += set_notes(s)
    return "\n".join(lines) + "\n"


def set_notes(s: dict[str, Any]) -> list[str]:
    """Notes under a set's table: ratios below 1 (a valid solution better than a proven
    optimum can only optimise another objective) and the first reason of invalid solutions."""
    notes = []
    below = [a["algorithm"] for a in s["algorithms"]
             if a["geomean_ratio_best"] is not None and a["geomean_ratio_best"] < 1 - 1e-9]
    if below:
        names = ", ".join(f"`{n}`" for n in below)
        notes.append(f"- {names}: ratio below 1. The solution validates but the algorithm "
                     "optimises another objective than the set's (e.g. a batch sub-problem "
                     "that schedules only some jobs), so the ratio is not a quality measure.")
    for a in s["algorithms"]:
        bad = [r for r in a["rows"] if r["status"] != "valid"]
        if bad:
            notes.append(f"- `{a['algorithm']}`: {len(bad)} invalid; first: {bad[0]['id']} "
                         f"({bad[0]['status']}: {bad[0]['message'].replace('|', '/')}).")
    return ["", *notes] if notes else []


def _json_safe(value: Any) -> Any:
    """``inf`` as the string ``"inf"`` (strict JSON has no infinity)."""
    if isinstance(value, float) and math.isinf(value):
        return "inf"
    if isinstance(value, dict):
        return {k: _json_safe(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_json_safe(v) for v in value]
    return value


def _revive(value: Any) -> Any:
    """Inverse of ``_json_safe``: the string ``"inf"`` back to infinity."""
    if value == "inf":
        return math.inf
    if isinstance(value, dict):
        return {k: _revive(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_revive(v) for v in value]
    return value


def update(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """``old`` with the sets of ``new`` replaced (or added), in library order; the header's
    stamp becomes ``new``'s, the older sets keep theirs (entries without one get the old
    header's), and the command lists the full run then the updates."""
    for s in old["sets"]:
        s.setdefault("date", old["date"])
        s.setdefault("commit", old["commit"])
    fresh = {s["set"]: s for s in new["sets"]}
    merged = {s["set"]: s for s in old["sets"]} | fresh
    order = [name for name, _ in list_sets() if name in merged]
    command = old["command"].split(" ; ")[0] + " ; " + new["command"]
    return {**new, "command": command, "sets": [merged[name] for name in order],
            "run_time_s": old["run_time_s"], "update_time_s": new["run_time_s"],
            "full_run_date": old.get("full_run_date", old["date"])}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--sets", nargs="*", help="only these sets (PROBLEM/SET); default: all")
    p.add_argument("--update", nargs="+", metavar="SET",
                   help="re-score only these sets and merge them into the existing JSON")
    p.add_argument("--out", type=Path, default=ROOT / "docs",
                   help="folder of lib-results.md / .json (default: docs/)")
    p.add_argument("--allow-dirty", action="store_true",
                   help="score from a tree with uncommitted changes (the page says so; the "
                        "committed table must come from a clean tree)")
    args = p.parse_args(argv)
    if not args.allow_dirty and commit_stamp()["clean"] is False:
        p.error("the checkout has uncommitted changes: the table must name the code that "
                "scored it, so commit first (or pass --allow-dirty for a draft)")
    known = {name for name, _ in list_sets()}
    for name in (args.sets or []) + (args.update or []):
        if name not in known:
            p.error(f"unknown set {name!r}; `dlsched lib list` names them")
    if args.update:
        previous = args.out / "lib-results.json"
        if not previous.exists():
            p.error(f"--update needs an earlier full run in {previous}")
        data = update(_revive(json.loads(previous.read_text(encoding="utf-8"))),
                      collect(args.update, "python scripts/lib_results.py --update "
                              + " ".join(args.update)))
    else:
        command = "python scripts/lib_results.py" + (f" --sets {' '.join(args.sets)}"
                                                     if args.sets else "")
        data = collect(args.sets, command)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "lib-results.json").write_text(
        json.dumps(_json_safe(data), indent=1, allow_nan=False) + "\n", encoding="utf-8")
    (args.out / "lib-results.md").write_text(render(data), encoding="utf-8")
    print(f"wrote {args.out}/lib-results.md and .json in "
          f"{data.get('update_time_s', data['run_time_s'])} s",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
