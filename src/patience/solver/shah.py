"""Shah (RULES.md §3): inner cards walled in under middle cards, and the move orders of
the restarted probes. Wins lie on scattered lines (which card fills which gap, SHA-8,
decides what waits in the inner and middle slots), so many short probes guided by a rank
of promise find far more of them than one depth-first search."""

from __future__ import annotations

import random
from operator import itemgetter

from patience.engine.rules import RawMove
from patience.engine.state import State
from patience.games import shah
from patience.solver.probes import Ordering, actions_first_sometimes, noisy_order


def shah_dead_end(state: State) -> bool:
    """Inner cards walled in under middle cards, beyond any line's reach.

    Inner and middle slots hold one card each and give it up only to a foundation (SHA-5;
    marriages go onto outer slots, the lane takes an outer card, gaps and the lane's other
    two slots take talon or stock cards, SHA-8, SHA-9, under either rules version), and an
    inner card is reachable only once its middle slot is empty (SHA-4, SHA-5): it waits
    until the middle card there now has gone to a foundation. Relax the
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
    # the answer depends only on the foundations (a top card names its suit and height)
    # and the inner and middle slots
    key = bytes([*(pile[-1] for pile in piles[shah.FOUND0:shah.FOUND0 + shah.RAYS]),
                 *(pile[-1] if pile else 0 for pile in _inner_middle(piles))])
    known = _DEAD_END_CACHE.get(key)
    if known is None:
        known = _DEAD_END_CACHE[key] = _walled_inner_cards(piles)
        if len(_DEAD_END_CACHE) > CACHE_SIZE:
            _DEAD_END_CACHE.clear()
    return known


FOUNDATIONS = range(shah.FOUND0, shah.FOUND0 + shah.RAYS)
INNER_MIDDLE = shah.INNER + shah.MIDDLE
_inner_middle = itemgetter(*INNER_MIDDLE)
CACHE_SIZE = 200_000
_DEAD_END_CACHE: dict[bytes, bool] = {}


def _walled_inner_cards(piles: list[list[int]]) -> bool:
    """``shah_dead_end``'s relaxation, run on the piles."""
    walled: list[tuple[int, int]] = []  # (middle card, inner card under it)
    for inner in shah.INNER:
        if piles[inner] and piles[inner + 1]:
            walled.append((piles[inner + 1][-1], piles[inner][-1]))
    if not walled:
        return False
    heights: list[list[int]] = [[], [], [], []]
    for f in range(shah.FOUND0, shah.FOUND0 + shah.RAYS):
        heights[piles[f][0] & 3].append(len(piles[f]))
    return relaxed_lost(heights, walled)


def relaxed_lost(heights: list[list[int]], walled: list[tuple[int, int]]) -> bool:
    """``shah_dead_end``'s relaxation: ``heights`` holds each suit's two foundation counts
    in pile order, ``walled`` each (middle card, inner card under it); both are used up."""
    held = [0] * 64  # walled copies of each card
    for _, card in walled:
        held[card] += 1
    # a copy of a card off the foundations is free unless walled: two copies exist, one
    # on each foundation of its suit that has reached its rank
    up = [False] * 64  # a copy of the card has gone up in the relaxation
    changed = True
    while changed:
        changed = False
        for suit in range(4):
            pair = heights[suit]  # two aces of each suit (SHA-1)
            for i in (0, 1):
                height = pair[i]
                other = pair[1 - i]
                while height < shah.QUEEN:
                    card = (height + 1) << 2 | suit
                    # copies left: two, less one on the other foundation, less walled ones
                    if (other > height) + held[card] >= 2:
                        break
                    height += 1
                    up[card] = True
                    changed = True
                pair[i] = height
        if changed:
            still = []
            for middle, card in walled:
                if up[middle]:
                    held[card] -= 1
                else:
                    still.append((middle, card))
            walled = still
    return any(h < shah.QUEEN for pair in heights for h in pair)


def shah_order(state: State, legal: list[RawMove]) -> list[RawMove]:
    """Foundation plays first; then marriages (SHA-6), talon and stock cards (SHA-8: the
    card turned while a gap waits) before slot cards, and a slot card that would only swap
    one copy of its successor for the other last of them; then gap fills from the talon,
    from the stock and by the lane (SHA-8, SHA-9); `draw` and `deal` last."""
    piles = state.piles

    def rank(move: RawMove) -> int:
        src, dst, index, _ = move
        if src < 0:
            return 6
        elif dst < shah.RAYS:
            return 0
        elif piles[dst]:  # a marriage onto an outer slot
            if src in (shah.TALON, shah.STOCK):  # SHA-6, SHA-8: the talon or stock top
                return 1
            elif index > 0 and piles[src][index - 1] == piles[dst][-1]:
                return 5
            else:
                return 2
        elif src == shah.TALON:
            return 3
        else:
            return 4

    return sorted(legal, key=rank)  # stable: equal ranks keep their order


# chance, at a position with card moves, that a probe tries `deal`/`draw` before them
EARLY_ACTION = 0.05
# how far a guided probe's random draw may move a move past others (in guide ranks)
GUIDE_NOISE = 3.0


def _fits(piles: list[list[int]], card: int) -> bool:
    """Some foundation takes ``card`` next (SHA-2: up in suit)."""
    return any(piles[f][-1] + 4 == card for f in range(shah.FOUND0, shah.FOUND0 + shah.RAYS))


def _marries(piles: list[list[int]], card: int) -> bool:
    """Some outer slot's top takes ``card`` as a marriage (SHA-6: down in suit)."""
    return any(piles[o] and piles[o][-1] == card + 4 for o in shah.OUTER)


def _home_for_good(piles: list[list[int]], card: int) -> bool:
    """Both foundations of ``card``'s suit hold its predecessor: no copy of that can
    ever want ``card`` as a marriage target (SHA-6)."""
    rank, suit = card >> 2, card & 3
    return sum(len(piles[f]) >= rank - 1 for f in range(shah.FOUND0, shah.FOUND0 + shah.RAYS)
               if piles[f][0] & 3 == suit) == 2


def guide_rank(state: State, move: RawMove) -> float:
    """How promising a move looks, lowest first: foundation plays (after the talon
    marriages when a copy of the card's predecessor is still out: the card on an outer
    slot could take it); a gap filled with a stock card a foundation takes (it goes up
    next and the stock moves on); marriages of the talon top and gap fills with a stock
    card that marries; marriages that bare a card a foundation takes; gap fills, an inner
    or middle gap (SHA-5: its card waits there for a foundation, under whatever comes over
    it) by a card the farther from its foundation the better; then `deal`/`draw`, other
    marriages, and a swap of one copy of the successor for the other last. A marriage of
    the stock's top (SHA-8) ranks as one of the talon's. A move of the talon top gains
    when the card it bares goes up or marries at once."""
    piles = state.piles
    src, dst, index, _ = move
    if src < 0:
        return 5
    if dst < shah.RAYS:
        return 0 if src in INNER_MIDDLE or _home_for_good(piles, piles[src][index]) else 1.2
    if src == shah.STOCK and not piles[dst]:  # SHA-8: a gap filled from the stock
        card = piles[src][index]
        if _fits(piles, card):
            return 0.5
        if _marries(piles, card):
            return 1.5
    rank = _plain_rank(piles, move)
    if src == shah.TALON and index > 0:
        bared = piles[src][index - 1]
        if _fits(piles, bared) or _marries(piles, bared) or (
                dst in shah.OUTER and not piles[dst] and bared + 4 == piles[src][index]):
            rank -= 1.5
    return rank


def _plain_rank(piles: list[list[int]], move: RawMove) -> float:
    """``guide_rank`` of a card move before the look at the stock and the bared card."""
    src, dst, index, _ = move
    if piles[dst]:  # a marriage onto an outer slot (SHA-6)
        if src in (shah.TALON, shah.STOCK):
            return 1
        if index > 0:
            below = piles[src][index - 1]
            if below == piles[dst][-1]:
                return 7
            return 2 if _fits(piles, below) else 6
        middle = piles[src - 1]
        return 2 if middle and _fits(piles, middle[-1]) else 6
    if dst not in shah.OUTER:  # SHA-8: an inner or middle gap
        card = piles[src][index]
        suit, rank = card & 3, card >> 2
        steps = [rank - len(piles[f]) for f in range(shah.FOUND0, shah.FOUND0 + shah.RAYS)
                 if piles[f][0] & 3 == suit and len(piles[f]) < rank]
        return 3 + (6 - min([6, *steps])) / 3
    return 3 if src == shah.TALON else 4


def probe_order(probe: int) -> Ordering:
    """The move order of probe ``probe`` (``depth_first.restarts``): ``shah_order`` for probe
    0; after that ``guide_rank`` plus a random draw of up to ``GUIDE_NOISE`` from a
    generator seeded with ``probe``, and now and then `deal` or `draw` before every card
    move. Each probe is a complete search, so ordering never changes an answer, only how
    soon it is found."""
    if probe == 0:
        return shah_order
    rng = random.Random(probe)

    def order(state: State, legal: list[RawMove]) -> list[RawMove]:
        out = noisy_order(legal, lambda m: guide_rank(state, m), GUIDE_NOISE, rng)
        return actions_first_sometimes(out, EARLY_ACTION, rng)

    return order
