"""Fuzzing every problem's parser, cheapest algorithm, default exact model and the CLI.

For each problem, 200 mutants of its demo instance (tests/fuzzing.py: wrong types, NaN and
infinity, 1e308, 2^63, 10^9, negative numbers, deleted and extra keys, huge lists, a bad
``problem``) must each end in a clean :class:`InputError` or a valid run — no other exception
(crash) and no case without an answer within the per-case timeout (hang). Samples of the
mutants also go through the default exact model (time limit 2 s) and through ``dlsched solve``,
which must exit 0 or exit 2 with one ``error:`` line and no output file.

Byte-level mutants of the demo instance's JSON text (flipped, inserted and deleted bytes,
truncation, invalid UTF-8, Latin-1, deep nesting, 5,000-digit integers, NaN literals, megabytes of
whitespace) and parameter-level mutants (``-p KEY=VALUE`` with NaN, inf, -1, 1e11, "abc", [], ...
and misspelt keys, for every registered algorithm and every generator) go through the real
command line in-process: exit 0 / 1 with a result, or exit 2 with exactly one ``error:`` line and
no output file -- never a traceback.
"""

from __future__ import annotations

import json

import pytest

from dlsched.core import PROBLEMS

from .fuzzing import byte_mutants, mutants, param_mutants, run_cases

CHEAPEST = {"oef": "max-min", "ojpp": "heuristic", "completion": "fifo",
            "revenue": "gandiva-fair", "ltgf": "astraea-ltgf"}
PER_PROBLEM = 200
EXACT_SAMPLE = 12
CLI_SAMPLE = 12
TIMEOUT = 30.0
BYTE_MUTANTS = 30
PARAMS_PER_METHOD = 4
PARAMS_PER_GENERATOR = 12


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


def _byte_cases(problem: str, workdir: str) -> list[tuple[tuple, str]]:
    """(case, description): byte mutants of the demo instance through ``dlsched run``."""
    text = json.dumps(json.loads(PROBLEMS.get(problem).demo_instance), indent=2)
    argv = ["run", "{file}", "-a", CHEAPEST[problem], "-o", "{out}"]
    return [((m, ("argv", workdir, argv)), desc)
            for m, desc in byte_mutants(text, BYTE_MUTANTS, seed=20261125)]


def _param_cases(problem: str, workdir: str) -> list[tuple[tuple, str]]:
    """(case, description): ``-p`` mutants for every algorithm of ``problem`` and its generator."""
    from dlsched.cli import method_params
    from dlsched.core import ALGORITHMS

    payload = PROBLEMS.get(problem).demo_instance.encode()
    cases = []
    for i, (name, method) in enumerate(ALGORITHMS.items(problem)):
        names = [k for k in method_params(method.run) if k != "**"] or ["rounds", "alpha"]
        for kv, desc in param_mutants(names, PARAMS_PER_METHOD, seed=1000 + i):
            argv = ["run", "{file}", "-a", name, "-p", kv, "-o", "{out}"]
            cases.append(((payload, ("argv", workdir, argv)), f"{name} {desc}"))
    gen = PROBLEMS.get(problem).generate
    names = [k for k in method_params(gen, takes_instance=False) if k not in ("**", "seed")]
    for kv, desc in param_mutants(names or ["n"], PARAMS_PER_GENERATOR, seed=7):
        argv = ["generate", problem, "-p", kv, "-o", "{out}"]
        cases.append(((None, ("argv", workdir, argv)), f"generate {desc}"))
    return cases


@pytest.mark.parametrize("problem", sorted(CHEAPEST))
def test_byte_and_param_mutants_clean_through_the_cli(problem, tmp_path):
    byte = _byte_cases(problem, str(tmp_path))
    param = _param_cases(problem, str(tmp_path))
    outcomes = run_cases([c for c, _ in byte + param], timeout=TIMEOUT)  # one worker start
    bad = _report(outcomes, [(None, d) for _, d in byte + param])
    assert not bad, "\n".join(bad[:10])
    # most mutants are refused (the guards are exercised), some still run
    refused_bytes = sum(o == "input" for o, _ in outcomes[:len(byte)])
    refused_params = sum(o == "input" for o, _ in outcomes[len(byte):])
    assert refused_bytes > len(byte) // 2
    assert refused_params > len(param) // 2
