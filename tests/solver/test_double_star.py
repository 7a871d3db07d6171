"""Two-deck Star's longer probes (RULES.md §9 DST-4, ``strategies.PROBE_UNITS``): every
probe long enough for one line through the single pass and the same answers as the
generic restarted probes; and its dive (``DIVES``) with a quarter of the budget."""

from __future__ import annotations

import pytest

import patience
from patience.engine.rules import RawMove
from patience.games.double_star import DOUBLE_STAR
from patience.games.reserve_family import ReserveRules
from patience.solver import search
from patience.solver.probes import PROBE_UNIT, probe_cutoff
from patience.solver.reserve_dive import reserve_dive
from patience.solver.strategies import PROBE_UNITS, double_star_dive, double_star_dive_share
from tests.solver.helpers import assert_probe_unit_agrees
from tests.solver.test_reserve_solver import near_end


def test_a_probe_outlasts_a_won_line() -> None:
    """DST-1, DST-4: one pass, so a won line draws all 83 stock cards and plays up all 103
    cards off the foundations: at least 186 moves, which leaves a probe of the generic
    unit fewer than 70 positions to back up in; two-deck Star's unit leaves room for a
    whole dive and more than a hundred positions of search at its end. Every fourth probe
    still grows."""
    state = DOUBLE_STAR.new(deal=4)
    rules = state.rules
    assert isinstance(rules, ReserveRules)
    shortest = len(state.piles[rules.stock]) + 103
    assert shortest == 186
    unit = PROBE_UNITS["double-star"]
    line = patience.solve(state, max_nodes=100_000, max_seconds=1e9).moves
    assert shortest <= len(line) < PROBE_UNIT < unit - 100
    cutoffs = [probe_cutoff(n, unit) for n in range(64)]
    assert min(cutoffs) == unit
    assert max(cutoffs) >= 8 * unit


@pytest.mark.parametrize(("deal", "stock_left", "options"), [
    (1, 3, {}), (6, 3, {}), (4, 99, {}), (7, 99, {}), (9, 99, {}),
    (6, 6, {"foundations": 4, "piles": 3}),
])
def test_longer_probes_answer_as_the_generic_probes(deal: int, stock_left: int,
                                                    options: dict[str, object]) -> None:
    """Near-end positions (DST-4: one pass, few stock cards left; lost ones, each proved
    by a search of thousands of positions) and whole deals (won ones, stock_left above
    the stock): both schedules search completely, so they must
    agree, and a win replays."""
    state = near_end(DOUBLE_STAR, deal, stock_left=stock_left, seed=deal, **options)
    assert_probe_unit_agrees(state, PROBE_UNITS["double-star"])


def test_solve_dives_first_with_a_quarter_of_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """DST-4: deal 178, open to the probes at 700,000 nodes, is won by the dive in its
    share of the budget (a quarter, ``DIVES``); the line replays to a win (``solve``
    checks it) and the caller's state is unchanged."""
    budgets: list[int] = []
    dive, share = search.DIVES["double-star"]

    def spy(state: patience.State, max_nodes: int,
            deadline: float) -> tuple[list[RawMove] | None, int]:
        budgets.append(max_nodes)
        return dive(state, max_nodes, deadline)

    monkeypatch.setattr(search, "DIVES", {"double-star": (spy, share)})
    state = DOUBLE_STAR.new(deal=178)
    before = state.key()
    result = patience.solve(state, max_nodes=40_000, max_seconds=1e9)
    assert budgets == [10_000]
    assert result.outcome == "won" and result.nodes <= 10_000 + len(result.moves)
    assert state.key() == before
    replay = state.copy()
    for move in result.moves:
        replay.play(move)
    assert replay.status == "won"
    monkeypatch.setattr(search, "DIVES", {})
    assert patience.solve(state, max_nodes=40_000, max_seconds=1e9).outcome == "unknown"


def test_the_dive_drops_what_the_pool_game_proves_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    """DST-4: two-deck Star's dive asks the pool game (``DOUBLE_STAR_POOL``) about the
    positions where its complete searches take over. Deal 67, which the dive without it
    wins only at 167,584 nodes and the probes at 926,915, is won in the dive's quarter
    of 40,000 nodes; without the pool game that budget leaves it open."""
    state = DOUBLE_STAR.new(deal=67)
    result = patience.solve(state, max_nodes=40_000, max_seconds=1e9)
    assert result.outcome == "won" and result.nodes <= 10_000 + len(result.moves)
    monkeypatch.setattr(search, "DIVES", {"double-star": (reserve_dive, 0.25)})
    assert patience.solve(state, max_nodes=40_000, max_seconds=1e9).outcome == "unknown"


def test_fewer_waste_piles_give_the_dive_more(monkeypatch: pytest.MonkeyPatch) -> None:
    """DST-4 [R] option ``piles``: with three waste piles the dive gets three quarters of
    the budgets (``DOUBLE_STAR_DIVE_SHARES``). Deal 25 with three piles, which the probes
    leave open at 350,000 nodes, is won by the dive at 30,270 nodes, within three
    quarters of 42,000; with a quarter the dive runs out first and the probes' rest stays
    open. Five piles keep a quarter."""
    assert double_star_dive_share(DOUBLE_STAR.new(deal=25)) == 0.25
    state = DOUBLE_STAR.new(deal=25, piles=3)
    result = patience.solve(state, max_nodes=42_000, max_seconds=1e9)
    assert result.outcome == "won" and result.nodes <= 31_500 + len(result.moves)
    dive, _ = search.DIVES["double-star"]
    monkeypatch.setattr(search, "DIVES", {"double-star": (dive, 0.25)})
    assert patience.solve(state, max_nodes=42_000, max_seconds=1e9).outcome == "unknown"


def test_the_dive_widens_four_times_a_round() -> None:
    """DST-4: deal 64 is a late win for the probes (1.6 million nodes). Its dive line
    needs a round of width 128 or more: with beams widening four times a round
    (``DOUBLE_STAR_GROWTH``) the dive alone finds it at 261,017 nodes, where widening
    sixteen times needs 497,834, twice the quarter of 10 s."""
    state = DOUBLE_STAR.new(deal=64)
    line, nodes = double_star_dive(state, 270_000, 1e18)
    assert line is not None and nodes <= 270_000 + len(line)
    search._verified(state, line)  # raises unless the line replays and wins
