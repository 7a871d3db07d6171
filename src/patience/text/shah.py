"""Shah in text: eight rays as spokes round the Shah and his eight aces, ray 1 at the top.

Labels are a player's words: "ray 3" at the end of its spoke, beyond the inner, middle and
outer slots ("the inner slot of ray 3"), and each foundation numbered as the ray it leads
(the words name it "the hearts foundation 3")."""

from __future__ import annotations

from typing import Any

from patience.engine.state import State
from patience.i18n import N_, _
from patience.text.common import EMPTY, board_data, fit, header, stock
from patience.words import pile_name

# ray1 … ray8 clockwise from the top: (row, column) steps outward from the centre
DIRECTIONS = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
ROW_STEP, COL_STEP = 3, 9  # one step out: three lines down or up, nine columns across
REACH = 4  # foundation at step 1, inner, middle and outer slots at steps 2, 3, 4
WIDTH = 2 * REACH * COL_STEP + COL_STEP
HEIGHT = 2 * REACH * ROW_STEP + 2


def render(state: State) -> str:
    data = board_data(state)
    piles = data["piles"]
    gap = data["next_gap"]
    canvas = [[" "] * WIDTH for _ in range(HEIGHT)]

    def put(step: int, ray: int, label: str, value: str) -> None:
        drow, dcol = DIRECTIONS[ray] if step else (0, 0)
        row = REACH * ROW_STEP + drow * step * ROW_STEP
        col = WIDTH // 2 + dcol * step * COL_STEP
        for line, text in ((row, label), (row + 1, value)):
            start = col - len(text) // 2
            canvas[line][start:start + len(text)] = text

    put(0, 0, _("SHAH"), piles["shah"][-1])
    for ray in range(8):
        found = piles[f"found{ray + 1}"]
        put(1, ray, str(ray + 1), found[-1] if found else EMPTY)
        for circle in (1, 2, 3):
            pid = f"ray{ray + 1}.{circle}"
            put(circle + 1, ray, _("ray {number}").format(number=ray + 1) if circle == 3 else "",
                _slot(piles[pid], pid == gap))

    talon = piles["talon"]
    lines = [_header(state, data), ""]
    lines += ["".join(row).rstrip() for row in canvas]
    lines += [
        "",
        _("stock {stock}   talon {talon} ({count}, top card last)").format(
            stock=stock(piles["stock"]), talon=" ".join(talon[-8:]) or EMPTY, count=len(talon)),
        *fit(_("kings set aside: "), " ".join(piles["out"]) or EMPTY),
        "",
        *fit("", _("Round the Shah lie foundations 1 to 8, each at the foot of the ray of its "
                   "number; a ray runs out through its inner, middle and outer slot. J♥(3) = a "
                   "packet of 3 with J♥ on top; [..] = the gap to fill next.")),
    ]
    return "\n".join(lines)


def compact(state: State) -> str:
    """The same cards for a small terminal: each ray on a line, two rays to a line, read
    outward from its foundation; the Shah, stock, talon and kings below."""
    data = board_data(state)
    piles, gap = data["piles"], data["next_gap"]
    cells = []
    titles = [_("ray"), _("foundation"), _("inner"), _("middle"), _("outer")]
    wide = [max(width, len(title) + 1) for width, title in zip((4, 11, 8, 8), titles,
                                                                strict=False)]
    for ray in range(1, 9):
        found = piles[f"found{ray}"]
        slots = [_slot(piles[f"ray{ray}.{c}"], f"ray{ray}.{c}" == gap) for c in (1, 2, 3)]
        cells.append(f"{ray:<{wide[0]}}{found[-1] if found else EMPTY:<{wide[1]}}"
                     + "".join(f"{slot:<{w}}" for slot, w in zip(slots, [*wide[2:], 8],
                                                                 strict=True)))
    heading = "".join(f"{t:<{w}}" for t, w in zip(titles, wide, strict=False)) + titles[-1]
    lines = [_header(state, data), f"{heading:<40}{heading}"]
    lines += [f"{cells[i]:<40}{cells[i + 4]}".rstrip() for i in range(4)]
    talon = piles["talon"]
    lines += [*fit(_("the Shah {shah}   stock {stock}   kings set aside: ").format(
                       shah=piles["shah"][-1], stock=stock(piles["stock"])),
                   " ".join(piles["out"]) or EMPTY),
              *fit(_("talon ({count}, top card last): ").format(count=len(talon)),
                   " ".join(talon[-8:]) or EMPTY),
              *fit("", _("J♥(3) = a packet of 3 with J♥ on top; [..] = the gap to fill next."))]
    return "\n".join(lines)


def _header(state: State, data: dict[str, Any]) -> str:
    circles = data["circles_dealt"]
    extra = {N_("circles"): _("{dealt} of 3").format(dealt=circles) if circles < 3
             else _("deal over")}
    gap = data["next_gap"]
    if gap:
        slot = pile_name(state.game.id, gap).removeprefix("the ")
        extra[N_("next gap")] = slot + (" " + _("(lane open)") if data["lane_open"] else "")
    return header(state, extra)


def _slot(cards: list[str], next_gap: bool) -> str:
    if not cards:
        return f"[{EMPTY}]" if next_gap else EMPTY
    return cards[-1] if len(cards) == 1 else f"{cards[-1]}({len(cards)})"
