"""A hint as a player reads it, for the page and the terminal alike (beside ``words``).

The careful hint says what its chance means ("from what you can see, about 6 deals in 10
still come out after this"), the move in words and what it does; a hint that looked at the
face-down cards says so first. No hint speaks of the search itself (positions, seconds).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from patience.i18n import N_, _, language, ngettext
from patience.words import card_words, chance_words

if TYPE_CHECKING:
    from patience.solver.careful_hint import CarefulHint, MoveEffects

PEEKING = N_("Looking at the face-down cards: ")
PROVED_LOST = N_("no sequence of moves wins from here (every line was searched)")
# The exact solver's reasons (``solver.hint``), as it words them in English
SOLVER_REASONS = {
    "no sequence of moves wins from here (every line was searched)": PROVED_LOST,
    "no sequence of moves wins from here (proved earlier in this game: every line was "
    "searched)": N_("no sequence of moves wins from here (proved earlier in this game: every "
                    "line was searched)"),
    "no winning line found in the time given; the game may still be winnable":
        N_("no winning line found in the time given; the game may still be winnable"),
    "no winning line found at a glance; looking further":
        N_("no winning line found at a glance; looking further"),
    "the game is already won": N_("the game is already won"),
    "the game is already over": N_("the game is already over"),
}
_LINE = re.compile(r"it starts a winning line of (\d+) moves?")
_GOES_ON = re.compile(r"it goes on with the winning line found before \((\d+) moves? to the "
                      r"win\)")
_AGAIN = "; ask again to look longer"
_DEAD_END = "no sequence of moves wins from here: "


def comes_out(chance: float) -> str:
    """How often the game still comes out after a move, in deals in ten."""
    if chance >= 0.995:
        return _("nearly every deal still comes out after this")
    if chance <= 0.005:
        return _("no way the cards could lie lets the game come out after this")
    if round(chance * 10) <= 1:
        return _("{chance} still comes out after this").format(chance=chance_words(chance))
    return _("{chance} still come out after this").format(chance=chance_words(chance))


def effect_words(effects: MoveEffects) -> str:
    """What the move does, after a semicolon, or nothing."""
    if effects.turns_up:
        return _("; it turns a card up")
    if effects.frees is not None:
        return _("; it frees the {card}").format(card=card_words(effects.frees))
    return ""


def careful_words(found: CarefulHint, move_words: str) -> str:
    """The careful player's hint: ``move_words`` is its move as ``words.describe`` says it."""
    does = effect_words(found.effects)
    if found.kind == "lost":
        return _("This game can no longer be won from here: {why}.").format(
            why=_(PROVED_LOST))
    if found.kind == "forced":
        return _("There is only one move: {move}{does}.").format(move=move_words, does=does)
    if found.kind == "hopeless":
        said = _("From what you can see, no way the cards could lie lets this game come out.")
        return (said + " " + _("To play on anyway: {move}.").format(move=move_words)
                if move_words else said)
    if found.kind == "unsure" or found.chance is None:
        return _("From what you can see, there is no telling yet whether the game comes out. "
                 "A careful move: {move}{does}.").format(move=move_words, does=does)
    return _("From what you can see, {chance}: {move}{does}.").format(
        chance=comes_out(found.chance), move=move_words, does=does)


def exact_words(status: str, move_words: str, message: str, deeper: bool = False) -> str:
    """The exact hint (it looked at the face-down cards), labelled so. ``message`` is the
    solver's reason in plain words; ``deeper``: only a glance so far."""
    why = f" {_capital(message)}." if message else ""
    if status == "move" and move_words:
        said = f"{_capital(move_words)}.{why}"
    elif status == "guess" and move_words:
        said = (_("no winning line found yet. A guess: {move}. It is a careful player's move, "
                  "not a proved line.").format(move=move_words) + ("" if deeper else why))
    elif status == "lost":
        said = _("this game can no longer be won from here: {why}.").format(
            why=message or _(PROVED_LOST))
    elif deeper:
        said = _("nothing found at a glance.")
    else:
        said = (_("no hint found in time: {why}.").format(why=message) if message
                else _("no hint found in time."))
    return _(PEEKING) + said


def solver_reason(message: str) -> str:
    """The exact solver's reason in the language spoken now. It is worded in English: in
    another language a reason this module knows is said in words, and one it does not know
    is left out (""). A dead-end rule's proof within it (``Rules.why_dead``) is already in
    the language spoken, piles and cards in its words."""
    if language() == "en":
        return message
    again = message.endswith(_AGAIN)
    text = message.removesuffix(_AGAIN)
    said = ""
    if text in SOLVER_REASONS:
        said = _(SOLVER_REASONS[text])
    elif (found := _LINE.fullmatch(text)) is not None:
        n = int(found[1])
        said = ngettext("it starts a winning line of {n} move",
                        "it starts a winning line of {n} moves", n).format(n=n)
    elif (found := _GOES_ON.fullmatch(text)) is not None:
        n = int(found[1])
        said = ngettext("it goes on with the winning line found before ({n} move to the win)",
                        "it goes on with the winning line found before ({n} moves to the win)",
                        n).format(n=n)
    elif text.startswith(_DEAD_END):  # a dead-end rule's proof, built in this language
        said = _("no sequence of moves wins from here: {why}").format(
            why=text.removeprefix(_DEAD_END))
    return said + _("; ask again to look longer") if said and again else said


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
