"""One suite over every registered game and option set (DESIGN.md: conformance).

Random playouts must end, conserve cards, undo exactly, accept every listed move and refuse
unlisted ones, replay from their records, and leave copies independent. A new game joins by
registering itself; nothing here names a game.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

import patience
from patience import IllegalMove
from patience.cards import CARDS

PLAYOUTS = 200
STEP_CAP = 20_000  # far beyond any real game: reaching it means a game that never ends
DEEP_CHECKS = 12  # playouts per option set that also check every listed and unlisted move


def option_sets(game: patience.Game) -> list[dict[str, Any]]:
    """Defaults, then each other value of each option alone (ends of long ranges only)."""
    sets: list[dict[str, Any]] = [{}]
    for spec in game.option_specs:
        values = list(spec.choices)
        if len(values) > 4:
            values = [values[0], values[len(values) // 2], values[-1]]
        sets += [{spec.name: v} for v in values if v != spec.default]
    return sets


CASES = [
    pytest.param(game.id, options, id=game.id + "".join(f"-{k}={v}" for k, v in options.items()))
    for game in patience.list_games()
    for options in option_sets(game)
] + [  # rules versions: the rules of an earlier version, kept for games saved under it
    pytest.param(game.id, {"rules_version": version}, id=f"{game.id}-rules_version={version}")
    for game in patience.list_games()
    for version in game.versions[:-1]
]


def card_count(state: patience.State) -> Counter[str]:
    return Counter(code for pile in state.to_dict()["piles"].values() for code in pile)


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_random_playouts_end_and_conserve_cards(game_id: str, options: dict[str, Any]) -> None:
    game = patience.get_game(game_id)
    deck_counts = Counter({code: game.decks for code in CARDS})
    outcomes = Counter()
    for seed in range(PLAYOUTS):
        state = game.new(deal=seed, **options)
        rng = random.Random(seed)
        steps = 0
        while True:
            assert sorted(c for p in state.piles for c in p) == sorted(
                CARDS[code] for code in state.deck
            ), f"cards not conserved in deal {seed} after {steps} moves"
            legal = state.legal_raw()
            if not legal:
                break
            for src, dst, _, _ in legal:  # a complete foundation accepts nothing
                cap = state.rules.capacity[dst] if src >= 0 else 0
                assert not cap or len(state.piles[dst]) < cap
            key = state.key()
            move = rng.choice(legal)
            state.play_raw(move)
            steps += 1
            assert steps < STEP_CAP, f"deal {seed} did not end in {STEP_CAP} moves"
            if steps % 5 == 0:  # undo is exact, then play on
                state.undo()
                assert state.key() == key
                state.play_raw(move)
        assert state.status in ("won", "lost")
        assert card_count(state) == deck_counts
        outcomes[state.status] += 1
    assert sum(outcomes.values()) == PLAYOUTS


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_listed_moves_accepted_unlisted_refused_undo_exact(game_id: str,
                                                           options: dict[str, Any]) -> None:
    game = patience.get_game(game_id)
    layout_ids = [p.id for p in game.rules(**options).layout]  # rules_version: a keyword
    for seed in range(DEEP_CHECKS):
        state = game.new(deal=seed, **options)
        rng = random.Random(1000 + seed)
        while state.status == "playing":
            before, key = state.to_dict(), state.key()
            legal = state.legal_moves()
            listed = {str(m) for m in legal}
            for move in legal:  # every listed move is accepted, by dict and by text
                state.play(move.to_dict())
                state.undo()
                assert state.to_dict() == before and state.key() == key
                state.play(str(move))
                state.undo()
            for _ in range(8):  # random triples that are not listed are refused
                src, dst = rng.choice(layout_ids), rng.choice(layout_ids)
                card = rng.choice(state.deck)
                text = f"{card}:{src}>{dst}"
                if any(m.from_pile == src and m.to_pile == dst and m.card == card
                       for m in legal):
                    continue
                with pytest.raises(IllegalMove):
                    state.play(text)
                assert state.key() == key
            chosen = rng.choice(legal)
            played = state.play(chosen)
            assert str(played) in listed
            assert state.to_dict() != before or state.key() != key
        assert state.status in ("won", "lost")


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_records_replay_and_copies_are_independent(game_id: str, options: dict[str, Any]) -> None:
    game = patience.get_game(game_id)
    for seed in range(DEEP_CHECKS):
        state = game.new(deal=seed, **options)
        rng = random.Random(seed)
        snapshot = None
        while state.status == "playing":
            if snapshot is None and state.moves_played == 10:
                snapshot = (state.copy(), state.to_dict(), state.key())
            state.play_raw(rng.choice(state.legal_raw()))
        record = json.loads(json.dumps(state.record()))
        assert record["rules_version"] == options.get("rules_version", game.rules_version)
        assert set(record["options"]) == set(game.options)  # every option named
        again = patience.replay(record)
        assert again.to_dict() == state.to_dict()
        assert again.key() == state.key()
        if snapshot is not None:  # the copy did not move with the original
            copy, as_dict, key = snapshot
            assert copy.to_dict() == as_dict and copy.key() == key
            while copy.status == "playing":
                copy.play_raw(copy.legal_raw()[0])
            while copy.moves_played > 10:
                copy.undo()
            assert copy.to_dict() == as_dict


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_explicit_deck_gives_the_same_game_as_its_deal(game_id: str,
                                                       options: dict[str, Any]) -> None:
    game = patience.get_game(game_id)
    by_deal = game.new(deal=7, **options)
    by_deck = game.new(deck=list(by_deal.deck), **options)
    assert by_deck.to_dict()["piles"] == by_deal.to_dict()["piles"]
    assert [str(m) for m in by_deck.legal_moves()] == [str(m) for m in by_deal.legal_moves()]


@pytest.mark.parametrize("game_id", [g.id for g in patience.list_games()])
def test_every_pile_listed_and_every_card_in_one_pile(game_id: str) -> None:
    game = patience.get_game(game_id)
    state = game.new(deal=3)
    data = state.to_dict()
    assert set(data["piles"]) <= {p.id for p in state.rules.layout}
    assert sum(len(p) for p in data["piles"].values()) == 52 * game.decks
    for pid, down in data["face_down"].items():
        assert 0 < down <= len(data["piles"][pid])
    assert data["game"] == game_id and data["deal"] == 3 and data["status"] == "playing"
