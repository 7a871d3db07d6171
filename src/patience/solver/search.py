"""Exact search: ``solve`` decides whether a position can still be won.

It picks per game what ``solver/strategies.py`` lists (a dive first, an own search, or
restarted probes) and otherwise runs the depth-first core (``solver/depth_first.py``),
and replays every won line through the engine before it is returned.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from patience import native
from patience.engine.moves import Move
from patience.engine.rules import ACTION, RawMove
from patience.engine.state import State
from patience.solver.depth_first import Outcome, depth_first, restarts
from patience.solver.dominance import MOVE_ORDERS
from patience.solver.probes import PROBE_UNIT
from patience.solver.strategies import DIVES, PROBE_ORDERS, PROBE_UNITS, SEARCHES


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

    def rank(move: RawMove) -> int:
        src, dst, _, reversible = move
        if src == ACTION:
            return 3
        elif reversible:
            return 2
        elif dst in foundations and src not in foundations:
            return 0
        else:
            return 1

    return sorted(legal, key=rank)  # stable: equal ranks keep their order


def solve(state: State, *, max_nodes: int = 2_000_000, max_seconds: float = 10.0) -> SolveResult:
    """Decide whether ``state`` can still be won. The caller's state is never changed.

    ``nodes`` counts moves played by the search. A ``won`` line has been replayed through
    ``State.play`` on a fresh copy before it is returned.

    A game with a dive (``DIVES``) first spends up to the dive's share of both budgets
    looking for a win by it; a dive never answers "lost", and the search below gets what
    the dive left.

    Where the native search plays the game (``patience.native``), it answers first,
    within its share of the budgets; where that share is the whole, its answer is final,
    else an "unknown" leaves the rest of the budgets to the Python search below. Its won
    line is replayed here all the same.
    """
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
    dive = DIVES.get(state.game.id)
    if dive is not None and not state._seen:
        dive_search, share = dive
        if callable(share):  # a share that depends on the game's options
            share = share(state)
        line, dived = dive_search(state, int(max_nodes * share), start + max_seconds * share)
        if line is not None:
            return SolveResult("won", _verified(state, line), searched + dived,
                               time.perf_counter() - began)
        max_nodes -= dived
    else:
        dived = 0
    work = state.copy()
    probe_order = PROBE_ORDERS.get(state.game.id)
    own_search = SEARCHES.get(state.game.id)
    if own_search is not None and not work._seen:  # a game's own copy of depth_first
        outcome, line, nodes = own_search(work, max_nodes, start + max_seconds)
    elif probe_order is None:
        order = MOVE_ORDERS.get(state.game.id, order_moves)
        outcome, line, nodes = depth_first(work, max_nodes, start + max_seconds, order)
    else:
        unit = PROBE_UNITS.get(state.game.id, PROBE_UNIT)
        outcome, line, nodes = restarts(work, max_nodes, start + max_seconds, probe_order,
                                        unit)
    moves = _verified(state, line) if outcome == "won" else []
    return SolveResult(outcome, moves, searched + dived + nodes, time.perf_counter() - began)


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
