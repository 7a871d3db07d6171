"""``patience serve``: local address by default, database under $XDG_DATA_HOME, every
problem one line before anything else, and "ready" only once the server listens."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from typer.testing import CliRunner

import patience
from patience.cli import app
from patience.web import create_app
from tests.storage_files import damaged_copies, read_only


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def run_serve(monkeypatch: pytest.MonkeyPatch, *args: str) -> dict[str, Any]:
    """Run the command with uvicorn's serving loop replaced: what it would serve, and how."""
    seen: dict[str, Any] = {}

    def fake_run(server: uvicorn.Server, sockets: list[socket.socket] | None = None) -> None:
        assert sockets is not None
        seen.update(app=server.config.app, address=sockets[0].getsockname())
        for s in sockets:
            s.close()

    monkeypatch.setattr(uvicorn.Server, "run", fake_run)
    result = CliRunner().invoke(app, ["serve", *args])
    assert result.exit_code == 0, result.output
    seen.update(stdout=result.stdout, stderr=result.stderr)
    return seen


def refused(*args: str) -> str:
    """The one line ``patience serve`` answers a bad start with (exit 2, nothing else)."""
    result = CliRunner().invoke(app, ["serve", *args])
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and "ready" not in result.output
    assert result.stderr.startswith("patience: ") and result.stderr.count("\n") == 1
    return result.stderr


def test_serve_binds_localhost_and_uses_xdg_data_home(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    port = free_port()
    seen = run_serve(monkeypatch, "--port", str(port))
    assert seen["address"] == ("127.0.0.1", port)
    assert (tmp_path / "patience" / "patience.sqlite3").exists()
    assert seen["stderr"] == ""  # no warning for a local address


def test_serve_takes_host_port_and_db_and_warns_off_loopback(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    db = tmp_path / "elsewhere" / "games.db"
    port = free_port()
    seen = run_serve(monkeypatch, "--host", "0.0.0.0", "--port", str(port), "--db", str(db))
    assert seen["address"] == ("0.0.0.0", port)
    assert db.exists()
    assert "warning" in seen["stderr"] and "anyone on the network" in seen["stderr"]


@pytest.mark.parametrize("port", ["99999", "-1", "0", "http", "8765.5"])
def test_a_port_out_of_range_is_one_line(port: str) -> None:
    assert "'--port'" in refused("--port", port)


def test_a_port_in_use_is_one_line_and_no_ready(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = refused("--port", str(port), "--db", str(tmp_path / "g.sqlite3"))
    assert f"port {port}" in line and "in use" in line


def test_an_unknown_host_is_one_line(tmp_path: Path) -> None:
    assert "no such address" in refused("--host", "no-such-host.invalid",
                                        "--db", str(tmp_path / "g.sqlite3"))


def test_a_db_that_cannot_serve_is_one_line_naming_it(tmp_path: Path) -> None:
    for name, path in damaged_copies(tmp_path).items():
        line = refused("--db", str(path), "--port", str(free_port()))
        assert str(path) in line, name
    folder = tmp_path / "a-folder"
    folder.mkdir()
    assert "is a folder" in refused("--db", str(folder))


def test_a_read_only_db_is_refused_at_start(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    create_app(db)  # a sound database, made before it turns read-only
    with read_only(db):
        assert "read-only" in refused("--db", str(db), "--port", str(free_port()))


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], int]]:
    port = free_port()
    src = str(Path(patience.__file__).parent.parent)
    proc = subprocess.Popen(
        [sys.executable, "-m", "patience", "serve", "--port", str(port),
         "--db", str(tmp_path / "games.sqlite3")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": src})
    try:
        yield proc, port
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_ready_is_said_only_once_the_server_listens(
        server: tuple[subprocess.Popen[str], int]) -> None:
    proc, port = server
    assert proc.stdout is not None
    deadline = time.monotonic() + 60
    line = proc.stdout.readline()  # blocks until the server says something
    assert time.monotonic() < deadline
    assert line.startswith("patience: ready on http://127.0.0.1:") and f":{port}/" in line
    r = httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=10)  # no retry: it listens
    assert r.status_code == 200
    assert r.headers["x-frame-options"] == "DENY"
    proc.terminate()
    _, err = proc.communicate(timeout=30)
    assert "Traceback" not in err


def test_serve_says_in_one_line_when_the_native_search_is_off(tmp_path: Path) -> None:
    """pip hides what the install prints, so the first start says it: hints and statistics
    are slower without the native search."""
    port = free_port()
    src = str(Path(patience.__file__).parent.parent)
    proc = subprocess.Popen(
        [sys.executable, "-m", "patience", "serve", "--port", str(port),
         "--db", str(tmp_path / "games.sqlite3")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": src, "PATIENCE_NATIVE": "0"})
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().startswith("patience: ready on http://127.0.0.1:")
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    assert ("patience: native search built, switched off by PATIENCE_NATIVE=0: hints and "
            "statistics are slower") in err
