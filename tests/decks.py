"""Hand-made deck orders for rule tests: the cards a test cares about, then the rest."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from patience.cards import fresh_deck


def stack(first: Sequence[str], decks: int = 1, last: Sequence[str] = ()) -> list[str]:
    """A deck order: ``first`` dealt first, ``last`` dealt last, every other card between
    them in fresh order (S, H, D, C; A to K), so a test names only the cards it needs."""
    left = Counter(fresh_deck(decks))
    left.subtract(Counter(first))
    left.subtract(Counter(last))
    if any(n < 0 for n in left.values()):
        raise ValueError(f"more copies than {decks} deck(s) hold: {+left}")
    middle = []
    for code in fresh_deck(1):
        middle += [code] * left[code]
    return [*first, *middle, *last]
