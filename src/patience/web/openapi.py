"""What the OpenAPI schema says beyond the models: every status a route can answer, and
the links that lead from a game's answer to the routes that take its id."""

from __future__ import annotations

from typing import Any

from patience.web.models import ErrorOut, SavedGame, StartIn

STATUS: dict[int, str] = {
    400: "The Host header names an address this server does not serve (DNS rebinding)",
    403: "A change sent from a page of another site (its Origin or Referer is not this "
         "server's)",
    404: "Unknown game, game id, or path",
    409: "Illegal move, nothing to undo or redo, the game is over, no move to review yet, "
         "a position past the game's moves, a finished game cannot be deleted, a game of an "
         "imported file does not replay as the file says, or the saved game is damaged (then "
         "`recover` gives the path that recovers it)",
    413: "The request body is larger than 8 KiB (4 MiB for a statistics import)",
    422: "Malformed body (not JSON, not UTF-8, nested too deeply, a field of the wrong type or "
         "out of range), bad option or deal number",
    503: "The database file cannot be read or written, the solver is not installed "
         "(hint, winnable, game review), or the review's worker processes failed",
}
HOST_REFUSAL = {"description": STATUS[400],
                "content": {"text/plain": {"schema": {"type": "string"}}}}


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses`` entries of these error statuses (400 is Starlette's plain text)."""
    out: dict[int | str, dict[str, Any]] = {}
    for code in codes:
        out[code] = HOST_REFUSAL if code == 400 else {"model": ErrorOut,
                                                      "description": STATUS[code]}
    return out


# Every route may meet a refused host or an oversized body; a route that changes something
# may meet a foreign origin; a route that reads the database may find it unusable.
EVERY = (400, 413)
READS = (*EVERY, 503)
CHANGES = (*READS, 403)

GAME_ROUTES = ("get_game", "play_move", "undo_move", "redo_move", "restart_game",
               "resign_game", "recover_game", "hint", "review_game", "game_position", "play_on",
               "why_card", "record_clock", "delete_game")


def game_links(*, skip: str = "") -> dict[str, dict[str, Any]]:
    """OpenAPI links from an answer carrying a game ``id`` to the routes that take it."""
    return {route: {"operationId": route, "parameters": {"game_id": "$response.body#/id"}}
            for route in GAME_ROUTES if route != skip}


def finished(schema: dict[str, Any]) -> dict[str, Any]:
    """FastAPI's schema, put right in two places. Its OpenAPI model holds ``maximum`` as a
    float, which rounds the last deal number 2**64 - 1 up to 2**64: the exact integer is put
    back. And it lists its own 422 shape on every route with a parameter, while this server
    answers 422 in the ``ErrorOut`` shape, and only where a body is read (those say so)."""
    models = schema["components"]["schemas"]
    for model in (StartIn, SavedGame):
        exact = model.model_json_schema()["properties"]["deal"]
        models[model.__name__]["properties"]["deal"] = exact
    for path in schema.get("paths", {}).values():
        for operation in path.values():
            answer = operation.get("responses", {}).get("422", {})
            if "HTTPValidationError" in str(answer):
                del operation["responses"]["422"]
    for name in ("HTTPValidationError", "ValidationError"):
        schema.get("components", {}).get("schemas", {}).pop(name, None)
    return schema
