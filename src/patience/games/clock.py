"""Clock: twelve hour foundations round a dial, a packet of three at each hour."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from patience.cards import CARDS, CODES, KING, make, rank_of, suit_of
from patience.engine.game import Game, Option
from patience.engine.moves import Move
from patience.engine.piles import Kind, Pile, pile_ids
from patience.engine.rules import ACTION, RawMove, Rules
from patience.engine.state import State
from patience.i18n import N_

HOURS = 12
PACKET_SIZE = 3  # CLK-3, CLK-5
# CLK-1: the base card of hour1 … hour12 (2C at IX, 3H at X, … KD at VIII)
BASE_CODES = ("6C", "7H", "8S", "9D", "TC", "JH", "QS", "KD", "2C", "3H", "4S", "5D")
BASES: tuple[int, ...] = tuple(CARDS[c] for c in BASE_CODES)

HOUR0 = 0  # hour1 … hour12 are piles 0–11
PACKET0 = HOUR0 + HOURS  # packet1 … packet12 are piles 12–23
STOCK = PACKET0 + HOURS
TALON = STOCK + 1
PACKETS = range(PACKET0, PACKET0 + HOURS)

FILL, DRAW = range(2)
MARRIED = 0  # the var: 1 once a marriage has been made since the last fill (CLK-5)

# The card that follows and precedes each card in suit, with wrap: K -> A (CLK-2).
_ALL = [make(r, s) for r in range(1, KING + 1) for s in range(4)]
SUCCESSOR: list[int] = [0] * (max(_ALL) + 1)
PREDECESSOR = [0] * (max(_ALL) + 1)
for _card in _ALL:
    SUCCESSOR[_card] = make(rank_of(_card) % KING + 1, suit_of(_card))
    PREDECESSOR[SUCCESSOR[_card]] = _card


def _run(index: int) -> list[int]:
    """CLK-2: the cards hour ``index + 1`` takes after its base, ending on its own rank."""
    card, run = BASES[index], []
    while rank_of(card) != index + 1:
        card = SUCCESSOR[card]
        run.append(card)
    return run


# CLK-2: 8 cards for the hours based 2-5, 9 for the others, 104 in all
CAPACITIES = tuple(len(_run(index)) + 1 for index in range(HOURS))
# The hours that can ever take each card: at most two, and an hour whose top card is the
# card's predecessor is then never complete, so that one test decides a foundation move.
# Reading: when two hours take a card (7C on IX's 6C or on I's base 6C), both moves are
# listed and the player chooses (no decision is made for the player).
TAKERS: list[tuple[int, ...]] = [
    tuple(hour for hour in range(HOURS) if card in _run(hour)) for card in range(len(SUCCESSOR))
]


class ClockRules(Rules):
    piles = (
        tuple(Pile(p, Kind.FOUNDATION, cap) for p, cap in zip(pile_ids("hour", HOURS),
                                                               CAPACITIES, strict=True))
        + tuple(Pile(p, Kind.TABLEAU) for p in pile_ids("packet", HOURS))
        + (Pile("stock", Kind.STOCK), Pile("talon", Kind.TALON))
    )
    actions = ("fill", "draw")
    var_names = ("married",)

    def __init__(self, options: Mapping[str, Any], version: str = "1") -> None:
        super().__init__(options, version)
        # CLK-5: with strict phases a marriage holds every play to an hour until the refill
        self.strict = self.options["phases"] == "strict"
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

    def plays_held(self, state: State) -> bool:
        """CLK-5, strict phases: a marriage has been made since the last fill and `fill` is
        legal, so no card may go to an hour until the packets are refilled."""
        piles = state.piles
        return (self.strict and state.vars[MARRIED] == 1 and bool(piles[STOCK])
                and any(len(piles[packet]) < PACKET_SIZE for packet in PACKETS))

    def generate(self, state: State) -> list[RawMove]:
        piles = state.piles
        out: list[RawMove] = []
        plays = not self.plays_held(state)
        short = False
        avail: list[tuple[int, int, int]] = []  # packet, top card, its index
        first: dict[int, int] = {}  # top card -> the first packet showing it
        twins: list[tuple[int, int]] = []  # the same card on top of a later packet
        for packet in PACKETS:  # CLK-3: a packet's top card is available
            pile = piles[packet]
            n = len(pile)
            if n < PACKET_SIZE:
                short = True
                if not n:
                    continue
            card = pile[-1]
            if plays:
                below = PREDECESSOR[card]
                for hour in TAKERS[card]:
                    if piles[hour][-1] == below:
                        out.append((packet, hour, n - 1, False))
            if card in first:
                twins.append((card, packet))
            else:
                first[card] = packet
            avail.append((packet, card, n - 1))
        onto = self.marries_onto
        # CLK-4: marriages among packets only, onto a card. Reading: an empty packet takes
        # no marriage; only `fill` puts cards into it (CLK-5, the source's rule III).
        for packet, card, index in avail:
            wanted = onto[card]
            target = first.get(wanted)
            if target is not None:
                out.append((packet, target, index, True))
                for twin, other in twins:
                    if twin == wanted:
                        out.append((packet, other, index, True))
        talon = piles[TALON]
        if talon and plays:  # CLK-6: the talon top goes to foundations only
            card = talon[-1]
            below = PREDECESSOR[card]
            for hour in TAKERS[card]:
                if piles[hour][-1] == below:
                    out.append((TALON, hour, len(talon) - 1, False))
        if piles[STOCK]:  # CLK-5: no draw while fill is legal; CLK-7: no redeal
            out.append((ACTION, FILL if short else DRAW, 0, False))
        return out

    def why_not_move(self, state: State, move: Move) -> str | None:
        """CLK-5: a play the phases hold back, though the card fits its hour."""
        if not self.plays_held(state):
            return None
        src = self.index.get(move.from_pile or "", -1)
        dst = self.index.get(move.to_pile or "", -1)
        pile = state.piles[src] if src in PACKETS or src == TALON else []
        if not pile or not HOUR0 <= dst < HOUR0 + HOURS:
            return None
        card = pile[-1]
        if move.card not in (None, CODES[card]) or dst - HOUR0 not in TAKERS[card] \
                or state.piles[dst][-1] != PREDECESSOR[card]:
            return None
        return N_("a marriage has been made this round, so the packets must be refilled "
                  "(fill) before any card goes to a foundation (CLK-5)")

    def why_not(self, state: State, action: str) -> str | None:
        piles = state.piles
        if not piles[STOCK]:
            return N_("the stock is spent; there is no redeal (CLK-7)")
        if action == "draw":
            return N_("fill the short packets first (CLK-5)")
        return N_("every packet holds three cards (CLK-5)")

    def is_won(self, state: State) -> bool:
        """CLK-7: every card on the hours, so stock, talon and packets are all empty."""
        piles = state.piles
        if piles[STOCK] or piles[TALON]:
            return False
        return not any(piles[packet] for packet in PACKETS)

    def solver_key(self, state: State) -> bytes:
        """Once the stock is spent no `fill` is left (CLK-5), the only thing that tells the
        packets apart; marriages (CLK-4) treat every packet alike, so their order is then
        immaterial and the packets are sorted. The phase is left out then too: it holds
        plays back only while `fill` is legal (CLK-5), so it no longer changes a legal move
        (before that it is in ``state.key()``)."""
        piles = state.piles
        if piles[STOCK]:
            return state.key()
        packets = sorted(map(bytes, piles[PACKET0:PACKET0 + HOURS]))
        return b"\xff".join([*map(bytes, piles[HOUR0:HOUR0 + HOURS]), *packets,
                             bytes(piles[TALON])])

    def apply(self, state: State, move: RawMove) -> None:
        src, dst, _, reversible = move
        if src != ACTION:
            state.move_top(src, dst)
            # CLK-4: marriages are the only reversible moves
            if reversible and self.strict and not state.vars[MARRIED]:
                state.set_var(MARRIED, 1)  # CLK-5: the plays wait for the next fill
        elif dst == DRAW:  # CLK-6
            state.move_top(STOCK, TALON)
        else:
            _fill(state)
            if state.vars[MARRIED]:
                state.set_var(MARRIED, 0)  # CLK-5: a fill starts the next round

    def why_dead(self, state: State) -> str | None:
        """Cards walled in under cards only an hour can take, so that even the relaxed game
        cannot finish every hour (``clock_dead_end``)."""
        from patience.games.clock_dead_end import why_dead  # it reads this module's names

        return why_dead(state, self.marries_onto)

    def counters(self, state: State) -> dict[str, Any]:
        """CLK-5, strict phases: whether a marriage has been made since the last fill (free
        phases keep no such counter)."""
        return {"married": bool(state.vars[MARRIED])} if self.strict else {}


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


CLOCK = Game(
    id="clock",
    name="Clock",
    decks=2,
    rules_class=ClockRules,
    option_specs=(
        Option("wrap_marriage", False, (False, True),
               "true lets a king be married onto an ace of its suit (by default the "
               "packets' sequences run from ace to king and stop there)"),
        Option("phases", "strict", ("strict", "free"),
               "strict: once a marriage has been made, no card goes to a foundation until "
               "the packets are refilled, as the text orders the rounds; free: plays and "
               "marriages mix freely before the refill"),
    ),
    # rules version 2: CLK-5's phases became a rule (option phases, default strict);
    # version 1 let plays and marriages mix freely
    rules_version="2",
    earlier_defaults={"1": {"phases": "free"}},
    same_rules_since="1",
    summary="Twelve foundations from 2 to K sit round a clock dial, each built up in suit "
            "until it shows its own hour, fed by a packet of three cards at every hour.",
)
