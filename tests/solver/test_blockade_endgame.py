"""Blockade's exact endgame search and the dives that use it (RULES.md §4)."""

from __future__ import annotations

import random

import pytest

import patience
from patience.engine.rules import ACTION
from patience.engine.state import State
from patience.games import blockade as game
from patience.solver.blockade import blockade_dead_end
from patience.solver.blockade_endgame import LOST, WON, endgame_outcome
from patience.solver.blockade_search import replayed_endgame
from tests.decks import stack
from tests.games.test_blockade import ACES, laid_out
from tests.solver.helpers import play_randomly, solve_plain


def _spent(state: State) -> State:
    while state.piles[game.STOCK]:
        state.play("deal")
    return state


def test_blk2_columns_whose_ends_come_in_foundation_order_are_won() -> None:
    """Every row lays the next twelve cards the foundations need (both copies of 2S up to
    KS, then hearts, diamonds, clubs): the endgame is won by foundation plays alone
    (BLK-2, BLK-3), and the line found replays through the engine."""
    needed = [f"{r}{s}" for s in "SHDC" for r in "23456789TJQK" for _ in range(2)]
    rows = [needed[12 * (7 - row):12 * (8 - row)] for row in range(8)]
    deck = [*ACES, *(card for row in rows for card in row)]
    state = _spent(game.BLOCKADE.new(deck=stack(deck, decks=2)))
    outcome, line, _ = endgame_outcome(state.piles, False, 10_000, {})
    assert outcome == WON and line is not None
    raw = replayed_endgame(state, line)
    assert raw is not None
    for move in raw:
        state.play_raw(move)
    assert state.status == "won"


def test_blk5_a_king_on_both_copies_of_a_card_it_needs_is_lost() -> None:
    """Both 3S under a KS (kings never marry, BLK-5): the endgame search agrees with the
    relaxed game."""
    rest = [None] * 6
    state = _spent(laid_out({1: ["3S", "KS", *rest], 2: ["3S", "KS", *rest]}))
    assert blockade_dead_end(state)
    assert endgame_outcome(state.piles, False, 100_000, {})[0] == LOST


@pytest.mark.parametrize("deal", [13, 49, 58])  # the relaxed game misses 49 and 58
def test_endgame_answers_agree_with_the_plain_search(deal: int,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Random play, foundation plays first, until the stock is spent (BLK-9) and on a few
    moves: a lost answer is the plain search's (which keeps the repetition rule of §0),
    and a won answer's line replays to a won game."""
    rng = random.Random(deal)
    state = game.BLOCKADE.new(deal=deal)
    play_randomly(state, rng, lambda m: m[0] != ACTION and m[1] >= game.FOUND0,
                  lambda: bool(state.piles[game.STOCK]))
    for _ in range(rng.randrange(0, 10)):
        if state.legal_raw():
            state.play_raw(rng.choice(state.legal_raw()))
    outcome, line, _ = endgame_outcome(state.piles, False, 100_000, {})
    if outcome == WON:
        assert line is not None and replayed_endgame(state, line) is not None
    elif outcome == LOST:
        plain = solve_plain(state, monkeypatch, max_nodes=50_000)
        if plain == "unknown":
            pytest.skip("too large for the plain search")
        assert plain == "lost"


def test_dives_find_a_win_the_solver_replays() -> None:
    """Deal 3: a dive lands on a won endgame; ``solve`` replays the line before it
    answers (a line the engine refuses would raise)."""
    result = patience.solve(game.BLOCKADE.new(deal=3), max_nodes=200_000, max_seconds=120)
    assert result.outcome == "won"
