"""Housekeeping for a player: delete unfinished games, keep the play time, explain why a
card cannot move, and carry the statistics to another browser (JSON export and import).

An import is checked whole before anything is stored: every game is replayed through the
engine and must end as the file says; one bad game refuses the file and changes nothing.
Every route goes through the service (its one lock) and the app's guards; the import alone
may carry a body of up to ``IMPORT_LIMIT`` bytes.
"""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse

import patience
from patience.engine.moves import IllegalMove
from patience.i18n import N_, _, language
from patience.refusals import refusal
from patience.storage.games import StoredGame
from patience.text.common import STATUS as TEXT_STATUS
from patience.web.guards import IMPORT_LIMIT
from patience.web.models import (
    FORMAT,
    ClockIn,
    ErrorOut,
    ImportOut,
    SavedGame,
    StatsFile,
    WhyIn,
    WhyOut,
)
from patience.web.openapi import CHANGES, READS, errors
from patience.web.service import Conflict, GameService, new_game_id, parse_options
from patience.web.sessions import Creator, Owner

IMPORT_PATH = "/api/stats/import"
STATUS = {**TEXT_STATUS, "resigned": N_("resigned")}


def checked(n: int, saved: SavedGame) -> dict[str, Any]:
    """Replay one game and return its options resolved. A game or option the server does
    not know is a ValueError (422); moves that do not replay, or end other than the file
    says, a Conflict (409), in words naming the game."""
    where = _("game {n} ({game}, deal {deal})").format(n=n, game=saved.game, deal=saved.deal)
    try:
        game = patience.get_game(saved.game)
        game.check_version(saved.rules_version)
        options = parse_options(game, saved.options)
        state = game.new(deal=saved.deal, rules_version=saved.rules_version, **options)
    except (ValueError, LookupError) as exc:
        reason = str(exc) if language() == "en" else _("the game or its options are unknown "
                                                         "here")
        raise ValueError(f"{where}: {reason}") from None
    for k, move in enumerate(saved.moves, 1):
        try:
            state.play(move)
        except ValueError as exc:
            reason = refusal(state, move, exc) if isinstance(exc, IllegalMove) else str(exc)
            raise Conflict(_("{where}: move {k} cannot be played: {reason}").format(
                where=where, k=k, reason=reason)) from None
    if saved.status in ("won", "lost") and state.status != saved.status:
        raise Conflict(_("{where}: the file says {saved}, but its moves end {status}").format(
            where=where, saved=_(STATUS.get(saved.status, saved.status)),
            status=_(STATUS.get(state.status, state.status))))
    if saved.status == "resigned" and state.status == "won":
        raise Conflict(_("{where}: the file says resigned, but its moves win").format(
            where=where))
    return options


TOO_LARGE: dict[int | str, dict[str, Any]] = {
    413: {"model": ErrorOut, "description": f"The file is larger than {IMPORT_LIMIT >> 20} MiB"}}


def housekeeping_router(service: GameService) -> APIRouter:
    api = APIRouter(prefix="/api")

    @api.delete("/play/{game_id}", status_code=204, summary="Delete an unfinished game",
                operation_id="delete_game", responses=errors(*CHANGES, 404, 409))
    def delete(game_id: str, owner: Owner) -> None:
        service.delete_unfinished(game_id, owner)

    @api.post("/play/{game_id}/clock", status_code=204, summary="Record the play time",
              operation_id="record_clock", responses=errors(*CHANGES, 404, 422))
    def clock(game_id: str, body: ClockIn, owner: Owner) -> None:
        service.set_elapsed(game_id, owner, float(body.elapsed))

    @api.post("/play/{game_id}/why", response_model=WhyOut, operation_id="why_card",
              summary="Why a card cannot move (there, or at all), in words",
              responses=errors(*CHANGES, 404, 409, 422))
    def why(game_id: str, body: WhyIn, owner: Owner) -> WhyOut:
        found = service.why(game_id, owner, body.from_, body.index, body.to)
        return WhyOut(legal=found.legal, reason=found.reason)

    @api.get("/stats/export", response_model=StatsFile, operation_id="export_stats",
             summary="This browser's finished games, to import elsewhere",
             responses=errors(*READS))
    def export(owner: Owner) -> JSONResponse:
        rows = service.store.finished_games(owner)
        body = StatsFile(format=FORMAT, version=1, exported=time.time(), games=[
            SavedGame(game=r.game, options=r.options, deal=r.deal, moves=r.moves,
                      status=r.status,  # type: ignore[arg-type]
                      created=r.created, finished=r.finished or r.updated, elapsed=r.elapsed,
                      rules_version=r.rules_version)
            for r in rows])
        return JSONResponse(body.model_dump(), headers={
            "content-disposition": 'attachment; filename="patience-statistics.json"'})

    @api.post(IMPORT_PATH.removeprefix("/api"), response_model=ImportOut,
              operation_id="import_stats",
              summary="Add finished games from an export (all or nothing)",
              responses={**errors(*CHANGES, 409, 422), **TOO_LARGE})
    def import_(body: StatsFile, owner: Creator) -> ImportOut:
        rows = []
        for n, saved in enumerate(body.games, 1):
            options = checked(n, saved)
            rows.append(StoredGame(
                new_game_id(), owner, saved.game, options, saved.deal, moves=saved.moves,
                status=saved.status, created=float(saved.created),
                updated=float(saved.finished), finished=float(saved.finished),
                elapsed=None if saved.elapsed is None else float(saved.elapsed),
                rules_version=saved.rules_version))
        added = service.import_finished(rows)
        return ImportOut(added=added, skipped=len(rows) - added)

    return api
