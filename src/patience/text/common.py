"""Shared pieces of the text pictures."""

from __future__ import annotations

import textwrap
from typing import Any

from patience.engine.game import Game
from patience.engine.state import State
from patience.games.texts_i18n import names
from patience.i18n import N_, _, language
from patience.words import card_words, pile_names

EMPTY = ".."
BACK = "##"
WIDTH = 80  # every picture fits a classic terminal
STATUS = {"playing": N_("playing"), "won": N_("won"), "lost": N_("lost")}


def board_data(state: State) -> dict[str, Any]:
    """``state.to_dict()`` with every card named as the moves' words name it (10♦, not TD),
    so that the board and the list of moves read alike; face-down cards are drawn ``##``."""
    data = state.to_dict()
    data["piles"] = {pid: [card_words(code) for code in codes]
                     for pid, codes in data["piles"].items()}
    return data


def cards(codes: list[str], face_down: int = 0) -> str:
    """A pile written bottom to top, face-down cards as ``##``; ``..`` when empty."""
    if not codes:
        return EMPTY
    return " ".join([BACK] * face_down + codes[face_down:])


def top(codes: list[str], face_down: int = 0) -> str:
    """Only the top card (what a squared pile shows), or ``##``/``..``."""
    if not codes:
        return EMPTY
    return BACK if len(codes) <= face_down else codes[-1]


def stock(codes: list[str]) -> str:
    return f"{BACK} ({len(codes)})" if codes else f"{EMPTY} (0)"


def game_name(state: State | Game) -> str:
    """The game's name in the language spoken now (``texts/names.toml``)."""
    game = state.game if isinstance(state, State) else state
    lang = language()
    return game.name if lang == "en" else names(lang).games.get(game.id, game.name)


def header(state: State, extra: dict[str, Any] | None = None) -> str:
    """The game, the deal, its status and moves, and the game's own ``extra`` counters
    (their labels marked for the catalog where they are written)."""
    origin = (_("deal {number}").format(number=state.deal) if state.deal is not None
              else _("explicit deck"))
    parts = [f"{game_name(state)} — {origin}",
             _("status: {status}").format(status=_(STATUS.get(state.status, state.status))),
             _("moves: {moves}").format(moves=state.moves_played)]
    parts += [f"{_(k)}: {v}" for k, v in (extra or {}).items()]
    lines = [parts[0]]
    for part in parts[1:]:
        if len(lines[-1]) + 3 + len(part) > WIDTH:
            lines.append(part)
        else:
            lines[-1] += " | " + part
    return "\n".join(lines)


def fit(first: str, text: str, indent: int | None = None) -> list[str]:
    """``first`` then ``text`` as lines of at most ``WIDTH`` characters, broken between
    words; the lines after the first are indented by ``indent`` (``len(first)`` if None)."""
    rest = " " * (len(first) if indent is None else indent)
    return textwrap.wrap(text, WIDTH, initial_indent=first, subsequent_indent=rest,
                         break_long_words=False, break_on_hyphens=False) or [first.rstrip()]


def flow(cells: list[str], first: str = "", gap: str = "   ") -> list[str]:
    """``cells`` side by side after ``first``, ``gap`` between two, in lines of at most
    ``WIDTH``, indented under ``first``; a cell is broken only where it is longer than a
    line (between words)."""
    lines = [first.rstrip()] if first else []
    for cell in cells:
        if lines and len(lines[-1]) + len(gap) + len(cell) <= WIDTH:
            lines[-1] += gap + cell
        else:
            lines += fit("  ", cell)
    return lines or [""]


def generic(state: State) -> str:
    """Fallback: every pile on its own line, named in a player's words."""
    data = board_data(state)
    names = {pid: name.removeprefix("the ") for pid, name in pile_names(state).items()}
    width = max(len(names.get(p, p)) for p in data["piles"])
    lines = [header(state)]
    for pid, codes in data["piles"].items():
        lines.append(f"{names.get(pid, pid):>{width}}  "
                     f"{cards(codes, data['face_down'].get(pid, 0))}")
    return "\n".join(lines)
