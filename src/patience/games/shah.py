"""Shah: a star of eight three-slot rays round a king and eight aces."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from patience.engine.game import Game
from patience.engine.piles import Kind, Pile
from patience.engine.rules import ACTION, Place, RawMove, Rules
from patience.engine.state import State
from patience.i18n import N_

RAYS = 8
QUEEN = 12
ACE, KING = 1, 13
FOUND0 = 0  # found1 … found8 are piles 0–7, clockwise from the top (SHA-1)
SHAH, OUT = 8, 9
SLOT0 = 10  # rayN.C is pile SLOT0 + 3 * (N - 1) + (C - 1): inner 0, middle 1, outer 2
STOCK = SLOT0 + 3 * RAYS
TALON = STOCK + 1

INNER: tuple[int, ...] = tuple(SLOT0 + 3 * n for n in range(RAYS))
MIDDLE: tuple[int, ...] = tuple(s + 1 for s in INNER)
OUTER = tuple(s + 2 for s in INNER)
CIRCLE = (INNER, MIDDLE, OUTER)
GAP_ORDER = INNER + MIDDLE + OUTER  # SHA-8: inner circle first, clockwise within a circle
INNER_SET, OUTER_SET = frozenset(INNER), frozenset(OUTER)

DEAL, DRAW = range(2)
CIRCLES = 0  # State.vars: circles dealt so far, 1 … 3 (SHA-4)


def slot_id(ray: int, circle: int) -> str:
    """``slot_id(3, 1)`` -> ``"ray3.1"`` (ray 1–8, circle 1 inner … 3 outer)."""
    return f"ray{ray}.{circle}"


class ShahRules(Rules):
    piles = (
        *(Pile(f"found{n}", Kind.FOUNDATION, QUEEN) for n in range(1, RAYS + 1)),
        Pile("shah", Kind.OUT),
        Pile("out", Kind.OUT),
        *(Pile(slot_id(n, c), Kind.TABLEAU) for n in range(1, RAYS + 1) for c in (1, 2, 3)),
        Pile("stock", Kind.STOCK),
        Pile("talon", Kind.TALON),
    )
    actions = ("deal", "draw")
    var_names = ("circles",)

    def __init__(self, options: Mapping[str, Any], version: str = "1") -> None:
        super().__init__(options, version)
        # rules version 1 read SHA-8 and SHA-9 the old way (the stock top only filled a
        # gap; the lane left the ray's other slots to be filled as gaps)
        self.turned_card_plays = self.lane_fills = version != "1"

    def setup(self, state: State, deck: list[int]) -> None:
        """SHA-1: aces to the foundations in deck order, the last king is the Shah."""
        piles = state.piles
        rest: list[int] = []
        kings: list[int] = []
        aces = 0
        for card in deck:
            rank = card >> 2
            if rank == ACE:
                piles[FOUND0 + aces].append(card)
                aces += 1
            elif rank == KING:
                kings.append(card)
            else:
                rest.append(card)
        piles[OUT] = kings[:-1]
        piles[SHAH] = kings[-1:]
        stock = piles[STOCK] = rest[::-1]
        for slot in INNER:  # SHA-4: circle 1 is dealt at the start
            piles[slot].append(stock.pop())
        state.vars[CIRCLES] = 1

    def generate(self, state: State) -> list[RawMove]:
        piles = state.piles
        # the card each foundation wants next: its top plus one rank (SHA-2, no wrap)
        wants: dict[int, list[int]] = {}
        for f in range(FOUND0, FOUND0 + RAYS):
            top = piles[f][-1]
            if top >> 2 < QUEEN:
                wanted = wants.get(top + 4)
                if wanted is None:
                    wants[top + 4] = [f]
                else:
                    wanted.append(f)
        out: list[RawMove] = []
        circles = state.vars[CIRCLES]
        if circles < 3:  # SHA-4: the last circle, to foundations only, then `deal`
            for slot in CIRCLE[circles - 1]:
                cards = piles[slot]
                if cards:
                    for f in wants.get(cards[-1], ()):
                        out.append((slot, f, len(cards) - 1, False))
            out.append((ACTION, DEAL, 0, False))
            return out

        outer_tops: list[tuple[int, int]] = []
        marry: dict[int, list[int]] = {}  # SHA-6: card wanted -> outer slots that take it
        for slot in OUTER:
            cards = piles[slot]
            if cards:
                top = cards[-1]
                outer_tops.append((slot, top))
                takers = marry.get(top - 4)
                if takers is None:
                    marry[top - 4] = [slot]
                else:
                    takers.append(slot)
                for f in wants.get(top, ()):
                    out.append((slot, f, len(cards) - 1, False))
            else:  # SHA-5: a released middle or inner card goes to foundations only
                for under in (slot - 1, slot - 2):
                    cards = piles[under]
                    if cards:
                        for f in wants.get(cards[-1], ()):
                            out.append((under, f, len(cards) - 1, False))
                        break

        for slot, top in outer_tops:  # SHA-6: outer onto outer
            for target in marry.get(top, ()):
                if target != slot:
                    cards = piles[slot]
                    # reversible only when the card could marry back onto the one below it
                    back = len(cards) > 1 and cards[-2] == top + 4
                    out.append((slot, target, len(cards) - 1, back))

        gap = -1  # SHA-7: a gap is any empty slot once the deal is over
        for slot in GAP_ORDER:  # SHA-8: only the first gap may be filled
            if not piles[slot]:
                gap = slot
                break

        talon = piles[TALON]
        if talon:
            top = talon[-1]
            last = len(talon) - 1
            for f in wants.get(top, ()):
                out.append((TALON, f, last, False))
            for target in marry.get(top, ()):
                out.append((TALON, target, last, False))
            if gap >= 0:
                out.append((TALON, gap, last, False))
        stock = piles[STOCK]
        if gap >= 0:
            # SHA-8: while a gap waits the stock's top card is the card being turned: "those
            # not wanted for the foundations, for marriage, or for filling spaces form the
            # talon", so it may go up, be married onto an outer slot, or fill the gap. The
            # move names it, as the player turns it up before laying it. (Rules version 1:
            # it only filled the gap.)
            if stock:
                top = stock[-1]
                last = len(stock) - 1
                if self.turned_card_plays:
                    for f in wants.get(top, ()):
                        out.append((STOCK, f, last, False))
                    for target in marry.get(top, ()):
                        out.append((STOCK, target, last, False))
                out.append((STOCK, gap, last, False))
            # SHA-9: a whole empty ray's inner slot may take another ray's outer top card.
            # Reading: the lane is a way of filling that gap, so SHA-8's order binds it too.
            if gap in INNER and not piles[gap + 1] and not piles[gap + 2]:
                for slot, _ in outer_tops:
                    out.append((slot, gap, len(piles[slot]) - 1, False))
        elif stock:  # SHA-7: no `draw` while a gap waits
            out.append((ACTION, DRAW, 0, False))
        return out

    def apply(self, state: State, move: RawMove) -> None:
        src, dst, _, _ = move
        piles = state.piles
        if src == ACTION:
            if dst == DRAW:  # SHA-7
                state.move_top(STOCK, TALON)
                return
            circles = state.vars[CIRCLES]
            for slot in CIRCLE[circles]:  # SHA-4: the next circle over the last
                # Reading: refills during the deal could in theory spend the stock; the
                # circle then gets what is left and its empty slots are gaps (SHA-8).
                if piles[STOCK]:
                    state.move_top(STOCK, slot)
            state.set_var(CIRCLES, circles + 1)
            return
        state.move_top(src, dst)
        if state.vars[CIRCLES] < 3:
            if piles[STOCK]:  # SHA-4: refilled at once
                state.move_top(STOCK, src)
        elif self.lane_fills and dst in INNER_SET and src in OUTER_SET:
            # SHA-9, the lane: "the other two spaces are filled from the talon, and this
            # must be done at once", middle then outer, each from the talon top ([R] the
            # stock top while the talon is empty). (Rules version 1 left them as gaps to
            # fill by SHA-8.)
            for slot in (dst + 1, dst + 2):
                if piles[TALON]:
                    state.move_top(TALON, slot)
                elif piles[STOCK]:
                    state.move_top(STOCK, slot)

    def is_won(self, state: State) -> bool:
        """SHA-2: all eight foundations at Q; the Shah and the seven kings never move."""
        # eight foundations of at most twelve cards each: full exactly when they hold 96
        return sum(map(len, state.piles[FOUND0:FOUND0 + RAYS])) == QUEEN * RAYS

    def solver_key(self, state: State) -> bytes:
        """Foundations are interchangeable (SHA-2: each takes its own ace's suit from 2 to
        Q, and no clause looks at their places), so they are sorted; the Shah and the
        seven kings never move (SHA-1) and are left out. The stock only ever loses its top
        card (SHA-4, SHA-7, SHA-8), so within one game its size names its content."""
        piles = state.piles
        founds = sorted(map(bytes, piles[FOUND0:FOUND0 + RAYS]))
        return b"\xff".join([*founds, *map(bytes, piles[SLOT0:STOCK]), bytes(piles[TALON]),
                              bytes((len(piles[STOCK]), *state.vars))])

    def next_gap(self, state: State) -> int | None:
        """The slot SHA-8 lets the player fill next, once the deal is over."""
        if state.vars[CIRCLES] < 3:
            return None
        return next((s for s in GAP_ORDER if not state.piles[s]), None)

    def unseen(self, state: State) -> list[list[Place]]:
        """The stock, but for its top card once a gap has waited while that card was on top:
        the player turned it (SHA-8; the moves name it), and the stock only ever loses its
        top, so the card stays known until it leaves."""
        n = len(state.piles[STOCK])
        if not n:
            return []
        turned = self.next_gap(state) is not None or any(
            self.next_gap(earlier) is not None
            for earlier in _while_stock_holds(state.positions_back(), n))
        hidden = n - 1 if turned else n
        return [[(STOCK, k) for k in range(hidden)]] if hidden else []

    def why_not(self, state: State, action: str) -> str | None:
        if action == "deal":
            return N_("the deal is over: all three circles are laid (SHA-4)")
        if state.vars[CIRCLES] < 3:
            return N_("no draw during the deal: lay the circles with deal first (SHA-4)")
        gap = self.next_gap(state)
        if gap is not None:
            return f"fill the gap at {self.layout[gap].id} first (SHA-7, SHA-8)"
        return N_("the stock is spent; there is no redeal (SHA-10)")

    def why_dead(self, state: State) -> str | None:
        """Inner cards walled in under middle cards, so that a foundation can never reach
        its queen (``shah_dead_end``)."""
        from patience.games.shah_dead_end import why_dead  # it reads this module's names

        return why_dead(state)

    def counters(self, state: State) -> dict[str, Any]:
        gap = self.next_gap(state)
        lane = (gap is not None and gap in INNER
                and not state.piles[gap + 1] and not state.piles[gap + 2])
        return {
            "circles_dealt": state.vars[CIRCLES],
            "next_gap": None if gap is None else self.layout[gap].id,
            "lane_open": lane,
        }


def _while_stock_holds(positions: Iterator[State], n: int) -> Iterator[State]:
    """The positions, from the first, as long as the stock holds ``n`` cards."""
    for position in positions:
        if len(position.piles[STOCK]) != n:
            return
        yield position


SHAH_GAME = Game(
    id="shah",
    name="Shah",
    decks=2,
    rules_class=ShahRules,
    # rules version 2: SHA-8 lets the turned stock card go up or be married while a gap
    # waits, and SHA-9's lane fills the ray's other two slots at once
    rules_version="2",
    same_rules_since="2",
    summary="A lone king, the Shah, amid eight aces built up to queens, fed by a star of "
            "eight rays of three cards; marriages on the outer circle, gaps refilled "
            "inner circle first.",
)
