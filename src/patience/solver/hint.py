"""Hints for a player: the first move of a winning line, or a proven loss, or "unknown"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from patience.engine.moves import Move
from patience.engine.state import State
from patience.solver.search import solve

HintStatus = Literal["move", "lost", "unknown"]


@dataclass(frozen=True)
class Hint:
    status: HintStatus
    move: Move | None
    message: str


def hint(state: State, *, max_nodes: int = 500_000, max_seconds: float = 5.0) -> Hint:
    """What to play next. ``lost`` only when the search has proved it, never on a guess."""
    if state.status == "won":
        return Hint("unknown", None, "the game is already won")
    result = solve(state, max_nodes=max_nodes, max_seconds=max_seconds)
    if result.outcome == "won":
        first = result.moves[0]
        return Hint("move", first,
                    f"play {first}: it starts a winning line of {len(result.moves)} moves")
    if result.outcome == "lost":
        return Hint("lost", None,
                    "no sequence of moves wins from here (every line was searched)")
    return Hint("unknown", None,
                f"no win found within the search budget ({result.nodes} positions, "
                f"{result.seconds:.1f} s); the game may still be winnable")
