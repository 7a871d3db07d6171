"""Open Shop in text: the shop as a column, top to bottom, beside the other piles."""

from __future__ import annotations

from patience.engine.state import State
from patience.i18n import _
from patience.text.common import EMPTY, board_data, fit, header
from patience.text.reserve_family import compact_lower_part, extra, lower_part


def render(state: State) -> str:
    data = board_data(state)
    shop = data["piles"]["shop"]
    column = [f"  {card}" for card in shop] or [f"  {EMPTY}"]
    column[-1] += "  ◀ " + _("available")
    lines = [header(state, extra(data)), "",
             _("The shop, top to bottom ({count} cards, the lowest is available):").format(
                 count=len(shop))]
    return "\n".join(lines + column + [""] + lower_part(data))


def compact(state: State) -> str:
    """The same cards for a small terminal: the shop on a line, top to bottom."""
    data = board_data(state)
    shop = data["piles"]["shop"]
    row = " ".join(shop) + "  ◀ " + _("available") if shop else EMPTY
    lines = [header(state, extra(data)),
             *fit(_("the shop, top to bottom ({count} cards, the lowest is available): ")
                  .format(count=len(shop)), row, 2)]
    return "\n".join(lines + compact_lower_part(data))
