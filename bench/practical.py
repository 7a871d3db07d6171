"""The practical player's win rate and speed per game and option value.

    nice -n 10 python bench/practical.py [--deals 1000] [--games toad,shah] [--out FILE]

Plays deals 1..N with ``patience.solver.practical.play_practical`` for each game's
defaults and for each other value of each option (one option changed at a time; Toad's
``reserve_size`` only at its default, as in docs/winnability.md). Prints one line per
row: wins, win %, mean milliseconds per deal. Writes JSON to ``--out`` when given.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import patience
from patience.solver import practical

SKIPPED_OPTIONS = {("toad", "reserve_size")}


def option_sets(game: patience.Game) -> list[dict[str, Any]]:
    """The defaults, then each non-default value of each option on its own."""
    out: list[dict[str, Any]] = [{}]
    for spec in game.option_specs:
        if (game.id, spec.name) in SKIPPED_OPTIONS:
            continue
        out += [{spec.name: value} for value in spec.choices if value != spec.default]
    return out


def measure(game_id: str, options: dict[str, Any], deals: int) -> dict[str, Any]:
    game = patience.get_game(game_id)
    won = 0
    start = time.perf_counter()
    for deal in range(1, deals + 1):
        won += practical.play_practical(game.new(deal=deal, **options)) == "won"
    seconds = time.perf_counter() - start
    return {"game": game_id, "options": options, "deals": deals, "won": won,
            "win_pct": 100 * won / deals, "ms_per_deal": 1000 * seconds / deals}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--games", default=",".join(g.id for g in patience.list_games()))
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    rows = []
    print(f"policy {practical.POLICY}, deals 1-{args.deals}")
    for game_id in args.games.split(","):
        for options in option_sets(patience.get_game(game_id)):
            row = measure(game_id, options, args.deals)
            rows.append(row)
            shown = ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"
            print(f"{game_id:12} {shown:28} {row['won']:5d} {row['win_pct']:6.1f} % "
                  f"{row['ms_per_deal']:7.1f} ms", flush=True)
    if args.out:
        args.out.write_text(json.dumps({"policy": practical.POLICY, "rows": rows}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
