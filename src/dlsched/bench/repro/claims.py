"""A paper's claims as data: quoted verbatim, located, and typed for the verdict rule.

One TOML file per paper (``benchmarks/reproduction/claims/<problem>.toml``, format in that
folder's README). Loading checks every field and names the bad one, so a report can only cite a
claim that is written down before anything is measured.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...core.errors import InputError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib
from .verdict import SCORED_KINDS, Target

KINDS = (*SCORED_KINDS, "guarantee")
READINGS = ("text", "table", "figure")
DIRECTIONS = {"higher": 1, "lower": -1}


@dataclass(frozen=True)
class Knob:
    """A setting the paper leaves open; reports sweep it next to the claims that name it."""

    name: str
    values: tuple[str, ...]
    quote: str = ""
    location: str = ""
    note: str = ""


@dataclass(frozen=True)
class Claim:
    """One sentence of the paper, what it claims, and how the rule reads it."""

    id: str
    location: str
    quote: str
    kind: str
    metric: str = ""
    ours: tuple[str, ...] = ()
    baseline: tuple[str, ...] = ()
    direction: str = ""
    claimed: float | None = None
    reading: str = "text"
    claimed_range: tuple[float, float] | None = None
    knobs: tuple[str, ...] = ()
    note: str = ""
    quote_normalised: bool = False
    statement: str = ""
    parameters: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def scored(self) -> bool:
        return self.kind in SCORED_KINDS

    def target(self) -> Target:
        """The claim in the form ``verdict.category`` scores."""
        if not self.scored:
            raise InputError(f"claims[{self.id}].kind", f"{self.kind!r} is not scored")
        sign = DIRECTIONS.get(self.direction, 1)
        if self.kind == "ordering":
            return Target("ordering", sign)
        if self.kind == "parity":
            band = abs(self.claimed if self.claimed is not None else 0.0)
            return Target("parity", 1, 0.0, band)
        # an effect on an absolute scale (seconds, a percentage level) is scored as a level
        kind = "level" if self.extra.get("scale") == "absolute" else self.kind
        if self.claimed_range is not None:
            lo, hi = sorted(abs(x) for x in self.claimed_range)
            return Target(kind, sign, lo, hi)
        assert self.claimed is not None  # checked on load
        return Target(kind, sign, abs(self.claimed), abs(self.claimed))

    def claimed_text(self) -> str:
        """The claimed value as a report shows it."""
        if self.kind == "ordering":
            return "ours " + self.direction
        if self.kind == "parity":
            return f"≈ (±{100 * abs(self.claimed or 0):.0f}%)"
        if self.kind == "guarantee":
            return "theorem"
        if self.claimed_range is not None:
            lo, hi = self.claimed_range
            return f"{100 * lo:+.0f}% to {100 * hi:+.0f}% (figure)"
        return f"{100 * (self.claimed or 0):+.0f}%"


@dataclass(frozen=True)
class ClaimSet:
    """Every claim of one paper plus its open knobs."""

    paper: str
    problem: str
    claims: tuple[Claim, ...]
    knobs: tuple[Knob, ...] = ()

    def __getitem__(self, claim_id: str) -> Claim:
        for c in self.claims:
            if c.id == claim_id:
                return c
        raise KeyError(claim_id)

    def knob(self, name: str) -> Knob:
        for k in self.knobs:
            if k.name == name:
                return k
        raise KeyError(name)


def _str(d: Mapping[str, Any], key: str, where: str, required: bool = True) -> str:
    v = d.get(key, "")
    if not isinstance(v, str):
        raise InputError(f"{where}.{key}", f"must be a string, got {type(v).__name__}")
    if required and not v.strip():
        raise InputError(f"{where}.{key}", "is required")
    return v


def _strs(d: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    v = d.get(key, ())
    if isinstance(v, str):
        return (v,)
    if not isinstance(v, Sequence) or not all(isinstance(x, str) for x in v):
        raise InputError(f"{where}.{key}", "must be a string or a list of strings")
    return tuple(v)


def _num(v: Any, where: str) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise InputError(where, f"must be a finite number, got {v!r}")
    return float(v)


_CLAIM_KEYS = {"id", "location", "quote", "kind", "metric", "ours", "baseline", "direction",
               "claimed", "reading", "claimed_range", "knobs", "note", "quote_normalised",
               "statement", "parameters"}


def parse_claim(d: Mapping[str, Any], where: str) -> Claim:
    """One ``[[claims]]`` table; unknown keys are kept in ``extra`` (documented per file)."""
    cid = _str(d, "id", where)
    where = f"{where}[{cid}]"
    kind = _str(d, "kind", where)
    if kind not in KINDS:
        raise InputError(f"{where}.kind", f"must be one of {', '.join(KINDS)}, got {kind!r}")
    reading = _str(d, "reading", where, required=False) or "text"
    if reading not in READINGS:
        raise InputError(f"{where}.reading", f"must be one of {', '.join(READINGS)}")
    direction = _str(d, "direction", where, required=False)
    if direction and direction not in DIRECTIONS:
        raise InputError(f"{where}.direction", f"must be higher or lower, got {direction!r}")
    claimed = None if d.get("claimed") is None else _num(d["claimed"], f"{where}.claimed")
    rng = d.get("claimed_range")
    claimed_range = None
    if rng is not None:
        if not isinstance(rng, Sequence) or len(rng) != 2:
            raise InputError(f"{where}.claimed_range", "must be [low, high]")
        lo, hi = (_num(x, f"{where}.claimed_range") for x in rng)
        claimed_range = (lo, hi)
    if kind in ("effect", "level"):
        if not direction:
            raise InputError(f"{where}.direction", f"a {kind} claim needs a direction")
        if claimed is None and claimed_range is None:
            raise InputError(f"{where}.claimed", f"a {kind} claim needs claimed or claimed_range")
        relative = d.get("scale", "relative") != "absolute"  # a level has no sign convention
        if claimed is not None and DIRECTIONS[direction] * claimed < 0 and relative:
            raise InputError(f"{where}.claimed", f"sign of {claimed} contradicts '{direction}'")
    if kind == "parity" and (claimed is None or claimed < 0):
        raise InputError(f"{where}.claimed", "a parity claim needs its band (>= 0) as claimed")
    if kind == "ordering" and not direction:
        raise InputError(f"{where}.direction", "an ordering claim needs a direction")
    if reading == "figure" and kind in ("effect", "level") and claimed_range is None:
        raise InputError(f"{where}.claimed_range", "a figure reading needs the interval read")
    return Claim(
        id=cid, location=_str(d, "location", where), quote=_str(d, "quote", where), kind=kind,
        metric=_str(d, "metric", where, required=False), ours=_strs(d, "ours", where),
        baseline=_strs(d, "baseline", where), direction=direction, claimed=claimed,
        reading=reading, claimed_range=claimed_range, knobs=_strs(d, "knobs", where),
        note=_str(d, "note", where, required=False),
        quote_normalised=bool(d.get("quote_normalised", False)),
        statement=_str(d, "statement", where, required=False),
        parameters=_str(d, "parameters", where, required=False),
        extra={k: v for k, v in d.items() if k not in _CLAIM_KEYS})


def parse_claims(data: Mapping[str, Any], source: str = "claims") -> ClaimSet:
    """A whole claims file; ids unique, every knob a claim names is declared."""
    claims = tuple(parse_claim(c, f"{source}.claims") for c in data.get("claims", ()))
    if not claims:
        raise InputError(f"{source}.claims", "must list at least one claim")
    ids = [c.id for c in claims]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise InputError(f"{source}.claims", f"duplicate ids: {', '.join(dup)}")
    knobs = []
    for i, k in enumerate(data.get("knob", ())):
        where = f"{source}.knob[{i}]"
        knobs.append(Knob(_str(k, "name", where), _strs(k, "values", where),
                          _str(k, "quote", where, False), _str(k, "location", where, False),
                          _str(k, "note", where, False)))
    declared = {k.name for k in knobs}
    for c in claims:
        missing = [k for k in c.knobs if k not in declared]
        if missing:
            raise InputError(f"{source}.claims[{c.id}].knobs",
                             f"undeclared knob(s) {', '.join(missing)} (add a [[knob]] table)")
    return ClaimSet(_str(data, "paper", source), _str(data, "problem", source), claims,
                    tuple(knobs))


def load_claims(path: str | Path) -> ClaimSet:
    """Read and check a claims TOML file."""
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise InputError(str(p), f"cannot read claims: {exc}") from exc
    return parse_claims(data, p.name)
