"""Blockade in text: foundations above, the twelve columns fanned downward side by side,
each numbered as a player names it ("column 5", "foundation 3")."""

from __future__ import annotations

from patience.engine.state import State
from patience.i18n import _
from patience.text.common import EMPTY, board_data, flow, header, stock

COLUMNS = 12
FOUNDATIONS = 8
WIDTH = 6  # a card and the space after it, under a column's number
WIDTH_OF_LINE = 80


def render(state: State, compact: bool = False) -> str:
    """Foundations above the columns; ``compact`` (for a small terminal) puts each
    foundation's number beside its top card and leaves out the blank lines."""
    data = board_data(state)
    piles = data["piles"]
    lines = [header(state)]
    numbers, tops = "", ""
    for n in range(1, FOUNDATIONS + 1):
        pile = piles[f"found{n}"]
        numbers += f"{n:<9}"
        tops += f"{pile[-1]} ({len(pile)})".ljust(9) if pile else f"{EMPTY:<9}"
    if compact:
        lines += flow([f"{n}: {pile[-1]} ({len(pile)})" if pile else f"{n}: {EMPTY}"
                       for n, pile in ((n, piles[f"found{n}"])
                                       for n in range(1, FOUNDATIONS + 1))],
                      _("foundations:"), "  ")
    else:
        lines += ["", _("Foundations 1 to 8 (top card, count):"), numbers.rstrip(),
                  tops.rstrip(), ""]
    columns = [piles[f"col{n}"] for n in range(1, COLUMNS + 1)]
    depth = max(1, *(len(c) for c in columns))
    across = _across(columns)
    if compact and len(across) < depth + 1:  # deep columns: each on a line of its own
        lines += [_("Columns 1 to 12, the lowest card last:"), *across]
        return "\n".join([*lines, _("stock {stock}").format(stock=stock(piles["stock"]))])
    lines.append(_("Columns 1 to 12:"))
    lines.append("".join(f"{n:<{WIDTH}}" for n in range(1, COLUMNS + 1)).rstrip())
    for row in range(depth):
        cells = []
        for cards in columns:
            if row < len(cards):
                cells.append(cards[row])
            else:
                cells.append(EMPTY if row == 0 else "")
        lines.append("".join(c.ljust(WIDTH) for c in cells).rstrip())
    lines += ["", _("stock {stock}   (the lowest card of each column is available)").format(
        stock=stock(piles["stock"]))]
    return "\n".join(line for line in lines if line or not compact)


def compact(state: State) -> str:
    return render(state, compact=True)


def _across(columns: list[list[str]]) -> list[str]:
    """Each column as a line (``5: 6♦ 5♣``), 1 to 6 beside 7 to 12 where all fit."""
    cells = [f"{n:>2}: {' '.join(cards) or EMPTY}" for n, cards in enumerate(columns, 1)]
    left = max(len(cell) for cell in cells[:6]) + 3
    pairs = [f"{one:<{left}}{other}" for one, other in zip(cells[:6], cells[6:], strict=True)]
    return pairs if max(len(pair) for pair in pairs) <= WIDTH_OF_LINE else cells
