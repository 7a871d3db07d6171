"""Keeping the foundations level, measured: of several foundations that take a card, the
one holding the fewest cards (``careful.level_foundation``), against the practical
player's own choice, the first of equals.

Both players are the practical player, move for move, but for that one choice, so the
difference between them is the rule's alone. Played over deals 1..N of each game's
default rules; the deals one won and the other lost are set against each other with an
exact sign test. The careful player keeps its foundations level in the games of
``careful.LEVEL_FOUNDATIONS``. Writes bench/results/level_foundations.json.

    PYTHONPATH=src python bench/level_foundations.py [--games rainbow open-shop]
        [--deals 10000] [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import os
from itertools import repeat
from pathlib import Path
from typing import Any

import patience
from patience.intervals import sign_test, wilson
from patience.solver.careful import LEVEL_FOUNDATIONS, level_foundation, practical_move
from patience.solver.practical import STEP_CAP, Lookahead
from patience.stats.executors import process_pool

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results" / "level_foundations.json"


def won(game: str, deal: int, level: bool) -> bool:
    """Whether the practical player wins ``deal``, keeping its foundations level or not."""
    state = patience.get_game(game).new(deal=deal)
    look = Lookahead(state)
    for _ in range(STEP_CAP):
        if state.status != "playing":
            break
        move = practical_move(state, look)
        if move is None:
            break  # the practical player gives the game up
        state.play_raw(level_foundation(state, move) if level else move)
    return state.status == "won"


def measure(game: str, deals: int, jobs: int) -> dict[str, Any]:
    numbers = range(1, deals + 1)
    with process_pool(jobs) as pool:
        first = list(pool.map(won, repeat(game), numbers, repeat(False), chunksize=50))
        level = list(pool.map(won, repeat(game), numbers, repeat(True), chunksize=50))
    only_level = sum(b and not a for a, b in zip(first, level, strict=True))
    only_first = sum(a and not b for a, b in zip(first, level, strict=True))

    def rate(wins: list[bool]) -> dict[str, Any]:
        low, high = wilson(sum(wins), deals)
        return {"won": sum(wins), "95": [round(low, 4), round(high, 4)]}

    return {
        "deals": f"1-{deals}",
        "first_of_equals": rate(first),
        "level": rate(level),
        "won_level_only": only_level,
        "won_first_only": only_first,
        "sign_test_p": float(f"{sign_test(only_level, only_first):.3g}"),
        "careful_keeps_level": game in LEVEL_FOUNDATIONS,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", nargs="*", default=["rainbow", "open-shop"])
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    out = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    out["what"] = ("the practical player with and without level foundations (of several "
                   "that take a card, the one holding the fewest), default rules")
    out["cpus"] = os.cpu_count()
    games = out.setdefault("games", {})
    for game in args.games:
        games[game] = measure(game, args.deals, args.jobs)
        print(game, games[game], flush=True)
        RESULTS.write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
