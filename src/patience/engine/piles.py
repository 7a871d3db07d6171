"""Pile declarations: what a game's piles are called and what kind each is."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Kind(StrEnum):
    FOUNDATION = "foundation"
    TABLEAU = "tableau"  # rays, columns, slots, packets, clouds
    RESERVE = "reserve"
    CELL = "cell"
    WASTE = "waste"
    STOCK = "stock"  # every card face down, top dealt next
    TALON = "talon"
    HAND = "hand"
    OUT = "out"  # cards out of play (Shah's seven kings)


@dataclass(frozen=True, slots=True)
class Pile:
    id: str
    kind: Kind
    capacity: int = 0  # cards when complete (foundations); 0 = no limit


def pile_ids(prefix: str, count: int, start: int = 1) -> list[str]:
    """``pile_ids("ray", 3)`` -> ``["ray1", "ray2", "ray3"]``."""
    return [f"{prefix}{i}" for i in range(start, start + count)]
