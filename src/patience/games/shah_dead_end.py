"""Why a Shah position is lost at once: inner cards walled in under middle cards.

Inner and middle slots give their card up only to a foundation (SHA-5), and an inner card
is reachable only once the middle card above it has gone up (SHA-4, SHA-5). Relaxed: every
other card off the foundations is free, an inner card once a copy of the middle card above
it has gone up. If playing every card that fits still leaves a foundation short of its
queen, the position is lost; the foundation and the walled copies it waits for say why.
The native search uses the same rule (``shah_dead_end``).
"""

from __future__ import annotations

from patience.cards import code
from patience.engine.state import State
from patience.games.shah import CIRCLES, FOUND0, INNER, QUEEN, RAYS


def why_dead(state: State) -> str | None:
    """The foundation that can never reach its queen and why, or None."""
    piles = state.piles
    if state.vars[CIRCLES] < 2:
        return None
    walled = [(piles[s + 1][-1], piles[s][-1], s) for s in INNER if piles[s] and piles[s + 1]]
    if not walled:
        return None
    founds: list[list[int]] = [[], [], [], []]  # each suit's two foundations, pile order
    for pile in range(FOUND0, FOUND0 + RAYS):
        founds[piles[pile][0] & 3].append(pile)
    heights = [[len(piles[f]) for f in pair] for pair in founds]
    held = [0] * 64  # walled copies of each card
    for _, card, _ in walled:
        held[card] += 1
    up = [False] * 64  # a copy of the card has gone up in the relaxation
    freed = True
    while freed:  # only a freed inner card lets a stopped foundation go on
        freed, changed = False, False
        for suit, pair in enumerate(heights):
            for i in (0, 1):
                while pair[i] < QUEEN:
                    card = (pair[i] + 1) << 2 | suit
                    if (pair[1 - i] > pair[i]) + held[card] >= 2:  # no copy left
                        break
                    pair[i] += 1
                    up[card] = changed = True
        if changed:
            kept = [pair for pair in walled if not up[pair[0]]]
            for middle, card, _ in walled:
                if up[middle]:  # its middle card went up: the inner card is free
                    held[card] -= 1
            freed = len(kept) < len(walled)
            walled = kept
    for suit, pair in enumerate(heights):
        for i in (0, 1):
            if pair[i] < QUEEN:
                return _said(state, founds[suit], i, pair, suit, walled)
    return None


def _said(state: State, pair_piles: list[int], i: int, heights: list[int], suit: int,
          walled: list[tuple[int, int, int]]) -> str:
    """The sentence in the language spoken now."""
    from patience.i18n import _
    from patience.words import said_card, said_pile

    wanted = (heights[i] + 1) << 2 | suit
    layout = state.rules.layout
    copies = ", ".join(_("{card} in {slot} under {middle}").format(
        card=said_card(code(card)), slot=said_pile(state, f"ray{(slot - INNER[0]) // 3 + 1}.1",
                                                   "bare"),
        middle=said_card(code(middle))) for middle, card, slot in walled if card == wanted)
    found = said_pile(state, layout[pair_piles[i]].id)
    if heights[1 - i] > heights[i]:
        return _("{found} can never reach its queen: it wants {card} next, and one copy of it "
                 "is already on {other} and the other lies in an inner slot under a middle card "
                 "that can never go up before it ({copies}); inner and middle cards go only to "
                 "a foundation, an inner card only once the card above it has gone.").format(
            found=found, card=said_card(code(wanted)), copies=copies,
            other=said_pile(state, layout[pair_piles[1 - i]].id, "target"))
    return _("{found} can never reach its queen: it wants {card} next, and both its copies lie "
             "in an inner slot under a middle card that can never go up before it ({copies}); "
             "inner and middle cards go only to a foundation, an inner card only once the card "
             "above it has gone.").format(found=found, card=said_card(code(wanted)),
                                          copies=copies)
