"""Safe moves and dead ends of the reserve family (RULES.md §6–§9).

Every rule of these games reads ranks only, so a card is its rank here. A foundation of
count ``k`` holds the places ``0 … k-1`` of its sequence, where a rank's place is its
distance up from the base rank (Toad's base is the ace, TOD-2); a 26-card foundation goes
through every place twice (RBW-3). When all cards are home each foundation holds each rank
once per round, so the cards of one rank still to come equal the copies of that rank off
the foundations.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations
from operator import itemgetter, le

from patience.engine.rules import ACTION, RawMove
from patience.engine.state import State
from patience.games.reserve_family import BASE_RANK, RANK_OF, REDEALS_DONE, ReserveRules
from patience.solver.probes import Ordering


def place_of(rank: int, base: int) -> int:
    """The rank's place in a foundation's sequence: 0 for the base rank, wrapping at K."""
    return (rank - base) % 13


def copies_home(count: int, place: int) -> int:
    """How many cards of a place lie on a foundation of ``count`` cards."""
    return (count - place + 12) // 13


def copies_off(state: State, rules: ReserveRules, place: int) -> int:
    """Cards of one rank not yet on the foundations (two decks: eight in all)."""
    piles = state.piles
    home = sum(copies_home(len(piles[f]), place) for f in rules.found_piles)
    return state.game.decks * 4 - home


def reserve_safe_move(state: State, legal: list[RawMove]) -> RawMove | None:
    """A card of rank r to a foundation of count k when every r still to come goes on count k.

    Let n foundations have count k, the target's, and let r's copies off the foundations
    number n too; require also that every copy of the rank that goes down on r (RBW-4,
    TOD-4, DST-3) is home already. Since the r's still to come equal the copies off
    (module note), all of them go onto foundations of count k, one each. Take a winning
    line L and let L' play c first, then L without c's play. Until L plays c the foundation
    counts of L' are L's with one k raised to k+1: when L lays a j-th other r (j < n, as c
    is not among them) it has n-j+1 >= 2 foundations of count k, so L' has one; other
    plays are unchanged. Nothing can go onto c, so wherever L keeps c (hand, a waste top
    or buried in one, a reserve top) every other move of L finds in L' the same top or
    the card L placed on c, and where L moves c about L' has nothing to do; when L plays c
    the counts agree. Two things could still tell c's places apart: Rainbow counts hand
    placements on waste piles (RBW-6), and a redeal gathers the waste piles in order
    (RBW-7). So from the hand in Rainbow nothing is claimed, and while a redeal is left
    only a reserve card is (reserve cards are never gathered). L' wins, so c is safe.
    Toad's ace extraction (TOD-3) takes a card from inside a reserve, which this argument
    does not cover: while one is open nothing is claimed (``solver/toad.py`` plays it
    first).
    """
    rules = state.rules
    assert isinstance(rules, ReserveRules)
    if rules.extraction_move and rules.extractions(state):
        return None
    piles, v = state.piles, state.vars
    found = rules.found_piles
    redeal_left = v[REDEALS_DONE] < rules.shape.redeals
    base = v[BASE_RANK]
    counts: list[int] | None = None
    for move in legal:
        src, dst, _, _ = move
        if src == ACTION or dst not in found:
            continue
        # RBW-6, RBW-7: only a reserve card keeps no trace on the waste piles
        if src not in rules.reserve_piles and (
                redeal_left or (src == rules.hand and rules.even_piles)):
            continue
        if counts is None:
            counts = [len(piles[f]) for f in found]
        count = len(piles[dst])
        rank = piles[src][-1] >> 2
        below = rules.below[rank]
        if below and copies_off(state, rules, place_of(below, base)):
            continue
        if counts.count(count) >= copies_off(state, rules, place_of(rank, base)):
            return move
    return None


def reserve_dead_end(state: State) -> bool:
    """A stack that cannot unwind (``stacks_unwind``), or no card of the ranks a win needs
    next able to come free.

    Fix a set T of places, one of whose ranks still has copies off the foundations: a
    single place, or two or more of the places the foundations need next. Until a card of
    T is played, a foundation of count c moves only up to its next slot of a place in T,
    so it can take a place q only if q's next slot comes first (``reachable``); as c
    grows that set shrinks, so a place stuck now stays stuck until a card of T is played.
    With no redeal left (RBW-7) cards move only thus: the hand card (from the stock) to a
    foundation, onto a reserve or a waste pile; a waste top to a foundation or onto a
    reserve; a reserve top to a foundation; a card goes onto a reserve only onto the rank
    above it (RBW-4, TOD-4, DST-3). Before the first card of T is played, then: a reserve shows
    its cards from the top down to its first stuck card, or a card laid on it, which
    moved onto a rank it showed; a waste card moves only when every card above it has
    moved, each to a foundation (so not stuck) or onto a reserve showing the rank above
    it. The least sets closed under these steps (ranks a reserve can show; waste cards
    that can move, with every stock and hand card) hold every card that moves and every
    rank shown, by induction on the moves. If they hold no card of T (no reserve card of
    T above its first stuck card, none in the stock or hand), no card of T can ever be
    played, and a win needs one: lost. A wrapping reserve can so come to show almost any
    rank while the stock lasts; Toad's without wrap (TOD-4) never shows more than its
    highest card that can still come up. Toad's ace extraction (TOD-3) takes a card from
    inside a reserve, so while one is open no loss is claimed.
    """
    rules = state.rules
    assert isinstance(rules, ReserveRules)
    if rules.extraction_move and rules.extractions(state):
        return False
    piles, v = state.piles, state.vars
    form = form_of(rules, v[BASE_RANK])
    last = v[REDEALS_DONE] >= rules.shape.redeals
    found = form.found(tuple(sorted([len(piles[f]) for f in rules.found_piles])))
    reserves = [form.pile(bytes(piles[r]).translate(RANK_OF))
                for r in rules.reserve_piles if piles[r]]
    if not last:
        return not _unwound(form, found, reserves, [], last)
    wastes = [form.pile(bytes(cards).translate(RANK_OF))
              for cards in _getters(rules)[1](piles) if cards]
    return dead_end_of(form, found, reserves, wastes, _to_come(state, rules), last)


def dead_end_of(form: Form, found: Found, reserves: list[PileInfo], wastes: list[PileInfo],
                to_come: int, last: bool) -> bool:
    """``reserve_dead_end`` on the position's parts: the foundation counts, the non-empty
    reserves and waste piles (waste piles read only when ``last``, no redeal left) and
    the ranks of the stock and hand as bits. A search that keeps its piles as ranks calls
    this directly, with nothing to translate."""
    if not _unwound(form, found, reserves, wastes, last):
        return True
    if not last or to_come == ALL_RANKS:  # a quick no: every rank has a copy still to come
        return False
    counts_key = found.key
    exempt = to_come  # a copy still to come or on top is never walled
    union = 0
    free = 0  # ranks the quick no of ``_walled`` frees for their place alone
    for info in (*reserves, *wastes):
        exempt |= 1 << info.top
        union |= info.mask
        known = info.free.get(counts_key)
        if known is None:
            known = info.free[counts_key] = _free_alone(found, info)
        free |= known
    base = form.base
    # ranks with a copy off the foundations, none still to come or on top, and no copy
    # that the quick no frees: ``_walled`` of the rank's place alone, whose first checks
    # (a copy to come, the quick no) are known to fail, so only its closure is asked
    rest = union & ~exempt & ~free
    if rest:
        alone = found.alone()
        while rest:
            low = rest & -rest
            rest ^= low
            if _closed(form, low, alone[low.bit_length() - 1], to_come, reserves, wastes):
                return True
    wanted = 0  # places wanted next, as bits, none of whose ranks is exempt
    for place in found.wanted:
        if not exempt >> (place + base - 1) % 13 + 1 & 1:
            wanted |= 1 << place
    piled = (*reserves, *wastes)
    return any(_walled(form, counts_key, wall, to_come, reserves, wastes, piled)
               for wall in _wanted_sets(wanted))


def _wanted_sets(wanted: int) -> list[int]:
    """The sets T tried of the places wanted next (as bits): every set of two or more of
    them, or only all of them beyond ``WANTED_SUBSETS``. Kept per ``wanted``."""
    known = _WANTED_SETS.get(wanted)
    if known is None:
        places = [p for p in range(13) if wanted >> p & 1]
        sizes = range(2, len(places) + 1) if len(places) <= WANTED_SUBSETS else [len(places)]
        known = _WANTED_SETS[wanted] = [sum(1 << place for place in chosen) for size in sizes
                                        for chosen in combinations(places, size)]
    return known


_WANTED_SETS: dict[int, list[int]] = {}


# up to this many places wanted next (none still to come), each set of two or more of
# them is tried as T; beyond, only all of them
WANTED_SUBSETS = 4
ALL_RANKS = 0x3FFE  # bits 1 to 13
ALL_PLACES = 0x1FFF  # bits 0 to 12


def _to_come(state: State, rules: ReserveRules) -> int:
    """The ranks of the stock and hand cards, as bits."""
    piles = state.piles
    return rank_mask(set(bytes(piles[rules.stock]).translate(RANK_OF))
                     | set(bytes(piles[rules.hand]).translate(RANK_OF)))


def stacks_unwind(state: State, rules: ReserveRules) -> bool:
    """Whether every reserve, and the cards of each waste pile that no reserve can take,
    could still be played out onto the foundations in their own order (``unwinds``).

    A reserve's cards, those dealt and those built on it, go only to a foundation (RBW-4,
    OPS-1, TOD-1, DST-3) and only from its top, so they reach the foundations top card
    first. The redeal gathers waste piles only (RBW-7), so this holds in every pass. A
    waste card goes only to a foundation or onto a reserve (RBW-5, TOD-5). With no redeal
    left, the cards of a waste pile that can never go onto a reserve leave it top first
    straight to a foundation, so they too form such a stack: all of them once no reserve
    is left (an emptied one is gone), and under Toad's build down without wrap (TOD-4)
    those of a rank no lower than the highest card in the reserves, since a reserve top
    never exceeds that card and a card goes only onto one rank higher.
    A win puts every card of such a stack on a foundation, so a stack that cannot unwind
    even with every other card at hand whenever wanted means the position is lost.
    """
    piles, v = state.piles, state.vars
    form = form_of(rules, v[BASE_RANK])
    found = form.found(tuple(sorted([len(piles[f]) for f in rules.found_piles])))
    reserves = [form.pile(bytes(piles[r]).translate(RANK_OF))
                for r in rules.reserve_piles if piles[r]]
    wastes = [form.pile(bytes(cards).translate(RANK_OF))
              for cards in _getters(rules)[1](piles) if cards]
    return _unwound(form, found, reserves, wastes, v[REDEALS_DONE] >= rules.shape.redeals)


def _unwound(form: Form, found: Found, reserves: list[PileInfo], wastes: list[PileInfo],
             last: bool) -> bool:
    """``stacks_unwind`` on the position's parts; each pile keeps its answers by the
    foundation counts (and, for a waste pile, the highest rank in the reserves)."""
    counts = found.open
    capacity = form.capacity
    for info in reserves:
        ok = info.unwinds.get(counts)
        if ok is None:
            ok = info.unwinds[counts] = unwinds(counts, capacity, info.places)
        if not ok:
            return False
    if not last:
        return True
    if not reserves:
        reach = 0
    elif form.wrap:
        return True
    else:
        highest = 0
        for info in reserves:
            highest |= info.mask
        reach = highest.bit_length() - 1  # the highest card's rank
    key = (counts, reach)
    for info in wastes:
        if len(info.ranks) > 1:
            ok = info.fixed.get(key)
            if ok is None:
                # the cards of ranks from ``reach`` up, as places, top first
                fixed = info.pile.translate(form.table, _RANKS_BELOW[reach])[::-1]
                ok = info.fixed[key] = len(fixed) <= 1 or unwinds(counts, capacity, fixed)
            if not ok:
                return False
    return True


class PileInfo:
    """What the dead end reads of one non-empty reserve or waste pile, kept per ``Form``
    and per pile (a pile changes one card at a time, so most come back often): its ranks
    bottom first and top first, as bits, its top rank, its places top first, its covers
    (``_first_covers``), and answers kept by foundation counts."""

    __slots__ = ("covers", "fixed", "free", "mask", "pile", "places", "ranks", "top",
                 "unwinds")

    def __init__(self, pile: bytes, table: bytes) -> None:
        self.pile = pile
        self.ranks = ranks = pile[::-1]
        self.top = ranks[0]
        self.mask = rank_mask(set(ranks))
        self.places = ranks.translate(table)
        self.covers = _first_covers(ranks)
        self.unwinds: dict[tuple[int, ...], bool] = {}  # open counts -> ``unwinds``
        self.fixed: dict[tuple[tuple[int, ...], int], bool] = {}  # (counts, reach) -> same
        self.free: dict[int, int] = {}  # counts key -> ``_free_alone``


class Found:
    """What the dead end reads of the foundation counts (sorted): the counts below the
    capacity, the key of ``_targets_and_stuck`` (counts as bits, capacity, base rank) and
    the places the foundations want next."""

    __slots__ = ("_alone", "base", "key", "open", "wanted")

    def __init__(self, counts: tuple[int, ...], capacity: int, base: int) -> None:
        self.open = tuple(n for n in counts if n < capacity)
        bits = 0
        for n in counts:
            bits |= 1 << n
        self.key = (bits << 5 | capacity) << 4 | base
        self.base = base
        self.wanted = sorted({n % 13 for n in self.open})
        self._alone: list[int] | None = None

    def alone(self) -> list[int]:
        """Rank -> the stuck ranks (``_targets_and_stuck``) of the rank's place alone:
        its own, and those whose place no foundation takes before its next slot of it."""
        known = self._alone
        if known is None:
            capacity, base = self.key >> 4 & 31, self.base
            runs = [_runs(capacity, n) for n in set(self.open)]
            known = [0] * 14
            for place in range(13):
                free = 0  # places, as bits
                for run in runs:
                    free |= run[place]
                stuck = (1 << place | ~free) & ALL_PLACES
                # places as bits to ranks as bits: place p is rank (p + base - 1) % 13 + 1
                turned = (stuck << (base - 1) | stuck >> (14 - base)) & ALL_PLACES
                known[(place + base - 1) % 13 + 1] = turned << 1
            self._alone = known
        return known


class Form:
    """What the dead end reads besides the piles, fixed for a deal (capacity, base rank,
    wrap), with the piles and foundation counts met so far."""

    def __init__(self, capacity: int, base: int, wrap: bool) -> None:
        self.capacity, self.base, self.wrap = capacity, base, wrap
        self.table = _PLACES_OF_RANK[base]
        self.piles: dict[bytes, PileInfo] = {}
        self.founds: dict[tuple[int, ...], Found] = {}

    def pile(self, ranks: bytes) -> PileInfo:
        """The pile of these ranks (bottom first, not empty)."""
        info = self.piles.get(ranks)
        if info is None:
            if len(self.piles) > 100_000:
                self.piles.clear()
            info = self.piles[ranks] = PileInfo(ranks, self.table)
        return info

    def found(self, counts: tuple[int, ...]) -> Found:
        """The foundations of these counts (sorted)."""
        known = self.founds.get(counts)
        if known is None:
            if len(self.founds) > 100_000:
                self.founds.clear()
            known = self.founds[counts] = Found(counts, self.capacity, self.base)
        return known


def form_of(rules: ReserveRules, base: int) -> Form:
    """The one ``Form`` of these rules and base rank."""
    key = (rules.shape.foundation_cards, base, rules.shape.reserve_wrap)
    form = _FORMS.get(key)
    if form is None:
        form = _FORMS[key] = Form(*key)
    return form


_FORMS: dict[tuple[int, int, bool], Form] = {}


# a function from the piles to some of them, as a tuple
PilesOf = Callable[[list[list[int]]], tuple[list[int], ...]]


def _getters(rules: ReserveRules) -> tuple[PilesOf, PilesOf]:
    """The foundations and the waste piles of ``piles``, each as a tuple, in one call."""
    known = _GETTERS.get(rules)
    if known is None:
        known = _GETTERS[rules] = (_tuple_getter(rules.found_piles),
                                   _tuple_getter(rules.waste))
    return known


def _tuple_getter(indices: tuple[int, ...]) -> PilesOf:
    if len(indices) == 1:
        index = indices[0]
        return lambda piles: (piles[index],)
    return itemgetter(*indices)


_GETTERS: dict[ReserveRules, tuple[PilesOf, PilesOf]] = {}
_RANKS_BELOW = [bytes(range(n)) for n in range(15)]
# base rank -> a table from rank to place
_PLACES_OF_RANK = [bytes(place_of(rank, base) for rank in range(256)) for base in range(14)]


def unwinds(counts: tuple[int, ...], capacity: int, places: bytes) -> bool:
    """Whether cards of these places, arriving in this order, can each be laid on one of
    foundations of these counts (sorted; full ones left out), each foundation taking its
    cards at rising slots, slot q holding place q mod 13, below ``capacity``.

    Cards not in the sequence may fill the slots between at will, so this is all the
    sequence asks. A foundation whose next free slot is lower can do whatever one whose
    next free slot is higher can (take each card at the first slot of its place from
    there), so a card always takes the first fitting slot of the foundation it goes to,
    and only the multiset of next free slots matters. Foundations of one round
    (capacity 13) are decided by ``_best_fit``; otherwise the first-fit line answers
    most questions at once and the rest are searched over those multisets, keeping only
    the least ones (by the same argument); answers are kept.
    """
    key = (counts, capacity, places)
    known = _UNWINDS.get(key)
    if known is None:
        if capacity == 13:
            known = _best_fit(counts, places)
        else:
            known = _first_fit(counts, capacity, places) or _search_unwinds(
                counts, capacity, places)
        if len(_UNWINDS) > 100_000:
            _UNWINDS.clear()
        _UNWINDS[key] = known
    return known


_UNWINDS: dict[tuple[tuple[int, ...], int, bytes], bool] = {}


def _best_fit(counts: tuple[int, ...], places: bytes) -> bool:
    """``unwinds`` for foundations of one round (capacity 13): each card onto the
    foundation with the highest next free slot not above its place.

    With one round a foundation of next free slot c takes place p only at slot p, and
    only if c <= p; it then has next free slot p + 1 whichever foundation took it. So
    taking the highest such c leaves the multiset of next free slots lowest, slot by
    slot in sorted order, of all the choices (it keeps the lower c where another choice
    keeps this one), and a lower multiset can do whatever a higher one can (the note
    above): if any line lays every card, this one does. Exact, as the search is."""
    slots = list(counts)
    for place in places:
        best = -1
        high = -1
        for j, cur in enumerate(slots):
            if high < cur <= place:
                best, high = j, cur
        if best < 0:
            return False
        slots[best] = place + 1
    return True


def _first_fit(counts: tuple[int, ...], capacity: int, places: bytes) -> bool:
    """Each card onto the foundation whose first fitting slot is lowest: a quick yes."""
    slots = list(counts)
    for place in places:
        best = -1
        best_slot = capacity
        for j, cur in enumerate(slots):
            slot = cur + (place - cur) % 13
            if slot < best_slot:
                best, best_slot = j, slot
        if best < 0:
            return False
        slots[best] = best_slot + 1
    return True


def _search_unwinds(counts: tuple[int, ...], capacity: int, places: bytes) -> bool:
    """``unwinds`` by breadth over the multisets of next free slots, least ones only.
    Of the foundations that would take a card at the same slot only the highest is
    tried: the choices leave the same multiset but for the next free slot kept, and the
    lower one kept is the least (the first fitting slot never falls as the next free slot
    rises, so going down the sorted slots such foundations come together)."""
    states = {counts}
    for place in places:
        grown: set[tuple[int, ...]] = set()
        for slots in states:
            last = -1
            for j in range(len(slots) - 1, -1, -1):
                cur = slots[j]
                slot = cur + (place - cur) % 13
                if slot == last:
                    continue
                last = slot
                if slot < capacity:
                    grown.add(tuple(sorted((*slots[:j], slot + 1, *slots[j + 1:]))))
        if not grown:
            return False
        states = _least(grown)
    return True


def _least(states: set[tuple[int, ...]]) -> set[tuple[int, ...]]:
    """The states no other state is below everywhere (both sorted)."""
    ordered = sorted(states, key=sum)
    kept: list[tuple[int, ...]] = []
    for slots in ordered:
        for k in kept:
            if all(map(le, k, slots)):  # same length: one foundation count each
                break
        else:
            kept.append(slots)
    return set(kept)


def reachable(counts: frozenset[int], capacity: int, places: frozenset[int]) -> list[bool]:
    """Place -> whether some foundation of these counts can take it before it takes one
    of ``places``."""
    out = [False] * 13
    for count in counts:
        # the places this foundation takes next, up to its next slot of one of them
        gap = min(min((place - count) % 13 for place in places), capacity - count)
        for g in range(gap):
            out[(count + g) % 13] = True
    return out


def rank_mask(ranks: set[int]) -> int:
    """These ranks as bits (bit r for rank r)."""
    mask = 0
    for rank in ranks:
        mask |= 1 << rank
    return mask


def _targets_and_stuck(counts_key: int, wall: int) -> tuple[int, int, tuple[int, ...]]:
    """Rank bits of the places of ``wall`` (places as bits); rank bits of the stuck ranks
    (of those places, or no foundation takes them first); the ranks of those places.
    Kept per ``counts_key`` (the foundation counts as bits, capacity and base rank:
    ``Found``) and ``wall``. This is ``reachable`` with places as bits: the places a
    foundation takes before one of the wall's are the shortest of its runs up to each."""
    key = counts_key << 13 | wall
    known = _STUCK.get(key)
    if known is None:
        base, capacity, counts = counts_key & 15, counts_key >> 4 & 31, counts_key >> 9
        places = [p for p in range(13) if wall >> p & 1]
        free = 0  # places as bits
        for n in range(capacity + 1):
            if counts >> n & 1:
                runs = _runs(capacity, n)
                run = (1 << 13) - 1
                for p in places:
                    run &= runs[p]
                free |= run
        target = stuck = 0
        for rank in range(1, 14):
            place = place_of(rank, base)
            if wall >> place & 1:
                target |= 1 << rank
                stuck |= 1 << rank
            elif not free >> place & 1:
                stuck |= 1 << rank
        known = target, stuck, tuple(r for r in range(1, 14) if target >> r & 1)
        if len(_STUCK) > 100_000:
            _STUCK.clear()
        _STUCK[key] = known
    return known


_STUCK: dict[int, tuple[int, int, tuple[int, ...]]] = {}


def _runs(capacity: int, count: int) -> list[int]:
    """Place p -> the places, as bits, a foundation of ``count`` cards takes before its
    next slot of place p (``reachable`` of p alone). Kept per capacity and count."""
    key = capacity << 8 | count
    known = _RUNS.get(key)
    if known is None:
        known = []
        for p in range(13):
            run = 0
            for g in range(min((p - count) % 13, capacity - count)):
                run |= 1 << (count + g) % 13
            known.append(run)
        _RUNS[key] = known
    return known


_RUNS: dict[int, list[int]] = {}


def _first_covers(ranks: bytes) -> dict[int, int]:
    """Rank -> the ranks above its first copy in this pile (top first), as bits."""
    known: dict[int, int] = {}
    cover = 0
    for rank in ranks:
        if rank not in known:
            known[rank] = cover
        cover |= 1 << rank
    return known


def _all_walled(state: State, rules: ReserveRules, places: set[int]) -> bool:
    """Whether no card of these places can come free before one is played: the least
    fixed point of the cards that can move (see ``reserve_dead_end``)."""
    piles = state.piles
    form = form_of(rules, state.vars[BASE_RANK])
    found = form.found(tuple(sorted([len(piles[f]) for f in rules.found_piles])))
    reserves = [form.pile(bytes(piles[r]).translate(RANK_OF))
                for r in rules.reserve_piles if piles[r]]
    wastes = [form.pile(bytes(cards).translate(RANK_OF))
              for cards in _getters(rules)[1](piles) if cards]
    return _walled(form, found.key, sum(1 << place for place in places),
                   _to_come(state, rules), reserves, wastes)


def _free_alone(found: Found, info: PileInfo) -> int:
    """Rank bits of the ranks r for which ``_walled`` of r's place alone gives the quick
    no on this pile: its first copy of r has no card above it stuck for that place."""
    known = 0
    alone = found.alone()
    for rank, cover in info.covers.items():
        if not cover & alone[rank]:
            known |= 1 << rank
    return known


def _walled(form: Form, counts_key: int, wall: int, to_come: int, reserves: list[PileInfo],
            wastes: list[PileInfo], piled: tuple[PileInfo, ...] | None = None) -> bool:
    """``_all_walled`` for the places of ``wall`` (bit p for place p), ranks as bits: bit
    r of ``shown``, a rank a reserve can come to show; of ``moving``, a rank with a copy
    that can be laid on a reserve; of ``leaves``, a rank whose card can leave a waste
    pile. Most sets are answered by the quick no: a pile whose first stuck card, top
    first, is of the places (a copy with no stuck card above it); that card comes free as
    the fixed point's first steps show."""
    target, stuck, target_ranks = _targets_and_stuck(counts_key, wall)
    if to_come & target:
        return False
    if piled is None:
        piled = (*reserves, *wastes)
    for rank in target_ranks:  # a quick no: a pile's first stuck card is of the places
        for info in piled:
            cover = info.covers.get(rank)
            if cover is not None and not cover & stuck:
                return False
    return _closed(form, target, stuck, to_come, reserves, wastes)


def _closed(form: Form, target: int, stuck: int, to_come: int, reserves: list[PileInfo],
            wastes: list[PileInfo]) -> bool:
    """``_walled`` after its quick checks, for the target and stuck ranks of its places:
    the least fixed point itself."""
    shown = 0
    for info in reserves:  # top first; these leave only to foundations
        for r in info.ranks:
            bit = 1 << r
            if target & bit:
                return False
            shown |= bit
            if stuck & bit:
                break
    wrap = form.wrap
    piles = [info.ranks for info in wastes]
    opened = [0] * len(piles)  # cards from the top known to come free
    moving = to_come
    changed = True
    while changed:
        while True:  # close ``shown`` under building down: a moving rank onto a shown one
            grown = shown | (shown >> 1 | (1 << 13 if wrap and shown & 2 else 0)) & moving
            if grown == shown:
                break
            shown = grown
        # a card leaves to a foundation (not stuck) or onto a shown rank one higher
        leaves = ~stuck | shown >> 1 | (1 << 13 if wrap and shown & 2 else 0)
        changed = False
        for k, ranks in enumerate(piles):
            n = opened[k]
            size = len(ranks)
            while n < size:
                if n and not leaves >> ranks[n - 1] & 1:
                    break
                r = ranks[n]
                if target >> r & 1:
                    return False
                moving |= 1 << r
                n += 1
                changed = True
            opened[k] = n
    return True

_WAITS: dict[tuple[int, ...], list[int]] = {}  # (capacity, *counts) -> waits


def waits(state: State, rules: ReserveRules) -> list[int]:
    """Place -> how long until that place is wanted, in eighths of a card: a guide for
    ordering only. With foundations of 13 each copy ends on a different one, so the
    slowest foundation that still needs the place counts; with 26 (twice round) the mean.
    It depends on the foundation counts alone, so it is kept per counts."""
    piles = state.piles
    capacity = rules.shape.foundation_cards
    counts = (capacity, *sorted(len(piles[f]) for f in rules.found_piles))
    known = _WAITS.get(counts)
    if known is None:
        known = _waits(capacity, counts[1:])
        if len(_WAITS) > 100_000:
            _WAITS.clear()
        _WAITS[counts] = known
    return known


def _waits(capacity: int, counts: tuple[int, ...]) -> list[int]:
    slowest = capacity == 13
    total = [0] * 13
    needing = [0] * 13
    for count in counts:
        if count >= capacity:
            continue
        for place in range(13):
            gap = (place - count) % 13
            if count + gap < capacity:
                if slowest:
                    total[place] = max(total[place], gap)
                    needing[place] = 1
                else:
                    total[place] += gap
                    needing[place] += 1
    return [total[p] * 8 // needing[p] if needing[p] else 999 for p in range(13)]


def reserve_order(state: State, legal: list[RawMove]) -> list[RawMove]:
    """Foundation plays first (reserve cards before waste and hand cards, each onto the least
    advanced foundation that takes it: one foundation racing ahead of the others leaves
    low cards waiting on the waste piles), then builds on a
    reserve, then the hand card onto a waste pile whose top is needed no sooner than it
    (the closest first), an empty pile, a pile whose top is needed latest; draws last.
    Waste piles alike in cards and marks get one move, the others being the same position
    up to the symmetry of ``solver_key`` (only once no redeal is left: RBW-7 reads order).
    Ordering never changes an answer; the merging drops only positions the key merges."""
    return _ordered(state, legal, None, 0.0)


def _ordered(state: State, legal: list[RawMove], rng: random.Random | None,
             noise: float) -> list[RawMove]:
    """``reserve_order``, with the waste-pile choices scored and, given ``rng``, each
    score shifted by up to ``noise`` at random."""
    rules = state.rules
    assert isinstance(rules, ReserveRules)
    piles, v = state.piles, state.vars
    found = rules.found_piles
    base = v[BASE_RANK]
    wait = waits(state, rules)
    hand = piles[rules.hand]
    hand_wait = wait[place_of(hand[-1] >> 2, base)] if hand else 0
    symmetric = v[REDEALS_DONE] >= rules.shape.redeals
    marks = rules.pile_marks(state)
    seen_piles: set[tuple[int, tuple[int, ...]]] = set()
    ranked: list[tuple[float, int, RawMove]] = []
    for i, move in enumerate(legal):
        src, dst, _, _ = move
        if src == ACTION:
            ranked.append((9000.0, i, move))
        elif dst in found:  # the least advanced foundation first
            ranked.append(((0.0 if src in rules.reserve_piles else 1.0)
                           + len(piles[dst]) / 1000, i, move))
        elif dst in rules.reserve_piles:
            ranked.append((2.0 if src == rules.hand else 6000.0, i, move))
        else:
            cards = piles[dst]
            if symmetric:
                ident = (marks[dst - rules.first_waste], tuple(c >> 2 for c in cards))
                if ident in seen_piles:
                    continue
                seen_piles.add(ident)
            score = waste_score(wait[place_of(cards[-1] >> 2, base)] if cards else -1,
                                hand_wait)
            if rng is not None:
                score += rng.random() * noise
            ranked.append((score, i, move))
    ranked.sort()
    return [m for _, _, m in ranked]


def waste_score(top_wait: int, hand_wait: int) -> float:
    """Lower is tried sooner: a top needed no sooner than the hand card (the closest
    first), then an empty pile (``top_wait`` -1), then the top needed latest."""
    if top_wait < 0:
        return 3000.0
    if top_wait >= hand_wait:
        return 10.0 + top_wait - hand_wait
    return 4000.0 - top_wait


# score spreads of the probes' waste-pile choices, in turn (eighths of a card, see waits):
# small, so a probe mostly reorders near-equal choices (Toad deals 1-50 that 200-5000
# left undecided in 10 s were won with these)
PROBE_NOISE = (20.0, 50.0, 100.0)


def reserve_probe_order(probe: int) -> Ordering:
    """Probe 0 keeps ``reserve_order``; probe n > 0 shifts each waste-pile choice's score
    by a random amount drawn from a generator seeded with n, so successive probes try
    the hand card on different piles near the top of the tree. Each probe is a complete
    search, so this changes only how soon an answer is found."""
    if probe == 0:
        return reserve_order
    rng = random.Random(probe)
    noise = PROBE_NOISE[probe % len(PROBE_NOISE)]

    def order(state: State, legal: list[RawMove]) -> list[RawMove]:
        return _ordered(state, legal, rng, noise)

    return order
