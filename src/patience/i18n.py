"""The language the terminal speaks: English, Russian or Hungarian, with gettext catalogs.

English is the messages as written in the code; a translation is the catalog
``locale/<lang>/LC_MESSAGES/patience.po``. An install compiles it to ``patience.mo``
beside it (``setup.py``); where there is no ``.mo``, or it is older than the ``.po`` (an
editable install, a checkout), the ``.po`` is compiled in memory with Babel on first use, so
an edited catalog takes effect at once.

The terminal chooses the language once per command (``use``): ``--lang`` if given, else
the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set, else English; a language
without a catalog is English. The web app speaks each request's language (``speaking``): a
context variable, so that two requests in two languages never mix their words.

Two domains: ``patience`` holds what Python says (moves, hints, messages, the terminal);
``web`` what the page's templates and scripts say, sent to the browser as JSON
(``web_messages``).

    >>> use("ru"); ngettext("({n} move)", "({n} moves)", 5).format(n=5)
    '(5 ходов)'
    >>> use("en")
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from importlib import resources

LANGUAGES = ("en", "ru", "hu")
DOMAIN = "patience"
WEB_DOMAIN = "web"
ENVIRONMENT = ("LC_ALL", "LC_MESSAGES", "LANG")
# Each language's plural categories (Unicode CLDR, as the browser's Intl.PluralRules names
# them) in the order of its catalog's plural forms: the page picks a form with them.
PLURAL_CATEGORIES = {"en": ("one", "other"), "ru": ("one", "few", "many"),
                     "hu": ("one", "other")}

_process = ["en"]  # the terminal's language, for the whole process (threads included)
_request: ContextVar[str | None] = ContextVar("patience_language", default=None)


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
def catalog(lang: str, domain: str = DOMAIN) -> gettext.NullTranslations:
    """The translations of ``lang``: its compiled ``.mo``, else its ``.po`` compiled now."""
    if lang == "en" or lang not in LANGUAGES:
        return gettext.NullTranslations()
    folder = resources.files("patience").joinpath("locale", lang, "LC_MESSAGES")
    po, mo = folder.joinpath(f"{domain}.po"), folder.joinpath(f"{domain}.mo")
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
    """Speak ``lang`` from now on in this process (English for a language without a
    catalog)."""
    _process[0] = language_of(lang)


@contextmanager
def speaking(lang: str) -> Iterator[str]:
    """Speak ``lang`` within the block, in this context only (one web request, and the
    threads it hands work to); the language it speaks is yielded."""
    token = _request.set(language_of(lang))
    try:
        yield _request.get() or "en"
    finally:
        _request.reset(token)


def language() -> str:
    """The language spoken now: ``"en"``, ``"ru"`` or ``"hu"``."""
    return _request.get() or _process[0]


def _(message: str) -> str:
    """``message`` in the language spoken now."""
    return catalog(language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` in the language spoken now (Russian has three)."""
    return catalog(language()).ngettext(singular, plural, n)


def web_messages(lang: str) -> dict[str, str | list[str]]:
    """The page's catalog for ``lang``, as its scripts read it: each English message to its
    translation, a plural message (keyed by its singular) to its forms in catalog order.
    English is empty: the scripts' own text is English."""
    code = language_of(lang)
    if code == "en":
        return {}
    folder = resources.files("patience").joinpath("locale", code, "LC_MESSAGES")
    po = folder.joinpath(f"{WEB_DOMAIN}.po")
    if not po.is_file():
        return {}
    return _read_web(po.read_bytes(), code)


@cache
def _read_web(source: bytes, lang: str) -> dict[str, str | list[str]]:
    from babel.messages.pofile import read_po

    out: dict[str, str | list[str]] = {}
    for entry in read_po(io.BytesIO(source), locale=lang):
        if not entry.id or entry.fuzzy or not entry.string:
            continue
        if isinstance(entry.id, str):
            if isinstance(entry.string, str):
                out[entry.id] = entry.string
        elif all(entry.string):
            out[entry.id[0]] = list(entry.string)
    return out


def N_(message: str) -> str:  # noqa: N802 - gettext's name for a message marked only
    """Mark ``message`` for the catalog where it is defined; ``_`` translates it where used."""
    return message
