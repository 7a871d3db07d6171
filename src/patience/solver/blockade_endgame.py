"""Blockade's endgame (RULES.md §4) decided exactly, without the repetition rule.

Once the stock is spent no deal and no refill is left (BLK-4, BLK-6, BLK-9) and, by
default, an emptied column stays empty (BLK-8): cards only leave the columns, to a
foundation or onto another column's end (BLK-5). The game left is a finite card-blocking
puzzle that a small search of its own decides on plain lists. It leaves out the
repetition rule of §0: that rule only forbids moves, so an endgame lost without it is lost
with any repetition memory, and its answer depends on the cards alone. Answers are kept
between the calls of one solve by a key with the columns and the two foundations of each
suit sorted: every rule of the endgame treats columns alike and the two foundations of a
suit alike.
"""

from __future__ import annotations

from patience.games.blockade import COLUMNS, FOUNDATIONS, NEXT
from patience.solver.blockade_relaxed import taken_off

WON, LOST, UNKNOWN = 1, 2, 3
MEMO_LIMIT = 400_000  # answers kept; the table is emptied when it grows past this


EndgameMove = tuple[int, int, int]  # source column, target column or -1, first card's index


def endgame_outcome(piles: list[list[int]], sequences: bool, budget: int,
                    memo: dict[bytes, int]) -> tuple[int, list[EndgameMove] | None, int]:
    """WON, LOST or UNKNOWN (more than ``budget`` positions) for the columns and
    foundations of ``piles`` with the stock spent and empty columns staying empty; the
    winning line when this call found one (-1 as target: a foundation); and the number
    of positions visited. ``memo`` keeps answers between the calls of one solve; an
    endgame that once ran out of budget answers UNKNOWN again at once (dives land on the
    same endgames over and over), so a fresh ``memo`` per solve keeps answers
    independent of what was solved before."""
    places = [col for col in range(COLUMNS) if piles[col]]
    columns = [list(piles[col]) for col in places]
    heights = [0] * 8  # two foundations per suit: heights[2 * suit] <= heights[2 * suit + 1]
    for f in FOUNDATIONS:
        found = piles[f]
        if found:
            suit = found[0] & 3
            if heights[2 * suit + 1] == 0:
                heights[2 * suit + 1] = len(found)
            else:
                heights[2 * suit] = len(found)
    for suit in range(4):
        low, high = heights[2 * suit], heights[2 * suit + 1]
        heights[2 * suit], heights[2 * suit + 1] = min(low, high), max(low, high)
    if len(memo) > MEMO_LIMIT:
        memo.clear()
    endgame = _Endgame(columns, heights, sequences, memo)
    outcome = endgame.search(budget)
    line = None
    if endgame.line is not None:
        line = [(places[x], places[y] if y >= 0 else -1, i) for x, y, i in endgame.line]
    return outcome, line, endgame.nodes


class _Endgame:
    """Depth-first search with Tarjan's strongly connected components: when a component
    is closed and no win was met, every position in it reaches only positions in it or in
    components closed before, none of them won, so all of them are lost, whatever the
    budget does later. A position met on the path to a win is won. Positions are cut
    short two ways, both proved elsewhere: a safe foundation play is the only move tried
    (``blockade_safe_move``: from a won position it leads to one won in fewer moves, so
    the argument above still holds), and after a foundation play a position the relaxed
    game of ``taken_off`` walls in is lost."""

    def __init__(self, columns: list[list[int]], heights: list[int], sequences: bool,
                 memo: dict[bytes, int]) -> None:
        self.columns = columns
        self.memo = memo
        self.heights = heights
        self.sequences = sequences
        self.line: list[EndgameMove] | None = None  # the win this search found
        self.nodes = 0

    def key(self) -> bytes:
        return b"\xff".join(sorted(map(bytes, self.columns))) + b"\xfe" + bytes(self.heights)

    def walled(self) -> bool:
        """The relaxed game of ``blockade_relaxed.taken_off`` leaves a card on a column."""
        home = [rank << 2 | (f >> 1) for f, height in enumerate(self.heights)
                for rank in range(1, height + 1)]
        return any(taken_off(self.columns, home, home, self.sequences, False, []) or ())

    def moves(self) -> list[tuple[int, int, int]]:
        """(source column, target column or -1 for a foundation, index of the first card
        moved): foundation plays first, then marriages (BLK-5). A foundation play of a card
        whose predecessor's copies are both up is the only move tried (``blockade_safe_move``
        proves it safe with the stock spent)."""
        columns, heights = self.columns, self.heights
        tops: dict[int, list[int]] = {}
        for x, cards in enumerate(columns):
            if cards:
                tops.setdefault(cards[-1], []).append(x)
        plays: list[tuple[int, int, int]] = []
        marriages: list[tuple[int, int, int]] = []
        for x, cards in enumerate(columns):
            if not cards:
                continue
            i = len(cards) - 1
            card = cards[i]
            suit, rank = card & 3, card >> 2
            low, high = heights[2 * suit], heights[2 * suit + 1]
            if high == rank - 1 or low == rank - 1:  # BLK-2
                if low >= rank - 1:
                    return [(x, -1, i)]
                plays.append((x, -1, i))
            while True:
                for y in tops.get(card + NEXT, ()):
                    marriages.append((x, y, i))
                if not self.sequences or i == 0 or cards[i - 1] != card + NEXT:
                    break
                i -= 1
                card = cards[i]
        return plays + marriages

    def apply(self, move: tuple[int, int, int]) -> int:
        """Play ``move``; the card played to a foundation, or minus the number of cards
        married."""
        x, y, i = move
        cards = self.columns[x]
        if y >= 0:
            self.columns[y].extend(cards[i:])
            moved = len(cards) - i
            del cards[i:]
            return -moved
        card = cards.pop()
        heights = self.heights
        f = 2 * (card & 3)
        if heights[f + 1] == (card >> 2) - 1:
            heights[f + 1] += 1
        else:
            heights[f] += 1
            if heights[f] > heights[f + 1]:
                heights[f], heights[f + 1] = heights[f + 1], heights[f]
        return card

    def undo(self, move: tuple[int, int, int], played: int) -> None:
        """Take back ``move``; ``played`` is what ``apply`` returned. The foundations of
        a suit are a pair of heights: lowering either one at the card's rank gives the
        pair before the play."""
        x, y, _ = move
        source = self.columns[x]
        if played < 0:
            target = self.columns[y]
            source.extend(target[played:])
            del target[played:]
            return
        heights = self.heights
        f = 2 * (played & 3)
        if heights[f] == played >> 2:
            heights[f] -= 1
        else:
            heights[f + 1] -= 1
            if heights[f] > heights[f + 1]:
                heights[f], heights[f + 1] = heights[f + 1], heights[f]
        source.append(played)

    def search(self, budget: int) -> int:
        memo = self.memo
        root = self.key()
        known = memo.get(root)
        if known is not None:
            return known
        index: dict[bytes, int] = {}  # positions on the component stack
        low: dict[bytes, int] = {}
        component: list[bytes] = []
        # frames: key, moves, next move, the move that led here and what ``apply`` returned
        frames: list[tuple[bytes, list[tuple[int, int, int]], int,
                           tuple[int, int, int] | None, int]] = []
        nodes = 0

        def enter(key: bytes, via: tuple[int, int, int] | None, played: int) -> None:
            index[key] = low[key] = nodes
            component.append(key)
            walled = played > 0 and self.walled()
            frames.append((key, [] if walled else self.moves(), 0, via, played))

        enter(root, None, 0)
        while frames:
            key, moves, i, via, played = frames[-1]
            if i == len(moves):
                frames.pop()
                if low[key] == index[key]:  # a component closed without a win: lost
                    while True:
                        member = component.pop()
                        del index[member]
                        memo[member] = LOST
                        if member == key:
                            break
                elif frames:
                    parent = frames[-1][0]
                    low[parent] = min(low[parent], low[key])
                if via is not None:
                    self.undo(via, played)
                continue
            frames[-1] = (key, moves, i + 1, via, played)
            move = moves[i]
            played = self.apply(move)
            nodes += 1
            if not any(self.columns):
                self.nodes = nodes
                self.line = [frame[3] for frame in frames if frame[3] is not None] + [move]
                for frame in frames:
                    memo[frame[0]] = WON
                self.unwind(frames, move, played)
                return WON
            child = self.key()
            seen = memo.get(child)
            if child in index:
                low[key] = min(low[key], index[child])
                self.undo(move, played)
            elif seen == LOST:
                self.undo(move, played)
            elif seen == WON:
                self.nodes = nodes
                for frame in frames:
                    memo[frame[0]] = WON
                self.unwind(frames, move, played)
                return WON
            elif nodes >= budget:
                self.nodes = nodes
                self.unwind(frames, move, played)
                memo[root] = UNKNOWN  # not tried again: it would run out the same way
                return UNKNOWN
            else:
                enter(child, move, played)
        self.nodes = nodes
        return memo[root]

    def unwind(self, frames: list[tuple[bytes, list[tuple[int, int, int]], int,
                                        tuple[int, int, int] | None, int]],
               move: tuple[int, int, int], played: int) -> None:
        """Take back ``move`` and every move on the path, leaving the start position."""
        self.undo(move, played)
        for frame in reversed(frames):
            if frame[3] is not None:
                self.undo(frame[3], frame[4])
