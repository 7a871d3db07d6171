"""Shah's dive (solver/shah_dive.py): a beam search through the stock that returns a
winning line or nothing, and ``search.solve`` running it before the probes."""

from __future__ import annotations

from dataclasses import replace

import pytest

import patience
from patience.cards import CARDS
from patience.engine.state import State
from patience.games import shah as game
from patience.solver import search
from patience.solver import shah_dive as sd
from patience.solver.shah import shah_order
from tests.solver.helpers import assert_solve_wins_unchanged, solve_plain

SUITS = "SHDCSHDC"  # found1 … found8, as the aces of tests/games/test_shah.py lay them
RANKS = "A23456789TJQ"


def position(heights: list[int], slots: dict[str, str], stock: str = "",
             talon: str = "") -> State:
    """A hand-made position after the deal (SHA-4): ``found<n>`` holds its suit from A up
    to ``heights[n - 1]`` cards, ``slots`` names the slots' cards (an outer packet bottom
    first, space separated), ``stock`` lists the cards in the order they will be turned,
    ``talon`` bottom first; every other slot is empty (a gap, SHA-8)."""
    state = patience.get_game("shah").new(deal=1)
    piles = state.piles
    for f in range(game.RAYS):
        piles[game.FOUND0 + f] = [CARDS[r + SUITS[f]] for r in RANKS[:heights[f]]]
    for slot in range(game.SLOT0, game.STOCK):
        piles[slot] = []
    for name, cards in slots.items():
        piles[state.rules.index[name]] = [CARDS[c] for c in cards.split()]
    piles[game.STOCK] = [CARDS[c] for c in stock.split()][::-1]
    piles[game.TALON] = [CARDS[c] for c in talon.split()]
    state.vars[game.CIRCLES] = 3
    return state


def first_choice_line(state: State) -> State:
    """The position played by ``shah_order``'s first move every time, no going back: the
    line a depth-first search tries first."""
    work = state.copy()
    while work.legal_raw():
        work.play_raw(shah_order(work, work.legal_raw())[0])
    return work


def trap() -> State:
    """SHA-2, SHA-9: both club foundations at TC, both JC out, one in ray5.1 and one in
    ray8.1 under QC, QC (middle, outer); three spades to turn from the stock. The first
    choice plays JC up and then the outer QC onto it: the other JC stays under the middle
    QC, which only a foundation at JC could take. The win lays the outer QC aside in the
    empty ray 1 by the lane first (which brings the JS and the TS from the stock into the
    ray's middle and outer slots at once, SHA-9), and the QS goes up as it is turned
    (SHA-8)."""
    return position([9, 12, 12, 10, 12, 12, 12, 10],
                    {"ray5.1": "JC", "ray8.1": "JC", "ray8.2": "QC", "ray8.3": "QC"},
                    stock="JS TS QS")


def walled_jack() -> State:
    """SHA-5: found4 is full, found8 at TC, and the last JC waits in ray8.1 under a QC
    that only a foundation at JC takes: lost, with three cards still to turn."""
    return position([9, 12, 12, 12, 12, 12, 12, 10],
                    {"ray8.1": "JC", "ray8.2": "QC"}, stock="TS JS QS")


def beam_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every variant beams on through the talon, and the complete search that would
    finish a position with stock and talon spent gets no node."""
    monkeypatch.setattr(sd, "VARIANTS", tuple(w._replace(endgame=-1) for w in sd.VARIANTS))
    monkeypatch.setattr(sd, "SHAH", replace(sd.SHAH, endgame_nodes=0))


def no_dead_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """Neither the dive's start nor its beams drop a position the dead end proves lost."""
    monkeypatch.setattr(sd, "shah_dead_end", lambda _state: False)
    monkeypatch.setattr(sd, "SHAH", replace(sd.SHAH, dead_end=lambda _state: False))


def test_dive_wins_where_the_first_choice_loses(monkeypatch: pytest.MonkeyPatch) -> None:
    """The beam alone (no complete search near the end, no dead end to drop the lost
    branch) finds a line, which the engine replays to a win, while the first choice at
    every step ends lost."""
    state = trap()
    assert first_choice_line(state).status == "lost"
    assert solve_plain(state, monkeypatch) == "won"
    no_dead_end(monkeypatch)
    beam_alone(monkeypatch)
    before = state.key()
    line, nodes = sd.shah_dive(state, 50_000, 1e18)
    assert line is not None and 0 < nodes <= 50_000 + len(line)
    assert state.key() == before  # the caller's state is untouched
    search._verified(state, line)  # raises unless the line replays and wins


@pytest.mark.internals
def test_dive_gives_nothing_on_a_lost_position(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the dead end kept out of the beam and no complete search near the end, the
    beam runs through every line of a lost position and still gives no line."""
    state = walled_jack()
    assert solve_plain(state, monkeypatch) == "lost"
    no_dead_end(monkeypatch)
    beam_alone(monkeypatch)
    line, nodes = sd.shah_dive(state, 200_000, 1e18)
    assert line is None
    assert nodes >= 3  # it turned the whole stock at least once


@pytest.mark.internals
def test_solve_with_the_dive_still_proves_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    """The dive never answers "lost"; the probes after it do, on a hand-made position and
    on deal 117 (inner cards walled in, SHA-5), with the dive made to run its beams in
    full first."""
    calls: list[int] = []

    def dive(state: State, max_nodes: int, deadline: float) -> tuple[None, int]:
        line, nodes = sd.shah_dive(state, max_nodes, deadline)
        assert line is None
        calls.append(nodes)
        return line, nodes

    no_dead_end(monkeypatch)
    beam_alone(monkeypatch)
    monkeypatch.setattr(search, "DIVES", {"shah": (dive, 0.5)})
    for state in (walled_jack(), game.SHAH_GAME.new(deal=117)):
        assert patience.solve(state, max_nodes=60_000, max_seconds=1e9).outcome == "lost"
    assert len(calls) == 2 and calls[0] > 0 and calls[1] >= 30_000  # deal 117: its share


def test_solve_returns_the_dive_s_line_replayed() -> None:
    """Shah is dived first (``DIVES``): the trap is won with a replayed line and the
    caller's state unchanged."""
    assert search.DIVES["shah"][0] is sd.shah_dive
    assert_solve_wins_unchanged(trap())
