"""Claims files: every claim is located, quoted and typed; bad files name the field."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from dlsched.bench.repro import load_claims, parse_claims
from dlsched.core import InputError

CLAIMS_DIR = Path(__file__).resolve().parents[2] / "benchmarks" / "reproduction" / "claims"
FILES = sorted(CLAIMS_DIR.glob("*.toml"))


def test_there_is_a_claims_file_per_report():
    reports = {p.stem for p in CLAIMS_DIR.parent.glob("*.md")} - {"README", "baselines",
                                                                     "verdict-rule"}
    assert reports and reports <= {p.stem for p in FILES}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_claim_is_quoted_and_located(path):
    cs = load_claims(path)
    assert cs.problem == path.stem
    for c in cs.claims:
        assert len(c.quote.split()) >= 5, c.id  # a sentence, not a paraphrased number
        assert any(ch.isdigit() for ch in c.location) or c.location.lower().startswith(
            ("§", "abstract", "introduction", "conclusion")), c.id
        if c.kind == "guarantee":
            assert c.statement or c.quote
        if c.scored:
            c.target()  # the rule can score it


BASE = {"paper": "P", "problem": "oef", "claims": [
    {"id": "x", "location": "§6", "quote": "OEF is faster by 17%.", "kind": "effect",
     "direction": "lower", "claimed": -0.17, "knobs": ["k"]}],
    "knob": [{"name": "k", "values": ["a", "b"]}]}


@pytest.mark.parametrize(("mutate", "field"), [
    (lambda d: d["claims"][0].pop("quote"), "claims[x].quote"),
    (lambda d: d["claims"][0].update(kind="hunch"), "claims[x].kind"),
    (lambda d: d["claims"][0].update(claimed=0.17), "claims[x].claimed"),
    (lambda d: d["claims"][0].pop("direction"), "claims[x].direction"),
    (lambda d: d["claims"][0].update(claimed=float("nan")), "claims[x].claimed"),
    (lambda d: d["claims"][0].update(knobs=["nope"]), "claims[x].knobs"),
    (lambda d: d["claims"][0].update(reading="figure"), "claims[x].claimed_range"),
    (lambda d: d["claims"].append(dict(d["claims"][0])), "claims"),
    (lambda d: d["claims"][0].update(kind="parity", claimed=-0.05), "claims[x].claimed"),
])
def test_bad_claims_name_the_field(mutate, field):
    d = copy.deepcopy(BASE)
    mutate(d)
    with pytest.raises(InputError) as exc:
        parse_claims(d)
    assert field in exc.value.field


def test_targets_follow_the_claim():
    t = parse_claims(BASE).claims[0].target()
    assert (t.kind, t.direction, t.lo, t.hi) == ("effect", -1, 0.17, 0.17)
    d = copy.deepcopy(BASE)
    d["claims"][0].update(reading="figure", claimed_range=[-0.3, -0.1])
    t = parse_claims(d).claims[0].target()
    assert (t.lo, t.hi) == (0.1, 0.3)
