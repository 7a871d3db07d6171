"""The compiled build against pure Python, side by side: per game, the same deals solved at
the same node budget by each build's Python search (``PATIENCE_NATIVE=0``: the plain
depth-first core, compiled with the practical player) in turn, in CPU seconds, with every
answer and node count compared (the two must search the very same positions).

    python bench/compiled.py                      # after scripts/test made build/compiled
    python bench/compiled.py --games shah --deals 5 --nodes 40000

Writes bench/results/compiled.json and prints a table.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "compiled.json"
BUILDS = {"python": ROOT / "src", "compiled": ROOT / "build" / "compiled"}
GAMES = ["sun", "star", "shah", "blockade", "clock", "rainbow", "open-shop", "toad",
         "double-star"]

# run inside each build: one line of JSON per deal
WORKER = """
import json, sys, time
import patience
from patience.build import BUILD
game_id, deals, nodes = sys.argv[1], sys.argv[2], int(sys.argv[3])
assert BUILD == sys.argv[4], f"expected the {sys.argv[4]} build, found {BUILD}"
for deal in map(int, deals.split(",")):
    state = patience.get_game(game_id).new(deal=deal)
    start = time.process_time()
    result = patience.solve(state, max_nodes=nodes, max_seconds=1e9)
    print(json.dumps([deal, result.outcome, result.nodes, len(result.moves),
                      time.process_time() - start]))
"""


def run(build: str, game_id: str, deals: list[int], nodes: int) -> list[list[Any]]:
    """Solve the deals in a fresh interpreter on one build."""
    env = {**os.environ, "PYTHONPATH": str(BUILDS[build]), "PATIENCE_NATIVE": "0"}
    out = subprocess.run(
        [sys.executable, "-c", WORKER, game_id, ",".join(map(str, deals)), str(nodes), build],
        env=env, check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", default=GAMES)
    parser.add_argument("--deals", type=int, default=10, help="deals 1..N per game")
    parser.add_argument("--nodes", type=int, default=30_000, help="node budget per deal")
    args = parser.parse_args()
    if not (BUILDS["compiled"] / "patience").is_dir():
        sys.exit("no compiled build: pip install --no-deps --target build/compiled .")
    deals = list(range(1, args.deals + 1))
    rows = []
    print(f"{'game':<12}{'python s':>10}{'compiled s':>12}{'ratio':>7}  same answers")
    for game_id in args.games:
        python = run("python", game_id, deals, args.nodes)
        compiled = run("compiled", game_id, deals, args.nodes)
        same = [p[:4] for p in python] == [c[:4] for c in compiled]
        seconds = {"python": sum(p[4] for p in python),
                   "compiled": sum(c[4] for c in compiled)}
        ratio = seconds["python"] / seconds["compiled"]
        rows.append({"game": game_id, "deals": len(deals), "max_nodes": args.nodes,
                     "nodes": sum(p[2] for p in python),
                     "python_cpu_seconds": seconds["python"],
                     "compiled_cpu_seconds": seconds["compiled"],
                     "speedup": ratio, "same_answers": same})
        print(f"{game_id:<12}{seconds['python']:>10.2f}{seconds['compiled']:>12.2f}"
              f"{ratio:>7.2f}  {'yes' if same else 'NO'}", flush=True)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({"games": rows}, indent=2) + "\n", "utf-8")
    print(f"written {RESULTS}")
    if not all(row["same_answers"] for row in rows):
        sys.exit("the builds answered differently")


if __name__ == "__main__":
    main()
