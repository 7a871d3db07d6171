"""Why a Star position is lost at once: in the last round, two cards of a suit lying in
the reserve in an order its base can never take.

The reserve gives up its cards only from the top, and only to a base (STR-4); with no
redeal left (STR-7) a card of the reserve that the suit's base wants before a card lying
above it can never be played, whichever way the base is built or may still be built
(STR-3). The native search and the practical player use the same rule (``star_dead_end``).
"""

from __future__ import annotations

from patience.cards import code
from patience.engine.state import State
from patience.games.star import BASE_OF_SUIT, BASES, DOWN, REDEALS, RESERVE, ROUNDS_DONE, UNSET, UP


def out_of_order(reserve: list[int], suit: int, start: int, way: int) -> tuple[int, int] | None:
    """The first pair (lower card, card above it) of ``suit`` in ``reserve`` (bottom to
    top) that its base, built ``way`` from rank ``start``, wants lower card first."""
    lowest: tuple[int, int] | None = None  # (place, card) wanted soonest below
    for card in reserve:
        if card & 3 != suit:
            continue
        step = (card >> 2) - start if way == UP else start - (card >> 2)
        place = step % 13
        if lowest is not None and place > lowest[0]:
            return lowest[1], card
        lowest = (place, card)
    return None


def why_dead(state: State) -> str | None:
    """The suit whose every way is blocked, with the blocking pairs, or None."""
    piles, v = state.piles, state.vars
    if v[ROUNDS_DONE] < REDEALS or len(piles[RESERVE]) < 2:
        return None
    for suit in range(4):
        base = v[BASE_OF_SUIT + suit]
        ways = (UP, DOWN) if v[base] == UNSET else (v[base],)
        pairs = [(way, out_of_order(piles[RESERVE], suit, piles[base][0] >> 2, way))
                 for way in ways]
        if all(pair is not None for _, pair in pairs):
            return _said(state, BASES[base], [(way, pair) for way, pair in pairs
                                              if pair is not None])
    return None


def _said(state: State, base: str, pairs: list[tuple[int, tuple[int, int]]]) -> str:
    """The sentence in the language spoken now."""
    from patience.i18n import _
    from patience.words import said_card, said_pile

    said = "; ".join((_("built up, it wants {low} before {high}, which lies above it")
                      if way == UP else
                      _("built down, it wants {low} before {high}, which lies above it")).format(
        low=said_card(code(low)), high=said_card(code(high))) for way, (low, high) in pairs)
    which = _("whichever way it is built: ") if len(pairs) > 1 else ""
    return _("{base} can never be finished: no redeal is left, and the reserve gives up its "
             "cards only from the top; {which}{said}.").format(
        base=said_pile(state, base), which=which, said=said)
