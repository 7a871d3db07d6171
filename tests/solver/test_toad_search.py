"""Toad's longer probes (``strategies.PROBE_UNITS``): same answers as the generic restarted
probes, and ``solve`` uses them."""

from __future__ import annotations

import pytest

import patience
from patience.engine.rules import RawMove
from patience.games.toad import TOAD
from patience.solver import search, strategies
from patience.solver.depth_first import Outcome
from patience.solver.probes import PROBE_UNIT, probe_cutoff
from patience.solver.strategies import PROBE_UNITS
from tests.solver.helpers import assert_probe_unit_agrees
from tests.solver.test_reserve_solver import near_end


def test_toad_probes_are_longer_and_still_grow() -> None:
    """Every probe at least the unit; every fourth grows by Luby's sequence."""
    cutoffs = [probe_cutoff(n, PROBE_UNITS["toad"]) for n in range(64)]
    assert min(cutoffs) == PROBE_UNITS["toad"] > PROBE_UNIT
    assert max(cutoffs) >= 8 * PROBE_UNITS["toad"]
    assert probe_cutoff(5) == PROBE_UNIT  # the other games keep theirs


@pytest.mark.parametrize(("deal", "stock_left"), [(3, 4), (4, 4), (5, 4), (6, 4),
                                                   (1, 99), (4, 99)])
def test_longer_probes_answer_as_the_generic_probes(deal: int, stock_left: int) -> None:
    """Near-end positions (TOD-5, TOD-6: one pass, few stock cards left; lost ones) and
    whole deals (won ones): both schedules search completely, so they must agree, and a
    win replays."""
    state = near_end(TOAD, deal, stock_left=stock_left, seed=deal - 3)
    assert_probe_unit_agrees(state, PROBE_UNITS["toad"])


@pytest.mark.internals
def test_solve_gives_each_game_its_probe_unit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``solve`` passes Toad's, Open Shop's and two-deck Star's units to the family's own search
    (``reserve_search``, the generic restarted probes on ranks), the generic one to the
    other games."""
    units: list[int] = []
    own = strategies.reserve_search

    def spy(work: patience.State, max_nodes: int, deadline: float,
            unit: int = PROBE_UNIT) -> tuple[Outcome, list[RawMove], int]:
        units.append(unit)
        return own(work, max_nodes, deadline, unit)

    monkeypatch.setattr(strategies, "reserve_search", spy)
    monkeypatch.setattr(search, "DIVES", {})  # the dive wins deal 1 before any probe
    for game_id in ("toad", "open-shop", "double-star", "rainbow"):
        patience.solve(patience.get_game(game_id).new(deal=1), max_nodes=5_000,
                       max_seconds=1e9)
    assert units == [PROBE_UNITS["toad"], PROBE_UNITS["open-shop"],
                     PROBE_UNITS["double-star"], PROBE_UNIT]
