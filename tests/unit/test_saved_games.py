"""Games saved by an earlier release replay exactly as they were played (RULES.md §10)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

import patience

RELEASE = Path(__file__).parent.parent / "fixtures" / "release-0.1.0"


def _cases(name: str) -> list[dict[str, Any]]:
    return json.loads((RELEASE / name).read_text("utf-8"))  # type: ignore[no-any-return]


@pytest.mark.parametrize("case", _cases("records.json"), ids=lambda c: c["record"])
def test_an_old_record_replays_exactly(case: dict[str, Any]) -> None:
    record = json.loads((RELEASE / case["record"]).read_text("utf-8"))
    state = patience.replay(record)
    assert state.moves_played == case["moves"]
    assert state.status == case["status"]
    _same_position(state.to_dict(), case["final"])


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
