"""Playing in the terminal: the picture, numbered legal moves, undo, quit.

With ``--save`` the record file is written before the first move and again after every
change, each time as a whole new file renamed over the old one, so a game cut short (a
closed terminal, ``kill -9``) is kept up to its last move and the file is never half written.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path

import typer

from patience.cli.common import fail
from patience.engine.moves import IllegalMove
from patience.engine.state import State
from patience.solver.hint import hint
from patience.text import render

HELP = ("Type a move's number or its notation (QS:ray3>king-S), an action's name, "
        "u to undo, h for a hint, r to show the rules, ? for this help, q to quit.")


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


def play_loop(state: State, save: str | None = None) -> None:
    """Play until won, lost or quit; with ``save``, call ``start_record`` first."""
    typer.echo(HELP)
    try:
        while True:
            typer.echo("")
            typer.echo(render(state))
            if state.status != "playing":
                word = "You won!" if state.status == "won" else "No move is left: the game is lost."
                typer.echo(f"\n{word} ({state.moves_played} moves)")
                return
            moves = state.legal_moves()
            typer.echo("\nLegal moves:")
            for number, move in enumerate(moves, 1):
                typer.echo(f"  {number:>3}) {move}")
            try:
                answer = input("move> ").strip()
            except EOFError:
                return
            if answer in ("q", "quit", "exit"):
                return
            if not answer:
                continue
            if answer in ("u", "undo"):
                try:
                    typer.echo(f"undone: {state.undo()}")
                    _keep(state, save)
                except IllegalMove as exc:
                    typer.echo(str(exc))
                continue
            if answer in ("r", "rules"):
                typer.echo(state.game.rules_text())
                continue
            if answer in ("h", "hint"):
                advice = hint(state)
                typer.echo(f"hint: {advice.message}")
                continue
            if answer in ("?", "help"):
                typer.echo(HELP)
                continue
            try:
                if answer.isdigit():
                    index = int(answer) - 1
                    if not 0 <= index < len(moves):
                        typer.echo(f"there is no move {answer}: choose 1 to {len(moves)}")
                        continue
                    played = state.play(moves[index])
                else:
                    played = state.play(answer)
                typer.echo(f"played: {played}")
                _keep(state, save)
            except IllegalMove as exc:
                typer.echo(f"illegal: {exc}")
    finally:
        if save:
            _keep(state, save)
            typer.echo(f"record saved to {save}")
