"""The README's library example runs as written."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent.parent


def test_the_library_example_runs_as_written() -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    found = re.search(r"As a library:\n\n```python\n(.*?)```", readme, re.S)
    assert found, "the README has a library example"
    scope: dict[str, object] = {}
    exec(compile(found[1], "README.md", "exec"), scope)  # the project's own text
    assert scope["state"].status == "playing"  # type: ignore[attr-defined]
