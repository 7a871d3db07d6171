"""``NativeState.solve`` as a caller meets it: budgets it refuses itself, and Ctrl-C."""

from __future__ import annotations

import math
import signal
import subprocess
import sys
import time
from typing import Any

import pytest

from patience import native
from tests.native.helpers import native_module


def star(deal: int = 1) -> Any:
    return native_module().NativeState("star", {"direction": "first-fit"}, deal=deal)


@pytest.mark.parametrize(("max_nodes", "max_seconds", "max_table_mb"), [
    (1000, math.nan, 64),
    (1000, math.inf, 64),
    (1000, -math.inf, 64),
    (1000, -0.5, 64),
    (1000, True, 64),
    (1000, "1", 64),
    (-1, 1.0, 64),
    (native.MAX_NODES + 1, 1.0, 64),
    (2**80, 1.0, 64),
    (True, 1.0, 64),
    (1000.0, 1.0, 64),
    (1000, 1.0, -1),
    (1000, 1.0, 2**63),
])
def test_solve_refuses_a_budget_out_of_range_with_value_error(
        max_nodes: Any, max_seconds: Any, max_table_mb: Any) -> None:
    """The crate's own entry point refuses what ``check_budgets`` refuses (a NaN time once
    panicked, and the panic escaped ``except Exception``), and a table of more bytes than
    the machine counts."""
    state = star()
    with pytest.raises(ValueError, match="budget"):
        state.solve(max_nodes, max_seconds, max_table_mb)
    assert state.moves_played == 0


def test_solve_takes_the_budgets_at_the_ends_of_their_ranges() -> None:
    state = star()
    assert state.solve(0, 0.0, 0)[0] == "unknown"
    assert state.solve(native.MAX_NODES, 1e300, 64)[0] == "won"  # deal 1 is won at once


# Blockade deal 4 stays unknown after 20 s of native search with a 4 GiB table.
LONG_SEARCH = """
import sys
import patience
from patience import native

state = native.start(patience.get_game("blockade").new(deal=4))
print("searching", flush=True)
try:
    state.solve(native.MAX_NODES, 120.0, 1024)
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(3)
print("finished", flush=True)
"""


def test_ctrl_c_stops_a_long_native_search_at_once() -> None:
    """SIGINT reaches a search that runs with the GIL released: KeyboardInterrupt is
    raised within a second or two, not when the time budget is spent."""
    native_module()
    child = subprocess.Popen([sys.executable, "-c", LONG_SEARCH], stdout=subprocess.PIPE,
                             text=True)
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == "searching\n"
        time.sleep(1.0)  # well into the search
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, _ = child.communicate(timeout=60)
        waited = time.monotonic() - sent
    finally:
        child.kill()
        child.wait()
    assert (child.returncode, out) == (3, "interrupted\n")
    assert waited < 2.0
