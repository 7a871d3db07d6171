"""The language the terminal speaks: English, Russian or Hungarian, with gettext catalogs.

English is the messages as written in the code; a translation is the catalog
``locale/<lang>/LC_MESSAGES/patience.po``. An install compiles it to ``patience.mo``
beside it (``setup.py``); where there is no ``.mo``, or it is older than the ``.po`` (an
editable install, a checkout), the ``.po`` is compiled in memory with Babel on first use, so
an edited catalog takes effect at once.

The language is chosen once per command: ``--lang`` if given, else the first of
``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set, else English; a language without a
catalog is English.

    >>> use("ru"); ngettext("({n} move)", "({n} moves)", 5).format(n=5)
    '(5 ходов)'
    >>> use("en")
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Mapping
from functools import cache
from importlib import resources

LANGUAGES = ("en", "ru", "hu")
DOMAIN = "patience"
ENVIRONMENT = ("LC_ALL", "LC_MESSAGES", "LANG")

_active: list[gettext.NullTranslations] = [gettext.NullTranslations()]
_language = ["en"]


def language_of(locale_name: str | None) -> str:
    """``"hu_HU.UTF-8"`` -> ``"hu"``; a language without a catalog (or none) -> ``"en"``."""
    if not locale_name:
        return "en"
    code = locale_name.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else "en"


def chosen(option: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language asked for: ``option`` (``--lang``), else the environment's locale."""
    if option:
        return language_of(option)
    env = os.environ if environ is None else environ
    for name in ENVIRONMENT:
        if env.get(name):
            return language_of(env[name])
    return "en"


@cache
def catalog(lang: str) -> gettext.NullTranslations:
    """The translations of ``lang``: its compiled ``.mo``, else its ``.po`` compiled now."""
    if lang == "en" or lang not in LANGUAGES:
        return gettext.NullTranslations()
    folder = resources.files("patience").joinpath("locale", lang, "LC_MESSAGES")
    po, mo = folder.joinpath(f"{DOMAIN}.po"), folder.joinpath(f"{DOMAIN}.mo")
    if mo.is_file() and (not po.is_file() or _newer(mo, po)):
        return gettext.GNUTranslations(io.BytesIO(mo.read_bytes()))
    if not po.is_file():  # a build without its catalogs: English rather than a crash
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(compile_po(po.read_bytes(), lang)))


def _newer(mo: object, po: object) -> bool:
    try:
        return os.stat(str(mo)).st_mtime >= os.stat(str(po)).st_mtime
    except OSError:  # not files on disk (a zip): trust the compiled one
        return True


def compile_po(source: bytes, lang: str) -> bytes:
    """A ``.po`` catalog's bytes compiled to ``.mo`` bytes (Babel)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    out = io.BytesIO()
    write_mo(out, read_po(io.BytesIO(source), locale=lang))
    return out.getvalue()


def use(lang: str) -> None:
    """Speak ``lang`` from now on (English for a language without a catalog)."""
    code = language_of(lang)
    _language[0] = code
    _active[0] = catalog(code)


def language() -> str:
    """The language spoken now: ``"en"``, ``"ru"`` or ``"hu"``."""
    return _language[0]


def _(message: str) -> str:
    """``message`` in the language spoken now."""
    return _active[0].gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` in the language spoken now (Russian has three)."""
    return _active[0].ngettext(singular, plural, n)


def N_(message: str) -> str:  # noqa: N802 - gettext's name for a message marked only
    """Mark ``message`` for the catalog where it is defined; ``_`` translates it where used."""
    return message
