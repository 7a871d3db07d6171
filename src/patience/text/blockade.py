"""Blockade in text: foundations above, the twelve columns fanned downward side by side,
each numbered as a player names it ("column 5", "foundation 3")."""

from __future__ import annotations

from patience.engine.state import State
from patience.text.common import EMPTY, header, stock

COLUMNS = 12
FOUNDATIONS = 8
WIDTH = 6  # a card and the space after it, under a column's number


def render(state: State) -> str:
    data = state.to_dict()
    piles = data["piles"]
    lines = [header(state), "", "Foundations 1 to 8 (top card, count):"]
    numbers, tops = "", ""
    for n in range(1, FOUNDATIONS + 1):
        pile = piles[f"found{n}"]
        numbers += f"{n:<9}"
        tops += f"{pile[-1]} ({len(pile)})".ljust(9) if pile else f"{EMPTY:<9}"
    lines += [numbers.rstrip(), tops.rstrip(), "", "Columns 1 to 12:"]
    columns = [piles[f"col{n}"] for n in range(1, COLUMNS + 1)]
    lines.append("".join(f"{n:<{WIDTH}}" for n in range(1, COLUMNS + 1)).rstrip())
    depth = max(1, *(len(c) for c in columns))
    for row in range(depth):
        cells = []
        for cards in columns:
            if row < len(cards):
                cells.append(cards[row])
            else:
                cells.append(EMPTY if row == 0 else "")
        lines.append("".join(c.ljust(WIDTH) for c in cells).rstrip())
    lines += ["", f"stock {stock(piles['stock'])}   (the lowest card of each column is "
                  "available)"]
    return "\n".join(lines)
