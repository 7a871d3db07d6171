"""Plain words: no pile id or notation reaches a player; moves read as a player says them."""

from __future__ import annotations

import re

import pytest

import patience
from patience import words
from tests.decks import stack

GAMES = [g.id for g in patience.list_games()]


def test_sun_move_reads_as_a_player_says_it() -> None:
    # SUN-1, SUN-4: the first arc puts the first thirteen cards on ray1…ray13.
    state = patience.get_game("sun").new(deck=stack(["7H", "AH"], decks=2))
    move = patience.Move("ray2", "ace-H", "AH")
    assert words.describe(state, move) == "A♥ from ray 2 to the hearts' ace pile"


def test_a_marriage_goes_onto_a_pile_and_an_action_is_named() -> None:
    state = patience.get_game("clock").new(deal=4)
    said = {str(m): words.describe(state, m) for m in state.legal_moves()}
    # CLK-4: a marriage goes onto another packet; CLK-2: a play goes to an hour.
    assert said["QC:packet1>packet9"] == "Q♣ from the I o'clock packet onto the IX o'clock packet"
    assert said["AD:packet2>hour8"] == "A♦ from the II o'clock packet to the VIII o'clock foundation"
    sun = patience.get_game("sun").new(deal=4)
    assert words.describe(sun, patience.Move(action="deal")) == "Deal the next arc"


@pytest.mark.parametrize("game_id", GAMES)
def test_no_pile_is_named_by_its_id(game_id: str) -> None:
    game = patience.get_game(game_id)
    state = game.new(deal=3)
    for pile, name in words.pile_names(state).items():
        # plain English ids (stock, talon, hand, reserve …) are words; the others never show
        assert name != pile, pile
        assert not re.search(r"\d\.\d|-\d|-[SHDC]\b|[a-z]\d", name), name


@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_has_a_label_and_a_line_per_choice(game_id: str) -> None:
    game = patience.get_game(game_id)
    for o in game.option_specs:
        said = words.option_words(game_id, o.name, list(o.choices), o.help)
        assert said.label and "_" not in said.label
        assert len(said.choices) == len(o.choices) and all(said.choices.values())


def test_engine_refusals_are_put_in_plain_words() -> None:
    state = patience.get_game("clock").new(deal=4)
    with pytest.raises(patience.IllegalMove) as refused:
        state.play("AD:packet2>hour9")
    text = words.plain(state, str(refused.value))
    assert text == "A♦ cannot move from the II o'clock packet to the IX o'clock foundation now"
    said = words.plain(state, "after 2D:packet2>hour8 the II o'clock packet is short")
    assert said.startswith("after 2♦ from the II o'clock packet to the VIII o'clock foundation")


def test_shah_slots_and_toad_depth() -> None:
    shah = patience.get_game("shah").new(deal=4)
    assert words.pile_names(shah)["ray3.3"] == "the outer slot of ray 3"
    toad = patience.get_game("toad").new(deal=4)
    size = len(toad.to_dict()["piles"]["toad"])
    move = patience.Move("toad", "found1", "AH", size - 4)
    assert words.describe(toad, move) == "A♥ from the toad pile (fourth from the top) to foundation 1"


def test_spoken_names() -> None:
    assert words.spoken_card("7H") == "seven of hearts"
    assert words.card_words("TC") == "10♣"


def test_a_refused_action_and_a_named_stock_read_as_words() -> None:
    sun = patience.get_game("sun").new(deal=4)
    # SUN-9: the wind is both an action and a pile; quoted, the engine names the action
    with pytest.raises(patience.IllegalMove) as refused:
        sun.play("wind")
    assert words.plain(sun, str(refused.value)).startswith('"Blow the wind" is not legal now')
    assert words.plain(sun, "the wind holds AS") == "the wind holds A♠"
    rainbow = patience.get_game("rainbow").new(deal=4)
    # RBW-7: a pile the engine already calls "the stock" does not become "the the stock"
    assert words.plain(rainbow, "redeal comes when the stock is empty") == \
        "redeal comes when the stock is empty"
    assert words.plain(rainbow, "stock is empty") == "the stock is empty"


def test_places_in_a_pile_are_ordinals_counted_from_the_top() -> None:
    assert [words.ordinal(n) for n in (1, 2, 13, 14, 21, 22, 23, 111)] == [
        "first", "second", "thirteenth", "14th", "21st", "22nd", "23rd", "111th"]
    toad = patience.get_game("toad").new(deal=4, reserve_size=26)  # TOD-7
    move = patience.Move("toad", "found1", "AH", 4)
    assert words.describe(toad, move) == "A♥ from the toad pile (22nd from the top) to foundation 1"
