"""The reserve family: Rainbow, Open Shop, Toad and the two-deck Star.

All four share one procedure. A reserve (the rainbow, the shop, the toad pile, the fanned
reserve) offers its last card to the foundations and is built on downward regardless of
suit. Foundations build up regardless of suit. The stock is turned one card at a time into
``hand``; the hand card goes to a foundation, onto a reserve or onto a waste pile, and a
waste pile's top goes only to a foundation or onto a reserve. A game differs from the
others only in its ``Shape``, plus Rainbow's even-piles rule (RBW-6).

No move of these games is reversible in the sense of the shared rules: foundation cards never
move again, reserve cards go only to foundations, waste cards never go back to the hand or
to another waste pile, and the hand is refilled only from the stock. So every raw move is
marked irreversible and the repetition rule never has to look.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from patience.cards import RANK_CHARS
from patience.deals import chance_shuffle
from patience.engine.piles import Kind, Pile, pile_ids
from patience.engine.rules import ACTION, Place, RawMove, Rules
from patience.engine.state import State
from patience.games import reserve_dead_end
from patience.i18n import N_

DRAW, REDEAL = range(2)
# State.vars shared by the family; Rainbow appends its per-pile counts (RBW-6), Toad
# whether its one ace extraction is used (TOD-3)
BASE_RANK, FACE_DOWN, REDEALS_DONE = range(3)
FAMILY_VARS = ("base_rank", "face_down", "redeals")
EXTRACTED = len(FAMILY_VARS)
RANK_OF = bytes(min(code >> 2, 255) for code in range(256))  # card code -> rank, for translate


@dataclass(frozen=True, slots=True)
class Shape:
    """What tells one game of the family from another; built from the game's options."""

    reserves: tuple[str, ...]  # pile ids; cards are dealt to them in this order
    reserve_size: int  # cards dealt to each reserve
    reserve_wrap: bool  # building down on a reserve may go A -> K
    foundations: int
    foundation_cards: int  # 13, or 26 where a foundation goes round twice
    waste_piles: int
    base_from_deal: bool = True  # the card after the reserves starts found1 (else aces)
    face_down_reserve: bool = False  # RBW-1: the rainbow lies face down but for its end
    ace_extraction: bool = False  # TOD-3: one ace may be taken out of a reserve
    redeals: int = 0  # RBW-7


class ReserveRules(Rules):
    """The family's procedure; a game subclass says only ``make_shape``."""

    actions = ("draw", "redeal")
    var_names: ClassVar[tuple[str, ...]] = FAMILY_VARS
    even_piles: ClassVar[bool] = False  # RBW-6: a placement on a waste pile counts
    reserve_top: ClassVar[str] = "top"  # where a reserve gives up its cards, in words

    def __init__(self, options: Mapping[str, Any], version: str = "1") -> None:
        self.version = version
        self.shape = self.make_shape(options)
        shape = self.shape
        reserves = len(shape.reserves)
        self.reserve_piles = tuple(range(reserves))
        self.found_piles = tuple(range(reserves, reserves + shape.foundations))
        first_waste = reserves + shape.foundations
        self.first_waste = first_waste
        self.waste = tuple(range(first_waste, first_waste + shape.waste_piles))
        self.stock = first_waste + shape.waste_piles
        self.hand = self.stock + 1
        self.feeders = (*self.waste, self.hand)
        # rank -> the rank that goes down on it (0: none; no K on A without wrap)
        self.below = [0, 13 if shape.reserve_wrap else 0, *range(1, 13)]
        # TOD-3: the extraction is the player's move, once a game (rules version 1: made
        # for the player at setup, ``_extract_ace``)
        self.extraction_move = shape.ace_extraction and version != "1"
        super().__init__(options, version)

    def make_shape(self, options: Mapping[str, Any]) -> Shape:
        raise NotImplementedError

    def make_layout(self) -> tuple[Pile, ...]:
        shape = self.shape
        return (
            tuple(Pile(r, Kind.RESERVE) for r in shape.reserves)
            + tuple(Pile(f, Kind.FOUNDATION, shape.foundation_cards)
                    for f in pile_ids("found", shape.foundations))
            + tuple(Pile(p, Kind.WASTE) for p in pile_ids("pile", shape.waste_piles))
            + (Pile("stock", Kind.STOCK), Pile("hand", Kind.HAND))
        )

    # --- setup ---------------------------------------------------------------------------

    def setup(self, state: State, deck: list[int]) -> None:
        shape, piles, v = self.shape, state.piles, state.vars
        dealt = 0
        for reserve in self.reserve_piles:  # TOD-7: toad1 first, then toad2
            piles[reserve] = deck[dealt:dealt + shape.reserve_size]
            dealt += shape.reserve_size
        if shape.face_down_reserve:
            v[FACE_DOWN] = shape.reserve_size - 1  # RBW-1: all face down but the last
        if shape.base_from_deal:  # RBW-2, OPS-1, DST-2: the next card is the first base
            piles[self.found_piles[0]].append(deck[dealt])
            v[BASE_RANK] = deck[dealt] >> 2
            dealt += 1
        else:  # TOD-2: aces start the foundations
            v[BASE_RANK] = 1
            if shape.ace_extraction and self.version == "1":
                self._extract_ace(piles)
        piles[self.stock] = deck[dealt:][::-1]  # the next card dealt is the stock's top

    def _extract_ace(self, piles: list[list[int]]) -> None:
        """Rules version 1 of TOD-3 and TOD-7: at setup, the ace nearest the top of toad1,
        else of toad2, started found1 by itself."""
        for reserve in self.reserve_piles:
            cards = piles[reserve]
            for i in range(len(cards) - 1, -1, -1):
                if cards[i] >> 2 == 1:
                    piles[self.found_piles[0]].append(cards.pop(i))
                    return

    # --- moves ---------------------------------------------------------------------------

    def generate(self, state: State) -> list[RawMove]:
        piles, v = state.piles, state.vars
        capacity = self.shape.foundation_cards
        # rank -> foundations that take it next (RBW-3, TOD-2, DST-2: regardless of suit)
        takes: dict[int, list[int]] = {}
        first_empty = -1
        for f in self.found_piles:
            cards = piles[f]
            if not cards:
                if first_empty < 0:
                    first_empty = f
            elif len(cards) < capacity:
                # with wrap; a Toad foundation of 13 is full at K, so it never wraps
                # (TOD-2); one of 26 takes an A on its K (TOD-8)
                rank = (cards[-1] >> 2) % 13 + 1
                if rank in takes:
                    takes[rank].append(f)
                else:
                    takes[rank] = [f]
        # RBW-2: a starting card goes to the lowest empty foundation; the player may
        # instead lay a base-rank card on a foundation that has come round to it
        if first_empty >= 0:
            takes.setdefault(v[BASE_RANK], []).append(first_empty)

        out: list[RawMove] = []
        # rank -> reserves it may go down on (RBW-4, TOD-4, DST-3); an emptied reserve is
        # gone. TOD-7 [R]: either toad pile may be built on, no card passes between them.
        builds: dict[int, list[int]] = {}
        below = self.below
        extract = self.extraction_move and not v[EXTRACTED]
        for src in self.reserve_piles:  # RBW-4, TOD-1, DST-3: reserve cards only go up
            cards = piles[src]
            if cards:
                rank = cards[-1] >> 2
                for f in takes.get(rank, ()):
                    out.append((src, f, len(cards) - 1, False))
                if below[rank]:
                    builds.setdefault(below[rank], []).append(src)
                if extract and first_empty >= 0:
                    # TOD-3, TOD-7: an ace from any depth of either toad pile
                    out += self.extractions_from(src, cards, first_empty)
        for src in self.feeders:  # RBW-5, TOD-5: pile tops and the hand card
            cards = piles[src]
            if cards:
                rank = cards[-1] >> 2
                for f in takes.get(rank, ()):
                    out.append((src, f, len(cards) - 1, False))
                for r in builds.get(rank, ()):
                    out.append((src, r, len(cards) - 1, False))
        if piles[self.hand]:  # RBW-5, RBW-6, TOD-5: the hand card onto a waste pile
            out += self.to_waste(state)
        elif piles[self.stock]:
            out.append((ACTION, DRAW, 0, False))
        elif v[REDEALS_DONE] < self.shape.redeals and any(piles[w] for w in self.waste):
            # RBW-7 [R]: "a waste pile holds cards" is a condition: with every pile empty a
            # redeal would only spend a redeal, so it is not offered
            out.append((ACTION, REDEAL, 0, False))
        return out

    def extractions_from(self, src: int, cards: list[int], found: int) -> list[RawMove]:
        """TOD-3: each ace under the top of reserve ``src`` may be taken out to ``found``,
        the lowest-numbered empty foundation (eight foundations, eight aces: one is empty
        while an ace lies in a toad pile; with four, TOD-8, none once all four are
        started, and then no ace is taken out). An ace on top goes up by an ordinary play
        (TOD-2); a card laid on a toad pile is never an ace's cover (nothing goes on an
        ace, TOD-4), so only aces dealt there are ever taken out."""
        return [(src, found, i, False) for i in range(len(cards) - 1) if cards[i] >> 2 == 1]

    def extractions(self, state: State) -> list[RawMove]:
        """The extraction moves open now (TOD-3): none once the game's one is used."""
        if not self.extraction_move or state.vars[EXTRACTED]:
            return []
        piles = state.piles
        found = next((f for f in self.found_piles if not piles[f]), -1)
        out: list[RawMove] = []
        if found < 0:  # TOD-8: four foundations, all started
            return out
        for src in self.reserve_piles:
            if piles[src]:
                out += self.extractions_from(src, piles[src], found)
        return out

    def shows_index(self, state: State, pile: int) -> bool:
        """TOD-3: a toad pile with an ace to take out offers more than its top, so
        every move from it names the card's index, the top card's too."""
        if not self.extraction_move or state.vars[EXTRACTED] or pile not in self.reserve_piles:
            return False
        if all(state.piles[f] for f in self.found_piles):  # TOD-8: no empty foundation
            return False
        return any(card >> 2 == 1 for card in state.piles[pile][:-1])

    def why_not(self, state: State, action: str) -> str | None:
        piles = state.piles
        if piles[self.hand]:
            return N_("play the hand card first (RBW-5)")
        if action == "draw":
            return N_("the stock is empty")
        if not self.shape.redeals:
            return N_("this game has no redeal: one pass through the stock")
        if piles[self.stock]:
            return N_("redeal comes when the stock is empty (RBW-7)")
        if state.vars[REDEALS_DONE] >= self.shape.redeals:
            return f"all {self.shape.redeals} redeals are used (RBW-7)"
        return N_("the waste piles are empty")

    def why_dead(self, state: State) -> str | None:
        """A reserve, or in the last pass a waste pile, that can never be played out."""
        if self.extraction_move and not state.vars[EXTRACTED] and any(
                not state.piles[f] for f in self.found_piles):
            return None  # TOD-3: an ace taken out of a toad pile changes its order
        return reserve_dead_end.why_dead(self, state)

    def is_won(self, state: State) -> bool:
        """All cards on the foundations; a quick no while the stock holds cards."""
        return not state.piles[self.stock] and super().is_won(state)

    def to_waste(self, state: State) -> list[RawMove]:
        """The hand card onto any waste pile (Toad, Open Shop, two-deck Star)."""
        index = 0  # the hand holds one card
        return [(self.hand, w, index, False) for w in self.waste]

    def apply(self, state: State, move: RawMove) -> None:
        src, dst, index, _ = move
        if src == ACTION:
            if dst == DRAW:  # RBW-5
                state.move_top(self.stock, self.hand)
            else:
                self.redeal(state)
            return
        if index != len(state.piles[src]) - 1:  # TOD-3: the cards above the ace close up
            state.take_at(src, index, dst)
            state.set_var(EXTRACTED, 1)
            return
        state.move_top(src, dst)
        if src == 0 and self.shape.face_down_reserve:  # RBW-4: turn up the next card
            down = state.vars[FACE_DOWN]
            if down and len(state.piles[0]) == down:
                state.set_var(FACE_DOWN, down - 1)

    def redeal(self, state: State) -> None:
        """RBW-7: waste piles gathered in order, shuffled by chance, the first card on top."""
        gathered: list[int] = []
        for w in self.waste:
            gathered += state.piles[w]
            state.replace(w, [])
        done = state.vars[REDEALS_DONE]
        shuffled = chance_shuffle(gathered, state.chance, done)
        state.replace(self.stock, shuffled[::-1])
        state.set_var(REDEALS_DONE, done + 1)

    # --- solver ----------------------------------------------------------------------------

    def solver_key(self, state: State) -> bytes:
        """The position up to what no rule can tell apart.

        Every rule of the family reads ranks only (foundations and reserves regardless of
        suit), and the redeal's shuffle (RBW-7) permutes places, not values: so cards enter
        the key as ranks. A foundation is its count (its cards never move, base rank fixed).
        Reserves are interchangeable (TOD-7: any may be built on, none feeds another), and so
        are waste piles once no redeal is left, since only the redeal reads their order; a
        pile keeps its even-piles mark with it (RBW-6). Before the first redeal the stock is
        a fixed suffix of the deal, so its length says it. ``face_down`` only shows.
        """
        piles, v = state.piles, state.vars
        out = bytearray(sorted([len(piles[f]) for f in self.found_piles]))
        ranks = RANK_OF
        reserves = sorted([bytes((len(piles[r]),)) + bytes(piles[r]).translate(ranks)
                           for r in self.reserve_piles])
        marks = self.pile_marks(state)
        wastes = [bytes((len(piles[w]), marks[k])) + bytes(piles[w]).translate(ranks)
                  for k, w in enumerate(self.waste)]
        if v[REDEALS_DONE] >= self.shape.redeals:
            wastes.sort()
        out += b"".join(reserves)
        out += b"".join(wastes)
        out.append(v[REDEALS_DONE])
        stock = piles[self.stock]
        if v[REDEALS_DONE]:
            out += bytes(stock).translate(ranks)
        out.append(len(stock))
        hand = piles[self.hand]
        out.append(hand[-1] >> 2 if hand else 0)
        if self.extraction_move:  # TOD-3: whether the game's one extraction is used
            out.append(v[EXTRACTED])
        return bytes(out)

    def pile_marks(self, state: State) -> list[int]:
        """What besides its cards tells a waste pile's future: nothing here (RBW-6 aside)."""
        return [0] * len(self.waste)

    # --- views ---------------------------------------------------------------------------

    def face_down(self, state: State) -> dict[int, int]:
        down = {self.stock: len(state.piles[self.stock])}
        if self.shape.face_down_reserve:
            down[0] = state.vars[FACE_DOWN]
        return down

    def unseen(self, state: State) -> list[list[Place]]:
        """Cards never seen: the stock and, in Rainbow, the rainbow's face-down cards
        (RBW-1), one group until the first redeal. A redeal (RBW-7) shuffles cards the
        player saw on the waste piles into the stock, which is then a group of its own,
        while the rainbow's face-down cards stay the never-seen ones."""
        piles = state.piles
        never = [(0, k) for k in range(state.vars[FACE_DOWN])] if self.shape.face_down_reserve \
            else []
        stock = [(self.stock, k) for k in range(len(piles[self.stock]))]
        groups = [never, stock] if state.vars[REDEALS_DONE] else [never + stock]
        return [group for group in groups if group]

    def counters(self, state: State) -> dict[str, Any]:
        return {
            "base_rank": RANK_CHARS[state.vars[BASE_RANK] - 1],
            "redeals": state.vars[REDEALS_DONE],
            "redeals_allowed": self.shape.redeals,
        }
