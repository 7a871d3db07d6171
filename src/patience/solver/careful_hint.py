"""The careful hint: the careful player's move (``advise``) with its chance, and what the
move does for the player, all from what the player sees.

The advice samples the face-down cards; what a move does is read from the cards the player
has seen before it (a card it frees) and from which places are unseen (a card it turns
up), never from a card still face down. So with ``samples`` given (budgets in nodes) two
positions a player cannot tell apart get the same hint.

A loss is called proved only where it holds however the cards lie: every sample lost, and
nothing left to chance (no unseen group of two cards or more, no shuffle still to come),
so the exact search of the real position is the search of every position the player could
be in, and it proved the loss.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from patience.engine.moves import Move
from patience.engine.state import State
from patience.solver.careful import Advice, advise
from patience.solver.search import solve

CarefulKind = Literal["move", "unsure", "forced", "hopeless", "lost"]

# SUN-9 (the wind) and RBW-7 (a redeal) shuffle by chance: while a game has either action,
# its future is not all on the table even with every card face up.
CHANCE_ACTIONS = frozenset({"wind", "redeal"})
# The exact search that may prove a loss where nothing is hidden: a glance.
PROOF_NODES, PROOF_SECONDS = 300_000, 0.2


@dataclass(frozen=True)
class MoveEffects:
    """What a card move does that a player sees at once: ``turns_up`` a face-down card, or
    ``frees`` a face-up card (its code) that was covered and may now move."""

    turns_up: bool = False
    frees: str | None = None


@dataclass(frozen=True)
class CarefulHint:
    """The careful player's hint.

    ``kind``: "move", a move with ``chance``, the share of the ways the face-down cards
    could lie from which the game still comes out after it; "unsure", a move where no
    sample was decided either way (its chance says nothing); "forced", the only legal
    move (not weighed); "hopeless", every sample lost, yet not proved (``move``, when
    given, is one to play on with); "lost", proved lost however the cards lie (``move``
    None).
    """

    kind: CarefulKind
    move: Move | None
    chance: float | None
    low: float
    high: float
    effects: MoveEffects = MoveEffects()


def careful_hint(state: State, *, seed: int = 0, samples: int | None = None,
                 max_seconds: float = 1.0) -> CarefulHint:
    """The hint for ``state`` from ``advise(state, seed=…, samples=…, max_seconds=…)``."""
    advice = advise(state, seed=seed, samples=samples, max_seconds=max_seconds)
    return from_advice(state, advice)


def from_advice(state: State, advice: Advice) -> CarefulHint:
    """The hint ``advice`` gives in ``state`` (the advice of that very position)."""
    if advice.move is None and advice.best is None:  # no legal move
        return CarefulHint("lost", None, advice.chance, advice.low, advice.high)
    if advice.chance is None:
        move = advice.move or advice.best
        return CarefulHint("forced", move, None, 0.0, 1.0, effects(state, move))
    move = advice.move or advice.best
    assert move is not None
    weighed = next(m for m in advice.moves if m.move == move)
    if advice.chance == 0.0:  # every sample lost, none undecided
        if proved_lost(state):
            return CarefulHint("lost", None, 0.0, advice.low, advice.high)
        return CarefulHint("hopeless", move, 0.0, advice.low, advice.high,
                           effects(state, move))
    kind: CarefulKind = "unsure" if weighed.won + weighed.lost == 0 else "move"
    return CarefulHint(kind, move, weighed.chance, weighed.low, weighed.high,
                       effects(state, move))


def nothing_hidden(state: State) -> bool:
    """Whether the player could be in no other position: no two unseen cards to swap and
    no shuffle by chance in the game."""
    if CHANCE_ACTIONS & set(state.rules.actions):
        return False
    return all(len(group) < 2 for group in state.rules.unseen(state))


def proved_lost(state: State) -> bool:
    """Lost however the cards lie: nothing hidden, and the exact search proved it."""
    if not nothing_hidden(state):
        return False
    found = solve(state, max_nodes=PROOF_NODES, max_seconds=PROOF_SECONDS)
    return found.outcome == "lost"


def effects(state: State, move: Move | None) -> MoveEffects:
    """What ``move`` does in ``state`` that a player sees, played on a copy: the card it
    leaves on top of the pile it came from was unseen there before (``Rules.unseen``) and is
    seen now, or was seen, covered and unable to move, and may move now."""
    if move is None or move.action is not None or move.from_pile is None:
        return MoveEffects()
    src = move.from_pile
    number = next(i for i, pile in enumerate(state.rules.layout) if pile.id == src)
    was = state.to_dict()["piles"][src]
    hidden_before = _unseen(state, number)
    work = state.copy()
    work.play(move)
    below = work.to_dict()["piles"][src]
    at = len(below) - 1
    if not 0 <= at < len(was) - 1:
        return MoveEffects()  # the pile is empty, or nothing under the move was uncovered
    if at in hidden_before:
        return MoveEffects(turns_up=at not in _unseen(work, number))
    card = below[at]
    if was[at] != card or _moves_card(state, src, card, at) or not _moves_card(work, src,
                                                                                card, at):
        return MoveEffects()
    return MoveEffects(frees=card)


def _unseen(state: State, pile: int) -> set[int]:
    """The places of pile number ``pile`` whose cards the player has not seen."""
    return {k for group in state.rules.unseen(state) for p, k in group if p == pile}


def _moves_card(state: State, pile: str, card: str, index: int) -> bool:
    """Whether a legal move takes ``card`` at ``index`` of ``pile`` (the top by default)."""
    size = len(state.to_dict()["piles"][pile])
    for move in state.legal_moves():
        if move.from_pile == pile and move.card == card \
                and (move.index if move.index is not None else size - 1) == index:
            return True
    return False
