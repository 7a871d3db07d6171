"""The pages under the server's Content-Security-Policy, and the way back from a damaged game."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from patience.web.guards import CONTENT_SECURITY_POLICY

pytestmark = pytest.mark.e2e

WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`));
"""


def _watched(page: Any) -> list[str]:
    page.add_init_script(WATCH)
    console: list[str] = []
    page.on("console", lambda msg: console.append(msg.text)
            if "Content Security Policy" in msg.text else None)
    return console


def test_the_three_pages_work_under_the_content_security_policy(page: Any,
                                                                base_url: str) -> None:
    console = _watched(page)
    finished = page.request.post(f"{base_url}/api/play", data={"game": "sun", "deal": 5})
    page.request.post(f"{base_url}/api/play/{finished.json()['id']}/resign")
    answer = page.goto(f"{base_url}/")
    assert answer.headers["content-security-policy"] == CONTENT_SECURITY_POLICY  # the app's own
    page.wait_for_selector("#games .game-card")
    assert page.evaluate("window.__violations") == []
    page.goto(f"{base_url}/play/sun/7?deal_when=any")  # SUN-4: deal with plays pending
    page.wait_for_selector("body[data-ready='1'][data-moves-played='0']")
    page.keyboard.press("d")
    page.wait_for_selector("body[data-ready='1'][data-moves-played='1']")
    assert page.locator("#board .cardwrap").count() > 0
    assert page.evaluate("window.__violations") == []
    page.goto(f"{base_url}/stats")
    dot = page.locator("#legend span").first
    dot.wait_for()
    assert dot.evaluate("(e) => getComputedStyle(e).color") != "rgb(0, 0, 0)"
    assert page.evaluate("window.__violations") == []
    assert console == []


def test_a_damaged_game_offers_to_recover_it(page: Any, base_url: str, web_db: Path) -> None:
    page.goto(f"{base_url}/play/sun/2")
    page.wait_for_selector("body[data-ready='1'][data-moves-played='0']")
    gid = page.get_attribute("body", "data-game-id")
    for _ in range(3):
        moves = page.request.get(f"{base_url}/api/play/{gid}").json()["moves"]
        page.request.post(f"{base_url}/api/play/{gid}/move", data=moves[0]["move"])
    with sqlite3.connect(web_db) as raw:
        stored = json.loads(raw.execute("SELECT moves FROM games WHERE id = ?",
                                        (gid,)).fetchone()[0])
        stored[1] = {"from": "ray1", "to": "king-C", "card": "2H"}
        raw.execute("UPDATE games SET moves = ? WHERE id = ?", (json.dumps(stored), gid))
    page.reload()
    page.wait_for_selector("#message.error >> text=damaged from move 2")
    page.click("#recover")
    page.wait_for_selector("body[data-ready='1'][data-moves-played='1']")
    assert "recovered" in (page.text_content("#message") or "")
    assert page.get_attribute("body", "data-game-id") == gid
    assert page.locator("#board .cardwrap").count() > 0


def test_a_game_damaged_while_it_is_played_offers_to_recover_it(page: Any, base_url: str,
                                                                 web_db: Path) -> None:
    page.goto(f"{base_url}/play/sun/3")
    page.wait_for_selector("body[data-ready='1'][data-moves-played='0']")
    gid = page.get_attribute("body", "data-game-id")
    for _ in range(3):
        moves = page.request.get(f"{base_url}/api/play/{gid}").json()["moves"]
        page.request.post(f"{base_url}/api/play/{gid}/move", data=moves[0]["move"])
    page.reload()
    page.wait_for_selector("body[data-ready='1'][data-moves-played='3']")
    with sqlite3.connect(web_db) as raw:
        stored = json.loads(raw.execute("SELECT moves FROM games WHERE id = ?",
                                        (gid,)).fetchone()[0])
        stored[2] = {"from": "ray1", "to": "king-C", "card": "2H"}
        raw.execute("UPDATE games SET moves = ? WHERE id = ?", (json.dumps(stored), gid))
    page.click("#undo")
    page.wait_for_selector("#message.error >> text=damaged from move 3")
    assert "first 2 moves" in (page.text_content("#message") or "")
    page.click("#recover")
    page.wait_for_selector("body[data-ready='1'][data-moves-played='2']")
    assert "recovered" in (page.text_content("#message") or "")
    row = page.request.get(f"{base_url}/api/play/{gid}").json()
    assert row["moves_played"] == 2 and row["can_undo"]
