"""Regenerate tests/data/peer/gavel_maxmin.json by running Gavel's own policies (see README.md).

Three steps, two Python environments (Gavel's code needs only cvxpy + ECOS + cvxopt's GLPK_MI):

  PYTHONPATH=src .venv/bin/python tests/data/peer/gavel_maxmin_peer.py inputs /tmp/peer_in.json
  /tmp/gavelenv/bin/python tests/data/peer/gavel_maxmin_peer.py run /tmp/peer_in.json \
      /tmp/peer_raw.json --gavel /tmp/gavel/scheduler
  PYTHONPATH=src .venv/bin/python tests/data/peer/gavel_maxmin_peer.py facts /tmp/peer_raw.json \
      tests/data/peer/gavel_maxmin.json   (GAVEL_REPO=<gavel git checkout>: records its commit)

``run`` imports Gavel's policy classes from a checkout and calls them; nothing of Gavel is copied.
``facts`` decides uniqueness of the max-min optimum with dlsched's LP helpers.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

GENERATED = [  # (n, k, seed, weighted): a spread of n 3-20, k 2-4
    (3, 2, 0, False), (3, 3, 1, False), (4, 2, 2, True), (4, 4, 3, False), (5, 3, 4, False),
    (5, 2, 5, True), (6, 3, 6, False), (6, 4, 7, True), (7, 2, 8, False), (8, 3, 9, False),
    (8, 4, 10, True), (9, 3, 11, False), (10, 2, 12, False), (10, 4, 13, False),
    (12, 3, 14, True), (13, 3, 15, False), (15, 2, 16, False), (16, 4, 17, True),
    (18, 3, 18, False), (20, 4, 19, False),
]

#: Hierarchical inputs: (base instance, entity of each job, entity weights, job weights, scale).
HIERARCHICAL = [
    ("gen:6:3:21", [0, 0, 0, 0, 1, 1], [1.0, 1.0], None, None),
    ("gen:8:3:22", [0, 1, 1, 1, 2, 2, 2, 2], [1.0, 2.0, 1.0], None, None),
    ("gen:5:2:23", [0, 0, 0, 1, 1], [2.0, 1.0], [1.0, 2.0, 1.0, 1.0, 3.0], None),
    ("gen:7:4:24", [0, 0, 1, 1, 1, 2, 2], [1.0, 1.0, 3.0], None, [1, 2, 1, 1, 2, 1, 1]),
    ("file:gavel-n20-s0", [i % 4 for i in range(20)], [1.0, 2.0, 1.0, 1.0], None, None),
]


def _instances():
    import dlsched as ds

    root = Path(__file__).resolve().parents[3]
    for path in sorted((root / "instances/oef").glob("*.json")):
        yield path.stem, "shipped", ds.load(path)
    for n, k, seed, weighted in GENERATED:
        inst = ds.generate("oef", n=n, k=k, seed=seed, weighted=weighted)
        yield inst.name, f"generated n={n} k={k} seed={seed} weighted={weighted}", inst


def _base(spec: str):
    import dlsched as ds

    kind, *rest = spec.split(":")
    if kind == "file":
        root = Path(__file__).resolve().parents[3]
        return ds.load(root / "instances/oef" / f"{rest[0]}.json")
    n, k, seed = map(int, rest)
    return ds.generate("oef", n=n, k=k, seed=seed)


def inputs(out: str) -> None:
    cases = []
    for name, origin, inst in _instances():
        cases.append({"name": name, "origin": origin, "throughputs": inst.rows.W.tolist(),
                      "capacity": inst.capacity.tolist(), "weights": inst.rows.weight.tolist()})
    hier = []
    for spec, ent, ew, jw, scale in HIERARCHICAL:
        inst = _base(spec)
        J = inst.rows.size
        hier.append({"name": spec, "throughputs": inst.rows.W.tolist(),
                     "capacity": inst.capacity.tolist(), "entity_of_job": ent,
                     "entity_weights": ew, "job_weights": jw or [1.0] * J,
                     "scale": scale or [1] * J})
    Path(out).write_text(json.dumps({"maxmin": cases, "hierarchical": hier}))


def run(inp: str, out: str, gavel: str) -> None:
    """Call Gavel's MaxMinFairnessPolicyWithPerf (ECOS) and MaxMinFairnessWaterFillingPolicyWithPerf
    ('fairness' re-weighting); one job id per row, worker types named so they sort in order."""
    import numpy as np

    sys.path.insert(0, gavel)
    sys.path.insert(0, str(Path(gavel) / "policies"))
    from max_min_fairness import MaxMinFairnessPolicyWithPerf
    from max_min_fairness_water_filling import MaxMinFairnessWaterFillingPolicyWithPerf

    data = json.loads(Path(inp).read_text())

    def dicts(case, scale):
        T, c = case["throughputs"], case["capacity"]
        types = [f"type{j:02d}" for j in range(len(c))]
        tput = {i: {types[j]: float(v) for j, v in enumerate(row)} for i, row in enumerate(T)}
        return types, tput, {i: scale[i] for i in range(len(T))}, dict(zip(types, c, strict=True))

    def matrix(alloc, types, J):
        return [[float(alloc[i][t]) for t in types] for i in range(J)]

    res = {"maxmin": [], "hierarchical": []}
    for case in data["maxmin"]:
        J = len(case["throughputs"])
        types, tput, scale, spec = dicts(case, [1] * J)
        pw = {i: float(w) for i, w in enumerate(case["weights"])}
        alloc = MaxMinFairnessPolicyWithPerf(solver="ECOS").get_allocation(tput, scale, pw, spec)
        res["maxmin"].append({**case, "allocation": matrix(alloc, types, J)})
    for case in data["hierarchical"]:
        J = len(case["throughputs"])
        types, tput, scale, spec = dicts(case, case["scale"])
        ent = case["entity_of_job"]
        mapping = {e: [i for i in range(J) if ent[i] == e] for e in sorted(set(ent))}
        ew = dict(enumerate(case["entity_weights"]))
        pol = MaxMinFairnessWaterFillingPolicyWithPerf(
            priority_reweighting_policies={e: "fairness" for e in mapping})
        pw = {i: float(w) for i, w in enumerate(case["job_weights"])}
        alloc = pol.get_allocation(tput, scale, pw, spec, entity_weights=ew,
                                   entity_to_job_mapping=mapping)
        X = np.array(matrix(alloc, types, J))
        res["hierarchical"].append({**case, "allocation": X.tolist()})
    import cvxpy

    res["versions"] = {"cvxpy": cvxpy.__version__, "numpy": np.__version__}
    Path(out).write_text(json.dumps(res))


def facts(inp: str, out: str) -> None:
    import subprocess

    import numpy as np

    from dlsched.oef.baselines.gavel import (
        _LP,
        normalized_throughputs,
        proportional_throughputs,
    )

    raw = json.loads(Path(inp).read_text())

    def face(T, s, c, w, lower, job_cap=True):
        """Ranges of every x_ij and of the total throughput over {x: coef_i x_i >= lower_i}."""
        J, k = T.shape
        lp = _LP(s, c, job_cap)
        G = T * (s / (w * proportional_throughputs(T, c)))[:, None]
        rows = lp.rows(G, np.zeros(J), lower)
        lo, hi = np.zeros((J, k)), np.zeros((J, k))
        for v in range(J * k):
            cost = np.zeros(lp.n)
            cost[v] = 1.0
            lo.flat[v] = lp.solve(cost, [rows], "vertex")[0][v]
            hi.flat[v] = lp.solve(-cost, [rows], "vertex")[0][v]
        tot = np.append((T * s[:, None]).ravel(), 0.0)
        tmin = float(tot @ lp.solve(tot, [rows], "vertex")[0])
        tmax = float(tot @ lp.solve(-tot, [rows], "vertex")[0])
        return lo, hi, tmin, tmax

    cases = []
    for case in raw["maxmin"]:
        T, c = np.array(case["throughputs"]), np.array(case["capacity"])
        w = np.array(case["weights"])
        X = np.array(case["allocation"])
        s = np.ones(len(T))
        level = float((normalized_throughputs(T, X, c) / w).min())
        # the exact level (HiGHS simplex), then the optimal face at it
        from dlsched.oef.baselines.gavel import gavel_allocation

        _, exact = gavel_allocation(T, s, c, w, point="vertex")
        lo, hi, tmin, tmax = face(T, s, c, w, np.full(len(T), exact - 1e-9))
        spread = float((hi - lo).max())
        cases.append({
            "name": case["name"], "origin": case["origin"], "throughputs": T.tolist(),
            "capacity": c.tolist(), "weights": w.tolist(), "level": level,
            "allocation": X.tolist(), "unique": spread <= 1e-4,
            "max_variable_range": spread,
            "total_throughput": float((T * X).sum()),
            "total_throughput_range": [tmin, tmax],
        })
    hier = []
    for case in raw["hierarchical"]:
        T, c = np.array(case["throughputs"]), np.array(case["capacity"])
        X = np.array(case["allocation"])
        s = np.array(case["scale"], dtype=float)
        levels = normalized_throughputs(T, X, c)
        lo, hi, _, _ = face(T, s, c, np.ones(len(T)), (levels - 1e-7) * s)
        spread = float((hi - lo).max())
        hier.append({**case, "levels": levels.tolist(), "unique": spread <= 1e-4,
                     "max_variable_range": spread})
    gavel_dir = os.environ.get("GAVEL_REPO")  # a git checkout of stanford-futuredata/gavel
    commit = subprocess.run(["git", "-C", gavel_dir, "rev-parse", "HEAD"], capture_output=True,
                            text=True).stdout.strip() if gavel_dir else None
    doc = {
        "source": {"repository": "https://github.com/stanford-futuredata/gavel",
                   "commit": commit,
                   "maxmin_policy": "scheduler/policies/max_min_fairness.py "
                                    "MaxMinFairnessPolicyWithPerf(solver='ECOS')",
                   "hierarchical_policy": "scheduler/policies/max_min_fairness_water_filling.py "
                                          "MaxMinFairnessWaterFillingPolicyWithPerf"
                                          "(priority_reweighting_policies='fairness' per entity)"
                                          ", ECOS + GLPK_MI (cvxopt)",
                   "solver": "ECOS", "versions": raw["versions"]},
        "mapping": "one OEF virtual row = one Gavel job, scale factor 1, priority weight = row "
                   "weight, throughputs = the row's speedups (Gavel normalises each row by its "
                   "proportional throughput, so the unit does not matter)",
        "level": "min_i T_i.x_i / (w_i p_i), p_i = T_i.c / sum(c), of Gavel's clipped allocation",
        "unique": "every x_ij has range <= 1e-4 over the optimal face (HiGHS LPs at the "
                  "level minus 1e-9; a single point shows ranges of 1e-8..1e-5 from that slack)",
        "maxmin": cases,
        "hierarchical": hier,
    }
    Path(out).write_text(json.dumps(doc, indent=1) + "\n")


if __name__ == "__main__":
    mode, *args = sys.argv[1:]
    if mode == "inputs":
        inputs(args[0])
    elif mode == "run":
        run(args[0], args[1], args[args.index("--gavel") + 1])
    elif mode == "facts":
        facts(args[0], args[1])
    else:
        raise SystemExit(f"unknown mode {mode}")
