"""Star: one test or more per clause, each on a hand-made deck."""

from __future__ import annotations

import pytest

import patience
from patience import IllegalMove
from tests.decks import stack

STAR = patience.get_game("star")
# Tests of other clauses that draw past cards fitting an unset base play under the looser
# reading, which lets them (STR-3's default, first-fit, would force those cards first).
FREE = {"direction": "free"}


def moves(state: patience.State) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def piles(state: patience.State) -> dict[str, list[str]]:
    return state.to_dict()["piles"]  # type: ignore[no-any-return]


def test_str_1_piles() -> None:
    """STR-1: piles."""
    assert list(piles(STAR.new(deal=1))) == [
        "base-12", "base-6", "base-3", "base-9", "cell-1", "cell-4", "cell-7", "cell-10",
        "reserve", "stock",
    ]


def test_str_2_bases_by_first_appearance_others_to_the_reserve() -> None:
    """STR-2: bases by first appearance others to the reserve."""
    deck = stack(["5D", "7D", "2D", "8H", "9D", "KH", "KS", "3C", "4S", "QH", "2C", "JD"])
    p = piles(STAR.new(deck=deck))
    assert (p["base-12"], p["base-6"], p["base-3"], p["base-9"]) == (["5D"], ["8H"], ["KS"],
                                                                      ["3C"])
    assert p["reserve"] == ["7D", "2D", "9D", "KH"]  # face up, the last turned on top
    assert [p[c] for c in ("cell-1", "cell-4", "cell-7", "cell-10")] == [["4S"], ["QH"], ["2C"],
                                                                          ["JD"]]
    assert len(p["stock"]) == 52 - 12
    assert STAR.new(deck=deck).to_dict()["face_down"] == {"stock": 40}


def test_str_3_the_first_card_fixes_the_direction_each_suit_on_its_own() -> None:
    """STR-3: the first card fixes the direction each suit on its own."""
    deck = stack(["5D", "AH", "KS", "2C", "6D", "4D", "QS", "AS"])
    state = STAR.new(deck=deck)
    assert {"6D:cell-1>base-12", "4D:cell-4>base-12", "QS:cell-7>base-3",
            "AS:cell-10>base-3"} <= moves(state)
    state.play("6D:cell-1>base-12")
    assert state.to_dict()["directions"]["base-12"] == "up"
    assert "4D:cell-4>base-12" not in moves(state)  # the choice is final
    state.play("QS:cell-7>base-3")
    assert state.to_dict()["directions"] == {"base-12": "up", "base-6": None, "base-3": "down",
                                             "base-9": None}


def test_str_3_the_sources_example_the_six_of_diamonds_goes_at_once() -> None:
    """STR-3, the source's picture: 5D at twelve o'clock, 6D in the first cell. The 6D "goes
    at once" to the series, so it is the only play offered (no draw); its cell takes the
    QH from the stock, and the 8H drawn next fixes the hearts' direction just as firmly."""
    cells = ["6D", "JH", "2S", "KC"]  # none continues the 9H, 6S or 8C bases
    state = STAR.new(deck=stack(["5D", "9H", "6S", "8C", *cells, "QH", "8H"]))
    assert moves(state) == {"6D:cell-1>base-12"}
    with pytest.raises(IllegalMove):
        state.play("draw")
    state.play("6D:cell-1>base-12")
    assert piles(state)["cell-1"] == ["QH"] and state.to_dict()["directions"]["base-12"] == "up"
    assert moves(state) == {"draw"}
    state.play("draw")  # the 8H, turned from the stock onto the reserve
    assert moves(state) == {"8H:reserve>base-6"}


def test_str_3_first_fit_with_two_cards_that_could_decide_both_and_only_they_are_offered() -> None:
    """STR-3: with the 4D available too (it would set the diamonds going down), the player
    picks which of the two decides; nothing else is offered."""
    cells = ["6D", "4D", "2S", "KC"]
    state = STAR.new(deck=stack(["5D", "9H", "6S", "8C", *cells, "QH"]))
    assert moves(state) == {"6D:cell-1>base-12", "4D:cell-4>base-12"}
    state.play("4D:cell-4>base-12")
    assert state.to_dict()["directions"]["base-12"] == "down"
    assert "6D:cell-1>base-12" not in moves(state)


def test_str_3_direction_free_lets_the_player_wait() -> None:
    """STR-3, option ``direction = "free"``: the same deal offers the draw beside the 6D."""
    cells = ["6D", "JH", "2S", "KC"]
    state = STAR.new(deck=stack(["5D", "9H", "6S", "8C", *cells, "QH", "8H"]),
                     direction="free")
    assert moves(state) == {"6D:cell-1>base-12", "draw"}


def test_str_3_wrap_round_the_king() -> None:
    """STR-3: wrap round the king."""
    deck = stack(["KS", "AH", "2D", "3C", "AS", "2S", "6H", "7H"])
    state = STAR.new(deck=deck)
    state.play("AS:cell-1>base-12")  # K then A: up, with wrap
    assert state.to_dict()["directions"]["base-12"] == "up"
    state.play("2S:cell-4>base-12")
    assert piles(state)["base-12"] == ["KS", "AS", "2S"]


def test_str_3_a_rising_base_goes_on_from_king_to_ace() -> None:
    """STR-3: a base set going up by its second card (QS, KS) goes round the corner, the
    AS after the KS, and on up."""
    state = STAR.new(deck=stack(["QS", "AH", "2D", "3C", "KS", "AS", "2S", "9H"]))
    state.play("KS:cell-1>base-12")
    assert state.to_dict()["directions"]["base-12"] == "up"
    assert "AS:cell-4>base-12" in moves(state)
    state.play("AS:cell-4>base-12")
    state.play("2S:cell-7>base-12")
    assert piles(state)["base-12"] == ["QS", "KS", "AS", "2S"]


def test_str_3_a_falling_base_goes_on_from_ace_to_king() -> None:
    """STR-3: a base set going down by its second card (2S, AS) goes on with the KS."""
    state = STAR.new(deck=stack(["2S", "AH", "2D", "3C", "AS", "KS", "QS", "9H"]))
    state.play("AS:cell-1>base-12")
    assert state.to_dict()["directions"]["base-12"] == "down"
    assert "KS:cell-4>base-12" in moves(state)
    state.play("KS:cell-4>base-12")
    state.play("QS:cell-7>base-12")
    assert piles(state)["base-12"] == ["2S", "AS", "KS", "QS"]


def test_str_3_first_fit_forces_a_direction_setting_play() -> None:
    """STR-3: first fit (the default) forces a direction setting play; free does not."""
    deck = stack(["5D", "AH", "KS", "2C", "6D", "9H", "8H", "7H"])
    free = STAR.new(deck=deck, direction="free")
    assert "draw" in moves(free)
    strict = STAR.new(deck=deck)
    assert strict.rules.options["direction"] == "first-fit"
    assert moves(strict) == {"6D:cell-1>base-12"}
    with pytest.raises(IllegalMove):
        strict.play("draw")
    strict.play("6D:cell-1>base-12")
    # the refill is AS (the stock's top), which can fix KS's direction: forced again
    assert moves(strict) == {"AS:cell-1>base-3"}
    strict.play("AS:cell-1>base-3")
    assert "draw" in moves(strict)  # no card can fix a direction now


def test_str_4_only_cells_and_reserve_top_go_and_only_to_foundations() -> None:
    """STR-4: only cells and reserve top go and only to foundations."""
    deck = stack(["5D", "AH", "KS", "2C", "9H", "8H", "7H", "6H", "4D", "6D"])
    state = STAR.new(deck=deck, **FREE)
    assert all(m.to_pile and m.to_pile.startswith("base") for m in state.legal_moves()
               if not m.action)
    with pytest.raises(IllegalMove):
        state.play("8H:cell-4>cell-1")  # nothing is built on a cell
    state.play("draw")
    state.play("draw")  # 4D, then 6D on top of it in the reserve
    assert "6D:reserve>base-12" in moves(state)
    assert "4D:reserve>base-12" not in moves(state)  # covered


def test_str_5_a_played_cell_is_refilled_at_once_from_the_stock() -> None:
    """STR-5: a played cell is refilled at once from the stock."""
    deck = stack(["5D", "AH", "KS", "2C", "6D", "9H", "8H", "7H", "QC"])
    state = STAR.new(deck=deck)
    state.play("6D:cell-1>base-12")
    assert piles(state)["cell-1"] == ["QC"]


def test_str_5_empty_cells_wait_for_the_redeal_then_refill_in_cell_order() -> None:
    """STR-5: empty cells wait for the redeal then refill in cell order."""
    deck = stack(["AS", "AH", "AD", "AC", "2S", "2H", "2D", "2C"])
    state = STAR.new(deck=deck, **FREE)
    while "draw" in moves(state):
        state.play("draw")
    state.play("2S:cell-1>base-12")
    state.play("2D:cell-7>base-3")
    assert piles(state)["cell-1"] == [] and piles(state)["cell-7"] == []
    reserve = piles(state)["reserve"]
    state.play("redeal")
    p = piles(state)
    assert p["cell-1"] == [reserve[0]] and p["cell-7"] == [reserve[1]]
    assert p["stock"] == reserve[2:][::-1]


def test_str_6_draw_turns_the_stock_top_onto_the_reserve() -> None:
    """STR-6: draw turns the stock top onto the reserve."""
    deck = stack(["5D", "AH", "KS", "2C", "9H", "8H", "7H", "6H", "QC", "JC"])
    state = STAR.new(deck=deck)
    state.play("draw")
    assert piles(state)["reserve"] == ["QC"]
    state.play("draw")
    assert piles(state)["reserve"] == ["QC", "JC"]


def test_str_7_exactly_two_redeals_turning_the_reserve_over() -> None:
    """STR-7: exactly two redeals turning the reserve over."""
    deck = stack(["5D", "AH", "KS", "2C", "9H", "8H", "7H", "6H"])
    state = STAR.new(deck=deck, **FREE)
    for round_number in (1, 2, 3):
        assert state.to_dict()["round"] == round_number
        while "draw" in moves(state):
            state.play("draw")
        reserve = piles(state)["reserve"]
        if round_number < 3:
            state.play("redeal")
            assert piles(state)["stock"] == reserve[::-1]  # its first-placed card on top
            assert piles(state)["reserve"] == []
    with pytest.raises(IllegalMove):
        state.play("redeal")


def test_str_8_won_with_all_52_on_the_foundations() -> None:
    """STR-8: won with all 52 on the foundations."""
    rest = [r + s for r in "3456789TJQK" for s in "SHDC"]
    deck = ["AS", "AH", "AD", "AC", "2S", "2H", "2D", "2C", *rest]
    state = STAR.new(deck=deck)
    while state.status == "playing":
        plays = [m for m in state.legal_moves() if not m.action]
        state.play(plays[0] if plays else state.legal_moves()[0])
    assert state.status == "won"
    assert sum(len(p) for k, p in piles(state).items() if k.startswith("base")) == 52


def test_str_8_lost_when_the_third_round_is_over_and_nothing_plays() -> None:
    """STR-8: lost when the third round is over and nothing plays."""
    deck = stack(["5D", "AH", "KS", "2C", "9H", "8H", "7H", "6H"])
    state = STAR.new(deck=deck, **FREE)
    while state.status == "playing":
        state.play("draw" if "draw" in moves(state) else "redeal")
    assert state.status == "lost"
    assert state.to_dict()["round"] == 3
