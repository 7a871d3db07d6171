"""Toad in text: the squared toad pile (its top card and count) above the other piles,
and the pile looked through: it lies face up (TOD-1), so a player may leaf through it,
and which ace lies where decides the ace extraction (TOD-3). A card's place is counted
from the top, as the moves' words count it ("A♥ from the toad pile (fourth from the top)")."""

from __future__ import annotations

from typing import Any

from patience.engine.state import State
from patience.i18n import _, language
from patience.text.common import EMPTY, board_data, fit, header
from patience.text.reserve_family import compact_lower_part, lower_part
from patience.words import from_top, ordinal, pile_name


def render(state: State) -> str:
    data = board_data(state)
    piles = data["piles"]
    toads = {pid: _label(state, pid) for pid in piles if pid.startswith("toad")}
    lines = [header(state), "", _("The toad pile, squared (top card and count):")]
    width = max(11, *(len(label) for label in toads.values()))
    for pid, label in toads.items():
        cards = piles[pid]
        shown = f"{cards[-1]} ({len(cards)})" if cards else f"{EMPTY} " + _("(gone)")
        lines.append(f"  {label:<{width}} [{shown}]")
    lines += ["", _("Looked through, bottom to top ([n] = a card's place from the top):")]
    for pid, label in toads.items():
        cards = piles[pid]
        through = " ".join(f"[{from_top(i, len(cards))}]{code}"
                           for i, code in enumerate(cards)) or EMPTY
        lines += fit(f"  {label:<{width}} ", through)
    lines += fit("", _extraction(data, toads), 2)
    return "\n".join([*lines, "", *lower_part(data)])


def _label(state: State, pid: str) -> str:
    """``toad pile``; ``toad pile 1`` and ``toad pile 2`` when there are two (TOD-7)."""
    return pile_name(state.game.id, pid).removeprefix("the ")


def _extraction(data: dict[str, Any], toads: dict[str, str]) -> str:
    """TOD-3: whether one ace may still be taken out, and the aces under a top."""
    if not data["options"].get("ace_extraction", False):
        return _("Ace extraction: not in these rules.")
    if "ace_extracted" not in data:  # rules version 1: made at setup
        return _("Ace extraction: made at the start, by the rules this game was saved under.")
    if data["ace_extracted"]:
        return _("Ace extraction: used (once a game).")
    aces = []
    for pid, label in toads.items():
        cards = data["piles"][pid]
        aces += [_place(code, from_top(i, len(cards)), label if len(toads) > 1 else "")
                 for i, code in enumerate(cards[:-1]) if code[0] == "A"]
    if not aces:
        return _("Ace extraction: open, but no ace lies under a toad pile's top.")
    return _("Ace extraction: open, once a game, any of: ") + ", ".join(aces) + "."


def _place(code: str, place: int, label: str) -> str:
    """``A♥ (fourth from the top)``: an ace and its place in the toad pile ``label`` (""
    when there is one)."""
    if language() != "en":
        return (_("{card} (card {place} from the top)").format(card=code, place=place)
                + (f" ({label})" if label else ""))
    where = f" of {label}" if label else ""
    return f"{code} ({ordinal(place)} from the top{where})"


def compact(state: State) -> str:
    """The same cards for a small terminal: the toad pile squared and looked through on
    the same lines."""
    data = board_data(state)
    piles = data["piles"]
    toads = {pid: _label(state, pid) for pid in piles if pid.startswith("toad")}
    lines = [header(state)]
    for pid, label in toads.items():
        cards = piles[pid]
        through = " ".join(f"[{from_top(i, len(cards))}]{code}"
                           for i, code in enumerate(cards)) or f"{EMPTY} " + _("(gone)")
        squared = (_("squared {top} ({count})").format(top=cards[-1], count=len(cards))
                   if cards else _("gone"))
        lines += fit(_("{pile} [{squared}], [n] = place from the top: ").format(
            pile=label, squared=squared), through, 2)
    lines += fit("", _extraction(data, toads), 2)
    return "\n".join([*lines, *compact_lower_part(data)])
