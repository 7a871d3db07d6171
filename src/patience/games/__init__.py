"""The nine games, registered here in the order of docs/rules.md (``GAMES``).

The engine's registry knows no game of its own: this package fills it, and
``patience/__init__.py`` imports this package, so every game is registered once
``patience`` is imported. ``ORDER`` is their ids in that order.
"""

from patience.engine.game import Game
from patience.engine.registry import register
from patience.games import blockade, clock, double_star, open_shop, rainbow, shah, star, sun, toad

GAMES: tuple[Game, ...] = (sun.SUN, star.STAR, shah.SHAH_GAME, blockade.BLOCKADE, clock.CLOCK,
                           rainbow.RAINBOW, open_shop.OPEN_SHOP, toad.TOAD,
                           double_star.DOUBLE_STAR)
ORDER = tuple(game.id for game in GAMES)

for _game in GAMES:
    register(_game)

__all__ = [
    "GAMES",
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
