"""Rainbow in text: 26 overlapping cards in an arc, face-down ones as ``##``, end card last."""

from __future__ import annotations

import math

from patience.engine.state import State
from patience.i18n import _
from patience.text.common import BACK, board_data, cards, fit, header
from patience.text.reserve_family import compact_lower_part, extra, lower_part

SLOTS = 26  # RBW-1
HEIGHT = 6  # rows between the arc's feet and its top
STEP = 3  # columns from one card to the next


def render(state: State) -> str:
    data = board_data(state)
    rainbow = data["piles"]["rainbow"]
    down = data["face_down"].get("rainbow", 0)
    grid = [[" "] * (STEP * SLOTS) for _ in range(HEIGHT + 1)]
    for i, card in enumerate(rainbow[:SLOTS]):
        row = round(HEIGHT * (1 - math.sin(math.pi * i / (SLOTS - 1))))
        shown = BACK if i < down else card  # a ten (10♦) fills its place's three columns
        grid[row][STEP * i:STEP * i + len(shown)] = shown
    lines = [header(state, extra(data)), "",
             _("The rainbow, left to right ({count} cards, {down} face down; the end card is "
               "available):").format(count=len(rainbow), down=down)]
    lines += ["  " + "".join(row).rstrip() for row in grid]
    if len(rainbow) > SLOTS:  # cards built on the end lengthen the arc past its foot
        lines += fit("  " + _("built on at the end: "),
                     " ".join(rainbow[SLOTS:]) + "  ◀ " + _("the end card"))
    lines.append("")
    lines += lower_part(data, data["placed_this_pass"])
    return "\n".join(lines)


def compact(state: State) -> str:
    """The same cards for a small terminal: the arc on a line, left to right."""
    data = board_data(state)
    rainbow = data["piles"]["rainbow"]
    down = data["face_down"].get("rainbow", 0)
    row = cards(rainbow, down) + ("  ◀ " + _("the end card") if rainbow else "")
    lines = [header(state, extra(data)),
             *fit(_("the rainbow, left to right ({count} cards, {down} face down): ").format(
                 count=len(rainbow), down=down), row, 2)]
    return "\n".join(lines + compact_lower_part(data, data["placed_this_pass"]))
