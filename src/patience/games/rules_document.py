"""docs/rules.md: the nine rules texts in one document, each passage with its clause ids.

The texts that ``patience rules GAME`` prints (``games/texts/*.md``) are the one source,
with ``texts/all-games.md`` for what every game shares, keeps and shows a player:
each passage carries the ids of the clauses it states (``{SUN-3}``), which a player's copy
leaves out and this document shows (``Game.rules_text``). The texts name piles as a player
does; the document adds a table of each game's pile ids, read from its layout, for readers
of the API and the tests. So the document and the player's texts never drift apart; a test
fails when docs/rules.md is not what this module writes.

    python -m patience.games.rules_document [docs/rules.md]
"""

from __future__ import annotations

import argparse
import re
from importlib import resources
from pathlib import Path
from typing import Any

from patience.engine.game import Game
from patience.engine.registry import list_games
from patience.words import pile_name

INTRODUCTION = """\
# The rules of the nine games

The rules as this project plays them, game by game, in the words `patience rules GAME`
prints. Each passage is marked with the ids of the clauses it states (`SUN-3`, `SHA-8`):
the tests name the clause they check by that id, so a reader can go from a rule to its
tests and back. The texts name piles as a player does ("ray 3", "the spades' ace pile");
after each game a table gives the ids the API, saved games and tests use for them (`ray3`,
`ace-S`). Where an old text left room, the project's reading is given here and
argued in [readings.md](readings.md).

Generated from `src/patience/games/texts/*.md` by `python -m patience.games.rules_document`;
edit the texts, not this page.

## Rules versions

A change of what a game's rules mean gives the game a new rules version. Games saved and
records written under an earlier version keep replaying as they were played: they name
their version (one that names none is version 1), and options they do not name take the
defaults of that version. New games and the statistics follow today's rules; a saved
game's hints follow the rules it is played by.

{versions}
"""


# (game, version, what changed): the table of rules versions
VERSIONS = (
    ("Sun", "3", "`SUN-3`: several crossings in a row may bring a suit's two piles to a free "
                 "card of a ray (version 2: one crossing, for a card that goes up at once); "
                 "`SUN-4`: the next arc only when no card can go up and no crossing is legal "
                 "(option `deal_when`, `stuck` by default; `any` was versions 1 and 2)"),
    ("Sun", "2", "`SUN-3`: a card crosses between a suit's two piles only to let a playable "
                 "card go up at once (option `transfers`, `purposeful` by default; `free` "
                 "was version 1)"),
    ("Star", "2", "`STR-3`: the first card that can continue a series decides its direction "
                  "(option `direction`, `first-fit` by default; `free` was version 1's "
                  "default)"),
    ("Shah", "2", "`SHA-8`: the stock card turned while a gap waits may go up or be married; "
                  "`SHA-9`: the lane fills its ray's other two places at once from the "
                  "talon"),
    ("Blockade", "2", "`BLK-7`: a new row only when no card can go up and no marriage is "
                      "legal (option `deal_when`, `stuck` by default; `any` was version 1's "
                      "default)"),
    ("Clock", "2", "`CLK-5`: after a marriage no card goes up until the packets are refilled "
                   "(option `phases`, `strict` by default; `free` was version 1)"),
    ("Toad", "2", "`TOD-3`: taking an ace out is the player's move, once, any ace at any "
                  "depth, at any time (version 1 took the ace nearest the top at the start)"),
    ("the others", "1", ""),
)


def pile_ids(game: Game) -> list[str]:
    """Every pile id the game has, with its default options or any one option changed
    (Toad's two piles), in the order of the layouts."""
    variants: list[dict[str, Any]] = [{}]
    variants += [{o.name: choice} for o in game.option_specs for choice in o.choices]
    ids: dict[str, None] = {}
    for options in variants:
        ids.update(dict.fromkeys(p.id for p in game.rules(**options).layout))
    return list(ids)


def pile_table(game: Game) -> str:
    """The game's piles by name and id, a kind of pile on one row: a numbered run
    ("ray 1 … ray 13") or the four suits' piles."""
    runs: dict[str, list[str]] = {}
    for pile in pile_ids(game):
        runs.setdefault(re.sub(r"\d+|(?<=-)[SHDC]$", "#", pile, count=1), []).append(pile)
    rows = ["### Pile ids", "", "| pile | id |", "| --- | --- |"]
    for run in runs.values():
        names = [pile_name(game.id, p) for p in run]
        ids = [f"`{p}`" for p in run]
        numbers = [int(m[0]) for p in run if (m := re.search(r"\d+", p))]
        if len(numbers) > 2 and numbers == list(range(numbers[0], numbers[0] + len(run))):
            rows.append(f"| {names[0]} … {names[-1]} | {ids[0]} … {ids[-1]} |")
        else:
            rows.append(f"| {', '.join(names)} | {', '.join(ids)} |")
    return "\n".join(rows) + "\n"


def rules_document() -> str:
    """The whole document: the introduction, then each game's text, its headings one
    level down, its clause markers shown as ids, and its pile ids."""
    table = ["| game | version | what changed |", "| --- | --- | --- |",
             *(f"| {game} | {version} | {change} |" for game, version, change in VERSIONS)]
    shared = resources.files("patience.games").joinpath("texts/all-games.md")
    parts = [INTRODUCTION.format(versions="\n".join(table)),
             shared.read_text("utf-8").strip() + "\n"]
    for game in list_games():
        text = game.rules_text(clause_ids=True)
        lines = [f"#{line}" if line.startswith("#") else line for line in text.splitlines()]
        parts.append("\n".join(lines).strip() + "\n")
        parts.append(pile_table(game))
    return "\n".join(parts)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m patience.games.rules_document",
                                     description="Write the rules document from the texts.")
    parser.add_argument("path", nargs="?", default="docs/rules.md",
                        help="the file to write (default: docs/rules.md)")
    path = Path(parser.parse_args(argv).path)
    path.write_text(rules_document(), "utf-8")
    print(f"written {path}")


if __name__ == "__main__":
    main()
