"""The web bench's hint measure (bench/web.py) on a tiny input: it asks each position once
through the service, counts the answers, and times the next hint along a found line."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("patience.solver")
BENCH = Path(__file__).resolve().parents[2] / "bench" / "web.py"


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_web", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_hint_measure_counts_every_position_it_asks() -> None:
    web = bench()
    walk = web.random_walk("clock", 2, 15, seed=1)
    assert len(walk) == 15 and walk == web.random_walk("clock", 2, 15, seed=1)
    before = os.environ.get("PATIENCE_NATIVE")
    found = web.hint_latencies(["clock"], deals=(2,), depths=(0, 15), native=False)
    assert os.environ.get("PATIENCE_NATIVE") == before  # the switch is put back
    clock = found["games"]["clock"]
    assert found["positions"] == clock["count"] == 2
    assert clock["moves"] + clock["lost"] + clock["guessed"] + clock["no_hint_in_time"] == 2
    assert found["guessed"] == clock["guessed"]
    assert clock["next_hint"]["count"] == clock["moves"]
    assert found["no_hint_share"] == clock["no_hint_in_time"] / 2
