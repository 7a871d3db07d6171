"""Blockade (RULES.md §4): a safe foundation play, a relaxed game that proves losses, and
move orders for the solver's probes."""

from __future__ import annotations

import random

from patience.engine.rules import RawMove
from patience.engine.state import State
from patience.games import blockade
from patience.solver.probes import Ordering

EARLY_DEAL = 0.05  # chance, in half the drawn probes, that `deal` is tried first


def copies_up(piles: list[list[int]], card: int) -> int:
    """How many copies of ``card`` lie on the foundations (BLK-2: a foundation of the
    card's suit holds it once it is at least as high)."""
    suit, rank = card & 3, card >> 2
    return sum(1 for f in blockade.FOUNDATIONS
               if piles[f] and piles[f][0] & 3 == suit and len(piles[f]) >= rank)


def blockade_safe_move(state: State, legal: list[RawMove]) -> RawMove | None:
    """A card to a foundation when both copies of the card below it are already up.

    Not with ``empty_columns = "any"`` (an emptied column stays empty, BLK-8).
    Let c, at the end of column X, fit a foundation, with both copies of c's predecessor in
    suit on the foundations (so both foundations of the suit exist and no card can ever be
    married onto c, BLK-5), and let X hold another card or the stock be spent. Take any
    winning line L; play c first, then L without its moves of this copy of c. Columns of
    the new line are L's minus c: c is never alone in a column in L (it only ever lies on a
    card of X or on the card it is married onto) unless the stock is spent, so columns
    empty at the same moments, refills and deals take the same cards (BLK-4, BLK-6), and
    the last card of every column is L's except where L's is c, which no move of L can
    use other than moving c. With ``move_sequences`` a run L moves with c at its end
    (nothing lies on c) moves in the new line without c, from the same index and onto
    the same card, and every run at a column's end in the new line is L's without c
    (BLK-5); a run of c alone is a move of c. Foundation heights of the suit are L's with
    one raised by one until L plays a copy of c; where L plays the other copy first, both
    heights were at c's predecessor, so one is still free for it. Every move of L
    therefore stays legal and L's win is reached. The first move is irreversible (it
    clears the repetition memory, §0) and cutting repeated stretches out of the new line
    leaves a line the repetition rule cannot refuse.
    """
    rules = state.rules
    assert isinstance(rules, blockade.BlockadeRules)
    if rules.fill_any:
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
# a king has no successor: both copies of "rank 14" count as buried
BURIED_START = [0] * ((KING + 1) << 2) + [2] * (64 - ((KING + 1) << 2))


def blockade_dead_end(state: State) -> bool:
    """Some card can never reach a foundation, even in a relaxed game.

    The relaxed game (``taken_off``, with its proof) takes cards off the columns while
    the rules could let them leave. Deals are then made in it while that is sound: if no
    column can be emptied without the stock (the relaxed game with stock cards left out,
    an over-estimate of all play until a stock card arrives), no refill can come before
    the next `deal` (BLK-6), and every line must deal it to win (BLK-4: each stock card
    reaches a foundation only after being dealt). At that deal each column still holds
    every card the relaxed game could not take off, and the next stock cards land on the
    columns in order col1 → col12, aces going up (BLK-4); cards the relaxed game took off
    count as free, which only frees more. So deal the row onto the cards that are left
    and go on. When the stock is spent, or a column may be emptied (a refill would change
    where the later cards land), the relaxed game with every stock card free decides: if
    it leaves a card on a column, no line wins.
    """
    rules = state.rules
    assert isinstance(rules, blockade.BlockadeRules)
    piles = state.piles
    columns = piles[:blockade.COLUMNS]
    home = [card for f in blockade.FOUNDATIONS for card in piles[f]]
    up = home
    stock = piles[blockade.STOCK]
    left = len(stock)  # stock cards not yet dealt in the relaxed game: stock[:left]
    while left:
        tops = taken_off(columns, up, home, rules.sequences, rules.fill_any, stock[:left])
        if tops is None or not all(tops):
            break  # a column may empty: a refill could come before the deal
        up = up + [card for cards, top in zip(columns, tops, strict=True) for card in cards[top:]]
        columns = [cards[:top] for cards, top in zip(columns, tops, strict=True)]
        left = deal_relaxed_row(columns, up, stock, left)
    tops = taken_off(columns, up + stock[:left], home, rules.sequences, rules.fill_any, [])
    return tops is not None and any(tops)


def deal_relaxed_row(columns: list[list[int]], up: list[int], stock: list[int], left: int) -> int:
    """Lay one row of the relaxed game, col1 -> col12, from `stock[:left]` (its top last),
    aces straight to `up` (BLK-4); return how many stock cards are left. Shared by the dead
    end and the dive's look ahead, which deal the same way."""
    for cards in columns:
        while left and stock[left - 1] >> 2 == blockade.ACE:
            left -= 1
            up.append(stock[left])
        if not left:
            break
        left -= 1
        cards.append(stock[left])
    return left


def taken_off(columns: list[list[int]], free_cards: list[int], home_cards: list[int],
              sequences: bool, fill_any: bool, held: list[int]) -> list[int] | None:
    """How many cards of each column stay in the relaxed game; None when a column may be
    emptied and ``fill_any`` allows moves into it.

    A card is *free* when it is in ``free_cards`` (on a foundation or otherwise out of the
    way) or taken off its column; ``held`` cards are neither (stock cards not yet dealt).
    The cards of each column are taken off from the top only; the top card c may go when
    every lower rank of its suit has a free copy (a foundation could stand at c's
    predecessor, BLK-2) and, if the other copy of c is on a foundation (``home_cards``), two
    free copies (c needs the suit's other foundation), or when some copy of c's successor in
    suit is neither held, nor on a foundation (``home_cards``: a foundation never gives a
    card back), nor *buried*, i.e. under the top of its own column (BLK-5: a marriage needs
    that copy at the end of a column); a king has no successor. With ``move_sequences`` a
    same-suit descending run on top goes off as one when its first card may marry (BLK-5).
    Every real line maps into the relaxed game, every card that has left its column in the
    real line being taken off in the relaxed one: a card leaves its column from its end
    (BLK-3), so whatever lay above it there has gone; a foundation it goes onto holds a copy
    of each lower rank, each of them free; the copy it marries onto lies at the end of a
    column, so it is a dealt card, a card already moved, or an unmoved card with nothing of
    its own column left above it. Cards dealt, refilled or married onto other cards only
    cover, which the relaxation ignores. Each relaxed step only frees more, so taking off
    every card that may go until nothing changes reaches everything any real line can reach.
    With ``empty_columns = "any"`` a card may also move into an empty column (BLK-8); a
    column is empty only when every card it holds now has left it, so until the relaxed game
    empties a column it needs no such move.
    """
    free = [0] * 64
    for card in free_cards:
        free[card] += 1
    home = [0] * 64
    for card in home_cards:
        home[card] += 1
    buried = BURIED_START[:]  # copies under the top of their column, held or home
    for card in held:
        buried[card] += 1
    for card in home_cards:  # never at the end of a column again
        buried[card] += 1
    stuck = []  # columns with a card on them
    for col, cards in enumerate(columns):
        if cards:
            for card in cards:
                buried[card] += 1
            buried[cards[-1]] -= 1
            stuck.append(col)
        elif fill_any:
            return None
    reach = [0, 0, 0, 0]  # per suit: the highest rank whose lower ranks all have a free copy
    reach2 = [0, 0, 0, 0]  # the same with two free copies
    for suit in range(4):
        rank = 1
        while rank <= KING and free[rank << 2 | suit]:
            rank += 1
        reach[suit] = rank - 1
        rank = 1
        while rank <= KING and free[rank << 2 | suit] > 1:
            rank += 1
        reach2[suit] = rank - 1
    tops = [len(cards) for cards in columns]
    progress = True
    while stuck and progress:
        progress = False
        still = []
        for col in stuck:
            cards = columns[col]
            top = tops[col]
            while top:
                card = cards[top - 1]
                if (card >> 2 <= (reach2 if home[card] else reach)[card & 3] + 1
                        or buried[card + blockade.NEXT] < 2):
                    base = top - 1
                elif sequences:
                    base = _run_that_may_marry(cards, top, buried)
                    if base < 0:
                        break
                    for k in range(base, top - 1):
                        buried[cards[k]] -= 1
                else:
                    break
                for k in range(base, top):
                    card = cards[k]
                    free[card] += 1
                    suit = card & 3
                    rank = reach[suit]
                    while rank < KING and free[(rank + 1) << 2 | suit]:
                        rank += 1
                    reach[suit] = rank
                    rank = reach2[suit]
                    while rank < KING and free[(rank + 1) << 2 | suit] > 1:
                        rank += 1
                    reach2[suit] = rank
                top = base
                if top:
                    buried[cards[top - 1]] -= 1
                progress = True
            if top:
                still.append(col)
            elif fill_any:
                return None
            tops[col] = top
        stuck = still
    return tops


def _run_that_may_marry(cards: list[int], top: int, buried: list[int]) -> int:
    """The index of the first card of a same-suit descending run ending at the top card
    ``cards[top - 1]`` whose first card has an unburied successor, or -1 (BLK-5)."""
    base = top - 1
    while base and cards[base - 1] == cards[base] + blockade.NEXT:
        base -= 1
        if buried[cards[base] + blockade.NEXT] < 2:
            return base
    return -1


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


def blockade_probe_order(probe: int) -> Ordering:
    """The move order of probe ``probe`` of the restarted search: ``blockade_order`` for
    probe 0 and for every other long probe (``depth_first.restarts`` lets every fourth probe
    run longer), orders drawn by a generator seeded with ``probe`` otherwise. When to deal
    (BLK-7) and which marriages to make before it decide which cards each deal buries;
    wins lie on scattered lines, so short probes down different lines find more of them
    than one long depth-first search. Ordering never changes an answer."""
    if probe == 0 or probe % 8 == 3:
        return blockade_order
    rng = random.Random(probe)
    mixed = probe % 2 == 0  # even probes draw foundation plays among the marriages
    early_deal = EARLY_DEAL if probe % 4 >= 2 else 0.0

    def order(state: State, legal: list[RawMove]) -> list[RawMove]:
        plays = [m for m in legal if m[0] >= 0 and m[1] >= blockade.FOUND0]
        others = [m for m in legal if m[0] >= 0 and m[1] < blockade.FOUND0]
        deals = [m for m in legal if m[0] < 0]
        if mixed:
            others += plays
            plays = []
        rng.shuffle(plays)
        rng.shuffle(others)
        if deals and early_deal and rng.random() < early_deal:
            return deals + plays + others
        return plays + others + deals

    return order
