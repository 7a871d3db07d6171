"""Blockade's relaxed game played row by row (RULES.md §4, BLK-4 to BLK-8): the dead end
and the dive's look ahead keep one game from row to row, and must answer as a new game
(``taken_off``) started after every row would."""

from __future__ import annotations

import random

import pytest

from patience.engine.state import State
from patience.games import blockade as game
from patience.solver.blockade import blockade_dead_end
from patience.solver.blockade_dive import cards_left_after_rows
from patience.solver.blockade_relaxed import taken_off


def _deal_row(columns: list[list[int]], up: list[int], stock: list[int], left: int) -> int:
    """BLK-4 in the relaxed game: one card on each column from ``stock[:left]`` (its top
    last), col1 first, aces straight up."""
    for cards in columns:
        while left and stock[left - 1] >> 2 == game.ACE:
            left -= 1
            up.append(stock[left])
        if not left:
            break
        left -= 1
        cards.append(stock[left])
    return left


def _after_rows(state: State, stop_at_empty: bool) -> tuple[list[list[int]], list[int], int]:
    """A new relaxed game after every row: the columns and free cards it leaves and the
    stock cards not dealt; with ``stop_at_empty``, no row is dealt once a column may
    empty (the dead end's rule)."""
    rules = state.rules
    assert isinstance(rules, game.BlockadeRules)
    piles = state.piles
    columns = piles[:game.COLUMNS]
    home = [card for f in game.FOUNDATIONS for card in piles[f]]
    up = home
    stock = piles[game.STOCK]
    left = len(stock)
    while left:
        fill_any = rules.fill_any and stop_at_empty
        tops = taken_off(columns, up, home, rules.sequences, fill_any, stock[:left])
        if tops is None or (stop_at_empty and not all(tops)):
            break
        up = up + [card for cards, top in zip(columns, tops, strict=True) for card in cards[top:]]
        columns = [cards[:top] for cards, top in zip(columns, tops, strict=True)]
        left = _deal_row(columns, up, stock, left)
    return columns, up, left


def _plain_dead_end(state: State) -> bool:
    rules = state.rules
    assert isinstance(rules, game.BlockadeRules)
    columns, up, left = _after_rows(state, True)
    home = [card for f in game.FOUNDATIONS for card in state.piles[f]]
    stock = state.piles[game.STOCK]
    tops = taken_off(columns, up + stock[:left], home, rules.sequences, rules.fill_any, [])
    return tops is not None and any(tops)


def _plain_cards_left(state: State) -> int:
    columns, up, _ = _after_rows(state, False)
    home = [card for f in game.FOUNDATIONS for card in state.piles[f]]
    tops = taken_off(columns, up, home, state.rules.sequences, False, [])
    assert tops is not None
    return sum(tops)


@pytest.mark.parametrize("options", [
    {}, {"move_sequences": True}, {"empty_columns": "any"},
    {"empty_columns": "any", "move_sequences": True},
])
def test_one_game_kept_row_to_row_answers_as_a_new_game_per_row(
        options: dict[str, object]) -> None:
    """Random walks through deals 1-6, every position on them: the same dead end and the
    same count of cards left as a relaxed game started anew after each row (BLK-4: a row
    covers every column's end; BLK-6: refills; BLK-8: the looser empty columns)."""
    dead = alive = 0
    for deal in range(1, 7):
        rng = random.Random(deal)
        state = game.BLOCKADE.new(deal=deal, **options)
        for _ in range(200):
            if blockade_dead_end(state):
                dead += 1
                assert _plain_dead_end(state)
            else:
                alive += 1
                assert not _plain_dead_end(state)
            assert cards_left_after_rows(state.piles, state.rules.sequences) == \
                _plain_cards_left(state)
            legal = state.legal_raw()
            if not legal:
                break
            plays = [m for m in legal if m[0] >= 0]  # four times in five when there is one
            state.play_raw(rng.choice(plays) if plays and rng.random() < 0.8
                           else rng.choice(legal))
    assert dead and alive  # both answers were compared
