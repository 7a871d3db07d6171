"""Solver benchmark: per registered game, how many deals are decided within the budget,
how long they take, and how fast the search runs; then Dask throughput, one worker
against two, on the same fixed workload.

    PYTHONPATH=build/compiled python bench/solver.py --deals 200 --max-seconds 10 --jobs 2
    PYTHONPATH=build/compiled python bench/solver.py --games star shah --skip-dask
    PYTHONPATH=build/compiled python bench/solver.py --dask-only
    PYTHONPATH=build/compiled python bench/solver.py --side-by-side --games star --deals 200

``build/compiled`` holds the compiled build (``pip install --no-deps --target
build/compiled .``, as ``scripts/test`` makes it); ``PYTHONPATH=src`` measures the pure
Python modules instead. Each row records which build ran (``build``).

Writes bench/results/solver.json (a run of some games keeps the stored rows of the others)
and prints a table. Targets: at least 99% of deals decided within 10 s each per game; Dask
with two workers at least 1.7 times one worker.

``--side-by-side`` solves the same deals with the same budget twice per game the native
core plays (``patience.native``), once with the native search and once with the Python
one (``PATIENCE_NATIVE=0``), and writes both rows, with the ratios of their speeds (nodes
a second, and the Python search's total seconds over the native one's) and the
difference of their decided shares, to bench/results/native.json (a run of some games
keeps the others). Nodes are counted as each search counts them: the native search's
include the Python search's where it hands a deal over (Clock).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import repeat
from pathlib import Path
from typing import Any

import patience
from patience import native
from patience.build import BUILD
from patience.stats.runner import analyse_deal

RESULTS = Path(__file__).parent / "results" / "solver.json"
NATIVE_RESULTS = Path(__file__).parent / "results" / "native.json"
GAME_ORDER = [game.id for game in patience.list_games()]


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def solve_one(game_id: str, deal: int, max_seconds: float,
              search: str = "default") -> tuple[str, float, int]:
    """One deal, solved alone in its worker process: outcome, seconds, nodes. ``search``
    "python" switches the native search off in the worker, "native" on, "default"
    leaves the environment as it is."""
    if search != "default":
        os.environ["PATIENCE_NATIVE"] = "0" if search == "python" else "1"
    result = patience.solve(patience.get_game(game_id).new(deal=deal),
                            max_seconds=max_seconds, max_nodes=10**9)
    return result.outcome, result.seconds, result.nodes


def bench_game(game_id: str, deals: range, max_seconds: float,
               pool: ProcessPoolExecutor, search: str = "default") -> dict[str, Any]:
    """Each deal solved in one worker process; with as many workers as idle cores the
    per-deal times are those of a lone search."""
    outcomes = {"won": 0, "lost": 0, "unknown": 0}
    times: list[float] = []
    nodes = 0
    still_open: list[int] = []
    answers = pool.map(solve_one, repeat(game_id), deals, repeat(max_seconds), repeat(search))
    for deal, (outcome, seconds, used) in zip(deals, answers, strict=True):
        outcomes[outcome] += 1
        times.append(seconds)
        nodes += used
        if outcome == "unknown":
            still_open.append(deal)
    decided = outcomes["won"] + outcomes["lost"]
    return {"game": game_id, "build": BUILD, "deals": len(deals), "max_seconds": max_seconds,
            **outcomes,
            "decided_share": decided / len(deals),
            "median_seconds": statistics.median(times), "p95_seconds": quantile(times, 0.95),
            "total_seconds": sum(times),
            "nodes_per_second": nodes / sum(times) if sum(times) else 0.0,
            "open_deals": still_open}


def side_by_side(games: list[str], deals: range, max_seconds: float,
                 pool: ProcessPoolExecutor) -> None:
    """The same deals and budget through the native and the Python search, per game the
    native core plays; rows and ratios to ``NATIVE_RESULTS``."""
    print(f"{'game':<12}{'search':<8}{'deals':>6}{'won':>6}{'lost':>6}{'unkn':>6}"
          f"{'decided':>9}{'median s':>10}{'nodes/s':>12}")
    rows: list[dict[str, Any]] = []
    for game_id in games:
        if not native.supports(patience.get_game(game_id).new(deal=1)):
            print(f"{game_id:<12}not played by the native core (or it is not built)")
            continue
        pair = {}
        for search in ("native", "python"):
            row = bench_game(game_id, deals, max_seconds, pool, search)
            pair[search] = row
            print(f"{game_id:<12}{search:<8}{row['deals']:>6}{row['won']:>6}{row['lost']:>6}"
                  f"{row['unknown']:>6}{100 * row['decided_share']:>8.1f}%"
                  f"{row['median_seconds']:>10.3f}{row['nodes_per_second']:>12.0f}", flush=True)
        python_speed = pair["python"]["nodes_per_second"]
        rows.append({"game": game_id, "build": BUILD, "deals": len(deals),
                     "max_seconds": max_seconds, "native": pair["native"],
                     "python": pair["python"],
                     "nodes_per_second_ratio": pair["native"]["nodes_per_second"] / python_speed
                     if python_speed else None,
                     "total_seconds_ratio": pair["python"]["total_seconds"]
                     / pair["native"]["total_seconds"],
                     "decided_share_difference": pair["native"]["decided_share"]
                     - pair["python"]["decided_share"]})
    stored: dict[str, Any] = {"games": []}
    if NATIVE_RESULTS.exists():
        stored = json.loads(NATIVE_RESULTS.read_text("utf-8"))
    measured = {row["game"] for row in rows}
    kept = [row for row in stored["games"] if row["game"] not in measured]
    stored["games"] = sorted(kept + rows, key=lambda row: GAME_ORDER.index(row["game"]))
    NATIVE_RESULTS.parent.mkdir(parents=True, exist_ok=True)
    NATIVE_RESULTS.write_text(json.dumps(stored, indent=2) + "\n", "utf-8")
    print(f"written {NATIVE_RESULTS}")


def dask_throughput(game_id: str, deals: range, max_nodes: int) -> dict[str, Any]:
    """Deals per second on a local Dask cluster with one and with two worker processes,
    with a node budget only, so both runs do exactly the same work."""
    from distributed import Client, LocalCluster, wait

    out: dict[str, Any] = {"game": game_id, "deals": len(deals), "max_nodes": max_nodes}
    for workers in (1, 2):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster, Client(cluster) as client:
            client.submit(analyse_deal, game_id, {}, 1, 10, 60.0).result()  # warm workers
            start = time.perf_counter()
            futures = [client.submit(analyse_deal, game_id, {}, d, max_nodes, 3600.0,
                                     pure=False) for d in deals]
            wait(futures)
            elapsed = time.perf_counter() - start
        out[f"workers_{workers}_seconds"] = elapsed
        out[f"workers_{workers}_deals_per_second"] = len(deals) / elapsed
    out["speedup"] = out["workers_1_seconds"] / out["workers_2_seconds"]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="deals 1..N per game")
    parser.add_argument("--max-seconds", type=float, default=10.0)
    parser.add_argument("--games", nargs="*", help="game ids (default: every registered)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="deals solved at once (at most the idle cores)")
    parser.add_argument("--dask-deals", type=int, default=40)
    parser.add_argument("--dask-nodes", type=int, default=30_000)
    parser.add_argument("--dask-game", default="shah")
    parser.add_argument("--dask-only", action="store_true",
                        help="measure Dask throughput only; keep the stored per-game rows")
    parser.add_argument("--skip-dask", action="store_true",
                        help="per-game rows only; keep the stored Dask figures")
    parser.add_argument("--side-by-side", action="store_true",
                        help="native against Python search on the same deals (native.json)")
    args = parser.parse_args()
    if args.side_by_side:
        with ProcessPoolExecutor(args.jobs) as pool:
            side_by_side(args.games or [g.id for g in patience.list_games()],
                         range(1, args.deals + 1), args.max_seconds, pool)
        return
    games = [] if args.dask_only else args.games or [g.id for g in patience.list_games()]
    rows: list[dict[str, Any]] = []
    print(f"{'game':<12}{'deals':>6}{'won':>6}{'lost':>6}{'unkn':>6}{'decided':>9}"
          f"{'median s':>10}{'p95 s':>8}{'nodes/s':>10}")
    with ProcessPoolExecutor(args.jobs) as pool:
        for game_id in games:
            row = bench_game(game_id, range(1, args.deals + 1), args.max_seconds, pool)
            rows.append(row)
            print(f"{game_id:<12}{row['deals']:>6}{row['won']:>6}{row['lost']:>6}"
                  f"{row['unknown']:>6}{100 * row['decided_share']:>8.1f}%"
                  f"{row['median_seconds']:>10.3f}{row['p95_seconds']:>8.2f}"
                  f"{row['nodes_per_second']:>10.0f}", flush=True)
            if row["open_deals"]:
                print(f"{'':<12}open: {' '.join(map(str, row['open_deals']))}", flush=True)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    stored: dict[str, Any] = {"games": []}
    if RESULTS.exists():
        stored = json.loads(RESULTS.read_text("utf-8"))
    stored.pop("max_seconds", None)  # now stored per row
    if not args.skip_dask:
        dask = dask_throughput(args.dask_game, range(1, args.dask_deals + 1), args.dask_nodes)
        print(f"\nDask, {dask['deals']} {dask['game']} deals at {dask['max_nodes']} nodes: "
              f"1 worker {dask['workers_1_seconds']:.1f} s, 2 workers "
              f"{dask['workers_2_seconds']:.1f} s, speed-up {dask['speedup']:.2f}x")
        stored["dask"] = dask
    if rows:  # rows of games not measured this time are kept
        measured = {row["game"] for row in rows}
        kept = [row for row in stored["games"] if row["game"] not in measured]
        stored["games"] = sorted(kept + rows, key=lambda row: GAME_ORDER.index(row["game"]))
    RESULTS.write_text(json.dumps(stored, indent=2) + "\n", "utf-8")
    print(f"written {RESULTS}")


if __name__ == "__main__":
    main()
