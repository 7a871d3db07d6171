"""docs/rules.md, the project's own rules document, is made from the ``patience rules``
texts: it is never stale, it names every clause the tests cite and every pile id, and a
player's copy of a text shows no clause ids, no pile ids and no move notation."""

from __future__ import annotations

import re
from pathlib import Path

import patience
from patience.games.rules_document import pile_ids, rules_document

ROOT = Path(__file__).parent.parent.parent
CLAUSE = re.compile(r"\b((?:SUN|STR|SHA|BLK|CLK|RBW|OPS|TOD|DST)-\d+)\b")
NOTATION = re.compile(r"[\w.-]+(?:\[\d+\])?>[\w.-]+")  # "7S:col5>col1", "toad[3]>found1"
# a citation of a rules file kept outside the repository, or of its numbered sections
OUTSIDE = re.compile(r"RULES\.md|§\s*\d|\.\.(/)shared")
TEXT_SUFFIXES = {".py", ".pyi", ".rs", ".md", ".js", ".html", ".css", ".toml", ".txt", ""}



def test_docs_rules_md_is_what_the_texts_make() -> None:
    """Edit ``src/patience/games/texts/*.md``, then run ``python -m
    patience.games.rules_document`` to write docs/rules.md again."""
    assert (ROOT / "docs" / "rules.md").read_text("utf-8") == rules_document()


def test_every_clause_the_tests_cite_is_stated_in_the_rules_document() -> None:
    cited = {c for path in (ROOT / "tests").rglob("*.py")
             for c in CLAUSE.findall(path.read_text("utf-8"))}
    stated = set(re.findall(r"`([A-Z]{3}-\d+)`", rules_document()))
    assert cited and cited <= stated, sorted(cited - stated)


def test_each_game_states_its_own_clauses_and_players_see_no_ids() -> None:
    prefixes = {"sun": "SUN", "star": "STR", "shah": "SHA", "blockade": "BLK",
                "clock": "CLK", "rainbow": "RBW", "open-shop": "OPS", "toad": "TOD",
                "double-star": "DST"}
    for game in patience.list_games():
        marked = game.rules_text(clause_ids=True)
        assert {c.split("-")[0] for c in CLAUSE.findall(marked)} == {prefixes[game.id]}
        plain = game.rules_text()
        assert not CLAUSE.search(plain) and "{" not in plain and "\n\n\n" not in plain


def test_players_read_piles_in_words_never_ids_or_move_notation() -> None:
    """What ``patience rules``, the terminal's rules page and the web app's rules dialog
    show names piles as the book does (DESIGN.md): no pile id of the game, as a word or in
    backticks (an id that is also an English word, "stock", "toad", only in backticks),
    and no move in notation. An action the player types is no pile: SUN-9's `wind`."""
    for game in patience.list_games():
        text = game.rules_text()
        state = game.new(deal=1)
        ids = set(state.to_dict()["piles"]) | set(pile_ids(game))
        assert {"stock", "found1", "ray1", "col1", "hour1", "toad1"} & ids
        for pile in sorted(ids - set(state.rules.actions)):
            assert f"`{pile}`" not in text, (game.id, pile)
            if not pile.isalpha():
                whole = rf"(?<![\w.-]){re.escape(pile)}(?![\w-]|\.\d)"
                assert not re.search(whole, text), (game.id, pile)
        assert not NOTATION.search(text), game.id


def test_the_document_lists_each_game_s_pile_ids_in_a_table() -> None:
    """A row holds a numbered run as its first and last id (`ray1` … `ray13`) or a list:
    read back, the table gives every id of the game and nothing else."""
    document = rules_document()
    for game in patience.list_games():
        start = document.index(f"\n## {game.name}\n")
        table = document[document.index("### Pile ids", start):].split("\n\n")[1]
        listed: set[str] = set()
        for row in table.splitlines()[2:]:
            ids = re.findall(r"`([^`]+)`", row.split(" | ")[1])
            if " … " in row.split(" | ")[1]:
                first, last = (re.fullmatch(r"(\D+)(\d+)(.*)", i) for i in ids)
                assert first and last and (first[1], first[3]) == (last[1], last[3]), row
                ids = [f"{first[1]}{n}{first[3]}"
                       for n in range(int(first[2]), int(last[2]) + 1)]
            assert not listed & set(ids), row
            listed |= set(ids)
        assert listed == set(pile_ids(game)), game.id
        assert set(game.new(deal=1).to_dict()["piles"]) <= listed, game.id


def test_the_readme_links_the_project_s_own_rules() -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    assert "(docs/rules.md)" in readme and not OUTSIDE.search(readme)



def test_no_document_docstring_or_comment_cites_a_file_outside_the_repository() -> None:
    """The project's own documents state every rule and reading (docs/rules.md, with what
    every game shares, keeps and shows a player; docs/readings.md), so nothing points to a
    rules file beside the repository or to its section numbers."""
    roots = [ROOT / name for name in ("src", "tests", "docs", "native/src", "native/examples",
                                      "bench", "scripts")]
    files = [ROOT / "README.md", ROOT / "pyproject.toml", ROOT / "setup.py"]
    for root in roots:
        files += [p for p in root.rglob("*") if p.is_file() and p.suffix in TEXT_SUFFIXES
                  and "__pycache__" not in p.parts and "target" not in p.parts]
    cited = []
    for path in files:
        try:
            text = path.read_text("utf-8")
        except UnicodeDecodeError:
            continue
        cited += [f"{path.relative_to(ROOT)}:{n}" for n, line in
                  enumerate(text.splitlines(), 1) if OUTSIDE.search(line)]
    assert len(files) > 200
    assert cited == []
