"""The reserve family's pool game (``solver/reserve_endgame.py``): it answers as a plain
search of the same relaxed game, one card a move; what it proves lost the plain search
of the real position proves lost; and the searches that ask it answer as before."""

from __future__ import annotations

import random
import time

import pytest

from patience.engine.state import State
from patience.games.double_star import DOUBLE_STAR
from patience.games.reserve_family import BASE_RANK, ReserveRules
from patience.solver import reserve_dive as rd
from patience.solver import reserve_endgame
from patience.solver.reserve_dive import reserve_dive
from patience.solver.reserve_endgame import PoolLimits, pool_game_of, pool_proves_lost
from patience.solver.reserve_family import reserve_dead_end
from patience.solver.reserve_search import Lean, reserve_search
from tests.solver.helpers import solve_plain
from tests.solver.test_reserve_solver import near_end, position


def plain_pool_won(state: State) -> bool:
    """The pool game read straight from its definition: stock and hand cards in a pool,
    each free at any time to a foundation that takes it or onto a reserve one above it;
    reserve and waste tops to a foundation, waste tops onto a reserve; one card a move,
    every foundation tried, no dead end, no chains."""
    rules = state.rules
    assert isinstance(rules, ReserveRules)
    piles = state.piles
    base = state.vars[BASE_RANK]
    capacity = rules.shape.foundation_cards
    counts = [len(piles[f]) for f in rules.found_piles]
    reserves = [[c >> 2 for c in piles[r]] for r in rules.reserve_piles]
    wastes = [[c >> 2 for c in piles[w]] for w in rules.waste]
    pool = [c >> 2 for c in (*piles[rules.stock], *piles[rules.hand])]
    lost: set[tuple[object, ...]] = set()

    def takes(n: int, rank: int) -> bool:
        return n < capacity and (base - 1 + n % 13) % 13 + 1 == rank

    def won() -> bool:
        if sum(counts) == capacity * len(counts):
            return True
        key = (tuple(sorted(counts)), tuple(map(tuple, reserves)),
               tuple(sorted(map(tuple, wastes))), tuple(sorted(pool)))
        if key in lost:
            return False
        sources: list[list[int]] = [*reserves, *wastes, *([r] for r in set(pool))]
        for k, cards in enumerate(sources):
            if not cards:
                continue
            rank = cards[-1]
            from_pool = k >= len(reserves) + len(wastes)

            for j, n in enumerate(counts):
                if takes(n, rank):
                    _move(pool, cards, rank, from_pool, out=True)
                    counts[j] += 1
                    ok = won()
                    counts[j] -= 1
                    _move(pool, cards, rank, from_pool, out=False)
                    if ok:
                        return True
            if k >= len(reserves):
                for reserve in reserves:
                    if reserve and rules.below[reserve[-1]] == rank:
                        _move(pool, cards, rank, from_pool, out=True)
                        reserve.append(rank)
                        ok = won()
                        reserve.pop()
                        _move(pool, cards, rank, from_pool, out=False)
                        if ok:
                            return True
        lost.add(key)
        return False

    return won()


def _move(pool: list[int], cards: list[int], rank: int, from_pool: bool, out: bool) -> None:
    """Take a card of ``rank`` from its pile or the pool (``out``), or give it back."""
    source = pool if from_pool else cards
    if not out:
        source.append(rank)
    elif from_pool:
        pool.remove(rank)
    else:
        cards.pop()


def blocked_ace() -> State:
    """DST-2, DST-3: the stock spent; the empty eighth foundation waits for an ace that
    lies in the reserve under a 9, which waits for an 8, ... a position the walls leave
    open (two-deck Star, base ace)."""
    return position(
        DOUBLE_STAR, [13, 13, 13, 13, 7, 6, 2, 0],
        ["TS JS 8S 4S 7S QS KS 9S AS 7H TH 8H"],
        ["9H QH QD KH KD", "6S TD 7D KC QC JH", "TC 6H 8D 3S 9D 8C 3H 5S JD 4H 2S",
         "5H JC", "9C"])


def test_the_pool_game_proves_what_the_walls_leave_open(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """DST-2, DST-3, DST-4: with the stock spent the pool game is the position's own
    endgame; it proves lost a position the dead end leaves open, as the plain search
    does."""
    state = blocked_ace()
    assert not reserve_dead_end(state)
    game = pool_game_of(state)
    assert pool_proves_lost(game, state, PoolLimits(cards=0, budget=10_000))
    assert not plain_pool_won(state)
    assert solve_plain(state, monkeypatch) == "lost"
    # a budget too small proves nothing
    assert not pool_proves_lost(pool_game_of(state), state, PoolLimits(cards=0, budget=1))


def on_won_line(deal: int, stock_left: int, **options: object) -> State:
    """A deal played along the own search's winning line until ``stock_left`` cards are
    left in the stock: a won position."""
    state = DOUBLE_STAR.new(deal=deal, **options)
    outcome, line, _ = reserve_search(state, 200_000, time.perf_counter() + 120, 384)
    assert outcome == "won"
    rules = state.rules
    assert isinstance(rules, ReserveRules)
    for raw in line:
        if len(state.piles[rules.stock]) <= stock_left and not state.piles[rules.hand]:
            break
        state.play_raw(raw)
    return state


@pytest.mark.parametrize("options", [{}, {"foundations": 4}])
def test_the_pool_game_answers_as_the_plain_pool_game(options: dict[str, object]) -> None:
    """Random end positions and positions on won lines with up to four cards to come
    (DST-4: one pass), both answers met: the chained moves, the dead end and the kept
    answers change nothing."""
    answers = set()
    states = [near_end(DOUBLE_STAR, deal, stock_left=stock_left, seed=deal, **options)
              for deal in range(1, 25) for stock_left in (0, 2, 4)]
    states += [on_won_line(deal, stock_left, **options)
               for deal in (4, 9) for stock_left in (0, 2, 4)]
    for state in states:
        game = pool_game_of(state)
        lost = pool_proves_lost(game, state, PoolLimits(cards=5, budget=10**6))
        assert lost != plain_pool_won(state)
        answers.add(lost)
    assert answers == {True, False}


def test_what_the_pool_game_proves_lost_is_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    """The relaxation (module note): a position whose pool game is lost has no win; the
    plain search of the real position, stock order and waste placements included, agrees
    on random end positions with cards still to come."""
    checked = 0
    rng = random.Random(7)
    for deal in rng.sample(range(1, 200), 30):
        state = near_end(DOUBLE_STAR, deal, stock_left=3, seed=deal)
        if reserve_dead_end(state):
            continue
        if pool_proves_lost(pool_game_of(state), state, PoolLimits(cards=5, budget=10**5)):
            plain = solve_plain(state, monkeypatch, max_nodes=200_000)
            assert plain in ("lost", "unknown"), deal
            checked += plain == "lost"
    assert checked >= 3


def test_the_dive_with_the_pool_game_replays() -> None:
    """DST-4: the dive that drops positions the pool game proves lost finds deal 67's win
    (open to the probes at 700,000 nodes) and its line replays to a win."""
    state = DOUBLE_STAR.new(deal=67)
    line, nodes = reserve_dive(state, 40_000, time.perf_counter() + 120,
                               PoolLimits(cards=24, budget=2_000))
    assert line is not None and nodes <= 40_000 + len(line)
    check = state.copy()
    for raw in line:
        check.play_raw(raw)
    assert check.rules.is_won(check)


def test_the_memo_is_emptied_past_its_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Answers kept stay bounded; emptying them changes no answer."""
    monkeypatch.setattr(reserve_endgame, "MEMO_LIMIT", 5)
    state = blocked_ace()
    game = pool_game_of(state)
    assert pool_proves_lost(game, state, PoolLimits(cards=0, budget=10_000))
    assert pool_proves_lost(game, state, PoolLimits(cards=0, budget=10_000))


def test_the_dive_asks_the_pool_game_only_before_its_deadline() -> None:
    """DST-4: a layer of the dive may ask the pool game about thousands of positions, so
    past the dive's deadline it is not asked: the position it proves lost is then only
    the family's dead end's to call (open), and no pool positions are counted."""
    state = blocked_ace()
    limits = PoolLimits(cards=0, budget=10_000)
    in_time = rd._DeadEnd(state, limits, deadline=1e18)
    in_time.room = 10**9
    assert in_time(Lean(state)) and in_time.nodes > 0
    late = rd._DeadEnd(state, limits, deadline=time.perf_counter() - 1)
    late.room = 10**9
    assert not late(Lean(state)) and late.nodes == 0
