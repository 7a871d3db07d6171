"""Exact search: ``solve`` decides whether a position can still be won.

The native search (``patience.native``, ``native/``) answers where it plays the game;
otherwise, and with what it leaves of the budgets where it hands over, the plain
depth-first core (``solver/depth_first.py``) does. Every won line is replayed through
the engine before it is returned.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from patience import native
from patience.engine.moves import Move
from patience.engine.rules import RawMove
from patience.engine.state import State
from patience.solver.depth_first import Outcome, depth_first, order_moves

__all__ = ["SolveResult", "SolverError", "order_moves", "solve"]


class SolverError(RuntimeError):
    """The search produced a line the engine refuses: a bug, never a user error."""


@dataclass(frozen=True)
class SolveResult:
    """``won`` with the winning line, ``lost`` (search exhausted: a proof) or ``unknown``."""

    outcome: Outcome
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0


def solve(state: State, *, max_nodes: int = 2_000_000, max_seconds: float = 10.0) -> SolveResult:
    """Decide whether ``state`` can still be won. The caller's state is never changed.

    ``nodes`` counts moves played by the search. A ``won`` line has been replayed through
    ``State.play`` on a fresh copy before it is returned.

    Where the native search plays the game (``patience.native``), it answers first,
    within its share of the budgets; where that share is the whole, its answer is final,
    else an "unknown" leaves the rest of the budgets to the depth-first core below. Its
    won line is replayed here all the same. The core alone answers when the native search
    is not built, is switched off (``PATIENCE_NATIVE=0``) or does not play the game.

    ``max_nodes`` is a whole number from 0 to 2**63-1 and ``max_seconds`` a finite number,
    at least 0; anything else is refused with ``ValueError``.
    """
    native.check_budgets(max_nodes, max_seconds)
    began = start = time.perf_counter()
    answer = native.solve(state, max_nodes, max_seconds)
    searched = 0
    if answer is not None:
        outcome, won_line, searched = answer
        if outcome != "unknown" or not native.hands_over(state):
            moves = _verified(state, won_line) if outcome == "won" else []
            return SolveResult(outcome, moves, searched, time.perf_counter() - began)
        start = time.perf_counter()
        max_nodes -= searched
        max_seconds -= start - began
    outcome, line, nodes = depth_first(state.copy(), max_nodes, start + max_seconds)
    moves = _verified(state, line) if outcome == "won" else []
    return SolveResult(outcome, moves, searched + nodes, time.perf_counter() - began)


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
