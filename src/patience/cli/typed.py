"""What a player types at the terminal table, read into a move of the current position.

The engine reads the notation exactly (``QS:ray3>king-S``); at the table a player may type
it in any case (``qs:ray3>king-s``, ``DEAL``), and a card alone (``2h``) plays that card's
one legal move. The help shows an example taken from the moves legal right now, so it is
always a move the player could type in the game in front of them.
"""

from __future__ import annotations

import re

from patience.engine.moves import IllegalMove, Move
from patience.engine.state import State

_CARD = re.compile(r"[a2-9tjqk][shdc]", re.IGNORECASE)
_WORD = re.compile(r"[\w.-]+")


def canonical(state: State, text: str) -> str:
    """``text`` with pile ids and card codes in the engine's case and the rest lowercase."""
    piles: dict[str, str] = {}
    for pid in state.rules.index:
        piles[pid.lower()] = pid if pid.lower() not in piles else ""  # ambiguous: leave as is

    def word(match: re.Match[str]) -> str:
        typed = match.group()
        if typed.lower() in piles:
            return piles[typed.lower()] or typed
        return typed.upper() if _CARD.fullmatch(typed) else typed.lower()

    return _WORD.sub(word, text.strip())


def read_move(state: State, text: str) -> Move | str:
    """The move ``text`` names: a legal Move for a card typed alone, else the notation in
    the engine's case for ``State.play`` to check. IllegalMove says why a card cannot go."""
    if _CARD.fullmatch(text.strip()):
        card = text.strip().upper()
        moves = [m for m in state.legal_moves() if m.card == card]
        if len(moves) == 1:
            return moves[0]
        if not moves:
            raise IllegalMove(f"{card} cannot move now")
        options = ", ".join(str(m) for m in moves)
        raise IllegalMove(f"{card} can go more than one way: type one of {options}")
    return canonical(state, text)


def example(state: State) -> str | None:
    """A move legal now to show as an example of the notation: a card move if there is
    one (the notation is what needs showing), else an action; None when nothing is legal."""
    moves = state.legal_moves()
    shown = [m for m in moves if m.action is None] or moves
    return str(shown[0]) if shown else None


def card_example(state: State) -> str | None:
    """A card that has exactly one legal move now, in lowercase, to show the short form."""
    cards = [m.card for m in state.legal_moves() if m.card is not None]
    alone = [card for card in cards if cards.count(card) == 1]
    return alone[0].lower() if alone else None
