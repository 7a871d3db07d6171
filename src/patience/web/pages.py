"""The play page's address checked before the page is sent, and error pages as pages.

``/play/GAME/DEAL`` with an unknown game or a deal number that does not exist answers an
HTML page that says so in words and offers a way on (the games, a random deal), never raw
JSON and never a silent random deal in its place; so does any other address a browser may
open that the app does not serve. Opening a page stores nothing (sessions.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

import patience
from patience.deals import MASK64
from patience.i18n import _
from patience.web.html import game_name, render

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


def _page(title: str, lead: str, status: int, game: patience.Game | None = None) -> HTMLResponse:
    return HTMLResponse(render("error.html", title=title, lead=lead, game=game,
                               games=patience.list_games()), status_code=status)


def unknown_game(name: str) -> HTMLResponse:
    return _page(_("No such game"),
                 _("There is no game called “{name}” here.").format(name=_shown(name)), 404)


def bad_deal(game: patience.Game, text: str) -> HTMLResponse:
    shown = _shown(text).replace("-", "\u2212")
    name = game_name(game.id, game.name)
    return _page(
        _("No deal {deal} of {game}").format(deal=shown, game=name),
        _("There is no deal {deal} of {game}: deal numbers are whole numbers from 0 to "
          "{last}, written with the digits 0 to 9.").format(
              deal=shown, game=name, last=f"{MASK64:,}"), 404, game)


def not_found(path: str) -> HTMLResponse:
    """The page for an address the app does not serve."""
    return _page(_("No such page"),
                 _("There is no page at “{path}” here.").format(path=_shown(path)), 404)


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
