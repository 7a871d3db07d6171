"""The careful player's latency: ``patience.advise`` with its default clock (one second)
per game, deals 1-5, the positions after 0, 15 and 40 moves of a seeded random walk (as
``bench/web.py --hints`` walks; positions already finished are skipped). Positions with
one legal move or none are answered without samples and counted apart. Writes
bench/results/advise.json with the load average before and after, since the machine may
be shared.

    PYTHONPATH=src python bench/advise.py [--games sun clock] [--deals 5]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import time
from pathlib import Path
from typing import Any

import patience

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results" / "advise.json"
DEPTHS = (0, 15, 40)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def positions(game: str, deals: int, seed: int) -> list[patience.State]:
    """Each deal after 0, 15 and 40 moves of one random walk, while the game goes on."""
    out = []
    for deal in range(1, deals + 1):
        rng = random.Random(f"{seed}/{game}/{deal}")
        state = patience.get_game(game).new(deal=deal)
        for depth in DEPTHS:
            while state.moves_played < depth and state.legal_raw():
                state.play_raw(rng.choice(state.legal_raw()))
            if state.moves_played < depth or state.status != "playing":
                break
            out.append(state.copy())
    return out


def measure(game: str, deals: int, seed: int) -> dict[str, Any]:
    times: list[float] = []
    weighed: list[float] = []
    drawn: list[int] = []
    undecided = 0
    for state in positions(game, deals, seed):
        t0 = time.perf_counter()
        advice = patience.advise(state)
        ms = (time.perf_counter() - t0) * 1000
        times.append(ms)
        if advice.samples:
            weighed.append(ms)
            drawn.append(advice.samples)
            undecided += advice.moves[0].unknown
    return {
        "positions": len(times), "weighed": len(weighed),
        "median_ms": round(statistics.median(times), 1) if times else None,
        "p95_ms": round(percentile(times, 0.95), 1) if times else None,
        "weighed_median_ms": round(statistics.median(weighed), 1) if weighed else None,
        "weighed_p95_ms": round(percentile(weighed, 0.95), 1) if weighed else None,
        "max_ms": round(max(times), 1) if times else None,
        "mean_samples": round(statistics.mean(drawn), 1) if drawn else None,
        "undecided_share": round(undecided / sum(drawn), 3) if drawn else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=None)
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=str(RESULTS))
    args = parser.parse_args()
    games = args.games or [g.id for g in patience.list_games()]
    load_before = os.getloadavg()
    measured = {game: measure(game, args.deals, args.seed) for game in games}
    every = [m["p95_ms"] for m in measured.values() if m["p95_ms"] is not None]
    result = {
        "what": "patience.advise(state) with max_seconds=1.0, native search; deals "
                f"1-{args.deals} after 0, 15 and 40 random moves; p95_ms over every "
                "position, weighed_* over those with two legal moves or more (the others "
                "take no samples); undecided_share: the first move's samples the search "
                "left undecided",
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                    "native": patience.native.available(),
                    "load_before": [round(x, 2) for x in load_before],
                    "load_after": [round(x, 2) for x in os.getloadavg()]},
        "target_p95_ms": 1000,
        "worst_p95_ms": max(every) if every else None,
        "games": measured,
    }
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2) + "\n", "utf-8")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
