"""The careful player at play: a whole game, move by move, chosen as ``careful.advise``
chooses (``careful.choose``), but only as dear as a decision needs (for the win rates of
``patience stats --player careful``).

A position with one legal move is played without a look. Elsewhere ``PLAY_SAMPLES``
samples are searched; on each, the default move (``careful.default_move``: the practical
player's, on the level foundation in Rainbow) first, and the others only where it is
not won, since only there can another move be better (``careful.choose``). The player
keeps the practical player's memory (its picture, its plans) from move to move, as a
person at the table would, and tells it when it played another move.
"""

from __future__ import annotations

from typing import Literal

from patience import native
from patience.deals import SplitMix64
from patience.engine.moves import Move
from patience.engine.state import State
from patience.solver.careful import NODES, PYTHON_NODES, choose, default_move, sampler, weigh
from patience.solver.practical import STEP_CAP, Lookahead

__all__ = ["CarefulPlayer", "play_careful", "player_name"]

# Samples per decision: ``careful.choose`` then sees a move that wins two in sixteen more
# than the practical move, at a cost of seconds a game (bench/results/careful.json).
PLAY_SAMPLES = 16
# The player's version in stored results: raise it whenever the careful player's play
# changes, so its stored games are played again.
VERSION = "1"
# A game whose play changed alone gets its own version, so only its stored games replay.
# Rainbow 2: the foundations kept level (careful.LEVEL_FOUNDATIONS).
GAME_VERSION: dict[str, str] = {"rainbow": "2"}


def player_name(game_id: str) -> str:
    """The careful player's name in stored results of ``game_id``: its version, its
    samples and nodes, and the search it uses (the Python search decides less within its
    budget)."""
    version = GAME_VERSION.get(game_id, VERSION)
    if native.available():
        return f"careful-{version}/{PLAY_SAMPLES}x{NODES}/native"
    return f"careful-{version}/{PLAY_SAMPLES}x{PYTHON_NODES}/python"


class CarefulPlayer:
    """The careful player's choices through one game (``move``, position by position)."""

    def __init__(self, state: State, *, seed: int = 0, samples: int = PLAY_SAMPLES) -> None:
        self.look = Lookahead(state)
        self.seed = seed
        self.samples = samples
        self.decisions = 0  # positions where samples were searched
        self.departures = 0  # of those, where another move than the practical one was played

    def move(self, state: State) -> Move | None:
        """The move to play in ``state`` (still playing), or None to give the game up."""
        legal = state.legal_raw()
        default = default_move(state, self.look)
        if len(legal) == 1:
            return state.to_move(legal[0])
        self.decisions += 1
        draw = sampler(state, legal)
        # seeded by what the player sees: the same position after as many moves, the
        # same samples
        seeds = SplitMix64(self.seed ^ (state.moves_played * 0x9E3779B97F4A7C15))
        drawn = [draw(seeds.next()) for _ in range(self.samples)]
        at = None if default is None else legal.index(default)
        rows = [weigh(one, len(legal), at) for one in drawn]
        chosen = choose(rows, drawn, at)
        if chosen is None:
            return None
        if chosen != at:
            self.departures += 1
            self.look.forget_plan()
        return state.to_move(legal[chosen])


def play_careful(state: State, *, seed: int = 0, samples: int = PLAY_SAMPLES
                 ) -> Literal["won", "lost"]:
    """Play ``state`` (a copy of it) to the end as the careful player."""
    work = state.copy()
    player = CarefulPlayer(work, seed=seed, samples=samples)
    for _ in range(STEP_CAP):
        if work.status != "playing":
            break
        move = player.move(work)
        if move is None:
            break  # lost on every sample, and the practical player sees nothing to try
        work.play(move)
    return "won" if work.status == "won" else "lost"
