"""Deck builders and move queries for the reserve family's rule tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import patience
from tests.decks import stack

# Filler for a reserve's hidden part: high ranks first and no aces (TOD-3 looks for aces)
FILLER_ORDER = [r + s for r in "KQJT98765432" for s in "CDHS"]


def reserve_deck(size: int, end: Sequence[str] = (), base: Sequence[str] = (),
                 stock: Sequence[str] = ()) -> list[str]:
    """A two-deck order: ``size`` reserve cards ending with ``end`` (its top last), then
    ``base`` (the card that starts found1, if the game takes one), then ``stock`` as the
    first cards turned from the stock; the rest in fresh order."""
    left = Counter({code: 2 for code in FILLER_ORDER})
    left.subtract(Counter([*end, *base, *stock]))
    filler: list[str] = []
    for code in FILLER_ORDER:
        while left[code] > 0 and len(filler) < size - len(end):
            filler.append(code)
            left[code] -= 1
    return stack([*filler, *end, *base, *stock], decks=2)


def pairs(state: patience.State) -> set[tuple[str | None, str | None]]:
    """The legal card moves as (from, to) pairs."""
    return {(m.from_pile, m.to_pile) for m in state.legal_moves() if m.action is None}


def actions(state: patience.State) -> set[str | None]:
    return {m.action for m in state.legal_moves() if m.action is not None}


def spend_stock(state: patience.State) -> None:
    """Draw every stock card and lay it on the first waste pile that may take it."""
    while state.to_dict()["piles"]["stock"]:
        state.play("draw")
        to_waste = [m for m in state.legal_moves()
                    if m.from_pile == "hand" and (m.to_pile or "").startswith("pile")]
        state.play(to_waste[0])


def waste_cards(state: patience.State) -> list[str]:
    """Every waste pile's cards, pile1 first, each bottom to top (the RBW-7 gathering order)."""
    piles = state.to_dict()["piles"]
    return [c for pid, cards in piles.items() if pid.startswith("pile") for c in cards]
