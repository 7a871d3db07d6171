"""Shared helpers for the solver tests: an independent brute-force search and positions."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pytest

import patience
from patience.engine.rules import ACTION, RawMove
from patience.engine.state import State
from patience.games import star, sun
from patience.solver.depth_first import DeadEnd, Ordering, SafeMove, depth_first


def solve_plain(state: State, max_nodes: int = 100_000) -> str:
    """The depth-first core's answer in its generic order, with no safe move and no dead
    end: what every piece of game knowledge must agree with."""
    return depth_first(state.copy(), max_nodes, time.perf_counter() + 600)[0]


def assert_agrees_with_plain(state: State, order: Ordering,
                             safe_move: SafeMove | None = None,
                             dead_end: DeadEnd | None = None) -> str:
    """The core with a game's move order, safe move and dead end answers as the plain
    search (skipped when the plain search cannot finish); returns the answer."""
    plain = solve_plain(state)
    if plain == "unknown":
        pytest.skip("too large for the plain search")
    knowing = depth_first(state.copy(), 100_000, time.perf_counter() + 600, order,
                          safe_move, dead_end)[0]
    assert knowing == plain
    return plain


def play_randomly(state: State, rng: random.Random, is_play: Callable[[RawMove], bool],
                  go_on: Callable[[], bool]) -> None:
    """Random raw moves while ``go_on()``, a move ``is_play`` picks chosen four times in
    five when there is one: a quick way to a varied position deep in a deal."""
    while state.legal_raw() and go_on():
        legal = state.legal_raw()
        plays = [m for m in legal if is_play(m)]
        state.play_raw(rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(legal))


def brute_force_wins(state: State, limit: int = 200_000) -> bool:
    """Plain exhaustive search through the public validating API: no table of positions
    beyond the repetition-aware full key, no ordering, no dominance, no dead-end rule."""
    work = state.copy()
    seen: set[bytes] = set()
    count = 0

    def go() -> bool:
        nonlocal count
        if work.status == "won":
            return True
        key = work.key() + b"|" + b"|".join(sorted(work._seen))
        if key in seen:
            return False
        seen.add(key)
        count += 1
        assert count < limit, "brute force ran out of room: choose a smaller position"
        for move in work.legal_moves():
            work.play(move)
            if go():
                return True
            work.undo()
        return False

    return go()


def star_last_round(deal: int, draws: int = 0, **options: object) -> State:
    """A Star deal after drawing through two rounds without playing, then ``draws`` more
    draws: a position in the last round, whose search space is small. Drawn under
    ``direction = "free"`` unless told otherwise (first-fit would force plays first)."""
    state = star.STAR.new(deal=deal, **{"direction": "free", **options})
    while state.vars[star.ROUNDS_DONE] < star.REDEALS or (draws and state.piles[star.STOCK]):
        if state.vars[star.ROUNDS_DONE] == star.REDEALS:
            draws -= 1
        actions = [m for m in state.legal_raw() if m[0] == ACTION]
        state.play_raw(actions[0])
    return state


def sun_after_wind(deal: int) -> State:
    """A Sun deal played at random (foundation plays preferred) to just after the wind
    (SUN-9)."""
    rng = random.Random(deal)
    state = sun.SUN.new(deal=deal)
    while not state.vars[sun.WIND_DONE] and state.legal_raw():
        legal = state.legal_raw()
        plays = [m for m in legal if m[0] != ACTION and not m[3]]
        state.play_raw(rng.choice(plays) if plays and rng.random() < 0.9 else legal[-1])
    return state


def assert_solve_wins_unchanged(state: State, max_nodes: int = 50_000) -> None:
    """``solve`` wins ``state`` with a line that replays to a win through the public
    moves, and leaves the caller's ``state`` as it was."""
    before = state.key()
    result = patience.solve(state, max_nodes=max_nodes, max_seconds=1e9)
    assert result.outcome == "won" and result.moves
    assert state.key() == before
    replay = state.copy()
    for move in result.moves:
        replay.play(move)
    assert replay.status == "won"
