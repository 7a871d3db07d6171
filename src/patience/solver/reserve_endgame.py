"""The reserve family's last pass with the stock and hand as a pool (RULES.md §6–§9): an
exact search of a relaxed game that proves lost what the dead end's rules leave open.

Once no redeal is left (RBW-7; DST-4, OPS-1, TOD-6: one pass) the cards still to come
(stock and hand) are known. The *pool game* of a position keeps its foundations,
reserves and waste piles and puts those cards in a pool, each free at any time to go to a
foundation that takes it or onto a reserve whose top is one above it (RBW-4, TOD-4,
DST-3); no card goes onto a waste pile. Every winning line L of the position gives one of
its pool game: leave out the draws and the plays of a card to come onto a waste pile, and
play a card to come from the pool where L plays it from the hand or from a waste top.
Then each waste pile of the pool game is L's with the cards to come taken out, reserves
and foundations are L's, and the pool holds the cards to come that L has not yet laid on
a reserve or a foundation. So every move kept is legal: a waste top that L moves and that
is not a card to come has nothing above it in L's pile, so nothing in the pool game's
either; the reserve tops and foundation counts are the same. All cards end home, so a
position whose pool game is lost is lost. With the stock and hand spent the pool is empty
and the pool game is the position's own endgame, so it is then exact.

The pool game is searched depth-first with the dead end of ``reserve_family.dead_end_of``
at each of its positions (that dead end's proof reads stock and hand cards only as cards
that may move at any time to a foundation or onto a reserve, or onto a waste pile, so it
holds in the pool game, whose cards to come do less), and answers are kept by key between
calls: the pool game's moves each raise twice the cards home plus the cards on reserves
(a card to a foundation by at least one, onto a reserve by one), so its positions form no
cycle and a position all of whose moves lead to lost ones is lost, whatever budget a later
call has. A search that runs out of its budget answers "not proved".

Its moves are *chained*: a reserve or waste top to a foundation, the pool first filling the
slots below it, or a waste top onto a reserve, the pool first laying the ranks between,
each at every depth the pool allows. No win is lost so: in a winning line of the pool game
move each play of a pool card onto a foundation to just before the next card laid on that
foundation (or to the end); only plays onto it read its count, and a pool card is free at
any time. A pool card laid on a reserve is likewise moved to just before the next card
laid on it; if none comes before it leaves for a foundation, play it there from the pool
instead (nothing read that reserve's top between). Repeating this, every pool card is
played in a run just before a reserve or waste card laid on the same pile, as the chained
moves play them, or at the end, when all reserve and waste cards are home and the pool
holds exactly the cards the foundations still want (each rank's copies are all in the
game), so it completes them.
"""

from __future__ import annotations

from dataclasses import dataclass

from patience.engine.state import State
from patience.games.reserve_family import BASE_RANK, REDEALS_DONE, ReserveRules
from patience.solver.reserve_family import Form, dead_end_of, form_of, rank_mask

WON, LOST = 1, 2
MEMO_LIMIT = 500_000  # answers kept; the table is emptied when it grows past this


@dataclass(frozen=True)
class PoolLimits:
    """When the search asks the pool game: with at most ``cards`` cards to come, and for at
    most ``budget`` of its positions a call."""

    cards: int
    budget: int


class _OutOfBudget(Exception):
    pass


class PoolGame:
    """The pool game's search for one deal's rules and base rank, with its answers kept
    by key: the foundation counts (sorted), the pool's ranks as counts, the reserves and
    the waste piles (sorted, as the search key sorts them)."""

    def __init__(self, form: Form, next_rank: list[int], below: list[int],
                 foundations: int) -> None:
        self.form = form
        self.capacity = form.capacity
        self.next_rank = next_rank  # count -> the rank a foundation of that count takes next
        self.below = below  # rank -> the rank that goes down on it (0: none)
        self.target = form.capacity * foundations
        self.memo: dict[bytes, int] = {}
        # count -> rank -> (slot, ranks of the slots between): where a card of the rank
        # goes on a foundation of that count, lowest first
        self._routes = [[[(slot, tuple(next_rank[count:slot]))
                          for slot in range(count, form.capacity) if next_rank[slot] == rank]
                         for rank in range(14)] for count in range(form.capacity + 1)]
        self.nodes = 0  # positions expanded by the last call
        self._budget = 0
        self._counts: list[int] = []
        self._reserves: list[list[int]] = []
        self._wastes: list[list[int]] = []
        self._pool: list[int] = []

    def proves_lost(self, counts: list[int], reserves: list[list[int]],
                    wastes: list[list[int]], pool: list[int], budget: int) -> bool:
        """Whether the pool game of these parts (every foundation's count; reserves and
        waste piles as ranks, bottom first; the cards to come as ranks) is lost, found
        within ``budget`` positions expanded (``nodes`` then says how many)."""
        if len(self.memo) > MEMO_LIMIT:
            self.memo.clear()
        self._counts = list(counts)
        self._reserves = [list(cards) for cards in reserves]
        self._wastes = [list(cards) for cards in wastes if cards]
        tally = [0] * 14
        for rank in pool:
            tally[rank] += 1
        self._pool = tally
        self.nodes = 0
        self._budget = budget
        try:
            return not self._won()
        except _OutOfBudget:
            return False

    def _key(self) -> bytes:
        reserves = [bytes((len(cards),)) + bytes(cards) for cards in self._reserves]
        wastes = sorted([bytes((len(cards),)) + bytes(cards) for cards in self._wastes])
        return b"".join((bytes(sorted(self._counts)), bytes(self._pool), *reserves, b"\xff",
                         *wastes))

    def _dead(self) -> bool:
        form = self.form
        reserves = [form.pile(bytes(cards)) for cards in self._reserves if cards]
        wastes = [form.pile(bytes(cards)) for cards in self._wastes if cards]
        to_come = rank_mask({rank for rank in range(1, 14) if self._pool[rank]})
        found = form.found(tuple(sorted(self._counts)))
        return dead_end_of(form, found, reserves, wastes, to_come, True)

    def _won(self) -> bool:
        if not any(self._reserves) and not any(self._wastes):
            return True  # the pool completes the foundations (module note)
        key = self._key()
        known = self.memo.get(key)
        if known is not None:
            return known == WON
        self.nodes += 1
        if self.nodes > self._budget:
            raise _OutOfBudget
        won = not self._dead() and self._any_move_wins()
        self.memo[key] = WON if won else LOST
        return won

    def _any_move_wins(self) -> bool:
        """Each reserve or waste top to a foundation, then each waste top onto a reserve,
        each with the pool cards it needs first (``_chained_home``, ``_chained_build``)."""
        for cards in (*self._reserves, *self._wastes):
            if cards:
                rank = cards.pop()
                won = self._chained_home(rank)
                cards.append(rank)
                if won:
                    return True
        for reserve in self._reserves:
            if not reserve:
                continue  # RBW-4, TOD-4, DST-3: an emptied reserve is gone
            for cards in self._wastes:
                if cards:
                    rank = cards.pop()
                    won = self._chained_build(reserve, rank)
                    cards.append(rank)
                    if won:
                        return True
        return False

    def _chained_home(self, rank: int) -> bool:
        """The card of ``rank``, taken from its pile, onto a foundation at each slot of its
        place it can reach with pool cards filling the slots between (``_routes``); of
        foundations with equal counts only one (the key sorts the counts)."""
        counts, pool = self._counts, self._pool
        tried: set[int] = set()
        for j, n in enumerate(counts):
            if n in tried:
                continue
            tried.add(n)
            for slot, between in self._routes[n][rank]:
                for r in between:
                    pool[r] -= 1
                if min(pool) >= 0:
                    counts[j] = slot + 1
                    won = self._won()
                    counts[j] = n
                else:
                    won = False
                for r in between:
                    pool[r] += 1
                if won:
                    return True
        return False

    def _chained_build(self, reserve: list[int], rank: int) -> bool:
        """The card of ``rank``, taken from its waste pile, onto the reserve at each depth
        of pool cards it can reach: the pool lays the ranks down from the one below the
        top, as the reserve takes them (RBW-4, TOD-4, DST-3)."""
        below, pool = self.below, self._pool
        size = len(reserve)
        won = False
        while True:
            under = below[reserve[-1]]
            if not under:
                break
            if under == rank:
                reserve.append(rank)
                won = self._won()
                reserve.pop()
                if won:
                    break
            if not pool[under]:
                break
            pool[under] -= 1
            reserve.append(under)
        while len(reserve) > size:
            pool[reserve.pop()] += 1
        return won


def pool_game_of(state: State) -> PoolGame:
    """A ``PoolGame`` for the deal of ``state`` (a reserve-family game)."""
    rules = state.rules
    assert isinstance(rules, ReserveRules)
    base = state.vars[BASE_RANK]
    capacity = rules.shape.foundation_cards
    next_rank = [(base - 1 + n % 13) % 13 + 1 for n in range(capacity + 1)]
    return PoolGame(form_of(rules, base), next_rank, list(rules.below),
                    len(rules.found_piles))


def pool_proves_lost(game: PoolGame, state: State, limits: PoolLimits) -> bool:
    """Whether ``game`` (``pool_game_of`` the deal) proves ``state`` lost within
    ``limits``: only with no redeal left and as many cards to come as they allow."""
    rules = state.rules
    assert isinstance(rules, ReserveRules)
    piles = state.piles
    game.nodes = 0
    if state.vars[REDEALS_DONE] < rules.shape.redeals:
        return False
    return pool_proves_lost_of(
        game, [len(piles[f]) for f in rules.found_piles],
        [[card >> 2 for card in piles[r]] for r in rules.reserve_piles],
        [[card >> 2 for card in piles[w]] for w in rules.waste],
        [card >> 2 for card in (*piles[rules.stock], *piles[rules.hand])], limits)


def pool_proves_lost_of(game: PoolGame, counts: list[int], reserves: list[list[int]],
                        wastes: list[list[int]], to_come: list[int],
                        limits: PoolLimits) -> bool:
    """``pool_proves_lost`` of a position given as its parts (no redeal left; the
    foundations' counts, reserves and waste piles as ranks bottom first, the ranks of the
    stock and hand cards)."""
    game.nodes = 0
    if len(to_come) > limits.cards:
        return False
    return game.proves_lost(counts, reserves, wastes, to_come, limits.budget)
