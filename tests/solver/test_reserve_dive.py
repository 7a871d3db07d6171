"""The reserve family's dive (solver/reserve_dive.py): a beam search through the stock that
returns a winning line or nothing, and ``search.solve`` running it before the probes."""

from __future__ import annotations

import pytest

import patience
from patience.engine.rules import ACTION
from patience.engine.state import State
from patience.games.reserve_family import ReserveRules
from patience.games.toad import TOAD
from patience.solver import reserve_dive as rd
from patience.solver import search
from patience.solver.depth_first import depth_first
from patience.solver.reserve_family import reserve_order
from patience.solver.strategies import toad_dive
from tests.solver.helpers import assert_solve_wins_unchanged, extraction_taken, solve_plain
from tests.solver.test_reserve_solver import near_end, position


def first_choice_line(state: State) -> State:
    """The deal played by the solver's move order alone (``reserve_order``'s first move
    every time, no going back): the line a depth-first search tries first."""
    work = state.copy()
    while work.legal_raw():
        work.play_raw(reserve_order(work, work.legal_raw())[0])
    return work


def trap() -> State:
    """TOD-4, TOD-5: three foundations open (at 1, 5 and 7), a toad pile of four and 22
    cards to turn; the first choice of each placement loses this one."""
    return position(TOAD, [13] * 5 + [1, 5, 7], ["QS 9S TS JH"], [""] * 5,
                    stock="3S JS KS 9H JS KH QH 8H KS QS 7S 6S 8S TH TS 6S 9S 2S 8S 4S 7S 5S")


def walled_jacks() -> State:
    """TOD-2, TOD-5: every jack still out lies under a king, and a king needs a foundation
    that has had its jack: lost, with seven cards still to turn."""
    return position(TOAD, [13] * 6 + [5, 10], [""], ["JS KS", "JH KH", "", "", ""],
                    stock="QS QH TC 9C 8C 7C 6C")


def test_dive_wins_where_the_first_choice_loses(monkeypatch: pytest.MonkeyPatch) -> None:
    """The beam alone (no complete search near the end) finds a line, which the engine
    replays to a win, while the first choice at every card ends lost."""
    state = trap()
    assert first_choice_line(state).status != "won"
    assert solve_plain(state, monkeypatch) == "won"
    monkeypatch.setattr(rd, "ENDGAME_STOCK", 0)
    before = state.key()
    line, nodes = rd.reserve_dive(state, 50_000, 1e18)
    assert line is not None and 0 < nodes <= 50_000 + len(line)
    assert state.key() == before  # the caller's state is untouched
    search._verified(state, line)  # raises unless the line replays and wins


@pytest.mark.internals
def test_dive_gives_nothing_on_a_lost_position(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the dead end kept out of the beam and no complete search near the end, the
    beam runs through every placement of a lost position and still gives no line."""
    state = walled_jacks()
    assert solve_plain(state, monkeypatch, max_nodes=400_000) == "lost"
    monkeypatch.setattr(rd, "reserve_dead_end", lambda _state: False)
    monkeypatch.setattr(rd._DeadEnd, "__call__", lambda _self, _lean: False)
    monkeypatch.setattr(rd, "ENDGAME_STOCK", 0)
    line, nodes = rd.reserve_dive(state, 200_000, 1e18)
    assert line is None
    assert nodes > 7  # it turned the whole stock at least once


@pytest.mark.internals
def test_solve_with_the_dive_still_proves_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    """The dive never answers "lost"; the probes after it do, on a hand-made position and
    on deal 69, with the dive made to run its beams in full first."""
    calls: list[int] = []

    def dive(state: State, max_nodes: int, deadline: float) -> tuple[None, int]:
        line, nodes = rd.reserve_dive(state, max_nodes, deadline)
        assert line is None
        calls.append(nodes)
        return line, nodes

    monkeypatch.setattr(rd, "reserve_dead_end", lambda _state: False)
    monkeypatch.setattr(rd._DeadEnd, "__call__", lambda _self, _lean: False)
    monkeypatch.setattr(search, "DIVES", {"toad": (dive, 0.5)})
    for state in (walled_jacks(), TOAD.new(deal=69)):
        assert patience.solve(state, max_nodes=200_000, max_seconds=1e9).outcome == "lost"
    assert len(calls) == 2 and calls[1] > 0  # deal 69: the dive ran its share


def test_solve_returns_the_dive_s_line_replayed() -> None:
    """Toad is dived first (``DIVES``): the trap is won with a replayed line and the
    caller's state unchanged."""
    assert_solve_wins_unchanged(trap())


def test_settle_can_hold_the_waste_tops() -> None:
    """TOD-2, TOD-5: the settling after a placement plays waste tops to the foundations
    while any fits (here every card goes home); held, the waste tops stay where they are."""
    state = position(TOAD, [13] * 6 + [11, 10], [""], ["KH QH", "KS QS", "JS", "", ""])
    rules = state.rules
    assert isinstance(rules, ReserveRules)
    greedy = rd.Lean(state)
    assert len(rd._settle(greedy, rules)) == 5
    assert greedy.is_won()
    held = rd.Lean(state)
    assert rd._settle(held, rules, hold=True) == []
    assert held.key() == rules.solver_key(state)


def test_holding_a_waste_top_wins_a_deal_the_greedy_beam_misses() -> None:
    """TOD-7 (two toad piles), deal 32: its won lines keep a queen on a waste pile while a
    foundation of eleven could take it (the probes' line declines it 21 cards before the
    end). The dive that always plays such cards home finds no line within 120,000 nodes;
    keeping both ways (``hold``, as Toad's dive does) finds one, which the engine replays
    to a win."""
    state = extraction_taken(TOAD.new(deal=32, reserve_piles=2))
    assert search.DIVES["toad"][0] is toad_dive
    line, nodes = rd.reserve_dive(state, 120_000, 1e18, hold=True)
    assert line is not None and nodes <= 120_000 + len(line)
    search._verified(state, line)  # raises unless the line replays and wins
    assert rd.reserve_dive(state, 120_000, 1e18)[0] is None


def test_dive_is_skipped_while_a_redeal_is_left() -> None:
    """RBW-7: with a redeal left the waste piles' order matters and the stock changes, so
    the dive is not tried."""
    state = patience.get_game("open-shop").new(deal=1, redeals=1)
    assert rd.reserve_dive(state, 10_000, 1e18) == (None, 0)


def line_position(deal: int, stock_left: int, **options: object) -> State:
    """The position a won line of the deal (the own search's) reaches when it is about to
    turn with ``stock_left`` cards in the stock (the ace extraction made first)."""
    state = extraction_taken(TOAD.new(deal=deal, **options))
    outcome, line, _ = search.SEARCHES["toad"](state.copy(), 100_000, 1e18)
    assert outcome == "won"
    rules = state.rules
    assert isinstance(rules, ReserveRules)
    for move in line:
        if move[0] == ACTION and len(state.piles[rules.stock]) == stock_left:
            break
        state.play_raw(move)
    return state


def test_endgame_search_is_the_generic_search() -> None:
    """TOD-5, TOD-6: the complete search that finishes a kept position, run on the lean
    copy (``reserve_search.probe``), gives the generic search's outcome, line and nodes
    (``depth_first`` in ``reserve_order``) at the dive's budget and at a larger one:
    on won lines with twelve cards to come (deal 1; 32 with two toad piles; 5 without
    ace extraction) and on random end positions of deal 3 with five to come, which take
    6,000-8,500 nodes to prove lost."""
    states = [line_position(1, rd.ENDGAME_STOCK),
              line_position(32, rd.ENDGAME_STOCK, reserve_piles=2),
              line_position(5, rd.ENDGAME_STOCK, ace_extraction=False),
              *(near_end(TOAD, 3, stock_left=5, seed=seed) for seed in (9, 10, 11))]
    outcomes = set()
    for state in states:
        for budget in (rd.ENDGAME_NODES, 20_000):
            plain = depth_first(state.copy(), budget, 1e18, reserve_order)
            lean = rd.probe(rd.Lean(state.copy()), budget, 1e18, None, 0.0, set())
            assert lean == plain
            outcomes.add(plain[0])
    assert outcomes == {"won", "lost", "unknown"}
