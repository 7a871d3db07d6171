"""Public moves: small frozen values with a dict form and a text notation that round-trip.

Notation: a card move is ``QS:ray3>king-S``, with the card's index where the source offers
several available cards: ``QS:cloud1[4]>ace-S``. An action is its name: ``deal``. When
parsing, the card may be left out (``ray3>king-S``) if that leaves one legal move.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from patience.cards import CARDS


class IllegalMove(ValueError):
    """The move is not legal in this state; the message says why in words."""


_NOTATION = re.compile(
    r"^\s*(?:(?P<card>[A2-9TJQK][SHDC])\s*:\s*)?(?P<src>[\w.-]+)"
    r"(?:\[(?P<index>\d+)\])?\s*>\s*(?P<dst>[\w.-]+)\s*$"
)
_ACTION = re.compile(r"^\s*(?P<action>[a-z][a-z-]*)\s*$")


def brief(value: object) -> str:
    """``repr(value)`` when short, else its type: an error never echoes a flood of input."""
    if isinstance(value, int) and not -10**30 < value < 10**30:
        return "a number of more than 30 digits"
    text = repr(value)
    return text if len(text) <= 80 else f"a {type(value).__name__} of {len(text)} characters"


@dataclass(frozen=True, slots=True)
class Move:
    """A card moving between piles, or a named action (exactly one of the two)."""

    from_pile: str | None = None
    to_pile: str | None = None
    card: str | None = None
    index: int | None = None
    action: str | None = None

    def to_dict(self) -> dict[str, Any]:
        if self.action is not None:
            return {"action": self.action}
        out: dict[str, Any] = {"from": self.from_pile, "to": self.to_pile, "card": self.card}
        if self.index is not None:
            out["index"] = self.index
        return out

    def __str__(self) -> str:
        if self.action is not None:
            return self.action
        where = self.from_pile if self.index is None else f"{self.from_pile}[{self.index}]"
        prefix = f"{self.card}:" if self.card else ""
        return f"{prefix}{where}>{self.to_pile}"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read the notation; raises IllegalMove when the text is not a move at all."""
        m = _ACTION.match(text)
        if m:
            return cls(action=m["action"])
        m = _NOTATION.match(text)
        if not m:
            raise IllegalMove(
                f"cannot read {text!r} as a move: write CARD:FROM>TO (e.g. QS:ray3>king-S), "
                "FROM>TO, or an action name"
            )
        index = int(m["index"]) if m["index"] is not None else None
        return cls(from_pile=m["src"], to_pile=m["dst"], card=m["card"], index=index)

    @classmethod
    def from_dict(cls, data: object) -> Move:
        """Build from ``{"from", "to", "card"[, "index"]}`` or ``{"action"}``."""
        if not isinstance(data, dict):
            raise IllegalMove(f"a move dict is a JSON object, got {type(data).__name__}")
        unknown = set(data) - {"from", "to", "card", "index", "action"}
        if unknown:
            raise IllegalMove(f"unknown move field(s): {', '.join(sorted(map(str, unknown)))}")
        if "action" in data:
            if set(data) != {"action"} or not isinstance(data["action"], str):
                raise IllegalMove("an action move is {'action': NAME} and nothing else")
            return cls(action=data["action"])
        src, dst = data.get("from"), data.get("to")
        card, index = data.get("card"), data.get("index")
        if not isinstance(src, str) or not isinstance(dst, str):
            raise IllegalMove("a card move needs 'from' and 'to' pile ids (strings)")
        if card is not None and (not isinstance(card, str) or card not in CARDS):
            raise IllegalMove(f"'card' must be a card code such as 'QS', got {brief(card)}")
        bad_index = isinstance(index, bool) or not isinstance(index, int) or index < 0
        if index is not None and bad_index:
            raise IllegalMove(f"'index' must be a non-negative integer, got {brief(index)}")
        return cls(from_pile=src, to_pile=dst, card=card, index=index)

    def matches(self, other: Move) -> bool:
        """True when ``other`` (a legal move) fits every field this one gives."""
        if self.action is not None or other.action is not None:
            return self.action == other.action
        return (
            self.from_pile == other.from_pile
            and self.to_pile == other.to_pile
            and (self.card is None or self.card == other.card)
            and (self.index is None or self.index == other.index)
        )
