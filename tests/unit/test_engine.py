"""The public contract of DESIGN.md: games, options, decks, moves, records and errors."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import patience
from patience import DeckError, IllegalMove, Move, OptionError, RecordError
from patience.cards import fresh_deck
from tests.decks import stack


def test_registry_lists_games_in_rules_order_with_ids_names_decks_options() -> None:
    games = patience.list_games()
    ids = [g.id for g in games]
    order = ["sun", "star", "shah", "blockade", "clock", "rainbow", "open-shop", "toad",
             "double-star"]
    assert ids == [g for g in order if g in ids]
    assert {"sun", "star"} <= set(ids)
    star = patience.get_game("star")
    assert (star.name, star.decks, dict(star.options)) == ("Star", 1,
                                                           {"direction": "first-fit"})
    assert patience.get_game("sun").decks == 2


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(patience.UnknownGame, match="no game 'moon'.*sun"):
        patience.get_game("moon")


def test_new_needs_exactly_one_of_deal_and_deck() -> None:
    star = patience.get_game("star")
    with pytest.raises(ValueError, match="exactly one"):
        star.new()
    with pytest.raises(ValueError, match="exactly one"):
        star.new(deal=1, deck=fresh_deck(1))


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        (fresh_deck(1)[:51], "needs 52 cards, got 51"),
        ([*fresh_deck(1)[:51], "ZZ"], "card 51 is 'ZZ'"),
        ([*fresh_deck(1)[:51], "AS"], "AS×2.*missing KC"),
        ([*fresh_deck(1)[:51], 7], "card 51 is 7"),
    ],
)
def test_malformed_decks_are_refused_with_the_problem_named(deck: list[str],
                                                             message: str) -> None:
    with pytest.raises(DeckError, match=message):
        patience.get_game("star").new(deck=deck)


def test_two_deck_games_need_every_card_twice() -> None:
    deck = fresh_deck(1) * 2
    deck[0] = "2S"
    with pytest.raises(DeckError, match="2 time"):
        patience.get_game("sun").new(deck=deck)


def test_unknown_options_and_bad_values_are_refused() -> None:
    star = patience.get_game("star")
    with pytest.raises(OptionError, match="no option colour.*direction"):
        star.new(deal=1, colour="red")
    with pytest.raises(OptionError, match="direction cannot be 'sideways'.*first-fit, free"):
        star.new(deal=1, direction="sideways")
    assert star.new(deal=1, direction="first-fit").to_dict()["options"] == {
        "direction": "first-fit"}


def test_boolean_and_integer_option_values_are_not_confused() -> None:
    spec = patience.Option("flag", False, (False, True))
    assert spec.check(True) is True
    with pytest.raises(OptionError):
        spec.check(1)
    assert spec.parse("true") is True


@pytest.mark.parametrize("text", ["QS:ray3>king-S", "QS:cloud1[4]>ace-S", "deal", "next-stage",
                                  "ray3.1>found2"])
def test_notation_round_trips(text: str) -> None:
    move = Move.parse(text)
    assert str(move) == text
    assert Move.from_dict(move.to_dict()) == move


@given(st.sampled_from(["ray1", "cell-4", "ray8.3", "pile2"]),
       st.sampled_from(["ace-S", "base-12", "found3"]),
       st.sampled_from(fresh_deck(1)), st.one_of(st.none(), st.integers(0, 103)))
def test_any_card_move_round_trips_through_text_and_dict(src: str, dst: str, card: str,
                                                         index: int | None) -> None:
    move = Move(src, dst, card, index)
    assert Move.parse(str(move)) == move
    assert Move.from_dict(json.loads(json.dumps(move.to_dict()))) == move


@pytest.mark.parametrize("bad", ["", "QS ray3 king", ">", "QS:>x"])
def test_unreadable_move_text_is_an_illegal_move(bad: str) -> None:
    with pytest.raises(IllegalMove, match="cannot read"):
        Move.parse(bad)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"from": "ray1"}, "'from' and 'to'"),
        ({"from": "ray1", "to": "ace-S", "card": "XX"}, "card code"),
        ({"from": "ray1", "to": "ace-S", "index": -1}, "non-negative"),
        ({"action": "deal", "from": "x"}, "nothing else"),
        ({"frm": "ray1"}, "unknown move field"),
        (["deal"], "JSON object"),
    ],
)
def test_malformed_move_dicts_are_refused(data: object, message: str) -> None:
    with pytest.raises(IllegalMove, match=message):
        Move.from_dict(data)


def test_illegal_moves_say_why_and_change_nothing() -> None:
    state = patience.get_game("sun").new(deal=1, deal_when="any")  # SUN-4: deal legal
    before = state.to_dict()
    cases = {
        "fly": "no action 'fly'",
        "next-stage": "not legal now.*deal",
        "AS:moon>ace-S": "no pile 'moon'",
        "QS:ray1>ace-S": "QS is not in ray1",
    }
    for text, reason in cases.items():
        with pytest.raises(IllegalMove, match=reason):
            state.play(text)
    with pytest.raises(IllegalMove, match="cannot move"):
        state.play({"from": "ray1", "to": "king-C"})
    assert state.to_dict() == before
    with pytest.raises(IllegalMove, match="nothing to undo"):
        state.undo()


def test_play_accepts_move_dict_and_text_and_returns_the_move() -> None:
    state = patience.get_game("star").new(deal=1, direction="free")  # draw always legal
    played = state.play({"action": "draw"})
    assert played == Move(action="draw") and played.to_dict() == {"action": "draw"}
    assert state.undo() == Move(action="draw")
    assert state.play(Move(action="draw")) == state.undo()
    assert state.play("draw").action == "draw"


def test_a_move_without_its_card_is_found_when_unambiguous() -> None:
    state = patience.get_game("sun").new(deck=fresh_deck(1) * 2)  # ray1 outer card is AS
    played = state.play({"from": "ray1", "to": "ace-S"})
    assert played.card == "AS"


def test_game_over_refuses_every_move() -> None:
    star = patience.get_game("star")
    state = star.new(deal=4, direction="free")
    while state.status == "playing":
        state.play(state.legal_moves()[-1])
    with pytest.raises(IllegalMove, match="game is over"):
        state.play("draw")


def test_key_is_compact_hashable_and_tracks_the_position() -> None:
    state = patience.get_game("sun").new(deal=3, deal_when="any")  # SUN-4: deal legal
    key = state.key()
    assert isinstance(key, bytes) and hash(key) == hash(state.copy().key())
    state.play("deal")
    assert state.key() != key
    state.undo()
    assert state.key() == key


def test_last_raw_names_the_move_played_last_and_follows_undo() -> None:
    state = patience.get_game("star").new(deal=2, direction="free")
    assert state.last_raw() is None
    state.play("draw")
    drawn = state.last_raw()
    assert drawn is not None and state.to_move(drawn).action == "draw"
    state.undo()
    assert state.last_raw() is None


def test_load_position_jumps_to_a_stored_position_without_history() -> None:
    """A search's jump back to a position it stored: same piles, vars and legal moves as
    when stored, its own copies of the lists, and nothing left to undo."""
    state = patience.get_game("toad").new(deal=3)
    state.play("draw")
    piles, values = [p[:] for p in state.piles], state.vars[:]
    key, legal = state.key(), state.legal_raw()
    state.play(state.to_move(legal[0]))
    state.load_position(piles, values)
    assert state.key() == key and state.legal_raw() == legal
    assert state.moves_played == 0 and state.last_raw() is None
    piles[0].append(0)
    assert state.key() == key
    with pytest.raises(IllegalMove):
        state.undo()


def test_copy_is_independent() -> None:
    state = patience.get_game("star").new(deal=2, direction="free")
    copy = state.copy()
    copy.play("draw")
    assert state.moves_played == 0 and copy.moves_played == 1
    assert state.to_dict() != copy.to_dict()


def test_record_holds_game_version_options_deal_and_moves() -> None:
    state = patience.get_game("star").new(deal=5, direction="first-fit")
    for _ in range(5):
        state.play(state.legal_moves()[0])
    record = state.record()
    assert record["game"] == "star" and record["rules_version"] == "2"
    assert record["options"] == {"direction": "first-fit"} and record["deal"] == 5
    assert len(record["moves"]) == 5
    assert patience.replay(record).to_dict() == state.to_dict()
    by_deck = patience.get_game("star").new(deck=list(state.deck), direction="first-fit")
    assert "deck" in by_deck.record() and "deal" not in by_deck.record()


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda r: r.pop("game"), "no 'game'"),
        (lambda r: r.update(game="moon"), "no game 'moon'"),
        (lambda r: r.update(rules_version="0"), "rules version"),
        (lambda r: r.update(options={"direction": "up"}), "direction cannot be"),
        (lambda r: r["moves"].insert(0, {"action": "redeal"}), "move 1"),
        (lambda r: r.update(moves="draw"), "must be a list"),
        (lambda r: r.update(deck=fresh_deck(1)), "exactly one of 'deal' and 'deck'"),
    ],
)
def test_corrupt_records_are_refused_with_a_reason(mutate, message: str) -> None:  # type: ignore[no-untyped-def]
    state = patience.get_game("star").new(deal=5, direction="free")
    state.play("draw")
    record = state.record()
    mutate(record)
    with pytest.raises(RecordError, match=message):
        patience.replay(record)


def test_load_record_refuses_a_file_that_is_not_json(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "game.json"
    path.write_text("{not json")
    with pytest.raises(RecordError, match="not a JSON game record"):
        patience.load_record(path)
    with pytest.raises(RecordError, match="cannot read"):
        patience.load_record(tmp_path / "missing.json")


@pytest.mark.parametrize(
    ("game", "setup", "action", "reason"),
    [
        ("sun", [], "next-stage", "when the stock is empty"),
        ("sun", [], "wind", "once"),
        ("star", [], "redeal", "turn the whole stock first"),
        ("clock", [], "fill", "three cards"),
        ("rainbow", ["draw"], "draw", "play the hand card first"),
        ("open-shop", [], "redeal", "no redeal"),
        ("shah", [], "draw", "during the deal"),
    ],
)
def test_refused_actions_say_why_in_the_games_terms(game: str, setup: list[str], action: str,
                                                    reason: str) -> None:
    state = patience.get_game(game).new(deal=2)
    for move in setup:
        state.play(move)
    with pytest.raises(IllegalMove, match=reason):
        state.play(action)


def test_shah_names_the_gap_that_keeps_draw_back() -> None:
    """SHA-7, SHA-8: 2S is the first card of circle 3 (ray1.3); playing it leaves a gap."""
    fillers = ["5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH"] * 2
    state = patience.get_game("shah").new(deck=stack([*fillers, "2S"], decks=2))
    state.play("deal")
    state.play("deal")
    two = next(m for m in state.legal_moves() if m.card == "2S")
    assert two.from_pile == "ray1.3"
    state.play(two)
    with pytest.raises(IllegalMove, match="fill the gap at ray1.3 first"):
        state.play("draw")
