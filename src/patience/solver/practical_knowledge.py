"""What the practical player knows of each game: how its foundations build, which piles
block one another, and how far each visible card is from being wanted.

The knowledge is data (one ``Knowledge`` per game id), read by one procedure
(``needs``): the distance of every card to the nearest foundation that could take it,
counted in cards that must go up first. It reads only foundation tops, the game's
counters shown to the player (base rank, directions) and the layout's capacities.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from patience.cards import CARDS, KING, RANK_CHARS
from patience.engine.piles import Kind
from patience.engine.rules import Rules

UNKNOWN = 0  # a hidden card in the player's picture (no real card is 0: ranks start at 1)
FAR = 14  # the distance of a card no foundation can take now
SUITS = range(4)


@dataclass(frozen=True)
class Knowledge:
    """How one game's foundations build, as a player reads it from the rules text."""

    in_suit: bool  # SUN-2, STR-3, SHA-2, BLK-2, CLK-2; the reserve family builds by rank
    wrap: bool  # K is followed by A (STR-3, CLK-2, RBW-3, DST-2)
    start_rank: str = "A"  # the rank an empty foundation takes, or "base_rank" (RBW-2)
    starts: Mapping[str, str] = field(default_factory=dict)  # SUN-2: an empty pile's card
    builds_down: tuple[str, ...] = ()  # SUN-2: the king foundations build down
    directions: str = ""  # STR-3: the counter holding each foundation's direction
    stacks: tuple[tuple[str, ...], ...] = ()  # piles that block one another, bottom first
    # Foundations built regardless of suit each take every rank, so a card is wanted as
    # late as the foundation furthest from it; in suit, a copy goes to the nearest one.
    every_foundation: bool = False
    # A bonus for a play from a reserve (RBW-4, OPS-1, DST-3: its cards only go up, from
    # one end): of two plays, the one that digs into the reserve, the bottleneck
    reserve_play: int = 0
    # What one card on the talon costs (SHA-7): it leaves only from the top, so a gap
    # filled or a marriage made from it (SHA-6, SHA-8) is worth more than from the stock
    talon_card: int = 0
    # A reward per squared column length (BLK-5): of two marriages, the one onto the
    # deeper column, whose cards lie buried already, keeps the short columns open
    pile_up: int = 0


_SUN_SUITS = "SHDC"
# RBW-2, RBW-3, OPS-1, DST-2: by rank, with wrap, from the base rank the deal shows
_BY_RANK = Knowledge(in_suit=False, wrap=True, start_rank="base_rank", every_foundation=True,
                     reserve_play=30)
KNOWLEDGE: dict[str, Knowledge] = {
    "sun": Knowledge(
        in_suit=True, wrap=False,
        starts={**{f"ace-{s}": f"A{s}" for s in _SUN_SUITS},
                **{f"king-{s}": f"K{s}" for s in _SUN_SUITS}},
        builds_down=tuple(f"king-{s}" for s in _SUN_SUITS)),
    "star": Knowledge(in_suit=True, wrap=True, directions="directions"),
    # SHA-5: a ray's inner, middle and outer slots are one pile to the player: only the
    # top card of the outermost non-empty slot is available
    "shah": Knowledge(in_suit=True, wrap=False, talon_card=30,
                      stacks=tuple(tuple(f"ray{n}.{c}" for c in (1, 2, 3))
                                   for n in range(1, 9))),
    "blockade": Knowledge(in_suit=True, wrap=False, pile_up=1),
    "clock": Knowledge(in_suit=True, wrap=True),
    # RBW-6 places the waste cards for the player; measured, the nearest foundation's
    # need chooses better there than the furthest one's
    "rainbow": Knowledge(in_suit=False, wrap=True, start_rank="base_rank", reserve_play=30),
    "open-shop": _BY_RANK,
    # TOD-8: four foundations of 26 take an ace on their king; eight of 13 never get there
    "toad": Knowledge(in_suit=False, wrap=True, every_foundation=True),
    "double-star": _BY_RANK,
}


class Layout:
    """A game's piles as the player groups them: foundations, stocks, and the stacks
    (lists of piles, bottom first) in which an upper card blocks a lower one."""

    def __init__(self, game_id: str, rules: Rules) -> None:
        self.knowledge = KNOWLEDGE[game_id]
        know = self.knowledge
        layout = rules.layout
        self.foundations = rules.foundations
        self.stocks = rules.stocks
        self.capacity = [p.capacity for p in layout]
        self.down = tuple(p.id in know.builds_down for p in layout)
        self.start_card = {rules.index[pid]: CARDS[code] for pid, code in know.starts.items()}
        grouped: list[tuple[int, ...]] = [tuple(rules.index[p] for p in stack)
                                          for stack in know.stacks]
        in_group = {i for stack in grouped for i in stack}
        skip = {Kind.FOUNDATION, Kind.STOCK, Kind.OUT}
        singles: list[tuple[int, ...]] = [(i,) for i, p in enumerate(layout)
                                          if p.kind not in skip and i not in in_group]
        self.stacks: list[tuple[int, ...]] = grouped + singles
        self.stack_of = {i: k for k, stack in enumerate(self.stacks) for i in stack}
        self.ids = [p.id for p in layout]
        self.tableaux = [i for i, p in enumerate(layout) if p.kind == Kind.TABLEAU]
        self.talons = [i for i, p in enumerate(layout) if p.kind == Kind.TALON]
        self.reserves = {i for i, p in enumerate(layout) if p.kind == Kind.RESERVE}


def needs(layout: Layout, piles: list[list[int]], counters: dict[str, Any]) -> list[int]:
    """For every card (by its int; index 0 is a hidden card) the number of cards that must
    reach a foundation before it can: 0 for a card a foundation takes now, FAR for one
    that no foundation can take before it is complete (or whose wanted cards run out)."""
    know = layout.knowledge
    need = [FAR] * (KING * 4 + 4)
    latest = [-1] * (KING * 4 + 4)
    directions = counters.get(know.directions, {}) if know.directions else {}
    for f in layout.foundations:
        cards = piles[f]
        left = layout.capacity[f] - len(cards)
        if left <= 0:
            continue
        if cards:
            top = cards[-1]
            rank, suit = top >> 2, top & 3
            named = directions.get(layout.ids[f]) if directions else None
            if directions and named is None:
                steps: tuple[int, ...] = (1, -1)  # STR-3: direction not yet set
            else:
                steps = (-1,) if layout.down[f] or named == "down" else (1,)
        else:
            start = layout.start_card.get(f)
            if start is not None:
                rank, suit = start >> 2, start & 3
            else:
                char = counters["base_rank"] if know.start_rank == "base_rank" \
                    else know.start_rank
                rank, suit = RANK_CHARS.index(char) + 1, -1
            steps = (-1,) if layout.down[f] else (1,)
            rank -= steps[0]  # a virtual top one step before the starting card
        suits = (suit,) if know.in_suit and suit >= 0 else SUITS
        for step in steps:
            r = rank
            for k in range(min(left, KING)):
                r += step
                if r > KING or r < 1:
                    if not know.wrap:
                        break
                    r = 1 if r > KING else KING
                for s in suits:
                    card = r << 2 | s
                    if k < need[card]:
                        need[card] = k
                    if k > latest[card]:
                        latest[card] = k
    if know.every_foundation:
        for card, k in enumerate(latest):
            if k >= 0:
                need[card] = k
    need[UNKNOWN] = FAR // 2
    return need
