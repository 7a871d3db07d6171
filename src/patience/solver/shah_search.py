"""Shah's exact search on a lean copy of the position (RULES.md §3).

The restarted probes of ``depth_first.restarts`` with Shah's probe orders
(``solver.shah.probe_order``) and dead end (``shah_dead_end``), each a ``depth_first``
with the shared table of positions proved lost, so it explores exactly the positions the
generic search explores, in the same order, with the same answer. Only the bookkeeping is
Shah's own: slots and talon are lists of card ints, the stock is the deal's list with a
count of cards left, each foundation is its count (its top card is the count's rank in
its ace's suit), and a move is played and taken back by hand. Which foundations take
each card next and which outer slots show each card are tables kept as cards move, so
generating the moves reads no pile twice.

The key is ``ShahRules.solver_key``'s information packed in one int, kept as cards move:
per suit the lower and the higher count of its two foundations, per slot its bottom card
and length (an outer packet is a run down in suit from its bottom card, SHA-6; an inner
or middle slot holds one card), the stock's length, the circles dealt and the talon's
cards. Moves are the engine's raw moves, so the winning line is returned as it is and
replayed by ``search.solve``.
"""

from __future__ import annotations

import random
import time
from typing import Any, Literal

from patience.engine.rules import ACTION, RawMove
from patience.engine.state import State
from patience.games.shah import (
    CIRCLE,
    CIRCLES,
    DEAL,
    DRAW,
    FOUND0,
    GAP_ORDER,
    INNER,
    OUTER,
    QUEEN,
    RAYS,
    SLOT0,
    STOCK,
    TALON,
    ShahRules,
)
from patience.solver.probes import PROBE_UNIT, probe_cutoff
from patience.solver.shah import (
    CACHE_SIZE,
    EARLY_ACTION,
    GUIDE_NOISE,
    INNER_MIDDLE,
    relaxed_lost,
)

Outcome = Literal["won", "lost", "unknown"]
TIME_CHECK_EVERY = 1024  # nodes between clock readings, as depth_first
DEAL_MOVE: RawMove = (ACTION, DEAL, 0, False)
DRAW_MOVE: RawMove = (ACTION, DRAW, 0, False)
FOUNDATIONS = range(FOUND0, FOUND0 + RAYS)
SLOTS = range(SLOT0, STOCK)
WON = QUEEN * RAYS  # SHA-2: cards on the foundations when all eight reach Q

# The packed key, low bits first: per suit its two foundation counts, lower then higher
# (four bits each); ten bits per slot, inner slots, then middle, then outer (the dead
# end's answers are kept by the first sixteen and the counts in pile order); the stock's
# length (seven bits) and the circles dealt; six bits per talon card, bottom first (every
# card is at least 8: no aces there, so the talon's length is told too).
SLOT_SHIFT = 32
SLOT_UNIT = [0] * (TALON + 1)
for _slot in SLOTS:
    _ray, _circle = divmod(_slot - SLOT0, 3)
    SLOT_UNIT[_slot] = 1 << SLOT_SHIFT + 10 * (8 * _circle + _ray)
INNER_MIDDLE_MASK = ((1 << 160) - 1) << SLOT_SHIFT
STOCK_UNIT = 1 << SLOT_SHIFT + 240
CIRCLE_UNIT = STOCK_UNIT << 7
TALON_SHIFT = SLOT_SHIFT + 256
TALON_UNIT = [1 << TALON_SHIFT + 6 * i for i in range(100)]
GAP_BIT = [0] * (TALON + 1)  # per slot its bit in SHA-8's order of gaps
for _i, _slot in enumerate(GAP_ORDER):
    GAP_BIT[_slot] = 1 << _i
IS_OUTER = [pile in OUTER for pile in range(TALON + 1)]
IS_INNER = [pile in INNER for pile in range(TALON + 1)]
OUTER_BIT = [1 << OUTER.index(pile) if pile in OUTER else 0 for pile in range(TALON + 1)]
SHOWN = [tuple(slot for slot in OUTER if bits & OUTER_BIT[slot]) for bits in range(256)]
IS_INNER_MIDDLE = [pile in INNER_MIDDLE for pile in range(TALON + 1)]
# per suit, by its two counts in pile order (four bits each): the key's bits of the suit
PAIR_BITS = [[(min(n >> 4, n & 15) | max(n >> 4, n & 15) << 4) << 8 * suit for n in range(256)]
             for suit in range(4)]


def shah_search(state: State, max_nodes: int, deadline: float,
                unit: int = PROBE_UNIT) -> tuple[Outcome, list[RawMove], int]:
    """``depth_first.restarts`` with ``solver.shah.probe_order`` from ``state`` (left
    unchanged): probe 0 in ``shah_order``, probe n by ``guide_rank`` plus draws from
    ``random.Random(n)``, cut off as ``probes.probe_cutoff(n, unit)``; the probes share the
    table of positions proved lost."""
    lean = Lean(state)
    nodes = 0
    probe = 0
    proved: set[int] = set()
    while nodes < max_nodes and time.perf_counter() < deadline:
        budget = min(probe_cutoff(probe, unit), max_nodes - nodes)
        rng = random.Random(probe) if probe else None
        outcome, line, used = _probe(lean, budget, deadline, rng, proved)
        nodes += used
        if outcome != "unknown":
            return outcome, line, nodes
        probe += 1
    return "unknown", [], nodes


def first_probe(state: State, max_nodes: int,
                deadline: float) -> tuple[Outcome, list[RawMove], int]:
    """``depth_first`` from ``state`` (no repetition memory) in ``shah_order`` with a
    fresh table, on the lean copy: probe 0 alone, with the same positions, answer, line
    and node count. ``state`` is left unchanged."""
    return _probe(Lean(state), max_nodes, deadline, None, set())


def _probe(lean: Lean, max_nodes: int, deadline: float, rng: random.Random | None,
           proved: set[int]) -> tuple[Outcome, list[RawMove], int]:
    """``depth_first`` on the lean position; after ``unknown`` the position is as it
    was given. The repetition rule (RULES.md §0) is the engine's: the keys of the
    positions met since the last irreversible move (``seen``) bar the reversible moves
    back to them; within such a stretch only outer slots change, so the packed key tells
    positions apart exactly as the engine's full key does."""
    if lean.home == WON:
        return "won", [], 0
    root = lean.code
    if root in proved:
        return "lost", [], 0
    play, undo, children = lean.play, lean.undo, lean.children
    seen: set[int] = set()
    explored = {root: 0}  # key -> number in the order found
    unproved = [(0, root)]  # explored and not proved, in the order found
    path: list[RawMove] = []
    tokens: list[Any] = []  # per move on the path: the key it left (reversible) or old seen
    # per depth: moves, next move, number, lowlink, number of the stretch start
    frames: list[list[Any]] = [[children(seen, rng), 0, 0, 0, 0]]
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
                move = path.pop()
                undo(move)
                if move[3]:
                    seen.discard(tokens.pop())
                else:
                    seen = tokens.pop()
            continue
        frame[1] = i + 1
        move = moves[i]
        if move[3]:
            tokens.append(lean.code)
            seen.add(lean.code)
        else:
            tokens.append(seen)
            if seen:
                seen = set()
        play(move)
        path.append(move)
        nodes += 1
        if lean.home == WON:
            return "won", path, nodes
        key = lean.code
        found = explored.get(key)
        if found is not None or key in proved:
            if found is not None and key not in proved and frame[3] > found:
                frame[3] = found  # an unproved position: on the path or tainted by it
            path.pop()
            undo(move)
            if move[3]:
                seen.discard(tokens.pop())
            else:
                seen = tokens.pop()
        else:
            number = len(explored)
            explored[key] = number
            unproved.append((number, key))
            stretch = frame[4] if move[3] else number
            frames.append([children(seen, rng), 0, number, stretch, stretch])
        if nodes >= max_nodes or (nodes % TIME_CHECK_EVERY == 0
                                  and time.perf_counter() > deadline):
            while path:
                undo(path.pop())
            return "unknown", [], nodes
    return "lost", [], nodes


class Lean:
    """A Shah position as lists and counts, played and taken back by hand."""

    def __init__(self, state: State) -> None:
        rules = state.rules
        assert isinstance(rules, ShahRules)
        # SHA-8, SHA-9 as the position's rules version reads them
        self.turned_card_plays, self.lane_fills = rules.turned_card_plays, rules.lane_fills
        self.lane_sources: list[tuple[int, int]] = []  # per lane move: where its fills came from
        piles = state.piles
        # slots and talon as the engine's lists; the stock is the deal's list, its first
        # ``stock_n`` cards still there; foundations are counts, their lists stay empty
        self.cards = [list(cards) for cards in piles]
        for pile in (*FOUNDATIONS, *SLOTS):
            self.cards[pile] = []
        self.stock = self.cards[STOCK]
        self.stock_n = len(self.stock)
        self.talon = self.cards[TALON]
        self.circles = state.vars[CIRCLES]
        self.count = [len(piles[f]) for f in FOUNDATIONS]
        self.home = sum(self.count)
        self.suit = [piles[f][0] & 3 for f in FOUNDATIONS]
        self.pair: list[tuple[int, int]] = []  # per suit its two foundations, pile order
        for suit in range(4):
            first, second = (f for f in FOUNDATIONS if self.suit[f] == suit)
            self.pair.append((first, second))
        self.fcode = 0  # the counts in pile order, four bits each (the dead end's key)
        for f in FOUNDATIONS:
            self.fcode += self.count[f] << 4 * f
        self.wants: list[tuple[int, ...]] = [()] * 64  # card -> foundations taking it next
        for suit in range(4):
            for f in self.pair[suit]:
                self.set_wants(suit, self.count[f] + 1)
        self.shows = [0] * 64  # card -> the outer slots showing it, as bits (OUTER_BIT)
        self.piece = [0] * (TALON + 1)  # a slot's ten bits of the key
        self.empty = sum(GAP_BIT)  # the empty slots, as bits in SHA-8's order
        self.code = self.circles * CIRCLE_UNIT + self.stock_n * STOCK_UNIT
        for suit in range(4):
            self.code += self.pair_piece(suit)
        for i, card in enumerate(self.talon):
            self.code += card * TALON_UNIT[i]
        for slot in SLOTS:
            for card in piles[slot]:
                self.put(slot, card)
        self.dead: dict[int, bool] = {}  # the dead end's answers by what it reads

    # --- bookkeeping -----------------------------------------------------------------------

    def set_wants(self, suit: int, rank: int) -> None:
        """Which foundations take the card of ``rank`` in ``suit`` next (SHA-2), in pile
        order, as ``ShahRules.generate`` lists them; a foundation at Q takes nothing."""
        if rank > QUEEN:
            return
        a, b = self.pair[suit]
        takes_a = self.count[a] + 1 == rank
        takes_b = self.count[b] + 1 == rank
        self.wants[rank << 2 | suit] = ((a, b) if takes_a and takes_b else (a,) if takes_a
                                        else (b,) if takes_b else ())

    def pair_piece(self, suit: int) -> int:
        """The key's bits of a suit's two foundation counts, lower count first."""
        a, b = self.pair[suit]
        return PAIR_BITS[suit][self.count[a] << 4 | self.count[b]]

    def take(self, slot: int) -> int:
        """Take the top card off a slot (an outer packet is a run down from its bottom
        card, so one card less is one less in its length)."""
        pile = self.cards[slot]
        card = pile.pop()
        if pile:  # an outer packet
            self.code -= SLOT_UNIT[slot]
            self.piece[slot] -= 1
            bit = OUTER_BIT[slot]
            self.shows[card] &= ~bit
            self.shows[pile[-1]] |= bit
        else:
            self.code -= self.piece[slot] * SLOT_UNIT[slot]
            self.piece[slot] = 0
            self.empty |= GAP_BIT[slot]
            self.shows[card] &= ~OUTER_BIT[slot]  # no bit for an inner or middle slot
        return card

    def put(self, slot: int, card: int) -> None:
        """Lay ``card`` on a slot: into a gap, or married onto an outer packet."""
        pile = self.cards[slot]
        if pile:  # SHA-6: one rank down in suit, one more in the packet's length
            self.code += SLOT_UNIT[slot]
            self.piece[slot] += 1
            bit = OUTER_BIT[slot]
            self.shows[pile[-1]] &= ~bit
            self.shows[card] |= bit
        else:
            piece = self.piece[slot] = card << 4 | 1
            self.code += piece * SLOT_UNIT[slot]
            self.empty &= ~GAP_BIT[slot]
            self.shows[card] |= OUTER_BIT[slot]
        pile.append(card)

    def found_changed(self, f: int, step: int) -> None:
        """Foundation ``f`` gained (``step`` 1) or lost (-1) its top card: the key's bits,
        and which foundations take its old and its new next card."""
        suit = self.suit[f]
        a, b = self.pair[suit]
        count = self.count
        bits = PAIR_BITS[suit]
        old = bits[count[a] << 4 | count[b]]
        count[f] += step
        self.home += step
        self.fcode += step << 4 * f
        self.code += bits[count[a] << 4 | count[b]] - old
        wanted = count[f] + 1
        self.set_wants(suit, wanted)
        self.set_wants(suit, wanted - step)

    def packed_key(self) -> int:
        """The packed key worked out afresh (``code`` is kept as cards move)."""
        code = self.circles * CIRCLE_UNIT + self.stock_n * STOCK_UNIT
        for suit in range(4):
            code += self.pair_piece(suit)
        for i, card in enumerate(self.talon):
            code += card * TALON_UNIT[i]
        for slot in SLOTS:
            cards = self.cards[slot]
            if cards:
                code += (cards[0] << 4 | len(cards)) * SLOT_UNIT[slot]
        return code

    def solver_key(self) -> bytes:
        """``ShahRules.solver_key`` of the position, from the lean form (for tests)."""
        founds = sorted(bytes((rank << 2 | self.suit[f]) for rank in range(1, self.count[f] + 1))
                        for f in FOUNDATIONS)
        return b"\xff".join([*founds, *map(bytes, self.cards[SLOT0:STOCK]), bytes(self.talon),
                              bytes((self.stock_n, self.circles))])

    def is_won(self) -> bool:
        """SHA-2: all eight foundations at Q."""
        return self.home == WON

    # --- moves -------------------------------------------------------------------------------

    def generate(self) -> list[RawMove]:
        """``ShahRules.generate``: the same moves in the same order."""
        cards, wants = self.cards, self.wants
        out: list[RawMove] = []
        if self.circles < 3:  # SHA-4: the last circle, to foundations only, then `deal`
            for slot in CIRCLE[self.circles - 1]:
                pile = cards[slot]
                if pile:
                    for f in wants[pile[-1]]:
                        out.append((slot, f, len(pile) - 1, False))
            out.append(DEAL_MOVE)
            return out
        shows = self.shows
        marry: list[int] = []  # outer slots whose top another outer slot takes (SHA-6)
        for slot in OUTER:
            pile = cards[slot]
            if pile:
                top = pile[-1]
                for f in wants[top]:
                    out.append((slot, f, len(pile) - 1, False))
                if shows[top + 4]:
                    marry.append(slot)
            else:  # SHA-5: a released middle or inner card goes to foundations only
                under = slot - 1 if cards[slot - 1] else slot - 2
                pile = cards[under]
                if pile:
                    for f in wants[pile[-1]]:
                        out.append((under, f, len(pile) - 1, False))
        for slot in marry:  # SHA-6: outer onto outer
            pile = cards[slot]
            top = pile[-1]
            back = len(pile) > 1 and pile[-2] == top + 4
            for target in SHOWN[shows[top + 4]]:
                out.append((slot, target, len(pile) - 1, back))
        empty = self.empty
        gap = GAP_ORDER[(empty & -empty).bit_length() - 1] if empty else -1  # SHA-8
        talon = self.talon
        if talon:
            top = talon[-1]
            last = len(talon) - 1
            for f in wants[top]:
                out.append((TALON, f, last, False))
            for target in SHOWN[shows[top + 4]]:
                out.append((TALON, target, last, False))
            if gap >= 0:
                out.append((TALON, gap, last, False))
        if gap >= 0:
            if self.stock_n:  # SHA-8: the card turned goes up, is married, or fills the gap
                last = self.stock_n - 1
                if self.turned_card_plays:
                    top = self.stock[last]
                    for f in wants[top]:
                        out.append((STOCK, f, last, False))
                    for target in SHOWN[shows[top + 4]]:
                        out.append((STOCK, target, last, False))
                out.append((STOCK, gap, last, False))
            if gap in INNER and not cards[gap + 1] and not cards[gap + 2]:  # SHA-9
                for slot in OUTER:
                    if cards[slot]:
                        out.append((slot, gap, len(cards[slot]) - 1, False))
        elif self.stock_n:  # SHA-7
            out.append(DRAW_MOVE)
        return out

    def play(self, move: RawMove) -> None:
        """``ShahRules.apply`` on the lean form."""
        src, dst = move[0], move[1]
        if src == ACTION:
            if dst == DRAW:  # SHA-7
                self.stock_n -= 1
                card = self.stock[self.stock_n]
                self.code += card * TALON_UNIT[len(self.talon)] - STOCK_UNIT
                self.talon.append(card)
            else:  # SHA-4: the next circle over the last
                for slot in CIRCLE[self.circles]:
                    if self.stock_n:
                        self.stock_n -= 1
                        self.code -= STOCK_UNIT
                        self.put(slot, self.stock[self.stock_n])
                self.circles += 1
                self.code += CIRCLE_UNIT
            return
        if src == STOCK:
            self.stock_n -= 1
            self.code -= STOCK_UNIT
            card = self.stock[self.stock_n]
        elif src == TALON:
            card = self.talon.pop()
            self.code -= card * TALON_UNIT[len(self.talon)]
        else:
            card = self.take(src)
        if dst < RAYS:
            self.found_changed(dst, 1)
        else:
            self.put(dst, card)
        if self.circles < 3:
            if self.stock_n:  # SHA-4: refilled at once
                self.stock_n -= 1
                self.code -= STOCK_UNIT
                self.put(src, self.stock[self.stock_n])
        elif self.lane_fills and IS_INNER[dst] and IS_OUTER[src]:
            self.fill_lane(dst)

    def fill_lane(self, inner: int) -> None:
        """SHA-9: the ray's middle and outer slots from the talon top, else the stock top."""
        sources = []
        for slot in (inner + 1, inner + 2):
            if self.talon:
                card = self.talon.pop()
                self.code -= card * TALON_UNIT[len(self.talon)]
                sources.append(TALON)
            elif self.stock_n:
                self.stock_n -= 1
                self.code -= STOCK_UNIT
                card = self.stock[self.stock_n]
                sources.append(STOCK)
            else:
                sources.append(-1)
                continue
            self.put(slot, card)
        self.lane_sources.append((sources[0], sources[1]))

    def unfill_lane(self, inner: int) -> None:
        """Take back ``fill_lane``: the outer slot's card, then the middle slot's."""
        for slot, source in zip((inner + 2, inner + 1), self.lane_sources.pop()[::-1],
                                strict=True):
            if source == TALON:
                card = self.take(slot)
                self.code += card * TALON_UNIT[len(self.talon)]
                self.talon.append(card)
            elif source == STOCK:
                self.take(slot)
                self.stock_n += 1
                self.code += STOCK_UNIT

    def undo(self, move: RawMove) -> None:
        """Take back ``move``, the last one played."""
        src, dst = move[0], move[1]
        if src == ACTION:
            if dst == DRAW:
                card = self.talon.pop()
                self.code -= card * TALON_UNIT[len(self.talon)] - STOCK_UNIT
                self.stock_n += 1
            else:
                self.circles -= 1
                self.code -= CIRCLE_UNIT
                for slot in reversed(CIRCLE[self.circles]):
                    if self.cards[slot]:  # laid by the deal (the circle was empty before)
                        self.take(slot)
                        self.stock_n += 1
                        self.code += STOCK_UNIT
            return
        if self.circles < 3 and self.cards[src]:  # the refill (the slot held one card)
            self.take(src)
            self.stock_n += 1
            self.code += STOCK_UNIT
        elif self.lane_fills and IS_INNER[dst] and IS_OUTER[src] and self.circles == 3:
            self.unfill_lane(dst)
        if dst < RAYS:
            card = (self.count[dst] << 2) | self.suit[dst]
            self.found_changed(dst, -1)
        else:
            card = self.take(dst)
        if src == STOCK:
            self.stock_n += 1
            self.code += STOCK_UNIT
        elif src == TALON:
            self.code += card * TALON_UNIT[len(self.talon)]
            self.talon.append(card)
        else:
            self.put(src, card)

    # --- Shah's solver rules -----------------------------------------------------------------

    def children(self, seen: set[int], rng: random.Random | None) -> list[RawMove]:
        """``depth_first``'s children: none at a dead end, else the legal moves (the
        repetition rule applied) in the probe's order. Shah has no safe move."""
        if self.circles > 1:  # the dead end's kept answer read here, as most are known
            known = self.dead.get(self.code & INNER_MIDDLE_MASK | self.fcode)
            if known or (known is None and self.dead_end()):
                return []
        legal = self.generate()
        if seen:  # RULES.md §0: no reversible move back to a position of this stretch
            legal = [m for m in legal if not m[3] or not self.repeats(m, seen)]
        return self.order(legal, rng)

    def repeats(self, move: RawMove, seen: set[int]) -> bool:
        """``move`` leads to a position in ``seen``."""
        self.play(move)
        key = self.code
        self.undo(move)
        return key in seen

    def dead_end(self) -> bool:
        """``solver.shah.shah_dead_end`` on the lean form, its answers kept by what it
        reads: the foundation counts in pile order and the inner and middle slots."""
        if self.circles < 2:
            return False
        key = self.code & INNER_MIDDLE_MASK | self.fcode
        known = self.dead.get(key)
        if known is None:
            cards = self.cards
            walled = [(cards[inner + 1][-1], cards[inner][-1]) for inner in INNER
                      if cards[inner] and cards[inner + 1]]
            if walled:
                count = self.count
                known = relaxed_lost([[count[a], count[b]] for a, b in self.pair], walled)
            else:
                known = False
            if len(self.dead) > CACHE_SIZE:
                self.dead.clear()
            self.dead[key] = known
        return known

    def order(self, legal: list[RawMove], rng: random.Random | None) -> list[RawMove]:
        """``solver.shah.shah_order`` (no ``rng``: probe 0) or a later probe's order, with
        the same random draws."""
        if len(legal) < 2:  # nothing to order; a probe's draws are still made
            if rng is not None:
                if legal:
                    rng.random()
                rng.random()
            return legal
        if rng is None:
            return sorted(legal, key=self.plain_order_rank)
        # probes.noisy_order and probes.actions_first_sometimes, the draws in their order
        draw, guide = rng.random, self.guide_rank
        keyed = sorted([(guide(m) + GUIDE_NOISE * draw(), i) for i, m in enumerate(legal)])
        out = [legal[i] for _, i in keyed]
        if draw() < EARLY_ACTION:
            actions = [m for m in out if m[0] == ACTION]
            if actions:
                return actions + [m for m in out if m[0] != ACTION]
        return out

    def plain_order_rank(self, move: RawMove) -> int:
        """``shah_order``'s rank of a move."""
        src, dst, index, _ = move
        if src < 0:
            return 6
        elif dst < RAYS:
            return 0
        cards = self.cards
        if cards[dst]:  # a marriage onto an outer slot
            if src in (TALON, STOCK):
                return 1
            elif index > 0 and cards[src][index - 1] == cards[dst][-1]:
                return 5
            else:
                return 2
        elif src == TALON:
            return 3
        else:
            return 4

    def guide_rank(self, move: RawMove) -> float:
        """``solver.shah.guide_rank`` on the lean form: the same values."""
        src, dst, index, _ = move
        if src < 0:
            return 5
        cards, wants = self.cards, self.wants
        if dst < RAYS:
            if IS_INNER_MIDDLE[src]:
                return 0
            # both foundations of its suit past its predecessor: no marriage wants it
            below = (cards[src][index] >> 2) - 1
            a, b = self.pair[cards[src][index] & 3]
            return 0 if self.count[a] >= below and self.count[b] >= below else 1.2
        shows = self.shows
        if src == STOCK and not cards[dst]:  # SHA-8: a gap filled from the stock
            card = cards[src][index]
            if wants[card]:
                return 0.5
            if shows[card + 4]:
                return 1.5
        rank = self.plain_guide_rank(move)
        if src == TALON and index > 0:
            bared = cards[src][index - 1]
            if wants[bared] or shows[bared + 4] or (
                    IS_OUTER[dst] and not cards[dst] and bared + 4 == cards[src][index]):
                rank -= 1.5
        return rank

    def plain_guide_rank(self, move: RawMove) -> float:
        """``solver.shah._plain_rank`` on the lean form."""
        src, dst, index, _ = move
        cards = self.cards
        if cards[dst]:  # a marriage onto an outer slot (SHA-6)
            if src in (TALON, STOCK):
                return 1
            if index > 0:
                below = cards[src][index - 1]
                if below == cards[dst][-1]:
                    return 7
                return 2 if self.wants[below] else 6
            middle = cards[src - 1]
            return 2 if middle and self.wants[middle[-1]] else 6
        if not IS_OUTER[dst]:  # SHA-8: an inner or middle gap
            card = cards[src][index]
            suit, rank = card & 3, card >> 2
            count = self.count
            steps = [rank - count[f] for f in self.pair[suit] if count[f] < rank]
            return 3 + (6 - min([6, *steps])) / 3
        return 3 if src == TALON else 4
