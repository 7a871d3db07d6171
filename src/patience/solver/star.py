"""Star's safe moves and dead ends for the last round, and its move order (RULES.md §2).

After both redeals (STR-7) the reserve is never turned again and cards leave it only from
the top (STR-4). A suit's remaining cards go onto its base in one order per direction
(STR-3), so a card y lying above a card x of its suit, where y comes after x in that
order, makes that direction impossible for the rest of the game: x cannot go before y
and y cannot go before x. Such a blocked direction stays blocked, since the reserve only
loses cards from its top. A card's place in a direction's order is its distance from the
base rank that way, 1 to 12.
"""

from __future__ import annotations

from patience.engine.rules import ACTION, RawMove
from patience.engine.state import State
from patience.games.star import (
    BASE_OF_SUIT,
    CELL0,
    DOWN,
    REDEALS,
    RESERVE,
    ROUNDS_DONE,
    STOCK,
    UNSET,
    UP,
)


def blocked_ways(state: State) -> list[int]:
    """Per suit, the directions (bits UP and DOWN) that a later card lying above an
    earlier one in the reserve has made impossible; meaningful in the last round."""
    piles, v = state.piles, state.vars
    blocked = [0, 0, 0, 0]
    lowest = [99] * 12  # per suit and direction (suit * 3 + way): lowest place below
    for card in piles[RESERVE]:  # bottom to top
        suit = card & 3
        start = piles[v[BASE_OF_SUIT + suit]][0] >> 2
        rank = card >> 2
        for way, step in ((UP, rank - start), (DOWN, start - rank)):
            place = step % 13
            slot = suit * 3 + way
            if place > lowest[slot]:
                blocked[suit] |= way
            else:
                lowest[slot] = place
    return blocked


def possible_ways(state: State, suit: int) -> int:
    """The directions (bits) a suit may still take: its set one, or both (STR-3)."""
    direction = state.vars[state.vars[BASE_OF_SUIT + suit]]
    return UP | DOWN if direction == UNSET else direction


def star_dead_end(state: State) -> bool:
    """Star, last round: a suit whose every possible direction is blocked (module note).

    Whatever direction the suit takes, or has taken, two of its cards lie in the reserve
    in an order that no sequence of plays can undo, so the suit's base is never finished.
    """
    v = state.vars
    if v[ROUNDS_DONE] < REDEALS or len(state.piles[RESERVE]) < 2:
        return False
    blocked = blocked_ways(state)
    return any(blocked[suit] and possible_ways(state, suit) & ~blocked[suit] == 0
               for suit in range(4))


def sets_direction(state: State, card: int) -> bool:
    """Whether ``card`` would fix its base's direction if played now (STR-3)."""
    v, piles = state.vars, state.piles
    base = v[BASE_OF_SUIT + (card & 3)]
    if v[base] != UNSET:
        return False
    start, rank = piles[base][0] >> 2, card >> 2
    return rank == start % 13 + 1 or rank == (start - 2) % 13 + 1


def star_safe_move(state: State, legal: list[RawMove]) -> RawMove | None:
    """Star, last round: the one card its base can still take, with no refill to follow.

    After both redeals (STR-7) the reserve is never turned again. Call c the card that a
    play puts on base b, taken from the reserve top, or from a cell while the stock is
    empty, so that no refill follows (STR-5). Claim c when b can take no other card in a
    winning line: b's direction is set (STR-3), so one card fits it and one deck holds one
    copy; or b's direction is unset and the other direction is blocked (module note), so
    a line that sets b the other way is lost. In any winning line L from here, b is
    unchanged until L plays c, and the stock, the cells and the other reserve cards are the
    same in L and in the line that plays c first and then L without c's play; the reserve
    of the second lacks c, so its top is L's top or, where L's top is c, the card under it.
    Every move of L is therefore legal in the second line, the positions differ by c alone
    until L plays c, and then agree. No Star move is reversible, so the repetition rule is
    not involved.

    With ``direction = first-fit`` a play that uncovers a card fixing an unset direction
    would force such a play at once, which L need not make; so there a reserve card over
    such a card is not claimed, unless c fixes a direction itself, in which case L too may
    only fix directions while c is available, each such play being open in both lines.
    """
    v, piles = state.vars, state.piles
    if v[ROUNDS_DONE] < REDEALS:
        return None
    stock_empty = not piles[STOCK]
    first_fit = state.rules.options["direction"] == "first-fit"
    blocked: list[int] | None = None
    for move in legal:
        src, dst, _, _ = move
        if src == ACTION or not (src == RESERVE or stock_empty):
            continue
        card = piles[src][-1]
        if v[dst] == UNSET:
            if blocked is None:
                blocked = blocked_ways(state)
            start = piles[dst][0] >> 2
            way = UP if card >> 2 == start % 13 + 1 else DOWN
            if blocked[card & 3] & (UP | DOWN) & ~way:
                return move
            continue
        reserve = piles[RESERVE]
        if (first_fit and src == RESERVE and len(reserve) > 1
                and sets_direction(state, reserve[-2])):
            continue
        return move
    return None


# A cell play is tried after the draw when the card that would refill the cell is more
# than this many steps from its base's next card (docs/solver.md has the figures).
HOLD_BEYOND = 4


def steps_to(start: int, top: int, direction: int, rank: int) -> int:
    """How many cards a base (base card rank ``start``, top card rank ``top``) still
    takes before a card of ``rank`` of its suit, counting that card: 1 for the next
    one; while the direction is unset, the nearer way (STR-3)."""
    if direction == UP:
        return (rank - top) % 13
    if direction == DOWN:
        return (top - rank) % 13
    return min((rank - start) % 13, (start - rank) % 13)


def star_order(state: State, legal: list[RawMove]) -> list[RawMove]:
    """Star's move order: the generated one (plays, plays that fix a direction, the draw)
    except that while the stock is not empty and its top card, which a cell play would
    bring into the cell (STR-5), is far from wanted (more than HOLD_BEYOND steps), the
    cell plays come after the draw: the line first holds the fitting cell card until the
    refill brings a card that is wanted soon. Only the order changes, no move is left out.
    """
    piles, v = state.piles, state.vars
    if (not piles[STOCK] or not legal or legal[-1][0] != ACTION  # no draw (first-fit)
            or not any(CELL0 <= move[0] < CELL0 + 4 for move in legal)):
        return legal
    card = piles[STOCK][-1]
    base = v[BASE_OF_SUIT + (card & 3)]
    steps = steps_to(piles[base][0] >> 2, piles[base][-1] >> 2, v[base], card >> 2)
    if steps <= HOLD_BEYOND:
        return legal
    cell_plays = [move for move in legal if CELL0 <= move[0] < CELL0 + 4]
    return [move for move in legal if not CELL0 <= move[0] < CELL0 + 4] + cell_plays
