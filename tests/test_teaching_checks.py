"""The five problem notebooks' checkers (``dlsched.teaching.checks``): safe for grading.

Beside tests/test_notebooks.py (each recorded wrong answer fails, the solutions pass): a wrong
answer's message does not contain the right answer, numpy answers pass, a wrong type gets one
line, and the checkers' hand computations agree with the package where both exist.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

import dlsched as ds
from dlsched.teaching import instance_path
from dlsched.teaching.checks import completion, ltgf, oef, ojpp, revenue
from dlsched.teaching.grading import NotCorrect

#: (module, exercise, the right answer, a wrong one): numeric exercises only.
NUMERIC = [
    (completion, 1, 43, 31),
    (completion, 3, 25, 38),
    (ltgf, 2, 0.75, 1.0),
    (ojpp, 1, 3, 4),
    (ojpp, 3, 30, 72),
    (revenue, 1, 7, 6),
    (revenue, 2, 11.0, 9.0),
    (revenue, 3, 3, 5),
]


def _message(check, answer) -> str:
    with pytest.raises(NotCorrect) as err:
        check(answer)
    return str(err.value)


@pytest.mark.parametrize(
    ("module", "number", "right", "wrong"), NUMERIC, ids=lambda x: getattr(x, "__name__", str(x))
)
def test_a_wrong_number_does_not_reveal_the_right_one(module, number, right, wrong, capsys):
    check = getattr(module, f"check_exercise_{number}")
    text = _message(check, wrong)
    assert text.startswith("not correct: ") and "\n" not in text
    shown = {float(x) for x in re.findall(r"\d+(?:\.\d+)?", text)}
    assert float(right) not in shown, text
    check(np.float64(right) if isinstance(right, float) else np.int64(right))  # numpy passes
    assert capsys.readouterr().out.startswith("correct")


@pytest.mark.parametrize(
    ("module", "number"), [(completion, 1), (ltgf, 2), (ojpp, 3), (revenue, 2), (oef, 3), (ltgf, 1)]
)
def test_a_wrong_type_gets_one_line(module, number) -> None:
    text = _message(getattr(module, f"check_exercise_{number}"), "seven")
    assert "\n" not in text and "should be" in text, text


def test_array_answers_pass(capsys) -> None:
    """Lists and numpy arrays alike (an allocation matrix, a list of JCTs)."""
    allocation = 0.5 * np.full((3, 2), 1 / 3) + 0.5 * np.array([[1, 0], [0, 0.5], [0, 0.5]])
    oef.check_exercise_1(allocation)
    ltgf.check_exercise_1(np.array([40, 40, 40]))
    oef.check_exercise_3((np.float64(1.0), np.bool_(False)))
    assert capsys.readouterr().out.count("correct") == 3


def test_oef_exercise_1_needs_all_three_properties() -> None:
    """Envy (max-efficiency), the equal split's total (not above 4), Pareto efficiency (coop)."""
    assert "not envy-free" in _message(oef.check_exercise_1, [[1, 0], [0, 0], [0, 1]])
    assert "not above" in _message(oef.check_exercise_1, np.full((3, 2), 1 / 3))
    assert "Pareto" in _message(oef.check_exercise_1, [[1, 0], [0, 0.5], [0, 0.5]])
    assert "more than once" in _message(oef.check_exercise_1, [[1, 1], [0, 0.5], [0, 0.5]])


def test_ltgf_lifetime_rho_agrees_with_the_package() -> None:
    """The checker's hand count equals dlsched.ltgf.metrics.job_rho on Fig. 6's runs."""
    from dlsched.ltgf.metrics import job_rho, timeline_arrays

    fig6 = ds.load(instance_path("ltgf/paper-fig6.json"))
    slots = {
        "astraea-ltgf": ltgf.ASTRAEA,
        "themis": ["J1", "J23", "J1", "J23", "J1", "J23", "J1", "J23"],
    }
    for name, kwargs in (("astraea-ltgf", {}), ("themis", {"error": 0.0})):
        res = ds.run(fig6, name, **kwargs)
        a, f = job_rho(fig6, timeline_arrays(fig6, res.solution))
        hand = ltgf.lifetime_rho(slots[name])
        assert np.allclose(a / f, [hand[j] for j in ("J1", "J2", "J3")]), name


def test_ltgf_exercise_3_refuses_astraea_and_unfinished_jobs() -> None:
    assert "ASTRAEA" in _message(ltgf.check_exercise_3, list(ltgf.ASTRAEA))
    assert "needs exactly 4" in _message(ltgf.check_exercise_3, ["J1"] * 3 + ["J23"] * 4)
    assert "is not one of" in _message(ltgf.check_exercise_3, ["J9"] * 8)


def test_completion_exercise_1_by_hand_matches_a_online() -> None:
    """The checker's doubling rule gives A_online's S3 totals for several alphas."""
    from dlsched.completion.paper import golden

    s3 = golden("s3")
    for alpha in (1, 2, 3, 4, 6):
        assert (
            completion._a_online_by_hand(completion.S3, alpha)
            == ds.run(s3, "a-online", alpha=alpha).objective
        )


def test_completion_exercise_3_matches_the_run_with_equal_weights() -> None:
    import dataclasses

    from dlsched.completion.generate import generate

    inst = generate(**completion.FIRST_INSTANCE)
    equal = dataclasses.replace(inst, weight=np.ones(inst.n_jobs))
    expected = ds.run(equal, "a-online").stats["alpha_theory"]
    completion.check_exercise_3(expected)  # no exception: the formula and the code agree


def test_ojpp_collision_by_enumeration_matches_tau() -> None:
    from dlsched.ojpp import tau

    for probs in ([0.2, 0.2], [0.1, 0.2, 0.3], [0.3, 0.3, 0.3], [0.2, 0.2, 0.05, 0.05, 0.05]):
        assert ojpp._collision(tuple(probs)) == pytest.approx(tau(probs), abs=1e-12)
