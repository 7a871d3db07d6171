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


def walk(game_id: str, options: dict[str, Any], deal: int, seed: int,
         choose: Chooser | None = None) -> int:
    """One random playout of ``deal`` through both engines, taking back a move now and then;
    at every step the legal moves, ``to_dict``, the status, the key and the solver's table
    key must agree, and the native search may try only legal moves. ``choose`` picks each
    move (uniformly by default), for a game whose uniform playouts end before its late
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
        assert set(twin.search_moves()) <= set(legal), where
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


def near_end(game_id: str, options: dict[str, Any], deal: int, back: int) -> State:
    """A position near the end of a line through ``deal``: for an even deal ``back`` moves
    before the end of the native search's won line (where it wins within 2,000,000
    nodes), else a quarter of that before the end of a random playout (seeded by the
    deal) to a position with no move left. Small enough for the plain Python search to
    decide, and won or lost."""
    module = native_module()
    state = get_game(game_id).new(deal=deal, **options)
    line: list[RawMove] = []
    if deal % 2 == 0:
        twin = module.NativeState(game_id, dict(state.rules.options), deal=deal)
        outcome, won, _ = twin.solve(2_000_000, 60.0, 256)
        line = [tuple(m) for m in won] if outcome == "won" else []
    if not line:
        back //= 4
        rng = random.Random(deal)
        work = state.copy()
        while legal := work.legal_raw():
            move = rng.choice(legal)
            work.play_raw(move)
            line.append(move)
    for move in line[:max(0, len(line) - back)]:
        state.play_raw(move)
    return state


def agree_on(game_id: str, options: dict[str, Any], deal: int, python_nodes: int,
             native_nodes: int, monkeypatch: pytest.MonkeyPatch,
             back: int = 40) -> tuple[str, str]:
    """The outcomes of the native search (``native_nodes``) and the Python search
    (``python_nodes``, ``PATIENCE_NATIVE=0``) from ``near_end``'s position for one deal
    (the plain Python search decides few whole deals); a won line must replay."""
    native_module()
    from patience.solver.search import solve

    state = near_end(game_id, options, deal, back)
    twin = native.start(state)
    assert twin is not None
    fast, line, _ = twin.solve(native_nodes, 60.0, 256)
    if fast == "won":
        check = state.copy()
        for move in line:
            check.play(check.to_move(move))
        assert check.status == "won"
    monkeypatch.setenv("PATIENCE_NATIVE", "0")
    slow = solve(state, max_nodes=python_nodes, max_seconds=60.0)
    monkeypatch.delenv("PATIENCE_NATIVE")
    if slow.outcome == "won":
        check = state.copy()
        for move in slow.moves:
            check.play(move)
        assert check.status == "won"
    return fast, slow.outcome
