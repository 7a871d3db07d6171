"""A live uvicorn server on a free port and Debian's Chromium driven by Playwright.

Never ``playwright install``: the tests use /usr/bin/chromium and skip when it is absent.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

if not os.path.exists(CHROMIUM):
    pytest.skip(f"e2e tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)",
                allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


VIEWPORTS: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
              "device_scale_factor": 3},
    "desktop": {"viewport": {"width": 1440, "height": 900}},
}
# Two more screens the board must fit: a small phone held upright and a large monitor.
MORE_VIEWPORTS: dict[str, dict[str, Any]] = {
    "small phone": {"viewport": {"width": 360, "height": 740}, "is_mobile": True,
                    "has_touch": True, "device_scale_factor": 2},
    "large monitor": {"viewport": {"width": 2560, "height": 1440}},
}


@pytest.fixture(scope="session")
def web_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The database the test server keeps its games in."""
    return tmp_path_factory.mktemp("web") / "games.sqlite3"


@pytest.fixture(scope="session")
def base_url(web_db: Path) -> Iterator[str]:
    from patience.web import create_app

    db = web_db
    port = free_port()
    # The app as served: its own security headers, and it answers to the address it is
    # reached by (127.0.0.1) and the loopback names only.
    app = create_app(db, host="127.0.0.1")
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


def watched(context: Any) -> tuple[Any, list[str]]:
    """A page whose script errors and Content-Security-Policy refusals are collected."""
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.on("console", lambda msg: errors.append(msg.text)
          if msg.type == "error" and "Content Security Policy" in msg.text else None)
    return pg, errors


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh browser context per test: its own cookies, so its own games."""
    context = browser.new_context(**VIEWPORTS["desktop"])
    pg, errors = watched(context)
    yield pg
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture(params=list(VIEWPORTS))
def screen(request: pytest.FixtureRequest, browser: Any) -> Iterator[tuple[str, Any]]:
    """A phone (390 × 844, touch) and a desktop (1440 × 900) page, in turn."""
    context = browser.new_context(**VIEWPORTS[request.param])
    pg, errors = watched(context)
    yield request.param, pg
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture(scope="session")
def screenshot_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """docs/screenshots when PATIENCE_SCREENSHOTS=1, else a temporary folder."""
    if os.environ.get("PATIENCE_SCREENSHOTS") == "1":
        out = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
        out.mkdir(parents=True, exist_ok=True)
        return out
    return tmp_path_factory.mktemp("screenshots")
