"""The FastAPI app: a JSON API over the library and the static pages that draw it.

Games belong to the browser that started them: a session cookie (an unguessable token) is
set on the first visit, and every game id is looked up together with it, so another
browser's game ids read as unknown.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Awaitable, Callable
from importlib import resources
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Body, Cookie, FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

import patience
from patience import words
from patience.cards import DeckError
from patience.engine.game import OptionError
from patience.engine.moves import IllegalMove
from patience.engine.registry import UnknownGame
from patience.storage.games import GameStore
from patience.web import models as m
from patience.web import views
from patience.web.housekeeping import housekeeping_router
from patience.web.pages import pages_router
from patience.web.service import Conflict, GameService, Live, NotFound, SolverMissing
from patience.web.stats import statistics

COOKIE = "patience_session"
COOKIE_AGE = 10 * 365 * 24 * 3600
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{20,64}$")
STATIC = resources.files("patience.web").joinpath("static")

ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": m.ErrorOut, "description": "Unknown game or game id"},
    409: {"model": m.ErrorOut, "description": "Illegal move, or nothing to undo/redo"},
    422: {"model": m.ErrorOut, "description": "Malformed body, bad option or deal number"},
}


def owner_of(response: Response, session: str | None) -> str:
    """The browser's session token; a new one is made and set when it has none."""
    if session is not None and _TOKEN.match(session):
        return session
    token = secrets.token_urlsafe(24)
    response.set_cookie(COOKIE, token, max_age=COOKIE_AGE, httponly=True, samesite="strict")
    return token


SessionCookie = Annotated[str | None, Cookie(alias=COOKIE)]


def play_out(live: Live) -> m.PlayOut:
    state, row = live.state, live.row
    game = state.game
    defaults = dict(game.options)
    changed = {k: v for k, v in row.options.items() if defaults.get(k) != v}
    query = urlencode({k: str(v).lower() if isinstance(v, bool) else v
                       for k, v in changed.items()})
    open_ = row.status not in ("won", "resigned")
    legal = state.legal_moves() if row.status != "resigned" else []
    last = patience.Move.from_dict(row.moves[-1]) if row.moves else None
    return m.PlayOut(
        id=row.id, game=game.id, name=game.name, deal=row.deal, options=row.options,
        status=row.status,  # type: ignore[arg-type]
        state=state.to_dict(),
        moves=[views.move_out(state, i, mv) for i, mv in enumerate(legal, 1)],
        moves_played=len(row.moves),
        last_move=str(last) if last else None,
        can_undo=bool(row.moves) or row.status == "resigned",
        can_redo=open_ and bool(row.redo),
        share=f"/play/{game.id}/{row.deal}" + (f"?{query}" if query else ""),
        last_words=words.describe(state, last) if last else None,
        pile_names=words.pile_names(state),
        options_shown=views.options_shown(game, row.options),
        elapsed=row.elapsed,
        finish=[views.move_out(state, 0, mv) for mv in views.finishing_moves(state)]
        if row.status == "playing" else [],
    )


def api_router(service: GameService) -> APIRouter:
    api = APIRouter(prefix="/api", responses=ERRORS)

    @api.get("/games", response_model=list[m.GameOut], summary="List the games")
    def list_games() -> list[m.GameOut]:
        out = []
        for g in patience.list_games():
            rules = g.rules()
            out.append(m.GameOut(
                id=g.id, name=g.name, decks=g.decks, summary=g.summary,
                options=views.option_outs(g),
                actions=list(rules.actions),
                piles=[m.PileOut(id=p.id, kind=str(p.kind)) for p in rules.layout],
            ))
        return out

    @api.get("/games/{game}/rules", response_model=m.RulesOut, summary="A game's rules")
    def rules(game: str) -> m.RulesOut:
        g = patience.get_game(game)
        return m.RulesOut(game=g.id, markdown=g.rules_text())

    @api.post("/play", response_model=m.PlayOut, status_code=201, summary="Start a game")
    def start(body: m.StartIn, response: Response, session: SessionCookie = None) -> m.PlayOut:
        owner = owner_of(response, session)
        ways = [body.deal is not None, body.random, body.winnable]
        if sum(ways) > 1:
            raise OptionError("give only one of deal, random and winnable")
        how = "deal" if body.deal is not None else "winnable" if body.winnable else "random"
        live = service.start(owner, body.game, body.options, body.deal, how, body.resume)
        return play_out(live)

    @api.get("/play", response_model=list[m.GameSummaryOut], summary="This browser's games")
    def my_games(response: Response, session: SessionCookie = None) -> list[m.GameSummaryOut]:
        owner = owner_of(response, session)
        return [m.GameSummaryOut(id=r.id, game=r.game, deal=r.deal, status=r.status,
                                 moves_played=len(r.moves), updated=r.updated,
                                 options=r.options, elapsed=r.elapsed)
                for r in service.store.list_owner(owner)]

    @api.get("/play/{game_id}", response_model=m.PlayOut, summary="Get a game's state")
    def get_state(game_id: str, response: Response,
                  session: SessionCookie = None) -> m.PlayOut:
        return play_out(service.load(game_id, owner_of(response, session)))

    @api.post("/play/{game_id}/move", response_model=m.PlayOut, summary="Play a move")
    def move(game_id: str, body: Annotated[m.MoveIn, Body()], response: Response,
             session: SessionCookie = None) -> m.PlayOut:
        return play_out(service.play(game_id, owner_of(response, session), body.as_dict()))

    @api.post("/play/{game_id}/undo", response_model=m.PlayOut, summary="Undo the last move")
    def undo(game_id: str, response: Response, session: SessionCookie = None) -> m.PlayOut:
        return play_out(service.undo(game_id, owner_of(response, session)))

    @api.post("/play/{game_id}/redo", response_model=m.PlayOut, summary="Redo a move")
    def redo(game_id: str, response: Response, session: SessionCookie = None) -> m.PlayOut:
        return play_out(service.redo(game_id, owner_of(response, session)))

    @api.post("/play/{game_id}/restart", response_model=m.PlayOut,
              summary="Back to the deal (the moves stay available to redo)")
    def restart(game_id: str, response: Response, session: SessionCookie = None) -> m.PlayOut:
        return play_out(service.restart(game_id, owner_of(response, session)))

    @api.post("/play/{game_id}/resign", response_model=m.PlayOut, summary="Give up")
    def resign(game_id: str, response: Response, session: SessionCookie = None) -> m.PlayOut:
        return play_out(service.resign(game_id, owner_of(response, session)))

    @api.post("/play/{game_id}/hint", response_model=m.HintOut,
              summary="Ask the solver for a move", responses={503: {"model": m.ErrorOut}})
    def hint(game_id: str, response: Response, session: SessionCookie = None) -> m.HintOut:
        live, found = service.hint(game_id, owner_of(response, session))
        move = None
        if found.move is not None:
            legal = live.state.legal_moves()
            number = legal.index(found.move) + 1 if found.move in legal else 0
            move = views.move_out(live.state, number, found.move)
        return m.HintOut(status=found.status, move=move,
                         message=words.plain(live.state, found.message))

    @api.get("/stats", response_model=m.StatsOut, summary="Statistics of finished games")
    def stats(response: Response, session: SessionCookie = None) -> m.StatsOut:
        owner = owner_of(response, session)
        return m.StatsOut.model_validate(statistics(service.store.finished_games(owner)))

    return api


def _page(name: str, response_cookie: str | None) -> HTMLResponse:
    response = HTMLResponse(STATIC.joinpath(name).read_text("utf-8"))
    owner_of(response, response_cookie)
    return response


def _error(status: int, detail: str) -> JSONResponse:
    return JSONResponse({"detail": detail}, status_code=status)


# Library and service errors -> HTTP status; the message is the error's own words. The most
# specific class wins (IllegalMove, OptionError and DeckError are ValueErrors): handlers are
# found along the raised exception's class hierarchy.
ERROR_STATUS: dict[type[Exception], int] = {
    IllegalMove: 409,
    Conflict: 409,
    NotFound: 404,
    UnknownGame: 404,
    SolverMissing: 503,
    OptionError: 422,
    DeckError: 422,
    ValueError: 422,
}


def _answer_with(status: int) -> Callable[[Request, Exception], Awaitable[JSONResponse]]:
    async def answer(_: Request, exc: Exception) -> JSONResponse:
        return _error(status, str(exc))

    return answer


def create_app(db_path: str | Path) -> FastAPI:
    """The app over the SQLite database at ``db_path`` (created when missing)."""
    store = GameStore(db_path)
    service = GameService(store)
    app = FastAPI(title="patience", version=patience.__version__,
                  description="Play the nine old decorative patience games.")
    app.state.service = service
    app.include_router(api_router(service))

    for error, status in ERROR_STATUS.items():
        app.add_exception_handler(error, _answer_with(status))

    @app.exception_handler(RequestValidationError)
    async def malformed(_: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for err in exc.errors():
            where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
            parts.append(f"{where}: {err.get('msg')}" if where else str(err.get("msg")))
        return _error(422, "malformed request: " + "; ".join(parts))

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def index(session: SessionCookie = None) -> HTMLResponse:
        return _page("index.html", session)

    @app.get("/stats", response_class=HTMLResponse, include_in_schema=False)
    def stats_page(session: SessionCookie = None) -> HTMLResponse:
        return _page("stats.html", session)

    app.include_router(pages_router(lambda request: _page("play.html",
                                                          request.cookies.get(COOKIE))))
    app.include_router(housekeeping_router(
        service, lambda request, response: owner_of(response, request.cookies.get(COOKIE))))

    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    return app
