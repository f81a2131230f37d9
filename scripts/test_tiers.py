"""Measure every test and rewrite ``tests/slow.txt``: the tests that take at least ``--min``
seconds form the ``slow`` tier (``pytest -m "not slow"`` is the development loop).

Usage: ``python scripts/test_tiers.py [--min 0.5] [--from LOG]``. Without ``--from`` it runs the
whole suite once with ``--durations=0`` (about 10 minutes on 2 cores); with ``--from`` it reads
the durations section of a saved pytest log instead. ``tests/conftest.py`` marks each listed
node id ``slow``; a test whose id starts with a listed entry (a file, a class) is marked too.
"""

from __future__ import annotations

import argparse
import datetime as dt
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "slow.txt"
LINE = re.compile(r"^([0-9.]+)s (call|setup|teardown)\s+(\S+)")


def durations(log: str) -> dict[str, float]:
    """Node id -> seconds (setup + call + teardown) from pytest's ``--durations`` section."""
    out: dict[str, float] = defaultdict(float)
    for line in log.splitlines():
        m = LINE.match(line.strip())
        if m:
            out[m.group(3)] += float(m.group(1))
    return dict(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--min", type=float, default=0.5, help="seconds that make a test slow")
    parser.add_argument("--from", dest="log", type=Path, help="a saved pytest log to read")
    args = parser.parse_args(argv)
    if args.log is not None:
        log = args.log.read_text()
    else:
        cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
               "--durations=0", f"--durations-min={min(args.min, 0.5)}"]
        log = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True).stdout
    times = durations(log)
    if not times:
        print("no durations found", file=sys.stderr)
        return 1
    slow = sorted(n for n, s in times.items() if s >= args.min)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                            capture_output=True, text=True).stdout.strip()
    head = [
        f"# The slow tier: tests measured at >= {args.min:.1f} s (setup + call + teardown).",
        f"# Made by scripts/test_tiers.py on {dt.date.today()} at {commit}; the number after",
        "# each id is its measured time. tests/conftest.py marks these `slow`.",
    ]
    body = [f"{n}  # {times[n]:.1f} s" for n in slow]
    OUT.write_text("\n".join(head + body) + "\n")
    total = sum(times.values())
    print(f"{len(slow)} slow tests ({sum(times[n] for n in slow):.0f} s of {total:.0f} s) -> {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
