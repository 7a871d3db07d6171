"""The web app's game service: stored games in, library states out, no rule logic.

A live game is rebuilt by replaying its stored moves through ``game.new`` and
``state.play``; a small in-memory cache keeps recent states so one request makes one move.
"""

from __future__ import annotations

import importlib
import random
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import patience
from patience.engine.game import Game, OptionError
from patience.engine.moves import Move
from patience.engine.state import State
from patience.storage.games import GameStore, StoredGame

CACHE_SIZE = 128
DEAL_RANGE = 1_000_000  # random deals are drawn from 1 … 999 999, as in the CLI
HINT_NODES, HINT_SECONDS = 200_000, 3.0
WINNABLE_SECONDS = 8.0  # time spent looking for a new deal the solver proves winnable
SOLVE_NODES, SOLVE_SECONDS = 300_000, 2.0


class NotFound(LookupError):
    """No game with that id belongs to this browser."""


class Conflict(ValueError):
    """The request is well formed but cannot be done now (undo with nothing to undo …)."""


class SolverMissing(RuntimeError):
    """The solver package is not installed, so hints and winnable deals are unavailable."""


@dataclass
class Live:
    row: StoredGame
    state: State


def new_game_id() -> str:
    return secrets.token_urlsafe(18)


def parse_options(game: Game, given: dict[str, Any]) -> dict[str, Any]:
    """Options from JSON or a query string: text values are read as the CLI reads them."""
    specs = {o.name: o for o in game.option_specs}
    typed: dict[str, Any] = {}
    for name, value in given.items():
        spec = specs.get(name)
        if spec is not None and isinstance(value, str) and not any(
                isinstance(c, str) for c in spec.choices):
            typed[name] = spec.parse(value)
        else:
            typed[name] = value
    return game.resolve_options(typed)


def _solver() -> Any:
    try:
        return importlib.import_module("patience.solver")
    except ImportError:
        raise SolverMissing("the solver (patience.solver) is not installed here") from None


class GameService:
    """Starts, loads, changes and saves games for one owner (a browser session) at a time."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self._cache: OrderedDict[str, State] = OrderedDict()
        self._lock = threading.RLock()

    # --- loading ---------------------------------------------------------------------

    def load(self, game_id: str, owner: str) -> Live:
        row = self.store.get(game_id, owner)
        if row is None:
            raise NotFound(f"no game {game_id!r} in this browser")
        with self._lock:
            state = self._cache.get(game_id)
            if state is None or state.moves_played != len(row.moves):
                state = self._replay(row)
                self._cache[game_id] = state
            self._cache.move_to_end(game_id)
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)
        return Live(row, state)

    @staticmethod
    def _replay(row: StoredGame) -> State:
        state = GameService._start(row)
        for move in row.moves:
            state.play(move)
        return state

    @staticmethod
    def _start(row: StoredGame) -> State:
        """The stored game's deal under the rules it is played by (RULES.md §10)."""
        return patience.get_game(row.game).new(deal=row.deal, rules_version=row.rules_version,
                                               **row.options)

    def _fresh(self, row: StoredGame) -> State:
        state = self._start(row)
        with self._lock:
            self._cache[row.id] = state
        return state

    # --- starting --------------------------------------------------------------------

    def start(self, owner: str, game_id: str, options: dict[str, Any], deal: int | None,
              how: str, resume: bool) -> Live:
        """``how`` is "deal" (use ``deal``), "random" or "winnable"."""
        game = patience.get_game(game_id)
        resolved = parse_options(game, options)
        if how == "deal":
            if deal is None:
                raise OptionError("give a deal number")
            game.new(deal=deal, **resolved)  # checks the number before anything is stored
            if resume:
                row = self.store.latest_playing(owner, game.id, resolved, deal)
                if row is not None:
                    return self.load(row.id, owner)
        elif how == "winnable":
            deal = self.winnable_deal(game, resolved)
        else:
            deal = random.randrange(1, DEAL_RANGE)
        row = self.store.create(new_game_id(), owner, game.id, resolved, deal,
                                game.rules_version)
        return Live(row, self._fresh(row))

    def winnable_deal(self, game: Game, options: dict[str, Any]) -> int:
        """A deal the solver has proved winnable: a new one if found in time, else a cached one."""
        solver = _solver()
        deadline = time.monotonic() + WINNABLE_SECONDS
        while time.monotonic() < deadline:
            deal = random.randrange(1, DEAL_RANGE)
            known = self.store.verdict(game.id, options, deal, game.rules_version)
            if known is None:
                result = solver.solve(game.new(deal=deal, **options), max_nodes=SOLVE_NODES,
                                      max_seconds=min(SOLVE_SECONDS,
                                                      deadline - time.monotonic()))
                known = str(result.outcome)
                self.store.record_verdict(game.id, options, deal, known, game.rules_version)
            if known == "won":
                return deal
        cached = self.store.winnable_deals(game.id, options, game.rules_version)
        if cached:
            return random.choice(cached)
        raise SolverMissing(f"the solver proved no {game.name} deal winnable in "
                            f"{WINNABLE_SECONDS:.0f} seconds; try again or pick a deal")

    # --- changing ----------------------------------------------------------------------

    def play(self, game_id: str, owner: str, move: dict[str, Any]) -> Live:
        with self._lock:  # one change at a time, so the stored and live games agree
            return self._play(game_id, owner, move)

    def undo(self, game_id: str, owner: str) -> Live:
        with self._lock:
            return self._undo(game_id, owner)

    def redo(self, game_id: str, owner: str) -> Live:
        with self._lock:
            return self._redo(game_id, owner)

    def restart(self, game_id: str, owner: str) -> Live:
        with self._lock:
            return self._restart(game_id, owner)

    def resign(self, game_id: str, owner: str) -> Live:
        with self._lock:
            return self._resign(game_id, owner)

    def _play(self, game_id: str, owner: str, move: dict[str, Any]) -> Live:
        live = self.load(game_id, owner)
        self._check_open(live)
        played = live.state.play(move).to_dict()
        row = live.row
        row.moves.append(played)
        if row.redo and Move.from_dict(row.redo[-1]) == Move.from_dict(played):
            row.redo.pop()
        else:
            row.redo.clear()
        return self._save(live)

    def _undo(self, game_id: str, owner: str) -> Live:
        live = self.load(game_id, owner)
        self._check_open(live)
        if not live.row.moves:
            raise Conflict("nothing to undo: no move has been played")
        live.state.undo()
        live.row.redo.append(live.row.moves.pop())
        return self._save(live)

    def _redo(self, game_id: str, owner: str) -> Live:
        live = self.load(game_id, owner)
        self._check_open(live)
        if not live.row.redo:
            raise Conflict("nothing to redo: no move has been undone since the last new move")
        move = live.row.redo[-1]
        live.state.play(move)
        live.row.moves.append(live.row.redo.pop())
        return self._save(live)

    def _restart(self, game_id: str, owner: str) -> Live:
        """Back to the deal; the moves made stay available to redo."""
        live = self.load(game_id, owner)
        self._check_open(live)
        row = live.row
        row.redo = row.redo + row.moves[::-1]
        row.moves = []
        live.state = self._fresh(row)
        return self._save(live)

    def _resign(self, game_id: str, owner: str) -> Live:
        live = self.load(game_id, owner)
        self._check_open(live)
        live.row.status = "resigned"
        self.store.save(live.row)
        return live

    def hint(self, game_id: str, owner: str) -> tuple[Live, Any]:
        """The solver's advice on a copy of the state (the lock is not held while it thinks)."""
        with self._lock:
            live = self.load(game_id, owner)
            if live.row.status != "playing":
                raise Conflict(f"the game is over ({live.row.status}): there is nothing to hint")
            position = live.state.copy()
        solver = _solver()
        found = solver.hint(position, max_nodes=HINT_NODES, max_seconds=HINT_SECONDS)
        return live, found

    @staticmethod
    def _check_open(live: Live) -> None:
        if live.row.status in ("won", "resigned"):
            raise Conflict(f"the game is over ({live.row.status}): start a new deal")

    def _save(self, live: Live) -> Live:
        live.row.status = live.state.status
        self.store.save(live.row)
        return live
