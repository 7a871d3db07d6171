"""Clock (RULES.md §5): twelve hour foundations round a dial, a packet of three at each hour."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from patience.cards import CARDS, KING, make, rank_of, suit_of
from patience.engine.game import Game, Option
from patience.engine.piles import Kind, Pile, pile_ids
from patience.engine.registry import register
from patience.engine.rules import ACTION, RawMove, Rules
from patience.engine.state import State

HOURS = 12
PACKET_SIZE = 3  # CLK-3, CLK-5
# CLK-1: the base card of hour1 … hour12 (2C at IX, 3H at X, … KD at VIII)
BASE_CODES = ("6C", "7H", "8S", "9D", "TC", "JH", "QS", "KD", "2C", "3H", "4S", "5D")
BASES = tuple(CARDS[c] for c in BASE_CODES)
# CLK-2: an hour builds up, with wrap, from its base rank to its own number
CAPACITIES = tuple((hour - rank_of(base)) % KING + 1 for hour, base in enumerate(BASES, 1))

HOUR0 = 0  # hour1 … hour12 are piles 0–11
PACKET0 = HOUR0 + HOURS  # packet1 … packet12 are piles 12–23
STOCK = PACKET0 + HOURS
TALON = STOCK + 1
PACKETS = range(PACKET0, PACKET0 + HOURS)

FILL, DRAW = range(2)

# The card that follows each card in suit, with wrap (CLK-2 foundations): K -> A.
_ALL = [make(r, s) for r in range(1, KING + 1) for s in range(4)]
SUCCESSOR = [0] * (max(_ALL) + 1)
for _card in _ALL:
    SUCCESSOR[_card] = make(rank_of(_card) % KING + 1, suit_of(_card))


class ClockRules(Rules):
    piles = (
        tuple(Pile(p, Kind.FOUNDATION, cap) for p, cap in zip(pile_ids("hour", HOURS),
                                                               CAPACITIES, strict=True))
        + tuple(Pile(p, Kind.TABLEAU) for p in pile_ids("packet", HOURS))
        + (Pile("stock", Kind.STOCK), Pile("talon", Kind.TALON))
    )
    actions = ("fill", "draw")

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        # CLK-4: the card a packet top may be married onto (one rank higher, same suit);
        # K onto A only with wrap_marriage. -1: nothing.
        wrap = bool(self.options["wrap_marriage"])
        self.marries_onto = [-1] * len(SUCCESSOR)
        for card in _ALL:
            if rank_of(card) < KING or wrap:
                self.marries_onto[card] = SUCCESSOR[card]

    def setup(self, state: State, deck: list[int]) -> None:
        piles = state.piles
        rest = list(deck)
        for hour, base in enumerate(BASES):
            rest.remove(base)  # CLK-1: the first copy in deck order; the rest keeps its order
            piles[HOUR0 + hour].append(base)
        dealt = HOURS * PACKET_SIZE
        for i, card in enumerate(rest[:dealt]):  # CLK-3: round by round, I -> XII
            piles[PACKET0 + i % HOURS].append(card)
        piles[STOCK] = rest[dealt:][::-1]

    def generate(self, state: State) -> list[RawMove]:
        piles = state.piles
        out: list[RawMove] = []
        # CLK-2: the card each unfinished hour takes next (two hours may want the same card;
        # the player chooses, so both moves are listed)
        wanted: dict[int, list[int]] = {}
        for hour in range(HOURS):
            pile = piles[hour]
            if len(pile) < CAPACITIES[hour]:
                card = SUCCESSOR[pile[-1]]
                if card in wanted:
                    wanted[card].append(hour)
                else:
                    wanted[card] = [hour]
        tops: dict[int, list[int]] = {}
        short = False
        for packet in PACKETS:  # CLK-3: a packet's top card is available
            pile = piles[packet]
            n = len(pile)
            if n < PACKET_SIZE:
                short = True
                if not n:
                    continue
            card = pile[-1]
            if card in wanted:
                for hour in wanted[card]:
                    out.append((packet, hour, n - 1, False))
            if card in tops:
                tops[card].append(packet)
            else:
                tops[card] = [packet]
        onto = self.marries_onto
        for card, sources in tops.items():  # CLK-4: marriages among packets only
            targets = tops.get(onto[card])
            if targets:
                for packet in sources:
                    index = len(piles[packet]) - 1
                    for target in targets:
                        out.append((packet, target, index, True))
        talon = piles[TALON]
        if talon and talon[-1] in wanted:  # CLK-6: the talon top goes to foundations only
            for hour in wanted[talon[-1]]:
                out.append((TALON, hour, len(talon) - 1, False))
        if piles[STOCK]:  # CLK-5: no draw while fill is legal; CLK-7: no redeal
            out.append((ACTION, FILL if short else DRAW, 0, False))
        return out

    def apply(self, state: State, move: RawMove) -> None:
        src, dst, _, _ = move
        if src != ACTION:
            state.move_top(src, dst)
        elif dst == DRAW:  # CLK-6
            state.move_top(STOCK, TALON)
        else:
            _fill(state)


def _fill(state: State) -> None:
    """CLK-5: top every short packet up to three from the stock, packet1 first, clockwise.

    Reading: each packet is made whole before the next is touched (the source: gaps are
    closed "from left to right, beginning with the figure 1"), one card at a time from the
    stock top; if the stock runs out, the later packets stay short.
    """
    piles = state.piles
    stock = piles[STOCK]
    for packet in PACKETS:
        for _ in range(PACKET_SIZE - len(piles[packet])):
            if not stock:
                return
            state.move_top(STOCK, packet)


CLOCK = register(Game(
    id="clock",
    name="Clock",
    decks=2,
    rules_class=ClockRules,
    option_specs=(
        Option("wrap_marriage", False, (False, True),
               "true lets a king be married onto an ace of its suit (by default the "
               "packets' sequences run from ace to king and stop there)"),
    ),
    summary="Twelve foundations from 2 to K sit round a clock dial, each built up in suit "
            "until it shows its own hour, fed by a packet of three cards at every hour.",
))
