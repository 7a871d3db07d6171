"""The deals a 10 s solve leaves open, solved again with a longer budget.

For each game: deals FIRST..LAST are solved at 10 s each (or only the deals given with
``--deals-list``, taken as open at 10 s), and each deal left open is solved again at
``--seconds`` (60 by default), one process, the native search where it is built. Prints
one line a deal and writes ``bench/results/open_deals.json``, or ``--out`` (one entry a
game, kept across runs of other games):

    python bench/open_deals.py --games shah open-shop double-star
    python bench/open_deals.py --games blockade --deals-list 4,6,7,8
    python bench/open_deals.py --games shah --deals-list 35,65 --seconds 600 --out bench/results/open_deals_600s.json
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import patience

OUT = Path(__file__).resolve().parent / "results" / "open_deals.json"


def open_deals(game_id: str, deals: list[int], longer: float, known_open: bool) -> dict[str, Any]:
    """The deals of ``deals`` open at 10 s (all of them when ``known_open``), and each
    one's outcome, nodes and seconds with ``longer`` seconds."""
    game = patience.get_game(game_id)
    out: dict[str, Any] = {"game": game_id, "seconds": longer, "open_10s": [], "longer": {}}
    for deal in deals:
        if not known_open:
            first = patience.solve(game.new(deal=deal), max_seconds=10, max_nodes=10**10)
            if first.outcome != "unknown":
                continue
        out["open_10s"].append(deal)
        again = patience.solve(game.new(deal=deal), max_seconds=longer, max_nodes=10**11)
        out["longer"][deal] = [again.outcome, again.nodes, round(again.seconds, 1)]
        print(game_id, deal, again.outcome, again.nodes, round(again.seconds, 1), flush=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", required=True)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=50)
    parser.add_argument("--deals-list", help="deals known open at 10 s, comma-separated")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    out: Path = args.out
    stored = json.loads(out.read_text("utf-8")) if out.exists() else {}
    for game_id in args.games:
        if args.deals_list:
            deals, known = [int(d) for d in args.deals_list.split(",")], True
        else:
            deals, known = list(range(args.first, args.last + 1)), False
        stored[game_id] = open_deals(game_id, deals, args.seconds, known)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(stored, indent=2) + "\n", "utf-8")


if __name__ == "__main__":
    main()
