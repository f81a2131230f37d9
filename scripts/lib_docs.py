"""Write the library's figures into docs/lib.md (between its generated-figures markers), from
the records: ``python scripts/lib_docs.py`` (``--check`` exits 1 when the page is stale)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from dlsched.core.io import atomic_write_text  # noqa: E402
from dlsched.lib.summary import figures_markdown, replace_block  # noqa: E402

PAGE = ROOT / "docs" / "lib.md"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only say whether the page is stale")
    args = ap.parse_args(argv)
    old = PAGE.read_text(encoding="utf-8")
    new = replace_block(old, figures_markdown())
    if args.check:
        print("docs/lib.md is " + ("up to date" if new == old else "stale"))
        return 0 if new == old else 1
    atomic_write_text(PAGE, new)
    print(f"wrote {PAGE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
