"""Shah (RULES.md §3): an inner card locked under a middle card of its own suit."""

from __future__ import annotations

from patience.engine.state import State
from patience.games import shah


def shah_dead_end(state: State) -> bool:
    """A rank of a suit whose every copy off the foundations is walled in for good.

    Inner and middle slots hold one card each and give it up only to a foundation (SHA-5;
    marriages go onto outer slots, the lane takes an outer card, gaps take talon or stock
    cards), and an inner card is reachable only once its middle slot is empty (SHA-4,
    SHA-5). Let suit X's two foundations stand at heights h1 <= h2 and take a rank r > h1.
    Call a copy of rank r of X *walled* when it lies in an inner slot under a middle card
    of X of rank m > r, with m <= h2 when h2 >= r. That middle card must reach a
    foundation first, onto a foundation of X already past r (m - 1 >= r): when h2 >= r,
    only the lower foundation can still take it (the higher holds rank m already), and it
    needs rank r first; when h2 < r, neither foundation is past r and each needs a copy of
    rank r. If every copy of rank r still off the foundations is walled, no foundation of
    X can ever pass r while those middle cards wait, and they wait for that: lost.
    """
    if state.vars[shah.CIRCLES] < 2:
        return False
    piles = state.piles
    heights = [[0, 0] for _ in range(4)]
    count = [0, 0, 0, 0]
    for f in range(shah.FOUND0, shah.FOUND0 + shah.RAYS):
        suit = piles[f][0] & 3
        heights[suit][count[suit]] = len(piles[f])
        count[suit] += 1
    walled: dict[int, int] = {}  # card -> walled copies
    for inner in shah.INNER:
        below, above = piles[inner], piles[inner + 1]
        if not below or not above:
            continue
        card, over = below[-1], above[-1]
        suit = card & 3
        if over & 3 != suit or over <= card:
            continue
        low, high = sorted(heights[suit])
        rank = card >> 2
        if rank <= low or (high >= rank and over >> 2 > high):
            continue
        walled[card] = walled.get(card, 0) + 1
    for card, copies in walled.items():
        low, high = sorted(heights[card & 3])
        off = (card >> 2 > low) + (card >> 2 > high)  # copies of the card not yet up
        if copies == off:
            return True
    return False
