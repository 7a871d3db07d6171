"""Move ordering for Shah, Blockade and Clock: a permutation of the legal moves, with
foundation plays first and actions last (ordering never prunes)."""

from __future__ import annotations

import random

import pytest

import patience
from patience.engine.rules import ACTION
from patience.solver.dominance import MOVE_ORDERS


@pytest.mark.parametrize("game_id", ["shah", "blockade", "clock"])
def test_order_is_a_permutation_with_plays_first(game_id: str) -> None:
    game = patience.get_game(game_id)
    order = MOVE_ORDERS[game_id]
    checked = 0
    for deal in range(1, 6):
        rng = random.Random(deal)
        state = game.new(deal=deal)
        for _ in range(150):
            legal = state.legal_raw()
            if not legal:
                break
            ordered = order(state, legal)
            assert sorted(ordered) == sorted(legal)
            founds = state.rules.foundations
            kinds = [0 if m[0] != ACTION and m[1] in founds else 2 if m[0] == ACTION else 1
                     for m in ordered]
            assert kinds == sorted(kinds)
            checked += 1
            state.play_raw(rng.choice(legal))
    assert checked > 100
