"""ortools CP-SAT, Pyomo appsi HiGHS and cvxpy's HIGHS must work in one process, in any import
order (DESIGN.md: highspy >= 1.15 clashes with the HiGHS bundled in ortools 9.15)."""

from __future__ import annotations

import itertools
import subprocess
import sys
import textwrap

import pytest

SNIPPETS = {
    "cpsat": """
        from ortools.sat.python import cp_model
        m = cp_model.CpModel(); x = m.new_int_var(0, 10, "x"); y = m.new_int_var(0, 10, "y")
        m.add(x + 2 * y <= 7); m.maximize(3 * x + 4 * y)
        s = cp_model.CpSolver(); assert s.solve(m) == cp_model.OPTIMAL
        assert s.objective_value == 21, s.objective_value
    """,
    "appsi_highs": """
        import pyomo.environ as pyo
        from pyomo.contrib.appsi.solvers import Highs
        m = pyo.ConcreteModel(); m.x = pyo.Var(domain=pyo.NonNegativeIntegers, bounds=(0, 10))
        m.y = pyo.Var(domain=pyo.NonNegativeIntegers, bounds=(0, 10))
        m.c = pyo.Constraint(expr=m.x + 2 * m.y <= 7)
        m.o = pyo.Objective(expr=3 * m.x + 4 * m.y, sense=pyo.maximize)
        r = Highs().solve(m); assert abs(r.best_feasible_objective - 21) < 1e-9
    """,
    "cvxpy_highs": """
        import cvxpy as cp
        x = cp.Variable(2, nonneg=True)
        p = cp.Problem(cp.Maximize(3 * x[0] + 4 * x[1]), [x[0] + 2 * x[1] <= 7, x <= 10])
        p.solve(solver=cp.HIGHS); assert abs(p.value - 21) < 1e-7, p.value
    """,
}


@pytest.mark.parametrize("order", list(itertools.permutations(SNIPPETS)))
def test_solvers_coexist_in_any_import_order(order):
    code = "\n".join(textwrap.dedent(SNIPPETS[name]) for name in order) + "\nprint('ok')\n"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip().endswith("ok")
