"""Clock in text: the twelve hours round a dial, XII at the top, each with its packet;
talon and stock in the middle."""

from __future__ import annotations

import math

from patience.cards import RANK_CHARS
from patience.engine.state import State
from patience.text.common import EMPTY, cards, header, stock

NUMERALS = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")
WIDTH = 100  # the dial's width in characters; a line grows past it only for long packets
RADIUS_X = 37  # horizontal reach of the hours' centres from the middle column
ROWS = {12: 0, 11: 1, 1: 1, 10: 2, 2: 2, 9: 3, 3: 3, 8: 4, 4: 4, 7: 5, 5: 5, 6: 6}
GAP = 2  # least space between two places on one line


def render(state: State) -> str:
    data = state.to_dict()
    piles = data["piles"]
    rows: list[list[tuple[int, list[str]]]] = [[] for _ in range(7)]
    for hour in range(1, 13):
        block = [_hour_line(hour, piles[f"hour{hour}"], state.rules.layout[hour - 1].capacity),
                 f"packet{hour}: {cards(piles[f'packet{hour}'])}"]
        middle = WIDTH // 2 + round(RADIUS_X * math.sin(math.pi * hour / 6))
        rows[ROWS[hour]].append((middle, block))
    talon = piles["talon"]
    centre = [f"talon {talon[-1] if talon else EMPTY} ({len(talon)})",
              f"stock {stock(piles['stock'])}"]
    rows[ROWS[9]].append((WIDTH // 2, centre))
    lines = [header(state), ""]
    for number, row in enumerate(rows):
        if number:
            lines.append("")
        lines += _lay_out(sorted(row, key=lambda place: place[0]))
    lines += ["", "Each hour: its foundation's top card, cards held / cards when complete, and "
                  "the card it ends on.", "Packets read bottom to top: the last card is "
                  "available."]
    return "\n".join(lines)


def _hour_line(hour: int, pile: list[str], capacity: int) -> str:
    numeral = NUMERALS[hour - 1]
    last = RANK_CHARS[hour - 1] + pile[0][1]  # CLK-2: the hour's own rank, the base's suit
    done = " complete" if len(pile) == capacity else f" ends {last}"
    return f"{numeral} hour{hour}: {pile[-1]} {len(pile)}/{capacity}{done}"


def _lay_out(places: list[tuple[int, list[str]]]) -> list[str]:
    """Lines with each block centred on its column, pushed right rather than overlapping."""
    height = max(len(block) for _, block in places)
    out = [""] * height
    for middle, block in places:
        width = max(len(text) for text in block)
        start = max(0, middle - width // 2)
        for i in range(height):
            line = out[i]
            if line:
                start = max(start, len(line.rstrip()) + GAP)
        for i, text in enumerate(block):
            out[i] = out[i].ljust(start) + text
    return [line.rstrip() for line in out]
