"""The game review's time: per game, the practical player's game of deal 1 cut to its
first 150 moves (the whole game where it is shorter), reviewed with the default samples on
a pool of two worker processes. Writes bench/results/review.json with the load average
before and after, since the machine may be shared.

    PYTHONPATH=src python bench/review.py [--games clock toad] [--moves 150]
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path
from typing import Any

import patience
from patience.solver.practical import Lookahead, next_move
from patience.solver.review import SAMPLES, review
from patience.stats.executors import process_pool

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results" / "review.json"


def practical_game(game: str, moves: int) -> dict[str, Any]:
    """The record of the practical player's game of deal 1, at most ``moves`` long."""
    state = patience.get_game(game).new(deal=1)
    look = Lookahead(state)
    while state.status == "playing" and state.moves_played < moves:
        move = next_move(state, look)
        if look.stuck:
            break
        state.play(move)
    return state.record()


def measure(game: str, moves: int) -> dict[str, Any]:
    record = practical_game(game, moves)
    with process_pool(2) as pool:
        began = time.perf_counter()
        found = review(record, executor=pool)
        seconds = time.perf_counter() - began
    verdicts = [m.verdict for m in found.moves]
    return {"moves": len(record["moves"]), "seconds": round(seconds, 1),
            "start_chance": round(found.start_chance, 3),
            "marked": {v: verdicts.count(v) for v in ("inaccuracy", "mistake", "blunder")}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", nargs="*", default=[g.id for g in patience.list_games()])
    parser.add_argument("--moves", type=int, default=150)
    args = parser.parse_args()
    out = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    out["what"] = (f"review of the practical player's game of deal 1, first {args.moves} "
                   f"moves, {SAMPLES} samples a position, 2 worker processes")
    out["cpus"] = os.cpu_count()
    out["load_before"] = [round(x, 2) for x in os.getloadavg()]
    games = out.setdefault("games", {})
    for game in args.games:
        games[game] = measure(game, args.moves)
        print(game, games[game], flush=True)
        RESULTS.write_text(json.dumps(out, indent=2) + "\n")
    out["load_after"] = [round(x, 2) for x in os.getloadavg()]
    RESULTS.write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
