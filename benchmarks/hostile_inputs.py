"""Every class of hostile input through the real `dlsched` command (one subprocess per case).

Prints a Markdown table for benchmarks/reliability.md: per class, the cases tried and how they
ended -- exit 2 with exactly one ``error:`` line and no output file (clean refusal), exit 0 / 1
with a result (ok), a Python traceback, or anything else (two lines, an output file written
despite exit 2, a timeout). Fixed seeds; every case has a timeout.

    python benchmarks/hostile_inputs.py [--timeout 60] [--byte-mutants 20] [--src DIR]

``--src`` runs another source tree's `dlsched` (e.g. an older checkout's ``src``) on the same
cases, for a before / after comparison.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # tests.fuzzing: the fuzz test's byte and parameter mutators

OEF = ROOT / "instances" / "oef" / "gavel-n20-s0.json"
COMPLETION = ROOT / "instances" / "completion" / "s1-ps.json"
QUICK = ROOT / "benchmarks" / "quick.toml"

#: a case: (argv with {file} / {out} / {dir} placeholders, bytes for {file} or None, extra env)
Case = tuple[list[str], bytes | None, dict[str, str]]


def _text() -> str:
    return OEF.read_text(encoding="utf-8")


def file_cases() -> list[Case]:
    text, raw = _text(), OEF.read_bytes()
    solve = ["solve", "{file}", "-o", "{out}"]
    contents = [
        text.replace('"count": 8', '"count": ' + "7" * 5000, 1).encode(),  # 5,000-digit int
        ("[" * 1500 + "]" * 1500).encode(),  # 1,500 levels deep
        raw[:100] + b"\xff\xfe" + raw[100:],  # invalid UTF-8
        text.replace('"gavel-n20-s0"', '"gavel-n20-s0-caf\u00e9"').encode("latin-1"),
        text.replace('"count": 8', '"count": NaN', 1).encode(),
        text.replace('"count": 8', '"count": Infinity', 1).encode(),
        text.replace('"count": 8', '"count": 1e999', 1).encode(),
        raw[: len(raw) // 2],  # truncated
        b"",
        b"\x00" * 1000,
        b" " * (8 * 2**20) + raw,  # 8 MiB of whitespace: valid JSON, must still run
    ]
    cases: list[Case] = [(solve, c, {}) for c in contents]
    cases += [(["solve", "/dev/zero", "-o", "{out}"], None, {}),
              (["solve", "{dir}", "-o", "{out}"], None, {}),
              (["solve", "{dir}/missing.json", "-o", "{out}"], None, {}),
              (["solve", "{fifo}", "-o", "{out}"], None, {})]
    vbp = b"1\n10\n1\n" + b"9" * 5000 + b" 1\n"
    cases.append((["solve", "{file}.vbp", "-o", "{out}"], vbp, {}))
    return cases


def byte_cases(n: int) -> list[Case]:
    from tests.fuzzing import byte_mutants

    text = json.dumps(json.loads(_text()), indent=2)
    return [(["run", "{file}", "-a", "max-min", "-o", "{out}"], m, {})
            for m, _ in byte_mutants(text, n, seed=20261125)]


def _run(instance: Path, alg: str, *kv: str) -> Case:
    argv = ["run", str(instance), "-a", alg, "-o", "{out}"]
    for p in kv:
        argv += ["-p", p]
    return argv, None, {}


def param_cases() -> list[Case]:
    bad = ["NaN", "Infinity", "-1", "1e11", "9" * 30, "abc", "[]", "{}", "true", "null",
           "[" * 100 + "]" * 100]
    cases = [_run(OEF, "oef-placer", f"rounds={v}") for v in bad]
    cases += [_run(COMPLETION, "a-online", f"alpha={v}") for v in bad]
    cases += [_run(OEF, "gavel", f"cap={v}") for v in bad]
    cases += [_run(OEF, "oef-placer", "round=3"), _run(COMPLETION, "a-online", "alpah=2"),
              _run(OEF, "gavel", "="), _run(OEF, "gavel", "a b=1")]
    return cases


def generator_cases() -> list[Case]:
    spec = {"oef": ["n=-3", "n=0", "n=1e9", "k=NaN", "monotone=1", "nn=4"],
            "revenue": ["n_jobs=-1", "n_servers=0", "tenant_skew=Infinity", "utility=[]"],
            "ojpp": ["n_jobs=1e11", "matrix=abc", "collision=-0.5", "workload={}"],
            "ltgf": ["n_jobs=0", "days=-1", "tenants=2.5", "short_share=7"],
            "completion": ["n_jobs=-3", "horizon=1e12", "kind=nope", "architecture=7"]}
    return [(["generate", prob, "-p", kv, "-o", "{out}"], None, {})
            for prob, kvs in spec.items() for kv in kvs]


def option_cases() -> list[Case]:
    solve = ["solve", str(OEF), "-o", "{out}"]
    opts = [["--time-limit", "nan"], ["--time-limit", "-1"], ["--time-limit", "0"],
            ["--time-limit", "1e300"], ["--time-limit", "soon"], ["--threads", "100000"],
            ["--threads", "0"], ["--threads", "2.5"], ["--mip-gap", "2"], ["--mip-gap", "nan"]]
    cases: list[Case] = [(solve + o, None, {}) for o in opts]
    cases += [(["generate", "oef", "--seed", s, "-o", "{out}"], None, {})
              for s in ("-1", "4294967296", "1" * 30, "x")]
    cases += [(["export", str(OEF), "-d", "{dir}/exp", f"{flag}={v}"], None, {})
              for flag, v in (("--max-rows", "-1"), ("--max-columns", "nan"),
                              ("--plan-seconds", "inf"), ("--max-nonzeros", "1e30"))]
    cases += [(["bench", str(QUICK), "-j", j, "-o", "{out}"], None, {}) for j in ("0", "nan")]
    cases += [(["solve"], None, {}), (["solve", str(OEF), "--bogus"], None, {})]
    return cases


def suite_cases() -> list[Case]:
    base = QUICK.read_text(encoding="utf-8").replace('"../', f'"{ROOT.as_posix()}/')
    bad = [base.encode("utf-8").replace(b'name = "', b'name = "\xe9', 1),
           ("x = " + "[" * 200 + "]" * 200 + "\n").encode(),
           base.replace("[suite]", "[siute]", 1).encode(),
           base.replace("time_limit = ", "time_limit = nan #", 1).encode(),
           base.replace("time_limit = ", "time_limit = -5 #", 1).encode(),
           base.replace("seeds = ", "seeds = 99999999 #", 1).encode(),
           base.replace("[[problems.oef.methods]]\nlabel = \"max-min\"",
                        "[[problems.oef.methods]]\nlabel = \"max-min\"\nparams = { rounds = 3 }",
                        1).encode()]
    return [(["bench", "{file}.toml", "-o", "{out}"], b, {}) for b in bad]


def env_cases() -> list[Case]:
    gen = ["generate", "ojpp", "-p", "matrix=gavel", "-o", "{out}"]
    return [(gen, None, {"DLSCHED_DATA": "/nonexistent/dlsched-data"}),
            (gen, None, {"DLSCHED_DATA": str(OEF)})]


CLASSES: dict[str, Callable[[argparse.Namespace], list[Case]]] = {
    "instance files (huge int, deep, non-UTF-8, Latin-1, NaN, /dev/zero, dir, FIFO, .vbp)":
        lambda a: file_cases(),
    "byte mutants of an instance (fuzz)": lambda a: byte_cases(a.byte_mutants),
    "-p values (NaN, inf, -1, 1e11, huge, wrong types, deep, misspelt)": lambda a: param_cases(),
    "generator -p (n=-3, n=0, huge, wrong types)": lambda a: generator_cases(),
    "options (--time-limit, --threads, --mip-gap, --seed, export, bench -j, argparse)":
        lambda a: option_cases(),
    "suite TOML (non-UTF-8, deep, unknown key, NaN, ranges)": lambda a: suite_cases(),
    "environment (DLSCHED_DATA)": lambda a: env_cases(),
}


def run_case(case: Case, work: Path, timeout: float, src: Path = ROOT / "src") -> str:
    """clean | ok | traceback | other."""
    argv, payload, env_extra = case
    tmp = Path(tempfile.mkdtemp(dir=work))
    file = tmp / "in.json"
    suffix = next((a.split("{file}", 1)[1] for a in argv if a.startswith("{file}")), "")
    if payload is not None:
        Path(f"{file}{suffix}").write_bytes(payload)
    fifo = tmp / "fifo"
    if hasattr(os, "mkfifo"):
        os.mkfifo(fifo)
    out = tmp / "out.json"
    argv = [a.replace("{file}", str(file)).replace("{out}", str(out))
            .replace("{dir}", str(tmp)).replace("{fifo}", str(fifo)) for a in argv]
    env = {**os.environ, "PYTHONPATH": str(src), **env_extra}
    try:
        proc = subprocess.run([sys.executable, "-m", "dlsched.cli", *argv], capture_output=True,
                              text=True, timeout=timeout, env=env, cwd=tmp)
    except subprocess.TimeoutExpired:
        print(f"timeout: {argv}", file=sys.stderr)
        return "other"
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    wrote = out.exists() or ((tmp / "exp").exists() and any((tmp / "exp").iterdir()))
    if proc.returncode in (0, 1) and "Traceback" not in proc.stderr:
        return "ok"
    if proc.returncode == 2 and len(lines) == 1 and lines[0].startswith("error:") and not wrote:
        return "clean"
    print(f"exit {proc.returncode}: {argv[:6]}: {lines[-3:]}", file=sys.stderr)  # what failed
    return "traceback" if "Traceback" in proc.stderr else "other"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per case")
    ap.add_argument("--byte-mutants", type=int, default=20)
    ap.add_argument("--src", type=Path, default=ROOT / "src", help="dlsched source tree to run")
    args = ap.parse_args()
    t0 = time.perf_counter()
    print("| class | cases | exit 2, one line (clean) | ok (exit 0/1) | tracebacks | other |")
    print("|---|---:|---:|---:|---:|---:|")
    totals = dict.fromkeys(("cases", "clean", "ok", "traceback", "other"), 0)
    with tempfile.TemporaryDirectory() as work:
        for name, make in CLASSES.items():
            counts = dict.fromkeys(("clean", "ok", "traceback", "other"), 0)
            cases = make(args)
            for case in cases:
                counts[run_case(case, Path(work), args.timeout, args.src)] += 1
            totals["cases"] += len(cases)
            for k, v in counts.items():
                totals[k] += v
            print(f"| {name} | {len(cases)} | {counts['clean']} | {counts['ok']} | "
                  f"{counts['traceback']} | {counts['other']} |", flush=True)
    print(f"| **total** | {totals['cases']} | {totals['clean']} | {totals['ok']} | "
          f"{totals['traceback']} | {totals['other']} |")
    print(f"\n{totals['cases']} cases in {time.perf_counter() - t0:.0f} s "
          f"(python {sys.version.split()[0]}, one subprocess per case)")


if __name__ == "__main__":
    main()
