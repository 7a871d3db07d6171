"""Hints for a player: the first move of a winning line, or a proven loss, or "unknown".

An "unknown" hint still offers a move where it can: the practical player's choice
(``solver/practical.py``, which reads only the cards a player sees), named as a guess, never
as part of a winning line, so a player who asked is not left with nothing.

``hint`` searches once per ask. ``Hinter`` is one game's memory across asks, for front ends
that keep a game open: a winning line found once is followed without searching again while
the player plays it, and a position proved lost keeps every later position lost (a win from
a later position would be a win from the earlier one, so winnability only goes from yes to
no). Both memories are keyed by the moves played, so an undo or another move leaves them.
A position left undecided is searched longer when the player asks again (``AGAIN``).

``Hinter.quick`` is the first answer a page gives at once: the memory, or a brief search,
else the guess marked ``deeper`` so the page can go on to ``Hinter.hint``'s full search
while the player already sees a move to try.
"""

from __future__ import annotations

import sys
import threading
from dataclasses import dataclass
from typing import Literal

from patience.engine.moves import Move
from patience.engine.rules import RawMove
from patience.engine.state import State
from patience.native import MAX_NODES, check_budgets
from patience.solver.practical import Lookahead, next_move
from patience.solver.search import solve

HintStatus = Literal["move", "lost", "unknown"]

# One search with the whole budget: a search stops as soon as it decides, so an easy
# position answers fast anyway, and short budgets tried first only repeated the work (web
# bench, docs/web.md). Asked again on a position it left undecided, a Hinter searches with
# ``AGAIN`` times the budget.
AGAIN = 3
LOST_KEPT = 8  # positions proved lost that a Hinter remembers


@dataclass(frozen=True)
class Hint:
    """``move`` only with status "move" (a proved winning line starts with it); ``guess``
    only with status "unknown": the move a careful player would try, proved nothing.
    ``message`` says what the move does for the game, never the move itself: each front
    end names the move in its own words and puts it first."""

    status: HintStatus
    move: Move | None
    message: str
    guess: Move | None = None
    deeper: bool = False  # only a brief search was made: the full one may still decide


def hint(state: State, *, max_nodes: int = 5_000_000, max_seconds: float = 5.0) -> Hint:
    """What to play next. ``lost`` only when the search has proved it, never on a guess.
    Budgets are refused as ``solve`` refuses them (``ValueError``)."""
    check_budgets(max_nodes, max_seconds)
    found, _ = _search(state, max_nodes, max_seconds)
    return found


def _line_of(moves: int) -> str:
    return "it starts a winning line of " + ("1 move" if moves == 1 else f"{moves} moves")


def _search(state: State, max_nodes: int, max_seconds: float) -> tuple[Hint, list[Move]]:
    """The hint and the whole winning line behind it (empty unless the hint is a move)."""
    if state.status == "won":
        return Hint("unknown", None, "the game is already won"), []
    why = state.rules.why_dead(state)  # a dead-end rule's proof, in words: no search
    if why:
        return Hint("lost", None, f"no sequence of moves wins from here: {why}"), []
    result = solve(state, max_nodes=max_nodes, max_seconds=max_seconds)
    if result.outcome == "won":
        first = result.moves[0]
        return Hint("move", first, _line_of(len(result.moves))), \
            result.moves
    if result.outcome == "lost":
        return Hint("lost", None, "no sequence of moves wins from here (every line was "
                    "searched)"), []
    return Hint("unknown", None,
                "no winning line found in the time given; the game may still be winnable",
                practical_guess(state)), []


def practical_guess(state: State) -> Move | None:
    """The practical player's move, or None where it would give the game up (it sees
    nothing worth trying) or the game is over."""
    if state.status != "playing":
        return None
    look = Lookahead(state)
    move = next_move(state, look)
    return None if look.stuck else move


@dataclass(frozen=True)
class _Line:
    """A winning line found after the moves ``base``: its moves, their raw forms, and the
    position's key before each of them (so a replay that reached another position is
    never followed)."""

    base: tuple[RawMove, ...]
    moves: tuple[Move, ...]
    raws: tuple[RawMove, ...]
    keys: tuple[bytes, ...]

    def next_move(self, history: list[RawMove], key: bytes) -> int | None:
        """The index in the line of the move to play after ``history``, or None when the
        player has left the line (another move, or an undo before its start)."""
        start = len(self.base)
        done = len(history) - start
        if not 0 <= done < len(self.moves):
            return None
        if tuple(history[:start]) != self.base or tuple(history[start:]) != self.raws[:done]:
            return None
        return done if self.keys[done] == key else None


def _line(state: State, moves: list[Move]) -> _Line:
    """``moves`` from ``state`` with the raw move and the key before each (on a copy)."""
    work = state.copy()
    raws: list[RawMove] = []
    keys: list[bytes] = []
    for move in moves:
        keys.append(work.key())
        raw = work.resolve(move)
        raws.append(raw)
        work.play_raw(raw)
    return _Line(tuple(state.raw_history()), tuple(moves), tuple(raws), tuple(keys))


def _extends(history: list[RawMove], prefix: tuple[RawMove, ...]) -> bool:
    return len(history) >= len(prefix) and tuple(history[:len(prefix)]) == prefix


class Hinter:
    """Hints for one game as it is played: a remembered winning line is answered at once
    while the player follows it, and a position proved lost stays lost for every position
    played from it. Safe to share between threads; no lock is held while it searches."""

    def __init__(self) -> None:
        self._line: _Line | None = None
        self._lost: list[tuple[RawMove, ...]] = []
        self._undecided: tuple[RawMove, ...] | None = None  # searched last, in vain
        self._lock = threading.Lock()
        self.searches = 0  # how many hints had to search (the others were remembered)

    def recall(self, state: State) -> Hint | None:
        """The hint the memory gives for ``state`` without searching, or None. A remembered
        line the player has left is forgotten here."""
        history = state.raw_history()
        with self._lock:
            if any(_extends(history, lost) for lost in self._lost):
                return Hint("lost", None, "no sequence of moves wins from here (proved "
                            "earlier in this game: every line was searched)")
            line = self._line
            if line is None:
                return None
            at = line.next_move(history, state.key())
            if at is None:
                self._line = None
                return None
        move = line.moves[at]
        left = len(line.moves) - at
        return Hint("move", move, "it goes on with the winning line found before "
                    f"({left} {'move' if left == 1 else 'moves'} to the win)")

    def hint(self, state: State, *, max_nodes: int = 5_000_000,
             max_seconds: float = 5.0) -> Hint:
        """What to play next: from memory when it knows, else searched (``hint``)."""
        check_budgets(max_nodes, max_seconds)
        known = self.recall(state)
        if known is not None:
            return known
        history = tuple(state.raw_history())
        with self._lock:
            self.searches += 1
            longer = AGAIN if history == self._undecided else 1
        found = self._search(state, history, min(max_nodes * longer, MAX_NODES),
                             min(max_seconds * longer, sys.float_info.max))
        with self._lock:
            self._undecided = history if found.status == "unknown" else None
        if found.status == "unknown" and longer == 1 and state.status == "playing":
            return Hint("unknown", None, f"{found.message}; ask again to look longer",
                        found.guess)
        return found

    def quick(self, state: State, *, max_nodes: int = 300_000,
              max_seconds: float = 0.2) -> Hint:
        """The first answer, within about ``max_seconds``: from memory, or a brief search
        that decided, else the guess with ``deeper`` set. A position the full search
        already left undecided is not searched briefly again: its guess comes at once."""
        check_budgets(max_nodes, max_seconds)
        known = self.recall(state)
        if known is not None:
            return known
        history = tuple(state.raw_history())
        with self._lock:
            searched = history == self._undecided
            if not searched:
                self.searches += 1
        if searched:
            return self._brief(state, None)
        found = self._search(state, history, max_nodes, max_seconds)
        return self._brief(state, found) if found.status == "unknown" else found

    def _brief(self, state: State, found: Hint | None) -> Hint:
        """The guess after a brief search (or none), offered while the full one runs."""
        if state.status != "playing":
            return found or Hint("unknown", None, "the game is already over")
        guess = found.guess if found is not None else practical_guess(state)
        return Hint("unknown", None, "no winning line found at a glance; looking further",
                    guess, deeper=True)

    def _search(self, state: State, history: tuple[RawMove, ...], max_nodes: int,
                max_seconds: float) -> Hint:
        """One search, with what it decided remembered: the winning line, or the loss."""
        found, moves = _search(state, max_nodes, max_seconds)
        line = _line(state, moves) if found.status == "move" else None
        with self._lock:
            if line is not None:
                self._line = line
            elif found.status == "lost":
                self._lost = [p for p in self._lost if p[:len(history)] != history]
                self._lost = [history, *self._lost][:LOST_KEPT]
        return found
