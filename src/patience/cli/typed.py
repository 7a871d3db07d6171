"""What a player types at the terminal table, read into a move of the current position.

A player types a move's number from the list (read in ``play.py``), a card alone (``2h``:
that card's one legal move) or an action by its name or its words (``deal``, ``next
stage``, ``Blow the wind``), in any case. The engine's notation (``qs:ray3>king-s``) is
still read, for scripts and old habits, but never shown: the help's examples are taken
from the moves legal right now, so they are always something the player could type.
"""

from __future__ import annotations

import contextlib
import re

from patience import words
from patience.engine.moves import IllegalMove, Move
from patience.engine.state import State
from patience.i18n import _, language

_CARD = re.compile(r"[a2-9tjqk][shdc]", re.IGNORECASE)
_WORD = re.compile(r"[\w.-]+")


class Said(IllegalMove):
    """A refusal already in the player's words and language (not the engine's)."""


class Unreadable(Said):
    """The text names no move at all (as opposed to a move the rules refuse)."""


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


def _spoken(text: str) -> str:
    """Typed words compared as a player means them: any case, hyphens as spaces."""
    return " ".join(text.lower().replace("-", " ").split())


def action_name(action: str, game_id: str = "") -> str:
    """What to type for an action: its name in plain words (``next-stage``: ``next stage``);
    in another language than English, its words in that language."""
    if language() != "en":
        return _spoken(words.action_words(game_id, action))
    return _spoken(action)


def action_names(state: State) -> dict[str, str]:
    """Every way of typing each action of the game (its name, its words) -> the action."""
    names: dict[str, str] = {}
    for action in state.rules.actions:
        for said in (action, words.action_words(state.game.id, action)):
            names[_spoken(said)] = action
    return names


def read_move(state: State, text: str) -> Move:
    """The move ``text`` names: a legal Move for a card typed alone, an action Move for an
    action's name or words, else the move the notation names, for ``State.play`` to check.
    IllegalMove says why a card cannot go; Unreadable, that the text is no move."""
    typed = text.strip()
    if _CARD.fullmatch(typed):
        card = typed.upper()
        legal = state.legal_moves()
        moves = [m for m in legal if m.card == card]
        if len(moves) == 1:
            return moves[0]
        if not moves:
            raise Said(_("{card} cannot move now").format(card=words.card_words(card)))
        numbers = [str(legal.index(m) + 1) for m in moves]
        raise Said(_("{card} can go more than one way: type one of its numbers, {numbers}")
                   .format(card=words.card_words(card), numbers=either(numbers)))
    action = action_names(state).get(_spoken(typed))
    if action is not None:
        return Move(action=action)
    if ">" in typed:
        with contextlib.suppress(IllegalMove):
            return Move.parse(canonical(state, typed))
    shown = typed if len(typed) <= 30 else typed[:30] + "…"
    raise Unreadable(_("{typed} is not a move here: type {choices}").format(
        typed=repr(shown), choices=choices(state)))


def card_example(state: State) -> str | None:
    """A card that has exactly one legal move now, in lowercase, to show the short form."""
    cards = [m.card for m in state.legal_moves() if m.card is not None]
    alone = [card for card in cards if cards.count(card) == 1]
    return alone[0].lower() if alone else None


def action_example(state: State) -> str | None:
    """An action to show by name: one legal now if any, else the game's first; None for a
    game without actions."""
    legal = [m.action for m in state.legal_moves() if m.action is not None]
    actions = legal or list(state.rules.actions)
    return action_name(actions[0], state.game.id) if actions else None


def choices(state: State) -> str:
    """What may be typed for a move, with examples that are legal right now."""
    count = len(state.legal_moves())
    card, action = card_example(state), action_example(state)
    return either([_("a move's number (1 to {count})").format(count=count) if count > 1
                   else _("a move's number"),
                   *([_("a card alone such as {card} to play its only move").format(card=card)]
                     if card else []),
                   *([_("an action by name such as {action}").format(action=action)]
                     if action else [])])


def either(parts: list[str]) -> str:
    """``["a", "b", "c"]`` -> ``"a, b, or c"``."""
    if len(parts) < 3:
        return _(" or ").join(parts)
    return ", ".join(parts[:-1]) + _(", or ") + parts[-1]
