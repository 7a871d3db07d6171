"""What the dives' beams share: the chain of moves, the kept layer, the widening rounds,
and the count of buried cards their scores read."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from patience.engine.rules import RawMove

# the moves that led to a kept position: (earlier chain, moves since), shared by siblings
Chain = tuple[Any, tuple[RawMove, ...]] | None
Weights = TypeVar("Weights")

# a kept position: piles, vars, and the dive's own record of how it was reached
Entry = TypeVar("Entry", bound=tuple[list[list[int]], list[int], Any])


class Position(Protocol):
    """What a beam jumps between kept positions on: the engine's ``State``, or a game's
    lean copy of it (``reserve_search.Lean``)."""

    def load_position(self, piles: list[list[int]], values: list[int]) -> None: ...


Work = TypeVar("Work", bound=Position)


def kept_layer(work: Work, children: Mapping[bytes, tuple[int, int, int, Entry]],
               width: int, per_parent: int,
               dead_end: Callable[[Work], bool]) -> tuple[list[Entry], bool]:
    """The next layer: up to ``width`` positions not at a dead end, best first (children
    sort by score, then order met), at most ``per_parent`` from one parent before the
    others' are taken; and whether any position was left out. Spreading the layer over
    parents keeps one strong parent from filling the beam with near copies."""
    ranked = sorted(children.values())
    layer: list[Entry] = []
    taken: dict[int, int] = {}
    later: list[Entry] = []
    for _, _, parent, entry in ranked:
        if taken.get(parent, 0) >= per_parent:
            later.append(entry)
            continue
        if len(layer) == width:
            return layer, True
        work.load_position(entry[0], entry[1])
        if not dead_end(work):
            layer.append(entry)
            taken[parent] = taken.get(parent, 0) + 1
    for entry in later:
        if len(layer) == width:
            return layer, True
        work.load_position(entry[0], entry[1])
        if not dead_end(work):
            layer.append(entry)
    return layer, False


def line_of(chain: Chain) -> list[RawMove]:
    """The moves a chain stands for, first to last."""
    parts: list[tuple[RawMove, ...]] = []
    while chain is not None:
        chain, moves = chain
        parts.append(moves)
    return [m for part in reversed(parts) for m in part]


Beam = Callable[[Weights, int, int], tuple[list[RawMove] | None, int, bool]]


def widening_rounds(beam: Beam[Weights], variants: Sequence[Weights],
                    first_widths: Sequence[int], growth: int, max_nodes: int,
                    deadline: float) -> tuple[list[RawMove] | None, int]:
    """Every variant's beam (weights, width, node budget -> line, nodes, whether a position
    was left out) in turn, a round at each of ``first_widths``, then each round ``growth``
    times as wide as the last, until a line is found, the budgets are spent, or a round
    left nothing out (wider beams would meet the same positions)."""
    nodes = 0
    widths = iter(first_widths)
    width = next(widths)
    while True:
        dropped = False
        for weights in variants:
            if nodes >= max_nodes or time.perf_counter() > deadline:
                return None, nodes
            line, used, cut = beam(weights, width, max_nodes - nodes)
            nodes += used
            if line is not None:
                return line, nodes
            dropped = dropped or cut
        if not dropped:
            return None, nodes
        width = next(widths, width * growth)


def buried(cards: list[int], wait: list[int]) -> tuple[int, int]:
    """How many of ``cards`` (bottom to top) lie under a card needed later, by ``wait``
    (card code -> how long its foundation takes to want it), and by how much in all."""
    blocked = gaps = 0
    highest = -1
    for card in reversed(cards):
        w = wait[card]
        if w < highest:
            blocked += 1
            gaps += highest - w
        elif w > highest:
            highest = w
    return blocked, gaps
