"""The careful hint (``solver.careful_hint``): the advice's move and chance, what the move
does read from what the player has seen, and a loss called proved only where nothing is
hidden; its words (``hint_words``) for each kind."""

from __future__ import annotations

import random

import pytest

import patience
from patience import hint_words
from patience.engine.state import State
from patience.solver.careful import Advice, MoveChance
from patience.solver.careful_hint import (
    CarefulHint,
    MoveEffects,
    careful_hint,
    effects,
    from_advice,
    nothing_hidden,
)
from patience.solver.search import solve
from tests.games.test_unseen import swapped_twin

GAMES = [g.id for g in patience.list_games()]


def walk(game_id: str, deal: int, moves: int) -> State:
    state = patience.get_game(game_id).new(deal=deal)
    rng = random.Random(deal)
    for _ in range(moves):
        if not state.legal_raw():
            break
        state.play_raw(rng.choice(state.legal_raw()))
    return state


def unseen_places(state: State, pile: str) -> set[int]:
    number = next(i for i, p in enumerate(state.rules.layout) if p.id == pile)
    return {k for group in state.rules.unseen(state) for p, k in group if p == number}


@pytest.mark.parametrize("game_id", GAMES)
def test_what_a_move_does_is_true_and_reads_only_what_was_seen(game_id: str) -> None:
    """Along random playouts: a card turned up was unseen on top of its pile and is seen
    now; a card freed was seen under the moved one, could not move and now can; and a twin
    (two face-down cards swapped) gets the same effects for every move."""
    said = 0
    for deal in (1, 2, 3):
        state = walk(game_id, deal, 0)
        rng = random.Random(deal)
        for step in range(200):
            if state.status != "playing":
                break
            twin = swapped_twin(state) if step in (10, 60) else None
            for move in state.legal_moves():
                found = effects(state, move)
                if twin is not None:
                    assert effects(twin, move) == found
                if found == MoveEffects():
                    continue
                said += 1
                src = move.from_pile or ""
                after = state.copy()
                after.play(move)
                top = len(after.to_dict()["piles"][src]) - 1
                assert top in unseen_places(state, src) or found.frees is not None
                if found.turns_up:
                    assert top in unseen_places(state, src)
                    assert top not in unseen_places(after, src)
                else:
                    assert found.frees == state.to_dict()["piles"][src][top]
                    assert top not in unseen_places(state, src)
                    assert any(m.from_pile == src and m.card == found.frees
                               for m in after.legal_moves())
            state.play_raw(rng.choice(state.legal_raw()))
    assert said


def test_a_hint_that_turns_a_card_up_says_so_without_naming_it() -> None:
    for deal in range(1, 30):
        state = walk("rainbow", deal, 5)
        for move in state.legal_moves():
            if effects(state, move).turns_up:
                found = CarefulHint("move", move, 0.5, 0.3, 0.7, effects(state, move))
                text = hint_words.careful_words(found, "a move")
                assert text == ("From what you can see, about 5 deals in 10 still come out "
                                "after this: a move; it turns a card up.")
                return
    pytest.fail("no move turns a card up")


@pytest.mark.parametrize(("chance", "said"), [
    (0.62, "about 6 deals in 10 still come out after this"),
    (0.1, "about 1 deal in 10 still comes out after this"),
    (0.03, "fewer than 1 deal in 10 still comes out after this"),
    (0.97, "more than 9 deals in 10 still come out after this"),
    (0.999, "nearly every deal still comes out after this"),
])
def test_a_chance_in_deals_in_ten(chance: float, said: str) -> None:
    found = CarefulHint("move", None, chance, 0.0, 1.0, MoveEffects(frees="8S"))
    assert hint_words.careful_words(found, "7♠ from column 2 to the spades foundation") == (
        f"From what you can see, {said}: 7♠ from column 2 to the spades foundation; it "
        "frees the 8♠.")


def test_forced_hopeless_unsure_and_lost_words() -> None:
    words = hint_words.careful_words
    assert words(CarefulHint("forced", None, None, 0.0, 1.0), "Draw a card") == \
        "There is only one move: Draw a card."
    assert words(CarefulHint("hopeless", None, 0.0, 0.0, 0.2), "Draw a card") == (
        "From what you can see, no way the cards could lie lets this game come out. To play "
        "on anyway: Draw a card.")
    assert words(CarefulHint("unsure", None, 0.5, 0.0, 1.0), "Draw a card") == (
        "From what you can see, there is no telling yet whether the game comes out. A "
        "careful move: Draw a card.")
    assert words(CarefulHint("lost", None, 0.0, 0.0, 0.0), "") == (
        "This game can no longer be won from here: no sequence of moves wins from here "
        "(every line was searched).")


def every_sample_lost(state: State) -> Advice:
    """Advice as ``advise`` gives it where every sample is lost after every move."""
    legal = state.legal_moves()
    moves = tuple(MoveChance(m, 0.0, 0.0, 0.3, 0, 8, 0) for m in legal)
    return Advice(legal[0], 0.0, 0.0, 0.3, moves, 8, legal[0])


def test_every_sample_lost_is_hopeless_while_something_is_hidden() -> None:
    state = walk("blockade", 1, 20)
    assert not nothing_hidden(state) and len(state.legal_moves()) > 1
    found = from_advice(state, every_sample_lost(state))
    assert found.kind == "hopeless" and found.move == state.legal_moves()[0]


def test_a_loss_is_proved_only_where_nothing_is_hidden(native_search: None) -> None:
    state = walk("blockade", 1, 70)  # the stock dealt out: every card face up
    assert nothing_hidden(state) and len(state.legal_moves()) > 1
    assert solve(state, max_nodes=300_000, max_seconds=5).outcome == "lost"
    assert from_advice(state, every_sample_lost(state)) == CarefulHint(
        "lost", None, 0.0, 0.0, 0.3)
    assert careful_hint(state, samples=4).kind == "lost"
    assert not nothing_hidden(walk("sun", 1, 0))  # SUN-9: the wind shuffles by chance


def test_no_legal_move_is_lost() -> None:
    state = walk("rainbow", 1, 10_000)
    assert not state.legal_moves()
    assert careful_hint(state).kind == "lost"
