"""The careful player (``patience.advise``): chances from what a player sees, every move
weighed on the same samples, and the same advice for positions a player cannot tell
apart (docs/rules.md, "What a player sees")."""

from __future__ import annotations

import random

import pytest

import patience
from patience import native
from patience.deals import deal_order
from patience.engine.state import State
from patience.solver import careful
from tests.games.test_unseen import swapped_twin


def position(game_id: str, deal: int, moves: int, *, deck: bool = False,
             choices: int = 2) -> State:
    """Deal ``deal`` (by number, or from its deck) after ``moves`` random moves, then on
    to the first position with ``choices`` legal moves or more and something face down."""
    game = patience.get_game(game_id)
    state = game.new(deck=deal_order(deal, game.decks)) if deck else game.new(deal=deal)
    rng = random.Random(deal)
    while state.legal_raw() and (
            moves > 0 or len(state.legal_raw()) < choices or not state.rules.unseen(state)):
        state.play_raw(rng.choice(state.legal_raw()))
        moves -= 1
    return state


def check(advice: patience.Advice, state: State, samples: int) -> None:
    """The fields agree with each other and with the position."""
    assert advice.samples == samples
    assert [m.move for m in advice.moves] == state.legal_moves()
    assert advice.chance is not None
    assert 0.0 <= advice.low <= advice.chance <= advice.high <= 1.0
    for weighed in advice.moves:
        assert 0.0 <= weighed.low <= weighed.chance <= weighed.high <= 1.0
        assert weighed.won + weighed.lost + weighed.unknown == samples  # the same samples
        # the game is won on a sample where a move is, and lost where every move is
        assert weighed.chance <= advice.chance and weighed.low <= advice.low
        assert weighed.high <= advice.high
    best = max(advice.moves, key=lambda m: (m.chance, m.low))
    assert advice.best == best.move
    played = next(m for m in advice.moves if m.move == advice.move)
    # the careful move is the best one or within careful.MARGIN samples of it
    assert best.won - played.won < careful.MARGIN or advice.move == best.move
    for weighed in advice.moves[:advice.moves.index(best)]:  # ties go to the earlier move
        assert (weighed.chance, weighed.low) < (best.chance, best.low)


@pytest.mark.parametrize(("game_id", "deal", "moves"),
                         [("sun", 1, 0), ("clock", 1, 0), ("rainbow", 1, 15), ("toad", 1, 15),
                          ("blockade", 2, 15)])
def test_advice_fields_and_bounds(game_id: str, deal: int, moves: int) -> None:
    state = position(game_id, deal, moves)
    before = (state.key(), state.raw_history())
    advice = patience.advise(state, samples=12, seed=3)
    check(advice, state, 12)
    assert (state.key(), state.raw_history()) == before  # the caller's state is untouched
    assert patience.advise(state, samples=12, seed=3) == advice


@pytest.mark.parametrize("game_id", [g.id for g in patience.list_games()])
def test_no_peek_two_decks_a_player_cannot_tell_apart(game_id: str) -> None:
    """Two decks that differ by two cards still face down, the same moves: the same
    advice, though the cards lie otherwise."""
    found = 0
    for deal, moves in ((1, 0), (2, 10), (3, 25)):
        state = position(game_id, deal, moves, deck=True)
        twin = swapped_twin(state)
        if twin is None or len(state.legal_raw()) < 2:
            continue
        assert twin.key() != state.key()
        assert twin.legal_raw() == state.legal_raw()
        found += 1
        one = patience.advise(state, samples=6, seed=deal)
        assert patience.advise(twin, samples=6, seed=deal) == one
    assert found


def test_a_forced_move_and_no_move_need_no_samples() -> None:
    forced = patience.get_game("sun").new(deal=1)
    rng = random.Random(1)
    while len(forced.legal_raw()) != 1:
        forced.play_raw(rng.choice(forced.legal_raw()))
    advice = patience.advise(forced, samples=50)
    only = forced.legal_moves()[0]
    assert advice == patience.Advice(only, None, 0.0, 1.0, (), 0, only)

    over = patience.get_game("rainbow").new(deal=1)
    rng = random.Random(2)
    while over.legal_raw():
        over.play_raw(rng.choice(over.legal_raw()))
    assert over.status == "lost"
    assert patience.advise(over) == patience.Advice(None, 0.0, 0.0, 0.0, (), 0)


def test_samples_by_the_clock_stay_within_their_bounds() -> None:
    state = position("clock", 1, 0)
    advice = patience.advise(state, max_seconds=0.01)
    assert advice.samples == careful.MIN_SAMPLES  # the minimum, whatever the clock says
    check(advice, state, careful.MIN_SAMPLES)
    assert advice == patience.advise(state, samples=careful.MIN_SAMPLES)  # the same samples
    with pytest.raises(ValueError, match="at least 1"):
        patience.advise(state, samples=0)


def test_without_the_native_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Python sampler and search: slower, still correct, and still blind to what the
    player has not seen."""
    monkeypatch.setenv("PATIENCE_NATIVE", "0")
    assert not native.available()
    state = position("rainbow", 1, 40, deck=True)
    advice = patience.advise(state, samples=3, seed=1)
    check(advice, state, 3)
    twin = swapped_twin(state)
    assert twin is not None
    assert patience.advise(twin, samples=3, seed=1) == advice
