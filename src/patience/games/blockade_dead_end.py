"""Why a Blockade position is lost at once: a card that can never leave its column, even
in a relaxed game.

The relaxed game takes cards off the columns while the rules could let them leave: a
column's end card when every lower rank of its suit has a free copy (two when its other
copy is home: a foundation could stand at its predecessor, BLK-2), or when some copy of its
successor is neither held in the stock, home, nor under the end of its own column (BLK-5:
a marriage needs that copy at the end of a column); with ``move_sequences`` a same-suit run
goes off as one when its first card may marry. Every real line maps into it: a card leaves
its column only from the end (BLK-3), cards dealt, refilled or married onto others only
cover. While no column can be emptied without the stock, no refill comes before the next
deal (BLK-6) and every win must deal it, so the next row is laid in its fixed places onto
what the relaxed game leaves (BLK-4); when the stock is spent or a column may be emptied,
every stock card counts as free. If a card still stays, no line wins (with ``deal_when =
"stuck"`` too: its lines are lines of the default game, BLK-7). The native search uses the
same relaxation (``blockade_dead_end``).
"""

from __future__ import annotations

from patience.cards import KING, code
from patience.engine.state import State
from patience.games.blockade import ACE, COLUMNS, FOUNDATIONS, NEXT, STOCK

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
                            or buried[card + NEXT] < 2):
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
            while left and stock[left - 1] >> 2 == ACE:
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


def _run_that_may_marry(cards: list[int], top: int, buried: list[int]) -> int:
    """The index of the first card of a same-suit descending run ending at the top card
    ``cards[top - 1]`` whose first card has an unburied successor, or -1 (BLK-5)."""
    base = top - 1
    while base and cards[base - 1] == cards[base] + NEXT:
        base -= 1
        if buried[cards[base] + NEXT] < 2:
            return base
    return -1


def why_dead(state: State, sequences: bool, fill_any: bool) -> str | None:
    """The column the relaxed game cannot clear, its end card and why it stays, or None."""
    piles = state.piles
    stock = piles[STOCK]
    home = [card for f in FOUNDATIONS for card in piles[f]]
    game = Relaxed(piles[:COLUMNS], home, home, sequences, stock)
    left = len(stock)  # stock cards not yet dealt in the relaxed game: stock[:left]
    game.settle()
    while left and 0 not in game.tops:
        left = game.deal_row(stock, left)
        game.settle()
    game.release(stock[:left])
    game.settle()
    if fill_any and 0 in game.tops:
        return None  # a column may be emptied, and any card may move into it (BLK-8)
    for col, top in enumerate(game.tops):
        if top:
            return _said(state, game, col, top)
    return None


def _said(state: State, game: Relaxed, col: int, top: int) -> str:
    """The sentence in the language spoken now."""
    from patience.i18n import _
    from patience.words import said_card, said_pile

    cards = game.columns[col][:top]
    card = cards[-1]
    suit = card & 3
    home = game.home[card] > 0  # its other copy is home: it needs the suit's second foundation
    missing = said_card(code(((game.reach2 if home else game.reach)[suit] + 1) << 2 | suit))
    up = (_("the other {card} is home, so it needs the second foundation of its suit, which "
            "needs both copies of {missing} first, and they can never both get free")
          if home else _("its foundation needs {missing} first, and no copy of it can ever get "
                         "free")).format(card=said_card(code(card)), missing=missing)
    onto = (_("no copy of {card} can ever lie at the end of a column for it to go onto").format(
        card=said_card(code(card + NEXT))) if card >> 2 < KING else _("a king goes onto no card"))
    return _("even if every card that could ever leave its column left it, rows dealt as they "
             "come, {column} would keep {cards}: {card} at its end could never leave, for {up}; "
             "and {onto}.").format(
        column=said_pile(state, state.rules.layout[col].id),
        cards=" ".join(said_card(code(c)) for c in cards), card=said_card(code(card)), up=up,
        onto=onto)
