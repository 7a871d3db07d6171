"""Cards as small ints inside, two-character codes at the edges.

A card is ``rank << 2 | suit`` with rank 1 (ace) … 13 (king) and suit 0–3 for S H D C,
so rank and suit come back with a shift and a mask. The two copies of a card in a
two-deck game are the same int: they are interchangeable.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "SHDC"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
KING = 13


class DeckError(ValueError):
    """An explicit deck is malformed: wrong length, unknown code or wrong copy count."""


def make(rank: int, suit: int) -> int:
    return rank << 2 | suit


def rank_of(card: int) -> int:
    return card >> 2


def suit_of(card: int) -> int:
    return card & 3


def code(card: int) -> str:
    return RANK_CHARS[(card >> 2) - 1] + SUIT_CHARS[card & 3]


def parse(text: str) -> int:
    """Card int from a code such as ``"TH"``; raises DeckError for anything else."""
    if len(text) != 2 or text[0] not in RANK_CHARS or text[1] not in SUIT_CHARS:
        raise DeckError(f"unknown card code {text!r} (expected rank A23456789TJQK + suit SHDC)")
    return make(RANK_CHARS.index(text[0]) + 1, SUIT_CHARS.index(text[1]))


CODES = {make(r, s): RANK_CHARS[r - 1] + SUIT_CHARS[s] for s in range(4) for r in range(1, 14)}
CARDS = {c: i for i, c in CODES.items()}


def fresh_deck(decks: int) -> list[str]:
    """The unshuffled order: each deck S, H, D, C, each suit A to K."""
    one = [RANK_CHARS[r] + s for s in SUIT_CHARS for r in range(13)]
    return one * decks


def validate_deck(codes: Iterable[object], decks: int) -> list[int]:
    """Check an explicit deck order and return it as card ints (index 0 dealt first)."""
    items = list(codes)
    expected = 52 * decks
    if len(items) != expected:
        raise DeckError(f"a {decks}-deck game needs {expected} cards, got {len(items)}")
    checked: list[str] = []
    for i, item in enumerate(items):
        if not isinstance(item, str) or item not in CARDS:
            raise DeckError(
                f"card {i} is {item!r:.40}: not a card code (rank A23456789TJQK + suit SHDC)"
            )
        checked.append(item)
    counts = Counter(checked)
    wrong = sorted((c for c, n in counts.items() if n != decks), key=lambda c: CARDS[c])
    if wrong:
        missing = [c for c in CARDS if counts.get(c, 0) < decks]
        detail = ", ".join(f"{c}×{counts[c]}" for c in wrong)
        raise DeckError(
            f"each card must appear {decks} time(s): {detail}"
            + (f"; missing {', '.join(missing)}" if missing else "")
        )
    return [CARDS[c] for c in checked]
