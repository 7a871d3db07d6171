"""What the page is told, in Russian and Hungarian: a refused move (no pile id, no English),
the service's errors, the rules, the games' names and options, the statistics, the hints
and the game review's words.

Most tests speak the language with ``i18n.use`` and call the routes' functions and the
service directly, where the request's language is what ``i18n`` speaks; the last ones send
``Accept-Language`` through the whole app (web/language.py chooses the request's).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

import patience
from patience import i18n
from patience.engine.moves import IllegalMove
from patience.games.texts_i18n import names
from patience.solver.review import MoveReview, Review
from patience.storage.games import GameStore
from patience.web import review as web_review
from patience.web import views
from patience.web.app import api_router
from patience.web.housekeeping import checked
from patience.web.models import SavedGame
from patience.web.service import Conflict, GameService, NotFound
from patience.web.stats import statistics
from tests.unit.test_i18n_terminal import english_in

OWNER = "a" * 32
CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)
PILE_ID = re.compile(r"(?<![\w-])(?:ray\d+(?:\.\d)?|cell-\d+|base-\d+|col\d+|found\d+|hour\d+|"
                     r"packet\d+|pile\d+|toad\d*|ace-[SHDC]|king-[SHDC]|reserve|stock|talon)"
                     r"(?![\w-])")



@pytest.fixture
def service(tmp_path: Path) -> Iterator[GameService]:
    found = GameService(GameStore(tmp_path / "games.sqlite3"))
    try:
        yield found
    finally:
        found.reviews.close()


def in_language(lang: str, text: str) -> None:
    """``text`` is in ``lang``: no common English word, no pile id, no move notation."""
    assert english_in(text) == set(), text
    assert not PILE_ID.search(text) and ">" not in text, text
    if lang == "ru":
        assert CYRILLIC.search(text), text


def route(service: GameService, name: str) -> Callable[..., Any]:
    """The function of the API route ``name`` (its operation id), to call in a language."""
    for found in api_router(service).routes:
        if isinstance(found, APIRoute) and found.operation_id == name:
            return found.endpoint
    raise LookupError(name)


def test_a_refused_move_says_why_in_words(service: GameService, lang: str) -> None:
    game = service.start(OWNER, "star", {}, 1, "deal", False)
    with pytest.raises(IllegalMove) as caught:
        service.play(game.id, OWNER, {"from": "reserve", "to": "cell-1"})
    in_language(lang, str(caught.value))
    with pytest.raises(IllegalMove) as caught:
        service.play(game.id, OWNER, {"action": "fly"})
    in_language(lang, str(caught.value))


@pytest.mark.parametrize("game", [g.id for g in patience.list_games()])
def test_every_game_s_refusals_in_words(service: GameService, lang: str, game: str) -> None:
    started = service.start(OWNER, game, {}, 1, "deal", False)
    state = service.load(started.id, OWNER).state
    piles = [p.id for p in state.rules.layout]
    for move in state.legal_moves()[:3]:
        if move.card is None:
            continue
        for to in piles:
            wrong = {"from": move.from_pile, "to": to, "card": move.card}
            try:
                state.copy().resolve(wrong)
            except IllegalMove:
                with pytest.raises(IllegalMove) as caught:
                    service.play(started.id, OWNER, wrong)
                in_language(lang, str(caught.value))
                break
    for action in state.rules.actions:
        try:
            state.copy().resolve({"action": action})
        except IllegalMove:
            with pytest.raises(IllegalMove) as caught:
                service.play(started.id, OWNER, {"action": action})
            in_language(lang, str(caught.value))


def test_the_service_s_errors_in_the_language(service: GameService, lang: str) -> None:
    game = service.start(OWNER, "sun", {}, 1, "deal", False)
    for call in (lambda: service.undo(game.id, OWNER), lambda: service.redo(game.id, OWNER),
                 lambda: service.review(game.id, OWNER, 2, 0.0)):
        with pytest.raises(Conflict) as caught:
            call()
        in_language(lang, str(caught.value))
    with pytest.raises(NotFound) as missing:
        service.view("nothing-here", OWNER)
    assert CYRILLIC.search(str(missing.value)) or "böngész" in str(missing.value)
    service.resign(game.id, OWNER)
    with pytest.raises(Conflict) as over:
        service.play(game.id, OWNER, {"action": "deal"})
    in_language(lang, str(over.value))
    assert service.why(game.id, OWNER, "ray1", None, None).reason  # the resignation's words
    in_language(lang, service.why(game.id, OWNER, "ray1", None, None).reason)


def test_why_a_card_cannot_move_in_words(service: GameService, lang: str) -> None:
    game = service.start(OWNER, "clock", {}, 1, "deal", False)
    state = service.load(game.id, OWNER).state
    for pile in ("packet2", "packet5", "talon", "stock"):
        said = views.explain(state, pile, None, None).reason
        if said:
            in_language(lang, said)
    with pytest.raises(IllegalMove) as caught:
        views.explain(state, "nowhere", None, None)
    in_language(lang, str(caught.value))


def test_rules_names_and_options_in_the_language(service: GameService, lang: str) -> None:
    rules = route(service, "rules")("sun")
    assert rules.markdown.startswith(f"# {names(lang).games['sun']}")
    games = route(service, "list_games")()
    assert [g.name for g in games] == [names(lang).games[g.id] for g in games]
    for g in games:
        assert "deal" not in g.summary.split()
        for option in g.options:
            in_language(lang, option.label)
            for said in option.choices_words.values():
                assert english_in(said) == set(), said
            assert english_in(option.help) == set(), option.help


def test_statistics_name_the_games_in_the_language(lang: str) -> None:
    said = statistics([])
    assert [g["name"] for g in said["games"]] == [
        names(lang).games[g.id] for g in patience.list_games()]


def test_the_careful_hint_in_the_language(service: GameService, lang: str) -> None:
    service.hint_samples = 4
    game = service.start(OWNER, "sun", {}, 1, "deal", False)
    found = service.hint(game.id, OWNER)
    in_language(lang, found.text)


def _review() -> tuple[dict[str, Any], Review]:
    """A made-up review of two moves of Sun, deal 1 (a mistake, then a good move)."""
    state = patience.get_game("sun").new(deal=1)
    first, other = state.legal_moves()[0], state.legal_moves()[-1]
    after = state.copy()
    after.play(first)
    second = after.legal_moves()[0]
    record = {"game": "sun", "rules_version": "1", "options": {}, "deal": 1,
              "moves": [first.to_dict(), second.to_dict()]}
    found = Review((MoveReview(1, first, 0.8, 0.6, other, 0.75, "mistake", 3),
                    MoveReview(2, second, 0.6, 0.6, second, 0.6, "good", 2)), 0.8, 2, 0.1)
    return record, found


def test_the_review_s_words_in_the_language(lang: str) -> None:
    record, found = _review()
    said = web_review.answer(record, found, "")
    for line in said["summary"]:
        in_language(lang, line)
    assert said["moves"][0]["verdict"] == "mistake"
    assert said["moves"][0]["verdict_words"] == {"ru": "ошибка", "hu": "hiba"}[lang]
    for entry in said["moves"]:
        in_language(lang, entry["move"]["words"])


def test_a_review_job_answers_in_each_request_s_language() -> None:
    """The review is worked out without a language (workers, a thread); its words are
    made when a request reads the job, in that request's language."""
    record, found = _review()
    job = web_review.ReviewJob(record, 2, 2, stage="done", found=found)
    i18n.use("ru")
    try:
        russian = job.answer
    finally:
        i18n.use("en")
    english = job.answer
    assert russian is not None and english is not None
    assert russian["summary"][0].startswith("Разбор партии, 2 хода")
    assert english["summary"][0].startswith("Game review, 2 moves")


def test_an_import_refused_in_the_language(lang: str) -> None:
    saved = SavedGame(game="sun", options={}, deal=1, moves=[{"from": "ray1", "to": "ace-S"}],
                      status="lost", created=0.0, finished=1.0)
    with pytest.raises(Conflict) as caught:
        checked(1, saved)
    in_language(lang, str(caught.value).replace("sun", ""))


# --- through the whole app: the request's language (web/language.py) --------------------


def test_the_api_answers_in_the_accepted_language(client: TestClient) -> None:
    russian = {"Accept-Language": "ru"}
    rules = client.get("/api/games/sun/rules", headers=russian)
    assert rules.json()["markdown"].startswith("# Солнце")
    game = client.post("/api/play", json={"game": "star", "deal": 1}, headers=russian).json()
    refused = client.post(f"/api/play/{game['id']}/move", headers=russian,
                          json={"from": "reserve", "to": "cell-1"})
    assert refused.status_code == 409
    in_language("ru", refused.json()["detail"])


def test_the_api_in_english_names_no_pile_id(client: TestClient) -> None:
    game = client.post("/api/play", json={"game": "star", "deal": 1}).json()
    refused = client.post(f"/api/play/{game['id']}/move",
                          json={"from": "reserve", "to": "cell-1"})
    detail = refused.json()["detail"]  # "the reserve" is English for the reserve: ids only
    assert refused.status_code == 409 and not re.search(r"cell-\d|\w+\d+>|>", detail)
    assert "1:30 cell" in detail


@pytest.mark.parametrize(("accepted", "pile"), [("ru", "радуга"), ("hu", "szivárvány")])
def test_a_deal_lost_from_the_start_says_why_in_the_language(client: TestClient, accepted: str,
                                                              pile: str) -> None:
    """Rainbow deal 1, lost by its dead-end rule: the first hint (the solver's reason) and
    the second (the stored verdict) both say the rule's own sentence in the language."""
    headers = {"Accept-Language": accepted}
    game = client.post("/api/play", json={"game": "rainbow", "deal": 1}, headers=headers).json()
    for _ in range(2):
        answer = client.post(f"/api/play/{game['id']}/hint?peek=true", headers=headers).json()
        assert answer["status"] == "lost"
        assert pile in answer["message"].lower() and "21" in answer["message"], answer
        in_language(accepted, answer["message"])
