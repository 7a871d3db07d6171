"""The careful player against the practical player on the same deals: wins of each, with
Wilson 95 % intervals, and the careful player's seconds per deal, per game on its default
rules. Writes bench/results/careful.json (merged per game, so games can be run apart).

    PYTHONPATH=src python bench/careful.py [--games clock sun] [--deals 20] [--first 1]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

import patience
from patience.intervals import wilson
from patience.solver.careful_player import PLAY_SAMPLES, play_careful
from patience.solver.practical import play_practical

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results" / "careful.json"


def measure(game: str, first: int, deals: int) -> dict[str, Any]:
    careful = practical = 0
    seconds: list[float] = []
    for deal in range(first, first + deals):
        state = patience.get_game(game).new(deal=deal)
        t0 = time.perf_counter()
        careful += play_careful(state, seed=deal) == "won"
        seconds.append(time.perf_counter() - t0)
        practical += play_practical(state) == "won"
        print(game, deal, careful, practical, f"{seconds[-1]:.1f}s", flush=True)
    return {
        "deals": f"{first}-{first + deals - 1}",
        "careful_won": careful,
        "careful_95": [round(x, 4) for x in wilson(careful, deals)],
        "practical_won": practical,
        "practical_95": [round(x, 4) for x in wilson(practical, deals)],
        "careful_median_s": round(statistics.median(seconds), 2),
        "careful_mean_s": round(statistics.fmean(seconds), 2),
        "careful_max_s": round(max(seconds), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", nargs="*", default=[g.id for g in patience.list_games()])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    out = json.loads(args.out.read_text()) if args.out.exists() else {}
    out["what"] = (f"careful player (samples={PLAY_SAMPLES} per decision) against the "
                   "practical player, default rules, the same deals")
    out["cpus"] = os.cpu_count()
    games = out.setdefault("games", {})
    for game in args.games:
        games[game] = measure(game, args.first, args.deals)
        args.out.write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
