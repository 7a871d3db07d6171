"""The terminal table: how ``patience play`` shows the board, the legal moves and its words.

On a terminal the board is drawn in place on the alternate screen, hearts and diamonds in
red, and the last message (a move's refusal, a hint) stays below the board until the next
input. When stdout is not a terminal (a pipe, a test) everything is printed in turn, in
plain text, so that scripts can read it.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable

import typer
from rich.console import Console
from rich.text import Text

from patience import words
from patience.engine.moves import Move
from patience.engine.state import State
from patience.i18n import _, ngettext
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


def frame(state: State, said: list[str], message: str, keys: list[str], width: int,
          height: int) -> list[str]:
    """The lines of one screen above the prompt, at most ``height - 1``: the board as the
    book draws it when everything fits, else the compact board and no blank lines; the
    moves that do not fit are left to ``m``, which lists them all."""
    told = [row for line in message.splitlines()
            for row in (textwrap.wrap(line, width, break_on_hyphens=False) or [""])]
    listed = move_columns(said, width)
    full = [*render(state).splitlines(), *(["", _("Legal moves:"), *listed] if said else []),
            "", *told, *keys]
    if len(full) < height:
        return full
    board = render(state, compact=True).splitlines()
    room = height - 1 - len(board) - len(told) - len(keys) - (1 if said else 0)
    shown = len(said)
    while shown and len(move_columns(said[:shown], width)) > room - (shown < len(said)):
        shown -= 1
    if said and not shown:  # no room for a move: one line says how many there are
        return [*board, ngettext("{n} legal move: type m to list it",
                                 "{n} legal moves: type m to list them",
                                 len(said)).format(n=len(said)), *told, *keys]
    listed = move_columns(said[:shown], width)
    if shown < len(said):
        rest = (_("move {first}").format(first=shown + 1) if shown + 1 == len(said)
                else _("moves {first} to {last}").format(first=shown + 1, last=len(said)))
        listed.append(_("… {rest}: type m to list them all").format(rest=rest))
    return [*board, *([_("Legal moves:"), *listed] if said else []), *told, *keys]


def all_moves(said: list[str]) -> str:
    """Every legal move, numbered, one a line: what ``m`` shows."""
    return _("Legal moves:") + "\n" + "\n".join(f"{n:>3}) {move}" for n, move in enumerate(said, 1))


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
        """The board and the legal moves, with the last message and the keys below them,
        all within the terminal's height (``frame``)."""
        if not self.live:
            typer.echo("")
            typer.echo(render(state))
            typer.echo("\n" + _("Legal moves:"))
            for number, move in enumerate(moves, 1):
                typer.echo(f"  {number:>3}) {words.describe(state, move)}")
            return
        said = [words.describe(state, move) for move in moves]
        lines = frame(state, said, self.message, keys.splitlines(), self.console.width,
                      self.console.height)
        self.console.clear()
        self._print("\n".join(lines[:-len(keys.splitlines())]))
        self.console.print("\n".join(lines[-len(keys.splitlines()):]), style="dim",
                           markup=False, highlight=False, soft_wrap=True)

    def page(self, text: str, read: Callable[[str], str]) -> None:
        """A long text (the rules, every legal move) on a screen of its own, a screenful at
        a time, until the player goes back to the table, on a terminal."""
        if not self.live:
            typer.echo(text)
            return
        lines = [row for line in text.splitlines()
                 for row in (textwrap.wrap(line, self.console.width) or [""])]
        step = max(1, self.console.height - 1)
        for start in range(0, len(lines), step):
            self.console.clear()
            self.console.print("\n".join(lines[start:start + step]), markup=False,
                               highlight=False, soft_wrap=True)
            if start + step >= len(lines):
                read(_("Press Enter to go back to the table. "))
            elif read(_("Enter: more ({shown} of {lines} lines), q: back to the table. ")
                      .format(shown=start + step, lines=len(lines))).strip().lower() == "q":
                return

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
