"""Clock's and Shah's restarted search (RULES.md §3, §5): a probe only reorders moves, so
every answer stays exact."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from patience.engine.game import Game
from patience.engine.state import State
from patience.games import clock, shah
from patience.solver import clock as clock_solver
from patience.solver import shah as shah_solver
from patience.solver.probes import Ordering

PROBES: list[tuple[Game, Callable[[int], Ordering]]] = [
    (clock.CLOCK, clock_solver.probe_order),
    (shah.SHAH_GAME, shah_solver.probe_order),
]


def _playout(state: State, seed: int, length: int) -> list[State]:
    """Positions of a random game, each a copy."""
    rng = random.Random(seed)
    out = [state.copy()]
    for _ in range(length):
        legal = state.legal_raw()
        if not legal:
            break
        state.play_raw(rng.choice(legal))
        out.append(state.copy())
    return out


@pytest.mark.parametrize(("game", "probe_order"), PROBES, ids=["clock", "shah"])
@pytest.mark.parametrize("deal", range(1, 4))
def test_probe_orders_keep_every_legal_move(game: Game, probe_order: Callable[[int], Ordering],
                                             deal: int) -> None:
    """A probe is a complete search only if its order drops no move: hour or foundation
    plays, marriages (CLK-4, SHA-6), gap fills (SHA-8, SHA-9) and actions all stay, each
    exactly once."""
    for position in _playout(game.new(deal=deal), deal, 120):
        legal = position.legal_raw()
        for probe in range(8):
            assert sorted(probe_order(probe)(position, legal)) == sorted(legal)


@pytest.mark.parametrize(("game", "probe_order"), PROBES, ids=["clock", "shah"])
def test_probe_orders_are_reproducible(game: Game,
                                       probe_order: Callable[[int], Ordering]) -> None:
    """The same probe number gives the same order, so an answer can be reproduced."""
    position = _playout(game.new(deal=3), 3, 30)[-1]
    legal = position.legal_raw()
    assert probe_order(5)(position, legal) == probe_order(5)(position, legal)
