"""The browser's session: a cookie holding a token the server issued and remembers.

Every route that reads or changes a player's games takes its owner from ``Owner``: a token
the server did not issue (made up by the client, or left by another database) is never
adopted, a fresh one replaces it.
"""

from __future__ import annotations

import re
from typing import Annotated

from fastapi import Cookie, Depends, Request, Response

from patience.storage.games import GameStore

COOKIE = "patience_session"
COOKIE_AGE = 10 * 365 * 24 * 3600
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{20,64}$")

SessionCookie = Annotated[str | None, Cookie(alias=COOKIE)]


def session_owner(request: Request, response: Response, session: SessionCookie = None) -> str:
    """The browser's session token, issued now when it has none the server knows."""
    store: GameStore = request.app.state.service.store
    if session is not None and _TOKEN.match(session) and store.issued(session):
        return session
    token = store.issue_session()
    response.set_cookie(COOKIE, token, max_age=COOKIE_AGE, httponly=True, samesite="strict")
    return token


Owner = Annotated[str, Depends(session_owner)]
