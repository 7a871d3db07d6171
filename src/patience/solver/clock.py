"""Clock (RULES.md §5): which hour a card can still go to, a safe play, a talon dead end
and the move orders of the restarted probes.

Each hour builds one fixed run of cards (CLK-2), so a card has a fixed place in the pile of
every hour that takes it. An hour *still needs* a card when its pile has not reached that
place. Two copies exist of every card and all 104 end on the hours, so the copies off the
hours are exactly as many as the places still open for that card.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from patience.engine.rules import ACTION, RawMove
from patience.engine.state import State
from patience.games import clock
from patience.solver.clock_copies import PLACES, Bound, bound_places
from patience.solver.probes import Ordering, actions_first_sometimes, noisy_order


def needing(piles: list[list[int]], card: int) -> list[int]:
    """The hours that still need ``card`` (CLK-2: their pile has not reached its place)."""
    return [hour for hour, index in PLACES[card] if len(piles[hour]) <= index]


def placed(piles: list[list[int]], card: int) -> int:
    """How many copies of ``card`` are on the hours."""
    return sum(1 for hour, index in PLACES[card] if len(piles[hour]) > index)


def clock_safe_move(state: State, legal: list[RawMove]) -> RawMove | None:
    """A card that only one hour still needs, to that hour, from the talon or, once the
    stock is spent, from a packet whose card nobody can marry onto.

    Let c fit hour H now (H's top is c's predecessor) and let H be the only hour that still
    needs c; then c is the only copy of its card off the hours and goes to H in every
    winning line L, and H takes nothing before it. Play c first, then L without its play
    of c. From the talon: the talon top only ever goes to an hour (CLK-6), draws and fills
    do not look at the talon, and the talon of the new line is L's minus c, so every move
    of L stays legal (where L's talon top is c, L can only play c, which is skipped). From
    a packet, with the stock spent (no fill and no draw is left, CLK-5): besides c's own
    moves, which are skipped, c matters to L only as a marriage target for its predecessor
    (CLK-4), and both copies of that card are already on the hours; so again every move of
    L stays legal, the packets of the new line being L's minus c. Positions of the new line
    are L's with c on H; removing repeated stretches gives a line without repetition, and
    the first move is irreversible, so the repetition rule (§0) forbids none of it.
    """
    piles = state.piles
    stock_spent = not piles[clock.STOCK]
    for move in legal:
        src, dst, index, _ = move
        if src == ACTION or not dst < clock.PACKET0:
            continue
        card = piles[src][index]
        if needing(piles, card) != [dst]:
            continue
        if src == clock.TALON:
            return move
        if stock_spent and placed(piles, clock.PREDECESSOR[card]) == 2:
            return move
    return None


def clock_dead_end(state: State) -> bool:
    """Cards walled in under cards that can only go to an hour, beyond any line's reach.

    A talon or packet only grows on top (CLK-3 fill, CLK-4 marriage, CLK-6 draw) and
    loses cards only from the top, so a card leaves before every card under it. A talon
    card can only go to an hour (CLK-6); a packet card can only go to an hour, or be
    married onto a packet top holding its successor in suit (CLK-4). A copy of that
    successor on the hours or in the talon never comes back to a packet (CLK-6), and one
    under the card in its own packet is no packet top while the card lies above it; so
    when no copy is in the stock or in another packet (or the card has none to marry
    onto), only the hour is left, now and later. Call such a card *stuck*: the cards
    under it wait until it goes to an hour.
    Relax the game: every stock card and every card with no stuck card above it is free;
    an hour takes its next card whenever some copy of it is free (copies are not used
    up); a stuck card counts as gone once an hour that still needs it has passed its place,
    freeing what lies under it. Every real line's hour plays are possible in this
    relaxation, step by step, so if even the relaxation cannot complete all twelve hours
    the position is lost.
    The relaxation lets one copy serve two hours. ``clock_copies.bound_places`` counts
    copies instead: each walled-in copy takes one open place, in an order its wall allows;
    when that cannot be, the position is lost. Where it binds a walled-in copy to one of
    its two places in every line, the relaxation is run again with that place waiting
    for that copy (the hour passes it only once the copy's wall has come down to it, and
    the copy, if stuck, counts as gone only once that place is passed): every real line
    still plays within it step by step, since in every line that copy takes that place.
    Both are asked only at the start and right after a draw, which lays a new card on
    the walled talon. Asked after every move, the copy count alone almost never found
    what the first relaxation had missed (deals 1-200 at 100,000 nodes: the same answers
    in 479,103 nodes against 479,107 when asked after draws, with four times the tests);
    the second run finds more after plays from packets, but costs more time than it
    saves (docs/solver.md). Leaving a test out never claims anything.
    """
    piles = state.piles
    walls, tops = _walls(state)
    if not walls:
        # every card off the hours is free, and an hour that still needs a card has a
        # copy of it off the hours: the relaxation completes every hour
        return False
    if _relaxation_stalls(piles, walls, tops):
        return True
    last = state.last_raw()
    if last is not None and last[:2] != (ACTION, clock.DRAW):
        return False
    bound = bound_places(piles, walls)
    if bound is None:
        return True
    return bool(bound) and _relaxation_stalls(piles, walls, tops, bound)


Walls = list[tuple[list[int], list[int]]]


def _walls(state: State) -> tuple[Walls, list[int]]:
    """Per walled pile (the talon, a packet with a stuck card above its bottom card): its
    cards, bottom first, and the places of its stuck cards, rising; per packet, the place
    of its topmost stuck card (0 if none): the cards from there up are free."""
    rules = state.rules
    assert isinstance(rules, clock.ClockRules)
    onto = rules.marries_onto
    piles = state.piles
    walls: Walls = []
    talon = piles[clock.TALON]
    if len(talon) > 1:
        walls.append((talon, list(range(len(talon)))))  # CLK-6: every talon card
    lost_copies = bytearray(len(clock.SUCCESSOR))  # copies on the hours or in the talon
    for hour in range(clock.HOURS):
        for card in piles[hour]:
            lost_copies[card] += 1
    for card in talon:
        lost_copies[card] += 1
    tops = []
    for packet in clock.PACKETS:
        pile = piles[packet]
        stuck = []
        for i, card in enumerate(pile):
            target = onto[card]
            # nothing to marry onto, or no copy of its successor in the stock or another
            # packet: the other copies are on the hours, in the talon or under it
            if target < 0 or lost_copies[target] + pile[:i].count(target) == 2:
                stuck.append(i)
        if stuck and stuck[-1] > 0:
            walls.append((pile, stuck))
            tops.append(stuck[-1])
        else:
            tops.append(0)
    return walls, tops


def _relaxation_stalls(piles: list[list[int]], walls: Walls, tops: list[int],
                       bound: Bound | None = None) -> bool:
    """The relaxation of ``clock_dead_end`` cannot complete every hour; ``bound``: places
    that wait for a given walled-in copy (``clock_copies.bound_places``)."""
    stacks = [stuck[:] for _, stuck in walls]  # popped below
    heights = [len(piles[h]) for h in range(clock.HOURS)]
    talon = piles[clock.TALON]
    free = bytearray(len(clock.SUCCESSOR))
    for card in piles[clock.STOCK]:
        free[card] = 1
    if talon:
        free[talon[-1]] = 1
    for packet, top in zip(clock.PACKETS, tops, strict=True):
        for card in piles[packet][top:]:
            free[card] = 1
    waits = bound or {}
    bound_to = {copy: place for place, copy in waits.items()}
    start = heights[:]
    runs = RUNS
    lengths = RUN_LENGTHS
    while True:
        changed = False
        for hour in range(clock.HOURS):
            run = runs[hour]
            height = old = heights[hour]
            end = lengths[hour]
            while height < end:
                copy = waits.get((hour, height)) if waits else None
                if copy is None:
                    if not free[run[height]]:
                        break
                elif stacks[copy[0]] and stacks[copy[0]][-1] > copy[1]:
                    break  # the copy bound for this place is still walled in
                height += 1
            if height != old:
                heights[hour] = height
                changed = True
        if not changed:
            break
        for number, (pile, _) in enumerate(walls):
            stuck = stacks[number]
            while stuck:
                top = stuck[-1]
                place = bound_to.get((number, top))
                # gone once an hour that needed it at the start has passed its place
                for h, index in PLACES[pile[top]] if place is None else (place,):
                    if start[h] <= index < heights[h]:
                        break
                else:
                    break
                stuck.pop()
                for card in pile[stuck[-1] if stuck else 0:top]:
                    free[card] = 1
    return heights != lengths


# hour -> its whole pile in order, base first (CLK-1, CLK-2)
RUNS: list[list[int]] = [[clock.BASES[h], *clock._run(h)] for h in range(clock.HOURS)]
RUN_LENGTHS = [len(run) for run in RUNS]  # CLK-2: 8 or 9


def _ranker(state: State) -> Callable[[RawMove], int]:
    """The rank ``clock_order`` gives each move at ``state``, lowest first."""
    piles = state.piles
    wanted = {clock.SUCCESSOR[piles[h][-1]] for h in range(clock.HOURS)}

    def rank(move: RawMove) -> int:
        src, dst, index, _ = move
        if src < 0:
            return 4
        elif dst < clock.PACKET0:
            return 0
        elif index > 0 and piles[src][index - 1] == piles[dst][-1]:
            return 3
        elif index > 0 and piles[src][index - 1] in wanted:
            return 1
        else:
            return 2

    return rank


def clock_order(state: State, legal: list[RawMove]) -> list[RawMove]:
    """Hour plays first; then marriages (CLK-4) that bare a card an hour takes, other
    marriages, and last of them a card that would only swap one copy of its successor for
    the other; `fill` and `draw` last (CLK-5, CLK-6)."""
    return sorted(legal, key=_ranker(state))  # stable: equal ranks keep their order


# chance, at a position with card moves, that a probe tries `fill`/`draw` before them
EARLY_ACTION = 0.05
# how far a guided probe's random draw may move a move past others (in ``clock_order`` ranks)
GUIDE_NOISE = 2.0


def probe_order(probe: int) -> Ordering:
    """The move order of probe ``probe`` (``depth_first.restarts``): ``clock_order`` for probe
    0; after that, in turn, card moves in an order drawn by a generator seeded with
    ``probe``, the same with hour plays first, and ``clock_order``'s ranks plus a random
    draw of up to ``GUIDE_NOISE``. Now and then `fill` or `draw` comes before every card
    move, which sends different stock cards to the packets and the talon (CLK-5, CLK-6).
    Each probe is a complete search, so ordering never changes an answer, only how soon
    it is found; the three kinds of probe find wins on different deals."""
    if probe == 0:
        return clock_order
    rng = random.Random(probe)
    kind = probe % 3  # 0 guided, 1 shuffled, 2 shuffled with hour plays first

    def order(state: State, legal: list[RawMove]) -> list[RawMove]:
        if kind == 0:
            out = noisy_order(legal, _ranker(state), GUIDE_NOISE, rng)
        else:
            out = [m for m in legal if m[0] != ACTION]
            rng.shuffle(out)
            if kind == 2:
                out.sort(key=lambda m: m[1] >= clock.PACKET0)  # stable
            out += [m for m in legal if m[0] == ACTION]
        return actions_first_sometimes(out, EARLY_ACTION, rng)

    return order
