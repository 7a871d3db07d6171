"""Two-deck Star in text: the reserve fanned so every card shows, its top card last."""

from __future__ import annotations

from patience.engine.state import State
from patience.i18n import _
from patience.text.common import EMPTY, board_data, fit, header
from patience.text.reserve_family import compact_lower_part, lower_part


def render(state: State) -> str:
    data = board_data(state)
    reserve = data["piles"]["reserve"]
    fan = _fan(reserve)
    lines = [header(state), "", _("The reserve, fanned ({count} cards):").format(
        count=len(reserve)), *fit("  ", fan), ""]
    return "\n".join(lines + lower_part(data))


def compact(state: State) -> str:
    """The same cards for a small terminal, the piles below on fewer lines."""
    data = board_data(state)
    reserve = data["piles"]["reserve"]
    fan = _fan(reserve)
    lines = [header(state), *fit(_("the reserve, fanned ({count} cards): ").format(
        count=len(reserve)), fan, 2)]
    return "\n".join(lines + compact_lower_part(data))


def _fan(reserve: list[str]) -> str:
    return (" ".join(reserve) + "  ◀ " + _("top, available") if reserve
            else f"{EMPTY} " + _("(gone)"))
