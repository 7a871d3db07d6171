"""Playing in the terminal: the picture, numbered legal moves, undo and redo, hints, quit.

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

from patience import words
from patience.cli.common import fail
from patience.cli.table import Table
from patience.cli.typed import card_example, example, read_move
from patience.engine.moves import IllegalMove, Move
from patience.engine.state import State
from patience.solver.hint import Hinter


def help_text(state: State) -> str:
    """What may be typed, with a move legal right now as the example of the notation."""
    shown, card = example(state), card_example(state)
    move = f" (for example {shown})" if shown else ""
    alone = f"; a card alone (here {card}) plays its only move" if card else ""
    return (f"Type a move's number or the move itself{move}, an action's name, u to undo, "
            "r to redo, h for a hint, rules to show the rules, ? for this help, q to quit. "
            f"Upper or lower case alike{alone}.")


def keys_line(state: State) -> str:
    """The short reminder under the board on a terminal."""
    shown = example(state)
    move = f"Type a move's number, or the move itself such as {shown}." if shown else ""
    return f"{move}\nu undo · r redo · h hint · rules · ? help · q quit".lstrip()


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


def start_record(state: State, path: str) -> None:
    """Write the record before the first move: a path that cannot be written is refused
    now, not after a whole game."""
    target = Path(path)
    if target.is_dir():
        fail(f"cannot save the game to {path}: it is a folder")
    if not target.parent.is_dir():
        fail(f"cannot save the game to {path}: there is no folder {target.parent}")
    try:
        write_record(state, path)
    except OSError as exc:
        fail(f"cannot save the game to {path}: {exc.strerror or exc}")


def _keep(state: State, path: str | None) -> None:
    if path is None:
        return
    try:
        write_record(state, path)
    except OSError as exc:
        typer.echo(f"patience: could not save the game to {path}: {exc.strerror or exc}",
                   err=True)


def play_loop(state: State, save: str | None = None, console: Console | None = None,
              read: Callable[[str], str] = input) -> None:
    """Play until won, lost or quit; with ``save``, call ``start_record`` first. ``console``
    and ``read`` are where the table is shown and the player's lines come from."""
    table = Table(console)
    redo: list[Move] = []  # moves undone, the next to redo last
    hinter = Hinter()  # a hinted winning line is followed without a new search
    if not table.live:
        table.say(help_text(state))
    try:
        with table:
            while True:
                if state.status != "playing":
                    word = ("You won!" if state.status == "won"
                            else "No move is left: the game is lost.")
                    table.finish(state, f"\n{word} ({state.moves_played} moves)")
                    return
                moves = state.legal_moves()
                table.draw(state, moves, keys_line(state))
                try:
                    answer = read("move> ").strip()
                except EOFError:
                    return
                if answer.lower() in ("q", "quit", "exit"):
                    return
                if answer:
                    before = state.moves_played
                    _answer(state, table, moves, redo, answer, read, hinter)
                    if state.moves_played != before:  # every answer moves at most one step
                        _keep(state, save)
    finally:
        if save:
            _keep(state, save)
            typer.echo(f"record saved to {save}")


def _answer(state: State, table: Table, moves: list[Move], redo: list[Move], answer: str,
            read: Callable[[str], str], hinter: Hinter) -> None:
    """Do what the player typed and say what happened."""
    word = answer.lower()
    if word in ("u", "undo"):
        try:
            undone = state.undo()
            redo.append(undone)
            table.say(f"undone: {undone}")
        except IllegalMove as exc:
            table.say(str(exc))
    elif word in ("r", "redo"):
        if not redo:
            table.say("nothing to redo: no move has been undone since the last new move")
            return
        table.say(f"redone: {state.play(redo.pop())}")
    elif word == "rules":
        table.page(state.game.rules_text(), read)
    elif word in ("h", "hint"):
        found = hinter.hint(state)
        table.say(f"hint: {found.message}")
        if found.guess is not None:  # nothing proved: the practical player's move
            table.say(f"a guess, not a proved line: {words.describe(state, found.guess)}")
    elif word in ("?", "help"):
        table.say(help_text(state))
    elif answer.isdigit() and not 1 <= int(answer) <= len(moves):
        table.say(f"there is no move {answer}: choose 1 to {len(moves)}")
    else:
        try:
            wanted = moves[int(answer) - 1] if answer.isdigit() else read_move(state, answer)
            played = state.play(wanted)
        except IllegalMove as exc:
            table.say(f"illegal: {exc}")
            return
        if redo and redo[-1] == played:
            redo.pop()  # the same move as the one undone: the rest can still be redone
        else:
            redo.clear()
        table.say(f"played: {played}")
