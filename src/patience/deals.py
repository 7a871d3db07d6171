"""Deal numbers to deck orders, and chance during play (docs/deals.md).

Both use one tiny, fully specified generator (SplitMix64) and a Fisher–Yates shuffle with
rejection sampling, so any language can reproduce them bit for bit. The mapping is frozen:
tests pin exact deck orders for several deal numbers.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

from patience.cards import fresh_deck

T = TypeVar("T")
MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15


class SplitMix64:
    """Steele, Lea & Flood's SplitMix64: state += gamma, then a fixed 64-bit mix."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        self.state = (self.state + GOLDEN_GAMMA) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """Uniform int in [0, bound): reject draws from the incomplete last block."""
        limit = (1 << 64) - (1 << 64) % bound
        while True:
            x = self.next()
            if x < limit:
                return x % bound


def shuffled(items: Sequence[T], seed: int) -> list[T]:
    """Fisher–Yates from the end: for i = n-1 … 1 swap item i with item below(i + 1)."""
    out = list(items)
    rng = SplitMix64(seed)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def deal_order(deal: int, decks: int) -> list[str]:
    """The deck order (index 0 dealt first) of deal number ``deal`` for 1 or 2 decks."""
    if isinstance(deal, bool) or not isinstance(deal, int):
        shown = repr(deal) if len(repr(deal)) <= 40 else f"a {type(deal).__name__}"
        raise ValueError(f"a deal number is a non-negative integer, got {shown}")
    if deal < 0:
        raise ValueError("a deal number is a non-negative integer, got a negative one")
    if deal > MASK64:  # the number itself is not echoed: it may have thousands of digits
        raise ValueError(f"deal numbers run from 0 to 2**64 - 1 ({MASK64}), got a larger one")
    return shuffled(fresh_deck(decks), deal)


def chance_source(deal: int | None, deck: Sequence[str] | None) -> str:
    """The text that seeds chance events: ``deal=42`` or ``deck=AS,7H,…``."""
    if deal is not None:
        return f"deal={deal}"
    assert deck is not None
    return "deck=" + ",".join(deck)


def chance_seed(source: str, event: int) -> int:
    """Seed of chance event ``event`` (0, 1, … within a game): SHA-256 of ``source/event``."""
    digest = hashlib.sha256(f"{source}/{event}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def chance_shuffle(items: Sequence[T], source: str, event: int) -> list[T]:
    return shuffled(items, chance_seed(source, event))
