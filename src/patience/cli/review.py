"""``patience analyse``: the game review of a recorded game, in a player's words."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from patience import words
from patience.cli import common
from patience.cli.common import count, fail
from patience.engine.record import RecordError, load_record, replay
from patience.i18n import N_, _
from patience.solver.review import SAMPLES, Review, review
from patience.solver.slip import find_slip
from patience.stats.executors import process_pool

ANALYSE_HELP = N_("The game review: each move's chance before and after, from what the player "
                  "could see, the better move where there was one, and a verdict (inaccuracy: "
                  "5 deals in 100 given away, mistake: 10, blunder: 20).")
ANALYSE_HELP = N_("The game review: each move's chance before and after, from what the player "
                  "could see, the better move where there was one, and a verdict (inaccuracy: "
                  "5 deals in 100 given away, mistake: 10, blunder: 20).")
JsonFlag = Annotated[bool, typer.Option("--json", help=N_("Print data as JSON."))]
# The exact search's second opinion (what a player who saw every card would have known):
# short solves, so it adds seconds, not minutes, to the review.
EXACT_SECONDS = 1.0
EXACT_SOLVES = 12


def analyse_cmd(
    record: Annotated[str, typer.Argument(help=N_("A game record (patience play --save)."))],
    samples: Annotated[int, typer.Option(
        help=N_("Ways the face-down cards could lie, weighed at each position."),
        parser=count)] = SAMPLES,
    jobs: Annotated[int, typer.Option(help=N_("Worker processes."), parser=count)] = 2,
    plot: Annotated[Path | None, typer.Option(
        help=N_("Write the graph of the chances over the game to this PNG file."))] = None,
    every_move: Annotated[bool, typer.Option(
        "--every-move",
        help=N_("List every move, not only those that gave chances away."))] = False,
    as_json: JsonFlag = False,
) -> None:
    """``patience analyse`` (``ANALYSE_HELP``): the review weighed on worker processes, then
    the exact search's second opinion."""
    try:
        data = load_record(record)
    except RecordError as exc:
        fail(str(exc))
    common.replayed(data)  # a record that does not replay is refused in words first
    if plot is not None:
        _check_plot(plot)
    with process_pool(jobs) as executor, Progress(
            TextColumn(_("reviewing")), BarColumn(), MofNCompleteColumn(),
            console=Console(stderr=True), transient=True, disable=as_json) as bar:
        task = bar.add_task("review", total=len(data["moves"]))
        found = review(data, samples=samples, executor=executor,
                       progress=lambda done, _: bar.update(task, completed=done))
    exact = _every_card(data)
    if plot is not None:
        _draw(found, plot)
    if as_json:
        common.print_json(as_data(data, found, exact))
        return
    for line in words.review_lines(replay({**data, "moves": []}), found, every_move):
        typer.echo(line)
    if exact is not None:
        typer.echo(exact)
    if plot is not None:
        typer.echo(_("The graph is in {path}.").format(path=plot))


def as_data(record: dict[str, Any], found: Review, exact: str | None) -> dict[str, Any]:
    """The review as JSON: one entry per move of the record."""
    state = replay({**record, "moves": []})
    moves = []
    for entry in found.moves:
        moves.append({
            "number": entry.number, "move": str(entry.move),
            "words": words.describe(state, entry.move),
            "chance_before": round(entry.chance_before, 4),
            "chance_after": round(entry.chance_after, 4),
            "best": str(entry.best), "best_words": words.describe(state, entry.best),
            "best_chance": round(entry.best_chance, 4), "verdict": entry.verdict,
            "verdict_words": words.verdict_word(entry.verdict),
            "forced": entry.choices == 1,
        })
        state.play(entry.move)
    return {"moves": moves, "start_chance": round(found.start_chance, 4),
            "samples": found.samples, "every_card": exact,
            "seconds": round(found.seconds, 2)}


def _every_card(data: dict[str, Any]) -> str | None:
    """What the exact search, seeing every card, adds, where it decides within its short
    budget (``words.every_card``); None where it does not."""
    slip = find_slip(data, max_nodes=2_000_000, max_seconds=EXACT_SECONDS,
                     max_solves=EXACT_SOLVES)
    return words.every_card(slip)


def _check_plot(path: Path) -> None:
    """Refuse a plot the run could not write, before the review spends its time."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        fail(_("--plot needs matplotlib: pip install -e '.[charts]'"))
    if path.suffix.lower() != ".png":
        fail(_("--plot writes a PNG file: {path} does not end in .png").format(path=path))
    if not path.parent.is_dir():
        fail(_("--plot: the folder {folder} does not exist").format(folder=path.parent))


def _draw(found: Review, path: Path) -> None:
    """The chances over the game as a PNG: the line, and the moves that gave chances away
    marked by their verdict."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    xs = [0] + [m.number for m in found.moves]
    ys = [found.start_chance] + [m.chance_after for m in found.moves]
    figure, axes = plt.subplots(figsize=(8, 3), dpi=100)
    axes.fill_between(xs, ys, color="#2e7d32", alpha=0.25, step="post")
    axes.step(xs, ys, where="post", color="#2e7d32")
    for verdict, colour in (("inaccuracy", "#f9a825"), ("mistake", "#ef6c00"),
                            ("blunder", "#c62828")):
        marked = [m for m in found.moves if m.verdict == verdict]
        axes.scatter([m.number for m in marked], [m.chance_after for m in marked],
                     color=colour, label=words.verdict_word(verdict), zorder=3)
    axes.set_ylim(0, 1)
    axes.set_xlim(0, max(xs[-1], 1))
    axes.set_xlabel(_("move"))
    axes.set_ylabel(_("chance the game still comes out"))
    if any(m.verdict != "good" for m in found.moves):
        axes.legend(loc="lower left", fontsize="small")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
