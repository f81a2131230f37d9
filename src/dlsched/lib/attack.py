"""Try to break a record's bound: every registered method, then a local search on the stored
solution; no solution the validator accepts may beat the stored bound.

A bound, a validator and an exact model state one problem (``dlsched.lib.statement``). If the
validator accepts something the bound's model did not consider (a wider problem), some method
or a perturbation of the best solution finds a solution beyond the bound. ``attack_record``
runs, on one record's instance: every registered algorithm of the problem at its defaults,
every exact model at a short time limit (a model that refuses the instance's rules is counted
as refused), and a hill climb that perturbs numbers of the stored best solution (integers by
+-1, reals by up to +-5 %), keeping a perturbed solution when the validator accepts it and its
recomputed objective is no worse. Every validated objective is compared with the bound
(tolerance ``score.BEYOND_BOUND``).
"""

from __future__ import annotations

import copy
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core import ALGORITHMS, MODELS, PROBLEMS, InputError
from .score import BEYOND_BOUND, ratio


@dataclass
class Attack:
    """What one record withstood.

    Parameters
    ----------
    record : str
        ``problem/set/id``.
    tried : int
        Candidate solutions produced (method runs and perturbations).
    valid : int
        Of those, accepted by the validator.
    refused : list of str
        Exact models that refuse the instance's rules (they state another problem).
    errors : list of str
        Methods that raised (name and message).
    beyond : list of str
        Validated solutions beyond the bound (who, objective): must stay empty.
    best_found : float or None
        The best validated objective any attempt reached.
    models_run : bool
        Whether the exact models were run.

    Examples
    --------
    >>> Attack("oef/small/small-01").ok
    True
    """

    record: str
    tried: int = 0
    valid: int = 0
    refused: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    beyond: list[str] = field(default_factory=list)
    best_found: float | None = None
    models_run: bool = False

    @property
    def ok(self) -> bool:
        """True when no validated solution beats the bound.

        Returns
        -------
        bool
            ``not beyond``.
        """
        return not self.beyond


def _numeric_paths(node: Any, path: tuple = ()) -> list[tuple]:
    """Paths to the int / float leaves of a JSON value (booleans excluded)."""
    if isinstance(node, bool):
        return []
    if isinstance(node, (int, float)):
        return [path]
    if isinstance(node, dict):
        return [p for k, v in node.items() for p in _numeric_paths(v, (*path, k))]
    if isinstance(node, list):
        return [p for i, v in enumerate(node) for p in _numeric_paths(v, (*path, i))]
    return []


def _perturbed(sol: Any, paths: list[tuple], rng: random.Random) -> Any:
    out = copy.deepcopy(sol)
    path = paths[rng.randrange(len(paths))]
    node = out
    for key in path[:-1]:
        node = node[key]
    old = node[path[-1]]
    if isinstance(old, int):
        node[path[-1]] = old + rng.choice((-1, 1))
    else:
        node[path[-1]] = old * (1 + rng.uniform(-0.05, 0.05)) if old else rng.uniform(0, 0.05)
    return out


def attack_record(folder: str | Path, row: dict[str, str], *, exact_limit: float = 1.0,
                  tries: int = 100, seed: int = 0, models: bool | None = None,
                  algorithms: list[str] | None = None) -> Attack:
    """Run every method and a local search on one record; report what beat its bound.

    Parameters
    ----------
    folder : str or Path
        The set's folder.
    row : dict
        The record's index row.
    exact_limit : float, default 1.0
        Time limit of each exact model. Unit: s. Range: (0, 1e6].
    tries : int, default 100
        Perturbations of the stored solution. Unit: candidates. Range: 0..10^6.
    seed : int, default 0
        Seed of the perturbations.
    models : bool or None, default None
        Also run every exact model of the problem (``None``: when the set's records come
        from an exact model; a set beyond any exact model's reach, e.g. a paper-scale set
        built from heuristics and a bound without a solve, would only build giant models).
    algorithms : list of str or None, default None
        Only these algorithms (default: every registered one of the problem).

    Returns
    -------
    Attack
        Counts and any solution beyond the bound.

    Examples
    --------
    >>> from dlsched.lib.records import read_index, set_dir
    >>> folder = set_dir("oef/small")
    >>> att = attack_record(folder, read_index(folder)[0], tries=20, models=False)
    >>> att.ok, att.tried >= 20
    (True, True)
    """
    from .. import api
    from .records import load_record, read_meta

    folder = Path(folder)
    if models is None:
        models = read_meta(folder).get("model") in {n for n, _ in MODELS.items(folder.parent.name)}
    inst, best = load_record(folder, row)
    problem = inst.problem
    prob = PROBLEMS.get(problem)
    bound = float(row["bound"]) if row["bound"] else None
    att = Attack(f"{problem}/{folder.name}/{row['id']}", models_run=models)

    def judge(who: str, objective: float | None) -> None:
        att.valid += 1
        if objective is None:
            return
        if att.best_found is None or ratio(row["sense"], objective, att.best_found) < 1.0:
            att.best_found = objective
        if bound is not None and ratio(row["sense"], objective, bound) < 1.0 - BEYOND_BOUND:
            att.beyond.append(f"{who}: {objective!r} beyond the bound {bound!r}")

    names = algorithms if algorithms is not None else [n for n, _ in ALGORITHMS.items(problem)]
    runs: list[tuple[str, Any]] = [(f"algorithm {n}", lambda n=n: api.run(inst, n, verify=False))
                                   for n in names]
    if models:
        runs += [(f"model {n}", lambda n=n: api.solve(inst, model=n, time_limit=exact_limit,
                                                   verify=False))
                 for n, _ in MODELS.items(problem)]
    for who, call in runs:
        t0 = time.perf_counter()
        try:
            res = call()
        except InputError as exc:
            if who.startswith("model"):
                att.refused.append(f"{who}: {exc}"[:160])
            else:
                att.errors.append(f"{who}: {exc}"[:160])
            continue
        except Exception as exc:  # a crashing method is reported, not a stop
            att.errors.append(f"{who}: {type(exc).__name__}: {exc}"[:160])
            continue
        att.tried += 1
        if res.solution is not None and not api.check(inst, res):
            judge(f"{who} ({time.perf_counter() - t0:.1f}s)", res.objective)
    if best is None or best.solution is None or tries <= 0:
        return att
    current = best.solution if isinstance(best.solution, dict) else best.solution.to_json()
    current_obj = prob.objective(inst, current) if prob.objective else None
    paths = _numeric_paths(current)
    rng = random.Random(seed)
    for k in range(tries if paths else 0):
        cand = _perturbed(current, paths, rng)
        att.tried += 1
        if prob.check(inst, cand):
            continue
        obj = prob.objective(inst, cand) if prob.objective else None
        judge(f"perturbation {k}", obj)
        if obj is not None and (current_obj is None
                                or ratio(row["sense"], obj, current_obj) <= 1.0):
            current, current_obj = cand, obj
            paths = _numeric_paths(current)
    return att
