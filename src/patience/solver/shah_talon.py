"""Shah (RULES.md §3): a dead end that reads the talon as the stack it is.

The talon is never turned over (SHA-10) and gives up only its top card (SHA-7): to a
foundation, married onto an outer top (SHA-6) or into a gap (SHA-8). A card married or
laid in a gap takes room in the star, and the star has 24 slots (SHA-3): an inner or
middle card fills its slot alone (SHA-5: it only ever leaves for a foundation), and an
outer slot holds a packet, a run down in suit (SHA-6), as does a gap filled with one
card. Late in a deal the talon holds dozens of cards and the star is full of cards no
foundation takes yet, so the cards low in the talon can never be dug out.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

QUEEN = 12  # SHA-2: foundations build from A to Q
SLOTS = 24  # SHA-3: eight rays of three slots


def talon_lost(heights: list[list[int]], inner_middle: Sequence[tuple[int, int]],
               outer: Iterable[int], talon: Sequence[int], stock: Sequence[int]) -> bool:
    """Whether even a relaxed game cannot bring every card home, the talon read as a stack.

    ``heights`` holds each suit's two foundation counts (used up); ``inner_middle`` per
    ray its inner and middle card (0 for an empty slot); ``outer`` every card of the outer
    packets; ``talon`` bottom to top; ``stock`` the cards left in the stock.

    The relaxed game: a card of the star is free to go to a foundation at any time, save
    an inner card under a middle card, walled in until a copy of that middle card has
    gone up (as ``shah.relaxed_lost``); a stock card is free at any time and takes no
    room; the talon gives up its top card only, to a foundation or into the star when the
    star's room allows. Room: the star's cards other than the inner and middle ones now
    in place lie in packets, runs down in suit, so they fill at least as many slots as
    the fewest runs covering them, and each inner and middle card fills a slot of its
    own: together at most 24. The fewest runs are counted as if every rank with a copy
    on a foundation or in the stock now could join runs (a card of the star may lie on
    such a copy or under one), which counts no more runs than a real packet needs.

    Every real line is a relaxed line: a foundation play is one; a talon card married or
    laid in a gap joins the star, which then still fits 24 slots; an outer card married
    or moved by the lane (SHA-9) stays in the star; a stock card drawn or laid in a gap
    is free anyway; and the original talon cards always lie in their order under the
    stock cards drawn later. The relaxed game is decided by the line below. A card going
    up never hurts it: the count of runs never grows (the card's rank joins runs from
    then on), more cards fit, walls only open. Of the free copies of a card that fits,
    the one alone in a slot goes up first (one slot less at once, where another copy
    gives at most one), then one of the star's packets, then the talon top (the star's
    copy going up instead leaves the talon top free to take its place in the star, in no
    more room), then a stock card (the talon's copy going up instead leaves the stock's,
    which is free for good and needs no room). When no card goes up, moving the talon top
    into the star is the only move left. So the line plays the foundations to a
    standstill, then moves the talon top when the room allows, and so on; if it leaves a
    card in the talon or a foundation short of Q, the position is lost.
    """
    lone = [0] * 64  # free inner and middle copies of each card
    runs = [0] * 64  # copies in the star's packets (and talon cards laid in the star)
    spare = [0] * 64  # copies left in the stock
    joins = [False] * 64  # a copy in the stock at the start: its rank joins runs
    walled: dict[int, list[int]] = {}  # middle card -> the inner cards under its copies
    alone = 0  # inner and middle cards in place, each filling a slot
    for inner, middle in inner_middle:
        if middle:
            alone += 1
            lone[middle] += 1
            if inner:
                walled.setdefault(middle, []).append(inner)
        if inner:
            alone += 1
            if not middle:
                lone[inner] += 1
    for card in outer:
        runs[card] += 1
    for card in stock:
        spare[card] += 1
        joins[card] = True
    home = [max(pair) for pair in heights]  # per suit: ranks below this have a copy up
    counts = [suit_runs(runs, suit, home[suit], joins) for suit in range(4)]
    total = sum(counts)
    top = len(talon)
    todo = [0, 1, 2, 3]  # suits whose foundations may take a card
    while True:
        while todo:  # foundations take every free card that fits
            suit = todo.pop()
            pair = heights[suit]
            moved = False
            for i in (0, 1):
                height = pair[i]
                while height < QUEEN:
                    card = (height + 1) << 2 | suit
                    if lone[card]:
                        lone[card] -= 1
                        alone -= 1
                    elif runs[card]:
                        runs[card] -= 1
                    elif top and talon[top - 1] == card:
                        top -= 1
                    elif spare[card]:
                        spare[card] -= 1
                    else:
                        break
                    height += 1
                    moved = True
                    if card in walled:  # a copy of the middle card over them went up
                        for inner in walled.pop(card):
                            lone[inner] += 1
                            todo.append(inner & 3)
                pair[i] = height
            if moved:
                todo.append(suit)  # the other foundation may take a card bared since
                home[suit] = max(pair)
                count = suit_runs(runs, suit, home[suit], joins)
                total += count - counts[suit]
                counts[suit] = count
        if not top:
            return any(h < QUEEN for pair in heights for h in pair)
        card = talon[top - 1]
        suit, rank = card & 3, card >> 2
        pair = heights[suit]
        if rank == pair[0] + 1 or rank == pair[1] + 1:
            todo.append(suit)  # a foundation takes it
            continue
        # into the star, if there is room: suit_runs's count grows by one when no more
        # copies one rank up than of the card take it, and shrinks by one when it takes
        # a card one rank down that had no place
        n = runs[card]
        high = home[suit]
        above = 0 if rank == QUEEN else 2 if rank < high or joins[card + 4] else runs[card + 4]
        grown = (n >= above) - (rank > 2 and rank > high and not joins[card]
                                and runs[card - 4] > n)
        if alone + total + grown > SLOTS:
            return True  # the talon top can never leave: the cards under it stay there
        runs[card] = n + 1
        total += grown
        counts[suit] += grown
        top -= 1


def suit_runs(runs: list[int], suit: int, home: int, joins: list[bool]) -> int:
    """The fewest runs down in ``suit`` covering ``runs``'s copies, a rank with a copy on
    a foundation (``home``: the suit's higher count) or marked in ``joins`` counting as
    two copies that runs may pass through. A run's top card needs a card one rank lower
    under no other run; so per rank, the copies more than those of the next rank up
    start runs."""
    total = 0
    above = 0  # copies one rank up that a card may lie on (kings never: SHA-1)
    for rank in range(QUEEN, 1, -1):
        card = rank << 2 | suit
        n = runs[card]
        if n > above:
            total += n - above
        above = 2 if rank <= home or joins[card] else n
    return total
