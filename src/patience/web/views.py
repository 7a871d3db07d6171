"""What the play page shows besides the engine's state: moves and options in words, the
moves that finish a game, the options of a game as a player reads them, and why a card
cannot move."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from patience import words
from patience.engine.game import Game
from patience.engine.moves import IllegalMove, Move
from patience.engine.state import State
from patience.i18n import _
from patience.refusals import refusal
from patience.text.common import STATUS
from patience.web import models as m

FINISH_LIMIT = 120  # a game has at most 104 cards to bring home


def move_out(number: int, move: Move, said: str) -> m.MoveOut:
    """A listed move: its place in the list, the move itself, its notation and its words."""
    return m.MoveOut(number=number, move=move.to_dict(), text=str(move), words=said)


def option_outs(game: Game) -> list[m.OptionOut]:
    out = []
    for o in game.option_specs:
        said = words.option_words(game.id, o.name, list(o.choices), o.help)
        out.append(m.OptionOut(name=o.name, default=o.default, choices=list(o.choices),
                               help=words.option_help(o.help), label=said.label,
                               choices_words=said.choices, choices_names=said.names))
    return out


def options_shown(game: Game, options: dict[str, Any]) -> list[m.OptionShownOut]:
    """The options in force, labelled, in the game's own order."""
    shown = []
    for o in game.option_specs:
        if o.name not in options:
            continue
        said = words.option_words(game.id, o.name, list(o.choices), o.help)
        value = options[o.name]
        text = str(value).lower() if isinstance(value, bool) else str(value)
        shown.append(m.OptionShownOut(name=o.name, label=said.label, value=value,
                                      value_words=said.choices.get(text, text)))
    return shown


def finishing_moves(state: State) -> list[Move]:
    """Plays to the foundations that win the game from here, when nothing else is needed
    (no face-down card, no action): the page offers to play them. Empty otherwise."""
    if state.status != "playing" or state.to_dict()["face_down"]:
        return []
    kinds = {p.id: str(p.kind) for p in state.rules.layout}
    trial = state.copy()
    line: list[Move] = []
    while trial.status == "playing" and len(line) < FINISH_LIMIT:
        home = [mv for mv in trial.legal_moves()
                if mv.action is None and kinds.get(mv.to_pile or "") == "foundation"
                and kinds.get(mv.from_pile or "") != "foundation"]
        if not home:
            return []
        line.append(trial.play(home[0]))
    return line if trial.status == "won" else []


@dataclass(frozen=True)
class Reason:
    """Whether a card may move (there, or at all), and if not why, in words."""

    legal: bool
    reason: str = ""


def explain(state: State, pile: str, index: int | None, to: str | None) -> Reason:
    """The engine's reason for refusing a card, in the player's words. IllegalMove (409, as
    for a move) when the pile or the card is not there, in this game or no longer."""
    shown = state.to_dict()
    cards = shown["piles"].get(pile)
    if cards is None:
        raise IllegalMove(_("There is no such place in this game."))
    if not cards:
        return Reason(False, _("That place is empty."))
    at = len(cards) - 1 if index is None else index
    if at >= len(cards):
        raise IllegalMove(_("That card is no longer there."))
    card = cards[at]
    name = words.pile_name(state.game.id, pile, cards)
    if at < shown["face_down"].get(pile, 0):
        return Reason(False, _("That card of {place} is face down.").format(place=name))
    legal = [mv for mv in state.legal_moves() if mv.from_pile == pile]
    if to is not None:
        want = Move(pile, to, card, index if any(mv.index is not None for mv in legal) else None)
        try:
            state.resolve(want)
        except IllegalMove as exc:
            said = refusal(state, want, exc)
            return Reason(False, said if said.endswith(".") else said + ".")
        return Reason(True)
    if state.status != "playing":
        return Reason(False, _("The game is over ({status}).").format(
            status=_(STATUS.get(state.status, state.status))))
    if any(mv.card == card and mv.index in (None, at) for mv in legal):
        return Reason(True)
    others = sorted({words.card_words(mv.card) for mv in legal if mv.card})
    if others:
        return Reason(False, _("{card} cannot move now; from {place} only {others} can.")
                      .format(card=words.card_words(card), place=name,
                              others=", ".join(others)))
    return Reason(False, _("{card} cannot move now: no card of {place} can be played at the "
                           "moment.").format(card=words.card_words(card), place=name))
