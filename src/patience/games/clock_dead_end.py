"""Why a Clock position is lost at once: cards walled in under cards that can only go to
an hour, so that even a relaxed game cannot complete every hour.

A talon or packet only grows on top (CLK-3, CLK-4, CLK-6) and gives up only its top card,
so a card leaves before every card under it. A talon card can only go to an hour (CLK-6); a
packet card can only go to an hour or be married onto a packet top holding its successor
(CLK-4), and when no copy of that successor is in the stock or another packet, only the
hour is left. Call such a card *stuck*: the cards under it wait until it goes to an hour.
Relaxed, every stock card and every card with no stuck card above it is free; an hour takes
its next card whenever some copy of it is free; a stuck card counts as gone once an hour
that needed it has passed its place. Every real line plays within the relaxation, so if
it cannot complete the twelve hours the position is lost, and the hour it stops at waits
for a card whose every copy off the hours is walled in. The native search uses the same
test first (``clock_dead_end``); its second, on the copies' places, has no words here.
"""

from __future__ import annotations

from patience.cards import code
from patience.engine.state import State
from patience.games.clock import BASES, HOUR0, HOURS, PACKETS, STOCK, SUCCESSOR, TALON, _run

# card -> (hour pile, index in its run) of every place an hour holds for it (CLK-2)
PLACES: list[tuple[tuple[int, int], ...]] = [() for _ in range(len(SUCCESSOR))]
for _hour, _base in enumerate(BASES):
    PLACES[_base] += ((HOUR0 + _hour, 0),)
    for _index, _card in enumerate(_run(_hour), start=1):
        PLACES[_card] += ((HOUR0 + _hour, _index),)
RUNS: list[list[int]] = [[BASES[h], *_run(h)] for h in range(HOURS)]  # base first

Walls = list[tuple[int, list[int]]]  # (pile, places of its stuck cards, rising)


def walls(state: State, marries_onto: list[int]) -> tuple[Walls, list[int]]:
    """The walled piles (the talon, a packet with a stuck card above its bottom card) and,
    per packet, the place of its topmost stuck card (0 if none)."""
    piles = state.piles
    out: Walls = []
    talon = piles[TALON]
    if len(talon) > 1:
        out.append((TALON, list(range(len(talon)))))  # CLK-6: every talon card
    lost_copies = bytearray(len(SUCCESSOR))  # copies on the hours or in the talon
    for hour in range(HOURS):
        for card in piles[HOUR0 + hour]:
            lost_copies[card] += 1
    for card in talon:
        lost_copies[card] += 1
    tops = []
    for packet in PACKETS:
        pile = piles[packet]
        stuck = [i for i, card in enumerate(pile)
                 if marries_onto[card] < 0
                 or lost_copies[marries_onto[card]] + pile[:i].count(marries_onto[card]) == 2]
        if stuck and stuck[-1] > 0:
            out.append((packet, stuck))
            tops.append(stuck[-1])
        else:
            tops.append(0)
    return out, tops


def why_dead(state: State, marries_onto: list[int]) -> str | None:
    """The hour the relaxation stops at, its card and the walls round its copies, or None."""
    piles = state.piles
    walled, tops = walls(state, marries_onto)
    if not walled:
        return None
    stacks = [stuck[:] for _, stuck in walled]
    heights = [len(piles[HOUR0 + h]) for h in range(HOURS)]
    start = heights[:]
    free = bytearray(len(SUCCESSOR))
    for card in piles[STOCK]:
        free[card] = 1
    if piles[TALON]:
        free[piles[TALON][-1]] = 1
    for packet, top in zip(PACKETS, tops, strict=True):
        for card in piles[packet][top:]:
            free[card] = 1
    changed = True
    while changed:
        changed = False
        for hour in range(HOURS):
            while heights[hour] < len(RUNS[hour]) and free[RUNS[hour][heights[hour]]]:
                heights[hour] += 1
                changed = True
        for (pile, _), stuck in zip(walled, stacks, strict=True):
            cards = piles[pile]
            while stuck and any(start[h] <= index < heights[h - HOUR0]
                                for h, index in PLACES[cards[stuck[-1]]]):
                top = stuck.pop()  # gone: an hour that needed it has passed its place
                for card in cards[stuck[-1] if stuck else 0:top]:
                    free[card] = 1
    for hour in range(HOURS):
        if heights[hour] < len(RUNS[hour]):
            wanted = RUNS[hour][heights[hour]]
            return _said(state, hour, wanted, walled, stacks)
    return None


def _said(state: State, hour: int, wanted: int, walled: Walls, stacks: list[list[int]]) -> str:
    """The sentence in the language spoken now."""
    from patience.i18n import _
    from patience.words import said_card, said_pile

    piles = state.piles
    where = []
    for (pile, _walls), stuck in zip(walled, stacks, strict=True):
        cards = piles[pile]
        for i, card in enumerate(cards):
            above = [s for s in stuck if s > i]
            if card == wanted and above:
                where.append(_("in {pile} under {card}").format(
                    pile=said_pile(state, state.rules.layout[pile].id, "bare"),
                    card=said_card(code(cards[above[0]]))))
    return _("{hour} can never be finished: it waits for {card}, and every copy of it still off "
             "the hours lies walled in under a card that only an hour can take, and no hour can "
             "get to that card first ({where}).").format(
        hour=said_pile(state, state.rules.layout[HOUR0 + hour].id), card=said_card(code(wanted)),
        where="; ".join(where))
