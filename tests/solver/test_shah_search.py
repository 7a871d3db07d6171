"""Shah's own search (``solver/shah_search.py``): the lean position reads as the engine's
at every step, and the search explores what the generic restarted probes explore (same
outcome, same line, same node count)."""

from __future__ import annotations

import random
import time

import pytest

import patience
from patience.engine.rules import ACTION, RawMove
from patience.engine.state import State
from patience.games import shah as game
from patience.solver.depth_first import depth_first, restarts
from patience.solver.shah import guide_rank, probe_order, shah_dead_end, shah_order
from patience.solver.shah_search import Lean, first_probe, shah_search
from patience.solver.strategies import SEARCHES
from tests.solver.test_shah_dive import position

SHAH = patience.get_game("shah")


def pick(legal: list[RawMove], rng: random.Random) -> RawMove:
    """A random move, foundation plays and marriages (reversible ones above all) first
    more often than not: lines that reach the end of the stock and swap packets."""
    swaps = [m for m in legal if m[3]]
    if swaps and rng.random() < 0.5:
        return rng.choice(swaps)
    card_moves = [m for m in legal if m[0] != ACTION and (m[1] < game.RAYS or m[1] in game.OUTER)]
    if card_moves and rng.random() < 0.7:
        return rng.choice(card_moves)
    return rng.choice(legal)


@pytest.mark.parametrize(("rules_version", "deals"), [(None, range(1, 7)), ("1", (1, 2))])
def test_lean_position_reads_as_the_engine(rules_version: str | None, deals: range) -> None:
    """SHA-1 to SHA-10, RULES.md §0: along random lines, with moves taken back now and
    then, the lean position's key (the engine's bytes, and the packed int kept as cards
    move, which tells positions apart exactly as the bytes do), moves (the repetition rule
    applied as the search applies it), dead end, both probe orders, guide ranks and win
    test are the engine's and the solver's; under today's rules the lines meet SHA-8's
    turned cards going up and married and SHA-9's lanes filled from the talon and stock
    (and rules version 1's reading of both still reads as its engine)."""
    by_bytes: dict[bytes, int] = {}
    by_code: dict[int, bytes] = {}
    barred = swaps = 0
    kinds: set[str] = set()
    for deal in deals:
        state = SHAH.new(deal=deal, rules_version=rules_version)
        rules = state.rules
        lean = Lean(state)
        rng = random.Random(deal)
        played: list[tuple[RawMove, object]] = []
        seen: set[int] = set()  # as shah_search._probe keeps it
        for step in range(600):
            key = rules.solver_key(state)
            assert lean.solver_key() == key
            assert lean.packed_key() == lean.code
            assert by_bytes.setdefault(key, lean.code) == lean.code
            assert by_code.setdefault(lean.code, key) == key
            generated = lean.generate()
            assert generated == rules.generate(state)
            legal = state.legal_raw()
            assert [m for m in generated if not m[3] or not lean.repeats(m, seen)] == legal
            barred += len(generated) - len(legal)
            assert lean.is_won() == rules.is_won(state)
            assert lean.dead_end() == shah_dead_end(state)
            assert lean.order(legal, None) == shah_order(state, legal)
            assert lean.order(legal, random.Random(step + 1)) == probe_order(step + 1)(state, legal)
            assert [lean.guide_rank(m) for m in legal] == [guide_rank(state, m) for m in legal]
            if not legal:
                break
            if played and rng.random() < 0.15:
                move, token = played.pop()
                lean.undo(move)
                state.pop()
                if move[3]:
                    assert isinstance(token, int)
                    seen.discard(token)
                else:
                    assert isinstance(token, set)
                    seen = token
                continue
            move = pick(legal, rng)
            swaps += move[3]
            if move[0] == game.STOCK and move[1] < game.RAYS:
                kinds.add("turned card up")
            elif move[0] == game.STOCK and state.piles[move[1]]:
                kinds.add("turned card married")
            elif move[0] in game.OUTER and move[1] in game.INNER:
                kinds.add("lane")
            if move[3]:
                played.append((move, lean.code))
                seen.add(lean.code)
            else:
                played.append((move, seen))
                seen = set()
            lean.play(move)
            state.play_raw(move)
    assert swaps and barred  # reversible marriages and the repetition rule were exercised
    if rules_version is None:  # the lane is rare on random lines: below, on its own
        assert {"turned card up", "turned card married"} <= kinds


@pytest.mark.parametrize("talon", ["", "5D", "5D 6H"])
def test_lean_fills_the_lane_as_the_engine(talon: str) -> None:
    """SHA-9: the lane's card taken into ray1.1 brings the talon's top into ray1.2 and the
    next into ray1.3, the stock's top where the talon has none (or has run out); the lean
    position reads as the engine's after the lane and after it is taken back."""
    state = position([1] * 8, {"ray2.1": "3S", "ray2.2": "4S", "ray2.3": "9H",
                               "ray3.3": "JC"}, stock="7C 8D 9S", talon=talon)
    lean = Lean(state)
    lane = (state.rules.index["ray3.3"], state.rules.index["ray1.1"], 0, False)
    assert lane in state.legal_raw() and lean.generate() == state.legal_raw()
    for step in ("play", "undo"):
        if step == "play":
            lean.play(lane)
            state.play_raw(lane)
            assert state.piles[game.SLOT0 + 1] and state.piles[game.SLOT0 + 2]
        else:
            lean.undo(lane)
            state.pop()
        assert lean.solver_key() == state.rules.solver_key(state)
        assert lean.packed_key() == lean.code
        assert lean.generate() == state.rules.generate(state)


def test_won_line_is_won_on_the_lean_position() -> None:
    """SHA-2: along a winning line the lean position is won exactly at its end."""
    state = SHAH.new(deal=12)
    result = patience.solve(state, max_nodes=3_000, max_seconds=1e9)
    assert result.outcome == "won"
    lean = Lean(state)
    for move in result.moves:
        assert not lean.is_won()
        raw = state.resolve(move)
        lean.play(raw)
        state.play_raw(raw)
    assert lean.is_won() and state.status == "won"


def positions() -> list[State]:
    """Deals and positions later in deals (after an irreversible move, so with no
    repetition memory, as ``solve`` hands the own search), many of them lost."""
    out = [SHAH.new(deal=deal) for deal in (14, 22, 37)]  # 14, 37 won within 3,000 nodes
    for deal in range(1, 6):
        for stock_left in (30, 12):
            state = SHAH.new(deal=deal)
            rng = random.Random(deal * 100 + stock_left)
            while state.legal_raw() and (len(state.piles[game.STOCK]) > stock_left
                                         or state._seen):
                state.play_raw(pick(state.legal_raw(), rng))
            out.append(state)
    return out


@pytest.mark.internals
def test_own_search_explores_as_the_generic_probes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whole deals and later positions (lost ones exercise the shared table of positions
    proved lost, reversible marriages the repetition rule): outcome, line and node count
    equal."""
    asked = 0
    plain_repeats = Lean.repeats

    def counted(lean: Lean, move: RawMove, seen: set[int]) -> bool:
        nonlocal asked
        asked += 1
        return plain_repeats(lean, move, seen)

    monkeypatch.setattr(Lean, "repeats", counted)
    outcomes = set()
    for state in positions():
        assert not state._seen
        deadline = time.perf_counter() + 600
        mine = shah_search(state.copy(), 3_000, deadline)
        generic = restarts(state.copy(), 3_000, deadline, probe_order)
        assert mine == generic
        outcomes.add(mine[0])
        if mine[0] == "won":
            check = state.copy()
            for move in mine[1]:
                check.play(check.to_move(move))
            assert check.status == "won"
    assert outcomes == {"won", "lost", "unknown"}
    assert asked  # the search met reversible moves within a stretch


def test_first_probe_is_the_generic_search_in_shah_order() -> None:
    """The dive's endgame search (``first_probe``) answers as ``depth_first`` in
    ``shah_order`` with a fresh table: outcome, line and node count, won, lost and open,
    and leaves the state as it was."""
    won = SHAH.new(deal=37)  # late on a won line: the probe wins from there
    line = restarts(won.copy(), 3_000, time.perf_counter() + 600, probe_order)[1]
    for move in line:
        won.play_raw(move)
        if len(won.piles[game.STOCK]) < 4 and not won._seen:
            break
    outcomes = set()
    for state in [*positions(), won]:
        before = state.key()
        deadline = time.perf_counter() + 600
        mine = first_probe(state, 3_000, deadline)
        assert state.key() == before
        assert mine == depth_first(state.copy(), 3_000, deadline, shah_order)
        outcomes.add(mine[0])
    assert outcomes == {"won", "lost", "unknown"}


def test_own_search_leaves_the_state_and_solve_uses_it() -> None:
    """The search works on its own copy; ``solve`` sends Shah to it, and its answer there
    is the generic one."""
    assert SEARCHES["shah"] is shah_search
    state = SHAH.new(deal=5)
    before = state.key()
    shah_search(state, 2_000, time.perf_counter() + 600)
    assert state.key() == before
    mine = patience.solve(state, max_nodes=2_000, max_seconds=1e9)
    generic = restarts(state.copy(), 2_000, time.perf_counter() + 600, probe_order)
    assert (mine.outcome, mine.nodes) == (generic[0], generic[2])
