"""Star's exact search on a lean copy of the position (RULES.md §2).

The same depth-first search as ``search._search`` with Star's move order, safe move,
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

Outcome = Literal["won", "lost", "unknown"]
TIME_CHECK_EVERY = 1024  # nodes between clock readings
FROM_RESERVE, DRAWS, REDEALS_MOVE, DRAW_RUN = 4, 5, 6, 7  # move numbers; 0-3: the cells


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
    """
    piles, v = state.piles, state.vars
    first_fit = state.rules.options["direction"] == "first-fit"
    cells = [p[-1] if p else 0 for p in piles[CELL0:CELL0 + 4]]
    reserve: list[int] = []
    stock = list(piles[STOCK])
    count = [len(piles[b]) for b in range(4)]
    start = [piles[b][0] >> 2 for b in range(4)]
    top = [piles[b][-1] >> 2 for b in range(4)]
    dirs = list(v[:4])
    base_of = list(v[BASE_OF_SUIT:BASE_OF_SUIT + 4])
    rounds = [v[ROUNDS_DONE]]
    want_a = [0, 0, 0, 0]  # per suit: the ranks its base takes next (0: none)
    want_b = [0, 0, 0, 0]

    def refresh(suit: int) -> None:
        """The ranks a suit's base takes next (STR-3): both neighbours of the base card
        while the direction is unset, else the next card that way."""
        base = base_of[suit]
        if count[base] == 13:
            want_a[suit] = want_b[suit] = 0
        elif dirs[base] == UNSET:
            s = start[base]
            want_a[suit], want_b[suit] = s % 13 + 1, (s - 2) % 13 + 1
        else:
            t = top[base]
            want_a[suit] = want_b[suit] = t % 13 + 1 if dirs[base] == UP else (t - 2) % 13 + 1

    for suit in range(4):
        refresh(suit)

    def won() -> bool:
        return count[0] + count[1] + count[2] + count[3] == 52

    def key() -> bytes:
        """StarRules.solver_key's information: the cells as a sorted set (0: empty)."""
        a, b, c, d = sorted(cells)
        return bytes((count[0], count[1], count[2], count[3], len(reserve), a, b, c, d,
                      dirs[0], dirs[1], dirs[2], dirs[3], rounds[0]))

    def generate() -> list[int]:
        """StarRules.generate, as move numbers, in its order."""
        out: list[int] = []
        setting: list[int] = []
        for src in range(5):
            card = cells[src] if src < 4 else (reserve[-1] if reserve else 0)
            if not card:
                continue
            suit, rank = card & 3, card >> 2
            if rank == want_a[suit] or rank == want_b[suit]:
                if dirs[base_of[suit]] == UNSET:
                    setting.append(src)
                else:
                    out.append(src)
        if setting and first_fit:
            return setting
        out += setting
        if stock:
            out.append(DRAWS)
        elif reserve and rounds[0] < REDEALS:
            out.append(REDEALS_MOVE)
        return out

    # Last round only: per reserve depth, the directions blocked so far (two bits per
    # suit) and the lowest place seen per suit and direction (solver.star.blocked_ways),
    # kept as cards are laid on and lifted off the reserve.
    blocked_at: list[int] = []
    lowest_at: list[tuple[int, ...]] = []

    def lay(card: int) -> None:
        reserve.append(card)
        if rounds[0] < REDEALS:
            return
        lowest = list(lowest_at[-1]) if lowest_at else [99] * 12
        blocked = blocked_at[-1] if blocked_at else 0
        suit, rank = card & 3, card >> 2
        s = start[base_of[suit]]
        for way, step in ((UP, rank - s), (DOWN, s - rank)):
            place = step % 13
            slot = suit * 3 + way
            if place > lowest[slot]:
                blocked |= way << 2 * suit
            else:
                lowest[slot] = place
        blocked_at.append(blocked)
        lowest_at.append(tuple(lowest))

    def lift() -> int:
        if rounds[0] == REDEALS:
            blocked_at.pop()
            lowest_at.pop()
        return reserve.pop()

    def blocked_ways() -> list[int]:
        """solver.star.blocked_ways, from the last entry kept above."""
        bits = blocked_at[-1] if blocked_at else 0
        return [bits & 3, bits >> 2 & 3, bits >> 4 & 3, bits >> 6 & 3]

    def dead_end() -> bool:
        """solver.star.star_dead_end on these lists."""
        if rounds[0] < REDEALS or len(reserve) < 2:
            return False
        blocked = blocked_ways()
        for suit in range(4):
            direction = dirs[base_of[suit]]
            possible = UP | DOWN if direction == UNSET else direction
            if blocked[suit] and possible & ~blocked[suit] == 0:
                return True
        return False

    def sets_direction(card: int) -> bool:
        base = base_of[card & 3]
        if dirs[base] != UNSET:
            return False
        s, rank = start[base], card >> 2
        return rank == s % 13 + 1 or rank == (s - 2) % 13 + 1

    def safe_move(legal: list[int]) -> int | None:
        """solver.star.star_safe_move on these lists."""
        if rounds[0] < REDEALS:
            return None
        blocked: list[int] | None = None
        for src in legal:
            if src >= DRAWS or not (src == FROM_RESERVE or not stock):
                continue
            card = cells[src] if src < 4 else reserve[-1]
            base = base_of[card & 3]
            if dirs[base] == UNSET:
                if blocked is None:
                    blocked = blocked_ways()
                way = UP if card >> 2 == start[base] % 13 + 1 else DOWN
                if blocked[card & 3] & (UP | DOWN) & ~way:
                    return src
                continue
            if (first_fit and src == FROM_RESERVE and len(reserve) > 1
                    and sets_direction(reserve[-2])):
                continue
            return src
        return None

    def children() -> list[int]:
        if dead_end():
            return []
        legal = generate()
        if legal:
            forced = safe_move(legal)
            if forced is not None:
                return [forced]
            if draw_runs and legal == [DRAWS]:
                return [DRAW_RUN]
        return legal

    undo: list[tuple[int, int, int, int, int, int]] = []
    redeal_undo: list[tuple[list[int], list[int]]] = []
    path: list[RawMove] = []

    def play(move: int) -> int:
        """Carry out a move (StarRules.apply), add it to ``path`` as raw moves, and say
        how many."""
        if move == DRAWS:  # STR-6
            lay(stock.pop())
            undo.append((move, 0, 0, 0, 0, 0))
            path.append((ACTION, DRAW, 0, False))
            return 1
        if move == DRAW_RUN:  # draws while the position offers nothing else
            head = bytes(count)
            tail = bytes((*sorted(cells), *dirs, rounds[0]))
            drawn = 0
            while True:
                card = stock.pop()
                lay(card)
                drawn += 1
                path.append((ACTION, DRAW, 0, False))
                if (not stock or card >> 2 == want_a[card & 3]
                        or card >> 2 == want_b[card & 3] or dead_end()):
                    break
                middle = head + bytes((len(reserve),)) + tail  # key(), built faster
                if middle in explored:
                    break
                explored.add(middle)
            undo.append((move, drawn, 0, 0, 0, 0))
            return drawn
        if move == REDEALS_MOVE:  # STR-7, then STR-5 refills in cell order
            redeal_undo.append((list(reserve), list(cells)))
            stock[:] = reserve[::-1]
            reserve.clear()
            rounds[0] += 1
            for i in range(4):
                if not cells[i] and stock:
                    cells[i] = stock.pop()
            undo.append((move, 0, 0, 0, 0, 0))
            path.append((ACTION, REDEAL, 0, False))
            return 1
        if move == FROM_RESERVE:
            index = len(reserve) - 1
            card = lift()
        else:
            index = 0
            card = cells[move]
        base = base_of[card & 3]
        old_top, old_dir = top[base], dirs[base]
        rank = card >> 2
        if old_dir == UNSET:  # STR-3
            dirs[base] = UP if rank == start[base] % 13 + 1 else DOWN
        top[base] = rank
        count[base] += 1
        refresh(card & 3)
        refilled = 0
        if move < 4:  # STR-5
            if stock:
                cells[move] = stock.pop()
                refilled = 1
            else:
                cells[move] = 0
        undo.append((move, card, base, old_top, old_dir, refilled))
        path.append((CELL0 + move if move < 4 else RESERVE, base, index, False))
        return 1

    def take_back() -> None:
        move, card, base, old_top, old_dir, refilled = undo.pop()
        if move == DRAW_RUN:
            for _ in range(card):  # ``card`` holds the number drawn
                stock.append(lift())
                path.pop()
            return
        path.pop()
        if move == DRAWS:
            stock.append(lift())
        elif move == REDEALS_MOVE:
            old_reserve, old_cells = redeal_undo.pop()
            reserve[:] = old_reserve
            stock.clear()
            cells[:] = old_cells
            rounds[0] -= 1
        else:
            count[base] -= 1
            top[base], dirs[base] = old_top, old_dir
            refresh(card & 3)
            if move == FROM_RESERVE:
                lay(card)
            else:
                if refilled:
                    stock.append(cells[move])
                cells[move] = card

    for card in piles[RESERVE]:
        lay(card)
    if won():
        return "won", [], 0
    explored = {key()}
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
        nodes += play(moves[i])
        if count[0] + count[1] + count[2] + count[3] == 52:
            return "won", path, nodes
        k = key()
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
