"""Export the LP/MPS files of the canonical instances, on demand (they are not all committed).

Usage: ``python scripts/export_models.py [-d DIR] [--problem P]`` writes, for every row of
:data:`CANONICAL`, ``dlsched export INSTANCE -m MODEL -d DIR/<problem>`` (default ``DIR`` =
``models``). Only exports under :data:`COMMIT_LINES` lines are committed; the larger ones
(e.g. the LTGF Philly window, 26k lines) are written here and ignored by git
(``models/.gitignore``). ``tests/test_model_exports.py`` exports every row, re-solves the
files with plain HiGHS and checks that the committed ones are what ``dlsched export`` writes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Exports above this many lines (of the LP file) are generated on demand, not committed.
COMMIT_LINES = 1100

#: (problem, instance file under instances/, model) of every canonical export.
CANONICAL: tuple[tuple[str, str, str], ...] = (
    *(("oef", f"oef/paper-{name}.json", model)
      for name in ("eq6", "fig2", "multitype", "w1", "weighted")
      for model in ("oef-efficiency", "oef-noncooperative", "oef-cooperative")),
    ("completion", "completion/s1-ps.json", "completion-milp"),
    ("completion", "completion/s3.json", "completion-milp"),
    ("completion", "completion/s4.json", "completion-milp"),
    ("completion", "completion/s5-bw3.json", "completion-milp"),
    ("ojpp", "ojpp/golden-o1.json", "ojpp-patterns"),
    ("ojpp", "ojpp/golden-o1.json", "ojpp-compact"),
    ("ltgf", "ltgf/paper-fig6.json", "ltgf-milp"),
    ("ltgf", "ltgf/philly-window-n10-s0.json", "ltgf-milp"),
    ("revenue", "revenue/small-3jobs.json", "revenue-milp"),
    ("revenue", "revenue/paper-worked-example.json", "revenue-milp"),
)


def export(out: Path, problem: str | None = None) -> int:
    """Run ``dlsched export`` for every canonical row (of ``problem`` when given)."""
    from dlsched.cli import main as dlsched

    for prob, instance, model in CANONICAL:
        if problem is not None and prob != problem:
            continue
        code = dlsched(["export", str(ROOT / "instances" / instance), "-m", model,
                        "-d", str(out / prob)])
        if code:
            return code
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-d", "--dir", type=Path, default=ROOT / "models",
                        help="output directory (one sub-directory per problem)")
    parser.add_argument("--problem", choices=sorted({p for p, _, _ in CANONICAL}))
    args = parser.parse_args(argv)
    return export(args.dir, args.problem)


if __name__ == "__main__":
    sys.exit(main())
