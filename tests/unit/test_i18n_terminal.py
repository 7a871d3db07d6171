"""The terminal in Russian and Hungarian: what a player meets in ``list``, ``rules``,
``show`` and ``play`` is in the chosen language, names as ``texts/names.toml`` gives them,
English stays the default, and the catalogs cover every message the code uses."""

from __future__ import annotations

import io
import re
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from typer.testing import CliRunner

import patience
from patience import hint_words, i18n, words
from patience.cli import app
from patience.engine.moves import Move
from patience.games.texts_i18n import names
from patience.local_words import pile_words
from patience.solver.careful_hint import CarefulHint, MoveEffects

runner = CliRunner()
SRC = Path(patience.__file__).parent
CATALOG = SRC / "locale" / "{lang}" / "LC_MESSAGES" / "patience.po"

# Common English words a player would meet if a message were left untranslated (not "a"
# and "is", which are Hungarian words too).
ENGLISH = {
    "the", "and", "of", "from", "to", "onto", "with", "no", "not", "or", "an",
    "move", "moves", "legal", "card", "cards", "deal", "deals", "deck", "decks", "stock",
    "ray", "rays", "status", "playing", "type", "hint", "undo", "undoes", "redo", "help",
    "quit", "quits", "foundation", "foundations", "pile", "piles", "king", "ace", "queen",
    "jack", "spades", "hearts", "diamonds", "clubs", "reserve", "options", "round", "stage",
    "clock", "game", "won", "lost", "illegal", "played", "base", "cell", "sunrise", "this",
    "there", "only", "what", "you", "see", "action", "such", "as", "by", "name", "case",
}
# What is typed or is code rather than words: card codes (as typed: as, 7h) and faces,
# option pairs, game ids, the typed commands and flags, code spans of the rules texts.
CODES = re.compile(r"`[^`]*`|--[\w-]+|\b\w+=\S+|\b[a2-9tjqk][shdc]\b"
                   r"|\b(?:10|[A2-9TJQK])[\u2660\u2665\u2666\u2663SHDC]?(?![\w])"
                   r"|\b(?:rules|sun|star|shah|blockade|clock|rainbow|open-shop|toad|"
                   r"double-star)\b")


def run(*args: str, stdin: str | None = None, env: dict[str, str] | None = None) -> str:
    result = runner.invoke(app, list(args), input=stdin, env=env)
    assert result.exit_code == 0, result.output
    return result.stdout


def english_in(text: str) -> set[str]:
    """The common English words in ``text``, codes and typed commands set aside."""
    return {w for w in re.findall(r"[A-Za-z']+", CODES.sub(" ", text)) if w.lower() in ENGLISH}


@pytest.mark.parametrize("lang", ["ru", "hu"])
def test_list_names_the_games_in_the_language(lang: str) -> None:
    out = run("--lang", lang, "list")
    assert english_in(out) == set()
    for name in names(lang).games.values():
        assert name in out


@pytest.mark.parametrize("lang", ["ru", "hu"])
def test_rules_are_the_translated_text(lang: str) -> None:
    out = run("--lang", lang, "rules", "sun")
    assert out.startswith(f"# {names(lang).games['sun']}")
    assert english_in(out) <= {"A", "K", "Q", "J"}  # rank letters the texts keep


@pytest.mark.parametrize(("lang", "words_seen"), [
    ("ru", ["Звезда", "расклад 1", "резерв", "колода", "12 ч"]),
    ("hu", ["Csillag", "1. leosztás", "tartalék", "pakli", "12 óra"]),
])
def test_show_labels_the_board(lang: str, words_seen: list[str]) -> None:
    out = run("--lang", lang, "show", "star")
    assert english_in(out) == set()
    for word in words_seen:
        assert word in out


@pytest.mark.parametrize("lang", ["ru", "hu"])
@pytest.mark.parametrize("game", [g.id for g in patience.list_games()])
def test_every_board_and_its_moves_in_the_language(game: str, lang: str) -> None:
    for deal in ("1", "7"):
        out = run("--lang", lang, "play", game, "--deal", deal, stdin="1\nq\n")
        assert english_in(out) == set(), out
        assert out.count(names(lang).games[game]) >= 2


@pytest.mark.parametrize(("lang", "words_seen"), [
    ("ru", ["Солнце", "Допустимые ходы:", "К♣ с луча 5 на короля треф", "ход>",
            "Сдать следующую дугу".lower()]),
    ("hu", ["Nap", "Szabályos lépések:", "K♣ az 5. sugárról a treff királyra", "lépés>"]),
])
def test_play_speaks_the_language(lang: str, words_seen: list[str]) -> None:
    out = run("--lang", lang, "play", "sun", "--deal", "1", stdin="q\n")
    assert english_in(out) == set()
    for word in words_seen:
        assert word in out


def test_play_messages_in_russian() -> None:
    out = run("--lang", "ru", "play", "sun", "--deal", "1", stdin="1\nu\nr\nzz\n99\nkc\nq\n")
    for said in ("сыграно: К♣ с луча 5 на короля треф", "отменено: К♣", "возвращено: К♣",
                 "'zz' здесь не ход", "хода 99 нет: единственный ход — 1",
                 "нельзя: К♣ сейчас ходить не может"):
        assert said in out
    assert english_in(out) == set()


def test_the_locale_chooses_hungarian() -> None:
    out = run("show", "sun", env={"LANG": "hu_HU.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""})
    assert "Nap — 1. leosztás" in out and "sugár" in out


def test_an_unknown_locale_falls_back_to_english() -> None:
    out = run("show", "sun", env={"LANG": "xx_YY.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""})
    assert out.startswith("Sun — deal 1 | status: playing")
    assert run("--lang", "de", "show", "sun").startswith("Sun — deal 1")


def test_a_command_leaves_english_behind() -> None:
    run("--lang", "ru", "show", "sun")
    assert i18n.language() == "en"
    state = patience.get_game("sun").new(deal=1)
    assert words.describe(state, state.legal_moves()[0]) == "K♣ from ray 5 to the clubs' king pile"


@pytest.mark.parametrize(("args", "said"), [
    (["--lang", "ru", "show", "nosuchgame"], "patience: нет пасьянса 'nosuchgame'"),
    (["--lang", "hu", "show", "nosuchgame"], "patience: nincs 'nosuchgame' nevű játék"),
    (["--lang", "ru", "show", "sun", "--deal", "x"],
     "patience: недопустимое значение '--deal': 'x' — не номер расклада"),
    (["--lang", "ru", "show", "sun", "-o", "x=1"], "patience: у пасьянса sun нет настройки 'x'"),
])
def test_an_error_line_in_the_language(args: list[str], said: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.startswith(said)
    assert len(result.stderr.splitlines()) == 1


def test_a_replayed_record_in_russian(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    run("play", "sun", "--deal", "1", "--save", str(record), stdin="1\nq\n")
    assert run("--lang", "ru", "replay", str(record)).endswith(
        "запись верна: 1 ход, идет игра\n")


def test_the_language_from_a_locale_name() -> None:
    assert i18n.chosen(None, {"LC_ALL": "ru_RU.UTF-8", "LANG": "hu_HU.UTF-8"}) == "ru"
    assert i18n.chosen(None, {"LANG": "hu"}) == "hu"
    assert i18n.chosen(None, {"LANG": "C.UTF-8"}) == "en"
    assert i18n.chosen(None, {}) == "en"
    assert i18n.chosen("ru", {"LANG": "hu_HU.UTF-8"}) == "ru"


@pytest.mark.parametrize(("n", "said"), [(1, "1 ход"), (2, "2 хода"), (5, "5 ходов"),
                                         (11, "11 ходов"), (21, "21 ход"), (24, "24 хода")])
def test_russian_plural_forms(n: int, said: str) -> None:
    i18n.use("ru")
    try:
        assert i18n.ngettext("({n} move)", "({n} moves)", n).format(n=n) == f"({said})"
    finally:
        i18n.use("en")


def _used_messages() -> set[str | tuple[str, str]]:
    """Every message the code marks (``_``, ``N_``, ``ngettext``), as Babel extracts it."""
    found: set[str | tuple[str, str]] = set()
    keywords = {"_": None, "N_": None, "ngettext": (1, 2)}
    for _file, _line, message, _comments, _context in extract_from_dir(
            str(SRC), method_map=[("**.py", "python")], keywords=keywords):
        found.add(message if isinstance(message, str) else (message[0], message[1]))
    return found


def _fields(text: str) -> list[str]:
    return sorted(f"{{{name}}}" for _lit, name, _spec, _conv in string.Formatter().parse(text)
                  if name is not None) + sorted(re.findall(r"%[sd]", text))


@pytest.mark.parametrize("lang", ["ru", "hu"])
def test_every_message_is_translated_with_its_placeholders(lang: str) -> None:
    catalog = read_po(io.BytesIO(Path(str(CATALOG).format(lang=lang)).read_bytes()))
    used = _used_messages()
    assert used, "no messages extracted"
    for message in used:
        key = message if isinstance(message, str) else message[0]
        entry = catalog.get(key)
        assert entry is not None and not entry.fuzzy, f"{lang}: no translation of {message!r}"
        originals = [message] if isinstance(message, str) else list(message)
        translations = [entry.string] if isinstance(entry.string, str) else list(entry.string)
        assert all(translations), f"{lang}: empty translation of {message!r}"
        for text in translations:
            assert _fields(text) == _fields(originals[-1]), f"{lang}: {text!r} vs {message!r}"


@pytest.mark.parametrize(("lang", "said"), [
    ("ru", "Судя по открытым картам, после этого пасьянс сходится — примерно 6 раз из 10: "
           "7♥ с луча 2 на туза червей; он открывает карту."),
    ("hu", "A látható lapok alapján ezután is kijön: 10 leosztásból körülbelül 6: "
           "7♥ a 2. sugárról a kőr ászra; felfordít egy lapot."),
])
def test_the_careful_hint_in_the_language(lang: str, said: str) -> None:
    found = CarefulHint("move", None, 0.6, 0.5, 0.7, MoveEffects(turns_up=True))
    state = patience.get_game("sun").new(deal=1)
    i18n.use(lang)
    try:
        move = words.describe(state, Move("ray2", "ace-H", "7H"))
        assert hint_words.careful_words(found, move) == said
    finally:
        i18n.use("en")


@pytest.mark.parametrize(("pile", "target"), [
    ("ray1", "az 1. sugárra"), ("ray5", "az 5. sugárra"), ("ray10", "a 10. sugárra"),
    ("ray2", "a 2. sugárra"), ("king-S", "a pikk királyra")])
def test_hungarian_article_before_a_pile(pile: str, target: str) -> None:
    assert pile_words("hu", "sun", pile).target == target
