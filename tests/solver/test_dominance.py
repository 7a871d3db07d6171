"""Safe moves and dead ends: each fires where its argument applies, nowhere else, and
never changes the answer of an exhaustive search."""

from __future__ import annotations

import random

import pytest

import patience
from patience.engine.rules import ACTION
from patience.games import star, sun
from patience.solver import dominance
from patience.solver import star as star_solver
from tests.decks import stack
from tests.solver.helpers import solve_plain, star_last_round, sun_after_wind


def test_sun_safe_move_only_after_the_wind() -> None:
    """Before SUN-9 every removal changes what the wind shuffles, so nothing is claimed."""
    state = sun.SUN.new(deck=stack([], decks=2))
    assert dominance.sun_safe_move(state, state.legal_raw()) is None


@pytest.mark.parametrize("deal", range(1, 9))
def test_sun_safe_move_keeps_the_answer(deal: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """SUN-2/SUN-3: after the wind, a card of a suit whose foundations passed each other."""
    state = sun_after_wind(deal)
    if not state.vars[sun.WIND_DONE]:
        pytest.skip("this playout was lost before the wind")
    fired = dominance.sun_safe_move(state, state.legal_raw())
    if fired is not None:
        suit = (fired[1] - sun.ACE0) % 4
        piles = state.piles
        assert len(piles[sun.ACE0 + suit]) + len(piles[sun.KING0 + suit]) >= 14
    assert patience.solve(state).outcome == solve_plain(state, monkeypatch, max_nodes=400_000)


def test_sun_safe_move_fires_on_a_passed_suit() -> None:
    state = sun_after_wind(3)
    for d in range(4, 40):
        if state.vars[sun.WIND_DONE] and dominance.sun_safe_move(state, state.legal_raw()):
            break
        state = sun_after_wind(d)
    move = dominance.sun_safe_move(state, state.legal_raw())
    assert move is not None and move[0] == sun.WIND


def test_star_safe_move_needs_the_last_round() -> None:
    state = star.STAR.new(deck=stack([]))
    assert dominance.star_safe_move(state, state.legal_raw()) is None  # STR-7: rounds left


@pytest.mark.parametrize("deal", range(1, 13))
def test_star_pruning_keeps_the_answer(deal: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """STR-3/STR-7: last-round positions with plays made at random, solved with and
    without the safe move and the dead-end rule."""
    rng = random.Random(deal)
    state = star_last_round(deal)
    stop = rng.randrange(len(state.piles[star.STOCK]) + 1)  # a stock left, or none
    while len(state.piles[star.STOCK]) > stop and state.legal_raw():
        state.play_raw(rng.choice(state.legal_raw()))
    fired = dominance.star_safe_move(state, state.legal_raw())
    if fired is not None:
        suit = state.piles[fired[0]][-1] & 3
        if state.vars[fired[1]] == star.UNSET:  # the other direction is blocked
            assert star_solver.blocked_ways(state)[suit]
        assert fired[0] == star.RESERVE or not state.piles[star.STOCK]
    assert patience.solve(state).outcome == solve_plain(state, monkeypatch, max_nodes=400_000)


def test_star_dead_end_on_a_buried_card() -> None:
    """STR-4: in the last round a card under a later card of its own sequence is stuck."""
    found = 0
    for deal in range(1, 30):
        state = star_last_round(deal)
        while state.piles[star.STOCK]:
            state.play_raw((ACTION, 0, 0, False))
        if dominance.star_dead_end(state):
            found += 1
            assert patience.solve(state).outcome == "lost"
    assert found > 0
    assert not dominance.star_dead_end(star.STAR.new(deal=1))  # rounds left: never dead


@pytest.mark.parametrize(("game_id", "deals"), [("sun", (7, 41, 42)), ("star", (1, 3, 5))])
def test_no_dead_end_and_safe_moves_stay_winnable_along_winning_lines(
        game_id: str, deals: tuple[int, ...]) -> None:
    """Every position on a winning line is winnable: a dead-end rule must never fire there,
    and a safe move offered there must leave a winnable position. Sun's lines chosen here
    pass through the wind (SUN-9), where both Sun rules apply."""
    game = patience.get_game(game_id)
    dead_end = dominance.DEAD_ENDS[game_id]
    safe_move = dominance.SAFE_MOVES[game_id]
    fired = 0
    for deal in deals:
        state = game.new(deal=deal)
        line = patience.solve(state, max_nodes=300_000, max_seconds=600).moves
        assert line, f"deal {deal} should be won within the budget"
        for move in line:
            state.play(move)
            assert not dead_end(state)
            safe = safe_move(state, state.legal_raw())
            if safe is not None and fired < 5:
                fired += 1
                after = state.copy()
                after.play_raw(safe)
                assert patience.solve(after, max_nodes=300_000).outcome == "won"
