"""Housekeeping for a player: delete unfinished games, keep the play time, explain why a
card cannot move, and carry the statistics to another browser (JSON export and import).

An import is checked whole before anything is stored: every game is replayed through the
engine and must end as the file says; one bad game refuses the file and changes nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Literal

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, StrictFloat, StrictInt, StrictStr

import patience
from patience import words
from patience.storage.games import StoredGame
from patience.web.service import Conflict, GameService, NotFound, new_game_id

FORMAT: Literal["patience-statistics"] = "patience-statistics"
MAX_SECONDS = 10_000_000.0  # about 115 days of play: more is a broken clock


class ClockIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    elapsed: StrictFloat | StrictInt = Field(ge=0, le=MAX_SECONDS,
                                             description="Seconds of play so far.")


class WhyIn(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    from_: StrictStr = Field(alias="from")
    index: StrictInt | None = Field(None, ge=0)
    to: StrictStr | None = None


class WhyOut(BaseModel):
    legal: bool
    reason: str = Field(description="Why the card cannot move there (or at all), in words.")


class SavedGame(BaseModel):
    """One finished game as exported: enough to replay it and to count it."""

    model_config = ConfigDict(extra="forbid")
    game: StrictStr
    options: dict[str, Any]
    deal: StrictInt = Field(ge=0)
    moves: list[dict[str, Any]]
    status: Literal["won", "lost", "resigned"]
    created: StrictFloat | StrictInt
    finished: StrictFloat | StrictInt
    elapsed: StrictFloat | StrictInt | None = Field(None, ge=0, le=MAX_SECONDS)


class StatsFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: Literal["patience-statistics"]
    version: Literal[1]
    exported: StrictFloat | StrictInt | None = None
    games: list[SavedGame] = Field(max_length=100_000)


class ImportOut(BaseModel):
    added: int
    skipped: int = Field(description="Games already held (an earlier import of the same file).")


def checked(n: int, saved: SavedGame) -> None:
    """Replay one game; ValueError in words when it does not end as the file says."""
    where = f"game {n} ({saved.game}, deal {saved.deal})"
    try:
        state = patience.get_game(saved.game).new(deal=saved.deal, **saved.options)
        for k, move in enumerate(saved.moves, 1):
            try:
                state.play(move)
            except ValueError as exc:
                raise ValueError(f"move {k} cannot be played: {exc}") from None
    except (ValueError, LookupError) as exc:
        raise ValueError(f"{where}: {exc}") from None
    if saved.status in ("won", "lost") and state.status != saved.status:
        raise ValueError(f"{where}: the file says {saved.status}, but its moves end "
                         f"{state.status}")
    if saved.status == "resigned" and state.status == "won":
        raise ValueError(f"{where}: the file says resigned, but its moves win")


def housekeeping_router(service: GameService,
                        owner: Callable[[Request, Response], str]) -> APIRouter:
    api = APIRouter(prefix="/api")

    @api.delete("/play/{game_id}", status_code=204, summary="Delete an unfinished game")
    def delete(game_id: str, request: Request, response: Response) -> None:
        who = owner(request, response)
        if not service.store.delete_unfinished(game_id, who):
            if service.store.get(game_id, who) is None:
                raise NotFound(f"no game {game_id!r} in this browser")
            raise Conflict("a finished game stays in your statistics; it cannot be deleted")

    @api.post("/play/{game_id}/clock", status_code=204, summary="Record the play time")
    def clock(game_id: str, body: ClockIn, request: Request, response: Response) -> None:
        if not service.store.set_elapsed(game_id, owner(request, response), float(body.elapsed)):
            raise NotFound(f"no game {game_id!r} in this browser")

    @api.post("/play/{game_id}/why", response_model=WhyOut,
              summary="Why a card cannot move (there, or at all), in words")
    def why(game_id: str, body: WhyIn, request: Request, response: Response) -> WhyOut:
        live = service.load(game_id, owner(request, response))
        return explain(live.state, body)

    @api.get("/stats/export", summary="This browser's finished games, to import elsewhere")
    def export(request: Request, response: Response) -> JSONResponse:
        rows = service.store.finished_games(owner(request, response))
        body = StatsFile(format=FORMAT, version=1, exported=time.time(), games=[
            SavedGame(game=r.game, options=r.options, deal=r.deal, moves=r.moves,
                      status=r.status,  # type: ignore[arg-type]
                      created=r.created, finished=r.finished or r.updated, elapsed=r.elapsed)
            for r in rows])
        out = JSONResponse(body.model_dump(), headers={
            "content-disposition": 'attachment; filename="patience-statistics.json"'})
        for key, value in response.headers.items():
            if key == "set-cookie":
                out.headers.append(key, value)
        return out

    @api.post("/stats/import", response_model=ImportOut,
              summary="Add finished games from an export (all or nothing)")
    def import_(body: StatsFile, request: Request, response: Response) -> ImportOut:
        who = owner(request, response)
        for n, saved in enumerate(body.games, 1):
            checked(n, saved)
        rows = [StoredGame(new_game_id(), who, s.game,
                           patience.get_game(s.game).resolve_options(s.options), s.deal,
                           moves=s.moves, status=s.status, created=float(s.created),
                           updated=float(s.finished), finished=float(s.finished),
                           elapsed=None if s.elapsed is None else float(s.elapsed))
                for s in body.games]
        added = service.store.insert_finished(rows)
        return ImportOut(added=added, skipped=len(rows) - added)

    return api


def explain(state: patience.State, body: WhyIn) -> WhyOut:
    """The engine's reason for refusing a card, in the player's words."""
    shown = state.to_dict()
    cards = shown["piles"].get(body.from_)
    if cards is None:
        raise ValueError(f"there is no pile {body.from_!r} in this game")
    if not cards:
        return WhyOut(legal=False, reason="That place is empty.")
    index = len(cards) - 1 if body.index is None else body.index
    if index >= len(cards):
        raise ValueError(f"pile {body.from_!r} holds {len(cards)} cards")
    card = cards[index]
    name = words.pile_name(state.game.id, body.from_, cards)
    if index < shown["face_down"].get(body.from_, 0):
        return WhyOut(legal=False, reason=f"That card of {name} is face down.")
    legal = [m for m in state.legal_moves() if m.from_pile == body.from_]
    if body.to is not None:
        want = patience.Move(body.from_, body.to, card,
                             body.index if any(m.index is not None for m in legal) else None)
        try:
            state.resolve(want)
        except patience.IllegalMove as exc:
            said = words.plain(state, str(exc))
            return WhyOut(legal=False, reason=said[:1].upper() + said[1:] + ".")
        return WhyOut(legal=True, reason="")
    if state.status != "playing":
        return WhyOut(legal=False, reason=f"The game is over ({state.status}).")
    mine = [m for m in legal if m.card == card and (m.index in (None, index))]
    if mine:
        return WhyOut(legal=True, reason="")
    others = sorted({words.card_words(m.card) for m in legal if m.card})
    if others:
        return WhyOut(legal=False, reason=f"{words.card_words(card)} cannot move now; from "
                      f"{name} only {', '.join(others)} can.")
    return WhyOut(legal=False, reason=f"{words.card_words(card)} cannot move now: no card "
                  f"of {name} can be played at the moment.")
