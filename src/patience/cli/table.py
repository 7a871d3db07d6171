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

from patience.engine.moves import Move
from patience.engine.state import State
from patience.text import render
from patience.text.common import WIDTH

RED_CARD = r"(?<![\w])[A2-9TJQK][HD](?![\w])"  # a heart or diamond code, not part of a word
FACE_DOWN = "##"


def paint(text: str) -> Text:
    """``text`` with the red suits' card codes in red; clubs and spades keep the default."""
    picture = Text(text)
    picture.highlight_regex(RED_CARD, "red")
    picture.highlight_regex(FACE_DOWN, "dim")
    return picture


def move_columns(moves: list[Move], width: int = WIDTH) -> list[str]:
    """The numbered moves laid out in as many columns as fit ``width``, read downward."""
    cells = [f"{number:>3}) {move}" for number, move in enumerate(moves, 1)]
    if not cells:
        return []
    cell = max(len(c) for c in cells) + 2
    across = max(1, min(len(cells), width // cell))
    down = -(-len(cells) // across)
    return ["".join(cells[i].ljust(cell) for i in range(row, len(cells), down)).rstrip()
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

    def say(self, words: str) -> None:
        """A message for the player: kept below the board on a terminal, printed elsewhere."""
        if self.live:
            self.message = words
        else:
            typer.echo(words)

    def draw(self, state: State, moves: list[Move], keys: str) -> None:
        """The board and the legal moves, with the last message and the keys below them."""
        if not self.live:
            typer.echo("")
            typer.echo(render(state))
            typer.echo("\nLegal moves:")
            for number, move in enumerate(moves, 1):
                typer.echo(f"  {number:>3}) {move}")
            return
        self.console.clear()
        self._print(render(state))
        if moves:
            self._print("\nLegal moves:")
            self._print("\n".join(move_columns(moves, self.console.width)))
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

    def finish(self, state: State, words: str) -> None:
        """The last board and the last words, left on the ordinary screen after the game."""
        if self.live:
            self.__exit__()
            self._print(render(state))
            self._print(f"\n{words}", wrap=True)
        else:
            typer.echo(words)

    def _print(self, text: str, wrap: bool = False) -> None:
        """Pictures are printed as they are (they fit 80 columns); words wrap between words."""
        self.console.print(paint(text), markup=False, highlight=False, soft_wrap=not wrap)
