"""`patience play` as a terminal game: red suits, the board redrawn in place with the last
message under it, redo, moves typed in any case, a help example legal in the game at hand,
every board within 80 columns, and hints that follow the line they found."""

from __future__ import annotations

import importlib
import io
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import patience
from patience import words
from patience.cli import app
from patience.cli.play import play_loop
from patience.cli.table import move_columns
from patience.deals import MASK64
from patience.engine.state import State
from patience.text import render

GAMES = [g.id for g in patience.list_games()]
CLEAR = "\x1b[2J\x1b[H"  # what rich writes to redraw the screen from the top
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
runner = CliRunner()


def run(*args: str, stdin: str) -> str:
    result = runner.invoke(app, list(args), input=stdin)
    assert result.exit_code == 0, result.output
    return result.stdout


def on_a_terminal(state: State, typed: list[str]) -> str:
    """Play ``typed`` on a table that believes it is a colour terminal; its whole output."""
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, color_system="standard", width=80)
    lines: Iterator[str] = iter(typed)

    def read(prompt: str) -> str:
        out.write(prompt)
        return next(lines)

    play_loop(state, console=console, read=read)
    return out.getvalue()


def frames(output: str) -> list[str]:
    """Each screen drawn, without colour codes: the first is the opening board."""
    return [ANSI.sub("", frame) for frame in output.split(CLEAR)[1:]]


def test_hearts_and_diamonds_are_red_on_a_colour_terminal_and_plain_in_a_pipe() -> None:
    state = patience.get_game("blockade").new(deal=1)
    shown = [words.card_words(cards[-1]) for pid, cards in state.to_dict()["piles"].items()
             if pid.startswith("col")]
    red = [card for card in shown if card[-1] in "♥♦"]
    black = [card for card in shown if card[-1] in "♠♣"]
    assert red and black
    output = on_a_terminal(state, ["q"])
    for card in red:
        assert f"\x1b[31m{card}\x1b[0m" in output
    for card in black:
        assert f"\x1b[31m{card}" not in output and card in output
    assert "\x1b[" not in run("play", "blockade", "--deal", "1", stdin="q\n")


def test_the_last_message_stays_under_the_board_until_the_next_input() -> None:
    state = patience.get_game("star").new(deal=2)
    first = words.describe(state, state.legal_moves()[0])
    opening, refused, redrawn, played = frames(on_a_terminal(state, ["bogus move", "", "1",
                                                                     "q"]))
    assert "is not a move here" not in opening
    for screen in (refused, redrawn):  # an empty line redraws and keeps the message
        assert (screen.index("6 o'clock") < screen.index("Legal moves:")
                < screen.index("'bogus move' is not a move here"))
    assert "is not a move here" not in played and f"played: {first}" in played
    assert "moves: 1" in played  # redrawn in place: the board shows the move just played


def test_moves_and_commands_are_read_in_lowercase(tmp_path: Path) -> None:
    """Notation is not shown to a player, but a script may still type it, in any case."""
    state = patience.get_game("sun").new(deal=1)
    move = next(m for m in state.legal_moves() if m.card and m.to_pile != m.to_pile.lower())
    said = words.describe(state, move)
    record = tmp_path / "game.json"
    out = run("play", "sun", "--deal", "1", "--save", str(record),
              stdin=f"{str(move).lower()}\nU\n{move.card.lower()}\nQ\n")
    assert f"played: {said}" in out and f"undone: {said}" in out
    assert out.count(f"played: {said}") == 2  # the card alone, typed in lowercase
    assert json.loads(record.read_text())["moves"] == [move.to_dict()]


def test_an_action_is_typed_by_its_name_or_its_words_in_any_case() -> None:
    """SUN-4: the next arc is dealt by `deal`, which the list words "Deal the next arc"
    (here at any time); SUN-5: the next stage is refused, in words, while the stock holds
    cards."""
    for typed in ("deal", "DEAL", "Deal the next arc", "deal  the NEXT arc"):
        out = run("play", "sun", "--deal", "1", "-o", "deal_when=any", stdin=f"{typed}\nq\n")
        assert "played: Deal the next arc" in out and "moves: 1" in out, typed
    out = run("play", "sun", "--deal", "1", stdin="next stage\nq\n")
    assert ('illegal: "Next stage" is not legal now: stage 2 opens when the stock is empty'
            in out)


def test_a_card_that_can_go_more_than_one_way_asks_for_a_number() -> None:
    state = patience.get_game("open-shop").new(deal=1)
    while True:  # play on until a card may go to more than one place
        moves = state.legal_moves()
        cards = [m.card for m in moves if m.card]
        twice = next((c for c in cards if cards.count(c) > 1), None)
        if twice:
            break
        state.play(moves[0])
    numbers = [str(n) for n, m in enumerate(moves, 1) if m.card == twice]
    listed = ", ".join(numbers[:-1]) + ("," if len(numbers) > 2 else "") + " or " + numbers[-1]
    out = " ".join(frames(on_a_terminal(state, [twice.lower(), "q"]))[-1].split())
    assert (f"illegal: {words.card_words(twice)} can go more than one way: type one of its "
            f"numbers, {listed}") in out


@pytest.mark.parametrize("game", GAMES)
def test_the_help_shows_what_may_be_typed_in_the_position_in_front_of_the_player(
        game: str) -> None:
    """The help's card has exactly one legal move now; its action is one of the game's,
    one legal now where there is one."""
    def alone(state: State) -> set[str | None]:
        cards = [m.card for m in state.legal_moves() if m.card]
        return {c.lower() for c in cards if cards.count(c) == 1} or {None}

    def actions(state: State) -> set[str]:
        legal = {m.action for m in state.legal_moves() if m.action}
        return {a.replace("-", " ") for a in legal or state.rules.actions}

    state = patience.get_game(game).new(deal=5)
    at_start = alone(state), actions(state)
    state.play(state.legal_moves()[0])
    after = alone(state), actions(state)
    out = run("play", game, "--deal", "5", stdin="?\n1\n?\nq\n")
    helps = re.findall(r"Type a move's number.*", out)
    assert len(helps) == 3  # at the start, for "?", and for "?" after one move
    for shown, (cards, named) in zip(helps, [at_start, at_start, after], strict=True):
        card = re.search(r"a card alone such as (\w\w) to play its only move", shown)
        assert (card[1] if card else None) in cards
        action = re.search(r"an action by name such as ([a-z ]+)\.", shown)
        assert action is not None and action[1] in named
    on_screen = frames(on_a_terminal(patience.get_game(game).new(deal=5), ["q"]))[0]
    card = re.search(r"a card such as (\w\w)", on_screen)
    assert (card[1] if card else None) in at_start[0]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("deal", [1, 376, MASK64])
def test_every_board_and_the_whole_screen_fit_80_columns(game: str, deal: int) -> None:
    state = patience.get_game(game).new(deal=deal)
    assert max(len(line) for line in render(state).splitlines()) <= 80
    screen = frames(on_a_terminal(state, ["?", "q"]))[-1]
    assert "Type a move's number" in screen
    assert max(len(line) for line in screen.splitlines()) <= 80


@pytest.mark.parametrize("game", GAMES)
def test_boards_stay_within_80_columns_through_a_whole_game(game: str) -> None:
    """Piles grow in play (Rainbow's arc past its 26 places, RBW-1; Clock's packets): the
    picture still fits. Random legal moves, seeded, so a failure can be replayed."""
    state = patience.get_game(game).new(deal=1)
    chooser = random.Random(1)
    while state.status == "playing" and state.moves_played < 400:
        assert max(len(line) for line in render(state).splitlines()) <= 80, state.history()
        state.play(chooser.choice(state.legal_moves()))
    assert max(len(line) for line in render(state).splitlines()) <= 80


def test_h_follows_the_hinted_line_without_a_new_search(monkeypatch: pytest.MonkeyPatch) -> None:
    hint_module = importlib.import_module("patience.solver.hint")  # the module, not hint()
    first = patience.hint(patience.get_game("clock").new(deal=2)).move
    assert first is not None
    searched: list[int] = []
    real = hint_module.solve

    def solve(state: State, **budgets: Any) -> Any:
        searched.append(state.moves_played)
        return real(state, **budgets)

    monkeypatch.setattr(hint_module, "solve", solve)
    state = patience.get_game("clock").new(deal=2)
    number = state.legal_moves().index(first) + 1
    out = " ".join(run("play", "clock", "--deal", "2", "--peeking-hints",
                       stdin=f"h\n{number}\nh\nq\n").split())
    assert (f"hint, looking at the face-down cards: play {words.describe(state, first)}: it "
            "starts a winning line") in out
    assert f"; type {number} to play it" in out and "winning line found before" in out
    assert set(searched) == {0}  # the second hint came from the line the first one found


def test_h_names_a_hinted_action_once_in_quotes(monkeypatch: pytest.MonkeyPatch) -> None:
    from patience.solver import Hinter
    from patience.solver.hint import Hint

    deal = patience.Move(action="deal")  # SUN-4: the next arc may be dealt at any time
    monkeypatch.setattr(Hinter, "hint", lambda self, state: Hint(
        "move", deal, "it starts a winning line of 3 moves"))
    state = patience.get_game("sun").new(deal=4)
    number = state.legal_moves().index(deal) + 1
    out = " ".join(ANSI.sub("", run("play", "sun", "--deal", "4", "--peeking-hints",
                                    stdin="h\nq\n")).split())
    assert ('hint, looking at the face-down cards: play "Deal the next arc": it starts a '
            f"winning line of 3 moves; type {number} to play it") in out
    assert out.count("Deal the next arc\": it starts") == 1


def test_h_out_of_budget_offers_the_practical_move_as_a_guess(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from patience.solver import SolveResult
    from patience.solver.practical import next_move

    hint_module = importlib.import_module("patience.solver.hint")  # the module, not hint()
    monkeypatch.setattr(hint_module, "solve", lambda s, **_: SolveResult("unknown"))
    state = patience.get_game("shah").new(deal=3)
    out = ANSI.sub("", run("play", "shah", "--deal", "3", "--peeking-hints", stdin="h\nq\n"))
    said = words.describe(state, next_move(state))
    assert "may still be winnable" in out
    assert f"a guess, not a proved line: {said}" in " ".join(out.split())


def test_moves_in_words_take_as_many_columns_as_fit_and_read_downward() -> None:
    short = [f"{n}♣ up" for n in range(2, 10)]
    long = [f"{n}♥ from the XII o'clock packet to the VIII o'clock foundation"
            for n in range(2, 10)]
    mixed = short[:4] + long[:1] + short[4:]  # one long move widens its column only
    for said, rows in ((short, 1), (long, 8), (mixed, 5)):
        lines = move_columns(said, 80)
        assert max(len(line) for line in lines) <= 80
        assert len(lines) == rows
        numbers = [int(n) for n in re.findall(r"(\d+)\)", " ".join(lines))]
        firsts = [int(re.findall(r"(\d+)\)", line)[0]) for line in lines]
        assert firsts == list(range(1, len(lines) + 1))  # the first column reads downward
        assert sorted(numbers) == list(range(1, len(said) + 1))
