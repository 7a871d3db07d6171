"""The reserve family's solver key on hand-made positions: what the
search may treat as one position (the native search's safe play, dead end and move
orders are tested beside its rules, ``native/``)."""

from __future__ import annotations

from collections import Counter

from patience.cards import CARDS
from patience.engine.game import Game
from patience.engine.state import State
from patience.games import reserve_family as rf
from patience.games.rainbow import PLACED, RAINBOW
from patience.games.reserve_family import BASE_RANK, ReserveRules
from patience.games.toad import TOAD
from tests.decks import stack


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
