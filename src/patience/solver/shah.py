"""Shah (RULES.md §3): inner cards walled in under middle cards."""

from __future__ import annotations

from patience.engine.state import State
from patience.games import shah


def shah_dead_end(state: State) -> bool:
    """Inner cards walled in under middle cards, beyond any line's reach.

    Inner and middle slots hold one card each and give it up only to a foundation (SHA-5;
    marriages go onto outer slots, the lane takes an outer card, gaps take talon or stock
    cards), and an inner card is reachable only once its middle slot is empty (SHA-4,
    SHA-5): it waits until the middle card there now has gone to a foundation. Relax the
    game: every other card off the foundations is free at once, and an inner card becomes
    free once a copy of the middle card above it has gone up. A free card goes to a
    foundation it fits, and taking it never costs the relaxation anything, so playing every
    fitting free card until nothing changes reaches every foundation height a real line
    can reach (two foundations of a suit at the same height are alike; a copy fits only a
    foundation one below it). If even that leaves a foundation short of Q, it is lost.
    """
    if state.vars[shah.CIRCLES] < 2:
        return False
    piles = state.piles
    heights: list[list[int]] = [[], [], [], []]
    for f in range(shah.FOUND0, shah.FOUND0 + shah.RAYS):
        heights[piles[f][0] & 3].append(len(piles[f]))
    pool = [0] * 64  # free copies of each card not on a foundation
    walled: list[tuple[int, int]] = []  # (middle card, inner card under it)
    for pile in range(shah.SLOT0, shah.TALON + 1):
        for card in piles[pile]:
            pool[card] += 1
    for inner in shah.INNER:
        if piles[inner] and piles[inner + 1]:
            card = piles[inner][-1]
            pool[card] -= 1
            walled.append((piles[inner + 1][-1], card))
    up = [False] * 64  # a copy of the card has gone up in the relaxation
    changed = True
    while changed:
        changed = False
        for suit in range(4):
            pair = heights[suit]
            for i in range(len(pair)):
                while pair[i] < shah.QUEEN and pool[(pair[i] + 1) << 2 | suit]:
                    pair[i] += 1
                    card = pair[i] << 2 | suit
                    pool[card] -= 1
                    up[card] = True
                    changed = True
        if changed:
            still = []
            for middle, card in walled:
                if up[middle]:
                    pool[card] += 1
                else:
                    still.append((middle, card))
            walled = still
    return any(h < shah.QUEEN for pair in heights for h in pair)
