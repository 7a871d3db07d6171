"""Each request is answered in its language: the settings' cookie, then ``?lang=``, then
the browser's Accept-Language, else English; the page says which (``<html lang>``,
Content-Language) and carries its catalog for the scripts."""

from __future__ import annotations

import json
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from patience import i18n
from patience.games.texts_i18n import names
from patience.web.language import accepted
from tests.web.conftest import make_app


def words_of(html: str) -> dict[str, object]:
    found = re.search(r'<script type="application/json" id="words">(.*?)</script>', html, re.S)
    assert found, "the page carries no catalog"
    data: dict[str, object] = json.loads(found.group(1))
    return data


def lang_of(html: str) -> str:
    found = re.search(r'<html lang="(\w+)">', html)
    assert found
    return found.group(1)


@pytest.mark.parametrize(("header", "lang"), [
    ("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", "ru"),
    ("hu", "hu"),
    ("de-DE, hu;q=0.5, ru;q=0.4", "hu"),
    ("en;q=0.2, ru;q=0.8", "ru"),
    ("ru;q=0, hu;q=0.1", "hu"),
    ("ru;q=bad, en", "en"),
    ("de, fr", None),
    ("", None),
    (None, None),
])
def test_accept_language_by_weight(header: str | None, lang: str | None) -> None:
    assert accepted(header) == lang


@pytest.mark.parametrize("path", ["/", "/stats", "/play/sun/1"])
def test_the_browser_language_chooses_the_page(client: TestClient, path: str) -> None:
    r = client.get(path, headers={"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"})
    assert r.status_code == 200
    assert lang_of(r.text) == "ru"
    assert r.headers["content-language"] == "ru"
    assert "Accept-Language" in r.headers["vary"]
    data = words_of(r.text)
    assert data["lang"] == "ru" and data["plural"] == ["one", "few", "many"]
    assert isinstance(data["messages"], dict) and data["messages"]
    # the card faces' letters: valet, dama, korol, tuz
    assert data["ranks"] == {"T": "10", "J": "\u0412", "Q": "\u0414", "K": "\u041a",
                             "A": "\u0422"}


def test_the_cookie_outranks_the_browser_and_the_address(client: TestClient) -> None:
    client.cookies.set("lang", "hu")
    r = client.get("/?lang=ru", headers={"Accept-Language": "ru"})
    assert lang_of(r.text) == "hu" and r.headers["content-language"] == "hu"


def test_the_address_chooses_without_a_cookie(client: TestClient) -> None:
    r = client.get("/stats?lang=hu", headers={"Accept-Language": "ru"})
    assert lang_of(r.text) == "hu"


@pytest.mark.parametrize(("cookie", "header"), [("de", "fr"), ("", None), ("../ru", "xx")])
def test_anything_else_is_english(client: TestClient, cookie: str, header: str | None) -> None:
    client.cookies.set("lang", cookie)
    r = client.get("/", headers={"Accept-Language": header} if header else {})
    assert lang_of(r.text) == "en" and r.headers["content-language"] == "en"
    assert words_of(r.text)["messages"] == {}


def test_an_error_page_in_the_language(client: TestClient) -> None:
    r = client.get("/play/nosuch/1", headers={"Accept-Language": "ru"})
    assert r.status_code == 404 and lang_of(r.text) == "ru"
    for name in names("ru").games.values():
        assert name in r.text


def test_the_api_speaks_the_language_too(client: TestClient) -> None:
    """An API answer is in the request's language as well (Content-Language)."""
    r = client.get("/api/games", headers={"Accept-Language": "hu"})
    assert r.status_code == 200 and r.headers["content-language"] == "hu"


def test_two_requests_in_two_languages_never_mix(db: Path) -> None:
    """The language is the request's own (a context variable), not the process's."""
    with TestClient(make_app(db)) as client:
        def page(lang: str) -> str:
            return lang_of(client.get("/", headers={"Accept-Language": lang}).text)

        langs = ["ru", "hu", "en"] * 20
        with ThreadPoolExecutor(6) as pool:
            assert list(pool.map(page, langs)) == langs
    assert i18n.language() == "en"  # nothing leaks into the process


def test_speaking_is_undone_after_the_block() -> None:
    with i18n.speaking("ru") as lang:
        assert lang == "ru" and i18n.language() == "ru"
        assert i18n.ngettext("({n} move)", "({n} moves)", 5) != "({n} moves)"
    assert i18n.language() == "en"
