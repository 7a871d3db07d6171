"""Open Shop in text: the shop as a column, top to bottom, beside the other piles."""

from __future__ import annotations

from patience.engine.state import State
from patience.text.common import EMPTY, header
from patience.text.reserve_family import extra, lower_part


def render(state: State) -> str:
    data = state.to_dict()
    shop = data["piles"]["shop"]
    column = [f"  {card}" for card in shop] or [f"  {EMPTY}"]
    column[-1] += "  ◀ available"
    lines = [header(state, extra(data)), "",
             f"The shop, top to bottom ({len(shop)} cards, the lowest is available):"]
    return "\n".join(lines + column + [""] + lower_part(data))
