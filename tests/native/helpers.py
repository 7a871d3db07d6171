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


def walk(game_id: str, options: dict[str, Any], deal: int, seed: int) -> int:
    """One random playout of ``deal`` through both engines, taking back a move now and then;
    at every step the legal moves, ``to_dict`` and the status must agree. Returns the
    number of steps compared."""
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
        steps += 1
        if not legal:
            return steps
        if state.moves_played and rng.random() < 0.05:
            state.undo()
            twin.undo()
            continue
        move = rng.choice(legal)
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


Ordering = Callable[[State, list[RawMove]], list[RawMove]]


def knowledge_walk(game_id: str, options: dict[str, Any], deal: int, seed: int,
                   order: Ordering | None = None) -> tuple[int, int, int]:
    """One random playout in which, at every step, the native search's knowledge equals
    the Python solver's: the solver key, the dead end, the safe move and the move order
    (``order``, else the game's ``MOVE_ORDERS`` entry). Returns how many steps met a dead
    end, a safe move, and in all."""
    from patience.solver.dominance import DEAD_ENDS, MOVE_ORDERS, SAFE_MOVES

    module = native_module()
    game = get_game(game_id)
    rng = random.Random(seed)
    state = game.new(deal=deal, **options)
    twin = module.NativeState(game_id, dict(state.rules.options), deal=deal)
    python_order = order or MOVE_ORDERS[game_id]
    dead = safe = steps = 0
    while True:
        legal = state.legal_raw()
        where = f"{game_id} {options} deal {deal} after {state.raw_history()}"
        key, dead_end, safe_move, ordered = twin.knowledge()
        assert key == state.rules.solver_key(state), where
        assert dead_end == DEAD_ENDS[game_id](state), where
        expected_safe = SAFE_MOVES[game_id](state, list(legal)) if legal else None
        assert safe_move == expected_safe, where
        assert ordered == python_order(state, list(legal)), where
        dead += dead_end
        safe += safe_move is not None
        steps += 1
        if not legal:
            return dead, safe, steps
        move = rng.choice(legal)
        state.play_raw(move)
        twin.play(move)
