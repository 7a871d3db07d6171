"""The browser's session: a cookie holding a token the server issued and remembers.

A session is stored only when the browser first stores something of its own (a new game,
an import): the store writes the token in the same transaction as the game, so a page
that is only looked at, by this browser or by any other site's page, stores nothing and
the sessions table cannot be made to grow by reading. A token the server did not store
(made up by the client, or left by another database) is never adopted: it owns nothing,
and the first write replaces it.
"""

from __future__ import annotations

import re
import secrets
from typing import Annotated

from fastapi import Cookie, Depends, Request, Response

from patience.storage.games import GameStore

COOKIE = "patience_session"
COOKIE_AGE = 10 * 365 * 24 * 3600
NOBODY = ""  # the owner of a browser without a session: no game belongs to it
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{20,64}$")

SessionCookie = Annotated[str | None, Cookie(alias=COOKIE)]


def known_owner(request: Request, session: SessionCookie = None) -> str:
    """The browser's stored session token, or NOBODY; stores nothing."""
    store: GameStore = request.app.state.service.store
    if session is not None and _TOKEN.match(session) and store.issued(session):
        return session
    return NOBODY


def new_owner(request: Request, response: Response, session: SessionCookie = None) -> str:
    """The browser's session token, or a new one sent as its cookie; the new token is
    stored together with the first thing the browser owns."""
    found = known_owner(request, session)
    if found != NOBODY:
        return found
    token = secrets.token_urlsafe(24)
    response.set_cookie(COOKIE, token, max_age=COOKIE_AGE, httponly=True, samesite="strict")
    return token


Owner = Annotated[str, Depends(known_owner)]
"""For a route that reads or changes the browser's games: without a session it owns none."""

Creator = Annotated[str, Depends(new_owner)]
"""For a route that stores something new for the browser (a game, an import)."""
