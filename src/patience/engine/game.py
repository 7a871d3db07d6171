"""Game: a game's immutable description, its options, and the factory of its states."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from types import MappingProxyType
from typing import Any

from patience.cards import validate_deck
from patience.deals import deal_order
from patience.engine.moves import brief
from patience.engine.rules import Rules
from patience.engine.state import State
from patience.i18n import _


class OptionError(ValueError):
    """An unknown option name or a value the option does not allow."""


@dataclass(frozen=True, slots=True)
class Option:
    """One rule variant: its name, default, and the values it allows."""

    name: str
    default: Any
    choices: tuple[Any, ...]  # every allowed value
    help: str = ""

    def check(self, value: Any) -> Any:
        for allowed in self.choices:
            # bool is an int in Python: True must not pass for 1 or the reverse
            if type(value) is type(allowed) and value == allowed:
                return allowed
        shown = ", ".join(_show(c) for c in self.choices)
        raise OptionError(_("option {name} cannot be {value}; allowed: {shown}").format(
            name=self.name, value=brief(value), shown=shown))

    def words(self) -> tuple[str, ...]:
        """Each allowed value as a command line writes it (``true``, ``2``, ``any``)."""
        return tuple(_show(c) for c in self.choices)

    def parse(self, text: str) -> Any:
        """The allowed value written as ``text`` on a command line (``true``, ``2``, ``any``)."""
        for allowed in self.choices:
            if _show(allowed) == text.strip().lower() or str(allowed) == text.strip():
                return allowed
        shown = ", ".join(_show(c) for c in self.choices)
        raise OptionError(_("option {name} cannot be {value}; allowed: {shown}").format(
            name=self.name, value=brief(text), shown=shown))


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class RulesVersionError(ValueError):
    """A rules version this program does not know (a newer release wrote it)."""


@dataclass(frozen=True)
class Game:
    """A registered game. ``new`` starts a State from a deal number or an explicit deck.

    ``rules_version`` counts the changes of what the game's rules mean: a game whose
    rules are read anew, or whose option defaults change, takes the next version, so that
    a record saved earlier still replays as it was played. ``earlier_defaults`` gives, per
    earlier version, the defaults of that version that differ from today's (an option
    added since takes there the value that plays as the game then did); a rule change
    with no option is a version-1 code path the game's Rules selects by ``Rules.version``.
    ``same_rules_since`` is the earliest version that plays exactly as today's once every
    option's value is named (only defaults changed since, no code path tells them apart),
    so results found under it still answer (``versions_alike``).
    """

    id: str
    name: str
    decks: int
    rules_class: type[Rules]
    option_specs: tuple[Option, ...] = ()
    rules_version: str = "1"
    summary: str = ""
    earlier_defaults: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    same_rules_since: str = "1"
    _rules_cache: dict[tuple[Any, ...], Rules] = field(default_factory=dict, repr=False,
                                                      compare=False)

    @cached_property
    def options(self) -> Mapping[str, Any]:
        """Option names and their defaults (those of the current rules version)."""
        return MappingProxyType({o.name: o.default for o in self.option_specs})

    @cached_property
    def versions(self) -> tuple[str, ...]:
        """Every rules version this program plays, oldest first ("1", "2", …)."""
        return tuple(str(n) for n in range(1, int(self.rules_version) + 1))

    def check_version(self, version: str | None) -> str:
        """``version`` (None: the current one) if this program plays it, else a
        RulesVersionError that says why."""
        if version is None:
            return self.rules_version
        if version in self.versions:
            return version
        if isinstance(version, str) and version.isdigit() and \
                int(version) > int(self.rules_version):
            raise RulesVersionError(_(
                "rules version {version} of {game} is newer than this program's ({ours}): a "
                "later release of patience plays it").format(
                version=repr(version), game=self.id, ours=repr(self.rules_version)))
        raise RulesVersionError(_("{game} has no rules version {version} (versions: {known})")
                                .format(game=self.id, version=repr(version),
                                        known=", ".join(self.versions)))

    def versions_alike(self) -> dict[str, dict[str, Any]]:
        """The rules versions that play as today's once every option is named, each with
        its option defaults (for reading results stored under them)."""
        first = int(self.same_rules_since)
        return {v: self.defaults(v) for v in self.versions if int(v) >= first}

    def defaults(self, version: str | None = None) -> dict[str, Any]:
        """The option defaults of a rules version (None: the current one)."""
        version = self.check_version(version)
        return {**self.options, **self.earlier_defaults.get(version, {})}

    def resolve_options(self, given: Mapping[str, Any],
                        version: str | None = None) -> dict[str, Any]:
        """The defaults of ``version`` overlaid with ``given``; unknown names and bad values
        raise OptionError."""
        specs = {o.name: o for o in self.option_specs}
        unknown = sorted(set(given) - set(specs))
        if unknown:
            known = ", ".join(specs) or _("none")
            raise OptionError(_("{game} has no option {name} (its options: {known})").format(
                game=self.id, name=", ".join(unknown), known=known))
        defaults = self.defaults(version)
        return {name: spec.check(given[name]) if name in given else defaults[name]
                for name, spec in specs.items()}

    def rules(self, rules_version: str | None = None, **options: Any) -> Rules:
        """The Rules object for an option set under a rules version (None: the current
        one), built once, then shared."""
        version = self.check_version(rules_version)
        resolved = self.resolve_options(options, version)
        cache_key = (version, *resolved.items())
        rules = self._rules_cache.get(cache_key)
        if rules is None:
            rules = self._rules_cache[cache_key] = self.rules_class(resolved, version)
        return rules

    def new(self, deal: int | None = None, deck: list[str] | None = None,
            rules_version: str | None = None, **options: Any) -> State:
        """A new game from ``deal=N`` or ``deck=[codes]`` (exactly one), options as keywords.
        ``rules_version`` replays a game saved under earlier rules; left out,
        the game follows today's rules."""
        if (deal is None) == (deck is None):
            raise ValueError("give exactly one of deal=N or deck=[card codes]")
        return self.start(self.rules(rules_version, **options), deal, deck)

    def start(self, rules: Rules, deal: int | None, deck: list[str] | None) -> State:
        codes = deal_order(deal, self.decks) if deal is not None else list(deck or [])
        cards = validate_deck(codes, self.decks)
        return State(self, rules, deal, codes, cards)

    def rules_text(self, clause_ids: bool = False) -> str:
        """The rules in the project's own words (Markdown), as a player reads them; with
        ``clause_ids`` each passage keeps the ids of the clauses it states (``SUN-3``, as
        the tests cite them) in place of its ``{SUN-3}`` marker."""
        text = resources.files("patience.games").joinpath(f"texts/{self.id}.md").read_text(
            "utf-8")
        if clause_ids:
            return CLAUSE_MARK.sub(lambda m: f"`{m[1]}` ", text)
        return re.sub(r"\n{3,}", "\n\n", CLAUSE_MARK.sub("", text))


# A rules text marks the passage stating a clause with its id: "{SHA-8} ..." (several:
# "{SHA-4, SHA-5}"); a marker alone on its line heads the list after it.
CLAUSE_MARK = re.compile(r"\{([A-Z]{3}-\d+(?:, [A-Z]{3}-\d+)*)\} ?")
