"""Where did it slip away? The last position of a game from which a win was still possible.

Winnability along a game only ever goes from yes to no: the position after ``i`` moves
reaches the position after ``i + 1`` by the move played, so a win from the later one is a
win from the earlier one. The positions from which the game could be won are therefore a
beginning of the game, and a binary search over its positions finds where that beginning
ends with a few solves. A position the solver cannot decide within its budget tells
nothing; the search then tries the positions beside it, and whatever stays undecided is
reported as such, never guessed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from patience.engine.moves import Move
from patience.engine.record import replay
from patience.engine.state import State
from patience.solver.search import SolveResult, solve

Verdict = Literal["won", "stopped", "slipped", "never", "undecided"]
Outcome = Literal["won", "lost", "unknown"]

MAX_SOLVES = 24  # enough to bisect ~4000 positions and still try a dozen undecided ones


@dataclass(frozen=True)
class Bounds:
    """What the solves taught about positions 0 … ``end`` (position i: after i moves).

    ``winnable`` is the last position known winnable (-1: none), ``lost`` the first known
    lost (``end + 1``: none); the slip lies from ``winnable`` to ``lost - 1``.
    ``undecided`` are the positions solved without an answer that lie strictly between.
    """

    end: int
    winnable: int
    lost: int
    undecided: tuple[int, ...]
    untried: int  # positions strictly between that no solve looked at (out of solves)
    solves: int


def bisect(end: int, decide: Callable[[int], Outcome], *, first: Outcome | None = None,
           max_solves: int = MAX_SOLVES) -> Bounds:
    """Narrow down the last winnable position among 0 … ``end`` with ``decide(i)``.

    ``first`` is the answer at ``end`` when it is already known (a won or a blocked final
    position); otherwise ``end`` is decided first, since a game stopped while it could still
    be won is the commonest answer there is. An undecided probe is skipped: the next one is
    the middle of the positions not yet tried, and a known answer on either side settles it
    (a win after it proves it winnable, a loss before it proves it lost).
    """
    winnable, lost = -1, end + 1
    unknown: set[int] = set()
    solves = 0

    def learn(index: int, outcome: Outcome) -> None:
        nonlocal winnable, lost
        if outcome == "won":
            winnable = max(winnable, index)
        elif outcome == "lost":
            lost = min(lost, index)
        else:
            unknown.add(index)

    if first is not None:
        learn(end, first)
    else:
        learn(end, decide(end))
        solves += 1
    while solves < max_solves:
        untried = [i for i in range(winnable + 1, lost) if i not in unknown]
        if not untried:
            break
        probe = untried[len(untried) // 2]
        learn(probe, decide(probe))
        solves += 1
    between = range(winnable + 1, lost)
    undecided = tuple(i for i in between if i in unknown)
    return Bounds(end, winnable, lost, undecided, len(between) - len(undecided), solves)


@dataclass(frozen=True)
class Slip:
    """The answer for one game, about positions 0 … ``moves_total`` (position i: the board
    after i moves; position 0 is the deal).

    - ``won``: the game was won; nothing slipped.
    - ``stopped``: the game ended (resigned, or left) at a position still winnable;
      ``position`` is that last position and ``continuation`` wins from it.
    - ``slipped``: ``position`` was winnable and ``lost_move``, played there, lost the win;
      ``continuation`` is a winning line from ``position`` instead.
    - ``never``: the deal itself is proved lost; no winning line ever existed.
    - ``undecided``: the solver could not settle it. The slip lies from ``position`` (the
      last position known winnable, None when none is) to ``first_lost - 1`` (the first
      known lost, None when none is); ``undecided`` names the positions tried there without
      an answer, ``untried`` counts the others.
    """

    verdict: Verdict
    moves_total: int
    position: int | None = None
    lost_move: Move | None = None
    continuation: list[Move] = field(default_factory=list)
    first_lost: int | None = None
    undecided: tuple[int, ...] = ()
    untried: int = 0
    solves: int = 0
    seconds: float = 0.0


class _Positions:
    """The positions of one game, rebuilt on demand by undoing from its end."""

    def __init__(self, end: State) -> None:
        self.end = end
        self.total = end.moves_played
        self.moves = end.history()

    def at(self, index: int) -> State:
        state = self.end.copy()
        for _ in range(self.total - index):
            state.undo()
        return state


def find_slip(record: Mapping[str, Any], *, max_nodes: int = 2_000_000,
              max_seconds: float = 5.0, max_solves: int = MAX_SOLVES) -> Slip:
    """Where the game a record describes stopped being winnable, and how it could have won.

    ``record`` is a game record (``State.record()``: game, rules version, options, deal or
    deck, moves); it is replayed and checked first, so a bad one is a ``RecordError``.
    ``max_nodes`` and ``max_seconds`` are each solve's budget and ``max_solves`` bounds
    how many solves are made, so the whole takes at most about
    ``max_solves * max_seconds``. Every winning line returned has been verified by
    ``solve``.
    """
    start = time.perf_counter()
    positions = _Positions(replay(dict(record)))
    total = positions.total
    if positions.end.status == "won":
        return Slip("won", total, seconds=time.perf_counter() - start)
    lines: dict[int, SolveResult] = {}

    def decide(index: int) -> Outcome:
        result = solve(positions.at(index), max_nodes=max_nodes, max_seconds=max_seconds)
        if result.outcome == "won":
            lines[index] = result
        return result.outcome

    blocked: Outcome | None = "lost" if positions.end.status == "lost" else None
    bounds = bisect(total, decide, first=blocked, max_solves=max_solves)
    seconds = time.perf_counter() - start
    solves = bounds.solves
    known = bounds.winnable if bounds.winnable >= 0 else None
    line = lines[bounds.winnable].moves if known is not None else []
    if bounds.lost == 0:
        return Slip("never", total, first_lost=0, solves=solves, seconds=seconds)
    if known == total:
        return Slip("stopped", total, position=total, continuation=line, solves=solves,
                    seconds=seconds)
    if known is not None and bounds.lost == known + 1:
        return Slip("slipped", total, position=known, lost_move=positions.moves[known],
                    continuation=line, first_lost=bounds.lost, solves=solves,
                    seconds=seconds)
    return Slip("undecided", total, position=known, continuation=line,
                first_lost=bounds.lost if bounds.lost <= total else None,
                undecided=bounds.undecided, untried=bounds.untried, solves=solves,
                seconds=seconds)
