"""``patience serve``: the local web app under uvicorn, bound to 127.0.0.1 by default.

Everything that can go wrong is found before a word is printed: the database is opened and
checked, the address resolved and the port bound here (so "in use" is one line, not
uvicorn's traceback), and the "ready" line appears only once uvicorn listens on it.
"""

from __future__ import annotations

import errno
import ipaddress
import os
import socket
from pathlib import Path
from typing import Annotated, Any

import typer

from patience import native
from patience.cli.common import fail, native_search_words, port_number
from patience.i18n import N_, _
from patience.storage.database import StorageError


def default_db() -> Path:
    """``$XDG_DATA_HOME/patience/patience.sqlite3`` (``~/.local/share`` when unset)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "patience" / "patience.sqlite3"


def listen_on(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` (not yet listening); one line and exit 2 when not."""
    try:
        family, kind, proto, _unused, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    except (socket.gaierror, UnicodeError):
        fail(_("cannot serve on {host}: no such address").format(host=repr(host)))
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            fail(_("port {port} on {host} is in use (is another server running there?)")
                 .format(port=port, host=host))
        if exc.errno in (errno.EACCES, errno.EPERM):
            fail(_("no permission to serve on {host}:{port} (ports below 1024 need "
                        "privileges)").format(host=host, port=port))
        fail(_("cannot serve on {host}:{port}: {reason}").format(
            host=host, port=port, reason=exc.strerror or exc))
    return sock


def is_loopback(sock: socket.socket) -> bool:
    return ipaddress.ip_address(sock.getsockname()[0]).is_loopback


def serve(
    host: Annotated[str, typer.Option(help=N_("Address to bind (local only by default)."))]
    = "127.0.0.1",
    port: Annotated[int, typer.Option(help=N_("Port to listen on."),
                                      parser=port_number)] = 8765,
    db: Annotated[Path | None, typer.Option(
        help=N_("SQLite file for games in progress."))] = None,
) -> None:
    """``patience serve``: everything that can fail is checked before the "ready" line.
    Its lines are in the terminal's language; each request is answered in its own
    (web/language.py)."""
    try:
        import uvicorn

        from patience.web import create_app
    except ImportError as exc:
        fail(_("the web app needs the 'web' extra ({name} is missing)").format(
            name=exc.name))
    path = db or default_db()
    try:
        app = create_app(path, host=host)
    except StorageError as exc:
        fail(str(exc))
    sock = listen_on(host, port)
    if not is_loopback(sock):
        typer.echo("patience: " + _(
            "warning: serving on {host}, not on this computer alone: anyone on the network "
            "can then play here and read the games kept in {path}").format(host=host, path=path),
            err=True)
    shown = f"[{host}]" if ":" in host else host

    class Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets=sockets)
            if self.started:
                typer.echo("patience: " + _("ready on {address}  (games kept in {path})")
                           .format(address=f"http://{shown}:{port}/", path=path))
                if not native.available():
                    typer.echo(f"patience: {_(native_search_words())}", err=True)

    server: Any = Server(uvicorn.Config(app, log_level="warning"))
    server.run(sockets=[sock])
