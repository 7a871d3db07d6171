"""Toad, clause by clause on hand-made decks."""

from __future__ import annotations

from typing import Any

import pytest

import patience
from patience import IllegalMove
from tests.decks import stack
from tests.games.reserve_tools import actions, pairs, reserve_deck, spend_stock

TOAD = patience.get_game("toad")
SPADES = [r + "S" for r in "A23456789TJQK"]


def test_tod1_layout_a_squared_face_up_pile_of_13() -> None:
    """TOD-1: toad (13 face up), eight foundations, five piles, stock, hand."""
    deck = reserve_deck(13, end=["7D"])
    state = TOAD.new(deck=deck)
    data = state.to_dict()
    assert list(data["piles"]) == ["toad", *(f"found{k}" for k in range(1, 9)),
                                   *(f"pile{k}" for k in range(1, 6)), "stock", "hand"]
    assert data["piles"]["toad"] == deck[:13]
    assert data["face_down"] == {"stock": 91}


def test_tod1_top_card_only_to_a_foundation() -> None:
    """TOD-1: the toad's top goes to a foundation, never to a waste pile."""
    state = TOAD.new(deck=reserve_deck(13, end=["2H"], stock=["AS"]))
    state.play("draw")
    state.play("hand>found1")
    assert ("toad", "found1") in pairs(state)
    with pytest.raises(IllegalMove):
        state.play("toad>pile1")


def _ace_to_king_on_found1(**options: Any) -> patience.State:
    """The AS drawn starts found1, the lowest empty foundation (TOD-2), and A to K follow
    regardless of suit; the AH comes next from the stock."""
    stock = ["AS", "2H", *SPADES[2:], "AH", "2D"]
    state = TOAD.new(deck=reserve_deck(13, end=["9C"], stock=stock), **options)
    state.play("draw")
    assert {d for s, d in pairs(state) if s == "hand" and d.startswith("found")} == {"found1"}
    state.play("hand>found1")
    for _ in range(12):  # 2H (another suit), 3S … KS
        state.play("draw")
        state.play("hand>found1")
    return state


def test_tod2_aces_start_foundations_in_order_build_to_king_no_wrap() -> None:
    """TOD-2: an ace starts the lowest empty foundation; A to K regardless of suit, then
    closed: no ace on a king."""
    state = _ace_to_king_on_found1()
    assert len(state.to_dict()["piles"]["found1"]) == 13
    state.play("draw")  # AH: only a new foundation, never onto the king
    assert {d for s, d in pairs(state) if s == "hand" and d.startswith("found")} == {"found2"}
    state.play("hand>found2")
    state.play("draw")  # 2D
    assert ("hand", "found2") in pairs(state) and ("hand", "found1") not in pairs(state)


def test_tod2_only_an_ace_starts_a_foundation() -> None:
    """TOD-2: a two has nowhere to go while no ace lies on a foundation."""
    state = TOAD.new(deck=reserve_deck(13, end=["9C"], stock=["2S"]))
    state.play("draw")
    assert not any(d.startswith("found") for _, d in pairs(state))


def extractions(state: patience.State) -> set[str]:
    """The TOD-3 extraction moves open now (card moves from under a toad pile's top)."""
    piles = state.to_dict()["piles"]
    return {str(m) for m in state.legal_moves()
            if m.index is not None and (m.from_pile or "").startswith("toad")
            and m.index < len(piles[m.from_pile]) - 1}


def test_tod3_any_ace_at_any_depth_is_the_players_choice() -> None:
    """TOD-3: "taking one ace out of the starting pile is permitted": nothing is taken at
    the start; each ace under the top may go to found1, the move naming its index."""
    toad = ["5S", "AS", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "AH", "KS", "2C", "3C"]
    state = TOAD.new(deck=stack(toad, decks=2))
    data = state.to_dict()
    assert data["piles"]["toad"] == toad and data["piles"]["found1"] == []
    assert data["ace_extracted"] is False
    assert extractions(state) == {"AS:toad[1]>found1", "AH:toad[9]>found1"}
    move = next(m for m in state.legal_moves() if m.card == "AS" and m.index == 1)
    assert move.to_dict() == {"from": "toad", "to": "found1", "card": "AS", "index": 1}


def test_tod3_the_deeper_ace_taken_the_cards_above_close_up_once_a_game() -> None:
    """TOD-3: taking the deeper ace leaves the other where it lay, the cards above the
    one taken close up, and no second ace may be taken."""
    toad = ["5S", "AS", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "AH", "KS", "2C", "3C"]
    state = TOAD.new(deck=stack(toad, decks=2))
    state.play({"from": "toad", "to": "found1", "card": "AS", "index": 1})
    data = state.to_dict()
    assert data["piles"]["found1"] == ["AS"] and data["ace_extracted"] is True
    assert data["piles"]["toad"] == [c for i, c in enumerate(toad) if i != 1]
    assert extractions(state) == set()
    with pytest.raises(IllegalMove):
        state.play("AH:toad[8]>found2")
    state.undo()
    assert state.to_dict()["piles"]["toad"] == toad and not state.to_dict()["ace_extracted"]


def test_tod3_at_any_time_to_the_lowest_numbered_empty_foundation() -> None:
    """TOD-3: the extraction waits as long as the player likes; an ace started found1
    meanwhile, so the extracted one starts found2."""
    toad = [*SPADES[1:6], "AH", *SPADES[6:13]]
    state = TOAD.new(deck=stack([*toad, "9D", "AC"], decks=2))
    state.play("draw")
    state.play("9D:hand>pile1")
    state.play("draw")
    state.play("AC:hand>found1")
    assert extractions(state) == {"AH:toad[5]>found2"}
    state.play("AH:toad[5]>found2")
    assert state.to_dict()["piles"]["found2"] == ["AH"]


def test_tod3_an_ace_on_top_goes_up_by_an_ordinary_play_that_keeps_the_extraction() -> None:
    """TOD-2, TOD-3: the ace on top is simply played (no index); the extraction stays for
    the ace beneath."""
    toad = [*SPADES[1:5], "AH", *SPADES[5:12], "AD"]
    state = TOAD.new(deck=stack(toad, decks=2))
    moves = {str(m) for m in state.legal_moves()}
    # shared rules: while the pile offers an ace beneath, its top card's move names its index too
    assert "AD:toad[12]>found1" in moves and extractions(state) == {"AH:toad[4]>found1"}
    state.play("AD:toad>found1")  # typed without the index: only one move fits
    assert state.to_dict()["ace_extracted"] is False
    assert extractions(state) == {"AH:toad[4]>found2"}
    state.play("AH:toad[4]>found2")
    assert not any(m.index is not None for m in state.legal_moves())  # nothing beneath now


def test_tod3_no_ace_in_the_toad_no_extraction() -> None:
    """TOD-3: "if there is one": without an ace under the top nothing can be taken out;
    the stock's aces are not touched."""
    deck = reserve_deck(13, end=["2C"], stock=["AS"])
    state = TOAD.new(deck=deck)
    data = state.to_dict()
    assert data["piles"]["toad"] == deck[:13] and data["piles"]["found1"] == []
    assert data["piles"]["stock"][-1] == "AS"
    assert extractions(state) == set()


def test_tod3_rules_version_1_took_the_ace_nearest_the_top_at_setup() -> None:
    """TOD-3 as rules version 1 read it (games saved then replay so): of two
    aces in the toad, the one nearer the top started found1 by itself."""
    toad = ["5S", "AS", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "AH", "KS", "2C", "3C"]
    state = TOAD.new(deck=stack(toad, decks=2), rules_version="1")
    data = state.to_dict()
    assert data["piles"]["found1"] == ["AH"]
    assert data["piles"]["toad"] == [c for c in toad if c != "AH"]
    assert "ace_extracted" not in data and extractions(state) == set()


def test_tod3_option_ace_extraction_false_keeps_the_ace() -> None:
    """TOD-3/TOD-7: with ace_extraction=false the toad keeps its ace and offers none."""
    toad = ["5S", "AS", *SPADES[5:], "2C", "3C", "4C"]
    state = TOAD.new(deck=stack(toad, decks=2), ace_extraction=False)
    data = state.to_dict()
    assert data["piles"]["toad"] == toad and data["piles"]["found1"] == []
    assert extractions(state) == set()
    old = TOAD.new(deck=stack(toad, decks=2), ace_extraction=False, rules_version="1")
    assert old.to_dict()["piles"]["toad"] == toad


def test_tod4_build_down_regardless_of_suit_without_wrap() -> None:
    """TOD-4: 4 (any suit) goes on the toad's 5; nothing goes on its ace (no K on A)."""
    state = TOAD.new(deck=reserve_deck(13, end=["5S"], stock=["6H", "4H"]))
    state.play("draw")
    assert ("hand", "toad") not in pairs(state)  # 6 is above, not below
    state.play("hand>pile1")
    state.play("draw")
    state.play("4H:hand>toad")
    assert state.to_dict()["piles"]["toad"][-2:] == ["5S", "4H"]

    on_ace = TOAD.new(deck=reserve_deck(13, end=["AS"], stock=["KH"]), ace_extraction=False)
    on_ace.play("draw")
    assert ("hand", "toad") not in pairs(on_ace)
    with pytest.raises(IllegalMove):
        on_ace.play("hand>toad")


def test_tod4_an_emptied_toad_is_gone() -> None:
    """TOD-4 [R]: once its cards are played the toad takes no card."""
    state = TOAD.new(deck=stack(["3S", "2S", "AH", "8D"], decks=2), reserve_size=2)
    state.play("draw")
    state.play("AH:hand>found1")
    state.play("toad>found1")
    state.play("toad>found1")
    state.play("draw")
    assert state.to_dict()["piles"]["toad"] == []
    assert not any(dst == "toad" for _, dst in pairs(state))
    with pytest.raises(IllegalMove):
        state.play("hand>toad")


def test_tod5_hand_card_anywhere_and_pile_tops_to_foundation_or_toad() -> None:
    """TOD-5: one card in hand; it goes to a foundation, onto the toad or any pile in any
    amounts; a pile top goes to a foundation or the toad, never to another pile."""
    state = TOAD.new(deck=reserve_deck(13, end=["3D"], stock=["2S", "2H", "AS"]))
    state.play("draw")
    assert "draw" not in actions(state)
    assert {("hand", "toad"), *(("hand", f"pile{k}") for k in range(1, 6))} <= pairs(state)
    state.play("hand>pile1")
    state.play("draw")
    state.play("hand>pile1")  # any amounts
    assert ("pile1", "toad") in pairs(state)
    assert not any(s.startswith("pile") and d.startswith("pile") for s, d in pairs(state))
    state.play("draw")
    state.play("AS:hand>found1")
    assert ("pile1", "found1") in pairs(state)  # 2H on AS
    assert ("toad", "found1") not in pairs(state)  # 3D must wait for a 2


def test_tod6_one_pass_no_redeal() -> None:
    """TOD-6: when the stock is spent there is no redeal."""
    state = TOAD.new(deal=6)
    spend_stock(state)
    assert actions(state) == set()
    with pytest.raises(IllegalMove):
        state.play("redeal")


def test_tod7_two_toad_piles_no_moves_between_them() -> None:
    """TOD-7: toad1 takes the first reserve_size cards, toad2 the next; no card moves
    between them, though 5 on 6 would fit."""
    toad1 = [*SPADES[6:12], "6H"]
    toad2 = [*(r + "D" for r in "789TJQ"), "5H"]
    state = TOAD.new(deck=stack([*toad1, *toad2], decks=2), reserve_piles=2, reserve_size=7)
    data = state.to_dict()
    assert data["piles"]["toad1"] == toad1 and data["piles"]["toad2"] == toad2
    assert "toad" not in data["piles"]
    assert not any(s.startswith("toad") and d.startswith("toad") for s, d in pairs(state))
    with pytest.raises(IllegalMove):
        state.play("toad2>toad1")


def test_tod7_either_toad_pile_may_be_built_on() -> None:
    """TOD-7 [R], TOD-4: with two toad piles the hand card may go down on either."""
    toad1 = [*SPADES[6:12], "6H"]
    toad2 = [*(r + "D" for r in "789TJQ"), "6C"]
    state = TOAD.new(deck=stack([*toad1, *toad2, "5S"], decks=2), reserve_piles=2,
                     reserve_size=7)
    state.play("draw")
    assert {("hand", "toad1"), ("hand", "toad2")} <= pairs(state)
    state.play("hand>toad2")
    assert state.to_dict()["piles"]["toad2"][-1] == "5S"


def test_tod3_a_one_card_toad_that_is_an_ace_goes_up_and_is_gone() -> None:
    """TOD-2, TOD-4 [R]: a one-card toad that is an ace is its top: an ordinary play takes
    it up, and the emptied toad is gone (rules version 1 extracted it at setup)."""
    state = TOAD.new(deck=stack(["AS", "2D"], decks=2), reserve_size=1)
    assert extractions(state) == set()
    state.play("AS:toad>found1")
    state.play("draw")
    assert state.to_dict()["piles"]["toad"] == []
    assert not any(d == "toad" for _, d in pairs(state))
    old = TOAD.new(deck=stack(["AS", "2D"], decks=2), reserve_size=1, rules_version="1")
    assert old.to_dict()["piles"]["toad"] == [] and old.to_dict()["piles"]["found1"] == ["AS"]


def test_tod7_with_two_toad_piles_the_one_ace_may_come_from_either() -> None:
    """TOD-7: "the one extracted ace may come from either" pile."""
    toad1 = ["AS", *SPADES[1:13]]
    toad2 = [*(r + "H" for r in "23456789TJQ"), "AH", "KH"]
    state = TOAD.new(deck=stack([*toad1, *toad2], decks=2), reserve_piles=2)
    assert extractions(state) == {"AS:toad1[0]>found1", "AH:toad2[11]>found1"}
    state.play("AH:toad2[11]>found1")
    assert state.to_dict()["piles"]["toad2"] == toad2[:11] + ["KH"]
    assert extractions(state) == set()


def test_tod7_rules_version_1_took_the_ace_from_toad1_first_else_toad2() -> None:
    """TOD-7 as rules version 1 read it: the ace nearest the top of toad1 was extracted at
    setup, even if toad2 had one higher up; with none in toad1 it came from toad2."""
    toad1 = ["AS", *SPADES[1:13]]
    toad2 = [*(r + "H" for r in "23456789TJQK"), "AH"]
    state = TOAD.new(deck=stack([*toad1, *toad2], decks=2), reserve_piles=2,
                     rules_version="1")
    assert state.to_dict()["piles"]["found1"] == ["AS"]
    assert len(state.to_dict()["piles"]["toad2"]) == 13

    no_ace = [r + "C" for r in "23456789TJQKQ"]
    state = TOAD.new(deck=stack([*no_ace, *toad2], decks=2), reserve_piles=2,
                     rules_version="1")
    data = state.to_dict()
    assert data["piles"]["found1"] == ["AH"] and len(data["piles"]["toad2"]) == 12


def test_tod7_reserve_size_option() -> None:
    """TOD-7 [R]: reserve_size sets the cards per toad pile (1 to 26)."""
    state = TOAD.new(deck=reserve_deck(20, end=["9D"]), reserve_size=20)
    assert len(state.to_dict()["piles"]["toad"]) == 20
    assert len(state.to_dict()["piles"]["stock"]) == 84
    for bad in ({"reserve_size": 0}, {"reserve_size": 27}, {"reserve_piles": 3},
                {"ace_extraction": 1}):
        with pytest.raises(patience.OptionError):
            TOAD.new(deal=1, **bad)


def test_tod8_four_foundations_laid_out_eight_by_default() -> None:
    """TOD-8: option foundations = 4 lays out found1 to found4 of 26 cards; the default
    stays eight of 13, so a game named without the option is the eight-foundation game."""
    state = TOAD.new(deck=reserve_deck(13, end=["7D"]), foundations=4)
    assert list(state.to_dict()["piles"]) == ["toad", *(f"found{k}" for k in range(1, 5)),
                                              *(f"pile{k}" for k in range(1, 6)),
                                              "stock", "hand"]
    assert [state.rules.capacity[state.rules.index[f"found{k}"]] for k in range(1, 5)] == [26] * 4
    assert TOAD.new(deal=1).to_dict()["options"]["foundations"] == 8
    with pytest.raises(patience.OptionError):
        TOAD.new(deal=1, foundations=6)


def test_tod8_an_ace_starts_a_foundation_and_follows_its_king() -> None:
    """TOD-8: an ace starts the lowest empty foundation (TOD-2); A to K regardless of
    suit, then on the king A to K again: the ace may go there or start found2."""
    state = _ace_to_king_on_found1(foundations=4)
    state.play("draw")  # AH: onto the king, or a new foundation
    assert {d for s, d in pairs(state) if s == "hand" and d.startswith("found")} == {
        "found1", "found2"}
    state.play("hand>found1")
    state.play("draw")  # 2D goes on round two
    assert {d for s, d in pairs(state) if s == "hand" and d.startswith("found")} == {"found1"}
    state.play("hand>found1")
    assert state.to_dict()["piles"]["found1"][12:] == ["KS", "AH", "2D"]


def test_tod8_a_fifth_ace_does_not_start_a_foundation() -> None:
    """TOD-8: the four aces that do not start a foundation wait for a king."""
    stock = ["AS", "AH", "AD", "AC", "AS"]
    state = TOAD.new(deck=reserve_deck(13, end=["9C"], stock=stock), foundations=4)
    for k in range(1, 5):
        state.play("draw")
        state.play(f"hand>found{k}")
    state.play("draw")  # the second AS
    assert not any(d.startswith("found") for s, d in pairs(state) if s == "hand")
    assert [len(cards) for pid, cards in state.to_dict()["piles"].items()
            if pid.startswith("found")] == [1, 1, 1, 1]


def test_tod8_a_foundation_is_complete_at_26() -> None:
    """TOD-8: 26 cards, A to K twice, and the foundation takes nothing more: the
    next ace may only start found2."""
    hearts = [r + "H" for r in "A23456789TJQK"]
    stock = [*SPADES, *hearts, "AC"]
    state = TOAD.new(deck=reserve_deck(13, end=["9C"], stock=stock), foundations=4)
    for _ in range(26):
        state.play("draw")
        state.play("hand>found1")
    assert state.to_dict()["piles"]["found1"] == [*SPADES, *hearts]
    state.play("draw")  # AC
    assert {d for s, d in pairs(state) if s == "hand" and d.startswith("found")} == {"found2"}


def test_tod8_an_ace_is_taken_out_only_to_an_empty_foundation() -> None:
    """TOD-3 with TOD-8: the ace taken out goes to the lowest empty foundation; once all
    four are started none is empty, and no ace is taken out (nor shown by its place)."""
    toad = ["5S", "AS", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "KH", "2C", "3C"]
    stock = ["AH", "AD", "AC"]
    state = TOAD.new(deck=stack([*toad, *stock], decks=2), foundations=4)
    assert extractions(state) == {"AS:toad[1]>found1"}
    for k in range(1, 4):
        state.play("draw")
        state.play(f"hand>found{k}")
    assert extractions(state) == {"AS:toad[1]>found4"}
    state.play("AS:toad[1]>found4")
    assert state.to_dict()["piles"]["found4"] == ["AS"]

    state = TOAD.new(deck=stack([*toad, *stock, "AS"], decks=2), foundations=4)
    for k in range(1, 5):
        state.play("draw")
        state.play(f"hand>found{k}")
    assert extractions(state) == set()
    assert state.to_dict()["ace_extracted"] is False
    state.play("draw")  # 2S, and then the toad's 3C moves without its place named
    state.play("hand>found1")
    assert "3C:toad>found1" in {str(m) for m in state.legal_moves()}


def test_tod8_the_toad_is_still_built_on_without_wrap() -> None:
    """TOD-4 with TOD-8: foundations go from K to A, the toad pile does not: no K on an A."""
    state = TOAD.new(deck=reserve_deck(13, end=["AS"], stock=["KH"]), foundations=4)
    state.play("draw")
    assert ("hand", "toad") not in pairs(state)
    assert ("toad", "found1") in pairs(state)
