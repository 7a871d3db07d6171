"""Clock's solver key (RULES.md §5): what the search may treat as one position (the native
search's safe moves and dead ends are tested beside its rules, ``native/``)."""

from __future__ import annotations

from patience.engine.rules import ACTION
from patience.engine.state import State
from patience.games import clock as game
from tests.games.test_clock import new


def _spend_stock(state: State) -> State:
    """Only `fill` and `draw` (CLK-5, CLK-6) until the stock is spent."""
    while state.piles[game.STOCK]:
        state.play_raw(next(m for m in state.legal_raw() if m[0] == ACTION))
    return state


def test_clk5_packets_interchangeable_only_once_the_stock_is_spent() -> None:
    state = new()
    swapped = state.copy()
    swapped.piles[game.PACKET0], swapped.piles[game.PACKET0 + 1] = (
        swapped.piles[game.PACKET0 + 1], swapped.piles[game.PACKET0])
    assert state.rules.solver_key(state) != swapped.rules.solver_key(swapped)  # fill order
    _spend_stock(state)
    swapped = state.copy()
    swapped.piles[game.PACKET0], swapped.piles[game.PACKET0 + 5] = (
        swapped.piles[game.PACKET0 + 5], swapped.piles[game.PACKET0])
    assert state.key() != swapped.key()
    assert state.rules.solver_key(state) == swapped.rules.solver_key(swapped)
