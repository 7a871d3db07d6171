"""Two-deck Star in text: the reserve fanned so every card shows, its top card last."""

from __future__ import annotations

from patience.engine.state import State
from patience.text.common import EMPTY, fit, header
from patience.text.reserve_family import lower_part


def render(state: State) -> str:
    data = state.to_dict()
    reserve = data["piles"]["reserve"]
    fan = " ".join(reserve) + "  ◀ top, available" if reserve else f"{EMPTY} (gone)"
    lines = [header(state), "", f"The reserve, fanned ({len(reserve)} cards):", *fit("  ", fan),
             ""]
    return "\n".join(lines + lower_part(data))
