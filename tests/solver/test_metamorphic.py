"""Looser options never win fewer deals than stricter ones on the same deals.

Each pair names a game, a stricter option set and a looser one whose legal moves include
the stricter set's. A pair runs once its game is registered. Per deal: if the strict
rules win, the loose rules must not be proved lost.
"""

from __future__ import annotations

from typing import Any

import pytest

import patience

PAIRS: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("star", {"direction": "first-fit"}, {"direction": "free"}),  # STR-3
    # SUN-3 with a deal at any time: under deal_when=stuck a free crossing could keep
    # back a deal the purposeful line makes
    ("sun", {"transfers": "purposeful", "deal_when": "any"},
     {"transfers": "free", "deal_when": "any"}),
    ("sun", {"deal_when": "stuck"}, {"deal_when": "any"}),  # SUN-4
    ("blockade", {"deal_when": "stuck"}, {"deal_when": "any"}),  # BLK-7
    ("toad", {"ace_extraction": False}, {"ace_extraction": True}),  # TOD-3
    ("rainbow", {"redeals": 3}, {"redeals": 5}),
    ("open-shop", {"redeals": 0}, {"redeals": 1}),
    ("blockade", {"empty_columns": "stay"}, {"empty_columns": "any"}),  # BLK-8
    ("blockade", {"move_sequences": False}, {"move_sequences": True}),
    ("clock", {"wrap_marriage": False}, {"wrap_marriage": True}),
    # CLK-5: strict holds plays back; the one marriage back its phase lets through
    # reaches nothing the free rules do not
    ("clock", {"phases": "strict"}, {"phases": "free"}),
]
REGISTERED = {g.id for g in patience.list_games()}
DEALS = range(1, 9)
BUDGET = {"max_nodes": 20_000, "max_seconds": 60.0}


@pytest.mark.parametrize(("game_id", "strict", "loose"), [
    pytest.param(g, s, lo, id=f"{g}-{next(iter(s))}",
                 marks=pytest.mark.skipif(g not in REGISTERED, reason=f"{g} not registered"))
    for g, s, lo in PAIRS
])
def test_looser_options_win_at_least_as_often(game_id: str, strict: dict[str, Any],
                                              loose: dict[str, Any]) -> None:
    game = patience.get_game(game_id)
    strict_wins = loose_wins = 0
    for deal in DEALS:
        tight = patience.solve(game.new(deal=deal, **strict), **BUDGET)
        free = patience.solve(game.new(deal=deal, **loose), **BUDGET)
        assert not (tight.outcome == "won" and free.outcome == "lost"), f"deal {deal}"
        if "unknown" not in (tight.outcome, free.outcome):
            strict_wins += tight.outcome == "won"
            loose_wins += free.outcome == "won"
    assert loose_wins >= strict_wins


@pytest.mark.parametrize(("game_id", "strict", "loose"), [
    ("star", {"direction": "first-fit"}, {"direction": "free"}),  # STR-3
    ("sun", {"transfers": "purposeful", "deal_when": "any"},
     {"transfers": "free", "deal_when": "any"}),  # SUN-3
    ("sun", {"deal_when": "stuck"}, {"deal_when": "any"}),  # SUN-4
    ("blockade", {"deal_when": "stuck"}, {"deal_when": "any"}),  # BLK-7
])
@pytest.mark.usefixtures("native_search")  # wins the plain Python search leaves open
def test_strict_lines_are_legal_under_the_looser_option(game_id: str, strict: dict[str, Any],
                                                        loose: dict[str, Any]) -> None:
    """Every move the stricter reading allows the looser one allows too, so its wins carry
    over move for move."""
    game = patience.get_game(game_id)
    checked = 0
    for deal in DEALS:
        won = patience.solve(game.new(deal=deal, **strict), **BUDGET)
        if won.outcome != "won":
            continue
        free = game.new(deal=deal, **loose)
        for move in won.moves:
            free.play(move)
        assert free.status == "won"
        checked += 1
    assert checked > 0
