"""Game records: JSON that replays a game exactly."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from patience.cards import DeckError
from patience.engine.game import OptionError, RulesVersionError
from patience.engine.moves import IllegalMove, brief
from patience.engine.registry import UnknownGame, get_game
from patience.engine.state import State
from patience.i18n import _, language


class RecordError(ValueError):
    """A game record that cannot be replayed; the message says where and why."""


def replay(record: Any) -> State:
    """Rebuild the state a record describes, checking every move on the way."""
    if not isinstance(record, dict):
        raise RecordError(_("a game record is a JSON object"))
    for name in ("game", "moves"):
        if name not in record:
            raise RecordError(_("the record has no {name} field").format(name=repr(name)))
    if not isinstance(record["game"], str):
        raise RecordError(_("'game' must be a game id such as 'sun', got {value}").format(
            value=brief(record["game"])))
    try:
        game = get_game(record["game"])
    except UnknownGame as exc:
        raise RecordError(str(exc) if language() == "en" else _(
            "the record names no game this program knows: {name}").format(
            name=brief(record["game"]))) from None
    # rules versions: a record without a version was written before versions were named,
    # under version 1; the options it leaves out take the defaults of its version
    version = record.get("rules_version", "1")
    if not isinstance(version, str):
        raise RecordError(f"'rules_version' is a string such as \"1\", not {brief(version)}")
    try:
        game.check_version(version)
    except RulesVersionError as exc:
        raise RecordError(_("the record cannot be replayed: {reason}").format(reason=exc)) \
            from None
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise RecordError(_("'options' must be an object"))
    if ("deal" in record) == ("deck" in record):
        raise RecordError(_("the record needs exactly one of 'deal' and 'deck'"))
    clash = {"deal", "deck"} & set(options)
    if clash:
        raise RecordError(f"{game.id} has no option {', '.join(sorted(clash))}")
    deal, deck = record.get("deal"), record.get("deck")
    if "deal" in record and (isinstance(deal, bool) or not isinstance(deal, int)):
        raise RecordError(_("'deal' must be a deal number (a whole number), got {value}").format(
            value=brief(deal)))
    if "deck" in record and not isinstance(deck, list):
        raise RecordError(_("'deck' must be a list of card codes, got {value}").format(
            value=brief(deck)))
    try:
        state = game.new(deal=deal, deck=deck, rules_version=version, **options)
    except (OptionError, DeckError, ValueError, TypeError) as exc:
        raise RecordError(str(exc)) from None
    moves = record["moves"]
    if not isinstance(moves, list):
        raise RecordError(_("'moves' must be a list"))
    for number, move in enumerate(moves, 1):
        try:
            state.play(move)
        except IllegalMove as exc:
            raise RecordError(f"move {number} ({brief(move)}): {exc}" if language() == "en"
                              else _("move {number} cannot be played: the rules do not allow "
                                     "it").format(number=number)) from None
    return state


def load_record(path: str | Path) -> dict[str, Any]:
    """Read a record file; a file that is not JSON is a RecordError."""
    try:
        data = json.loads(Path(path).read_text("utf-8"))
    except OSError as exc:
        reason = (_("there is no such file") if isinstance(exc, FileNotFoundError) else
                  _("it is a folder") if isinstance(exc, IsADirectoryError) else
                  _("no permission to read it") if isinstance(exc, PermissionError) else
                  exc.strerror or str(exc))
        raise RecordError(_("cannot read {path}: {reason}").format(path=path, reason=reason)) \
            from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise RecordError(_("{path} is not a JSON game record: {reason}").format(
            path=path, reason=exc)) from None
    except RecursionError:
        raise RecordError(_("{path} is not a game record: its JSON is nested too deeply")
                          .format(path=path)) from None
    except ValueError:  # Python's limit on the digits of an integer
        raise RecordError(_("{path} is not a game record: it holds a number with thousands "
                            "of digits").format(path=path)) from None
    if not isinstance(data, dict):
        raise RecordError(_("{path} is not a JSON game record (expected an object)").format(
            path=path))
    return data
