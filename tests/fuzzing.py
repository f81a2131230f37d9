"""Deterministic mutation fuzzer for instance files and parameters (used by tests/test_fuzz.py).

Three levels, all from fixed seeds:

* value mutants: a valid base instance with one or two edits at random JSON paths: wrong types,
  NaN and infinity, huge and negative numbers, deleted or extra keys, nulls, huge lists,
  ``"problem": []``;
* byte mutants (:func:`byte_mutants`): the instance's JSON text with bytes flipped, inserted or
  deleted, truncated, invalid UTF-8, re-encoded as Latin-1, nested 65-3,000 levels deep, a
  5,000-digit integer, NaN / Infinity / 1e999 literals, megabytes of whitespace;
* parameter mutants (:func:`param_mutants`): ``-p KEY=VALUE`` for every registered algorithm and
  generator with NaN, inf, -1, 0, 1e11, huge integers, "abc", [], {}, true, null and misspelt keys.

Each case runs in a worker process with a timeout, so a hang is detected, not suffered.
"""

from __future__ import annotations

import copy
import json
import multiprocessing as mp
import random
import re
import traceback
from collections.abc import Iterator
from typing import Any

NUMBERS = [float("nan"), float("inf"), -float("inf"), 1e308, -1e308, 10**9, 10**18, -1, 0, 0.5,
           -0.0, 1e-300, 2**63]
OTHERS = [None, "x", "", [], {}, True, [1, 2], {"a": 1}]


def paths(node: Any, prefix: tuple = ()) -> Iterator[tuple]:
    """Every path to a value in a JSON tree (dict keys and list indices)."""
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node[:6]):  # the first few elements of long lists
            yield from paths(v, (*prefix, i))


def _parent(tree: Any, path: tuple) -> tuple[Any, Any]:
    node = tree
    for p in path[:-1]:
        node = node[p]
    return node, path[-1]


def mutate(base: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str]:
    """One mutant and a one-line description of what was changed."""
    tree = copy.deepcopy(base)
    edits = []
    for _ in range(rng.choice([1, 1, 2])):
        choices = [p for p in paths(tree) if p]
        path = rng.choice(choices)
        parent, key = _parent(tree, path)
        action = rng.random()
        if action < 0.45:
            value: Any = rng.choice(NUMBERS)
            parent[key] = value
            edits.append(f"{path}={value!r}")
        elif action < 0.65:
            value = rng.choice(OTHERS)
            parent[key] = value
            edits.append(f"{path}={value!r}")
        elif action < 0.8 and isinstance(parent, dict):
            del parent[key]
            edits.append(f"del {path}")
        elif action < 0.9 and isinstance(parent[key], list) and parent[key]:
            parent[key] = parent[key] * rng.choice([50, 400])  # duplicated entries
            edits.append(f"{path}*=many")
        elif isinstance(parent, dict):
            parent[f"extra{rng.randrange(9)}"] = 1
            edits.append(f"extra key at {path[:-1]}")
        else:
            parent[key] = rng.choice(NUMBERS)
            edits.append(f"{path}=number")
    if rng.random() < 0.03:
        tree["problem"] = rng.choice([[], {}, None, 3, "nope"])
        edits.append("problem=bad")
    return tree, "; ".join(edits)


def mutants(base: dict[str, Any], n: int, seed: int) -> list[tuple[dict[str, Any], str]]:
    rng = random.Random(seed)
    return [mutate(base, rng) for _ in range(n)]


# ---- running cases in a worker with a timeout ----------------------------------------------------
def _worker(jobs: Any, results: Any) -> None:
    import dlsched as ds
    from dlsched.core import DlschedError
    from dlsched.core import io as dio

    while True:
        item = jobs.get()
        if item is None:
            return
        idx, data, action = item
        if action and action[0] == "cli":
            results.put((idx, *_cli_case(data, action[1])))
            continue
        if action and action[0] == "argv":
            results.put((idx, *_argv_case(data, action[1], action[2])))
            continue
        try:
            inst = dio.from_dict(json.loads(json.dumps(data)))  # as the CLI reads it
            if action:
                kind, name, params = action
                problem = getattr(inst, "problem", "")
                res = (ds.run(inst, name, **params) if kind == "algorithm"
                       else ds.solve(inst, model=name or None, time_limit=2, **params))
                if res.solution is not None and res.status.value != "error":
                    ds.check(inst, res)
                del problem
            results.put((idx, "ok", ""))
        except DlschedError as exc:
            results.put((idx, "input", str(exc)))
        except Exception:  # a crash: anything but a clean input error
            results.put((idx, "crash", traceback.format_exc(limit=4)))


# ---- byte-level mutants ---------------------------------------------------------------------
def _deep(text: str, rng: random.Random) -> tuple[str, str]:
    k = rng.choice([65, 200, 1500, 3000])
    at = text.index("[") if "[" in text else 1
    return text[:at] + "[" * k + text[at:] + "]" * k, f"nested {k} deeper"


def _replace_number(text: str, rng: random.Random, literal: str) -> str:
    spots = [m.start() for m in re.finditer(r"(?<=[:\[ ])\d+(?=[,\]\s}])", text)]
    if not spots:
        return text + literal
    at = rng.choice(spots)
    end = re.match(r"\d+", text[at:]).end()  # type: ignore[union-attr]
    return text[:at] + literal + text[at + end:]


def byte_mutate(text: str, rng: random.Random) -> tuple[bytes, str]:
    """One byte-level mutant of the JSON ``text`` and what was done."""
    raw = text.encode()
    kind = rng.randrange(12)
    if kind == 0:
        buf = bytearray(raw)
        for _ in range(rng.randint(1, 4)):
            buf[rng.randrange(len(buf))] ^= 1 << rng.randrange(8)
        return bytes(buf), "bit flips"
    if kind == 1:
        at = rng.randrange(len(raw))
        return raw[:at] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 8))) + raw[at:], \
            f"random bytes inserted at {at}"
    if kind == 2:
        at = rng.randrange(len(raw))
        return raw[:at] + raw[at + rng.randint(1, 40):], f"bytes deleted at {at}"
    if kind == 3:
        at = rng.randrange(len(raw))
        return raw[:at], f"truncated at {at}"
    if kind == 4:
        at = rng.randrange(len(raw))
        bad = rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80", b"\x80"])
        return raw[:at] + bad + raw[at:], f"invalid UTF-8 {bad!r} at {at}"
    if kind == 5:
        at = text.index('"', text.index('"name"') + 7) + 1 if '"name"' in text else 1
        return (text[:at] + "caf\u00e9 \u00fc" + text[at:]).encode("latin-1"), "Latin-1 text"
    if kind == 6:
        deep, what = _deep(text, rng)
        return deep.encode(), what
    if kind == 7:
        digits = rng.choice([21, 400, 5000, 20000])
        return _replace_number(text, rng, "9" * digits).encode(), f"{digits}-digit integer"
    if kind == 8:
        lit = rng.choice(["NaN", "Infinity", "-Infinity", "1e999", "-1e999", "1e-999"])
        return _replace_number(text, rng, lit).encode(), f"literal {lit}"
    if kind == 9:
        size = rng.choice([10**5, 2 * 10**6])
        at = rng.choice([0, len(raw) // 2, len(raw)])
        at = raw.rfind(b",", 0, at) + 1 if at else 0
        return raw[:at] + b" " * size + raw[at:], f"{size} bytes of whitespace"
    if kind == 10:
        return rng.choice([b"", b"   ", b"null", b"[]", b"\xef\xbb\xbf" + raw, b"{" * 70,
                           raw + raw, b'"' + raw]), "degenerate document"
    at = rng.randrange(len(raw))
    return raw[:at] + b"\x00" + raw[at:], f"NUL at {at}"


def byte_mutants(text: str, n: int, seed: int) -> list[tuple[bytes, str]]:
    rng = random.Random(seed)
    return [byte_mutate(text, rng) for _ in range(n)]


# ---- parameter-level mutants ---------------------------------------------------------------------
PARAM_VALUES = ["NaN", "Infinity", "-Infinity", "-1", "0", "1e11", "1e308", "9" * 30, "2.5",
                "abc", "[]", "{}", "true", "null", '"x"', "[1,2]", "-0.5", "1" * 5000,
                "[" * 100 + "]" * 100]


def _misspell(key: str, rng: random.Random) -> str:
    if len(key) < 2:
        return key + "x"
    at = rng.randrange(len(key))
    return key[:at] + key[at + 1:] if rng.random() < 0.5 else key[:at] + "q" + key[at:]


def param_mutants(names: list[str], n: int, seed: int) -> list[tuple[str, str]]:
    """``n`` ``KEY=VALUE`` strings over the parameter ``names`` of one method (misspelt keys
    among them), and what each does."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        key = rng.choice(names) if names else "nope"
        if rng.random() < 0.15:
            key = _misspell(key, rng)
        value = rng.choice(PARAM_VALUES)
        out.append((f"{key}={value}", f"-p {key}={value[:20]}"))
    return out


def _argv_case(payload: bytes | None, workdir: str, argv: list[str]) -> tuple[str, str]:
    """``dlsched ARGV`` in-process, ``{file}`` replaced by a file holding ``payload`` and
    ``{out}`` by an output path: exit 0 / 1 (a result), or exit 2 with exactly one ``error:``
    line on stderr and no output file; anything else (a traceback, two lines) is a crash."""
    import contextlib
    import io
    import os
    import tempfile

    from dlsched.cli import main

    fd, path = tempfile.mkstemp(suffix=".json", dir=workdir)
    with os.fdopen(fd, "wb") as fh:
        fh.write(payload or b"")
    out = path.replace(".json", "-out.json")
    argv = [a.replace("{file}", path).replace("{out}", out) for a in argv]
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = main(argv)
    except SystemExit as exc:  # argparse
        code = exc.code
    except Exception:
        return "crash", traceback.format_exc(limit=4)
    finally:
        os.unlink(path)
    lines = [ln for ln in err.getvalue().splitlines() if ln.strip()]
    made = os.path.exists(out)
    if made:
        os.unlink(out)
    if code in (0, 1):
        return ("ok", "") if made else ("crash", f"exit {code} without output")
    if code == 2 and len(lines) == 1 and lines[0].startswith("error:") and not made:
        return "input", lines[0]
    return "crash", f"exit {code}, stderr {lines[:3]}, output exists {made}"


def _cli_case(data: dict[str, Any], workdir: str) -> tuple[str, str]:
    """``dlsched solve MUTANT -o OUT --time-limit 2`` in-process: exit 0, or exit 2 with one
    ``error:`` line on stderr and no OUT file; anything else is a crash."""
    import contextlib
    import io
    import os
    import tempfile

    from dlsched.cli import main

    fd, path = tempfile.mkstemp(suffix=".json", dir=workdir)
    with os.fdopen(fd, "w") as fh:
        fh.write(json.dumps(data))  # NaN / Infinity tokens as Python's json writes them
    out = path.replace(".json", "-result.json")
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = main(["solve", path, "-o", out, "--time-limit", "2"])
    except SystemExit as exc:  # argparse
        code = exc.code
    except Exception:
        return "crash", traceback.format_exc(limit=4)
    lines = [ln for ln in err.getvalue().splitlines() if ln.strip()]
    if code == 0:
        return ("ok", "") if os.path.exists(out) else ("crash", "exit 0 without output")
    if code == 2 and len(lines) == 1 and lines[0].startswith("error:") \
            and not os.path.exists(out):
        return "input", lines[0]
    return "crash", f"exit {code}, stderr {lines[:3]}, output exists {os.path.exists(out)}"


def run_cases(cases: list[tuple[dict[str, Any], Any]], timeout: float
              ) -> list[tuple[str, str]]:
    """(outcome, detail) per case: ok | input | crash | hang. A hang kills the worker."""
    ctx = mp.get_context("spawn")  # fork after HiGHS / CP-SAT thread pools can deadlock
    out: list[tuple[str, str] | None] = [None] * len(cases)
    i = 0
    while i < len(cases):
        jobs, results = ctx.Queue(), ctx.Queue()
        proc = ctx.Process(target=_worker, args=(jobs, results), daemon=True)
        proc.start()
        for k in range(i, len(cases)):
            jobs.put((k, cases[k][0], cases[k][1]))
        jobs.put(None)
        while i < len(cases):
            try:
                idx, outcome, detail = results.get(timeout=timeout)
            except Exception:
                out[i] = ("hang", f"no answer within {timeout} s")
                proc.kill()
                proc.join()
                i += 1
                break
            out[idx] = (outcome, detail)
            i = idx + 1
        else:
            proc.join(timeout=5)
    return [o if o is not None else ("hang", "lost") for o in out]
