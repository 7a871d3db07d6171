"""The careful player against the practical player on each game's default rules.

Two comparisons, both with Wilson 95 % intervals:

- deal for deal, on the careful player's deals 1..N: the wins of each, and the deals one
  won and the other lost (an exact two-sided sign test on those says whether the careful
  player is stronger on the same deals);
- the careful player's rate against the practical player's over ``PRACTICAL_DEALS`` deals
  (at least N), the practical player's own best estimate, as the win-rate page gives it:
  ``careful_beyond_both_intervals`` says whether the two intervals are apart.

The careful games are those of ``patience stats GAME --player careful`` in the results
database (deals it lacks are played and stored); the practical games are played here
(milliseconds a deal). Writes bench/results/careful.json (merged per game, so games can be
run apart).

    PYTHONPATH=src python bench/careful.py [--games clock sun] [--deals 100] [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
from itertools import repeat
from pathlib import Path
from typing import Any

import patience
from patience.intervals import sign_test, wilson
from patience.solver.careful_player import player_name
from patience.solver.practical import play_practical
from patience.stats.executors import process_pool
from patience.stats.runner import run_careful
from patience.storage.careful_results import CarefulStore

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results" / "careful.json"
DB = ROOT / "bench" / "results" / "winnability.sqlite"
# The practical player's deals for its own rate: as many as most rows of the win-rate page.
PRACTICAL_DEALS = 10_000


def measure(game: str, deals: int, jobs: int, db: Path) -> dict[str, Any]:
    numbers = range(1, deals + 1)
    with CarefulStore(db) as store, process_pool(jobs) as pool:
        careful = run_careful(game, {}, numbers, pool, store)
        practical = list(pool.map(practical_won, repeat(game),
                                  range(1, max(deals, PRACTICAL_DEALS) + 1), chunksize=50))
    careful_won = [r.outcome == "won" for r in careful]
    won = sum(careful_won)
    same = sum(practical[:deals])
    only_careful = sum(c and not p for c, p in zip(careful_won, practical, strict=False))
    only_practical = sum(p and not c for c, p in zip(careful_won, practical, strict=False))
    c_low, c_high = wilson(won, deals)
    p_low, p_high = wilson(same, deals)
    many_low, many_high = wilson(sum(practical), len(practical))
    return {
        "player": player_name(game),
        "deals": f"1-{deals}",
        "careful_won": won, "careful_95": [round(c_low, 4), round(c_high, 4)],
        "practical_won": same, "practical_95": [round(p_low, 4), round(p_high, 4)],
        "won_by_careful_only": only_careful, "won_by_practical_only": only_practical,
        "sign_test_p": float(f"{sign_test(only_careful, only_practical):.3g}"),
        "practical_many": {"deals": f"1-{len(practical)}", "won": sum(practical),
                           "95": [round(many_low, 4), round(many_high, 4)]},
        "careful_beyond_both_intervals": c_low > many_high,
        "careful_beyond_on_same_deals": c_low > p_high,
        "careful_mean_s": round(statistics.fmean(r.seconds for r in careful), 2),
        "careful_max_s": round(max(r.seconds for r in careful), 2),
    }


def practical_won(game: str, deal: int) -> bool:
    """Whether the practical player wins ``deal`` of ``game``'s default rules."""
    return play_practical(patience.get_game(game).new(deal=deal)) == "won"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", nargs="*", default=[g.id for g in patience.list_games()])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--db", type=Path, default=DB)
    args = parser.parse_args()
    out = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    out["what"] = ("the careful player against the practical player, default rules: on the "
                   "same deals, and against the practical player's rate over more deals "
                   "(practical_many); careful seconds are those of the run that played "
                   "each deal")
    out.pop("player", None)  # each game names the careful player its games were played by
    out["cpus"] = os.cpu_count()
    games = out.setdefault("games", {})
    for game in args.games:
        games[game] = measure(game, args.deals, args.jobs, args.db)
        print(game, games[game], flush=True)
        RESULTS.write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
