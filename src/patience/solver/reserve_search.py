"""The reserve family's exact search on a lean copy of the position (RULES.md §6–§9).

The restarted probes of ``depth_first.restarts``, each a ``depth_first`` with the family's
safe move, dead end and probe order and the shared table of positions proved lost, so it
explores exactly the positions the generic search explores, in the same order, with the
same answer. Only the bookkeeping is the family's own: every rule of these games reads
ranks only, so reserves, waste piles, stock and hand are plain lists of ranks, each
foundation is its count (its top rank follows from the count and the base rank), a move
is played and taken back by hand, and the dead end reads piles kept as rank bytes with
their facts (``reserve_family.PileInfo``) instead of translating every pile at every
call. The key is ``ReserveRules.solver_key``'s bytes, built from pieces kept per pile.
Moves are the engine's raw moves, so the winning line is returned as it is and replayed
by ``search.solve``.
"""

from __future__ import annotations

import random
import time
from typing import Any, Literal

from patience.deals import chance_shuffle, chance_source
from patience.engine.rules import ACTION, RawMove
from patience.engine.state import State
from patience.games.reserve_family import (
    BASE_RANK,
    DRAW,
    EXTRACTED,
    FAMILY_VARS,
    REDEAL,
    REDEALS_DONE,
    ReserveRules,
)
from patience.solver.probes import PROBE_UNIT, probe_cutoff
from patience.solver.reserve_family import (
    PROBE_NOISE,
    Found,
    PileInfo,
    _unwound,
    _waits,
    dead_end_of,
    form_of,
    place_of,
    waste_score,
)

Outcome = Literal["won", "lost", "unknown"]
TIME_CHECK_EVERY = 1024  # nodes between clock readings, as depth_first
DRAW_MOVE: RawMove = (ACTION, DRAW, 0, False)
REDEAL_MOVE: RawMove = (ACTION, REDEAL, 0, False)


def reserve_search(state: State, max_nodes: int, deadline: float,
                   unit: int = PROBE_UNIT) -> tuple[Outcome, list[RawMove], int]:
    """``depth_first.restarts`` with ``reserve_probe_order`` from ``state`` (left unchanged):
    probe n keeps ``reserve_order`` (n = 0) or shifts each waste-pile score by a draw
    from ``random.Random(n)`` times ``PROBE_NOISE[n % 3]``, cut off as
    ``probes.probe_cutoff(n, unit)``; the probes share the table of positions proved
    lost."""
    lean = Lean(state)
    nodes = 0
    number = 0
    proved: set[bytes] = set()
    while nodes < max_nodes and time.perf_counter() < deadline:
        budget = min(probe_cutoff(number, unit), max_nodes - nodes)
        rng = random.Random(number) if number else None
        outcome, line, used = probe(lean, budget, deadline, rng,
                                      PROBE_NOISE[number % len(PROBE_NOISE)], proved)
        nodes += used
        if outcome != "unknown":
            return outcome, line, nodes
        number += 1
    return "unknown", [], nodes


def probe(lean: Lean, max_nodes: int, deadline: float, rng: random.Random | None,
           noise: float, proved: set[bytes]) -> tuple[Outcome, list[RawMove], int]:
    """``depth_first`` on the lean position (every move of the family is
    irreversible, so a position's lowlink starts at its own number); after ``unknown``
    the position is as it was given."""
    if lean.is_won():
        return "won", [], 0
    root = lean.key()
    if root in proved:
        return "lost", [], 0
    play, undo, key_of, children = lean.play, lean.undo, lean.key, lean.children
    lean.drew = False  # the root's dead end is asked
    explored = {root: 0}  # key -> number in the order found
    unproved = [(0, root)]  # explored and not proved, in the order found
    path: list[RawMove] = []
    frames: list[list[Any]] = [[children(root, rng, noise), 0, 0, 0]]  # moves, next, number, low
    nodes = 0
    while frames:
        frame = frames[-1]
        moves, i = frame[0], frame[1]
        if i == len(moves):
            frames.pop()
            number, low = frame[2], frame[3]
            if low >= number:  # a closed component: all of it proved lost
                while unproved and unproved[-1][0] >= number:
                    proved.add(unproved.pop()[1])
            elif frames[-1][3] > low:
                frames[-1][3] = low
            if path:
                undo(path.pop())
            continue
        frame[1] = i + 1
        move = moves[i]
        play(move)
        path.append(move)
        nodes += 1
        if lean.is_won():
            return "won", path, nodes
        key = key_of()
        found = explored.get(key)
        if found is not None or key in proved:
            if found is not None and key not in proved and frame[3] > found:
                frame[3] = found  # an unproved position: on the path or tainted by it
            undo(path.pop())
        else:
            number = len(explored)
            explored[key] = number
            unproved.append((number, key))
            frames.append([children(key, rng, noise), 0, number, number])
        if nodes >= max_nodes or (nodes % TIME_CHECK_EVERY == 0
                                  and time.perf_counter() > deadline):
            while path:
                undo(path.pop())
            return "unknown", [], nodes
    return "lost", [], nodes


class Counts:
    """What the search reads of the foundation counts (one per foundation, in pile
    order), kept per counts: which foundations take each rank next (as
    ``ReserveRules.generate`` lists them), the sorted counts as the key's first bytes,
    copies off per place, the waits (``reserve_family.waits``) and the dead end's
    ``Found``."""

    __slots__ = ("found", "home", "key", "off", "sorted", "takes", "wait")

    def __init__(self, counts: tuple[int, ...], lean: Lean) -> None:
        capacity, base = lean.capacity, lean.base
        takes: dict[int, list[int]] = {}
        first_empty = -1
        for f, n in zip(lean.found_piles, counts, strict=True):
            if not n:
                if first_empty < 0:
                    first_empty = f
            elif n < capacity:
                takes.setdefault(lean.next_rank[n], []).append(f)
        if first_empty >= 0:  # RBW-2, §0: a starting card to the lowest empty foundation
            takes.setdefault(base, []).append(first_empty)
        self.takes = takes
        self.sorted = ordered = tuple(sorted(counts))
        shared = lean.by_sorted.get(ordered)
        if shared is None:  # what the sorted counts alone say, kept for every order
            decks = lean.decks
            shared = lean.by_sorted[ordered] = (
                bytes(ordered), sum(counts),
                [decks * 4 - sum((n - place + 12) // 13 for n in counts) for place in range(13)],
                _waits(capacity, ordered), lean.form.found(ordered))
        self.key, self.home, self.off, self.wait, self.found = shared


class Lean:
    """A reserve-family position as ranks, played and taken back by hand."""

    def __init__(self, state: State) -> None:
        rules = state.rules
        assert isinstance(rules, ReserveRules)
        if rules.extraction_move and rules.extractions(state):
            raise ValueError("the lean copy plays no ace extraction (TOD-3): search from the "
                             "position after each one (solver/toad.py)")
        shape = rules.shape
        piles, v = state.piles, state.vars
        # TOD-3: whether the extraction is used, the last byte of the key (it never
        # changes here: an ace once on top of a toad pile stays there until it goes up)
        self.tail = bytes((v[EXTRACTED],)) if rules.extraction_move else b""
        self.rules = rules
        self.decks = state.game.decks
        self.capacity = shape.foundation_cards
        self.base = base = v[BASE_RANK]
        self.form = form_of(rules, base)
        self.redeals_allowed = shape.redeals
        self.redeals = v[REDEALS_DONE]
        self.even_piles = rules.even_piles
        self.chance = chance_source(state.deal, state.deck)
        self.target = rules.target
        self.reserve_piles = rules.reserve_piles
        self.found_piles = rules.found_piles
        self.waste = rules.waste
        self.first_waste = rules.first_waste
        self.feeders = rules.feeders
        self.stock, self.hand = rules.stock, rules.hand
        self.below = rules.below
        size = len(piles)
        self.is_found = [i in rules.found_piles for i in range(size)]
        self.is_reserve = [i in rules.reserve_piles for i in range(size)]
        self.is_waste = [i in rules.waste for i in range(size)]
        self.place = [place_of(rank, base) for rank in range(14)]
        # count -> the rank a foundation of that count takes next (place count mod 13)
        self.next_rank = [(base - 1 + n % 13) % 13 + 1 for n in range(self.capacity + 1)]
        self.to_waste = [(self.hand, w, 0, False) for w in self.waste]
        self.ranks = [[card >> 2 for card in cards] for cards in piles]
        self.count = [len(cards) for cards in piles]  # read for foundations only
        first = len(FAMILY_VARS)  # RBW-6: Rainbow's cards placed per pile this pass
        self.placed = (list(v[first:first + len(self.waste)]) if self.even_piles
                       else [0] * len(self.waste))
        self.bytes: list[bytes] = [b""] * size  # reserves and waste piles: ranks as bytes
        self.piece: list[bytes] = [b""] * size  # the key's piece of a pile
        self.info: list[PileInfo | None] = [None] * size
        self.body: bytes | None = None  # the key's part before the redeals, or None
        for pile in (*self.reserve_piles, *self.waste):
            self.refresh(pile)
        self.known: dict[int, Counts] = {}
        # the foundation counts in one int, five bits each (no foundation holds 32 cards)
        self.unit = [0] * size
        self.code = 0
        for k, f in enumerate(self.found_piles):
            self.unit[f] = 1 << 5 * k
            self.code += self.count[f] << 5 * k
        self.by_sorted: dict[tuple[int, ...], tuple[bytes, int, list[int], list[int], Found]] = {}
        self.dead: dict[bytes, bool] = {}  # key -> dead end, kept between probes
        self.counts = self.counts_of()
        self.rests: list[int] = []  # per stock length: its ranks as bits
        self.tally_stock()
        self.drew = False  # the last move played was a draw
        self.redeal_undo: list[tuple[list[list[int]], list[int], list[int], list[int]]] = []
        self.movable = (*self.reserve_piles, *self.waste, self.hand)  # what ``position`` copies
        self.first_stock = self.ranks[self.stock][:]  # what ``load_position`` cuts back

    # --- bookkeeping -----------------------------------------------------------------------

    def refresh(self, pile: int) -> None:
        """A reserve or waste pile changed: its bytes, key piece and dead-end facts."""
        self.body = None
        cards = self.ranks[pile]
        raw = self.bytes[pile] = bytes(cards)
        # a waste pile's piece holds a mark of 0 (Rainbow's marks are added in ``key``)
        head = (len(cards),) if self.is_reserve[pile] else (len(cards), 0)
        self.piece[pile] = bytes(head) + raw
        self.info[pile] = self.form.pile(raw) if cards else None

    def counts_of(self) -> Counts:
        """The ``Counts`` of the foundations now, kept by ``code`` (five bits a count)."""
        self.body = None
        known = self.known.get(self.code)
        if known is None:
            count = self.count
            known = self.known[self.code] = Counts(tuple([count[f] for f in self.found_piles]),
                                                   self)
        return known

    def tally_stock(self) -> None:
        """The ranks of the stock's first n cards (bottom first), as bits, for each n."""
        rests = [0]
        for rank in self.ranks[self.stock]:
            rests.append(rests[-1] | 1 << rank)
        self.rests = rests

    def is_won(self) -> bool:
        """All cards on the foundations (``ReserveRules.is_won``)."""
        return self.counts.home == self.target and not self.ranks[self.stock]

    def key(self) -> bytes:
        """``ReserveRules.solver_key`` of the position, byte for byte: the part from the
        foundations, reserves and waste piles (kept until one of them changes: a draw
        changes none) and the rest."""
        body = self.body
        if body is None:
            body = self.body = self.key_body()
        ranks = self.ranks
        stock = ranks[self.stock]
        hand = ranks[self.hand]
        redeals = self.redeals
        if redeals:
            return b"".join((body, bytes((redeals,)), bytes(stock),
                             bytes((len(stock), hand[-1] if hand else 0)), self.tail))
        return body + bytes((0, len(stock), hand[-1] if hand else 0)) + self.tail

    def key_body(self) -> bytes:
        """The key's part from the foundations, reserves and waste piles."""
        piece, ranks = self.piece, self.ranks
        parts = [self.counts.key]
        if len(self.reserve_piles) == 1:
            parts.append(piece[self.reserve_piles[0]])
        else:
            parts += sorted([piece[r] for r in self.reserve_piles])
        if self.even_piles:  # RBW-6: a pile's excess over the emptiest
            placed = self.placed
            fewest = min(placed)
            raw = self.bytes
            wastes = [bytes((len(ranks[w]), placed[k] - fewest)) + raw[w]
                      for k, w in enumerate(self.waste)]
        else:
            wastes = [piece[w] for w in self.waste]
        if self.redeals >= self.redeals_allowed:
            wastes.sort()
        parts += wastes
        return b"".join(parts)

    def position(self) -> tuple[list[list[int]], list[int]]:
        """The position as ``load_position`` takes it back: the ranks of the reserves, the
        waste piles and the hand; the stock's length, the foundation counts and RBW-6's
        cards placed per pile."""
        ranks, count = self.ranks, self.count
        return ([ranks[p][:] for p in self.movable],
                [len(ranks[self.stock]), *[count[f] for f in self.found_piles], *self.placed])

    def load_position(self, piles: list[list[int]], values: list[int]) -> None:
        """Back to a ``position()`` of this copy with no redeal in between: the stock only
        lost cards from its top since, so its length says which (RBW-5, TOD-5)."""
        ranks = self.ranks
        for pile, cards in zip(self.movable, piles, strict=True):
            if ranks[pile] != cards:
                ranks[pile] = cards[:]
                if pile != self.hand:
                    self.refresh(pile)
        stock, length = ranks[self.stock], values[0]
        if len(stock) > length:
            del stock[length:]
        elif len(stock) < length:
            stock += self.first_stock[len(stock):length]
        count, unit = self.count, self.unit
        found = len(self.found_piles)
        for f, n in zip(self.found_piles, values[1:found + 1], strict=True):
            if count[f] != n:
                self.code += (n - count[f]) * unit[f]
                count[f] = n
        self.counts = self.counts_of()
        self.placed = values[found + 1:]
        self.drew = False

    # --- moves -------------------------------------------------------------------------------

    def generate(self) -> list[RawMove]:
        """``ReserveRules.generate``: the same moves in the same order."""
        ranks = self.ranks
        takes = self.counts.takes
        below = self.below
        out: list[RawMove] = []
        builds: dict[int, list[int]] = {}
        for src in self.reserve_piles:  # RBW-4, TOD-1, DST-3
            cards = ranks[src]
            if cards:
                rank = cards[-1]
                if rank in takes:
                    index = len(cards) - 1
                    for f in takes[rank]:
                        out.append((src, f, index, False))
                if below[rank]:
                    builds.setdefault(below[rank], []).append(src)
        for src in self.feeders:  # RBW-5, TOD-5
            cards = ranks[src]
            if cards:
                rank = cards[-1]
                index = len(cards) - 1
                if rank in takes:
                    for f in takes[rank]:
                        out.append((src, f, index, False))
                if rank in builds:
                    for r in builds[rank]:
                        out.append((src, r, index, False))
        if ranks[self.hand]:  # RBW-5, RBW-6, TOD-5
            if self.even_piles:
                placed = self.placed
                fewest = min(placed)
                out += [m for k, m in enumerate(self.to_waste) if placed[k] == fewest]
            else:
                out += self.to_waste
        elif ranks[self.stock]:
            out.append(DRAW_MOVE)
        elif self.redeals < self.redeals_allowed and any(ranks[w] for w in self.waste):
            out.append(REDEAL_MOVE)  # RBW-7
        return out

    def play(self, move: RawMove) -> None:
        """``ReserveRules.apply`` on the ranks."""
        src, dst = move[0], move[1]
        ranks = self.ranks
        if src == ACTION:
            if dst == DRAW:
                ranks[self.hand].append(ranks[self.stock].pop())
                self.drew = True
            else:
                self.redeal()
                self.drew = False
            return
        self.drew = False
        rank = ranks[src].pop()
        if src != self.hand:
            self.refresh(src)
        if self.is_found[dst]:
            self.count[dst] += 1
            self.code += self.unit[dst]
            self.counts = self.counts_of()
        else:
            ranks[dst].append(rank)
            self.refresh(dst)
            if self.even_piles and src == self.hand and self.is_waste[dst]:  # RBW-6
                self.placed[dst - self.first_waste] += 1

    def undo(self, move: RawMove) -> None:
        """Take back ``move``, the last one played."""
        src, dst = move[0], move[1]
        ranks = self.ranks
        if src == ACTION:
            if dst == DRAW:
                ranks[self.stock].append(ranks[self.hand].pop())
            else:
                self.unredeal()
            return
        if self.is_found[dst]:
            self.count[dst] -= 1
            self.code -= self.unit[dst]
            rank = self.next_rank[self.count[dst]]
            self.counts = self.counts_of()
        else:
            rank = ranks[dst].pop()
            self.refresh(dst)
            if self.even_piles and src == self.hand and self.is_waste[dst]:
                self.placed[dst - self.first_waste] -= 1
        ranks[src].append(rank)
        if src != self.hand:
            self.refresh(src)

    def redeal(self) -> None:
        """RBW-7: the waste piles gathered in order and shuffled by chance (the shuffle
        moves places, not values, so it is the engine's on ranks)."""
        ranks = self.ranks
        gathered: list[int] = []
        for w in self.waste:
            gathered += ranks[w]
        self.redeal_undo.append(([ranks[w] for w in self.waste], ranks[self.stock],
                                 self.placed, self.rests))
        for w in self.waste:
            ranks[w] = []
            self.refresh(w)
        ranks[self.stock] = chance_shuffle(gathered, self.chance, self.redeals)[::-1]
        self.redeals += 1
        self.placed = [0] * len(self.waste)  # RBW-6: a new pass
        self.tally_stock()

    def unredeal(self) -> None:
        ranks = self.ranks
        wastes, stock, self.placed, self.rests = self.redeal_undo.pop()
        for w, cards in zip(self.waste, wastes, strict=True):
            ranks[w] = cards
            self.refresh(w)
        ranks[self.stock] = stock
        self.redeals -= 1

    # --- the family's rules ----------------------------------------------------------------

    def children(self, key: bytes, rng: random.Random | None, noise: float) -> list[RawMove]:
        """``depth_first``'s children: none at a dead end, else the safe move alone,
        else the legal moves in the probe's order. The dead end reads only what the key
        holds (the stock before a redeal is the deal's, given its length), so its answer
        is kept by key for the later probes. A draw (RBW-5) changes nothing it reads:
        the card goes from the stock to the empty hand, both cards to come, and the piles
        and foundations stay. So after a draw it answers as at the position drawn from,
        which offered the draw, so was no dead end."""
        if not self.drew:
            dead = self.dead.get(key)
            if dead is None:
                if len(self.dead) > 1_000_000:
                    self.dead.clear()
                dead = self.dead[key] = self.dead_end()
            if dead:
                return []
        legal = self.generate()
        if legal:
            forced = self.safe_move(legal)
            if forced is not None:
                return [forced]
        return self.order(legal, rng, noise)

    def dead_end(self) -> bool:
        """``reserve_family.reserve_dead_end`` on the kept pile facts."""
        info = self.info
        reserves = [pile for pile in (info[r] for r in self.reserve_piles) if pile is not None]
        found = self.counts.found
        if self.redeals < self.redeals_allowed:
            return not _unwound(self.form, found, reserves, [], False)
        wastes = [pile for pile in (info[w] for w in self.waste) if pile is not None]
        ranks = self.ranks
        hand = ranks[self.hand]
        to_come = self.rests[len(ranks[self.stock])] | (1 << hand[-1] if hand else 0)
        return dead_end_of(self.form, found, reserves, wastes, to_come, True)

    def safe_move(self, legal: list[RawMove]) -> RawMove | None:
        """``reserve_family.reserve_safe_move`` on the ranks."""
        redeal_left = self.redeals < self.redeals_allowed
        counts = self.counts
        off, place, ranks = counts.off, self.place, self.ranks
        is_found, is_reserve = self.is_found, self.is_reserve
        for move in legal:
            src, dst = move[0], move[1]
            if src == ACTION or not is_found[dst]:
                continue
            # RBW-6, RBW-7: only a reserve card keeps no trace on the waste piles
            if not is_reserve[src] and (
                    redeal_left or (src == self.hand and self.even_piles)):
                continue
            rank = ranks[src][-1]
            below = self.below[rank]
            if below and off[place[below]]:
                continue
            if counts.sorted.count(self.count[dst]) >= off[place[rank]]:
                return move
        return None

    def order(self, legal: list[RawMove], rng: random.Random | None,
              noise: float) -> list[RawMove]:
        """``reserve_family._ordered``: the same scores, the same random draws."""
        ranks, count = self.ranks, self.count
        is_found, is_reserve = self.is_found, self.is_reserve
        wait, place = self.counts.wait, self.place
        hand = ranks[self.hand]
        hand_wait = wait[place[hand[-1]]] if hand else 0
        symmetric = self.redeals >= self.redeals_allowed
        placed = self.placed
        fewest = min(placed)
        first = self.first_waste
        seen_piles: set[tuple[int, bytes]] = set()
        ranked: list[tuple[float, int, RawMove]] = []
        for i, move in enumerate(legal):
            src, dst = move[0], move[1]
            if src == ACTION:
                ranked.append((9000.0, i, move))
            elif is_found[dst]:  # the least advanced foundation first
                ranked.append(((0.0 if is_reserve[src] else 1.0) + count[dst] / 1000, i, move))
            elif is_reserve[dst]:
                ranked.append((2.0 if src == self.hand else 6000.0, i, move))
            else:
                cards = ranks[dst]
                if symmetric:
                    ident = (placed[dst - first] - fewest, self.bytes[dst])
                    if ident in seen_piles:
                        continue
                    seen_piles.add(ident)
                score = waste_score(wait[place[cards[-1]]] if cards else -1, hand_wait)
                if rng is not None:
                    score += rng.random() * noise
                ranked.append((score, i, move))
        ranked.sort()
        return [m for _, _, m in ranked]
