"""Clock's solver key: what the search may treat as one position (the native
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


def test_clk5_the_phase_tells_positions_apart_only_while_the_stock_lasts() -> None:
    """Strict phases (CLK-5): a marriage made this round holds plays back while `fill` is
    legal, so the search keeps it apart while the stock lasts; once the stock is spent
    it holds nothing back and the key leaves it out."""
    state = new()
    married = state.copy()
    married.vars[game.MARRIED] = 1
    assert state.rules.solver_key(state) != married.rules.solver_key(married)
    _spend_stock(state)
    married = state.copy()
    married.vars[game.MARRIED] = 1
    assert state.key() != married.key()
    assert state.rules.solver_key(state) == married.rules.solver_key(married)
