"""The play page's address checked before the page is sent, and error pages as pages.

``/play/GAME/DEAL`` with an unknown game or a deal number that does not exist answers an
HTML page that says so in words and offers a way on (the games, a random deal), never raw
JSON and never a silent random deal in its place; so does any other address a browser may
open that the app does not serve. Opening a page stores nothing (sessions.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

import patience
from patience.deals import MASK64

DEAL_WORDS = ("random", "winnable")
# ASCII digits only: str.isdigit() also takes "²" and "٣", which int() refuses or reads
# as another number; and at most 20 significant digits, so int() never meets a flood.
_DEAL = re.compile(r"0*[0-9]{1,20}")
SHOWN = 30  # characters of a bad address echoed on its page


def _shown(text: str) -> str:
    return text if len(text) <= SHOWN else text[:SHOWN - 1] + "…"


def deal_number(text: str) -> int | None:
    """The deal number ``text`` writes in the digits 0 to 9, or None when it writes none."""
    if not _DEAL.fullmatch(text):
        return None
    number = int(text)
    return number if number <= MASK64 else None


def _page(title: str, body: str, status: int) -> HTMLResponse:
    games = "".join(f'<li><a href="/play/{g.id}/random">{escape(g.name)}</a></li>'
                    for g in patience.list_games())
    html = f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)} · patience</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/style.css">
<script type="module" src="/static/theme.js"></script>
</head>
<body class="error-page">
<header class="topbar"><a class="home" href="/">patience</a><h1>{escape(title)}</h1></header>
<main class="page">
{body}
<h2>Play a game</h2>
<ul class="game-links">{games}</ul>
<p><a href="/">All games and your unfinished games</a></p>
</main>
</body>
</html>
"""
    return HTMLResponse(html, status_code=status)


def unknown_game(name: str) -> HTMLResponse:
    return _page("No such game", f"<p class=\"lead\">There is no game called "
                 f"“{escape(_shown(name))}” here.</p>", 404)


def bad_deal(game: patience.Game, text: str) -> HTMLResponse:
    shown = _shown(text).replace("-", "\u2212")
    return _page(
        f"No deal {shown} of {game.name}",
        f'<p class="lead">There is no deal {escape(shown)} of {escape(game.name)}: deal numbers'
        f" are whole numbers from 0 to {MASK64:,}, written with the digits 0 to 9.</p>"
        f'<p><a class="button" href="/play/{game.id}/random">Play a random deal of'
        f" {escape(game.name)}</a></p>", 404)


def not_found(path: str) -> HTMLResponse:
    """The page for an address the app does not serve."""
    return _page("No such page", f"<p class=\"lead\">There is no page at "
                 f"“{escape(_shown(path))}” here.</p>", 404)


def pages_router(play_html: Callable[[], str]) -> APIRouter:
    """``play_html()`` gives the play page, sent only for an address that names a game and
    a deal."""
    router = APIRouter(include_in_schema=False)

    @router.get("/play/{game}", response_class=HTMLResponse, response_model=None)
    @router.get("/play/{game}/{deal}", response_class=HTMLResponse, response_model=None)
    def play_page(game: str, deal: str = "random") -> HTMLResponse | str:
        try:
            found = patience.get_game(game)
        except patience.UnknownGame:
            return unknown_game(game)
        if deal not in DEAL_WORDS and deal_number(deal) is None:
            return bad_deal(found, deal)
        return play_html()

    return router
