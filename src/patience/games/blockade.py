"""Blockade: twelve fanned columns dealt row by row, eight foundations."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from patience.engine.game import Game, Option
from patience.engine.piles import Kind, Pile, pile_ids
from patience.engine.rules import ACTION, RawMove, Rules
from patience.engine.state import State
from patience.i18n import N_

COLUMNS = 12
FOUND0 = COLUMNS  # found1 … found8 are piles 12–19 (BLK-1)
FOUNDATIONS = range(FOUND0, FOUND0 + 8)
STOCK = FOUND0 + 8
ACE = 1
NEXT = 4  # card + NEXT is the same suit one rank higher (cards are rank << 2 | suit)

DEAL = 0


class BlockadeRules(Rules):
    piles = (
        tuple(Pile(p, Kind.TABLEAU) for p in pile_ids("col", COLUMNS))
        + tuple(Pile(p, Kind.FOUNDATION, 13) for p in pile_ids("found", 8))
        + (Pile("stock", Kind.STOCK),)
    )
    actions = ("deal",)

    def __init__(self, options: Mapping[str, Any], version: str = "1") -> None:
        super().__init__(options, version)
        self.sequences = bool(self.options["move_sequences"])
        self.fill_any = self.options["empty_columns"] == "any"
        # BLK-7, deal_when=stuck: deal only when no play and no marriage is legal
        self.deal_when_stuck = self.reads_legal_moves = self.options["deal_when"] == "stuck"

    def setup(self, state: State, deck: list[int]) -> None:
        # BLK-4: the game starts with the first row dealt, aces straight to foundations.
        piles = state.piles
        stock = piles[STOCK] = deck[::-1]
        for col in range(COLUMNS):
            while stock:
                card = stock.pop()
                if card >> 2 == ACE:
                    piles[_empty_foundation(piles)].append(card)
                    continue
                piles[col].append(card)
                break

    def generate(self, state: State) -> list[RawMove]:
        piles = state.piles
        out: list[RawMove] = []
        wanted: dict[int, list[int]] = {}  # BLK-2: the card each foundation takes next
        for f in FOUNDATIONS:
            found = piles[f]
            if not found:
                break  # foundations are started in order (BLK-1)
            if len(found) < 13:
                card = found[-1] + NEXT
                if card in wanted:
                    wanted[card].append(f)
                else:
                    wanted[card] = [f]
        lasts: dict[int, list[int]] = {}
        empty: list[int] = []
        for col in range(COLUMNS):
            cards = piles[col]
            if cards:
                card = cards[-1]
                if card in lasts:
                    lasts[card].append(col)
                else:
                    lasts[card] = [col]
            else:
                empty.append(col)
        stock_left = bool(piles[STOCK])
        fill = empty if self.fill_any and not stock_left else None  # BLK-8
        sequences = self.sequences
        for col in range(COLUMNS):
            cards = piles[col]
            if not cards:
                continue
            i = len(cards) - 1
            card = cards[i]
            if card in wanted:  # BLK-5: only the last card goes to a foundation (BLK-3)
                for f in wanted[card]:
                    out.append((col, f, i, False))
            while True:
                higher = card + NEXT
                if higher in lasts:  # BLK-5: marriage, same suit, one rank higher
                    # BLK-6: a marriage that empties a column while the stock lasts brings
                    # a refill, an automatic step, so it cannot be taken back
                    reversible = i > 0 or not stock_left
                    for t in lasts[higher]:
                        out.append((col, t, i, reversible))
                # BLK-8: not a lone card; reading: with move_sequences, not a run that is
                # the whole column either (the same move, changing nothing)
                if fill and i > 0:
                    for e in fill:
                        out.append((col, e, i, True))
                # BLK-5 [R]: one card at a time unless move_sequences lets a same-suit
                # descending run move as a unit, named by its first-dealt card
                if not sequences or i == 0 or cards[i - 1] != higher:
                    break
                i -= 1
                card = cards[i]
        # BLK-7: offered while the stock lasts, held back under deal_when=stuck by
        # after_repetition; BLK-9: no redeal after
        if stock_left:
            out.append((ACTION, DEAL, 0, False))
        return out

    def after_repetition(self, state: State, legal: list[RawMove]) -> list[RawMove]:
        """BLK-7, ``deal_when = "stuck"``: "if neither [a play nor a marriage] is possible,
        lay a new row". Read once the repetition rule has refused what it refuses, so
        marriages that could only go round in circles do not keep the row back. While the
        stock lasts no card moves into an empty column (BLK-8), so a card move here is a
        play or a marriage."""
        if len(legal) > 1 and legal[-1][0] == ACTION:
            return legal[:-1]
        return legal

    def legal_reads_memory(self, state: State) -> bool:
        """BLK-7 with ``deal_when = "stuck"``: the row is offered once the memory has
        refused every marriage left, so where it is offered depends on the line of
        marriages that led there (a card going round twin columns), not on the board
        alone; the searches then key the position with its memory."""
        return self.deal_when_stuck and bool(state.piles[STOCK])

    def apply(self, state: State, move: RawMove) -> None:
        src, dst, index, _ = move
        piles = state.piles
        if src == ACTION:  # BLK-4: one card on each column, col1 -> col12
            # reading: a stock left holding only aces is dealt straight to the foundations
            for col in range(COLUMNS):
                if not _lay_card(state, col):
                    break
            return
        cards = piles[src]
        state.move_top(src, dst, len(cards) - index)
        if not cards:  # BLK-6: refilled at once with one stock card
            _lay_card(state, src)

    def is_won(self, state: State) -> bool:
        """Every card is on the foundations: none is left in the stock or the columns."""
        piles = state.piles
        return not piles[STOCK] and not any(piles[:COLUMNS])

    def repetition_key(self, state: State) -> bytes:
        """The columns alone: reversible moves (marriages that bring no refill, moves into
        empty columns) only move cards between columns, so positions since the last
        irreversible step share their stock and foundations (BLK-5, BLK-6, BLK-8)."""
        return b"\xff".join(map(bytes, state.piles[:COLUMNS]))

    def why_not(self, state: State, action: str) -> str | None:
        if state.piles[STOCK]:
            return N_("with deal_when=stuck a row is laid only when no card can go to a "
                      "foundation and no marriage is possible (BLK-7)")
        return N_("the stock is spent; there is no redeal (BLK-9)")

    def why_dead(self, state: State) -> str | None:
        """A card that can never leave its column, even in the relaxed game, rows dealt
        onto what it leaves (``blockade_dead_end``)."""
        from patience.games.blockade_dead_end import why_dead  # it reads this module's names

        return why_dead(state, self.sequences, self.fill_any)

    def solver_key(self, state: State) -> bytes:
        """Two foundations of one suit are interchangeable (BLK-2; an ace starts whichever
        is empty first), so foundations are sorted. Once the stock is spent no deal and no
        refill is left (BLK-4, BLK-6) and every move treats the columns alike (BLK-5,
        BLK-8), so the columns are sorted too."""
        piles = state.piles
        founds = sorted(map(bytes, piles[FOUND0:FOUND0 + 8]))
        columns = list(map(bytes, piles[:COLUMNS]))
        if not piles[STOCK]:
            columns.sort()
        return b"\xff".join([*columns, *founds, bytes(piles[STOCK])])

    def shows_index(self, state: State, pile: int) -> bool:
        """With move_sequences a column whose last two cards form a run offers both."""
        if not self.sequences or pile >= COLUMNS:
            return False
        cards = state.piles[pile]
        return len(cards) > 1 and cards[-2] == cards[-1] + NEXT


def _empty_foundation(piles: list[list[int]]) -> int:
    """BLK-1: an ace starts the lowest-numbered empty foundation."""
    for f in FOUNDATIONS:
        if not piles[f]:
            return f
    raise AssertionError("eight foundations hold more than eight aces")


def _lay_card(state: State, col: int) -> bool:
    """Lay the next stock card on ``col``; aces met go to foundations and the next card
    is taken (BLK-4, BLK-6). False when the stock ran out before a card was laid."""
    piles = state.piles
    stock = piles[STOCK]
    while stock:
        if stock[-1] >> 2 == ACE:
            state.move_top(STOCK, _empty_foundation(piles))
        else:
            state.move_top(STOCK, col)
            return True
    return False


BLOCKADE = Game(
    id="blockade",
    name="Blockade",
    decks=2,
    rules_class=BlockadeRules,
    option_specs=(
        Option("move_sequences", False, (False, True),
               "false: one card at a time, as in the original rules; true: a same-suit "
               "descending run moves as a unit"),
        Option("empty_columns", "stay", ("stay", "any"),
               "once the stock is spent: stay = an emptied column stays empty; any = any "
               "available card may move into it, except a card alone in its column"),
        Option("deal_when", "stuck", ("stuck", "any"),
               "stuck: the next row is dealt only when no card can go to a foundation and no "
               "marriage is possible, as the text says; any: whenever the stock has cards"),
    ),
    # rules version 2: BLK-7's row waits until no play and no marriage is possible (option
    # deal_when, default stuck); version 1 let the player deal at any time
    rules_version="2",
    earlier_defaults={"1": {"deal_when": "any"}},
    same_rules_since="1",
    summary="Twelve columns dealt row by row when no card can be played or married; aces "
            "go up at once, gaps are refilled from the stock, and cards are married down "
            "in suit.",
)
