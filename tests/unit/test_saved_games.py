"""Games saved by an earlier release replay exactly as they were played."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

import patience

RELEASE = Path(__file__).parent.parent / "fixtures" / "release-0.1.0"
# every game's rules version of 2026-12-06, before CLK-5, BLK-7, SUN-3 and SUN-4 changed
VERSIONS = Path(__file__).parent.parent / "fixtures" / "versions-2026-12"


def _cases(name: str) -> list[dict[str, Any]]:
    return json.loads((RELEASE / name).read_text("utf-8"))  # type: ignore[no-any-return]


@pytest.mark.parametrize("case", _cases("records.json"), ids=lambda c: c["record"])
def test_an_old_record_replays_exactly(case: dict[str, Any]) -> None:
    record = json.loads((RELEASE / case["record"]).read_text("utf-8"))
    state = patience.replay(record)
    assert state.moves_played == case["moves"]
    assert state.status == case["status"]
    _same_position(state.to_dict(), case["final"])


def _version_cases() -> list[dict[str, Any]]:
    return json.loads((VERSIONS / "records.json").read_text("utf-8"))  # type: ignore[no-any-return]


@pytest.mark.parametrize("case", _version_cases(), ids=lambda c: c["record"])
def test_a_record_of_each_earlier_version_replays_exactly(case: dict[str, Any]) -> None:
    """Sun's version 2 crossed one step at a time and dealt at any time; Clock's version 1
    played cards up after a marriage before the refill; Blockade's version 1 dealt at any
    time: their records replay under those rules, move for move."""
    record = json.loads((VERSIONS / case["record"]).read_text("utf-8"))
    assert record["rules_version"] == case["rules_version"]
    state = patience.replay(record)
    assert state.rules.version == case["rules_version"]
    assert state.moves_played == case["moves"]
    assert state.status == case["status"]
    _same_position(state.to_dict(), case["final"])


def _exercised(record: dict[str, Any]) -> set[str]:
    """What a record does that today's defaults forbid, found by playing it again."""
    game = patience.get_game(record["game"])
    state = game.new(deal=record["deal"], rules_version=record["rules_version"],
                     **record["options"])
    seen: set[str] = set()
    married = False
    for entry in record["moves"]:
        before = state.legal_moves()
        move = state.play(entry)
        could_move = any(m.action is None for m in before)
        if move.action == "deal" and could_move:
            seen.add("deal while a card could move")
        if (move.from_pile or "").startswith(("ace-", "king-")):
            seen.add("crossing")
        if (move.to_pile or "").startswith("packet"):
            married = True
        elif (move.to_pile or "").startswith("hour") and married and \
                any(m.action == "fill" for m in before):
            seen.add("play after a marriage before the refill")
        if move.action == "fill":
            married = False
    return seen


def test_the_records_of_each_version_exercise_the_rules_that_changed() -> None:
    """The fixtures hold what the new defaults forbid, so replaying them tests the old
    code paths: a deal while a card could move (Sun, Blockade), a crossing (Sun), a play
    after a marriage before the refill (Clock)."""
    seen: dict[str, set[str]] = {}
    for case in _version_cases():
        record = json.loads((VERSIONS / case["record"]).read_text("utf-8"))
        seen.setdefault(record["game"], set()).update(_exercised(record))
    assert seen["sun"] == {"crossing", "deal while a card could move"}
    assert seen["blockade"] == {"deal while a card could move"}
    assert seen["clock"] == {"play after a marriage before the refill"}


def _same_position(now: dict[str, Any], then: dict[str, Any]) -> None:
    """Every pile, counter and the status as they were; the options named then keep their
    values (a later release may name more of them)."""
    assert {k: v for k, v in now.items() if k != "options"} == \
        {k: v for k, v in then.items() if k != "options"}
    assert then["options"].items() <= now["options"].items()


def test_an_old_web_database_serves_its_games_as_they_were(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    from patience.storage.games import GameStore
    from patience.web.service import GameService

    db = tmp_path / "web.sqlite3"
    shutil.copy(RELEASE / "web.sqlite3", db)
    service = GameService(GameStore(db))
    for case in _cases("web.json"):
        live = service.load(case["id"], "fixture-owner-token-0001")
        assert live.row.status == case["status"]
        assert (len(live.row.moves), len(live.row.redo)) == (case["moves"], case["redo"])
        _same_position(live.state.to_dict(), case["final"])
