"""Star's exact search on a lean copy of the position (RULES.md §2).

The same depth-first search as ``depth_first`` with Star's move order, safe move,
dead end and ``solver_key``, so it explores exactly the positions the generic search
explores, in the same order; only the bookkeeping is Star's own: cells, reserve and stock
as plain lists of card ints, each foundation as its count, top rank and direction, and a
move as a source number, undone by hand. Most Star positions offer a single move (the
draw), so the engine's journal, legality filter and key building dominate the generic
search's time; here a position costs a fraction of that. The winning line is returned as
raw moves and replayed by ``search.solve`` like any other.
"""

from __future__ import annotations

import time
from typing import Literal

from patience.engine.rules import ACTION, RawMove
from patience.engine.state import State
from patience.games.star import (
    BASE_OF_SUIT,
    CELL0,
    DOWN,
    DRAW,
    REDEAL,
    REDEALS,
    RESERVE,
    ROUNDS_DONE,
    STOCK,
    UNSET,
    UP,
)
from patience.solver.star import HOLD_BEYOND, steps_to

Outcome = Literal["won", "lost", "unknown"]
TIME_CHECK_EVERY = 1024  # nodes between clock readings
FROM_RESERVE, DRAWS, REDEALS_MOVE, DRAW_RUN = 4, 5, 6, 7  # move numbers; 0-3: the cells


FITS, SETS = 1, 2  # a card's entry in the search's table: fits a set base / fixes an unset one


def star_search(state: State, max_nodes: int, deadline: float,
                draw_runs: bool = True) -> tuple[Outcome, list[RawMove], int]:
    """Depth-first search from ``state`` (left unchanged): ``won`` with its raw line,
    ``lost`` when every position was searched, ``unknown`` at a budget.

    With ``draw_runs`` a position whose only move is the draw is left by drawing on, as
    one step, until a position that may offer more: the card drawn fits a base, the stock
    is empty, a dead end, or a position already in the table (which the caller then finds
    there). Each middle position offers only the draw (the cells, the bases and the
    first-fit condition are unchanged, the card drawn does not fit), so this is the same
    search position for position, without a frame and a move list per draw.

    The key is ``StarRules.solver_key``'s information packed in one int; the part that
    only plays and redeals change is kept, and a draw adds the reserve length. Which
    cards the bases take next is a table by card. The winning line is rebuilt from the
    undo records when the search ends.
    """
    piles, v = state.piles, state.vars
    first_fit = state.rules.options["direction"] == "first-fit"
    cells = [p[-1] if p else 0 for p in piles[CELL0:CELL0 + 4]]  # 0: an empty cell
    reserve: list[int] = []
    stock = list(piles[STOCK])
    count = [len(piles[b]) for b in range(4)]
    start = [piles[b][0] >> 2 for b in range(4)]
    top = [piles[b][-1] >> 2 for b in range(4)]
    dirs = list(v[:4])
    base_of = list(v[BASE_OF_SUIT:BASE_OF_SUIT + 4])
    rounds = v[ROUNDS_DONE]
    last = rounds == REDEALS
    fit = [0] * 56  # per card code: FITS, SETS, or 0 (also for 0, an empty cell)
    wanted: list[list[int]] = [[], [], [], []]  # per suit: its cards marked in ``fit``

    def refresh(suit: int) -> None:
        """The cards a suit's base takes next (STR-3): both neighbours of the base card
        while the direction is unset, else the next card that way."""
        for card in wanted[suit]:
            fit[card] = 0
        base = base_of[suit]
        if count[base] == 13:
            wanted[suit] = []
        elif dirs[base] == UNSET:
            s = start[base]
            wanted[suit] = [(s % 13 + 1) << 2 | suit, ((s - 2) % 13 + 1) << 2 | suit]
            for card in wanted[suit]:
                fit[card] = SETS
        else:
            t = top[base]
            card = (t % 13 + 1 if dirs[base] == UP else (t - 2) % 13 + 1) << 2 | suit
            wanted[suit] = [card]
            fit[card] = FITS

    for suit in range(4):
        refresh(suit)

    def stable_key() -> int:
        """solver_key's information but the reserve length, which takes the low six
        bits: foundation counts, directions, redeals done, the cells as a sorted set."""
        a, b, c, d = sorted(cells)
        k = ((count[0] << 4 | count[1]) << 4 | count[2]) << 4 | count[3]
        k = (((k << 2 | dirs[0]) << 2 | dirs[1]) << 2 | dirs[2]) << 2 | dirs[3]
        k = ((((k << 2 | rounds) << 6 | a) << 6 | b) << 6 | c) << 6 | d
        return k << 6

    def open_ways() -> int:
        """Per suit (two bits each), the directions it may still take (STR-3)."""
        ways = 0
        for suit in range(4):
            direction = dirs[base_of[suit]]
            ways |= (UP | DOWN if direction == UNSET else direction) << 2 * suit
        return ways

    base_key, ways = stable_key(), open_ways()

    # Last round only: per reserve depth, the directions blocked so far (low eight bits,
    # two per suit) and above them the lowest place seen per suit and direction (four
    # bits each, 15: none; solver.star.blocked_ways), kept as cards are laid on and
    # lifted off the reserve. A card's place each way is fixed for the search.
    marks: list[int] = []
    places: list[tuple[int, int, int, int, int, int]] = [(0, 0, 0, 0, 0, 0)] * 56
    for suit in range(4):
        s = start[base_of[suit]]
        for rank in range(1, 14):
            up_shift, down_shift = 8 + 4 * 2 * suit, 8 + 4 * (2 * suit + 1)
            places[rank << 2 | suit] = ((rank - s) % 13, up_shift, UP << 2 * suit,
                                        (s - rank) % 13, down_shift, DOWN << 2 * suit)

    def lay(card: int) -> None:
        """Put a card on the reserve in the last round, keeping the blocked directions."""
        reserve.append(card)
        mark = marks[-1] if marks else 0xFFFFFFFF00
        up, up_shift, up_bit, down, down_shift, down_bit = places[card]
        if up > mark >> up_shift & 15:
            mark |= up_bit
        else:
            mark = mark & ~(15 << up_shift) | up << up_shift
        if down > mark >> down_shift & 15:
            mark |= down_bit
        else:
            mark = mark & ~(15 << down_shift) | down << down_shift
        marks.append(mark)

    def dead_end() -> bool:
        """solver.star.star_dead_end on these lists (last round): some suit whose open
        directions all lie among its blocked ones."""
        if not marks:
            return False
        free = ways & ~marks[-1]
        return (free | free >> 1) & 0x55 != 0x55

    def safe_move(legal: list[int]) -> int | None:
        """solver.star.star_safe_move on these lists (last round)."""
        for src in legal:
            if src >= DRAWS or not (src == FROM_RESERVE or not stock):
                continue
            card = cells[src] if src < 4 else reserve[-1]
            if fit[card] == SETS:
                base = base_of[card & 3]
                way = UP if card >> 2 == start[base] % 13 + 1 else DOWN
                blocked = marks[-1] & 0xFF if marks else 0
                if blocked >> 2 * (card & 3) & (UP | DOWN) & ~way:
                    return src
                continue
            if (first_fit and src == FROM_RESERVE and len(reserve) > 1
                    and fit[reserve[-2]] == SETS):
                continue
            return src
        return None

    def children() -> list[int]:
        """The moves to try, in StarRules.generate's order, after the dead end and the
        safe move; a lone draw becomes a run of draws."""
        if last and marks:  # dead_end(), inline
            free = ways & ~marks[-1]
            if (free | free >> 1) & 0x55 != 0x55:
                return []
        out: list[int] = []
        setting: list[int] = []
        c0, c1, c2, c3 = cells
        if fit[c0] or fit[c1] or fit[c2] or fit[c3]:  # most positions: no cell card fits
            for src in range(4):
                kind = fit[cells[src]]
                if kind == FITS:
                    out.append(src)
                elif kind == SETS:
                    setting.append(src)
        if reserve:
            kind = fit[reserve[-1]]
            if kind == FITS:
                out.append(FROM_RESERVE)
            elif kind == SETS:
                setting.append(FROM_RESERVE)
        if setting and first_fit:
            out = setting
        else:
            out += setting
            if stock:
                if not out:  # the lone draw (the safe move never claims a draw)
                    return [DRAW_RUN] if draw_runs else [DRAWS]
                out.append(DRAWS)
            elif reserve and rounds < REDEALS:
                out.append(REDEALS_MOVE)
        if last and out:
            forced = safe_move(out)
            if forced is not None:
                return [forced]
        if stock and out[-1] == DRAWS and out[0] < FROM_RESERVE:  # solver.star.star_order
            card = stock[-1]
            base = base_of[card & 3]
            if steps_to(start[base], top[base], dirs[base], card >> 2) > HOLD_BEYOND:
                return [move for move in out if move >= FROM_RESERVE] + [
                    move for move in out if move < FROM_RESERVE]
        return out

    # per move: move number, card (or cards drawn), base, old top, old direction, cell
    # refilled, reserve index, old stable key, old open ways
    undo: list[tuple[int, int, int, int, int, int, int, int, int]] = []
    redeal_undo: list[tuple[list[int], list[int]]] = []

    def play_card(move: int) -> None:
        """A card to its base (StarRules.apply), with the STR-5 refill of its cell."""
        nonlocal base_key, ways
        if move == FROM_RESERVE:
            index = len(reserve) - 1
            card = reserve.pop()
            if last:
                marks.pop()
        else:
            index = 0
            card = cells[move]
        suit = card & 3
        base = base_of[suit]
        old_top, old_dir = top[base], dirs[base]
        rank = card >> 2
        if old_dir == UNSET:  # STR-3
            dirs[base] = UP if rank == start[base] % 13 + 1 else DOWN
        top[base] = rank
        count[base] += 1
        refresh(suit)
        refilled = 0
        if move < 4:  # STR-5
            if stock:
                cells[move] = stock.pop()
                refilled = 1
            else:
                cells[move] = 0
        undo.append((move, card, base, old_top, old_dir, refilled, index, base_key, ways))
        base_key = stable_key()
        if old_dir == UNSET:
            ways = open_ways()

    def redeal() -> None:
        """STR-7, then STR-5 refills in cell order."""
        nonlocal base_key, rounds, last
        redeal_undo.append((list(reserve), list(cells)))
        undo.append((REDEALS_MOVE, 0, 0, 0, 0, 0, 0, base_key, ways))
        stock[:] = reserve[::-1]
        reserve.clear()
        rounds += 1
        last = rounds == REDEALS
        for i in range(4):
            if not cells[i] and stock:
                cells[i] = stock.pop()
        base_key = stable_key()

    def take_back() -> None:
        nonlocal base_key, ways, rounds, last
        move, card, base, old_top, old_dir, refilled, _, old_key, old_ways = undo.pop()
        if move >= DRAWS and move != REDEALS_MOVE:  # ``card``: the number drawn
            for _ in range(card):
                stock.append(reserve.pop())
            if last:
                del marks[-card:]
            return
        base_key, ways = old_key, old_ways
        if move == REDEALS_MOVE:
            old_reserve, old_cells = redeal_undo.pop()
            reserve[:] = old_reserve
            stock.clear()
            cells[:] = old_cells
            rounds -= 1
            last = False
            return
        count[base] -= 1
        top[base], dirs[base] = old_top, old_dir
        refresh(card & 3)
        if move == FROM_RESERVE:
            if last:
                lay(card)
            else:
                reserve.append(card)
        else:
            if refilled:
                stock.append(cells[move])
            cells[move] = card

    def line() -> list[RawMove]:
        """The moves made so far, as raw moves."""
        out: list[RawMove] = []
        for move, drawn, base, _, _, _, index, _, _ in undo:
            if move == DRAWS:
                out.append((ACTION, DRAW, 0, False))
            elif move == DRAW_RUN:
                out += [(ACTION, DRAW, 0, False)] * drawn
            elif move == REDEALS_MOVE:
                out.append((ACTION, REDEAL, 0, False))
            else:
                out.append((CELL0 + move if move < 4 else RESERVE, base, index, False))
        return out

    for card in piles[RESERVE]:
        if last:
            lay(card)
        else:
            reserve.append(card)
    if count[0] + count[1] + count[2] + count[3] == 52:
        return "won", [], 0
    explored = {base_key | len(reserve)}
    stack_moves: list[list[int]] = [children()]  # per depth: the moves to try
    stack_next: list[int] = [0]  # per depth: the next one
    nodes = 0
    next_check = TIME_CHECK_EVERY
    while stack_moves:
        moves, i = stack_moves[-1], stack_next[-1]
        if i == len(moves):
            stack_moves.pop()
            stack_next.pop()
            if undo:
                take_back()
            continue
        stack_next[-1] = i + 1
        move = moves[i]
        if move == DRAW_RUN:  # draws while the position offers nothing else (STR-6)
            drawn = 0
            while True:
                card = stock.pop()
                if last:
                    lay(card)
                else:
                    reserve.append(card)
                drawn += 1
                if not stock or fit[card] or (last and dead_end()):
                    break
                middle = base_key | len(reserve)
                if middle in explored:
                    break
                explored.add(middle)
            undo.append((DRAW_RUN, drawn, 0, 0, 0, 0, 0, 0, 0))
            nodes += drawn
        elif move == DRAWS:  # STR-6
            card = stock.pop()
            if last:
                lay(card)
            else:
                reserve.append(card)
            undo.append((DRAWS, 1, 0, 0, 0, 0, 0, 0, 0))
            nodes += 1
        elif move == REDEALS_MOVE:
            redeal()
            nodes += 1
        else:
            play_card(move)
            nodes += 1
            if count[0] + count[1] + count[2] + count[3] == 52:
                return "won", line(), nodes
        k = base_key | len(reserve)
        if k in explored:
            take_back()
        else:
            explored.add(k)
            stack_moves.append(children())
            stack_next.append(0)
        if nodes >= max_nodes:
            return "unknown", [], nodes
        if nodes >= next_check:
            next_check += TIME_CHECK_EVERY
            if time.perf_counter() > deadline:
                return "unknown", [], nodes
    return "lost", [], nodes
