"""The nine games, each registering itself on import, in the order of RULES.md."""

from patience.games import star, sun

__all__ = ["star", "sun"]
