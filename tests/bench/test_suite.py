"""Suite files: valid ones expand to the right tasks; malformed ones fail with one clear line."""

from __future__ import annotations

from pathlib import Path

import pytest

from dlsched.bench import expand, load_suite
from dlsched.cli import main
from dlsched.core import InputError

BASE = """
[suite]
name = "s"
imports = ["tests.bench.toyplugin"]

[problems.oef]
reference = "efficiency"

[[problems.oef.instances]]
label = "syn"
grid = { n = [3, 4], k = [2] }
params = { monotone = true }
seeds = [0, 1]

[[problems.oef.methods]]
label = "efficiency"
model = "oef-efficiency"
time_limit = 5

[[problems.oef.methods]]
label = "coop"
model = "oef-cooperative"
params = { envy = "lazy" }
"""

CASES = [
    # (old, new, field the error must name, words of the reason)
    ('name = "s"', 'name = "s', "s.toml", "malformed TOML"),
    ("[suite]", "[suit]", "suit", "unknown key"),
    ("[problems.oef]", "[problems.nope]", "problems.nope", "unknown problem"),
    ('label = "coop"', 'label = "coop"\nalgorithm = "toy-first"', "problems.oef.methods[1]",
     "exactly one of model"),
    ('model = "oef-cooperative"', 'algorithm = "no-such-alg"', "problems.oef.methods[1].algorithm",
     "unknown algorithm"),
    ('model = "oef-cooperative"', 'model = "toy-exact"', "problems.oef.methods[1].model",
     "belongs to problem 'bench-toy'"),
    ('params = { envy = "lazy" }', "params = 3", "problems.oef.methods[1].params",
     "expected a table"),
    ('params = { envy = "lazy" }', "params = { seed = 3 }", "problems.oef.methods[1].params",
     "seed is set by seeds"),
    ('reference = "efficiency"', 'reference = "lp4"', "problems.oef.reference",
     "not a method label"),
    ("time_limit = 5", "time_limit = -1", "problems.oef.methods[0].time_limit",
     "outside (0, 1000000]"),
    ("time_limit = 5", "time_limit = nan", "problems.oef.methods[0].time_limit", "finite"),
    ("time_limit = 5", "time_limt = 5", "problems.oef.methods[0].time_limt",
     "did you mean 'time_limit'"),
    ('params = { envy = "lazy" }', 'params = { envy = "lazy", rounds = 3 }',
     "problems.oef.methods[1].params.rounds", "has no parameter 'rounds'"),
    ("time_limit = 5", 'time_limit = "5"', "problems.oef.methods[0].time_limit", "expected int"),
    ("time_limit = 5", "time_limt = 5", "problems.oef.methods[0].time_limt", "unknown key"),
    ('label = "coop"', 'label = "efficiency"', "problems.oef.methods[1].label",
     "duplicate method label"),
    ("k = [2]", "k = 2", "problems.oef.instances[0].grid.k", "non-empty list"),
    ("k = [2]", "k = [0]", "problems.oef.instances[0].grid.k", "outside [1, 1000]"),
    ("k = [2]", "k = [2], bogus = [1]", "problems.oef.instances[0].grid.bogus",
     "has no parameter 'bogus'"),
    ("k = [2]", "k = [2.5]", "problems.oef.instances[0].grid.k", "expected an integer"),
    ("seeds = [0, 1]", "seeds = [-1, 1]", "problems.oef.instances[0].seeds", "outside [0, "),
    ("seeds = [0, 1]", "seeds = 0", "problems.oef.instances[0].seeds", ">= 1"),
    ("seeds = [0, 1]", "seeds = [1, 1]", "problems.oef.instances[0].seeds", "distinct"),
    ("seeds = [0, 1]", "", "problems.oef.instances[0]", "files = [...] or seeds"),
    ("grid = { n = [3, 4], k = [2] }", 'files = ["nothing-*.json"]',
     "problems.oef.instances[0].params", "not allowed together with files"),
    ('imports = ["tests.bench.toyplugin"]', 'imports = ["no_such_module_xyz"]', "suite.imports",
     "cannot import"),
    ("seeds = [0, 1]", 'seeds = [0, 1]\ngenerator = "dlsched.oef.generate"',
     "problems.oef.instances[0].generator", "expected 'module:function'"),
    ("seeds = [0, 1]", 'seeds = [0, 1]\ngenerator = "dlsched.oef.generate:nope"',
     "problems.oef.instances[0].generator", "cannot load"),
    ("seeds = [0, 1]", 'seeds = [0, 1]\ngenerator = "tests.bench.toyplugin:_generate"',
     "problems.oef.instances[0].params.monotone", "has no parameter 'monotone'"),
    ('reference = "efficiency"', 'reference = "efficiency"\nratio = "regret"',
     "problems.oef.ratio", "unknown ratio"),
    ("[[problems.oef.methods]]", "[[problems.oef.method]]", "problems.oef.method", "unknown key"),
    ('reference = "efficiency"', 'reference = "efficiency"\nskip = { gavel = "" }',
     "problems.oef.skip.gavel", "non-empty string"),
    ('reference = "efficiency"', 'reference = "efficiency"\nskip = { greedy = "x" }',
     "problems.oef.skip.greedy", "belongs to problem 'ojpp'"),
    ('reference = "efficiency"', 'reference = "efficiency"\nskip = { nope = "x" }',
     "problems.oef.skip.nope", "unknown model"),
    ('reference = "efficiency"', 'reference = "efficiency"\nskip = { oef-cooperative = "x" }',
     "problems.oef.skip.oef-cooperative", "also listed in methods"),
    ("grid = { n = [3, 4], k = [2] }\nparams = { monotone = true }\nseeds = [0, 1]",
     'files = ["none-*.json"]\noptional = true', "problems.oef.instances", "no instances"),
    ("grid = { n = [3, 4], k = [2] }\nparams = { monotone = true }\nseeds = [0, 1]",
     'files = ["none-*.json"]', "problems.oef.instances[0].files", "no file matches"),
    ('params = { envy = "lazy" }', 'params = { envy = "lazy" }\nsets = ["nope"]',
     "problems.oef.methods[1].sets", "unknown instance sets"),
    ('params = { envy = "lazy" }', 'params = { envy = "lazy" }\nsets = []',
     "problems.oef.methods[1].sets", "non-empty list"),
    ("time_limit = 5", 'time_limit = 5\nsets = ["syn"]', "problems.oef.methods[0].sets",
     "reference runs on every instance set"),
]


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_base_suite_expands_grid_seeds_and_methods(tmp_path):
    suite = load_suite(_write(tmp_path, BASE))
    (ps,) = suite.problems
    assert ps.sense == "max" and ps.reference == "efficiency"
    tasks = expand(suite)
    assert len(tasks) == 2 * 2 * 2  # n x seeds x methods
    assert len({t.key for t in tasks}) == len(tasks)
    assert tasks[0].method == "efficiency"  # reference first on every instance
    coop = [t for t in tasks if t.method == "coop"]
    assert all(t.params == {"envy": "lazy"} and t.solver["time_limit"] is None for t in coop)
    assert {t.instance["params"]["n"] for t in tasks} == {3, 4}
    assert all(t.instance["params"]["monotone"] is True for t in tasks)
    # keys are deterministic across loads
    assert [t.key for t in expand(load_suite(_write(tmp_path, BASE)))] == [t.key for t in tasks]


def test_a_method_runs_only_on_its_sets(tmp_path):
    lazy = 'params = { envy = "lazy" }'
    second = ('[[problems.oef.instances]]\nlabel = "b"\ngrid = { n = [5], k = [2] }\n'
              'seeds = [0]\n\n[[problems.oef.methods]]\nlabel = "efficiency"')
    two_sets = BASE.replace(lazy, lazy + '\nsets = ["b"]')
    two_sets = two_sets.replace('[[problems.oef.methods]]\nlabel = "efficiency"', second, 1)
    tasks = expand(load_suite(_write(tmp_path, two_sets)))
    by = {(t.group, t.method) for t in tasks}
    assert by == {("syn", "efficiency"), ("b", "efficiency"), ("b", "coop")}
    assert sum(t.group == "syn" for t in tasks) == 4  # 2 n x 2 seeds, reference only


def test_files_are_globbed_relative_to_the_suite(tmp_path):
    import dlsched as ds
    import tests.bench.toyplugin  # noqa: F401

    (tmp_path / "inst").mkdir()
    for seed in (1, 2):
        ds.save(ds.generate("oef", seed=seed, n=3, k=2), tmp_path / "inst" / f"i{seed}.json")
    text = BASE.replace("grid = { n = [3, 4], k = [2] }\nparams = { monotone = true }\n"
                        "seeds = [0, 1]", 'files = ["inst/*.json"]')
    tasks = expand(load_suite(_write(tmp_path, text)))
    assert sorted({t.instance_id for t in tasks}) == ["inst/i1.json", "inst/i2.json"]
    assert all(t.instance_key.startswith("file:") for t in tasks)
    # the file's text travels with the task (no shared filesystem needed on Dask workers)
    assert all('"problem": "oef"' in t.instance["text"] for t in tasks)
    (tmp_path / "inst" / "i3.json").write_text('{"problem": "oef", "users": ')
    with pytest.raises(InputError, match=r"instances\[0\]\.files: i3\.json: .*malformed JSON"):
        load_suite(_write(tmp_path, text))
    ds.save(ds.generate("bench-toy", n=3), tmp_path / "inst" / "i3.json")
    with pytest.raises(InputError, match=r"i3\.json is not a oef instance"):
        load_suite(_write(tmp_path, text))


@pytest.mark.parametrize(("old", "new", "field", "reason"), CASES)
def test_malformed_suite_names_the_key(tmp_path, old, new, field, reason):
    assert old in BASE
    path = _write(tmp_path, BASE.replace(old, new, 1))
    with pytest.raises(InputError) as info:
        load_suite(path)
    assert info.value.field.endswith(field), info.value
    assert reason in str(info.value)


def test_cli_prints_one_line_and_writes_nothing(tmp_path, capsys):
    path = _write(tmp_path, BASE.replace("params = { envy = \"lazy\" }", "params = 3"))
    db = tmp_path / "r.db"
    assert main(["bench", str(path), "--out", str(db)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0
    assert err.startswith("error: problems.oef.methods[1].params: expected a table")
    assert not db.exists()


def test_missing_suite_file(tmp_path, capsys):
    assert main(["bench", str(tmp_path / "none.toml")]) == 2
    assert "suite file not found" in capsys.readouterr().err


def test_a_named_generator_replaces_the_registered_one(tmp_path):
    from dlsched.bench.tasks import materialise
    from dlsched.core.io import dumps

    text = BASE.replace("seeds = [0, 1]",
                        'seeds = [0, 1]\ngenerator = "dlsched.oef.generate:generate"')
    named = expand(load_suite(_write(tmp_path, text)))
    plain = expand(load_suite(_write(tmp_path, BASE)))
    assert {t.instance_key for t in named}.isdisjoint({t.instance_key for t in plain})
    t = named[0]
    assert t.instance["generator"] == "dlsched.oef.generate:generate"
    assert dumps(materialise(t)) == dumps(materialise(plain[0]))
