"""``--help`` and usage errors in the language the terminal speaks.

Typer keeps the help texts it was given (in English, marked ``N_`` so the catalog has them)
and the titles of its rich panels are English constants made at import; its vendored click
writes usage errors as English f-strings, not through gettext. So nothing is translated in
advance: ``Localised`` swaps the texts for their translations only while a help page is
drawn (and puts the English back), and ``usage_words`` recognises click's few usage errors
by their English wording and says them again in ours. The language must be known before
click parses anything (``--help`` is eager): ``language_asked`` reads ``--lang`` first.

Not translated: the value types Typer prints beside each option (``<int>``, ``<str>``),
which read as code; a click message this module does not know stays English.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import typer
from typer import rich_utils
from typer.core import TyperArgument, TyperCommand, TyperGroup

from patience.i18n import N_, _, language

# click's and Typer's own words, for the catalog
HELP_OPTION = N_("Show this message and exit.")
USAGE = N_("Usage: ")
OPTIONS_METAVAR = N_("[OPTIONS]")
COMMAND_METAVAR = N_("COMMAND [ARGS]...")
PANEL_TITLES = {"ARGUMENTS_PANEL_TITLE": N_("Arguments"), "OPTIONS_PANEL_TITLE": N_("Options"),
                "COMMANDS_PANEL_TITLE": N_("Commands"), "DEFAULT_STRING": N_("[default: {}]"),
                "REQUIRED_LONG_STRING": N_("[required]"),
                "DEPRECATED_STRING": N_("(deprecated) ")}
# The arguments' names as the usage line shows them
ARGUMENTS = {"game": N_("GAME"), "path": N_("PATH"), "record": N_("RECORD")}


def language_asked(args: Sequence[str]) -> str | None:
    """The value of ``--lang`` among the options before the command, if given."""
    for number, word in enumerate(args):
        if word == "--lang" and number + 1 < len(args):
            return args[number + 1]
        if word.startswith("--lang="):
            return word.partition("=")[2]
        if not word.startswith("-"):
            return None  # the command's own words follow
    return None


def only_language(args: Sequence[str]) -> bool:
    """Whether ``args`` are ``--lang`` and its value alone (``patience --lang ru``)."""
    return (len(args) == 2 and args[0] == "--lang") or (
        len(args) == 1 and args[0].startswith("--lang="))


@contextmanager
def _translated(objects: list[Any], attribute: str) -> Iterator[None]:
    """Each object's ``attribute`` (a text marked ``N_``) translated, for the block."""
    kept = [getattr(o, attribute, None) for o in objects]
    try:
        for o, text in zip(objects, kept, strict=True):
            if text:
                setattr(o, attribute, _(text))
        yield
    finally:
        for o, text in zip(objects, kept, strict=True):
            setattr(o, attribute, text)


@contextmanager
def speaking(command: Any, ctx: Any) -> Iterator[None]:
    """The command's help page in the language spoken now, for the block."""
    params = command.get_params(ctx)
    subcommands = [command.get_command(ctx, name) for name in command.list_commands(ctx)] \
        if isinstance(command, TyperGroup) else []
    arguments = [p for p in params if isinstance(p, TyperArgument)]
    kept_metavars = [p.metavar for p in arguments]
    kept_titles = {name: getattr(rich_utils, name) for name in PANEL_TITLES}
    try:
        for p in arguments if language() != "en" else []:
            if p.metavar is None and p.name in ARGUMENTS:
                p.metavar = _(ARGUMENTS[p.name])
        for name, text in PANEL_TITLES.items():
            setattr(rich_utils, name, _(text))
        with _translated([command, *subcommands], "help"), \
                _translated([command, *subcommands], "short_help"), \
                _translated(params, "help"):
            yield
    finally:
        for p, metavar in zip(arguments, kept_metavars, strict=True):
            p.metavar = metavar
        for name, text in kept_titles.items():
            setattr(rich_utils, name, text)


def _usage_line(command: Any, ctx: Any, formatter: Any) -> None:
    pieces = [_(OPTIONS_METAVAR) if piece == OPTIONS_METAVAR else
              _(COMMAND_METAVAR) if piece == COMMAND_METAVAR else piece
              for piece in command.collect_usage_pieces(ctx)]
    formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=_(USAGE))


class Localised(TyperCommand):
    """A Typer command whose help page is drawn in the language spoken now."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        with speaking(self, ctx):
            super().format_help(ctx, formatter)

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        _usage_line(self, ctx, formatter)


class LocalisedGroup(TyperGroup):
    """A Typer group whose help page (its commands listed) is in the language spoken now."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        with speaking(self, ctx):
            super().format_help(ctx, formatter)

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        _usage_line(self, ctx, formatter)


# click's English usage errors -> ours (the fields are the typed words, kept as typed)
USAGE_ERRORS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"Missing argument '(?P<name>.+)'\.$"), N_("missing argument {name}")),
    (re.compile(r"Missing option '(?P<name>.+)'\.$"), N_("missing option {name}")),
    (re.compile(r"No such option: (?P<name>\S+)(?: \(Possible options: (?P<known>.*)\))?$"),
     N_("no such option: {name}")),
    (re.compile(r"No such command '(?P<name>.+)'\.$"), N_("no such command: {name}")),
    (re.compile(r"Got unexpected extra argument(?:\(s\)|s)? \((?P<name>.*)\)$"),
     N_("unexpected extra words: {name}")),
    (re.compile(r"Option '(?P<name>.+)' requires an argument\.$"),
     N_("option {name} needs a value")),
    (re.compile(r"Option '(?P<name>.+)' requires \d+ arguments\.$"),
     N_("option {name} needs more values")),
    (re.compile(r"Option '(?P<name>.+)' does not take a value\.$"),
     N_("option {name} takes no value")),
    (re.compile(r"Missing command\.$"), N_("missing command")),
)


def usage_words(exc: typer.TyperException) -> str:
    """click's usage error in the language spoken now: a refused value with this project's
    reason (``common``), a message click writes in a known form, else click's own words."""
    if language() == "en":
        return exc.format_message()
    param = getattr(exc, "param", None)
    if isinstance(exc, typer.BadParameter) and param is not None and \
            type(exc).__name__ == "BadParameter":
        return _("invalid value for {option}: {reason}").format(
            option=param.get_error_hint(), reason=exc.message)
    said = exc.format_message()
    for pattern, message in USAGE_ERRORS:
        found = pattern.match(said)
        if found:
            name = found["name"] if "name" in pattern.groupindex else ""
            if name in ARGUMENTS:  # an argument is named as the usage line names it
                name = _(ARGUMENTS[name])
            text = _(message).format(name=name)
            known = found.groupdict().get("known")
            return text + (_(" (did you mean {options}?)").format(options=known)
                           if known else "")
    return said
