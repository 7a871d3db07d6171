"""Star's last-round rules, which the practical player's look-ahead uses
(``practical_games``), on hand-made positions, each cross-checked against the search with
no safe move and no dead end, and against brute force."""

from __future__ import annotations

import time

import pytest

from patience import words
from patience.cards import parse
from patience.engine.state import State
from patience.games import star
from patience.solver import practical_games as star_solver
from patience.solver.depth_first import depth_first
from tests.decks import stack
from tests.solver.helpers import brute_force_wins, solve_plain


def knowing(state: State) -> str:
    """The core's answer with Star's move order, safe move and dead end."""
    return depth_first(state.copy(), 100_000, time.perf_counter() + 600, star_solver.star_order,
                       star_solver.star_safe_move, star_solver.star_dead_end)[0]


SPADES_BUT_TEN = ["JS", "QS", "KS", "AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"]
FULL = [r + "{}" for r in "A23456789TJQK"]


def last_round(cells: list[str], reserve: list[str], stock: list[str],
               direction: str = "free") -> State:
    """A last-round position (STR-7: both redeals made): spades built up from the jack to
    the nine (the ten of spades goes last), diamonds and clubs complete, hearts on their
    base the five with no direction yet; ``stock`` is listed from its top."""
    state = star.STAR.new(deck=stack([]), direction=direction)
    piles, v = state.piles, state.vars
    piles[0] = [parse(c) for c in SPADES_BUT_TEN]
    piles[1] = [parse("5H")]
    piles[2] = [parse(c.format("D")) for c in FULL]
    piles[3] = [parse(c.format("C")) for c in FULL]
    v[0], v[1], v[2], v[3] = star.UP, star.UNSET, star.UP, star.UP
    for i, card in enumerate(cells):
        piles[star.CELL0 + i] = [parse(card)]
    piles[star.RESERVE] = [parse(c) for c in reserve]
    piles[star.STOCK] = [parse(c) for c in reversed(stock)]
    v[star.ROUNDS_DONE] = star.REDEALS
    assert sum(map(len, piles)) == 52
    return state


def test_first_fit_keeps_a_card_over_a_direction_setter(monkeypatch: pytest.MonkeyPatch) -> None:
    """STR-3 first-fit: the ten of spades fits, but playing it uncovers the six of hearts,
    which would then have to fix hearts upward at once (lost: the seven comes last and
    the nine lies over the eight). Drawing first turns up the four, which fixes hearts
    downward, and wins. So the ten is not claimed; in the free game it is."""
    cells = ["KH", "QH", "JH", "TH"]
    stock = ["4H", "3H", "2H", "AH", "8H", "9H", "7H"]
    state = last_round(cells, ["6H", "TS"], stock, direction="first-fit")
    assert star_solver.star_safe_move(state, state.legal_raw()) is None
    assert solve_plain(state) == "won"
    assert knowing(state) == "won"
    free = last_round(cells, ["6H", "TS"], stock)
    assert star_solver.star_safe_move(free, free.legal_raw()) == (star.RESERVE, 0, 1, False)
    assert knowing(free) == solve_plain(free) == "won"


def test_dead_end_when_each_direction_is_blocked_by_another_pair(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """STR-3/STR-4, last round: the four of hearts over the three blocks hearts upward, the
    seven over the eight blocks them downward; no single card is blocked both ways."""
    state = last_round(["AH", "2H", "6H", "9H"], ["3H", "4H", "8H", "7H", "TS"],
                       ["TH", "JH", "QH", "KH"])
    assert star_solver.blocked_ways(state)[1] == star.UP | star.DOWN
    assert star_solver.star_dead_end(state)
    assert words.plain(state, state.rules.why_dead(state) or "") == (
        "the 6 o'clock base can never be finished: no redeal is left, and the reserve gives "
        "up its cards only from the top; whichever way it is built: built up, it wants 3♥ "
        "before 4♥, which lies above it; built down, it wants 4♥ before 8♥, which lies "
        "above it.")
    assert solve_plain(state) == "lost"
    assert not brute_force_wins(state)


def test_unset_base_takes_the_only_open_direction(monkeypatch: pytest.MonkeyPatch) -> None:
    """STR-3, last round: with hearts upward blocked (the king over the queen), the four
    of hearts on the reserve top is the only card that can start them, so it is claimed."""
    state = last_round(["AH", "2H", "3H", "9H"], ["8H", "QH", "KH", "TS", "4H"],
                       ["TH", "JH", "6H", "7H"])
    assert star_solver.blocked_ways(state)[1] == star.UP
    assert not star_solver.star_dead_end(state) and state.rules.why_dead(state) is None
    move = star_solver.star_safe_move(state, state.legal_raw())
    assert move is not None and move[0] == star.RESERVE and move[1] == 1
    assert knowing(state) == solve_plain(state)
    assert (knowing(state) == "won") == brute_force_wins(state)


def test_order_holds_a_fitting_cell_card_while_its_refill_is_wanted_late(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """STR-5, star_order: the ten of spades fits from a cell, and playing it refills the
    cell from the stock top. With the queen of hearts there (six steps from the five
    either way) the draw is tried before the cell play; with the seven of hearts there
    (two steps) the generated order stands. Order only: every move is kept, and the
    solver answers as the plain search, in the middle round where no safe move applies."""
    stock = ["6H", "7H", "8H", "9H", "TH", "JH", "KH"]
    for top, reordered in (("QH", True), ("7H", False)):
        rest = [card for card in stock if card != top] + (["QH"] if top == "7H" else [])
        state = last_round(["TS", "AH", "2H", "3H"], ["4H"], [top, *rest])
        state.vars[star.ROUNDS_DONE] = 1
        legal = state.legal_raw()
        cell_play, reserve_play, draw = legal
        assert cell_play[0] == star.CELL0 and reserve_play[0] == star.RESERVE
        ordered = star_solver.star_order(state, legal)
        assert ordered == ([reserve_play, draw, cell_play] if reordered else legal)
        assert knowing(state) == solve_plain(state)
        first_fit = last_round(["TS", "AH", "2H", "3H"], ["4H"], [top, *rest], "first-fit")
        first_fit.vars[star.ROUNDS_DONE] = 1
        forced = first_fit.legal_raw()  # STR-3 first-fit: only the four of hearts
        assert star_solver.star_order(first_fit, forced) == forced


def test_no_claim_before_the_last_round() -> None:
    state = last_round(["KH", "QH", "JH", "TH"], ["6H", "TS"],
                       ["4H", "3H", "2H", "AH", "8H", "9H", "7H"])
    state.vars[star.ROUNDS_DONE] = 1
    assert star_solver.star_safe_move(state, state.legal_raw()) is None
    assert not star_solver.star_dead_end(state)


