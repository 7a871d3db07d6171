"""Blockade: one or more hand-made deals for each clause BLK-1 … BLK-9."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import patience
from patience import IllegalMove, OptionError
from tests.decks import stack

GAME = patience.get_game("blockade")
ACES = ["AS", "AH", "AD", "AC"] * 2  # first in a laid-out deck: found1 … found8 = S H D C S H D C
# BLK-7: deal at any time, for the tests of other clauses that deal with plays pending
ANY = {"deal_when": "any"}


def new(first: Sequence[str], last: Sequence[str] = (), **options: Any) -> patience.State:
    return GAME.new(deck=stack(first, decks=2, last=last), **options)


def laid_out(columns: dict[int, list[str | None]], **options: Any) -> patience.State:
    """A game whose eight aces come first and whose eight rows then give column n the cards
    ``columns[n]`` (top to bottom; None, and columns not named, take the remaining cards
    in fresh order). The 96 other cards fill exactly eight rows, so seven deals spend the
    stock."""
    named = [c for cards in columns.values() for c in cards if c is not None]
    used = ACES + named
    filler = iter(stack(used, decks=2)[len(used):])
    deck = list(ACES)
    for row in range(8):
        for col in range(1, 13):
            given = columns.get(col, [None] * 8)
            assert len(given) == 8, "a named column lists its eight rows"
            deck.append(given[row] or next(filler))
    return GAME.new(deck=deck, **options)


def col(state: patience.State, n: int) -> list[str]:
    return list(state.to_dict()["piles"][f"col{n}"])


def pile(state: patience.State, pid: str) -> list[str]:
    return list(state.to_dict()["piles"][pid])


def legal(state: patience.State) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def deal_out(state: patience.State) -> None:
    while "deal" in legal(state):
        state.play("deal")


# BLK-1 -----------------------------------------------------------------------------------

def test_blk1_pile_ids() -> None:
    state = GAME.new(deal=5)
    ids = [f"col{n}" for n in range(1, 13)] + [f"found{n}" for n in range(1, 9)] + ["stock"]
    assert list(state.to_dict()["piles"]) == ids
    assert GAME.decks == 2


def test_blk1_foundations_started_by_aces_in_order_of_appearance() -> None:
    state = new(["AD", "5S", "AH", "AD", "7C"])
    assert pile(state, "found1") == ["AD"]
    assert pile(state, "found2") == ["AH"]
    assert pile(state, "found3") == ["AD"]  # the second copy starts a foundation of its own
    assert col(state, 1) == ["5S"] and col(state, 2) == ["7C"]


# BLK-2 -----------------------------------------------------------------------------------

def test_blk2_foundation_builds_up_in_suit_from_the_ace() -> None:
    # found1 = AH; col1 2H, col2 2S, col3 3H
    state = new(["AH", "2H", "2S", "3H", "9C", "9C", "TC", "TC", "JC", "JC", "QC", "QC", "KC"])
    moves = legal(state)
    assert "2H:col1>found1" in moves
    assert not any(m.endswith(">found1") and not m.startswith("2H") for m in moves)
    state.play("2H:col1>found1")
    assert "3H:col3>found1" in legal(state)


def test_blk2_two_foundations_of_a_suit_both_take_the_next_card() -> None:
    state = new(["AH", "AH", "2H", "8C", "9C", "9C", "TC", "TC", "JC", "JC", "QC", "QC", "KC"])
    assert {"2H:col1>found1", "2H:col1>found2"} <= legal(state)


# BLK-3 -----------------------------------------------------------------------------------

def test_blk3_a_covered_card_is_not_available() -> None:
    first = ["AH", "2H", "9C", "9C", "TC", "TC", "JC", "JC", "QC", "QC", "KC", "KC", "8D"]
    state = new([*first, "5S"], **ANY)  # the second row lays 5S on col1, covering 2H
    assert "2H:col1>found1" in legal(state)
    state.play("deal")
    assert col(state, 1) == ["2H", "5S"]
    assert not any(m.startswith("2H") for m in legal(state))
    with pytest.raises(IllegalMove):
        state.play("2H:col1>found1")


def test_blk3_a_covered_card_outside_a_run_stays_put_even_with_move_sequences() -> None:
    # col1: 6H then 9C below it; col2: QD then 7H below it
    first = ["6H", "QD", "8S", "8S", "TC", "TC", "JC", "JC", "QC", "QC", "KC", "KC"]
    state = new([*first, "9C", "7H"], move_sequences=True, **ANY)
    state.play("deal")
    assert col(state, 1) == ["6H", "9C"] and col(state, 2) == ["QD", "7H"]
    assert not any(m.startswith("6H") for m in legal(state))


# BLK-4 -----------------------------------------------------------------------------------

def test_blk4_game_starts_with_the_first_row_dealt() -> None:
    first = ["5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "5H", "6H", "7H"]
    state = new(first)
    assert [col(state, n) for n in range(1, 13)] == [[c] for c in first]
    assert len(pile(state, "stock")) == 104 - 12
    assert state.to_dict()["face_down"] == {"stock": 92}


def test_blk4_two_aces_in_a_row_at_the_start_go_up_and_the_next_card_takes_their_place() -> None:
    rest = ["9C", "9C", "TC", "TC", "JC", "JC", "QC", "QC", "KC"]
    state = new(["5S", "AH", "AD", "7C", "8C", *rest])
    assert pile(state, "found1") == ["AH"] and pile(state, "found2") == ["AD"]
    assert pile(state, "found3") == []
    assert col(state, 1) == ["5S"] and col(state, 2) == ["7C"] and col(state, 3) == ["8C"]
    assert len(pile(state, "stock")) == 104 - 12 - 2


def test_blk4_aces_met_during_a_deal() -> None:
    first = ["5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "5H", "6H", "7H"]
    second = ["9D", "9D", "TD", "TD", "AH", "AD", "9C", "8C"]
    state = new(first + second, **ANY)
    state.play("deal")
    assert pile(state, "found1") == ["AH"] and pile(state, "found2") == ["AD"]
    assert col(state, 5) == ["9S", "9C"] and col(state, 6) == ["TS", "8C"]
    # the row goes on: the fresh-order filler after 8C is AS AS 2S 2S 3S 3S 4S 4S …
    assert pile(state, "found3") == ["AS"] and pile(state, "found4") == ["AS"]
    assert [col(state, n)[-1] for n in range(7, 13)] == ["2S", "2S", "3S", "3S", "4S", "4S"]
    assert all(len(col(state, n)) == 2 for n in range(1, 13))


def test_blk4_nothing_is_played_while_a_row_is_dealt() -> None:
    # the second row brings 2H onto col1 while found1 holds AH: it stays there, and playing
    # it is the player's choice afterwards (only aces go up by themselves)
    first = ["AH", "9C", "9C", "TC", "TC", "JC", "JC", "QC", "QC", "KC", "KC", "8D", "8D"]
    state = new([*first, "2H"], **ANY)
    state.play("deal")
    assert col(state, 1) == ["9C", "2H"] and pile(state, "found1") == ["AH"]
    assert "2H:col1>found1" in legal(state)


def test_blk4_the_last_row_is_as_long_as_the_stock_allows() -> None:
    # a refill takes one card, so the eighth row stops one column short
    first = ["7H", "6H", "9C", "9C", "TC", "TC", "JC", "JC", "QC", "QC", "KC", "KC"]
    state = new(first, **ANY)
    state.play("6H:col2>col1")
    deal_out(state)
    assert pile(state, "stock") == []
    assert [len(col(state, n)) for n in range(1, 13)] == [9, 8] + [8] * 9 + [7]


def test_blk4_a_stock_of_aces_only_is_dealt_straight_to_the_foundations() -> None:
    # reading: when the stock holds nothing but aces, `deal` still lays them, on the
    # foundations, and lays no card on a column
    state = new([], last=["AH", "AD"], **ANY)
    for _ in range(7):
        state.play("deal")
    assert pile(state, "stock") == ["AD", "AH"]  # top of the stock last
    lengths = [len(col(state, n)) for n in range(1, 13)]
    state.play("deal")
    assert pile(state, "stock") == []
    assert pile(state, "found7") == ["AH"] and pile(state, "found8") == ["AD"]
    assert [len(col(state, n)) for n in range(1, 13)] == lengths
    assert "deal" not in legal(state)


# BLK-5 -----------------------------------------------------------------------------------

def test_blk5_marriage_same_suit_one_rank_higher_only() -> None:
    first = ["7H", "6H", "6D", "5H", "8H", "9C", "9C", "TC", "TC", "JC", "JC", "QC"]
    state = new(first)
    onto_col1 = {m for m in legal(state) if m.endswith(">col1")}
    assert onto_col1 == {"6H:col2>col1"}  # not 6D (suit), 5H (rank), 8H (goes down only)
    assert "7H:col1>col5" in legal(state)
    state.play("6H:col2>col1")
    assert col(state, 1) == ["7H", "6H"]


def test_blk5_one_card_at_a_time_by_default() -> None:
    first = ["7H", "6H", "8H", "9C", "9C", "TC", "TC", "JC", "JC", "QC", "QC", "KC"]
    state = new(first)
    state.play("6H:col2>col1")
    assert col(state, 1) == ["7H", "6H"]
    assert not any(m.startswith("7H:col1") for m in legal(state))
    with pytest.raises(IllegalMove):
        state.play("7H:col1[0]>col3")


def test_blk5_move_sequences_moves_a_run_named_by_its_first_card() -> None:
    first = ["7H", "6H", "8H", "9C", "9C", "TC", "TC", "JC", "JC", "QC", "QC", "KC"]
    state = new([*first, "4D", "5D"], move_sequences=True)
    state.play("6H:col2>col1")  # col2 is refilled with 4D
    moves = legal(state)
    assert "7H:col1[0]>col3" in moves
    assert "6H:col1[1]>col3" not in moves  # 6H does not fit on 8H
    state.play("7H:col1[0]>col3")
    assert col(state, 3) == ["8H", "7H", "6H"]
    assert col(state, 1) == ["5D"]  # BLK-6: the emptied column refilled at once


def test_blk5_move_sequences_needs_a_same_suit_descending_run() -> None:
    # col1 ends 7H 6D: not a run, so 7H stays covered though 8H is at the foot of col2
    first = ["7H", "9C", "8S", "8S", "TC", "TC", "JC", "JC", "QC", "QC", "KC", "KC"]
    state = new([*first, "6D", "8H"], move_sequences=True, **ANY)
    state.play("deal")
    assert col(state, 1) == ["7H", "6D"] and col(state, 2) == ["9C", "8H"]
    assert not any(m.startswith("7H") for m in legal(state))


# BLK-6 -----------------------------------------------------------------------------------

def test_blk6_an_emptied_column_is_refilled_at_once_with_one_card() -> None:
    first = ["7H", "6H", "9C", "9C", "TC", "TC", "JC", "JC", "QC", "QC", "KC", "KC"]
    state = new([*first, "5D", "4D"])
    state.play("6H:col2>col1")
    assert col(state, 2) == ["5D"]
    assert pile(state, "stock")[-1] == "4D"
    state.undo()
    assert col(state, 2) == ["6H"] and pile(state, "stock")[-2:] == ["4D", "5D"]


def test_blk6_a_play_to_a_foundation_that_empties_a_column_brings_a_refill() -> None:
    first = ["AH", "2H", "9C", "9C", "TC", "TC", "JC", "JC", "QC", "QC", "KC", "KC", "8D"]
    state = new([*first, "5D"])
    state.play("2H:col1>found1")
    assert col(state, 1) == ["5D"]


def test_blk6_aces_met_while_refilling_go_up_and_the_next_card_is_taken() -> None:
    first = ["7H", "6H", "9C", "9C", "TC", "TC", "JC", "JC", "QC", "QC", "KC", "KC"]
    state = new([*first, "AC", "AD", "9S"])
    state.play("6H:col2>col1")
    assert col(state, 2) == ["9S"]
    assert pile(state, "found1") == ["AC"] and pile(state, "found2") == ["AD"]


def test_blk6_a_move_that_brings_a_refill_is_irreversible_the_others_reversible() -> None:
    """BLK-6 with the repetition rule: the refill is an automatic step."""
    first = ["7H", "6H", "7H", "9C", "9C", "TC", "TC", "JC", "JC", "QC", "QC", "KC"]
    state = new(first)
    flags = {str(state.to_move(m)): m[3] for m in state.legal_raw()}
    assert flags["6H:col2>col1"] is False and flags["6H:col2>col3"] is False
    state.play("6H:col2>col3")  # col3: 7H 6H; col1: 7H
    flags = {str(state.to_move(m)): m[3] for m in state.legal_raw()}
    assert flags["6H:col3>col1"] is True
    state.play("6H:col3>col1")
    # taking it straight back would recreate a position seen since the refill
    assert "6H:col1>col3" not in legal(state)
    with pytest.raises(IllegalMove, match="repetition"):
        state.play("6H:col1>col3")


# BLK-7 -----------------------------------------------------------------------------------

# no ace and no marriage among these twelve (BLK-5); under them, row two lays 7H, 6H, 7H
QUIET_ROW = ["2S", "9C", "4D", "6S", "8D", "TS", "QD", "4C", "2C", "KS", "7C", "JH"]
ROW_TWO = ["7H", "6H", "7H", "3S", "5D", "9D", "JS", "KD", "5C", "QC", "9S", "TH"]


def test_blk7_deal_when_any_the_player_decides_when_to_deal() -> None:
    """BLK-7, ``deal_when = "any"`` (rules version 1's default): a row may be dealt with a
    marriage pending."""
    first = ["7H", "6H", "9C", "9C", "TC", "TC", "JC", "JC", "QC", "QC", "KC", "KC"]
    state = new(first, **ANY)
    moves = legal(state)
    assert "6H:col2>col1" in moves and "deal" in moves
    state.play("deal")
    assert all(len(col(state, n)) == 2 for n in range(1, 13))


def test_blk7_by_default_no_deal_while_a_marriage_is_possible() -> None:
    """BLK-7: by default the same position keeps the row back until the marriage is made
    or the repetition rule refuses every marriage left."""
    first = ["7H", "6H", "9C", "9C", "TC", "TC", "JC", "JC", "QC", "QC", "KC", "KC"]
    state = new(first)
    moves = legal(state)
    assert "6H:col2>col1" in moves and "deal" not in moves
    with pytest.raises(IllegalMove, match="BLK-7"):
        state.play("deal")


def test_blk7_by_default_no_deal_while_a_card_can_go_up() -> None:
    """BLK-7: by default a card that can go to a foundation keeps the row back; once it
    has gone up and nothing else moves, the row is dealt."""
    state = new(["AS", "2S", *QUIET_ROW[1:], "KH"])
    assert legal(state) == {"2S:col1>found1"}
    with pytest.raises(IllegalMove, match="BLK-7"):
        state.play("deal")
    state.play("2S:col1>found1")
    assert legal(state) == {"deal"}
    state.play("deal")
    assert all(len(col(state, n)) == 2 for n in range(1, 13))


def test_blk7_by_default_the_row_is_dealt_when_stuck() -> None:
    """BLK-7: with no play and no marriage the default deals, as ``deal_when = "stuck"``."""
    state = new([*QUIET_ROW, *ROW_TWO])
    assert legal(state) == {"deal"}
    state.play("deal")
    assert legal(state) == {"6H:col2>col1", "6H:col2>col3"}


STUCK = {"deal_when": "stuck"}


def test_blk7_deal_when_stuck_lays_a_row_only_when_no_play_and_no_marriage_is_possible() -> None:
    """BLK-7, ``deal_when = "stuck"``: "if neither is possible, lay a new row". At the
    start nothing plays, so `deal` is the only move; then the 6H may marry onto either 7H,
    and the row waits."""
    state = new([*QUIET_ROW, *ROW_TWO], **STUCK)
    assert legal(state) == {"deal"}
    state.play("deal")
    assert legal(state) == {"6H:col2>col1", "6H:col2>col3"}
    with pytest.raises(IllegalMove, match="no marriage is possible"):
        state.play("deal")
    state.play("6H:col2>col1")
    assert legal(state) == {"6H:col1>col3"}


def test_blk7_deal_when_stuck_reads_the_marriages_after_the_repetition_rule() -> None:
    """BLK-7 with the repetition rule: the 6H could only go back where it lay since the last deal; the
    repetition rule refuses that, nothing else moves, so the player is stuck and deals."""
    state = new([*QUIET_ROW, *ROW_TWO], **STUCK)
    state.play("deal")
    state.play("6H:col2>col1")
    state.play("6H:col1>col3")
    assert legal(state) == {"deal"}
    before = [len(col(state, n)) for n in range(1, 13)]
    state.play("deal")
    assert [len(col(state, n)) for n in range(1, 13)] == [n + 1 for n in before]


def test_blk7_deal_when_stuck_depends_on_the_line_of_marriages() -> None:
    """BLK-7 read after the repetition rule: the 6H reaches col1 straight from col2, or by
    way of col3. The two boards are the same, but by the longer way its move back to col3
    would repeat a position, so that game is stuck and deals, while the other may still
    marry; the searches key such a position with its memory."""
    walked = new([*QUIET_ROW, *ROW_TWO], **STUCK)
    walked.play("deal")
    direct = new([*QUIET_ROW, *ROW_TWO], **STUCK)
    direct.play("deal")
    walked.play("6H:col2>col3")
    walked.play("6H:col3>col1")
    direct.play("6H:col2>col1")
    assert walked.to_dict() == direct.to_dict()
    assert legal(walked) == {"deal"}
    assert legal(direct) == {"6H:col1>col3"}
    assert walked.rules.legal_reads_memory(walked)
    anytime = new([*QUIET_ROW, *ROW_TWO], **ANY)
    anytime.play("deal")
    assert not anytime.rules.legal_reads_memory(anytime)


def test_blk7_deal_when_stuck_a_card_that_can_go_up_keeps_the_row_back() -> None:
    """BLK-7: the AS goes up as it is dealt (BLK-4) and the 2S that takes its place may
    follow it: no deal until it has (its column is refilled at once, BLK-6)."""
    state = new(["AS", "2S", *QUIET_ROW[1:], "KH"], **STUCK)
    assert legal(state) == {"2S:col1>found1"}
    state.play("2S:col1>found1")
    assert col(state, 1) == ["KH"]
    assert legal(state) == {"deal"}


def test_blk7_deal_when_stuck_is_the_default_and_the_option_is_checked() -> None:
    """BLK-7: ``deal_when`` defaults to ``stuck`` (rules version 2; version 1's default
    was ``any``, and a game of that version still deals at any time); other values are
    refused."""
    assert GAME.options["deal_when"] == "stuck"
    assert GAME.rules_version == "2"
    assert GAME.defaults("1")["deal_when"] == "any"
    first = ["7H", "6H", "9C", "9C", "TC", "TC", "JC", "JC", "QC", "QC", "KC", "KC"]
    old = GAME.new(deck=stack(first, decks=2), rules_version="1")
    assert "deal" in legal(old)
    with pytest.raises(OptionError):
        GAME.new(deal=1, deal_when="never")


# BLK-8 -----------------------------------------------------------------------------------

EMPTYING = {
    1: ["9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"],  # goes up onto found1 (AS)
    2: ["KD", "8H", "7H", "6H", "5H", "4H", "3H", "2H"],  # up onto found2 (AH), KD left alone
    3: [None] * 6 + ["5C", "4C"],
    4: ["KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C"],  # one run, the whole column
}


def emptied(**options: Any) -> patience.State:
    """Stock spent, col1 empty, col2 holding KD alone."""
    state = laid_out(EMPTYING, **options)
    deal_out(state)
    assert pile(state, "stock") == []
    for _ in range(8):
        state.play("col1>found1")
    for _ in range(7):
        state.play("col2>found2")
    assert col(state, 1) == [] and col(state, 2) == ["KD"]
    return state


def test_blk8_by_default_an_emptied_column_stays_empty() -> None:
    state = emptied(**ANY)
    assert not any(m.endswith(">col1") for m in legal(state))
    with pytest.raises(IllegalMove):
        state.play("4C:col3>col1")


def test_blk8_any_lets_an_available_card_in_but_not_a_lone_card() -> None:
    state = emptied(empty_columns="any", **ANY)
    into = {m for m in legal(state) if m.endswith(">col1")}
    assert "4C:col3>col1" in into and "6C:col4>col1" in into
    assert not any(m.startswith("KD:col2") for m in into)  # alone in its column
    assert len(into) == 10  # the foot of each of the ten other columns
    state.play("4C:col3>col1")
    assert col(state, 1) == ["4C"]


def test_blk8_a_move_into_an_empty_column_is_reversible() -> None:
    """BLK-8 with the repetition rule: 4C to the empty col1 and back onto 5C recreates a position."""
    state = emptied(empty_columns="any", **ANY)
    flags = {str(state.to_move(m)): m[3] for m in state.legal_raw()}
    assert flags["4C:col3>col1"] is True
    state.play("4C:col3>col1")
    assert "4C:col1>col3" not in legal(state)
    with pytest.raises(IllegalMove, match="repetition"):
        state.play("4C:col1>col3")


def test_blk8_with_move_sequences_a_run_may_move_in_unless_it_is_the_whole_column() -> None:
    # reading: BLK-8 names a lone card; with runs the same holds for a run that is
    # the whole column (moving it would change nothing)
    state = emptied(empty_columns="any", move_sequences=True, **ANY)
    into = {m for m in legal(state) if m.endswith(">col1")}
    assert {"5C:col3[6]>col1", "4C:col3[7]>col1"} <= into
    assert {f"{c}:col4[{i}]>col1" for i, c in enumerate(EMPTYING[4]) if i} <= into
    assert "KC:col4[0]>col1" not in into
    state.play("5C:col3[6]>col1")
    assert col(state, 1) == ["5C", "4C"]


def test_blk8_empty_columns_value_is_checked() -> None:
    with pytest.raises(OptionError, match="empty_columns"):
        GAME.new(deal=1, empty_columns="some")


# BLK-9 -----------------------------------------------------------------------------------

def test_blk9_no_redeal_once_the_stock_is_spent() -> None:
    # the last row holds no 2 and no card one rank below another of its suit: nothing moves
    last_row = ["KS", "KH", "KD", "KC", "KS", "KH", "KD", "KC", "JS", "JH", "JD", "JC"]
    state = laid_out({n: [None] * 7 + [card] for n, card in enumerate(last_row, 1)}, **ANY)
    for _ in range(7):
        state.play("deal")
    assert pile(state, "stock") == []
    assert state.legal_moves() == []
    assert state.status == "lost"
    with pytest.raises(IllegalMove):
        state.play("deal")
    assert GAME.rules().actions == ("deal",)


# the shared rules (end, repetition) -----------------------------------------------------------

def test_blk2_won_exactly_when_the_last_card_reaches_a_foundation() -> None:
    """Suits in order after the aces: foundation plays and deals win, and the game is
    "playing" until the last of the 104 cards goes up."""
    deck = ACES + [r + s for _ in range(2) for s in "SHDC" for r in "23456789TJQK"]
    state = GAME.new(deck=deck)
    while True:
        up = sum(len(pile(state, f"found{n}")) for n in range(1, 9))
        assert state.status == ("won" if up == 104 else "playing")
        if up == 104:
            break
        ups = [m for m in state.legal_moves() if (m.to_pile or "").startswith("found")]
        state.play(ups[0] if ups else "deal")


def test_blk5_repetition_memory_compares_the_columns() -> None:
    """Reversible moves only move cards between columns (BLK-5, BLK-6, BLK-8), so the
    repetition rule compares column images; a marriage back is still refused."""
    first = ["7H", "6H", "7H", "9C", "9C", "TC", "TC", "JC", "JC", "QC", "QC", "KC"]
    state = new(first)
    state.play("6H:col2>col3")
    seen = state.rules.repetition_key(state)
    assert seen != state.key()
    state.play("6H:col3>col1")
    assert "6H:col1>col3" not in legal(state)
    state.undo()
    assert state.rules.repetition_key(state) == seen


# AS to found1 first; row one lays 2S on col3 and the two 7H's under col1 and col2 come in
# row two with the 6H under the 2S; the stock then starts with the other 2S. Nothing else
# marries or goes up.
SHUTTLE = ["AS",
           "9C", "4D", "2S", "6S", "8D", "TS", "QD", "4C", "2C", "KS", "7C", "JH",
           "7H", "7H", "6H", "3D", "9D", "JS", "KD", "5C", "QC", "9S", "TH", "4S",
           "2S"]


def shuttle() -> patience.State:
    """After the deal: the 6H may go between the 7H's at the feet of col1 and col2, each
    time a reversible marriage (its column keeps the 2S), and the 2S may go up."""
    state = new(SHUTTLE, **ANY)
    state.play("deal")
    assert [col(state, n)[-1] for n in (1, 2, 3)] == ["7H", "7H", "6H"]
    return state


def test_blk5_undo_takes_the_undone_positions_out_of_the_repetition_memory() -> None:
    """The repetition rule's memory belongs to the position: two marriages taken back leave
    the first one legal again, and every move as it was."""
    state = shuttle()
    before = legal(state)
    assert "6H:col3>col1" in before
    state.play("6H:col3>col1")
    state.play("6H:col1>col2")
    state.undo()
    state.undo()
    assert legal(state) == before


def test_blk5_blk6_a_play_to_a_foundation_clears_the_repetition_memory() -> None:
    """The memory holds the positions since the last irreversible step only. The 2S goes up
    and the other 2S fills its column at once (BLK-6), so the columns look as before; the
    marriage back to them is legal, for the foundations differ."""
    state = shuttle()
    state.play("6H:col3>col1")
    state.play("6H:col1>col2")
    columns = [col(state, n) for n in range(1, 13)]
    state.play("2S:col3>found1")
    assert [col(state, n) for n in range(1, 13)] == columns
    assert "6H:col2>col1" in legal(state)
    state.play("6H:col2>col1")
    assert "6H:col1>col2" not in legal(state)  # the memory starts again after the play
