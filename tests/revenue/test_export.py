"""LP/MPS exporter of the revenue MILP: parameters checked and named, the horizon resolved
like ``revenue-milp``'s, sizes estimated before the build, the budget enforced."""

from __future__ import annotations

import pytest

from dlsched.core.errors import InputError
from dlsched.core.export import Budget
from dlsched.revenue.export import plan_milp
from dlsched.revenue.instance import parse
from dlsched.revenue.model.data import milp_data
from dlsched.revenue.paper import worked_example


@pytest.fixture(scope="module")
def inst():
    return parse(worked_example())


@pytest.mark.parametrize(("params", "field"), [
    ({"time_origin": "bogus"}, "--param time_origin"),
    ({"fixed_workers": 3}, "--param fixed_workers"),
    ({"horizon": 0}, "horizon"),
    ({"horizon": "never"}, "horizon"),
    ({"horizon": 5}, "horizon"),  # another T is another problem: inst.with_rules(horizon=5)
    ({"horizon": "auto"}, "horizon"),
    ({"time_origin": "absolute"}, "time_origin"),  # the instance measures from arrival
    ({"fixed_workers": True}, "fixed_workers"),  # narrower than the instance's 1..D_j
])
def test_bad_parameters_name_the_field(inst, params, field):
    with pytest.raises(InputError) as err:
        plan_milp(inst, Budget(), **params)
    assert err.value.field == field


def test_plan_counts_the_x_columns_of_the_model(inst):
    """T = 5 (see test_bounds): 2 start columns (j11, j21), plus y, z per (job, server, slot
    r+1..T) = 4 jobs x 4 servers x 2 slots, twice, plus Y, Z, h, π per (job, server)."""
    plan = plan_milp(inst.with_rules(horizon=5), Budget())
    assert len(milp_data(inst, 5).value) == 2
    assert plan.columns == 2 + 2 * (4 * 4 * 2) + 4 * 4 * 4
    model = plan.build()
    assert model.nvariables() == plan.columns


def test_budget_refuses_a_large_model(inst):
    with pytest.raises(InputError) as err:
        plan_milp(inst, Budget(max_columns=10))
    assert err.value.field == "--max-columns"
