"""What the depth-first core knows of each game: safe moves, dead ends and move orders.

Safe moves: moves that can never turn a winnable position into a lost one. When a safe
move is legal the solver plays it alone at that node, which prunes the search without
losing any win. Dead ends: positions proved lost without search. Each rule is keyed by
game id and carries its argument; a game without an entry simply gets none. Only what is
proved here is claimed. Which game is searched how (probes, own searches, dives) is
``solver/strategies.py``.
"""

from __future__ import annotations

from collections.abc import Callable

from patience.engine.rules import RawMove
from patience.engine.state import State
from patience.games import sun
from patience.solver.blockade import blockade_dead_end, blockade_order, blockade_safe_move
from patience.solver.clock import clock_dead_end, clock_order, clock_safe_move
from patience.solver.probes import Ordering
from patience.solver.reserve_family import reserve_dead_end, reserve_order, reserve_safe_move
from patience.solver.shah import shah_dead_end, shah_order
from patience.solver.star import star_dead_end, star_order, star_safe_move

RESERVE_FAMILY = ("rainbow", "open-shop", "toad", "double-star")

SafeMove = Callable[[State, list[RawMove]], RawMove | None]


def sun_safe_move(state: State, legal: list[RawMove]) -> RawMove | None:
    """Sun, after the wind: a card whose suit's foundations have passed each other.

    Once the wind has blown (SUN-9) no chance event, scatter or deal is left: the only
    cards off the foundations lie in the row ``wind``, taken from its two ends. Let suit X
    hold ``a`` cards on ace-X and ``k`` on king-X with ``a + k >= 14``. Transfers (SUN-3)
    need ``a + k == 13`` and the counts only grow, so X has no transfer ever again; every
    rank above ``a`` is already on king-X once and every rank below ``14 - k`` already on
    ace-X once, so each suit-X card left has exactly one copy off the foundations and
    exactly one foundation it can ever go to. Let card c fit its foundation F now. In any
    winning line L from here, F receives nothing before c (only c fits it), and c stays at
    its end of the row until L plays it. Playing c first and then L without c's play is
    legal move for move: the far end of the row is unchanged, c's end offers only more
    cards, and every position differs from L's by c alone until L plays c, after which
    they are equal. The first move is irreversible, so the repetition memory of the
    shifted line only holds positions of that line. Hence playing c loses no win. With
    ``transfers = "purposeful"`` (SUN-3) a transfer of another suit Y is legal only while
    some available card of Y fits where it did not before; that card is not c (c is of
    suit X), and the shifted line's available cards are L's less c, plus the card c
    uncovered, so every transfer of L stays legal there.
    """
    if state.vars[sun.WIND_DONE] == 0:
        return None
    piles = state.piles
    for move in legal:
        src, dst, _, _ = move
        if src != sun.WIND:
            continue
        suit = dst - sun.ACE0 if dst < sun.KING0 else dst - sun.KING0
        if len(piles[sun.ACE0 + suit]) + len(piles[sun.KING0 + suit]) >= 14:
            return move
    return None


def sun_dead_end(state: State) -> bool:
    """Sun, after the wind: a card walled in on both sides by cards that must follow it.

    After SUN-9 the cards off the foundations lie in the row ``wind`` and leave it only
    from its ends, so a card can go only once every card on its left, or every card on its
    right, has gone. For a suit whose foundations have passed each other (ace-X and king-X
    together hold 14 or more cards) no transfer is possible again (SUN-3 needs exactly
    13), each card left is the last copy of its rank and suit, and it has one foundation
    only: ace-X for ranks above ace-X's top, king-X for ranks below king-X's top. On one
    foundation the cards go in one order. If a card p has on its left and on its right a
    card of its own suit bound for the same foundation later than p, neither side can be
    cleared before p leaves, and p cannot leave first: the position is lost.
    """
    if state.vars[sun.WIND_DONE] == 0:
        return False
    piles = state.piles
    row = piles[sun.WIND]
    if len(row) < 3:
        return False
    slots: list[int] = []  # suit * 2 + foundation (0 ace-X, 1 king-X), or -1: not certain
    orders: list[int] = []  # place in that foundation's order
    for card in row:
        suit, rank = card & 3, card >> 2
        up, down = len(piles[sun.ACE0 + suit]), len(piles[sun.KING0 + suit])
        if up + down < 14:
            slots.append(-1)
            orders.append(0)
        elif rank > up:
            slots.append(suit * 2)
            orders.append(rank)  # ace-X ascends
        else:
            slots.append(suit * 2 + 1)
            orders.append(14 - rank)  # king-X descends
    n = len(row)
    later_on_left = [False] * n
    highest = [0] * 8
    for i in range(n):
        slot = slots[i]
        if slot >= 0:
            later_on_left[i] = highest[slot] > orders[i]
            highest[slot] = max(highest[slot], orders[i])
    highest = [0] * 8
    for i in range(n - 1, -1, -1):
        slot = slots[i]
        if slot >= 0:
            if later_on_left[i] and highest[slot] > orders[i]:
                return True
            highest[slot] = max(highest[slot], orders[i])
    return False


DEAD_ENDS: dict[str, Callable[[State], bool]] = {
    "sun": sun_dead_end,
    "star": star_dead_end,
    "clock": clock_dead_end,
    "shah": shah_dead_end,
    "blockade": blockade_dead_end,
    **{game_id: reserve_dead_end for game_id in RESERVE_FAMILY},
}

# Move ordering per game (tried first to last; the search's generic order otherwise). An
# ordering may leave out a move only when its position equals, under the game's
# ``solver_key``, one it keeps.
MOVE_ORDERS: dict[str, Ordering] = {
    "blockade": blockade_order,
    "clock": clock_order,
    "shah": shah_order,
    "star": star_order,
    **{game_id: reserve_order for game_id in RESERVE_FAMILY},
}

SAFE_MOVES: dict[str, SafeMove] = {
    "sun": sun_safe_move,
    "star": star_safe_move,
    "blockade": blockade_safe_move,
    "clock": clock_safe_move,
    **{game_id: reserve_safe_move for game_id in RESERVE_FAMILY},
}
