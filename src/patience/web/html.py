"""The app's HTML pages, rendered with Jinja2 in the request's language.

A page's words are marked ``{{ _("…") }}`` in ``templates/`` and translated from the ``web``
catalog; the same catalog goes into the page as JSON (``#words``), where ``static/i18n.js``
reads it for the words the scripts write. ``<html lang>`` says the language.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

from patience import i18n
from patience.games.texts_i18n import names
from patience.words import RANK_LETTERS


def _(message: str) -> str:
    return i18n.catalog(i18n.language(), i18n.WEB_DOMAIN).gettext(message)


def _n(singular: str, plural: str, n: int) -> str:
    return i18n.catalog(i18n.language(), i18n.WEB_DOMAIN).ngettext(singular, plural, n)


@cache
def _environment() -> Environment:
    env = Environment(loader=PackageLoader("patience.web", "templates"),
                      autoescape=select_autoescape(default=True),
                      extensions=["jinja2.ext.i18n"], trim_blocks=True, lstrip_blocks=True)
    env.install_gettext_callables(gettext=_, ngettext=_n, newstyle=False)  # type: ignore[attr-defined]
    # the catalog in the page as UTF-8, not \u escapes: half the bytes for Cyrillic
    env.policies["json.dumps_kwargs"] = {"sort_keys": True, "ensure_ascii": False}
    return env


def words() -> dict[str, Any]:
    """What the page's scripts need to speak the request's language: its code, its plural
    categories in catalog order, its messages and its rank letters (the same the terminal
    and the move words use)."""
    lang = i18n.language()
    return {"lang": lang, "plural": list(i18n.PLURAL_CATEGORIES[lang]),
            "messages": i18n.web_messages(lang),
            "ranks": RANK_LETTERS.get(lang, RANK_LETTERS["en"])}


def game_name(game_id: str, english: str) -> str:
    """A game's name in the request's language (``english`` in English)."""
    lang = i18n.language()
    return english if lang == "en" else names(lang).games.get(game_id, english)


def render(template: str, **context: Any) -> str:
    """The page ``template`` in the request's language."""
    return _environment().get_template(template).render(
        lang=i18n.language(), words=words(), game_name=game_name, **context)
