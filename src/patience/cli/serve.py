"""``patience serve``: the local web app under uvicorn, bound to 127.0.0.1 by default."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer


def default_db() -> Path:
    """``$XDG_DATA_HOME/patience/patience.sqlite3`` (``~/.local/share`` when unset)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "patience" / "patience.sqlite3"


def serve(
    host: Annotated[str, typer.Option(help="Address to bind (local only by default).")]
    = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8765,
    db: Annotated[Path | None, typer.Option(help="SQLite file for games in progress.")] = None,
) -> None:
    """Serve the web app: open http://HOST:PORT/ in a browser."""
    try:
        import uvicorn

        from patience.web import create_app
    except ImportError as exc:
        typer.echo(f"error: the web app needs the 'web' extra ({exc.name} is missing)", err=True)
        raise typer.Exit(2) from None
    path = db or default_db()
    typer.echo(f"patience: http://{host}:{port}/  (games kept in {path})")
    uvicorn.run(create_app(path), host=host, port=port, log_level="warning")
