"""Every CLI command on every shipped instance: no traceback, exit 0 or 2 with one line.

For each instance file under ``instances/`` (JSON instances and ``.vbp`` files): ``check`` of
an empty solution (exit 2 or a verdict), ``solve`` with the problem's default model and a short
time limit, ``check`` of that result, ``run`` of every registered algorithm of the problem and
``check`` of each result, and ``export`` (exported or refused with one line). Every call runs
in-process through ``dlsched.cli.main`` (what the console script calls) with stderr captured
and a SIGALRM timeout; the output is a table of the calls that failed, and a count per
command. Run: ``python scripts/cli_smoke.py [--limit 2]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOT_INSTANCES = {"known_optima.json", "gavel-v100-slowdowns.json"}


def _call(args: list[str], timeout: float) -> tuple[int | None, str, float]:
    import contextlib
    import io
    import signal
    import traceback

    from dlsched.cli import main

    def expire(*_):
        raise _Expired  # not an Exception: the CLI's error handling cannot swallow it

    t0 = time.perf_counter()
    err, out = io.StringIO(), io.StringIO()
    signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            code = main(args)
    except _Expired:
        return None, "timeout", time.perf_counter() - t0
    except SystemExit as e:  # argparse
        code = e.code if isinstance(e.code, int) else 2
    except BaseException:
        return 1, "Traceback\n" + traceback.format_exc(), time.perf_counter() - t0
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return code, err.getvalue(), time.perf_counter() - t0


class _Expired(BaseException):
    """The per-call timeout (a BaseException, so no ``except Exception`` in the CLI hides it;
    a TimeoutError is an OSError, which the CLI reports as a one-line exit 2)."""


def _ok(code: int | None, err: str, verdict: bool = False) -> bool:
    """Exit 0, or 2 with one line; ``verdict``: exit 1 is check's 'infeasible' verdict."""
    if code is None or "Traceback" in err:
        return False
    return (code == 0 or (code == 2 and len(err.strip().splitlines()) == 1)
            or (verdict and code == 1))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=float, default=2.0, help="solve time limit (s)")
    ap.add_argument("--timeout", type=float, default=120.0, help="per call (s)")
    args = ap.parse_args()
    import dlsched as ds
    from dlsched.core.registry import ALGORITHMS

    files = sorted(p for p in (ROOT / "instances").rglob("*")
                   if p.suffix in (".json", ".vbp") and p.name not in NOT_INSTANCES)
    bad: list[str] = []
    counts: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        for f in files:
            rel = str(f.relative_to(ROOT))
            problem = ds.load(f).problem
            algos = sorted(n for n, a in ALGORITHMS.items() if a.problem == problem)
            res = Path(tmp) / "r.json"
            calls = [("solve", ["solve", rel, "--time-limit", str(args.limit), "-o", str(res)]),
                     ("check", ["check", rel, str(res)])]
            for a in algos:
                calls += [(f"run {a}", ["run", rel, "-a", a, "-o", str(res)]),
                          ("check", ["check", rel, str(res)])]
            calls.append(("export", ["export", rel, "-d", tmp]))
            empty = Path(tmp) / "empty.json"
            empty.write_text(json.dumps({}))
            calls.append(("check empty", ["check", rel, str(empty)]))
            for name, cmd in calls:
                code, err, wall = _call(cmd, args.timeout)
                counts[name.split()[0]] += 1
                if not _ok(code, err, verdict=name == "check empty"):
                    bad.append(f"| {rel} | {name} | {code} | {wall:.1f} | "
                               f"{(err.strip().splitlines() or [''])[-1][:120]} |")
                res.unlink(missing_ok=True)
            print(rel, "done", flush=True)
    print(f"\n{len(files)} instance files; calls: " +
          ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    print("failed (traceback, timeout, or exit != 0/2-with-one-line; 'check empty' may also "
          f"exit 1, the verdict 'infeasible'): {len(bad)}")
    if bad:
        print("| instance | call | exit | s | last stderr line |\n|---|---|---|---|---|")
        print("\n".join(bad))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
