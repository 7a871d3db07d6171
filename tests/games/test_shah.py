"""Shah: one test or more per clause SHA-1 … SHA-10, on hand-made decks."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import patience
from patience import IllegalMove, State
from tests.decks import stack

GAME = patience.get_game("shah")
ACES = ("AS", "AH", "AD", "AC") * 2  # found1 … found8 take S H D C S H D C
# A quiet star: no twos (nothing plays) and no outer pair of one suit a rank apart.
INNER = ("5S", "5H", "5D", "5C", "6S", "6H", "6D", "6C")
MIDDLE = ("7S", "7H", "7D", "7C", "8S", "8H", "8D", "8C")
OUTER = ("9S", "9H", "9D", "9C", "JS", "JH", "JD", "JC")


def deck(inner: dict[int, str] | None = None, middle: dict[int, str] | None = None,
         outer: dict[int, str] | None = None, stock: tuple[str, ...] = ()) -> list[str]:
    """Aces first, then circles 1, 2, 3 (quiet unless a ray number says otherwise), then
    ``stock`` in the order it will be turned, then the rest."""
    cards: list[str] = []
    for base, change in ((INNER, inner), (MIDDLE, middle), (OUTER, outer)):
        row = list(base)
        for ray, card in (change or {}).items():
            row[ray - 1] = card
        cards += row
    return stack([*ACES, *cards, *stock], decks=2)


def new(rules_version: str | None = None, **kw: Any) -> State:
    return GAME.new(deck=deck(**kw), rules_version=rules_version)


def dealt(rules_version: str | None = None, **kw: Any) -> State:
    """A state with all three circles laid."""
    state = new(rules_version, **kw)
    state.play("deal")
    state.play("deal")
    return state


def moves(state: State) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def piles(state: State) -> dict[str, list[str]]:
    result: dict[str, list[str]] = state.to_dict()["piles"]
    return result


# --- SHA-1 setup -------------------------------------------------------------------------

def test_sha1_aces_become_foundations_in_deck_order_and_the_last_king_is_the_shah() -> None:
    order = stack(["KS", "3H", "AD", "KH", "4C", "AC"], decks=2, last=["KD", "5S"])
    state = GAME.new(deck=order)
    p = piles(state)
    # AD, AC named first, then the filler's aces in fresh order: AS AS AH AH AD AC
    assert [p[f"found{n}"] for n in range(1, 9)] == [
        ["AD"], ["AC"], ["AS"], ["AS"], ["AH"], ["AH"], ["AD"], ["AC"]]
    assert p["shah"] == ["KD"]  # the last king, though a card follows it
    assert Counter(p["out"]) == Counter({"KS": 2, "KH": 2, "KC": 2, "KD": 1})
    # the other 88 keep their order: circle 1 first, then the stock from its top down
    rest = [c for c in order if c[0] not in "AK"]
    assert len(rest) == 88
    assert [p[f"ray{n}.1"][0] for n in range(1, 9)] + p["stock"][::-1] == rest
    assert p["ray1.1"] == ["3H"] and p["ray2.1"] == ["4C"]


# --- SHA-2 foundations -------------------------------------------------------------------

def test_sha2_foundations_build_up_in_suit_only() -> None:
    state = dealt(outer={1: "3S", 2: "2H"})
    assert moves(state) >= {"2H:ray2.3>found2", "2H:ray2.3>found6"}
    assert not any(m.startswith("3S") for m in moves(state))  # no 2S yet: 3S waits
    with pytest.raises(IllegalMove):
        state.play("2H:ray2.3>found1")  # a spade foundation


def test_sha2_won_when_all_eight_foundations_reach_queens() -> None:
    """Twos in circle 1 and each suit's 3…Q in the stock: playing to the foundations at
    every chance wins, and the Shah and the seven kings stay where they are."""
    chains = [f"{r}{s}" for s in "SHDCSHDC" for r in "3456789TJQ"]
    state = GAME.new(deck=stack([*ACES, *("2S", "2H", "2D", "2C") * 2, *chains], decks=2))
    while state.status == "playing":
        legal = state.legal_moves()
        home = [m for m in legal if m.to_pile and m.to_pile.startswith("found")]
        state.play((home or legal)[0])
    assert state.status == "won"
    p = piles(state)
    for n, suit in enumerate("SHDCSHDC", 1):
        assert p[f"found{n}"] == [f"{r}{suit}" for r in "A23456789TJQ"]
    assert len(p["shah"]) == 1 and len(p["out"]) == 7
    assert state.legal_moves() == []


# --- SHA-3 the star ----------------------------------------------------------------------

def test_sha3_three_circles_land_on_inner_middle_and_outer_slots_clockwise() -> None:
    state = dealt(inner={3: "3D"}, middle={4: "4H"}, outer={8: "QC"})
    p = piles(state)
    assert {f"ray{n}.{c}" for n in range(1, 9) for c in (1, 2, 3)} <= set(p)
    for n in range(1, 9):
        assert p[f"ray{n}.1"] == [{3: "3D"}.get(n, INNER[n - 1])]
        assert p[f"ray{n}.2"] == [{4: "4H"}.get(n, MIDDLE[n - 1])]
        assert p[f"ray{n}.3"] == [{8: "QC"}.get(n, OUTER[n - 1])]


# --- SHA-4 the deal ----------------------------------------------------------------------

def test_sha4_only_the_last_circle_dealt_is_available_during_the_deal() -> None:
    state = new(inner={3: "2S"}, middle={4: "2H"})
    assert moves(state) == {"2S:ray3.1>found1", "2S:ray3.1>found5", "deal"}
    state.play("deal")
    assert state.to_dict()["circles_dealt"] == 2
    # circle 1 is covered now: its 2S waits; the 2H of circle 2 may go up
    assert moves(state) == {"2H:ray4.2>found2", "2H:ray4.2>found6", "deal"}


def test_sha4_a_slot_emptied_during_the_deal_is_refilled_at_once_from_the_stock() -> None:
    state = new(inner={3: "2S"}, middle={1: "3S"})
    state.play("2S:ray3.1>found1")
    # the stock's top card was the first card of circle 2: it fills ray3.1 by itself
    assert piles(state)["ray3.1"] == ["3S"]
    assert "3S:ray3.1>found1" in moves(state)  # the refill is a card of the last circle
    state.play("3S:ray3.1>found1")
    state.play("deal")  # circle 2 now starts one card later in the stock order
    assert piles(state)["ray1.2"] == [MIDDLE[2]]
    assert len(piles(state)["stock"]) == 88 - 16 - 2


def test_sha4_no_marriage_and_no_draw_during_the_deal() -> None:
    state = new(middle={1: "8H", 2: "7H"}, outer={1: "8D", 2: "7D"})
    state.play("deal")
    assert moves(state) == {"deal"}  # 7H could marry 8H, but not yet
    with pytest.raises(IllegalMove):
        state.play("draw")
    state.play("deal")  # circle 3 ends the deal: the outer 7D may now marry the 8D
    assert state.to_dict()["circles_dealt"] == 3
    assert "7D:ray2.3>ray1.3" in moves(state)
    assert "deal" not in moves(state) and "draw" in moves(state)


# --- SHA-5 after the deal only the outermost card of a ray ------------------------------

def test_sha5_only_the_outermost_card_of_a_ray_is_available() -> None:
    state = dealt(inner={1: "2H"}, middle={1: "3S"}, outer={1: "2S"})
    assert "2S:ray1.3>found1" in moves(state)
    assert not any(m.startswith(("3S", "2H")) for m in moves(state))
    state.play("2S:ray1.3>found1")
    assert "3S:ray1.2>found1" in moves(state)  # released middle card: to a foundation
    assert not any(m.startswith("2H") for m in moves(state))
    state.play("3S:ray1.2>found1")
    assert "2H:ray1.1>found2" in moves(state)


def test_sha5_a_released_middle_card_is_never_married_nor_takes_a_marriage() -> None:
    state = dealt(middle={1: "7H"}, outer={1: "2S", 2: "8H", 3: "6H"})
    state.play("2S:ray1.3>found1")  # releases the middle 7H
    legal = moves(state)
    assert "6H:ray3.3>ray1.2" not in legal  # 6H would marry 7H on an outer slot
    assert "7H:ray1.2>ray2.3" not in legal  # 7H would marry 8H from an outer slot
    for text in ("7H:ray1.2>ray2.3", "6H:ray3.3>ray1.2"):
        with pytest.raises(IllegalMove):
            state.play(text)


# --- SHA-6 marriages ---------------------------------------------------------------------

def test_sha6_marriage_builds_down_in_suit_onto_an_outer_slot_making_a_packet() -> None:
    state = dealt(outer={1: "8H", 2: "7H", 3: "7D", 4: "9H"}, stock=("TC", "TD", "6H"))
    legal = moves(state)
    assert "7H:ray2.3>ray1.3" in legal
    assert "7D:ray3.3>ray1.3" not in legal  # another suit
    assert "8H:ray1.3>ray4.3" in legal and "9H:ray4.3>ray1.3" not in legal  # down only
    state.play("8H:ray1.3>ray4.3")
    state.play("7H:ray2.3>ray4.3")
    p = piles(state)
    assert p["ray4.3"] == ["9H", "8H", "7H"] and p["ray1.3"] == [] and p["ray2.3"] == []
    state.play("stock>ray1.3")  # fill both gaps, then the talon feeds the packet
    state.play("stock>ray2.3")
    assert "6H:stock>ray4.3" not in moves(state)  # never straight from the stock
    state.play("draw")
    state.play("talon>ray4.3")
    assert piles(state)["ray4.3"] == ["9H", "8H", "7H", "6H"]


def test_sha6_a_marriage_that_only_moves_a_card_to_and_fro_is_refused() -> None:
    """The repetition rule: moving 7H onto the other 8H and back would repeat a position."""
    state = dealt(middle={6: "7S"}, outer={1: "8H", 2: "7H", 3: "8H"})
    state.play("7H:ray2.3>ray1.3")  # empties ray2.3: cannot be undone
    state.play("7H:ray1.3>ray3.3")
    assert "7H:ray3.3>ray1.3" not in moves(state)
    with pytest.raises(IllegalMove, match="repetition"):
        state.play("7H:ray3.3>ray1.3")


# --- SHA-7 draw --------------------------------------------------------------------------

def test_sha7_draw_turns_the_stock_top_and_is_refused_while_a_gap_waits() -> None:
    state = dealt(outer={5: "2C"}, stock=("TD", "4S"))
    state.play("draw")
    assert piles(state)["talon"] == ["TD"]
    state.play("2C:ray5.3>found4")
    assert state.to_dict()["next_gap"] == "ray5.3"
    assert "draw" not in moves(state)
    with pytest.raises(IllegalMove):
        state.play("draw")
    state.play("TD:talon>ray5.3")
    assert piles(state)["ray5.3"] == ["TD"] and "draw" in moves(state)


# --- SHA-8 filling gaps ------------------------------------------------------------------

def test_sha8_gaps_fill_middle_circle_before_outer_and_clockwise() -> None:
    state = dealt(middle={3: "2H"}, outer={1: "2D", 3: "2S", 5: "3S"},
                  stock=("TS", "TH", "TC"))
    state.play("2S:ray3.3>found1")
    state.play("2H:ray3.2>found2")
    state.play("2D:ray1.3>found3")
    assert state.to_dict()["next_gap"] == "ray3.2"  # the middle circle comes first
    fills = {m for m in moves(state) if m.split(":")[-1].startswith(("stock", "talon"))}
    assert fills == {"TS:stock>ray3.2"}  # only the first gap in order
    with pytest.raises(IllegalMove):
        state.play("stock>ray1.3")
    assert "3S:ray5.3>found1" in moves(state)  # [R] play on before filling
    state.play("stock>ray3.2")
    assert state.to_dict()["next_gap"] == "ray1.3"  # then the outer circle, from ray1
    state.play("stock>ray1.3")
    assert state.to_dict()["next_gap"] == "ray3.3"
    state.play("stock>ray3.3")
    p = piles(state)
    assert (p["ray3.2"], p["ray1.3"], p["ray3.3"]) == (["TS"], ["TH"], ["TC"])
    assert "draw" in moves(state)


def test_sha8_a_gap_takes_the_talon_top_or_the_stock_top_and_nothing_else() -> None:
    state = dealt(outer={2: "2S", 4: "8D"}, stock=("QH", "QD"))
    state.play("draw")
    state.play("2S:ray2.3>found1")
    into_gap = {m for m in moves(state) if m.endswith(">ray2.3")}
    assert into_gap == {"QH:talon>ray2.3", "QD:stock>ray2.3"}  # no outer card: no lane


def test_sha8_while_a_gap_waits_the_turned_card_may_go_up_be_married_or_fill_it() -> None:
    """SHA-8: turned cards "not wanted for the foundations, for marriage, or for filling
    spaces form the talon": while ray2.3 waits, the 3S turned goes up, the 8D turned is
    married onto the 9D, and the QD, wanted for nothing else, fills the gap. With no gap
    the stock top only goes by `draw` (SHA-7)."""
    state = dealt(outer={2: "2S"}, stock=("3S", "8D", "QD"))
    assert not any(m.startswith(("3S:stock", "8D:stock")) for m in moves(state))
    state.play("2S:ray2.3>found1")
    assert {m for m in moves(state) if ":stock>" in m} == {"3S:stock>found1",
                                                           "3S:stock>ray2.3"}
    state.play("3S:stock>found1")
    assert state.to_dict()["next_gap"] == "ray2.3" and "draw" not in moves(state)
    assert {m for m in moves(state) if ":stock>" in m} == {"8D:stock>ray3.3",
                                                           "8D:stock>ray2.3"}
    state.play("8D:stock>ray3.3")
    assert piles(state)["ray3.3"] == ["9D", "8D"]
    assert {m for m in moves(state) if ":stock>" in m} == {"QD:stock>ray2.3"}
    state.play("QD:stock>ray2.3")
    assert "draw" in moves(state)


def test_sha8_rules_version_1_let_the_stock_top_only_fill_the_gap() -> None:
    """SHA-8 as rules version 1 read it (saved games replay so)."""
    state = dealt(outer={2: "2S"}, stock=("3S", "8D", "QD"), rules_version="1")
    state.play("2S:ray2.3>found1")
    assert {m for m in moves(state) if ":stock>" in m} == {"3S:stock>ray2.3"}


# --- SHA-9 the lane ----------------------------------------------------------------------

def lane_state(stock: tuple[str, ...] = ("TS",), draws: int = 0,
               rules_version: str | None = None) -> State:
    """ray2 and ray5 emptied whole, ray1 emptied down to its inner card; ray4's outer 9C
    covers a 2D; the first ``draws`` cards of ``stock`` lie on the talon."""
    state = dealt(inner={2: "4S", 5: "4C"}, middle={1: "3H", 2: "3S", 4: "2D", 5: "3C"},
                  outer={1: "2H", 2: "2S", 5: "2C"}, stock=stock,
                  rules_version=rules_version)
    for _ in range(draws):
        state.play("draw")
    for text in ("2S:ray2.3>found1", "3S:ray2.2>found1", "4S:ray2.1>found1",
                 "2H:ray1.3>found2", "3H:ray1.2>found2",
                 "2C:ray5.3>found4", "3C:ray5.2>found4", "4C:ray5.1>found4"):
        state.play(text)
    return state


def test_sha9_the_lane_fills_the_rays_middle_and_outer_slots_at_once_from_the_talon() -> None:
    """SHA-9: "the other two spaces are filled from the talon, and this must be done at
    once, since every ray must always be full": the 9C taken into ray2.1 brings the
    talon's top (TD) into ray2.2 and the next (TH) into ray2.3, as part of the move."""
    state = lane_state(stock=("TH", "TD", "TS"), draws=2)
    assert piles(state)["talon"] == ["TH", "TD"]
    state.play("9C:ray4.3>ray2.1")
    p = piles(state)
    assert (p["ray2.1"], p["ray2.2"], p["ray2.3"]) == (["9C"], ["TD"], ["TH"])
    assert p["talon"] == [] and state.to_dict()["next_gap"] == "ray5.1"
    state.undo()
    assert piles(state)["talon"] == ["TH", "TD"] and piles(state)["ray2.2"] == []


def test_sha9_reading_with_the_talon_spent_the_lane_fills_from_the_stock() -> None:
    """SHA-9 [R]: a slot the talon cannot fill takes the stock's top card: the TH from the
    talon goes into ray2.2, then the stock's TD into ray2.3."""
    state = lane_state(stock=("TH", "TD", "TS"), draws=1)
    state.play("9C:ray4.3>ray2.1")
    p = piles(state)
    assert (p["ray2.2"], p["ray2.3"], p["talon"]) == (["TH"], ["TD"], [])
    assert p["stock"][-1] == "TS"


def test_sha9_an_empty_ray_takes_an_outer_card_on_its_inner_slot() -> None:
    """SHA-9: a whole empty ray's inner slot may take another ray's outer top card, and
    that card's release frees the 2D under it (the lane's fill as rules version 1 had it:
    the other two slots left as gaps for SHA-8, is kept for saved games)."""
    state = lane_state(rules_version="1")
    data = state.to_dict()
    # SHA-8: the inner gap of ray2 comes before the middle gap of ray1
    assert data["next_gap"] == "ray2.1" and data["lane_open"]
    into = {m for m in moves(state) if m.endswith(">ray2.1")}
    outer_tops = {f"{OUTER[n - 1]}:ray{n}.3>ray2.1" for n in (3, 4, 6, 7, 8)}
    assert into == outer_tops | {"TS:stock>ray2.1"}
    assert "2D:ray4.2>found3" not in moves(state)
    state.play("9C:ray4.3>ray2.1")  # the grace: releases the 2D under it
    assert "2D:ray4.2>found3" in moves(state)
    assert piles(state)["ray2.1"] == ["9C"]
    state.play("stock>ray5.1")  # the other empty ray's inner slot, clockwise
    # the rest of the lane fills from the stock or the talon, never from the star
    assert state.to_dict()["next_gap"] == "ray1.2"
    assert {m for m in moves(state) if m.endswith(">ray1.2")} == {"2S:stock>ray1.2"}


def test_sha9_reading_the_lane_keeps_the_fill_order_of_sha8() -> None:
    """[R] The lane is a way to fill a gap, so only the first gap in SHA-8's order may take
    it: with ray2 and ray5 both empty, ray5.1 waits for ray2.1."""
    state = lane_state(stock=("TS", "TH", "TD"))
    assert not any(m.endswith(">ray5.1") for m in moves(state))
    with pytest.raises(IllegalMove):
        state.play("JD:ray7.3>ray5.1")
    state.play("stock>ray2.1")
    assert state.to_dict()["next_gap"] == "ray5.1"
    assert "JD:ray7.3>ray5.1" in moves(state)


def test_sha9_no_lane_while_the_ray_still_holds_a_card() -> None:
    state = dealt(middle={1: "2S"}, outer={1: "2H"}, stock=("TS",))
    state.play("2H:ray1.3>found2")
    state.play("2S:ray1.2>found1")  # ray1.1 still holds its card
    assert state.to_dict()["next_gap"] == "ray1.2" and not state.to_dict()["lane_open"]
    assert {m for m in moves(state) if m.endswith(">ray1.2")} == {"TS:stock>ray1.2"}


# --- SHA-10 the end ----------------------------------------------------------------------

def test_sha10_no_redeal_the_game_is_lost_when_the_stock_is_spent_and_nothing_moves() -> None:
    state = GAME.new(deal=1)
    while state.status == "playing":
        legal = state.legal_moves()
        home = [m for m in legal if m.to_pile and m.to_pile.startswith("found")]
        state.play((home or legal)[0])
    assert state.status == "lost"
    p = piles(state)
    assert p["stock"] == [] and p["talon"]  # the talon is never turned over again
    assert state.legal_moves() == []
    for action in ("redeal", "draw", "deal"):
        with pytest.raises(IllegalMove):
            state.play(action)


def test_sha4_reading_a_stock_spent_during_the_deal_leaves_gaps_and_the_deal_still_ends() -> None:
    """Reading: the rules are silent on refills that spend the stock before circle 3: ``deal`` then
    lays what is left (here nothing), ends the deal, and the empty slots are gaps."""
    chains = [f"{r}{s}" for s in "SHDCSHDC" for r in "3456789TJ"]
    queens = ("QS", "QH", "QD", "QC") * 2
    state = GAME.new(deck=stack([*ACES, *queens, *("2S", "2H", "2D", "2C") * 2, *chains],
                                decks=2))
    state.play("deal")
    while any(m.to_pile and m.to_pile.startswith("found") for m in state.legal_moves()):
        state.play(next(m for m in state.legal_moves() if m.to_pile))
    p = piles(state)
    assert p["stock"] == [] and all(p[f"ray{n}.2"] == [] for n in range(1, 9))
    assert moves(state) == {"deal"}  # the covered queens wait for the deal to end
    state.play("deal")
    data = state.to_dict()
    assert data["circles_dealt"] == 3 and data["next_gap"] == "ray1.2"
    assert {m.split(">")[0] for m in moves(state)} == {
        f"{q}:ray{n}.1" for n, q in enumerate(queens, 1)}  # no fill: nothing to fill with
    for n in range(1, 9):
        state.play(f"ray{n}.1>found{n}")
    assert state.status == "won"
