"""The input boundary (issue #20, item 1): hostile files, options, parameters and keywords end in
exit status 2 and exactly one line ``error: FIELD: reason`` -- never a traceback, never a write.

Most cases call :func:`dlsched.cli.main` in-process; a few run the real command in a subprocess
(``/dev/zero`` under a 1 GiB address-space limit, a traceback check).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import dlsched as ds
from dlsched.cli import main
from dlsched.core import PROBLEMS, InputError, inputs, limits

ROOT = Path(__file__).resolve().parents[1]
OEF = ROOT / "instances" / "oef" / "gavel-n20-s0.json"
COMPLETION = ROOT / "instances" / "completion" / "s1-ps.json"


def _refused(capsys, argv: list[str], field: str, *words: str, out: Path | None = None) -> str:
    """Run the CLI; assert exit 2, one stderr line ``error: FIELD: ...`` holding ``words``."""
    code = main(argv)
    err = [ln for ln in capsys.readouterr().err.splitlines() if ln.strip()]
    assert code == 2, err
    assert len(err) == 1, err
    assert err[0].startswith(f"error: {field}: "), err[0]
    for w in words:
        assert w in err[0], err[0]
    if out is not None:
        assert not out.exists()
    return err[0]


def _oef_text() -> str:
    return OEF.read_text(encoding="utf-8")


# --- files ------------------------------------------------------------------------------------
def test_5000_digit_integer_is_refused_before_int(tmp_path, capsys):
    data = json.loads(_oef_text())
    text = json.dumps(data).replace('"count": 8', '"count": ' + "7" * 5000, 1)
    path = tmp_path / "big.json"
    path.write_text(text)
    out = tmp_path / "r.json"
    _refused(capsys, ["solve", str(path), "-o", str(out)], "gpu_types[0].count",
             "5000 digits", "limit 20", out=out)


def test_1500_deep_json_is_refused_without_recursion(tmp_path, capsys):
    path = tmp_path / "deep.json"
    path.write_text("[" * 1500 + "]" * 1500)
    _refused(capsys, ["solve", str(path)], str(path), "nesting depth 1500 > limit 64")


def test_depth_inside_strings_does_not_count(tmp_path):
    # brackets inside a JSON string are text, not nesting
    text = json.dumps({"a": "[" * 500, "b": [[1]]})
    assert inputs.parse_json(text, "f") == {"a": "[" * 500, "b": [[1]]}


def test_invalid_utf8_names_the_byte_offset(tmp_path, capsys):
    raw = _oef_text().encode()
    path = tmp_path / "bad.json"
    path.write_bytes(raw[:123] + b"\xff" + raw[123:])
    _refused(capsys, ["solve", str(path)], str(path), "not UTF-8", "0xff", "offset 123")


def test_latin1_file_names_the_byte_offset(tmp_path, capsys):
    text = '{"problem": "oef", "name": "caf\u00e9"}'
    path = tmp_path / "latin.json"
    path.write_bytes(text.encode("latin-1"))
    offset = text.index("\u00e9")  # every earlier character is ASCII: one byte each
    _refused(capsys, ["solve", str(path)], str(path), "0xe9", f"offset {offset}")


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_nan_and_infinite_literals_are_refused(tmp_path, capsys, literal):
    text = _oef_text().replace('"count": 8', f'"count": {literal}', 1)
    path = tmp_path / "nan.json"
    path.write_text(text)
    _refused(capsys, ["solve", str(path)], "gpu_types[0].count")


def test_directory_missing_file_and_fifo(tmp_path, capsys):
    _refused(capsys, ["solve", str(tmp_path)], str(tmp_path), "directory")
    _refused(capsys, ["solve", str(tmp_path / "no.json")], str(tmp_path / "no.json"), "not found")
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "fifo"
        os.mkfifo(fifo)  # no writer: must not block
        _refused(capsys, ["solve", str(fifo)], str(fifo), "empty input")


def test_file_over_the_size_limit_is_refused_unread(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 1000)
    path = tmp_path / "big.json"
    path.write_text(" " * 1001 + "{}")
    _refused(capsys, ["solve", str(path)], str(path), "1003 bytes > limit 1000")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/dev/zero and RLIMIT_AS")
def test_dev_zero_is_refused_fast_with_bounded_memory():
    code = ("import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30)); "
            "from dlsched.cli import main; sys.exit(main(['solve', '/dev/zero']))")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, env=env)
    assert proc.returncode == 2, proc.stderr[-500:]
    lines = proc.stderr.strip().splitlines()
    assert lines == [f"error: /dev/zero: more than {limits.MAX_FILE_BYTES} bytes "
                     "(the input size limit)"]


def test_vbp_with_a_huge_integer(tmp_path, capsys):
    path = tmp_path / "x.vbp"
    path.write_text("1\n10\n1\n" + "9" * 5000 + " 1\n")
    _refused(capsys, ["solve", str(path)], str(path), "5000 digits")


# --- parameters ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("value", "words"), [
    ("NaN", ["NaN is not a number"]),
    ("1e11", ["outside [1, 100000]"]),
    ("-3", ["outside [1, 100000]"]),
    ("2.5", ["expected an integer"]),
    ('"many"', ["expected an integer"]),
    ("true", ["got a boolean"]),
    ("9" * 5000, ["5000 digits"]),
])
def test_rounds_values_refused(capsys, tmp_path, value, words):
    out = tmp_path / "r.json"
    _refused(capsys, ["run", str(OEF), "-a", "oef-placer", "-p", f"rounds={value}",
                      "-o", str(out)], "--param rounds", *words, out=out)


def test_alpha_abc_refused(capsys):
    _refused(capsys, ["run", str(COMPLETION), "-a", "a-online", "-p", "alpha=abc"],
             "--param alpha", "expected an integer", "'abc'")


def test_misspelt_parameter_did_you_mean(capsys):
    _refused(capsys, ["run", str(OEF), "-a", "oef-placer", "-p", "round=3"], "--param round",
             "did you mean 'rounds'?")


def test_deep_parameter_value(capsys):
    _refused(capsys, ["run", str(OEF), "-a", "oef-placer", "-p", "ideal=" + "[" * 70 + "]" * 70],
             "--param ideal", "nesting depth 70")


def test_control_characters_stay_on_one_line(capsys):
    line = _refused(capsys, ["run", str(OEF), "-a", "oef-placer", "-p", "a\nb=1"],
                    "--param a\\nb", "not a parameter name")
    assert "\n" not in line


@pytest.mark.parametrize(("params", "field", "words"), [
    (["n=-3"], "--param n", ["-3 is outside [1, 100000]"]),
    (["n=0"], "--param n", ["outside [1,"]),
    (["n=1e9"], "--param n", ["outside [1, 100000]"]),
    (["k=Infinity"], "--param k", ["Infinity is not a number"]),
    (["monotone=1"], "--param monotone", ["expected true/false"]),
    (["nn=4"], "--param nn", ["did you mean 'n'?"]),
])
def test_generate_refuses_bad_parameters(capsys, tmp_path, params, field, words):
    out = tmp_path / "g.json"
    argv = ["generate", "oef", "-o", str(out)]
    for p in params:
        argv += ["-p", p]
    _refused(capsys, argv, field, *words, out=out)


def test_every_generator_still_runs_with_its_defaults():
    for name, prob in PROBLEMS.items():
        if prob.generate is not None:
            assert ds.generate(name, seed=3).problem == name


# --- options ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("argv", "field", "words"), [
    (["--time-limit", "nan"], "--time-limit", ["finite"]),
    (["--time-limit", "-1"], "--time-limit", ["outside (0, 1000000]"]),
    (["--time-limit", "0"], "--time-limit", ["outside (0, 1000000]"]),
    (["--time-limit", "1e300"], "--time-limit", ["outside (0, 1000000]"]),
    (["--time-limit", "soon"], "--time-limit", ["expected a number"]),
    (["--threads", "100000"], "--threads", ["outside [1, 256]"]),
    (["--threads", "2.5"], "--threads", ["expected an integer"]),
    (["--mip-gap", "2"], "--mip-gap", ["outside [0, 1]"]),
    (["--mip-gap", "inf"], "--mip-gap", ["finite"]),
])
def test_solve_options_refused(capsys, tmp_path, argv, field, words):
    out = tmp_path / "r.json"
    _refused(capsys, ["solve", str(OEF), "-o", str(out), *argv], field, *words, out=out)


@pytest.mark.parametrize(("seed", "words"), [("-1", ["outside [0, 4294967295]"]),
                                             ("2**40", ["expected an integer"]),
                                             ("1" * 30, ["30 digits"])])
def test_generate_seed_refused(capsys, seed, words):
    _refused(capsys, ["generate", "oef", f"--seed={seed}"], "--seed", *words)


@pytest.mark.parametrize(("flag", "value"), [("--max-rows", "-1"), ("--max-columns", "nan"),
                                             ("--plan-seconds", "inf"),
                                             ("--max-nonzeros", "1e30")])
def test_export_limits_refused(capsys, tmp_path, flag, value):
    _refused(capsys, ["export", str(OEF), "-d", str(tmp_path), f"{flag}={value}"], flag)
    assert not list(tmp_path.iterdir())


def test_argparse_errors_are_one_line(capsys):
    with pytest.raises(SystemExit) as info:
        main(["solve"])
    assert info.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: dlsched solve: "), err


def test_bench_jobs_refused(capsys, tmp_path):
    db = tmp_path / "x.db"
    _refused(capsys, ["bench", str(ROOT / "benchmarks" / "quick.toml"), "-j", "0", "-o", str(db)],
             "--jobs", "outside [1, 256]", out=db)


# --- Python API ---------------------------------------------------------------------------------
def test_api_misspelt_keyword_did_you_mean():
    inst = ds.load(COMPLETION)
    with pytest.raises(InputError) as info:
        ds.solve(inst, model="completion-milp", horizn=5)
    assert info.value.field == "horizn"
    assert "did you mean 'horizon'?" in info.value.reason


def test_api_unknown_keyword_on_a_forwarding_model():
    inst = ds.load(OEF)  # oef-cooperative takes **params: its forwarded keywords are declared
    with pytest.raises(InputError) as info:
        ds.solve(inst, model="oef-cooperative", horizn=5)
    assert info.value.field == "horizn"
    with pytest.raises(InputError) as info:
        ds.solve(inst, model="oef-cooperative", time_limt=5)
    assert "did you mean 'time_limit'?" in info.value.reason


@pytest.mark.parametrize(("kw", "field"), [({"time_limit": float("nan")}, "time_limit"),
                                           ({"time_limit": -1}, "time_limit"),
                                           ({"mip_gap": 1.5}, "mip_gap"),
                                           ({"threads": 0}, "threads"),
                                           ({"threads": "4"}, "threads")])
def test_api_solve_options_refused(kw, field):
    inst = ds.load(OEF)
    with pytest.raises(InputError) as info:
        ds.solve(inst, model="oef-cooperative", **kw)
    assert info.value.field == field


def test_api_run_and_generate_refuse():
    with pytest.raises(InputError, match="rounds"):
        ds.run(ds.load(OEF), "oef-placer", rounds=float("nan"))
    with pytest.raises(InputError, match="n_jobs"):
        ds.generate("revenue", n_jobs=-1)


# --- suites and environment ---------------------------------------------------------------------
def test_suite_file_not_utf8_and_too_deep(tmp_path):
    from dlsched.bench.suite import load_suite

    path = tmp_path / "s.toml"
    path.write_bytes(b'[suite]\nname = "caf\xe9"\n')
    with pytest.raises(InputError, match="byte 0xe9 at offset 19"):
        load_suite(path)
    path.write_text("x = " + "[" * 200 + "]" * 200 + "\n")
    with pytest.raises(InputError, match="nesting depth 200"):
        load_suite(path)


def test_dlsched_data_must_be_a_directory(monkeypatch, tmp_path):
    from dlsched.oef.support.gavel_data import data_dir

    monkeypatch.setenv("DLSCHED_DATA", str(tmp_path / "nowhere"))
    with pytest.raises(InputError) as info:
        data_dir()
    assert info.value.field == "DLSCHED_DATA"
    monkeypatch.setenv("DLSCHED_DATA", str(tmp_path))
    assert data_dir() == tmp_path


def test_real_cli_no_traceback(tmp_path):
    path = tmp_path / "big.json"
    path.write_text('{"problem": "oef", "x": ' + "1" * 5000 + "}")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    proc = subprocess.run([sys.executable, "-m", "dlsched.cli", "solve", str(path)],
                          capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [
        "error: x: integer literal with 5000 digits > limit 20"]


def test_unknown_names_did_you_mean(capsys):
    _refused(capsys, ["generate", "oeff"], "problem", "did you mean 'oef'?")
    _refused(capsys, ["run", str(OEF), "-a", "max-mn"], "--algorithm", "did you mean 'max-min'?")
