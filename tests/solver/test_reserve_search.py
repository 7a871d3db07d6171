"""The reserve family's own search (``solver/reserve_search.py``): the lean position reads
as the engine's at every step, and the search explores what the generic restarted probes
explore (same outcome, same line, same node count)."""

from __future__ import annotations

import random
import time

import pytest

import patience
from patience.engine.game import Game
from patience.engine.rules import ACTION
from patience.engine.state import State
from patience.games.double_star import DOUBLE_STAR
from patience.games.open_shop import OPEN_SHOP
from patience.games.rainbow import RAINBOW
from patience.games.reserve_family import REDEAL, ReserveRules
from patience.games.toad import TOAD
from patience.solver import reserve_family as rf
from patience.solver import search
from patience.solver.depth_first import restarts
from patience.solver.dominance import RESERVE_FAMILY
from patience.solver.probes import PROBE_UNIT
from patience.solver.reserve_search import Lean, reserve_search
from patience.solver.strategies import PROBE_UNITS, SEARCHES
from tests.solver.helpers import extraction_taken
from tests.solver.test_reserve_solver import near_end

GAMES: list[tuple[Game, dict[str, object]]] = [
    (TOAD, {}),
    (TOAD, {"reserve_piles": 2, "reserve_size": 8}),
    (TOAD, {"ace_extraction": False}),
    (RAINBOW, {}),
    (OPEN_SHOP, {}),
    (OPEN_SHOP, {"redeals": 1}),
    (DOUBLE_STAR, {}),
    (DOUBLE_STAR, {"foundations": 4, "piles": 3}),
]
NAMES = [f"{game.id}{options or ''}" for game, options in GAMES]


def assert_reads_as_engine(lean: Lean, state: State, rules: ReserveRules) -> None:
    """The lean position's key, moves, win test and dead end are the engine's and the
    solver's for ``state``."""
    assert lean.key() == rules.solver_key(state)
    assert lean.generate() == state.legal_raw()
    assert lean.is_won() == rules.is_won(state)
    assert lean.dead_end() == rf.reserve_dead_end(state)


@pytest.mark.parametrize(("game", "options"), GAMES, ids=NAMES)
def test_lean_position_reads_as_the_engine(game: Game, options: dict[str, object]) -> None:
    """RBW-2 to RBW-7, OPS-1, TOD-1 to TOD-7, DST-1 to DST-4: along random lines, with
    moves taken back now and then, the lean position's key, moves, dead end, safe move,
    order (with the probes' random draws) and win test are the engine's and the solver's."""
    redeals = 0
    for deal in range(1, 4):
        state = extraction_taken(game.new(deal=deal, **options))  # TOD-3: the lean copy's start
        rules = state.rules
        assert isinstance(rules, ReserveRules)
        lean = Lean(state)
        rng = random.Random(deal)
        played = []
        for step in range(700):
            legal = state.legal_raw()
            assert_reads_as_engine(lean, state, rules)
            if not legal:
                break
            assert lean.safe_move(legal) == rf.reserve_safe_move(state, legal)
            assert lean.order(legal, random.Random(step), 50.0) == rf._ordered(
                state, legal, random.Random(step), 50.0)
            assert lean.order(legal, None, 0.0) == rf.reserve_order(state, legal)
            if played and rng.random() < 0.15:
                move = played.pop()
                lean.undo(move)
                state.pop()
                continue
            plays = [m for m in legal if m[0] != ACTION and m[1] in rules.found_piles]
            move = rng.choice(plays) if plays and rng.random() < 0.6 else rng.choice(legal)
            redeals += move == (ACTION, REDEAL, 0, False)
            lean.play(move)
            state.play_raw(move)
            played.append(move)
    if game.id == "rainbow":
        assert redeals  # RBW-7: the redeal and its undo were exercised


ONE_PASS = [(game, options) for game, options in GAMES if not options.get("redeals")
            and game is not RAINBOW]


@pytest.mark.parametrize(("game", "options"), ONE_PASS,
                         ids=[f"{game.id}{options or ''}" for game, options in ONE_PASS])
def test_lean_jumps_back_to_stored_positions(game: Game, options: dict[str, object]) -> None:
    """OPS-1, TOD-5, TOD-6, DST-4 (one pass: the stock only loses cards from its top): a
    position stored by ``Lean.position`` along a random line and loaded again in any order
    reads as the engine's position at that point (key, moves, dead end, win test)."""
    for deal in (1, 2):
        state = extraction_taken(game.new(deal=deal, **options))
        rules = state.rules
        assert isinstance(rules, ReserveRules)
        lean = Lean(state)
        rng = random.Random(deal)
        stored = []
        while state.legal_raw():
            stored.append((lean.position(), state.copy()))
            move = rng.choice(state.legal_raw())
            lean.play(move)
            state.play_raw(move)
        stored.append((lean.position(), state.copy()))
        for (piles, values), engine in rng.sample(stored, len(stored)):
            lean.load_position(piles, values)
            assert_reads_as_engine(lean, engine, rules)


@pytest.mark.parametrize(("game", "options"), GAMES, ids=NAMES)
def test_own_search_explores_as_the_generic_probes(game: Game,
                                                   options: dict[str, object]) -> None:
    """Whole deals and near-end positions (many of them lost, so the shared table of
    positions proved lost is exercised): outcome, line and node count equal."""
    unit = PROBE_UNITS.get(game.id, PROBE_UNIT)
    outcomes = set()
    for deal in range(1, 5):
        for state in (extraction_taken(game.new(deal=deal, **options)),
                      near_end(game, deal, stock_left=6, seed=deal, **options)):
            deadline = time.perf_counter() + 600
            mine = reserve_search(state.copy(), 4_000, deadline, unit)
            generic = restarts(state.copy(), 4_000, deadline, rf.reserve_probe_order, unit)
            assert mine == generic
            outcomes.add(mine[0])
            if mine[0] == "won":
                check = state.copy()
                for move in mine[1]:
                    check.play(check.to_move(move))
                assert check.status == "won"
    assert len(outcomes) >= 2


def test_own_search_leaves_the_state_and_solve_uses_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The search works on its own copy; ``solve`` sends the four games to it, and its
    answer there is the generic one (without the dive, which wins this deal first)."""
    monkeypatch.setattr(search, "DIVES", {})
    assert all(game_id in SEARCHES for game_id in RESERVE_FAMILY)
    state = extraction_taken(TOAD.new(deal=28))
    before = state.key()
    reserve_search(state, 3_000, time.perf_counter() + 600, PROBE_UNITS["toad"])
    assert state.key() == before
    mine = patience.solve(state, max_nodes=3_000, max_seconds=1e9)
    generic = restarts(state.copy(), 3_000, time.perf_counter() + 600, rf.reserve_probe_order,
                       PROBE_UNITS["toad"])
    assert (mine.outcome, mine.nodes) == (generic[0], generic[2])


def test_best_fit_unwinds_as_the_search_over_slots() -> None:
    """TOD-2, DST-2 (foundations of one round, 13 cards): laying each card of a stack on
    the foundation with the highest next slot not above its place decides ``unwinds``
    exactly as the search over multisets of next free slots does."""
    rng = random.Random(5)
    answers = set()
    for _ in range(20_000):
        counts = tuple(sorted(rng.randrange(0, 13) for _ in range(rng.randrange(1, 9))))
        places = bytes(rng.randrange(0, 13) for _ in range(rng.randrange(1, 16)))
        answer = rf._best_fit(counts, places)
        assert answer == rf._search_unwinds(counts, 13, places)
        answers.add(answer)
    assert answers == {True, False}


def test_stuck_ranks_of_one_place_as_the_walls_compute_them() -> None:
    """RBW-3, TOD-2, DST-2: the stuck ranks of each single place, worked out at once per
    foundation counts (``Found.alone``), are ``_targets_and_stuck``'s, for one round and
    two, every base rank."""
    rng = random.Random(3)
    for _ in range(500):
        capacity = rng.choice([13, 26])
        base = rng.randrange(1, 14)
        counts = tuple(sorted(rng.randrange(0, capacity + 1)
                              for _ in range(rng.choice([4, 8]))))
        found = rf.Found(counts, capacity, base)
        assert found.alone()[1:] == [
            rf._targets_and_stuck(found.key, 1 << rf.place_of(rank, base))[1]
            for rank in range(1, 14)]


def plain_unwinds(slots: list[int], capacity: int, places: bytes) -> bool:
    """Every way of laying the cards in turn, each at the first slot of its place from a
    foundation's next free slot: ``unwinds`` read plainly."""
    if not places:
        return True
    for j, cur in enumerate(slots):
        slot = cur + (places[0] - cur) % 13
        if slot < capacity and plain_unwinds([*slots[:j], slot + 1, *slots[j + 1:]],
                                             capacity, places[1:]):
            return True
    return False


@pytest.mark.parametrize("capacity", [13, 26])
def test_search_over_slots_unwinds_as_every_line(capacity: int) -> None:
    """RBW-3, DST-2 (foundations once or twice round): the search over the least
    multisets of next free slots, trying one foundation per slot, answers as trying
    every foundation for every card."""
    rng = random.Random(capacity)
    answers = set()
    for _ in range(3_000):
        counts = tuple(sorted(rng.randrange(0, capacity) for _ in range(rng.randrange(1, 5))))
        places = bytes(rng.randrange(0, 13) for _ in range(rng.randrange(1, 9)))
        answer = plain_unwinds(list(counts), capacity, places)
        assert rf._search_unwinds(counts, capacity, places) == answer
        answers.add(answer)
    assert answers == {True, False}


def test_lean_copy_refuses_an_open_extraction() -> None:
    """TOD-3: the lean copy plays no extraction, so it is never made of a position where
    one is open (the solver takes the extraction first, ``solver/toad.py``)."""
    state = TOAD.new(deal=2)
    assert isinstance(state.rules, ReserveRules) and state.rules.extractions(state)
    with pytest.raises(ValueError, match="extraction"):
        Lean(state)
    Lean(extraction_taken(state))
