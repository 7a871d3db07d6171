"""Exact search: depth-first with push/pop, a table of explored positions, and budgets.

The question is single-agent reachability ("can some sequence of legal moves reach a won
position?"), so a position once reached never needs a second visit: either it is on the
current path (a cycle) or its whole subtree has already been searched without a win.
Chance events are fixed by the deal (RULES.md §0), so the search sees every card: it
plays the "thoughtful" game.

Moves come from ``State.legal_raw`` and are played with ``State.play_raw``, so the
repetition rule of RULES.md §0 is applied exactly as in play, including the memory the
starting state brings with it. That memory only forbids positions until the first
irreversible move, so while it is non-empty the table key also says whether an
irreversible move has been made since the start.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from patience.engine.moves import Move
from patience.engine.rules import ACTION, RawMove
from patience.engine.state import State
from patience.solver.dominance import DEAD_ENDS, ORDERINGS, SAFE_MOVES

Outcome = Literal["won", "lost", "unknown"]
TIME_CHECK_EVERY = 1024  # nodes between clock readings


class SolverError(RuntimeError):
    """The search produced a line the engine refuses: a bug, never a user error."""


@dataclass(frozen=True)
class SolveResult:
    """``won`` with the winning line, ``lost`` (search exhausted: a proof) or ``unknown``."""

    outcome: Outcome
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0


def order_moves(state: State, legal: list[RawMove]) -> list[RawMove]:
    """Foundation plays first, then other card moves, reversible moves, and actions last."""
    foundations = state.rules.foundations
    ranked: list[tuple[int, int, RawMove]] = []
    for i, move in enumerate(legal):
        src, dst, _, reversible = move
        if src == ACTION:
            rank = 3
        elif reversible:
            rank = 2
        elif dst in foundations and src not in foundations:
            rank = 0
        else:
            rank = 1
        ranked.append((rank, i, move))
    ranked.sort()
    return [m for _, _, m in ranked]


def solve(state: State, *, max_nodes: int = 2_000_000, max_seconds: float = 10.0) -> SolveResult:
    """Decide whether ``state`` can still be won. The caller's state is never changed.

    ``nodes`` counts moves played by the search. A ``won`` line has been replayed through
    ``State.play`` on a fresh copy before it is returned.
    """
    start = time.perf_counter()
    work = state.copy()
    outcome, line, nodes = _search(work, max_nodes, start + max_seconds)
    moves = _verified(state, line) if outcome == "won" else []
    return SolveResult(outcome, moves, nodes, time.perf_counter() - start)


def _search(work: State, max_nodes: int, deadline: float) -> tuple[Outcome, list[RawMove], int]:
    rules = work.rules
    if rules.is_won(work):
        return "won", [], 0
    safe_move = SAFE_MOVES.get(work.game.id)
    dead_end = DEAD_ENDS.get(work.game.id)
    order = ORDERINGS.get(work.game.id, order_moves)
    key_of: Callable[[State], bytes] = rules.solver_key
    track_memory = bool(work._seen)  # the start's repetition memory forbids some positions
    irreversible = 0  # irreversible moves on the current path (only counted when tracking)

    def table_key() -> bytes:
        key = key_of(work)
        return key + b"\x01" if track_memory and irreversible else key

    def children() -> list[RawMove]:
        if dead_end is not None and dead_end(work):
            return []
        legal = work.legal_raw()
        if safe_move is not None and legal:
            forced = safe_move(work, legal)
            if forced is not None:
                return [forced]
        return order(work, legal)

    explored = {table_key()}
    path: list[RawMove] = []
    frames: list[tuple[list[RawMove], int]] = [(children(), 0)]
    nodes = 0
    while frames:
        moves, i = frames[-1]
        if i == len(moves):
            frames.pop()
            if path:
                if track_memory and not path[-1][3]:
                    irreversible -= 1
                path.pop()
                work.pop()
            continue
        frames[-1] = (moves, i + 1)
        move = moves[i]
        work.play_raw(move)
        path.append(move)
        if track_memory and not move[3]:
            irreversible += 1
        nodes += 1
        if rules.is_won(work):
            return "won", path, nodes
        key = table_key()
        if key in explored:
            if track_memory and not move[3]:
                irreversible -= 1
            path.pop()
            work.pop()
        else:
            explored.add(key)
            frames.append((children(), 0))
        if nodes >= max_nodes:
            return "unknown", [], nodes
        if nodes % TIME_CHECK_EVERY == 0 and time.perf_counter() > deadline:
            return "unknown", [], nodes
    return "lost", [], nodes


def _verified(state: State, line: list[RawMove]) -> list[Move]:
    """The line as public moves, replayed through ``State.play`` from a fresh copy."""
    check = state.copy()
    out: list[Move] = []
    for raw in line:
        move = check.to_move(raw)
        try:
            check.play(move)
        except ValueError as exc:
            raise SolverError(f"winning line does not replay at {move}: {exc}") from exc
        out.append(move)
    if check.status != "won":
        raise SolverError("winning line replays but does not win")
    return out
