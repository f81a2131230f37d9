"""The paper's worked examples (notes §6, S1-S5): the golden optima table and the shipped
instance files built from ``dlsched.completion.paper``."""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import json
from pathlib import Path

from dlsched.completion.paper import GOLDEN

INST = Path(__file__).resolve().parents[2] / "instances" / "completion"

# notes §6 optima (S1-S5), written here from the notes, not from the code
SPEC_OPT = {"s1-ring": 66, "s1-ps": 66, "s2-one": 17, "s2-two": 17, "s3": 18, "s4": 7,
            "s5-bw10": 4, "s5-bw3": 5}


def test_golden_table_matches_spec() -> None:
    assert {k: v for k, (_, v) in GOLDEN.items()} == SPEC_OPT


def test_golden_files_match_spec_builders() -> None:
    for name, (data, _) in GOLDEN.items():
        assert json.loads((INST / f"{name}.json").read_text()) == data
