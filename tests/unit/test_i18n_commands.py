"""The terminal's other commands in Russian and Hungarian: solve, stats, analyse, serve's
lines, ``--help`` and click's usage errors, and a refused move said without a pile id or
an English word (``refusals``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import patience
from patience import i18n
from patience.cli import app
from patience.engine.moves import IllegalMove, Move
from patience.refusals import refusal
from tests.unit.test_i18n_terminal import english_in, run

runner = CliRunner()
# What the help pages print beside each option: value types, read as code
TYPES = {"int", "str", "bool", "float", "list", "path"}


def failed(*args: str) -> str:
    """The one error line of a command refused with exit code 2."""
    result = runner.invoke(app, list(args))
    assert result.exit_code == 2, result.output
    assert len(result.stderr.splitlines()) == 1, result.stderr
    return result.stderr


@pytest.mark.parametrize(("lang", "said"), [("ru", "Солнце, расклад 1: сошелся"),
                                            ("hu", "Nap, 1. leosztás: nyert")])
def test_solve_in_the_language(lang: str, said: str) -> None:
    out = run("--lang", lang, "solve", "sun", "--deal", "1")
    assert out.startswith(said)
    assert english_in(out) == set()


@pytest.mark.parametrize("lang", ["ru", "hu"])
def test_a_deal_lost_from_the_start_in_the_language(lang: str) -> None:
    out = run("--lang", lang, "solve", "rainbow", "--deal", "1")
    assert names_game(lang, "rainbow") in out
    assert english_in(out) == set(), out


def names_game(lang: str, game: str) -> str:
    from patience.games.texts_i18n import names

    return names(lang).games[game]


@pytest.mark.parametrize(("lang", "words_seen"), [
    ("ru", ["Солнце, расклады 1–2", "вдумчивая доля выигрышей", "время решения"]),
    ("hu", ["Nap, 1–2. leosztás", "megfontolt nyerési arány", "megoldási idő"]),
])
def test_stats_in_the_language(tmp_path: Path, lang: str, words_seen: list[str]) -> None:
    out = run("--lang", lang, "stats", "sun", "--deals", "2", "--jobs", "1",
              "--max-seconds", "1", "--db", str(tmp_path / "results.sqlite"))
    for word in words_seen:
        assert word in out
    assert english_in(out) == set(), out


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("review") / "game.json"
    run("play", "sun", "--deal", "1", "--save", str(path), stdin="1\n1\nq\n")
    return path


@pytest.mark.parametrize(("lang", "said"), [("ru", "Разбор партии, 2 хода"),
                                            ("hu", "A játszma elemzése, 2 lépés")])
def test_the_review_in_the_language(record: Path, lang: str, said: str) -> None:
    out = run("--lang", lang, "analyse", str(record), "--samples", "2", "--jobs", "1",
              "--every-move")
    assert out.startswith(said)
    assert english_in(out) == set(), out


def test_the_review_as_json_gives_the_verdict_in_words(record: Path) -> None:
    out = run("--lang", "ru", "analyse", str(record), "--samples", "2", "--jobs", "1",
              "--json")
    words_of = {"good": "хороший ход", "inaccuracy": "неточность", "mistake": "ошибка",
                "blunder": "грубая ошибка"}
    found = re.findall(r'"verdict": "(\w+)",\s*"verdict_words": "([^"]+)"', out)
    assert found and all(words_of[v] == said for v, said in found)


@pytest.mark.parametrize(("lang", "words_seen"), [
    ("ru", ["Использование: patience [ПАРАМЕТРЫ] КОМАНДА", "Параметры", "Команды",
            "Показать эту справку и выйти."]),
    ("hu", ["Használat: patience [KAPCSOLÓK] PARANCS", "Kapcsolók", "Parancsok",
            "Megjeleníti ezt a súgót, és kilép."]),
])
def test_help_in_the_language(lang: str, words_seen: list[str]) -> None:
    out = run("--lang", lang, "--help")
    for word in words_seen:
        assert word in out
    assert english_in(out) - TYPES == set(), out


@pytest.mark.parametrize("lang", ["ru", "hu"])
@pytest.mark.parametrize("command", ["games", "rules", "show", "play", "replay", "solve",
                                     "stats", "analyse", "serve"])
def test_every_command_s_help_in_the_language(lang: str, command: str) -> None:
    out = run("--lang", lang, command, "--help")
    assert english_in(out.replace("no-retry-unknown", "")) == set(), out  # a flag's default
    assert ("Аргументы" if lang == "ru" else "Argumentumok") in out or command in (
        "games", "stats", "serve")


def test_help_follows_the_locale_and_english_stays_english() -> None:
    out = run("--help", env={"LANG": "hu_HU.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""})
    assert "Használat:" in out
    english = run("--lang", "en", "solve", "--help")
    assert "Usage:" in english and "Show this message and exit." in english
    assert i18n.language() == "en"


@pytest.mark.parametrize(("args", "said"), [
    (["--lang", "ru", "solve"], "patience: не указан аргумент ПАСЬЯНС"),
    (["--lang", "ru", "solve", "sun"], "patience: не указан параметр --deal"),
    (["--lang", "ru", "solve", "sun", "--deal", "1", "--bad"],
     "patience: нет такого параметра: --bad"),
    (["--lang", "hu", "nosuch"], "patience: nincs ilyen parancs: nosuch"),
    (["--lang", "ru", "solve", "sun", "--deal"], "patience: параметру --deal нужно значение"),
    (["--lang", "ru", "show", "sun", "extra"], "patience: лишние слова: extra"),
    (["--lang", "ru", "solve", "nosuchgame", "--deal", "1"], "patience: нет пасьянса"),
    (["--lang", "ru", "stats", "sun", "--deals", "1", "--backend", "x"],
     "patience: --backend должен быть process или dask"),
])
def test_usage_errors_in_the_language(args: list[str], said: str) -> None:
    line = failed(*args)
    assert line.startswith(said), line
    assert english_in(line) == set(), line


def test_english_usage_errors_stay_click_s() -> None:
    assert failed("solve", "sun", "--bad").startswith("patience: No such option: --bad")
    assert failed("solve").startswith("patience: Missing argument 'game'.")


def test_serve_prints_its_errors_in_the_language(tmp_path: Path) -> None:
    line = failed("--lang", "hu", "serve", "--host", "no such host!", "--db",
                  str(tmp_path / "games.sqlite3"))
    assert line.startswith("patience: nem indítható kiszolgáló"), line


# --- a refused move ------------------------------------------------------------------


def _refused(game: str) -> list[tuple[patience.State, Move, IllegalMove]]:
    """Moves the rules refuse at the deal: each legal card moved elsewhere, an action
    that is not legal, a card not in its pile."""
    state = patience.get_game(game).new(deal=1)
    ids = [p.id for p in state.rules.layout]
    out = []
    for move in state.legal_moves()[:4]:
        if move.card is None:
            continue
        for to in ids:
            wrong = Move(move.from_pile, to, move.card, move.index)
            try:
                state.resolve(wrong)
            except IllegalMove as exc:
                out.append((state, wrong, exc))
                break
    for action in state.rules.actions:
        try:
            state.resolve(Move(action=action))
        except IllegalMove as exc:
            out.append((state, Move(action=action), exc))
    return out


@pytest.mark.parametrize("lang", ["ru", "hu"])
@pytest.mark.parametrize("game", [g.id for g in patience.list_games()])
def test_a_refused_move_names_no_pile_id(game: str, lang: str) -> None:
    refused = _refused(game)
    assert refused
    i18n.use(lang)
    try:
        for state, move, exc in refused:
            said = refusal(state, move, exc)
            ids = "|".join(re.escape(p.id) for p in state.rules.layout)
            assert not re.search(rf"(?<![\w-])(?:{ids})(?![\w-])", said), said
            assert ">" not in said and english_in(said) == set(), said
    finally:
        i18n.use("en")


def test_a_refused_move_in_english_names_the_place_in_words() -> None:
    state = patience.get_game("star").new(deal=1)
    move = Move("reserve", "cell-1")
    with pytest.raises(IllegalMove) as caught:
        state.resolve(move)
    said = refusal(state, move, caught.value)
    assert "1:30 cell" in said and "cell-1" not in said


def test_a_game_s_own_reason_is_translated() -> None:
    state = patience.get_game("sun").new(deal=1)
    move = Move(action="scatter")
    with pytest.raises(IllegalMove) as caught:
        state.resolve(move)
    i18n.use("ru")
    try:
        said = refusal(state, move, caught.value)
    finally:
        i18n.use("en")
    assert said == "«Разбросать луч» сейчас нельзя: лучи разбрасывают на третьем этапе (SUN-6)."


def test_the_peeking_hint_gives_the_solver_s_reason_in_words() -> None:
    out = run("--lang", "ru", "play", "sun", "--deal", "1", "--peeking-hints", stdin="h\nq\n")
    assert "с него начинается выигрышный путь из" in out
    assert english_in(out) == set()


@pytest.mark.parametrize(("message", "said"), [
    ("it starts a winning line of 2 moves", "с него начинается выигрышный путь из 2 ходов"),
    ("it goes on with the winning line found before (1 move to the win)",
     "он продолжает найденный раньше выигрышный путь (до выигрыша 1 ход)"),
    ("no winning line found in the time given; the game may still be winnable; ask again "
     "to look longer", "за отведенное время выигрышный путь не найден; возможно, партию еще "
     "можно выиграть; спросите еще раз, чтобы искать дольше"),
    # a dead-end rule's proof is built in the language spoken (Rules.why_dead): said as is
    ("no sequence of moves wins from here: радуга никогда не разойдется до конца: …",
     "отсюда не выигрывает никакая последовательность ходов: радуга никогда не разойдется до "
     "конца: …"),
    ("something the solver says one day", ""),
])
def test_the_solver_s_reasons_in_russian(message: str, said: str) -> None:
    from patience.hint_words import solver_reason

    i18n.use("ru")
    try:
        assert solver_reason(message) == said
    finally:
        i18n.use("en")
    assert solver_reason(message) == message


@pytest.mark.parametrize("lang", ["ru", "hu"])
def test_the_catalog_passes_babel_s_checks(lang: str) -> None:
    """As ``pybabel compile`` checks it at install: formats that agree, plural forms."""
    from babel.messages.pofile import read_po

    path = Path(patience.__file__).parent / "locale" / lang / "LC_MESSAGES" / "patience.po"
    catalog = read_po(path.open("rb"), locale=lang)
    assert [(m.id, [str(e) for e in errors]) for m, errors in catalog.check()] == []


@pytest.mark.parametrize(("args", "said"), [(["--lang", "ru"], "Использование: patience"),
                                            (["--lang=hu"], "Használat: patience")])
def test_the_language_alone_shows_the_help_page(args: list[str], said: str) -> None:
    assert said in run(*args)
