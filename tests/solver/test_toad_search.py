"""Toad's own probe schedule (``solver/toad_search.py``): longer probes, same answers as
the generic restarted probes, and ``solve`` goes through it."""

from __future__ import annotations

import time

import pytest

import patience
from patience.games.toad import TOAD
from patience.solver import search
from patience.solver import toad_search as ts
from patience.solver.probes import PROBE_UNIT, probe_cutoff
from patience.solver.reserve_family import reserve_probe_order
from tests.solver.test_reserve_solver import near_end


def test_toad_probes_are_longer_and_still_grow() -> None:
    """Every probe at least the unit; every fourth grows by Luby's sequence."""
    cutoffs = [probe_cutoff(n, ts.TOAD_PROBE_UNIT) for n in range(64)]
    assert min(cutoffs) == ts.TOAD_PROBE_UNIT > PROBE_UNIT
    assert max(cutoffs) >= 8 * ts.TOAD_PROBE_UNIT
    assert probe_cutoff(5) == PROBE_UNIT  # the other games keep theirs


@pytest.mark.parametrize(("deal", "stock_left"), [(3, 4), (4, 4), (5, 4), (6, 4),
                                                   (1, 99), (4, 99)])
def test_toad_search_answers_as_the_generic_probes(deal: int, stock_left: int) -> None:
    """Near-end positions (TOD-5, TOD-6: one pass, few stock cards left; lost ones) and
    whole deals (won ones): both schedules search completely, so they must agree, and a
    win replays."""
    state = near_end(TOAD, deal, stock_left=stock_left, seed=deal - 3)
    deadline = time.perf_counter() + 600
    mine, line, _ = ts.toad_search(state.copy(), 200_000, deadline)
    generic, _, _ = search._restarts(state.copy(), 200_000, deadline, reserve_probe_order)
    assert mine == generic != "unknown"
    if mine == "won":
        check = state.copy()
        for raw in line:
            check.play_raw(raw)
        assert check.rules.is_won(check)


def test_solve_uses_toad_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """search.SEARCHES routes Toad through its own schedule."""
    calls: list[int] = []

    def spy(work: patience.State, max_nodes: int,
            deadline: float) -> tuple[ts.Outcome, list[tuple[int, int, int, bool]], int]:
        calls.append(max_nodes)
        return ts.toad_search(work, max_nodes, deadline)

    monkeypatch.setattr(search, "SEARCHES", {**search.SEARCHES, "toad": spy})
    patience.solve(TOAD.new(deal=1), max_nodes=5_000, max_seconds=1e9)
    assert calls == [5_000]
