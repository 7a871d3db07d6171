"""Engine speed per game on one core: random playouts and move cycles.

    python bench/engine.py [--deals N] [--games sun,star]

A *cycle* is what a search does at every node: list the legal moves, play one, undo it.
Two cycle rates are measured on the positions of random playouts: the raw engine
(``legal_raw``/``play_raw``/``pop``, the solver's path) and the public API
(``legal_moves``/``play``/``undo`` with Move values). A *playout* plays random legal moves
from the deal to the end (won or lost). Writes bench/results/engine.json.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import patience

RESULTS = Path(__file__).parent / "results" / "engine.json"
TARGET_CYCLES = 50_000
TARGET_PLAYOUT_MS = 5.0


def playout_times(game: patience.Game, deals: range) -> list[float]:
    times = []
    for deal in deals:
        state = game.new(deal=deal)
        rng = random.Random(deal)
        start = time.perf_counter()
        while True:
            legal = state.legal_raw()
            if not legal:
                break
            state.play_raw(rng.choice(legal))
        times.append(time.perf_counter() - start)
    return times


def cycles_per_second(game: patience.Game, deals: range, public: bool) -> float:
    """Cycles per second along random playouts; ``public`` uses Move values and checks."""
    cycles, elapsed = 0, 0.0
    for deal in deals:
        state = game.new(deal=deal)
        rng = random.Random(deal)
        while True:
            start = time.perf_counter()
            state._legal = None  # measure generation, not the cache
            if public:
                legal: list[Any] = state.legal_moves()
                if not legal:
                    break
                move = rng.choice(legal)
                state.play(move)
                state.undo()
            else:
                legal = state.legal_raw()
                if not legal:
                    break
                move = rng.choice(legal)
                state.play_raw(move)
                state.pop()
            elapsed += time.perf_counter() - start
            cycles += 1
            if public:
                state.play(move)
            else:
                state.play_raw(move)
    return cycles / elapsed


def measure(game: patience.Game, deals: int) -> dict[str, Any]:
    times = playout_times(game, range(deals))
    return {
        "game": game.id,
        "playouts": deals,
        "playout_median_ms": statistics.median(times) * 1000,
        "playout_p95_ms": sorted(times)[int(0.95 * (len(times) - 1))] * 1000,
        "playouts_per_s": len(times) / sum(times),
        "raw_cycles_per_s": cycles_per_second(game, range(max(deals // 4, 10)), public=False),
        "public_cycles_per_s": cycles_per_second(game, range(max(deals // 10, 5)), public=True),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--games", default="", help="comma-separated ids (default: all)")
    args = parser.parse_args()
    wanted = [g for g in args.games.split(",") if g]
    games = [g for g in patience.list_games() if not wanted or g.id in wanted]
    rows = [measure(game, args.deals) for game in games]
    header = (f"{'game':<12} {'playout ms (median)':>20} {'p95':>7} {'playouts/s':>11} "
              f"{'raw cycles/s':>13} {'API cycles/s':>13}  targets")
    print(header)
    for r in rows:
        ok = (r["raw_cycles_per_s"] >= TARGET_CYCLES
              and r["playout_median_ms"] <= TARGET_PLAYOUT_MS)
        print(f"{r['game']:<12} {r['playout_median_ms']:>20.2f} {r['playout_p95_ms']:>7.2f} "
              f"{r['playouts_per_s']:>11.0f} {r['raw_cycles_per_s']:>13.0f} "
              f"{r['public_cycles_per_s']:>13.0f}  {'met' if ok else 'MISSED'}")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "targets": {"raw_cycles_per_s": TARGET_CYCLES, "playout_median_ms": TARGET_PLAYOUT_MS},
        "results": rows,
    }, indent=2) + "\n")
    print(f"written to {RESULTS}")


if __name__ == "__main__":
    main()
