"""Walking one game through both engines at once: the Python engine (the reference) and
the native one (``patience._native``), comparing them at every step."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

import pytest

from patience import native
from patience.engine.game import Game
from patience.engine.registry import get_game
from patience.engine.rules import RawMove
from patience.engine.state import State
from patience.solver.dominance import DEAD_ENDS, MOVE_ORDERS, SAFE_MOVES
from patience.solver.search import order_moves


def native_module() -> Any:
    """The extension module, or a clean skip when it is not built or switched off."""
    module = native.module()
    if module is None:
        pytest.skip("the native extension is not built (or PATIENCE_NATIVE=0)")
    return module


def option_sets(game: Game) -> list[dict[str, Any]]:
    """Every combination of the game's option values."""
    names = [o.name for o in game.option_specs]
    return [dict(zip(names, values, strict=True))
            for values in itertools.product(*(o.choices for o in game.option_specs))]


def python_search_moves(state: State) -> list[RawMove]:
    """The moves the Python depth-first search tries from ``state``, in order
    (``solver/depth_first.py``'s ``children``)."""
    game_id = state.game.id
    dead_end = DEAD_ENDS.get(game_id)
    if dead_end is not None and dead_end(state):
        return []
    legal = state.legal_raw()
    safe_move = SAFE_MOVES.get(game_id)
    if safe_move is not None and legal:
        forced = safe_move(state, legal)
        if forced is not None:
            return [forced]
    return MOVE_ORDERS.get(game_id, order_moves)(state, legal)


Chooser = Callable[[random.Random, list[RawMove]], RawMove]


def walk(game_id: str, options: dict[str, Any], deal: int, seed: int,
         knowledge: bool = True, choose: Chooser | None = None) -> int:
    """One random playout of ``deal`` through both engines, taking back a move now and then;
    at every step the legal moves, ``to_dict``, the status and the key must agree, and with
    ``knowledge`` the moves the searches try (safe moves, dead ends, move order). Returns
    the number of steps compared. ``choose`` picks each move (uniformly by default), for a
    game whose uniform playouts end before its late stages."""
    module = native_module()
    game = get_game(game_id)
    rng = random.Random(seed)
    state = game.new(deal=deal, **options)
    twin = module.NativeState(game_id, dict(state.rules.options), deal=deal)
    steps = 0
    while True:
        legal = state.legal_raw()
        where = f"{game_id} {options} deal {deal} after {state.raw_history()}"
        assert twin.legal_moves() == legal, where
        assert twin.to_dict() == state.to_dict(), where
        assert twin.status == state.status, where
        assert twin.key() == state.key(), where
        if knowledge:
            assert twin.search_moves() == python_search_moves(state), where
        steps += 1
        if not legal:
            return steps
        if state.moves_played and rng.random() < 0.05:
            state.undo()
            twin.undo()
            continue
        move = rng.choice(legal) if choose is None else choose(rng, legal)
        state.play_raw(move)
        twin.play(move)


def agree_on(game_id: str, options: dict[str, Any], deal: int, python_nodes: int,
             monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    """The outcomes of the native and the Python search for one deal (same position)."""
    native_module()
    from patience.solver.search import solve

    game = get_game(game_id)
    state = game.new(deal=deal, **options)
    fast = solve(state, max_nodes=50 * python_nodes, max_seconds=60.0)
    monkeypatch.setenv("PATIENCE_NATIVE", "0")
    slow = solve(state, max_nodes=python_nodes, max_seconds=60.0)
    monkeypatch.delenv("PATIENCE_NATIVE")
    return fast.outcome, slow.outcome
