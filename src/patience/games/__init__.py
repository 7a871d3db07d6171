"""The nine games, each registering itself on import. ``ORDER`` is the order of RULES.md."""

from patience.games import shah, star, sun

ORDER = ("sun", "star", "shah", "blockade", "clock", "rainbow", "open-shop", "toad",
         "double-star")

__all__ = ["ORDER", "shah", "star", "sun"]
