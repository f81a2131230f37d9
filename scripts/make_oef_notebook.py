"""Write notebooks/oef.ipynb (teaching notebook for OEF) without outputs.

Usage: python scripts/make_oef_notebook.py   (tests/test_notebooks.py executes the result)
"""

# ruff: noqa: E501  (the notebook text lines below are cell content, not code of this script)
from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

ROOT = Path(__file__).resolve().parents[1]

CELLS: list[tuple[str, str]] = [
    ("md", """# OEF: efficient *and* fair sharing of heterogeneous GPUs

Mo, Xu, Lau, *Optimal Resource Efficiency with Fairness in Heterogeneous GPU Clusters*
(Middleware 2024). Users (tenants) run jobs whose throughput differs by GPU type; a user's
**speedup row** $W_l = \\langle 1, w_l^2, \\dots\\rangle$ is its throughput on each type divided by
its throughput on the slowest type. An allocation $X$ gives user $l$ a (time-averaged) share
$x_l^j$ of type-$j$ GPUs; its **efficiency** (normalised throughput) is $E_l = W_l\\cdot x_l$.

This notebook compares the three OEF linear programs, the fairness properties they guarantee,
what a lying user gains, the baselines the paper compares against, and the placer that turns
fractional shares into whole GPUs. Formulations: `models/oef.md`; golden values: the spec's §9."""),
    ("code", """from fractions import Fraction
from pathlib import Path

import matplotlib
import matplotlib.pyplot as plt
import numpy as np

import dlsched as ds
from dlsched.oef.properties import properties
from dlsched.oef.solution import row_efficiency

np.set_printoptions(precision=4, suppress=True)
HERE = Path.cwd()
ROOT = next(p for p in (HERE, *HERE.parents) if (p / "instances" / "oef").is_dir())
INSTANCES = ROOT / "instances" / "oef"
w1 = ds.load(INSTANCES / "paper-w1.json")    # W_1 = [[1,2],[1,3],[1,4]], one slow + one fast GPU
eq6 = ds.load(INSTANCES / "paper-eq6.json")  # eq (6): W = [[1,2],[1,5]]
print(w1.rows.W, w1.capacity)"""),
    ("md", """## 1. Three mechanisms on the running example $W_1$

* **(4) efficiency**: $\\max \\sum_l E_l$ subject to capacity — the fast GPU goes to $u_3$.
* **(9) non-cooperative OEF**: maximise efficiency with *equal* $E_l$ for everyone (strategy-proof).
* **(10) cooperative OEF**: maximise efficiency subject to envy-freeness ($W_l\\cdot x_l\\ge W_l\\cdot x_i$)."""),
    ("code", """MECHANISMS = {"efficiency": "oef-efficiency", "non-coop": "oef-noncooperative",
              "coop": "oef-cooperative"}


def show(inst, results):
    for label, res in results.items():
        sol = res.solution
        assert ds.check(inst, res) == [], label  # every solution passes the validator
        print(f"{label:>12}: total {sol['total_efficiency']:.4f}  E = {np.round(sol['efficiency'], 4)}")
        print(" " * 14, np.array(sol["allocation"]).round(4).tolist())


w1_results = {label: ds.solve(w1, model) for label, model in MECHANISMS.items()}
show(w1, w1_results)
# spec §9: G4 total 5, G2b total 54/13, G2 X* = [[1,0],[0,1/2],[0,1/2]] with total 4.5
assert abs(w1_results["efficiency"].objective - 5) < 1e-9
assert abs(w1_results["non-coop"].objective - 54 / 13) < 1e-9
assert np.allclose(w1_results["coop"].solution["allocation"], [[1, 0], [0, 0.5], [0, 0.5]])"""),
    ("md", """Cooperative OEF gives up 10% of the total (4.5 vs 5) to remove envy; non-cooperative OEF
gives up more (4.154), because everybody must reach the *same* efficiency.

On eq (6) the paper's cooperative allocation is $X=[[1,\\frac14],[0,\\frac34]]$: $u_1$ is exactly
indifferent between its bundle and $u_2$'s ($1 + 2\\cdot\\frac14 = 2\\cdot\\frac34$)."""),
    ("code", """eq6_results = {label: ds.solve(eq6, model) for label, model in MECHANISMS.items()}
show(eq6, eq6_results)
X = np.array(eq6_results["coop"].solution["allocation"])
print("as fractions:", [[str(Fraction(v).limit_denominator(100)) for v in row] for row in X])
assert np.allclose(X, [[1, 0.25], [0, 0.75]])"""),
    ("md", """## 2. Fairness properties

* **SI** (sharing incentive): everyone is at least as well off as with $1/n$ of every type.
* **EF** (envy-freeness): nobody values another user's bundle more than its own.
* **PE** (Pareto efficiency): no reallocation helps someone without hurting someone.

`properties()` evaluates them on any solution (slack < 0 means violated)."""),
    ("code", """def verdicts(inst, results):
    rows = []
    for label, res in results.items():
        p = properties(inst, res.solution)
        rows.append((label, p["sharing_incentive"]["holds"], p["envy_free"]["holds"],
                     p["pareto_efficient"]["holds"], round(p["total_efficiency"], 4)))
    print(f"{'method':>12} {'SI':>6} {'EF':>6} {'PE':>6} {'total':>8}")
    for label, si, ef, pe, tot in rows:
        print(f"{label:>12} {si!s:>6} {ef!s:>6} {pe!s:>6} {tot:>8}")


verdicts(w1, w1_results)"""),
    ("md", """Pure efficiency starves $u_2$ (no SI, no EF). Non-cooperative OEF equalises
efficiency (1.385 each), which is *below* $u_3$'s equal-split value $W_3\\cdot\\frac{m}{3} = \\frac53$:
it trades SI and EF for strategy-proofness. Cooperative OEF has SI and EF (Thm 5.1); all three are
Pareto-efficient here (cooperative OEF is not PE in general, spec §7).

## 3. A lying user

Cooperative OEF is **not** strategy-proof: on eq (6), $u_1$ reports $\\langle1,4\\rangle$ instead of
$\\langle1,2\\rangle$ and gets more fast GPU. Its gain is measured with its **true** speedups
(spec G5-lie: true $E_1$ rises from 1.5 to 1.75, +16.7%). On Fig. 2 ($W=[[1,2],[1,4]]$) reporting
$\\langle1,3\\rangle$ raises $E_1$ from 1.5 to 5/3 (G8). Non-cooperative OEF punishes the same lies
(G8-nc)."""),
    ("code", """def lie(inst, row, report, model):
    honest = ds.solve(inst, model)
    lying = ds.solve(inst.with_speedup(row, report), model)
    true_e = lambda res: row_efficiency(inst, np.array(res.solution["allocation"]))[row]
    return true_e(honest), true_e(lying)


fig2 = ds.load(INSTANCES / "paper-fig2.json")
for name, inst, report in [("eq (6)", eq6, [1, 4]), ("Fig. 2", fig2, [1, 3])]:
    for model in ("oef-cooperative", "oef-noncooperative"):
        before, after = lie(inst, 0, report, model)
        print(f"{name:>7} {model:>19}: u1 reports {report}: true E1 {before:.4f} -> {after:.4f}"
              f" ({'gains' if after > before + 1e-9 else 'no gain'})")
before, after = lie(eq6, 0, [1, 4], "oef-cooperative")
assert abs(before - 1.5) < 1e-9 and abs(after - 1.75) < 1e-9"""),
    ("md", """## 4. Baselines: max-min, Gavel, Gandiva_fair

* **max-min**: equal split of every type.
* **Gavel**: max-min of efficiency relative to the equal split, with a per-job cap
  $\\sum_j x_l^j \\le 1$ (needed to reproduce the paper: $t = 12/11$, spec G3).
* **Gandiva_fair**: equal split, then users trade slow for fast GPUs at a second price (G1).

Both Gavel and Gandiva_fair leave envy ($u_3$ envies $u_2$) and lower total efficiency than
cooperative OEF's 4.5."""),
    ("code", """baselines = {name: ds.run(w1, name) for name in ("max-min", "gavel", "gandiva-fair")}
show(w1, baselines)
verdicts(w1, baselines)
assert abs(baselines["gavel"].objective - 48 / 11) < 1e-9  # spec G3"""),
    ("md", """## 5. Allocations at a glance

Stacked bars: per user, its share of each GPU type (bottom: slow, top: fast)."""),
    ("code", """every = {**w1_results, **baselines}
fig, axes = plt.subplots(1, len(every), figsize=(2.2 * len(every), 2.8), sharey=True)
colors = ["#9ecae1", "#3182bd"]
for ax, (label, res) in zip(axes, every.items()):
    X = np.array(res.solution["allocation"])
    bottom = np.zeros(len(X))
    for j, gpu in enumerate(w1.gpu_types):
        ax.bar([u.name for u in w1.users], X[:, j], bottom=bottom, color=colors[j], label=gpu.name)
        bottom += X[:, j]
    ax.set_title(f"{label}\\nΣ={res.solution['total_efficiency']:.3f}", fontsize=9)
axes[0].set_ylabel("GPUs")
axes[-1].legend(fontsize=8)
fig.tight_layout()
plt.show()"""),
    ("md", """## 6. The placer: whole GPUs, round by round

GPUs are not shared inside a round, so the placer rounds each fractional share with a running
deviation: grant $\\lfloor \\text{ideal} + \\text{dev} + \\frac12\\rfloor$ (0 if below the user's minimum
job size), repair capacity, and carry $\\text{dev} \\mathrel{+}= \\text{ideal} - \\text{granted}$.
On eq (6) $u_1$ should hold the fast GPU one round in four."""),
    ("code", """placed = ds.run(eq6, "oef-placer", rounds=8)
assert ds.check(eq6, placed) == []
grants = np.array(placed.solution["rounds"])  # rounds x users x types
for j, gpu in enumerate(eq6.gpu_types):
    print(f"{gpu.name}:", {u.name: grants[:, i, j].tolist() for i, u in enumerate(eq6.users)})
print("realised / fractional efficiency:", round(placed.stats["realised_ratio"], 4))
assert grants[:, 0, 1].tolist() == [0, 1, 0, 0, 0, 1, 0, 0]"""),
    ("md", """## 7. Real throughputs (Gavel's K80/P100/V100 measurements)

`instances/oef/gavel-n4-s0.json`: four Gavel job types on 8 GPUs of each type. Note that the
Recommendation job runs *slower* on V100 than on K80 — real speedups need not be monotone."""),
    ("code", """gavel4 = ds.load(INSTANCES / "gavel-n4-s0.json")
print([u.name for u in gavel4.users])
print(gavel4.rows.W.round(3))
table = {**{label: ds.solve(gavel4, model) for label, model in MECHANISMS.items()},
         **{name: ds.run(gavel4, name) for name in ("max-min", "gavel", "gandiva-fair")}}
for label, res in table.items():
    assert ds.check(gavel4, res) == []
    print(f"{label:>12}: total normalised throughput {res.solution['total_efficiency']:8.3f}")
# Gavel's default cap sum_j x <= 1 models ONE single-GPU job per tenant: only 4 of 24 GPUs are
# used. A tenant with many jobs has no such cap; without it Gavel uses the whole cluster.
uncapped = ds.run(gavel4, "gavel", cap=None)
assert ds.check(gavel4, uncapped) == []
print(f"{'gavel, no cap':>12}: total normalised throughput {uncapped.objective:8.3f}")
placed = ds.run(gavel4, "oef-placer", rounds=50)
assert ds.check(gavel4, placed) == []
print("placer (coop, 50 rounds): realised ratio", round(placed.stats["realised_ratio"], 4))"""),
]


def build() -> nbformat.NotebookNode:
    nb = new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [new_markdown_cell(src) if kind == "md" else new_code_cell(src) for kind, src in CELLS]
    return nb


def main() -> int:
    path = ROOT / "notebooks" / "oef.ipynb"
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(build(), str(path))
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
