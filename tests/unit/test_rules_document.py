"""docs/rules.md, the project's own rules document, is made from the ``patience rules``
texts: it is never stale, it names every clause the tests cite, and a player's copy of a
text shows no clause ids."""

from __future__ import annotations

import re
from pathlib import Path

import patience
from patience.games.rules_document import rules_document

ROOT = Path(__file__).parent.parent.parent
CLAUSE = re.compile(r"\b((?:SUN|STR|SHA|BLK|CLK|RBW|OPS|TOD|DST)-\d+)\b")


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


def test_the_readme_links_the_project_s_own_rules() -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    assert "(docs/rules.md)" in readme and "../shared" not in readme
