"""Text pictures of layouts for the terminal: one module per game, plain strings.

Each game module has ``render(state) -> str`` and ``compact(state) -> str``, the same
cards on fewer lines for a small terminal. Cards are named as the moves' words name
them (``Q♠``, ``10♦``), a face-down card as ``##`` and an empty place as ``..``.
"""

from __future__ import annotations

from collections.abc import Callable

from patience.engine.state import State
from patience.text import blockade, clock, double_star, open_shop, rainbow, shah, star, sun, toad
from patience.text.common import generic

RENDERERS: dict[str, Callable[[State], str]] = {
    "sun": sun.render,
    "star": star.render,
    "shah": shah.render,
    "blockade": blockade.render,
    "clock": clock.render,
    "rainbow": rainbow.render,
    "open-shop": open_shop.render,
    "toad": toad.render,
    "double-star": double_star.render,
}


COMPACT: dict[str, Callable[[State], str]] = {
    "sun": sun.compact,
    "star": star.compact,
    "shah": shah.compact,
    "blockade": blockade.compact,
    "clock": clock.compact,
    "rainbow": rainbow.compact,
    "open-shop": open_shop.compact,
    "toad": toad.compact,
    "double-star": double_star.compact,
}


def render(state: State, compact: bool = False) -> str:
    """The board as the book draws it, or with ``compact`` the same cards on as few lines
    as hold them, for a terminal too small for the picture (80 × 24)."""
    return (COMPACT if compact else RENDERERS).get(state.game.id, generic)(state)
