"""Blockade (RULES.md §4): a safe foundation play, a relaxed game that proves losses, and
move orders for the solver's probes."""

from __future__ import annotations

import random

from patience.engine.rules import RawMove
from patience.engine.state import State
from patience.games import blockade
from patience.solver.blockade_relaxed import relaxed_position
from patience.solver.probes import Ordering

EARLY_DEAL = 0.05  # chance, in half the drawn probes, that `deal` is tried first


def copies_up(piles: list[list[int]], card: int) -> int:
    """How many copies of ``card`` lie on the foundations (BLK-2: a foundation of the
    card's suit holds it once it is at least as high)."""
    suit, rank = card & 3, card >> 2
    return sum(1 for f in blockade.FOUNDATIONS
               if piles[f] and piles[f][0] & 3 == suit and len(piles[f]) >= rank)


def blockade_safe_move(state: State, legal: list[RawMove]) -> RawMove | None:
    """A card to a foundation when both copies of the card below it are already up.

    Not with ``empty_columns = "any"`` (an emptied column stays empty, BLK-8).
    Let c, at the end of column X, fit a foundation, with both copies of c's predecessor in
    suit on the foundations (so both foundations of the suit exist and no card can ever be
    married onto c, BLK-5), and let X hold another card or the stock be spent. Take any
    winning line L; play c first, then L without its moves of this copy of c. Columns of
    the new line are L's minus c: c is never alone in a column in L (it only ever lies on a
    card of X or on the card it is married onto) unless the stock is spent, so columns
    empty at the same moments, refills and deals take the same cards (BLK-4, BLK-6), and
    the last card of every column is L's except where L's is c, which no move of L can
    use other than moving c. With ``move_sequences`` a run L moves with c at its end
    (nothing lies on c) moves in the new line without c, from the same index and onto
    the same card, and every run at a column's end in the new line is L's without c
    (BLK-5); a run of c alone is a move of c. Foundation heights of the suit are L's with
    one raised by one until L plays a copy of c; where L plays the other copy first, both
    heights were at c's predecessor, so one is still free for it. Every move of L
    therefore stays legal and L's win is reached. The first move is irreversible (it
    clears the repetition memory, §0) and cutting repeated stretches out of the new line
    leaves a line the repetition rule cannot refuse.

    Not with ``deal_when = "stuck"`` either (BLK-7): there a deal is legal only when no
    play and no marriage is, read after the repetition rule, and the cut line's memory is
    not L's, so a marriage L's memory refuses (letting L deal) may be open in the new line
    (keeping its deal back). No claim is made rather than a longer argument.
    """
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


def blockade_dead_end(state: State) -> bool:
    """Some card can never reach a foundation, even in a relaxed game. (With ``deal_when
    = "stuck"`` too: its lines are lines of the default game, whose deal is legal whenever
    the stock has cards, BLK-7, so a position no line of the default game wins is lost.)

    The relaxed game (``blockade_relaxed.taken_off``, with its proof) takes cards off the
    columns while the rules could let them leave. Deals are then made in it while that is
    sound: if no column can be emptied without the stock (the relaxed game with stock
    cards left out, an over-estimate of all play until a stock card arrives), no refill
    can come before the next `deal` (BLK-6), and every line must deal it to win (BLK-4:
    each stock card reaches a foundation only after being dealt). At that deal each column
    still holds every card the relaxed game could not take off, and the next stock cards
    land on the columns in order col1 → col12, aces going up (BLK-4); cards the relaxed
    game took off count as free, which only frees more. So deal the row onto the cards
    that are left and go on. When the stock is spent, or a column may be emptied (a refill
    would change where the later cards land), the relaxed game with every stock card free
    decides: if it leaves a card on a column, no line wins.
    """
    rules = state.rules
    assert isinstance(rules, blockade.BlockadeRules)
    stock = state.piles[blockade.STOCK]
    game = relaxed_position(state.piles, rules.sequences)
    left = len(stock)  # stock cards not yet dealt in the relaxed game: stock[:left]
    game.settle()
    while left and 0 not in game.tops:
        left = game.deal_row(stock, left)
        game.settle()
    game.release(stock[:left])
    game.settle()
    if rules.fill_any and 0 in game.tops:
        return False  # a column may be emptied, and any card may move into it (BLK-8)
    return any(game.tops)


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


def blockade_probe_order(probe: int) -> Ordering:
    """The move order of probe ``probe`` of the restarted search: ``blockade_order`` for
    probe 0 and for every other long probe (``depth_first.restarts`` lets every fourth probe
    run longer), orders drawn by a generator seeded with ``probe`` otherwise. When to deal
    (BLK-7) and which marriages to make before it decide which cards each deal buries;
    wins lie on scattered lines, so short probes down different lines find more of them
    than one long depth-first search. Ordering never changes an answer."""
    if probe == 0 or probe % 8 == 3:
        return blockade_order
    rng = random.Random(probe)
    mixed = probe % 2 == 0  # even probes draw foundation plays among the marriages
    early_deal = EARLY_DEAL if probe % 4 >= 2 else 0.0

    def order(state: State, legal: list[RawMove]) -> list[RawMove]:
        plays = [m for m in legal if m[0] >= 0 and m[1] >= blockade.FOUND0]
        others = [m for m in legal if m[0] >= 0 and m[1] < blockade.FOUND0]
        deals = [m for m in legal if m[0] < 0]
        if mixed:
            others += plays
            plays = []
        rng.shuffle(plays)
        rng.shuffle(others)
        if deals and early_deal and rng.random() < early_deal:
            return deals + plays + others
        return plays + others + deals

    return order
