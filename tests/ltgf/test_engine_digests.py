"""Every LTGF policy's schedule on the full philly-2weeks-64n instance is the previous engine's.

The digests were computed with main 03f1afc's engine and policies (before the issue-23 speed-up:
one loop iteration per idle lease tick, pending set rescanned, YARN-CS/HiveD passes every tick),
running ``ds.run(inst, name)`` with the default knobs on the committed 1,082-job, 64 x 8-GPU
instance; they cover the whole solution JSON (segments, completions, knobs, preemption and
decision counts). A speed-up that changes any decision, tie-break or event order fails here.
Each case runs the full policy (a few CPU-seconds): these tests are in the slow tier.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

import dlsched as ds

INSTANCE = Path(__file__).resolve().parents[2] / "instances" / "ltgf" / "philly-2weeks-64n.json"
#: sha256 (first 16 hex digits) of the solution JSON, sorted keys, from main 03f1afc
DIGESTS = {
    "astraea-ltgf": "539970aa176b5d4c",
    "themis": "5749f0922fcdae46",
    "gandiva-fair": "db9866fe660270b6",
    "tiresias-l": "d712e043239634c9",
    "allox": "baeef6e9271f529e",
    # issue 32: HiveD preempts opportunistic jobs only at their lease ends (was: mid-lease);
    # checked by hand in test_baseline_hived.py and by the validator
    "hived": "1ad50db16dc67099",
    "yarn-cs": "bdc22803a4750585",
}


@pytest.fixture(scope="module")
def philly():
    return ds.PROBLEMS.get("ltgf").parse(json.loads(INSTANCE.read_text()))


def test_instance_is_the_full_trace(philly):
    assert (philly.n_jobs, philly.nodes, philly.gpus_per_node) == (1082, 64, 8)


@pytest.mark.parametrize("policy", sorted(DIGESTS))
def test_full_instance_schedule_unchanged(philly, policy):
    res = ds.run(philly, policy)
    assert ds.check(philly, res) == []
    text = json.dumps(dict(res.solution), sort_keys=True, default=str).encode()
    assert hashlib.sha256(text).hexdigest()[:16] == DIGESTS[policy]
