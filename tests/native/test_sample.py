"""The crate's sampler (``NativeState.sample``) against the Python one
(``engine.unseen.sample``): the same places unseen, the same position for the same seed,
the same legal moves as the real position, its own chance, and the memory it keeps."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import patience
from patience import native
from patience.engine.registry import list_games
from patience.engine.unseen import sample
from tests.decks import stack
from tests.games.test_unseen import (
    CHI2_23_P001,
    chi_square,
    play_until,
    small_option_sets,
    sun_crossed_back,
    swapped_twin,
)
from tests.native.helpers import native_module

CASES = [(g.id, options) for g in list_games() for options in small_option_sets(g)]


def masked(view: dict[str, Any], groups: list[list[tuple[int, int]]],
           ids: list[str]) -> dict[str, Any]:
    """``to_dict`` with the unseen places blanked."""
    piles = {pile: list(cards) for pile, cards in view["piles"].items()}
    for group in groups:
        for pile, index in group:
            piles[ids[pile]][index] = None
    return {**view, "piles": piles}


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=[f"{g}-{o}" for g, o in CASES])
def test_native_samples_along_random_playouts(game_id: str, options: dict[str, Any]) -> None:
    module = native_module()
    game = patience.get_game(game_id)
    if not native.plays(game.new(deal=1, **options)):
        pytest.skip("the native engine does not play these options")
    for deal in (1, 2):
        rng = random.Random(deal)
        state = game.new(deal=deal, **options)
        twin = module.NativeState(game_id, dict(state.rules.options), deal=deal)
        ids = [p.id for p in state.rules.layout]
        for step in range(250):
            legal = state.legal_raw()
            if step % 5 == 0:
                groups = state.rules.unseen(state)
                assert twin.unseen() == [list(g) for g in groups]
                seed = rng.randrange(1 << 64)
                out = twin.sample(seed)
                assert out.legal_moves() == legal
                assert out.moves_played == state.moves_played
                assert masked(out.to_dict(), groups, ids) == masked(state.to_dict(), groups, ids)
                assert out.key() == sample(state, seed).key()  # the same shuffle as Python's
                assert twin.key() == state.key()  # the real position is left as it was
                cards = [Counter(state.piles[p][i] for p, i in g) for g in groups]
                piles = out.to_dict()["piles"]
                assert [Counter(patience.cards.CARDS[piles[ids[p]][i]] for p, i in g)
                        for g in groups] == cards
            if not legal:
                break
            move = rng.choice(legal)
            state.play_raw(move)
            twin.play(move)


def native_of(state: patience.State) -> Any:
    module = native_module()
    return module.NativeState(state.game.id, dict(state.rules.options), deal=state.deal,
                              deck=None if state.deal is not None else state.deck,
                              moves=state.raw_history())


def test_native_samples_are_uniform_on_a_stock_of_four() -> None:
    state = patience.get_game("star").new(deal=9, direction="free")
    play_until(state, lambda s: len(s.piles[9]) == 4, prefer="draw")
    twin = native_of(state)
    draws = 24 * 200
    counts = Counter(tuple(twin.sample(seed).to_dict()["piles"]["stock"])
                     for seed in range(5000, 5000 + draws))
    assert len(counts) == 24
    assert chi_square(counts, 24, draws) < CHI2_23_P001


def test_native_samples_keep_rainbow_groups_apart_after_a_redeal() -> None:
    """RBW-7: the stock's cards stay in the stock, the rainbow's face-down ones in it."""
    game = patience.get_game("rainbow")
    for deal in range(1, 30):
        state = game.new(deal=deal)
        play_until(state, lambda s: s.vars[2] == 1 or s.status != "playing", seed=deal)
        if state.status == "playing" and state.vars[1]:
            break
    twin = native_of(state)
    down = state.vars[1]
    real = state.to_dict()["piles"]
    for seed in range(10):
        piles = twin.sample(seed).to_dict()["piles"]
        assert Counter(piles["stock"]) == Counter(real["stock"])
        assert Counter(piles["rainbow"][:down]) == Counter(real["rainbow"][:down])
        assert piles["rainbow"][down:] == real["rainbow"][down:]


def test_native_star_sample_after_a_redeal_is_the_position() -> None:
    state = patience.get_game("star").new(deal=4, direction="free")
    play_until(state, lambda s: s.vars[4] == 1, prefer="draw")
    twin = native_of(state)
    assert twin.unseen() == []
    assert twin.sample(8).key() == twin.key()


def test_native_sample_draws_its_own_wind() -> None:
    """SUN-9: the wind of a sample is its own, the same for the same seed, and the Python
    sample's of the same seed."""
    state = patience.get_game("sun").new(deal=2, deal_when="any")
    for action, times in (("deal", 7), ("next-stage", 1), ("next-ray", 13), ("scatter", 13)):
        for _ in range(times):
            state.play(action)
    twin = native_of(state)
    blow = state.rules.action_index["wind"]
    winds = []
    for seed in (1, 2, 1):
        out = twin.sample(seed)
        out.play((-1, blow, 0, False))
        winds.append(out.to_dict()["piles"]["wind"])
        python = sample(state, seed)
        python.play("wind")
        assert python.to_dict()["piles"]["wind"] == winds[-1]
    state.play("wind")
    assert winds[0] == winds[2] != winds[1]
    assert state.to_dict()["piles"]["wind"] not in winds


def moves(native: Any, state: patience.State) -> set[str]:
    return {str(state.to_move(m)) for m in native.legal_moves()}


def test_native_sample_remembers_a_blockade_marriage() -> None:
    first = ["7H", "6H", "7H", "9C", "9C", "TC", "TC", "JC", "JC", "QC", "QC", "KC"]
    state = patience.get_game("blockade").new(deck=stack(first, decks=2))
    state.play("6H:col2>col3")
    state.play("6H:col3>col1")
    for seed in range(5):
        out = native_of(state).sample(seed)
        assert "6H:col1>col3" not in moves(out, state)
        assert out.legal_moves() == state.legal_raw()


def test_native_sample_remembers_a_clock_marriage() -> None:
    from tests.games.test_clock import new

    state = new({1: ["AH", "6S", "5S"], 2: ["AD", "AD", "6S"]}, phases="free")
    state.play("5S:packet1>packet2")
    for seed in range(5):
        out = native_of(state).sample(seed)
        assert out.key() != state.key()
        assert "5S:packet2>packet1" not in moves(out, state)
        out.undo()  # back to the last irreversible move, and no further
        real = state.copy()
        real.undo()
        assert out.legal_moves() == real.legal_raw()
        with pytest.raises(ValueError):  # the marriage was the first move
            out.undo()


def test_native_sample_remembers_a_sun_crossing() -> None:
    state = sun_crossed_back()
    for seed in range(5):
        out = native_of(state).sample(seed)
        assert out.key() != state.key() and out.key() == sample(state, seed).key()
        assert "2S:ace-S>king-S" not in moves(out, state)


@pytest.mark.parametrize("game_id", [g.id for g in list_games()])
def test_native_sample_reads_nothing_the_player_has_not_seen(game_id: str) -> None:
    """Two positions a player cannot tell apart (two face-down cards swapped) give the same
    native sample for the same seed, and the Python sample's."""
    native_module()
    game = patience.get_game(game_id)
    for deal, moves in ((1, 0), (2, 15), (3, 40)):
        state = game.new(deal=deal)
        rng = random.Random(deal)
        for _ in range(moves):
            if state.legal_raw():
                state.play_raw(rng.choice(state.legal_raw()))
        twin = swapped_twin(state)
        if twin is None:
            continue
        one, two = native_of(state), native_of(twin)
        for seed in range(4):
            assert one.sample(seed).key() == two.sample(seed).key() == sample(state, seed).key()
