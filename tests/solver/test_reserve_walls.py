"""The reserve family's walls (RULES.md §6–§9, ``reserve_dead_end``): the fast fixed point
(ranks as bits, the quick no, covers kept per pile) answers as a plain one written
straight from the proof, for every single place and every set the dead end tries, on
random positions of the four games; ``stacks_unwind`` as a plain reading of its rule."""

from __future__ import annotations

import random

import pytest

from patience.engine.game import Game
from patience.engine.rules import ACTION
from patience.engine.state import State
from patience.games.double_star import DOUBLE_STAR
from patience.games.open_shop import OPEN_SHOP
from patience.games.rainbow import RAINBOW
from patience.games.reserve_family import BASE_RANK, REDEALS_DONE, ReserveRules
from patience.games.toad import TOAD
from patience.solver import reserve_family as rf


def plain_walled(state: State, rules: ReserveRules, places: set[int]) -> bool:
    """The least fixed point of ``reserve_dead_end``'s proof, one card at a time."""
    piles = state.piles
    base = state.vars[BASE_RANK]
    capacity = rules.shape.foundation_cards
    counts = frozenset(len(piles[f]) for f in rules.found_piles)
    free = rf.reachable(counts, capacity, frozenset(places))

    def of_places(rank: int) -> bool:
        return rf.place_of(rank, base) in places

    def stuck(rank: int) -> bool:
        return of_places(rank) or not free[rf.place_of(rank, base)]

    up = {r: rules.below.index(r) for r in range(1, 14) if r in rules.below}  # rank above
    shown: set[int] = set()
    for pile in rules.reserve_piles:
        for card in reversed(piles[pile]):
            if of_places(card >> 2):
                return False
            shown.add(card >> 2)
            if stuck(card >> 2):
                break
    moving = {card >> 2 for card in (*piles[rules.stock], *piles[rules.hand])}
    if any(of_places(r) for r in moving):
        return False
    opened = [0] * len(rules.waste)
    changed = True
    while changed:
        changed = False
        for r in list(shown):  # building down onto a shown rank
            while rules.below[r] and rules.below[r] in moving and rules.below[r] not in shown:
                r = rules.below[r]
                shown.add(r)
                changed = True
        for k, w in enumerate(rules.waste):
            cards = piles[w][::-1]
            while opened[k] < len(cards):
                n = opened[k]
                if n and stuck(cards[n - 1] >> 2) and up.get(cards[n - 1] >> 2) not in shown:
                    break
                if of_places(cards[n] >> 2):
                    return False
                moving.add(cards[n] >> 2)
                opened[k] += 1
                changed = True
    return True


def random_positions(game: Game, count: int) -> list[State]:
    """Positions along random lines (foundation plays preferred) until a few stock cards
    are left, with no redeal left."""
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        state = game.new(deal=1 + seed % 5)
        rules = state.rules
        assert isinstance(rules, ReserveRules)
        state.vars[REDEALS_DONE] = rules.shape.redeals
        stock_left = rng.randrange(0, 12)
        while len(state.piles[rules.stock]) > stock_left:
            legal = state.legal_raw()
            if not legal:
                break
            plays = [m for m in legal if m[0] != ACTION and m[1] in rules.found_piles]
            state.play_raw(rng.choice(plays) if plays and rng.random() < 0.6
                           else rng.choice(legal))
        out.append(state)
    return out


@pytest.mark.parametrize("game", [TOAD, RAINBOW, OPEN_SHOP, DOUBLE_STAR])
def test_fast_walls_agree_with_the_plain_fixed_point(game: Game) -> None:
    """RBW-4, RBW-5, TOD-4, TOD-5: cards leave a reserve top first and only to a foundation,
    a waste top goes to a foundation or onto a reserve."""
    walled = checked = 0
    for state in random_positions(game, 60):
        rules = state.rules
        assert isinstance(rules, ReserveRules)
        for place in range(13):
            for places in ({place}, {place, (place + 1) % 13}, {place, (place + 5) % 13}):
                expected = plain_walled(state, rules, places)
                assert rf._all_walled(state, rules, places) == expected
                walled += expected
                checked += 1
    assert 0 < walled < checked


def plain_unwind(state: State, rules: ReserveRules) -> bool:
    """``stacks_unwind``'s rule read plainly: each reserve, and with no redeal left each
    waste pile's cards that no reserve can take, unwinds."""
    piles = state.piles
    capacity = rules.shape.foundation_cards
    counts = tuple(sorted(n for n in (len(piles[f]) for f in rules.found_piles)
                          if n < capacity))
    base = state.vars[BASE_RANK]
    stacks = [piles[r] for r in rules.reserve_piles if piles[r]]
    if state.vars[REDEALS_DONE] >= rules.shape.redeals and not (
            stacks and rules.shape.reserve_wrap):
        reach = max((c >> 2 for cards in stacks for c in cards), default=0)
        for w in rules.waste:
            fixed = [c for c in piles[w] if c >> 2 >= reach]
            if len(fixed) > 1:
                stacks.append(fixed)
    return all(rf.unwinds(counts, capacity,
                          bytes(rf.place_of(c >> 2, base) for c in reversed(cards)))
               for cards in stacks)


@pytest.mark.parametrize("game", [TOAD, RAINBOW, OPEN_SHOP, DOUBLE_STAR])
def test_stacks_unwind_as_its_rule_reads(game: Game) -> None:
    """RBW-4, RBW-7, TOD-6: end positions, and deals as dealt (a redeal still left, where
    the game has one)."""
    answers = set()
    for state in (*random_positions(game, 60), *(game.new(deal=d) for d in range(1, 40))):
        rules = state.rules
        assert isinstance(rules, ReserveRules)
        answer = rf.stacks_unwind(state, rules)
        assert answer == plain_unwind(state, rules)
        answers.add(answer)
    assert answers == {True, False}
