"""The rules texts and names in Russian and Hungarian (``texts/<lang>/*.md``,
``texts/names.toml``): every game has a text in each language, shaped as its English text
(the same headings in the same order, the same clause markers at the same passages, the
same words in code type), ending with the old text's own sentences; the names are complete;
and no English is left outside code spans."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

import patience
from patience.games.texts_i18n import (
    FORMS,
    GAME_IDS,
    LANGUAGES,
    PILE_KINDS,
    RANKS,
    SUITS,
    TEXT_IDS,
    UnknownLanguage,
    names,
    rules_text,
)

ROOT = Path(__file__).parent.parent.parent
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
MARK = re.compile(r"\{([A-Z]{3}-\d+(?:, [A-Z]{3}-\d+)*)\}")
CODE = re.compile(r"`[^`]*`")
HEADING = re.compile(r"^(#+) ", re.M)
# the section each translation ends with, quoting the old text
SOURCES_HEADING = {"ru": "## Из старого текста", "hu": "## A régi szövegből"}
# common English words that a Russian or Hungarian text has no reason to hold (not "is",
# which is Hungarian too)
ENGLISH = re.compile(r"\b(the|and|of|to|are|card|cards|pile|piles|with|from|onto|when|"
                     r"which|then|there|you|your|may|game|foundation|stock|default)\b",
                     re.I)


def markers(text: str) -> list[str]:
    return MARK.findall(text)


def cases() -> list[tuple[str, str]]:
    return [(game_id, lang) for lang in TRANSLATED for game_id in TEXT_IDS]


def own_part(game_id: str, lang: str) -> str:
    """The translation without its closing quotations of the old text."""
    text = rules_text(game_id, lang)
    return text[:text.index(SOURCES_HEADING[lang])]


def test_the_games_are_the_registered_ones() -> None:
    assert [g.id for g in patience.list_games()] == list(GAME_IDS)


@pytest.mark.parametrize(("game_id", "lang"), cases())
def test_every_text_has_the_english_clause_markers_at_the_same_passages(
        game_id: str, lang: str) -> None:
    """The same markers in the same order: every clause id of the English text, no other."""
    english = (ROOT / "src/patience/games/texts" / f"{game_id}.md").read_text("utf-8")
    translated = (ROOT / "src/patience/games/texts" / lang / f"{game_id}.md").read_text("utf-8")
    assert markers(translated) == markers(english)
    plain = rules_text(game_id, lang)
    assert "{" not in plain and "\n\n\n" not in plain


@pytest.mark.parametrize(("game_id", "lang"), cases())
def test_every_text_has_the_english_headings_and_then_the_old_text(
        game_id: str, lang: str) -> None:
    english = HEADING.findall(rules_text(game_id, "en"))
    text = rules_text(game_id, lang)
    assert HEADING.findall(text) == [*english, "##"]
    last = [line for line in text.splitlines() if line.startswith("#")][-1]
    assert last == SOURCES_HEADING[lang]
    quoted = text[text.index(SOURCES_HEADING[lang]):]
    assert len(re.findall(r"«[^»]{20,}»|„[^”]{20,}”", quoted)) >= 2, (game_id, lang)


@pytest.mark.parametrize(("game_id", "lang"), cases())
def test_option_names_values_and_typed_words_stay_in_code_type(
        game_id: str, lang: str) -> None:
    assert set(CODE.findall(rules_text(game_id, lang))) == \
        set(CODE.findall(rules_text(game_id, "en")))


@pytest.mark.parametrize(("game_id", "lang"), cases())
def test_no_english_words_outside_code_spans(game_id: str, lang: str) -> None:
    text = CODE.sub("", own_part(game_id, lang))
    assert ENGLISH.findall(text) == []
    assert re.search("[а-яё]" if lang == "ru" else "[áéíóöőúüű]", text)


def test_russian_texts_are_in_modern_orthography_outside_the_quotations() -> None:
    for game_id in TEXT_IDS:
        assert not re.search("[ѣђіѵѳ]|ъ\\b", own_part(game_id, "ru"), re.I), game_id


def test_players_read_no_pile_ids_or_move_notation() -> None:
    """As in a game's English text: piles are named in words, moves never written in
    notation (``all-games`` names the ids ``found1``, ``found2`` for the API's readers)."""
    for game_id, lang in cases():
        if game_id == "all-games":
            continue
        text = rules_text(game_id, lang)
        assert not re.search(r"[\w.-]+(?:\[\d+\])?>[\w.-]+", text), (game_id, lang)
        assert not re.search(r"\b(?:ray|col|found|pile|hour|packet|cell|base|toad)\d", text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_names_are_complete(lang: str) -> None:
    n = names(lang)
    assert n.lang == lang
    assert set(n.games) == set(GAME_IDS) and all(n.games.values())
    assert len(set(n.games.values())) == len(GAME_IDS)
    for table, keys, forms in ((n.ranks, RANKS, FORMS[lang]["ranks"]),
                               (n.suits, SUITS, FORMS[lang]["suits"]),
                               (n.piles, PILE_KINDS, FORMS[lang]["piles"])):
        assert set(table) == set(keys)
        for key in keys:
            assert set(table[key]) == set(forms), (key, table[key])
            assert all(word.strip() for word in table[key].values()), key
    for game_id, kinds in n.game_piles.items():
        assert game_id in GAME_IDS
        for kind, words in kinds.items():
            assert kind in PILE_KINDS and set(words) == set(FORMS[lang]["piles"])


def test_the_names_are_the_sources_words() -> None:
    ru, hu = names("ru"), names("hu")
    assert ru.games == {"sun": "Солнце", "star": "Звезда", "shah": "Шах",
                        "blockade": "Блокада", "clock": "Часы", "rainbow": "Радуга",
                        "open-shop": "Открытый магазин", "toad": "Жаба",
                        "double-star": "Звезда на двух колодах"}
    assert names("en").games == {g.id: g.name for g in patience.list_games()}
    assert hu.games["sun"] == "Nap"
    # "с луча 2 на туза червей", "пятерка бубен"
    assert (ru.pile("ray")["from"], ru.ranks["A"]["accusative"],
            ru.suits["H"]["genitive_plural"]) == ("с луча", "туза", "червей")
    assert f"{ru.ranks['5']['nominative']} {ru.suits['D']['genitive_plural']}" == \
        "пятерка бубен"
    assert ru.pile("foundation", "shah")["nominative"] == "основная карта"
    assert ru.pile("foundation", "rainbow")["nominative"] == "базовая стопка"
    assert (hu.ranks["A"]["nominative"], hu.ranks["K"]["nominative"],
            hu.ranks["Q"]["nominative"], hu.ranks["J"]["nominative"]) == \
        ("ász", "király", "dáma", "bubi")
    assert [hu.suits[s]["nominative"] for s in SUITS] == ["pikk", "kőr", "káró", "treff"]
    assert hu.pile("ray")["from"] == "sugárról"


def test_unknown_language_or_text() -> None:
    with pytest.raises(UnknownLanguage):
        names("de")
    with pytest.raises(UnknownLanguage):
        rules_text("sun", "de")
    with pytest.raises(KeyError):
        rules_text("solitaire", "ru")


def test_the_texts_and_names_ship_with_the_package() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    shipped = pyproject["tool"]["setuptools"]["package-data"]["patience"]
    assert {"games/texts/*.md", "games/texts/*/*.md", "games/texts/names.toml"} <= set(shipped)
    texts = ROOT / "src/patience/games/texts"
    assert {p.name for p in texts.glob("*.md")} == {f"{t}.md" for t in TEXT_IDS}
    for lang in TRANSLATED:
        assert {p.name for p in (texts / lang).glob("*.md")} == {f"{t}.md" for t in TEXT_IDS}


def test_clause_ids_show_as_the_english_text_shows_them() -> None:
    for lang in LANGUAGES:
        marked = rules_text("shah", lang, clause_ids=True)
        assert "`SHA-8` " in marked and "{" not in marked
    assert rules_text("sun", "en") == next(
        g for g in patience.list_games() if g.id == "sun").rules_text()
