"""The ``patience`` command: a thin Typer front end over the library.

Errors reach the user as one line on stderr and a non-zero exit code, never a traceback.
"""

from __future__ import annotations

import sys
from typing import Annotated, Any

import typer

import patience
from patience.cli import analysis, common
from patience.cli.common import OptionArg, fail
from patience.cli.play import play_loop
from patience.cli.serve import serve
from patience.engine.record import RecordError, load_record, replay
from patience.text import render

app = typer.Typer(help="Nine old decorative patience games: play, show, replay, solve, stats.",
                  no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)

app.command()(serve)

JsonFlag = Annotated[bool, typer.Option("--json", help="Print data as JSON.")]


@app.command()
def games(as_json: JsonFlag = False) -> None:
    """List the games with their decks and options."""
    rows: list[dict[str, Any]] = [
        {"id": g.id, "name": g.name, "decks": g.decks, "options": dict(g.options),
         "summary": g.summary}
        for g in patience.list_games()
    ]
    if as_json:
        common.print_json(rows)
        return
    for row in rows:
        opts = ", ".join(f"{k}={common.show_value(v)}" for k, v in row["options"].items())
        typer.echo(f"{row['id']:<12} {row['name']:<16} {row['decks']} deck(s)"
                   + (f"  options: {opts}" if opts else ""))
        typer.echo(f"{'':<12} {row['summary']}")


@app.command()
def rules(game: str) -> None:
    """Print the rules of GAME in the project's own words."""
    typer.echo(common.find_game(game).rules_text())


@app.command()
def show(
    game: str,
    deal: Annotated[int, typer.Option(help="Deal number.")] = 1,
    option: OptionArg = None,
    as_json: JsonFlag = False,
) -> None:
    """Show the layout of a deal as a text picture (or its state as JSON)."""
    state = common.new_state(game, deal, option)
    if as_json:
        common.print_json(state.to_dict())
    else:
        typer.echo(render(state))


@app.command()
def play(
    game: str,
    deal: Annotated[int | None, typer.Option(help="Deal number (random if left out).")] = None,
    option: OptionArg = None,
    save: Annotated[str | None, typer.Option(help="Write the game record here on exit.")] = None,
) -> None:
    """Play GAME in the terminal: numbered legal moves, u = undo, h = hint, q = quit."""
    if deal is None:
        deal = common.random_deal()
    state = common.new_state(game, deal, option)
    play_loop(state, save)


@app.command("replay")
def replay_cmd(path: str, as_json: JsonFlag = False) -> None:
    """Check a game record move by move and print the outcome."""
    try:
        state = replay(load_record(path))
    except RecordError as exc:
        fail(str(exc))
    result: dict[str, Any] = {"game": state.game.id, "moves": state.moves_played,
                              "status": state.status}
    if as_json:
        common.print_json({**result, "state": state.to_dict()})
    else:
        typer.echo(render(state))
        typer.echo(f"\nrecord is valid: {result['moves']} moves, {result['status']}")


app.command("solve")(analysis.solve_cmd)
app.command("stats")(analysis.stats_cmd)


def main() -> None:
    """Console-script entry point."""
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)
    except (ValueError, KeyError, OSError) as exc:  # library errors say what went wrong
        typer.echo(f"error: {exc}", err=True)
        sys.exit(2)


__all__ = ["app", "main"]
