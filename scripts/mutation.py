"""Mutation testing of chosen modules with mutmut, in a throw-away copy of the repository.

Why: a suite can pass while missing wrong changes; a mutant (one small change of the code) that
no test notices marks a gap. Each module in :data:`MODULES` is mutated on its own, with only the
test files listed for it (mutmut further runs, per mutant, only the tests that call the mutated
function). The repository itself is never modified: ``src/``, ``tests/`` and ``pyproject.toml``
are copied into a temporary folder that is removed afterwards. Usage::

    python scripts/mutation.py --all src/dlsched/oef/validate.py      # every mutant of a module
    python scripts/mutation.py --sample 50 --seed 21 src/dlsched/core/guard.py
    python scripts/mutation.py --all --validators                     # all validator modules
    python scripts/mutation.py --sample 50 --seed 21 --sampled        # the sampled modules
    python scripts/mutation.py --render          # rewrite benchmarks/mutation.md from the JSON

Results are merged into ``benchmarks/mutation.json`` (one entry per module: counts, the
command, date, commit, the surviving mutants' diffs) and the table between the markers of
``benchmarks/mutation.md`` is rewritten. A surviving mutant that cannot change behaviour is
listed in :data:`EQUIVALENT` with the reason and counted as equivalent, not as survived.
The runs are niced (``nice -n 10``) and use one worker process.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "mutation.json"
REPORT = ROOT / "benchmarks" / "mutation.md"
MARKERS = {"table": ("<!-- mutation-table:start -->", "<!-- mutation-table:end -->"),
           "equivalent": ("<!-- mutation-equivalent:start -->",
                          "<!-- mutation-equivalent:end -->")}

#: Module to mutate -> the test files that cover it (paths relative to the repository root).
#: Adding a module is one line here (phase 2: baselines and bounds).
MODULES: dict[str, list[str]] = {
    "src/dlsched/revenue/validate.py": ["tests/revenue/test_validate_boundary.py"],
    "src/dlsched/completion/validate.py": ["tests/completion/test_validate_boundary.py"],
    "src/dlsched/oef/validate.py": ["tests/oef/test_validate_boundary.py"],
    "src/dlsched/oef/validate_rounds.py": ["tests/oef/test_validate_boundary.py"],
    "src/dlsched/ojpp/validate.py": ["tests/ojpp/test_validate_boundary.py"],
    "src/dlsched/ltgf/validate.py": ["tests/ltgf/test_validate_boundary.py"],
    # tests/test_guard.py also covers the guard but solves real models (minutes per mutant)
    "src/dlsched/core/guard.py": ["tests/test_guard_rules.py"],
    "src/dlsched/core/intscale.py": ["tests/test_intscale.py", "tests/test_intscale_bounds.py"],
    "src/dlsched/core/deadline.py": ["tests/test_deadline.py"],
    "src/dlsched/bench/ratios.py": ["tests/bench/test_ratios.py",
                                    "tests/bench/test_ratios_mutants.py"],
    # phase 2: every baseline, the support modules holding the baselines' shared rules, the bounds
    "src/dlsched/completion/baselines/antman.py": ["tests/completion/test_baseline_antman.py"],
    "src/dlsched/completion/baselines/drf.py": ["tests/completion/test_baseline_drf.py"],
    "src/dlsched/completion/baselines/fifo.py": ["tests/completion/test_baseline_fifo.py"],
    "src/dlsched/completion/baselines/jain_greedy.py": [
        "tests/completion/test_baseline_jain_greedy.py",
    ],
    "src/dlsched/completion/baselines/tiresias.py": ["tests/completion/test_baseline_tiresias.py"],
    # wspt_list.py is one registered (decorated) function, which mutmut does not mutate; its
    # list machinery (support/lists.py) is shared with the algorithms, and its own tests solve
    # Pyomo / CP-SAT models, whose log capture fails under mutmut: not measured here
    "src/dlsched/ltgf/baselines/allox.py": ["tests/ltgf/test_baseline_allox.py"],
    "src/dlsched/ltgf/baselines/gandiva_fair.py": ["tests/ltgf/test_baseline_gandiva_fair.py"],
    "src/dlsched/ltgf/baselines/hived.py": ["tests/ltgf/test_baseline_hived.py"],
    "src/dlsched/ltgf/baselines/themis.py": ["tests/ltgf/test_baseline_themis.py"],
    "src/dlsched/ltgf/baselines/tiresias.py": ["tests/ltgf/test_baseline_tiresias.py"],
    "src/dlsched/ltgf/baselines/yarn_cs.py": ["tests/ltgf/test_baseline_yarn_cs.py"],
    "src/dlsched/oef/baselines/gandiva_fair.py": ["tests/oef/test_baseline_gandiva_fair.py"],
    # test_baseline_gavel_peer.py reads instances/, which the workspace does not copy
    "src/dlsched/oef/baselines/gavel.py": ["tests/oef/test_baseline_gavel.py"],
    "src/dlsched/oef/baselines/max_min.py": ["tests/oef/test_baseline_max_min.py"],
    # the OJPP baselines' modules hold one Rules row each and no function (mutmut mutates
    # functions only): their rules are mutated in support/placement.py and support/state.py
    "src/dlsched/revenue/baselines/batchsche.py": ["tests/revenue/test_baseline_batchsche.py"],
    "src/dlsched/revenue/baselines/gandiva_fair.py": [
        "tests/revenue/test_baseline_gandiva_fair.py",
    ],
    "src/dlsched/revenue/baselines/hived.py": ["tests/revenue/test_baseline_hived.py"],
    "src/dlsched/completion/support/placement.py": [
        "tests/completion/test_support_placement.py",
        "tests/completion/test_baseline_antman.py",
        "tests/completion/test_baseline_fifo.py",
        "tests/completion/test_baseline_tiresias.py",
        "tests/completion/test_baseline_jain_greedy.py",
    ],
    "src/dlsched/completion/support/simulation.py": [
        "tests/completion/test_support_simulation.py",
        "tests/completion/test_baseline_antman.py",
        "tests/completion/test_baseline_drf.py",
        "tests/completion/test_baseline_fifo.py",
    ],
    "src/dlsched/ltgf/support/policy.py": [
        "tests/ltgf/test_support_policy.py",
        "tests/ltgf/test_baseline_gandiva_fair.py",
        "tests/ltgf/test_baseline_tiresias.py",
        "tests/ltgf/test_baseline_themis.py",
        "tests/ltgf/test_baseline_allox.py",
    ],
    "src/dlsched/ojpp/support/placement.py": [
        "tests/ojpp/test_baseline_best_fit.py",
        "tests/ojpp/test_baseline_b_greedy.py",
        "tests/ojpp/test_baseline_c_greedy.py",
        "tests/ojpp/test_baseline_i_greedy.py",
    ],
    "src/dlsched/ojpp/support/state.py": [
        "tests/ojpp/test_support_state.py",
        "tests/ojpp/test_baseline_best_fit.py",
        "tests/ojpp/test_baseline_b_greedy.py",
        "tests/ojpp/test_baseline_c_greedy.py",
        "tests/ojpp/test_baseline_i_greedy.py",
    ],
    "src/dlsched/revenue/support/placement.py": [
        "tests/revenue/test_support_placement.py",
        "tests/revenue/test_baseline_gandiva_fair.py",
        "tests/revenue/test_baseline_hived.py",
    ],
    # test_bounds.py of completion solves Pyomo models, whose HiGHS log capture fails under
    # mutmut (closed stream); ltgf's reads instances/, which the workspace does not copy
    "src/dlsched/completion/exact/bounds.py": ["tests/completion/test_bounds_hand.py"],
    "src/dlsched/ltgf/exact/bounds.py": ["tests/ltgf/test_bounds_hand.py"],
    "src/dlsched/oef/exact/bounds.py": ["tests/oef/test_bounds.py"],
    "src/dlsched/ojpp/exact/bounds.py": ["tests/ojpp/test_bounds.py"],
    "src/dlsched/revenue/exact/bounds.py": ["tests/revenue/test_bounds.py"],
}

#: Modules run with every mutant (the validators); the others take a fixed-seed sample.
VALIDATORS = [m for m in MODULES if m.endswith(("/validate.py", "/validate_rounds.py"))]
SAMPLED = [m for m in MODULES if m not in VALIDATORS]

#: Surviving mutants that cannot change behaviour: mutmut id -> why. Ids name the function and a
#: counter (``<module>.x_<function>__mutmut_<n>``); re-check them when the function changes.
_ZIP = "zip over the two index arrays of one np.nonzero call: equal lengths, strict is moot"
_DTYPE = ("dtype=float dropped: numeric JSON lists give the same products with the float "
          "speedups (W is already float)")
_COUNTS = ("worker / PS count vectors as float64 instead of int64: small integer counts are "
           "exact in float and every use (sums, products, comparisons) gives the same numbers")
_OR_EMPTY = "the default of .get() is replaced by `or {}` whatever falsy value it is"
_PRICED = ("default of max() over the admitted jobs' ends: the price replay runs only when "
           "an admitted job has mu, so the list is never empty")
_LONGER = "a longer all-zero usage history: slots past the last completion are never read"
_SAME_LEN = ("zip of an array and its elementwise image (same length by construction): "
             "strict is moot")
_KNOBS = ("default of knobs.synchronized: False, None or no default all read as false "
          "through bool()")
_BASE = ("every placement entry adds +c and -c on its node, so the running load is 0 at each "
         "node boundary: the per-node base is always 0 (lost or added, it changes nothing)")
EQUIVALENT: dict[str, str] = {
    "dlsched.oef.validate.x_check_allocation__mutmut_29": _ZIP,
    "dlsched.oef.validate.x_check_allocation__mutmut_31": _ZIP,
    "dlsched.oef.validate.x_check_allocation__mutmut_35": _ZIP,
    "dlsched.oef.validate.x_objective__mutmut_6": _DTYPE,
    "dlsched.oef.validate.x_objective__mutmut_8": _DTYPE,
    "dlsched.oef.validate.x_objective__mutmut_15": _DTYPE,
    "dlsched.oef.validate.x_objective__mutmut_17": _DTYPE,
    "dlsched.oef.validate.x_objective__mutmut_22": _DTYPE,
    "dlsched.oef.validate.x_objective__mutmut_24": _DTYPE,
    "dlsched.completion.validate.x__finish__mutmut_13": _ZIP,
    "dlsched.completion.validate.x__finish__mutmut_15": _ZIP,
    "dlsched.completion.validate.x__finish__mutmut_17": _ZIP,
    "dlsched.completion.validate.x__finish__mutmut_7": (
        "one extra all-zero slot in the usage array is never over capacity"),
    "dlsched.completion.validate.x__finish__mutmut_21": (
        "return instead of break after 51 violations: the objective check that follows is "
        "skipped anyway when there are violations"),
    "dlsched.completion.validate.x__segment__mutmut_21": _COUNTS,
    "dlsched.completion.validate.x__segment__mutmut_23": _COUNTS,
    "dlsched.completion.validate.x__segment__mutmut_26": _COUNTS,
    "dlsched.completion.validate.x__segment__mutmut_28": _COUNTS,
    "dlsched.completion.validate.x__segment__mutmut_29": (
        "bad = None instead of False: only read as a truth value"),
    "dlsched.completion.validate.x_check__mutmut_27": _OR_EMPTY,
    "dlsched.completion.validate.x_check__mutmut_29": _OR_EMPTY,
    "dlsched.completion.validate.x_check__mutmut_109": (
        "p = -2 instead of -1 for Ring jobs: p is only tested as p >= 0"),
    "dlsched.revenue.validate.x__prices__mutmut_18": _PRICED,
    "dlsched.revenue.validate.x__prices__mutmut_20": _PRICED,
    "dlsched.revenue.validate.x__prices__mutmut_21": _PRICED,
    "dlsched.revenue.validate.x__prices__mutmut_22": _LONGER,
    "dlsched.revenue.validate.x__prices__mutmut_26": _LONGER,
    "dlsched.revenue.validate.x__prices__mutmut_29": _LONGER,
    "dlsched.revenue.validate.x__money__mutmut_14": _LONGER,
    "dlsched.revenue.validate.x__money__mutmut_13": (
        "default of max() over the admitted jobs' ends: with none admitted nothing is read"),
    "dlsched.revenue.validate.x__money__mutmut_53": _ZIP,
    "dlsched.revenue.validate.x__money__mutmut_55": _ZIP,
    "dlsched.revenue.validate.x__money__mutmut_57": _ZIP,
    "dlsched.core.guard.x__with_incumbent__mutmut_22": (
        "gap=None: Result.__post_init__ recomputes a missing gap from objective and bound, "
        "the same relative_gap(heur.objective, bound)"),
    "dlsched.core.intscale.x_common_scale__mutmut_5": (
        "dtype=float dropped: every value is converted by float(v) before it is read"),
    "dlsched.core.intscale.x_exact_integers__mutmut_44": _SAME_LEN,
    "dlsched.core.intscale.x_exact_integers__mutmut_47": _SAME_LEN,
    "dlsched.core.intscale.x_exact_integers__mutmut_55": (
        "message of an AssertionError that cannot be raised: each integer is built from the "
        "exact fraction it is checked against"),
    "dlsched.ltgf.validate.x_check__mutmut_125": _KNOBS,
    "dlsched.ltgf.validate.x_check__mutmut_127": _KNOBS,
    "dlsched.ltgf.validate.x_check__mutmut_70": _BASE,
    "dlsched.ltgf.validate.x_check__mutmut_85": _BASE,
    "dlsched.ltgf.validate.x_check__mutmut_91": _BASE,
    "dlsched.oef.validate_rounds.x__min_demand__mutmut_6": (
        "a single-row user's job type carries the user's min_demand (instance._job_type), so "
        "max(jt.min_demand, u.min_demand) equals max(jt.min_demand, 1) for it"),
    # phase 2 (baselines, support, bounds)
    "dlsched.completion.baselines.drf.x__drf_policy__mutmut_69": (
        "np.zeros_like(None) is an object-dtype 0: the residual becomes an object array of the "
        "same floats, and every use (sums, comparisons, floor) gives the same numbers"),
    "dlsched.completion.baselines.tiresias.x__tiresias_policy__mutmut_68": (
        "load < res + EPS instead of <=: differs only when a load equals the residual plus "
        "EPS (1e-9) to the last bit"),
    "dlsched.ltgf.baselines.gandiva_fair.xǁGandivaFairǁschedule__mutmut_4": (
        "dtype=None for the candidate ids: the event simulator calls schedule() only with a "
        "pending or expired job (sim.events), and a non-empty list of ints is int64 anyway"),
    "dlsched.ltgf.baselines.tiresias.xǁTiresiasLǁschedule__mutmut_16": (
        "dtype=None for the candidate ids: the event simulator calls schedule() only with a "
        "pending or expired job (sim.events), and a non-empty list of ints is int64 anyway"),
    "dlsched.ltgf.baselines.tiresias.xǁTiresiasLǁschedule__mutmut_28": (
        "last >= 0 instead of > 0 also promotes pending jobs that never ran (last run 0): they "
        "have attained 0 GPU-s, so they are in queue 0 anyway, and the flag clears once they run"),
    "dlsched.oef.baselines.gavel.xǁ_LPǁsolve__mutmut_30": (
        "returns res.x also when HiGHS fails: scipy's linprog gives x = None for every failure "
        "these LPs can have (infeasible, unbounded; no iteration or time limit is set)"),
    "dlsched.revenue.baselines.gandiva_fair.x__water_fill__mutmut_3": (
        "dtype=None for the shares: the only caller passes float weights "
        "(quota_w.astype(float)), so zeros_like gives float64 either way"),
    "dlsched.revenue.baselines.gandiva_fair.x_gandiva_fair__mutmut_43": (
        "quota_w.astype(None) instead of astype(float): numpy reads dtype None as float64, so "
        "the weights (parsed as int64 quotas, revenue.instance.parse) are the same float64"),
    "dlsched.revenue.baselines.hived.x__hived_place__mutmut_57": (
        "placement None instead of 'D': RevenueInstance.duration reads anything but 'C' as "
        "distributed"),
    "dlsched.revenue.baselines.hived.x__hived_place__mutmut_63": (
        "placement 'd' instead of 'D': RevenueInstance.duration reads anything but 'C' as "
        "distributed"),
    "dlsched.revenue.baselines.hived.x_hived__mutmut_55": (
        "Cluster(capacity) without slots=64: 64 is Cluster's default (sim.slotted), the same "
        "call; the usage table grows on demand anyway"),
    "dlsched.ojpp.support.placement.xǁ_Candidatesǁ__init____mutmut_17": _ZIP,
    "dlsched.ojpp.support.placement.xǁ_Candidatesǁ__init____mutmut_29": _ZIP,
    "dlsched.completion.exact.bounds.x_area_bound__mutmut_20": (
        "dtype=None for the per-job areas: they are numpy floats (or inf), so the array is "
        "float64 either way"),
    "dlsched.ltgf.exact.bounds.x_model_sizes__mutmut_9": (
        "release slots as float64: L and its sums are small integers, exact in float, and are "
        "turned back into int"),
    "dlsched.oef.exact.bounds.x_dual_bound__mutmut_19": (
        "asarray(v) without float: np.maximum(v, 0.0) gives float64 whatever the input dtype"),
    "dlsched.ojpp.exact.bounds.x_max_workers__mutmut_14": (
        "sizes[-1] >= 0 also runs an all-zero dimension: every worker fits it, and "
        "min(best, all workers) leaves best (which starts at all workers) unchanged"),
}

#: mutmut exit codes -> our categories (mutmut.stats.status_by_exit_code, folded).
STATUS: dict[int | None, str] = {
    1: "killed", 3: "killed", 0: "survived", 36: "timeout", 24: "timeout", -24: "timeout",
    152: "timeout", 255: "timeout", -9: "timeout", -11: "killed", 5: "no tests",
    33: "no tests", 34: "skipped", 37: "killed", None: "not checked",
}
COUNTS = ("run", "killed", "survived", "timeout", "equivalent", "no tests", "other")
LIST_ONLY = "dlsched_mutation_list_only"  # a mutant filter that matches nothing


def _mutmut() -> list[str]:
    """The mutmut command of this interpreter's environment."""
    exe = Path(sys.executable).with_name("mutmut")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "mutmut"]


def _workspace(module: str, tests: list[str]) -> Path:
    """A temporary copy of src/, tests/ and pyproject.toml configured for one module."""
    tmp = Path(tempfile.mkdtemp(prefix="dlsched-mutation-"))
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache", ".hypothesis")
    shutil.copytree(ROOT / "src", tmp / "src", ignore=ignore)
    shutil.copytree(ROOT / "tests", tmp / "tests", ignore=ignore)
    text = (ROOT / "pyproject.toml").read_text()
    text = re.sub(r"(?ms)^\[tool\.mutmut\].*?(?=^\[|\Z)", "", text)
    text += (
        "\n[tool.mutmut]\n"
        'source_paths = ["src"]\n'
        f"only_mutate = {json.dumps([module])}\n"
        f"pytest_add_cli_args_test_selection = {json.dumps(tests)}\n"
        'pytest_add_cli_args = ["-q", "-p", "no:cacheprovider", "-m", "not slow"]\n'
    )
    (tmp / "pyproject.toml").write_text(text)
    return tmp


def _mutmut_run(tmp: Path, names: list[str], log: Path) -> int:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONHASHSEED"] = "0"
    with log.open("a") as fh:
        return subprocess.call([*_mutmut(), "run", "--max-children", "1", *names], cwd=tmp,
                               env=env, stdout=fh, stderr=subprocess.STDOUT)


def _exit_codes(tmp: Path, module: str) -> dict[str, int | None]:
    meta = tmp / "mutants" / f"{module}.meta"
    if not meta.exists():
        raise SystemExit(f"mutmut wrote no results for {module}; see the log")
    return json.loads(meta.read_text())["exit_code_by_key"]


def _show(tmp: Path, name: str) -> str:
    out = subprocess.run([*_mutmut(), "show", name], cwd=tmp, capture_output=True, text=True)
    return out.stdout.strip()


def run_module(module: str, tests: list[str], sample: int | None, seed: int,
               keep: bool) -> dict[str, Any]:
    """Mutate one module; return its counts, survivors (with diffs) and timing."""
    t0 = time.monotonic()
    tmp = _workspace(module, tests)
    log = tmp / "mutation.log"
    try:
        names: list[str] = []
        if sample is not None:
            _mutmut_run(tmp, [LIST_ONLY], log)  # generates mutants and test stats, runs none
            every = sorted(_exit_codes(tmp, module))
            names = sorted(random.Random(seed).sample(every, min(sample, len(every))))
        rc = _mutmut_run(tmp, names, log)
        codes = _exit_codes(tmp, module)
        if names:
            codes = {k: codes[k] for k in names}
        if rc != 0 or all(v is None for v in codes.values()):
            raise SystemExit(f"mutmut failed on {module} (rc {rc}): {log}\n"
                             + log.read_text()[-3000:])
        counts = dict.fromkeys(COUNTS, 0)
        survivors: dict[str, str] = {}
        equivalent: dict[str, str] = {}
        for name, code in sorted(codes.items()):
            status = STATUS.get(code, "other")
            if status == "survived" and name in EQUIVALENT:
                status = "equivalent"
                equivalent[name] = EQUIVALENT[name]
            elif status == "survived":
                survivors[name] = _show(tmp, name)
            counts[status if status in counts else "other"] += 1
            counts["run"] += 1
        alive = counts["run"] - counts["equivalent"]
        return {
            "module": module, "tests": tests, "mode": "all" if sample is None else
            f"sample {sample} seed {seed}", **counts,
            "score": round(counts["killed"] / alive, 4) if alive else 1.0,
            "seconds": round(time.monotonic() - t0, 1), "survivors": survivors,
            "equivalent_ids": equivalent,
        }
    finally:
        if keep:
            print(f"kept workspace {tmp}", file=sys.stderr)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True).stdout.strip()


def table(results: dict[str, dict[str, Any]]) -> str:
    """Markdown table of the stored results, one row per module."""
    rows = ["| module | mode | run | killed | equivalent | survived | timeout | killed % "
            "of non-equivalent | time (s) | commit | date |",
            "|---|---|---|---|---|---|---|---|---|---|---|"]
    for module in sorted(results):
        r = results[module]
        rows.append(f"| `{module.removeprefix('src/')}` | {r['mode']} | {r['run']} | "
                    f"{r['killed']} | {r['equivalent']} | {r['survived']} | {r['timeout']} | "
                    f"{100 * r['score']:.1f} | {r['seconds']:.0f} | {r['commit']} | "
                    f"{r['date']} |")
    sampled = sum(r["run"] for r in results.values() if r["mode"] != "all")
    every = sum(r["run"] for r in results.values() if r["mode"] == "all")
    rows.append(f"\nMutants run in all: {every} (every mutant) + {sampled} (fixed-seed samples).")
    return "\n".join(rows)


def equivalents(results: dict[str, dict[str, Any]]) -> str:
    """Markdown list of the equivalent mutants met in the stored runs, with their reasons."""
    lines = [f"- `{name}`: {why}" for module in sorted(results)
             for name, why in sorted(results[module].get("equivalent_ids", {}).items())]
    return "\n".join(lines) or "(none)"


def _write(results: dict[str, dict[str, Any]]) -> None:
    RESULTS.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
    if not REPORT.exists():
        return
    text = REPORT.read_text()
    for key, body in (("table", table(results)), ("equivalent", equivalents(results))):
        start, end = MARKERS[key]
        if start in text and end in text:
            head, rest = text.split(start, 1)
            text = f"{head}{start}\n{body}\n{end}{rest.split(end, 1)[1]}"
    REPORT.write_text(text)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("modules", nargs="*", help="module paths (keys of MODULES, or any module "
                    "with --tests)")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--all", action="store_true", help="run every mutant")
    mode.add_argument("--sample", type=int, help="run a fixed-seed sample of N mutants")
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--validators", action="store_true", help="add every validator module")
    ap.add_argument("--sampled", action="store_true", help="add every non-validator module")
    ap.add_argument("--tests", nargs="+", help="test files for a module not in MODULES")
    ap.add_argument("--keep", action="store_true", help="keep the temporary workspace")
    ap.add_argument("--no-write", action="store_true", help="print only, store nothing")
    ap.add_argument("--render", action="store_true",
                    help="only rewrite the Markdown tables from the stored JSON")
    args = ap.parse_args(argv)
    if args.render:
        _write(json.loads(RESULTS.read_text()) if RESULTS.exists() else {})
        return 0
    if not args.all and args.sample is None:
        ap.error("give --all or --sample N")
    modules = list(args.modules) + (VALIDATORS if args.validators else []) + (
        SAMPLED if args.sampled else [])
    if not modules:
        ap.error("no module given")
    os.nice(10)
    results = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    for module in modules:
        tests = args.tests or MODULES.get(module)
        if not tests:
            ap.error(f"{module}: not in MODULES and no --tests given")
        # the commit measured: the workspace copies src/ and tests/ as they are now
        dirty = _git("status", "--porcelain", "src", "tests", "pyproject.toml")
        commit = _git("rev-parse", "--short", "HEAD") + ("-dirty" if dirty else "")
        r = run_module(module, tests, None if args.all else args.sample, args.seed, args.keep)
        r["commit"] = commit
        r["date"] = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        r["command"] = "python scripts/mutation.py " + (
            "--all " if args.all else f"--sample {args.sample} --seed {args.seed} ") + module
        print(f"{module}: run {r['run']} killed {r['killed']} survived {r['survived']} "
              f"timeout {r['timeout']} equivalent {r['equivalent']} "
              f"({100 * r['score']:.1f} %) in {r['seconds']:.0f} s", flush=True)
        for name, diff in r["survivors"].items():
            print(f"  survived {name}\n" + "\n".join("    " + x for x in diff.splitlines()[2:]))
        results[module] = r
        if not args.no_write:
            _write(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
