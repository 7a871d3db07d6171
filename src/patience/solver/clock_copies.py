"""Clock (RULES.md §5): which open place each walled-in copy of a card can take.

Two copies exist of every card and all 104 end on the hours, each copy on its own place in
the fixed run of an hour (CLK-2); so the copies of a card off the hours and the places
still open for it are equally many, and a winning line gives each copy one of those
places, no place to two copies. An hour fills its places in order. A *walled-in* card
reaches an hour only after every *stuck* card above it in its pile (every talon card is
stuck; a packet card is stuck when it has nothing left to marry onto, for good:
``clock.clock_dead_end`` has the argument), since the pile only grows on top and loses
its top card first, and a stuck card leaves it straight for an hour. So when a card b is
stuck above a card a in the same pile and both go to the same hour, b takes the earlier
place of the two. Every winning line thus chooses, for each walled-in copy, one of its
one or two open places, with no place chosen twice and no such pair out of order; the
other copies take the places left over, which asks nothing of them. These conditions are
clauses over two-valued choices (2-SAT), decided exactly; if none meets them all, no
line wins. This counts what the relaxation of ``clock_dead_end`` does not: there, one
free copy may serve two hours while the other copy stays walled in.
"""

from __future__ import annotations

from patience.games import clock

# card -> ((hour pile, index the card takes in that pile), ...): the bases at index 0
PLACES: list[tuple[tuple[int, int], ...]] = [() for _ in range(len(clock.SUCCESSOR))]
for _hour, _base in enumerate(clock.BASES):
    PLACES[_base] += ((clock.HOUR0 + _hour, 0),)
    for _index, _card in enumerate(clock._run(_hour), start=1):
        PLACES[_card] += ((clock.HOUR0 + _hour, _index),)


# (hour pile, index) -> (wall number, place in that wall's pile) of the copy bound for it
Bound = dict[tuple[int, int], tuple[int, int]]


def bound_places(piles: list[list[int]],
                 walls: list[tuple[list[int], list[int]]]) -> Bound | None:
    """None when the walled-in copies cannot all take open places in an order their
    walls allow; else the places that some walled-in copy with two open places must take
    in every choice that meets the conditions (found by propagation from the copies with
    one open place), each with that copy.

    ``walls``: per pile, its cards (bottom first) and the places of its stuck cards in
    rising order; the cards from the bottom up to the topmost stuck card are walled in.
    """
    # per copy: (wall number, place in its pile, stuck); literal 2 * copy + choice
    where: list[tuple[int, int, bool]] = []
    options: list[list[tuple[int, int]]] = []  # per copy: its 1 or 2 open places
    at_hour: dict[int, list[tuple[int, int]]] = {}  # hour -> [(index, literal)]
    for number, (pile, stuck) in enumerate(walls):
        stuck_set = set(stuck)
        for pos in range(stuck[-1] + 1):
            copy = len(where)
            where.append((number, pos, pos in stuck_set))
            open_places = [place for place in PLACES[pile[pos]]
                           if len(piles[place[0]]) <= place[1]]
            if not open_places:
                return {}  # not a position of the game: no place is open for a copy
            for choice, (hour, index) in enumerate(open_places):
                at_hour.setdefault(hour, []).append((index, 2 * copy + choice))
            options.append(open_places)
    clashes: list[list[int]] = [[] for _ in range(2 * len(where))]
    for entries in at_hour.values():
        entries.sort()
        for i, (low, first) in enumerate(entries):
            a = where[first >> 1]
            for high, second in entries[i + 1:]:
                b = where[second >> 1]
                if first >> 1 == second >> 1:
                    continue
                # one place for two copies, or the copy for the later place must reach
                # an hour first (stuck above the other in the same pile)
                if low == high or (b[0] == a[0] and b[1] > a[1] and b[2]):
                    clashes[first].append(second)
                    clashes[second].append(first)
    forced = _forced_choices([len(o) for o in options], clashes)
    if forced is None:
        return None
    return {options[copy][choice]: where[copy][:2] for copy, choice in enumerate(forced)
            if choice >= 0 and len(options[copy]) == 2}


def _forced_choices(choices: list[int], clashes: list[list[int]]) -> list[int] | None:
    """None when no copy can take one of its ``choices`` places with no two clashing
    literals both chosen (2-SAT); else per copy the choice every solution makes, as far
    as propagation from the copies with one place finds (-1: not found).

    Choosing a literal rules out those it clashes with, which forces the other choice of
    their copies, and so on (unit propagation); so what it derives from the copies with
    one place holds in every solution. Then each undecided copy tries its first place and
    keeps it when propagation meets no contradiction (every clause it touched is then
    met, and the rest is a part of the original clauses, satisfiable if they are), else
    takes the second; if that fails too, nothing satisfies the clauses."""
    value = [-1] * len(choices)

    def propagate(stack: list[int], trail: list[int]) -> bool:
        while stack:
            for other in clashes[stack.pop()]:
                copy, choice = other >> 1, other & 1
                if value[copy] == choice:
                    return False
                if value[copy] < 0:  # a copy with one place has it from the start
                    value[copy] = 1 - choice
                    trail.append(copy)
                    stack.append(other ^ 1)
        return True

    fixed = [2 * copy for copy, n in enumerate(choices) if n == 1]
    for literal in fixed:
        value[literal >> 1] = 0
    if not propagate(fixed, []):
        return None
    forced = value[:]
    for copy in range(len(choices)):
        if value[copy] >= 0:
            continue
        for choice in (0, 1):
            value[copy] = choice
            trail = [copy]
            if propagate([2 * copy + choice], trail):
                break
            for undone in trail:
                value[undone] = -1
        else:
            return None
    return forced
