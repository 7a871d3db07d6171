"""The reserve family's solver rules (RULES.md §6–§9): the canonical key, the safe
foundation play, the walled-in dead end and the move order, each on hand-made positions
and checked against a plain search that uses none of them."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import patience
from patience.cards import CARDS
from patience.engine.game import Game
from patience.engine.rules import ACTION
from patience.engine.state import State
from patience.games.double_star import DOUBLE_STAR
from patience.games.open_shop import OPEN_SHOP
from patience.games.rainbow import PLACED, RAINBOW
from patience.games.reserve_family import BASE_RANK, ReserveRules
from patience.games.toad import TOAD
from patience.solver import reserve_family as rf
from tests.decks import stack
from tests.games.reserve_tools import reserve_deck
from tests.solver.helpers import brute_force_wins, extraction_taken, solve_plain


def position(game: Game, counts: list[int], reserves: list[str], wastes: list[str],
             stock: str = "", hand: str = "", base: int = 1, **options: object) -> State:
    """A position built by hand: foundation counts from ``base`` up, and the other piles
    as space-separated codes (bottom first; the stock's last code is its top). Every card
    must be accounted for: the foundations take exactly the cards not named."""
    state = game.new(deck=stack([], decks=2), **options)
    rules = state.rules
    assert isinstance(rules, ReserveRules)
    named = {pile: [CARDS[c] for c in text.split()] for pile, text in (
        *zip(rules.reserve_piles, reserves, strict=True),
        *zip(rules.waste, wastes, strict=True),
        (rules.stock, stock), (rules.hand, hand))}
    pool = Counter({card: 2 for card in CARDS.values()})
    for cards in named.values():
        pool.subtract(cards)
    for f, count in zip(rules.found_piles, counts, strict=True):
        pile = []
        for k in range(count):
            rank = (base - 1 + k) % 13 + 1
            card = next(c for c in sorted(pool) if c >> 2 == rank and pool[c] > 0)
            pool[card] -= 1
            pile.append(card)
        state.piles[f] = pile
    assert not +pool, f"cards left over: {+pool}"
    for pile, cards in named.items():
        state.piles[pile] = cards
    state.vars[BASE_RANK] = base
    return state




def near_end(game: Game, deal: int, stock_left: int, seed: int, **options: object) -> State:
    """A deal played at random (foundation plays preferred) until ``stock_left`` cards
    remain in the stock and the hand is empty: an end position small enough to search
    without any help."""
    rng = random.Random(seed)
    state = extraction_taken(game.new(deal=deal, **options))  # Toad: the ace extraction made
    rules = state.rules
    assert isinstance(rules, ReserveRules)
    while len(state.piles[rules.stock]) > stock_left or state.piles[rules.hand]:
        legal = state.legal_raw()
        if not legal:
            break
        plays = [m for m in legal if m[0] != ACTION and m[1] in rules.found_piles]
        state.play_raw(rng.choice(plays) if plays and rng.random() < 0.7 else rng.choice(legal))
    return state


# --- solver_key -----------------------------------------------------------------------------

def test_key_ignores_suits_and_the_order_of_waste_piles() -> None:
    """TOD-2, TOD-4, TOD-5: every rule reads ranks only and the five piles are alike."""
    one = position(TOAD, [13] * 6 + [10, 10], [""], ["JS KS", "JH QH", "QS", "", ""],
                   hand="KH")
    two = position(TOAD, [13] * 6 + [10, 10], [""], ["QC", "", "JD KD", "JH QS", ""],
                   hand="KS")
    assert one.rules.solver_key(one) == two.rules.solver_key(two)
    three = position(TOAD, [13] * 6 + [10, 10], [""], ["KS JS", "JH QH", "QS", "", ""],
                     hand="KH")
    assert one.rules.solver_key(one) != three.rules.solver_key(three)


def test_key_sorts_foundation_counts() -> None:
    """Foundations regardless of suit (TOD-2) differ only by their counts."""
    one = position(TOAD, [13] * 6 + [12, 10], [""], ["JS KS", "QS", "", "", ""], hand="KH")
    two = position(TOAD, [10] + [13] * 6 + [12], [""], ["JS KS", "QS", "", "", ""], hand="KH")
    assert one.rules.solver_key(one) == two.rules.solver_key(two)


def test_rainbow_key_keeps_pile_order_while_a_redeal_is_left() -> None:
    """RBW-7 gathers pile1, pile2, pile3 in order before the shuffle, so swapping two
    piles changes the next stock; with no redeal left they are alike."""
    state = RAINBOW.new(deal=3)
    rules = state.rules
    state.piles[rules.waste[0]], state.piles[rules.waste[1]] = [8, 12], [40]
    before = rules.solver_key(state)
    state.piles[rules.waste[0]], state.piles[rules.waste[1]] = [40], [8, 12]
    assert rules.solver_key(state) != before
    state.vars[rf.REDEALS_DONE] = rules.shape.redeals
    after = rules.solver_key(state)
    state.piles[rules.waste[0]], state.piles[rules.waste[1]] = [8, 12], [40]
    assert rules.solver_key(state) == after


def test_rainbow_key_keeps_the_even_piles_marks() -> None:
    """RBW-6: which piles may take the next card depends on the counts this pass; only
    their excess over the smallest matters."""
    state = RAINBOW.new(deal=3)
    rules = state.rules
    state.vars[rf.REDEALS_DONE] = rules.shape.redeals
    state.vars[PLACED:PLACED + 3] = [1, 0, 0]
    one = rules.solver_key(state)
    state.vars[PLACED:PLACED + 3] = [0, 0, 0]
    assert rules.solver_key(state) != one
    state.vars[PLACED:PLACED + 3] = [5, 5, 5]
    even = rules.solver_key(state)
    state.vars[PLACED:PLACED + 3] = [2, 2, 2]
    assert rules.solver_key(state) == even


# --- safe foundation play -------------------------------------------------------------------

def test_toad_ace_to_an_empty_foundation_is_safe() -> None:
    """TOD-2: each empty foundation wants one ace and nothing goes down on an ace (TOD-4)."""
    state = TOAD.new(deck=reserve_deck(13, stock=["AH", "2H"]))
    rules = state.rules
    state.play("draw")
    move = rf.reserve_safe_move(state, state.legal_raw())
    assert move == (rules.hand, rules.found_piles[0], 0, False)


def test_safe_play_needs_every_copy_bound_for_the_same_count() -> None:
    """Two jacks off and only one foundation of count 10: the other foundation (count 9)
    will want a jack too, so a jack now is not claimed; with both at 10 it is."""
    spread = position(TOAD, [13] * 6 + [10, 9], [""], ["QS QH KS", "JH KH", "TS", "", ""],
                      hand="JS")
    hand = spread.rules.hand
    assert rf.reserve_safe_move(spread, [m for m in spread.legal_raw() if m[0] == hand]) is None
    level = position(TOAD, [13] * 6 + [10, 10], [""], ["QS QH KS", "JH KH", "", "", ""],
                     hand="JS")
    move = rf.reserve_safe_move(level, level.legal_raw())
    assert move is not None and move[0] == hand


def test_safe_play_not_while_a_card_could_go_down_on_it() -> None:
    """TOD-4: a queen could still take a jack on the toad pile, so no queen is claimed
    while a jack is off the foundations."""
    state = position(TOAD, [13] * 6 + [11, 11], ["QS"], ["KS KH", "", "", "", ""], hand="QH")
    assert rf.reserve_safe_move(state, state.legal_raw()) is not None


def test_base_card_not_claimed_while_the_card_below_it_is_out() -> None:
    """DST-3: with wrap the card below the base rank (place 12) could go down on a base
    card in the reserve, so a base card is not claimed while that card is off."""
    state = position(DOUBLE_STAR, [13] * 7 + [0], ["4S"],
                     ["6S 7S 8S 9S TS JS QS KS AS 2S 3S", "", "", "", ""], hand="5S", base=5)
    assert (state.rules.hand, state.rules.found_piles[-1], 0, False) in state.legal_raw()
    assert rf.reserve_safe_move(state, state.legal_raw()) is None


def test_rainbow_hand_card_is_never_claimed() -> None:
    """RBW-6: where the hand card goes changes the even-piles counts."""
    state = RAINBOW.new(deal=5)
    rules = state.rules
    state.vars[rf.REDEALS_DONE] = rules.shape.redeals
    legal = [(rules.hand, f, 0, False) for f in rules.found_piles]
    state.piles[rules.hand] = [state.piles[rules.found_piles[0]][0]]
    assert rf.reserve_safe_move(state, legal) is None


# --- walled-in dead end ---------------------------------------------------------------------

def test_toad_jacks_under_kings_are_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    """Both foundations that want a jack stand at 10; each jack lies under a king, which
    only a foundation at 12 could take, and the toad pile is gone."""
    state = position(TOAD, [13] * 6 + [10, 10], [""], ["JS KS", "JH KH", "QS QH", "", ""])
    assert rf.reserve_dead_end(state)
    assert solve_plain(state, monkeypatch, max_nodes=400_000, generic_order=True) == "lost"
    assert patience.solve(state).outcome == "lost"


def test_toad_one_jack_on_top_is_not_walled(monkeypatch: pytest.MonkeyPatch) -> None:
    state = position(TOAD, [13] * 6 + [10, 10], [""], ["KS JS", "KH JH", "QS QH", "", ""])
    assert not rf.reserve_dead_end(state)
    assert solve_plain(state, monkeypatch, max_nodes=400_000, generic_order=True) == "won"
    assert patience.solve(state).outcome == "won"


def test_toad_pile_can_take_the_wall(monkeypatch: pytest.MonkeyPatch) -> None:
    """TOD-4: the toad pile's king takes the queen that covers a jack, so that jack is not
    walled in, and the deal is won."""
    state = position(TOAD, [13] * 6 + [10, 10], ["KS"], ["JS QS", "JH KH", "QH", "", ""])
    assert not rf.reserve_dead_end(state)
    assert solve_plain(state, monkeypatch, max_nodes=400_000, generic_order=True) == "won"
    assert patience.solve(state).outcome == "won"


def test_toad_jack_inside_the_toad_pile_is_walled() -> None:
    """TOD-1: toad cards go only to a foundation, so a king above a jack there walls it."""
    state = position(TOAD, [13] * 6 + [10, 10], ["JS KS"], ["JH KH", "QS QH", "", "", ""])
    assert rf.reserve_dead_end(state)


def test_wrapping_reserve_that_cannot_show_the_wall_s_successor(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """DST-3: the queen on the reserve takes only a jack, and the kings over the jacks go
    down only on an ace, which no reserve can show: no jack ever comes free. Lost while
    the reserve stands; once it is gone the same holds."""
    kept = position(DOUBLE_STAR, [13] * 6 + [10, 10], ["QH"], ["JS KS", "JH KH", "QS", "", ""])
    assert rf.reserve_dead_end(kept)
    assert solve_plain(kept, monkeypatch, generic_order=True) == "lost"
    gone = position(DOUBLE_STAR, [13] * 6 + [10, 10], [""], ["JS KS", "JH KH", "QS QH", "", ""])
    assert rf.reserve_dead_end(gone)


def test_wrapping_reserve_takes_the_wall(monkeypatch: pytest.MonkeyPatch) -> None:
    """DST-3: the reserve's king takes the queen over a jack, then the other queen in turn:
    both jacks come free, and the deal is won."""
    state = position(DOUBLE_STAR, [13] * 6 + [10, 10], ["KS"], ["JS QS", "JH QH", "KH", "", ""])
    assert not rf.reserve_dead_end(state)
    assert solve_plain(state, monkeypatch, generic_order=True) == "won"
    assert patience.solve(state).outcome == "won"


def test_open_shop_chain_down_the_shop_frees_the_tens(monkeypatch: pytest.MonkeyPatch) -> None:
    """OPS-1, RBW-4: both foundations want a ten, each under a jack. The shop's king
    takes a queen, the queen a jack, so the tens are not walled in, and the deal is won;
    with both queens under the shop's king no jack can ever leave: lost."""
    free = position(OPEN_SHOP, [26, 26, 22, 22], ["KS"], ["TS JS", "TH JH", "QS", "", ""],
                    stock="QH KD", base=1)
    assert not rf.reserve_dead_end(free)
    assert solve_plain(free, monkeypatch, generic_order=True) == "won"
    walled = position(OPEN_SHOP, [26, 26, 22, 22], ["QS QH KS"], ["TS JS", "TH JH", "", "", ""],
                      stock="KD", base=1)
    assert rf.reserve_dead_end(walled)
    assert solve_plain(walled, monkeypatch, generic_order=True) == "lost"


@pytest.mark.parametrize("game", [OPEN_SHOP, DOUBLE_STAR])
def test_walls_proved_while_the_reserve_stands_agree_with_plain(
        game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    """RBW-4, DST-3: random end positions with the reserve still there, where the fixed
    point of what can move proves no card the foundations need comes free (for one rank,
    or for the ranks every foundation wants next): the plain search finds no win."""
    rules = game.new(deal=1).rules
    assert isinstance(rules, ReserveRules)
    claimed = by_set = 0
    for seed in range(40):
        state = near_end(game, 1 + seed % 7, stock_left=seed % 3, seed=seed)
        if not state.piles[rules.reserve_piles[0]] or not rf.stacks_unwind(state, rules):
            continue
        if not rf.reserve_dead_end(state):
            continue
        claimed += 1
        base = state.vars[BASE_RANK]
        if not any(rf._all_walled(state, rules, {rf.place_of(rank, base)})
                   for rank in range(1, 14)):
            by_set += 1
        assert solve_plain(state, monkeypatch, max_nodes=300_000) == "lost"
    assert claimed >= 5
    assert by_set >= 1


def test_a_copy_in_the_stock_is_never_walled() -> None:
    state = position(TOAD, [13] * 6 + [10, 10], [""], ["JS KS", "QH KH", "QS", "", ""],
                     stock="JH")
    assert not rf.reserve_dead_end(state)


# --- against a search with no help ----------------------------------------------------------

@pytest.mark.parametrize(("game", "deal"), [
    (TOAD, 1), (TOAD, 2), (DOUBLE_STAR, 1), (DOUBLE_STAR, 2), (OPEN_SHOP, 1), (OPEN_SHOP, 2),
])
def test_rules_never_change_an_answer(game: Game, deal: int,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Random end positions: the solver with its safe plays, dead ends, key and order
    answers as a plain exhaustive search does; a dead end is claimed only where that
    search finds no win."""
    checked = 0
    for seed in range(6):
        state = near_end(game, deal, stock_left=2, seed=seed)
        try:
            wins = brute_force_wins(state, limit=60_000)
        except AssertionError:  # too large for the plain search: not a test case
            continue
        checked += 1
        assert wins == (patience.solve(state).outcome == "won")
        if rf.reserve_dead_end(state):
            assert not wins
    assert checked >= 3


# --- stacks that cannot unwind --------------------------------------------------------------

def test_unwinds_searches_past_a_failing_first_fit() -> None:
    """First fit lays the 5 (place 4) on the empty foundation and then has no room for
    the 2 (place 1); laying the 5 on the foundation at 3 instead leaves room for both."""
    assert not rf._first_fit((0, 3), 13, bytes([4, 1]))
    assert rf.unwinds((0, 3), 13, bytes([4, 1]))
    assert not rf.unwinds((0, 3), 13, bytes([4, 1, 0]))


def test_unwinds_lets_a_foundation_go_round_twice() -> None:
    """RBW-3: a 26-card foundation takes a place again 13 slots later."""
    assert not rf.unwinds((0,), 13, bytes([5, 5]))
    assert rf.unwinds((0,), 26, bytes([5, 5]))
    assert not rf.unwinds((0,), 26, bytes([5, 5, 5]))


def test_toad_pile_falling_run_longer_than_the_foundations_is_lost(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """TOD-1: the toad pile's J, T, 9 (top first) must go to three different
    foundations, and only two are open. No rank is walled in (a 9 lies free), so only
    the unwinding argument sees it; the plain search agrees."""
    state = position(TOAD, [13] * 6 + [8, 8], ["9S TS JS"],
                     ["9H", "TH", "JH", "QS QH", "KS KH"])
    assert not rf.stacks_unwind(state, state.rules)
    assert rf.reserve_dead_end(state)
    assert solve_plain(state, monkeypatch, max_nodes=400_000, generic_order=True) == "lost"
    assert brute_force_wins(state) is False
    assert patience.solve(state).outcome == "lost"


def test_toad_pile_rising_run_unwinds(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same cards with the toad pile the other way up are a win."""
    state = position(TOAD, [13] * 6 + [8, 8], ["JS TS 9S"],
                     ["9H", "TH", "JH", "QS QH", "KS KH"])
    assert rf.stacks_unwind(state, state.rules)
    assert solve_plain(state, monkeypatch, max_nodes=400_000, generic_order=True) == "won"
    assert patience.solve(state).outcome == "won"


def test_waste_piles_count_as_stacks_only_with_no_reserve_left() -> None:
    """RBW-5, DST-3: a waste top may go onto the reserve, so a waste pile is a stack only
    once the reserve is gone."""
    gone = position(DOUBLE_STAR, [13] * 6 + [8, 8], [""],
                    ["9S TS JS", "9H", "TH JH", "QS QH", "KS KH"], base=1)
    assert not rf.stacks_unwind(gone, gone.rules)
    kept = position(DOUBLE_STAR, [13] * 6 + [8, 8], ["KS"],
                    ["9S TS JS", "9H", "TH JH", "QS QH", "KH"], base=1)
    assert rf.stacks_unwind(kept, kept.rules)


@pytest.mark.parametrize(("game", "deal"), [(RAINBOW, 1), (OPEN_SHOP, 13), (DOUBLE_STAR, 10)])
def test_deals_whose_reserve_cannot_unwind_are_lost_at_once(game: Game, deal: int) -> None:
    """RBW-4, OPS-1, DST-3: the reserve as dealt splits into more rising runs than the
    foundations can take, so the deal is lost before a card is drawn."""
    state = game.new(deal=deal)
    assert not rf.stacks_unwind(state, state.rules)
    result = patience.solve(state)
    assert result.outcome == "lost"
    assert result.nodes == 0


def test_toad_waste_cards_above_the_toad_pile_s_reach_are_a_stack(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """TOD-4: the toad pile holds nothing above an 8, so it can only ever take a 7; the
    waste pile's J, T, 9 (top first) must go straight to three foundations, and only two
    are open. Lost, though the toad pile is still there; the other way up it unwinds."""
    state = position(TOAD, [13] * 6 + [7, 7], ["8D"],
                     ["9S TS JS", "8H", "9H TH JH", "QS QH", "KS KH"])
    assert not rf.stacks_unwind(state, state.rules)
    assert solve_plain(state, monkeypatch, max_nodes=400_000, generic_order=True) == "lost"
    rising = position(TOAD, [13] * 6 + [7, 7], ["8D"],
                      ["JS TS 9S", "8H", "JH TH 9H", "QS QH", "KS KH"])
    assert rf.stacks_unwind(rising, rising.rules)
    assert solve_plain(rising, monkeypatch, max_nodes=400_000, generic_order=True) == "won"


# --- probe orders ---------------------------------------------------------------------------

@pytest.mark.parametrize("game", [TOAD, OPEN_SHOP, DOUBLE_STAR, RAINBOW])
def test_probe_orders_keep_the_moves_of_the_plain_order(game: Game) -> None:
    """A probe only reorders: it keeps exactly the moves ``reserve_order`` keeps (one per
    set of waste piles alike under the key), foundation plays first, draws last."""
    checked = 0
    for deal in (1, 2):
        rng = random.Random(deal)
        state = game.new(deal=deal)
        rules = state.rules
        orders = [rf.reserve_probe_order(n) for n in range(6)]
        for _ in range(120):
            legal = state.legal_raw()
            if not legal:
                break
            plain = rf.reserve_order(state, legal)
            assert orders[0](state, legal) == plain
            for order in orders[1:]:
                ordered = order(state, legal)
                assert sorted(ordered) == sorted(plain)
                kinds = [0 if m[0] != ACTION and m[1] in rules.found_piles
                         else 2 if m[0] == ACTION else 1 for m in ordered]
                assert kinds == sorted(kinds)
            checked += 1
            state.play_raw(rng.choice(legal))
    assert checked > 100


def test_foundation_play_tries_the_least_advanced_foundation_first() -> None:
    """RBW-3, OPS-1: with foundations twice round, a 7 fits a foundation at 6 and one at
    19; the one at 6 is tried first."""
    stock = ["7H", "7D", *(r + s for r in "89TJQK" for s in "SHD"), *(r + "C" for r in "A23456")]
    state = position(OPEN_SHOP, [19, 6, 26, 26], [""], ["", "", "", "", ""],
                     stock=" ".join(stock), hand="7S", base=1)
    rules = state.rules
    ordered = rf.reserve_order(state, state.legal_raw())
    assert ordered[0] == (rules.hand, rules.found_piles[1], 0, False)
    assert (rules.hand, rules.found_piles[0], 0, False) in ordered
