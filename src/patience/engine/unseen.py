"""Samples of what a player cannot see (docs/rules.md, "What a player sees").

A sample is the position as it might be for all a player can tell: each group of
``Rules.unseen`` shuffled uniformly, and chance events still to come (Sun's wind SUN-9,
the redeals RBW-7) drawn from a chance source of the sample's own. Everything the player
sees stays as it is, so a sample offers the same legal moves.

A sample reads nothing the player has not seen: each group's cards are sorted before they
are shuffled, and the sample's chance source is made from the seed alone, never from the
deal number or the deck. So two positions a player cannot tell apart give the same sample
for the same seed.

The repetition memory holds keys of whole positions, face-down cards included, so a
sample's memory is worked out anew: the earlier positions are taken back along the undo
journal (its steps name places, not cards, so they take back the sample's cards as well)
and the keys read there. Undo in a sample is therefore exact back to the start; a chance
event taken back and played again draws from the sample's source.

``patience._native.NativeState.sample`` does the same in the crate with the same shuffle (SplitMix64
seeded by ``seed``, the groups in order, Fisher–Yates from the end) and the same chance
source, so both give the same position for the same seed; its undo reaches back only to
the last irreversible move.
"""

from __future__ import annotations

from patience.deals import SplitMix64
from patience.engine.state import State


def sample_chance(seed: int) -> str:
    """The chance source of the sample drawn with ``seed``: the seed alone, since the
    game's own source names the deal, which the player does not see."""
    return f"sample={seed}"


def sample(state: State, seed: int) -> State:
    """A copy of ``state`` with every unseen group sorted, then shuffled (seeded by
    ``seed``, reproducible), its own chance source and the repetition memory it would
    have."""
    out = state.copy()
    rng = SplitMix64(seed)
    piles = out.piles
    for group in out.rules.unseen(out):
        cards = sorted(piles[p][k] for p, k in group)
        for i in range(len(cards) - 1, 0, -1):
            j = rng.below(i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        for (p, k), card in zip(group, cards, strict=True):
            piles[p][k] = card
    out._chance = sample_chance(seed)
    _remember(out)
    return out


def _remember(state: State) -> None:
    """Rebuild the repetition memory kept with ``state``'s undo history (the keys added by
    reversible moves, the memories irreversible ones cleared) from its own positions."""
    undo = state._undo
    first = next((i for i, entry in enumerate(undo) if isinstance(entry[2], bytes)), None)
    if first is None:  # no reversible move played: every memory on the way was empty
        return
    rules = state.rules
    keys: dict[int, bytes] = {}
    walk = state.copy()
    for i in range(len(undo) - 1, first - 1, -1):
        walk.pop()
        if isinstance(undo[i][2], bytes):
            keys[i] = rules.repetition_key(walk)
    seen: set[bytes] = set()
    for i in range(first, len(undo)):
        move, mark, token = undo[i]
        if isinstance(token, bytes):
            seen.add(keys[i])
            undo[i] = (move, mark, keys[i])
        elif token is not None:
            undo[i] = (move, mark, seen)
            seen = set()
    state._seen = seen
    state._legal = None
