"""Helpers shared by the CLI commands: option parsing, errors, JSON output."""

from __future__ import annotations

import json
import random
from typing import Annotated, Any, NoReturn

import typer

import patience
from patience.engine.game import OptionError

OptionArg = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A rule option as NAME=VALUE (repeatable)."),
]


def fail(message: str, code: int = 2) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def print_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


def show_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def find_game(game_id: str) -> patience.Game:
    try:
        return patience.get_game(game_id)
    except patience.UnknownGame as exc:
        fail(str(exc))


def parse_options(game: patience.Game, pairs: list[str] | None) -> dict[str, Any]:
    """``["redeals=5"]`` -> ``{"redeals": 5}``, checked against the game's options."""
    specs = {o.name: o for o in game.option_specs}
    out: dict[str, Any] = {}
    for pair in pairs or []:
        name, sep, text = pair.partition("=")
        name = name.strip().replace("-", "_")
        if not sep:
            fail(f"write options as NAME=VALUE, got {pair!r}")
        if name not in specs:
            known = ", ".join(specs) or "none"
            fail(f"{game.id} has no option {name!r} (its options: {known})")
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
