"""Playing in the terminal: the picture, numbered legal moves, undo, quit."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from patience.engine.moves import IllegalMove
from patience.engine.state import State
from patience.solver.hint import hint
from patience.text import render

HELP = ("Type a move's number or its notation (QS:ray3>king-S), an action's name, "
        "u to undo, h for a hint, r to show the rules, ? for this help, q to quit.")


def play_loop(state: State, save: str | None = None) -> None:
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
            except IllegalMove as exc:
                typer.echo(f"illegal: {exc}")
    finally:
        if save:
            Path(save).write_text(json.dumps(state.record(), indent=1), "utf-8")
            typer.echo(f"record saved to {save}")
