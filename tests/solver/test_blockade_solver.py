"""Blockade's safe foundation play, which the practical player's plans use
(``practical_games``), and the symmetric solver key."""

from __future__ import annotations

import random

import pytest

import patience
from patience.engine.rules import ACTION
from patience.engine.state import State
from patience.games import blockade as game
from patience.solver.practical_games import blockade_order, blockade_safe_move
from tests.decks import stack
from tests.games.test_blockade import ACES, ANY, laid_out
from tests.solver.helpers import assert_agrees_with_plain, play_randomly


def _safe(state: State) -> str | None:
    move = blockade_safe_move(state, state.legal_raw())
    return None if move is None else str(state.to_move(move))


def _two_rows(**options: object) -> State:
    """col1 = 2S 3S and col2 = 9H 2S after one deal; both aces of spades are up. The safe
    play is claimed only where a row may be dealt at any time (BLK-7)."""
    state = laid_out({1: ["2S", "3S", *[None] * 6], 2: ["9H", "2S", *[None] * 6]},
                     **{**ANY, **options})
    state.play("deal")
    return state


def test_blk2_card_whose_predecessors_are_both_up_is_safe() -> None:
    state = _two_rows()
    assert _safe(state) == "2S:col2>found1"


def test_blk5_card_a_free_predecessor_could_still_marry_onto_is_not_claimed() -> None:
    """After one 2S goes up, 3S fits found1 but the other 2S could still be married onto
    it (BLK-5): no claim."""
    state = _two_rows()
    state.play("2S:col2>found1")
    assert "3S:col1>found1" in {str(m) for m in state.legal_moves()}
    assert _safe(state) is None


def test_blk6_lone_card_with_stock_left_is_not_claimed() -> None:
    """2S alone in its column: playing it brings a refill now (BLK-6), which shifts every
    later deal, so no claim while the stock lasts."""
    state = laid_out({2: ["2S", *[None] * 7]}, **ANY)
    assert "2S:col2>found1" in {str(m) for m in state.legal_moves()}
    assert _safe(state) is None


def test_blk8_empty_columns_any_switches_the_claim_off() -> None:
    assert _safe(_two_rows(empty_columns="any")) is None


def test_blk5_with_move_sequences_the_claim_stands() -> None:
    """Nothing can lie on the 2S (both aces up), so a run could only end with it."""
    assert _safe(_two_rows(move_sequences=True)) == "2S:col2>found1"


def test_blk1_foundations_of_one_suit_are_interchangeable() -> None:
    """Aces in another order start other foundations (BLK-1): the same position."""
    swapped = ["AH", "AS", *ACES[2:]]
    a = patience.get_game("blockade").new(deck=stack(ACES, decks=2))
    b = patience.get_game("blockade").new(deck=stack(swapped, decks=2))
    assert a.key() != b.key()
    assert a.rules.solver_key(a) == b.rules.solver_key(b)


def test_blk8_columns_interchangeable_only_once_the_stock_is_spent() -> None:
    state = laid_out({}, **ANY)
    swapped = state.copy()
    swapped.piles[0], swapped.piles[2] = swapped.piles[2], swapped.piles[0]
    assert state.rules.solver_key(state) != swapped.rules.solver_key(swapped)  # BLK-4 deals
    while state.piles[game.STOCK]:
        state.play("deal")
    swapped = state.copy()
    swapped.piles[0], swapped.piles[2] = swapped.piles[2], swapped.piles[0]
    assert state.key() != swapped.key()
    assert state.rules.solver_key(state) == swapped.rules.solver_key(swapped)


@pytest.mark.parametrize(("deal", "options"), [
    *((deal, ANY) for deal in range(1, 9)),
    *((deal, {**ANY, "move_sequences": True}) for deal in range(1, 5)),
])
def test_safe_move_keeps_the_answer(deal: int, options: dict[str, object]) -> None:
    """Random play, foundation plays first, to a position with little stock left; the
    answer with the safe move equals the plain search's."""
    rng = random.Random(deal)
    state = game.BLOCKADE.new(deal=deal, **options)
    play_randomly(state, rng, lambda m: m[0] != ACTION and m[1] >= game.FOUND0,
                  lambda: len(state.piles[game.STOCK]) > rng.randrange(0, 24))
    assert_agrees_with_plain(state, blockade_order, blockade_safe_move)



