"""What the practical player's plans know of Star, Shah and Blockade:
move orders, safe moves and Star's dead end for its exact look-aheads, and how long each
card waits for a foundation for its scores.

The solver's own copies of this knowledge live in the native search (``native/``),
beside each game's rules; these are the Python ones the planner (``practical_plan``)
reads on the player's picture, where unknown cards (code 0) lie among the known ones.
"""

from __future__ import annotations

from patience.engine.rules import ACTION, RawMove
from patience.engine.state import State
from patience.games import blockade, shah
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

SHAH_FOUNDATIONS = range(shah.FOUND0, shah.FOUND0 + shah.RAYS)
RAY_SLOTS = tuple((s, s + 1, s + 2) for s in shah.INNER)  # inner, middle, outer of a ray


def shah_order(state: State, legal: list[RawMove]) -> list[RawMove]:
    """Foundation plays first; then marriages (SHA-6), talon and stock cards (SHA-8: the
    card turned while a gap waits) before slot cards, and a slot card that would only swap
    one copy of its successor for the other last of them; then gap fills from the talon,
    from the stock and by the lane (SHA-8, SHA-9); `draw` and `deal` last."""
    piles = state.piles

    def rank(move: RawMove) -> int:
        src, dst, index, _ = move
        if src < 0:
            return 6
        elif dst < shah.RAYS:
            return 0
        elif piles[dst]:  # a marriage onto an outer slot
            if src in (shah.TALON, shah.STOCK):  # SHA-6, SHA-8: the talon or stock top
                return 1
            elif index > 0 and piles[src][index - 1] == piles[dst][-1]:
                return 5
            else:
                return 2
        elif src == shah.TALON:
            return 3
        else:
            return 4

    return sorted(legal, key=rank)  # stable: equal ranks keep their order


def blockade_order(state: State, legal: list[RawMove]) -> list[RawMove]:
    """Foundation plays first, then marriages that bare a card a foundation takes or
    empty a column, then other marriages, and `deal` last (BLK-5, BLK-7)."""
    piles = state.piles
    wanted = {piles[f][-1] + blockade.NEXT for f in blockade.FOUNDATIONS if piles[f]}

    def rank(move: RawMove) -> int:
        src, dst, index, _ = move
        if src < 0:
            return 3
        elif dst >= blockade.FOUND0:
            return 0
        elif index == 0 or piles[src][index - 1] in wanted:
            return 1
        else:
            return 2

    return sorted(legal, key=rank)  # stable: equal ranks keep their order


def copies_up(piles: list[list[int]], card: int) -> int:
    """How many copies of ``card`` lie on the foundations (BLK-2: a foundation of the
    card's suit holds it once it is at least as high)."""
    suit, rank = card & 3, card >> 2
    return sum(1 for f in blockade.FOUNDATIONS
               if piles[f] and piles[f][0] & 3 == suit and len(piles[f]) >= rank)


def blockade_safe_move(state: State, legal: list[RawMove]) -> RawMove | None:
    """A card to a foundation when both copies of the card below it are already up, and
    its column holds another card or the stock is spent: no card can ever be married onto
    it (BLK-5), so playing it first loses no win (the proof is the native search's, beside
    Blockade's rules). Not with ``empty_columns = "any"`` (BLK-8) nor ``deal_when =
    "stuck"`` (BLK-7), where the proof does not hold as it stands."""
    rules = state.rules
    assert isinstance(rules, blockade.BlockadeRules)
    if rules.fill_any or rules.deal_when_stuck:
        return None
    piles = state.piles
    stock_spent = not piles[blockade.STOCK]
    for move in legal:
        src, dst, _, _ = move
        if not 0 <= src < blockade.COLUMNS or dst < blockade.FOUND0:
            continue
        cards = piles[src]
        if len(cards) < 2 and not stock_spent:
            continue
        if copies_up(piles, cards[-1] - blockade.NEXT) == 2:
            return move
    return None


def shah_waits(piles: list[list[int]]) -> list[int]:
    """Card code -> ranks it waits for a foundation: how many cards of its suit the
    highest foundation still below it needs first (SHA-2). A card no foundation can take
    again waits 12."""
    heights: list[list[int]] = [[], [], [], []]
    for f in SHAH_FOUNDATIONS:
        pile = piles[f]
        heights[pile[0] & 3].append(len(pile))
    out = [0] * 64
    for code in range(4, 52):
        rank, suit = code >> 2, code & 3
        below = [h for h in heights[suit] if h < rank]
        out[code] = rank - 1 - max(below) if below else shah.QUEEN
    return out


def blockade_waits(piles: list[list[int]]) -> list[int]:
    """Card code -> ranks it waits for a foundation: how many cards of its suit the
    higher foundation of the suit still below it needs first (BLK-2; a foundation not
    yet started stands at 0, BLK-1)."""
    heights: list[list[int]] = [[0, 0], [0, 0], [0, 0], [0, 0]]
    for f in blockade.FOUNDATIONS:
        pile = piles[f]
        if pile:
            pair = heights[pile[0] & 3]
            pair[pair.index(min(pair))] = len(pile)
    out = [0] * 64
    for code in range(8, 56):
        rank, suit = code >> 2, code & 3
        low, high = sorted(heights[suit])
        out[code] = rank - 1 - (high if high < rank else low)
    return out


# Star, last round (STR-7): after both redeals the reserve is never turned again and cards
# leave it only from the top (STR-4). A suit's remaining cards go onto its base in one
# order per direction (STR-3), so a card y lying above a card x of its suit, where y
# comes after x in that order, makes that direction impossible for the rest of the game.
# A card's place in a direction's order is its distance from the base rank that way.


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
# than this many steps from its base's next card (docs/notes/solver-log.md has the figures).
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
