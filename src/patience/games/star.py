"""Star: a clock face of four bases and four cells round a reserve."""

from __future__ import annotations

from typing import Any

from patience.engine.game import Game, Option
from patience.engine.piles import Kind, Pile
from patience.engine.rules import ACTION, Place, RawMove, Rules
from patience.engine.state import State
from patience.i18n import N_

BASES = ("base-12", "base-6", "base-3", "base-9")  # STR-2: the order new suits take them
CELLS = ("cell-1", "cell-4", "cell-7", "cell-10")
CELL0 = 4
RESERVE, STOCK = 8, 9
REDEALS = 2  # STR-7: three rounds

DRAW, REDEAL = range(2)
UNSET, UP, DOWN = 0, 1, 2  # a base's direction (STR-3), stored as State.vars[base]
# State.vars: directions of the four bases, redeals made, base pile of each suit S H D C
ROUNDS_DONE = 4
BASE_OF_SUIT = 5


class StarRules(Rules):
    piles = (
        tuple(Pile(b, Kind.FOUNDATION, 13) for b in BASES)
        + tuple(Pile(c, Kind.CELL) for c in CELLS)
        + (Pile("reserve", Kind.RESERVE), Pile("stock", Kind.STOCK))
    )
    actions = ("draw", "redeal")
    var_names = ("dir-12", "dir-6", "dir-3", "dir-9", "redeals",
                 "base-S", "base-H", "base-D", "base-C")

    def setup(self, state: State, deck: list[int]) -> None:
        """STR-2: bases by first appearance of each suit, the others to the reserve."""
        piles, base_of = state.piles, state.vars
        cards = iter(deck)
        found = 0
        for card in cards:
            suit = card & 3
            if found and any(piles[b][0] & 3 == suit for b in range(found)):
                piles[RESERVE].append(card)
                continue
            piles[found].append(card)
            base_of[BASE_OF_SUIT + suit] = found
            found += 1
            if found == 4:
                break
        for cell in range(CELL0, CELL0 + 4):
            piles[cell].append(next(cards))
        piles[STOCK] = list(cards)[::-1]

    def generate(self, state: State) -> list[RawMove]:
        piles, v = state.piles, state.vars
        out: list[RawMove] = []
        setting: list[RawMove] = []  # plays that fix a base's direction (STR-3)
        for src in (CELL0, CELL0 + 1, CELL0 + 2, CELL0 + 3, RESERVE):  # STR-4
            cards = piles[src]
            if not cards:
                continue
            card = cards[-1]
            base = v[BASE_OF_SUIT + (card & 3)]
            found = piles[base]
            if len(found) == 13:
                continue
            rank = card >> 2
            direction = v[base]
            if direction == UNSET:
                start = found[0] >> 2
                if rank == start % 13 + 1 or rank == (start - 2) % 13 + 1:
                    setting.append((src, base, len(cards) - 1, False))
            else:
                top = found[-1] >> 2
                wanted = top % 13 + 1 if direction == UP else (top - 2) % 13 + 1
                if rank == wanted:
                    out.append((src, base, len(cards) - 1, False))
        if setting and self.options["direction"] == "first-fit":
            return setting
        out += setting
        if piles[STOCK]:
            out.append((ACTION, DRAW, 0, False))
        elif piles[RESERVE] and v[ROUNDS_DONE] < REDEALS:
            out.append((ACTION, REDEAL, 0, False))
        return out

    def apply(self, state: State, move: RawMove) -> None:
        src, dst, _, _ = move
        piles = state.piles
        if src == ACTION:
            if dst == DRAW:  # STR-6
                state.move_top(STOCK, RESERVE)
            else:  # STR-7: the reserve turned over, its first card on top
                state.replace(STOCK, piles[RESERVE][::-1])
                state.replace(RESERVE, [])
                state.set_var(ROUNDS_DONE, state.vars[ROUNDS_DONE] + 1)
                for cell in range(CELL0, CELL0 + 4):  # STR-5: refill in cell order
                    if not piles[cell] and piles[STOCK]:
                        state.move_top(STOCK, cell)
            return
        if state.vars[dst] == UNSET:  # STR-3: the first card played fixes the direction
            start = piles[dst][0] >> 2
            state.set_var(dst, UP if piles[src][-1] >> 2 == start % 13 + 1 else DOWN)
        state.move_top(src, dst)
        if src != RESERVE and piles[STOCK]:  # STR-5: a cell is refilled at once
            state.move_top(STOCK, src)

    def unseen(self, state: State) -> list[list[Place]]:
        """The stock in round 1; after a redeal it is the reserve turned over (STR-7), whose
        cards and order the player saw, so nothing is unseen."""
        if state.vars[ROUNDS_DONE]:
            return []
        return super().unseen(state)

    def why_not(self, state: State, action: str) -> str | None:
        piles, redeals = state.piles, state.vars[ROUNDS_DONE]
        otherwise_legal = (piles[STOCK] if action == "draw"
                           else not piles[STOCK] and piles[RESERVE] and redeals < REDEALS)
        if otherwise_legal:
            return N_("with direction=first-fit, a card that fixes a base's direction must "
                      "be played first (STR-3)")
        if action == "draw":
            return N_("the stock is empty (STR-6)")
        if piles[STOCK]:
            return N_("turn the whole stock first: redeal comes when it is empty (STR-7)")
        if redeals >= REDEALS:
            return N_("both redeals are used: this is the third and last round (STR-7)")
        return N_("the reserve is empty")

    def solver_key(self, state: State) -> bytes:
        """The position in a few bytes: foundation counts, vars, the cell cards as a set
        and the reserve's length.

        The four cells are interchangeable: every cell is available (STR-4) and refills
        fill whichever cells are empty (STR-5), so only the set of cell cards matters.
        Reserve (bottom to top) followed by stock (top to bottom) keeps its cards in one
        order for the whole game: a draw moves the boundary (STR-6), a redeal puts the
        reserve's first card on top of the stock (STR-7), and cards leave only from the
        boundary (reserve top, stock top to a cell). So within one search, whose start
        fixes that order, the cards off the foundations and cells, and where the boundary
        lies, say the reserve and the stock exactly; a foundation is its count, since its
        base and direction (in vars) fix its cards.
        """
        piles = state.piles
        cells = sorted(piles[CELL0][-1:] + piles[CELL0 + 1][-1:] + piles[CELL0 + 2][-1:]
                       + piles[CELL0 + 3][-1:])
        return bytes((len(piles[0]), len(piles[1]), len(piles[2]), len(piles[3]),
                      len(piles[RESERVE]), len(cells), *cells, *state.vars[:BASE_OF_SUIT]))

    def why_dead(self, state: State) -> str | None:
        """STR-7, last round: a suit two of whose cards lie in the reserve in an order its
        base can never take (``star_dead_end``)."""
        from patience.games.star_dead_end import why_dead  # it reads this module's names

        return why_dead(state)

    def is_won(self, state: State) -> bool:
        """STR-8: all 52 cards on the four foundations."""
        piles = state.piles
        return len(piles[0]) + len(piles[1]) + len(piles[2]) + len(piles[3]) == 52

    def counters(self, state: State) -> dict[str, Any]:
        names = {UNSET: None, UP: "up", DOWN: "down"}
        return {
            "directions": {b: names[state.vars[i]] for i, b in enumerate(BASES)},
            "round": state.vars[ROUNDS_DONE] + 1,
        }


STAR = Game(
    id="star",
    name="Star",
    decks=1,
    rules_class=StarRules,
    option_specs=(
        Option("direction", "first-fit", ("first-fit", "free"),
               "first-fit: a card that can fix a base's direction must be played at once, as "
               "the text says; free: the player decides when a base's direction is fixed"),
    ),
    # rules version 2: STR-3's first-fit reading became the default
    rules_version="2",
    earlier_defaults={"1": {"direction": "free"}},
    summary="Four bases at 12, 3, 6 and 9 o'clock, four cells between them and a reserve "
            "in the middle; each suit is built up or down round the clock in three rounds.",
)
