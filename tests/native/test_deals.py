"""The native deal shuffle is docs/deals.md's bit for bit, and a position crosses exactly."""

from __future__ import annotations

from typing import Any

import pytest

from patience import native
from patience.deals import deal_order
from patience.engine.registry import get_game
from patience.engine.state import State
from tests.native.helpers import native_module


@pytest.mark.parametrize("decks", [1, 2])
def test_deal_orders_match_python_for_many_deals(decks: int) -> None:
    module = native_module()
    deals = [*range(2000), 2**32, 2**63, 2**64 - 1, 12345678901234567]
    for deal in deals:
        assert module.deal_order(deal, decks) == deal_order(deal, decks), deal


def test_an_explicit_deck_crosses_as_it_is() -> None:
    module = native_module()
    deck = deal_order(77, 1)[::-1]
    state = get_game("star").new(deck=deck)
    twin = module.NativeState("star", dict(state.rules.options), deck=deck)
    assert twin.to_dict() == state.to_dict()


def test_a_position_crosses_with_its_moves() -> None:
    native_module()
    state = get_game("star").new(deal=5, direction="free")
    for _ in range(30):
        state.play_raw(state.legal_raw()[-1])
    twin = native.start(state)
    assert twin is not None
    assert twin.to_dict() == state.to_dict()
    assert twin.key() == state.key()


def test_a_position_without_its_history_is_left_to_python() -> None:
    native_module()
    state = get_game("star").new(deal=5)
    other = get_game("star").new(deal=6)
    state.load_position(other.piles, other.vars)  # no moves lead here from deal 5
    assert native.start(state) is None


def test_an_illegal_move_is_refused() -> None:
    module = native_module()
    with pytest.raises(ValueError):
        module.NativeState("star", {"direction": "free"}, deal=1, moves=[(9, 0, 0, False)])


def test_switched_off_by_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    native_module()
    state = get_game("star").new(deal=1)
    assert native.supports(state)
    monkeypatch.setenv("PATIENCE_NATIVE", "0")
    assert not native.available()
    assert not native.supports(state)
    assert native.solve(state, 1000, 1.0) is None


def test_solve_hands_to_the_native_search_only_the_games_it_searches(
        monkeypatch: pytest.MonkeyPatch) -> None:
    native_module()
    import patience

    asked: list[str] = []
    real = native.solve

    def spy(state: State, max_nodes: int, max_seconds: float) -> Any:
        answer = real(state, max_nodes, max_seconds)
        asked.append(f"{state.game.id}:{'native' if answer else 'python'}")
        return answer

    monkeypatch.setattr(native, "solve", spy)
    assert patience.solve(get_game("star").new(deal=1)).outcome == "won"
    # Toad's rules version 1 (TOD-3's extraction at setup) is searched in Python
    patience.solve(get_game("toad").new(deal=1, rules_version="1"), max_nodes=2000)
    assert asked == ["star:native", "toad:python"]
    # the reserve family is searched natively alone: with its probes on ranks, dives and
    # pool game the native search decides every deal the Python one decides
    for game_id in ("rainbow", "toad", "open-shop", "double-star"):
        state = get_game(game_id).new(deal=1)
        assert native.plays(state) and native.search_share(state) == 1, game_id


def test_a_game_searched_natively_first_hands_what_is_left_to_python(
        monkeypatch: pytest.MonkeyPatch) -> None:
    native_module()
    import patience

    answers: list[Any] = []
    real = native.solve

    def spy(state: State, max_nodes: int, max_seconds: float) -> Any:
        answers.append(real(state, max_nodes, max_seconds))
        return answers[-1]

    monkeypatch.setattr(native, "solve", spy)
    state = get_game("clock").new(deal=108)  # won, but late for the native probes
    assert native.search_share(state) == 1  # every game is searched natively alone
    share = native.search_share
    monkeypatch.setattr(native, "search_share", lambda state: share(state) / 10)
    assert native.hands_over(state)
    result = patience.solve(state, max_nodes=4000)
    ((outcome, _, searched),) = answers
    assert outcome == "unknown" and searched == 4000 * native.search_share(state)
    assert result.nodes > searched  # the Python search went on with the rest
