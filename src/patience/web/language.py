"""Which language each request is answered in: English, Russian or Hungarian.

The player's choice in the settings (the ``lang`` cookie) comes first, then ``?lang=`` on
the address (a link in a language), then the browser's Accept-Language; else English. The
middleware speaks that language for the whole request (``i18n.speaking``), so the page, its
moves, hints and error messages all come out in it, and says which in Content-Language.
"""

from __future__ import annotations

from urllib.parse import parse_qs

from starlette.datastructures import Headers
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from patience import i18n

COOKIE = "lang"


def accepted(header: str | None) -> str | None:
    """The first language of an Accept-Language header that the app speaks, by weight
    (``"hu;q=0.5, ru"`` -> ``"ru"``); None when it names none of them."""
    if not header:
        return None
    ranked: list[tuple[float, int, str]] = []
    for order, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        code = tag.strip().split("-")[0].lower()
        if code in i18n.LANGUAGES and weight > 0:
            ranked.append((-weight, order, code))
    return min(ranked)[2] if ranked else None


def spoken(scope: Scope) -> str:
    """The language a request is answered in."""
    headers = Headers(scope=scope)
    cookie = cookie_parser(headers.get("cookie", "")).get(COOKIE, "")
    if cookie in i18n.LANGUAGES:
        return str(cookie)
    query = parse_qs(bytes(scope.get("query_string", b"")).decode("latin-1")).get("lang", [""])[0]
    if query in i18n.LANGUAGES:
        return query
    return accepted(headers.get("accept-language")) or "en"


class Language:
    """Answers each request in its language (``spoken``), said in Content-Language; the
    answer varies with the cookie and Accept-Language, which caches must know."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        with i18n.speaking(spoken(scope)) as lang:

            async def labelled(message: Message) -> None:
                if message["type"] == "http.response.start":
                    message.setdefault("headers", [])
                    message["headers"] = [*message["headers"],
                                          (b"content-language", lang.encode()),
                                          (b"vary", b"Accept-Language, Cookie")]
                await send(message)

            await self.app(scope, receive, labelled)
