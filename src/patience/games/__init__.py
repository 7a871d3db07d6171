"""The nine games, each registering itself on import. ``ORDER`` is the order of docs/rules.md."""

from patience.games import blockade, clock, double_star, open_shop, rainbow, shah, star, sun, toad

ORDER = ("sun", "star", "shah", "blockade", "clock", "rainbow", "open-shop", "toad",
         "double-star")

__all__ = [
    "ORDER",
    "blockade",
    "clock",
    "double_star",
    "open_shop",
    "rainbow",
    "shah",
    "star",
    "sun",
    "toad",
]
