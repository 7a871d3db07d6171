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


def placed(positions: dict[int, str], decks: int = 1) -> list[str]:
    """A deck order with the given codes at the given indices, the rest in fresh order."""
    fixed = list(positions.values())
    filler = iter(stack(fixed, decks)[len(fixed):])
    return [positions[i] if i in positions else next(filler) for i in range(52 * decks)]


def relabel(deck: list[str], swaps: dict[str, str]) -> list[str]:
    """Swap card identities everywhere (each pair both ways, every copy), keeping positions:
    a game played only through actions lays the relabelled deck out identically."""
    out = list(deck)
    for a, b in swaps.items():
        out = [b if c == a else a if c == b else c for c in out]
    return out
