"""The careful player at play (``careful.choose``, ``careful_player``) and its win rates
(``patience stats --player careful``): the practical move unless the samples show a
clearly better one, blind to the face-down cards, and stored per deal so a run resumes."""

from __future__ import annotations

import json
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from typer.testing import CliRunner

import patience
from patience.cli import app
from patience.engine.rules import RawMove
from patience.engine.state import State
from patience.solver.careful import (
    LEVEL_FOUNDATIONS,
    MARGIN,
    Row,
    choose,
    default_move,
    practical_move,
)
from patience.solver.careful_player import CarefulPlayer, play_careful, player_name
from patience.solver.depth_first import Outcome
from patience.solver.practical import Lookahead
from patience.stats import runner as running
from patience.storage.careful_results import CarefulResult, CarefulStore
from tests.games.test_unseen import swapped_twin
from tests.solver.test_careful import position


class Known:
    """A sample whose outcomes after each move are given; counts the searches asked."""

    def __init__(self, after: list[Outcome]) -> None:
        self.outcomes = after
        self.asked: list[int] = []

    def root(self) -> tuple[Outcome, int | None]:
        won = [i for i, o in enumerate(self.outcomes) if o == "won"]
        return ("won", won[0]) if won else ("lost", None)

    def after(self, index: int) -> Outcome:
        self.asked.append(index)
        return self.outcomes[index]


def rows_of(samples: list[Known]) -> list[Row]:
    return [list(s.outcomes) for s in samples]


def test_the_practical_move_stands_unless_another_wins_margin_more_samples() -> None:
    # move 1 wins one sample the default (0) loses: not enough
    one = [Known(["lost", "won"]), Known(["won", "won"]), Known(["won", "won"])]
    assert choose(rows_of(one), one, 0) == 0
    # two more: move 1 is played
    two = [Known(["lost", "won"]), Known(["lost", "won"]), Known(["won", "won"])]
    assert choose(rows_of(two), two, 0) == 1
    # two more, but it loses one the default wins: a gain of one only
    mixed = [Known(["lost", "won"]), Known(["lost", "won"]), Known(["won", "lost"])]
    assert choose(rows_of(mixed), mixed, 0) == 0
    assert MARGIN == 2


def test_of_two_better_moves_the_one_that_gains_most_even_if_it_wins_fewer_alone() -> None:
    """Move 1 wins three samples the default loses but loses two it wins (gain 1); move 2
    wins two it loses and loses none (gain 2): move 2."""
    samples = [Known(["lost", "won", "won"]), Known(["lost", "won", "won"]),
               Known(["lost", "won", "lost"]), Known(["won", "lost", "won"]),
               Known(["won", "lost", "won"])]
    assert choose(rows_of(samples), samples, 0) == 2


def test_where_the_default_wins_other_moves_are_searched_only_if_they_could_gain() -> None:
    """Rows as the player fills them: other moves unsearched (None) where the default won.
    A move that wins fewer than MARGIN samples the default loses is never searched there."""
    samples = [Known(["won", "lost", "won"]), Known(["lost", "lost", "won"]),
               Known(["lost", "won", "won"])]
    rows: list[Row] = [["won", None, None], ["lost", "lost", "won"], ["lost", "won", "won"]]
    assert choose(rows, samples, 0) == 2
    assert samples[0].asked == [2]  # move 2 could gain, so its loss there was asked; not 1


def test_without_a_default_the_move_won_most_or_none() -> None:
    samples = [Known(["lost", "won"]), Known(["won", "won"])]
    assert choose(rows_of(samples), samples, None) == 1
    lost = [Known(["lost", "lost"])]
    assert choose(rows_of(lost), lost, None) is None


@pytest.mark.usefixtures("native_search")
@pytest.mark.parametrize("game_id", ["clock", "shah", "toad"])
def test_the_careful_move_is_blind_to_the_face_down_cards(game_id: str) -> None:
    state = position(game_id, 2, 10, deck=True)
    twin = swapped_twin(state)
    assert twin is not None and len(state.legal_raw()) > 1
    assert CarefulPlayer(state, seed=4, samples=6).move(state) == \
        CarefulPlayer(twin, seed=4, samples=6).move(twin)


@pytest.mark.usefixtures("native_search")
def test_the_careful_player_wins_a_clock_deal_the_practical_player_loses() -> None:
    """Clock deal 12 (bench/results/careful.json): the practical player loses it."""
    state = patience.get_game("clock").new(deal=12)
    assert patience.solver.practical.play_practical(state) == "lost"
    assert play_careful(state, seed=12) == "won"
    assert state.moves_played == 0  # played on a copy


def test_a_careful_run_resumes_from_what_is_stored(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[int] = []

    def fake(game_id: str, options: object, deal: int) -> CarefulResult:
        played.append(deal)
        return CarefulResult(deal, "won" if deal % 2 else "lost", 0.5)

    monkeypatch.setattr(running, "play_careful_deal", fake)
    with CarefulStore(tmp_path / "r.sqlite") as store, ThreadPoolExecutor(1) as pool:
        first = running.run_careful("sun", {}, range(1, 4), pool, store)
        again = running.run_careful("sun", {}, range(1, 6), pool, store)
    assert sorted(played) == [1, 2, 3, 4, 5]  # deals 1-3 were not played again
    assert [r.outcome for r in first] == ["won", "lost", "won"]
    assert [r.deal for r in again] == [1, 2, 3, 4, 5]


def test_stats_player_careful_stores_each_deal(tmp_path: Path) -> None:
    db = tmp_path / "results.sqlite"
    args = ["stats", "star", "--deals", "2", "--jobs", "1", "--player", "careful",
            "--db", str(db), "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    row = json.loads(result.output)
    assert row["deals"] == 2 and 0 <= row["careful_won"] <= 2
    low, high = row["careful_interval"]
    assert low <= row["careful_won"] / 2 <= high
    with sqlite3.connect(db) as read:
        stored = read.execute("SELECT deal, player FROM careful_results ORDER BY deal").fetchall()
    assert stored == [(1, player_name("star")), (2, player_name("star"))]
    words = CliRunner().invoke(app, args[:-1])
    assert "the careful player won" in words.output and "careful win rate" in words.output


def foundation_choice(game_id: str, deal: int) -> tuple[State, Lookahead, RawMove]:
    """The first position of ``deal``'s practical game where the practical move plays a
    card to a foundation and another foundation, holding fewer cards, takes it too."""
    state = patience.get_game(game_id).new(deal=deal)
    look = Lookahead(state)
    while state.status == "playing":
        move = practical_move(state, look)
        assert move is not None
        found = state.rules.foundations
        others = [m for m in state.legal_raw() if m[0] == move[0] and m[2] == move[2]
                  and m[1] in found and m[1] != move[1]]
        if move[1] in found and any(len(state.piles[m[1]]) < len(state.piles[move[1]])
                                    for m in others):
            return state, Lookahead(state), move
        state.play_raw(move)
    raise AssertionError(f"no choice of foundation in {game_id} deal {deal}")


def test_rainbow_careful_player_keeps_its_foundations_level() -> None:
    """RBW-3, RBW-4: of the foundations that take a card, the careful player's default
    builds on the one holding the fewest cards; the practical player, the first of equals."""
    assert "rainbow" in LEVEL_FOUNDATIONS
    state, look, practical = foundation_choice("rainbow", 1)
    chosen = default_move(state, look)
    assert chosen is not None and chosen != practical
    assert (chosen[0], chosen[2]) == (practical[0], practical[2])  # the same card
    takers = [m[1] for m in state.legal_raw() if m[0] == practical[0] and m[2] == practical[2]
              and m[1] in state.rules.foundations]
    assert len(state.piles[chosen[1]]) == min(len(state.piles[f]) for f in takers)


def test_other_games_keep_the_practical_players_foundation() -> None:
    """Open Shop (OPS-1, built as RBW-3) is not in LEVEL_FOUNDATIONS: its careful games
    were played with the practical player's choice, and stay so."""
    assert "open-shop" not in LEVEL_FOUNDATIONS
    state, look, practical = foundation_choice("open-shop", 1)
    assert default_move(state, look) == practical


def test_each_game_stores_the_careful_players_version_it_was_played_by() -> None:
    """Rainbow's games are played again under their own version; the others' stand."""
    assert player_name("rainbow").startswith("careful-2/")
    assert player_name("star").startswith("careful-1/")
    assert player_name("rainbow").split("/")[1:] == player_name("star").split("/")[1:]
