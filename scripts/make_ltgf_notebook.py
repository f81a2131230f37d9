"""Write notebooks/ltgf.ipynb (teaching notebook for LTGF / ASTRAEA) without outputs.

Usage: python scripts/make_ltgf_notebook.py   (tests/test_notebooks.py executes the result)
"""

# ruff: noqa: E501  (the notebook text lines below are cell content, not code of this script)
from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

ROOT = Path(__file__).resolve().parents[1]

CELLS: list[tuple[str, str]] = [
    ("md", """# LTGF: long-term GPU-time fairness (ASTRAEA)

Ye et al., *ASTRAEA: A Fair Deep Learning Scheduler for Multi-Tenant GPU Clusters* (TPDS 2022).
Tenants share a GPU cluster; gang jobs run in **leases**; at each tick ASTRAEA picks the tenant
with the lowest long-term fairness $\\rho^{ten}$ (attained GPU time / fair share), then that
tenant's job with the lowest job fairness $\\rho^{job}$, and places it on as few nodes as
possible. $\\rho\\ge1$ means the sharing incentive is met. Spec: `shared/spec/ltgf.md`;
formulation of the exact counterpart: `models/ltgf.md`."""),
    ("code", """import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

import dlsched as ds
from dlsched.ltgf.brute import brute_force
from dlsched.ltgf.metrics import job_rho, occupancy, tenant_window_rho, timeline_arrays

fig6 = ds.load("../instances/ltgf/paper-fig6.json")
fig6"""),
    ("md", """## Fig. 6: three jobs on 6 GPUs

J1 needs 6 GPUs, J2 and J3 need 3; each runs 40 min; rounds of 10 min. With gang scheduling the
instantaneous fair share (2 GPUs each) is infeasible; fairness must be achieved **over time**.
ASTRAEA alternates J1 and J2+J3 so that every job gets exactly its fair share (spec §8 (c));
Themis' finish-time fairness leaves J2 and J3 below their share."""),
    ("code", """def gantt(ax, inst, res, title):
    for name, s, e, *_ in res.solution["segments"]:
        i = inst.job_index[name]
        ax.barh(i, (e - s) / 60, left=s / 60, color=f"C{i}")
    ax.set_yticks(range(inst.n_jobs), [j.name for j in inst.jobs])
    ax.set_xlabel("minutes"); ax.set_title(title)

runs = {"astraea-ltgf": ds.run(fig6, "astraea-ltgf"), "themis": ds.run(fig6, "themis", error=0.0)}
fig, axes = plt.subplots(1, 2, figsize=(10, 2.5))
for ax, (name, res) in zip(axes, runs.items()):
    gantt(ax, fig6, res, name)
    a, f = job_rho(fig6, timeline_arrays(fig6, res.solution))
    print(name, "JCT (min):", [res.solution["completion"][j] / 60 for j in ("J1", "J2", "J3")],
          "job rho:", np.round(a / f, 3), "valid:", ds.check(fig6, res) == [])
plt.tight_layout()"""),
    ("md", """The offline optimum: both exact models (HiGHS MILP, CP-SAT) prove max-min tenant $\\rho=1$,
and the brute force over every slot schedule finds job-level max-min $\\rho=1$, attained by
exactly 10 schedules, all ending J1, J1 with JCT (80, 60, 60) — ASTRAEA's schedule among them."""),
    ("code", """for model in ("ltgf-milp", "ltgf-cpsat"):
    print(ds.solve(fig6, model=model).summary())
best, schedules = brute_force(fig6, horizon=9, level="job")
print("brute force: max-min job rho", best, "attained by", len(schedules), "schedules")"""),
    ("md", """## Fairness over time per tenant

A synthetic workload with the published Venus statistics (52.5% single-GPU jobs, 67.3% shorter
than 10 min) on a contended 4-node cluster. Each point is a tenant's $\\rho^{ten}$ (Eq. 12 with (8))
over a 2-hour window; windows with $\\rho<1$ count towards the **unfairness ratio**."""),
    ("code", """inst = ds.generate("ltgf", n_jobs=150, tenants=4, nodes=4, days=0.5, seed=3)
fig, axes = plt.subplots(1, 2, figsize=(11, 3.2), sharey=True)
for ax, name in zip(axes, ("astraea-ltgf", "yarn-cs")):
    res = ds.run(inst, name, window=7200)
    A, F, edges = tenant_window_rho(inst, timeline_arrays(inst, res.solution), 7200)
    with np.errstate(divide="ignore", invalid="ignore"):
        rho = np.where(F > 0, A / F, np.nan)
    for k, t in enumerate(inst.tenants):
        ax.plot(edges[:-1] / 3600, rho[k], marker="o", label=t.name)
    ax.axhline(1, color="k", lw=0.8)
    ax.set_title(f"{name}: unfairness ratio {res.stats['unfairness_ratio']:.2f}")
    ax.set_xlabel("hours"); ax.set_ylim(0, 3)
axes[0].set_ylabel("tenant rho per window"); axes[0].legend()
plt.tight_layout()"""),
    ("md", """## GPU occupancy per tenant

Stacked GPUs in use over time under ASTRAEA: tenants borrow idle GPUs beyond their quota and
give them back at lease ends."""),
    ("code", """res = ds.run(inst, "astraea-ltgf")
t, occ = occupancy(inst, res.solution)
fig, ax = plt.subplots(figsize=(10, 3))
ax.stackplot(t / 3600, occ, step="post", labels=[x.name for x in inst.tenants])
ax.axhline(inst.gpus, color="k", lw=0.8)
ax.set_xlabel("hours"); ax.set_ylabel("GPUs in use"); ax.legend(loc="upper right")
print({k: round(v, 3) for k, v in res.stats.items() if isinstance(v, float)})"""),
    ("md", """## Online vs offline optimum on a real Philly window

A sampled window of the Philly trace (4 VCs, 10 jobs, 1-hour slots, slotted mode): the ratio of
each scheduler's min tenant $\\rho$ to the exact optimum (≤ 1 by construction of the horizon)."""),
    ("code", """win = ds.load("../instances/ltgf/philly-window-n10-s0.json")
opt = ds.solve(win)
print(opt.summary())
for name in ("astraea-ltgf", "themis", "tiresias-l", "yarn-cs", "gandiva-fair"):
    r = ds.run(win, name)
    print(f"{name:18s} min rho {r.objective:.4f}  ratio {r.objective / opt.objective:.3f}")"""),
]


def main() -> None:
    nb = new_notebook()
    nb.cells = [new_markdown_cell(src) if kind == "md" else new_code_cell(src) for kind, src in CELLS]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    out = ROOT / "notebooks" / "ltgf.ipynb"
    nbformat.write(nb, out)
    print("wrote", out)


if __name__ == "__main__":
    main()
