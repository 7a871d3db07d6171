"""Why the rules refuse a move, in a player's words and language, for the page and the
terminal alike.

The engine explains a refusal in English with pile ids and move notation (``IllegalMove``);
in English ``words.plain`` turns those into words. In another language the reason is worked
out again from the position, case by case, with the piles named as ``local_words`` names
them; a game's own reason (``Rules.why_not``, ``why_not_move``) is said where the catalog
translates it, and left out where it does not (one built with a pile's id or a count).
"""

from __future__ import annotations

from typing import Any

from patience import words
from patience.engine.moves import IllegalMove, Move
from patience.engine.state import State
from patience.i18n import _, language


def _said_in_language(reason: str | None) -> str | None:
    """A game's reason translated by the catalog, or None where the catalog lacks it."""
    if not reason:
        return None
    translated = _(reason)
    return translated if translated != reason else None


def _with_reason(message: str, reason: str | None) -> str:
    said = _said_in_language(reason)
    return _("{refusal}: {reason}").format(refusal=message, reason=said) if said else message


def refusal(state: State, move: Move | dict[str, Any] | str, exc: IllegalMove) -> str:
    """Why ``move`` was refused on ``state`` (``exc``, the engine's word), never naming a
    pile by its id nor a move in notation."""
    if language() == "en":
        said = words.plain(state, str(exc))
        return said[:1].upper() + said[1:]
    try:
        want = move if isinstance(move, Move) else (
            Move.from_dict(move) if isinstance(move, dict) else Move.parse(move))
    except IllegalMove:
        return _("That is not a move.")
    rules, game_id = state.rules, state.game.id
    if state.status != "playing":
        return _("The game is over: no move can be played.")
    if want.action is not None:
        if want.action not in rules.action_index:
            return _("This game has no such action.")
        name = words.action_words(game_id, want.action)
        return _with_reason(_("“{action}” is not possible now").format(action=name),
                            rules.why_not(state, want.action)) + "."
    if want.from_pile not in rules.index or want.to_pile not in rules.index:
        return _("There is no such place in this game.")
    piles = state.to_dict()["piles"]
    source = piles.get(want.from_pile or "", [])
    place = words.pile_name(game_id, want.from_pile or "", source)
    if not source:
        return _("{place}: there is no card there.").format(place=_capital(place))
    card = words.card_words(want.card) if want.card else None
    if want.card is not None and want.card not in source:
        return _("{card} is not in that place.").format(card=card)
    if "ambiguous" in str(exc):
        return _("That move can be made more than one way: choose it from the list.")
    if state._refused_by_repetition(want):
        return _("This move would bring back a position already seen since the last move "
                 "that cannot be taken back (the repetition rule).")
    said = words.describe(state, want) if card else place
    return _with_reason(_("The rules do not allow this now: {move}").format(move=said),
                        rules.why_not_move(state, want)) + "."


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
