"""The page's catalogs (domain ``web``): every message the templates and scripts mark, as
Babel extracts them with ``babel-web.cfg``, has a Russian and a Hungarian translation that
is neither fuzzy nor empty and keeps the message's ``{placeholders}``; Russian counts have
their three forms."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "src" / "patience" / "locale" / "{lang}" / "LC_MESSAGES" / "web.po"
PLACEHOLDER = re.compile(r"\{(\w*)\}")
FORMS = {"ru": 3, "hu": 2}


@cache
def extracted() -> dict[str | tuple[str, ...], tuple[str, int]]:
    """Every marked message of the page -> where it was found."""
    with open(ROOT / "babel-web.cfg", encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    found: dict[str | tuple[str, ...], tuple[str, int]] = {}
    for filename, line, message, _comments, _context in extract_from_dir(
            str(ROOT / "src"), method_map, options_map):
        key = tuple(message) if isinstance(message, (list, tuple)) else message
        found.setdefault(key, (filename, line))
    return found


@cache
def catalog(lang: str) -> Catalog:
    with open(str(CATALOG).format(lang=lang), "rb") as f:
        return read_po(f, locale=lang)


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def test_the_scripts_and_templates_mark_their_words() -> None:
    found = extracted()
    assert any(where.endswith(".js") for where, _ in found.values()), "no script message extracted"
    assert any(where.endswith(".html") for where, _ in found.values()), "no template message extracted"
    assert ("{n} move", "{n} moves") in found


@pytest.mark.parametrize("lang", ["ru", "hu"])
def test_every_message_is_translated(lang: str) -> None:
    cat = catalog(lang)
    problems = []
    for key, (where, line) in extracted().items():
        msgid = key[0] if isinstance(key, tuple) else key
        entry: Message | None = cat.get(msgid)
        if entry is None:
            problems.append(f"{where}:{line} {key!r}: not in the catalog")
            continue
        if entry.fuzzy:
            problems.append(f"{where}:{line} {key!r}: fuzzy")
        forms = list(entry.string) if isinstance(entry.string, (list, tuple)) else [entry.string]
        if isinstance(key, tuple) and len(forms) != FORMS[lang]:
            problems.append(f"{key!r}: {len(forms)} forms, not {FORMS[lang]}")
        if not all(form and form.strip() for form in forms):
            problems.append(f"{where}:{line} {key!r}: not translated")
            continue
        wanted = placeholders(" ".join(key) if isinstance(key, tuple) else key)
        for form in forms:
            if placeholders(form) != wanted:
                problems.append(f"{key!r} -> {form!r}: placeholders {placeholders(form)} not {wanted}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", ["ru", "hu"])
def test_the_catalog_holds_no_stale_message(lang: str) -> None:
    """A message no template or script uses any more goes from the catalog (pybabel update
    marks it obsolete)."""
    wanted = {key[0] if isinstance(key, tuple) else key for key in extracted()}
    stale = [m.id for m in catalog(lang) if m.id and (m.id[0] if isinstance(m.id, tuple) else m.id) not in wanted]
    assert not stale, stale


def test_russian_counts_take_three_forms() -> None:
    entry = catalog("ru").get("{n} move")
    assert entry is not None
    assert list(entry.string) == ["{n} ход", "{n} хода", "{n} ходов"]
