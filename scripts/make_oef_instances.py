"""Write instances/oef/gavel-*.json from Gavel's measured throughputs.

Usage: python scripts/make_oef_instances.py [--data-dir DIR] [--out instances/oef]
(DIR defaults to $DLSCHED_DATA, else the vendored src/dlsched/data; see
dlsched.oef.support.gavel_data).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from dlsched.core.io import atomic_write_text
from dlsched.oef import parse
from dlsched.oef.support.gavel_data import SPECS, instance_dict

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir", default=None)
    ap.add_argument("--out", default=str(ROOT / "instances" / "oef"))
    args = ap.parse_args(argv)
    for spec in SPECS:
        data = instance_dict(spec, args.data_dir)
        parse(data)  # validate before writing
        path = Path(args.out) / f"{spec.name}.json"
        atomic_write_text(path, json.dumps(data, indent=1) + "\n")
        print(f"wrote {path} ({len(data['users'])} users, GPUs {spec.counts})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
