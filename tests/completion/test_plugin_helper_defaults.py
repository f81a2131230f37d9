"""The list-schedule helper a plug-in builds on does, with its defaults, what the shipped
``wspt-list`` does (issue #33: the helper used to keep every job on one server while the method
spreads, so a plug-in on it scored 14 % worse than the same order through the method).

Expected values come from the registered method run through ``ds.run`` (its own defaults: the
independent path); the instances are ones where spreading matters, so flipping the helper's
``spread`` default back makes ``test_default_list_schedule_is_wspt_list`` fail (checked by
``test_the_instances_tell_the_defaults_apart``).
"""

from __future__ import annotations

import inspect

import pytest

import dlsched as ds
from dlsched.completion.generate import generate
from dlsched.completion.support.lists import list_horizon, list_schedule, wspt_list, wspt_order

#: (seed, architecture): paper-scale generator defaults, jobs wanting more workers than a server
CASES = [(1, "ps"), (2, "ps"), (1, "ring"), (3, "ring")]


def _inst(seed: int, arch: str) -> object:
    return generate(n_jobs=8, n_servers=4, horizon=150, seed=seed, architecture=arch)


def _jobs(res: object) -> tuple[bool, dict[str, tuple[int, int, dict[str, int]]]]:
    """``capped`` (the horizon the schedule was built against) and per job (start, duration,
    workers per server): the schedule, not only its value."""
    data = res.solution.to_json()  # type: ignore[attr-defined]
    return bool(data.get("capped", True)), {
        name: (int(r["start"]), int(r["duration"]), dict(r["workers"]))
        for name, r in data["jobs"].items()
    }


@pytest.mark.parametrize(("seed", "arch"), CASES)
def test_default_list_schedule_is_wspt_list(seed: int, arch: str) -> None:
    inst = _inst(seed, arch)
    shipped = ds.run(inst, "wspt-list")
    assert shipped.status.value == "feasible"
    helper = list_schedule(inst, wspt_order(inst))  # every default
    assert helper is not None
    assert helper.objective == pytest.approx(shipped.objective, rel=1e-12)
    assert _jobs(helper) == _jobs(shipped)
    assert ds.check(inst, helper) == []


@pytest.mark.parametrize(("seed", "arch"), CASES)
def test_wspt_list_defaults_are_the_method(seed: int, arch: str) -> None:
    """``wspt_list`` with its defaults is the registered method (spread placements); the warm
    starts ask for single-server placements explicitly."""
    inst = _inst(seed, arch)
    shipped = ds.run(inst, "wspt-list")
    res = wspt_list(inst)
    assert res is not None and _jobs(res) == _jobs(shipped)


def test_the_instances_tell_the_defaults_apart() -> None:
    """Single-server placements give another schedule on these instances (a worse one on most),
    so the test above fails if ``spread`` defaults to False again."""
    worse = 0
    for seed, arch in CASES:
        inst = _inst(seed, arch)
        spread = list_schedule(inst, wspt_order(inst), spread=True)
        single = list_schedule(inst, wspt_order(inst), spread=False)
        assert spread is not None and single is not None
        assert _jobs(single) != _jobs(spread)
        worse += single.objective > spread.objective
    assert worse >= len(CASES) // 2


def test_signature_defaults_are_the_methods() -> None:
    """The defaults a plug-in author reads in the signature: spread on, tmax from
    ``list_horizon`` (the method's horizon), which the returned schedule may use."""
    sig = inspect.signature(list_schedule)
    assert sig.parameters["spread"].default is True
    inst = _inst(1, "ps")
    order = wspt_order(inst)
    assert _jobs(list_schedule(inst, order)) == _jobs(
        list_schedule(inst, order, list_horizon(inst))
    )
