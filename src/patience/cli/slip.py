"""``patience analyse``: where a recorded game slipped away, in a player's words."""

from __future__ import annotations

import textwrap
from typing import Annotated, Any

import typer

from patience import words
from patience.cli import common, table
from patience.cli.common import count, fail, node_budget, seconds
from patience.engine.record import RecordError, load_record, replay
from patience.solver.slip import MAX_SOLVES, Slip, find_slip
from patience.text import render

JsonFlag = Annotated[bool, typer.Option("--json", help="Print data as JSON.")]


def analyse_cmd(
    record: Annotated[str, typer.Argument(help="A game record (patience play --save).")],
    max_seconds: Annotated[float, typer.Option(help="Time budget of each solve, in seconds.",
                                               parser=seconds)] = 5.0,
    max_nodes: Annotated[int, typer.Option(help="Node budget of each solve.",
                                           parser=node_budget)] = 2_000_000,
    max_solves: Annotated[int, typer.Option(help="How many solves at most.",
                                            parser=count)] = MAX_SOLVES,
    as_json: JsonFlag = False,
) -> None:
    """Where did it slip away? The last position from which the game could still be won,
    the move that lost the win, and a winning line from there."""
    try:
        data = load_record(record)
        common.replayed(data)  # a record that does not replay is refused in words first
        slip = find_slip(data, max_nodes=max_nodes, max_seconds=max_seconds,
                         max_solves=max_solves)
    except RecordError as exc:
        fail(str(exc))
    at = replay({**data, "moves": data["moves"][:slip.position or 0]})
    lost_words = words.describe(at, slip.lost_move) if slip.lost_move is not None else ""
    line = words.line_words(at, slip.continuation)
    if as_json:
        common.print_json(_as_data(slip, lost_words, line))
        return
    typer.echo(textwrap.fill(words.slip_story(slip, lost_words), width=80))
    if slip.position is None:
        return
    typer.echo(f"\nThe position {words.after(slip.position)}:\n")
    table.show(render(at))
    if line:
        typer.echo(f"\nA winning line from there ({len(line)} moves):")
        for number, said in enumerate(line, 1):
            typer.echo(f"  {number:>3}. {said}")
    solves = "1 solve" if slip.solves == 1 else f"{slip.solves} solves"
    typer.echo(f"\n({solves}, {slip.seconds:.1f} s)")


def _as_data(slip: Slip, lost_words: str, line: list[str]) -> dict[str, Any]:
    return {
        "verdict": slip.verdict, "moves_total": slip.moves_total, "position": slip.position,
        "lost_move": str(slip.lost_move) if slip.lost_move else None,
        "lost_words": lost_words or None, "first_lost": slip.first_lost,
        "undecided": list(slip.undecided), "untried": slip.untried,
        "continuation": [str(m) for m in slip.continuation], "continuation_words": line,
        "story": words.slip_story(slip, lost_words), "solves": slip.solves,
        "seconds": round(slip.seconds, 4),
    }
