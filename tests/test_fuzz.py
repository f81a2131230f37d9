"""Fuzzing every problem's parser, cheapest algorithm, default exact model and the CLI.

For each problem, 200 mutants of its demo instance (tests/fuzzing.py: wrong types, NaN and
infinity, 1e308, 2^63, 10^9, negative numbers, deleted and extra keys, huge lists, a bad
``problem``) must each end in a clean :class:`InputError` or a valid run — no other exception
(crash) and no case without an answer within the per-case timeout (hang). Samples of the
mutants also go through the default exact model (time limit 2 s) and through ``dlsched solve``,
which must exit 0 or exit 2 with one ``error:`` line and no output file.
"""

from __future__ import annotations

import json

import pytest

from dlsched.core import PROBLEMS

from .fuzzing import mutants, run_cases

CHEAPEST = {"oef": "max-min", "ojpp": "heuristic", "completion": "fifo",
            "revenue": "gandiva-fair", "ltgf": "astraea-ltgf"}
PER_PROBLEM = 200
EXACT_SAMPLE = 12
CLI_SAMPLE = 12
TIMEOUT = 30.0


def _report(outcomes, muts) -> list[str]:
    return [f"{o}: {desc} -> {detail.strip().splitlines()[-1] if detail.strip() else ''}"
            for (o, detail), (_, desc) in zip(outcomes, muts, strict=True)
            if o in ("crash", "hang")]


@pytest.mark.parametrize("problem", sorted(CHEAPEST))
def test_no_crash_no_hang(problem, tmp_path):
    base = json.loads(PROBLEMS.get(problem).demo_instance)
    muts = mutants(base, PER_PROBLEM, seed=20261124)
    cases = [(m, ("algorithm", CHEAPEST[problem], {})) for m, _ in muts]
    outcomes = run_cases(cases, timeout=TIMEOUT)
    bad = _report(outcomes, muts)
    assert not bad, "\n".join(bad[:10])
    valid = [m for (m, _), (o, _) in zip(muts, outcomes, strict=True) if o == "ok"]
    rejected = sum(o == "input" for o, _ in outcomes)
    assert rejected > PER_PROBLEM // 2  # the mutants do exercise the guards
    exact = [(m, ("model", "", {})) for m in valid[:EXACT_SAMPLE]]
    bad = _report(run_cases(exact, timeout=TIMEOUT), [(m, "exact") for m, _ in exact])
    assert not bad, "\n".join(bad[:10])
    sample = muts[:: max(1, PER_PROBLEM // CLI_SAMPLE)][:CLI_SAMPLE]
    cli = [(m, ("cli", str(tmp_path))) for m, _ in sample]
    bad = _report(run_cases(cli, timeout=TIMEOUT), sample)
    assert not bad, "\n".join(bad[:10])
