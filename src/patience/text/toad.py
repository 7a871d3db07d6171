"""Toad in text: the squared toad pile (its top card and count) above the other piles."""

from __future__ import annotations

from patience.engine.state import State
from patience.text.common import EMPTY, header
from patience.text.reserve_family import lower_part


def render(state: State) -> str:
    data = state.to_dict()
    piles = data["piles"]
    toads = [pid for pid in piles if pid.startswith("toad")]
    lines = [header(state), "", "The toad pile, squared (top card and count):"]
    for pid in toads:
        cards = piles[pid]
        shown = f"{cards[-1]} ({len(cards)})" if cards else f"{EMPTY} (gone)"
        lines.append(f"  {pid:<6} [{shown}]")
    return "\n".join([*lines, "", *lower_part(data)])
