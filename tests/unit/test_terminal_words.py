"""The terminal speaks a player's words: no pile id (``col5``, ``ray3.1``, ``found2``) and no
move notation (``7S:col5>col1``) in `patience play`, `patience show`, `solve` or `analyse`,
in any game with any option, whatever is typed."""

from __future__ import annotations

import importlib
import io
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import patience
from patience.cli import app
from patience.cli.play import play_loop
from patience.engine.state import State
from patience.text import render

runner = CliRunner()
NOTATION = re.compile(r"\w+>\w+|[A2-9TJQK][SHDC]:\w|\w\[\d+\]>")


def variants() -> list[tuple[str, dict[str, Any]]]:
    """Every game with its defaults, and with each other choice of each option."""
    out: list[tuple[str, dict[str, Any]]] = []
    for game in patience.list_games():
        out.append((game.id, {}))
        for spec in game.option_specs:
            out += [(game.id, {spec.name: c}) for c in spec.choices if c != spec.default
                    and not (spec.name == "reserve_size" and c not in (1, 26))]
    return out


VARIANTS = variants()
IDS = [f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}" for g, o in VARIANTS]


def pile_ids(state: State) -> re.Pattern[str]:
    """Every pile id of the state that is not a plain English word (``stock``, ``talon``,
    ``toad`` are words; ``col5``, ``ace-S``, ``ray3.1`` are ids), as whole words."""
    ids = [p for p in state.to_dict()["piles"] if not re.fullmatch(r"[a-z]+", p)]
    assert ids
    alternatives = "|".join(re.escape(p) for p in sorted(ids, key=len, reverse=True))
    return re.compile(rf"(?<![\w.-])(?:{alternatives})(?![\w-]|\.\d)")


def assert_plain(state: State, text: str) -> None:
    found = pile_ids(state).search(text)
    assert found is None, text[max(0, found.start() - 200):found.end() + 200]
    notation = NOTATION.search(text)
    assert notation is None, text[max(0, notation.start() - 200):notation.end() + 200]


def small_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hints search briefly: the words matter here, not what the search decides."""
    monkeypatch.setattr(importlib.import_module("patience.cli.play"), "CAREFUL_SAMPLES", 4)
    hint_module = importlib.import_module("patience.solver.hint")  # the module, not hint()
    real = hint_module.solve
    monkeypatch.setattr(hint_module, "solve", lambda state, **_: real(
        state, max_nodes=3_000, max_seconds=0.5))


def a_card_alone(state: State) -> str:
    """A card with exactly one legal move, in lowercase; else the first move's number."""
    cards = [m.card for m in state.legal_moves() if m.card]
    alone = [c for c in cards if cards.count(c) == 1]
    return alone[0].lower() if alone else "1"


def an_action(state: State) -> str:
    """An action's name as a player types it: a legal one where there is one."""
    legal = [m.action for m in state.legal_moves() if m.action]
    return (legal or list(state.rules.actions))[0].replace("-", " ")


def a_stuck_card(state: State) -> str:
    """A card that cannot move now: its refusal is said in words."""
    movable = {m.card for m in state.legal_moves() if m.card}
    return next(c for c in ("KS", "QH", "2C", "9D", "5S") if c not in movable).lower()


def an_illegal_notation(state: State) -> str:
    """A move typed in notation (as a script might) that the rules refuse: the engine's
    refusal names the piles, and the terminal must say it in words."""
    legal = {(m.from_pile, m.to_pile) for m in state.legal_moves() if m.card}
    ids = list(state.to_dict()["piles"])
    return next(f"{a}>{b}" for a in ids for b in ids
                if a != b and (a, b) not in legal and state.to_dict()["piles"][a])


def script(state: State) -> Callable[[str], str]:
    """What a player types, each line chosen on the position in front of them: a number,
    a card alone, an action, undo, redo, a hint, a card that cannot move, a word that is
    no move, a refused move in notation, the help, then quit."""
    steps: Iterator[Callable[[], str]] = iter([
        lambda: "1", lambda: a_card_alone(state), lambda: an_action(state), lambda: "u",
        lambda: "r", lambda: "h", lambda: a_stuck_card(state), lambda: "zz",
        lambda: an_illegal_notation(state), lambda: "?", lambda: "q"])
    return lambda _: next(steps)()


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=IDS)
def test_play_in_a_pipe_speaks_words(game: str, options: dict[str, Any],
                                     monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    small_hints(monkeypatch)
    state = patience.get_game(game).new(deal=4, **options)
    play_loop(state, read=script(state))
    out = capsys.readouterr().out
    assert_plain(state, out)
    for said in ("played: ", "undone: ", "redone: ", "hint: ", "illegal: ",
                 "'zz' is not a move here", "Type a move's number"):
        assert said in out, said


@pytest.mark.parametrize("game", [g.id for g in patience.list_games()])
def test_play_on_a_terminal_speaks_words(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    small_hints(monkeypatch)
    state = patience.get_game(game).new(deal=4)
    screen = io.StringIO()
    play_loop(state, console=Console(file=screen, width=80, force_terminal=True,
                                     color_system=None), read=script(state))
    out = screen.getvalue()
    assert_plain(state, out)
    assert "Legal moves:" in out and "played: " in out


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=IDS)
def test_show_names_no_pile_by_its_id(game: str, options: dict[str, Any]) -> None:
    """The picture at the deal and along a game of random moves (seeded, to replay)."""
    flags = [f for name, value in options.items()
             for f in ("-o", f"{name}={str(value).lower()}")]
    result = runner.invoke(app, ["show", game, "--deal", "4", *flags])
    assert result.exit_code == 0, result.output
    state = patience.get_game(game).new(deal=4, **options)
    assert_plain(state, result.stdout)
    chooser = random.Random(4)
    while state.status == "playing" and state.moves_played < 150:
        state.play(chooser.choice(state.legal_moves()))
        assert_plain(state, render(state))


def test_solve_lists_its_moves_in_words() -> None:
    result = runner.invoke(app, ["solve", "star", "--deal", "12"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Star deal 12: won")
    assert "    1. " in result.output and "o'clock base" in result.output  # STR-2
    assert_plain(patience.get_game("star").new(deal=12), result.output)
