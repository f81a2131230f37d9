"""AIP on Gavel: cross-validated MAE of the four regressors, then what placing with a predicted
matrix costs. The V100 matrix is predicted by the model selected and trained on the K80 and P100
pairs only (no V100 pair seen); the Heuristic places each gavel-v100-relaxed instance with the
predicted matrix and the placement is judged with the measured one (validator violations and
guaranteed performance, notes §8) against placing with the measured matrix.

    python benchmarks/ojpp_aip.py [--out benchmarks/ojpp-aip.md]
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import argparse
import datetime as dt
import json
from pathlib import Path

import numpy as np

import dlsched as ds
from dlsched.bench.machine import cpu_model, git_commit
from dlsched.ojpp import parse
from dlsched.ojpp.algorithms.aip import fit_aip, pair_dataset
from dlsched.ojpp.metrics import metrics

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(Path(__file__).with_name("ojpp-aip.md")))
    args = ap.parse_args(argv)
    X, y, _ = pair_dataset()
    cv = fit_aip(X, y, seed=0)
    Xt, yt, _ = pair_dataset(gpus=("k80", "p100"))
    train = fit_aip(Xt, yt, seed=0)
    Xv, yv, rv = pair_dataset(gpus=("v100",))
    # pair_dataset's GPU one-hot has the columns of its own `gpus`: rebuild V100 rows for (k80,p100)
    Xv2 = np.hstack([np.zeros((len(Xv), 2)), Xv[:, 1:]])
    pred = np.clip(train.model.predict(Xv2), 0, None)
    mae_v100 = float(np.mean(np.abs(pred - yv)))
    lines = ["# OJPP AIP on Gavel co-location data", "",
             f"- date: {dt.datetime.now(dt.timezone.utc):%Y-%m-%d %H:%M UTC}, commit "
             f"{git_commit()}, CPU: {cpu_model()}",
             "- command: `python benchmarks/ojpp_aip.py`", "",
             f"All GPU types, {len(y)} pairs, mean slowdown {np.mean(y):.3f}; "
             "5-fold CV (seed 0):", "",
             "| regressor | MAE |", "|---|---|"]
    lines += [f"| {k}{' (kept)' if k == cv.best else ''} | {v:.4f} |" for k, v in cv.mae.items()]
    lines += ["", "Relative error of the kept model (MAE / mean slowdown): "
              f"{cv.relative_error:.1%}",
              "(the paper reports < 7 % on its own, unpublished, profiling data).", "",
              f"Trained on K80 + P100 only ({len(yt)} pairs, kept: {train.best}); MAE on the "
              f"{len(yv)} unseen V100 pairs: {mae_v100:.4f}.", "",
              "| instance | devices (measured I) | devices (predicted I) | violations under "
              "measured I | perf. measured | perf. predicted |",
              "|---|---|---|---|---|---|"]
    idx = {(a, b): n for n, (_, a, b) in enumerate(rv)}
    for f in sorted((ROOT / "instances" / "ojpp").glob("gavel-v100-relaxed-*.json")):
        data = json.loads(f.read_text())
        types = data["interference"]["types"]
        P = np.array(data["interference"]["matrix"], dtype=float)
        for a_i, a in enumerate(types):
            for b_i, b in enumerate(types):
                if (a, b) in idx:
                    P[a_i, b_i] = pred[idx[(a, b)]]
        real = parse(data)
        data_p = {**data, "interference": {**data["interference"], "matrix": P.tolist()}}
        r_real = ds.run(real, "heuristic")
        r_pred = ds.run(parse(data_p), "heuristic")
        v = len(ds.check(real, r_pred))
        lines.append(f"| {f.stem} | {r_real.objective:.0f} | {r_pred.objective:.0f} | {v} | "
                     f"{metrics(real, r_real)['guaranteed_performance']:.3f} | "
                     f"{metrics(real, r_pred)['guaranteed_performance']:.3f} |")
    Path(args.out).write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
