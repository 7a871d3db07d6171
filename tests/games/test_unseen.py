"""Samples of what a player cannot see (docs/rules.md, "What a player sees"):
``Rules.unseen`` per game and ``engine.unseen.sample``."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

import patience
from patience.engine.registry import list_games
from patience.engine.state import State
from patience.engine.unseen import sample
from tests.decks import stack

# the 0.999 quantile of the chi-square distribution with 23 degrees of freedom (the 24
# orders of four distinct cards): a uniform sampler exceeds it once in a thousand runs
CHI2_23_P001 = 49.728


def seen_view(state: State) -> dict[str, Any]:
    """What a player sees: the cards in place but those of ``Rules.unseen`` (None there),
    the face-down counts, the counters, the options, the moves played."""
    view = state.to_dict()
    layout = state.rules.layout
    for group in state.rules.unseen(state):
        for pile, index in group:
            view["piles"][layout[pile].id][index] = None
    view["moves"] = state.raw_history()
    return view


def group_cards(state: State) -> list[Counter[int]]:
    return [Counter(state.piles[p][i] for p, i in group) for group in state.rules.unseen(state)]


def all_cards(state: State) -> Counter[int]:
    return Counter(card for pile in state.piles for card in pile)


def check_sample(state: State, seed: int) -> State:
    """A sample of ``state`` shows what it shows, offers the same moves, keeps every card,
    and the real deal is one of the possible ones."""
    legal = state.legal_raw()
    view = seen_view(state)
    out = sample(state, seed)
    assert seen_view(out) == view
    assert out.legal_raw() == legal
    assert out.rules.unseen(out) == state.rules.unseen(state)
    assert group_cards(out) == group_cards(state)
    assert all_cards(out) == all_cards(state)
    assert seen_view(state) == view  # the real position is left as it was
    return out


def small_option_sets(game: patience.Game) -> list[dict[str, Any]]:
    """Every combination of option values (Toad's pile sizes cut to a few)."""
    values = [o.choices if o.name != "reserve_size" else (1, 13, 26) for o in game.option_specs]
    names = [o.name for o in game.option_specs]
    return [dict(zip(names, v, strict=True)) for v in itertools.product(*values)]


CASES = [(g.id, options) for g in list_games() for options in small_option_sets(g)]


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=[f"{g}-{o}" for g, o in CASES])
def test_samples_along_random_playouts(game_id: str, options: dict[str, Any]) -> None:
    """At many points of random playouts (moves taken back now and then) a sample keeps what
    the player sees and the legal moves; taking back its moves one by one to the start, each
    earlier position of the sample still shows what the real one showed there."""
    game = patience.get_game(game_id)
    samples = 0
    for deal in (1, 2):
        rng = random.Random(deal)
        state = game.new(deal=deal, **options)
        for step in range(250):
            legal = state.legal_raw()
            if step % 5 == 0:
                out = check_sample(state, rng.randrange(1 << 64))
                samples += 1
                if step % 50 == 0:
                    back, real = out.copy(), state.copy()
                    while real.moves_played:
                        back.undo()
                        real.undo()
                        assert back.legal_raw() == real.legal_raw()
                        assert seen_view(back) == seen_view(real)
            if not legal:
                break
            if state.moves_played and rng.random() < 0.05:
                state.undo()
            else:
                state.play_raw(rng.choice(legal))
    assert samples > 4


def test_a_sample_is_reproducible_and_seeds_differ() -> None:
    state = patience.get_game("blockade").new(deal=3)
    assert sample(state, 7).key() == sample(state, 7).key()
    assert len({sample(state, seed).key() for seed in range(20)}) == 20


def test_what_is_unseen_per_game_at_the_start() -> None:
    """The face-down stock (one group) in every game; Rainbow's face-down rainbow (RBW-1) in
    the same group as its stock until the first redeal."""
    for game in list_games():
        state = game.new(deal=1)
        groups = state.rules.unseen(state)
        stock = state.rules.index["stock"]
        down = state.to_dict()["face_down"]
        assert sum(map(len, groups)) == sum(down.values()), game.id
        assert len(groups) == 1, game.id
        assert {(stock, k) for k in range(len(state.piles[stock]))} <= set(groups[0])
    rainbow = patience.get_game("rainbow").new(deal=1)
    assert {p for p, _ in rainbow.rules.unseen(rainbow)[0]} == {0, rainbow.rules.index["stock"]}


def play_until(state: State, done: Callable[[State], bool], seed: int = 0,
               prefer: str | None = None) -> None:
    """Random moves (an action named ``prefer`` whenever legal) until ``done``."""
    rng = random.Random(seed)
    while not done(state):
        legal = state.legal_raw()
        assert legal, "the game ended first"
        wanted = [m for m in legal if prefer and state.to_move(m).action == prefer]
        state.play_raw(wanted[0] if wanted else rng.choice(legal))


def test_rbw7_after_a_redeal_stock_and_rainbow_are_groups_of_their_own() -> None:
    """RBW-7: after a redeal the stock holds cards seen on the waste piles, shuffled, and
    the rainbow's face-down cards (RBW-1) are the ones never seen: no card passes between
    them in a sample."""
    game = patience.get_game("rainbow")
    for deal in range(1, 30):
        state = game.new(deal=deal)
        play_until(state, lambda s: s.vars[2] == 1 or s.status != "playing", seed=deal)
        if state.status == "playing" and state.vars[1]:
            break
    else:
        pytest.fail("no Rainbow line reached a redeal with face-down cards left")
    stock, rainbow = state.rules.index["stock"], 0
    groups = state.rules.unseen(state)
    assert [{p for p, _ in g} for g in groups] == [{rainbow}, {stock}]
    for seed in range(20):
        out = check_sample(state, seed)
        assert Counter(out.piles[stock]) == Counter(state.piles[stock])
        down = state.vars[1]
        assert Counter(out.piles[rainbow][:down]) == Counter(state.piles[rainbow][:down])
    assert len({sample(state, seed).key() for seed in range(20)}) > 1


def test_str7_after_a_redeal_nothing_is_unseen() -> None:
    """STR-7: the stock of rounds 2 and 3 is the reserve turned over, seen card by card."""
    state = patience.get_game("star").new(deal=4, direction="free")
    assert state.rules.unseen(state)
    play_until(state, lambda s: s.vars[4] == 1, prefer="draw")
    assert state.piles[9]  # the stock holds cards again
    assert state.rules.unseen(state) == []
    out = check_sample(state, 5)
    assert out.key() == state.key() and out.to_dict() == state.to_dict()


def test_sha8_the_turned_stock_card_is_seen() -> None:
    """SHA-8: while a gap waits the stock's top card is turned (the moves name it); it stays
    known once the gap is filled from the talon, until it leaves the stock."""
    game = patience.get_game("shah")
    stock = game.rules().index["stock"]
    found = 0
    for deal in range(1, 40):
        state = game.new(deal=deal)
        rng = random.Random(deal)
        while state.legal_raw() and state.moves_played < 400:
            n = len(state.piles[stock])
            hidden = sum(map(len, state.rules.unseen(state)))
            if n and state.rules.next_gap(state) is not None:  # type: ignore[attr-defined]
                assert hidden == n - 1
            gap_before = state.rules.next_gap(state) is not None  # type: ignore[attr-defined]
            state.play_raw(rng.choice(state.legal_raw()))
            after = len(state.piles[stock])
            if n and gap_before and after == n and state.rules.next_gap(state) is None:  # type: ignore[attr-defined]
                assert sum(map(len, state.rules.unseen(state))) == n - 1
                check_sample(state, deal)
                found += 1
    assert found > 5


def arrangements(state: State, pile: int, seeds: range) -> Counter[tuple[int, ...]]:
    return Counter(tuple(sample(state, seed).piles[pile]) for seed in seeds)


def chi_square(counts: Counter[tuple[int, ...]], cells: int, draws: int) -> float:
    expected = draws / cells
    return sum((n - expected) ** 2 / expected for n in counts.values()) + \
        (cells - len(counts)) * expected


def test_samples_are_uniform_on_a_stock_of_four() -> None:
    """Star in round 1 with four cards left in the stock: the 24 orders come about equally
    often (chi-square at p = 0.001)."""
    state = patience.get_game("star").new(deal=9, direction="free")
    play_until(state, lambda s: len(s.piles[9]) == 4, prefer="draw")
    draws = 24 * 200
    counts = arrangements(state, 9, range(1000, 1000 + draws))
    assert len(counts) == 24
    assert chi_square(counts, 24, draws) < CHI2_23_P001


def test_samples_are_uniform_on_a_two_deck_stock() -> None:
    """Clock with four distinct cards left in its stock, drawn to the talon one by one."""
    game = patience.get_game("clock")
    for deal in itertools.count(1):
        state = game.new(deal=deal)
        play_until(state, lambda s: len(s.piles[24]) <= 4 or s.status != "playing", seed=deal,
                   prefer="draw")
        if len(state.piles[24]) == 4 == len(set(state.piles[24])):
            break
    draws = 24 * 200
    counts = arrangements(state, 24, range(draws))
    assert len(counts) == 24
    assert chi_square(counts, 24, draws) < CHI2_23_P001


def test_sun9_a_sample_draws_its_own_wind() -> None:
    """SUN-9: the wind is a chance event still to come; a sample blows its own, the same for
    the same seed."""
    state = patience.get_game("sun").new(deal=2, deal_when="any")
    for action, times in (("deal", 7), ("next-stage", 1), ("next-ray", 13), ("scatter", 13)):
        for _ in range(times):
            state.play(action)
    assert state.rules.unseen(state) == []
    winds = []
    for seed in (1, 2, 1):
        out = check_sample(state, seed)
        out.play("wind")
        winds.append(out.to_dict()["piles"]["wind"])
    state.play("wind")
    real = state.to_dict()["piles"]["wind"]
    assert winds[0] == winds[2]
    assert winds[0] != winds[1] and real not in winds
    assert Counter(real) == Counter(winds[0])


def test_rbw7_a_sample_redeals_by_its_own_chance() -> None:
    state = patience.get_game("open-shop").new(deal=3, redeals=1)
    play_until(state, lambda s: any(s.to_move(m).action == "redeal" for m in s.legal_raw()),
               seed=3)
    stock = state.rules.index["stock"]
    outs = [sample(state, seed) for seed in (4, 5, 4)]
    for out in [*outs, state]:
        out.play("redeal")
    assert outs[0].piles[stock] == outs[2].piles[stock] != outs[1].piles[stock]
    assert state.piles[stock] not in (outs[0].piles[stock], outs[1].piles[stock])


def test_blk5_a_marriage_back_stays_refused_in_a_sample() -> None:
    """BLK-5, BLK-6 with the repetition rule: the sample remembers the positions since the
    last refill, and undo gives the move back."""
    first = ["7H", "6H", "7H", "9C", "9C", "TC", "TC", "JC", "JC", "QC", "QC", "KC"]
    state = patience.get_game("blockade").new(deck=stack(first, decks=2))
    state.play("6H:col2>col3")
    state.play("6H:col3>col1")
    for seed in range(5):
        out = check_sample(state, seed)
        assert "6H:col1>col3" not in {str(m) for m in out.legal_moves()}
        out.undo()
        assert "6H:col3>col1" in {str(m) for m in out.legal_moves()}


def test_clk4_a_marriage_back_stays_refused_in_a_sample() -> None:
    """CLK-4: the memory holds keys with the stock in them; a sample's are its own."""
    from tests.games.test_clock import new

    state = new({1: ["AH", "6S", "5S"], 2: ["AD", "AD", "6S"]}, phases="free")
    state.play("5S:packet1>packet2")
    for seed in range(5):
        out = check_sample(state, seed)
        assert out.key() != state.key()
        assert "5S:packet2>packet1" not in {str(m) for m in out.legal_moves()}
        out.undo()
        assert "5S:packet1>packet2" in {str(m) for m in out.legal_moves()}


def sun_crossed_back() -> patience.State:
    """Spades met at A | K…2 and the 2S crossed up onto ace-S (SUN-3, free crossings), the
    stock still full: crossing it back would repeat a position."""
    arc = ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"]
    state = patience.get_game("sun").new(deck=stack(arc, decks=2), transfers="free",
                                         deal_when="any")
    state.play("AS:ray1>ace-S")
    for i, code in enumerate(arc[1:], start=2):
        state.play({"from": f"ray{i}", "to": "king-S", "card": code})
    state.play("2S:king-S>ace-S")
    return state


def test_sun3_a_crossing_back_stays_refused_in_a_sample() -> None:
    """SUN-3 with the repetition rule, the stock still full."""
    state = sun_crossed_back()
    for seed in range(5):
        out = check_sample(state, seed)
        assert out.key() != state.key()
        assert "2S:ace-S>king-S" not in {str(m) for m in out.legal_moves()}
        out.undo()
        out.play("2S:king-S>ace-S")


def swapped_twin(state: State) -> State | None:
    """The position ``state``'s moves reach from its deck with two cards swapped that are
    still face down (the pairs tried from the end of the deck, dealt last), given by that
    deck: the player sees no difference, the cards lie otherwise. None if none is found."""
    if not state.rules.unseen(state):
        return None
    seen = {k: v for k, v in seen_view(state).items() if k not in ("deal", "deck")}
    deck = list(state.deck)
    options = dict(state.rules.options)
    for i in range(len(deck) - 1, 0, -1):
        for j in range(i - 1, -1, -1):
            if deck[i] == deck[j]:
                continue
            other = list(deck)
            other[i], other[j] = other[j], other[i]
            twin = state.game.new(deck=other, **options)
            for move in state.raw_history():
                if move not in twin.legal_raw():
                    break
                twin.play_raw(move)
            else:
                view = {k: v for k, v in seen_view(twin).items() if k not in ("deal", "deck")}
                if view == seen and twin.key() != state.key():
                    return twin
    return None


@pytest.mark.parametrize("game_id", [g.id for g in list_games()])
def test_a_sample_reads_nothing_the_player_has_not_seen(game_id: str) -> None:
    """Two positions a player cannot tell apart (two face-down cards swapped, one dealt by
    number, one from its deck) give the same sample for the same seed."""
    game = patience.get_game(game_id)
    for deal, moves in ((1, 0), (2, 15), (3, 40)):
        state = game.new(deal=deal)
        rng = random.Random(deal)
        for _ in range(moves):
            if state.legal_raw():
                state.play_raw(rng.choice(state.legal_raw()))
        twin = swapped_twin(state)
        if twin is None:
            assert moves, "a stock at the start is face down"
            continue
        for seed in range(4):
            one, two = sample(state, seed), sample(twin, seed)
            assert one.key() == two.key() and one.chance == two.chance
            assert one.legal_raw() == two.legal_raw()
