"""Write notebooks/ojpp.ipynb (teaching notebook for OJPP) without outputs.

Usage: python scripts/make_ojpp_notebook.py   (tests/test_notebooks.py executes the result)
"""

# ruff: noqa: E501  (the notebook text lines below are cell content, not code of this script)
from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

ROOT = Path(__file__).resolve().parents[1]

CELLS: list[tuple[str, str]] = [
    ("md", """# OJPP: interference-aware opportunistic GPU placement

Li et al., *Interference-aware opportunistic job placement for shared distributed deep learning
clusters* (JPDC 2023). Data-parallel jobs have identical workers; each worker needs compute
$\\alpha$ and memory $\\gamma$ always plus a burst $\\delta$ with probability $p$. Workers are packed
onto the fewest GPUs such that all bases plus the largest burst fit (3), the probability that two
or more workers burst at once stays below $\\bar\\tau$ (5), no worker is slowed down by more than
$\\bar\\theta$ (7), and each job's workers are slowed down evenly (spread $\\le\\theta'$, (8)).
Formulations: `models/ojpp.md`; golden values: spec §10."""),
    ("code", """import json

import matplotlib
import matplotlib.pyplot as plt
import numpy as np

import dlsched as ds
from dlsched.ojpp import GOLDEN_O1, parse, tau
from dlsched.ojpp.metrics import metrics
from dlsched.ojpp.solution import counts

matplotlib.use("Agg")
np.set_printoptions(precision=4, suppress=True)"""),
    ("md", """## Collision probability (4)

$\\tau(D)=1-P_0(1+S)$ with $P_0=\\prod(1-p_w)$ and $S=\\sum p_w/(1-p_w)$. Golden values of the spec:
$\\tau(0.2,0.2)=0.04$, $\\tau(0.1,0.2,0.3)=0.098$, $\\tau(0.3,0.3,0.3)=0.216$. The plot shows how fast
$\\tau$ grows with the number of identical workers on one GPU, and where the paper's limit 0.1 cuts."""),
    ("code", """for probs in ([0.2, 0.2], [0.1, 0.2, 0.3], [0.3, 0.3, 0.3]):
    print(probs, round(tau(probs), 6))

fig, ax = plt.subplots(figsize=(6, 3.5))
ks = np.arange(1, 9)
for p in (0.05, 0.1, 0.2, 0.3):
    ax.plot(ks, [tau([p] * k) for k in ks], marker="o", label=f"p = {p}")
ax.axhline(0.1, color="k", ls="--", lw=1, label="limit 0.1")
ax.set_xlabel("identical workers on one GPU")
ax.set_ylabel("collision probability")
ax.legend()
plt.show()"""),
    ("md", """## The golden instance G-O1 and a packing per device

Three jobs (A: 2 workers, B: 3, C: 2). The spec's table gives the optimum under each constraint set;
with every constraint it is 5 devices. Each bar below is one GPU, stacked by worker: compute on the
left axis, memory (base, plus the largest burst hatched) next to it."""),
    ("code", """inst = parse(json.loads(GOLDEN_O1))
res = ds.solve(inst, model="ojpp-patterns")
print(res.summary(), ds.check(inst, res))
for model in ("ojpp-compact",):  # CP-SAT agrees too (tests); it takes a few seconds
    print(model, ds.solve(inst, model=model).objective)

Y = counts(inst, res.solution)
a = inst.demand[:, 0] / inst.cap[0]
g = inst.demand[:, 1] / inst.cap[1]
d = inst.burst / inst.cap[1]
colors = plt.cm.tab10(np.arange(inst.n_jobs))
fig, ax = plt.subplots(figsize=(7, 3.5))
for k, y in enumerate(Y):
    c_base = m_base = 0.0
    for i in np.flatnonzero(y):
        for _ in range(y[i]):
            ax.bar(k - 0.2, a[i], 0.38, bottom=c_base, color=colors[i], edgecolor="k")
            ax.bar(k + 0.2, g[i], 0.38, bottom=m_base, color=colors[i], edgecolor="k")
            c_base += a[i]
            m_base += g[i]
    top = int(np.argmax(np.where(y > 0, d, -1)))
    ax.bar(k + 0.2, d[top], 0.38, bottom=m_base, color="none", edgecolor=colors[top], hatch="//")
ax.axhline(1.0, color="k", lw=1)
ax.set_xticks(range(len(Y)), [f"GPU {k}" for k in range(len(Y))])
ax.set_ylabel("share of the GPU (left: compute, right: memory)")
for i, job in enumerate(inst.jobs):
    ax.bar(0, 0, color=colors[i], label=job.name)
ax.legend()
plt.show()"""),
    ("md", """## Algorithms on a paper-size workload

20 jobs with 1-10 workers (Mixed class). The baselines drop constraints, so they use fewer devices
but their placements violate the full constraint set (the validator lists how often)."""),
    ("code", """work = ds.generate("ojpp", workload="mixed", n_jobs=20, max_workers=10, seed=0)
opt = ds.solve(work, model="ojpp-patterns", time_limit=30)
print("workers", work.n_workers, "| optimum", opt.objective, opt.status.value)
for name in ("heuristic", "greedy", "best-fit", "i-greedy", "b-greedy", "c-greedy"):
    r = ds.run(work, name)
    perf = metrics(work, r)["guaranteed_performance"]
    print(f"{name:10s} devices {r.objective:5.0f}  performance {perf:.3f}  violations {len(ds.check(work, r)):3d}")"""),
    ("md", """## Trade-off (Table 5): devices vs guaranteed performance

Loosening the limits $(\\bar\\tau,\\bar\\theta,\\theta')$ saves devices and costs performance. For each
row of Table 5 we place one Mixed workload with the Heuristic and compute the spec §8 metrics:
reduced resource consumption $1-\\#\\text{devices}/\\sum\\omega$ and guaranteed performance."""),
    ("code", """rows = [(0.05, 0.1, 0.1), (0.05, 0.2, 0.1), (0.05, 0.4, 0.1), (0.1, 0.2, 0.1), (0.1, 0.2, 0.2), (0.1, 0.4, 0.2)]
saved, perf = [], []
for t, th, b in rows:
    w = ds.generate("ojpp", workload="mixed", n_jobs=20, max_workers=10, seed=0,
                    collision=t, interference=th, balance=b)
    r = ds.run(w, "heuristic")
    m = metrics(w, r)
    saved.append(m["resource_saving"])
    perf.append(m["guaranteed_performance"])
    print((t, th, b), {k: round(v, 3) for k, v in m.items() if k in ("resource_saving", "guaranteed_performance")})
fig, ax = plt.subplots(figsize=(5, 3.5))
ax.plot(saved, perf, marker="o")
for (t, th, b), x, y in zip(rows, saved, perf):
    ax.annotate(f"({t},{th},{b})", (x, y), fontsize=7)
ax.set_xlabel("reduced resource consumption")
ax.set_ylabel("guaranteed performance")
plt.show()"""),
]


def main() -> int:
    nb = new_notebook()
    nb.cells = [new_markdown_cell(src) if kind == "md" else new_code_cell(src)
                for kind, src in CELLS]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    out = ROOT / "notebooks" / "ojpp.ipynb"
    nbformat.write(nb, out)
    print("wrote", out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
