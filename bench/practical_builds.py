"""The practical player (``patience stats``' own player, on the Python engine) in two
builds side by side: deals a second of CPU time, and the same deals won in both.

    python bench/practical_builds.py --compiled DIR [--python src] [--games sun blockade]
                                     [--deals 200] [--out FILE]

Each build is a directory holding the ``patience`` package, put first on ``PYTHONPATH``
in a fresh interpreter: the source tree (``src``), and a build made by mypyc, e.g.
``PATIENCE_COMPILE=1 pip install --no-deps --target DIR .`` at a commit whose
``setup.py`` still compiled the engine (docs/solver.md, "Compiled build"). Writes JSON to
``--out`` when given.
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

# run inside each build: the build's name, then one line of JSON per game
WORKER = """
import json, sys, time
import patience
from patience.build import BUILD
from patience.solver.practical import play_practical
deals = int(sys.argv[1])
print(BUILD)
for game_id in sys.argv[2:]:
    game = patience.get_game(game_id)
    start = time.process_time()
    won = [d for d in range(1, deals + 1) if play_practical(game.new(deal=d)) == "won"]
    print(json.dumps([game_id, won, time.process_time() - start]))
"""


def run(path: Path, games: list[str], deals: int) -> tuple[str, list[list[Any]]]:
    """The build's name and, per game, the deals won and the CPU seconds."""
    env = {**os.environ, "PYTHONPATH": str(path), "PATIENCE_NATIVE": "0"}
    out = subprocess.run([sys.executable, "-c", WORKER, str(deals), *games], env=env,
                         check=True, capture_output=True, text=True, cwd="/").stdout
    build, *lines = out.splitlines()
    return build, [json.loads(line) for line in lines]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", type=Path, default=ROOT / "src")
    parser.add_argument("--compiled", type=Path, required=True)
    parser.add_argument("--games", nargs="*", default=["sun", "blockade"])
    parser.add_argument("--deals", type=int, default=200, help="deals 1..N per game")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    builds = {"python": run(args.python.resolve(), args.games, args.deals),
              "compiled": run(args.compiled.resolve(), args.games, args.deals)}
    for name, (found, _) in builds.items():
        if found != name:
            sys.exit(f"{name}: the directory holds the {found} build")
    rows = []
    print(f"{'game':<10}{'python deals/s':>16}{'compiled deals/s':>18}{'ratio':>7}  same wins")
    for (game_id, won, python_s), (_, compiled_won, compiled_s) in zip(
            builds["python"][1], builds["compiled"][1], strict=True):
        rate = {"python": args.deals / python_s, "compiled": args.deals / compiled_s}
        same = won == compiled_won
        rows.append({"game": game_id, "deals": args.deals, "won": len(won),
                     "python_cpu_seconds": python_s, "compiled_cpu_seconds": compiled_s,
                     "python_deals_per_s": rate["python"],
                     "compiled_deals_per_s": rate["compiled"],
                     "speedup": python_s / compiled_s, "same_wins": same})
        print(f"{game_id:<10}{rate['python']:>16.1f}{rate['compiled']:>18.1f}"
              f"{python_s / compiled_s:>7.2f}  {'yes' if same else 'NO'}", flush=True)
    if args.out:
        args.out.write_text(json.dumps({"games": rows}, indent=2) + "\n", "utf-8")
        print(f"written {args.out}")


if __name__ == "__main__":
    main()
