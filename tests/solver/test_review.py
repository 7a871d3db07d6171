"""The game review (``solver.review``, ``patience analyse``): one entry per move of the
record for every game, verdicts from the chance given away, the graph, and the same review
on one core or two."""

from __future__ import annotations

import json
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import patience
from patience.cli import app
from patience.solver import review as reviewing
from patience.solver.review import review, verdict

runner = CliRunner()
RECORDS = Path(__file__).parent.parent / "fixtures" / "versions-2026-12" / "records"
SLIPPED = Path(__file__).parent.parent / "fixtures" / "rainbow-slipped.json"


def record(game_id: str, moves: int) -> dict[str, Any]:
    """A game of ``game_id`` written by the program, cut to its first ``moves`` moves."""
    data: dict[str, Any] = json.loads((RECORDS / f"{game_id}-1.json").read_text("utf-8"))
    data["moves"] = data["moves"][:moves]
    return data


def test_verdicts_by_the_chance_given_away() -> None:
    assert verdict(0.0) == "good"
    assert verdict(0.049) == "good"
    assert verdict(0.05) == "inaccuracy"
    assert verdict(0.1) == "mistake"
    assert verdict(0.19) == "mistake"
    assert verdict(0.2) == "blunder"
    assert verdict(1.0) == "blunder"


@pytest.mark.parametrize("game_id", [g.id for g in patience.list_games()])
def test_the_review_of_every_game_has_an_entry_per_move(game_id: str, tmp_path: Path) -> None:
    data = record(game_id, 12)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["analyse", str(path), "--samples", "2", "--jobs", "1",
                                 "--json"])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output)
    assert [m["number"] for m in answer["moves"]] == list(range(1, len(data["moves"]) + 1))
    state = patience.replay({**data, "moves": []})
    for entry, played in zip(answer["moves"], data["moves"], strict=True):
        assert set(entry) >= {"number", "move", "chance_before", "chance_after", "best",
                              "best_chance", "verdict"}
        assert entry["move"] == str(state.play(played))
        assert 0 <= entry["chance_after"] <= entry["best_chance"] <= entry["chance_before"] <= 1
        assert entry["verdict"] == verdict(entry["best_chance"] - entry["chance_after"])
        assert "verdict" in entry and ":" not in entry["words"]  # words, not notation


def test_a_forced_move_is_its_own_best() -> None:
    found = review(record("clock", 30), samples=3)
    forced = [m for m in found.moves if m.choices == 1]
    assert forced
    for entry in forced:
        assert entry.best == entry.move and entry.verdict == "good"
        assert entry.chance_after == entry.chance_before


def test_the_same_review_on_one_worker_or_two() -> None:
    data = record("sun", 20)
    seen: list[int] = []
    alone = review(data, samples=3, seed=5, progress=lambda done, total: seen.append(done))
    with ThreadPoolExecutor(2) as pool:
        shared = review(data, samples=3, seed=5, executor=pool)
    assert alone.moves == shared.moves and alone.start_chance == shared.start_chance
    assert seen == list(range(1, 21))  # progress after each position


@pytest.mark.usefixtures("native_search")
def test_random_moves_in_toad_give_chances_away() -> None:
    """Toad deal 2 played at random: moves that bury cards give chances away, and the
    review calls them so, naming a better move there."""
    state = patience.get_game("toad").new(deal=2)
    rng = random.Random(1)
    for _ in range(30):
        state.play_raw(rng.choice(state.legal_raw()))
    found = review(state.record(), samples=8)
    marked = [m for m in found.moves if m.verdict != "good"]
    assert any(m.verdict in ("mistake", "blunder") for m in marked)
    for entry in marked:
        assert entry.best != entry.move and entry.best_chance > entry.chance_after


@pytest.mark.usefixtures("native_search")
def test_the_cli_speaks_words_and_draws_the_graph(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(SLIPPED.read_text("utf-8"))
    plot = tmp_path / "chances.png"
    result = runner.invoke(app, ["analyse", str(path), "--samples", "4", "--plot", str(plot)])
    assert result.exit_code == 0, result.output
    assert "Game review, " in result.output
    assert "from what you could see" in result.output
    assert "With every card known, the deal was winnable until move 57." in result.output
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "better: " in result.output  # a move that gave chances away, and the better one


def test_the_cli_refuses_a_bad_plot_or_record_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(SLIPPED.read_text("utf-8"))
    result = runner.invoke(app, ["analyse", str(path), "--plot", str(tmp_path / "g.svg")])
    assert result.exit_code == 2 and "PNG" in result.output
    result = runner.invoke(app, ["analyse", str(path), "--plot", str(tmp_path / "no/g.png")])
    assert result.exit_code == 2 and "does not exist" in result.output
    path.write_text('{"game": "sun", "deal": 1, "moves": ["nonsense"]}')
    result = runner.invoke(app, ["analyse", str(path)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert reviewing.SAMPLES > 0
