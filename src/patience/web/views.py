"""What the play page shows besides the engine's state: moves and options in words, the
moves that finish a game, the options of a game as a player reads them."""

from __future__ import annotations

from typing import Any

from patience import words
from patience.engine.game import Game
from patience.engine.moves import Move
from patience.engine.state import State
from patience.web import models as m

FINISH_LIMIT = 120  # a game has at most 104 cards to bring home


def move_out(state: State, number: int, move: Move) -> m.MoveOut:
    return m.MoveOut(number=number, move=move.to_dict(), text=str(move),
                     words=words.describe(state, move))


def option_outs(game: Game) -> list[m.OptionOut]:
    out = []
    for o in game.option_specs:
        said = words.option_words(game.id, o.name, list(o.choices), o.help)
        out.append(m.OptionOut(name=o.name, default=o.default, choices=list(o.choices),
                               help=o.help, label=said.label, choices_words=said.choices))
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
