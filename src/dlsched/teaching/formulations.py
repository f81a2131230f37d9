"""Sizes of the completion problem's exact formulations, for notebooks/formulations.ipynb.

The notebook compares three ways to state the same problem over the same T_max: the
time-indexed MILP E1 (Pyomo), the CP-SAT interval model and the pattern ILP E2 (whose LP is
the configuration LP). The toolkit's solvers report some of these sizes in ``Result.stats``,
but not all, and not before solving; this module builds each model and counts what it holds,
so that a student sees *why* the models behave differently (E1 grows with T_max, the interval
model does not, E2 grows with the placements) without reading the builders.
"""

from __future__ import annotations

from typing import Any

from ..completion.instance import CompletionInstance

#: The three formulations, in the order the notebook shows them.
FORMULATIONS = ("E1 time-indexed MILP", "CP-SAT interval model", "E2 pattern ILP")


def e1_size(
    inst: CompletionInstance, tmax: int, aggregate_cut: bool = True, nonzeros: bool = True
) -> dict[str, int]:
    """Variables (by kind), constraints and nonzeros of E1 as Pyomo builds it.

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    tmax : int
        T_max, the last slot of the time index. Unit: slots.
    aggregate_cut : bool, default True
        Build the aggregate capacity cut (as ``completion-milp`` does by default).
    nonzeros : bool, default True
        Also count the matrix entries (walks every row's expression: the slow part).

    Returns
    -------
    dict
        ``variables``, ``binary``, ``integer`` (general integers), ``continuous``,
        ``constraints`` and, when asked, ``nonzeros`` (distinct variables per row, summed).

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> e1_size(golden("s4"), 4)["variables"]
    44
    """
    import pyomo.environ as pyo
    from pyomo.core.expr.visitor import identify_variables

    from ..completion.model import build_e1, e1_data

    _check_tmax(tmax)
    m = build_e1(e1_data(inst, tmax), aggregate_cut)
    out = {"variables": 0, "binary": 0, "integer": 0, "continuous": 0}
    for v in m.component_data_objects(pyo.Var):
        out["variables"] += 1
        kind = "binary" if v.is_binary() else "integer" if v.is_integer() else "continuous"
        out[kind] += 1
    rows = list(m.component_data_objects(pyo.Constraint, active=True))
    out["constraints"] = len(rows)
    if nonzeros:
        out["nonzeros"] = sum(len({id(x) for x in identify_variables(c.body)}) for c in rows)
    return out


def cp_size(inst: CompletionInstance, tmax: int) -> dict[str, int]:
    """Variables and constraints of the CP-SAT interval model (``completion-interval``).

    Built without its warm start and without server-symmetry rows, i.e. the formulation
    itself; counted in the CP-SAT model proto (an interval is a constraint there).

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    tmax : int
        T_max: the end of the start and end domains (it does not add variables). Unit: slots.

    Returns
    -------
    dict
        ``variables``, ``constraints``, ``intervals`` and ``cumulatives``.

    Raises
    ------
    InputError
        ``tmax``: some job has no configuration that ends by it.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> cp_size(golden("s4"), 4)["cumulatives"]
    2
    """
    from ..completion.exact.interval import _build_model  # the model without its solve
    from ..completion.model import e1_data
    from ..core.errors import InputError

    _check_tmax(tmax)
    built = _build_model(inst, e1_data(inst, tmax), None, {}, server_symmetry=False)
    if built is None:
        raise InputError("tmax", f"some job has no configuration ending by slot {tmax}")
    proto = built.cp.Proto()
    kinds = [_kind(c) for c in proto.constraints]
    return {
        "variables": len(proto.variables),
        "constraints": len(proto.constraints),
        "intervals": kinds.count("interval"),
        "cumulatives": kinds.count("cumulative"),
    }


def _kind(constraint: Any) -> str:
    """``"interval"``, ``"cumulative"`` or ``"other"``: the type of a CP-SAT proto constraint
    (OR-Tools >= 9.13 has its own proto class with ``has_<kind>()``; older ones are
    protobuf messages with ``HasField``)."""
    for kind in ("interval", "cumulative"):
        has = getattr(constraint, f"has_{kind}", None)
        if has() if has is not None else constraint.HasField(kind):
            return kind
    return "other"


def e2_size(inst: CompletionInstance, tmax: int) -> dict[str, int]:
    """Columns, rows and nonzeros of the pattern ILP E2 (its LP is the configuration LP).

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    tmax : int
        T_max: the last slot a pattern may use. Unit: slots.

    Returns
    -------
    dict
        ``variables`` (pattern x start columns), ``constraints`` (one per job plus the loaded
        (server, resource, slot) rows), ``nonzeros`` and ``placements`` (single-job
        placements kept after the dominance filter).

    Raises
    ------
    InputError
        Above the pattern limits of E2 (``support/pattern_set.py``).

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> e2_size(golden("s4"), 4)["constraints"]
    10
    """
    from ..completion.exact.pattern_model import build_pattern_model
    from ..completion.support.pattern_set import pattern_set

    _check_tmax(tmax)
    pm = build_pattern_model(pattern_set(inst, tmax))
    return {
        "variables": pm.ps.n_columns,
        "constraints": pm.n_rows,
        "nonzeros": int(pm.rows.nnz),
        "placements": pm.ps.n_placements,
    }


def model_sizes(inst: CompletionInstance, tmax: int) -> dict[str, dict[str, int]]:
    """The sizes of the three formulations over the same ``tmax`` (``FORMULATIONS`` order).

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    tmax : int
        T_max of all three models. Unit: slots.

    Returns
    -------
    dict
        Formulation name -> its size dict (``e1_size``, ``cp_size``, ``e2_size``).

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> list(model_sizes(golden("s4"), 4)) == list(FORMULATIONS)
    True
    """
    return dict(
        zip(
            FORMULATIONS,
            (e1_size(inst, tmax), cp_size(inst, tmax), e2_size(inst, tmax)),
            strict=True,
        )
    )


def _check_tmax(tmax: Any) -> None:
    """Refuse a T_max that is not a positive whole number (``InputError`` naming it)."""
    from ..core.errors import InputError

    if isinstance(tmax, bool) or not isinstance(tmax, int) or tmax < 1:
        raise InputError("tmax", f"must be a positive int (slots), got {tmax!r}")


__all__ = ["FORMULATIONS", "cp_size", "e1_size", "e2_size", "model_sizes"]
