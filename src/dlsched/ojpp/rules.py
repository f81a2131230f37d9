"""The OJPP problem's statement: the rules a placement is judged by, read from the instance.

``objective`` picks the problem (``"devices"``: OJPP; ``"max_slowdown"``: OJPAP, notes §6);
the collision and interference models and which of the limits (5), (7), (8) are active are the
instance's too (their bounds are numbers of each instance). Memory is always the
opportunistic rule (3); a baseline's ``memory='peak'`` is a stricter choice of that baseline.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

from typing import Any

from ..core.errors import InputError
from .instance import OJPPInstance

#: exact model of each objective (its feasible set is the instance's statement)
MODEL_OF = {"devices": "ojpp-patterns", "max_slowdown": "ojpap-exact"}


def rules(inst: OJPPInstance) -> dict[str, Any]:
    """The statement of ``inst`` (``Problem.rules``), from the instance alone.

    Parameters
    ----------
    inst : OJPPInstance
        The instance.

    Returns
    -------
    dict
        ``objective``, ``memory``, ``collision_model``, ``interference_model`` and the
        sorted names of the active ``limits``.

    Examples
    --------
    >>> from dlsched.ojpp.paper import golden_o1
    >>> rules(golden_o1())["objective"], rules(golden_o1())["limits"]
    ('devices', ['collision', 'interference', 'balance'])
    """
    lim = inst.limits
    active = [n for n in ("collision", "interference", "balance") if getattr(lim, n) is not None]
    return {"objective": inst.objective, "memory": "opportunistic",
            "collision_model": inst.collision_model,
            "interference_model": inst.interference_model, "limits": active}


def describe_rules(r: dict[str, Any]) -> list[str]:
    """One sentence per constraint the validator checks under the rules ``r``.

    Parameters
    ----------
    r : dict
        Rules as ``rules`` returns them.

    Returns
    -------
    list of str
        The constraints.

    Examples
    --------
    >>> describe_rules({"objective": "devices", "limits": []})[0]
    'placement: every worker of every job is placed on exactly one device.'
    """
    limits = set(r.get("limits", ()))
    compose = "sum" if r.get("interference_model", "additive") == "additive" else "largest"
    out = [
        "placement: every worker of every job is placed on exactly one device.",
        "devices: at most the instance's candidate devices are used; 'used' counts the "
        "non-empty devices.",
        "compute (1): per device, the workers' compute (and every extra resource) sums to at "
        "most its capacity.",
        "memory (3): per device, all base memories plus the single largest burst fit its "
        "memory.",
    ]
    if "collision" in limits:
        model = ("independently" if r.get("collision_model", "independent") == "independent"
                 else "perfectly correlated within a job")
        out.append(f"collision (5): per device, the probability that two or more workers burst "
                   f"at once (bursts {model}) is at most the bound.")
    if "interference" in limits:
        out.append(f"interference (7): every worker's slowdown (the {compose} of the slowdowns "
                   "its co-located workers cause) is at most the bound.")
    if "balance" in limits:
        out.append("balance (8): per job, its workers' slowdowns differ by at most the bound.")
    if r.get("objective") == "max_slowdown":
        out += ["reference devices: at most the reference placement's devices are used.",
                "migration (19): the cost of the workers that leave their reference device "
                "(device k = reference device k) is at most the migration budget.",
                "objective: the largest worker slowdown (minimised)."]
    else:
        out.append("objective: the number of devices used (minimised).")
    return out


def model_for_rules(r: dict[str, Any]) -> str:
    """The exact model whose feasible set is the statement ``r``.

    Parameters
    ----------
    r : dict
        Rules as ``rules`` returns them.

    Returns
    -------
    str
        ``ojpp-patterns`` (devices) or ``ojpap-exact`` (max_slowdown).

    Examples
    --------
    >>> model_for_rules({"objective": "max_slowdown"})
    'ojpap-exact'
    """
    return MODEL_OF[r.get("objective", "devices")]


def require_devices(inst: OJPPInstance, model: str) -> None:
    """Refuse an instance that states OJPAP (a device-count model would solve another problem).

    Parameters
    ----------
    inst : OJPPInstance
        The instance.
    model : str
        The model's name, for the message.

    Raises
    ------
    InputError
        ``inst.objective`` is not ``"devices"`` (field ``objective``).

    Examples
    --------
    >>> from dlsched.ojpp.paper import golden_o1
    >>> require_devices(golden_o1(), "ojpp-patterns")
    """
    if inst.objective != "devices":
        raise InputError("objective", f"{model} minimises the devices used; the instance "
                         f"states objective={inst.objective!r}: use ojpap-exact")
