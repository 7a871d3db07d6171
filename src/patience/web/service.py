"""The web app's game service: stored games in, snapshots out, no rule logic.

A live game is rebuilt by replaying its stored moves through ``game.new`` and
``state.play``; a small in-memory cache keeps recent states so one request makes one move.

Consistency (docs/design.md): every call holds one lock from reading the stored game to
building its answer, and answers with a ``Snapshot``, plain values copied under the lock,
so no route ever reads a ``State`` another request is changing. A cached state is used only
while it was built from exactly the stored move list, and a move is stored only after the
engine accepted it on that state: whatever happens above, a stored game always replays.
"""

from __future__ import annotations

import importlib
import random
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import patience
from patience import hint_words, words
from patience.engine.game import Game, OptionError
from patience.engine.moves import IllegalMove, Move
from patience.engine.state import State
from patience.i18n import N_, _, language, ngettext
from patience.refusals import refusal
from patience.storage.games import DamagedRow, GameStore, StoredGame
from patience.text.common import STATUS as TEXT_STATUS
from patience.text.common import game_name
from patience.web import views
from patience.web.models import OptionShownOut
from patience.web.review import ReviewDesk, ReviewJob

CACHE_SIZE = 128
DEAL_RANGE = 1_000_000  # random deals are drawn from 1 … 999 999, as in the CLI
# Time bounds a hint: the native search plays about a million positions a second, and
# at most 200,000 positions left 23 of the web bench's 78 undecided, against 18 (docs/web.md).
HINT_NODES, HINT_SECONDS = 5_000_000, 3.0
# The first answer a page waits for: a glance that decides most positions (docs/web.md),
# else the guess at once while the page asks for the full search.
GLANCE_NODES, GLANCE_SECONDS = 300_000, 0.2
WINNABLE_SECONDS = 8.0  # time spent looking for a new deal the solver proves winnable
SOLVE_NODES, SOLVE_SECONDS = 300_000, 2.0
# The careful hint (the default): the careful player's advice by the clock, within about a
# second, always from the same seed (a pure function of what the player sees, and of the
# clock only through how many samples it weighs).
CAREFUL_SECONDS, CAREFUL_SEED = 0.8, 0
HINT_MEMORY = 128  # games whose hint memory (a winning line, positions proved lost) is kept
STATUS = {**TEXT_STATUS, "resigned": N_("resigned")}


def _status(status: str) -> str:
    """A game's status in the language spoken now."""
    known = STATUS.get(status)
    return _(known) if known else status


def _no_game(game_id: str) -> NotFound:
    return NotFound(_("no game {id} in this browser").format(id=repr(game_id)))


def _over(status: str, then: str = "") -> Conflict:
    """The refusal of a change to a finished game (``then``: what there is nothing to do)."""
    if then:
        return Conflict(_("the game is over ({status}): there is nothing to hint").format(
            status=_status(status)))
    return Conflict(_("the game is over ({status}): start a new deal").format(
        status=_status(status)))


class NotFound(LookupError):
    """No game with that id belongs to this browser."""


class Conflict(ValueError):
    """The request is well formed but cannot be done now (undo with nothing to undo …)."""


class Damaged(Conflict):
    """The stored game no longer replays; ``recover`` keeps its longest sound beginning."""

    def __init__(self, message: str, game_id: str, recoverable: bool) -> None:
        super().__init__(message)
        self.game_id = game_id
        self.recoverable = recoverable


class SolverMissing(RuntimeError):
    """The solver package is not installed, so hints and winnable deals are unavailable."""


@dataclass(frozen=True)
class Snapshot:
    """A game as one answer shows it: plain values copied under the service's lock."""

    id: str
    game: str
    name: str
    deal: int
    options: dict[str, Any]
    status: str
    state: dict[str, Any]
    legal: tuple[Move, ...]
    legal_words: tuple[str, ...]  # each legal move as a player says it
    moves_played: int
    last_move: str | None
    last_words: str | None
    can_undo: bool
    can_redo: bool
    share: str
    pile_names: dict[str, str]
    options_shown: tuple[OptionShownOut, ...]
    finish: tuple[Move, ...]  # plays to the foundations that win from here, when only those remain
    finish_words: tuple[str, ...]
    elapsed: float | None


@dataclass
class Live:
    row: StoredGame
    state: State


@dataclass
class _Cached:
    source: tuple[Any, ...]  # the stored game, deal, options and moves ``state`` replays
    state: State


def _source(row: StoredGame) -> tuple[Any, ...]:
    return row.game, row.deal, dict(row.options), list(row.moves)


def new_game_id() -> str:
    return secrets.token_urlsafe(18)


def parse_options(game: Game, given: dict[str, Any]) -> dict[str, Any]:
    """Options from JSON or a query string: a value that is not text may also be given as
    the CLI writes it (``"true"``, ``"2"``), exactly, as the OpenAPI schema lists it."""
    specs = {o.name: o for o in game.option_specs}
    typed: dict[str, Any] = {}
    for name, value in given.items():
        spec = specs.get(name)
        if spec is not None and isinstance(value, str) and value in spec.words() and not any(
                isinstance(c, str) for c in spec.choices):
            typed[name] = spec.parse(value)
        else:
            typed[name] = value
    return game.resolve_options(typed)


def share_path(game: Game, deal: int, options: dict[str, Any]) -> str:
    """The page that deals this game again; options that differ from the defaults follow."""
    changed = {k: v for k, v in options.items() if game.options.get(k) != v}
    query = urlencode({k: str(v).lower() if isinstance(v, bool) else v
                       for k, v in changed.items()})
    return f"/play/{game.id}/{deal}" + (f"?{query}" if query else "")


def snapshot(live: Live) -> Snapshot:
    """The answer for ``live``; call it under the lock that guards ``live.state``. Undo
    stays open after a win or a loss, and after a resignation (it takes that back)."""
    state, row = live.state, live.row
    game = state.game
    open_ = row.status not in ("won", "resigned")
    legal = tuple(state.legal_moves()) if row.status != "resigned" else ()
    last = Move.from_dict(row.moves[-1]) if row.moves else None
    finish = tuple(views.finishing_moves(state)) if row.status == "playing" else ()
    return Snapshot(
        id=row.id, game=game.id, name=game_name(game), deal=row.deal, options=dict(row.options),
        status=row.status, state=state.to_dict(),
        legal=legal, legal_words=tuple(words.describe(state, mv) for mv in legal),
        moves_played=len(row.moves),
        last_move=str(last) if last else None,
        last_words=words.describe(state, last) if last else None,
        can_undo=bool(row.moves) or row.status == "resigned",
        can_redo=open_ and bool(row.redo),
        share=share_path(game, row.deal, row.options),
        pile_names=words.pile_names(state),
        options_shown=tuple(views.options_shown(game, row.options)),
        finish=finish, finish_words=tuple(words.describe(state, mv) for mv in finish),
        elapsed=row.elapsed,
    )


@dataclass(frozen=True)
class HintAnswer:
    """A hint on the position ``seen`` shows, in a player's words (``text``, the whole of
    it). ``source`` "careful": the careful player's, from what the player sees, with its
    ``chance``; "exact": the solver's, which looked at the face-down cards (status "guess":
    no winning line was found in time, and ``move`` is the practical player's)."""

    seen: Snapshot
    status: str
    move: Move | None
    move_words: str
    message: str
    deeper: bool = False  # a glance only: the full search (``deep``) may still decide
    source: str = "exact"
    text: str = ""
    chance: float | None = None
    low: float | None = None
    high: float | None = None


def _same_move(stored: Any, played: dict[str, Any]) -> bool:
    try:
        return Move.from_dict(stored) == Move.from_dict(played)
    except IllegalMove:  # a damaged redo entry names no move
        return False


def _solver() -> Any:
    try:
        return importlib.import_module("patience.solver")
    except ImportError:
        raise SolverMissing(_("the solver is not installed here: hints and reviews are not "
                              "available")) from None


def _careful() -> Any:
    """The careful hint's module (SolverMissing without the solver)."""
    _solver()
    return importlib.import_module("patience.solver.careful_hint")


def careful_advice(position: State, samples: int | None = None) -> tuple[Any, str, str]:
    """The careful hint for ``position`` (``solver.careful_hint.CarefulHint``), its move in
    words and the whole hint in words, from ``CAREFUL_SEED``; by the clock unless
    ``samples`` is given."""
    found = _careful().careful_hint(position, seed=CAREFUL_SEED, samples=samples,
                                    max_seconds=CAREFUL_SECONDS)
    said = words.describe(position, found.move) if found.move is not None else ""
    return found, said, hint_words.careful_words(found, said)


def _record(row: StoredGame, moves: int | None = None) -> dict[str, Any]:
    """The stored game as a game record, cut to its first ``moves`` moves when given."""
    if moves is not None and not 0 <= moves <= len(row.moves):
        raise Conflict(ngettext("the game has {n} move, not {moves}",
                                "the game has {n} moves, not {moves}", len(row.moves)).format(
            n=len(row.moves), moves=moves))
    return {"game": row.game, "rules_version": row.rules_version,
            "options": dict(row.options), "deal": row.deal,
            "moves": list(row.moves[:moves])}


class GameService:
    """Starts, loads, changes and saves games for one owner (a browser session) at a time."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self._cache: OrderedDict[str, _Cached] = OrderedDict()
        self.reviews = ReviewDesk()
        self._hinters: OrderedDict[str, Any] = OrderedDict()  # solver.Hinter by game id
        self.hint_samples: int | None = None  # careful hints: None weighs by the clock
        self._lock = threading.RLock()

    # --- reading -----------------------------------------------------------------------

    def view(self, game_id: str, owner: str) -> Snapshot:
        with self._lock:
            return snapshot(self._live(game_id, owner))

    def load(self, game_id: str, owner: str) -> Live:
        """The stored game and a private copy of its state (for tests and tools)."""
        with self._lock:
            live = self._live(game_id, owner)
            return Live(live.row, live.state.copy())

    def _live(self, game_id: str, owner: str) -> Live:
        """The stored game and the cached state built from exactly its moves (lock held)."""
        try:
            row = self.store.get(game_id, owner)
        except DamagedRow as exc:
            raise Damaged(_("{reason}; it cannot be recovered").format(reason=exc), game_id,
                          False) from None
        if row is None:
            raise _no_game(game_id)
        cached = self._cache.get(game_id)
        if cached is None or cached.source != _source(row):
            state, sound = self._replay(row)
            if sound < len(row.moves):
                kept = (_("start again from the deal") if sound == 0 else
                        ngettext("keep its first move", "keep its first {n} moves",
                                 sound).format(n=sound))
                raise Damaged(
                    _("this saved game is damaged from move {number} on (of {total}): it no "
                      "longer replays. Recover it to {kept}; the rest are kept aside.").format(
                        number=sound + 1, total=len(row.moves), kept=kept), game_id, True)
            cached = _Cached(_source(row), state)
            self._cache[game_id] = cached
        self._cache.move_to_end(game_id)
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
        return Live(row, cached.state)

    @staticmethod
    def _replay(row: StoredGame) -> tuple[State, int]:
        """The state after the longest sound beginning of the stored moves, and its length."""
        try:
            # the rules the game was stored under, not necessarily today's
            state = patience.get_game(row.game).new(deal=row.deal,
                                                    rules_version=row.rules_version,
                                                    **row.options)
        except (LookupError, ValueError, TypeError) as exc:
            raise Damaged(_("this saved game cannot be rebuilt ({reason}); it cannot be "
                            "recovered").format(reason=exc), row.id, False) from None
        for number, move in enumerate(row.moves):
            try:
                state.play(move)
            except IllegalMove:
                return state, number
        return state, len(row.moves)

    def _remember(self, row: StoredGame, state: State) -> None:
        """``state`` is the replay of ``row.moves`` as now stored (lock held)."""
        self._cache[row.id] = _Cached(_source(row), state)

    # --- starting --------------------------------------------------------------------

    def start(self, owner: str, game_id: str, options: dict[str, Any], deal: int | None,
              how: str, resume: bool) -> Snapshot:
        """``how`` is "deal" (use ``deal``), "random" or "winnable"."""
        game = patience.get_game(game_id)
        resolved = parse_options(game, options)
        if how == "deal":
            if deal is None:
                raise OptionError(_("give a deal number"))
            game.new(deal=deal, **resolved)  # checks the number before anything is stored
        elif how == "winnable":
            deal = self.winnable_deal(game, resolved)
        else:
            deal = random.randrange(1, DEAL_RANGE)
        with self._lock:
            if how == "deal" and resume:
                found = self.store.latest_playing(owner, game.id, resolved, deal)
                if found is not None:
                    return snapshot(self._live(found.id, owner))
            row = self.store.create(new_game_id(), owner, game.id, resolved, deal,
                                    game.rules_version)
            state = game.new(deal=deal, **resolved)
            self._remember(row, state)
            return snapshot(Live(row, state))

    def winnable_deal(self, game: Game, options: dict[str, Any]) -> int:
        """A deal the solver has proved winnable: a new one if found in time, else a cached one."""
        solver = _solver()
        deadline = time.monotonic() + WINNABLE_SECONDS
        while time.monotonic() < deadline:
            deal = random.randrange(1, DEAL_RANGE)
            known = self.store.verdict(game.id, options, deal, game.rules_version)
            if known is None:
                result = solver.solve(game.new(deal=deal, **options), max_nodes=SOLVE_NODES,
                                      max_seconds=min(SOLVE_SECONDS,
                                                      deadline - time.monotonic()))
                known = str(result.outcome)
                self.store.record_verdict(game.id, options, deal, known, game.rules_version)
            if known == "won":
                return deal
        cached = self.store.winnable_deals(game.id, options, game.rules_version)
        if cached:
            return random.choice(cached)
        raise Conflict(_("the solver proved no {game} deal winnable in {seconds} seconds; try "
                         "again or pick a deal").format(game=game_name(game),
                                                        seconds=f"{WINNABLE_SECONDS:g}"))

    # --- changing ----------------------------------------------------------------------

    def play(self, game_id: str, owner: str, move: dict[str, Any]) -> Snapshot:
        return self._change(game_id, owner, lambda live: self._play(live, move))

    def undo(self, game_id: str, owner: str) -> Snapshot:
        return self._change(game_id, owner, self._undo, after_the_end=True)

    def redo(self, game_id: str, owner: str) -> Snapshot:
        return self._change(game_id, owner, self._redo)

    def restart(self, game_id: str, owner: str) -> Snapshot:
        return self._change(game_id, owner, self._restart)

    def resign(self, game_id: str, owner: str) -> Snapshot:
        return self._change(game_id, owner, self._resign)

    def _change(self, game_id: str, owner: str, change: Any, *,
                after_the_end: bool = False) -> Snapshot:
        """One change at a time: load, change the state and the row, store, answer. When the
        change or the store fails, the cached state is dropped, so the next request rebuilds
        it from what is stored. Only a change ``after_the_end`` (undo) is made to a game
        that is won or resigned."""
        with self._lock:
            live = self._live(game_id, owner)
            if live.row.status in ("won", "resigned") and not after_the_end:
                raise _over(live.row.status)
            try:
                change(live)
                if live.row.status != "resigned":
                    live.row.status = live.state.status
                self.store.save(live.row)
            except (IllegalMove, Conflict):
                raise  # refused before anything changed
            except BaseException:
                self._cache.pop(game_id, None)
                raise
            self._remember(live.row, live.state)
            return snapshot(live)

    @staticmethod
    def _play(live: Live, move: dict[str, Any]) -> None:
        row = live.row
        try:  # the engine's word: IllegalMove stores nothing
            played = live.state.play(move).to_dict()
        except IllegalMove as exc:  # said in words: no pile id, no notation
            raise IllegalMove(refusal(live.state, move, exc)) from None
        row.moves.append(played)
        if row.redo and _same_move(row.redo[-1], played):
            row.redo.pop()
        else:
            row.redo.clear()

    @staticmethod
    def _undo(live: Live) -> None:
        """Also after a win or a loss; after a resignation it takes back the resignation
        (and only that)."""
        if live.row.status == "resigned":
            live.row.status = live.state.status
            return
        if not live.row.moves:
            raise Conflict(_("nothing to undo: no move has been played"))
        live.state.undo()
        live.row.redo.append(live.row.moves.pop())

    @staticmethod
    def _redo(live: Live) -> None:
        if not live.row.redo:
            raise Conflict(_("nothing to redo: no move has been undone since the last new "
                             "move"))
        played = live.state.play(live.row.redo[-1]).to_dict()
        live.row.redo.pop()
        live.row.moves.append(played)

    @staticmethod
    def _restart(live: Live) -> None:
        """Back to the deal; the moves made stay available to redo."""
        row = live.row
        row.redo = row.redo + row.moves[::-1]
        row.moves = []
        live.state = patience.get_game(row.game).new(deal=row.deal,
                                                     rules_version=row.rules_version,
                                                     **row.options)

    @staticmethod
    def _resign(live: Live) -> None:
        live.row.status = "resigned"

    def recover(self, game_id: str, owner: str) -> Snapshot:
        """Keep the longest beginning of a damaged game that replays; the moves after it and
        the redo list are stored aside in ``dropped``. A sound game is left as it is."""
        with self._lock:
            try:
                row = self.store.get(game_id, owner)
            except DamagedRow as exc:
                raise Damaged(_("{reason}; it cannot be recovered").format(reason=exc), game_id,
                              False) from None
            if row is None:
                raise _no_game(game_id)
            state, sound = self._replay(row)
            if sound < len(row.moves):
                row.dropped.append({"at": time.time(), "from_move": sound + 1,
                                    "moves": row.moves[sound:], "redo": row.redo})
                row.moves, row.redo = row.moves[:sound], []
                if row.status != "resigned":
                    row.status = state.status
                self.store.save(row)
            self._remember(row, state)
            return snapshot(Live(row, state))

    def hint(self, game_id: str, owner: str, deep: bool = True,
             peek: bool = False) -> HintAnswer:
        """A hint: the careful player's, from what the player sees (``careful_hint``), or
        with ``peek`` the exact solver's, which looks at the face-down cards
        (``peeking_hint``)."""
        return (self.peeking_hint(game_id, owner, deep) if peek
                else self.careful_hint(game_id, owner))

    def _position(self, game_id: str, owner: str) -> tuple[Snapshot, State]:
        """The game's snapshot and a private copy of its state, read under the lock."""
        with self._lock:
            live = self._live(game_id, owner)
            if live.row.status != "playing":
                raise _over(live.row.status, "hint")
            return snapshot(live), live.state.copy()

    def careful_hint(self, game_id: str, owner: str) -> HintAnswer:
        """The careful player's move and its chance, weighed on a private copy of the state
        without the lock (other requests go on meanwhile), within about ``CAREFUL_SECONDS``
        (``hint_samples`` samples instead where set), from ``CAREFUL_SEED``. It reads
        nothing the player has not seen: no stored verdict, no hint memory."""
        seen, position = self._position(game_id, owner)
        found, said, text = careful_advice(position, self.hint_samples)
        return HintAnswer(seen, found.kind, found.move, said, "", source="careful",
                          text=text, chance=found.chance, low=found.low, high=found.high)

    def peeking_hint(self, game_id: str, owner: str, deep: bool = True) -> HintAnswer:
        """The exact solver's advice on a private copy of the state (the lock is not held
        while it thinks; the solver never changes the copy, so its words are read from it).
        Its words say that it looked at the face-down cards. Without ``deep`` it only
        glances (``GLANCE_SECONDS``): a page answers at once, with the
        guess marked ``deeper`` where the glance decided nothing, and then asks deep.

        Each game keeps a ``Hinter``: while the player follows a winning line a hint found,
        the next hint is its next move at once, and a position proved lost stays lost. At
        the deal itself, a verdict the store holds (from an earlier hint or the search for
        a winnable deal) answers a loss, and a hint that decides the deal stores it."""
        with self._lock:
            live = self._live(game_id, owner)
            row = live.row
            if row.status != "playing":
                raise _over(row.status, "hint")
            solver = _solver()
            seen = snapshot(live)
            position = live.state.copy()
            at_deal = not row.moves
            known = (self.store.verdict(row.game, row.options, row.deal, row.rules_version)
                     if at_deal else None)
            hinter = self._hinters.pop(game_id, None) or solver.Hinter()
            self._hinters[game_id] = hinter
            while len(self._hinters) > HINT_MEMORY:
                self._hinters.popitem(last=False)
        if known == "lost":
            why = words.why_lost(position)  # a dead-end rule's proof, in words
            message = (_("no sequence of moves wins this deal: {why}").format(why=why) if why
                       else _("no sequence of moves wins this deal (every line was searched)"))
            return HintAnswer(seen, "lost", None, "", message,
                              text=hint_words.exact_words("lost", "", message))
        found = (hinter.hint(position, max_nodes=HINT_NODES, max_seconds=HINT_SECONDS)
                 if deep else
                 hinter.quick(position, max_nodes=GLANCE_NODES, max_seconds=GLANCE_SECONDS))
        decided = {"move": "won", "lost": "lost"}.get(str(found.status))
        if at_deal and decided is not None and known != decided:  # none, or "unknown"
            with self._lock:
                self.store.record_verdict(row.game, row.options, row.deal, decided,
                                          row.rules_version)
        move: Move | None = found.move
        status = str(found.status)
        guess: Move | None = found.guess
        if status == "unknown" and guess is not None:  # undecided, with the practical move
            status, move = "guess", guess
        said = words.describe(position, move) if move is not None else ""
        # the solver's reason is built in English words: elsewhere, the hint says the rest
        message = (words.plain(position, str(found.message)) if language() == "en"
                   else hint_words.solver_reason(str(found.message)))
        return HintAnswer(seen, status, move, said, message, found.deeper,
                          text=hint_words.exact_words(status, said, message, found.deeper))

    def review(self, game_id: str, owner: str, samples: int, wait: float) -> ReviewJob:
        """The game review of the game as it stands (finished or not), as far as it has got
        (``web.review``): the record is read under the lock, the review runs without it."""
        with self._lock:
            row = self._live(game_id, owner).row
            if not row.moves:
                raise Conflict(_("no move has been played yet: there is nothing to review"))
            record = _record(row)
        _solver()
        return self.reviews.ask(game_id, record, samples, wait)

    def position(self, game_id: str, owner: str, moves: int) -> tuple[dict[str, Any],
                                                                    dict[str, str]]:
        """The board after the game's first ``moves`` moves, and its piles' names."""
        with self._lock:
            row = self._live(game_id, owner).row
            record = _record(row, moves)
        at = patience.replay(record)
        return at.to_dict(), words.pile_names(at)

    def play_on(self, game_id: str, owner: str, moves: int) -> Snapshot:
        """A new game of the same deal and options whose moves are this game's first
        ``moves``: the player goes on from there (the game played stays as it is)."""
        with self._lock:
            row = self._live(game_id, owner).row
            record = _record(row, moves)
            state = patience.replay(record)
            new = self.store.create(new_game_id(), owner, row.game, dict(row.options),
                                    row.deal, row.rules_version)
            new.moves = list(record["moves"])
            new.status = state.status
            self.store.save(new)
            self._remember(new, state)
            return snapshot(Live(new, state))

    # --- housekeeping ------------------------------------------------------------------

    def why(self, game_id: str, owner: str, pile: str, index: int | None,
            to: str | None) -> views.Reason:
        """Why a card cannot move (there, or at all), in words, read under the lock."""
        with self._lock:
            live = self._live(game_id, owner)
            if live.row.status == "resigned":  # the engine's state does not know of it
                return views.Reason(False, _("You gave up this game; undo takes that back."))
            return views.explain(live.state, pile, index, to)

    def set_elapsed(self, game_id: str, owner: str, seconds: float) -> None:
        """Keep the play time the page counted (any game of the owner's, finished too)."""
        with self._lock:
            if not self.store.set_elapsed(game_id, owner, seconds):
                raise _no_game(game_id)

    def delete_unfinished(self, game_id: str, owner: str) -> None:
        """Delete a game still being played; a finished one stays in the statistics."""
        with self._lock:
            if not self.store.delete_unfinished(game_id, owner):
                try:
                    held = self.store.get(game_id, owner) is not None
                except DamagedRow:
                    held = True  # finished, though a column no longer reads back
                if not held:
                    raise _no_game(game_id)
                raise Conflict(_("a finished game stays in your statistics; it cannot be "
                                 "deleted"))
            self._cache.pop(game_id, None)

    def import_finished(self, rows: list[StoredGame]) -> int:
        """Add finished games in one transaction (all or none); how many were new."""
        with self._lock:
            return self.store.insert_finished(rows)
