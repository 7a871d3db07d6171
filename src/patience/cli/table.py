"""The terminal table: how ``patience play`` shows the board, the legal moves and its words.

On a terminal the board is drawn in place on the alternate screen, hearts and diamonds in
red, and the last message (a move's refusal, a hint) stays below the board until the next
input. When stdout is not a terminal (a pipe, a test) everything is printed in turn, in
plain text, so that scripts can read it.
"""

from __future__ import annotations

from collections.abc import Callable

import typer
from rich.console import Console
from rich.text import Text

from patience import words
from patience.engine.moves import Move
from patience.engine.state import State
from patience.text import render
from patience.text.common import WIDTH

RED_CARD = r"(?<![\w])[A2-9TJQK][HD](?![\w])"  # a heart or diamond code, not part of a word
RED_WORDS = r"(?<![\w])(?:10|[A2-9JQK])[\u2665\u2666]"  # a heart or diamond in words: 7♥
FACE_DOWN = "##"
GAP = 2  # spaces between two columns of moves


def paint(text: str) -> Text:
    """``text`` with the red suits' cards (codes or words) in red; clubs and spades keep
    the default."""
    picture = Text(text)
    picture.highlight_regex(RED_CARD, "red")
    picture.highlight_regex(RED_WORDS, "red")
    picture.highlight_regex(FACE_DOWN, "dim")
    return picture


def move_columns(said: list[str], width: int = WIDTH) -> list[str]:
    """The numbered moves (``said``: each in words) in as many columns as fit ``width``,
    read downward; each column as wide as its longest move, so short moves share a line."""
    digits = len(str(len(said)))
    cells = [f"{number:>{digits}}) {move}" for number, move in enumerate(said, 1)]
    if not cells:
        return []
    for across in range(len(cells), 0, -1):
        down = -(-len(cells) // across)
        columns = [cells[start:start + down] for start in range(0, len(cells), down)]
        widths = [max(len(c) for c in column) + GAP for column in columns]
        if sum(widths) - GAP <= width or across == 1:
            break
    return ["".join(column[row].ljust(w) for column, w in zip(columns, widths, strict=True)
                    if row < len(column)).rstrip()
            for row in range(down)]


def show(text: str) -> None:
    """A picture printed once (``patience show``): in colour on a terminal, plain elsewhere."""
    console = Console(highlight=False)
    if console.is_terminal and not console.is_dumb_terminal:
        console.print(paint(text), markup=False, highlight=False, soft_wrap=True)
    else:
        typer.echo(text)


class Table:
    """Where the game is shown: redrawn in place on a terminal, printed in turn elsewhere."""

    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console(highlight=False)
        self.live = self.console.is_terminal and not self.console.is_dumb_terminal
        self.message = ""

    def __enter__(self) -> Table:
        if self.live:
            self.console.set_alt_screen(True)
        return self

    def __exit__(self, *_: object) -> None:
        if self.console.is_alt_screen:
            self.console.set_alt_screen(False)

    def say(self, text: str) -> None:
        """A message for the player: kept below the board on a terminal, printed elsewhere."""
        if self.live:
            self.message = text
        else:
            typer.echo(text)

    def draw(self, state: State, moves: list[Move], keys: str) -> None:
        """The board and the legal moves, with the last message and the keys below them."""
        if not self.live:
            typer.echo("")
            typer.echo(render(state))
            typer.echo("\nLegal moves:")
            for number, move in enumerate(moves, 1):
                typer.echo(f"  {number:>3}) {words.describe(state, move)}")
            return
        self.console.clear()
        self._print(render(state))
        if moves:
            self._print("\nLegal moves:")
            said = [words.describe(state, move) for move in moves]
            self._print("\n".join(move_columns(said, self.console.width)))
        self._print(f"\n{self.message}" if self.message else "", wrap=True)
        self.console.print(keys, style="dim", markup=False, highlight=False)

    def page(self, text: str, read: Callable[[str], str]) -> None:
        """A long text (the rules) on a screen of its own until Enter, on a terminal."""
        if not self.live:
            typer.echo(text)
            return
        self.console.clear()
        self.console.print(text, markup=False, highlight=False)
        read("Press Enter to go back to the table. ")

    def finish(self, state: State, text: str) -> None:
        """The last board and the last words, left on the ordinary screen after the game."""
        if self.live:
            self.__exit__()
            self._print(render(state))
            self._print(f"\n{text}", wrap=True)
        else:
            typer.echo(text)

    def _print(self, text: str, wrap: bool = False) -> None:
        """Pictures are printed as they are (they fit 80 columns); words wrap between words."""
        self.console.print(paint(text), markup=False, highlight=False, soft_wrap=not wrap)
