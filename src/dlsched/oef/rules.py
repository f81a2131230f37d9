"""The OEF problem statement an instance states: its ``fairness`` rule (notes §1-§2).

``fairness`` is an instance field, read by the validator and by every exact model:

* ``"none"``: capacity only, the statement of LP (4) (``oef-efficiency``);
* ``"cooperative"``: capacity and weighted envy-freeness between virtual rows,
  ``E_r / pi_r >= W_r . x_s / pi_s`` for every pair r != s (notes §3 replication reading),
  the statement of LP (10) (``oef-cooperative``);
* ``"noncooperative"``: capacity and equal weighted normalised throughput,
  ``E_r / pi_r = T`` for every virtual row r (one common level T), the statement of LP (9)
  (``oef-noncooperative``).

Rows are the virtual users (one per (user, job type), weight ``pi_u / t_u``, notes §3); with one
job type per user they are the users. The fairness rows hold to the relative tolerance
``FAIR_RTOL`` (see ``dlsched.oef.validate``).
"""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..core.errors import InputError

#: The fairness rules an instance may state, and the exact model whose feasible set each is.
MODEL_OF: dict[str, str] = {
    "none": "oef-efficiency",
    "cooperative": "oef-cooperative",
    "noncooperative": "oef-noncooperative",
}
#: The fairness rule each exact model states (inverse of ``MODEL_OF``).
FAIRNESS_OF: dict[str, str] = {model: rule for rule, model in MODEL_OF.items()}
#: Default of the instance field: capacity only, so files written before the field keep their
#: meaning of "an allocation" (the validator then checked capacity only).
DEFAULT_FAIRNESS = "none"

#: Relative tolerance of the fairness rows (envy, equal level): a violation counts when it
#: exceeds ``FAIR_RTOL`` times the larger of the two compared values (per unit of weight).
#: Measured: HiGHS (full, lazy, menu), Pyomo and cvxpy solutions reach 2e-12 at most, the stored
#: lib records 1.5e-12; relaxing every envy row by 1e-8 raises the LP (10) optimum of the lib
#: sets by at most 5.4e-8 relative (1e-6: 5.4e-6), so a bound of LP (10) stays valid within
#: the library's 1e-6 for every allocation this tolerance accepts.
FAIR_RTOL = 1e-8
#: Floor of the fairness comparison: a fraction of ``W_r.m / pi_r``, a user's value of the whole
#: cluster, below which two values count as equal (both ~0).
FAIR_FLOOR = 1e-9

_CAPACITY = ("capacity: per GPU type, the users' allocations (non-negative, time-averaged GPUs) "
             "sum to at most the type's count m_j")
_SENTENCES: dict[str, list[str]] = {
    "none": [],
    "cooperative": [
        "envy-freeness (weighted, LP (10)): every virtual row r (a user's job type, weight pi_r) "
        "values its own bundle per unit of weight at least as much as any other row's, "
        f"W_r.x_r / pi_r >= W_r.x_s / pi_s (relative tolerance {FAIR_RTOL:g})",
    ],
    "noncooperative": [
        "equal level (LP (9)): every virtual row r gets the same normalised throughput per unit "
        f"of weight, W_r.x_r / pi_r = T for one common T (relative tolerance {FAIR_RTOL:g})",
    ],
}


def check_fairness(value: Any, field: str = "fairness") -> str:
    """``value`` when it is a known fairness rule, else ``InputError(field, ...)``.

    Examples
    --------
    >>> check_fairness("cooperative")
    'cooperative'
    """
    if value not in MODEL_OF:
        raise InputError(field, f"must be one of {sorted(MODEL_OF)}, got {value!r}")
    return value


def rules(inst: Any) -> dict[str, Any]:
    """The instance's rules, ``{"fairness": ...}`` (``Problem.rules``; read from the instance).

    Examples
    --------
    >>> from dlsched.oef import generate
    >>> rules(generate(n=2, k=2, seed=0, fairness="cooperative"))
    {'fairness': 'cooperative'}
    """
    return {"fairness": inst.fairness}


def describe_rules(rules: dict[str, Any]) -> list[str]:
    """One sentence per constraint a solution must satisfy under ``rules``.

    Examples
    --------
    >>> len(describe_rules({"fairness": "none"})), len(describe_rules({"fairness": "cooperative"}))
    (1, 2)
    """
    fairness = check_fairness(rules.get("fairness", DEFAULT_FAIRNESS), "rules.fairness")
    return [_CAPACITY, *_SENTENCES[fairness]]


def model_for_rules(rules: dict[str, Any]) -> str:
    """The exact model whose feasible set is the statement ``rules``.

    Examples
    --------
    >>> model_for_rules({"fairness": "noncooperative"})
    'oef-noncooperative'
    """
    return MODEL_OF[check_fairness(rules.get("fairness", DEFAULT_FAIRNESS), "rules.fairness")]


def require(inst: Any, model: str) -> None:
    """Refuse to run ``model`` on an instance that states another problem.

    Raises
    ------
    InputError
        Field ``fairness``: the instance's rule is not the one ``model`` states; the message
        names the model to use and the setting that makes ``model`` apply.

    Examples
    --------
    >>> from dlsched.oef import generate
    >>> require(generate(n=2, k=2, seed=0), "oef-cooperative")
    Traceback (most recent call last):
    ...
    dlsched.core.errors.InputError: fairness: the instance states fairness='none' ...
    """
    want = FAIRNESS_OF[model]
    if inst.fairness != want:
        raise InputError("fairness", (
            f"the instance states fairness={inst.fairness!r} (the problem of "
            f"{MODEL_OF[inst.fairness]}), but {model} solves fairness={want!r}: use model "
            f"{MODEL_OF[inst.fairness]} or set fairness={want!r} (inst.with_fairness({want!r}))"))


def for_model(inst: Any, name: str) -> Any:
    """``inst`` stating the rule of exact model ``name`` (unchanged for any other method).

    What a caller uses when it means "the allocation of mechanism ``name``" whatever problem
    the instance states (the placer's ideal, SP experiments, the job simulator).

    Examples
    --------
    >>> from dlsched.oef import generate
    >>> for_model(generate(n=2, k=2, seed=0), "oef-cooperative").fairness
    'cooperative'
    """
    want = FAIRNESS_OF.get(name)
    return inst if want is None or inst.fairness == want else replace(inst, fairness=want)
