"""``patience serve``: local address by default, database under $XDG_DATA_HOME."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import uvicorn
from typer.testing import CliRunner

from patience.cli import app


def run_serve(monkeypatch: pytest.MonkeyPatch, *args: str) -> dict[str, Any]:
    seen: dict[str, Any] = {}

    def fake_run(asgi: Any, host: str, port: int, log_level: str) -> None:
        seen.update(app=asgi, host=host, port=port)

    monkeypatch.setattr(uvicorn, "run", fake_run)
    result = CliRunner().invoke(app, ["serve", *args])
    assert result.exit_code == 0, result.output
    seen["output"] = result.output
    return seen


def test_serve_binds_localhost_and_uses_xdg_data_home(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    seen = run_serve(monkeypatch)
    assert seen["host"] == "127.0.0.1" and seen["port"] == 8765
    assert (tmp_path / "patience" / "patience.sqlite3").exists()
    assert str(tmp_path / "patience" / "patience.sqlite3") in seen["output"]


def test_serve_takes_host_port_and_db(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    db = tmp_path / "elsewhere" / "games.db"
    seen = run_serve(monkeypatch, "--host", "0.0.0.0", "--port", "9000", "--db", str(db))
    assert seen["host"] == "0.0.0.0" and seen["port"] == 9000
    assert db.exists()
