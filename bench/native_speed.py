"""The native search before and after a change to it, side by side: the same deals and
budget through ``patience.solve``, one deal at a time, with two builds of the extension.

    python bench/native_speed.py --before /tmp/before --games star sun --deals 50
    python bench/native_speed.py --games blockade --first 51 --deals 200

``--before`` is a directory holding a ``patience`` package whose ``_native`` extension is
the earlier build (a copy of ``src/patience`` with the earlier ``_native*.so`` in it); the
later build is the one ``import patience`` finds. Each game is solved by the earlier build
and then by the later one, each in a fresh process, so both meet the same load. Writes the
rows and the ratio of their speeds (nodes a second, as ``bench/solver.py`` counts them) to
bench/results/native_speed.json, or ``--out`` (a run of some games keeps the others), and
prints a table. Without ``--before`` only the build ``import patience`` finds is measured
(a row ``after``), for figures of one build over more deals.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).parent / "results" / "native_speed.json"


def worker(game_id: str, first: int, deals: int, max_seconds: float) -> dict[str, Any]:
    """Deals ``first``..``deals`` of ``game_id`` solved by the build this process imports."""
    import patience
    from patience import native

    outcomes = {"won": 0, "lost": 0, "unknown": 0}
    times: list[float] = []
    nodes = 0
    still_open: list[int] = []
    for deal in range(first, deals + 1):
        result = patience.solve(patience.get_game(game_id).new(deal=deal),
                                max_seconds=max_seconds, max_nodes=10**9)
        outcomes[result.outcome] += 1
        times.append(result.seconds)
        nodes += result.nodes
        if result.outcome == "unknown":
            still_open.append(deal)
    ordered = sorted(times)
    count = len(times)
    return {"game": game_id, "extension": str(Path(native.module().__file__).parent),
            "first": first, "deals": deals, "max_seconds": max_seconds, **outcomes,
            "decided_share": (outcomes["won"] + outcomes["lost"]) / count,
            "median_seconds": statistics.median(times),
            "p95_seconds": ordered[min(count - 1, max(0, round(0.95 * count) - 1))],
            "total_seconds": sum(times), "nodes": nodes,
            "nodes_per_second": nodes / sum(times) if sum(times) else 0.0,
            "open_deals": still_open}


def measure(game_id: str, first: int, deals: int, max_seconds: float,
            path: str | None) -> dict[str, Any]:
    """One build's row, from a fresh process (``path`` first on its import path)."""
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = os.pathsep.join([path, *filter(None, [env.get("PYTHONPATH")])])
    out = subprocess.run([sys.executable, __file__, "--worker", game_id, str(first), str(deals),
                          str(max_seconds)], env=env, check=True, capture_output=True,
                         text=True).stdout
    row: dict[str, Any] = json.loads(out)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", help="directory holding the earlier patience package")
    parser.add_argument("--games", nargs="*", default=["star", "sun", "clock", "blockade", "shah"])
    parser.add_argument("--first", type=int, default=1, help="the first deal measured")
    parser.add_argument("--deals", type=int, default=50, help="deals FIRST..N per game")
    parser.add_argument("--max-seconds", type=float, default=10.0)
    parser.add_argument("--out", type=Path, default=RESULTS,
                        help="where the rows go (default bench/results/native_speed.json)")
    parser.add_argument("--worker", nargs=4, metavar=("GAME", "FIRST", "DEALS", "MAX_SECONDS"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        game_id, first, deals, max_seconds = args.worker
        print(json.dumps(worker(game_id, int(first), int(deals), float(max_seconds))))
        return
    builds = [("before", args.before), ("after", None)] if args.before else [("after", None)]
    print(f"{'game':<10}{'build':<8}{'won':>5}{'lost':>5}{'open':>5}{'decided':>9}"
          f"{'total s':>9}{'nodes/s':>12}")
    rows: list[dict[str, Any]] = []
    for game_id in args.games:
        pair = {}
        for label, path in builds:
            row = measure(game_id, args.first, args.deals, args.max_seconds, path)
            pair[label] = row
            print(f"{game_id:<10}{label:<8}{row['won']:>5}{row['lost']:>5}{row['unknown']:>5}"
                  f"{100 * row['decided_share']:>8.1f}%{row['total_seconds']:>9.2f}"
                  f"{row['nodes_per_second']:>12.0f}", flush=True)
        before = pair["before"]["nodes_per_second"] if "before" in pair else 0.0
        rows.append({"game": game_id, "first": args.first, "deals": args.deals,
                     "max_seconds": args.max_seconds, **pair, "nodes_per_second_ratio":
                     pair["after"]["nodes_per_second"] / before if before else None})
    stored: dict[str, Any] = {"games": []}
    if args.out.exists():
        stored = json.loads(args.out.read_text("utf-8"))
    measured = {row["game"] for row in rows}
    stored["games"] = [row for row in stored["games"] if row["game"] not in measured] + rows
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(stored, indent=2) + "\n", "utf-8")
    print(f"written {args.out}")


if __name__ == "__main__":
    main()
