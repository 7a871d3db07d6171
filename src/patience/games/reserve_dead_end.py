"""Why a position of the reserve family is lost at once: a pile that can never be played out.

A reserve's cards leave it only from the top and only for a foundation (RBW-4, OPS-1,
TOD-1, DST-3); in the last pass a waste pile's cards that can never go onto a reserve leave
it the same way. A win plays every such pile out, top card first, so if the foundations
cannot take its cards in that order — even with every other card free to be played between
them — the position is lost. The native search proves the same (its ``unwound``); here it
is worked out once, to say in words which card blocks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from patience.cards import RANK_CHARS, code

if TYPE_CHECKING:
    from patience.engine.state import State
    from patience.games.reserve_family import ReserveRules

RANKS = 13
NUMBERS = {2: "two", 4: "four", 8: "eight"}


def first_blocked(slots: tuple[int, ...], capacity: int, places: list[int]) -> int | None:
    """The index of the first of ``places`` (each a card's steps above the base rank,
    arriving in this order) that no foundation can take whatever is played before it, or
    None when all can be taken. A foundation whose next free slot is ``n`` takes a card of
    place ``p`` at the first slot from ``n`` on holding place ``p`` (slot ``q`` holds place
    ``q mod 13``), below ``capacity``; the cards between come from elsewhere."""

    free = {tuple(sorted(n for n in slots if n < capacity))}
    for index, place in enumerate(places):
        after = set()
        for state in free:
            for k, n in enumerate(state):
                if k and state[k - 1] == n:
                    continue  # foundations at the same slot are interchangeable
                slot = n + (place - n) % RANKS
                if slot < capacity:
                    after.add(tuple(sorted((*state[:k], slot + 1, *state[k + 1:]))))
        if not after:
            return index
        free = _least(after)
    return None


def _least(states: set[tuple[int, ...]]) -> set[tuple[int, ...]]:
    """The states no other one beats: next free slots (sorted) each no higher is at least
    as good, since its foundations can take whatever the other's take."""
    kept: list[tuple[int, ...]] = []
    for state in sorted(states, key=sum):
        if not any(all(k <= s for k, s in zip(other, state, strict=True)) for other in kept):
            kept.append(state)
    return set(kept)


def why_dead(rules: ReserveRules, state: State) -> str | None:
    """The sentence for a reserve or waste pile that can never be played out, or None."""
    from patience.i18n import _

    piles, shape = state.piles, rules.shape
    base = state.vars[0]  # BASE_RANK
    slots = tuple(len(piles[f]) for f in rules.found_piles)
    capacity = shape.foundation_cards

    def place(card: int) -> int:
        return ((card >> 2) - base) % RANKS

    def blocked(pile: int, cards: list[int], what: str, top: str) -> str | None:
        top_first = cards[::-1]
        stuck = first_blocked(slots, capacity, [place(c) for c in top_first])
        if stuck is None:
            return None
        return _said(state, rules.layout[pile].id, what, len(slots), RANK_CHARS[base - 1],
                     capacity == RANKS, stuck + 1, top == "end", code(top_first[stuck]))

    for reserve in rules.reserve_piles:
        top = rules.reserve_top
        said = blocked(reserve, piles[reserve],
                       _("its cards leave it only from the end, one by one, and only for a "
                         "foundation") if top == "end" else
                       _("its cards leave it only from the top, one by one, and only for a "
                         "foundation"), top)
        if said:
            return said
    if state.vars[2] < shape.redeals:  # REDEALS_DONE: a redeal may still reorder the piles
        return None
    reserves = [piles[r] for r in rules.reserve_piles if piles[r]]
    if reserves and shape.reserve_wrap:
        return None  # any card may still go down onto a reserve
    reach = max((card >> 2 for cards in reserves for card in cards), default=0)
    for waste in rules.waste:
        fixed = [card for card in piles[waste] if card >> 2 >= reach]
        if len(fixed) > 1:
            said = blocked(waste, fixed,
                           _("no redeal is left and its cards can go only to a foundation, "
                             "top card first") if not reserves else
                           _("no redeal is left and its cards from rank {rank} up can never go "
                             "onto a reserve, top card first").format(rank=_said_rank(reach)),
                           "top")
            if said:
                return said
    return None


def _said(state: State, pile: str, what: str, foundations: int, rank: str, once: bool,
          nth: int, from_end: bool, card: str) -> str:
    """The sentence in the language spoken now: in English the foundations counted in words
    and the card's place as an ordinal ("eight", "21st"), elsewhere in digits."""
    from patience.i18n import _, language, ngettext
    from patience.words import said_card, said_pile, said_rank

    english = language() == "en"
    start = (_("from base rank {rank}, once round") if once else
             _("from base rank {rank}, twice round")).format(
        rank=said_rank(rank))
    place = _nth(nth) if english else str(nth)
    which = (_("the {nth} card from the end") if from_end else
             _("the {nth} card from the top")).format(nth=place)
    count = NUMBERS.get(foundations, str(foundations)) if english else str(foundations)
    return ngettext("{pile} can never be played out: {what}, and the {count} foundation "
                    "({start}) cannot take its cards in that order: {which}, {card}, finds no "
                    "foundation, whatever is played before it.",
                    "{pile} can never be played out: {what}, and the {count} foundations "
                    "({start}) cannot take its cards in that order: {which}, {card}, finds no "
                    "foundation, whatever is played before it.", foundations).format(
        pile=said_pile(state, pile), what=what, count=count, start=start, which=which,
        card=said_card(card))


def _said_rank(rank: int) -> str:
    """A rank (1 the ace … 13 the king) in the language spoken now: ``A``, ``10``; ``Т``."""
    from patience.words import said_rank

    return said_rank(RANK_CHARS[rank - 1])


def _nth(number: int) -> str:
    suffix = "th" if number % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(
        number % 10, "th")
    return f"{number}{suffix}"
