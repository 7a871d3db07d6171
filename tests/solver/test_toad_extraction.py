"""Toad's ace extraction in the solver (TOD-3, ``solver/toad.py``): which ace is taken
decides deals, the extraction first loses nothing, and while one is open the family's
safe move and dead end claim nothing."""

from __future__ import annotations

import random
import time

import pytest

import patience
from patience.engine.rules import ACTION, RawMove
from patience.engine.state import State
from patience.games.reserve_family import ReserveRules
from patience.games.toad import TOAD
from patience.solver import reserve_family as rf
from patience.solver import toad
from patience.solver.depth_first import Outcome
from tests.solver.helpers import solve_plain
from tests.solver.test_reserve_solver import position


def test_deal_376_the_ace_nearest_the_top_loses_the_deeper_one_wins() -> None:
    """TOD-3: deal 376's toad pile holds the AS at the bottom and the AH near the top.
    Rules version 1 took the AH (the one nearest the top) by itself, and the deal is then
    lost (proved); taking the AS instead wins, with a line that replays."""
    state = TOAD.new(deal=376)
    assert {str(state.to_move(m)) for m in toad.extractions_first(state)} == {
        "AS:toad[0]>found1", "AH:toad[11]>found1"}
    old_choice = state.copy()
    old_choice.play("AH:toad[11]>found1")
    assert patience.solve(old_choice, max_nodes=200_000, max_seconds=600).outcome == "lost"
    as_played_then = TOAD.new(deal=376, rules_version="1")
    assert as_played_then.to_dict()["piles"]["toad"] == old_choice.to_dict()["piles"]["toad"]
    assert patience.solve(as_played_then, max_nodes=200_000, max_seconds=600).outcome == "lost"
    result = patience.solve(state, max_nodes=200_000, max_seconds=600)
    assert result.outcome == "won" and str(result.moves[0]) == "AS:toad[0]>found1"
    replay = TOAD.new(deal=376)
    for move in result.moves:
        replay.play(move)
    assert replay.status == "won"


@pytest.mark.parametrize("deal", [1296, 1316, 4778, 6826])
def test_deals_lost_under_version_1_won_with_the_deeper_ace(deal: int) -> None:
    """TOD-3: with 376, the deals of 1-10000 that the statistics of rules version 1 called
    lost and that hold two aces in the toad pile, now won by taking the deeper one."""
    state = TOAD.new(deal=deal)
    moves = toad.extractions_first(state)
    assert len(moves) == 2
    result = patience.solve(state, max_nodes=300_000, max_seconds=600)
    assert result.outcome == "won"
    assert state.resolve(result.moves[0]) == min(moves, key=lambda m: m[2])  # the deeper


def test_one_extraction_is_searched_alone_several_in_rounds() -> None:
    """``search_after_extractions``: with one extraction open the search runs once after
    it; with several, each is searched in rounds of growing budgets until one wins or all
    are proved lost; with none, the search runs on the position itself."""
    calls: list[tuple[int, int]] = []

    def fake(answers: dict[int, Outcome]) -> toad.Search:
        def search(state: State, max_nodes: int,
                   deadline: float) -> tuple[Outcome, list[RawMove], int]:
            taken = state.last_raw()
            index = -1 if taken is None else taken[2]
            calls.append((index, max_nodes))
            outcome = answers.get(index, "unknown")
            return outcome, ([(ACTION, 0, 0, False)] if outcome == "won" else []), 10
        return search

    two = TOAD.new(deal=376)  # AS at 0, AH at 11
    outcome, line, _ = toad.search_after_extractions(fake({0: "lost", 11: "won"}), two,
                                                     100_000, time.perf_counter() + 60)
    assert outcome == "won" and line[0][2] == 11 and calls == [(0, 4095), (11, 4095)]
    calls.clear()
    outcome, line, _ = toad.search_after_extractions(fake({0: "lost"}), two, 100_000,
                                                     time.perf_counter() + 60)
    assert outcome == "unknown" and line == []
    assert [c[0] for c in calls][:4] == [0, 11, 11, 11]  # 0 proved lost, 11 given more
    assert [c[1] for c in calls][1:4] == [4095, 16383, 65535]
    calls.clear()
    assert toad.search_after_extractions(fake({0: "lost", 11: "lost"}), two, 100_000,
                                         time.perf_counter() + 60)[0] == "lost"
    calls.clear()
    none_open = TOAD.new(deal=1)
    assert not toad.extractions_first(none_open)
    toad.search_after_extractions(fake({}), none_open, 5_000, time.perf_counter() + 60)
    assert calls == [(-1, 5_000)]


def test_while_an_extraction_is_open_the_family_claims_nothing() -> None:
    """TOD-3: the safe move and the dead end assume cards leave a toad pile from its top
    only; with an extraction open they claim nothing, and once it is made they apply."""
    state = TOAD.new(deal=376)
    rules = state.rules
    assert isinstance(rules, ReserveRules) and rules.extractions(state)
    assert rf.reserve_safe_move(state, state.legal_raw()) is None
    assert not rf.reserve_dead_end(state)
    state.play("AH:toad[11]>found1")
    assert rf.reserve_dead_end(state)  # deal 376 after the old choice: proved at once


RANKS = "A23456789TJQK"


def endgame(seed: int) -> State:
    """Six foundations complete and two empty; the other 26 cards (a spade and a heart of
    each rank): a toad pile of six, high to low but for its two aces, both under the top
    (so an extraction is open), three cards to turn, and the rest on the waste piles, each
    high to low."""
    rng = random.Random(seed)
    cards = [r + s for r in RANKS[1:] for s in "SH"]
    rng.shuffle(cards)
    toad_pile = sorted(cards[:4], key=lambda c: -RANKS.index(c[0]))
    toad_pile.insert(rng.randrange(0, 4), "AS")
    toad_pile.insert(rng.randrange(0, 5), "AH")
    stock, rest = cards[4:7], cards[7:]
    wastes: list[list[str]] = [[] for _ in range(5)]
    for card in rest:
        wastes[rng.randrange(5)].append(card)
    return position(TOAD, [13] * 6 + [0, 0], [" ".join(toad_pile)],
                    [" ".join(sorted(w, key=lambda c: -RANKS.index(c[0]))) for w in wastes],
                    stock=" ".join(stock))


def test_taking_the_ace_first_agrees_with_the_plain_search(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The module note's argument, checked: from endgames with an extraction open, the
    solver, which searches only the extractions there, answers as the plain search over
    every move (no safe move, no dead end, no own search), won and lost."""
    outcomes = set()
    for seed in range(12):
        state = endgame(seed)
        rules = state.rules
        assert isinstance(rules, ReserveRules) and len(rules.extractions(state)) == 2
        plain = solve_plain(state, monkeypatch)
        assert plain != "unknown"
        assert patience.solve(state, max_nodes=100_000, max_seconds=120).outcome == plain
        outcomes.add(plain)
    assert outcomes == {"won", "lost"}
