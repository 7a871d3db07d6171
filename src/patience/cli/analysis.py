"""``patience solve`` and ``patience stats``: the solver and win rates from the shell."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

import patience
from patience import words
from patience.cli import common
from patience.cli.common import OptionArg, count, deal_number, fail, node_budget, seconds
from patience.deals import MASK64
from patience.i18n import N_, _, ngettext
from patience.intervals import wilson
from patience.solver import SolveResult
from patience.stats.executors import Backend, open_executor
from patience.stats.runner import run_careful, run_deals
from patience.stats.summary import summarise
from patience.storage.careful_results import CarefulStore
from patience.storage.database import StorageError
from patience.storage.results import ResultStore
from patience.text.common import game_name

SOLVE_HELP = N_("Solve a deal: won (with the winning moves), lost (proved) or unknown "
                "(budget spent).")
STATS_HELP = N_("Win rates over deals START … START+DEALS-1: thoughtful (solver) and "
                "practical, or the careful player's.")
OUTCOMES = {"won": N_("won"), "lost": N_("lost"), "unknown": N_("unknown")}

JsonFlag = Annotated[bool, typer.Option("--json", help=N_("Print data as JSON."))]
DEFAULT_DB = "patience-results.sqlite"


def solve_cmd(
    game: str,
    deal: Annotated[int, typer.Option(help=N_("Deal number."), parser=deal_number)],
    option: OptionArg = None,
    max_seconds: Annotated[float, typer.Option(help=N_("Time budget in seconds."),
                                               parser=seconds)] = 10.0,
    max_nodes: Annotated[int, typer.Option(help=N_("Node budget."),
                                           parser=node_budget)] = 2_000_000,
    as_json: JsonFlag = False,
) -> None:
    """``patience solve`` (``SOLVE_HELP``): a dead-end rule's proof first, else the search."""
    state = common.new_state(game, deal, option)
    why = words.why_lost(state)  # a dead-end rule's proof at the deal: no search
    if why:
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
    name = game_name(state)
    if why:  # a dead-end rule proves it at the deal: say which, not "0 nodes"
        typer.echo(_("{game} deal {deal}: lost from the start, without a search").format(
            game=name, deal=deal))
        typer.echo("\n".join(textwrap.wrap(why[0].upper() + why[1:], 78, initial_indent="  ",
                                            subsequent_indent="  ", break_on_hyphens=False)))
        return
    searched = ngettext("{n} node", "{n} nodes", result.nodes).format(n=result.nodes)
    typer.echo(_("{game} deal {deal}: {outcome} ({searched}, {seconds} s)").format(
        game=name, deal=deal, outcome=_(OUTCOMES.get(result.outcome, result.outcome)),
        searched=searched, seconds=f"{result.seconds:.2f}"))
    for number, said in enumerate(words.line_words(state, result.moves), 1):
        typer.echo(f"  {number:>3}. {said}")


def stats_cmd(
    game: str,
    deals: Annotated[int, typer.Option(help=N_("How many deals."), parser=count)],
    start: Annotated[int, typer.Option(help=N_("First deal number."), parser=deal_number)] = 1,
    option: OptionArg = None,
    jobs: Annotated[int, typer.Option(help=N_("Worker processes."), parser=count)] = 2,
    backend: Annotated[str, typer.Option(help=N_("process or dask."))] = "process",
    scheduler: Annotated[str | None, typer.Option(
        help=N_("Dask scheduler address."))] = None,
    db: Annotated[str, typer.Option(
        help=N_("SQLite file for per-deal results."))] = DEFAULT_DB,
    max_seconds: Annotated[float, typer.Option(
        help=N_("Time budget per deal; deals a smaller budget decided are kept."),
        parser=seconds)] = 10.0,
    max_nodes: Annotated[int, typer.Option(help=N_("Node budget per deal."),
                                           parser=node_budget)] = 2_000_000,
    retry_unknown: Annotated[bool, typer.Option(
        help=N_("Solve again the deals stored as unknown."))] = False,
    player: Annotated[str, typer.Option(
        help=N_("solver: the thoughtful (every card seen) and practical rates; careful: the "
             "careful player's, who sees only what a player sees (slower)."))] = "solver",
    as_json: JsonFlag = False,
) -> None:
    """``patience stats`` (``STATS_HELP``): every deal's result is stored as it comes, so an
    interrupted run goes on where it stopped."""
    the_game = common.find_game(game)
    options = common.parse_options(the_game, option)
    if start + deals - 1 > MASK64:
        fail(_("deal numbers stop at {last}: --start {start} leaves room for {room} "
               "deals").format(last=MASK64, start=start, room=MASK64 - start + 1))
    if backend not in ("process", "dask"):
        fail(_("--backend must be process or dask, not {given}").format(given=repr(backend)))
    chosen: Backend = "dask" if backend == "dask" else "process"
    if scheduler is not None and chosen != "dask":
        fail(_("--scheduler names a dask scheduler: give it with --backend dask"))
    if player not in ("solver", "careful"):
        fail(_("--player must be solver or careful, not {given}").format(given=repr(player)))
    numbers = range(start, start + deals)
    common.check_folder(db, N_("cannot keep the results in"))
    if player == "careful":
        careful_stats(the_game, options, numbers, db, chosen, jobs, scheduler, as_json)
        return
    try:
        store = ResultStore(db)
    except StorageError as exc:
        fail(str(exc))
    tally = Tally()
    try:
        with store, open_executor(chosen, jobs, scheduler) as executor, \
                deals_bar(_("{game} deals").format(game=game_name(the_game)), deals,
                          as_json, tally):
            results = run_deals(the_game.id, options, numbers, executor, store,
                                max_nodes=max_nodes, max_seconds=max_seconds,
                                retry_unknown=retry_unknown, on_result=tally)
    except KeyboardInterrupt:
        fail(_stopped(tally.count, deals, db), code=130)
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
    typer.echo(_("{game}, deals {first}–{last}: won {won}, lost {lost}, unknown {unknown}")
               .format(game=game_name(the_game), first=start, last=start + deals - 1,
                       won=s.won, lost=s.lost, unknown=s.unknown))
    typer.echo("  " + _("thoughtful win rate: {low}%–{high}% (interval of 95%, unknowns "
                        "counted both ways)").format(low=f"{100 * s.low:.1f}",
                                                     high=f"{100 * s.high:.1f}"))
    typer.echo("  " + _("practical win rate:  {rate}% ({low}%–{high}%)").format(
        rate=f"{100 * s.practical_rate:.1f}", low=f"{100 * s.practical_low:.1f}",
        high=f"{100 * s.practical_high:.1f}"))
    typer.echo("  " + _("solve time: median {median} s, p99 {p99} s").format(
        median=f"{s.median_seconds:.2f}", p99=f"{s.p99_seconds:.2f}"))


def careful_stats(game: patience.Game, options: dict[str, Any], numbers: range, db: str,
                  backend: Backend, jobs: int, scheduler: str | None, as_json: bool) -> None:
    """``patience stats --player careful``: the careful player's win rate over ``numbers``,
    its games stored in ``db`` as they finish."""
    try:
        store = CarefulStore(db)
    except StorageError as exc:
        fail(str(exc))
    tally = Tally()
    try:
        with store, open_executor(backend, jobs, scheduler) as executor, \
                deals_bar(_("{game}: the careful player's games").format(game=game_name(game)),
                          len(numbers), as_json, tally):
            results = run_careful(game.id, options, numbers, executor, store,
                                  on_result=tally)
    except KeyboardInterrupt:
        fail(_stopped(tally.count, len(numbers), db), code=130)
    won = sum(r.outcome == "won" for r in results)
    low, high = wilson(won, len(results))
    mean = sum(r.seconds for r in results) / len(results)
    if as_json:
        common.print_json({"game": game.id, "options": game.resolve_options(options),
                           "deals": len(results), "careful_won": won,
                           "careful_interval": [round(low, 4), round(high, 4)],
                           "mean_seconds": round(mean, 2)})
        return
    typer.echo(_("{game}, deals {first}–{last}: the careful player won {won} of {total}").format(
        game=game_name(game), first=numbers[0], last=numbers[-1], won=won, total=len(results)))
    typer.echo("  " + _("careful win rate: {rate}% ({low}%–{high}%)").format(
        rate=f"{100 * won / len(results):.1f}", low=f"{100 * low:.1f}", high=f"{100 * high:.1f}"))
    typer.echo("  " + _("play time: {mean} s a deal on average").format(mean=f"{mean:.1f}"))


class Tally:
    """How many deals of a run have finished (an interrupted run says so), each moving the
    bar on as it finishes."""

    def __init__(self) -> None:
        self.count = 0
        self.step: Callable[[], None] = lambda: None

    def __call__(self, _: object) -> None:
        self.count += 1
        self.step()


@contextmanager
def deals_bar(title: str, total: int, quiet: bool, tally: Tally) -> Iterator[None]:
    """A progress bar over ``total`` deals while the block runs (none when ``quiet``),
    moved on by ``tally``."""
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), disable=quiet, transient=True) as bar:
        task = bar.add_task(title, total=total)
        tally.step = lambda: bar.advance(task)
        yield


def _stopped(finished: int, deals: int, db: str) -> str:
    """What an interrupted run keeps, and how to go on."""
    return ngettext("stopped: the results so far ({finished} of {n} deal) are kept in {db}; "
                    "the same command goes on from there",
                    "stopped: the results so far ({finished} of {n} deals) are kept in {db}; "
                    "the same command goes on from there", deals).format(
        finished=finished, n=deals, db=db)
