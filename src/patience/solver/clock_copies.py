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


def places_clash(piles: list[list[int]], walls: list[tuple[list[int], list[int]]]) -> bool:
    """True when the walled-in copies cannot all take open places in an order their
    walls allow.

    ``walls``: per pile, its cards (bottom first) and the places of its stuck cards in
    rising order; the cards from the bottom up to the topmost stuck card are walled in.
    """
    # per copy: (wall number, place in its pile, stuck); literal 2 * copy + choice
    where: list[tuple[int, int, bool]] = []
    choices: list[int] = []  # per copy: 1 or 2 open places
    at_hour: dict[int, list[tuple[int, int]]] = {}  # hour -> [(index, literal)]
    for number, (pile, stuck) in enumerate(walls):
        stuck_set = set(stuck)
        for pos in range(stuck[-1] + 1):
            copy = len(where)
            where.append((number, pos, pos in stuck_set))
            choice = 0
            for hour, index in PLACES[pile[pos]]:
                if len(piles[hour]) <= index:
                    at_hour.setdefault(hour, []).append((index, 2 * copy + choice))
                    choice += 1
            if not choice:
                return False  # not a position of the game: no place is open for a copy
            choices.append(choice)
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
    return not _satisfiable(choices, clashes)


def _satisfiable(choices: list[int], clashes: list[list[int]]) -> bool:
    """Whether every copy can take one of its ``choices`` places with no two clashing
    literals both chosen (2-SAT). Choosing a literal rules out those it clashes with,
    which forces the other choice of their copies, and so on (unit propagation). A copy
    with one place has it; then each undecided copy tries its first place and keeps it
    when propagation meets no contradiction (every clause it touched is then met, and
    the rest is a part of the original clauses, satisfiable if they are), else takes the
    second; if that fails too, nothing satisfies the clauses."""
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
        return False
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
            return False
    return True
