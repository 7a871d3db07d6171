"""Clock in text: the twelve hours round a dial, XII at the top, each named by its numeral
as a player names it ("the III o'clock foundation") with its packet below it; talon and
stock in the middle."""

from __future__ import annotations

import textwrap

from patience.cards import RANK_CHARS
from patience.engine.state import State
from patience.i18n import N_, _
from patience.text.common import EMPTY, WIDTH, board_data, fit, header, stock

NUMERALS = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")
# each hour's centre column round the dial, the middle at 40, so that the widest row
# (IX, the talon and stock, III) keeps inside 80 columns
CENTRES = {12: 40, 1: 55, 2: 63, 3: 66, 4: 63, 5: 55, 6: 40, 7: 25, 8: 17, 9: 14, 10: 17, 11: 25}
PACKET_CARDS = 5  # cards on one line of a packet; a longer packet goes on below
ROWS = {12: 0, 11: 1, 1: 1, 10: 2, 2: 2, 9: 3, 3: 3, 8: 4, 4: 4, 7: 5, 5: 5, 6: 6}
GAP = 2  # least space between two places on one line
MARRIED = N_("A marriage has been made this round: fill the packets before any card goes to a "
             "foundation.")


def render(state: State) -> str:
    data = board_data(state)
    piles = data["piles"]
    rows: list[list[tuple[int, list[str]]]] = [[] for _ in range(7)]
    for hour in range(1, 13):
        block = [_hour_line(hour, piles[f"hour{hour}"], state.rules.layout[hour - 1].capacity),
                 *_packet_lines(piles[f"packet{hour}"])]
        rows[ROWS[hour]].append((CENTRES[hour], block))
    talon = piles["talon"]
    centre = [_("talon {top} ({count})").format(top=talon[-1] if talon else EMPTY,
                                                 count=len(talon)),
              _("stock {stock}").format(stock=stock(piles["stock"]))]
    rows[ROWS[9]].append((WIDTH // 2, centre))
    lines = [header(state), ""]
    for number, row in enumerate(rows):
        if number:
            lines.append("")
        lines += _lay_out(sorted(row, key=lambda place: place[0]))
    lines += ["", *fit("", _("Each hour: its foundation's top card, cards held / cards when "
                             "complete, and the card it ends on; its packet below it, read "
                             "bottom to top: the last card is available."))]
    if data.get("married") and any(m.action == "fill" for m in state.legal_moves()):
        lines += ["", *fit("", _(MARRIED))]  # CLK-5, strict phases
    return "\n".join(lines)


def compact(state: State) -> str:
    """The same cards for a small terminal: the hours in two columns, XII to V and VI to
    XI, each with its packet on the same line."""
    data = board_data(state)
    piles = data["piles"]
    half = WIDTH // 2 - 1

    def hour_cell(hour: int) -> list[str]:
        line = _hour_line(hour, piles[f"hour{hour}"], state.rules.layout[hour - 1].capacity)
        packet = " ".join(piles[f"packet{hour}"]) or EMPTY
        return textwrap.wrap(f"{line} · {packet}", half, subsequent_indent="    ",
                             break_long_words=False)

    talon = piles["talon"]
    lines = [header(state), _("hour: its top card, cards held/when full, the end card · "
                              "packet, last on top")]
    for left, right in zip((12, 1, 2, 3, 4, 5), (6, 7, 8, 9, 10, 11), strict=True):
        cells = hour_cell(left), hour_cell(right)
        for row in range(max(len(cells[0]), len(cells[1]))):
            pair = [cell[row] if row < len(cell) else "" for cell in cells]
            lines.append(f"{pair[0]:<{half + 2}}{pair[1]}".rstrip())
    lines.append(_("talon {top} ({count})").format(top=talon[-1] if talon else EMPTY,
                                                    count=len(talon))
                 + "   " + _("stock {stock}").format(stock=stock(piles["stock"])))
    if data.get("married") and any(m.action == "fill" for m in state.legal_moves()):
        lines += fit("", _(MARRIED))  # CLK-5, strict phases
    return "\n".join(lines)


def _packet_lines(packet: list[str]) -> list[str]:
    """``packet JS 3S 9H``, a long packet broken after every ``PACKET_CARDS`` cards."""
    label = _("packet") + " "
    if not packet:
        return [label + EMPTY]
    rows = [" ".join(packet[i:i + PACKET_CARDS]) for i in range(0, len(packet), PACKET_CARDS)]
    return [label + rows[0], *(" " * len(label) + row for row in rows[1:])]


def _hour_line(hour: int, pile: list[str], capacity: int) -> str:
    numeral = NUMERALS[hour - 1]
    # CLK-2: the hour's own rank, the base's suit (its sign, the last character: 10♥)
    last = ("10" if RANK_CHARS[hour - 1] == "T" else RANK_CHARS[hour - 1]) + pile[0][-1]
    done = (" " + _("complete") if len(pile) == capacity
            else " " + _("ends {card}").format(card=last))
    return f"{numeral}: {pile[-1]} {len(pile)}/{capacity}{done}"


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
