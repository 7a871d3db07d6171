"""``patience solve`` and ``patience stats``: the solver and win rates from the shell."""

from __future__ import annotations

import textwrap
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

import patience
from patience import words
from patience.cli import common
from patience.cli.common import OptionArg, count, deal_number, fail, node_budget, seconds
from patience.deals import MASK64
from patience.solver import SolveResult
from patience.stats.executors import Backend, open_executor
from patience.stats.runner import run_deals
from patience.stats.summary import summarise
from patience.storage.database import StorageError
from patience.storage.results import DealResult, ResultStore

JsonFlag = Annotated[bool, typer.Option("--json", help="Print data as JSON.")]
DEFAULT_DB = "patience-results.sqlite"


def solve_cmd(
    game: str,
    deal: Annotated[int, typer.Option(help="Deal number.", parser=deal_number)],
    option: OptionArg = None,
    max_seconds: Annotated[float, typer.Option(help="Time budget in seconds.",
                                               parser=seconds)] = 10.0,
    max_nodes: Annotated[int, typer.Option(help="Node budget.", parser=node_budget)] = 2_000_000,
    as_json: JsonFlag = False,
) -> None:
    """Solve a deal: won (with the winning moves), lost (proved) or unknown (budget spent)."""
    state = common.new_state(game, deal, option)
    why = state.rules.why_dead(state)  # a dead-end rule's proof at the deal: no search
    if why:
        why = words.plain(state, why)
        result = SolveResult("lost")
    else:
        result = patience.solve(state, max_nodes=max_nodes, max_seconds=max_seconds)
    moves = [str(m) for m in result.moves]
    if as_json:
        common.print_json({"game": state.game.id, "deal": deal,
                           "options": dict(state.rules.options), "outcome": result.outcome,
                           "nodes": result.nodes, "seconds": round(result.seconds, 4),
                           "moves": moves, **({"why_lost": why} if why else {})})
        return
    if why:  # a dead-end rule proves it at the deal: say which, not "0 nodes"
        typer.echo(f"{state.game.name} deal {deal}: lost from the start, without a search")
        typer.echo("\n".join(textwrap.wrap(why[0].upper() + why[1:], 78, initial_indent="  ",
                                            subsequent_indent="  ", break_on_hyphens=False)))
        return
    typer.echo(f"{state.game.name} deal {deal}: {result.outcome} "
               f"({result.nodes} nodes, {result.seconds:.2f} s)")
    for number, said in enumerate(words.line_words(state, result.moves), 1):
        typer.echo(f"  {number:>3}. {said}")


def stats_cmd(
    game: str,
    deals: Annotated[int, typer.Option(help="How many deals.", parser=count)],
    start: Annotated[int, typer.Option(help="First deal number.", parser=deal_number)] = 1,
    option: OptionArg = None,
    jobs: Annotated[int, typer.Option(help="Worker processes.", parser=count)] = 2,
    backend: Annotated[str, typer.Option(help="process or dask.")] = "process",
    scheduler: Annotated[str | None, typer.Option(help="Dask scheduler address.")] = None,
    db: Annotated[str, typer.Option(help="SQLite file for per-deal results.")] = DEFAULT_DB,
    max_seconds: Annotated[float, typer.Option(
        help="Time budget per deal; deals a smaller budget decided are kept.",
        parser=seconds)] = 10.0,
    max_nodes: Annotated[int, typer.Option(help="Node budget per deal.",
                                           parser=node_budget)] = 2_000_000,
    retry_unknown: Annotated[bool, typer.Option(
        help="Solve again the deals stored as unknown.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Win rates over deals START … START+DEALS-1, thoughtful (solver) and practical."""
    the_game = common.find_game(game)
    options = common.parse_options(the_game, option)
    if start + deals - 1 > MASK64:
        fail(f"deal numbers stop at {MASK64}: --start {start} leaves room for "
             f"{MASK64 - start + 1} deals")
    if backend not in ("process", "dask"):
        fail(f"--backend must be process or dask, not {backend!r}")
    chosen: Backend = "dask" if backend == "dask" else "process"
    if scheduler is not None and chosen != "dask":
        fail("--scheduler names a dask scheduler: give it with --backend dask")
    numbers = range(start, start + deals)
    try:
        store = ResultStore(db)
    except StorageError as exc:
        fail(str(exc))
    with store, open_executor(chosen, jobs, scheduler) as executor, \
            Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                     TimeRemainingColumn(), disable=as_json, transient=True) as bar:
        task = bar.add_task(f"{the_game.id} deals", total=deals)

        def advance(_: DealResult) -> None:
            bar.advance(task)

        results = run_deals(the_game.id, options, numbers, executor, store,
                            max_nodes=max_nodes, max_seconds=max_seconds,
                            retry_unknown=retry_unknown, on_result=advance)
    s = summarise(results)
    row: dict[str, Any] = {
        "game": the_game.id, "options": the_game.resolve_options(options), "deals": s.deals,
        "won": s.won, "lost": s.lost, "unknown": s.unknown,
        "thoughtful_interval": [round(s.low, 4), round(s.high, 4)],
        "practical_won": s.practical_won,
        "practical_interval": [round(s.practical_low, 4), round(s.practical_high, 4)],
        "median_seconds": round(s.median_seconds, 4), "p99_seconds": round(s.p99_seconds, 4),
    }
    if as_json:
        common.print_json(row)
        return
    typer.echo(f"{the_game.name}, deals {start}–{start + deals - 1}: won {s.won}, lost "
               f"{s.lost}, unknown {s.unknown}")
    typer.echo(f"  thoughtful win rate: 95% interval {100 * s.low:.1f}%–{100 * s.high:.1f}% "
               "(unknowns counted both ways)")
    typer.echo(f"  practical win rate:  {100 * s.practical_rate:.1f}% "
               f"({100 * s.practical_low:.1f}%–{100 * s.practical_high:.1f}%)")
    typer.echo(f"  solve time: median {s.median_seconds:.2f} s, p99 {s.p99_seconds:.2f} s")
