"""The practical player's win rate and speed per game and option value.

    nice -n 10 python bench/practical.py [--deals 1000] [--games toad,shah] [--out FILE]

Plays deals 1..N with ``patience.solver.practical.play_practical`` for each game's
defaults and for each other value of each option (one option changed at a time; Toad's
``reserve_size`` only at its default, as in docs/winnability.md). Prints one line per
row: wins, win %, mean milliseconds of CPU time per deal (process time, so a busy
machine does not inflate it), and, from the solver's stored results
(bench/results/winnability.sqlite, any budget), how many of the same deals the solver
won and lost; a practical win on a deal the solver proved lost is reported as a bug.
Writes JSON to ``--out`` when given.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
import time
from pathlib import Path
from typing import Any

import patience
from patience.solver import practical

SKIPPED_OPTIONS = {("toad", "reserve_size")}
SOLVER_RESULTS = Path(__file__).parent / "results" / "winnability.sqlite"


def option_sets(game: patience.Game) -> list[dict[str, Any]]:
    """The defaults, then each non-default value of each option on its own."""
    out: list[dict[str, Any]] = [{}]
    for spec in game.option_specs:
        if (game.id, spec.name) in SKIPPED_OPTIONS:
            continue
        out += [{spec.name: value} for value in spec.choices if value != spec.default]
    return out


def solver_outcomes(game: patience.Game, options: dict[str, Any]) -> dict[int, str]:
    """The solver's stored answer per deal for these options (won/lost beat unknown)."""
    if not SOLVER_RESULTS.exists():
        return {}
    resolved = json.dumps(dict(sorted(game.resolve_options(options).items())),
                          separators=(",", ":"))
    out: dict[int, str] = {}
    with sqlite3.connect(SOLVER_RESULTS) as db:
        rows = db.execute("SELECT deal, outcome FROM deal_results WHERE game = ? AND "
                          "options = ?", (game.id, resolved))
        for deal, outcome in rows:
            if outcome != "unknown" or deal not in out:
                out[deal] = outcome
    return out


def measure(game_id: str, options: dict[str, Any], deals: int) -> dict[str, Any]:
    game = patience.get_game(game_id)
    solver = solver_outcomes(game, options)
    won = 0
    contradictions = []
    start = time.process_time()
    for deal in range(1, deals + 1):
        if practical.play_practical(game.new(deal=deal, **options)) == "won":
            won += 1
            if solver.get(deal) == "lost":
                contradictions.append(deal)
    seconds = time.process_time() - start
    known = [solver[d] for d in range(1, deals + 1) if d in solver]
    return {"game": game_id, "options": options, "deals": deals, "won": won,
            "win_pct": 100 * won / deals, "ms_per_deal": 1000 * seconds / deals,
            "solver_deals": len(known), "solver_won": known.count("won"),
            "solver_lost": known.count("lost"), "won_where_solver_lost": contradictions}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--games", default=",".join(g.id for g in patience.list_games()))
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    rows = []
    print(f"policy {practical.POLICY} (per game: {practical.GAME_POLICY}), deals 1-{args.deals}")
    for game_id in args.games.split(","):
        for options in option_sets(patience.get_game(game_id)):
            row = {**measure(game_id, options, args.deals),
                   "policy": practical.policy_for(game_id)}
            rows.append(row)
            shown = ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"
            print(f"{game_id:12} {shown:28} {row['won']:5d} {row['win_pct']:6.1f} % "
                  f"{row['ms_per_deal']:7.1f} ms cpu   solver on {row['solver_deals']} of these "
                  f"deals: won {row['solver_won']}, lost {row['solver_lost']}"
                  + (f"   BUG: practical won {row['won_where_solver_lost']}"
                     if row["won_where_solver_lost"] else ""), flush=True)
    if args.out:
        args.out.write_text(json.dumps({"policy": practical.POLICY, "rows": rows}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
