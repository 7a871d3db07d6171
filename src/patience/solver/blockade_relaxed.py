"""Blockade's relaxed game (RULES.md §4): cards taken off the columns while the rules
could let them leave, with rows dealt onto what is left.

The dead end and the dive's look ahead both deal the stock row by row onto the cards the
relaxed game leaves, settling the game after every row. ``Relaxed`` keeps the game's
counts from one row to the next, so each row costs only what it changes: once a row is
dealt the counts are those a new game on the cards left would start from, and settling
only frees cards (more copies free, fewer buried), so it leaves the cards a new game
would leave, whatever was taken off first.
"""

from __future__ import annotations

from patience.cards import KING
from patience.games import blockade

# a king has no successor: both copies of "rank 14" count as buried
BURIED_START = [0] * ((KING + 1) << 2) + [2] * (64 - ((KING + 1) << 2))


class Relaxed:
    """The relaxed game of ``taken_off`` on copies of the columns, played step by step.

    ``free``, ``home`` and ``buried`` count copies per card code as ``taken_off`` defines
    them; ``reach`` and ``reach2`` are per suit the highest rank whose lower ranks all
    have one (two) free copies; ``tops`` is how many cards of each column are still on.
    """

    def __init__(self, columns: list[list[int]], free_cards: list[int],
                 home_cards: list[int], sequences: bool, held: list[int]) -> None:
        self.sequences = sequences
        self.columns = [cards[:] for cards in columns]
        self.tops = [len(cards) for cards in columns]
        free = [0] * 64
        for card in free_cards:
            free[card] += 1
        home = [0] * 64
        buried = BURIED_START[:]  # copies under the top of their column, held or home
        for card in home_cards:  # never at the end of a column again
            home[card] += 1
            buried[card] += 1
        for card in held:
            buried[card] += 1
        for cards in columns:
            if cards:
                for card in cards:
                    buried[card] += 1
                buried[cards[-1]] -= 1
        self.free = free
        self.home = home
        self.buried = buried
        self.reach = [0, 0, 0, 0]
        self.reach2 = [0, 0, 0, 0]
        self._raise_reach()

    def _raise_reach(self) -> None:
        """Raise ``reach`` and ``reach2`` of every suit as far as the free copies allow."""
        for suit in range(4):
            self._raise_suit(suit)

    def _raise_suit(self, suit: int) -> None:
        """Raise ``reach`` and ``reach2`` of ``suit`` as far as its free copies allow."""
        free = self.free
        rank = self.reach[suit]
        while rank < KING and free[(rank + 1) << 2 | suit]:
            rank += 1
        self.reach[suit] = rank
        rank = self.reach2[suit]
        while rank < KING and free[(rank + 1) << 2 | suit] > 1:
            rank += 1
        self.reach2[suit] = rank

    def settle(self) -> None:
        """Take off every card that may go until nothing changes (``taken_off``)."""
        columns, tops, buried, home = self.columns, self.tops, self.buried, self.home
        free, reach, reach2, sequences = self.free, self.reach, self.reach2, self.sequences
        stuck = [col for col, top in enumerate(tops) if top]
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
                        free[cards[k]] += 1
                        self._raise_suit(cards[k] & 3)
                    top = base
                    if top:
                        buried[cards[top - 1]] -= 1
                    progress = True
                if top:
                    still.append(col)
                tops[col] = top
            stuck = still

    def deal_row(self, stock: list[int], left: int) -> int:
        """Lay one row from ``stock[:left]`` (its top last) onto the cards still on,
        col1 -> col12, aces straight up (BLK-4); return how many stock cards are left.
        The row's cards were held; each covers the card it lands on."""
        buried = self.buried
        aces = False
        for col in range(len(self.columns)):
            while left and stock[left - 1] >> 2 == blockade.ACE:
                left -= 1
                buried[stock[left]] -= 1
                self.free[stock[left]] += 1
                aces = True
            if not left:
                break
            left -= 1
            card = stock[left]
            buried[card] -= 1
            cards = self.columns[col]
            top = self.tops[col]
            del cards[top:]
            if top:
                buried[cards[-1]] += 1
            cards.append(card)
            self.tops[col] = top + 1
        if aces:
            self._raise_reach()
        return left

    def release(self, held: list[int]) -> None:
        """Make held cards free (stock cards that may come whenever wanted)."""
        for card in held:
            self.buried[card] -= 1
            self.free[card] += 1
        self._raise_reach()


def relaxed_position(piles: list[list[int]], sequences: bool) -> Relaxed:
    """The relaxed game of a position: its columns, the foundations' cards free and home,
    the stock held (not yet dealt)."""
    home = [card for f in blockade.FOUNDATIONS for card in piles[f]]
    return Relaxed(piles[:blockade.COLUMNS], home, home, sequences, piles[blockade.STOCK])


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
    game = Relaxed(columns, free_cards, home_cards, sequences, held)
    game.settle()
    return None if fill_any and 0 in game.tops else game.tops


def _run_that_may_marry(cards: list[int], top: int, buried: list[int]) -> int:
    """The index of the first card of a same-suit descending run ending at the top card
    ``cards[top - 1]`` whose first card has an unburied successor, or -1 (BLK-5)."""
    base = top - 1
    while base and cards[base - 1] == cards[base] + blockade.NEXT:
        base -= 1
        if buried[cards[base] + blockade.NEXT] < 2:
            return base
    return -1
