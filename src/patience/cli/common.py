"""Helpers shared by the CLI commands: argument types, option parsing, errors, JSON output.

Every error reaches the user as one line on stderr, ``patience: …``, and exit code 2: a bad
argument is refused by its type (``WholeNumber``, ``Seconds``) before the command runs, and a
command refuses what only it can check with ``fail``.
"""

from __future__ import annotations

import json
import math
import random
import re
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

import patience
from patience import native, words
from patience.deals import MASK64
from patience.engine.game import OptionError
from patience.engine.moves import IllegalMove, Move
from patience.engine.record import RecordError, replay
from patience.i18n import N_, _, language
from patience.native import MAX_NODES
from patience.refusals import refusal

OptionArg = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help=N_("A rule option as NAME=VALUE (repeatable).")),
]


def native_search_words() -> str:
    """Whether the native search is built and on, said where a user sees it (pip hides
    what ``setup.py`` prints during a build)."""
    if not native.built():
        return _("native search not built (no Rust toolchain, cargo, at install): hints and "
                 "statistics are slower; install cargo and run pip install -e . again")
    if not native.available():
        return _("native search built, switched off by PATIENCE_NATIVE=0: hints and "
                 "statistics are slower")
    return _("native search built")


def one_line(message: str) -> str:
    return " ".join(message.split())


def fail(message: str, code: int = 2) -> NoReturn:
    """Say ``message`` as one line on stderr and stop with ``code``."""
    typer.echo(f"patience: {one_line(message)}", err=True)
    raise typer.Exit(code)


def _whole(value: Any, low: int, high: int | None, what: str) -> int:
    """``value`` as a whole number from ``low`` to ``high``, refused in words."""
    span = (_("at least {low}").format(low=low) if high is None
            else _("from {low} to {high}").format(low=low, high=high))
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    else:
        text = str(value).strip()
        if not re.fullmatch(r"-?[0-9]{1,30}", text):
            shown = text if len(text) <= 20 else text[:20] + "…"
            raise typer.BadParameter(_("{shown} is not {what} ({span})").format(
                shown=repr(shown), what=_(what), span=span))
        number = int(text)
    if number < low or (high is not None and number > high):
        raise typer.BadParameter(_("{what} is {span}, not {number}").format(
            what=_(what), span=span, number=number))
    return number


def deal_number(value: Any) -> int:
    return _whole(value, 0, MASK64, N_("a deal number"))


def count(value: Any) -> int:
    return _whole(value, 1, None, N_("a count"))


def node_budget(value: Any) -> int:
    return _whole(value, 1, MAX_NODES, N_("a node budget"))


def port_number(value: Any) -> int:
    return _whole(value, 1, 65535, N_("a port number"))


def seconds(value: Any) -> float:
    """A positive, finite number of seconds."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        number = math.nan
    if not 0 < number < math.inf:
        shown = str(value) if len(str(value)) <= 20 else str(value)[:20] + "…"
        raise typer.BadParameter(_("{shown} is not a positive number of seconds").format(
            shown=repr(shown)))
    return number


def check_folder(path: str, cannot: str) -> None:
    """Refuse a file path whose folder does not exist (a typo is not made into folders)
    or that is a folder itself; ``cannot`` begins the refusal ("cannot save the game to")."""
    target = Path(path)
    if target.is_dir():
        fail(_("{cannot} {path}: it is a folder").format(cannot=_(cannot), path=path))
    if not target.parent.is_dir():
        fail(_("{cannot} {path}: there is no folder {folder}").format(
            cannot=_(cannot), path=path, folder=target.parent))


def check_new_file(path: str, force: bool, cannot: str) -> None:
    """Refuse to write over an existing file unless the user said ``--force``."""
    if not force and Path(path).exists():
        fail(_("{cannot} {path}: the file exists (give --force to overwrite it)").format(
            cannot=_(cannot), path=path))


def print_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


def show_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def find_game(game_id: str) -> patience.Game:
    """The game ``game_id`` names, typed in any case and with ``_`` for ``-``
    (``Open_Shop`` is open-shop); an unknown id is refused as typed."""
    wanted = game_id.strip().lower().replace("_", "-")
    known = {game.id for game in patience.list_games()}
    try:
        return patience.get_game(wanted if wanted in known else game_id)
    except patience.UnknownGame as exc:
        if language() != "en":
            fail(_("no game {name} (games: {games})").format(
                name=repr(game_id), games=", ".join(sorted(known))))
        fail(str(exc))


def parse_options(game: patience.Game, pairs: list[str] | None) -> dict[str, Any]:
    """``["redeals=5"]`` -> ``{"redeals": 5}``, checked against the game's options."""
    specs = {o.name: o for o in game.option_specs}
    out: dict[str, Any] = {}
    for pair in pairs or []:
        name, sep, text = pair.partition("=")
        name = name.strip().replace("-", "_")
        if not sep:
            fail(_("write options as NAME=VALUE, got {pair}").format(pair=repr(pair)))
        if name not in specs:
            known = ", ".join(specs) or _("none")
            fail(_("{game} has no option {name} (its options: {known})").format(
                game=game.id, name=repr(name), known=known))
        try:
            out[name] = specs[name].parse(text)
        except OptionError as exc:
            fail(str(exc))
    return out


def new_state(game_id: str, deal: int, pairs: list[str] | None) -> patience.State:
    game = find_game(game_id)
    options = parse_options(game, pairs)
    try:
        return game.new(deal=deal, **options)
    except ValueError as exc:
        fail(str(exc))


def random_deal() -> int:
    return random.randrange(1, 1_000_000)


def replayed(record: dict[str, Any]) -> patience.State:
    """The state a game record describes, every move checked; a move the rules refuse is
    told in words ("move 3 (2♥ from ray 1 to the clubs' king pile): 2♥ is not in ray 1"),
    anything else wrong with the record as ``replay`` tells it."""
    moves = record.get("moves")
    try:
        state = replay({**record, "moves": []} if isinstance(moves, list) else record)
    except RecordError as exc:
        fail(str(exc))
    for number, move in enumerate(moves or [], 1):
        if not isinstance(move, dict | str):
            break  # not a move at all: ``replay`` says what is wrong with it, below
        try:
            wanted = Move.from_dict(move) if isinstance(move, dict) else Move.parse(move)
        except IllegalMove:
            break
        try:
            state.play(wanted)
        except IllegalMove as exc:
            reason = (words.plain(state, str(exc)) if language() == "en"
                      else refusal(state, wanted, exc))
            fail(_("move {number} ({move}): {reason}").format(
                number=number, move=words.describe(state, wanted), reason=reason))
    else:
        return state
    try:
        return replay(record)
    except RecordError as exc:
        fail(str(exc))
