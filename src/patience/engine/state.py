"""State: the one mutable thing. Piles, counters, an undo journal and the repetition rule.

Two layers of play:

* ``push``/``pop`` carry out a raw move and take it back, with no checks: the solver's and
  benchmarks' hot path.
* ``legal_moves``/``play``/``undo`` validate, apply the repetition rule and
  speak in public ``Move`` values.

Every change a move makes goes through four journaled primitives (``move_top``,
``take_at``, ``set_var``, ``replace``), so ``pop`` is exact for every game.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from patience.cards import CODES
from patience.deals import chance_source
from patience.engine.moves import IllegalMove, Move
from patience.engine.rules import ACTION, RawMove, Rules

if TYPE_CHECKING:
    from patience.engine.game import Game

# journal entry kinds
_MOVE_TOP, _TAKE_AT, _SET_VAR, _REPLACE = range(4)

Token = bytes | set[bytes] | None


class State:
    """A game in progress. Made by ``Game.new``; copy with ``copy()``."""

    __slots__ = (
        "_chance",
        "_journal",
        "_legal",
        "_seen",
        "_undo",
        "deal",
        "deck",
        "game",
        "piles",
        "rules",
        "vars",
    )

    def __init__(self, game: Game, rules: Rules, deal: int | None, deck: list[str],
                 cards: list[int] | None = None) -> None:
        """``cards`` (index 0 dealt first) lays out a new game; ``copy`` passes none."""
        self.game = game
        self.rules = rules
        self.deal = deal
        self.deck = deck  # the deck order as codes, index 0 dealt first
        self.piles: list[list[int]] = [[] for _ in rules.layout]
        self.vars: list[int] = [0] * len(rules.var_names)
        self._journal: list[tuple[int, int, int, Any]] = []
        self._undo: list[tuple[RawMove, int, Token]] = []
        self._seen: set[bytes] = set()  # positions since the last irreversible step
        self._legal: list[RawMove] | None = None
        self._chance: str | None = None  # None: the deal's own (``chance``)
        if cards is not None:
            rules.setup(self, cards)

    @property
    def chance(self) -> str:
        """What seeds this game's chance events (``deals.chance_source``): the deal's, or
        a sample's own (``engine.unseen``)."""
        if self._chance is None:
            return chance_source(self.deal, self.deck)
        return self._chance

    # --- primitives for Rules.apply (journaled) ----------------------------------------

    def move_top(self, src: int, dst: int, n: int = 1) -> None:
        """Move the top ``n`` cards of ``src`` onto ``dst``, keeping their order."""
        piles = self.piles
        if n == 1:
            piles[dst].append(piles[src].pop())
        else:
            s = piles[src]
            piles[dst].extend(s[-n:])
            del s[-n:]
        self._journal.append((_MOVE_TOP, src, dst, n))

    def take_at(self, src: int, index: int, dst: int) -> None:
        """Move the card at ``index`` of ``src`` onto ``dst``."""
        self.piles[dst].append(self.piles[src].pop(index))
        self._journal.append((_TAKE_AT, src, index, dst))

    def set_var(self, var: int, value: int) -> None:
        self._journal.append((_SET_VAR, var, self.vars[var], None))
        self.vars[var] = value

    def replace(self, pile: int, cards: list[int]) -> None:
        """Give ``pile`` new contents (a fresh list; the old one is kept for undo)."""
        self._journal.append((_REPLACE, pile, 0, self.piles[pile]))
        self.piles[pile] = cards

    # --- raw, unchecked play -----------------------------------------------------------

    def push(self, move: RawMove, token: Token = None) -> None:
        mark = len(self._journal)
        self.rules.apply(self, move)
        self._undo.append((move, mark, token))
        self._legal = None

    def pop(self) -> RawMove:
        move, mark, token = self._undo.pop()
        journal, piles = self._journal, self.piles
        while len(journal) > mark:
            kind, a, b, c = journal.pop()
            if kind == _MOVE_TOP:
                if c == 1:
                    piles[a].append(piles[b].pop())
                else:
                    d = piles[b]
                    piles[a].extend(d[-c:])
                    del d[-c:]
            elif kind == _TAKE_AT:
                piles[a].insert(b, piles[c].pop())
            elif kind == _SET_VAR:
                self.vars[a] = b
            else:
                piles[a] = c
        if token is not None:
            if isinstance(token, bytes):
                self._seen.discard(token)
            else:
                self._seen = token
        self._legal = None
        return move

    def legal_raw(self) -> list[RawMove]:
        """Legal raw moves, repetition rule applied; cached until the next push or pop."""
        legal = self._legal
        if legal is None:
            rules = self.rules
            if rules.is_won(self):
                legal = []
            else:
                legal = rules.generate(self)
                full = rules.capacity  # a complete foundation accepts nothing
                piles = self.piles
                legal = [m for m in legal
                         if m[0] == ACTION or not full[m[1]] or len(piles[m[1]]) < full[m[1]]]
                if self._seen:
                    legal = [m for m in legal if not m[3] or not self._repeats(m)]
                if rules.reads_legal_moves:
                    legal = rules.after_repetition(self, legal)
            self._legal = legal
        return legal

    def play_raw(self, move: RawMove) -> None:
        """Play a legal raw move, keeping the positions the repetition rule needs."""
        if move[3]:
            current = self.rules.repetition_key(self)
            self._seen.add(current)
            self.push(move, current)
        else:
            old, self._seen = self._seen, set()
            self.push(move, old)

    def _repeats(self, move: RawMove) -> bool:
        self.push(move)
        after = self.rules.repetition_key(self)
        self.pop()
        return after in self._seen

    def key(self) -> bytes:
        """A compact hashable image of the position: piles (cards < 255, so the byte 255
        can separate them), then the counters (a fixed number of bytes)."""
        return b"\xff".join(map(bytes, self.piles)) + b"\xff" + bytes(self.vars)

    # --- public API --------------------------------------------------------------------

    @property
    def status(self) -> str:
        """``"won"``, ``"lost"`` (no move and no action is legal) or ``"playing"``."""
        if self.rules.is_won(self):
            return "won"
        return "playing" if self.legal_raw() else "lost"

    def legal_moves(self) -> list[Move]:
        return [self.to_move(m) for m in self.legal_raw()]

    def to_move(self, move: RawMove) -> Move:
        """The public form of a raw move in this state (before it is played)."""
        src, dst, index, _ = move
        rules = self.rules
        if src == ACTION:
            return rules.action_moves[dst]
        pile = self.piles[src]
        shown = index != len(pile) - 1 or rules.shows_index(self, src)
        key = (src, dst, pile[index], index if shown else -1)
        public = rules.move_cache.get(key)
        if public is None:
            public = rules.move_cache[key] = Move(
                rules.layout[src].id, rules.layout[dst].id, CODES[pile[index]],
                index if shown else None)
        return public

    def play(self, move: Move | dict[str, Any] | str) -> Move:
        """Play a legal move given as a Move, its dict or its text; returns the Move played."""
        raw = self.resolve(move)
        public = self.to_move(raw)
        self.play_raw(raw)
        return public

    def resolve(self, move: Move | dict[str, Any] | str) -> RawMove:
        """The one legal raw move that ``move`` names; IllegalMove says why there is none."""
        want = _coerce(move)
        legal = self.legal_raw()
        rules = self.rules
        if want.action is not None:
            action = rules.action_index.get(want.action)
            found = [m for m in legal if m[0] == ACTION and m[1] == action]
        else:
            src = rules.index.get(want.from_pile or "", -2)
            dst = rules.index.get(want.to_pile or "", -2)
            found = [m for m in legal
                     if m[0] == src and m[1] == dst and want.matches(self.to_move(m))]
        if len(found) == 1:
            return found[0]
        if found:
            options = ", ".join(str(self.to_move(m)) for m in found)
            raise IllegalMove(f"{want} is ambiguous here: it could be {options}")
        raise IllegalMove(self._explain(want))

    def undo(self) -> Move:
        """Take back the last move played; returns it."""
        if not self._undo:
            raise IllegalMove("nothing to undo: no move has been played")
        raw = self.pop()
        return self.to_move(raw)

    @property
    def moves_played(self) -> int:
        return len(self._undo)

    def raw_history(self) -> list[RawMove]:
        """The raw moves played so far, in order (the native search replays them)."""
        return [raw for raw, _, _ in self._undo]

    def last_raw(self) -> RawMove | None:
        """The raw move played last, or None at the start (solvers read what just changed)."""
        return self._undo[-1][0] if self._undo else None

    def history(self) -> list[Move]:
        """The moves played so far, in order, as public moves."""
        replay = self.game.start(self.rules, self.deal, self.deck)
        out = []
        for raw, _, _ in self._undo:
            out.append(replay.to_move(raw))
            replay.push(raw)
        return out

    def copy(self) -> State:
        """An independent copy, undo history and repetition memory included."""
        new = State(self.game, self.rules, self.deal, self.deck)
        new.piles = [p[:] for p in self.piles]
        new.vars = self.vars[:]
        new._journal = [(k, a, b, c[:] if k == _REPLACE else c) for k, a, b, c in self._journal]
        new._undo = [(m, mark, set(t) if isinstance(t, set) else t) for m, mark, t in self._undo]
        new._seen = set(self._seen)
        new._legal = None
        new._chance = self._chance
        return new

    def positions_back(self) -> Iterator[State]:
        """This position, then each earlier one back to the start, as one copy taken back
        a move at a time (for a rule that reads what a player saw on the way here)."""
        walk = self.copy()
        yield walk
        while walk._undo:
            walk.pop()
            yield walk

    def load_position(self, piles: list[list[int]], values: list[int]) -> None:
        """Make this state the position given by copies of ``piles`` and ``values``, with
        no undo history and no repetition memory: for a search that jumps between
        positions it has stored (only sound where the memory it drops forbids nothing,
        e.g. after an irreversible move)."""
        self.piles = [p[:] for p in piles]
        self.vars = values[:]
        self._journal.clear()
        self._undo.clear()
        self._seen = set()
        self._legal = None

    def to_dict(self) -> dict[str, Any]:
        rules = self.rules
        layout = rules.layout
        out: dict[str, Any] = {"game": self.game.id, "options": dict(rules.options)}
        if self.deal is not None:
            out["deal"] = self.deal
        else:
            out["deck"] = list(self.deck)
        out["status"] = self.status
        out["piles"] = {layout[i].id: [CODES[c] for c in self.piles[i]] for i in rules.listed(self)}
        out["face_down"] = {layout[i].id: n for i, n in rules.face_down(self).items() if n}
        out.update(rules.counters(self))
        return out

    def record(self) -> dict[str, Any]:
        """A JSON-ready game record that ``patience.replay`` reproduces exactly."""
        out: dict[str, Any] = {"game": self.game.id, "rules_version": self.rules.version,
                               "options": dict(self.rules.options)}
        if self.deal is not None:
            out["deal"] = self.deal
        else:
            out["deck"] = list(self.deck)
        out["moves"] = [m.to_dict() for m in self.history()]
        return out

    def __repr__(self) -> str:
        origin = f"deal={self.deal}" if self.deal is not None else "deck=[…]"
        return f"<State {self.game.id} {origin} moves={len(self._undo)} {self.status}>"

    # --- explaining refusals -----------------------------------------------------------

    def _explain(self, want: Move) -> str:
        rules = self.rules
        status = self.status
        if status != "playing":
            return f"the game is over ({status}): no move is legal"
        legal = [self.to_move(m) for m in self.legal_raw()]
        if want.action is not None:
            if want.action not in rules.action_index:
                names = ", ".join(rules.actions) or "none"
                return f"{self.game.id} has no action {want.action!r} (its actions: {names})"
            reason = rules.why_not(self, want.action)
            return f"{want.action!r} is not legal now" + (f": {reason}" if reason else "") + \
                _hint(legal)
        for pid in (want.from_pile, want.to_pile):
            if pid not in rules.index:
                return f"{self.game.id} has no pile {pid!r}"
        src = self.piles[rules.index[want.from_pile or ""]]
        if not src:
            return f"{want.from_pile} is empty"
        if want.card is not None and not _holds(src, want.card):
            return f"{want.card} is not in {want.from_pile}"
        if self._refused_by_repetition(want):
            return (f"{want} would recreate a position reached since the last irreversible "
                    "step (repetition rule)")
        held = rules.why_not_move(self, want)
        if held:
            return f"{want} is not legal now: {held}"
        from_here = [str(m) for m in legal if m.from_pile == want.from_pile]
        what = want.card or "that card"
        reason = f"{what} cannot move from {want.from_pile} to {want.to_pile} now"
        if from_here:
            return reason + f" (legal from {want.from_pile}: {', '.join(from_here)})"
        return reason + f" (no card of {want.from_pile} can move now)"

    def _refused_by_repetition(self, want: Move) -> bool:
        if self.rules.is_won(self):
            return False
        return any(m[3] and want.matches(self.to_move(m)) for m in self.rules.generate(self))


def _holds(pile: list[int], code: str) -> bool:
    return any(CODES[c] == code for c in pile)


def _hint(legal: list[Move]) -> str:
    now = [m.action for m in legal if m.action]
    if not now:
        return " (no action is legal now)"
    return f" (actions legal now: {', '.join(a for a in now if a)})"


def _coerce(move: Move | dict[str, Any] | str) -> Move:
    if isinstance(move, Move):
        return move
    if isinstance(move, dict):
        return Move.from_dict(move)
    if isinstance(move, str):
        return Move.parse(move)
    raise IllegalMove(f"a move is a Move, a dict or a string, not {type(move).__name__}")
