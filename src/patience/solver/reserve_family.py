"""Safe moves and dead ends of the reserve family (RULES.md §6–§9).

Every rule of these games reads ranks only, so a card is its rank here. A foundation of
count ``k`` holds the places ``0 … k-1`` of its sequence, where a rank's place is its
distance up from the base rank (Toad's base is the ace, TOD-2); a 26-card foundation goes
through every place twice (RBW-3). When all cards are home each foundation holds each rank
once per round, so the cards of one rank still to come equal the copies of that rank off
the foundations.
"""

from __future__ import annotations

from patience.engine.rules import ACTION, RawMove
from patience.engine.state import State
from patience.games.reserve_family import BASE_RANK, REDEALS_DONE, ReserveRules


def place_of(rank: int, base: int) -> int:
    """The rank's place in a foundation's sequence: 0 for the base rank, wrapping at K."""
    return (rank - base) % 13


def copies_home(count: int, place: int) -> int:
    """How many cards of a place lie on a foundation of ``count`` cards."""
    return (count - place + 12) // 13


def copies_off(state: State, rules: ReserveRules, place: int) -> int:
    """Cards of one rank not yet on the foundations (two decks: eight in all)."""
    piles = state.piles
    home = sum(copies_home(len(piles[f]), place) for f in rules.found_piles)
    return state.game.decks * 4 - home


def reserve_safe_move(state: State, legal: list[RawMove]) -> RawMove | None:
    """A card of rank r to a foundation of count k when every r still to come goes on count k.

    Let n foundations have count k, the target's, and let r's copies off the foundations
    number n too; require also that every copy of the rank that goes down on r (RBW-4,
    TOD-4, DST-3) is home already. Since the r's still to come equal the copies off
    (module note), all of them go onto foundations of count k, one each. Take a winning
    line L and let L' play c first, then L without c's play. Until L plays c the foundation
    counts of L' are L's with one k raised to k+1: when L lays a j-th other r (j < n, as c
    is not among them) it has n-j+1 >= 2 foundations of count k, so L' has one; other
    plays are unchanged. Nothing can go onto c, so wherever L keeps c (hand, a waste top
    or buried in one, a reserve top) every other move of L finds in L' the same top or
    the card L placed on c, and where L moves c about L' has nothing to do; when L plays c
    the counts agree. Two things could still tell c's places apart: Rainbow counts hand
    placements on waste piles (RBW-6), and a redeal gathers the waste piles in order
    (RBW-7). So from the hand in Rainbow nothing is claimed, and while a redeal is left
    only a reserve card is (reserve cards are never gathered). L' wins, so c is safe.
    """
    rules = state.rules
    assert isinstance(rules, ReserveRules)
    piles, v = state.piles, state.vars
    found = rules.found_piles
    redeal_left = v[REDEALS_DONE] < rules.shape.redeals
    base = v[BASE_RANK]
    counts: list[int] | None = None
    for move in legal:
        src, dst, _, _ = move
        if src == ACTION or dst not in found:
            continue
        # RBW-6, RBW-7: only a reserve card keeps no trace on the waste piles
        if src not in rules.reserve_piles and (
                redeal_left or (src == rules.hand and rules.even_piles)):
            continue
        if counts is None:
            counts = [len(piles[f]) for f in found]
        count = len(piles[dst])
        rank = piles[src][-1] >> 2
        below = rules.below[rank]
        if below and copies_off(state, rules, place_of(below, base)):
            continue
        if counts.count(count) >= copies_off(state, rules, place_of(rank, base)):
            return move
    return None


def reserve_dead_end(state: State) -> bool:
    """Every copy of a rank walled in before any foundation has reached it.

    With no redeal left (RBW-7) a waste card leaves only from the top, to a foundation or
    onto a reserve, and a reserve card only from the top to a foundation. Let place a be
    such that no foundation has passed it (every count <= a): then all copies of a's rank
    are off the foundations, and until one is played every count stays <= a, so a card of
    place q > a can reach no foundation (it would need count q, or q + 13). A copy is
    walled in when a card of place > a lies above it in a reserve, or above it in a waste
    pile and no reserve can ever take that card. Wrapping reserves (RBW-4, DST-3) can come
    to show any rank, so there only a game without reserves counts. Toad's reserves build
    down without wrap (TOD-4): a top never exceeds the highest card that can still come
    up, that is the cards from the top down to the first that cannot leave (place > a);
    a card of rank at least that high never goes on a reserve. If every copy of a's rank
    is walled in (none in the stock or hand), no foundation ever passes a: lost.
    """
    rules = state.rules
    assert isinstance(rules, ReserveRules)
    piles, v = state.piles, state.vars
    if v[REDEALS_DONE] < rules.shape.redeals:
        return False
    highest = max(len(piles[f]) for f in rules.found_piles)
    if highest > 12:
        return False
    base = v[BASE_RANK]
    copies = state.game.decks * 4
    seen = [0] * 14  # rank -> copies in reserves and waste piles
    for pile in (*rules.reserve_piles, *rules.waste):
        for card in piles[pile]:
            seen[card >> 2] += 1
    for place in range(highest, 13):
        rank = (base - 1 + place) % 13 + 1
        if seen[rank] == copies and _all_walled(state, rules, place):
            return True
    return False


def _all_walled(state: State, rules: ReserveRules, place: int) -> bool:
    """Whether every reserve and waste copy of the place's rank lies under a card that
    cannot move while no foundation passes ``place`` (see ``reserve_dead_end``)."""
    piles = state.piles
    base = state.vars[BASE_RANK]
    rank = (base - 1 + place) % 13 + 1
    reserves = [piles[r] for r in rules.reserve_piles if piles[r]]
    if not reserves:
        reach = 0  # highest rank a reserve can ever show
    elif rules.shape.reserve_wrap:
        reach = 14
    else:
        reach = 0
        for cards in reserves:
            for card in reversed(cards):
                reach = max(reach, card >> 2)
                if place_of(card >> 2, base) > place:
                    break
    return (all(_walled(piles[r], rank, place, base, 0) for r in rules.reserve_piles)
            and all(_walled(piles[w], rank, place, base, reach) for w in rules.waste))


def _walled(cards: list[int], rank: int, place: int, base: int, reach: int) -> bool:
    """Whether each copy of ``rank`` in the pile has above it a card of place > ``place``
    whose rank is at least ``reach`` (it cannot go onto a reserve showing ``rank + 1``)."""
    stuck = False
    for card in reversed(cards):  # top first
        r = card >> 2
        if r == rank and not stuck:
            return False
        if place_of(r, base) > place and r >= reach:
            stuck = True
    return True
