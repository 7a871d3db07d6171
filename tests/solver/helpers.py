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
from patience.games.reserve_family import ReserveRules
from patience.solver import depth_first as core
from patience.solver import search
from patience.solver.depth_first import restarts
from patience.solver.reserve_family import reserve_probe_order


def solve_plain(state: State, monkeypatch: pytest.MonkeyPatch, max_nodes: int = 100_000,
                generic_order: bool = False) -> str:
    """The solver's answer with no safe move and no dead end (and, if asked, the generic
    move order): what every per-game rule must agree with."""
    with monkeypatch.context() as m:
        m.setattr(core, "SAFE_MOVES", {})
        m.setattr(core, "DEAD_ENDS", {})
        m.setattr(search, "SEARCHES", {})
        m.setattr(search, "DIVES", {})
        if generic_order:
            m.setattr(search, "MOVE_ORDERS", {})
        return patience.solve(state, max_nodes=max_nodes, max_seconds=120).outcome


def play_randomly(state: State, rng: random.Random, is_play: Callable[[RawMove], bool],
                  go_on: Callable[[], bool]) -> None:
    """Random raw moves while ``go_on()``, a move ``is_play`` picks chosen four times in
    five when there is one: a quick way to a varied position deep in a deal."""
    while state.legal_raw() and go_on():
        legal = state.legal_raw()
        plays = [m for m in legal if is_play(m)]
        state.play_raw(rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(legal))


def assert_agrees_with_plain(state: State, monkeypatch: pytest.MonkeyPatch) -> None:
    """The solver with every per-game rule answers as the plain search (skipped when the
    plain search cannot finish)."""
    plain = solve_plain(state, monkeypatch)
    if plain == "unknown":
        pytest.skip("too large for the plain search")
    assert patience.solve(state, max_nodes=100_000, max_seconds=120).outcome == plain


def assert_probe_unit_agrees(state: State, unit: int) -> None:
    """The restarted probes of the reserve family with a longer ``unit`` answer as the
    generic ones (both search completely, so they must agree, and decide), and a win
    replays."""
    deadline = time.perf_counter() + 600
    mine, line, _ = restarts(state.copy(), 200_000, deadline, reserve_probe_order, unit)
    generic, _, _ = restarts(state.copy(), 200_000, deadline, reserve_probe_order)
    assert mine == generic != "unknown"
    if mine == "won":
        check = state.copy()
        for raw in line:
            check.play_raw(raw)
        assert check.rules.is_won(check)


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


def extraction_taken(state: State) -> State:
    """A Toad position with the ace extraction (TOD-3) made, if one is open: of the aces
    under a toad pile's top, the one nearest the top of toad1, else of toad2 (the one rules
    version 1 took at setup, unless an ace lay on top). The family's lean search then
    applies (no extraction is left to make; ``solver/toad.py``). Other games are left as
    they are."""
    rules = state.rules
    if isinstance(rules, ReserveRules):
        moves = rules.extractions(state)
        if moves:
            first = min(m[0] for m in moves)  # toad1 before toad2
            state.play_raw(max((m for m in moves if m[0] == first), key=lambda m: m[2]))
    return state
