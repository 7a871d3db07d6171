"""The careful player against the practical player on the same deals of each game's
default rules: wins of each with Wilson 95 % intervals, the careful player's seconds a
deal, and whether it wins by more than both intervals. The careful games are those of
``patience stats GAME --player careful`` in the results database (deals it lacks are
played and stored); the practical games are played here (milliseconds a deal). Writes
bench/results/careful.json (merged per game, so games can be run apart).

    PYTHONPATH=src python bench/careful.py [--games clock sun] [--deals 100] [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
from pathlib import Path
from typing import Any

import patience
from patience.intervals import wilson
from patience.solver.careful_player import player_name
from patience.solver.practical import play_practical
from patience.stats.executors import process_pool
from patience.stats.runner import run_careful
from patience.storage.careful_results import CarefulStore

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results" / "careful.json"
DB = ROOT / "bench" / "results" / "winnability.sqlite"


def measure(game: str, deals: int, jobs: int, db: Path) -> dict[str, Any]:
    numbers = range(1, deals + 1)
    with CarefulStore(db) as store, process_pool(jobs) as pool:
        careful = run_careful(game, {}, numbers, pool, store)
    practical = sum(play_practical(patience.get_game(game).new(deal=d)) == "won"
                    for d in numbers)
    won = sum(r.outcome == "won" for r in careful)
    c_low, c_high = wilson(won, deals)
    p_low, p_high = wilson(practical, deals)
    return {
        "deals": f"1-{deals}",
        "careful_won": won, "careful_95": [round(c_low, 4), round(c_high, 4)],
        "practical_won": practical, "practical_95": [round(p_low, 4), round(p_high, 4)],
        "careful_beyond_both_intervals": c_low > p_high,
        "careful_mean_s": round(statistics.fmean(r.seconds for r in careful), 2),
        "careful_max_s": round(max(r.seconds for r in careful), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", nargs="*", default=[g.id for g in patience.list_games()])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--db", type=Path, default=DB)
    args = parser.parse_args()
    out = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    out["what"] = ("the careful player against the practical player, default rules, the "
                   "same deals; careful seconds are those of the run that played each deal")
    out["player"] = player_name()
    out["cpus"] = os.cpu_count()
    games = out.setdefault("games", {})
    for game in args.games:
        games[game] = measure(game, args.deals, args.jobs, args.db)
        print(game, games[game], flush=True)
        RESULTS.write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
