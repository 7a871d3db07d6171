"""Playing in the terminal: the picture, numbered legal moves, undo and redo, hints, quit.

A hint is the careful player's move and its chance, from what the player sees; with
``peeking`` (``--peeking-hints``) it is the exact solver's, which looks at the face-down
cards, and says so.

With ``--save`` the record file is written before the first move and again after every
change, each time as a whole new file renamed over the old one, so a game cut short (a
closed terminal, ``kill -9``) is kept up to its last move and the file is never half written.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import typer
from rich.console import Console

from patience import hint_words, i18n, words
from patience.cli import typed
from patience.cli.common import check_folder, check_new_file, fail
from patience.cli.table import Table, all_moves
from patience.engine.moves import IllegalMove, Move
from patience.engine.state import State
from patience.games.texts_i18n import rules_text
from patience.i18n import N_, _, ngettext
from patience.refusals import refusal
from patience.solver.careful_hint import careful_hint
from patience.solver.hint import Hinter

LOST = N_("No move is left: the game is lost.")
CANNOT_SAVE = N_("cannot save the game to")
# The careful hint: about a second by the clock (or ``CAREFUL_SAMPLES`` samples where set),
# always from the same seed.
CAREFUL_SECONDS, CAREFUL_SEED = 1.0, 0
CAREFUL_SAMPLES: int | None = None


def moves_said(state: State) -> str:
    """``(5 moves)``: how many moves were played, in the language's plural form."""
    n = state.moves_played
    return ngettext("({n} move)", "({n} moves)", n).format(n=n)


def help_text(state: State, peeking: bool = False) -> str:
    """What may be typed, with examples legal right now, and what a hint looks at."""
    names = [typed.action_name(a, state.game.id) for a in state.rules.actions]
    actions = (_(" The actions of this game: {actions}.").format(actions=", ".join(names))
               if len(names) > 1 else "")
    hint = (_("h gives a hint that looks at the face-down cards") if peeking else
            _("h gives a hint (the careful player's move and its chance, from the cards you "
              "see; start with --peeking-hints to let hints look at the face-down cards)"))
    return _("Type {choices}.{actions} u undoes, r redoes, {hint}, m lists every legal move, "
             "rules shows the rules, ? this help, q quits. Upper or lower case alike.").format(
        choices=typed.choices(state), actions=actions, hint=hint)


def keys_line(state: State) -> str:
    """The short reminder under the board on a terminal."""
    card, action = typed.card_example(state), typed.action_example(state)
    shown = [_("a move's number"),
             *([_("a card such as {card}").format(card=card)] if card else []),
             *([_("an action such as {action}").format(action=action)] if action else [])]
    return (_("Type {choices}.").format(choices=typed.either(shown)) + "\n"
            + _("u undo · r redo · h hint · m moves · rules · ? help · q quit"))


def write_record(state: State, path: str) -> None:
    """Write ``state.record()`` to ``path`` atomically: a temporary file in the same folder,
    flushed to disk, then renamed over ``path``."""
    target = Path(path)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                         suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(state.record(), out, indent=1)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def start_record(state: State, path: str, force: bool = False) -> None:
    """Write the record before the first move: a path that cannot be written is refused
    now, not after a whole game, and an existing file is kept unless ``force``."""
    check_folder(path, CANNOT_SAVE)
    check_new_file(path, force, CANNOT_SAVE)
    try:
        write_record(state, path)
    except OSError as exc:
        fail(_("{cannot} {path}: {reason}").format(cannot=_(CANNOT_SAVE), path=path,
                                                   reason=exc.strerror or exc))


def _keep(state: State, path: str | None) -> None:
    if path is None:
        return
    try:
        write_record(state, path)
    except OSError as exc:
        typer.echo("patience: " + _("could not save the game to {path}: {reason}").format(
            path=path, reason=exc.strerror or exc), err=True)


def play_loop(state: State, save: str | None = None, console: Console | None = None,
              read: Callable[[str], str] = input, peeking: bool = False) -> None:
    """Play until won, lost or quit; with ``save``, call ``start_record`` first. ``console``
    and ``read`` are where the table is shown and the player's lines come from; with
    ``peeking`` hints look at the face-down cards."""
    table = Table(console)
    redo: list[Move] = []  # moves undone, the next to redo last
    # peeking: a hinted winning line is followed without a new search
    hinter = Hinter() if peeking else None
    lost_said = False  # the loss is told once, when it comes
    if not table.live:
        table.say(help_text(state, peeking))
    try:
        with table:
            while True:
                if state.status == "won":
                    table.finish(state, "\n" + ngettext(
                        "You won! ({n} move)", "You won! ({n} moves)", state.moves_played)
                        .format(n=state.moves_played))
                    return
                moves = state.legal_moves()  # none once lost: only undo is left
                if state.status == "lost" and not lost_said:
                    table.say(_(LOST) + " " + _("u takes back the last move, q quits."))
                lost_said = state.status == "lost"
                table.draw(state, moves, keys_line(state))
                try:
                    answer = read(_("move> ")).strip()
                except EOFError:
                    answer = "q"
                if answer.lower() in ("q", "quit", "exit"):
                    if state.status == "lost":
                        table.finish(state, "\n" + _(LOST) + " " + moves_said(state))
                    return
                if answer:
                    before = state.moves_played
                    _answer(state, table, moves, redo, answer, read, hinter)
                    if state.moves_played != before:  # every answer moves at most one step
                        _keep(state, save)
    finally:
        if save:
            _keep(state, save)
            typer.echo(_("record saved to {path}").format(path=save))


def _answer(state: State, table: Table, moves: list[Move], redo: list[Move], answer: str,
            read: Callable[[str], str], hinter: Hinter | None) -> None:
    """Do what the player typed and say what happened, in words."""
    word = answer.lower()
    if word in ("u", "undo"):
        try:
            undone = state.undo()
            redo.append(undone)
            table.say(_("undone: {move}").format(move=words.describe(state, undone)))
        except IllegalMove as exc:
            table.say(_refusal(state, exc))
    elif word in ("r", "redo"):
        if not redo:
            table.say(_("nothing to redo: no move has been undone since the last new move"))
            return
        table.say(_("redone: {move}").format(move=_play(state, redo.pop())))
    elif word == "rules":
        lang = i18n.language()
        table.page(state.game.rules_text() if lang == "en" else rules_text(state.game.id, lang),
                   read)
    elif word in ("h", "hint"):
        if hinter is None:
            _careful(state, table, moves)
        else:
            _hint(state, table, moves, hinter)
    elif word in ("m", "moves"):
        table.page(all_moves([words.describe(state, move) for move in moves]), read)
    elif word in ("?", "help"):
        table.say(help_text(state, hinter is not None))
    elif answer.isdigit() and not moves:
        table.say(_("there is no move {number}: no move is left; u takes back the last move")
                  .format(number=answer))
    elif answer.isdigit() and not 1 <= int(answer) <= len(moves):
        table.say(_("there is no move {number}: ").format(number=answer)
                  + (_("the only move is 1") if len(moves) == 1
                     else _("choose 1 to {last}").format(last=len(moves))))
    else:
        wanted: Move | None = None
        try:
            wanted = (moves[int(answer) - 1] if answer.isdigit()
                      else typed.read_move(state, answer))
            played = state.to_move(state.resolve(wanted))
            said = _play(state, played)
        except typed.Unreadable as exc:
            table.say(str(exc))
            return
        except IllegalMove as exc:
            table.say(_("illegal: {reason}").format(reason=_refusal(state, exc, wanted)))
            return
        if redo and redo[-1] == played:
            redo.pop()  # the same move as the one undone: the rest can still be redone
        else:
            redo.clear()
        table.say(_("played: {move}").format(move=said))


def _refusal(state: State, exc: IllegalMove, move: Move | None = None) -> str:
    """Why a move (None: an undo) was refused: the engine's reason in plain words, which are
    English; in another language, the reason worked out again (``refusals``)."""
    if isinstance(exc, typed.Said):
        return str(exc)
    if i18n.language() != "en":
        return (refusal(state, move, exc) if move is not None
                else _("nothing to undo: no move has been played"))
    return words.plain(state, str(exc))


def _play(state: State, move: Move) -> str:
    """Play a legal ``move`` and say it in words, read on the position it is played from."""
    said = words.describe(state, move)
    state.play(move)
    return said


def _careful(state: State, table: Table, moves: list[Move]) -> None:
    """The careful player's hint in words, with the number that plays its move."""
    found = careful_hint(state, seed=CAREFUL_SEED, samples=CAREFUL_SAMPLES,
                         max_seconds=CAREFUL_SECONDS)
    said = words.describe(state, found.move) if found.move is not None else ""
    number = (_(" Type {number} to play it.").format(number=moves.index(found.move) + 1)
              if found.move in moves else "")
    table.say(_("hint: {hint}").format(hint=hint_words.careful_words(found, said)) + number)


def _hint(state: State, table: Table, moves: list[Move], hinter: Hinter) -> None:
    """The exact hint in words, labelled as looking at the face-down cards, with the number
    that plays its move (or the guess's)."""
    found = hinter.hint(state)
    english = i18n.language() == "en"
    # the solver's reason names piles by id, in English: in words, or left out
    said = (words.plain(state, found.message) if english
            else hint_words.solver_reason(found.message))
    if found.move is not None:  # the message says what the move does, not the move
        move = words.describe(state, found.move)
        named = f'"{move}"' if found.move.action is not None else move  # an action, quoted
        said = (_("play {move}: {why}").format(move=named, why=said) if said
                else _("play {move}").format(move=named))
    elif not said:
        said = _("no proved line found")
    told = (_("hint, looking at the face-down cards: {hint}").format(hint=said)
            + _type(moves, found.move))
    if found.guess is not None:  # nothing proved: the practical player's move
        told += ("\n" + _("a guess, not a proved line: {move}").format(
            move=words.describe(state, found.guess)) + _type(moves, found.guess))
    table.say(told)  # one message, both lines kept under the board


def _type(moves: list[Move], move: Move | None) -> str:
    if move not in moves:
        return ""
    return _("; type {number} to play it").format(number=moves.index(move) + 1)
