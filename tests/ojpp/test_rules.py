"""Issue 32: the OJPP statement lives in the instance. ``Problem.rules`` reads it from the
instance alone; the device-count models refuse an OJPAP statement and ``ojpap-exact`` an OJPP
one; ``ds.solve`` picks the model that states the instance's problem."""

from __future__ import annotations

import pytest

import dlsched as ds
from dlsched.core.errors import InputError
from dlsched.core.registry import PROBLEMS
from dlsched.ojpp.exact.ojpap import ojpap_instance

from .helpers import golden


def test_rules_come_from_the_instance():
    prob = PROBLEMS.get("ojpp")
    inst = golden()
    r = prob.rules(inst)
    assert r["objective"] == "devices" and r["memory"] == "opportunistic"
    assert r["collision_model"] == inst.collision_model
    assert r["interference_model"] == inst.interference_model
    assert r["limits"] == [n for n in ("collision", "interference", "balance")
                           if getattr(inst.limits, n) is not None]
    assert prob.model_for(inst) == "ojpp-patterns"
    stated = ojpap_instance(inst)
    assert prob.rules(stated)["objective"] == "max_slowdown"
    assert prob.model_for(stated) == "ojpap-exact"
    text = " ".join(prob.describe_rules(prob.rules(stated)))
    assert "migration budget" in text and "largest worker slowdown" in text
    assert "fewest" not in text and "devices used (minimised)" not in text


def test_limits_sentences_follow_the_active_limits():
    prob = PROBLEMS.get("ojpp")
    inst = golden().with_limits(type(golden().limits)())  # every limit off
    text = " ".join(prob.describe_rules(prob.rules(inst)))
    assert "collision (5)" not in text and "balance (8)" not in text
    assert "memory (3)" in text and "devices used (minimised)" in text


@pytest.mark.parametrize("model", ["ojpp-patterns", "ojpp-compact", "ojpp-cpsat"])
def test_device_models_refuse_an_ojpap_statement(model):
    with pytest.raises(InputError) as err:
        ds.solve(ojpap_instance(golden()), model=model)
    assert err.value.field == "objective"


def test_solve_picks_the_model_of_the_statement():
    inst = golden()
    assert ds.solve(inst).method == "ojpp-patterns"
    stated = ojpap_instance(inst)
    res = ds.solve(stated)
    assert res.method == "ojpap-exact" and ds.check(stated, res) == []
    # Theta of the re-placement: no worse than the reference's
    assert res.objective <= PROBLEMS.get("ojpp").objective(
        stated, {"devices": [dict(d) for d in stated.reference]}) + 1e-9


def test_adjustment_starts_from_the_stated_reference():
    inst = golden()
    ref = {"devices": [{"C": 2}, {"A": 1}, {"A": 1}, {"B": 2}, {"B": 1}]}
    stated = ojpap_instance(inst, ref, 0.0)
    theta_ref = PROBLEMS.get("ojpp").objective(stated, ref)
    res = ds.run(stated, "adjustment", steps=1)
    assert res.stats["theta_initial"] == pytest.approx(theta_ref)  # started from y0
    # its objective is the instance's (Theta of its placement), not the devices used
    assert res.objective == pytest.approx(PROBLEMS.get("ojpp").objective(stated, res.solution))
