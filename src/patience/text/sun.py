"""Sun in text: the thirteen rays fanned round the eight foundations, clouds below."""

from __future__ import annotations

import math

from patience.engine.state import State
from patience.i18n import N_, _
from patience.text.common import EMPTY, board_data, cards, fit, flow, header, stock
from patience.words import SUIT_SIGN, pile_name

STAGES = {1: N_("sunrise"), 2: N_("the sun plays"), 3: N_("clouds")}
ROWS = {"ace": N_("ace"), "king": N_("king")}
STOCK = N_("stock")
STAGE, FOCUS = N_("stage"), N_("focus")


def _extra(state: State, data: dict[str, object]) -> dict[str, str]:
    stage = int(str(data["stage"]))
    extra = {STAGE: f"{stage} ({_(STAGES[stage])})"}
    if data["focus"]:
        extra[FOCUS] = pile_name(state.game.id, str(data["focus"]))
    return extra


def render(state: State) -> str:
    data = board_data(state)
    piles = data["piles"]
    ray = _("ray")
    lines = [header(state, _extra(state, data)), "",
             _("Rays 1 to 13 round the sun (outer card last):")]
    width = max(len(ray), 3)
    for n in range(1, 14):
        # a semicircle: ray1 and ray13 sit low at the sides, ray7 at the top
        lean = round(10 * (1 - math.sin(math.pi * (n - 1) / 12)))
        mark = "  ◀ " + _("in focus") if data["focus"] == f"ray{n}" else ""
        lines += fit(f"{'':{lean}}{ray:<{width}} {n:<2} ", cards(piles[f"ray{n}"]) + mark)
    lines += ["", _("Foundations in the centre (top card, count):"),
              "         " + "".join(f"{s:<10}" for s in "SHDC")]
    for row in ("ace", "king"):
        cells = []
        for s in "SHDC":
            pile = piles[f"{row}-{s}"]
            cells.append(f"{pile[-1] if pile else EMPTY} ({len(pile)})")
        lines.append(f"  {_(ROWS[row]):<6} " + "".join(f"{c:<10}" for c in cells))
    lines.append("")
    lines.append(f"{_(STOCK)} {stock(piles['stock'])}")
    clouds = [pid for pid in piles if pid.startswith("cloud") or pid == "wind"]
    for pid in clouds:
        name = pile_name(state.game.id, pid).removeprefix("the ")
        lines += fit(f"{name:<8} ", f"{cards(piles[pid])}   " + _("(both ends available)"))
    return "\n".join(lines)


def compact(state: State) -> str:
    """The same cards for a small terminal: the rays side by side, a line for the ace
    piles and one for the king piles, the clouds side by side."""
    data = board_data(state)
    piles = data["piles"]
    focus = " ◀ " + _("in focus")
    rays = [f"{n}: {cards(piles[f'ray{n}'])}" + (focus if data["focus"] == f"ray{n}" else "")
            for n in range(1, 14)]
    lines = [header(state, _extra(state, data)),
             *flow(rays, _("rays 1 to 13 (outer card last):"))]
    piles_of = {"ace": _("ace piles (top card, count):"),
                "king": _("king piles (top card, count):")}
    for row in ("ace", "king"):
        tops = [f"{SUIT_SIGN[s]} {piles[f'{row}-{s}'][-1] if piles[f'{row}-{s}'] else EMPTY}"
                f" ({len(piles[f'{row}-{s}'])})" for s in "SHDC"]
        lines.append(f"{piles_of[row]}  " + "   ".join(tops))
    lines.append(f"{_(STOCK)} {stock(piles['stock'])}")
    clouds = [pid for pid in piles if pid.startswith("cloud") or pid == "wind"]
    if clouds:
        cells = [f"{pile_name(state.game.id, pid).removeprefix('the ')} {cards(piles[pid])}"
                 for pid in clouds]
        lines += flow(cells, _("both ends of each available:"))
    return "\n".join(lines)
