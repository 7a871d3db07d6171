"""Game records from anywhere: whatever the JSON, replay either rebuilds the game or raises
RecordError with a sentence, never another exception (records replay exactly)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import patience
from patience.engine.record import RecordError, load_record, replay

SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=12)
FIELDS = st.sampled_from(["game", "deal", "deck", "moves", "options", "rules_version"])
NEAR_RECORDS = st.fixed_dictionaries(
    {"game": st.sampled_from(["sun", "star", "blockade"]) | JSON},
    optional={"deal": st.integers(min_value=-2, max_value=2**65) | JSON,
              "moves": st.lists(JSON | st.sampled_from(["deal", "draw"]), max_size=3) | JSON,
              "options": st.dictionaries(st.sampled_from(["direction", "deal", "x"]), JSON)
              | JSON,
              "deck": JSON, "rules_version": JSON})


@given(st.dictionaries(FIELDS, JSON) | NEAR_RECORDS | JSON)
def test_any_json_replays_or_says_why(record: Any) -> None:
    try:
        state = replay(record)
    except RecordError as exc:
        assert str(exc) and len(str(exc)) < 400 and "\n" not in str(exc)
    else:
        assert state.moves_played == len(record["moves"])


@pytest.mark.parametrize("record,words", [
    ({"game": ["sun"], "deal": 1, "moves": []}, "'game' must be a game id"),
    ({"game": {"id": "sun"}, "deal": 1, "moves": []}, "'game' must be a game id"),
    ({"game": "sun", "deal": 10**5000, "moves": []}, "got a larger one"),
    ({"game": "sun", "deal": -10**5000, "moves": []}, "got a negative one"),
    ({"game": "sun", "deal": "x" * 5000, "moves": []}, "'deal' must be a deal number"),
    ({"game": "sun", "deal": 7.0, "moves": []}, "'deal' must be a deal number"),
    ({"game": "sun", "deal": None, "moves": []}, "'deal' must be a deal number"),
    ({"game": "star", "deal": 1, "options": {"deal": 2}, "moves": []}, "no option deal"),
    ({"game": "star", "deck": "AS", "moves": []}, "'deck' must be a list"),
    ({"game": "star", "deal": 1, "moves": [{"card": "x" * 5000, "from": "a", "to": "b"}]},
     "move 1"),
])
def test_records_that_once_crashed_get_a_sentence(record: dict[str, Any], words: str) -> None:
    with pytest.raises(RecordError, match=words) as caught:
        replay(record)
    assert len(str(caught.value)) < 400


@pytest.mark.parametrize("text,words", [
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"game": "sun", "deal": ' + "7" * 5000 + ', "moves": []}', "thousands of digits"),
    (b"\xff\xfe{}".decode("latin-1"), "not a JSON game record"),
])
def test_files_that_once_crashed_get_a_sentence(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "record.json"
    path.write_text(text, "latin-1")
    with pytest.raises(RecordError, match=words):
        load_record(path)


def test_a_good_record_still_replays(tmp_path: Path) -> None:
    state = patience.get_game("star").new(deal=3)
    state.play(state.legal_moves()[0])
    path = tmp_path / "record.json"
    path.write_text(json.dumps(state.record()))
    assert replay(load_record(path)).to_dict() == state.to_dict()
