"""The beam that Shah's and Clock's dives share: stage by stage through the stock, with a
short complete search between two stages and a complete search to finish.

A stage ends with a move that lowers the game's ``stage`` (a card out of the stock, and
for Shah, once the stock is spent, a card taken from the talon). From each position kept
a complete search in the game's move order meets at most ``between`` positions that keep
the stage; every stage-ending move from any of them gives a candidate for the layer of
the stage it reaches. The layer with the largest stage is taken up next
(``beam.kept_layer``). A position kept that ``finish_now`` says is near enough the end is
given to ``finish``, a complete search of at most ``endgame_nodes``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from mypy_extensions import mypyc_attr

from patience.engine.rules import RawMove, Rules
from patience.engine.state import State
from patience.solver.beam import Chain, kept_layer, line_of

W = TypeVar("W")  # a dive's weights

# a kept position: piles, vars, and the moves that led to it
Entry = tuple[list[list[int]], list[int], Chain]
# a candidate for the next layer: score, order met, parent, entry
Child = tuple[int, int, int, Entry]
# a complete search: (position, node budget, deadline) -> outcome, line, nodes used
Finish = Callable[[State, int, float], tuple[str, list[RawMove], int]]


@mypyc_attr(native_class=False)  # mypyc compiles no generic class of its own
@dataclass(frozen=True)
class Staged(Generic[W]):
    """One game's staged beam: its moves, stages, score and budgets."""

    order: Callable[[State, list[RawMove]], list[RawMove]]
    stage: Callable[[list[list[int]]], int]  # lower is nearer the end
    score: Callable[[list[list[int]], W], int]  # lower is better
    finish_now: Callable[[list[list[int]], W], bool]
    finish: Finish
    dead_end: Callable[[State], bool]
    between: int  # positions the search between two stages meets, at most
    per_parent: int  # positions kept from one position before others' are looked at
    endgame_nodes: int  # nodes of ``finish`` per position kept


class _Won(Exception):
    """A won position was met: the moves that reach it from the parent."""

    def __init__(self, moves: list[RawMove]) -> None:
        self.moves = moves


def _between(game: Staged[W], work: State, rules: Rules, weights: W, parent: int,
             chain: Chain, layers: dict[int, dict[bytes, Child]]) -> int:
    """From the position ``work`` holds, the complete search through the moves that keep
    the stage, meeting at most ``game.between`` positions; every move that lowers the
    stage gives a candidate. Returns the nodes played; raises ``_Won`` at a won
    position. ``work`` is left as given."""
    seen = {rules.solver_key(work)}
    path: list[RawMove] = []
    nodes = 0

    def visit() -> None:
        nonlocal nodes
        for move in game.order(work, work.legal_raw()):
            before = game.stage(work.piles)
            work.play_raw(move)
            nodes += 1
            path.append(move)
            try:
                if rules.is_won(work):
                    raise _Won(path[:])
                key = rules.solver_key(work)
                stage = game.stage(work.piles)
                if stage < before:
                    layer = layers.setdefault(stage, {})
                    if key not in layer:
                        entry = ([p[:] for p in work.piles], work.vars[:],
                                 (chain, tuple(path)))
                        layer[key] = (game.score(work.piles, weights), len(layer), parent,
                                      entry)
                elif key not in seen and len(seen) < game.between:
                    seen.add(key)
                    visit()
            finally:
                path.pop()
                work.pop()

    visit()
    return nodes


def staged_beam(game: Staged[W], work: State, weights: W, width: int, max_nodes: int,
                deadline: float) -> tuple[list[RawMove] | None, int, bool]:
    """One beam: a winning line or None, the nodes used, and whether the beam dropped
    any position (else it tried every line the searches between stages met). ``work`` is
    left as given."""
    rules = work.rules
    start_piles, start_vars = [p[:] for p in work.piles], work.vars[:]
    nodes = 0
    dropped = False
    parents = 0
    pending: dict[int, dict[bytes, Child]] = {}  # stage -> candidates
    # ``solve`` dives only a start with no repetition memory, and every later entry was
    # reached by a card from the stock or the talon, an irreversible move (RULES.md §0):
    # loading positions loses no memory
    layer: list[Entry] = [(start_piles, start_vars, None)]
    try:
        while True:
            for piles, values, chain in layer:
                if nodes >= max_nodes or time.perf_counter() > deadline:
                    return None, nodes, True
                work.load_position(piles, values)
                if game.finish_now(piles, weights):
                    budget = min(game.endgame_nodes, max_nodes - nodes)
                    outcome, tail, used = game.finish(work, budget, deadline)
                    nodes += used
                    if outcome == "won":
                        return line_of(chain) + tail, nodes, dropped
                    continue
                try:
                    nodes += _between(game, work, rules, weights, parents, chain, pending)
                except _Won as won:
                    return line_of(chain) + won.moves, nodes, dropped
                parents += 1
            if not pending:
                return None, nodes, dropped
            layer, cut = kept_layer(work, pending.pop(max(pending)), width,
                                    game.per_parent, game.dead_end)
            dropped = dropped or cut
    finally:
        work.load_position(start_piles, start_vars)
