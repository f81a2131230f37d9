"""OEF solutions: the typed frozen ``Solution`` every OEF method returns, and its builders.

JSON shape (unchanged; result files stay compatible)::

    {"allocation": [[x_ij]] (n x k, per user), "efficiency": [E_i] (n), "total_efficiency": E,
     "rows": [{"user", "job_type", "weight", "allocation": [x_rj], "efficiency": E_r}, ...],
     "level": T (LP (9), Gavel), "rounds": [[[g_rj]]] and "ideal": [[x_rj]] (placer),
     "trades": [{"slow", "fast", "buyer", "seller", "price", "quantity", "rule"}] (Gandiva_fair)}

Only ``allocation`` is required (the validator accepts a per-user allocation alone); keys this
module does not know are kept in ``extra`` so ``from_json(d).to_json() == d``. Numbers are kept
as given (an int stays an int), so the round trip is exact.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core import Result, Status
from ..core.errors import InputError
from ..core.solution import Solution as BaseSolution
from .instance import OEFInstance

Matrix = tuple[tuple[float, ...], ...]


def _number(value: Any, path: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise InputError(path, f"expected a number, got {type(value).__name__}")
    return value  # type: ignore[return-value]  (kept as given: the round trip is exact)


def _integer(value: Any, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise InputError(path, f"expected an integer, got {type(value).__name__}")
    return value  # type: ignore[return-value]


def _text(value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise InputError(path, f"expected a string, got {type(value).__name__}")
    return value


def _list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, (list, tuple)):
        raise InputError(path, f"expected a list, got {type(value).__name__}")
    return list(value)


def _object(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise InputError(path, f"expected an object, got {type(value).__name__}")
    return value


def _vector(value: Any, path: str) -> tuple[float, ...]:
    return tuple(_number(v, f"{path}[{i}]") for i, v in enumerate(_list(value, path)))


def _matrix(value: Any, path: str) -> Matrix:
    return tuple(_vector(row, f"{path}[{i}]") for i, row in enumerate(_list(value, path)))


def _extra(data: Mapping[str, Any], known: tuple[str, ...]) -> dict[str, Any]:
    return {k: copy.deepcopy(v) for k, v in data.items() if k not in known}


def _required(data: Mapping[str, Any], key: str, path: str) -> Any:
    if key not in data:
        raise InputError(f"{path}.{key}" if path else key, "missing")
    return data[key]


@dataclass(frozen=True)
class RowAllocation:
    """One virtual row (user, job type): its weight, allocation over the GPU types and E_r.

    Parameters
    ----------
    user : str
        The user's name.
    job_type : str
        The job type's name (the user's name for a single-job-type user).
    weight : float
        The row's weight pi_u / t_u. Unit: dimensionless.
    allocation : tuple of float
        GPUs of each type. Unit: GPUs.
    efficiency : float
        E_r = W_r . x_r. Unit: normalised throughput.
    extra : dict, default {}
        Unknown JSON keys, kept verbatim.

    Examples
    --------
    >>> RowAllocation.from_json({"user": "u1", "job_type": "u1", "weight": 1,
    ...                          "allocation": [1, 0], "efficiency": 1.0}, "rows[0]").allocation
    (1, 0)
    """

    user: str
    job_type: str
    weight: float
    allocation: tuple[float, ...]
    efficiency: float
    extra: dict[str, Any] = field(default_factory=dict)

    KEYS = ("user", "job_type", "weight", "allocation", "efficiency")

    @classmethod
    def from_json(cls, data: Any, path: str) -> RowAllocation:
        data = _object(data, path)
        return cls(
            user=_text(_required(data, "user", path), f"{path}.user"),
            job_type=_text(_required(data, "job_type", path), f"{path}.job_type"),
            weight=_number(_required(data, "weight", path), f"{path}.weight"),
            allocation=_vector(_required(data, "allocation", path), f"{path}.allocation"),
            efficiency=_number(_required(data, "efficiency", path), f"{path}.efficiency"),
            extra=_extra(data, cls.KEYS),
        )

    def to_json(self) -> dict[str, Any]:
        return {"user": self.user, "job_type": self.job_type, "weight": self.weight,
                "allocation": list(self.allocation), "efficiency": self.efficiency,
                **copy.deepcopy(self.extra)}


@dataclass(frozen=True)
class Trade:
    """One Gandiva_fair trade: ``buyer`` pays ``price * quantity`` of type ``slow`` to
    ``seller`` for ``quantity`` of type ``fast`` (indices of rows and types).

    Parameters
    ----------
    slow : int
        Index of the GPU type the buyer gives.
    fast : int
        Index of the GPU type the buyer gets.
    buyer : int
        Virtual-row index of the buyer.
    seller : int
        Virtual-row index of the seller.
    price : float
        GPUs of type ``slow`` per GPU of type ``fast``. Unit: dimensionless.
    quantity : float
        GPUs of type ``fast`` traded. Unit: GPUs.
    rule : str
        How the price was set: ``'second-price'`` or ``'midpoint'``.
    extra : dict, default {}
        Unknown JSON keys, kept verbatim.

    Examples
    --------
    >>> t = Trade.from_json({"slow": 0, "fast": 1, "buyer": 0, "seller": 1, "price": 1.5,
    ...                      "quantity": 0.5, "rule": "midpoint"}, "trades[0]")
    >>> t.price * t.quantity
    0.75
    """

    slow: int
    fast: int
    buyer: int
    seller: int
    price: float
    quantity: float
    rule: str
    extra: dict[str, Any] = field(default_factory=dict)

    KEYS = ("slow", "fast", "buyer", "seller", "price", "quantity", "rule")

    @classmethod
    def from_json(cls, data: Any, path: str) -> Trade:
        data = _object(data, path)
        ints = {k: _integer(_required(data, k, path), f"{path}.{k}")
                for k in ("slow", "fast", "buyer", "seller")}
        return cls(**ints,
                   price=_number(_required(data, "price", path), f"{path}.price"),
                   quantity=_number(_required(data, "quantity", path), f"{path}.quantity"),
                   rule=_text(_required(data, "rule", path), f"{path}.rule"),
                   extra=_extra(data, cls.KEYS))

    def to_json(self) -> dict[str, Any]:
        return {"slow": self.slow, "fast": self.fast, "buyer": self.buyer, "seller": self.seller,
                "price": self.price, "quantity": self.quantity, "rule": self.rule,
                **copy.deepcopy(self.extra)}


@dataclass(frozen=True, eq=False)
class Solution(BaseSolution):
    """An OEF allocation (per user and per virtual row) with what the method adds to it.

    Frozen; every OEF method returns one in ``Result.solution``. Build it with
    ``make_solution`` (from a per-row allocation) or ``Solution.from_json``; ``to_json``
    gives the JSON dict the validator reads (``from_json(d).to_json() == d``).

    Parameters
    ----------
    allocation : tuple of tuple of float
        GPUs of each type per user, shape (n, k); the only required field.
    efficiency : tuple of float or None, default None
        Normalised throughput E_i of each user.
    total_efficiency : float or None, default None
        Sum of the efficiencies (the objective).
    rows : tuple of RowAllocation or None, default None
        One entry per virtual row (user, job type): weight, allocation, E_r.
    level : float or None, default None
        The max-min / equal normalised-throughput level (LP (9), Gavel).
    rounds : tuple or None, default None
        The placer's whole-GPU grants per round, shape (T, R, k).
    ideal : tuple of tuple of float or None, default None
        The placer's fractional ideal, shape (R, k).
    trades : tuple of Trade or None, default None
        Gandiva_fair's trades, in order.
    extra : dict, default {}
        Keys of the JSON this class does not know, kept verbatim.

    Examples
    --------
    >>> from dlsched.oef.solution import Solution
    >>> sol = Solution.from_json({"allocation": [[1, 0], [0, 1]]})
    >>> sol.allocation
    ((1, 0), (0, 1))
    >>> sol.to_json()
    {'allocation': [[1, 0], [0, 1]]}
    """

    allocation: Matrix
    efficiency: tuple[float, ...] | None = None
    total_efficiency: float | None = None
    rows: tuple[RowAllocation, ...] | None = None
    #: the max-min / equal normalised-throughput level (LP (9), Gavel)
    level: float | None = None
    #: the placer's whole-GPU grants per round, (T, R, k), and the fractional ideal (R, k)
    rounds: tuple[tuple[tuple[int, ...], ...], ...] | None = None
    ideal: Matrix | None = None
    #: Gandiva_fair's trades, in order
    trades: tuple[Trade, ...] | None = None
    #: keys of the JSON this class does not know, kept verbatim
    extra: dict[str, Any] = field(default_factory=dict)

    KEYS = ("allocation", "efficiency", "total_efficiency", "rows", "level", "rounds", "ideal",
            "trades")

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Solution:
        """The typed solution of a JSON dict.

        Parameters
        ----------
        data : Mapping
            The JSON object (``allocation`` required; the other keys of the module docstring
            optional; unknown keys are kept in ``extra``).

        Returns
        -------
        Solution
            The typed solution; numbers are kept as given.

        Raises
        ------
        InputError
            A field is missing or malformed; the error names its path (e.g.
            ``allocation[0][1]``).

        Examples
        --------
        >>> from dlsched.oef.solution import Solution
        >>> Solution.from_json({"allocation": [[0.5, 0.5]], "level": 1.0}).level
        1.0
        >>> Solution.from_json({"allocation": [[1, "x"]]})
        Traceback (most recent call last):
        ...
        dlsched.core.errors.InputError: allocation[0][1]: expected a number, got str
        """
        data = _object(data, "solution")
        get = data.get
        rows, rounds, trades = get("rows"), get("rounds"), get("trades")
        return cls(
            allocation=_matrix(_required(data, "allocation", ""), "allocation"),
            efficiency=_vector(data["efficiency"], "efficiency") if "efficiency" in data
            else None,
            total_efficiency=_number(data["total_efficiency"], "total_efficiency")
            if "total_efficiency" in data else None,
            rows=None if "rows" not in data else tuple(
                RowAllocation.from_json(r, f"rows[{i}]")
                for i, r in enumerate(_list(rows, "rows"))),
            level=_number(data["level"], "level") if "level" in data else None,
            rounds=None if "rounds" not in data else tuple(
                tuple(tuple(_integer(g, f"rounds[{t}][{r}][{j}]") for j, g in
                            enumerate(_list(row, f"rounds[{t}][{r}]")))
                      for r, row in enumerate(_list(grant, f"rounds[{t}]")))
                for t, grant in enumerate(_list(rounds, "rounds"))),
            ideal=_matrix(data["ideal"], "ideal") if "ideal" in data else None,
            trades=None if "trades" not in data else tuple(
                Trade.from_json(t, f"trades[{i}]") for i, t in enumerate(_list(trades, "trades"))),
            extra=_extra(data, cls.KEYS),
        )

    def to_json(self) -> dict[str, Any]:
        """A fresh JSON dict (keys in the order the methods have always written them).

        Returns
        -------
        dict
            The JSON object; only the fields that are set appear, then ``extra``.

        Examples
        --------
        >>> from dlsched.oef.solution import Solution
        >>> Solution(allocation=((1.0, 0.0),), level=2.0).to_json()
        {'allocation': [[1.0, 0.0]], 'level': 2.0}
        """
        out: dict[str, Any] = {"allocation": [list(row) for row in self.allocation]}
        if self.efficiency is not None:
            out["efficiency"] = list(self.efficiency)
        if self.total_efficiency is not None:
            out["total_efficiency"] = self.total_efficiency
        if self.rows is not None:
            out["rows"] = [row.to_json() for row in self.rows]
        if self.level is not None:
            out["level"] = self.level
        if self.rounds is not None:
            out["rounds"] = [[list(row) for row in grant] for grant in self.rounds]
        if self.ideal is not None:
            out["ideal"] = [list(row) for row in self.ideal]
        if self.trades is not None:
            out["trades"] = [t.to_json() for t in self.trades]
        out.update(copy.deepcopy(self.extra))
        return out


def per_user(inst: OEFInstance, X_rows: np.ndarray) -> np.ndarray:
    """Sum the virtual-row allocations of each user.

    Parameters
    ----------
    inst : OEFInstance
        The instance (its ``rows.owner`` maps rows to users).
    X_rows : numpy.ndarray
        Allocation per virtual row, shape (R, k). Unit: GPUs.

    Returns
    -------
    numpy.ndarray
        Allocation per user, shape (n, k). Unit: GPUs.

    Examples
    --------
    >>> import numpy as np
    >>> from dlsched.oef import generate
    >>> inst = generate(n=2, k=2, seed=0, counts=[1, 1])
    >>> per_user(inst, np.array([[1.0, 0.0], [0.0, 1.0]])).tolist()
    [[1.0, 0.0], [0.0, 1.0]]
    """
    out = np.zeros((inst.n_users, inst.n_types))
    np.add.at(out, inst.rows.owner, X_rows)
    return out


def row_efficiency(inst: OEFInstance, X_rows: np.ndarray) -> np.ndarray:
    """Normalised throughput E_r = W_r . x_r of every virtual row.

    Parameters
    ----------
    inst : OEFInstance
        The instance (its speedup rows ``rows.W``).
    X_rows : numpy.ndarray
        Allocation per virtual row, shape (R, k). Unit: GPUs.

    Returns
    -------
    numpy.ndarray
        E_r per row, shape (R,). Unit: normalised throughput.

    Examples
    --------
    >>> import numpy as np
    >>> from dlsched.oef import generate
    >>> inst = generate(n=2, k=2, seed=0, counts=[1, 1])
    >>> row_efficiency(inst, np.array([[1.0, 0.0], [0.0, 1.0]])).round(4).tolist()
    [1.0, 1.2056]
    """
    return np.einsum("rk,rk->r", inst.rows.W, X_rows)


def user_efficiency(inst: OEFInstance, X_rows: np.ndarray) -> np.ndarray:
    """Normalised throughput of every user: the sum of its rows' E_r.

    Parameters
    ----------
    inst : OEFInstance
        The instance.
    X_rows : numpy.ndarray
        Allocation per virtual row, shape (R, k). Unit: GPUs.

    Returns
    -------
    numpy.ndarray
        E_i per user, shape (n,). Unit: normalised throughput.

    Examples
    --------
    >>> import numpy as np
    >>> from dlsched.oef import generate
    >>> inst = generate(n=2, k=2, seed=0, counts=[1, 1])
    >>> user_efficiency(inst, np.array([[0.0, 1.0], [1.0, 0.0]])).round(4).tolist()
    [1.5551, 1.0]
    """
    out = np.zeros(inst.n_users)
    np.add.at(out, inst.rows.owner, row_efficiency(inst, X_rows))
    return out


def clean(X: np.ndarray, tol: float = 1e-11) -> np.ndarray:
    """Zero out solver noise (|x| < tol) so sparsity/adjacency are measured on the vertex.

    Parameters
    ----------
    X : numpy.ndarray
        An allocation (any shape); not modified.
    tol : float, default 1e-11
        Entries of smaller magnitude become 0. Unit: GPUs.

    Returns
    -------
    numpy.ndarray
        A float copy with the noise removed.

    Examples
    --------
    >>> clean([[1e-13, 0.5]]).tolist()
    [[0.0, 0.5]]
    """
    X = np.array(X, dtype=float)
    X[np.abs(X) < tol] = 0.0
    return X


def make_solution(inst: OEFInstance, X_rows: np.ndarray, **extra: Any) -> Solution:
    """The typed solution of a per-row allocation: what a plugin returns in its Result.

    Fills ``allocation`` (n x k per user), ``rows`` (per virtual row), the efficiencies and
    ``total_efficiency`` from ``X_rows`` (entries below 1e-11 in magnitude set to 0).

    Parameters
    ----------
    inst : OEFInstance
        The instance the allocation is for.
    X_rows : numpy.ndarray
        GPUs of each type per virtual row (user, job type), shape (R, k), in the order of
        ``inst.rows``; for single-job-type users R = n. Unit: GPUs.
    **extra
        Further solution keys as the method gives them (``level``, ``rounds``, ``ideal``,
        ``trades`` or any other key, kept in ``extra``).

    Returns
    -------
    Solution
        The typed solution (``to_json()`` gives the JSON the validator reads).

    Raises
    ------
    InputError
        An ``extra`` key of the module docstring is malformed.

    Examples
    --------
    >>> import numpy as np
    >>> from dlsched.oef import generate
    >>> inst = generate(n=2, k=2, seed=0, counts=[1, 1])
    >>> sol = make_solution(inst, np.array([[1.0, 0.0], [0.0, 1.0]]))
    >>> sol.allocation
    ((1.0, 0.0), (0.0, 1.0))
    >>> round(sol.total_efficiency, 6)
    2.20563
    """
    X_rows = clean(X_rows)
    E_rows = row_efficiency(inst, X_rows)
    rows = [
        {
            "user": user,
            "job_type": jt,
            "weight": float(inst.rows.weight[r]),
            "allocation": X_rows[r].tolist(),
            "efficiency": float(E_rows[r]),
        }
        for r, (user, jt) in enumerate(inst.rows.labels)
    ]
    return Solution.from_json({
        "allocation": per_user(inst, X_rows).tolist(),
        "efficiency": user_efficiency(inst, X_rows).tolist(),
        "total_efficiency": float(E_rows.sum()),
        "rows": rows,
        **extra,
    })


def rows_of(inst: OEFInstance, solution: Mapping[str, Any]) -> np.ndarray:
    """Per-row allocation of a solution (typed or its JSON).

    Parameters
    ----------
    inst : OEFInstance
        The instance.
    solution : Mapping
        A solution with ``rows``, or with only a per-user ``allocation`` when every user has a
        single job type.

    Returns
    -------
    numpy.ndarray
        Shape (R, k). Unit: GPUs.

    Raises
    ------
    ValueError
        No ``rows`` while some user has several job types.

    Examples
    --------
    >>> import numpy as np
    >>> from dlsched.oef import generate
    >>> inst = generate(n=2, k=2, seed=0, counts=[1, 1])
    >>> rows_of(inst, {"allocation": [[1, 0], [0, 1]]}).tolist()
    [[1.0, 0.0], [0.0, 1.0]]
    """
    if "rows" in solution:
        return np.array([r["allocation"] for r in solution["rows"]], dtype=float)
    X = np.asarray(solution["allocation"], dtype=float)
    if inst.rows.size != inst.n_users:
        raise ValueError("solution has no 'rows' but users have several job types")
    return X


def allocation_result(inst: OEFInstance, method: str, X: np.ndarray, t0: float,
                      stats: dict[str, Any] | None = None, **extra: Any) -> Result:
    """A heuristic's feasible Result: the helper a plugin algorithm returns through.

    The objective is recomputed from the allocation (total normalised throughput), never taken
    from a solver; the status is ``feasible``.

    Parameters
    ----------
    inst : OEFInstance
        The instance.
    method : str
        The method name recorded in the Result.
    X : numpy.ndarray
        Allocation per virtual row, shape (R, k). Unit: GPUs.
    t0 : float
        ``time.perf_counter()`` at the start of the method (for ``runtime_s``). Unit: s.
    stats : dict or None, default None
        Method statistics to record.
    **extra
        Further solution keys (see ``make_solution``).

    Returns
    -------
    Result
        Status ``feasible``, the objective, ``runtime_s`` and the ``make_solution`` solution.

    Examples
    --------
    >>> import numpy as np
    >>> from dlsched.oef import generate
    >>> inst = generate(n=2, k=2, seed=0, counts=[1, 1])
    >>> import time
    >>> res = allocation_result(inst, "my-split", np.array([[1.0, 0.0], [0.0, 1.0]]),
    ...                         time.perf_counter())
    >>> res.status.value, round(res.objective, 6)
    ('feasible', 2.20563)
    """
    solution = make_solution(inst, X, **extra)
    return Result(problem="oef", method=method, status=Status.FEASIBLE,
                  objective=float(row_efficiency(inst, X).sum()),
                  runtime_s=time.perf_counter() - t0, solution=solution, stats=stats or {})
