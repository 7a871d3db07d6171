"""Blockade's solver rules (RULES.md §4): the safe foundation play and the symmetric key."""

from __future__ import annotations

import random

import pytest

import patience
from patience.cards import CARDS
from patience.engine.rules import ACTION
from patience.engine.state import State
from patience.games import blockade as game
from patience.solver.blockade import (
    blockade_dead_end,
    blockade_probe_order,
    blockade_safe_move,
)
from patience.solver.blockade_relaxed import taken_off
from tests.decks import stack
from tests.games.test_blockade import ACES, laid_out
from tests.solver.helpers import assert_agrees_with_plain, play_randomly, solve_plain


def _safe(state: State) -> str | None:
    move = blockade_safe_move(state, state.legal_raw())
    return None if move is None else str(state.to_move(move))


def _two_rows(**options: object) -> State:
    """col1 = 2S 3S and col2 = 9H 2S after one deal; both aces of spades are up."""
    state = laid_out({1: ["2S", "3S", *[None] * 6], 2: ["9H", "2S", *[None] * 6]}, **options)
    state.play("deal")
    return state


def test_blk2_card_whose_predecessors_are_both_up_is_safe() -> None:
    state = _two_rows()
    assert _safe(state) == "2S:col2>found1"


def test_blk5_card_a_free_predecessor_could_still_marry_onto_is_not_claimed() -> None:
    """After one 2S goes up, 3S fits found1 but the other 2S could still be married onto
    it (BLK-5): no claim."""
    state = _two_rows()
    state.play("2S:col2>found1")
    assert "3S:col1>found1" in {str(m) for m in state.legal_moves()}
    assert _safe(state) is None


def test_blk6_lone_card_with_stock_left_is_not_claimed() -> None:
    """2S alone in its column: playing it brings a refill now (BLK-6), which shifts every
    later deal, so no claim while the stock lasts."""
    state = laid_out({2: ["2S", *[None] * 7]})
    assert "2S:col2>found1" in {str(m) for m in state.legal_moves()}
    assert _safe(state) is None


def test_blk8_empty_columns_any_switches_the_claim_off() -> None:
    assert _safe(_two_rows(empty_columns="any")) is None


def test_blk5_with_move_sequences_the_claim_stands() -> None:
    """Nothing can lie on the 2S (both aces up), so a run could only end with it."""
    assert _safe(_two_rows(move_sequences=True)) == "2S:col2>found1"


def _rows(**columns: list[str]) -> dict[int, list[str | None]]:
    """Columns named ``c1=[...]`` with their first rows given, the rest left to the filler."""
    return {int(k[1:]): [*v, *[None] * (8 - len(v))] for k, v in columns.items()}


def _walled(options: dict[str, object] | None = None, **columns: list[str]) -> State:
    """Two rows laid (BLK-4): each named column shows its two given cards."""
    state = laid_out(_rows(**columns), **(options or {}))
    state.play("deal")
    return state


def test_blk3_both_threes_under_kings_of_their_suit_are_lost() -> None:
    """Both 3S lie under a KS: no spade foundation passes 2 before a KS leaves, and a KS
    leaves only onto a Q."""
    state = _walled(c1=["3S", "KS"], c2=["3S", "KS"])
    assert blockade_dead_end(state)


def test_blk3_one_three_free_is_not_a_dead_end() -> None:
    assert not blockade_dead_end(_walled(c1=["3S", "KS"]))


def test_blk3_kings_of_two_suits_walling_each_other_are_lost() -> None:
    """The 3S under hearts kings and the 5H under spade kings: neither suit reaches Q."""
    state = _walled(c1=["3S", "KH"], c2=["3S", "KH"], c3=["5H", "KS"], c4=["5H", "KS"])
    assert blockade_dead_end(state)
    assert not blockade_dead_end(_walled(c1=["3S", "KH"], c2=["3S", "KH"]))


def test_blk8_with_empty_columns_any_a_column_that_may_empty_opens_every_wall() -> None:
    """With empty_columns = "any" a king may move into an empty column (BLK-8), and
    other columns may be emptied: no claim."""
    state = _walled({"empty_columns": "any"}, c1=["3S", "KS"], c2=["3S", "KS"])
    assert not blockade_dead_end(state)


def test_blk1_foundations_of_one_suit_are_interchangeable() -> None:
    """Aces in another order start other foundations (BLK-1): the same position."""
    swapped = ["AH", "AS", *ACES[2:]]
    a = patience.get_game("blockade").new(deck=stack(ACES, decks=2))
    b = patience.get_game("blockade").new(deck=stack(swapped, decks=2))
    assert a.key() != b.key()
    assert a.rules.solver_key(a) == b.rules.solver_key(b)


def test_blk8_columns_interchangeable_only_once_the_stock_is_spent() -> None:
    state = laid_out({})
    swapped = state.copy()
    swapped.piles[0], swapped.piles[2] = swapped.piles[2], swapped.piles[0]
    assert state.rules.solver_key(state) != swapped.rules.solver_key(swapped)  # BLK-4 deals
    while state.piles[game.STOCK]:
        state.play("deal")
    swapped = state.copy()
    swapped.piles[0], swapped.piles[2] = swapped.piles[2], swapped.piles[0]
    assert state.key() != swapped.key()
    assert state.rules.solver_key(state) == swapped.rules.solver_key(swapped)




@pytest.mark.parametrize(("deal", "options"), [
    *((deal, {}) for deal in range(1, 9)),
    *((deal, {"move_sequences": True}) for deal in range(1, 5)),
])
def test_safe_move_keeps_the_answer(deal: int, options: dict[str, object],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Random play, foundation plays first, to a position with little stock left; the
    answer with the safe move equals the plain search's."""
    rng = random.Random(deal)
    state = game.BLOCKADE.new(deal=deal, **options)
    play_randomly(state, rng, lambda m: m[0] != ACTION and m[1] >= game.FOUND0,
                  lambda: len(state.piles[game.STOCK]) > rng.randrange(0, 24))
    assert_agrees_with_plain(state, monkeypatch)


QUIET = [[f"{r}{s}" for r in ranks] for s in "HDC" for ranks in ("246", "8TQ")] * 2


def _three_rows(options: dict[str, object] | None = None, **columns: list[str]) -> State:
    """Three rows laid (BLK-4): each named column shows its three given cards, the other
    columns hearts, diamonds and clubs whose successors all lie in the stock."""
    quiet = iter(QUIET)
    rows = {n: columns.get(f"c{n}") or next(quiet) for n in range(1, 13)}
    state = laid_out({n: [*cards, *[None] * 5] for n, cards in rows.items()}, **(options or {}))
    state.play("deal")
    state.play("deal")
    return state


def test_blk4_rows_dealt_onto_columns_that_cannot_empty_are_dealt_in_the_relaxation() -> None:
    """Columns 2H 4H 6H, 8H TH QH and the same in diamonds and clubs: none can empty
    before a stock card comes (6H needs 7H or a 5H up), so the next rows land on them in
    col1 → col12 order (BLK-4, BLK-6). The stock's rows of spades go up; the next rows
    lay a 3 of hearts, diamonds and clubs on every column, above both 2s of each of
    those suits: lost, though every stock card alone would fit somewhere."""
    assert blockade_dead_end(_three_rows())


def test_blk5_fives_whose_sixes_lie_under_them_wall_in_both_threes() -> None:
    """Both 5S lie on a 3S that lies on a 6S: a 5S can marry only onto an uncovered 6S
    (BLK-5) and go up only after a 3S: lost, though no king is involved."""
    state = _three_rows(c1=["6S", "3S", "5S"], c2=["6S", "3S", "5S"])
    assert blockade_dead_end(state)


def test_blk5_one_six_at_the_end_of_a_column_opens_the_wall() -> None:
    """With one 6S at the end of a column a 5S can marry onto it and free a 3S."""
    state = _three_rows(c1=["6S", "3S", "5S"], c2=["3S", "5S", "6S"])
    assert not blockade_dead_end(state)


def test_blk5_with_move_sequences_a_run_leaves_as_one() -> None:
    """4S on 5S on 3S, twice: the 4S cannot marry alone (both 5S are covered), but with
    move_sequences the run 5S 4S may, onto the 6S at the end of col3 (BLK-5)."""
    cols = {"c1": ["3S", "5S", "4S"], "c2": ["3S", "5S", "4S"], "c3": ["9S", "9S", "6S"]}
    assert not blockade_dead_end(_three_rows({"move_sequences": True}, **cols))
    assert blockade_dead_end(_three_rows(**cols))


WALLED_EVERYWHERE = {
    **{f"c{2 * i + 1}": ["6" + s, "3" + s, "5" + s] for i, s in enumerate("SHDC")},
    **{f"c{2 * i + 2}": ["6" + s, "3" + s, "5" + s] for i, s in enumerate("SHDC")},
    "c9": ["2S", "QS", "KS"], "c10": ["2S", "QS", "KS"],
    "c11": ["2H", "QH", "KH"], "c12": ["2H", "QH", "KH"],
}


def test_blk8_with_empty_columns_any_no_column_may_empty_so_the_claim_stands() -> None:
    """Every column is walled in (a 5 on a 3 on a 6 of its suit, twice per suit, and
    kings on the twos of spades and hearts): no column can ever be emptied, so no card
    can move into an empty column (BLK-8) and the position is lost either way."""
    assert blockade_dead_end(_three_rows(**WALLED_EVERYWHERE))
    assert blockade_dead_end(_three_rows({"empty_columns": "any"}, **WALLED_EVERYWHERE))


@pytest.mark.parametrize(("deal", "options"), [
    (3, {}), (11, {}), (5, {"move_sequences": True}), (16, {"move_sequences": True}),
    (5, {"empty_columns": "any"}), (5, {"empty_columns": "any", "move_sequences": True}),
])
def test_dead_end_agrees_with_the_plain_search(deal: int, options: dict[str, object],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Random play to a position with little stock left, then on: where the dead end
    says lost, the plain search (no safe move, no dead end) finds no win."""
    rng = random.Random(deal)
    state = game.BLOCKADE.new(deal=deal, **options)
    play_randomly(state, rng, lambda m: m[0] != ACTION and m[1] >= game.FOUND0,
                  lambda: len(state.piles[game.STOCK]) > rng.randrange(0, 20))
    while state.legal_raw() and not blockade_dead_end(state):
        state.play_raw(rng.choice(state.legal_raw()))
    if not state.legal_raw():
        pytest.skip("the walk ended before the dead end fired")
    plain = solve_plain(state, monkeypatch, max_nodes=200_000)
    if plain == "unknown":
        pytest.skip("too large for the plain search")
    assert plain == "lost"


@pytest.mark.parametrize("probe", [0, 1, 2, 3, 6, 11])
def test_probe_orders_keep_every_legal_move(probe: int) -> None:
    state = game.BLOCKADE.new(deal=4)
    rng = random.Random(probe)
    for _ in range(30):
        legal = state.legal_raw()
        if not legal:
            break
        ordered = blockade_probe_order(probe)(state, legal)
        assert sorted(ordered) == sorted(legal)
        state.play_raw(rng.choice(legal))


def test_probe_orders_are_reproducible() -> None:
    state = game.BLOCKADE.new(deal=4)
    legal = state.legal_raw()
    assert blockade_probe_order(5)(state, legal) == blockade_probe_order(5)(state, legal)


def _cards(*codes: str) -> list[int]:
    return [CARDS[c] for c in codes]


def test_blk2_a_card_whose_twin_is_up_needs_the_other_foundation() -> None:
    """found1 holds AS-4S and found5 AS; the other 4S lies on the other 2S, both 5S are
    still to come. The 4S cannot marry, and the foundation that could take it is
    found5, which needs that 2S first: the relaxed game leaves both cards on."""
    home = _cards("AS", "2S", "3S", "4S", "AS")
    column = [_cards("2S", "4S")]
    held = _cards("5S", "5S")
    assert taken_off(column, [*home, *_cards("3S")], home, False, False, held) == [2]
    # were found1 only at 3S, with the first 4S in the stock, the 4S could go onto it
    home = _cards("AS", "2S", "3S", "AS")
    free = [*home, *_cards("3S", "4S")]
    assert taken_off(column, free, home, False, False, held) == [0]


def test_blk5_a_successor_on_a_foundation_is_no_marriage_target() -> None:
    """found1 holds AS-5S, found5 AS; the other 4S lies on the other 2S and the other 5S
    is still to come. The 4S can marry only onto a 5S at the end of a column, and the
    one on found1 never leaves it (BLK-5): the 4S waits for found5 to reach 3S, which
    needs the 2S under it. The relaxed game leaves both cards on."""
    home = _cards("AS", "2S", "3S", "4S", "5S", "AS")
    column = [_cards("2S", "4S")]
    free = [*home, *_cards("3S")]
    assert taken_off(column, free, home, False, False, _cards("5S")) == [2]
    # with the other 5S dealt and at the end of a column, the 4S may marry onto it
    assert taken_off([*column, _cards("5S")], free, home, False, False, []) == [0, 0]
