"""Sun in text: the thirteen rays fanned round the eight foundations, clouds below."""

from __future__ import annotations

import math

from patience.engine.state import State
from patience.text.common import EMPTY, cards, fit, header, stock
from patience.words import pile_name

STAGES = {1: "sunrise", 2: "the sun plays", 3: "clouds"}


def render(state: State) -> str:
    data = state.to_dict()
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
