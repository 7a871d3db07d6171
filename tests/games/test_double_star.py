"""Star, two decks, clause by clause on hand-made decks."""

from __future__ import annotations

import pytest

import patience
from patience import IllegalMove
from tests.decks import stack
from tests.games.reserve_tools import actions, pairs, reserve_deck, spend_stock

STAR2 = patience.get_game("double-star")
HEARTS = [r + "H" for r in "A23456789TJQK"]


def test_dst1_layout_fanned_reserve_of_20() -> None:
    """DST-1: reserve (20, face up), found1…found8, pile1…pile5, stock, hand."""
    deck = reserve_deck(20, end=["4D"], base=["JC"])
    state = STAR2.new(deck=deck)
    data = state.to_dict()
    assert list(data["piles"]) == ["reserve", *(f"found{k}" for k in range(1, 9)),
                                   *(f"pile{k}" for k in range(1, 6)), "stock", "hand"]
    assert data["piles"]["reserve"] == deck[:20]
    assert data["face_down"] == {"stock": 83}


def test_dst1_only_the_top_is_available() -> None:
    """DST-1/DST-3: the reserve's top goes to a foundation; the cards under it wait."""
    state = STAR2.new(deck=reserve_deck(20, end=["QD", "8S"], base=["7C"]))
    assert pairs(state) == {("reserve", "found1")}
    with pytest.raises(IllegalMove):
        state.play("QD:reserve>found1")


def test_dst2_21st_card_is_the_base_and_the_hand_card_starts_a_foundation() -> None:
    """DST-2: base rank from the 21st card; a base-rank hand card starts found2, the
    reserve's then starts found3."""
    state = STAR2.new(deck=reserve_deck(20, end=["9S"], base=["9C"], stock=["9H"]))
    assert state.to_dict()["piles"]["found1"] == ["9C"]
    assert state.to_dict()["base_rank"] == "9"
    state.play("draw")
    assert {("hand", "found2"), ("reserve", "found2")} <= pairs(state)
    assert ("hand", "found3") not in pairs(state)
    state.play("hand>found2")
    assert state.to_dict()["piles"]["found2"] == ["9H"]
    assert ("reserve", "found3") in pairs(state)


def test_dst2_thirteen_cards_with_wrap_then_complete() -> None:
    """DST-2: K A 2 … Q is one full foundation; the next K starts another."""
    stock = [*HEARTS[:12], "KD"]
    state = STAR2.new(deck=reserve_deck(20, end=["5D"], base=["KC"], stock=stock))
    for _ in range(12):
        state.play("draw")
        state.play("hand>found1")  # AH on KC first: wrap
    assert len(state.to_dict()["piles"]["found1"]) == 13
    state.play("draw")
    founds = {d for s, d in pairs(state) if s == "hand" and d.startswith("found")}
    assert founds == {"found2"}


def test_dst2_option_four_foundations_of_26() -> None:
    """DST-2 [R]: foundations=4 gives found1…found4 that go round twice."""
    stock = [*HEARTS[:12], "KD"]
    state = STAR2.new(deck=reserve_deck(20, end=["5D"], base=["KC"], stock=stock),
                      foundations=4)
    assert [p for p in state.to_dict()["piles"] if p.startswith("found")] == [
        "found1", "found2", "found3", "found4"]
    for _ in range(12):
        state.play("draw")
        state.play("hand>found1")
    state.play("draw")
    founds = {d for s, d in pairs(state) if s == "hand" and d.startswith("found")}
    assert founds == {"found1", "found2"}


def test_dst3_reserve_built_down_with_wrap_and_only_to_foundations() -> None:
    """DST-3: K goes on the reserve's A; the reserve never feeds a waste pile."""
    state = STAR2.new(deck=reserve_deck(20, end=["AD"], base=["7C"], stock=["KS", "JS"]))
    with pytest.raises(IllegalMove):
        state.play("reserve>pile1")
    state.play("draw")
    state.play("KS:hand>reserve")
    state.play("draw")
    assert ("hand", "reserve") not in pairs(state)  # J is not one below K


def test_dst3_an_emptied_reserve_is_gone() -> None:
    """DST-3: once its 20 cards are played, the reserve takes nothing."""
    spades = [r + "S" for r in "A23456789TJQK"]
    reserve = [*reversed(spades[:7]), *reversed(HEARTS)]  # top AH, then 2H … KH, AS … 7S
    state = STAR2.new(deck=stack([*reserve, "KC", "9D"], decks=2), foundations=4)
    for _ in range(20):
        state.play("reserve>found1")
    state.play("draw")
    assert not any(d == "reserve" for _, d in pairs(state))
    with pytest.raises(IllegalMove):
        state.play("hand>reserve")


def test_dst4_free_piles_pile_tops_and_one_pass() -> None:
    """DST-4 (TOD-5): any pile in any amounts, no pile to pile, no redeal."""
    state = STAR2.new(deck=reserve_deck(20, end=["5D"], base=["7C"], stock=["4S", "9H"]))
    state.play("draw")
    state.play("hand>pile3")
    state.play("draw")
    assert ("hand", "pile3") in pairs(state)
    state.play("hand>pile3")
    assert not any(s.startswith("pile") and d.startswith("pile") for s, d in pairs(state))
    spend_stock(state)
    assert "redeal" not in actions(state)
    with pytest.raises(IllegalMove):
        state.play("redeal")


@pytest.mark.parametrize("piles", [3, 4, 5])
def test_dst4_option_piles(piles: int) -> None:
    """DST-4 [R]: piles=3, 4 or 5 waste piles; other counts are refused."""
    state = STAR2.new(deal=1, piles=piles)
    state.play("draw")
    targets = {d for s, d in pairs(state) if s == "hand" and d.startswith("pile")}
    assert targets == {f"pile{k}" for k in range(1, piles + 1)}


def test_dst4_option_piles_refuses_other_counts() -> None:
    for bad in (2, 6):
        with pytest.raises(patience.OptionError):
            STAR2.new(deal=1, piles=bad)
