"""Blockade (RULES.md §4): a foundation play nothing else could ever want."""

from __future__ import annotations

from patience.engine.rules import RawMove
from patience.engine.state import State
from patience.games import blockade


def copies_up(piles: list[list[int]], card: int) -> int:
    """How many copies of ``card`` lie on the foundations (BLK-2: a foundation of the
    card's suit holds it once it is at least as high)."""
    suit, rank = card & 3, card >> 2
    return sum(1 for f in blockade.FOUNDATIONS
               if piles[f] and piles[f][0] & 3 == suit and len(piles[f]) >= rank)


def blockade_safe_move(state: State, legal: list[RawMove]) -> RawMove | None:
    """A card to a foundation when both copies of the card below it are already up.

    Default options only (one card at a time, an emptied column stays empty: BLK-5, BLK-8).
    Let c, at the end of column X, fit a foundation, with both copies of c's predecessor in
    suit on the foundations (so both foundations of the suit exist and no card can ever be
    married onto c, BLK-5), and let X hold another card or the stock be spent. Take any
    winning line L; play c first, then L without its moves of this copy of c. Columns of
    the new line are L's minus c: c is never alone in a column in L (it only ever lies on a
    card of X or on the card it is married onto) unless the stock is spent, so columns
    empty at the same moments, refills and deals take the same cards (BLK-4, BLK-6), and
    the last card of every column is L's except where L's is c, which no move of L can
    use other than moving c. Foundation heights of the suit are L's with one raised by
    one until L plays a copy of c; where L plays the other copy first, both heights were
    at c's predecessor, so one is still free for it. Every move of L therefore stays legal
    and L's win is reached. The first move is irreversible (it clears the repetition
    memory, §0) and cutting repeated stretches out of the new line leaves a line the
    repetition rule cannot refuse.
    """
    rules = state.rules
    assert isinstance(rules, blockade.BlockadeRules)
    if rules.sequences or rules.fill_any:
        return None
    piles = state.piles
    stock_spent = not piles[blockade.STOCK]
    for move in legal:
        src, dst, _, _ = move
        if not 0 <= src < blockade.COLUMNS or dst < blockade.FOUND0:
            continue
        cards = piles[src]
        if len(cards) < 2 and not stock_spent:
            continue
        if copies_up(piles, cards[-1] - blockade.NEXT) == 2:
            return move
    return None


KING = 13


def blockade_dead_end(state: State) -> bool:
    """Kings wall in cards that their own suits would need first.

    A king can never be married (BLK-5 needs a card one rank higher) nor, unless
    ``empty_columns = "any"``, moved into an empty column (BLK-8), and a run moved with
    ``move_sequences`` that starts under a king would have to hold the king above a lower
    card; so a king leaves its column only to a foundation, which needs a foundation of
    its suit at Q, and every card under it waits for that (BLK-3: only the last card or a
    run above it moves; cards only ever land on top of a column). Relax the game: let a
    card be free when every king above it in its column is of a suit that has a
    foundation at Q, and let stock cards be free. In the relaxation a free card may go to
    a foundation it fits at once and frees only more; playing every free fitting card
    until nothing changes reaches everything any real line can reach. If even that does
    not complete the foundations, the position is lost.
    """
    rules = state.rules
    assert isinstance(rules, blockade.BlockadeRules)
    if rules.fill_any:
        return False
    piles = state.piles
    pool = [0] * 64  # free copies of each card not yet on a foundation
    for card in piles[blockade.STOCK]:
        pool[card] += 1
    walled: list[tuple[int, int]] = []  # (suits of the kings above as a bit mask, card)
    for col in range(blockade.COLUMNS):
        above = 0
        for card in reversed(piles[col]):
            if above:
                walled.append((above, card))
            else:
                pool[card] += 1
            if card >> 2 == KING:
                above |= 1 << (card & 3)
    if not walled:
        return False
    heights = [[0, 0] for _ in range(4)]
    started = [0, 0, 0, 0]
    for f in blockade.FOUNDATIONS:
        if piles[f]:
            suit = piles[f][0] & 3
            heights[suit][started[suit]] = len(piles[f])
            started[suit] += 1
    released = 0  # suits with a foundation at Q or higher, as a bit mask
    changed = True
    while changed:
        changed = False
        for suit in range(4):
            pair = heights[suit]
            for i in range(2):
                while pair[i] < KING and pool[(pair[i] + 1) << 2 | suit]:
                    pair[i] += 1
                    pool[pair[i] << 2 | suit] -= 1
                    changed = True
            if not released >> suit & 1 and max(pair) >= KING - 1:
                released |= 1 << suit
                still: list[tuple[int, int]] = []
                for kings, card in walled:
                    if kings & released == kings:
                        pool[card] += 1
                    else:
                        still.append((kings, card))
                walled = still
                changed = True
    return any(h < KING for pair in heights for h in pair)


def blockade_order(state: State, legal: list[RawMove]) -> list[RawMove]:
    """Foundation plays first, then marriages that bare a card a foundation takes or
    empty a column, then other marriages, and `deal` last (BLK-5, BLK-7)."""
    piles = state.piles
    wanted = {piles[f][-1] + blockade.NEXT for f in blockade.FOUNDATIONS if piles[f]}

    def rank(move: RawMove) -> int:
        src, dst, index, _ = move
        if src < 0:
            return 3
        elif dst >= blockade.FOUND0:
            return 0
        elif index == 0 or piles[src][index - 1] in wanted:
            return 1
        else:
            return 2

    return sorted(legal, key=rank)  # stable: equal ranks keep their order
