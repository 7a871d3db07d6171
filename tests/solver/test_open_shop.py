"""Open Shop's longer probes (RULES.md §7 OPS-1, ``strategies.PROBE_UNITS``): every probe
long enough for one line through the single pass and the same answers as the generic
restarted probes (``test_toad_search`` checks that ``solve`` passes the unit); and its
dive's beams widening four times a round (``strategies.OPEN_SHOP_GROWTH``)."""

from __future__ import annotations

import pytest

import patience
from patience.games.open_shop import OPEN_SHOP
from patience.games.reserve_family import ReserveRules
from patience.solver import search
from patience.solver.probes import probe_cutoff
from patience.solver.reserve_dive import reserve_dive
from patience.solver.strategies import PROBE_UNITS, open_shop_dive
from tests.solver.helpers import assert_probe_unit_agrees
from tests.solver.test_reserve_solver import near_end


def test_a_probe_outlasts_a_won_line() -> None:
    """OPS-1: one pass, so a won line draws all 85 stock cards and plays up all 103 cards
    off the foundations: at least 188 moves, which leaves a probe of the generic unit
    fewer than 70 positions to back up in; Open Shop's unit leaves room for more than a
    whole second line. Every fourth probe still grows."""
    state = OPEN_SHOP.new(deal=1)
    rules = state.rules
    assert isinstance(rules, ReserveRules)
    shortest = len(state.piles[rules.stock]) + 103
    assert shortest == 188
    line = patience.solve(state, max_nodes=100_000, max_seconds=1e9).moves
    assert shortest <= len(line) < PROBE_UNITS["open-shop"] - shortest
    cutoffs = [probe_cutoff(n, PROBE_UNITS["open-shop"]) for n in range(64)]
    assert min(cutoffs) == PROBE_UNITS["open-shop"]
    assert max(cutoffs) >= 8 * PROBE_UNITS["open-shop"]


@pytest.mark.parametrize(("deal", "stock_left"), [(2, 4), (5, 3), (6, 3), (15, 3), (1, 99),
                                                   (6, 99)])
def test_longer_probes_answer_as_the_generic_probes(deal: int, stock_left: int) -> None:
    """Near-end positions (OPS-1: one pass, few stock cards left; lost ones, each proved by
    a search of hundreds to thousands of positions) and whole deals (won ones, stock_left
    above the stock): both schedules search completely, so they must agree, and a win
    replays."""
    state = near_end(OPEN_SHOP, deal, stock_left=stock_left, seed=deal)
    assert_probe_unit_agrees(state, PROBE_UNITS["open-shop"])


def test_the_dive_widens_four_times_a_round() -> None:
    """OPS-1, deal 51: the probes win it only at some 630,000 nodes, past 10 s. The dive's
    beams of width 8 find a line, so widening four times a round (2, 8, 32, ...) finds it
    within 30,000 nodes, where widening sixteen times (2, 32, 512) does not: its next
    line comes from the round of width 512, at some 700,000 nodes."""
    state = OPEN_SHOP.new(deal=51)
    assert search.DIVES["open-shop"][0] is open_shop_dive
    line, nodes = open_shop_dive(state, 30_000, 1e18)
    assert line is not None and nodes <= 30_000 + len(line)
    search._verified(state, line)  # raises unless the line replays and wins
    assert reserve_dive(state, 30_000, 1e18, growth=16)[0] is None
