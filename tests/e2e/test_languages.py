"""The pages in Russian and Hungarian, in Chromium at a phone's size (390 × 844) and a
desktop's (1280 × 800): the home page, the statistics and a deal of each of the nine games
say their language in ``<html lang>``, show no English of their own, no button's words
spill over it, and axe-core finds nothing serious; the settings' language choice and the
home page's set the cookie and reload in the language chosen; with no cookie the browser's
language (Accept-Language) chooses.

The words the server sends (game names, summaries and options, from /api/games) are
checked apart from the page's own (``test_server_words_are_translated``), so that a failure
says which side left English behind. Two games in Russian are the README's screenshots."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import patience
from patience.words import RANK_LETTERS
from tests.e2e.conftest import watched
from tests.e2e.test_table import axe_serious
from tests.played import practical_moves

pytestmark = pytest.mark.e2e
GAMES = [g.id for g in patience.list_games()]
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
PAGES = ["/", "/stats", *(f"/play/{g}/1" for g in GAMES)]

# Latin words a Russian page may show: the app's name, key names in <kbd>, the format of
# the statistics file, the languages named in their own words, and the clock's Roman hours.
RU_LATIN = {"patience", "Enter", "Esc", "JSON", "English", "Magyar"}
ROMAN = re.compile(r"^[IVX]+$")
# English words that no Hungarian page should show (none of them is a Hungarian word).
ENGLISH = {"the", "and", "of", "move", "moves", "undo", "redo", "hint", "new", "menu",
           "settings", "game", "games", "deal", "rules", "statistics", "won", "lost", "played"}

# The words of the visible buttons that spill over their box.
OVERFLOWING = """() => [...document.querySelectorAll('button, a.button, label.button')]
  .filter((b) => b.offsetParent !== null && b.getClientRects().length
    && (b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1))
  .map((b) => `${b.id || b.className}: ${b.innerText.replace(/\\s+/g, ' ')}`)"""

# What the server says in the page's language about the games: their names, summaries,
# options, choices (codes such as "purposeful") and each choice in words.
SERVER_WORDS = """async () => {
  const games = await (await fetch('/api/games')).json();
  const out = [];
  for (const g of games) {
    out.push(g.name, g.summary);
    for (const o of g.options) {
      out.push(o.label, o.label.replace(/\\s*\\(.*\\)$/, ''), o.help, ...o.choices.map(String),
               ...Object.values(o.choices_words), ...Object.values(o.choices_names || {}));
    }
  }
  return out.filter(Boolean).sort((a, b) => b.length - a.length);
}"""


def foreign(lang: str, text: str) -> list[str]:
    """The words of ``text`` that are not the language's."""
    words = re.findall(r"[A-Za-z]{2,}", text)
    if lang == "ru":
        return sorted({w for w in words if w not in RU_LATIN and not ROMAN.match(w)})
    return sorted({w for w in words if w.lower() in ENGLISH})


def ready(page: Any, path: str) -> None:
    if path.startswith("/play/"):
        page.wait_for_selector("body[data-ready='1'][data-status]")
    elif path == "/stats":
        page.wait_for_selector("#stats-table tbody tr")
    else:
        page.wait_for_selector("#games .game-card")
        page.wait_for_load_state("networkidle")  # the unfinished games listed too


@pytest.fixture(scope="module", params=["ru", "hu"])
def survey(request: pytest.FixtureRequest, browser: Any, base_url: str) -> Iterator[dict[str, Any]]:
    """Every page at both sizes in one language, in one browser context: what each shows."""
    lang = request.param
    context = browser.new_context(viewport=SIZES["phone"])
    context.add_cookies([{"name": "lang", "value": lang, "url": base_url}])
    page, errors = watched(context)
    seen: dict[tuple[str, str], dict[str, Any]] = {}
    server: list[str] = []
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        for path in PAGES:
            page.goto(base_url + path)
            ready(page, path)
            if not server:
                server = page.evaluate(SERVER_WORDS)
            text = page.evaluate("document.body.innerText")
            own = text
            for said in server:  # whole words only: a choice "any" leaves "many" alone
                own = re.sub(rf"(?<!\w){re.escape(said)}(?!\w)", " ", own)
            seen[(path, size)] = {
                "lang": page.evaluate("document.documentElement.lang"),
                "own": foreign(lang, own), "all": foreign(lang, text),
                "overflow": page.evaluate(OVERFLOWING),
                "axe": axe_serious(page),
            }
    yield {"lang": lang, "seen": seen, "errors": errors}
    context.close()


def failures(survey: dict[str, Any], key: str) -> dict[str, Any]:
    return {f"{path} ({size})": found[key] for (path, size), found in survey["seen"].items()
            if found[key]}


def test_every_page_says_its_language(survey: dict[str, Any]) -> None:
    wrong = {f"{path} ({size})": found["lang"] for (path, size), found in survey["seen"].items()
             if found["lang"] != survey["lang"]}
    assert not wrong
    assert not survey["errors"], f"JavaScript errors on the page: {survey['errors']}"


def test_no_english_of_the_page_shows(survey: dict[str, Any]) -> None:
    assert not failures(survey, "own")


def test_no_button_spills_its_words(survey: dict[str, Any]) -> None:
    assert not failures(survey, "overflow")


def test_axe_finds_nothing_serious(survey: dict[str, Any]) -> None:
    assert not failures(survey, "axe")


def test_server_words_are_translated(survey: dict[str, Any]) -> None:
    assert not failures(survey, "all")


def test_the_settings_choose_the_language(browser: Any, base_url: str) -> None:
    context = browser.new_context(viewport=SIZES["desktop"])
    page, errors = watched(context)
    try:
        page.goto(f"{base_url}/play/sun/1")
        ready(page, "/play/sun/1")
        assert page.evaluate("document.documentElement.lang") == "en"
        page.click("#menu")
        page.click("#settings")
        with page.expect_navigation():
            page.click("#settings-dialog input[name='lang'][value='ru']")
        ready(page, "/play/sun/1")
        assert page.evaluate("document.documentElement.lang") == "ru"
        assert page.inner_text("#undo .label") == "Отмена"
        cookie = next(c for c in context.cookies() if c["name"] == "lang")
        assert cookie["value"] == "ru" and cookie["path"] == "/" and cookie["sameSite"] == "Lax"
        assert cookie["expires"] > 0, "the choice is remembered past this visit"
        page.goto(f"{base_url}/stats")  # remembered on the next page
        assert page.evaluate("document.documentElement.lang") == "ru"
        with page.expect_navigation():
            page.click(".langs button[data-lang='hu']")
        assert page.evaluate("document.documentElement.lang") == "hu"
        assert page.inner_text("h1") == "Statisztika"
        assert not errors, errors
    finally:
        context.close()


def test_the_browsers_language_chooses_without_a_cookie(browser: Any, base_url: str) -> None:
    context = browser.new_context(locale="ru-RU")
    page, errors = watched(context)
    try:
        page.goto(f"{base_url}/")
        ready(page, "/")
        assert page.evaluate("document.documentElement.lang") == "ru"
        assert page.inner_text("nav a[href='/stats']") == "Статистика"
        assert page.get_attribute(".langs button[data-lang='ru']", "aria-pressed") == "true"
        assert not errors, errors
    finally:
        context.close()


def test_russian_counts_take_their_three_forms(browser: Any, base_url: str) -> None:
    context = browser.new_context()
    context.add_cookies([{"name": "lang", "value": "ru", "url": base_url}])
    page, errors = watched(context)
    try:
        page.goto(f"{base_url}/")
        said = page.evaluate("""async () => {
          const { count, word } = await import('/static/plural.js');
          return [count(1, 'move'), count(2, 'move'), count(5, 'move'), count(21, 'move'),
                  count(12, 'game'), word(3, 'move')];
        }""")
        assert said == ["1 ход", "2 хода", "5 ходов", "21 ход", "12 пасьянсов", "хода"]
        assert not errors, errors
    finally:
        context.close()


def test_keys_work_on_a_russian_layout(browser: Any, base_url: str) -> None:
    """On a Russian layout "h" types "р": the key's place (KeyH) still asks for a hint."""
    context = browser.new_context(viewport=SIZES["desktop"])
    context.add_cookies([{"name": "lang", "value": "ru", "url": base_url}])
    page, errors = watched(context)
    try:
        page.goto(f"{base_url}/play/sun/1")
        ready(page, "/play/sun/1")
        page.evaluate("""() => document.dispatchEvent(new KeyboardEvent('keydown',
          { key: '?', code: 'Digit7', shiftKey: true, bubbles: true }))""")
        page.evaluate("""() => document.dispatchEvent(new KeyboardEvent('keydown',
          { key: 'р', code: 'KeyH', bubbles: true }))""")
        page.wait_for_selector("body[data-hint]", state="attached")
        assert not errors, errors
    finally:
        context.close()


@pytest.mark.parametrize(("game", "deals"), [("sun", 7), ("star", 0)])
def test_russian_screenshots(screen: tuple[str, Any], base_url: str, screenshot_dir: Path,
                             game: str, deals: int) -> None:
    """Sun (its arcs dealt) and Star in Russian, a hint shown: the README's pictures."""
    kind, page = screen
    page.context.add_cookies([{"name": "lang", "value": "ru", "url": base_url}])
    page.goto(f"{base_url}/play/{game}/4")
    ready(page, f"/play/{game}/4")
    for done in range(1, deals + 1):  # as far as the rules let the arcs be dealt now
        enabled = page.locator("#actions button[data-action]:not([disabled])")
        if not enabled.count():
            break
        enabled.first.click()
        page.wait_for_selector(f"body[data-ready='1'][data-moves-played='{done}']")
    page.click("#hint")
    page.wait_for_selector("body[data-hint]", state="attached", timeout=15_000)
    said = page.inner_text("#message")
    assert re.search("[а-яё]", said) and not foreign("ru", said), said
    page.wait_for_timeout(1200)  # the cards come to rest
    name = f"{game}-ru.png" if kind == "desktop" else f"{game}-ru-phone.png"
    page.screenshot(path=str(screenshot_dir / name))


@pytest.mark.parametrize("lang", ["ru", "hu"])
def test_the_game_review_in_the_language(browser: Any, base_url: str, lang: str,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A game reviewed in the language: the panel, its graph's labels, a position opened
    from the graph with its better move, all without English."""
    from patience.web import review

    monkeypatch.setattr(review, "SAMPLES", 2)
    monkeypatch.setattr(review, "EXACT_SECONDS", 0.2)
    monkeypatch.setattr(review, "EXACT_SOLVES", 4)
    context = browser.new_context(viewport=SIZES["desktop"])
    context.add_cookies([{"name": "lang", "value": lang, "url": base_url}])
    page, errors = watched(context)
    try:
        page.goto(f"{base_url}/play/clock/3")
        page.wait_for_selector("body[data-ready='1'][data-moves-played='0']")
        gid = page.get_attribute("body", "data-game-id")
        moves = practical_moves("clock", 3, 12)
        for move in moves:
            assert page.request.post(f"{base_url}/api/play/{gid}/move", data=move).ok
        page.reload()
        page.wait_for_selector(f"body[data-ready='1'][data-moves-played='{len(moves)}']")
        page.click("#menu")
        page.click("#review-open")
        page.wait_for_selector(".review-graph .hit", timeout=60_000)
        panel = page.inner_text("#review")
        graph = page.evaluate("""() => [...document.querySelectorAll('.review-graph text, '
          + '.review-graph title')].map((t) => t.textContent).join(' ')""")
        page.click(".review-graph .hit[data-move='3']")
        page.wait_for_selector("body[data-review-view='3']")
        view = page.inner_text("#review-view")
        for said in (panel, graph, view):
            assert said.strip() and not foreign(lang, said), said
        assert not errors, errors
    finally:
        context.close()


def rules_shown(page: Any) -> str:
    """The rules drawer's text, its cells apart, but its code spans (what the terminal
    takes: `6d`) and the quotations of the source texts (the Hungarian Sun's in Hungarian)."""
    return str(page.evaluate("""() => { const copy = document.querySelector('#rules-text')
      .cloneNode(true); copy.querySelectorAll('code').forEach((c) => c.remove());
      copy.querySelectorAll('li, p').forEach((q) => { if (/^\\s*[«„]/.test(q.textContent)) q.remove(); });
      return [...copy.querySelectorAll('p, li, h1, h2, h3, td, th')]
        .map((e) => e.textContent).join(' '); }"""))


# Each face-up card's corner letter and its code, as the table draws them.
CORNERS = """() => [...document.querySelectorAll('g.card[data-card]')]
  .map((g) => [g.dataset.card, g.querySelector('text').textContent])"""


@pytest.mark.parametrize("lang", ["en", "ru", "hu"])
def test_card_faces_carry_the_languages_letters(browser: Any, base_url: str, lang: str) -> None:
    """The cards' corners say the ranks as the terminal and the move words do
    (``words.RANK_LETTERS``, sent in the page's catalog): a Russian king is К, an ace Т."""
    context = browser.new_context(viewport=SIZES["desktop"])
    context.add_cookies([{"name": "lang", "value": lang, "url": base_url}])
    page, errors = watched(context)
    try:
        page.goto(f"{base_url}/play/sun/1")
        ready(page, "/play/sun/1")
        corners = dict(page.evaluate(CORNERS))
        letters = RANK_LETTERS[lang]
        assert any(card[0] in "TJQKA" for card in corners)  # a letter to show
        assert corners == {card: letters.get(card[0], card[0]) for card in corners}
        assert not errors, errors
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["ru", "hu"])
def test_every_rules_text_in_the_language(browser: Any, base_url: str, lang: str) -> None:
    """The rules of each game as the page shows them: option and action codes in words."""
    context = browser.new_context(viewport=SIZES["desktop"])
    context.add_cookies([{"name": "lang", "value": lang, "url": base_url}])
    page, errors = watched(context)
    shown = {}
    try:
        for game in GAMES:
            page.goto(f"{base_url}/play/{game}/1")
            ready(page, f"/play/{game}/1")
            page.click("#menu")
            page.click("#rules summary")
            page.wait_for_selector("#rules-text > *")
            shown[game] = foreign(lang, rules_shown(page))
        assert not {game: found for game, found in shown.items() if found}
        assert not errors, errors
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["ru", "hu"])
def test_the_end_of_a_game_and_the_rules_in_the_language(browser: Any, base_url: str,
                                                        lang: str) -> None:
    """The rules drawer, a hint, the resign question and the end-of-game banner, and the
    statistics that count the game: none of them English."""
    context = browser.new_context(viewport=SIZES["phone"])
    context.add_cookies([{"name": "lang", "value": lang, "url": base_url}])
    page, errors = watched(context)
    asked: list[str] = []

    def answer(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.accept()

    page.on("dialog", answer)
    try:
        page.goto(f"{base_url}/play/star/8")
        ready(page, "/play/star/8")
        page.click("#hint")
        page.wait_for_selector("body[data-hint]", state="attached", timeout=15_000)
        hint = page.inner_text("#message")
        page.click("#menu")
        page.click("#rules summary")
        page.wait_for_selector("#rules-text > *")
        rules = rules_shown(page)
        page.click("#resign")
        page.wait_for_selector("body[data-status='resigned'] #banner:not([hidden])")
        banner = page.inner_text("#banner")
        page.goto(f"{base_url}/stats")
        page.wait_for_selector("#stats-table tr[data-game='star'] td")
        stats = page.inner_text("main")
        for said in (hint, rules, *asked, banner, stats):
            assert said.strip() and not foreign(lang, said), said
        assert not errors, errors
    finally:
        context.close()
