"""Shared pieces of the reserve family's pictures: foundations, waste piles, stock and hand.

Foundations and waste piles are numbered under their heading, as a player names them
("foundation 2", "waste pile 3")."""

from __future__ import annotations

from typing import Any, TypeVar

from patience.i18n import N_, _
from patience.text.common import EMPTY, flow, stock

T = TypeVar("T")


def numbered(piles: dict[str, T], prefix: str) -> dict[int, T]:
    """What is kept for each pile whose id is ``prefix`` and a number, by that number."""
    return {int(pid[len(prefix):]): cards for pid, cards in piles.items()
            if pid.startswith(prefix) and pid[len(prefix):].isdigit()}


def pile_rows(piles: dict[str, list[str]], prefix: str, per_row: int = 5) -> list[str]:
    """``1: 7C (3)     2: ..`` for every pile whose id is ``prefix`` and a number."""
    cells = []
    for number, cards in numbered(piles, prefix).items():
        shown = f"{cards[-1]} ({len(cards)})" if cards else EMPTY
        cells.append(f"{number}: {shown}".ljust(15))
    return ["  " + " ".join(cells[i:i + per_row]).rstrip()
            for i in range(0, len(cells), per_row)]


def lower_part(data: dict[str, Any], placed: dict[str, int] | None = None) -> list[str]:
    """Foundations, waste piles (with RBW-6 counts when given), stock and hand."""
    piles = data["piles"]
    base = "10" if data["base_rank"] == "T" else data["base_rank"]
    lines = [_("Foundations (base rank {base}, up regardless of suit; top card and count):")
             .format(base=base), *pile_rows(piles, "found", 4)]
    lines += [_("Waste piles (top card and count):"), *pile_rows(piles, "pile")]
    if placed is not None:
        lines.append(_placed(placed))
    lines.append(_stock_and_hand(piles))
    return lines


def _placed(placed: dict[str, int]) -> str:
    counts = numbered(placed, "pile")
    return ("  " + _("cards placed on waste piles 1 to {last} this pass: ").format(
        last=len(counts)) + ", ".join(str(counts[n]) for n in sorted(counts)))


def _stock_and_hand(piles: dict[str, list[str]]) -> str:
    hand = piles["hand"]
    return _("stock {stock}   hand {hand}").format(stock=stock(piles["stock"]),
                                                   hand=hand[-1] if hand else EMPTY)


def compact_lower_part(data: dict[str, Any], placed: dict[str, int] | None = None
                       ) -> list[str]:
    """``lower_part`` for a small terminal: each kind of pile on as few lines as hold it."""
    piles = data["piles"]

    def tops(prefix: str) -> list[str]:
        return [f"{n}: {cards[-1]} ({len(cards)})" if cards else f"{n}: {EMPTY}"
                for n, cards in numbered(piles, prefix).items()]

    base = "10" if data["base_rank"] == "T" else data["base_rank"]
    lines = flow(tops("found"), _("foundations (base rank {base}, up regardless of suit):")
                 .format(base=base))
    lines += flow(tops("pile"), _("waste piles:"))
    if placed is not None:
        lines.append(_placed(placed))
    lines.append(_stock_and_hand(piles))
    return lines


def extra(data: dict[str, Any]) -> dict[str, Any]:
    """Header fields: redeals made and allowed, where the game has any."""
    if not data["redeals_allowed"]:
        return {}
    return {N_("redeals"): _("{made} of {allowed}").format(made=data["redeals"],
                                                           allowed=data["redeals_allowed"])}
