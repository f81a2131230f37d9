"""Limits on everything that enters dlsched from outside (one place).

Each limit is far above any instance, option or parameter of the papers or the shipped suites,
and far below what would allocate, recurse or simulate beyond reason. Input outside them is
refused at the boundary (``dlsched.core.inputs``) with an
``InputError`` naming the field -- on the command line exit status 2
and one line ``error: FIELD: reason`` -- instead of hanging, overflowing or crashing later.

| what | limit | why |
|---|---|---|
| file size (JSON, `.vbp`, TOML) | 64 MiB | read with a bound (`/dev/zero` is refused at once) |
| file bytes | UTF-8 | other bytes are refused naming the offset |
| environment variable `DLSCHED_DATA` | an existing directory | |
| JSON / TOML / `-p` nesting | 64 levels | checked before parsing (no recursion blow-up) |
| integer literal | 20 digits | checked before `int()` (no 4,300-digit error) |
| any number in a file | finite, magnitude <= 1e15 | NaN / Infinity / 1e999 literals are refused |
| list entries | 10^6 | |
| `--time-limit`, `time_limit` | (0, 10^6] s | finite |
| `--mip-gap`, `mip_gap` | [0, 1] | finite |
| `--threads`, `threads` | 1..256 | |
| `--seed`, seeds | 0..2^32 - 1 | what every generator's RNG accepts |
| `bench --jobs` | 1..256 | |
| suite seeds / grid points / bootstrap | 10^4 / 10^5 / 10..10^6 | per set or method / per grid |
| `export --max-*` / `--plan-seconds` | 0..10^12 / [0, 10^6] s | 0 means no limit |
| `-p` integer parameter | integral, 0..10^6 | unless ``PARAM_RANGES`` says otherwise |
| `-p` float parameter | finite, 0..1e15 | unless ``PARAM_RANGES`` says otherwise |
| `-p` string | 10,000 characters | |
| LTGF policy `window` / `lease` | 1..10^9 s / 10^-3..10^7 s | shares, `f`: [0, 1]; `queues` 1..64 |
"""

from __future__ import annotations

#: any number in an instance file: finite and at most this large in magnitude (1e308 or 2^63
#: overflow the int64 / float arithmetic of the models and simulators)
MAX_MAGNITUDE = 1e15
#: time slots of a slotted model or simulator (horizons, job durations in slots): 10^6 one-hour
#: slots are 114 years; the papers use <= 4,096
MAX_SLOTS = 10**6
#: lease periods an event simulation may have to step through (sum of job durations / lease)
MAX_LEASE_PERIODS = 10**6
#: workers / GPUs of one instance (the papers: <= 10^4)
MAX_WORKERS = 10**6
#: entries of any list in an instance file
MAX_ITEMS = 10**6

# --- files -------------------------------------------------------------------------------------
#: bytes of one input file (instances, results, .vbp, suites); the largest shipped file is < 4 MiB
MAX_FILE_BYTES = 64 * 2**20
#: nesting depth of JSON / TOML documents and ``-p`` values (instances use <= 5)
MAX_DEPTH = 64
#: digits of one integer literal (int64 has 19)
MAX_INT_DIGITS = 20

# --- options -----------------------------------------------------------------------------------
#: seconds of ``--time-limit`` / ``time_limit`` / ``--plan-seconds`` (11.6 days)
MAX_TIME_LIMIT = 1e6
#: solver threads and parallel benchmark workers
MAX_THREADS = 256
MAX_JOBS = 256
#: seeds: what numpy's legacy and new generators and ``random.Random`` all accept
MAX_SEED = 2**32 - 1
#: ``dlsched export --max-columns/--max-rows/--max-nonzeros``
MAX_EXPORT_SIZE = 10**12
#: suites: seeds per instance set or method, points of one generator grid, bootstrap resamples
MAX_SEEDS = 10_000
MAX_GRID_POINTS = 100_000
MAX_BOOTSTRAP = 10**6

# --- method and generator parameters -------------------------------------------------------------
#: an integer parameter (rounds, steps, trades, patterns...) unless ``PARAM_RANGES`` says
MAX_PARAM_INT = 10**6
#: characters of a string parameter
MAX_STRING = 10_000

#: Per-parameter ranges ``(low, high)`` (inclusive) that replace the generic rule, keyed by
#: ``"PROBLEM/generate"`` for a problem's generator or ``"PROBLEM/METHOD"`` for a model or an
#: algorithm; ``"*"`` applies to every method and generator.
PARAM_RANGES: dict[str, dict[str, tuple[float, float]]] = {
    "*": {"seed": (0, MAX_SEED)},
    "oef/generate": {"n": (1, 100_000), "k": (1, 1_000)},
    "ltgf/generate": {"n_jobs": (1, 1_000_000), "tenants": (1, 10_000), "nodes": (1, 100_000),
                      "gpus_per_node": (1, 1_024), "days": (1e-6, 36_500),
                      "lease": (1e-3, 1e7), "tick": (1e-3, 1e7), "cold_start": (0, 1e7),
                      "short_share": (0, 1)},
    "ojpp/generate": {"n_jobs": (1, 100_000), "max_workers": (1, 100_000),
                      "collision": (0, 1), "interference": (0, 1e6), "balance": (0, 1),
                      "matrix_scale": (1e-9, 1e9)},
    "revenue/generate": {"n_jobs": (1, 100_000), "n_servers": (1, 100_000),
                         "n_tenants": (1, 10_000), "arrival_max": (1, MAX_SLOTS),
                         "horizon": (1, MAX_SLOTS), "tenant_skew": (0, 1e3)},
    "completion/generate": {"n_jobs": (1, 100_000), "n_servers": (1, 100_000), "n": (1, 100_000),
                            "horizon": (1, MAX_SLOTS), "n_worker_types": (1, 10_000),
                            "n_ps_types": (1, 10_000), "max_chunks": (1, 100_000),
                            "last_arrival": (1, MAX_SLOTS)},
    "oef/oef-placer": {"rounds": (1, 100_000)},
    "completion/fifo": {"max_workers": (1, MAX_PARAM_INT)},
    "ojpp/ojpp-compact": {"top_down_share": (0, 1)},
    "ojpp/adjustment": {"rho": (0, 1), "spike_prob": (0, 1)},
    "ojpp/ojpp-cpsat": {"top_down_share": (0, 1), "table_limit": (1, MAX_PARAM_INT)},
}
_LTGF_SLOTS = {"slots": (1, MAX_SLOTS), "max_iter": (1, MAX_PARAM_INT)}
PARAM_RANGES["ltgf/ltgf-milp"] = {**_LTGF_SLOTS, "window": (1, MAX_SLOTS)}
PARAM_RANGES["ltgf/ltgf-cpsat"] = dict(_LTGF_SLOTS)
#: the revenue mechanisms: rounds per batch, batch indices (a batch of index l spans 2^l slots)
_LAM, _BATCH = {"lam": (0, 1_000)}, (0, 20)
PARAM_RANGES.update({
    "revenue/astraea": {**_LAM, "l_extra": _BATCH},
    "revenue/batchsche": {**_LAM, "l_extra": _BATCH},
    "revenue/astraea-private": {**_LAM, "l_extra": _BATCH},
    "revenue/a-round": {**_LAM, "batch": _BATCH},
    "revenue/a-maxirev": {**_LAM, "batch": _BATCH},
    "revenue/mincost-c": {**_LAM, "batch": _BATCH},
    "revenue/mincost-d": {**_LAM, "batch": _BATCH},
})
#: the LTGF policies: the runner's ``window`` / ``lease`` (s) and the knobs' meaningful ranges
#: (2^queues GPU-s thresholds overflow a float beyond 64 queues; f, error, shares in [0, 1])
_LTGF_RUN = {"window": (1.0, 1e9), "lease": (1e-3, 1e7)}
PARAM_RANGES.update({f"ltgf/{name}": {**_LTGF_RUN, **knobs} for name, knobs in {
    "astraea-ltgf": {}, "yarn-cs": {}, "hived": {}, "gandiva-fair": {},
    "allox": {"alpha": (0, 1)},
    "themis": {"f": (0, 1), "error": (0, 1), "cancel_share": (0, 1)},
    "tiresias-l": {"queues": (1, 64)},
}.items()})
