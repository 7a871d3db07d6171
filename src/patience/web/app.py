"""The FastAPI app: a JSON API over the library and the static pages that draw it.

Games belong to the browser that started them: a session cookie (an unguessable token the
server issued and remembers, sessions.py) is set when the browser starts its first game,
and every game id is looked up together with it, so another browser's game ids read as
unknown. Middlewares
(guards.py) refuse requests for another host name, changes sent from another site's pages
and bodies over 8 KiB (a statistics import may carry a few MB), and set the security
headers on every response (docs/web.md). Housekeeping routes (housekeeping.py) and the play
page's address checks (pages.py) join the same app behind the same guards.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Body, FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.routing import BaseRoute, Match

import patience
from patience.cards import DeckError
from patience.deals import MASK64
from patience.engine.game import OptionError
from patience.engine.moves import IllegalMove
from patience.engine.registry import UnknownGame
from patience.games.texts_i18n import rules_text, summary
from patience.i18n import N_, _, language
from patience.storage.database import StorageError
from patience.storage.games import GameStore
from patience.text.common import game_name
from patience.web import models as m
from patience.web import review as web_review
from patience.web import views
from patience.web.guards import (
    BODY_LIMIT,
    IMPORT_LIMIT,
    SECURITY_HEADERS,
    BodyLimit,
    BodyTooLarge,
    ExtraHeaders,
    SameOrigin,
    allowed_hosts,
    clip,
    describe_parse_error,
)
from patience.web.housekeeping import IMPORT_PATH, housekeeping_router
from patience.web.html import render
from patience.web.language import Language
from patience.web.openapi import CHANGES, EVERY, READS, errors, finished, game_links
from patience.web.pages import not_found, pages_router
from patience.web.review import MAX_SAMPLES, SAMPLES, ReviewFailed
from patience.web.service import (
    Conflict,
    Damaged,
    GameService,
    NotFound,
    Snapshot,
    SolverMissing,
)
from patience.web.sessions import Creator, Owner
from patience.web.stats import statistics

STATIC = resources.files("patience.web").joinpath("static")
MAX_WAIT = 5.0  # seconds a review request may wait for the result
MAX_MOVES = 100_000


def play_out(seen: Snapshot) -> m.PlayOut:
    """The answer body of a snapshot (taken under the service's lock)."""
    return m.PlayOut(
        id=seen.id, game=seen.game, name=seen.name, deal=seen.deal, options=seen.options,
        status=seen.status,  # type: ignore[arg-type]
        state=seen.state,
        moves=[views.move_out(i, mv, said)
               for i, (mv, said) in enumerate(zip(seen.legal, seen.legal_words, strict=True),
                                              1)],
        moves_played=seen.moves_played, last_move=seen.last_move,
        can_undo=seen.can_undo, can_redo=seen.can_redo, share=seen.share,
        last_words=seen.last_words, pile_names=seen.pile_names,
        options_shown=list(seen.options_shown), elapsed=seen.elapsed,
        finish=[views.move_out(0, mv, said)
                for mv, said in zip(seen.finish, seen.finish_words, strict=True)],
    )


def _played(operation: str) -> dict[int | str, dict[str, Any]]:
    """A route answering a game: 200 with links onwards, and the errors of a game route."""
    return {200: {"links": game_links(skip=operation)}, **errors(*CHANGES, 404, 409)}


def api_router(service: GameService) -> APIRouter:
    api = APIRouter(prefix="/api")

    @api.get("/games", response_model=list[m.GameOut], summary="List the games",
             operation_id="list_games", responses=errors(*EVERY))
    def list_games() -> list[m.GameOut]:
        out = []
        lang = language()
        for g in patience.list_games():
            rules = g.rules()
            out.append(m.GameOut(
                id=g.id, name=game_name(g),
                decks=g.decks, summary=g.summary if lang == "en" else summary(g.id, lang),
                options=views.option_outs(g),
                actions=list(rules.actions),
                piles=[m.PileOut(id=p.id, kind=str(p.kind)) for p in rules.layout],
            ))
        return out

    @api.get("/games/{game}/rules", response_model=m.RulesOut, summary="A game's rules",
             operation_id="rules", responses=errors(*EVERY, 404))
    def rules(game: str) -> m.RulesOut:
        g = patience.get_game(game)
        lang = language()
        return m.RulesOut(game=g.id, markdown=g.rules_text() if lang == "en"
                          else rules_text(g.id, lang))

    @api.post("/play", response_model=m.PlayOut, status_code=201, summary="Start a game",
              operation_id="start_game",
              responses={201: {"links": game_links()}, **errors(*CHANGES, 404, 409, 422)})
    def start(body: m.StartIn, owner: Creator) -> m.PlayOut:
        how = "deal" if body.deal is not None else "winnable" if body.winnable else "random"
        return play_out(service.start(owner, body.game, body.options, body.deal, how,
                                      body.resume))

    @api.get("/play", response_model=list[m.GameSummaryOut], summary="This browser's games",
             operation_id="my_games", responses=errors(*READS))
    def my_games(owner: Owner) -> list[m.GameSummaryOut]:
        return [m.GameSummaryOut(id=r.id, game=r.game, deal=r.deal, status=r.status,
                                 moves_played=len(r.moves), updated=r.updated,
                                 options=r.options, elapsed=r.elapsed)
                for r in service.store.list_owner(owner)]

    @api.get("/play/{game_id}", response_model=m.PlayOut, summary="Get a game's state",
             operation_id="get_game",
             responses={200: {"links": game_links(skip="get_game")},
                        **errors(*READS, 404, 409)})
    def get_state(game_id: str, owner: Owner) -> m.PlayOut:
        return play_out(service.view(game_id, owner))

    @api.post("/play/{game_id}/move", response_model=m.PlayOut, summary="Play a move",
              operation_id="play_move",
              responses={**_played("play_move"), **errors(422)})
    def move(game_id: str, body: Annotated[m.MoveIn, Body()], owner: Owner) -> m.PlayOut:
        return play_out(service.play(game_id, owner, body.as_dict()))

    @api.post("/play/{game_id}/undo", response_model=m.PlayOut, summary="Undo the last move",
              operation_id="undo_move", responses=_played("undo_move"))
    def undo(game_id: str, owner: Owner) -> m.PlayOut:
        return play_out(service.undo(game_id, owner))

    @api.post("/play/{game_id}/redo", response_model=m.PlayOut, summary="Redo a move",
              operation_id="redo_move", responses=_played("redo_move"))
    def redo(game_id: str, owner: Owner) -> m.PlayOut:
        return play_out(service.redo(game_id, owner))

    @api.post("/play/{game_id}/restart", response_model=m.PlayOut,
              summary="Back to the deal (the moves stay available to redo)",
              operation_id="restart_game", responses=_played("restart_game"))
    def restart(game_id: str, owner: Owner) -> m.PlayOut:
        return play_out(service.restart(game_id, owner))

    @api.post("/play/{game_id}/resign", response_model=m.PlayOut, summary="Give up",
              operation_id="resign_game", responses=_played("resign_game"))
    def resign(game_id: str, owner: Owner) -> m.PlayOut:
        return play_out(service.resign(game_id, owner))

    @api.post("/play/{game_id}/recover", response_model=m.PlayOut,
              summary="Keep the longest part of a damaged saved game that still replays",
              operation_id="recover_game", responses=_played("recover_game"))
    def recover(game_id: str, owner: Owner) -> m.PlayOut:
        return play_out(service.recover(game_id, owner))

    @api.post("/play/{game_id}/hint", response_model=m.HintOut,
              summary="Ask for a hint", operation_id="hint",
              responses=errors(*CHANGES, 404, 409, 422))
    def hint(game_id: str, owner: Owner, deep: Annotated[bool, Query(description=(
            "With `peek`: false, answer within about a quarter of a second, from the hint "
            "memory or a glance, else with a guess marked `deeper`; true, search up to a "
            "few seconds, longer when the same position is asked again. The careful hint "
            "answers within about a second either way."))] = True,
             peek: Annotated[bool, Query(description=(
            "false (the default): the careful player's move and its chance, from what the "
            "player sees; true: the exact solver's, which looks at the face-down cards."))]
             = False) -> m.HintOut:
        found = service.hint(game_id, owner, deep, peek)
        move = None
        if found.move is not None:
            legal = found.seen.legal
            number = legal.index(found.move) + 1 if found.move in legal else 0
            move = views.move_out(number, found.move, found.move_words)
        return m.HintOut(source=found.source, status=found.status,  # type: ignore[arg-type]
                         move=move, words=found.text, chance=found.chance, low=found.low,
                         high=found.high, message=found.message, deeper=found.deeper)

    @api.post("/play/{game_id}/review", response_model=m.ReviewOut,
              summary="The game review (finished or not): ask until `result` is there",
              operation_id="review_game", responses=errors(*CHANGES, 404, 409, 422))
    def review(game_id: str, owner: Owner,
               samples: Annotated[int | None, Query(ge=1, le=MAX_SAMPLES, description=(
                   "Ways the face-down cards could lie, weighed at each position: more is "
                   f"finer and slower (default {SAMPLES}: a 150-move game in under a "
                   "minute)."))] = None,
               wait: Annotated[float, Query(ge=0, le=MAX_WAIT, description=(
                   "Seconds to wait for the result before answering how far it has got."))
               ] = 1.0) -> m.ReviewOut:
        job = service.review(game_id, owner, samples or web_review.SAMPLES, wait)
        if job.error is not None:
            raise ReviewFailed(_("the review stopped: {reason}").format(reason=job.error))
        result = m.ReviewResultOut.model_validate(job.answer) if job.answer else None
        return m.ReviewOut(stage="done" if result else job.stage,  # type: ignore[arg-type]
                           done=job.done, total=job.total, result=result)

    @api.get("/play/{game_id}/position", response_model=m.PositionOut,
             summary="The board after the game's first moves (read-only)",
             operation_id="game_position", responses=errors(*READS, 404, 409, 422))
    def position(game_id: str, owner: Owner,
                 moves: Annotated[int, Query(ge=0, le=MAX_MOVES)]) -> m.PositionOut:
        state, names = service.position(game_id, owner, moves)
        return m.PositionOut(moves_played=moves, state=state, pile_names=names)

    @api.post("/play/{game_id}/play-on", response_model=m.PlayOut, status_code=201,
              summary="A new game of this deal that goes on from after its first moves",
              operation_id="play_on",
              responses={201: {"links": game_links()}, **errors(*CHANGES, 404, 409, 422)})
    def play_on(game_id: str, owner: Owner,
                moves: Annotated[int, Query(ge=0, le=MAX_MOVES)]) -> m.PlayOut:
        return play_out(service.play_on(game_id, owner, moves))

    @api.get("/stats", response_model=m.StatsOut, summary="Statistics of finished games",
             operation_id="stats", responses=errors(*READS))
    def stats(owner: Owner) -> m.StatsOut:
        return m.StatsOut.model_validate(statistics(service.store.finished_games(owner)))

    return api




# Swagger UI at /docs loads its script and style from a CDN and starts with an inline
# script: that page alone gets a policy that allows them.
DOCS_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' https://cdn.jsdelivr.net; img-src 'self' data: https:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)


def _methods(request: Request) -> list[str]:
    """The methods some route of the app answers on the request's path."""
    found: set[str] = set()
    for route in request.app.routes:
        if isinstance(route, BaseRoute) and route.matches(request.scope)[0] != Match.NONE:
            found |= set(getattr(route, "methods", None) or ())
    return sorted(found)


def _answers_json(path: str) -> bool:
    """Whether ``path`` belongs to the API (errors in JSON) rather than to the pages."""
    return path == "/api" or path.startswith("/api/") or path == "/openapi.json"


MALFORMED = "malformed request: "


# Starlette's own details, for an address or a method nothing answers: translated too.
STARLETTE_WORDS = (N_("Not Found"), N_("Method Not Allowed"))


def _error(status: int, detail: str, headers: Mapping[str, str] | None = None) -> JSONResponse:
    if detail.startswith(MALFORMED):  # the validator's own words after it stay as they are
        detail = _("malformed request: ") + detail.removeprefix(MALFORMED)
    return JSONResponse({"detail": clip(detail)}, status_code=status, headers=headers)


def _said(exc: Exception) -> str:
    """A library error in the language spoken now. The service's errors, the engine's
    refusals of an option and the storage's are made in it (``service``, ``views``,
    ``engine.game``, ``storage``); an unknown game, a bad deck or deal number is said here
    in words, without the English detail the library gives."""
    if language() == "en" or isinstance(exc, (IllegalMove, Conflict, NotFound, SolverMissing,
                                              ReviewFailed, StorageError, OptionError)):
        return str(exc)
    if isinstance(exc, UnknownGame):
        return _("no such game: {games}").format(
            games=", ".join(game_name(g) for g in patience.list_games()))
    if isinstance(exc, DeckError):
        return _("the deck given is not a whole deck of cards")
    if "deal" in str(exc):
        return _("a deal number is a whole number from 0 to {last}").format(last=MASK64)
    return _("the request cannot be done: {reason}").format(reason=exc)


# Library and service errors -> HTTP status; the message is the error's own words. The most
# specific class wins (IllegalMove, OptionError and DeckError are ValueErrors): handlers are
# found along the raised exception's class hierarchy.
ERROR_STATUS: dict[type[Exception], int] = {
    IllegalMove: 409,
    Conflict: 409,
    NotFound: 404,
    UnknownGame: 404,
    SolverMissing: 503,
    ReviewFailed: 503,
    StorageError: 503,
    OptionError: 422,
    DeckError: 422,
    ValueError: 422,
}


def _answer_with(status: int) -> Callable[[Request, Exception], Awaitable[JSONResponse]]:
    async def answer(_request: Request, exc: Exception) -> JSONResponse:
        return _error(status, _said(exc))

    return answer


async def _damaged(_: Request, exc: Exception) -> JSONResponse:
    """409 saying from which move the saved game is damaged, with the way to recover it."""
    body: dict[str, Any] = {"detail": clip(str(exc))}  # said in words by the service
    if isinstance(exc, Damaged) and exc.recoverable:
        body["recover"] = f"/api/play/{exc.game_id}/recover"
    return JSONResponse(body, status_code=409)


def create_app(db_path: str | Path, *, host: str = "127.0.0.1",
               hosts: Sequence[str] = ()) -> FastAPI:
    """The app over the SQLite database at ``db_path`` (created when missing), served on
    ``host``: it answers to that address and this computer's loopback names, plus
    ``hosts`` (``"testserver"`` for Starlette's test client). StorageError when the file
    cannot serve."""
    store = GameStore(db_path)
    service = GameService(store)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        service.reviews.close()  # the review's worker processes end with the app

    app = FastAPI(title="patience", version=patience.__version__,
                  description="Play the nine old decorative patience games.",
                  docs_url=None, redoc_url=None, lifespan=lifespan)
    app.state.service = service
    app.include_router(api_router(service))
    # The last added runs first: headers on every answer, then the host, the size, the origin.
    app.add_middleware(SameOrigin)
    app.add_middleware(BodyLimit, limit=BODY_LIMIT, larger={IMPORT_PATH: IMPORT_LIMIT})
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts(host, hosts))
    app.add_middleware(ExtraHeaders, headers=SECURITY_HEADERS)
    app.add_middleware(Language)

    for error, status in ERROR_STATUS.items():
        app.add_exception_handler(error, _answer_with(status))
    app.add_exception_handler(Damaged, _damaged)

    @app.exception_handler(RequestValidationError)
    async def malformed(_: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for err in exc.errors():
            if err.get("type") == "json_invalid":
                parts.append(describe_parse_error(None))
                continue
            where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
            parts.append(f"{where}: {err.get('msg')}" if where else str(err.get("msg")))
        return _error(422, "malformed request: " + "; ".join(parts))

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        """FastAPI's 400 for a body it could not read: too large (413) or malformed (422);
        a 405 lists every method of the path (one route per method answers it); an address
        outside the API that nothing serves is a page a browser shows."""
        if exc.status_code == 404 and not _answers_json(request.url.path):
            return not_found(request.url.path)
        if isinstance(exc.__cause__, BodyTooLarge):
            return _error(413, str(exc.__cause__))
        if exc.status_code == 400 and exc.__cause__ is not None:
            return _error(422, "malformed request: " + describe_parse_error(exc.__cause__))
        detail = _(exc.detail) if exc.detail in STARLETTE_WORDS else str(exc.detail)
        if exc.status_code == 405:
            return _error(405, detail, {"Allow": ", ".join(_methods(request))})
        return _error(exc.status_code, detail, exc.headers)

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = finished(FastAPI.openapi(app))
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def index() -> str:
        return render("index.html")

    @app.get("/stats", response_class=HTMLResponse, include_in_schema=False)
    def stats_page() -> str:
        return render("stats.html")

    app.include_router(pages_router(lambda: render("play.html")))
    app.include_router(housekeeping_router(service))

    @app.get("/docs", response_class=HTMLResponse, include_in_schema=False)
    def docs() -> HTMLResponse:
        page = get_swagger_ui_html(openapi_url="/openapi.json", title="patience API")
        page.headers["Content-Security-Policy"] = DOCS_POLICY
        return page

    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    return app
