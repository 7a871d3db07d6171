"""Rainbow in text: 26 overlapping cards in an arc, face-down ones as ``##``, end card last."""

from __future__ import annotations

import math

from patience.engine.state import State
from patience.text.common import BACK, fit, header
from patience.text.reserve_family import extra, lower_part

SLOTS = 26  # RBW-1
HEIGHT = 6  # rows between the arc's feet and its top
STEP = 3  # columns from one card to the next


def render(state: State) -> str:
    data = state.to_dict()
    rainbow = data["piles"]["rainbow"]
    down = data["face_down"].get("rainbow", 0)
    grid = [[" "] * (STEP * SLOTS) for _ in range(HEIGHT + 1)]
    for i, card in enumerate(rainbow[:SLOTS]):
        row = round(HEIGHT * (1 - math.sin(math.pi * i / (SLOTS - 1))))
        grid[row][STEP * i:STEP * i + 2] = BACK if i < down else card
    lines = [header(state, extra(data)), "",
             f"The rainbow, left to right ({len(rainbow)} cards, {down} face down; "
             "the end card is available):"]
    lines += ["  " + "".join(row).rstrip() for row in grid]
    if len(rainbow) > SLOTS:  # cards built on the end lengthen the arc past its foot
        lines += fit("  built on at the end: ", " ".join(rainbow[SLOTS:]) + "  ◀ the end card")
    lines.append("")
    lines += lower_part(data, data["placed_this_pass"])
    return "\n".join(lines)
