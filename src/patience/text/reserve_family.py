"""Shared pieces of the reserve family's pictures: foundations, waste piles, stock and hand."""

from __future__ import annotations

from typing import Any

from patience.text.common import EMPTY, stock


def pile_rows(piles: dict[str, list[str]], prefix: str, per_row: int = 5) -> list[str]:
    """``found1 7C (3)  found2 ..`` for every pile whose id starts with ``prefix``."""
    cells = []
    for pid, cards in piles.items():
        if pid.startswith(prefix) and pid[len(prefix):].isdigit():
            shown = f"{cards[-1]} ({len(cards)})" if cards else EMPTY
            cells.append(f"{pid} {shown}".ljust(15))
    return ["  " + " ".join(cells[i:i + per_row]).rstrip()
            for i in range(0, len(cells), per_row)]


def lower_part(data: dict[str, Any], placed: dict[str, int] | None = None) -> list[str]:
    """Foundations, waste piles (with RBW-6 counts when given), stock and hand."""
    piles = data["piles"]
    lines = [f"Foundations (base rank {data['base_rank']}, up regardless of suit; "
             "top card and count):", *pile_rows(piles, "found", 4)]
    lines += ["Waste piles (top card and count):", *pile_rows(piles, "pile")]
    if placed is not None:
        lines.append("  placed this pass: "
                     + "  ".join(f"{pid} {n}" for pid, n in placed.items()))
    hand = piles["hand"]
    lines.append(f"stock {stock(piles['stock'])}   hand {hand[-1] if hand else EMPTY}")
    return lines


def extra(data: dict[str, Any]) -> dict[str, Any]:
    """Header fields: redeals made and allowed, where the game has any."""
    if not data["redeals_allowed"]:
        return {}
    return {"redeals": f"{data['redeals']} of {data['redeals_allowed']}"}
