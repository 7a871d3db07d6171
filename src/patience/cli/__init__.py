"""The ``patience`` command: a thin Typer front end over the library.

Errors reach the user as one line on stderr (``patience: …``) and exit code 2, never a
traceback or a box: ``Commands`` catches click's usage errors and the library's errors
alike, whether the command runs from the shell or from a test's CliRunner.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from importlib.metadata import version
from typing import Annotated, Any

import typer

import patience
from patience import i18n
from patience.cli import analysis, common, review, table
from patience.cli.common import OptionArg, deal_number, fail, one_line
from patience.cli.help_i18n import (
    Localised,
    LocalisedGroup,
    language_asked,
    only_language,
    usage_words,
)
from patience.cli.play import play_loop, start_record
from patience.cli.serve import serve
from patience.engine.record import RecordError, load_record
from patience.games.texts_i18n import names, rules_text, summary
from patience.i18n import N_, _, ngettext
from patience.storage.database import StorageError
from patience.text import render
from patience.text.common import STATUS


class Commands(LocalisedGroup):
    """Typer's command group, but every error is one line on stderr and exit code 2, and
    the language is chosen before click reads a word (``--help`` is eager)."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             windows_expand_args: bool = True, **extra: Any) -> Any:
        words = list(sys.argv[1:] if args is None else args)
        spoken = i18n.language()
        i18n.use(i18n.chosen(language_asked(words)))  # --lang, else the environment's
        try:
            bare = not words or only_language(words)  # nothing asked: the help page
            code = super().main(args=[*words, "--help"] if bare else words, prog_name="patience",
                                complete_var=complete_var, standalone_mode=False,
                                windows_expand_args=windows_expand_args, **extra)
        except typer.TyperException as exc:  # click's usage errors, as Typer ships them
            message = one_line(usage_words(exc))
            context = getattr(exc, "ctx", None)
            if exc.exit_code == 2 and context is not None:
                message += _(" (see '{command} --help')").format(command=context.command_path)
            typer.echo(f"patience: {message}", err=True)
            code = exc.exit_code
        except typer.Abort:
            code = 1
        except (ValueError, KeyError, OSError, StorageError) as exc:  # the library's words
            typer.echo(f"patience: {one_line(str(exc))}", err=True)
            code = 2
        finally:
            i18n.use(spoken)  # a command in a test process leaves the language as it was
        if not standalone_mode:
            return code
        sys.exit(code if isinstance(code, int) else 0)


app = typer.Typer(help=N_("Nine old decorative patience games: play, show, replay, solve, "
                          "analyse, stats."),
                  no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False,
                  cls=Commands)

app.command(cls=Localised, help=N_("Serve the web app: open http://HOST:PORT/ in a "
                                   "browser."))(serve)


def _print_version(asked: bool) -> None:
    if asked:
        typer.echo(f"patience {version('patience')} ({common.native_search_words()})")
        raise typer.Exit()


@app.callback()
def _options(
    show_version: Annotated[bool, typer.Option(
        "--version", callback=_print_version, is_eager=True,
        help=N_("Print the installed version and exit."))] = False,
    lang: Annotated[str | None, typer.Option(
        "--lang", help=N_("Language: en, ru or hu (default: from LANG, else English)."))] = None,
) -> None:
    """Options of ``patience`` itself, given before any command."""
    if lang is not None:
        i18n.use(i18n.chosen(lang))

JsonFlag = Annotated[bool, typer.Option("--json", help=N_("Print data as JSON."))]


@app.command(cls=Localised, help=N_("List the games with their decks and options."))
def games(as_json: JsonFlag = False) -> None:
    """``patience games``: names and summaries in the language spoken."""
    lang = i18n.language()
    local = lang != "en"
    rows: list[dict[str, Any]] = [
        {"id": g.id, "name": names(lang).games[g.id] if local else g.name, "decks": g.decks,
         "options": dict(g.options), "summary": summary(g.id, lang) if local else g.summary}
        for g in patience.list_games()
    ]
    if as_json:
        common.print_json(rows)
        return
    for row in rows:
        opts = ", ".join(f"{k}={common.show_value(v)}" for k, v in row["options"].items())
        decks = (ngettext("{n} deck", "{n} decks", row["decks"]).format(n=row["decks"])
                 if local else f"{row['decks']} deck(s)")
        typer.echo(f"{row['id']:<12} {row['name']:<16} {decks}"
                   + (_("  options: {options}").format(options=opts) if opts else ""))
        typer.echo(f"{'':<12} {row['summary']}")


app.command("list", hidden=True, cls=Localised,
            help=N_("List the games (as games does)."))(games)


@app.command(cls=Localised, help=N_("Print the rules of GAME in the project's own words."))
def rules(game: str) -> None:
    """``patience rules``: the English text, or the translated one (``texts/<lang>``)."""
    found = common.find_game(game)
    lang = i18n.language()
    typer.echo(found.rules_text() if lang == "en" else rules_text(found.id, lang))


@app.command(cls=Localised, help=N_("Show the layout of a deal as a text picture (or its "
                                    "state as JSON)."))
def show(
    game: str,
    deal: Annotated[int, typer.Option(help=N_("Deal number."), parser=deal_number)] = 1,
    option: OptionArg = None,
    as_json: JsonFlag = False,
) -> None:
    """``patience show``: the board as ``text`` draws it."""
    state = common.new_state(game, deal, option)
    if as_json:
        common.print_json(state.to_dict())
    else:
        table.show(render(state))


@app.command(cls=Localised, help=N_(
    "Play GAME in the terminal: numbered legal moves, u = undo, r = redo, h = hint (the "
    "careful player's move and its chance, from the cards you see), q = quit."))
def play(
    game: str,
    deal: Annotated[int | None, typer.Option(help=N_("Deal number (random if left out)."),
                                             parser=deal_number)] = None,
    option: OptionArg = None,
    save: Annotated[str | None, typer.Option(
        help=N_("Keep the game record in this file, written after every move."))] = None,
    force: Annotated[bool, typer.Option(
        "--force", help=N_("Let --save write over an existing file."))] = False,
    peeking_hints: Annotated[bool, typer.Option(
        "--peeking-hints", help=N_("Hints may look at the face-down cards: the exact "
                                   "solver's move instead of the careful player's, which "
                                   "sees only what you see."))] = False,
) -> None:
    """``patience play``: the table loop of ``play.py``."""
    if deal is None:
        deal = common.random_deal()
    state = common.new_state(game, deal, option)
    if save:
        start_record(state, save, force)
    play_loop(state, save, peeking=peeking_hints)


@app.command("replay", cls=Localised,
             help=N_("Check a game record move by move and print the outcome."))
def replay_cmd(path: str, as_json: JsonFlag = False) -> None:
    """``patience replay``: every move checked, as ``common.replayed`` does."""
    try:
        state = common.replayed(load_record(path))
    except RecordError as exc:
        fail(str(exc))
    result: dict[str, Any] = {"game": state.game.id, "moves": state.moves_played,
                              "status": state.status}
    if as_json:
        common.print_json({**result, "state": state.to_dict()})
    else:
        table.show(render(state))
        status = _(STATUS.get(state.status, state.status))
        typer.echo("\n" + ngettext("record is valid: {n} move, {status}",
                                   "record is valid: {n} moves, {status}",
                                   state.moves_played).format(n=state.moves_played,
                                                              status=status))


app.command("solve", cls=Localised, help=analysis.SOLVE_HELP)(analysis.solve_cmd)
app.command("stats", cls=Localised, help=analysis.STATS_HELP)(analysis.stats_cmd)
app.command("analyse", cls=Localised, help=review.ANALYSE_HELP)(review.analyse_cmd)


def main() -> None:
    """Console-script entry point."""
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)


__all__ = ["app", "main"]
