"""The OpenAPI schema says what the server does: schemathesis, with every check it has,
finds no server error and no answer the schema does not describe.

The run is schemathesis's own command (``st run --checks all``: examples, coverage, fuzzing
and a stateful phase that follows the schema's links from a started game to the routes that
take its id), in this process, against the app served by uvicorn on a free port, with a real
session cookie, a fixed seed and a bounded number of examples. The solver's budgets are cut
so that hints, winnable deals and the game review's exact search answer in a fraction
of a second.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import uvicorn
from click.testing import CliRunner

from patience.web import create_app, review, service

schemathesis_cli = pytest.importorskip("schemathesis.cli")

SEED = 20_240_601
EXAMPLES = 30  # per operation and phase: about 800 requests, 10-20 s on a shared machine


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setattr(service, "HINT_SECONDS", 0.2)
    monkeypatch.setattr(service, "HINT_NODES", 5_000)
    monkeypatch.setattr(service, "WINNABLE_SECONDS", 0.3)
    monkeypatch.setattr(service, "SOLVE_SECONDS", 0.1)
    monkeypatch.setattr(review, "EXACT_SECONDS", 0.05)
    monkeypatch.setattr(review, "EXACT_NODES", 2_000)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(tmp_path / "games.sqlite3"),
                                           host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=30)


def test_schemathesis_finds_no_server_error_and_no_conformance_failure(
        served: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    token = httpx.post(f"{served}/api/play", json={"game": "sun", "deal": 1}) \
        .cookies["patience_session"]
    monkeypatch.chdir(tmp_path)  # its reports and example database stay out of the tree
    # `--no-color` sets NO_COLOR in this process's environment; setting it here first makes
    # the monkeypatch take it away again, so later tests of colour output see a clean slate
    monkeypatch.setenv("NO_COLOR", "1")
    result = CliRunner().invoke(schemathesis_cli.schemathesis, [
        "run", f"{served}/openapi.json", "--checks", "all", "--seed", str(SEED),
        "--max-examples", str(EXAMPLES), "--generation-database", "none",
        "--header", f"Cookie: patience_session={token}", "--no-color",
    ])
    assert result.exit_code == 0, result.output[-6000:]
    assert "Stateful" in result.output and " passed" in result.output
