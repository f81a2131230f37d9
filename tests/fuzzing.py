"""Deterministic mutation fuzzer for instance files (used by tests/test_fuzz.py).

A mutant is a valid base instance with one or two edits at random JSON paths: wrong types, NaN and
infinity, huge and negative numbers, deleted or extra keys, nulls, huge lists, ``"problem": []``.
Each case runs in a worker process with a timeout, so a hang is detected, not suffered.
"""

from __future__ import annotations

import copy
import json
import multiprocessing as mp
import random
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
