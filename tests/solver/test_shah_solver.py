"""Shah's solver rules (RULES.md §3): the walled inner card and the symmetric key."""

from __future__ import annotations

import random

import pytest

import patience
from patience.cards import CARDS
from patience.engine.rules import ACTION
from patience.engine.state import State
from patience.games import shah as game
from patience.solver.shah import guide_rank, shah_dead_end
from tests.decks import stack
from tests.games.test_shah import ACES, dealt
from tests.solver.helpers import assert_agrees_with_plain, play_randomly


def _raise(state: State, foundation: int, codes: list[str]) -> State:
    """Build ``found<foundation>`` up with cards taken from the stock (a hand-made
    position: every card is still held exactly twice)."""
    stock = state.piles[game.STOCK]
    for text in codes:
        stock.remove(CARDS[text])
        state.piles[game.FOUND0 + foundation - 1].append(CARDS[text])
    return state


def test_sha5_both_threes_under_higher_spades_are_walled() -> None:
    """Both spade foundations at A, each 3S in an inner slot under a higher spade: the
    middle cards need a foundation past 3 first, which needs a 3S."""
    assert shah_dead_end(dealt(inner={1: "3S", 2: "3S"}, middle={1: "5S", 2: "4S"}))


def test_sha5_one_three_still_free_is_not_a_dead_end() -> None:
    """The other 3S lies elsewhere: one spade foundation can pass 3 and take 5S."""
    assert not shah_dead_end(dealt(inner={1: "3S"}, middle={1: "5S"}))


def test_sha5_middle_card_of_another_suit_walls_nothing() -> None:
    assert not shah_dead_end(dealt(inner={1: "3S", 2: "3S"}, middle={1: "5H", 2: "4S"}))


def test_sha5_two_suits_walling_each_other_are_lost() -> None:
    """Both 3S under 6H and both 5H under 4S: spades need a 3S to reach 4, hearts a 5H to
    reach 6; each waits for the other. (Ray 6's inner 6H is swapped out for a 9H.)"""
    state = dealt(inner={1: "3S", 2: "3S", 3: "5H", 4: "5H", 6: "9H"},
                  middle={1: "6H", 2: "6H", 3: "4S", 4: "4S"})
    assert shah_dead_end(state)
    assert not shah_dead_end(dealt(inner={1: "3S", 2: "3S", 3: "5H", 6: "9H"},
                                   middle={1: "6H", 2: "6H", 3: "4S"}))


def test_sha4_no_claim_before_the_middle_circle() -> None:
    """Only circle 1 is laid (SHA-4): no middle card covers anything yet."""
    state = patience.get_game("shah").new(deck=stack([*ACES, "3S", "3S"], decks=2))
    assert not shah_dead_end(state)


def test_sha2_only_the_lower_foundation_can_take_the_middle_card() -> None:
    """found1 (spades) reached 5S, found5 (spades) stands at A; the last 3S sits under
    the last 4S, which only found5 can take, after a 3S: lost."""
    state = dealt(inner={1: "3S"}, middle={1: "4S"})
    _raise(state, 1, ["2S", "3S", "4S", "5S"])
    assert shah_dead_end(state)


def test_sha2_middle_card_the_higher_foundation_still_takes_is_not_walled() -> None:
    """Same, but the middle card is 6S: found1 at 5S takes it, freeing the 3S."""
    state = dealt(inner={1: "3S"}, middle={1: "6S"})
    _raise(state, 1, ["2S", "3S", "4S", "5S"])
    assert not shah_dead_end(state)


def test_sha1_foundations_are_interchangeable_for_the_solver() -> None:
    """Aces in another order start other foundations (SHA-1): the same position."""
    a = patience.get_game("shah").new(deck=stack(ACES, decks=2))
    b = patience.get_game("shah").new(deck=stack(["AH", "AS", *ACES[2:]], decks=2))
    assert a.key() != b.key()
    assert a.rules.solver_key(a) == b.rules.solver_key(b)




@pytest.mark.parametrize("deal", range(1, 9))
def test_dead_end_keeps_the_answer(deal: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Random play, foundation plays first, to a position with little stock left; the
    answer with the dead-end rule equals the plain search's."""
    rng = random.Random(deal)
    state = game.SHAH_GAME.new(deal=deal)
    play_randomly(state, rng, lambda m: m[0] != ACTION and m[1] < game.RAYS,
                  lambda: len(state.piles[game.STOCK]) > rng.randrange(0, 12))
    assert_agrees_with_plain(state, monkeypatch)


def test_sha5_kept_dead_end_answers_match_a_fresh_relaxation() -> None:
    """The kept answers are keyed by every pile the relaxation reads (foundations, inner
    and middle slots): along random games, each answer equals a fresh run."""
    from patience.solver import shah as solver

    solver._DEAD_END_CACHE.clear()
    checked = 0
    for deal in range(1, 6):
        rng = random.Random(deal)
        state = game.SHAH_GAME.new(deal=deal)
        while state.legal_raw() and state.moves_played < 250:
            state.play_raw(rng.choice(state.legal_raw()))
            if state.vars[game.CIRCLES] >= 2:
                fresh = solver._walled_inner_cards([list(p) for p in state.piles])
                assert shah_dead_end(state) == fresh
                checked += 1
    assert checked > 200


def _outer_gap_with_stock(top: str) -> State:
    """Ray 1's outer 2S gone up: ray1.3 is the gap to fill (SHA-8), ``top`` tops the
    stock."""
    state = dealt(outer={1: "2S"}, stock=(top,))
    state.play_raw((game.OUTER[0], game.FOUND0, 0, False))
    return state


def test_sha8_probe_order_fills_a_gap_first_with_a_stock_card_that_goes_up() -> None:
    """A stock card a foundation takes fills the gap and goes up next (the stock moves on):
    tried before a stock card that only fills the gap."""
    fill = (game.STOCK, game.OUTER[0], 0, False)

    def rank(top: str) -> float:
        state = _outer_gap_with_stock(top)
        move = (*fill[:2], len(state.piles[game.STOCK]) - 1, False)
        assert move in state.legal_raw()
        return guide_rank(state, move)

    assert rank("2H") < rank("4H")


def test_sha6_probe_order_keeps_a_card_its_predecessor_may_need() -> None:
    """2S up on found1 while found5 (spades) still waits for the other 2S: the other 2S
    could marry onto a 3S on an outer slot, so 3S goes up later than when both 2S are
    home."""
    state = dealt(outer={1: "3S"})
    _raise(state, 1, ["2S"])
    move = (game.OUTER[0], game.FOUND0, 0, False)
    assert move in state.legal_raw()
    waiting = guide_rank(state, move)
    _raise(state, 5, ["2S"])
    assert guide_rank(state, move) < waiting
