"""``patience solve`` and ``patience stats`` through typer's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import patience
from patience.cli import app
from patience.solver.practical import policy_for
from patience.storage.results import DealResult, ResultStore, budget_text

runner = CliRunner()


def test_solve_json_gives_a_replayable_line() -> None:
    result = runner.invoke(app, ["solve", "star", "--deal", "12", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["outcome"] == "won" and data["nodes"] > 0
    state = patience.get_game("star").new(deal=12)
    for move in data["moves"]:
        state.play(move)
    assert state.status == "won"


def test_solve_text_and_options() -> None:
    result = runner.invoke(app, ["solve", "star", "--deal", "12", "--option",
                                 "direction=first-fit", "--max-seconds", "5"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Star deal 12: ")
    assert "1. " in result.output or "lost" in result.output or "unknown" in result.output


def test_solve_budget_gives_unknown() -> None:
    result = runner.invoke(app, ["solve", "sun", "--deal", "1", "--max-nodes", "20", "--json"])
    assert json.loads(result.output)["outcome"] == "unknown"


def test_solve_bad_input_is_a_clear_error() -> None:
    result = runner.invoke(app, ["solve", "nosuch", "--deal", "1"])
    assert result.exit_code == 2 and "no game" in result.output
    result = runner.invoke(app, ["solve", "star", "--deal", "1", "--option", "direction=up"])
    assert result.exit_code == 2 and "direction" in result.output


def test_stats_json_and_resume(tmp_path: Path) -> None:
    db = str(tmp_path / "s.sqlite")
    args = ["stats", "star", "--deals", "4", "--start", "10", "--jobs", "1", "--db", db,
            "--max-nodes", "2000", "--json"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    data = json.loads(first.output)
    assert data["deals"] == 4 and data["won"] + data["lost"] + data["unknown"] == 4
    low, high = data["thoughtful_interval"]
    assert 0 <= low <= high <= 1
    again = runner.invoke(app, args)
    assert json.loads(again.output) == data
    budget = budget_text(2000, 10.0)
    with ResultStore(db) as store:  # as if a weaker solver had left deal 10 undecided
        star = patience.get_game("star")
        options = dict(star.resolve_options({}))
        was = store.get("star", options, budget, [10], star.versions_alike())[10].outcome
        store.add("star", options, budget,
                  DealResult(10, "unknown", 1, 10.0, "lost", policy_for("star")),
                  star.rules_version)
    stale = json.loads(runner.invoke(app, args).output)
    assert stale["unknown"] == data["unknown"] + (was != "unknown")
    retried = json.loads(runner.invoke(app, [*args, "--retry-unknown"]).output)
    counts = ("won", "lost", "unknown", "practical_won")
    assert [retried[k] for k in counts] == [data[k] for k in counts]  # times may differ


def test_stats_rejects_a_bad_backend() -> None:
    result = runner.invoke(app, ["stats", "star", "--deals", "2", "--backend", "mpi"])
    assert result.exit_code == 2 and "backend" in result.output


def test_stats_and_solve_reject_a_budget_that_is_not_positive() -> None:
    for command in (["stats", "star", "--deals", "2"], ["solve", "star", "--deal", "2"]):
        for flag, value, words in (("--max-seconds", "0", "not a positive number of seconds"),
                                   ("--max-seconds", "-1", "not a positive number of seconds"),
                                   ("--max-seconds", "nan", "not a positive number of seconds"),
                                   ("--max-seconds", "inf", "not a positive number of seconds"),
                                   ("--max-nodes", "0", "from 1 to 9223372036854775807, not 0"),
                                   ("--max-nodes", "-5", "from 1 to 9223372036854775807, not -5")):
            result = runner.invoke(app, [*command, flag, value])
            assert result.exit_code == 2, (command, value)
            assert result.output.startswith(f"patience: Invalid value for '{flag}'")
            assert words in result.output and result.output.count("\n") == 1


def test_play_loop_hint() -> None:
    result = runner.invoke(app, ["play", "star", "--deal", "12"], input="h\nq\n")
    assert result.exit_code == 0
    assert "hint: There is only one move: Q♠ from the reserve to the 12 o'clock base" \
        in result.output and "h gives a hint" in result.output
