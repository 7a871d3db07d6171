"""Text pictures of layouts for the terminal: one module per game, plain strings.

Each game module has ``render(state) -> str``. Card codes appear as themselves (``QS``),
a face-down card as ``##`` and an empty place as ``..``, so any terminal can show them.
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


def render(state: State) -> str:
    return RENDERERS.get(state.game.id, generic)(state)
