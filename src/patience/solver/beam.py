"""The layer a dive's beam keeps after each card turned, shared by the dives."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from patience.engine.state import State

# a kept position: piles, vars, and the dive's own record of how it was reached
Entry = TypeVar("Entry", bound=tuple[list[list[int]], list[int], Any])


def kept_layer(work: State, children: Mapping[bytes, tuple[int, int, int, Entry]],
               width: int, per_parent: int,
               dead_end: Callable[[State], bool]) -> tuple[list[Entry], bool]:
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
