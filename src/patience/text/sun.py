"""Sun in text: the thirteen rays fanned round the eight foundations, clouds below."""

from __future__ import annotations

import math

from patience.engine.state import State
from patience.text.common import EMPTY, board_data, cards, fit, flow, header, stock
from patience.words import SUIT_SIGN, pile_name

STAGES = {1: "sunrise", 2: "the sun plays", 3: "clouds"}


def render(state: State) -> str:
    data = board_data(state)
    piles = data["piles"]
    stage = data["stage"]
    extra = {"stage": f"{stage} ({STAGES[stage]})"}
    if data["focus"]:
        extra["focus"] = pile_name(state.game.id, data["focus"])
    lines = [header(state, extra), "", "Rays 1 to 13 round the sun (outer card last):"]
    for n in range(1, 14):
        # a semicircle: ray1 and ray13 sit low at the sides, ray7 at the top
        lean = round(10 * (1 - math.sin(math.pi * (n - 1) / 12)))
        mark = "  ◀ in focus" if data["focus"] == f"ray{n}" else ""
        lines += fit(f"{'':{lean}}ray {n:<2} ", cards(piles[f"ray{n}"]) + mark)
    lines += ["", "Foundations in the centre (top card, count):",
              "         " + "".join(f"{s:<10}" for s in "SHDC")]
    for row in ("ace", "king"):
        cells = []
        for s in "SHDC":
            pile = piles[f"{row}-{s}"]
            cells.append(f"{pile[-1] if pile else EMPTY} ({len(pile)})")
        lines.append(f"  {row:<6} " + "".join(f"{c:<10}" for c in cells))
    lines.append("")
    lines.append(f"stock {stock(piles['stock'])}")
    clouds = [pid for pid in piles if pid.startswith("cloud") or pid == "wind"]
    for pid in clouds:
        name = pile_name(state.game.id, pid).removeprefix("the ")
        lines += fit(f"{name:<8} ", f"{cards(piles[pid])}   (both ends available)")
    return "\n".join(lines)


def compact(state: State) -> str:
    """The same cards for a small terminal: the rays side by side, a line for the ace
    piles and one for the king piles, the clouds side by side."""
    data = board_data(state)
    piles = data["piles"]
    stage = data["stage"]
    extra = {"stage": f"{stage} ({STAGES[stage]})"}
    if data["focus"]:
        extra["focus"] = pile_name(state.game.id, data["focus"])
    rays = [f"{n}: {cards(piles[f'ray{n}'])}" + (" ◀ in focus" if data["focus"] == f"ray{n}"
                                                else "")
            for n in range(1, 14)]
    lines = [header(state, extra), *flow(rays, "rays 1 to 13 (outer card last):")]
    for row in ("ace", "king"):
        tops = [f"{SUIT_SIGN[s]} {piles[f'{row}-{s}'][-1] if piles[f'{row}-{s}'] else EMPTY}"
                f" ({len(piles[f'{row}-{s}'])})" for s in "SHDC"]
        lines.append(f"{row} piles (top card, count):  " + "   ".join(tops))
    lines.append(f"stock {stock(piles['stock'])}")
    clouds = [pid for pid in piles if pid.startswith("cloud") or pid == "wind"]
    if clouds:
        cells = [f"{pile_name(state.game.id, pid).removeprefix('the ')} {cards(piles[pid])}"
                 for pid in clouds]
        lines += flow(cells, "both ends of each available:")
    return "\n".join(lines)
