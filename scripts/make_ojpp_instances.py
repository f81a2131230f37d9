"""Write instances/ojpp/: Gavel-measured interference instances and synthetic paper-setting ones.

Usage: python scripts/make_ojpp_instances.py [--data-dir DIR] [--out instances/ojpp]
(DIR defaults to $DLSCHED_DATA, else the vendored src/dlsched/data; see
dlsched.ojpp.support.gavel_data).
Job resources and burst profiles come from the seeded generator (the paper's profiles are not
published); the interference matrix is the real V100 co-location slowdown matrix from Gavel.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from dlsched.core.io import atomic_write_text
from dlsched.ojpp import dump, generate, parse
from dlsched.ojpp.support.gavel_data import slowdown_matrix

ROOT = Path(__file__).resolve().parents[1]
SEEDS = (0, 1, 2)
WORKLOADS = ("mixed", "c-high", "i-high", "average")


def gavel_instance(types: list[str], S: np.ndarray, seed: int, relaxed: bool) -> dict:
    data = dump(generate("mixed", n_jobs=20, max_workers=10, seed=seed))
    rng = np.random.default_rng(1000 + seed)
    for job in data["jobs"]:
        job["type"] = types[int(rng.integers(len(types)))]
    data["interference"] = {"model": "additive", "types": types,
                            "matrix": np.round(S, 6).tolist()}
    if relaxed:
        data["limits"] = {"collision": 0.1, "interference": 1.0, "balance": 0.5}
    tag = "relaxed" if relaxed else "paper"
    data["name"] = f"gavel-v100-{tag}-n20-s{seed}"
    data["provenance"] = {
        "interference": "Gavel (stanford-futuredata/gavel c4fa400, MIT) V100 consolidated "
                        "single-GPU pairs: slowdown = isolated / co-located - 1, clipped at 0",
        "jobs": f"dlsched.ojpp.generate('mixed', n_jobs=20, max_workers=10, seed={seed}); "
                f"job types drawn uniformly with numpy seed {1000 + seed}",
        "script": "scripts/make_ojpp_instances.py",
    }
    return data


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir", default=None)
    ap.add_argument("--out", default=str(ROOT / "instances" / "ojpp"))
    args = ap.parse_args(argv)
    out = Path(args.out)
    types, S, pairs = slowdown_matrix("v100", args.data_dir)
    atomic_write_text(out / "gavel-v100-slowdowns.json", json.dumps(
        {"types": types, "matrix": np.round(S, 6).tolist(),
         "pairs": [[a, b, round(s, 6)] for a, b, s in pairs],
         "provenance": "see scripts/make_ojpp_instances.py and dlsched.ojpp.support.gavel_data"},
        indent=1) + "\n")
    for seed in SEEDS:
        for relaxed in (False, True):
            data = gavel_instance(types, S, seed, relaxed)
            parse(data)  # validate before writing
            atomic_write_text(out / f"{data['name']}.json", json.dumps(data, indent=1) + "\n")
            print("wrote", data["name"])
    for w in WORKLOADS:
        data = dump(generate(w, n_jobs=20, max_workers=10, seed=0))
        atomic_write_text(out / f"{data['name']}.json", json.dumps(data, indent=1) + "\n")
        print("wrote", data["name"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
