"""Rules versions: a game saved under earlier rules replays as it was played.

Star (STR-3), Shah (SHA-8, SHA-9), Toad (TOD-3), Blockade (BLK-7) and Clock (CLK-5) changed
what a bare deal number means and are at rules version 2, Sun (SUN-3, then SUN-3 and SUN-4
again) at version 3; records and stored games name their version, and those that name none
are version 1, their unnamed options read with version 1's defaults.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

import patience
from patience import RecordError, RulesVersionError, State
from tests.decks import stack

RELEASE = Path(__file__).parent.parent / "fixtures" / "release-0.1.0"
CHANGED = {"star": "2", "sun": "3", "shah": "2", "toad": "2", "blockade": "2", "clock": "2"}


def test_the_games_whose_rules_changed_are_at_their_versions_the_others_at_1() -> None:
    for game in patience.list_games():
        assert game.rules_version == CHANGED.get(game.id, "1"), game.id
        assert game.versions == tuple(str(n) for n in range(1, int(game.rules_version) + 1))


def test_version_1_defaults_are_the_looser_readings_of_their_day() -> None:
    """STR-3: free was the default; SUN-3: transfers were free (the option did not exist);
    SUN-4, BLK-7: a deal at any time; CLK-5: plays and marriages mixed freely. The options
    of today name the new readings."""
    star, sun = patience.get_game("star"), patience.get_game("sun")
    assert star.defaults("1") == {"direction": "free"}
    assert star.defaults() == {"direction": "first-fit"}
    assert sun.defaults("1") == {"transfers": "free", "deal_when": "any"}
    assert sun.defaults("2") == {"transfers": "purposeful", "deal_when": "any"}
    assert sun.defaults() == {"transfers": "purposeful", "deal_when": "stuck"}
    blockade, clock = patience.get_game("blockade"), patience.get_game("clock")
    assert blockade.defaults("1")["deal_when"] == "any"
    assert blockade.defaults()["deal_when"] == "stuck"
    assert clock.defaults("1")["phases"] == "free"
    assert clock.defaults()["phases"] == "strict"
    assert star.new(deal=3, rules_version="1").rules.options == {"direction": "free"}


def test_a_version_this_program_does_not_know_is_refused_with_a_reason() -> None:
    toad = patience.get_game("toad")
    with pytest.raises(RulesVersionError, match="newer than this program's"):
        toad.new(deal=1, rules_version="3")
    with pytest.raises(RulesVersionError, match="no rules version 'x'"):
        toad.new(deal=1, rules_version="x")


def test_records_name_the_version_and_every_option() -> None:
    """Rules versions: records written from now on name every option's value and their version."""
    state = patience.get_game("sun").new(deal=4)
    state.play(state.legal_moves()[0])
    record = state.record()
    assert record["rules_version"] == "3"
    assert record["options"] == {"transfers": "purposeful", "deal_when": "stuck"}
    old = patience.get_game("sun").new(deal=4, rules_version="1")
    assert old.record()["rules_version"] == "1"
    assert old.record()["options"] == {"transfers": "free", "deal_when": "any"}


def test_a_record_naming_no_version_and_no_options_replays_with_version_1() -> None:
    """Rules versions: a record written before versions were named is version 1, and the options it
    leaves out take version 1's defaults: Toad's ace nearest the top was taken at setup
    (TOD-3), Star's direction was free (STR-3)."""
    toad = {"game": "toad", "deal": 376, "moves": [{"action": "draw"}]}
    state = patience.replay(toad)
    assert state.rules.version == "1" and state.to_dict()["piles"]["found1"] == ["AH"]
    star = patience.replay({"game": "star", "deal": 7, "moves": [{"action": "draw"}]})
    assert star.rules.options == {"direction": "free"}
    with pytest.raises(RecordError, match="newer than this program's"):
        patience.replay({**toad, "rules_version": "3"})
    with pytest.raises(RecordError, match="no rules version"):
        patience.replay({**toad, "rules_version": "two"})
    with pytest.raises(RecordError, match="'rules_version' is a string"):
        patience.replay({**toad, "rules_version": 2})


def _cases(name: str) -> list[dict[str, Any]]:
    return json.loads((RELEASE / name).read_text("utf-8"))  # type: ignore[no-any-return]


@pytest.mark.parametrize("case", _cases("records.json"), ids=lambda c: c["record"])
def test_an_old_record_with_its_version_and_default_options_left_out_replays_the_same(
        case: dict[str, Any]) -> None:
    """Rules versions: the release's records, stripped of what they would not have named had they
    been written before versions were named (the version, and options at their version 1
    defaults), replay to the same final position."""
    record = json.loads((RELEASE / case["record"]).read_text("utf-8"))
    game = patience.get_game(record["game"])
    defaults = game.defaults("1")
    record.pop("rules_version")
    record["options"] = {k: v for k, v in record["options"].items() if defaults[k] != v}
    state = patience.replay(record)
    assert state.moves_played == case["moves"] and state.status == case["status"]
    assert state.to_dict()["piles"] == case["final"]["piles"]


def test_a_record_of_today_replays_under_today_s_rules() -> None:
    """TOD-3: a version 2 record holds the extraction as a move with its index."""
    state = patience.get_game("toad").new(deal=376)
    state.play("AS:toad[0]>found1")
    record = json.loads(json.dumps(state.record()))
    assert record["moves"] == [{"from": "toad", "to": "found1", "card": "AS", "index": 0}]
    again = patience.replay(record)
    assert again.rules.version == "2" and again.to_dict() == state.to_dict()


def _late_toad_version_1(deal: int) -> State:
    """Toad's ``deal`` under version 1, played along today's won line for it (whose first
    move is the extraction version 1 made at setup, TOD-3) to 20 moves before its end:
    late enough for the plain Python search, which alone plays version 1."""
    old = patience.get_game("toad").new(deal=deal, rules_version="1")
    today = patience.get_game("toad").new(deal=deal)
    won = patience.solve(today, max_nodes=200_000, max_seconds=60)
    if won.outcome != "won":
        pytest.skip("today's line is found by the native search, which is not built")
    today.play(won.moves[0])
    assert today.to_dict()["piles"] == old.to_dict()["piles"]
    for move in won.moves[1:-20]:
        old.play(move)
    return old


def test_hints_follow_the_rules_the_game_is_played_by() -> None:
    """The solver reads each rule from the position's own Rules, so a game saved under
    version 1 (Shah's old SHA-8, Toad's extraction made at setup) gets a hint that is
    legal there."""
    for state in (patience.get_game("shah").new(deal=8, rules_version="1"),
                  _late_toad_version_1(7)):
        assert state.rules.version == "1"
        advice = patience.hint(state, max_nodes=20_000, max_seconds=60)
        assert advice.status == "move" and advice.move is not None
        state.play(advice.move)


def test_stored_games_keep_their_version_and_new_ones_take_today_s(tmp_path: Path) -> None:
    """A web database of the release (no rules_version column) is migrated: its games
    read as version 1; a game started now is stored as version 2 and replays so after a
    restart."""
    pytest.importorskip("fastapi")
    from patience.storage.games import GameStore
    from patience.web.service import GameService

    db = tmp_path / "web.sqlite3"
    shutil.copy(RELEASE / "web.sqlite3", db)
    store = GameStore(db)
    service = GameService(store)
    owner = "fixture-owner-token-0001"
    old = [service.load(case["id"], owner) for case in _cases("web.json")]
    assert {live.row.rules_version for live in old} == {"1"}
    assert {live.state.rules.version for live in old} == {"1"}
    started = service.start(owner, "toad", {}, 376, "deal", resume=False)
    live = service.load(started.id, owner)
    assert live.row.rules_version == "2"
    service.play(live.row.id, owner, {"from": "toad", "to": "found1", "card": "AS",
                                      "index": 0})
    store.close()
    again = GameService(GameStore(db)).load(live.row.id, owner)
    assert again.state.rules.version == "2"
    assert again.state.to_dict()["piles"]["found1"] == ["AS"]


def test_shah_version_1_kept_its_reading_of_sha_8() -> None:
    """SHA-8 as version 1 read it: the stock's top card only filled a gap, even when a
    foundation took it."""
    aces = ["AS", "AH", "AD", "AC"] * 2
    inner = ["5S", "5H", "5D", "5C", "6S", "6H", "6D", "6C"]
    middle = ["7S", "7H", "7D", "7C", "8S", "8H", "8D", "8C"]
    outer = ["2S", "9H", "9D", "9C", "JS", "JH", "JD", "JC"]
    deck = stack([*aces, *inner, *middle, *outer, "3S"], decks=2)
    for version, expected in (("1", {"3S:stock>ray1.3"}),
                              ("2", {"3S:stock>ray1.3", "3S:stock>found1"})):
        state = patience.get_game("shah").new(deck=deck, rules_version=version)
        state.play("deal")
        state.play("deal")
        state.play("2S:ray1.3>found1")
        assert {str(m) for m in state.legal_moves() if m.from_pile == "stock"} == expected
