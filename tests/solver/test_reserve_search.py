"""The reserve family's probes with a shared table of lost positions (RULES.md §6–§9):
the premise that no position comes back, and answers that agree with the generic
restarted search and the plain search."""

from __future__ import annotations

import random
import time

import pytest

import patience
from patience.engine.game import Game
from patience.engine.rules import ACTION
from patience.engine.state import State
from patience.games.double_star import DOUBLE_STAR
from patience.games.open_shop import OPEN_SHOP
from patience.games.rainbow import RAINBOW
from patience.games.reserve_family import REDEALS_DONE, ReserveRules
from patience.games.toad import TOAD
from patience.solver import search
from patience.solver.reserve_family import reserve_probe_order
from patience.solver.reserve_search import reserve_search
from tests.solver.helpers import solve_plain

GAMES = [OPEN_SHOP, DOUBLE_STAR, TOAD, RAINBOW]


def potential(state: State) -> tuple[int, int]:
    """Redeals left, then 4·stock + 3·hand + 2·waste + 1·reserve (reserve_search's note)."""
    rules = state.rules
    assert isinstance(rules, ReserveRules)
    piles = state.piles
    cards = (4 * len(piles[rules.stock]) + 3 * len(piles[rules.hand])
             + 2 * sum(len(piles[w]) for w in rules.waste)
             + sum(len(piles[r]) for r in rules.reserve_piles))
    return rules.shape.redeals - state.vars[REDEALS_DONE], cards


@pytest.mark.parametrize("game", GAMES)
def test_every_move_lowers_the_potential(game: Game) -> None:
    """RBW-4, RBW-5, RBW-7, TOD-5, DST-3: random play never returns to a position's
    potential, the premise of keeping lost positions between probes."""
    rng = random.Random(7)
    moves = 0
    for deal in (1, 2, 3):
        state = game.new(deal=deal)
        while legal := state.legal_raw():
            before = potential(state)
            state.play_raw(rng.choice(legal))
            assert potential(state) < before
            moves += 1
    assert moves > 200


def near_end(game: Game, deal: int, stock_left: int, seed: int) -> State:
    """A deal played at random (foundation plays preferred) to ``stock_left`` cards."""
    rng = random.Random(seed)
    state = game.new(deal=deal)
    rules = state.rules
    assert isinstance(rules, ReserveRules)
    while len(state.piles[rules.stock]) > stock_left or state.piles[rules.hand]:
        legal = state.legal_raw()
        if not legal:
            break
        plays = [m for m in legal if m[0] != ACTION and m[1] in rules.found_piles]
        state.play_raw(rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(legal))
    return state


def on_a_winning_line(game: Game, deal: int, stock_left: int) -> State:
    """The deal along a line the solver won, up to ``stock_left`` cards in the stock."""
    state = game.new(deal=deal)
    rules = state.rules
    assert isinstance(rules, ReserveRules)
    result = patience.solve(state, max_nodes=100_000, max_seconds=120)
    assert result.outcome == "won"
    for move in result.moves:
        if len(state.piles[rules.stock]) <= stock_left and not state.piles[rules.hand]:
            break
        state.play(move)
    return state


@pytest.mark.parametrize(("game", "won_deal"), [(OPEN_SHOP, 1), (DOUBLE_STAR, 4), (TOAD, 1)])
def test_shared_table_answers_as_the_plain_search(game: Game, won_deal: int,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """End positions decided by the plain search (random ones, mostly lost, and some on a
    winning line) get the same answer from the probes with the shared table as from the
    generic restarts."""
    states = [near_end(game, 1 + seed % 5, stock_left=2, seed=seed) for seed in range(6)]
    states += [on_a_winning_line(game, won_deal, left) for left in (2, 6)]
    answers = []
    for state in states:
        plain = solve_plain(state, monkeypatch, max_nodes=20_000)
        if plain == "unknown":
            continue
        answers.append(plain)
        outcome, _, _ = reserve_search(state.copy(), 100_000, time.perf_counter() + 600)
        assert outcome == plain
        generic = search._restarts(state.copy(), 100_000, time.perf_counter() + 600,
                                   reserve_probe_order)
        assert generic[0] == plain
    assert "won" in answers
    assert answers.count("lost") >= 3


def test_solve_uses_the_shared_table_and_replays_its_win() -> None:
    """search.SEARCHES: Open Shop's deal 1 is won through the family's own search, and the
    line replays."""
    result = patience.solve(OPEN_SHOP.new(deal=1), max_nodes=50_000, max_seconds=120)
    assert result.outcome == "won"
    assert search.SEARCHES["open-shop"] is reserve_search
