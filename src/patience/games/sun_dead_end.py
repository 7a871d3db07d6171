"""Why a Sun position is lost at once: after the wind, a card walled in on both sides.

The wind gives up its cards only from its two ends (SUN-9). Once a suit's ace and king
piles have passed each other (SUN-3) every card of it has one foundation it can go to, in
a fixed order; a card with, on each side, a card of its suit that the same foundation
wants after it can never be played. The native search uses the same rule (``sun_dead_end``).
"""

from __future__ import annotations

from patience.cards import code
from patience.engine.state import State
from patience.games.sun import ACE0, KING0, WIND, WIND_DONE


def later_on_one_side(foundation: list[int], order: list[int],
                      indices: range) -> dict[int, int]:
    """Card index -> the index of a card before it in ``indices`` that the same foundation
    wants later (the latest-wanted such card); ``foundation[i]`` is -1 when uncertain."""
    latest: dict[int, int] = {}  # foundation -> index of the latest-wanted card so far
    out: dict[int, int] = {}
    for i in indices:
        if foundation[i] < 0:
            continue
        seen = latest.get(foundation[i])
        if seen is not None and order[seen] > order[i]:
            out[i] = seen
        else:
            latest[foundation[i]] = i
    return out


def why_dead(state: State) -> str | None:
    """The walled card, the foundation and the two cards round it, or None."""
    piles = state.piles
    row = piles[WIND]
    if not state.vars[WIND_DONE] or len(row) < 3:
        return None
    ups = [len(piles[ACE0 + s]) for s in range(4)]
    passed = [ups[s] + len(piles[KING0 + s]) >= 14 for s in range(4)]
    foundation, order = [], []  # per card: its foundation pile (-1: not certain), place
    for card in row:
        suit, rank = card & 3, card >> 2
        up = rank > ups[suit]
        foundation.append(-1 if not passed[suit] else ACE0 + suit if up else KING0 + suit)
        order.append(rank if up else 14 - rank)
    left = later_on_one_side(foundation, order, range(len(row)))
    right = later_on_one_side(foundation, order, range(len(row) - 1, -1, -1))
    for i in sorted(set(left) & set(right)):
        return _said(state, row[i], foundation[i], row[left[i]], row[right[i]])
    return None


def _said(state: State, card: int, pile: int, left: int, right: int) -> str:
    """The sentence in the language spoken now; in Russian and Hungarian the foundation is
    where the later cards go («на туза пик», «a pikk ászra»)."""
    from patience.i18n import _
    from patience.words import said_card, said_pile

    return _("{card} in the wind can never be played: the wind gives up its cards only from "
             "its two ends, and on each side of it lies a card that {pile} wants after it "
             "({left} on its left, {right} on its right).").format(
        card=said_card(code(card)), pile=said_pile(state, state.rules.layout[pile].id, "target"),
        left=said_card(code(left)), right=said_card(code(right)))
