"""The one switch between the native search and the Python one.

The native core (``native/``, Rust, built into ``patience._native`` by ``pip install``)
plays a game's rules and searches, as python-chess leaves searching to an engine; the
Python engine stays the reference. It is used when the extension is built,
``PATIENCE_NATIVE`` is not ``"0"``, and it plays the game with those options under
today's rules (``plays``) and its search of the game is ready (``search_share``: alone
where it decides at least what the Python search decides, first where it decides most
deals far sooner but not all; a game whose rules alone are ported is still played
natively, by the differential tests). A position crosses as its deal (or deck), its resolved
options and the raw moves played since the start; the native side replays them, and its
position's key must equal the Python ``State.key()`` before it is searched. A won line
comes back as raw moves, which ``solver.search`` replays through the Python engine.
"""

from __future__ import annotations

import math
import os
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from patience._native import NativeState
    from patience.engine.rules import RawMove
    from patience.engine.state import State

Outcome = Literal["won", "lost", "unknown"]

# The most memory, in MiB, the native search's table may take: with the rest of the
# process, a solve stays under 2 GB. ``PATIENCE_NATIVE_TABLE_MB`` sets another bound.
TABLE_MB = 1536

# The most nodes a search may be given: the largest signed 64-bit number, so that a
# budget crosses into the crate whole.
MAX_NODES = 2**63 - 1

_module: Any = None
_loaded = False
_supported: dict[tuple[Any, ...], bool] = {}


def module() -> Any:
    """``patience._native`` if it is built and not switched off, else None."""
    global _module, _loaded
    if os.environ.get("PATIENCE_NATIVE") == "0":
        return None
    if not _loaded:
        try:
            from patience import _native
        except ImportError:
            _native = None  # type: ignore[assignment]
        _module, _loaded = _native, True
    return _module


def built() -> bool:
    """Whether the extension was built at install (switched on or not): the install's
    own words about it are hidden by pip, so the commands say it."""
    try:
        from patience import _native  # noqa: F401
    except ImportError:
        return False
    return True


def available() -> bool:
    """Whether the native search is built and switched on."""
    return module() is not None


def plays(state: State) -> bool:
    """Whether the native engine plays ``state``'s game with its options, as today's
    rules play them (an earlier rules version only where it plays alike)."""
    native = module()
    if native is None:
        return False
    rules = state.rules
    key = (state.game.id, rules.version, *rules.options.items())
    known = _supported.get(key)
    if known is None:
        alike = rules.version in state.game.versions_alike()
        known = _supported[key] = alike and native.unsupported(
            state.game.id, dict(rules.options)) is None
    return known


def search_share(state: State) -> float:
    """The share of ``solve``'s budgets the native search gets for ``state``: 1, it
    answers alone; between 0 and 1, it goes first and the Python search gets what is left
    after an "unknown"; 0, the Python search alone (bench/solver.py --side-by-side has
    the figures behind each game's share)."""
    if not plays(state):
        return 0.0
    return float(module().search_share(state.game.id))


def supports(state: State) -> bool:
    """Whether ``solve`` hands ``state`` to the native search, alone or first."""
    return search_share(state) > 0.0


def hands_over(state: State) -> bool:
    """Whether the Python search goes on where the native one answered "unknown"."""
    return search_share(state) < 1.0


def start(state: State) -> NativeState | None:
    """The native copy of ``state`` (same deal, options and moves), or None when the native
    engine does not play it or does not reach the very same position."""
    native = module()
    if native is None or not plays(state):
        return None
    try:
        copy: NativeState = native.NativeState(
            state.game.id, dict(state.rules.options), deal=state.deal,
            deck=None if state.deal is not None else list(state.deck),
            moves=state.raw_history())
    except ValueError:
        return None
    return copy if copy.key() == state.key() else None


def check_budgets(max_nodes: int, max_seconds: float) -> None:
    """Refuse, with ``ValueError`` saying why, a node budget that is not a whole number from
    0 to ``MAX_NODES`` or a time budget that is not a finite number of seconds, at least 0."""
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int):
        raise ValueError(f"the node budget must be a whole number, not {max_nodes!r}")
    if not 0 <= max_nodes <= MAX_NODES:
        raise ValueError(f"the node budget is from 0 to {MAX_NODES}, not {max_nodes}")
    if isinstance(max_seconds, bool) or not isinstance(max_seconds, int | float):
        raise ValueError(f"the time budget must be a number of seconds, not {max_seconds!r}")
    if not math.isfinite(max_seconds) or max_seconds < 0:
        raise ValueError(f"the time budget is a finite number of seconds, at least 0, "
                         f"not {max_seconds!r}")


def table_mb() -> int:
    """The table bound in MiB: ``PATIENCE_NATIVE_TABLE_MB`` if set, else ``TABLE_MB``."""
    return int(os.environ.get("PATIENCE_NATIVE_TABLE_MB", TABLE_MB))


def solve(state: State, max_nodes: int,
          max_seconds: float) -> tuple[Outcome, list[RawMove], int] | None:
    """The native search's answer for ``state`` (``outcome``, the won line's raw moves,
    nodes) within its share of the budgets, or None when the Python search must answer.
    Budgets the crate cannot take are refused here (``check_budgets``)."""
    check_budgets(max_nodes, max_seconds)
    share = search_share(state)
    if share <= 0.0:
        return None
    copy = start(state)
    if copy is None:
        return None
    nodes_share = min(int(max_nodes * share), MAX_NODES)
    outcome, line, nodes = copy.solve(nodes_share, max_seconds * share, table_mb())
    return outcome, line, nodes
