"""Export the OEF LPs of every paper instance as MPS and LP files into models/oef/.

Usage: python scripts/export_models.py   (same as running, for every instances/oef/paper-*.json
and model M in oef-efficiency, oef-noncooperative, oef-cooperative:
``dlsched export INSTANCE -m M -d models/oef``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from dlsched.cli import main as dlsched

ROOT = Path(__file__).resolve().parents[1]
MODELS = ("oef-efficiency", "oef-noncooperative", "oef-cooperative")


def main() -> int:
    out = ROOT / "models" / "oef"
    instances = sorted((ROOT / "instances" / "oef").glob("paper-*.json"))
    if not instances:
        print("no instances/oef/paper-*.json found", file=sys.stderr)
        return 1
    for path in instances:
        for model in MODELS:
            code = dlsched(["export", str(path), "-m", model, "-d", str(out)])
            if code:
                return code
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
