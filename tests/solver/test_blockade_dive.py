"""Blockade's dive (solver/blockade_dive.py): a beam search through the deals that returns
a winning line or nothing, and ``search.solve`` running it before Blockade's own search."""

from __future__ import annotations

import pytest

import patience
from patience.cards import CARDS
from patience.engine.state import State
from patience.games import blockade as game
from patience.solver import blockade_dive as bd
from patience.solver import search
from patience.solver.blockade import blockade_order
from patience.solver.blockade_endgame import LOST, endgame_outcome
from tests.solver.helpers import assert_solve_wins_unchanged, solve_plain

SUITS = "SHDCSHDC"  # found1 … found8, as the aces of tests/games/test_blockade.py lay them
RANKS = "A23456789TJQK"


def position(heights: list[int], columns: list[str], stock: str,
             **options: object) -> State:
    """A hand-made position (BLK-1): ``found<n>`` holds its suit from A up to
    ``heights[n - 1]`` cards, ``columns`` gives col1, col2, … first card dealt first
    (space separated; the other columns are empty), ``stock`` lists the cards in the
    order they will be dealt."""
    state = patience.get_game("blockade").new(deal=1, **options)
    piles = state.piles
    for f in range(8):
        piles[game.FOUND0 + f] = [CARDS[r + SUITS[f]] for r in RANKS[:heights[f]]]
    for col in range(game.COLUMNS):
        piles[col] = [CARDS[c] for c in columns[col].split()] if col < len(columns) else []
    piles[game.STOCK] = [CARDS[c] for c in stock.split()][::-1]
    return state


def trap(**options: object) -> State:
    """BLK-6 against BLK-4: found4 at JC, found8 at 8C, found5 at JS; col1 QC QC, col2 TC
    KS JC KC, and the stock deals KC, QS, 9C. The first choice plays the QC and the KC
    up, marries the JC onto the other QC and deals: the stock's KC lands on col1's JC,
    where nothing takes it (found4 is full, found8 needs the 9C to JC first). The win
    marries col1's last QC onto col2's KC, so col1 empties and takes the stock's KC as its
    refill, and marries the QC back onto it: the deal then lays the QS and the 9C where
    they do no harm."""
    return position([13, 13, 13, 11, 11, 13, 13, 8], ["QC QC", "TC KS JC KC"],
                    "KC QS 9C", **options)


def walled_heart() -> State:
    """found6 at 8H; the 9H lies under QH, KD and TH in col1 and the one KH comes from
    the stock with the JH (KH KD JH QD to deal): lost (the plain search proves it),
    while the relaxed game of ``blockade_dead_end`` does not see it from the start."""
    return position([13, 13, 11, 13, 13, 8, 11, 13], ["9H QH KD TH", "QD"], "KH KD JH QD")


def first_choice_before_the_endgame(state: State) -> State:
    """``blockade_order``'s first move every time, no going back, until the stock is
    spent: the line a depth-first search tries first, up to its endgame."""
    work = state.copy()
    while work.piles[game.STOCK] and work.legal_raw():
        work.play_raw(blockade_order(work, work.legal_raw())[0])
    return work


def beam_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """No dead end drops a position: the beam and the exact endgame decide alone."""
    monkeypatch.setattr(bd, "blockade_dead_end", lambda _state: False)


def test_dive_wins_where_the_first_choice_loses(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first choice reaches a lost endgame before the stock is spent; the beam finds a
    line the engine replays to a win, and the caller's state is untouched."""
    state = trap()
    end = first_choice_before_the_endgame(state)
    assert not end.piles[game.STOCK]
    assert endgame_outcome(end.piles, False, 10**6, {})[0] == LOST
    assert solve_plain(state, monkeypatch) == "won"
    beam_alone(monkeypatch)
    before = state.key()
    line, nodes = bd.blockade_dive(state, 50_000, 1e18)
    assert line is not None and 0 < nodes <= 50_000 + len(line)
    assert state.key() == before
    search._verified(state, line)  # raises unless the line replays and wins


def test_dive_with_move_sequences_wins_the_trap(monkeypatch: pytest.MonkeyPatch) -> None:
    """BLK-5 with ``move_sequences``: the dive plays runs through ``legal_raw`` and asks
    the endgame search with runs; its line replays."""
    state = trap(move_sequences=True)
    beam_alone(monkeypatch)
    line, _ = bd.blockade_dive(state, 50_000, 1e18)
    assert line is not None
    search._verified(state, line)


def test_dive_does_not_run_with_empty_columns_any() -> None:
    """BLK-8: with ``empty_columns = "any"`` the endgame search does not apply."""
    assert bd.blockade_dive(trap(empty_columns="any"), 50_000, 1e18) == (None, 0)


def test_dive_gives_nothing_on_a_lost_position(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no dead end to stop it, the beam goes through the deals of a lost position,
    and its endgames, and gives no line."""
    state = walled_heart()
    assert solve_plain(state, monkeypatch) == "lost"
    beam_alone(monkeypatch)
    line, nodes = bd.blockade_dive(state, 200_000, 1e18)
    assert line is None and nodes > 0


def test_solve_with_the_dive_still_proves_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    """The dive never answers "lost"; the search after it does, with the dive made to
    run first with no dead end."""
    calls: list[int] = []

    def dive(state: State, max_nodes: int, deadline: float) -> tuple[None, int]:
        line, nodes = bd.blockade_dive(state, max_nodes, deadline)
        assert line is None
        calls.append(nodes)
        return line, nodes

    beam_alone(monkeypatch)
    monkeypatch.setattr(search, "DIVES", {"blockade": (dive, 0.5)})
    assert patience.solve(walled_heart(), max_nodes=60_000, max_seconds=1e9).outcome == "lost"
    assert len(calls) == 1 and calls[0] > 0


def test_solve_returns_the_dive_s_line_replayed() -> None:
    """Blockade is dived first (``DIVES``): the trap is won with a replayed line and the
    caller's state unchanged."""
    assert search.DIVES["blockade"][0] is bd.blockade_dive
    assert_solve_wins_unchanged(trap())


@pytest.mark.parametrize("heights", [[13, 5, 13, 13, 13, 3, 13, 13],
                                     [13, 3, 13, 13, 13, 5, 13, 13]])
def test_waits_read_the_suit_s_two_foundations_in_either_order(heights: list[int]) -> None:
    """BLK-2: hearts at 5 and 3, whichever foundation holds which. The 6H and the 4H are
    next for one of them, the 7H waits for one card, the 5H for one (the foundation at
    5 holds its twin)."""
    wait = bd.waits(position(heights, ["6H"], "").piles)
    assert [wait[CARDS[c]] for c in ("6H", "4H", "7H", "5H")] == [0, 0, 1, 1]


CLUBS_UP = [13, 13, 13, 3, 13, 13, 13, 13]  # found4 at 3C, found8 at KC, the rest full
CLUBS_WALL = "6C 7C 8C 9C TC JC QC"  # QC at the end: nothing takes it before a KC comes


@pytest.mark.parametrize(("stock", "left"), [("KC 4C", 2), ("4C KC", 0)])
def test_rows_to_come_bury_where_they_land(stock: str, left: int) -> None:
    """BLK-4: the row lays its first card on col1, the 5C. A KC there buries the 5C that
    the only foundation still open needs before the KC can go up (a king never marries,
    BLK-5): the relaxed game leaves both; the 4C there goes up first, and the KC on the
    empty col2 buries nothing. The score's look ahead counts the difference, which no
    card now on the columns shows."""
    state = position(CLUBS_UP, ["5C", "", CLUBS_WALL], stock)
    assert bd.cards_left_after_rows(state.piles, False) == left
    weights = bd.Weights(home=16, blocked=0, gap=0, suited=8)
    plain = bd.score(state.piles, weights)
    assert bd.score(state.piles, weights._replace(stuck=16)) == plain + 16 * left


def test_dive_deals_the_king_where_it_buries_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """col1 holds a QD that goes up, col2 the 5C, and the stock deals KD, KC, 4C. A deal
    now lays the KD on the QD and the KC on the 5C: lost. Played up, the QD empties col1,
    which takes the KD as its refill (BLK-6); the KD goes up and the KC comes as the next
    refill, where it buries nothing: won. The line the dive finds replays."""
    heights = [13, 13, 11, 3, 13, 13, 13, 13]  # found3 at JD
    state = position(heights, ["QD", "5C", CLUBS_WALL], "KD KC 4C")
    assert solve_plain(state, monkeypatch) == "won"
    dealt = state.copy()
    dealt.play("deal")
    assert solve_plain(dealt, monkeypatch) == "lost"
    beam_alone(monkeypatch)
    line, _ = bd.blockade_dive(state, 50_000, 1e18)
    assert line is not None
    search._verified(state, line)
