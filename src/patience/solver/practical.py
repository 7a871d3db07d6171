"""A practical player: how a careful person does without seeing hidden cards.

The policy reads only what a player at the table sees: the face-up part of each pile in
``State.to_dict()`` and the list of legal moves. It never looks at face-down cards, the
stock's order or the outcome of chance events before they happen. Each turn it chooses,
in this order:

1. a card from a non-foundation pile to a foundation, preferring a source whose next
   card is face down (it turns something up) and then the source holding most cards
   (it digs into the biggest pile first);
2. any other card move that is not reversible;
3. a reversible move (a foundation transfer, a marriage) only when it makes a new
   foundation play legal at once;
4. an action (deal, draw, redeal, next stage), the first the game lists.

So every game gets two win rates: this player's, and the solver's "thoughtful" one.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Literal

from patience.engine.moves import Move
from patience.engine.state import State

PracticalOutcome = Literal["won", "lost"]
POLICY = "1"  # stored with each practical result: change it whenever the policy changes
STEP_CAP = 100_000  # a safety net; the repetition rule makes every game finite anyway


def choose(view: dict[str, Any], moves: list[Move], foundations: set[str],
           enables: dict[Move, bool]) -> Move:
    """The policy itself, on the visible view: pile ids to their face-up cards."""
    piles = view["piles"]
    down = view["face_down"]

    def to_foundation(m: Move) -> bool:
        return (m.action is None and m.to_pile in foundations
                and m.from_pile not in foundations)

    plays = [m for m in moves if to_foundation(m)]
    if plays:
        def weight(m: Move) -> tuple[int, int]:
            src = m.from_pile or ""
            turns_up = int(down.get(src, 0) > 0 and len(piles[src]) == 1)
            return (-turns_up, -(len(piles[src]) + down.get(src, 0)))
        return min(plays, key=weight)
    others = [m for m in moves if m.action is None and m not in enables]
    if others:
        return others[0]
    useful = [m for m, helps in enables.items() if helps]
    if useful:
        return useful[0]
    actions = [m for m in moves if m.action is not None]
    return actions[0] if actions else moves[0]


def visible(state: State) -> dict[str, Any]:
    """``to_dict`` with every face-down card removed: what the player can see."""
    data = state.to_dict()
    down = data["face_down"]
    data["piles"] = {pid: cards[down.get(pid, 0):] for pid, cards in data["piles"].items()}
    return data


def play_practical(state: State) -> PracticalOutcome:
    """Play ``state`` (a copy of it) to the end with the practical policy."""
    work = state.copy()
    rules = work.rules
    foundations = {rules.layout[i].id for i in rules.foundations}
    for _ in range(STEP_CAP):
        if work.status != "playing":
            break
        raw_moves = work.legal_raw()
        moves = [work.to_move(m) for m in raw_moves]
        enables: dict[Move, bool] = {}
        before = _foundation_plays(work, foundations)
        for raw, move in zip(raw_moves, moves, strict=True):
            if raw[3]:  # reversible: look one move ahead at the visible legal moves
                work.play_raw(raw)
                enables[move] = bool(_foundation_plays(work, foundations) - before)
                work.pop()
        work.play(choose(visible(work), moves, foundations, enables))
    return "won" if work.status == "won" else "lost"


def _foundation_plays(state: State, foundations: set[str]) -> Counter[str]:
    return Counter(str(m) for m in state.legal_moves()
                   if m.to_pile in foundations and m.from_pile not in foundations)
