"""Open Shop (OPS-1): the Rainbow's changes, one by one on hand-made decks."""

from __future__ import annotations

import pytest

import patience
from patience import IllegalMove
from tests.decks import stack
from tests.games.reserve_tools import actions, pairs, reserve_deck, spend_stock

SHOP = patience.get_game("open-shop")
HEARTS = [r + "H" for r in "A23456789TJQK"]


def test_ops1_layout_open_column_of_18_and_the_19th_card_starts_found1() -> None:
    """OPS-1: the shop is 18 cards, all face up; the 19th starts found1; five piles."""
    deck = reserve_deck(18, end=["6D"], base=["TC"])
    state = SHOP.new(deck=deck)
    data = state.to_dict()
    assert list(data["piles"]) == ["shop", "found1", "found2", "found3", "found4",
                                   "pile1", "pile2", "pile3", "pile4", "pile5", "stock", "hand"]
    assert data["piles"]["shop"] == deck[:18]
    assert data["face_down"] == {"stock": 85}  # nothing of the shop is hidden
    assert data["piles"]["found1"] == ["TC"] and data["base_rank"] == "T"


def test_ops1_only_the_last_card_is_available_and_only_to_foundations() -> None:
    """OPS-1 (RBW-4): the shop's last card goes to a foundation, nowhere else."""
    deck = reserve_deck(18, end=["JD", "4S"], base=["3C"])  # JD would fit, but is covered
    state = SHOP.new(deck=deck)
    assert pairs(state) == {("shop", "found1")}
    with pytest.raises(IllegalMove):
        state.play("shop>pile1")
    with pytest.raises(IllegalMove):
        state.play("JD:shop>found1")


def test_ops1_shop_built_down_with_wrap() -> None:
    """OPS-1 (RBW-4): K goes on the shop's A; Q does not."""
    state = SHOP.new(deck=reserve_deck(18, end=["AD"], base=["3C"], stock=["KS", "QD"]))
    state.play("draw")
    state.play("KS:hand>shop")
    state.play("draw")
    state.play("QD:hand>shop")
    assert state.to_dict()["piles"]["shop"][-3:] == ["AD", "KS", "QD"]


def test_ops1_waste_piles_take_any_amounts_in_any_order() -> None:
    """OPS-1: no even-piles rule: pile1 may take card after card."""
    state = SHOP.new(deck=reserve_deck(18, end=["AD"], base=["3C"], stock=["9S", "9H", "9D"]))
    for _ in range(3):
        state.play("draw")
        assert {("hand", f"pile{k}") for k in range(1, 6)} <= pairs(state)
        state.play("hand>pile1")
    assert state.to_dict()["piles"]["pile1"] == ["9S", "9H", "9D"]


def test_ops1_foundations_go_round_twice_then_close() -> None:
    """OPS-1 (RBW-3): four foundations of 26 built up regardless of suit with wrap."""
    climb = [*HEARTS, *(r + "S" for r in "A23456789TJQ"), "KD"]
    state = SHOP.new(deck=reserve_deck(18, end=["5D"], base=["KC"], stock=climb))
    for _ in range(25):
        state.play("draw")
        state.play("hand>found1")
    assert len(state.to_dict()["piles"]["found1"]) == 26
    state.play("draw")
    assert ("hand", "found1") not in pairs(state) and ("hand", "found2") in pairs(state)


def test_ops1_an_emptied_shop_is_gone() -> None:
    """OPS-1 (RBW-4 [R]): once its 18 cards are played, the shop takes nothing."""
    shop = [*(r + "S" for r in "54321".replace("1", "A")), *reversed(HEARTS)]
    state = SHOP.new(deck=stack([*shop, "KC", "6D"], decks=2))
    for _ in range(18):
        state.play("shop>found1")
    state.play("draw")  # 6D: would go down on a 7, but there is no shop
    assert not any(dst == "shop" for _, dst in pairs(state))
    with pytest.raises(IllegalMove):
        state.play("hand>shop")


def test_ops1_one_pass_no_redeal_by_default() -> None:
    """OPS-1: "only one leafing through the deck": no redeal."""
    state = SHOP.new(deal=3)
    spend_stock(state)
    assert "redeal" not in actions(state)
    with pytest.raises(IllegalMove):
        state.play("redeal")


def test_ops1_option_redeals_1_allows_exactly_one() -> None:
    """OPS-1 [R]: with redeals=1 the five piles are gathered and shuffled once."""
    state = SHOP.new(deal=3, redeals=1)
    spend_stock(state)
    in_piles = sum(len(state.to_dict()["piles"][f"pile{k}"]) for k in range(1, 6))
    state.play("redeal")
    assert len(state.to_dict()["piles"]["stock"]) == in_piles
    spend_stock(state)
    assert "redeal" not in actions(state)


def test_ops1_redeals_option_refuses_other_values() -> None:
    with pytest.raises(patience.OptionError):
        SHOP.new(deal=1, redeals=3)
