"""Star in text: a clock face with bases at 12, 3, 6, 9, cells between, reserve in the middle;
each place labelled by its hour as a player names it ("the 3 o'clock base", "the 4:30 cell")."""

from __future__ import annotations

from patience.engine.state import State
from patience.i18n import N_, _
from patience.text.common import EMPTY, board_data, header, stock
from patience.words import STAR_HOURS

ROUND, RESERVE, STOCK = N_("round"), N_("reserve"), N_("stock")


def render(state: State, compact: bool = False) -> str:
    """The clock face; ``compact`` (for a small terminal) leaves out the blank lines."""
    data = board_data(state)
    piles, dirs = data["piles"], data["directions"]

    def base(pid: str) -> str:
        pile = piles[pid]
        arrow = {"up": "↑", "down": "↓", None: "?"}[dirs[pid]]
        return f"{pile[-1]}{arrow}({len(pile)})" if pile else EMPTY

    def cell(pid: str) -> str:
        return piles[pid][-1] if piles[pid] else EMPTY

    reserve = piles["reserve"]
    centre = f"{_(RESERVE)} {reserve[-1] if reserve else EMPTY} ({len(reserve)})"
    rows = [
        ("base-12", 28), None,
        ("cell-10", 12, "cell-1", 44), None,
        ("base-9", 2, centre, 22, "base-3", 52), None,
        ("cell-7", 12, "cell-4", 44), None,
        ("base-6", 28),
    ]
    lines = [header(state, {ROUND: _("{round} of 3").format(round=data["round"])}), ""]
    for row in rows:
        if row is None:
            lines.append("")
            continue
        names, values = "", ""
        for i in range(0, len(row), 2):
            label, col = str(row[i]), int(row[i + 1])
            if label == centre:
                name, value = "", label
            elif label.startswith("base"):
                name, value = _("{hour} o'clock").format(hour=label[5:]), base(label)
            else:
                name, value = STAR_HOURS[label[5:]], cell(label)
            names = names.ljust(col) + name
            values = values.ljust(col) + value
        lines += [names.rstrip(), values.rstrip()]
    lines += ["", f"{_(STOCK)} {stock(piles['stock'])}   "
              + _("(↑ built up, ↓ built down, ? not yet fixed)")]
    return "\n".join(line for line in lines if line or not compact)


def compact(state: State) -> str:
    return render(state, compact=True)
