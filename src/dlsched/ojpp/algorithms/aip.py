"""AIP: predict pairwise co-location slowdowns from system and job descriptors (notes §6).

The paper fits linear regression, SVR, decision-tree and k-NN regressors on system configuration
and job descriptors and keeps the model with the lowest mean absolute error on held-out pairs.
The real data here are Gavel's measurements (``gavel_data``): one sample per (GPU type, victim job
type a, co-located job type b), target = slowdown of a (isolated / co-located - 1, clipped at 0).
Features (what the data offer; the paper's host-memory/disk/network counters are not published):
GPU type (one-hot), and for a and for b the model family (one-hot), log2 batch size and log
isolated throughput on that GPU. Selection by seeded shuffled k-fold cross-validation.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import csv
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..support.gavel_data import data_dir

GPUS = ("k80", "p100", "v100")


def _family(job_type: str) -> tuple[str, float]:
    """('ResNet-18', 64.0) from 'ResNet-18 (batch size 64)'; batch 1 when not stated."""
    if " (batch size " in job_type:
        fam, rest = job_type.split(" (batch size ", 1)
        return fam, float(rest.rstrip(")"))
    return job_type, 1.0


def pair_dataset(path: str | Path | None = None, gpus: tuple[str, ...] = GPUS):
    """(X, y, rows): features, slowdown targets and (gpu, a, b) per sample (single-GPU pairs)."""
    d = data_dir(path)
    iso: dict[tuple[str, str], float] = {}
    with open(d / "throughputs_isolated.csv", newline="") as f:
        for r in csv.DictReader(f):
            if (r["placement"] == "consolidated" and r["num_gpus"] == "1"
                    and r["gpu_type"] in gpus and float(r["throughput_steps_per_s"]) > 0):
                iso[(r["gpu_type"], r["job_type"])] = float(r["throughput_steps_per_s"])
    families = sorted({_family(t)[0] for _, t in iso})
    rows, X, y = [], [], []

    def desc(g: str, t: str) -> list[float]:
        fam, bs = _family(t)
        return [float(fam == f) for f in families] + [math.log2(bs), math.log(iso[(g, t)])]

    with open(d / "throughputs_colocated_pairs.csv", newline="") as f:
        for r in csv.DictReader(f):
            g, a, b = r["gpu_type"], r["job_type_a"], r["job_type_b"]
            if (r["placement"] != "consolidated" or r["num_gpus_a"] != "1"
                    or r["num_gpus_b"] != "1" or (g, a) not in iso or (g, b) not in iso):
                continue
            ta = float(r["throughput_a_steps_per_s"])
            if ta <= 0:
                continue
            X.append([float(g == h) for h in gpus] + desc(g, a) + desc(g, b))
            y.append(max(iso[(g, a)] / ta - 1.0, 0.0))
            rows.append((g, a, b))
    return np.array(X), np.array(y), rows


def candidates(seed: int = 0) -> dict[str, Any]:
    """The paper's four regressors (features standardised where the method needs it)."""
    from sklearn.linear_model import LinearRegression
    from sklearn.neighbors import KNeighborsRegressor
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    from sklearn.svm import SVR
    from sklearn.tree import DecisionTreeRegressor

    return {
        "linear": make_pipeline(StandardScaler(), LinearRegression()),
        "svr": make_pipeline(StandardScaler(), SVR(C=1.0, epsilon=0.05)),
        "tree": DecisionTreeRegressor(min_samples_leaf=3, random_state=seed),
        "knn": make_pipeline(StandardScaler(), KNeighborsRegressor(n_neighbors=5)),
    }


@dataclass
class AIPFit:
    """Cross-validated MAE per candidate, the chosen one and its model refit on all samples."""

    best: str
    mae: dict[str, float]
    model: Any = field(repr=False)
    mean_target: float = 0.0

    @property
    def relative_error(self) -> float:
        """Best MAE relative to the mean absolute slowdown (the paper reports < 7 %)."""
        return self.mae[self.best] / self.mean_target if self.mean_target else float("nan")


def fit_aip(X: np.ndarray, y: np.ndarray, seed: int = 0, folds: int = 5) -> AIPFit:
    """Keep the lowest-MAE regressor by seeded shuffled k-fold cross-validation."""
    from sklearn.base import clone
    from sklearn.model_selection import KFold, cross_val_score

    cv = KFold(n_splits=folds, shuffle=True, random_state=seed)
    cands = candidates(seed)
    mae = {name: float(-cross_val_score(est, X, y, cv=cv,
                                         scoring="neg_mean_absolute_error").mean())
           for name, est in cands.items()}
    best = min(mae, key=lambda k: (mae[k], k))
    model = clone(cands[best]).fit(X, y)
    return AIPFit(best, mae, model, float(np.mean(np.abs(y))))
