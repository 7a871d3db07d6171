"""Shah's talon dead end (``solver/shah_talon.py``): the talon gives up its top card only
(SHA-7, SHA-10), and what it gives up to the star needs room in 24 slots (SHA-3, SHA-5,
SHA-6, SHA-8). Cross-checked against the plain search on hand-made endgames, against won
lines of real deals, and the lean form against the engine's."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import patience
from patience.cards import CARDS
from patience.engine.state import State
from patience.games import shah as game
from patience.solver import shah as solver
from patience.solver import shah_search
from patience.solver.shah_search import Lean
from patience.solver.shah_talon import suit_runs, talon_lost
from tests.games.test_shah import dealt
from tests.solver.helpers import solve_plain

RANKS = "A23456789TJQ"
SUITS = "SHDCSHDC"  # found1 … found8 (tests.games.test_shah.ACES)
# Hearts and spades from their aces, clubs and diamonds done; every inner card waits for
# the middle card over it (lower), so no inner card is walled in (SHA-5).
INNER = ("5H", "5H", "6H", "6H", "5S", "5S", "6S", "6S")
MIDDLE = ("3H", "3H", "4H", "4H", "3S", "3S", "4S", "4S")
OUTER = ("8H", "8H", "TH", "TH", "8S", "8S", "TS", "TS")
HEIGHTS = (1, 1, 12, 12, 1, 1, 12, 12)


def endgame(talon: str) -> State:
    """The star above, the stock spent, ``talon`` bottom to top: every card not on a
    foundation is placed exactly once (a hand-made position)."""
    state = dealt()
    piles = state.piles
    left: Counter[int] = Counter()
    for f, height in enumerate(HEIGHTS):
        piles[game.FOUND0 + f] = [CARDS[RANKS[r] + SUITS[f]] for r in range(height)]
        left.update(CARDS[RANKS[r] + SUITS[f]] for r in range(height, 12))
    for slots, cards in ((game.INNER, INNER), (game.MIDDLE, MIDDLE), (game.OUTER, OUTER)):
        for slot, card in zip(slots, cards, strict=True):
            piles[slot] = [CARDS[card]]
    piles[game.TALON] = [CARDS[card] for card in talon.split()]
    piles[game.STOCK] = []
    placed = Counter(card for pile in piles[game.SLOT0:game.STOCK + 2] for card in pile)
    assert placed == left
    return state


def test_sha7_a_talon_top_with_no_room_walls_in_the_cards_under_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The two 7H marry onto the 8H (SHA-6); then the QS tops the talon: no foundation
    takes it, no outer top a rank above it, and every slot is full (16 inner and middle
    cards, eight outer packets no two of which can join), so the 2H and 2S under it never
    come out. The walled-inner relaxation, which takes the talon as free, misses it."""
    state = endgame("QH QH JH JH QS JS JS 2H 2H 2S 2S 7S 7S 9S 9S 9H 9H QS 7H 7H")
    assert not solver._walled_inner_cards([list(p) for p in state.piles])
    assert solver.shah_dead_end(state)
    assert solve_plain(state, monkeypatch) == "lost"


def test_sha8_a_talon_that_unwinds_is_not_a_dead_end() -> None:
    """Each talon card down to the twos marries onto an outer top (SHA-6), the twos go up,
    and the star's cards follow: a win, which the dead end must leave alone. The dead end
    also calls no position on the won line lost."""
    state = endgame("QH QH JH JH QS QS JS JS 2H 2H 2S 2S 7S 7S 9S 9S 7H 7H 9H 9H")
    assert not solver.shah_dead_end(state)
    result = patience.solve(state, max_nodes=400_000, max_seconds=1e9)
    assert result.outcome == "won"
    for move in result.moves:
        state.play(move)
        assert not solver._talon_stuck(state)


@pytest.mark.parametrize("deal", [12, 14, 15, 21, 23, 26, 31, 34, 36, 37])
def test_no_position_on_a_won_line_is_stuck(deal: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every position of a won line can be won: with the dead end read at any stock size,
    it calls none of them lost (the line found without the rule)."""
    monkeypatch.setattr(solver, "TALON_STOCK", -1)
    monkeypatch.setattr(shah_search, "TALON_STOCK", -1)
    state = patience.get_game("shah").new(deal=deal)
    result = patience.solve(state, max_nodes=50_000, max_seconds=1e9)
    assert result.outcome == "won"
    monkeypatch.setattr(solver, "TALON_STOCK", 88)
    for move in result.moves:
        state.play(move)
        assert not solver._talon_stuck(state)


def test_sha3_room_counts_runs_down_in_suit() -> None:
    """``suit_runs``: a run is down in suit, one copy a rank (SHA-6); a rank on a
    foundation or in the stock lets runs pass through it."""
    runs = [0] * 64
    for card in ("9S", "8S", "8S", "6S"):
        runs[CARDS[card]] += 1
    suit = CARDS["2S"] & 3
    no = [False] * 64
    assert suit_runs(runs, suit, 1, no) == 3  # 9S-8S, 8S, 6S
    joins = list(no)
    joins[CARDS["7S"]] = True  # a 7S in the stock: 8S-7S-6S may come to be
    assert suit_runs(runs, suit, 1, joins) == 2
    assert suit_runs(runs, suit, 7, no) == 2  # a 7S gone up: the same, as a bound


def test_sha7_stock_cards_take_no_room_and_the_talon_top_goes_first() -> None:
    """A relaxed stock card is free at any time; the talon's top card leaves before the
    one under it. One suit short of its queens, the rest done, an empty star."""
    spade = CARDS["2S"] & 3

    def lost(talon: list[str], stock: list[str], heights: tuple[int, int]) -> bool:
        pairs = [[12, 12] for _ in range(4)]
        pairs[spade] = list(heights)
        return talon_lost(pairs, [(0, 0)] * 8, [], [CARDS[c] for c in talon],
                          [CARDS[c] for c in stock])

    assert not lost(["QS", "JS"], [], (10, 12))  # JS up, then QS
    assert not lost(["JS", "QS"], [], (10, 12))  # QS into an empty slot, JS up, QS up
    assert not lost(["JS"], ["QS"], (10, 12))
    assert lost(["JS"], [], (9, 12))  # no TS anywhere: the foundation stays at 9


def test_lean_talon_answers_match_the_engine_and_a_fresh_run() -> None:
    """Along random lines to the end of the stock, the lean form's kept answers (keyed by
    the foundation counts, inner and middle cards, talon and stock length) equal the
    engine form's and a fresh relaxation; some of them are dead ends."""
    stuck = checked = 0
    for deal in range(1, 9):
        rng = random.Random(deal)
        state = patience.get_game("shah").new(deal=deal)
        lean = Lean(state)
        while state.legal_raw():
            legal = state.legal_raw()
            plays = [m for m in legal if m[1] < game.RAYS and m[0] >= 0]
            draws = [m for m in legal if m[0] < 0]  # a tall talon: draw more than fill
            move = (rng.choice(plays) if plays and rng.random() < 0.8
                    else draws[0] if draws and rng.random() < 0.7 else rng.choice(legal))
            state.play_raw(move)
            lean.play(move)
            if state.vars[game.CIRCLES] == 3 and len(state.piles[game.STOCK]) <= solver.TALON_STOCK:
                answer = solver._talon_stuck(state)
                assert lean.talon_stuck() == answer
                fresh = Lean(state)
                assert fresh.talon_stuck() == answer
                stuck += answer
                checked += 1
    assert checked > 100 and stuck > 0
