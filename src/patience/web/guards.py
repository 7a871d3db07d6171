"""Small ASGI middlewares that guard the local server before a request reaches a route.

Each answers a refused request itself, in the API's shape (``{"detail": "words"}``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from patience.i18n import _

BODY_LIMIT = 8 * 1024  # bytes; the largest sensible request (a start with options) is ~200
# A statistics import carries a player's finished games with their moves (~2-5 KB a game):
# 4 MiB holds about a thousand of them.
IMPORT_LIMIT = 4 * 1024 * 1024
DETAIL_LIMIT = 300  # characters of an error message; what the input echoes is cut there


def clip(detail: str) -> str:
    """An error message cut to DETAIL_LIMIT characters, so an error never echoes a flood."""
    return detail if len(detail) <= DETAIL_LIMIT else detail[:DETAIL_LIMIT - 1] + "…"


async def answer(send: Send, status: int, detail: str) -> None:
    """Send ``{"detail": detail}`` with ``status``, straight from a middleware."""
    body = json.dumps({"detail": clip(detail)}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class BodyTooLarge(Exception):
    """Raised while a body streams in past the limit (FastAPI wraps it in its 400)."""

    def __init__(self, limit: int) -> None:
        super().__init__(_("the request body is larger than {limit} bytes").format(limit=limit))


class BodyLimit:
    """413 for a request body over ``limit`` bytes, by its Content-Length or as it streams
    in, before anything parses it. A path in ``larger`` has its own limit instead."""

    def __init__(self, app: ASGIApp, limit: int = BODY_LIMIT,
                 larger: Mapping[str, int] | None = None) -> None:
        self.app = app
        self.limit = limit
        self.larger = dict(larger or {})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(scope["path"], self.limit)
        refusal = str(BodyTooLarge(limit))
        length = Headers(scope=scope).get("content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            await answer(send, 413, refusal)
            return
        seen = 0
        started = False

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > limit:
                raise BodyTooLarge(limit)
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except BodyTooLarge:
            if started:
                raise
            await answer(send, 413, refusal)


def header_list(headers: dict[str, str]) -> list[tuple[bytes, bytes]]:
    return [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers.items()]


class ExtraHeaders:
    """Add ``headers`` to every response that does not set them itself."""

    def __init__(self, app: ASGIApp, headers: dict[str, str]) -> None:
        self.app = app
        self.headers = header_list(headers)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in self.headers if k not in present]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, with_headers)


def describe_parse_error(exc: BaseException | None) -> str:
    """Why a request body could not be read as JSON, in words."""
    if isinstance(exc, UnicodeDecodeError):
        return _("the body is not UTF-8 text")
    if isinstance(exc, RecursionError):
        return _("the body is nested too deeply")
    if isinstance(exc, ValueError) and "digits" in str(exc):
        return _("the body holds a number with too many digits")
    return _("the body is not valid JSON")



# --- who may talk to the server --------------------------------------------------------

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
WILDCARDS = ("", "0.0.0.0", "::")


def allowed_hosts(host: str, extra: Sequence[str] = ()) -> list[str]:
    """The ``Host`` header values the server answers to when bound to ``host``: the names
    of this computer's loopback and the address itself, so that a page whose DNS name is
    made to point at 127.0.0.1 (DNS rebinding) is refused. A wildcard bind serves the whole
    network on purpose and answers to any name."""
    if host in WILDCARDS:
        return ["*"]
    named = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return list(dict.fromkeys([*LOOPBACK_NAMES, named.lower(), *extra]))


UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
DEFAULT_PORTS = {"http": ":80", "https": ":443"}


def _origin(url: str) -> str:
    """``scheme://host[:port]`` of ``url``, lower-cased, without the scheme's default port."""
    parts = urlsplit(url)
    netloc = parts.netloc.lower().removesuffix(DEFAULT_PORTS.get(parts.scheme, "\0"))
    return f"{parts.scheme.lower()}://{netloc}"


class SameOrigin:
    """403 for a request that changes something and comes from another site's page: its
    ``Origin`` (or, without one, its ``Referer``) must be the server's own. A request with
    neither (curl, a script) is let through: a browser always sends one of them."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in UNSAFE_METHODS:
            headers = Headers(scope=scope)
            sender = headers.get("origin") or headers.get("referer")
            own = _origin(f"{scope['scheme']}://{headers.get('host', '')}")
            if sender is not None and _origin(sender) != own:
                await answer(send, 403, _("refused: the request comes from a page of another "
                                          "site ({site}), not from this server's own pages")
                             .format(site=clip(sender)[:80]))
                return
        await self.app(scope, receive, send)


CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}
