"""The rules texts and the names of games, cards and piles in each language the project
speaks: English, Russian and Hungarian.

The English rules are ``texts/<game>.md`` (what ``Game.rules_text`` reads); a translation
is ``texts/<lang>/<game>.md``, with the same headings in the same order and the same
clause markers (``{SUN-3}``) at the same passages, and ends with a section quoting the old
text's key sentences in the language it was written in. ``all-games`` is the text of what
every game shares. ``texts/names.toml`` gives, per language, the games' names as the
source texts have them, and the ranks, suits and pile kinds with the grammatical forms a
move phrase needs (Russian cases, Hungarian case endings).

    >>> names("ru").pile("ray")["from"]
    'с луча'
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources

LANGUAGES = ("en", "ru", "hu")
GAME_IDS = ("sun", "star", "shah", "blockade", "clock", "rainbow", "open-shop", "toad",
            "double-star")
TEXT_IDS = (*GAME_IDS, "all-games")
RANKS = "A23456789TJQK"
SUITS = "SHDC"
PILE_KINDS = ("ray", "ace_pile", "king_pile", "foundation", "base", "cell", "stock", "talon",
              "hand", "reserve", "waste", "packet", "hour", "column", "cloud", "wind",
              "rainbow", "shop", "toad", "shah", "out", "slot", "inner_circle",
              "middle_circle", "outer_circle")
# the forms each language gives for a rank, a suit and a pile kind
FORMS: Mapping[str, Mapping[str, tuple[str, ...]]] = {
    "en": {"ranks": ("singular", "plural"), "suits": ("singular", "plural"),
           "piles": ("singular", "plural")},
    "ru": {"ranks": ("nominative", "genitive", "accusative", "prepositional", "plural",
                     "genitive_plural", "gender"),
           "suits": ("plural", "genitive_plural", "adjective_m", "adjective_f"),
           "piles": ("nominative", "genitive", "accusative", "prepositional", "plural",
                     "gender", "from", "onto")},
    "hu": {"ranks": ("nominative", "plural", "from", "onto"),
           "suits": ("nominative", "plural"),
           "piles": ("nominative", "plural", "from", "onto", "on")},
}
# "{SHA-8} ..." or "{SHA-4, SHA-5}", as in Game.rules_text
CLAUSE_MARK = re.compile(r"\{([A-Z]{3}-\d+(?:, [A-Z]{3}-\d+)*)\} ?")

Forms = Mapping[str, str]


class UnknownLanguage(ValueError):
    """A language the project does not speak."""


@dataclass(frozen=True)
class Names:
    """What one language calls the games, ranks, suits and piles.

    ``games`` maps a game id to its name; ``ranks`` a rank character (``A``, ``T``, ``K``)
    to its forms; ``suits`` a suit character (``S``, ``H``, ``D``, ``C``) to its forms;
    ``piles`` a pile kind (``ray``, ``foundation``, ``toad`` …) to its forms;
    ``game_piles`` a game id to the pile kinds its own text names otherwise. The forms
    of each are those ``FORMS[lang]`` lists.
    """

    lang: str
    games: Mapping[str, str]
    ranks: Mapping[str, Forms]
    suits: Mapping[str, Forms]
    piles: Mapping[str, Forms]
    game_piles: Mapping[str, Mapping[str, Forms]]

    def pile(self, kind: str, game_id: str | None = None) -> Forms:
        """The forms of a pile kind, as ``game_id``'s text names it when it has its own."""
        if game_id is not None and kind in self.game_piles.get(game_id, {}):
            return self.game_piles[game_id][kind]
        return self.piles[kind]


def _check_language(lang: str) -> None:
    if lang not in LANGUAGES:
        raise UnknownLanguage(f"no texts in {lang!r}; the languages are {LANGUAGES}")


def rules_text(game_id: str, lang: str, clause_ids: bool = False) -> str:
    """A game's rules (or ``all-games``) in ``lang`` (Markdown), as a player reads them;
    with ``clause_ids`` each passage keeps the ids of the clauses it states (``SUN-3``) in
    place of its ``{SUN-3}`` marker, as ``Game.rules_text`` does for English."""
    _check_language(lang)
    if game_id not in TEXT_IDS:
        raise KeyError(game_id)
    path = f"texts/{game_id}.md" if lang == "en" else f"texts/{lang}/{game_id}.md"
    text = resources.files("patience.games").joinpath(path).read_text("utf-8")
    if clause_ids:
        return CLAUSE_MARK.sub(lambda m: f"`{m[1]}` ", text)
    return re.sub(r"\n{3,}", "\n\n", CLAUSE_MARK.sub("", text))


@cache
def _names_file() -> dict[str, dict[str, dict[str, object]]]:
    raw = resources.files("patience.games").joinpath("texts/names.toml").read_text("utf-8")
    return tomllib.loads(raw)


def _forms(table: object, where: str) -> dict[str, Forms]:
    if not isinstance(table, dict):
        raise ValueError(f"names.toml: {where} is not a table")
    out: dict[str, Forms] = {}
    for key, forms in table.items():
        if not isinstance(forms, dict) or not all(isinstance(v, str) for v in forms.values()):
            raise ValueError(f"names.toml: {where}.{key} is not a table of words")
        out[str(key)] = {str(k): str(v) for k, v in forms.items()}
    return out


def names(lang: str) -> Names:
    """What ``lang`` calls the games, ranks, suits and piles (``texts/names.toml``)."""
    _check_language(lang)
    table = _names_file()[lang]
    games = table["games"]
    game_piles = table.get("game_piles", {})
    if not isinstance(game_piles, dict):
        raise ValueError(f"names.toml: {lang}.game_piles is not a table")
    return Names(
        lang=lang,
        games={str(k): str(v) for k, v in games.items()},
        ranks=_forms(table["ranks"], f"{lang}.ranks"),
        suits=_forms(table["suits"], f"{lang}.suits"),
        piles=_forms(table["piles"], f"{lang}.piles"),
        game_piles={str(g): _forms(kinds, f"{lang}.game_piles.{g}")
                    for g, kinds in game_piles.items()},
    )


def summary(game_id: str, lang: str) -> str:
    """A game's summary in ``lang``: the first paragraph of its rules text, on one line."""
    text = rules_text(game_id, lang)
    paragraphs = [p for p in text.split("\n\n") if p.strip() and not p.startswith("#")]
    return " ".join(paragraphs[0].split()) if paragraphs else ""
