"""The base class each game fills in: layout, setup, move generation and move procedure.

Moves inside the engine are plain tuples ``(src, dst, index, reversible)`` of ints and a
bool (a *raw move*): ``src`` and ``dst`` are pile numbers, ``index`` the position in
``src`` of the card that moves. An action is ``(ACTION, action_number, 0, False)``.
``reversible`` marks a move that some later legal moves could undo without an
irreversible step in between (the repetition rule); only those are checked against
the positions seen since the last irreversible step.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from patience.engine.moves import Move
from patience.engine.piles import Kind, Pile

if TYPE_CHECKING:
    from patience.engine.state import State

RawMove = tuple[int, int, int, bool]
ACTION = -1
Place = tuple[int, int]  # (pile, index in the pile counted from the bottom)


class Rules:
    """One game with its options bound. Immutable once built; every State shares it."""

    piles: ClassVar[tuple[Pile, ...]] = ()
    actions: ClassVar[tuple[str, ...]] = ()
    var_names: ClassVar[tuple[str, ...]] = ()  # the game's counters, stored in State.vars

    def __init__(self, options: Mapping[str, Any], version: str = "1") -> None:
        self.options = dict(options)
        self.version = version  # the rules version (``Game.rules_version``) this follows
        self.layout: tuple[Pile, ...] = self.make_layout()
        self.index = {p.id: i for i, p in enumerate(self.layout)}
        self.foundations = tuple(i for i, p in enumerate(self.layout) if p.kind is Kind.FOUNDATION)
        self.stocks = tuple(i for i, p in enumerate(self.layout) if p.kind is Kind.STOCK)
        self.action_index = {name: i for i, name in enumerate(self.actions)}
        self.target = sum(self.layout[i].capacity for i in self.foundations)
        self.capacity = tuple(p.capacity if p.kind is Kind.FOUNDATION else 0 for p in self.layout)
        self.action_moves = tuple(Move(action=name) for name in self.actions)
        # whether ``after_repetition`` must see the legal moves (one call less for others)
        self.reads_legal_moves = False
        # public Move values, made once: (src, dst, card, shown index or -1) -> Move
        self.move_cache: dict[tuple[int, int, int, int], Move] = {}

    # --- declarations a game may override -------------------------------------------

    def make_layout(self) -> tuple[Pile, ...]:
        """The piles, in a fixed order; override when options change the layout."""
        return self.piles

    def setup(self, state: State, deck: list[int]) -> None:
        """Lay out the deck (index 0 dealt first), without journaling."""
        raise NotImplementedError

    def generate(self, state: State) -> list[RawMove]:
        """Every move the clauses allow, before the repetition rule is applied."""
        raise NotImplementedError

    def apply(self, state: State, move: RawMove) -> None:
        """Carry out a generated move and its automatic steps through State's journal."""
        raise NotImplementedError

    def after_repetition(self, state: State, legal: list[RawMove]) -> list[RawMove]:
        """The legal moves once the repetition rule has been applied, for a clause that
        depends on which other moves are legal (set ``reads_legal_moves`` to be asked)."""
        return legal

    def legal_reads_memory(self, state: State) -> bool:
        """Whether the legal moves here depend on the repetition memory beyond the
        reversible moves it refuses: a move offered only once the memory has refused every
        reversible one (Sun's SUN-4 deal). A search then keys such a position with its
        memory too."""
        return False

    def is_won(self, state: State) -> bool:
        piles = state.piles
        return sum(len(piles[i]) for i in self.foundations) == self.target

    def listed(self, state: State) -> Iterable[int]:
        """Piles that exist now (piles made during play appear once made)."""
        return range(len(self.layout))

    def face_down(self, state: State) -> dict[int, int]:
        """Face-down cards at the bottom of each pile; a stock is all face down."""
        return {i: len(state.piles[i]) for i in self.stocks}

    def unseen(self, state: State) -> list[list[Place]]:
        """The places whose cards a player has not seen there (docs/rules.md, "What a
        player sees"), in groups: the player knows which cards a group holds but not which
        lies where, so every order within a group is as likely as any other, and no card
        passes from one group to another. Empty groups are left out. By default each stock
        is one group; a game with other face-down cards, or a stock whose order was seen,
        says so."""
        piles = state.piles
        return [[(i, k) for k in range(len(piles[i]))] for i in self.stocks if piles[i]]

    def counters(self, state: State) -> dict[str, Any]:
        """Stage and round counters for ``to_dict``."""
        return dict(zip(self.var_names, state.vars, strict=True))

    def why_not(self, state: State, action: str) -> str | None:
        """Why ``action`` is not legal now, in the game's own terms (None: no detail)."""
        return None

    def why_not_move(self, state: State, move: Move) -> str | None:
        """Why the card move ``move`` is not legal now when a clause holds it back, in the
        game's own terms (None: no detail)."""
        return None

    def why_dead(self, state: State) -> str | None:
        """Why ``state`` is lost whatever is played, when one of the game's dead-end rules
        proves it at a glance (a sentence naming piles by id and cards by code, as
        ``why_not``), else None: the search's answer at once, said in words."""
        return None

    def solver_key(self, state: State) -> bytes:
        """The position as the solver's transposition table sees it; a game overrides this
        to put interchangeable piles in a canonical order (positions equal up to symmetry)."""
        return state.key()

    def repetition_key(self, state: State) -> bytes:
        """The position as the repetition rule compares it. Positions it
        compares are all reached from one another by reversible moves, so a game may leave
        out what only irreversible steps change; the default is the whole ``state.key()``."""
        return state.key()

    def shows_index(self, state: State, pile: int) -> bool:
        """Whether ``pile`` offers several available cards now, so moves name an index."""
        return False
