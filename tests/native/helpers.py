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

Ordering = Callable[[State, list[RawMove]], list[RawMove]]
Chooser = Callable[[random.Random, list[RawMove]], RawMove]


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


def python_search_moves(state: State, dead_ends: bool = True,
                        order: Ordering | None = None) -> list[RawMove]:
    """The moves the Python depth-first search tries from ``state``, in order
    (``solver/depth_first.py``'s ``children``); without ``dead_ends`` as if the game had
    none (where the native core has not ported them); ``order`` in place of the game's
    ``MOVE_ORDERS`` entry where its search orders moves otherwise (Toad's extractions)."""
    game_id = state.game.id
    dead_end = DEAD_ENDS.get(game_id) if dead_ends else None
    if dead_end is not None and dead_end(state):
        return []
    legal = state.legal_raw()
    safe_move = SAFE_MOVES.get(game_id)
    if safe_move is not None and legal:
        forced = safe_move(state, legal)
        if forced is not None:
            return [forced]
    return (order or MOVE_ORDERS.get(game_id, order_moves))(state, legal)


def walk(game_id: str, options: dict[str, Any], deal: int, seed: int,
         knowledge: bool = True, dead_ends: bool = True, order: Ordering | None = None,
         choose: Chooser | None = None) -> int:
    """One random playout of ``deal`` through both engines, taking back a move now and then;
    at every step the legal moves, ``to_dict``, the status, the key and the solver's table
    key must agree, and with
    ``knowledge`` the moves the searches try (safe moves, dead ends, move order; without
    ``dead_ends`` the game's dead ends differ, and where the native one claims one the step
    is left to a test of its own; ``order`` as ``python_search_moves``). ``choose`` picks
    each move (uniformly by default), for a game whose uniform playouts end before its late
    stages. Returns the number of steps compared."""
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
        assert twin.solver_key() == state.rules.solver_key(state), where
        if knowledge:
            tried = twin.search_moves()
            if dead_ends or tried or not legal:  # else a native dead end, checked apart
                assert tried == python_search_moves(state, dead_ends, order), where
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
             native_nodes: int, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    """The outcomes of the native search (``native_nodes``) and the Python search
    (``python_nodes``, ``PATIENCE_NATIVE=0``) for one deal; a native won line must replay."""
    native_module()
    from patience.solver.search import solve

    state = get_game(game_id).new(deal=deal, **options)
    twin = native.start(state)
    assert twin is not None
    fast, line, _ = twin.solve(native_nodes, 60.0, 256)
    if fast == "won":
        check = state.copy()
        for move in line:
            check.play(check.to_move(move))
        assert check.status == "won"
    monkeypatch.setenv("PATIENCE_NATIVE", "0")
    slow = solve(state, max_nodes=python_nodes, max_seconds=60.0).outcome
    monkeypatch.delenv("PATIENCE_NATIVE")
    return fast, slow


def dive_lines(game_id: str, options: dict[str, Any], deal: int,
               max_nodes: int) -> tuple[list[RawMove] | None, int, list[RawMove], int]:
    """The Python dive's line (None: no win found) and nodes, within the dive's share of
    ``max_nodes`` (``strategies.DIVES``), and the native search's won line (empty: not
    won) and nodes with all of ``max_nodes``, which begins with the native dive."""
    import time

    from patience.solver.strategies import DIVES

    module = native_module()
    state = get_game(game_id).new(deal=deal, **options)
    dive, share = DIVES[game_id]
    part = share(state) if callable(share) else share
    line, nodes = dive(state, int(max_nodes * part), time.perf_counter() + 120 * part)
    twin = module.NativeState(game_id, dict(state.rules.options), deal=deal)
    outcome, native_line, native_nodes = twin.solve(max_nodes, 120.0, 256)
    return line, nodes, (native_line if outcome == "won" else []), native_nodes


def knowledge_walk(game_id: str, options: dict[str, Any], deal: int, seed: int,
                   order: Ordering | None = None) -> tuple[int, int, int]:
    """One random playout in which, at every step, the solver key and the moves the native
    search tries equal the Python solver's (``order`` as ``python_search_moves``).
    Returns how many steps met a dead end, a safe move, and in all, so that a test can
    tell that both were asked and answered."""
    module = native_module()
    game = get_game(game_id)
    rng = random.Random(seed)
    state = game.new(deal=deal, **options)
    twin = module.NativeState(game_id, dict(state.rules.options), deal=deal)
    dead = safe = steps = 0
    while True:
        legal = state.legal_raw()
        where = f"{game_id} {options} deal {deal} after {state.raw_history()}"
        assert twin.solver_key() == state.rules.solver_key(state), where
        tried = twin.search_moves()
        assert tried == python_search_moves(state, order=order), where
        at_dead_end = DEAD_ENDS[game_id](state)
        dead += at_dead_end
        safe += (not at_dead_end and bool(legal)
                 and SAFE_MOVES[game_id](state, list(legal)) is not None)
        steps += 1
        if not legal:
            return dead, safe, steps
        move = rng.choice(legal)
        state.play_raw(move)
        twin.play(move)
