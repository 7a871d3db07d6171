"""The practical player: plays legal moves to the end and never reads hidden cards."""

from __future__ import annotations

import pytest

import patience
from patience.engine.moves import Move
from patience.solver import practical
from tests.decks import stack


@pytest.mark.parametrize("game_id", [g.id for g in patience.list_games()])
def test_practical_games_end_and_leave_the_state_alone(game_id: str) -> None:
    game = patience.get_game(game_id)
    outcomes = set()
    for deal in range(1, 11):
        state = game.new(deal=deal)
        before = state.to_dict()
        outcomes.add(practical.play_practical(state))
        assert state.to_dict() == before
    assert outcomes <= {"won", "lost"}


def test_practical_wins_trivial_decks() -> None:
    assert practical.play_practical(patience.get_game("sun").new(deck=stack([], decks=2))) \
        == "won"
    assert practical.play_practical(patience.get_game("star").new(deck=stack([]))) == "won"


def test_the_policy_sees_no_hidden_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two Star deals that differ only inside the stock look alike to the policy, so its
    first choices are the same until a differing card is turned up."""
    deck = stack(["AS", "AH", "AD", "AC", "5S", "5H", "5D", "5C"])
    other = deck[:8] + deck[8:][::-1]  # same visible layout, stock in another order
    views: list[list[dict[str, object]]] = [[], []]
    real_choose = practical.choose
    for i, d in enumerate((deck, other)):

        def spy(view: dict[str, object], moves: list[Move], *rest: object,
                out: list[dict[str, object]] = views[i]) -> Move:
            out.append(view)
            return real_choose(view, moves, *rest)  # type: ignore[arg-type]

        monkeypatch.setattr(practical, "choose", spy)
        practical.play_practical(patience.get_game("star").new(deck=d))
    first, second = views[0][0], views[1][0]
    assert first["piles"] == second["piles"]
    assert first["piles"]["stock"] == []  # type: ignore[index]
