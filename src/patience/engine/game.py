"""Game: a game's immutable description, its options, and the factory of its states."""

from __future__ import annotations

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
        raise OptionError(f"option {self.name} cannot be {brief(value)}; allowed: {shown}")

    def words(self) -> tuple[str, ...]:
        """Each allowed value as a command line writes it (``true``, ``2``, ``any``)."""
        return tuple(_show(c) for c in self.choices)

    def parse(self, text: str) -> Any:
        """The allowed value written as ``text`` on a command line (``true``, ``2``, ``any``)."""
        for allowed in self.choices:
            if _show(allowed) == text.strip().lower() or str(allowed) == text.strip():
                return allowed
        shown = ", ".join(_show(c) for c in self.choices)
        raise OptionError(f"option {self.name} cannot be {brief(text)}; allowed: {shown}")


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@dataclass(frozen=True)
class Game:
    """A registered game. ``new`` starts a State from a deal number or an explicit deck."""

    id: str
    name: str
    decks: int
    rules_class: type[Rules]
    option_specs: tuple[Option, ...] = ()
    rules_version: str = "1"
    summary: str = ""
    _rules_cache: dict[tuple[Any, ...], Rules] = field(default_factory=dict, repr=False,
                                                      compare=False)

    @cached_property
    def options(self) -> Mapping[str, Any]:
        """Option names and their defaults."""
        return MappingProxyType({o.name: o.default for o in self.option_specs})

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Defaults overlaid with ``given``; unknown names and bad values raise OptionError."""
        specs = {o.name: o for o in self.option_specs}
        unknown = sorted(set(given) - set(specs))
        if unknown:
            known = ", ".join(specs) or "none"
            raise OptionError(
                f"{self.id} has no option {', '.join(unknown)} (its options: {known})"
            )
        return {name: spec.check(given[name]) if name in given else spec.default
                for name, spec in specs.items()}

    def rules(self, **options: Any) -> Rules:
        """The Rules object for an option set (built once, then shared)."""
        resolved = self.resolve_options(options)
        cache_key = tuple(resolved.items())
        rules = self._rules_cache.get(cache_key)
        if rules is None:
            rules = self._rules_cache[cache_key] = self.rules_class(resolved)
        return rules

    def new(self, deal: int | None = None, deck: list[str] | None = None,
            **options: Any) -> State:
        """A new game from ``deal=N`` or ``deck=[codes]`` (exactly one), options as keywords."""
        if (deal is None) == (deck is None):
            raise ValueError("give exactly one of deal=N or deck=[card codes]")
        return self.start(self.rules(**options), deal, deck)

    def start(self, rules: Rules, deal: int | None, deck: list[str] | None) -> State:
        codes = deal_order(deal, self.decks) if deal is not None else list(deck or [])
        cards = validate_deck(codes, self.decks)
        return State(self, rules, deal, codes, cards)

    def rules_text(self) -> str:
        """The rules in the project's own words (Markdown)."""
        return resources.files("patience.games").joinpath(f"texts/{self.id}.md").read_text("utf-8")
