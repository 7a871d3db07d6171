"""Which build runs: the modules compiled by mypyc (``setup.py``) or pure Python. Speed
figures depend on it, so benchmarks record it."""

from __future__ import annotations

import patience.engine.state

COMPILED: bool = not (patience.engine.state.__file__ or "").endswith(".py")
BUILD = "compiled" if COMPILED else "python"
